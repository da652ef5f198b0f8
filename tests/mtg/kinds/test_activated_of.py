"""The ``activated_of`` kind (602.1, 613.1f): "has all activated abilities of <selector>" (Necrotic
Ooze), read in layer 6 as those objects are then: an earlier layer-6 effect on them changes what it
gives, so the kind reads their abilities and it depends on that effect (613.8a)."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import deps, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: ooze, card: Necrotic Ooze, controller: Ann}
  - {id: tusker, name: Tusker, types: [Creature], power: 6, toughness: 5, zone: graveyard,
     abilities: ["{2}: This creature gets +1/+1 until end of turn.", "When this dies, draw a card."]}
"""

SILENCE = """
  - {id: silence, name: Test Silence, types: [Enchantment],
     abilities: [{text: "Cards in graveyards lose all abilities.",
                  static: {affects: creature cards in all graveyards, abilities: {remove_all: true}}}]}
"""


def test_it_has_the_activated_abilities_only() -> None:
    abilities = solve_text(BOARD).final["ooze"].abilities
    assert "{2}: This creature gets +1/+1 until end of turn." in abilities
    assert "When this dies, draw a card." not in abilities  # a triggered ability (603.1)


def test_it_depends_on_an_effect_that_changes_those_abilities() -> None:
    """613.8a: the removal changes what the Ooze's effect does, so the Ooze's waits for it."""
    trace = solve_text(BOARD + SILENCE)
    assert "{2}: This creature gets +1/+1 until end of turn." not in trace.final["ooze"].abilities
    assert ("ooze", "silence") in deps(trace)


def test_it_reads_the_abilities_and_zones_and_its_params_vary() -> None:
    spec = build_spec({"affects": "this", "abilities": {"activated_of": "creature cards in all graveyards"}})
    part = PARTS["abilities"]
    assert {("abilities+", "*"), ("abilities-", "*"), ("zone", "*")} <= part.reads(spec)
    assert part.params_vary(spec) and part.uses_params(spec)
