"""Double-faced cards (CR 712) and copies of them (707.8, 202.3b).

Expected values come from the Comprehensive Rules (the January 2026 edition's 712.8a, 712.8d-f,
712.9, 712.10, 712.13, 712.14, 712.14a, 712.18, 707.8, 202.3b, 613.7g) and from the rulings that
came with the cards (the Innistrad and Shadows over Innistrad release notes: "a double-faced
permanent that transforms is the same object: Auras, counters and effects stay"; "a copy of a
transformed permanent copies its back face and has mana value 0"; "a face-down double-faced card
can't transform"; a judge's question on Tarmogoyf and a double-faced card in a graveyard), never from
running the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

DELVER = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: delver, card: Delver of Secrets, controller: Ann}
"""


def _v(text: str, oid: str, ruleset: str = "seed") -> mtg.ObjectView:
    return solve_text(text, ruleset=ruleset).final[oid]


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_front_face_up_has_only_the_front_faces_characteristics(ruleset: str) -> None:
    """712.8d: Delver of Secrets on the battlefield, front face up, is a 1/1 Human Wizard."""
    v = _v(DELVER, "delver", ruleset)
    assert (v.name, v.subtypes, v.power, v.toughness, v.mana_value) == (
        "Delver of Secrets",
        ("Human", "Wizard"),
        1,
        1,
        1,
    )
    assert "Flying" not in v.abilities


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_transformed_it_has_the_back_faces_characteristics_and_front_mana_value(ruleset: str) -> None:
    """712.8e: transformed, it is Insectile Aberration, a 3/2 flying Human Insect; its mana value is
    calculated from its front face's mana cost {U}: 1."""
    v = _v(DELVER + "events:\n  - transform: delver\n", "delver", ruleset)
    assert (v.name, v.subtypes, v.colors, v.power, v.toughness) == (
        "Insectile Aberration",
        ("Human", "Insect"),
        ("blue",),
        3,
        2,
    )
    assert v.abilities == ("Flying",)
    assert v.mana_value == 1


def test_transforming_twice_turns_it_back() -> None:
    """712.9: a transforming permanent turns over to its other face each time."""
    v = _v(DELVER + "events:\n  - transform: delver\n  - transform: delver\n", "delver")
    assert (v.name, v.power, v.mana_value) == ("Delver of Secrets", 1, 1)


def test_a_land_back_face_is_a_creature_with_mana_value_zero() -> None:
    """712.8e: Westvale Abbey has no mana cost, so Ormendahl, Profane Prince has mana value 0; it is
    a legendary 9/7 Demon with flying, lifelink, indestructible and haste, and no longer a land."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: abbey, card: Westvale Abbey, controller: Ann}
events:
  - transform: abbey
"""
    v = _v(text, "abbey")
    assert (v.name, v.types, v.supertypes, v.power, v.toughness, v.mana_value) == (
        "Ormendahl, Profane Prince",
        ("Creature",),
        ("Legendary",),
        9,
        7,
        0,
    )
    assert set(v.abilities) == {"Flying", "Lifelink", "Indestructible", "Haste"}


def test_blood_moon_stops_applying_once_the_abbey_is_no_land() -> None:
    """Blood Moon ("Nonbasic lands are Mountains") applies to Westvale Abbey; once it transforms,
    Ormendahl is not a land (712.8e: only its back face's characteristics), so Blood Moon no longer
    applies and it keeps its abilities."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: moon, card: Blood Moon, controller: Ann}
  - {id: abbey, card: Westvale Abbey, controller: Ann}
"""
    before = _v(text, "abbey")
    assert before.subtypes == ("Mountain",) and before.abilities == ("{T}: Add {R}.",)
    after = _v(text + "events:\n  - transform: abbey\n", "abbey")
    assert after.subtypes == ("Demon",) and "Flying" in after.abilities


GROWTH = (
    DELVER
    + """
  - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
events:
  - resolve: {source: growth, ability: cast, targets: [delver]}
"""
)


def test_it_stays_the_same_object_so_effects_on_it_continue() -> None:
    """712.18 (and the Innistrad release notes): a permanent that transforms is not a new object:
    Giant Growth, which resolved for Delver of Secrets, still gives Insectile Aberration +3/+3, and
    its +1/+1 counter stays."""
    text = GROWTH.replace(
        "card: Delver of Secrets, controller: Ann}",
        "card: Delver of Secrets, controller: Ann, counters: {+1/+1: 1}}",
    )
    assert text != GROWTH
    v = _v(text + "  - transform: delver\n", "delver")
    assert (v.name, v.power, v.toughness) == ("Insectile Aberration", 3 + 3 + 1, 2 + 3 + 1)
    assert v.counters == (("+1/+1", 1),)


def test_an_aura_stays_attached_and_the_transformed_permanent_gets_a_new_timestamp() -> None:
    """712.18: the Aura stays attached; 613.7g: a double-faced permanent that transforms gets a new
    timestamp."""
    text = (
        DELVER
        + """
  - {id: lignify, card: Lignify, controller: Bo, attached_to: delver}
events:
  - transform: delver
"""
    )
    t = solve_text(text)
    assert t.final["lignify"].attached_to == "delver"
    assert t.final["delver"].timestamp > t.final["lignify"].timestamp
    assert (t.final["delver"].power, t.final["delver"].toughness) == (0, 4)  # Lignify: a 0/4 Treefolk


def test_a_lord_on_each_face() -> None:
    """Mayor of Avabruck gives other Humans +1/+1; transformed, Howlpack Alpha gives other Werewolves
    and Wolves +1/+1 instead (712.8d, 712.8e: only the face up's abilities)."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: mayor, card: Mayor of Avabruck, controller: Ann}
  - {id: human, name: Villager, types: [Creature], subtypes: [Human], power: 1, toughness: 1, controller: Ann}
  - {id: wolf, name: Wolf, token: true, types: [Creature], subtypes: [Wolf], colors: [green], power: 2,
     toughness: 2, controller: Ann}
"""
    t = solve_text(text)
    assert (t.final["human"].power, t.final["wolf"].power) == (2, 2)
    t = solve_text(text + "events:\n  - transform: mayor\n")
    assert (t.final["human"].power, t.final["wolf"].power) == (1, 3)
    assert (t.final["mayor"].name, t.final["mayor"].power) == ("Howlpack Alpha", 3)


def test_soul_seizer_becomes_an_aura_that_steals() -> None:
    """Soul Seizer transforms into Ghastly Haunting, an Aura with "You control enchanted creature",
    and is attached to Bo's creature: Ann controls it (layer 2)."""
    text = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: seizer, card: Soul Seizer, controller: Ann}
  - {id: bears, card: Grizzly Bears, controller: Bo}
events:
  - transform: seizer
  - attach: {object: seizer, to: bears}
"""
    t = solve_text(text)
    assert (t.final["seizer"].name, t.final["seizer"].types) == ("Ghastly Haunting", ("Enchantment",))
    assert t.final["bears"].controller == "Ann"


CLONE = (
    DELVER
    + """
  - {id: clone, card: Clone, controller: Bo, zone: hand, choices: {object: delver}}
"""
)


def test_a_copy_of_a_transformed_permanent_copies_its_back_face_with_mana_value_zero() -> None:
    """707.8: a copy of a double-faced permanent copies the face that is up; 202.3b: a copy of a
    transforming card's back face has mana value 0 (it has no mana cost; only the card itself uses
    its front face's). The original keeps mana value 1 (712.8e)."""
    t = solve_text(CLONE + "events:\n  - transform: delver\n  - enter: clone\n")
    c = t.final["clone"]
    assert (c.name, c.power, c.toughness, c.abilities, c.mana_value) == (
        "Insectile Aberration",
        3,
        2,
        ("Flying",),
        0,
    )
    assert t.final["delver"].mana_value == 1


def test_a_copy_of_the_front_face_stays_so_when_the_original_transforms() -> None:
    """707.8 with 707.2 (the Clone rulings): Clone entered as a copy of Delver of Secrets front face
    up; the Delver's transforming later does not change the Clone."""
    t = solve_text(CLONE + "events:\n  - enter: clone\n  - transform: delver\n")
    c = t.final["clone"]
    assert (c.name, c.power, c.mana_value) == ("Delver of Secrets", 1, 1)
    assert t.final["delver"].name == "Insectile Aberration"


def test_a_copy_of_a_double_faced_card_cannot_transform() -> None:
    """712.9: only a double-faced card transforms; the Clone copying Delver is not one, so an
    instruction to transform it does nothing (and it gets no new timestamp, 613.7g)."""
    t0 = solve_text(CLONE + "events:\n  - enter: clone\n")
    t = solve_text(CLONE + "events:\n  - enter: clone\n  - transform: clone\n")
    assert t.final["clone"].name == "Delver of Secrets"
    assert t.final["clone"].timestamp == t0.final["clone"].timestamp


def test_a_double_faced_card_that_is_a_copy_stays_a_copy_when_it_transforms() -> None:
    """707.8, 712.18: a double-faced permanent that became a copy of something (Cytoshape) and then
    transforms is still a copy: the copy effect applies in layer 1 over whichever face is up."""
    text = (
        DELVER
        + """
  - {id: bears, card: Grizzly Bears, controller: Ann}
events:
  - resolve: {effect: {affects: targets, copy: "@bears"}, targets: [delver], id: shape}
  - transform: delver
"""
    )
    v = _v(text, "delver")
    assert (v.name, v.power, v.toughness, v.mana_value) == ("Grizzly Bears", 2, 2, 2)


def test_a_modal_card_played_with_its_back_face_up() -> None:
    """712.13 and 712.8f: Valki, God of Lies cast as Tibalt, Cosmic Impostor enters with that face up
    and has only its characteristics, mana value included: 7 ({5}{B}{R}), not Valki's 2."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: valki, card: "Valki, God of Lies", controller: Ann, zone: hand}
events:
  - {enter: valki, face: back}
"""
    v = _v(text, "valki")
    assert (v.name, v.types, v.colors, v.mana_value) == (
        "Tibalt, Cosmic Impostor",
        ("Planeswalker",),
        ("black", "red"),
        7,
    )


def test_a_modal_card_listed_back_face_up() -> None:
    """712.8f: Glasspool Mimic played as Glasspool Shore is a land, mana value 0 (it has no mana cost)."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: mimic, card: Glasspool Mimic, controller: Ann, face: back, choices: {object: bears}}
  - {id: bears, card: Grizzly Bears, controller: Ann}
"""
    v = _v(text, "mimic")
    assert (v.name, v.types, v.mana_value, v.power) == ("Glasspool Shore", ("Land",), 0, None)


def test_entering_transformed() -> None:
    """712.14a: a double-faced card put onto the battlefield "transformed" enters back face up;
    712.14: without it, front face up."""
    text = DELVER.replace("controller: Ann}", "controller: Ann, zone: exile}")
    assert _v(text + "events:\n  - {enter: delver, face: back}\n", "delver").name == "Insectile Aberration"
    assert _v(text + "events:\n  - enter: delver\n", "delver").name == "Delver of Secrets"


def test_not_into_an_instant_or_sorcery_face() -> None:
    """712.10: an instruction to transform a permanent into an instant or sorcery face does nothing:
    a modal card with a sorcery front face, on the battlefield as its land back face, stays a land."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: call, name: Daybreak Call, types: [Sorcery], mana_value: 6, controller: Ann, modal: true, face: back,
     back: {name: Dawn Skyscape, types: [Land], abilities: ["{T}: Add {W}."]}}
events:
  - transform: call
"""
    assert _v(text, "call").name == "Dawn Skyscape"


LEAVES = (
    GROWTH
    + """  - transform: delver
  - leave: {object: delver, to: graveyard}
"""
)


def test_a_transformed_card_that_leaves_has_its_front_face() -> None:
    """712.8a: in the graveyard a double-faced card has only its front face's characteristics."""
    v = _v(LEAVES, "delver")
    assert (v.zone, v.name, v.power, v.mana_value) == ("graveyard", "Delver of Secrets", 1, 1)


def test_it_returns_front_face_up_as_a_new_object() -> None:
    """712.14 and 400.7: put back onto the battlefield it enters front face up, a new object that
    Giant Growth (resolved for the old one) does not affect."""
    v = _v(LEAVES + "  - enter: delver\n", "delver")
    assert (v.name, v.power, v.toughness) == ("Delver of Secrets", 1, 1)


def test_tarmogoyf_counts_the_front_face_in_a_graveyard() -> None:
    """712.8a (the judges' Tarmogoyf question): Westvale Abbey dies as Ormendahl, a creature; in the
    graveyard it is a land card, so Tarmogoyf counts Land, not Creature: 1/2."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: goyf, card: Tarmogoyf, controller: Ann}
  - {id: abbey, card: Westvale Abbey, controller: Ann}
events:
  - transform: abbey
  - leave: {object: abbey, to: graveyard}
"""
    v = _v(text, "goyf")
    assert (v.power, v.toughness) == (1, 2)


def test_a_face_down_double_faced_card_cannot_transform() -> None:
    """Face down, a double-faced card shows neither face (708.2): it can't transform (the Fate
    Reforged release notes on manifesting a double-faced card); turned face up it is front face up."""
    text = DELVER.replace("controller: Ann}", "controller: Ann, face_down: true}")
    v = _v(text + "events:\n  - transform: delver\n", "delver")
    assert (v.name, v.power, v.face_down) == ("", 2, True)
    v = _v(text + "events:\n  - transform: delver\n  - turn_face_up: delver\n", "delver")
    assert v.name == "Delver of Secrets"


def test_an_ability_of_the_back_face_resolves() -> None:
    """A resolving ability is found on the face that is up (712.8e): Archangel Avacyn's own
    enters ability makes creatures indestructible until end of turn."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: avacyn, card: Archangel Avacyn, controller: Ann}
  - {id: bears, card: Grizzly Bears, controller: Ann}
events:
  - resolve: {source: avacyn, ability: etb}
  - transform: avacyn
"""
    t = solve_text(text)
    assert "Indestructible" in t.final["bears"].abilities
    assert t.final["avacyn"].name == "Avacyn, the Purifier"


def test_back_face_up_needs_a_back_face() -> None:
    """712.1: only a double-faced card has a back face to show: one located line."""
    text = DELVER.replace(
        "card: Delver of Secrets, controller: Ann}", "card: Grizzly Bears, controller: Ann, face: back}"
    )
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    assert "has no back face" in str(e.value) and ":5:" in str(e.value) and "face" in str(e.value)


def test_back_face_up_only_on_the_battlefield() -> None:
    """712.8a: a double-faced card in hand has only its front face: ``face: back`` there is an error."""
    text = DELVER.replace("controller: Ann}", "controller: Ann, zone: hand, face: back}")
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    assert "712.8a" in str(e.value)
    text = DELVER.replace("controller: Ann}", "controller: Ann, zone: hand}")
    with pytest.raises(ScenarioError) as e:
        load_text(text + "events:\n  - {enter: delver, face: back, to: graveyard}\n")
    assert "712.8a" in str(e.value)


def test_a_back_faces_name_is_a_selector_name() -> None:
    """A double-faced object is named by either face's name in selectors."""
    text = (
        DELVER
        + """
events:
  - transform: delver
  - resolve: {effect: {affects: Insectile Aberration, duration: until end of turn,
               modify_pt: {power: 1, toughness: 1}}, id: pump}
"""
    )
    assert _v(text, "delver").power == 4


def test_language_md_example() -> None:
    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 712 example")
    t = solve_text(doc[start : doc.index("```", start)])
    assert (t.final["delver"].name, t.final["delver"].power, t.final["delver"].mana_value) == (
        "Insectile Aberration",
        6,
        1,
    )
    assert (t.final["clone"].name, t.final["clone"].mana_value) == ("Insectile Aberration", 0)


def test_the_built_in_scenario() -> None:
    """classic/mayor-transforms: Giant Growth stays (712.18), the lord changes with the face
    (712.8e), mana value 2 from the front face; the Clone copies Howlpack Alpha with mana value 0
    (707.8, 202.3b), and each Alpha gives the other +1/+1."""
    t = mtg.solve(mtg.load_scenario("classic/mayor-transforms"))
    f = t.final
    assert (f["mayor"].name, f["mayor"].power, f["mayor"].toughness, f["mayor"].mana_value) == (
        "Howlpack Alpha",
        3 + 3 + 1,
        3 + 3 + 1,
        2,
    )
    assert (f["clone"].name, f["clone"].power, f["clone"].mana_value) == ("Howlpack Alpha", 4, 0)
    assert (f["villager"].power, f["wolf"].power) == (1, 4)


def test_cards_search_finds_a_back_face() -> None:
    """``rulekit cards --search`` reads both faces: "Insectile" finds Delver of Secrets."""
    from rulekit.mtg.commands import card_matches
    from rulekit.mtg.loader import library

    assert card_matches(library()["Delver of Secrets"], "insectile aberration flying")
    assert not card_matches(library()["Grizzly Bears"], "insectile")


def test_a_double_faced_permanent_cannot_be_turned_face_down() -> None:
    """The Fate Reforged rulings on manifest (Whisperwood Elemental): "A double-faced permanent on
    the battlefield still can't be turned face down." The instruction does nothing: Delver of
    Secrets stays a face-up 1/1 with its old timestamp. A single-faced Grizzly Bears is turned."""
    text = DELVER + "  - {id: bears, card: Grizzly Bears, controller: Ann}\n"
    t0 = solve_text(text)
    t = solve_text(text + "events:\n  - turn_face_down: delver\n  - turn_face_down: bears\n")
    d = t.final["delver"]
    assert (d.face_down, d.name, d.timestamp) == (False, "Delver of Secrets", t0.final["delver"].timestamp)
    assert (t.final["bears"].face_down, t.final["bears"].name) == (True, "")
