"""The ``remove_abilities`` kind (613.1f): "<affected> loses <abilities>", the ability a word
names (its text, a final full stop aside); the others stay."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: drake, name: Test Drake, types: [Creature], power: 2, toughness: 2,
     abilities: [Flying, Vigilance, "This creature can block only creatures with flying."]}
  - {id: net, name: Test Net, types: [Enchantment],
     abilities: [{text: "Creatures lose flying.",
                  static: {affects: creatures, abilities: {remove: [
                    Flying, "This creature can block only creatures with flying"]}}}]}
"""


def test_the_named_abilities_go_and_the_others_stay() -> None:
    assert solve_text(BOARD).final["drake"].abilities == ("Vigilance",)


def test_it_writes_only_a_loss() -> None:
    spec = build_spec({"affects": "creatures", "abilities": {"remove": ["Flying"]}})
    assert spec.value("remove_abilities") == ("Flying",)
    assert PARTS["abilities"].writes(spec) == frozenset({("abilities-", "*")})
