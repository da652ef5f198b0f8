"""The layer classics of the library behave as Magic's rules and rulings say.

Each test builds a small board from library cards, solves it and checks the result against the
Comprehensive Rules (613 layers, 613.8 dependency, 305.7) as worked out by hand in its docstring.
"""

from __future__ import annotations

from ._helpers import deps, pt, solve_text, steps_in, view


def test_muraganda_with_humility() -> None:
    """Humility removes every ability in layer 6, so in 7c every creature has no abilities and
    Muraganda Petroglyphs gives +2/+2 on top of Humility's base 1/1 (7b): 3/3 each."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: angel, card: Serra Angel, controller: Bo}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: glyphs, card: Muraganda Petroglyphs, controller: Ann}
          - {id: humility, card: Humility, controller: Bo}
    """)
    assert pt(t, "angel") == (3, 3) and pt(t, "bears") == (3, 3)


def test_muraganda_without_humility_skips_creatures_with_abilities() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: angel, card: Serra Angel, controller: Bo}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: glyphs, card: Muraganda Petroglyphs, controller: Ann}
    """)
    assert pt(t, "angel") == (4, 4) and pt(t, "bears") == (4, 4)


def test_enchanted_evening_makes_opalescence_animate_everything() -> None:
    """613.8a: Opalescence (earlier) depends on Enchanted Evening (later) in layer 4: Evening
    changes what Opalescence applies to. So Evening applies first and every other permanent is
    an enchantment creature with base P/T equal to its mana value (a land: 0/0)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: opal, card: Opalescence}
          - {id: evening, card: Enchanted Evening}
          - {id: forest, card: Forest}
          - {id: bears, card: Grizzly Bears}
    """)
    assert ("opal", "evening") in deps(t, "4")
    assert set(view(t, "forest").types) == {"Land", "Enchantment", "Creature"}
    assert pt(t, "forest") == (0, 0)
    assert pt(t, "bears") == (2, 2) and pt(t, "evening") == (5, 5)
    assert "Creature" not in view(t, "opal").types


def test_darkest_hour_feeds_bad_moon_not_crusade() -> None:
    """Darkest Hour makes every creature black in layer 5; Bad Moon and Crusade read colour in
    7c: every creature gets Bad Moon's +1/+1 and none gets Crusade's."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: lions, card: Savannah Lions}
          - {id: bears, card: Grizzly Bears}
          - {id: hour, card: Darkest Hour}
          - {id: moon, card: Bad Moon}
          - {id: crusade, card: Crusade}
    """)
    assert view(t, "lions").colors == ("black",)
    assert pt(t, "lions") == (3, 2) and pt(t, "bears") == (3, 3)


def test_moonlace_takes_a_creature_out_of_crusade() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: lions, card: Savannah Lions}
          - {id: crusade, card: Crusade}
          - {id: lace, card: Moonlace, zone: graveyard}
        events:
          - resolve: {source: lace, ability: cast, targets: [lions]}
    """)
    assert view(t, "lions").colors == () and pt(t, "lions") == (2, 1)


def test_act_of_treason_ends_at_end_of_turn() -> None:
    body = """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: giant, card: Hill Giant, controller: Bo}
          - {id: act, card: Act of Treason, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: act, ability: cast, targets: [giant]}
    """
    t = solve_text(body)
    assert view(t, "giant").controller == "Ann" and "Haste" in view(t, "giant").abilities
    t2 = solve_text(body.rstrip() + "\n          - end_of_turn\n")
    assert view(t2, "giant").controller == "Bo" and "Haste" not in view(t2, "giant").abilities


def test_harbinger_turns_urborg_into_an_island() -> None:
    """305.7: Urborg becomes an Island and loses its ability, so its 'each land is a Swamp'
    effect does not exist (613.8a: Urborg's effect depends on Harbinger's, existence)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: urborg, card: "Urborg, Tomb of Yawgmoth"}
          - {id: harbinger, card: Harbinger of the Seas}
          - {id: forest, card: Forest}
    """)
    assert view(t, "urborg").subtypes == ("Island",)
    assert view(t, "forest").subtypes == ("Forest",)
    assert ("urborg", "harbinger") in deps(t, "4")


def test_celestial_dawn_lands_are_plains_and_permanents_white() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: dawn, card: Celestial Dawn, controller: Ann}
          - {id: forest, card: Forest, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: theirs, card: Grizzly Bears, controller: Bo}
    """)
    forest = view(t, "forest")
    assert forest.subtypes == ("Plains",) and "{T}: Add {W}." in forest.abilities
    assert "{T}: Add {G}." not in forest.abilities
    assert view(t, "bears").colors == ("white",) and view(t, "theirs").colors == ("green",)


def test_godhead_of_awe_then_anthem() -> None:
    """7b then 7c: Godhead sets other creatures to base 1/1; Glorious Anthem then adds +1/+1."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: anthem, card: Glorious Anthem}
          - {id: wurm, card: Craw Wurm}
          - {id: godhead, card: Godhead of Awe}
    """)
    assert pt(t, "wurm") == (2, 2) and pt(t, "godhead") == (5, 5)


def test_old_and_new_slivers() -> None:
    """Old Slivers say "All Sliver creatures": they pump an opponent's Sliver too; new ones say
    "Sliver creatures you control"."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: muscle, card: Muscle Sliver, controller: Ann}
          - {id: predatory, card: Predatory Sliver, controller: Ann}
          - {id: winged, card: Winged Sliver, controller: Bo}
    """)
    assert pt(t, "muscle") == (3, 3) and pt(t, "predatory") == (3, 3)
    assert pt(t, "winged") == (2, 2)
    assert all("Flying" in view(t, o).abilities for o in ("muscle", "predatory", "winged"))


def test_hivestone_makes_every_creature_a_sliver() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: muscle, card: Muscle Sliver, controller: Ann}
          - {id: stone, card: Hivestone, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: theirs, card: Grizzly Bears, controller: Bo}
    """)
    assert "Sliver" in view(t, "bears").subtypes and pt(t, "bears") == (3, 3)
    assert "Sliver" not in view(t, "theirs").subtypes and pt(t, "theirs") == (2, 2)


def test_kenriths_transformation_makes_a_sliver_an_elk() -> None:
    """Layer 4 sets the creature types to Elk, so Muscle Sliver no longer applies (7c): 3/3."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: muscle, card: Muscle Sliver, controller: Ann}
          - {id: might, card: Might Sliver, controller: Bo}
          - {id: elk, card: Kenrith's Transformation, controller: Bo, attached_to: might}
    """)
    assert view(t, "might").subtypes == ("Elk",) and view(t, "might").colors == ("green",)
    assert pt(t, "might") == (3, 3)
    assert pt(t, "muscle") == (2, 2)  # Might Sliver lost its ability (layer 6)


def test_archetype_of_imagination_beats_a_later_grant() -> None:
    """'Can't have or gain flying' wins regardless of timestamp (layer 6)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: arch, card: Archetype of Imagination, controller: Ann}
          - {id: lev, card: Levitation, controller: Bo}
          - {id: bears, card: Grizzly Bears, controller: Bo}
          - {id: mine, card: Grizzly Bears, controller: Ann}
    """)
    assert "Flying" not in view(t, "bears").abilities
    assert "Flying" in view(t, "mine").abilities


def test_deep_freeze_keeps_colours_and_types_adds_wall() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: angel, card: Serra Angel}
          - {id: freeze, card: Deep Freeze, attached_to: angel}
    """)
    v = view(t, "angel")
    assert set(v.subtypes) == {"Angel", "Wall"} and set(v.colors) == {"white", "blue"}
    assert v.abilities == ("Defender",) and pt(t, "angel") == (0, 4)


def test_master_of_etherium_counts_itself_and_pumps_others() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: master, card: Master of Etherium}
          - {id: thopter, card: Ornithopter}
          - {id: memnite, card: Memnite}
    """)
    assert pt(t, "master") == (3, 3)
    assert pt(t, "thopter") == (1, 3) and pt(t, "memnite") == (2, 2)


def test_claim_the_firstborn_checks_mana_value_on_resolution() -> None:
    """608.2b: a target with mana value 4 is illegal, so nothing happens."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: giant, card: Hill Giant, controller: Bo}
          - {id: claim, card: Claim the Firstborn, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: claim, ability: cast, targets: [giant]}
    """)
    assert view(t, "giant").controller == "Bo"
    assert "claim.cast" not in steps_in(t, "2")


def test_mirror_entity_x_and_all_types() -> None:
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: entity, card: Mirror Entity}
          - {id: wurm, card: Craw Wurm}
        events:
          - resolve: {source: entity, ability: x, x: 4}
    """)
    assert pt(t, "wurm") == (4, 4) and pt(t, "entity") == (4, 4)
    assert "(all creature types)" in view(t, "wurm").subtypes


MIRRORWEAVE = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: wurm, card: Craw Wurm, controller: Bo}
      - {id: angel, card: Serra Angel, controller: Bo}
      - {id: gideon, card: Gideon Jura, controller: Bo}
      - {id: weave, card: Mirrorweave, controller: Ann, zone: graveyard}
    events:
      - resolve: {source: weave, ability: cast, targets: [TARGET]}
"""


def test_mirrorweave_makes_each_other_creature_a_copy() -> None:
    """707.2: each other creature (the set fixed on resolution, 611.2c) copies the target's
    copiable values; control is not copied, and the target itself is unchanged."""
    t = solve_text(MIRRORWEAVE.replace("TARGET", "angel"))
    for oid in ("bears", "wurm"):
        v = view(t, oid)
        assert (v.name, pt(t, oid), v.abilities) == ("Serra Angel", (4, 4), ("Flying", "Vigilance"))
    assert view(t, "bears").controller == "Ann"
    assert view(t, "gideon").name == "Gideon Jura"  # not a creature: not affected
    weave = next(e for e in t.effects if e.source == "weave")
    assert weave.locked == ("bears", "wurm")


def test_mirrorweave_needs_a_nonlegendary_target() -> None:
    t = solve_text(MIRRORWEAVE.replace("TARGET", "gideon"))
    assert view(t, "bears").name == "Grizzly Bears"


COLOSSUS = """
    game: mtg
    players: [Ann]
    objects:
      - {id: colossus, card: Chameleon Colossus}
      - {id: anthem, card: Glorious Anthem}
EXTRA    events:
      - resolve: {source: colossus, ability: pump}
"""


def test_chameleon_colossus_x_is_its_power_on_resolution() -> None:
    """X is its power as it resolves: 4 + 1 (Anthem) = 5, so it gets +5/+5: 10/10."""
    t = solve_text(COLOSSUS.replace("EXTRA", ""))
    assert pt(t, "colossus") == (10, 10)


def test_changeling_survives_humility_and_x_reads_the_layers() -> None:
    """Changeling is a characteristic-defining ability (702.73a): it applies in layer 4, before
    Humility removes abilities in layer 6, so the Colossus keeps every creature type. Its power on
    resolution is Humility's 1 plus the Anthem's 1 = 2: 1/1 + 1/1 + 2/2 = 4/4."""
    t = solve_text(COLOSSUS.replace("EXTRA", "      - {id: humility, card: Humility}\n"))
    assert pt(t, "colossus") == (4, 4)
    assert "(all creature types)" in view(t, "colossus").subtypes
    assert view(t, "colossus").abilities == ()
