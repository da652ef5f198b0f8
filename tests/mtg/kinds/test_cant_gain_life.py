"""The ``cant_gain_life`` kind (119.7, 613.11): "<players> can't gain life"; it is about players, so
an ``affects:`` beside it is refused where it is written."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: erebos, name: Test Erebos, owner: Ann, controller: Ann, types: [Enchantment],
     abilities: [{text: "Your opponents can't gain life.",
                  static: {players: each opponent, rules: {cant_gain_life: true}}}]}
"""


def test_the_players_it_names_cant_gain_life() -> None:
    assert solve_text(BOARD).rules["cant_gain_life"] == {"Bo": True}


def test_objects_are_refused() -> None:
    bad = BOARD.replace("players: each opponent,", "affects: creatures,")
    with pytest.raises(
        ScenarioError, match=r"scenario\.yaml:7: .*affects: 'can't gain life' is about players"
    ):
        scenario(bad)
