"""The ``copy`` kind: "<affected> is a copy of <object>" (613.2a, 707.2): it takes the copiable
values of the first object its selector names (name, mana value, colours, types, abilities, power,
toughness), not its controller or counters; layer 1 (1a in the current edition). Expected values
come from 707.2, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import pt, scenario, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: giant, name: Test Giant, types: [Creature], subtypes: [Giant], colors: [red], mana_value: 5,
     power: 4, toughness: 4, controller: Bo, abilities: [Trample]}
  - {id: bears, name: Test Bears, types: [Creature], subtypes: [Bear], colors: [green], mana_value: 2,
     power: 2, toughness: 2, controller: Ann, counters: {+1/+1: 1}}
events:
  - resolve: {effect: {affects: targets, copy: COPY}, targets: [bears], id: shape}
"""


@pytest.mark.parametrize(("ruleset", "layer"), [("seed", "1"), ("current", "1a")])
def test_it_takes_the_copiable_values_and_nothing_else(ruleset: str, layer: str) -> None:
    """707.2: the Bears become a Test Giant (name, colour, types, mana value, Trample, 4/4); the
    +1/+1 counter (613.4c) and its controller are not copiable values: a 5/5 Ann controls."""
    t = solve_text(BOARD.replace("COPY", "'@giant'"), ruleset=ruleset)
    v = t.final["bears"]
    assert (v.name, v.colors, v.subtypes, v.mana_value, v.abilities, v.controller) == (
        "Test Giant",
        ("red",),
        ("Giant",),
        5,
        ("Trample",),
        "Ann",
    )
    assert pt(t, "bears") == (5, 5)
    assert {s.layer for s in t.steps if s.effect == "shape"} == {layer}


def test_a_selector_that_names_nothing_else_copies_nothing() -> None:
    """707.2 takes the values of an object the selector names other than itself: "Bears" names
    only the affected object, so it stays as it was."""
    t = solve_text(BOARD.replace("COPY", "Bears"))
    assert t.final["bears"].name == "Test Bears" and pt(t, "bears") == (3, 3)


def test_its_value_is_a_selector_naming_the_scenarios_objects() -> None:
    with pytest.raises(ScenarioError, match=r"copy"):
        scenario(BOARD.replace("COPY", "'@nobody'"))
