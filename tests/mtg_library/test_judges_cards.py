"""The cards of cards-judges.yaml behave as Magic's rules say on small boards.

Every expected value is worked out by hand from the card's Oracle text and the Comprehensive Rules
(613 layers, 305.7, 614.1c, 707.2) in the test's docstring; both editions are solved where they
must agree.
"""

from __future__ import annotations

import pytest

from ._helpers import pt, solve_text, view

EDITIONS = ("seed", "current")


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_wild_nacatl_counts_a_mountain_and_a_plains(ruleset: str) -> None:
    """Two "as long as" abilities: +1/+1 for a Mountain, +1/+1 for a Plains: a 1/1 is 3/3. Bo's
    Nacatl, with only a Forest, stays 1/1."""
    t = solve_text(
        """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: cat, card: Wild Nacatl, controller: Ann}
          - {id: m, card: Mountain, controller: Ann}
          - {id: p, card: Plains, controller: Ann}
          - {id: theirs, card: Wild Nacatl, controller: Bo}
          - {id: f, card: Forest, controller: Bo}
    """,
        ruleset,
    )
    assert pt(t, "cat") == (3, 3) and pt(t, "theirs") == (1, 1)


def test_knight_of_the_reliquary_counts_land_cards_in_its_controllers_graveyard() -> None:
    """+1/+1 for each land card in *your* graveyard: Ann's two count, Bo's one does not: 4/4."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: knight, card: Knight of the Reliquary, controller: Ann}
          - {id: g1, card: Forest, controller: Ann, zone: graveyard}
          - {id: g2, card: Wasteland, controller: Ann, zone: graveyard}
          - {id: g3, card: Island, controller: Bo, zone: graveyard}
    """)
    assert pt(t, "knight") == (4, 4)


def test_archetype_of_aggression_takes_trample_away_for_good() -> None:
    """Ann's creatures have trample; Bo's lose it and can't gain it (Bo's Rancor adds it, but
    "can't have" wins within layer 6 whatever the order)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: arch, card: Archetype of Aggression, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: ogre, name: Ogre, types: [Creature], power: 3, toughness: 3, abilities: [Trample],
             controller: Bo}
          - {id: giant, card: Hill Giant, controller: Bo}
          - {id: rancor, card: Rancor, controller: Bo, attached_to: giant}
    """)
    assert "Trample" in view(t, "bears").abilities
    assert "Trample" not in view(t, "ogre").abilities
    assert "Trample" not in view(t, "giant").abilities and pt(t, "giant") == (5, 3)


def test_ancestral_mask_counts_other_enchantments_only() -> None:
    """+2/+2 for each *other* enchantment on the battlefield: two others (not the Mask): +4/+4."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: mask, card: Ancestral Mask, controller: Ann, attached_to: bears}
          - {id: e1, card: Blanket of Night, controller: Bo}
          - {id: e2, card: Levitation, controller: Bo}
    """)
    assert pt(t, "bears") == (6, 6)


def test_engineered_plague_shrinks_the_chosen_type_only() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: plague, card: Engineered Plague, controller: Bo, choices: {creature type: Elf}}
          - {id: elves, card: Llanowar Elves, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Ann}
    """)
    assert pt(t, "elves") == (0, 0) and pt(t, "bears") == (2, 2)


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_spike_feeder_enters_with_two_counters(ruleset: str) -> None:
    """614.1c: a 0/0 that enters with two +1/+1 counters is 2/2 (in either edition)."""
    t = solve_text(
        """
        game: mtg
        players: [Ann]
        objects:
          - {id: spike, card: Spike Feeder, controller: Ann, zone: hand}
        events:
          - enter: spike
    """,
        ruleset,
    )
    assert pt(t, "spike") == (2, 2)


def test_blood_sun_keeps_mana_abilities_only() -> None:
    """Mutavault loses its animation ability but keeps "{T}: Add {C}." (605.1a)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: vault, card: Mutavault, controller: Ann}
          - {id: sun, card: Blood Sun, controller: Ann}
    """)
    abilities = view(t, "vault").abilities
    assert "{T}: Add {C}." in abilities
    assert not [a for a in abilities if a.startswith("{1}:")]


def test_dralnus_crusade_makes_goblins_black_zombies() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: piker, card: Goblin Piker, controller: Ann}
          - {id: crusade, card: Dralnu's Crusade, controller: Ann}
    """)
    piker = view(t, "piker")
    assert piker.colors == ("black",) and "Zombie" in piker.subtypes and "Goblin" in piker.subtypes
    assert pt(t, "piker") == (3, 2)


def test_sylvan_awakening_animates_only_its_controllers_lands_until_their_next_turn() -> None:
    text = """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: forest, card: Forest, controller: Ann}
          - {id: island, card: Island, controller: Bo}
          - {id: wake, card: Sylvan Awakening, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: wake, ability: cast}
    """
    t = solve_text(text)
    forest = view(t, "forest")
    assert "Creature" in forest.types and "Elemental" in forest.subtypes and pt(t, "forest") == (2, 2)
    assert {"Reach", "Indestructible", "Haste"} <= set(forest.abilities)
    assert "Creature" not in view(t, "island").types
    later = solve_text(text.rstrip(" ") + "          - begin_turn: Ann\n")
    assert "Creature" not in view(later, "forest").types


def test_stormtide_leviathan_adds_island_and_keeps_the_lands_abilities() -> None:
    """ "in addition to their other types": 305.7 does not apply, Wasteland keeps its abilities and
    gains the Island's mana ability (305.6)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: waste, card: Wasteland, controller: Ann}
          - {id: levi, card: Stormtide Leviathan, controller: Ann}
    """)
    waste = view(t, "waste")
    assert "Island" in waste.subtypes and "{T}: Add {U}." in waste.abilities
    assert any("Sacrifice" in a for a in waste.abilities)


def test_contaminated_ground_replaces_the_land_type() -> None:
    """ "Enchanted land is a Swamp": 305.7, the Forest's type and mana ability go, the Swamp's come."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: forest, card: Forest, controller: Ann}
          - {id: aura, card: Contaminated Ground, controller: Ann, attached_to: forest}
    """)
    forest = view(t, "forest")
    assert forest.subtypes == ("Swamp",) and "{T}: Add {B}." in forest.abilities
    assert "{T}: Add {G}." not in forest.abilities


def test_colossus_hammer_takes_flying_away() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: angel, card: Serra Angel, controller: Ann}
          - {id: hammer, card: Colossus Hammer, controller: Ann, attached_to: angel}
    """)
    assert pt(t, "angel") == (14, 14) and "Flying" not in view(t, "angel").abilities


def test_mirror_image_is_a_copy_and_estrids_invocation_has_its_exception() -> None:
    """707.2: the copies take the copiable values; 707.9a: the Invocation's exception ability is part
    of its copy."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: anthem, card: Glorious Anthem, controller: Ann}
          - {id: image, card: Mirror Image, controller: Ann, choices: {object: bears}}
          - {id: invocation, card: Estrid's Invocation, controller: Ann, choices: {object: anthem}}
    """)
    image = view(t, "image")
    assert image.name == "Grizzly Bears" and pt(t, "image") == (4, 4)
    inv = view(t, "invocation")
    assert inv.name == "Glorious Anthem"
    assert any(a.startswith("At the beginning of your upkeep, you may exile") for a in inv.abilities)
    assert pt(t, "bears") == (4, 4)


def test_traitorous_instinct_steals_and_pumps_until_end_of_turn() -> None:
    text = """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: giant, card: Hill Giant, controller: Bo}
          - {id: spell, card: Traitorous Instinct, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: spell, ability: cast, targets: [giant]}
    """
    t = solve_text(text)
    assert view(t, "giant").controller == "Ann" and pt(t, "giant") == (5, 3)
    later = solve_text(text.rstrip(" ") + "          - end_of_turn\n")
    assert view(later, "giant").controller == "Bo" and pt(later, "giant") == (3, 3)


def test_in_bolas_clutches_steals_and_makes_legendary() -> None:
    """Layer 2 (control) and layer 4 (the supertype Legendary, 205.4a) from one Aura."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: giant, card: Hill Giant, controller: Bo}
          - {id: aura, card: In Bolas's Clutches, controller: Ann, attached_to: giant}
    """)
    giant = view(t, "giant")
    assert giant.controller == "Ann" and "Legendary" in giant.supertypes


def test_boneyard_wurm_counts_creature_cards_in_its_controllers_graveyard() -> None:
    """604.3: a CDA counting creature *cards* in *your* graveyard: Ann's two, not Bo's, not a land."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: wurm, card: Boneyard Wurm, controller: Ann}
          - {id: g1, card: Grizzly Bears, controller: Ann, zone: graveyard}
          - {id: g2, card: Hill Giant, controller: Ann, zone: graveyard}
          - {id: g3, card: Forest, controller: Ann, zone: graveyard}
          - {id: g4, card: Savannah Lions, controller: Bo, zone: graveyard}
    """)
    assert pt(t, "wurm") == (2, 2)


def test_barbed_sliver_grants_its_ability_to_every_sliver() -> None:
    """Layer 6: every Sliver (both players') has "{2}: This creature gets +1/+0 until end of turn."."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: barbed, card: Barbed Sliver, controller: Ann}
          - {id: sliver, card: Metallic Sliver, controller: Bo}
          - {id: bears, card: Grizzly Bears, controller: Ann}
    """)
    granted = "{2}: This creature gets +1/+0 until end of turn."
    assert granted in view(t, "sliver").abilities and granted in view(t, "barbed").abilities
    assert granted not in view(t, "bears").abilities
