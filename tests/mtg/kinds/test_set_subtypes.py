"""The ``set_subtypes`` kind (613.1d, 205.1b): a new subtype replaces the old subtypes of its kind;
on a land, basic land types follow 305.7 (old land types and the abilities of its rules text go,
the new types' mana abilities come, supertypes stay)."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: gate, name: Test Gate, types: [Land], subtypes: [Gate], supertypes: [Legendary],
     abilities: ["{T}: Add {C}."]}
  - {id: elf, name: Llanowar Elves, types: [Creature], subtypes: [Elf, Druid], power: 1, toughness: 1}
  - {id: moon, name: Test Moon, types: [Enchantment],
     abilities: [{text: "Lands are Swamps.", static: {affects: lands, type: {set_subtypes: [Swamp]}}},
                 {text: "Creatures are Goblins.",
                  static: {affects: creatures, type: {set_subtypes: [Goblin]}}}]}
"""


def test_a_basic_land_type_on_a_land_follows_305_7() -> None:
    gate = solve_text(BOARD).final["gate"]
    assert gate.subtypes == ("Swamp",) and gate.supertypes == ("Legendary",)
    assert gate.abilities == ("{T}: Add {B}.",)


def test_a_creature_type_replaces_the_creature_types() -> None:
    assert solve_text(BOARD).final["elf"].subtypes == ("Goblin",)


def test_its_result_depends_on_being_a_land() -> None:
    spec = build_spec({"affects": "permanents", "type": {"set_subtypes": ["Swamp"]}})
    assert PARTS["type"].decision_inputs(spec) == frozenset({("types", "Land")})
