"""Fuzz the scenario loaders and both engines with valid and mutated input.

Every case is generated from ``(--seed, game, index)`` by a seeded :class:`random.Random`, so a
case number is a full reproducer. MTG cases are random library boards and inline effects (with
events); Apoteose cases are small scripts built from the runnable example effect texts, the
newer forms and the tests' corpora. The generators use every form of the languages' documents
(:data:`FEATURES` lists them; ``--json`` counts the cases that used each): copy exceptions,
durations, ability, number and counter selectors, expressions, counters of every P/T kind,
flicker, Auras and Equipment; Apoteose card actions, COMPANHEIRO, attempts while paying or
resolving, ``se`` statements and state conditions. Each
valid document is then, most of the time, *mutated*: a key deleted, a value of the wrong type,
a huge number, a hostile string, an id swapped for another or for nothing, an item duplicated,
the text cut short, random bytes written in, an alias bomb appended.

A case is then loaded and run (MTG: ``solve`` in a random edition, the text and the final,
effects and layer tables as HTML; Apoteose: ``run_chain``, the trace's JSON, the chain text, the
log and heroes tables and the stack as HTML; in English, Portuguese or Spanish). Its outcome is

* ``ok`` or ``error`` (a :class:`rulekit.errors.RulekitError`, whose message must be one line
  and, for a file, name it: ``fuzz.yaml:<line>: ...``);
* a **crash**: any other exception, a multi-line or unlocated error message, or an output that
  shows a raw control or invisible character or live markup (:func:`check_shown`: an HTML
  parser must find no element or event attribute a stranger's text made);
* a **hang**: a case that takes more than ``--timeout`` seconds (interrupted by ``SIGALRM``).

A digest of every outcome (the trace JSON or the error message) is kept. With ``--repeat`` each
checked case is run a second time in the same process, and ``--hashseed`` runs a subprocess with
another ``PYTHONHASHSEED`` over the same cases (given their inputs, which it does not generate again);
any digest that differs for the same input is a **difference** (a hang or crash there is one too).
``--check-every K`` limits both checks to every K-th case; ``--other-hashseed N`` names the other
seed (``PYTHONHASHSEED=0 python tools/fuzz.py --other-hashseed 1`` compares 0 with 1).

Usage::

    python tools/fuzz.py --mtg 2000 --apoteose 500 --seed 1
    python tools/fuzz.py --mtg 200 --apoteose 50 --json

The exit status is 1 when anything crashed, hung or differed, else 0. Reproducers of the first
crashes are printed (``--show N``) with their case numbers; ``--case mtg:123`` prints one case's text.
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from rulekit.errors import RulekitError  # noqa: E402
from rulekit.i18n import LANGUAGES  # noqa: E402
from rulekit.mtg.kinds import KINDS, kinds_of, sections  # noqa: E402
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
#: Selector forms added since the fuzzer was first written (LANGUAGE.md §4): abilities, numbers,
#: counters of every kind, attached-to objects, tokens, unions, ids.
NEW_SELECTORS = (
    "creatures with flying",
    "creatures you control without flying",
    "creatures with an activated ability",
    "creatures without activated abilities",
    "creatures with no abilities",
    "creatures with power 2 or less",
    "creatures with toughness 4 or greater",
    "creatures with power less than 3",
    "permanents with mana value 3 or more",
    "creatures you control with +1/+1 counters on them",
    "creatures with a +1/+0 counter on them",
    "creatures with a -0/-1 counter on them",
    "equipped creature",
    "enchanted permanent",
    "enchanted land",
    "Sliver creatures you control",
    "creature tokens you control",
    "nonland permanents",
    "all Forests and all Saprolings",
    "creature cards in all graveyards",
    "untapped lands you control",
    "legendary creatures",
    "@x0",
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
#: Expression forms added since (LANGUAGE.md §3 "Expressions").
NEW_EXPRS = (
    "three",
    "the greatest power among other creatures you control",
    "the greatest toughness among creatures",
    "the greatest mana value among permanents you control",
    "its power",
    "its toughness",
    "twice the number of Forests you control",
    "three times the number of Elves you control",
    "half the number of lands you control, rounded down",
    "half the number of creatures you control, rounded up",
    "the number of Forests you control plus the number of Islands you control",
    "number of creature cards in all graveyards plus 1",
    "the number of creatures with flying minus one",
)
#: X forms, for resolved effects only (107.3: fixed at resolution).
X_EXPRS = ("X", "twice X", "X plus one", "half X, rounded up", "X minus the number of lands you control")
CONDITIONS = ("you control five or more enchantments", "you control one or more artifacts")
#: "As long as" conditions added since (LANGUAGE.md §6).
NEW_CONDITIONS = (
    "you control one or more Forests",
    "enchanted permanent is a creature",
    "this is tapped",
    "this is untapped",
    "it has a time counter on it",
    "you control two or more creatures with flying",
)
#: Durations of resolved effects (611.2a/b, 514.2, LANGUAGE.md §3); ``{o}`` is an object id.
DURATIONS = (
    "until end of turn",
    "indefinite",
    "until your next turn",
    "until its controller's next untap step",
    "until end of combat",
    "for as long as this remains tapped",
    "for as long as this remains on the battlefield",
    "for as long as you control {o}",
    "for as long as {o} remains tapped",
    "for as long as @{o} is untapped",
    "for as long as it has a time counter on it",
    "for as long as you control three or more lands",
    "for as long as {o} is a creature",
)
#: What each target must be on resolution (608.2b).
TARGETS_MUST = (
    "creature",
    "creature with power less than or equal to the number of Islands you control",
    "creature with mana value 3 or less",
    "permanent with toughness at least 2",
    "target creature you control",
    "creature with power greater than X",
)
#: Every kind of counter of 122.1a the language takes, and a few others.
PT_KINDS = ("+1/+1", "-1/-1", "+1/+0", "+0/+1", "-1/-0", "-0/-1", "+2/+2", "-2/-2", "+1/+2", "-2/-1")
COUNTER_KINDS = (*PT_KINDS, "time", "loyalty", "\u22121/\u22121")
#: Granted abilities: keywords, and abilities that are themselves static (a static that grants).
#: abilities an effect grants: those the ``add_abilities`` kind's record gives as its examples
GRANTED = tuple(x for example in KINDS["add_abilities"].examples for x in example["add"])


#: rules kinds whose examples need a context the fuzzer's effects do not give (no ``affects``; spells)
_IN_CONTEXT = ("cant_gain_life", "cost")


def _rich_type(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    return rng.choice(
        [
            {"add": [rng.choice(["Artifact", "Creature", "Enchantment"])]},
            {"set_subtypes": [rng.choice(w["land_types"][:5])]},
            {"add": [rng.choice(w["creature_types"])]},
            {"remove": ["Creature"]},
            {"set_types": [rng.choice(["Artifact", "Enchantment", "Land"])]},
            {"add": ["Legendary", "Snow"]},
        ]
    )


def _rich_color(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    return rng.choice([{"set": [rng.choice(w["colors"])]}, {"add": [rng.choice(w["colors"])]}])


def _rich_pt(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    pool = _expr_pool(rng, resolving)
    pt = {"power": rng.choice(pool), "toughness": rng.choice(pool)}
    if rng.random() < 0.2:
        del pt[rng.choice(["power", "toughness"])]
    return pt


def _rich_control(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    return rng.choice(["you", "Ann", "Bo", "its owner", "controller of " + rng.choice(ids)])


def _rich_text_change(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    a, b = rng.sample(w[rng.choice(["colors", "land_types", "creature_types"])], 2)
    return {"from": a, "to": b}


def _rich_full_text(rng: random.Random, w: dict[str, Any], ids: list[str], resolving: bool) -> Any:
    return "@" + rng.choice(ids)


#: sections written below with their context: players and rules (with the players they name),
#: layer 1 (a copy with its exceptions, or face down)
_WITH_CONTEXT = ("player", "rules", "copy", "except", "as_enters", "face_down")
#: sections the fuzzer also writes from the whole vocabulary (beside their kinds' examples)
_RICH: dict[str, Callable[[random.Random, dict[str, Any], list[str], bool], Any]] = {
    "type": _rich_type,
    "color": _rich_color,
    "set_pt": _rich_pt,
    "modify_pt": _rich_pt,
    "control": _rich_control,
    "text_change": _rich_text_change,
    "full_text": _rich_full_text,
}


def _kind_example(rng: random.Random, section: str) -> Any:
    """One section of an effect spec written by the effect kinds' records (:mod:`rulekit.mtg.kinds`):
    one example of one of its kinds."""
    example = rng.choice([ex for kind in kinds_of(section) for ex in kind.examples])
    return copy.deepcopy(example[""] if "" in example else dict(example))


def _expr_pool(rng: random.Random, resolving: bool) -> list[Any]:
    pool: list[Any] = [*EXPRS, *NEW_EXPRS]
    if resolving:
        pool += list(X_EXPRS)
    return pool


def _copy_except(rng: random.Random, w: dict[str, Any]) -> dict[str, Any]:
    """A copy's exceptions (707.9): a random subset of every form LANGUAGE.md §3 lists."""
    forms: list[tuple[str, Any]] = [
        ("types", [rng.choice(["Artifact", "Enchantment", "Creature", "Elf"])]),
        ("power", rng.choice([0, 7, 2])),
        ("abilities", [rng.choice(GRANTED)]),
        ("name", rng.choice(["Sakashima's Copy", "Grizzly Bears", "Copy <b>"])),
        ("colors", rng.sample(w["colors"], rng.randint(0, 2))),
        ("remove_types", [rng.choice(["Legendary", "Creature", "Human"])]),
        ("not_copied", ["color"]),
    ]
    out: dict[str, Any] = {}
    for key, value in rng.sample(forms, rng.randint(1, 3)):
        out[key] = value
        if key == "power":
            out["toughness"] = rng.choice([1, 7, 3])
    return out


def _mtg_effect(
    rng: random.Random,
    w: dict[str, Any],
    resolving: bool,
    ids: list[str] | None = None,
    choices: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A random effect spec; ``ids`` lets it name objects, ``choices`` receives a chosen object it uses."""
    ids = ids or ["x0"]
    selectors = [*SELECTORS, *NEW_SELECTORS] + (["each creature other than the target"] if resolving else [])
    eff: dict[str, Any] = {
        "affects": "targets" if resolving and rng.random() < 0.5 else rng.choice(selectors)
    }
    # the effect kinds' sections (rulekit/mtg/kinds/), but those written with their context below
    kinds = [section for section in sections() if section not in _WITH_CONTEXT]
    parts = rng.sample([*kinds, "copy", "copy", "player_rules"], rng.randint(1, 2))
    for part in parts:
        if part in _RICH and rng.random() < 0.6:  # words from the whole vocabulary, objects by id
            eff[part] = _RICH[part](rng, w, ids, resolving)
        elif part == "copy":
            if resolving and rng.random() < 0.15:  # only a resolving effect turns it face down (110.5)
                eff["face_down"] = True
                continue
            if choices is not None and rng.random() < 0.4:
                choices["object"] = rng.choice(ids)
                eff["copy"] = "{chosen object}"
            else:
                eff["copy"] = rng.choice(["creatures", "@" + rng.choice(ids), rng.choice(ids)])
            if rng.random() < 0.6:
                eff["except"] = _copy_except(rng, w)
        elif part in sections():
            eff[part] = _kind_example(rng, part)
        elif part == "player_rules":  # the players and rules kinds, with the players they name
            if rng.random() < 0.5:
                eff["player"] = _kind_example(rng, "player")
                eff["players"] = rng.choice(["you", "each opponent", "each player"])
            else:
                # "can't gain life" names no objects and a cost change names spells: not here
                eff["rules"] = copy.deepcopy(
                    dict(
                        rng.choice(
                            [ex for k in kinds_of("rules") if k.name not in _IN_CONTEXT for ex in k.examples]
                        )
                    )
                )
                eff.setdefault("players", "each player")
    if not resolving and rng.random() < 0.2:
        eff["condition"] = rng.choice([*CONDITIONS, *NEW_CONDITIONS])
    if resolving and rng.random() < 0.5:
        eff["duration"] = rng.choice(DURATIONS).replace("{o}", rng.choice(ids))
    if resolving and eff["affects"] == "targets" and rng.random() < 0.25:
        eff["targets_must"] = rng.choice(TARGETS_MUST)
    return eff


def library_board(rng: random.Random, w: dict[str, Any]) -> dict[str, Any]:
    """A random board of library cards with its events (as rulekit.mtg.generate makes them; cards
    drawn by name, so a new library card changes only the boards it is drawn into)."""
    from rulekit.mtg.generate import pick_name

    lib = w["library"]
    cards = w["cards"]
    n = rng.randint(1, 6)
    explicit = rng.random() < 0.3
    stamps = rng.sample(range(1, 100), n)
    objects: list[dict[str, Any]] = []
    for i in range(n):
        card = pick_name(rng, cards)
        obj: dict[str, Any] = {"id": f"x{i}", "card": card, "controller": rng.choice(["Ann", "Bo"])}
        wanted = w["placeholders"].get(card, ())
        choices = {
            "color": rng.choice(w["colors"]),
            "creature type": "Elf",
            "object": f"x{rng.randrange(n)}",
            "old type": "Goblin",
            "new type": "Elf",
            "basic land type": rng.choice(w["land_types"][:5]),
            "old land type": rng.choice(w["land_types"][:5]),
            "new land type": rng.choice(w["land_types"][:5]),
            "old color": rng.choice(w["colors"]),
            "new color": rng.choice(w["colors"]),
            "player": rng.choice(["Ann", "Bo"]),
        }
        if any(k in wanted for k in choices):
            obj["choices"] = {k: v for k, v in choices.items() if k in wanted}
        if explicit:
            obj["timestamp"] = stamps[i]
        if rng.random() < 0.2:
            obj["counters"] = {rng.choice(("+1/+1", *COUNTER_KINDS)): rng.randint(0, 2)}
        attachable = {"Aura", "Equipment"} & set(lib[card].get("subtypes") or ())
        if attachable and n > 1 and rng.random() < 0.8:  # enchanted / equipped creature (303.4, 301.5)
            obj["attached_to"] = f"x{rng.choice([k for k in range(n) if k != i])}"
        if rng.random() < 0.1:
            obj["tapped"] = True
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


def _inline_object(rng: random.Random, w: dict[str, Any], j: int, ids: list[str]) -> dict[str, Any]:
    """An inline object: an anthem, a lord, a creature with a CDA, an Aura or Equipment, a clone."""
    oid = f"i{j}"
    kind = rng.choice(["Enchantment", "Artifact", "Creature", "Creature", "Aura", "Equipment"])
    obj: dict[str, Any] = {
        "id": oid,
        "name": rng.choice(["Anthem", "Lord", "Bender", "Thing"]) + str(j),
        "types": [kind]
        if kind in ("Enchantment", "Artifact", "Creature")
        else ["Enchantment" if kind == "Aura" else "Artifact"],
        "controller": rng.choice(["Ann", "Bo"]),
    }
    if rng.random() < 0.15:
        obj["supertypes"] = ["Legendary"]
    choices: dict[str, str] = {}
    if kind == "Creature":
        obj["power"], obj["toughness"] = rng.randint(0, 5), rng.randint(1, 5)
        if rng.random() < 0.3:
            obj["subtypes"] = [rng.choice(["Elf", "Sliver", "Goblin", "Human", "Saproling"])]
    abilities: list[Any] = []
    if kind in ("Aura", "Equipment") and ids:
        obj["subtypes"] = [kind]
        obj["attached_to"] = rng.choice(ids)
        sel = (
            rng.choice(["enchanted creature", "enchanted permanent"])
            if kind == "Aura"
            else "equipped creature"
        )
        eff = _mtg_effect(rng, w, resolving=False, ids=ids, choices=choices)
        eff["affects"] = sel
        abilities += [
            "Enchant creature" if kind == "Aura" else "Equip {1}",
            {"text": "generated", "static": eff},
        ]
    else:
        key = rng.choice(["static", "static", "cda"]) if kind == "Creature" else "static"
        eff = _mtg_effect(rng, w, resolving=False, ids=ids or [oid], choices=choices)
        if key == "cda":
            pool = _expr_pool(rng, False)
            choices.clear()
            eff = {"affects": "this", "set_pt": {"power": rng.choice(pool), "toughness": rng.choice(pool)}}
        abilities.append({"text": "generated", key: eff})
    if rng.random() < 0.2:
        abilities.append(
            {"text": "enters with counters", "enters_with": {rng.choice(PT_KINDS): rng.randint(1, 3)}}
        )
    if rng.random() < 0.15:
        abilities.append(rng.choice(["{1}: Add {G}.", "Cycling {2}", "Flying"]))
    obj["abilities"] = abilities
    if choices:
        obj["choices"] = choices
    if rng.random() < 0.2:
        obj["counters"] = {rng.choice(COUNTER_KINDS): rng.randint(0, 3)}
    return obj


def mtg_valid(rng: random.Random, w: dict[str, Any]) -> dict[str, Any]:
    """A valid MTG scenario: library cards, inline objects with effects, events."""
    data = library_board(rng, w)
    objects = data["objects"]
    ids = [o["id"] for o in objects]
    for j in range(rng.randint(0, 3)):
        obj = _inline_object(rng, w, j, list(ids))
        objects.append(obj)
        ids.append(obj["id"])
    events = data.setdefault("events", [])
    for _ in range(rng.randint(0, 3)):
        src = rng.choice(ids)
        choices: dict[str, str] = {}
        ev: dict[str, Any] = {
            "resolve": {
                "source": src,
                "effect": _mtg_effect(rng, w, resolving=True, ids=ids, choices=choices),
                "targets": [rng.choice(ids)],
            }
        }
        if choices:
            ev["resolve"]["choices"] = choices
        if "X" in json.dumps(ev):
            ev["resolve"]["x"] = rng.randint(0, 4)
        events.append(ev)
    for _ in range(rng.randint(0, 3)):
        oid = rng.choice(ids)
        pick = rng.randrange(12)
        if pick == 0:  # a flicker (400.7): a new object with the same id
            events += [{"leave": {"object": oid, "to": rng.choice(["exile", "graveyard"])}}, {"enter": oid}]
        elif pick == 1:
            events.append(
                {
                    "counters": {
                        "object": oid,
                        "kind": rng.choice(COUNTER_KINDS),
                        "add": rng.choice([-1, 1, 2]),
                    }
                }
            )
        elif pick == 2:
            events.append(
                rng.choice(
                    [
                        {"begin_turn": rng.choice(["Ann", "Bo"])},
                        {"untap_step": rng.choice(["Ann", "Bo"])},
                        "end_of_combat",
                    ]
                )
            )
        elif pick == 3:
            events.append({"attach": {"object": oid, "to": rng.choice([i for i in ids if i != oid] or ids)}})
        elif pick == 4:
            ev2: dict[str, Any] = {"leave": {"object": oid, "to": "exile"}}
            enter: dict[str, Any] = {"enter": oid}
            if rng.random() < 0.5:
                enter["with_counters"] = {rng.choice(PT_KINDS): rng.randint(1, 2)}
            else:
                enter["as"] = rng.choice(
                    [
                        {"type": {"set_types": ["Enchantment"]}},
                        {"color": {"set": ["blue"]}},
                        {"modify_pt": {"power": 1}},
                    ]
                )
            events += [ev2, enter]
        elif pick == 5:
            events.append({"transform": oid})
        else:
            events.append(
                rng.choice(
                    [
                        {"tap": oid},
                        {"untap": oid},
                        "end_of_turn",
                        {"leave": oid},
                        {"turn_face_down": oid},
                        {"turn_face_up": oid},
                    ]
                )
            )
    if not events:
        del data["events"]
    return data


#: Bad values of the newer forms: what the loader must refuse with a located line.
BAD_DURATIONS = (
    "for as long as banana",
    "for as long as you control",
    "for as long as nobody remains tapped",
    "until end of turn turn",
    "for as long as it has a +1/-1 counter on it",
    "for as long as you control two or more Zorbs",
    "for as long as {o} is a Banana",
    "until your next",
    "for as long as " + "you control " * 60 + "x0",
    "for as long as you control " + "9" * 5000 + " or more lands",
)
BAD_EXPRS = (
    "half X",
    "half the number of lands you control",
    "twice " * 60 + "X",
    "the greatest banana among creatures",
    "its colour",
    "X plus",
    "number of creatures plus " * 40 + "1",
    "the number of Zorbs you control plus the number of Islands you control",
    "-" * 30 + "1",
    "9" * 5000,
    "number of lands plus " + "9" * 5000,
    "twice " + "9" * 40,
)
BAD_SELECTORS = (
    "creatures with flyng",
    "creatures with power",
    "creatures with power 2 or",
    "creatures with a +1/-1 counter on them",
    "equipped banana",
    "creatures with an activated",
    "all Forests and",
    "and",
    "creatures with power 99999999999999999999 or less",
    "creatures " + "with flying " * 80,
    "creatures with power less than " + "9" * 5000,
)
BAD_EXCEPT: tuple[Any, ...] = (
    {"colour": ["blue"]},
    {"types": ["Banana"]},
    {"power": "seven"},
    {"power": 10**40, "toughness": 1},
    {"abilities": [{"text": "x", "static": {"affects": "creatures with flyng"}}]},
    {"abilities": [{"static": None}]},
    {"colors": ["blurple"]},
    {"remove_types": ["Creature", 7]},
    {"not_copied": ["power"]},
    {"name": ["a", "list"]},
    "except it's an artifact",
)
BAD_COUNTERS: tuple[Any, ...] = (
    "+1/-1",
    "-1/+1",
    "+1/+",
    "+999/+999",
    "+1000/+1000",
    "−1/+1",
    "+1/+1/+1",
    "++1/+1",
    "",
)


def _mtg_targeted_newer(
    rng: random.Random, data: dict[str, Any], ids: list[str], junk: list[str]
) -> tuple[str, dict[str, Any]]:
    """A bad value in one of the newer forms (durations, expressions, selectors, copy exceptions,
    counters, flicker and attachment events)."""
    events = data["events"]
    src, tgt = rng.choice(ids), rng.choice(ids)
    op = rng.randrange(8)
    if op == 0:
        eff: dict[str, Any] = {
            "affects": "targets",
            "modify_pt": {"power": 1},
            "duration": rng.choice(BAD_DURATIONS).replace("{o}", tgt),
        }
        events.append({"resolve": {"source": src, "effect": eff, "targets": [tgt]}})
        return "bad_duration", data
    if op == 1:
        expr = rng.choice(BAD_EXPRS)
        eff = {
            "affects": rng.choice(["targets", "creatures"]),
            rng.choice(["set_pt", "modify_pt"]): {"power": expr},
        }
        events.append({"resolve": {"source": src, "effect": eff, "targets": [tgt], "x": rng.randint(0, 3)}})
        return "bad_expression", data
    if op == 2:
        obj = rng.choice(data["objects"])
        obj.pop("card", None)
        obj.update(name="Bad", types=["Enchantment"])
        obj["abilities"] = [
            {"text": "bad", "static": {"affects": rng.choice(BAD_SELECTORS), "modify_pt": {"power": 1}}}
        ]
        return "bad_selector", data
    if op == 3:
        eff = {"affects": "targets", "copy": rng.choice(["@" + src, "{chosen object}", "@nobody", *junk])}
        eff["except"] = copy.deepcopy(rng.choice(BAD_EXCEPT))
        events.append({"resolve": {"source": src, "effect": eff, "targets": [tgt]}})
        return "bad_copy_except", data
    if op == 4:
        kind = rng.choice(BAD_COUNTERS)
        place = rng.randrange(3)
        if place == 0:
            rng.choice(data["objects"])["counters"] = {kind: rng.choice([1, -1, 10**9])}
        elif place == 1:
            events.append(
                {"counters": {"object": tgt, "kind": kind, "add": rng.choice([1, -(10**9), 10**12])}}
            )
        else:
            events += [{"leave": tgt}, {"enter": tgt, "with_counters": {kind: 1}}]
        return "bad_counters", data
    if op == 5:  # flicker an object that is not there, twice, or into nowhere
        events += rng.choice(
            [
                [{"enter": tgt}, {"enter": tgt}],
                [{"leave": tgt}, {"leave": tgt}, {"enter": tgt}],
                [{"leave": {"object": tgt, "to": "battlefield"}}, {"enter": tgt}],
                [{"enter": "nobody"}],
                [{"leave": tgt}, {"enter": tgt, "as": {"copy": "@" + src, "except": {"power": 1}}}],
                [{"leave": tgt}, {"enter": tgt, "as": {"affects": "creatures", "modify_pt": {"power": 1}}}],
            ]
        )
        return "bad_flicker", data
    if op == 6:
        obj = rng.choice(data["objects"])
        obj["attached_to"] = rng.choice([*junk, "Ann", obj["id"]])
        return "bad_attached_to", data
    events.append(
        rng.choice(
            [
                {"begin_turn": rng.choice(junk)},
                {"untap_step": rng.choice([*junk, tgt])},
                {"end_of_combat": True},
                {"transform": rng.choice(junk)},
                "end_of_combat_",
                {"counters": {"object": tgt, "kind": "time"}},
            ]
        )
    )
    return "bad_turn_event", data


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
    if rng.random() < 0.4:
        return _mtg_targeted_newer(rng, data, ids, junk)
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
#: Effect texts of the language's newer forms (apoteose/LANGUAGE.md §2-§3): state conditions,
#: resource comparisons, "se" statements, COMPANHEIRO, card movements, look, attach, attributes.
NEW_APOTEOSE_TEXTS = (
    "Ativar【 Se sua VIDA for menor que 20 】 Cure 30 de VIDA.",
    "Ativar【 Se você tiver pelo menos 3 de MANA 】 Recupere 1 de MANA.",
    "Ativar【 Se sua VIDA for menor ou igual a 50 】 Cure 10 de VIDA.",
    "Ativar【 Durante o seu turno; Se você estiver com 5 de MANA 】 Cure 1 de VIDA.",
    "Ativar【 Se um oponente tiver 2 ou mais cartas 】 Compre 1 carta.",
    "Ativar【 Consuma 1 de MANA; Se um aliado tiver 1 ou mais cartas na MESA 】 Um aliado cura 4 de VIDA.",
    "Passivo【 Enquanto sua VIDA for maior que 20 】 +1 de DEF",
    "Passivo【 Enquanto houverem COMPANHEIRO no tabuleiro 】 +2 de DEF",
    "Ativar【 Enquanto houverem COMPANHEIRO no tabuleiro 】 Cure 20 de VIDA.",
    "Ativar【 Até que esta carta seja descartada 】 Você recebe +1 de AGI.",
    "Ativar · Duração【 Enquanto houverem COMPANHEIRO no tabuleiro 】 Você recebe +2 de AGI.",
    "Ativar【 Durante o turno dos oponentes 】 Cure 1 de VIDA.",
    "Ativar Compre 1 carta. Se você tiver 3 ou mais cartas no INVENTÁRIO, descarte uma carta.",
    "Ativar Cure 2 de VIDA; se um aliado tiver menos de 40 de VIDA, cure 3 de VIDA de um aliado.",
    "Ativar【 Selecione 1 oponente 】 Cause 60 de DANO ao alvo; se o alvo ficar sem VIDA, bana esta carta.",
    "Ativar【 Selecione 1 oponente 】 Cause 10 de DANO ao alvo; se o alvo ficar sem MANA, bana esta carta.",
    "Ativar【 Selecione 1 COMPANHEIRO no tabuleiro 】 Bane a carta selecionada.",
    "Ativar Cause 3 de DANO a um COMPANHEIRO do tabuleiro.",
    "Ativar Bane um COMPANHEIRO do tabuleiro.",
    "Auto【 Depois de um COMPANHEIRO sofrer dano 】 Cure 2 de VIDA.",
    "Auto【 Quando um COMPANHEIRO for ativado 】 Recupere 1 de MANA.",
    "Auto · Início do Companheiro Cure 2 de VIDA.",
    "Auto · Ao Entrar Cure 5 de VIDA",
    "Auto · Ao Sair Recupere 1 de MANA",
    "Auto · Ao Revelar Compre 1 carta",
    "Auto · Ao Ocultar Compre 1 carta",
    "Auto · Ao Descartar Compre 1 carta",
    "Auto · Ao Enterrar Compre 1 carta",
    "Auto · Ao Banir Compre 1 carta",
    "Auto · Início do Turno Cure 1 de VIDA",
    "Auto · Restauração Cure 2 de VIDA",
    "Ativar【 Consuma 1 de MANA 】 Cure 5 de VIDA.",
    "Ativar【 Quando um oponente ativar uma carta 】 Cure 1 de VIDA.",
    "Ativar Mova uma carta do seu INVENTÁRIO para a MESA.",
    "Ativar Devolva uma carta do seu DESCARTE ao seu INVENTÁRIO.",
    "Ativar Revele uma carta do seu INVENTÁRIO.",
    "Ativar Revele o INVENTÁRIO de um oponente.",
    "Ativar Olhe 2 cartas do seu BARALHO.",
    "Ativar Anexe esta carta a uma carta.",
    "Ativar Coloque esta carta no fundo do seu BARALHO.",
    "Ativar Um oponente descarta uma carta.",
    "Ativar Todos os aliados recebem +1 de AGI.",
    "Ativar Escolha um: ● Cure 5 de VIDA ● Compre 1 carta",
    "Auto【 Depois de um oponente descartar uma carta 】 Devolva essa carta ao BARALHO de seu dono.",
)


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read_yaml(path: Path) -> Any:
    """One of the project's own YAML files (libyaml's reader when there is one: the corpora are long)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)  # a safe loader


def _apoteose_texts() -> list[str]:
    """Every effect text of the runnable examples, of the built-in Apoteose scenarios, of the newer
    forms (:data:`NEW_APOTEOSE_TEXTS`) and, in a checkout, of the tests' text corpora."""
    examples = ROOT / "rulekit" / "data" / "apoteose" / "examples.yaml"
    texts = [e["text"] for e in _read_yaml(examples)["examples"]]
    for path in sorted((ROOT / "rulekit" / "data" / "scenarios" / "apoteose").glob("*.yaml")):
        sc = _read_yaml(path)
        for card in sc.get("cards") or ():
            for eff in card.get("effects") or ():
                text = eff if isinstance(eff, str) else eff.get("text")
                if isinstance(text, str) and text not in texts:
                    texts.append(text)
    corpora = [ROOT / "tests" / "apoteose" / name for name in ("corpus.yaml", "corpus_np.yaml")]
    more = [*NEW_APOTEOSE_TEXTS]
    for path in corpora:
        if path.is_file():
            more += [e["text"] for e in _read_yaml(path) or () if "text" in e]
    texts += [t for t in dict.fromkeys(more) if t not in texts]
    return texts


_CHOICE_KEYS: dict[str, tuple[list[str], list[dict[str, Any]] | None]] = {}


def _effect_facts(text: str) -> tuple[list[str], list[dict[str, Any]] | None]:
    """The ``choices:`` keys of an effect text and its body as data (None when it does not read)."""
    if text not in _CHOICE_KEYS:
        from rulekit.apoteose.scenario import choice_keys
        from rulekit.apoteose.text import parse_effect

        try:
            eff = parse_effect(text)
            _CHOICE_KEYS[text] = (choice_keys(eff), [st.to_dict() for st in eff.body])
        except Exception:  # a text of the pool that does not read: no choices, no body
            _CHOICE_KEYS[text] = ([], None)
    return _CHOICE_KEYS[text]


def apoteose_valid(rng: random.Random, texts: list[str]) -> dict[str, Any]:
    """A small valid-looking Apoteose scenario: 2-3 heroes, a few cards, a script and decisions.

    The first hero's first card has an ``Ativar`` effect and is activated; most other cards have
    responses (``Quando ...``), and the decisions sometimes answer with them. Some boards have
    COMPANHEIRO cards (with their own VIDA, in the TABULEIRO or the turn order), structured
    ``body:`` effects, card actions in the script (put, take, move, reveal, hide, discard, bury,
    banish), attacks and tests, battles, and attempts to respond while requirements are paid or
    during a resolution.
    """
    activatable = [t for t in texts if t.startswith("Ativar")] or texts
    responses = [t for t in activatable if "Quando" in t] or activatable
    heroes: list[dict[str, Any]] = []
    names = ["ana", "bruno", "carla"][: rng.randint(2, 3)]
    cards: list[dict[str, Any]] = []
    for h, hid in enumerate(names):
        zones: dict[str, list[str]] = {"INVENTÁRIO": [], "MESA": []}
        for k in range(rng.randint(1, 3)):
            cid = f"{hid}{k}"
            zones[rng.choice(["INVENTÁRIO", "MESA"])].append(cid)
            pool = activatable if (h, k) == (0, 0) else (responses if rng.random() < 0.6 else texts)
            effects: list[Any] = [rng.choice(pool) for _ in range(rng.randint(1, 2))]
            if rng.random() < 0.15:  # the structured form of the same text (§3 "Structured form")
                body = _effect_facts(effects[0])[1]
                if body:
                    effects[0] = {"text": effects[0], "body": body}
            cards.append(
                {
                    "id": cid,
                    "types": [rng.choice(["ITEM", "HABILIDADE", "EVOCAÇÃO"])],
                    "owner": hid,
                    "effects": effects,
                }
            )
        if rng.random() < 0.3:
            zones["BARALHO"] = []
            for k in range(rng.randint(1, 3)):
                cid = f"{hid}d{k}"
                zones["BARALHO"].append(cid)
                cards.append({"id": cid, "types": ["ITEM"], "owner": hid, "effects": [rng.choice(texts)]})
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
    order: list[str] = list(names)
    shared: dict[str, list[str]] = {}
    companions: list[str] = []
    if rng.random() < 0.4:  # COMPANHEIRO cards, some with their own VIDA
        for k in range(rng.randint(1, 2)):
            hid = rng.choice(names)
            cid = f"lobo{k}"
            comp: dict[str, Any] = {"id": cid, "types": ["COMPANHEIRO"], "owner": hid, "companion_of": hid}
            if rng.random() < 0.6:
                comp["vida"] = [rng.randint(1, 10), 10]
            if rng.random() < 0.5:
                comp["effects"] = [
                    rng.choice([t for t in texts if "COMPANHEIRO" in t or "Companheiro" in t] or texts)
                ]
            cards.append(comp)
            companions.append(cid)
            if rng.random() < 0.7:
                shared.setdefault("TABULEIRO", []).append(cid)
            else:
                heroes[names.index(hid)]["zones"]["MESA"].append(cid)
            if rng.random() < 0.4:
                order.insert(order.index(hid) + 1, cid)
    script: list[dict[str, Any]] = [{"activate": f"{first}0"}]
    first_text = next(c for c in cards if c["id"] == f"{first}0")["effects"][0]
    keys = _effect_facts(first_text if isinstance(first_text, str) else first_text["text"])[0]
    if any(c["id"] == f"{first}1" for c in cards) and keys:
        key = "req0" if "req0" in keys else rng.choice(keys)
        script[0]["choices"] = {key: f"{first}1"}  # something to discard or choose, if asked
    card_ids = [c["id"] for c in cards]
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        act = rng.choice(
            ["put", "take", "move", "reveal", "hide", "discard", "bury", "banish", "attack", "test", "battle"]
        )
        cid = rng.choice(card_ids)
        if act == "put":
            step: dict[str, Any] = {"put": {"card": cid}}
            if rng.random() < 0.4:
                step["put"]["to"] = rng.choice(["CENÁRIO", "TABULEIRO", "MESA"])
            elif rng.random() < 0.3:
                step["put"]["attach_to"] = rng.choice([c for c in card_ids if c != cid] or card_ids)
        elif act in ("take", "move"):
            step = {act: {"card": cid}}
            if act == "move" or rng.random() < 0.5:
                step[act]["to"] = rng.choice(["SUPORTE", "INVENTÁRIO", "DESCARTE", "MESA", "BANIDAS"])
        elif act == "attack":
            step = {
                "attack": {
                    "hero": rng.choice(names),
                    "target": rng.choice(names + companions),
                    "damage": rng.randint(1, 9),
                }
            }
        elif act == "test":
            step = {
                "test": {"hero": rng.choice(names), "attribute": rng.choice(["AGI", "INT", "CONHECIMENTO"])}
            }
        elif act == "battle":
            step = rng.choice([{"battle_start": True}, {"battle_end": True}])
        else:
            step = {act: {"card": cid}}
        script.insert(rng.randrange(len(script) + 1), step)
    if rng.random() < 0.3:
        script.append({"end_turn": True})
    turn: dict[str, Any] = {"order": order, "hero": first}
    if rng.random() < 0.2:
        turn["start"] = rng.choice(["turn", "cycle"])
    data: dict[str, Any] = {
        "game": "apoteose",
        "heroes": heroes,
        "cards": cards,
        "turn": turn,
        "script": script,
    }
    if shared:
        data["zones"] = shared
    other = [c for c in cards if c["owner"] != first and c.get("effects")]
    if other and rng.random() < 0.6:
        c = rng.choice(other)
        data["decisions"] = [{"window": "halt@0", "respond": {"hero": c["owner"], "card": c["id"]}}]
        rest = [x for x in other if x is not c]
        if rest and rng.random() < 0.5:
            d = rng.choice(rest)
            data["decisions"].append({"window": "halt@1", "respond": {"hero": d["owner"], "card": d["id"]}})
    if other and rng.random() < 0.25:  # an attempt while paying or resolving (refused with the seed's reason)
        c = rng.choice(other)
        data.setdefault("decisions", []).append(
            {
                "window": rng.choice(["activating@0", "resolving@0", "activating@1"]),
                "respond": {"card": c["id"]},
            }
        )
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


def _apoteose_targeted_newer(
    rng: random.Random, data: dict[str, Any], hero_ids: list[str], card_ids: list[str], junk: list[str]
) -> tuple[str, dict[str, Any]]:
    """A bad value in one of the newer forms: card actions, COMPANHEIRO, attempts, conditions."""
    script = data["script"]
    cards = data["cards"]
    op = rng.randrange(6)
    if op == 0:
        act = rng.choice(["put", "take", "move", "reveal", "hide", "discard", "bury", "banish"])
        step: dict[str, Any] = {
            act: rng.choice(
                [
                    {"card": rng.choice(junk)},
                    {
                        "card": rng.choice(card_ids),
                        "to": rng.choice(["LUA", "", "BARALHO COMUM", "LIMBO", *junk]),
                    },
                    {"card": rng.choice(card_ids), "attach_to": rng.choice([*junk, *card_ids])},
                    {"card": rng.choice(card_ids), "hero": rng.choice(junk)},
                    {},
                    rng.choice(card_ids),
                ]
            )
        }
        script.insert(rng.randrange(len(script) + 1), step)
        return "bad_card_action", data
    if op == 1:
        c = rng.choice(cards)
        c["types"] = ["COMPANHEIRO"]
        c[rng.choice(["companion_of", "vida", "vida", "companion_of"])] = rng.choice(
            [*junk, [20, 10], [-1, 10], [1], [1, 2, 3], "10", 10**12, [10**12, 10**12], c["id"]]
        )
        return "bad_companion", data
    if op == 2:
        data["turn"]["order"] = [*data["turn"]["order"], rng.choice([*card_ids, *junk])]
        return "bad_turn_order", data
    if op == 3:
        data.setdefault("decisions", []).append(
            {
                "window": rng.choice(
                    ["activating@", "resolving@x", "activating@99", "resolving@-1", "paying@0"]
                ),
                "respond": {"card": rng.choice([*card_ids, *junk])},
            }
        )
        return "bad_attempt", data
    if op == 4:
        c = rng.choice(cards)
        cond = rng.choice(
            [
                "Se sua VIDA for menor que",
                "Se sua BANANA for menor que 3",
                "Enquanto houverem",
                "Até que esta carta seja comida",
                "Durante o turno de ninguém",
                "Se você tiver " + "9" * 40 + " de MANA",
                "Se sua VIDA for menor que " + "9" * 5000,
                "Se você tiver " + "9" * 5000 + " ou mais cartas no INVENTÁRIO",
                "Se " + "sua VIDA for menor que 3 e " * 30 + "sua VIDA for menor que 3",
            ]
        )
        c["effects"] = [
            rng.choice(
                [
                    f"Ativar【 {cond} 】 Cure 1 de VIDA.",
                    f"Ativar Cure 1 de VIDA; {cond.lower()}, compre 1 carta.",
                ]
            )
        ]
        return "bad_condition", data
    c = rng.choice(cards)
    c["effects"] = [
        {
            "text": "Ativar Cure 1 de VIDA.",
            "body": [
                rng.choice(
                    [
                        {
                            "op": "if",
                            "cond": {"cond": "banana"},
                            "then": [{"op": "heal", "amount": 1, "resource": "VIDA"}],
                        },
                        {
                            "op": "if",
                            "cond": {"cond": "resource", "who": "self", "resource": "VIDA", "cmp": "<"},
                            "then": [],
                        },
                        {"op": "if", "then": [{"op": "heal"}]},
                        {"op": "if", "cond": "x", "then": "y"},
                        {"op": "move", "card": "self", "dest": "LUA"},
                        {
                            "op": "if",
                            "cond": {
                                "cond": "resource",
                                "who": "self",
                                "resource": "VIDA",
                                "cmp": "<",
                                "value": 5,
                            },
                            "then": [{"op": "if", "cond": {"cond": "zzz"}, "then": [{"op": "zzz"}]}],
                        },
                    ]
                )
            ],
        }
    ]
    return "bad_structured_if", data


def apoteose_targeted(rng: random.Random, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A mutation aimed at what the Apoteose loader must check (its LANGUAGE.md §4 fields)."""
    data = copy.deepcopy(data)
    heroes = data["heroes"]
    cards = data["cards"]
    hero_ids = [h["id"] for h in heroes]
    card_ids = [c["id"] for c in cards]
    junk = ["nobody", "", "ANA", *rng.sample(HOSTILE, 2)]
    if rng.random() < 0.4:
        return _apoteose_targeted_newer(rng, data, hero_ids, card_ids, junk)
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
                if c.get("effects") and isinstance(c["effects"][0], str)
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


class _DUMPER(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """The safe dumper (libyaml's when there is one), writing a str subclass as the text it is: a
    statement's ``to_dict`` keeps its Phrases (their msgids translate the warnings)."""


def _represent_text(dumper: Any, value: str) -> Any:
    return dumper.represent_str(str.__str__(value))


_DUMPER.add_multi_representer(str, _represent_text)


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


# ================================================================================== features
#: The language features a generated case may use, by game: what ``--json``'s ``features`` counts
#: and what the tests require the generator to reach.
FEATURES: dict[str, tuple[str, ...]] = {
    "mtg": (
        "copy",
        "copy except types",
        "copy except power/toughness",
        "copy except abilities",
        "copy except name",
        "copy except colors",
        "copy except remove_types",
        "copy except not_copied",
        "copy of a chosen object",
        "face-down copy",
        "duration until end of turn",
        "duration until your next turn",
        "duration until an untap step",
        "duration until end of combat",
        "duration for as long as: tapped",
        "duration for as long as: on the battlefield",
        "duration for as long as: you control",
        "duration for as long as: counter",
        "duration for as long as: is a type",
        "static condition",
        "targets_must",
        "selector with keyword",
        "selector with activated ability",
        "selector with no abilities",
        "selector with number",
        "selector with counters",
        "selector enchanted",
        "selector equipped",
        "selector other than the target",
        "expression X",
        "expression number of",
        "expression greatest",
        "expression its power/toughness",
        "expression twice/half",
        "expression plus/minus",
        "granted static ability",
        "activated_of",
        "full_text",
        "player/rules part",
        "counters of a P/T kind other than +1/+1",
        "counters event",
        "enters with counters",
        "enter with counters or as",
        "flicker (400.7)",
        "attached Aura or Equipment",
        "turn events (begin_turn, untap_step, end_of_combat)",
    ),
    "apoteose": (
        "put",
        "take",
        "move",
        "reveal",
        "hide",
        "discard",
        "bury",
        "banish",
        "attack",
        "test",
        "battle",
        "COMPANHEIRO",
        "COMPANHEIRO with VIDA",
        "COMPANHEIRO in the turn order",
        "attempt while paying",
        "attempt while resolving",
        "conditional statement (se)",
        "state condition (Enquanto/Até/Durante)",
        "resource condition",
        "structured body",
        "turn start",
    ),
}


def _walk(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every ``(key, value)`` of every mapping inside ``value``."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


_DURATION_FEATURES = (
    ("until end of turn", "duration until end of turn"),
    ("until your next turn", "duration until your next turn"),
    ("untap step", "duration until an untap step"),
    ("end of combat", "duration until end of combat"),
    ("tapped", "duration for as long as: tapped"),
    ("on the battlefield", "duration for as long as: on the battlefield"),
    ("as long as you control", "duration for as long as: you control"),
    ("counter on", "duration for as long as: counter"),
    (" is a ", "duration for as long as: is a type"),
)
_SELECTOR_FEATURES = (
    (r"with (?:flying|first strike|trample|hexproof)|without flying", "selector with keyword"),
    (r"activated abilit", "selector with activated ability"),
    (r"with no abilities", "selector with no abilities"),
    (r"with (?:power|toughness|mana value)", "selector with number"),
    (r"counters? on them", "selector with counters"),
    (r"^enchanted ", "selector enchanted"),
    (r"^equipped ", "selector equipped"),
    (r"other than the target", "selector other than the target"),
)
_EXPR_FEATURES = (
    (r"\bX\b", "expression X"),
    (r"number of", "expression number of"),
    (r"greatest", "expression greatest"),
    (r"^its (?:power|toughness)$", "expression its power/toughness"),
    (r"twice|three times|half", "expression twice/half"),
    (r" plus | minus ", "expression plus/minus"),
)


def features(game: str, data: Any) -> set[str]:
    """The :data:`FEATURES` a (valid) generated document uses."""
    found: set[str] = set()
    if game == "mtg":
        events = data.get("events") or [] if isinstance(data, dict) else []
        for k, v in _walk(data):
            if k == "copy":
                found.add("copy")
                if v == "{chosen object}":
                    found.add("copy of a chosen object")
            elif k == "except" and isinstance(v, dict):
                for key in v:
                    found.add("copy except " + ("power/toughness" if key in ("power", "toughness") else key))
            elif k == "face_down" and v is True and isinstance(data, dict):
                found.add("face-down copy")
            elif k == "duration" and isinstance(v, str):
                found.update(f for word, f in _DURATION_FEATURES if word in v)
            elif k == "condition":
                found.add("static condition")
            elif k == "targets_must":
                found.add("targets_must")
            elif k == "affects" and isinstance(v, str):
                found.update(f for rx, f in _SELECTOR_FEATURES if re.search(rx, v))
            elif k in ("power", "toughness") and isinstance(v, str):
                found.update(f for rx, f in _EXPR_FEATURES if re.search(rx, v))
            elif (
                k == "abilities"
                and isinstance(v, dict)
                and any(isinstance(g, dict) and g.get("static") for g in v.get("add") or ())
            ):
                found.add("granted static ability")
            elif k == "activated_of":
                found.add("activated_of")
            elif k == "full_text":
                found.add("full_text")
            elif k in ("player", "rules"):
                found.add("player/rules part")
            elif k in ("counters", "with_counters", "enters_with") and isinstance(v, dict):
                kinds = [v.get("kind")] if k == "counters" and "kind" in v else list(v)
                if any(kind not in ("+1/+1", "time", "loyalty") for kind in kinds):
                    found.add("counters of a P/T kind other than +1/+1")
                found.add(
                    {
                        "counters": "counters event" if "kind" in v else "",
                        "with_counters": "enter with counters or as",
                        "enters_with": "enters with counters",
                    }[k]
                )
            elif k == "as":
                found.add("enter with counters or as")
            elif k == "attached_to":
                found.add("attached Aura or Equipment")
            elif k in ("begin_turn", "untap_step") or v == "end_of_combat":
                found.add("turn events (begin_turn, untap_step, end_of_combat)")
        for e in events:
            if e == "end_of_combat":
                found.add("turn events (begin_turn, untap_step, end_of_combat)")
        left: set[str] = set()
        for e in events:
            if isinstance(e, dict) and isinstance(e.get("leave"), dict):
                left.add(e["leave"].get("object"))
            elif isinstance(e, dict) and e.get("enter") in left:
                found.add("flicker (400.7)")
        found.discard("")
        return found
    for step in data.get("script") or ():
        for key in step:
            if key in (
                "put",
                "take",
                "move",
                "reveal",
                "hide",
                "discard",
                "bury",
                "banish",
                "attack",
                "test",
            ):
                found.add(key)
            elif key in ("battle_start", "battle_end"):
                found.add("battle")
    for card in data.get("cards") or ():
        if "COMPANHEIRO" in (card.get("types") or ()):
            found.add("COMPANHEIRO")
            if "vida" in card:
                found.add("COMPANHEIRO with VIDA")
            if card["id"] in (data.get("turn") or {}).get("order", ()):
                found.add("COMPANHEIRO in the turn order")
        for eff in card.get("effects") or ():
            text = eff if isinstance(eff, str) else eff.get("text", "")
            if not isinstance(eff, str):
                found.add("structured body")
            if re.search(r"(?:[;,.] |^)[Ss]e (?!você tiver uma EVOCAÇÃO)", text.split("】")[-1]):
                found.add("conditional statement (se)")
            if re.search(r"【[^】]*(?:Enquanto|Até que|Durante)", text):
                found.add("state condition (Enquanto/Até/Durante)")
            if re.search(
                r"(?:VIDA|MANA|ESTAMINA) for (?:menor|maior)|pelo menos \d+ de|estiver com|ficar sem", text
            ):
                found.add("resource condition")
    for d in data.get("decisions") or ():
        window = str(d.get("window", ""))
        if window.startswith("activating@"):
            found.add("attempt while paying")
        elif window.startswith("resolving@"):
            found.add("attempt while resolving")
    if "start" in (data.get("turn") or {}):
        found.add("turn start")
    return found


# ===================================================================================== cases
@dataclass
class Case:
    game: str
    index: int
    kind: str  # valid / mutation name
    data: bytes
    features: frozenset[str] = frozenset()  # of the valid document it was made from


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
        used = frozenset(features(game, valid))
        roll = rng.random()
        if roll < 0.25:
            return Case(game, index, "valid", dump(valid).encode(), used)
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
            return Case(game, index, "+".join(names), dump(data).encode(), used)
        name, raw = mutate_bytes(rng, dump(valid))
        return Case(game, index, name, raw, used)


#: Tags that must never reach an HTML output live (the hostile strings' own); no output of the
#: views writes them.
_LIVE_TAGS = frozenset({"script", "img", "iframe", "svg", "object", "embed", "a", "form", "x", "b"})


#: A tag as the views write it: a known element with only known, double-quoted attributes whose
#: values hold no quote or angle bracket. Text that has no ``<`` once these are taken out cannot hold
#: an element, an event attribute or a comment, so only other text needs the (slower) parser.
_SAFE_TAG = re.compile(
    r"</?(?:table|thead|tbody|tr|th|td|caption|style|div|ul|ol|li|span|strong|em|br|p)"
    r'(?:\s+(?:id|class|title|style|type|lang|colspan|rowspan)="[^"<>]*")*\s*/?>'
)


class _LiveMarkup(HTMLParser):
    """Finds, as a browser's parser would, elements and event attributes a stranger's text made live."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _LIVE_TAGS:
            self.found.append(f"<{tag}>")
        self.found += [f"{tag} {name}=" for name, _ in attrs if name.startswith("on") or name == "href"]

    def handle_comment(self, data: str) -> None:
        self.found.append("<!--")


_LANGS = LANGUAGES  # every row of the registry, partial ones too (they fall back to English)


class Unclean(AssertionError):
    """An output that shows a stranger's text as it must not: live markup or a raw control character."""


def check_shown(text: str, where: str, html: bool = False) -> str:
    """``text`` as an output must show it: every hidden or control character already made visible
    (:func:`rulekit.textclean.visible` changes nothing), and in HTML no live hostile markup."""
    from rulekit.textclean import visible

    if visible(text) != text:
        bad = next(c for c in text if visible(c) != c and c not in "\n\t")
        raise Unclean(f"{where}: the character U+{ord(bad):04X} is shown raw")
    if html and "<" in _SAFE_TAG.sub("", text):
        parser = _LiveMarkup()
        parser.feed(text)
        parser.close()
        if parser.found:
            raise Unclean(f"{where}: live markup {parser.found[0]!r}")
    return text


def _mtg_outputs(trace: Any, lang: str) -> str:
    """Every output of a solved board a reader sees (text, HTML tables), checked, joined."""
    from rulekit.views.mtg import effects_table, final_table, layer_table
    from rulekit.views.table_html import table_html
    from rulekit.views.text import solve_text as render_text

    out = [check_shown(render_text(trace, lang=lang), "solve text")]
    for name, table in (("final", final_table), ("effects", effects_table), ("layers", layer_table)):
        out.append(check_shown(table_html(table(trace, lang=lang)), f"{name} table HTML", html=True))
    return "\n".join(out)


def _apoteose_outputs(trace: Any, lang: str) -> str:
    """Every output of a chain a reader sees (the report, HTML tables and stack), checked, joined."""
    from rulekit.views.chain import chain_log_table, chain_report, heroes_table, stack_html
    from rulekit.views.markup import clean
    from rulekit.views.table_html import table_html

    out = [check_shown(clean(chain_report(trace, lang)), "chain text")]
    out.append(check_shown(table_html(chain_log_table(trace, lang=lang)), "chain log HTML", html=True))
    out.append(check_shown(table_html(heroes_table(trace, lang=lang)), "heroes HTML", html=True))
    out.append(check_shown(stack_html(trace, lang=lang), "stack HTML", html=True))
    return "\n".join(out)


def run_case(case: Case, tmp: Path, render: bool = True) -> str:
    """Load and run one case; returns the outcome text (``ok <json>`` / ``error <message>``).

    With ``render`` the outcome also holds every output a reader sees (text and HTML, in one of the
    three languages), each checked by :func:`check_shown`. An error message must be one line and,
    for a file, name it (``fuzz.yaml:<line>: ...``). Raises whatever the code under test raises,
    other than :class:`RulekitError`, and :class:`Unclean` / ``AssertionError`` for a failed check.
    """
    lang = _LANGS[case.index % len(_LANGS)]
    decisions: Any = None
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
            shown = _mtg_outputs(trace, lang) if render else render_text(trace)
            return "ok " + trace.to_json() + "\n" + shown
        from rulekit.apoteose.chain import run_chain
        from rulekit.apoteose.scenario import load_scenario_doc, load_scenario_text

        if text is None:
            path = tmp / "case.yaml"
            path.write_bytes(case.data)
            sc = load_scenario_doc(YamlDoc.from_path(path, display="fuzz.yaml"), "fuzz.yaml")
        else:
            sc = load_scenario_text(text, "fuzz.yaml")
        if case.index % 7 == 3:  # run_chain(decisions=[...]) with a list or mapping a stranger wrote
            rng = random.Random(f"decisions:{case.index}")
            decisions = rng.choice(
                [
                    [rng.choice(["pass", "respond", "", "halt@0", "x" * 50, "0", "-1"]) for _ in range(3)],
                    {rng.choice(["halt@0", "nope", ""]): rng.choice(["pass", "zzz", ""])},
                    [None, 1, [], {}],
                ]
            )
        chain = run_chain(sc, decisions=decisions)
        return "ok " + chain.to_json() + ("\n" + _apoteose_outputs(chain, lang) if render else "")
    except RulekitError as exc:
        message = str(exc)
        if "\n" in message or "\r" in message:
            raise AssertionError(f"a multi-line error message: {message!r}") from None
        if decisions is None and not message.startswith("fuzz.yaml"):  # run_chain(decisions=...) has no file
            raise AssertionError(f"an error that names no file: {message[:200]!r}") from None
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
    #: how many cases (of each game) were made from a document using each of :data:`FEATURES`
    features: dict[str, dict[str, int]] = field(
        default_factory=lambda: {game: dict.fromkeys(names, 0) for game, names in FEATURES.items()}
    )
    seconds: float = 0.0
    stopped_early: bool = False
    #: the input digest of each checked case (what the other-seed run must be given, and is compared by)
    inputs: dict[str, str] = field(default_factory=dict)
    #: the checked cases that ended with no outcome here: ``"hang"`` or ``"crash"``
    no_outcome: dict[str, str] = field(default_factory=dict)
    #: checked cases the other-seed run did not run on the same input (never expected: it is given them)
    not_compared: list[str] = field(default_factory=list)
    #: the sources under test changed between this run and the other-seed run (nothing compared)
    sources_changed: bool = False


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


def digest(outcome: str | bytes) -> str:
    raw = outcome if isinstance(outcome, bytes) else outcome.encode("utf-8", "surrogatepass")
    return hashlib.sha256(raw).hexdigest()[:16]


def source_digest(root: Path = ROOT / "rulekit") -> str:
    """A digest of the code and data under test (every file of ``rulekit/`` but bytecode): the
    other-seed run says which it ran, so that a run whose sources changed meanwhile (a commit or a
    merge during a long run) is not taken for a difference between hash seeds."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def write_case(out: IO[str], c: Case) -> None:
    """One case as a JSON line (the data in base64: a case may not be UTF-8), read by :func:`read_cases`."""
    row = {"game": c.game, "index": c.index, "kind": c.kind, "data": base64.b64encode(c.data).decode()}
    out.write(json.dumps(row, sort_keys=True) + "\n")


def read_cases(path: Path) -> Iterator[Case]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            yield Case(row["game"], int(row["index"]), row["kind"], base64.b64decode(row["data"]))


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
    cases: Iterable[Case] | None = None,
    keep: IO[str] | None = None,
) -> tuple[Figures, dict[str, str]]:
    """Run every case; returns the figures and the digests of the checked cases.

    With ``max_seconds`` no new case starts after that much time (the figures say how many ran);
    a SIGTERM or Ctrl-C also stops the run after the current case, with figures. ``cases`` runs
    those cases instead of generating them (the other-seed run is given the very inputs this run
    checked: generated again later, they could differ, e.g. when the corpus grew in between);
    ``keep`` is written the checked cases (:func:`write_case`: a file, not memory, for long runs).
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
        todo = (
            cases if cases is not None else iter_cases(seed, n_mtg, n_apo, check_every if only_checked else 1)
        )
        for n, case in enumerate(todo):
            if _STOP or (max_seconds is not None and time.perf_counter() - start > max_seconds):
                figures.stopped_early = True
                break
            name = f"{case.game}:{case.index}"
            figures.examples[case.game] += 1
            figures.valid[case.game] += case.kind == "valid"
            for feature in case.features:
                figures.features[case.game][feature] = figures.features[case.game].get(feature, 0) + 1
            checked = bool(check_every) and case.index % check_every == 0
            if checked:
                figures.inputs[name] = digest(case.data)
                if keep is not None:
                    write_case(keep, case)
            t0 = time.perf_counter()
            outcome = None
            try:
                if use_alarm:
                    signal.setitimer(signal.ITIMER_REAL, timeout)
                outcome = run_case(case, tmp)
            except Hang:
                figures.hangs.append({"case": name, "kind": case.kind})
                if checked:
                    figures.no_outcome[name] = "hang"
            except Exception as exc:  # a crash: anything but RulekitError
                figures.crashes.append(
                    {"case": name, "kind": case.kind, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
                )
                if checked:
                    figures.no_outcome[name] = "crash"
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
            if checked:
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


def other_hashseed(args: argparse.Namespace, hashseed: str, checked: Path) -> dict[str, Any]:
    """The outcomes of the very cases this run checked, from a subprocess with another PYTHONHASHSEED.

    The subprocess is given the cases' inputs (the file ``checked``), not their numbers: cases generated again
    later could differ from the ones this run made (the Apoteose cases draw from the corpus, which may
    grow while a long run runs), and it answers, for each case, its input digest and output digest or
    that it hung or crashed there.
    """
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--seed",
        str(args.seed),
        "--timeout",
        str(args.timeout),
        "--check-every",
        "1",  # every case in the file is one this run checked
        "--no-repeat",
        "--no-hashseed",
        "--digests",
        "--cases",
        str(checked),
    ]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    try:
        return dict(json.loads(run.stdout.splitlines()[-1]))
    except (IndexError, ValueError):
        return {"failed": run.stderr[-500:]}


def compare_other(
    figures: Figures,
    digests: dict[str, str],
    theirs: dict[str, Any],
    between: str,
    sources: str | None = None,
) -> None:
    """Adds to ``figures`` what the other-seed run found: a **difference** only for a case both runs
    ran on the same input and that gave another output; a hang or crash there is counted as one (with
    where); a case whose input was not the same is not compared (it is counted under ``not_compared``),
    nor is any case when the other run ran other sources (``sources``: this run's :func:`source_digest`).
    """
    if "failed" in theirs:
        figures.differences.append({"case": "<subprocess>", "between": between, "error": theirs["failed"]})
        return
    if sources is not None and theirs.get("sources") != sources:  # the code changed meanwhile
        figures.not_compared.extend(sorted(figures.inputs))
        figures.sources_changed = True
        return
    their_digests: dict[str, str] = theirs.get("digests", {})
    their_inputs: dict[str, str] = theirs.get("inputs", {})
    their_none: dict[str, str] = theirs.get("no_outcome", {})
    for name in sorted(figures.inputs):
        if their_inputs.get(name) != figures.inputs[name]:
            figures.not_compared.append(name)
        elif name in figures.no_outcome:
            continue  # counted here already
        elif name in their_none:
            what = figures.hangs if their_none[name] == "hang" else figures.crashes
            what.append({"case": name, "kind": f"only with {between}", "error": their_none[name]})
        elif digests.get(name) != their_digests.get(name):
            figures.differences.append({"case": name, "between": between})


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
    parser.add_argument(
        "--other-hashseed", help="the PYTHONHASHSEED of the other-seed run (default 12345, or 54321)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--show", type=int, default=5, help="print this many crash reproducers")
    parser.add_argument("--case", help="print the text of one case (e.g. mtg:12) and exit")
    parser.add_argument("--digests", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cases", type=Path, help=argparse.SUPPRESS)  # the other-seed run's inputs
    args = parser.parse_args(argv)

    if args.case:
        game, _, index = args.case.partition(":")
        case = _Gen().case(args.seed, game, int(index))
        sys.stdout.write(f"# {case.game}:{case.index} ({case.kind})\n")
        sys.stdout.buffer.write(case.data)
        return 0

    progress = None if (args.json or args.digests) else (lambda s: print(f"  … {s}", file=sys.stderr))
    sources = source_digest()
    with tempfile.TemporaryDirectory() as work:
        checked = Path(work) / "checked.jsonl"  # the inputs the other-seed run is given
        with checked.open("w", encoding="utf-8") as keep:
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
                cases=read_cases(args.cases) if args.cases else None,
                keep=keep if args.hashseed and not args.digests else None,
            )
        if args.digests:
            answer = {
                "digests": digests,
                "inputs": figures.inputs,
                "no_outcome": figures.no_outcome,
                "sources": sources,
            }
            print(json.dumps(answer, sort_keys=True))
            return 0
        if args.hashseed:
            own = os.environ.get("PYTHONHASHSEED", "random")
            other = args.other_hashseed or ("12345" if own != "12345" else "54321")
            if source_digest() != sources:  # changed while this run ran: the other run could not match it
                figures.sources_changed = True
                figures.not_compared.extend(sorted(figures.inputs))
            else:
                theirs = other_hashseed(args, other, checked)
                compare_other(figures, digests, theirs, f"PYTHONHASHSEED {own} and {other}", sources)

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
        "not_compared": len(figures.not_compared),
        "sources_changed": figures.sources_changed,
        "examples_per_second": round(total / figures.seconds, 1) if figures.seconds else None,
        "seconds": round(figures.seconds, 1),
        "stopped_early": figures.stopped_early,
        "slowest_case": {"case": figures.slowest[1], "seconds": round(figures.slowest[0], 3)},
        "features": figures.features,
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
        if figures.sources_changed:
            print("not compared  the sources under rulekit/ changed during the run: run it again")
        elif figures.not_compared:
            print(f"not compared  {len(figures.not_compared)} (the other run's input was not the same)")
        print(f"examples/s    {result['examples_per_second']} ({figures.seconds:.1f} s)")
        print(f"slowest       {figures.slowest[1]} ({figures.slowest[0]:.3f} s)")
        for game, counts in figures.features.items():
            if figures.examples[game]:
                unused = [f for f, n in counts.items() if not n]
                print(
                    f"features      {game}: {sum(1 for n in counts.values() if n)} of {len(counts)} used"
                    + (f" (never: {', '.join(unused)})" if unused else "")
                )
        for c in figures.crashes[: args.show]:
            again = f"python tools/fuzz.py --seed {args.seed} --case {c['case']}"
            print(f"  crash {c['case']} ({c['kind']}): {c['error']}   [{again}]")
        for h in figures.hangs[: args.show]:
            print(f"  hang  {h['case']} ({h['kind']})")
        for d in figures.differences[: args.show]:
            print(f"  diff  {d['case']} between {d['between']}")
    failed = figures.crashes or figures.hangs or figures.differences or figures.not_compared
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
