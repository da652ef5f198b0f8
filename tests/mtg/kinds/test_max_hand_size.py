"""The ``max_hand_size`` kind (613.11, 402.2): a player's maximum hand size set, changed, or taken
away ("no maximum": ``null`` in the rules; a later ``add`` leaves it so, a later ``set`` gives a
number again), in timestamp order."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: tower, name: Test Tower, owner: Ann, controller: Ann, types: [Land], timestamp: 1,
     abilities: [{text: "You have no maximum hand size.",
                  static: {players: you, rules: {max_hand_size: FIRST}}}]}
  - {id: miser, name: Test Miser, owner: Bo, controller: Bo, types: [Creature], power: 1, toughness: 1,
     timestamp: 2,
     abilities: [{text: "Each opponent's maximum hand size is reduced by one.",
                  static: {players: each opponent, rules: {max_hand_size: {add: -1}}}}]}
"""


@pytest.mark.parametrize(("first", "ann"), [("no maximum", None), ("{set: 5}", 4), ("3", 2)])
def test_set_or_taken_away_then_reduced(first: str, ann: int | None) -> None:
    trace = solve_text(BOARD.replace("FIRST", first))
    assert trace.rules["max_hand_size"] == {"Ann": ann, "Bo": 7}


def test_a_phrase_that_is_no_hand_size_is_refused_with_a_suggestion() -> None:
    with pytest.raises(
        ScenarioError, match=r"max_hand_size: 'no maximun' is not a maximum hand size.*no maximum"
    ):
        scenario(BOARD.replace("FIRST", "no maximun"))
