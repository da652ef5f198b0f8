"""The type vocabulary of CR 205 as data: every creature type, land type, artifact,
enchantment, planeswalker, battle, spell and dungeon type, with plurals; unknown words are named
with their position and only close spellings are suggested.

Expected words come from the Comprehensive Rules' lists (205.3g-205.3m) and Oracle texts, never
from the code under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulekit.errors import ScenarioError
from rulekit.mtg import vocab
from rulekit.mtg.selectors import SelectorError, parse_selector

from ._helpers import load_text

TYPES_YAML = Path(vocab.__file__).resolve().parent.parent / "data" / "mtg" / "types.yaml"

#: creature types that were refused before, and a sample of others from 205.3m.
REFUSED_BEFORE = (
    "Sliver",
    "Elk",
    "Juggernaut",
    "Plant",
    "Leviathan",
    "Eldrazi",
    "Kithkin",
    "Wraith",
    "Griffin",
    "Thrull",
    "Minotaur",
    "Ooze",
)
SAMPLE_205_3M = (
    "Advisor",
    "Aetherborn",
    "Assembly-Worker",
    "C'tan",
    "Time Lord",
    "Myr",
    "Thopter",
    "Servo",
    "Germ",
    "Nightmare",
    "Avatar",
    "Lhurgoyf",
    "Shapeshifter",
    "Mouse",
    "Octopus",
    "Sphinx",
    "Dwarf",
    "Zubera",
    "Phyrexian",
    "Incarnation",
    "Homunculus",
    "Gnome",
    "Atog",
    "Kor",
    "Moonfolk",
    "Sorcerer",
)


def test_types_file_cites_its_edition_and_lists_are_sorted_and_disjoint() -> None:
    data = yaml.safe_load(TYPES_YAML.read_text(encoding="utf-8"))
    assert "Comprehensive Rules" in data["edition"]
    seen: dict[str, str] = {}
    for family, words in data["subtypes"].items():
        assert words == sorted(words, key=str.lower), family
        for w in words:
            assert w not in seen, f"{w} is in {seen.get(w)} and {family}"
            seen[w] = family
    assert len(data["subtypes"]["creature"]) > 300  # 205.3m lists about three hundred
    assert "2026" in data["edition"]


@pytest.mark.parametrize("word", REFUSED_BEFORE + SAMPLE_205_3M)
def test_every_creature_type_is_known(word: str) -> None:
    assert word in vocab.CREATURE_TYPES
    assert vocab.subtype_family(word) == "creature"


def test_other_families() -> None:
    assert {"Urza's", "Power-Plant", "Cave", "Desert", "Gate", "Locus", "Sphere"} <= set(vocab.LAND_TYPES)
    assert vocab.LAND_TYPES[:5] == ("Plains", "Island", "Swamp", "Mountain", "Forest")
    assert {"Equipment", "Vehicle", "Treasure", "Clue", "Food", "Fortification"} <= set(vocab.ARTIFACT_TYPES)
    assert {"Aura", "Saga", "Curse", "Shrine", "Class", "Room", "Role"} <= set(vocab.ENCHANTMENT_TYPES)
    assert {"Jace", "Gideon", "Karn", "Ugin", "Liliana"} <= set(vocab.PLANESWALKER_TYPES)
    assert {"Arcane", "Trap", "Adventure", "Lesson"} <= set(vocab.SPELL_TYPES)
    assert vocab.BATTLE_TYPES == ("Siege",)
    assert vocab.subtype_family("Siege") == "battle"
    assert vocab.subtype_family("Aura") == "enchantment"


@pytest.mark.parametrize(
    ("phrase", "subtype"),
    [
        ("Slivers", "Sliver"),
        ("Elves", "Elf"),
        ("Mice", "Mouse"),
        ("Octopuses", "Octopus"),
        ("Sphinxes", "Sphinx"),
        ("Dwarves", "Dwarf"),
        ("Wolves", "Wolf"),
        ("Merfolk", "Merfolk"),
        ("Eldrazi", "Eldrazi"),
        ("Allies", "Ally"),
        ("Time Lords", "Time Lord"),
        ("Urza's", "Urza's"),
    ],
)
def test_plurals_select_their_subtype(phrase: str, subtype: str) -> None:
    conds = parse_selector(phrase).parts[0].conds
    assert [(c.attr, c.value) for c in conds] == [("subtypes", subtype)]


@pytest.mark.parametrize(
    ("phrase", "conds"),
    [
        (
            "Sliver creatures you control",
            [("subtypes", "Sliver"), ("types", "Creature"), ("controller", "you")],
        ),
        ("each other Elf", [("subtypes", "Elf")]),
        ("all Slivers", [("subtypes", "Sliver")]),
        ("non-Sliver creatures", [("subtypes", "Sliver"), ("types", "Creature")]),
        (
            "Kithkin creatures you control",
            [("subtypes", "Kithkin"), ("types", "Creature"), ("controller", "you")],
        ),
    ],
)
def test_subtype_selectors(phrase: str, conds: list[tuple[str, str]]) -> None:
    part = parse_selector(phrase).parts[0]
    assert [(c.attr, c.value) for c in part.conds] == conds


def test_each_other_elf_excludes_the_source() -> None:
    assert parse_selector("each other Elf").parts[0].other


def test_unknown_word_is_named_with_its_position_and_a_close_spelling() -> None:
    with pytest.raises(SelectorError) as exc:
        parse_selector("other Slivr creatures you control")
    e = exc.value
    assert e.word == "Slivr"
    assert e.position == 6
    assert "'Slivr' (word 2, character 7)" in str(e)
    assert e.suggestion == "Sliver"


def test_a_real_type_is_never_corrected_into_another() -> None:
    """Elk is a creature type: no "did you mean Elf"; a real word gets no suggestion at all."""
    assert vocab.suggest_close("Elk", vocab.CREATURE_TYPES) is None
    assert vocab.suggest_close("Elk", ["Elf"]) is None
    assert vocab.suggest_close("Goblin", ["Goblins", "Golem"]) is None


def test_with_is_never_white() -> None:
    assert vocab.suggest_close("with", ["white", "blue"]) is None
    with pytest.raises(SelectorError) as exc:
        parse_selector("white creatures with with")
    assert exc.value.suggestion != "white"
    assert exc.value.word == "with"


def test_misspelt_plural_gets_its_right_spelling() -> None:
    with pytest.raises(SelectorError) as exc:
        parse_selector("other Elfs")
    assert exc.value.suggestion == "Elves"


def test_library_card_with_new_subtypes_loads() -> None:
    sc = load_text(
        """
        game: mtg
        players: [Ann]
        objects:
          - {id: elk, name: Elk Token, types: [Creature], subtypes: [Elk], power: 3, toughness: 3}
          - {id: jug, name: Juggernaut, types: [Artifact, Creature], subtypes: [Juggernaut],
             power: 5, toughness: 3}
        """
    )
    assert [o.subtypes for o in sc.objects] == [("Elk",), ("Juggernaut",)]


def test_scenario_error_names_the_unknown_word() -> None:
    with pytest.raises(ScenarioError) as exc:
        load_text(
            """
            game: mtg
            players: [Ann]
            objects:
              - id: lord
                name: Lord
                types: [Creature]
                power: 1
                toughness: 1
                abilities:
                  - text: Slivr creatures you control get +1/+1.
                    static: {affects: Slivr creatures you control, modify_pt: {power: 1, toughness: 1}}
            """
        )
    msg = str(exc.value)
    assert "'Slivr' (word 1, character 1)" in msg and "did you mean 'Sliver'" in msg


def test_scenario_subtype_typo_of_a_real_type_gets_no_false_suggestion() -> None:
    """'Elk' put where only card types go: refused, and not "corrected" to another type."""
    with pytest.raises(ScenarioError) as exc:
        load_text(
            """
            game: mtg
            players: [Ann]
            objects:
              - {id: x, name: X, types: [Elk]}
            """
        )
    assert "did you mean" not in str(exc.value)
