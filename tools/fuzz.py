"""Fuzz the scenario loaders and both engines with valid and mutated input.

Every case is generated from ``(--seed, game, index)`` by a seeded :class:`random.Random`, so a
case number is a full reproducer. MTG cases are random library boards and inline effects (with
events); Apoteose cases are small scripts built from the runnable example effect texts. Each
valid document is then, most of the time, *mutated*: a key deleted, a value of the wrong type,
a huge number, a hostile string, an id swapped for another or for nothing, an item duplicated,
the text cut short, random bytes written in, an alias bomb appended.

A case is then loaded and run (MTG: ``solve`` in a random edition and the text rendering;
Apoteose: ``run_chain`` and the trace's JSON). Its outcome is

* ``ok`` or ``error`` (a :class:`rulekit.errors.RulekitError`, whose message must be one line);
* a **crash**: any other exception (or a multi-line error message);
* a **hang**: a case that takes more than ``--timeout`` seconds (interrupted by ``SIGALRM``).

A digest of every outcome (the trace JSON or the error message) is kept. With ``--repeat`` each
checked case is run a second time in the same process, and ``--hashseed`` runs a subprocess with
another ``PYTHONHASHSEED`` over the same cases; any digest that differs is a **difference**.
``--check-every K`` limits both checks to every K-th case.

Usage::

    python tools/fuzz.py --mtg 2000 --apoteose 500 --seed 1
    python tools/fuzz.py --mtg 200 --apoteose 50 --json

The exit status is 1 when anything crashed, hung or differed, else 0. Reproducers of the first
crashes are printed (``--show N``) with their case numbers; ``--case mtg:123`` prints one case's text.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from rulekit.errors import RulekitError  # noqa: E402
from rulekit.yamlsrc import YamlDoc  # noqa: E402

#: Strings a stranger might put anywhere: markup, quotes, escapes, control and bidi characters,
#: template syntax, YAML syntax, paths, very long and non-Latin text.
HOSTILE: tuple[str, ...] = (
    "",
    " ",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    '"; drop table; --',
    "'",
    '"',
    "\\",
    "ends with \\",
    "line\nbreak",
    "tab\there",
    "\r\n",
    "bell\x07",
    "nul\x00",
    "bidi\u202eevil",
    "zero\u200bwidth",
    "{chosen color}",
    "{chosen object}",
    "{",
    "}",
    "@",
    "@x0",
    "*a",
    "&a",
    "<<",
    "- [",
    "# comment",
    "../../../../etc/passwd",
    "/dev/zero",
    "seed/../../x",
    "%s%s%n",
    "{0}{1}",
    "NaN",
    "-inf",
    "1e309",
    "0x7fffffff",
    "Grizzly Bears",
    "creatures you control",
    "number of number of creatures",
    "target target target",
    "Ativar【",
    "】",
    "Ativar【 】",
    "e e e e e e e e",
    "Cure 999999999 de VIDA",
    "ÁÉÍÓÚ ação ñandú",
    "日本語のカード",
    "🂡🂱🃁",
    "x" * 300,
    "e " * 2000,
    "y" * 25_000,
)

HUGE: tuple[Any, ...] = (
    10**9,
    -(10**9),
    10**30,
    2**63,
    -(2**63),
    int("9" * 60),
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
    -1,
    0,
    999_999_999,
)

WRONG: tuple[Any, ...] = (None, True, False, 0, 1.5, "text", [], [1, "a"], {}, {"a": 1}, [[[]]])


# ============================================================================== MTG generation
def _mtg_words() -> dict[str, Any]:
    import re

    from rulekit.mtg.loader import library
    from rulekit.mtg.vocab import COLORS, CREATURE_TYPES, LAND_TYPES

    lib = library()
    return {
        "library": lib,
        "placeholders": {
            name: tuple(sorted(set(re.findall(r"\{chosen ([^}]+)\}", json.dumps(card)))))
            for name, card in lib.items()
        },
        "cards": sorted(lib),
        "colors": list(COLORS),
        "creature_types": list(CREATURE_TYPES)[:40],
        "land_types": list(LAND_TYPES),
    }


SELECTORS = (
    "creatures",
    "creatures you control",
    "other creatures you control",
    "lands",
    "nonbasic lands",
    "Islands you control",
    "each other non-Aura enchantment",
    "white creatures you control",
    "artifacts",
    "permanents",
    "enchanted creature",
    "this",
    "Goblins",
    "creatures your opponents control",
    "tapped creatures",
    "creatures with a +1/+1 counter on them",
    "cards in all graveyards",
)
EXPRS = (
    1,
    -1,
    0,
    2,
    "number of creatures you control",
    "number of Islands you control",
    "its mana value",
    "number of card types among cards in all graveyards",
    "number of lands plus one",
    "-2",
)
CONDITIONS = ("you control five or more enchantments", "you control an artifact")


def _mtg_effect(rng: random.Random, w: dict[str, Any], resolving: bool) -> dict[str, Any]:
    eff: dict[str, Any] = {
        "affects": "targets" if resolving and rng.random() < 0.5 else rng.choice(SELECTORS)
    }
    parts = rng.sample(
        ["type", "color", "abilities", "set_pt", "modify_pt", "switch_pt", "control", "text_change", "copy"],
        rng.randint(1, 2),
    )
    for part in parts:
        if part == "type":
            eff["type"] = rng.choice(
                [
                    {"add": [rng.choice(["Artifact", "Creature", "Enchantment"])]},
                    {"set_subtypes": [rng.choice(w["land_types"][:5])]},
                    {"add": [rng.choice(w["creature_types"])]},
                    {"remove": ["Creature"]},
                ]
            )
        elif part == "color":
            eff["color"] = rng.choice(
                [{"set": [rng.choice(w["colors"])]}, {"add": [rng.choice(w["colors"])]}, "colorless"]
            )
        elif part == "abilities":
            eff["abilities"] = rng.choice([{"add": ["Flying"]}, {"remove_all": True}, {"remove": ["Flying"]}])
        elif part in ("set_pt", "modify_pt"):
            pool = list(EXPRS) + (["X"] if resolving else [])
            eff[part] = {"power": rng.choice(pool), "toughness": rng.choice(pool)}
        elif part == "switch_pt":
            eff["switch_pt"] = True
        elif part == "control":
            eff["control"] = rng.choice(["you", "Ann", "Bo", "its owner"])
        elif part == "text_change":
            kind = rng.choice(["colors", "land_types", "creature_types"])
            a, b = rng.sample(w[kind], 2)
            eff["text_change"] = {"from": a, "to": b}
        elif part == "copy":
            eff["copy"] = rng.choice(["creatures", "@x0"])
    if not resolving and rng.random() < 0.15:
        eff["condition"] = rng.choice(CONDITIONS)
    if resolving and rng.random() < 0.3:
        eff["duration"] = "until end of turn"
    return eff


def library_board(rng: random.Random, w: dict[str, Any]) -> dict[str, Any]:
    """A random board of library cards with its events (as rulekit.mtg.generate makes them)."""
    lib = w["library"]
    cards = w["cards"]
    n = rng.randint(1, 6)
    explicit = rng.random() < 0.3
    stamps = rng.sample(range(1, 100), n)
    objects: list[dict[str, Any]] = []
    for i in range(n):
        card = rng.choice(cards)
        obj: dict[str, Any] = {"id": f"x{i}", "card": card, "controller": rng.choice(["Ann", "Bo"])}
        wanted = w["placeholders"].get(card, ())
        choices = {
            "color": rng.choice(w["colors"]),
            "creature type": "Elf",
            "object": f"x{rng.randrange(n)}",
            "old type": "Goblin",
            "new type": "Elf",
        }
        if any(k in wanted for k in choices):
            obj["choices"] = {k: v for k, v in choices.items() if k in wanted}
        if explicit:
            obj["timestamp"] = stamps[i]
        if rng.random() < 0.2:
            obj["counters"] = {"+1/+1": rng.randint(0, 2)}
        objects.append(obj)
    data: dict[str, Any] = {"game": "mtg", "players": ["Ann", "Bo"], "objects": objects}
    if not explicit and rng.random() < 0.5:
        ids = [o["id"] for o in objects]
        events: list[Any] = [{"enter": oid} for oid in rng.sample(ids, k=rng.randint(0, len(ids) // 2))]
        for o in objects:
            for ab in lib[o["card"]].get("abilities") or ():
                if isinstance(ab, dict) and ab.get("resolves") is not None and rng.random() < 0.6:
                    ev: dict[str, Any] = {"source": o["id"], "ability": str(ab["key"])}
                    if "target" in str(ab["resolves"].get("affects", "")):
                        ev["targets"] = [rng.choice(ids + ["Ann", "Bo"])]
                    events.append({"resolve": ev})
        rng.shuffle(events)
        data["events"] = events
    return data


def mtg_valid(rng: random.Random, w: dict[str, Any]) -> dict[str, Any]:
    """A valid MTG scenario: library cards, inline objects with effects, events."""
    data = library_board(rng, w)
    objects = data["objects"]
    ids = [o["id"] for o in objects]
    for j in range(rng.randint(0, 3)):
        oid = f"i{j}"
        obj: dict[str, Any] = {
            "id": oid,
            "name": rng.choice(["Anthem", "Lord", "Bender", "Thing"]) + str(j),
            "types": [rng.choice(["Enchantment", "Artifact", "Creature"])],
            "controller": rng.choice(["Ann", "Bo"]),
        }
        if obj["types"] == ["Creature"]:
            obj["power"], obj["toughness"] = rng.randint(0, 5), rng.randint(1, 5)
        key = rng.choice(["static", "static", "cda"]) if obj["types"] == ["Creature"] else "static"
        eff = _mtg_effect(rng, w, resolving=False)
        if key == "cda":
            eff = {"affects": "this", "set_pt": {"power": rng.choice(EXPRS), "toughness": rng.choice(EXPRS)}}
        obj["abilities"] = [{"text": "generated", key: eff}]
        objects.append(obj)
        ids.append(oid)
    events = data.setdefault("events", [])
    for _ in range(rng.randint(0, 3)):
        src = rng.choice(ids)
        ev: dict[str, Any] = {
            "resolve": {
                "source": src,
                "effect": _mtg_effect(rng, w, resolving=True),
                "targets": [rng.choice(ids)],
            }
        }
        if "X" in json.dumps(ev):
            ev["resolve"]["x"] = rng.randint(0, 4)
        events.append(ev)
    for _ in range(rng.randint(0, 2)):
        oid = rng.choice(ids)
        events.append(
            rng.choice([{"tap": oid}, {"untap": oid}, "end_of_turn", {"leave": oid}, {"turn_face_down": oid}])
        )
    if not events:
        del data["events"]
    return data


def mtg_targeted(rng: random.Random, data: dict[str, Any], w: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A mutation aimed at what the MTG loader must check (LANGUAGE.md's fields and values)."""
    data = copy.deepcopy(data)
    objects = data["objects"]
    ids = [o["id"] for o in objects]
    obj = rng.choice(objects)
    words = [
        *w["colors"],
        *w["land_types"][:6],
        *w["creature_types"][:6],
        "banana",
        "Creature",
        "blacks",
        "X",
    ]
    junk = ["nobody", "Cy", "", *rng.sample(HOSTILE, 2)]
    events = data.setdefault("events", [])
    op = rng.randrange(10)
    if op == 0:
        a, b = rng.choice(words), rng.choice(words)
        events.append(
            {
                "resolve": {
                    "source": rng.choice(ids),
                    "effect": {"affects": "targets", "text_change": {"from": a, "to": b}},
                    "targets": [rng.choice(ids)],
                }
            }
        )
        return "text_change", data
    if op == 1:
        events.append(
            {
                "resolve": {
                    "source": rng.choice(ids),
                    "effect": {
                        "affects": "targets",
                        "control": rng.choice([*junk, "you", "controller of " + rng.choice(ids + junk)]),
                    },
                    "targets": [rng.choice(ids)],
                }
            }
        )
        return "control", data
    if op == 2:
        obj["choices"] = {
            rng.choice(["color", "object", "creature type", "player", "colour", "old type"]): rng.choice(
                [*words, *ids, *junk]
            )
        }
        return "choices", data
    if op == 3:
        obj["counters"] = {
            rng.choice(["+1/+1", "-1/-1", "loyalty", "+1/+0", "flood", "Flood", "+9/+z", "💀"]): rng.choice(
                [-5, -1, 0, 1, 3, 10**6, 10**7]
            )
        }
        return "counters", data
    if op == 4:
        obj["timestamp"] = rng.choice([float("nan"), float("inf"), -float("inf"), -1, 0, 1e300, 2.5])
        return "timestamp", data
    if op == 5:
        obj["attached_to"] = rng.choice([obj["id"], *ids])
        other = rng.choice(objects)
        other["attached_to"] = obj["id"]
        return "attach_cycle", data
    if op == 6:
        events.append({"attach": {"object": rng.choice(ids), "to": rng.choice(ids + junk)}})
        return "attach_event", data
    if op == 7:
        phrase = "number of " + rng.choice(
            ["zorbs", "Zorbs", "creatures you control", "number of lands", "x0", "@x0", *junk]
        )
        events.append(
            {
                "resolve": {
                    "source": rng.choice(ids),
                    "effect": {"affects": "targets", "modify_pt": {"power": phrase}},
                    "targets": [rng.choice(ids)],
                }
            }
        )
        return "number_of", data
    if op == 8:
        ev: dict[str, Any] = {
            "resolve": {
                "source": rng.choice(ids),
                "effect": {
                    "affects": "targets",
                    "set_pt": {"power": "X", "toughness": rng.choice(["X", 1, "-X"])},
                },
                "targets": [rng.choice(ids)],
            }
        }
        if rng.random() < 0.5:
            ev["resolve"]["x"] = rng.choice([0, 3, -2, 10**8])
        events.append(ev)
        return "x", data
    events.append(
        rng.choice(
            [
                {"leave": {"object": rng.choice(ids), "to": rng.choice(["exile", "moon", "hand", ""])}},
                {"enter": rng.choice(ids), "to": rng.choice(["battlefield", "moon"])},
                {"leave": rng.choice(ids), "to": "library"},
            ]
        )
    )
    return "zones", data


# ========================================================================= Apoteose generation
def _apoteose_texts() -> list[str]:
    """Every effect text of the runnable examples and of the built-in Apoteose scenarios."""
    examples = ROOT / "rulekit" / "data" / "apoteose" / "examples.yaml"
    texts = [e["text"] for e in yaml.safe_load(examples.read_text(encoding="utf-8"))["examples"]]
    for path in sorted((ROOT / "rulekit" / "data" / "scenarios" / "apoteose").glob("*.yaml")):
        sc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card in sc.get("cards") or ():
            for eff in card.get("effects") or ():
                text = eff if isinstance(eff, str) else eff.get("text")
                if isinstance(text, str) and text not in texts:
                    texts.append(text)
    return texts


def apoteose_valid(rng: random.Random, texts: list[str]) -> dict[str, Any]:
    """A small valid-looking Apoteose scenario: 2-3 heroes, a few cards, a script and decisions.

    The first hero's first card has an ``Ativar`` effect and is activated; most other cards have
    responses (``Quando ...``), and the decisions sometimes answer with them.
    """
    activatable = [t for t in texts if t.startswith("Ativar")] or texts
    responses = [t for t in activatable if "Quando" in t] or activatable
    heroes = []
    names = ["ana", "bruno", "carla"][: rng.randint(2, 3)]
    cards = []
    for h, hid in enumerate(names):
        zones: dict[str, list[str]] = {"INVENTÁRIO": [], "MESA": []}
        for k in range(rng.randint(1, 3)):
            cid = f"{hid}{k}"
            zones[rng.choice(["INVENTÁRIO", "MESA"])].append(cid)
            pool = activatable if (h, k) == (0, 0) else (responses if rng.random() < 0.6 else texts)
            cards.append(
                {
                    "id": cid,
                    "types": [rng.choice(["ITEM", "HABILIDADE", "EVOCAÇÃO"])],
                    "owner": hid,
                    "effects": [rng.choice(pool) for _ in range(rng.randint(1, 2))],
                }
            )
        heroes.append(
            {
                "id": hid,
                "team": "azul" if h % 2 == 0 else "vermelho",
                "iniciativa": rng.randint(1, 9),
                "resources": {
                    "VIDA": [rng.randint(1, 80), 100],
                    "MANA": [rng.randint(3, 10), 10],
                    "ESTAMINA": [rng.randint(2, 6), 6],
                },
                "zones": zones,
            }
        )
    first = names[0]
    script: list[dict[str, Any]] = [{"activate": f"{first}0"}]
    if any(c["id"] == f"{first}1" for c in cards):
        script[0]["choices"] = {"req0": f"{first}1"}  # something to discard, if asked
    if rng.random() < 0.3:
        script.append({"end_turn": True})
    data: dict[str, Any] = {
        "game": "apoteose",
        "heroes": heroes,
        "cards": cards,
        "turn": {"order": list(names), "hero": first},
        "script": script,
    }
    other = [c for c in cards if c["owner"] != first]
    if other and rng.random() < 0.6:
        c = rng.choice(other)
        data["decisions"] = [{"window": "halt@0", "respond": {"hero": c["owner"], "card": c["id"]}}]
        rest = [x for x in other if x is not c]
        if rest and rng.random() < 0.5:
            d = rng.choice(rest)
            data["decisions"].append({"window": "halt@1", "respond": {"hero": d["owner"], "card": d["id"]}})
    if rng.random() < 0.3:
        data["dice"] = [rng.randint(1, 6) for _ in range(3)]
    return data


def mutate_text_effect(rng: random.Random, text: str, texts: list[str]) -> str:
    """An effect text with a clause spliced, cut, doubled or made hostile."""
    op = rng.randrange(6)
    if op == 0:
        cut = rng.randrange(len(text) + 1)
        return text[:cut]
    if op == 1:
        other = rng.choice(texts)
        return text[: rng.randrange(len(text) + 1)] + other[rng.randrange(len(other) + 1) :]
    if op == 2:
        return text + " e " + rng.choice(texts)
    if op == 3:
        pos = rng.randrange(len(text) + 1)
        return text[:pos] + rng.choice(HOSTILE)[:200] + text[pos:]
    if op == 4:
        return " e ".join([text.rstrip(".")] * rng.randint(2, 40))
    return "".join(rng.sample(text, len(text)))


def apoteose_targeted(rng: random.Random, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A mutation aimed at what the Apoteose loader must check (its LANGUAGE.md §4 fields)."""
    data = copy.deepcopy(data)
    heroes = data["heroes"]
    cards = data["cards"]
    hero_ids = [h["id"] for h in heroes]
    card_ids = [c["id"] for c in cards]
    junk = ["nobody", "", "ANA", *rng.sample(HOSTILE, 2)]
    op = rng.randrange(10)
    if op == 0:
        h = rng.choice(heroes)
        del h["resources"][rng.choice(sorted(h["resources"]))]
        return "hero_without_resource", data
    if op == 1:
        step = rng.choice(
            [
                {
                    "test": {
                        "hero": rng.choice(junk + hero_ids),
                        "attribute": rng.choice(["AGI", "FOR", "XYZ"]),
                    }
                },
                {
                    "attack": {
                        "hero": rng.choice(junk + hero_ids),
                        "target": rng.choice(junk + hero_ids),
                        "damage": 3,
                    }
                },
            ]
        )
        data["script"].insert(rng.randrange(len(data["script"]) + 1), step)
        return "test_or_attack", data
    if op == 2:
        data["script"][0]["effect"] = rng.choice([-1, -2, 1, 2, 5, 10**9])
        return "effect_index", data
    if op == 3:
        rng.choice(cards)["companion_of"] = rng.choice(junk + card_ids)
        return "companion_of", data
    if op == 4:
        window = rng.choice(["halt@", "halt@x", "@", "halt@-1", "halt@99", "foo", "halt@0@1", "window"])
        data["decisions"] = [
            {"window": window, "respond": {"hero": rng.choice(hero_ids), "card": rng.choice(card_ids)}}
        ]
        return "window", data
    if op == 5:
        order = data["turn"]["order"]
        order.append(rng.choice(order))
        return "turn_order_duplicate", data
    if op == 6:
        data["script"][0]["choices"] = {
            rng.choice(["req0", "req9", "x", "alvo"]): rng.choice(junk + card_ids)
        }
        return "choices", data
    if op == 7:
        c = rng.choice(cards)
        c["effects"] = [
            {
                "text": rng.choice(c["effects"])
                if c["effects"] and isinstance(c["effects"][0], str)
                else "Passivo",
                "body": [rng.choice([{"op": "zzz"}, {}, {"op": "heal"}, {"op": "damage", "amount": "x"}])],
            }
        ]
        return "structured_body", data
    if op == 8:
        data["turn"]["hero"] = rng.choice(junk)
        return "turn_hero", data
    d = data.setdefault("decisions", [])
    d.append(
        rng.choice(
            [{"pass": True, "window": "halt@0"}, {"key": rng.choice(junk), "pick": rng.choice(junk)}, {}]
        )
    )
    return "decision_key", data


# ================================================================================== mutation
def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


def _strings(value: Any) -> list[str]:
    return [v for v in (_get(value, p) for p in _paths(value)) if isinstance(v, str)]


def mutate(rng: random.Random, data: Any, extra_texts: list[str] | None = None) -> tuple[str, Any]:
    """One structural mutation of ``data`` (a copy); returns its name and the new data."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p]
    if not paths:
        return "none", data
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    key = path[-1]
    op = rng.choice(
        ["delete", "wrong_type", "huge", "hostile", "swap_id", "duplicate", "effect_text", "key_typo"]
    )
    if op == "delete":
        del parent[key]
    elif op == "wrong_type":
        parent[key] = copy.deepcopy(rng.choice(WRONG))
    elif op == "huge":
        parent[key] = rng.choice(HUGE)
    elif op == "hostile":
        parent[key] = rng.choice(HOSTILE)
    elif op == "swap_id":
        words = _strings(data) or ["nobody"]
        parent[key] = rng.choice([*words, "nobody", "x99"])
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(int(key), copy.deepcopy(parent[int(key)]))
        else:
            parent[f"{key}_2" if isinstance(key, str) else key] = copy.deepcopy(parent[key])
    elif op == "effect_text" and extra_texts:
        value = parent[key]
        parent[key] = mutate_text_effect(
            rng, value if isinstance(value, str) else rng.choice(extra_texts), extra_texts
        )
    elif isinstance(parent, dict) and isinstance(key, str) and key:
        value = parent.pop(key)
        pos = rng.randrange(len(key))
        parent[key[:pos] + key[pos + 1 :] or "k"] = value
    return op, data


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump(data: Any) -> str:
    """YAML text of ``data`` (libyaml's emitter when there is one: the pure-Python one is slow)."""
    return yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=10_000)


def mutate_bytes(rng: random.Random, text: str) -> tuple[str, bytes]:
    """A text-level mutation: cut, random bytes, a line removed, an alias bomb appended."""
    raw = text.encode("utf-8")
    op = rng.choice(["cut", "bytes", "line", "bomb", "indent"])
    if op == "cut":
        return op, raw[: rng.randrange(len(raw) + 1)]
    if op == "bytes":
        out = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return op, bytes(out)
    if op == "line":
        lines = raw.split(b"\n")
        del lines[rng.randrange(len(lines))]
        return op, b"\n".join(lines)
    if op == "bomb":
        bomb = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, rng.randint(2, 10))
        )
        return op, raw + b"\n" + bomb.encode()
    lines = raw.split(b"\n")
    i = rng.randrange(len(lines))
    lines[i] = b" " * rng.randint(1, 3) + lines[i]
    return op, b"\n".join(lines)


# ===================================================================================== cases
@dataclass
class Case:
    game: str
    index: int
    kind: str  # valid / mutation name
    data: bytes


class _Gen:
    def __init__(self) -> None:
        self._w: dict[str, Any] | None = None
        self._texts: list[str] | None = None

    @property
    def words(self) -> dict[str, Any]:
        if self._w is None:
            self._w = _mtg_words()
        return self._w

    @property
    def texts(self) -> list[str]:
        if self._texts is None:
            self._texts = _apoteose_texts()
        return self._texts

    def case(self, seed: int, game: str, index: int) -> Case:
        rng = random.Random(f"{seed}:{game}:{index}")
        valid = mtg_valid(rng, self.words) if game == "mtg" else apoteose_valid(rng, self.texts)
        roll = rng.random()
        if roll < 0.25:
            return Case(game, index, "valid", dump(valid).encode())
        if roll < 0.85:
            names = []
            data = valid
            for _ in range(rng.choice([1, 1, 1, 2, 3])):
                if rng.random() < 0.4 and data is valid:
                    if game == "apoteose":
                        name, data = apoteose_targeted(rng, data)
                    else:
                        name, data = mtg_targeted(rng, data, self.words)
                else:
                    name, data = mutate(rng, data, self.texts if game == "apoteose" else None)
                names.append(name)
            return Case(game, index, "+".join(names), dump(data).encode())
        name, raw = mutate_bytes(rng, dump(valid))
        return Case(game, index, name, raw)


def run_case(case: Case, tmp: Path) -> str:
    """Load and run one case; returns the outcome text (``ok <json>`` / ``error <message>``).

    Raises whatever the code under test raises, other than :class:`RulekitError`.
    """
    try:
        text = case.data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    try:
        if case.game == "mtg":
            from rulekit import mtg
            from rulekit.views.text import solve_text as render_text

            if text is None:  # through the file reader (bytes), named as in-memory cases are
                from rulekit.mtg.loader import scenario_from_doc

                path = tmp / "case.yaml"
                path.write_bytes(case.data)
                scenario = scenario_from_doc(YamlDoc.from_path(path, display="fuzz.yaml"), "fuzz")
            else:
                scenario = mtg.scenario_from_text(text, "fuzz.yaml")
            ruleset = "current" if case.index % 2 else "seed"
            trace = mtg.solve(scenario, ruleset=ruleset)
            render_text(trace)
            return "ok " + trace.to_json()
        from rulekit.apoteose.chain import run_chain
        from rulekit.apoteose.scenario import load_scenario_doc, load_scenario_text

        if text is None:
            path = tmp / "case.yaml"
            path.write_bytes(case.data)
            sc = load_scenario_doc(YamlDoc.from_path(path, display="fuzz.yaml"), "fuzz.yaml")
        else:
            sc = load_scenario_text(text, "fuzz.yaml")
        decisions: Any = None
        if case.index % 7 == 3:  # run_chain(decisions=[...]) with a list or mapping a stranger wrote
            rng = random.Random(f"decisions:{case.index}")
            decisions = rng.choice(
                [
                    [rng.choice(["pass", "respond", "", "halt@0", "x" * 50, "0", "-1"]) for _ in range(3)],
                    {rng.choice(["halt@0", "nope", ""]): rng.choice(["pass", "zzz", ""])},
                    [None, 1, [], {}],
                ]
            )
        return "ok " + run_chain(sc, decisions=decisions).to_json()
    except RulekitError as exc:
        message = str(exc)
        if "\n" in message or "\r" in message:
            raise AssertionError(f"a multi-line error message: {message!r}") from None
        return "error " + message


class Hang(BaseException):
    """Raised by the alarm when a case runs too long (BaseException: nothing under test catches it)."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


@dataclass
class Figures:
    examples: dict[str, int] = field(default_factory=lambda: {"mtg": 0, "apoteose": 0})
    valid: dict[str, int] = field(default_factory=lambda: {"mtg": 0, "apoteose": 0})
    accepted: dict[str, int] = field(default_factory=lambda: {"mtg": 0, "apoteose": 0})
    crashes: list[dict[str, Any]] = field(default_factory=list)
    hangs: list[dict[str, Any]] = field(default_factory=list)
    differences: list[dict[str, Any]] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")
    seconds: float = 0.0
    stopped_early: bool = False


_STOP: list[bool] = []


def _stop(signum: int, frame: Any) -> None:
    _STOP.append(True)  # finish the current case, then report


def iter_cases(seed: int, n_mtg: int, n_apo: int, every: int = 1) -> Iterator[Case]:
    """The cases in order (every ``every``-th one); each depends only on its seed and number."""
    gen = _Gen()
    for i in range(0, n_mtg, every):
        yield gen.case(seed, "mtg", i)
    for i in range(0, n_apo, every):
        yield gen.case(seed, "apoteose", i)


def digest(outcome: str) -> str:
    return hashlib.sha256(outcome.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def run_all(
    seed: int,
    n_mtg: int,
    n_apo: int,
    timeout: float,
    repeat: bool,
    check_every: int,
    progress: Callable[[str], None] | None = None,
    only_checked: bool = False,
    max_seconds: float | None = None,
) -> tuple[Figures, dict[str, str]]:
    """Run every case; returns the figures and the digests of the checked cases.

    With ``max_seconds`` no new case starts after that much time (the figures say how many ran);
    a SIGTERM or Ctrl-C also stops the run after the current case, with figures.
    """
    figures = Figures()
    digests: dict[str, str] = {}
    use_alarm = hasattr(signal, "setitimer")
    if use_alarm:
        signal.signal(signal.SIGALRM, _alarm)
    if progress is not None:  # the command line, not a test: stop cleanly on SIGTERM/Ctrl-C
        signal.signal(signal.SIGTERM, _stop)
        signal.signal(signal.SIGINT, _stop)
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for n, case in enumerate(iter_cases(seed, n_mtg, n_apo, check_every if only_checked else 1)):
            if _STOP or (max_seconds is not None and time.perf_counter() - start > max_seconds):
                figures.stopped_early = True
                break
            name = f"{case.game}:{case.index}"
            figures.examples[case.game] += 1
            figures.valid[case.game] += case.kind == "valid"
            t0 = time.perf_counter()
            outcome = None
            try:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, timeout)
                outcome = run_case(case, tmp)
            except Hang:
                figures.hangs.append({"case": name, "kind": case.kind})
            except Exception as exc:  # a crash: anything but RulekitError
                figures.crashes.append(
                    {"case": name, "kind": case.kind, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
                )
            finally:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            dt = time.perf_counter() - t0
            if dt > figures.slowest[0]:
                figures.slowest = (dt, name)
            if not use_alarm and dt > timeout:
                figures.hangs.append({"case": name, "kind": case.kind, "seconds": round(dt, 2)})
            if outcome is None:
                continue
            figures.accepted[case.game] += outcome.startswith("ok ")
            if check_every and case.index % check_every == 0:
                digests[name] = digest(outcome)
                if repeat:
                    try:
                        again = run_case(case, tmp)
                    except Exception as exc:
                        again = f"raised {type(exc).__name__}"
                    if digest(again) != digests[name]:
                        figures.differences.append({"case": name, "kind": case.kind, "between": "two runs"})
            if progress is not None and (n + 1) % 1000 == 0:
                progress(f"{n + 1} cases, {len(figures.crashes)} crashes, {len(figures.hangs)} hangs")
    figures.seconds = time.perf_counter() - start
    return figures, digests


def other_hashseed(args: argparse.Namespace, hashseed: str, figures: Figures) -> dict[str, str]:
    """The digests of the same checked cases, from a subprocess with another PYTHONHASHSEED."""
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    n_mtg, n_apo = figures.examples["mtg"], figures.examples["apoteose"]
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--seed",
        str(args.seed),
        "--mtg",
        str(n_mtg),
        "--apoteose",
        str(n_apo),
        "--timeout",
        str(args.timeout),
        "--check-every",
        str(args.check_every),
        "--no-repeat",
        "--no-hashseed",
        "--digests",
    ]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    try:
        return dict(json.loads(run.stdout.splitlines()[-1]))
    except (IndexError, ValueError):
        return {"<subprocess>": f"failed: {run.stderr[-500:]}"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mtg", type=int, default=1000, help="MTG examples (target 100,000)")
    parser.add_argument("--apoteose", type=int, default=500, help="Apoteose examples (target 50,000)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds before a case counts as a hang")
    parser.add_argument("--check-every", type=int, default=1, help="repeat/hash-seed check every K-th case")
    parser.add_argument(
        "--max-seconds", type=float, help="start no new case after this long (figures say how many)"
    )
    parser.add_argument(
        "--no-repeat", dest="repeat", action="store_false", help="skip the second in-process run"
    )
    parser.add_argument(
        "--no-hashseed", dest="hashseed", action="store_false", help="skip the other-seed run"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--show", type=int, default=5, help="print this many crash reproducers")
    parser.add_argument("--case", help="print the text of one case (e.g. mtg:12) and exit")
    parser.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.case:
        game, _, index = args.case.partition(":")
        case = _Gen().case(args.seed, game, int(index))
        sys.stdout.write(f"# {case.game}:{case.index} ({case.kind})\n")
        sys.stdout.buffer.write(case.data)
        return 0

    progress = None if (args.json or args.digests) else (lambda s: print(f"  … {s}", file=sys.stderr))
    figures, digests = run_all(
        args.seed,
        args.mtg,
        args.apoteose,
        args.timeout,
        args.repeat,
        args.check_every,
        progress,
        only_checked=args.digests,
        max_seconds=args.max_seconds,
    )
    if args.digests:
        print(json.dumps(digests, sort_keys=True))
        return 0
    if args.hashseed:
        own = os.environ.get("PYTHONHASHSEED", "random")
        other = "12345" if own != "12345" else "54321"
        theirs = other_hashseed(args, other, figures)
        for name in sorted(set(digests) | set(theirs)):
            if digests.get(name) != theirs.get(name):
                figures.differences.append({"case": name, "between": f"PYTHONHASHSEED {own} and {other}"})

    total = sum(figures.examples.values())
    result = {
        "seed": args.seed,
        "examples": figures.examples,
        "valid_generated": figures.valid,
        "accepted": figures.accepted,
        "crashes": len(figures.crashes),
        "hangs": len(figures.hangs),
        "differences": len(figures.differences),
        "checked_for_differences": len(digests),
        "examples_per_second": round(total / figures.seconds, 1) if figures.seconds else None,
        "seconds": round(figures.seconds, 1),
        "stopped_early": figures.stopped_early,
        "slowest_case": {"case": figures.slowest[1], "seconds": round(figures.slowest[0], 3)},
        "first_crashes": figures.crashes[: args.show],
        "first_hangs": figures.hangs[: args.show],
        "first_differences": figures.differences[: args.show],
    }
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        ex = figures.examples
        early = " (stopped early)" if figures.stopped_early else ""
        print(
            f"examples      {total:,} (MTG {ex['mtg']:,}, Apoteose {ex['apoteose']:,}); "
            f"seed {args.seed}{early}"
        )
        print(f"accepted      MTG {figures.accepted['mtg']:,}, Apoteose {figures.accepted['apoteose']:,}")
        print(f"crashes       {len(figures.crashes)}")
        print(f"hangs         {len(figures.hangs)} (over {args.timeout:g} s)")
        print(f"differences   {len(figures.differences)} (of {len(digests):,} cases checked)")
        print(f"examples/s    {result['examples_per_second']} ({figures.seconds:.1f} s)")
        print(f"slowest       {figures.slowest[1]} ({figures.slowest[0]:.3f} s)")
        for c in figures.crashes[: args.show]:
            again = f"python tools/fuzz.py --seed {args.seed} --case {c['case']}"
            print(f"  crash {c['case']} ({c['kind']}): {c['error']}   [{again}]")
        for h in figures.hangs[: args.show]:
            print(f"  hang  {h['case']} ({h['kind']})")
        for d in figures.differences[: args.show]:
            print(f"  diff  {d['case']} between {d['between']}")
    return 1 if figures.crashes or figures.hangs or figures.differences else 0


if __name__ == "__main__":
    sys.exit(main())
