"""Generated boards and random scenarios (for benchmarks, property tests and practice puzzles).

:func:`board` builds a large battlefield mixing anthems, lords, Humility/Opalescence-style pairs
and land-type changers that depend on each other. :func:`random_scenario_text`
builds a small random scenario as YAML text (for the hypothesis tests). Both are deterministic
for a given ``seed``.

>>> s = board(60, 12, seed=1)
>>> len(s.objects)
60
"""

from __future__ import annotations

import json
import random
import re
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
    rng: random.Random, explicit_timestamps: bool = False, max_objects: int = 8, events: bool = False
) -> str:
    """A small random scenario as YAML text, drawn from the library's cards."""
    cards = sorted(library())
    n = rng.randint(1, max_objects)
    stamps = rng.sample(range(1, 100), n)
    objects = []
    for i in range(n):
        obj: dict[str, Any] = {
            "id": f"x{i}",
            "card": rng.choice(cards),
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
