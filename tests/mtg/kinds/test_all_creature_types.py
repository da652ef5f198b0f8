"""The ``all_creature_types`` kind (613.1d): "is every creature type" (changeling's effect)."""

from __future__ import annotations

from tests.mtg._util import pt, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  - {id: mask, name: Test Mask, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Creatures are every creature type.",
                  static: {affects: creatures, type: {all_creature_types: true}}}]}
  - {id: lord, name: Test Lord, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Goblins get +1/+1.",
                  static: {affects: Goblins, modify_pt: {power: 1, toughness: 1}}}]}
"""


def test_it_is_every_creature_type() -> None:
    assert pt(solve_text(BOARD), "bears") == (3, 3)  # a Goblin now, as every creature type
    assert pt(solve_text(BOARD.replace("all_creature_types: true", "add: [Elf]")), "bears") == (2, 2)
