"""The ``remove_types`` kind (613.1d, 205.1a): words taken from the object's types; a card type
taken away takes the subtypes that went with it (205.1a, 205.3d)."""

from __future__ import annotations

from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: golem, name: Test Golem, types: [Artifact, Creature], subtypes: [Golem], supertypes: [Legendary],
     power: 3, toughness: 3}
  - {id: rust, name: Test Rust, types: [Enchantment],
     abilities: [{text: "Artifact creatures aren't creatures or legendary.",
                  static: {affects: artifacts, type: {remove: [Creature, Legendary]}}}]}
"""


def test_the_words_go_and_the_creature_types_with_the_creature_type() -> None:
    golem = solve_text(BOARD).final["golem"]
    assert golem.types == ("Artifact",) and golem.supertypes == () and golem.subtypes == ()
