"""The ``set_types`` kind (613.1d, 205.1a): its card types are replaced; the subtypes that went
with the old ones go (205.1a, 205.3d), and with a land's land types their mana abilities (305.6)."""

from __future__ import annotations

from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: forest, name: Forest, types: [Land], subtypes: [Forest], supertypes: [Basic]}
  - {id: bears, name: Grizzly Bears, types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  - {id: statue, name: Test Statue, types: [Enchantment],
     abilities: [{text: "Each permanent is an artifact and loses its other card types.",
                  static: {affects: "creatures and lands", type: {set_types: [Artifact]}}}]}
"""


def test_the_types_are_replaced_and_their_subtypes_and_land_abilities_go() -> None:
    trace = solve_text(BOARD)
    forest, bears = trace.final["forest"], trace.final["bears"]
    assert forest.types == ("Artifact",) and forest.subtypes == () and forest.abilities == ()
    assert forest.supertypes == ("Basic",)  # 205.1a: only card types are set
    assert bears.types == ("Artifact",) and bears.subtypes == ()
