"""The ``add_types`` kind (613.1d, 205.1): words added in addition to the object's types, each to
its kind; a basic land type brings its mana ability (305.6)."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  - {id: web, name: Test Web, types: [Enchantment],
     abilities: [{text: "Creatures are legendary artifact Forest Elves in addition to their other types.",
                  static: {affects: creatures, type: {add: [Artifact, Legendary, Elf]}}}]}
"""


def test_each_word_goes_to_its_kind() -> None:
    bears = solve_text(BOARD).final["bears"]
    assert bears.types == ("Creature", "Artifact")
    assert bears.supertypes == ("Legendary",) and bears.subtypes == ("Bear", "Elf")


def test_a_basic_land_type_brings_its_mana_ability() -> None:
    land = BOARD.replace("types: [Creature], subtypes: [Bear]", "types: [Land, Creature], subtypes: [Bear]")
    bears = solve_text(land.replace("[Artifact, Legendary, Elf]", "[Forest]")).final["bears"]
    assert "{T}: Add {G}." in bears.abilities
    spec = build_spec({"affects": "lands", "type": {"add": ["Forest"]}})
    assert ("abilities+", "*") in PARTS["type"].writes(spec)
