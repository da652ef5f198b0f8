"""Families of boards whose cost grows with one number: the reproducers of the cost bounds
(``test_costs.py``, ``test_growth.py``) and the benchmark rows (``benchmarks/run.py``)."""

from __future__ import annotations

import json
import re
from typing import Any

_STATEMENT = re.compile(r'\s*("[^"]*"|\w+)( -> ("[^"]*"|\w+))? \[')


def dot_items(dot: str) -> int:
    """Nodes and edges in a DOT text (one statement a line, as rulekit.views.dot writes them)."""
    return sum(
        1 for line in dot.splitlines() if _STATEMENT.match(line) and line.split()[0] not in ("node", "edge")
    )


#: Creature types the K² family gives out (each effect's own and the others').
SUBTYPES = [
    "Goblin",
    "Elf",
    "Wizard",
    "Soldier",
    "Zombie",
    "Human",
    "Knight",
    "Cleric",
    "Rogue",
    "Warrior",
    "Beast",
    "Bird",
    "Cat",
    "Dog",
    "Dragon",
    "Angel",
    "Demon",
    "Giant",
    "Horror",
    "Spirit",
    "Vampire",
    "Wolf",
    "Merfolk",
    "Faerie",
    "Elemental",
    "Insect",
    "Snake",
    "Spider",
    "Shaman",
    "Druid",
    "Archer",
    "Monk",
    "Ninja",
    "Pirate",
    "Scout",
    "Golem",
    "Ooze",
    "Hydra",
    "Sphinx",
    "Kraken",
]


def each_makes_the_others_type(k: int) -> str:
    """K creatures, each with "<its type> creatures are also every other type": every effect changes
    what every other applies to (613.8a), so K² dependencies in one loop (at K = 25, 600 of them in
    a 20 kB file; the full diagram took 50 s to draw)."""
    names = SUBTYPES[:k]
    objects = [
        {
            "id": f"e{i}",
            "name": f"E{i}",
            "types": ["Creature"],
            "subtypes": [own],
            "power": 1,
            "toughness": 1,
            "controller": "Ann",
            "abilities": [
                {
                    "text": f"{own} creatures are also every other type.",
                    "static": {
                        "affects": f"{own} creatures",
                        "type": {"add": [s for s in names if s != own]},
                    },
                }
            ],
        }
        for i, own in enumerate(names)
    ]
    return json.dumps({"game": "mtg", "players": ["Ann"], "objects": objects}, indent=1)


def artifacts_and_enchantments(k: int) -> str:
    """K effects, alternately "artifacts are also enchantments" and "enchantments are also
    artifacts": each of one kind depends on each of the other (K²/2 dependencies)."""
    objects: list[dict[str, Any]] = []
    for i in range(k):
        frm, to = ("Artifact", "Enchantment") if i % 2 == 0 else ("Enchantment", "Artifact")
        objects.append(
            {
                "id": f"e{i}",
                "name": f"E{i}",
                "types": [frm],
                "controller": "Ann",
                "abilities": [
                    {
                        "text": f"{frm}s are also {to.lower()}s.",
                        "static": {"affects": f"{frm.lower()}s", "type": {"add": [to]}},
                    }
                ],
            }
        )
    return json.dumps({"game": "mtg", "players": ["Ann"], "objects": objects}, indent=1)


ANTHEM = {"text": "Creatures get +1/+1.", "static": {"affects": "creatures", "modify_pt": {"power": 1}}}


def anthems_over_long_names(n_objects: int, n_anthems: int, name_length: int) -> str:
    """``n_objects`` creatures with names ``name_length`` long, the first ``n_anthems`` with an
    anthem: every anthem changes every creature, and the explanation names each of them at each
    step. 250 creatures, 199 anthems and names of 208 letters are a 99.9 kB file whose `explain`
    printed 38 MB (about 380 characters per byte of the file) in 80 s."""
    objects = [
        {
            "id": f"c{i}",
            "name": "N" * name_length + str(i),
            "types": ["Creature"],
            "power": 1,
            "toughness": 1,
            "controller": "Ann",
            **({"abilities": [ANTHEM]} if i < n_anthems else {}),
        }
        for i in range(n_objects)
    ]
    return json.dumps({"game": "mtg", "players": ["Ann"], "objects": objects})


def conditional_types_each_way(k: int) -> str:
    """K effects, alternately "artifacts with mana value i or less are also enchantments" and the
    other way round, each "as long as you control one or more lands": each of one kind changes what
    each of the other applies to (613.8a), the condition keeps any verdict from being kept, so every
    pair is judged again after every step (613.8c), each on the objects of the other: about K⁴ work
    (100 of them, a 36 kB file, took 100 s to solve)."""
    objects: list[dict[str, Any]] = [{"id": "land", "name": "Land", "types": ["Land"], "controller": "Ann"}]
    for i in range(k):
        frm, to = ("Artifact", "Enchantment") if i % 2 == 0 else ("Enchantment", "Artifact")
        objects.append(
            {
                "id": f"e{i}",
                "name": f"E{i}",
                "types": [frm],
                "controller": "Ann",
                "abilities": [
                    {
                        "text": f"As long as you control a land, {frm.lower()}s are also {to.lower()}s.",
                        "static": {
                            "affects": f"{frm.lower()}s with mana value {i} or less",
                            "type": {"add": [to]},
                            "condition": "you control one or more lands",
                        },
                    }
                ],
            }
        )
    return json.dumps({"game": "mtg", "players": ["Ann"], "objects": objects}, indent=1)


def autos_answering_steps(n_autos: int, n_steps: int) -> str:
    """An Apoteose board: Bruno has ``n_autos`` cards "Auto【 Quando um oponente se mover 】 Recupere
    2 de MANA.", Ana steps ``n_steps`` times. Every step opens windows in which every Auto is asked
    whether it answers (and each answer is a chain entry with windows of its own): the checks grow
    as the windows times the effects (200 Autos and 20 steps, a 24 kB file, took 69 s)."""
    doc = {
        "game": "apoteose",
        "board": [4, 4],
        "heroes": [
            {
                "id": "ana",
                "team": "azul",
                "iniciativa": 5,
                "casa": [0, 0],
                "zones": {"MESA": []},
                "resources": {"VIDA": [50, 100], "MANA": [5, 10], "ESTAMINA": [4, 6]},
            },
            {
                "id": "bruno",
                "team": "vermelho",
                "iniciativa": 3,
                "casa": [3, 3],
                "zones": {"MESA": [f"v{i}" for i in range(n_autos)]},
                "resources": {"VIDA": [50, 100], "MANA": [5, 10], "ESTAMINA": [4, 6]},
            },
        ],
        "cards": [
            {
                "id": f"v{i}",
                "owner": "bruno",
                "effects": ["Auto【 Quando um oponente se mover 】 Recupere 2 de MANA."],
            }
            for i in range(n_autos)
        ],
        "turn": {"hero": "ana"},
        "script": [{"step": {"hero": "ana", "to": [i % 2, 1 - i % 2]}} for i in range(n_steps)],
    }
    return json.dumps(doc, ensure_ascii=False, indent=1)
