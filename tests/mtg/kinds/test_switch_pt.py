"""The ``switch_pt`` kind: "switch its power and toughness" (613.4e seed, 613.4d current), after
every other P/T sublayer; its section holds its value itself (``switch_pt: true``)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import pt, scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 1, toughness: 3}
  - {id: twist, name: Test Twist, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Creatures switch power and toughness.",
                  static: {affects: creatures, switch_pt: SWITCH}}]}
  - {id: anthem, name: Test Anthem, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Creatures get +1/+0.", static: {affects: creatures, modify_pt: {power: 1}}}]}
"""


def test_it_switches_after_the_modifications_whatever_the_timestamps() -> None:
    trace = solve_text(BOARD.replace("SWITCH", "true"))
    assert pt(trace, "bears") == (3, 2)
    assert {s.layer for s in trace.steps if s.effect == "twist"} == {"7e"}
    assert {
        s.layer
        for s in solve_text(BOARD.replace("SWITCH", "true"), ruleset="current").steps
        if s.effect == "twist"
    } == {"7d"}


def test_its_value_is_a_flag() -> None:
    with pytest.raises(ScenarioError, match=r"switch_pt"):
        scenario(BOARD.replace("SWITCH", "sideways"))
