"""The ``cost`` kind (601.2f, 613.11): "<spells> cost {N} more / less to cast": the rules hold each
spell's net generic change; its selector names spells, not permanents."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bolt, name: Lightning Bolt, types: [Instant], zone: stack, mana_value: 1}
  - {id: thalia, name: Test Thalia, types: [Creature], power: 2, toughness: 1, timestamp: 1,
     abilities: [{text: "Noncreature spells cost {1} more to cast.",
                  static: {affects: AFFECTS, rules: {cost: {add: 1}}}}]}
  - {id: helm, name: Test Helm, types: [Artifact], timestamp: 2,
     abilities: [{text: "Spells cost {2} more to cast.", static: {affects: spells, rules: {cost: {add: 2}}}}]}
"""


def test_the_changes_add_up() -> None:
    assert solve_text(BOARD.replace("AFFECTS", "noncreature spells")).rules["cost_change"] == {"bolt": 3}


def test_a_selector_of_permanents_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"scenario\.yaml:8: .*affects"):
        scenario(BOARD.replace("AFFECTS", "creatures"))
