"""The ``cant_have`` kind (613.1f): "<affected> can't have <abilities>": the ability goes and no
effect gives it back, whatever their timestamps (it wins regardless of order)."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2, abilities: [Hexproof]}
  - {id: curse, name: Test Curse, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Creatures can't have hexproof.",
                  static: {affects: creatures, abilities: {cant_have: [Hexproof]}}}]}
  - {id: cloak, name: Test Cloak, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Creatures have hexproof and vigilance.",
                  static: {affects: creatures, abilities: {add: [Hexproof, Vigilance]}}}]}
"""


def test_it_wins_over_a_later_grant_and_its_own_ability() -> None:
    assert solve_text(BOARD).final["bears"].abilities == ("Vigilance",)


def test_it_writes_a_loss() -> None:
    spec = build_spec({"affects": "creatures", "abilities": {"cant_have": ["Hexproof"]}})
    assert spec.value("cant_have") == ("Hexproof",)
    assert PARTS["abilities"].writes(spec) == frozenset({("abilities-", "*")})
