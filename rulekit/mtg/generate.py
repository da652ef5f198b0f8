"""Generated boards and random scenarios (for benchmarks, property tests and practice puzzles).

:func:`board` builds a large battlefield mixing anthems, lords, Humility/Opalescence-style pairs
and land-type changers that depend on each other. :func:`random_scenario_text`
builds a small random scenario as YAML text (for the hypothesis tests). Both are deterministic
for a given ``seed``.

Random draws from the library are made by card name, not by position (:func:`pick_name`): a
card added to the library changes only the boards it is drawn into, so recorded traces and
tests that draw boards keep every other board as it was.

>>> s = board(60, 12, seed=1)
>>> len(s.objects)
60
"""

from __future__ import annotations

import functools
import hashlib
import heapq
import json
import random
import re
from collections.abc import Iterable
from typing import Any

import yaml

from rulekit.mtg.loader import library, scenario_from_text
from rulekit.mtg.model import Scenario

#: Effect-carrying cards used on generated boards, with weights.
EFFECT_CARDS: tuple[tuple[str, int], ...] = (
    ("Glorious Anthem", 8),
    ("Honor of the Pure", 4),
    ("Goblin King", 8),
    ("Night of Souls' Betrayal", 3),
    ("Humility", 3),
    ("Opalescence", 3),
    ("Blood Moon", 3),
    ("Magus of the Moon", 2),
    ("Urborg, Tomb of Yawgmoth", 3),
    ("Yavimaya, Cradle of Growth", 2),
    ("Life and Limb", 2),
    ("Dryad of the Ilysian Grove", 2),
    ("Kormus Bell", 2),
    ("March of the Machines", 1),
    ("Starfield of Nyx", 1),
)
FILLER_CARDS: tuple[tuple[str, int], ...] = (
    ("Grizzly Bears", 6),
    ("Llanowar Elves", 4),
    ("Goblin Piker", 5),
    ("Judge's Familiar", 2),
    ("Forest", 4),
    ("Swamp", 4),
    ("Island", 3),
    ("Mountain", 2),
    ("Plains", 2),
    ("Wasteland", 2),
    ("Mutavault", 2),
    ("Saproling", 2),
    ("Chained Throatseeker", 1),
)


_MASK = (1 << 64) - 1


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


_name_digest = functools.lru_cache(maxsize=None)(_digest)  # names repeat; keys do not


def _rank(key: int, name: str) -> int:
    """A 64-bit rank of ``name`` under ``key`` (the splitmix64 finaliser of the two digests)."""
    x = key ^ _name_digest(name)
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def draw_names(key: str, names: Iterable[str], k: int = 1) -> list[str]:
    """The ``k`` names that rank first for ``key`` (rendezvous hashing): each name's rank depends on
    ``key`` and that name alone, so a name added to ``names`` changes the draw only when it ranks
    among the first ``k`` itself, and the order the names come in does not matter.

    >>> lands = ["Forest", "Island", "Swamp"]
    >>> draw_names("board-1", lands) == draw_names("board-1", lands[::-1])
    True
    """
    number = _digest(key)
    return heapq.nsmallest(k, names, key=lambda n: (_rank(number, n), n))


def pick_name(rng: random.Random, names: Iterable[str]) -> str:
    """One of ``names``, drawn by name (:func:`draw_names`) under a key taken from ``rng``. The key
    takes the same 64 bits of ``rng`` however many names there are, so what ``rng`` draws next
    does not depend on the library's size either (``rng.choice`` over a sorted list depends on
    both)."""
    return draw_names(f"{rng.getrandbits(64):016x}", names)[0]


def _pick(rng: random.Random, table: tuple[tuple[str, int], ...]) -> str:
    names = [n for n, _ in table]
    weights = [w for _, w in table]
    return rng.choices(names, weights)[0]


def board_data(n_objects: int = 500, n_effects: int = 60, seed: int = 0) -> dict[str, Any]:
    """The scenario mapping of a generated board (see :func:`board`)."""
    rng = random.Random(seed)
    players = ["Ann", "Bo"]
    objects = []
    for i in range(n_effects):
        objects.append({"id": f"e{i}", "card": _pick(rng, EFFECT_CARDS), "controller": rng.choice(players)})
    for i in range(n_objects - n_effects):
        card = _pick(rng, FILLER_CARDS)
        obj: dict[str, Any] = {"id": f"o{i}", "card": card, "controller": rng.choice(players)}
        if card == "Saproling":
            obj["token"] = True
        if rng.random() < 0.05 and card in ("Grizzly Bears", "Llanowar Elves", "Goblin Piker"):
            obj["counters"] = {"+1/+1": rng.randint(1, 2)}
        objects.append(obj)
    rng.shuffle(objects)
    return {
        "game": "mtg",
        "name": f"generated/board-{n_objects}-{n_effects}-{seed}",
        "players": players,
        "objects": objects,
    }


def board(n_objects: int = 500, n_effects: int = 60, seed: int = 0) -> Scenario:
    """A generated board of ``n_objects`` objects, ``n_effects`` of them carrying effects."""
    data = board_data(n_objects, n_effects, seed)
    return scenario_from_text(yaml.safe_dump(data, sort_keys=False), f"{data['name']}.yaml")


def random_scenario_text(
    rng: random.Random | int, explicit_timestamps: bool = False, max_objects: int = 8, events: bool = False
) -> str:
    """A small random scenario as YAML text, drawn from the library's cards by name
    (:func:`pick_name`). ``rng`` is a generator or the seed of one."""
    if isinstance(rng, int):
        rng = random.Random(rng)
    cards = library()
    n = rng.randint(1, max_objects)
    stamps = rng.sample(range(1, 100), n)
    objects = []
    for i in range(n):
        obj: dict[str, Any] = {
            "id": f"x{i}",
            "card": pick_name(rng, cards),
            "controller": rng.choice(["Ann", "Bo"]),
        }
        obj["choices"] = {
            "color": rng.choice(["white", "blue", "black", "red", "green"]),
            "creature type": "Elf",
            "object": f"x{rng.randrange(n)}",
            "old type": "Goblin",
            "new type": "Elf",
            "old color": rng.choice(["white", "blue", "black", "red", "green"]),
            "new color": rng.choice(["white", "blue", "black", "red", "green"]),
            "basic land type": rng.choice(["Plains", "Island", "Swamp", "Mountain", "Forest"]),
            "old land type": "Forest",
            "new land type": "Island",
        }
        if explicit_timestamps:
            obj["timestamp"] = stamps[i]
        if rng.random() < 0.2:
            obj["counters"] = {"+1/+1": rng.randint(0, 2)}
        objects.append(obj)
    # only the choices some card here asks for (an unused choice is a located error)
    wanted = set(re.findall(r"\{chosen ([^}]+)\}", json.dumps([library()[o["card"]] for o in objects])))
    for obj in objects:
        obj["choices"] = {k: v for k, v in obj["choices"].items() if k in wanted}
        if not obj["choices"]:
            del obj["choices"]
    data: dict[str, Any] = {"game": "mtg", "players": ["Ann", "Bo"], "objects": objects}
    if events and not explicit_timestamps:
        data["events"] = _random_events(rng, objects)
    return yaml.safe_dump(data, sort_keys=False)


def _random_events(rng: random.Random, objects: list[dict[str, Any]]) -> list[Any]:
    """Entries, resolutions (with targets), taps, end of turn, in a random order."""
    lib = library()
    ids = [o["id"] for o in objects]
    events: list[Any] = []
    late = rng.sample(ids, k=rng.randint(0, len(ids) // 2))
    for oid in late:
        events.append({"enter": oid})
    for o in objects:
        for ab in lib[o["card"]].get("abilities") or ():
            if isinstance(ab, dict) and ab.get("resolves") is not None and rng.random() < 0.6:
                ev: dict[str, Any] = {"source": o["id"], "ability": str(ab["key"])}
                if "target" in str(ab["resolves"].get("affects", "")):
                    ev["targets"] = [rng.choice(ids + ["Ann", "Bo"])]
                if re.search(r"(?<![\w'])X(?![\w'])", json.dumps(ab["resolves"])):
                    ev["x"] = rng.randint(0, 3)  # an X spell's resolve event gives its X
                events.append({"resolve": ev})
    for _ in range(rng.randint(0, 2)):
        events.append(rng.choice(["end_of_turn", {"tap": rng.choice(ids)}, {"untap": rng.choice(ids)}]))
    rng.shuffle(events)
    return events
