"""The ``requirement`` kind (613.11): a requirement on the objects it names, found as the layer
applies (611.2c: a rules part is never locked)."""

from __future__ import annotations

from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2}
  - {id: wall, name: Test Wall, types: [Artifact]}
  - {id: rage, name: Test Rage, types: [Enchantment],
     abilities: [{text: "Creatures attack each combat if able.",
                  static: {affects: creatures, rules: {requirement: attacks each combat if able}}}]}
"""


def test_the_objects_it_names_have_the_requirement() -> None:
    assert solve_text(BOARD).rules["requirements"] == {"bears": ("attacks each combat if able",)}
