"""The ``remove_all_creature_types`` kind (613.1d): "loses all creature types", every creature type
included; an earlier "is every creature type" is undone."""

from __future__ import annotations

from tests.mtg._util import pt, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: elf, name: Llanowar Elves, types: [Creature], subtypes: [Elf, Druid], power: 1, toughness: 1}
  - {id: mask, name: Test Mask, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Creatures are every creature type.",
                  static: {affects: creatures, type: {all_creature_types: true}}}]}
  - {id: blank, name: Test Blank, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Creatures lose all creature types.",
                  static: {affects: creatures, type: {remove_all_creature_types: true}}}]}
  - {id: lord, name: Test Lord, types: [Enchantment], timestamp: 3,
     abilities: [{text: "Goblins and Elves get +1/+1.",
                  static: {affects: Goblins and Elves, modify_pt: {power: 1, toughness: 1}}}]}
"""


def test_every_creature_type_goes() -> None:
    trace = solve_text(BOARD)
    assert trace.final["elf"].subtypes == ()
    assert pt(trace, "elf") == (1, 1)  # neither an Elf nor, any more, a Goblin
