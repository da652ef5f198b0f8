"""The ``full_text`` kind (612.6): "has the full text of <object>": that object's name, mana value,
colours, type line, abilities and numbers as they are when layer 3 applies."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import pt, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: mimic, name: Test Mimic, types: [Creature], subtypes: [Shapeshifter], power: 0, toughness: 1,
     abilities: [{text: "It has the full text of the Bears.", static: {affects: this, full_text: "@bears"}}]}
  - {id: bears, name: Grizzly Bears, types: [Creature], subtypes: [Bear], colors: [green], mana_value: 2,
     power: 2, toughness: 2, abilities: [Trample]}
"""


def test_it_takes_the_other_objects_full_text() -> None:
    trace = solve_text(BOARD)
    mimic = trace.final["mimic"]
    assert (mimic.name, mimic.subtypes, mimic.colors, mimic.mana_value) == (
        "Grizzly Bears",
        ("Bear",),
        ("green",),
        2,
    )
    assert mimic.abilities == ("Trample",) and pt(trace, "mimic") == (2, 2)


def test_it_may_change_anything_and_reads_everything() -> None:
    spec = build_spec({"affects": "this", "full_text": "@bears"})
    part = PARTS["text"]
    assert part.writes(spec) == part.reads(spec) == frozenset({("*", "*")})
    assert part.uses_params(spec) and not part.keeps_signature(spec)
