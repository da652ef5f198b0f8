"""The classic cards behave as Magic's rules and Oracle rulings say.

Each test builds a small scenario from library cards (inline YAML through the public API),
solves it and checks the result against the Comprehensive Rules (CR) or a well-known ruling
named in its docstring. The expected values are worked out from the rules by hand, in the
docstrings; they are never taken from an engine run.
"""

from __future__ import annotations

import pytest

from rulekit.mtg.vocab import ALL_CREATURE_TYPES

from ._helpers import deps, pt, solve_text, step, step_index, steps_in, view

#: 305.6: the intrinsic mana ability of each basic land type, as printed.
MANA = {
    "Plains": "{T}: Add {W}.",
    "Island": "{T}: Add {U}.",
    "Swamp": "{T}: Add {B}.",
    "Mountain": "{T}: Add {R}.",
    "Forest": "{T}: Add {G}.",
}


# =============================================================================== vanilla values
def test_printed_values_of_vanilla_creatures_and_basic_lands() -> None:
    """With no effect around, objects have their printed characteristics (613.1: start from the
    copiable values). A basic land has its land type's intrinsic mana ability (305.6)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: elves, card: Llanowar Elves, controller: Ann}
          - {id: plains, card: Plains, controller: Ann}
          - {id: swamp, card: Swamp, controller: Ann}
          - {id: mountain, card: Mountain, controller: Bob}
          - {id: forest, card: Forest, controller: Bob}
    """)
    bears = view(t, "bears")
    assert (bears.name, bears.types, bears.subtypes, bears.colors) == (
        "Grizzly Bears",
        ("Creature",),
        ("Bear",),
        ("green",),
    )
    assert pt(t, "bears") == (2, 2)
    elves = view(t, "elves")
    assert set(elves.subtypes) == {"Elf", "Druid"} and pt(t, "elves") == (1, 1)
    assert "{T}: Add {G}." in elves.abilities
    for oid, land_type in (
        ("plains", "Plains"),
        ("swamp", "Swamp"),
        ("mountain", "Mountain"),
        ("forest", "Forest"),
    ):
        v = view(t, oid)
        assert v.types == ("Land",) and v.subtypes == (land_type,) and v.supertypes == ("Basic",)
        assert MANA[land_type] in v.abilities
        assert v.colors == () and v.power is None and v.toughness is None
    assert t.applied == ()


# =============================================================================== Tarmogoyf (7a)
GOYF = """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: goyf, card: Tarmogoyf, controller: Ann}
      - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
      - {id: lignify, card: Lignify, controller: Bob, zone: graveyard}
      - {id: arbor, card: Dryad Arbor, controller: Bob, zone: graveyard}
      - {id: elves, card: Llanowar Elves, controller: Bob}
"""


def test_tarmogoyf_counts_card_types_in_all_graveyards() -> None:
    """Tarmogoyf's CDA (604.3, layer 7a) counts card types among cards in *all* graveyards.

    Graveyards hold Giant Growth (Instant), Lignify (Kindred Enchantment) and Dryad Arbor
    (Land Creature): Instant, Kindred, Enchantment, Land, Creature = 5 types, so 5/6.
    Llanowar Elves on the battlefield doesn't count.
    """
    t = solve_text(GOYF)
    assert pt(t, "goyf") == (5, 6)
    s = step(t, "goyf", "7a")
    assert s.why == "cda"


def test_tarmogoyf_with_empty_graveyards_is_0_1() -> None:
    """No card in any graveyard: 0 card types, so Tarmogoyf is 0/1 (its CDA, 604.3)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: goyf, card: Tarmogoyf, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Bob}
    """)
    assert pt(t, "goyf") == (0, 1)


def test_tarmogoyf_cda_before_anthem() -> None:
    """7a (CDA) applies before 7c (modifications, 613.4a/613.4c): with Giant Growth (Instant)
    and Grizzly Bears (Creature) in graveyards, Tarmogoyf is 2/3, then Glorious Anthem makes
    it 3/4."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: anthem, card: Glorious Anthem, controller: Ann}
          - {id: goyf, card: Tarmogoyf, controller: Ann}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
          - {id: bears, card: Grizzly Bears, controller: Bob, zone: graveyard}
    """)
    assert pt(t, "goyf") == (3, 4)
    assert step_index(t, "goyf", "7a") < step_index(t, "anthem", "7c")


def test_twisted_image_on_tarmogoyf() -> None:
    """The CDA gives 2/3 in 7a (Instant and Creature in graveyards), the switch in 7e gives 3/2."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: goyf, card: Tarmogoyf, controller: Ann}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
          - {id: bears, card: Grizzly Bears, controller: Bob, zone: graveyard}
          - {id: twisted, card: Twisted Image, controller: Bob, zone: stack}
        events:
          - resolve: {source: twisted, ability: cast, targets: [goyf], id: twist}
    """)
    assert pt(t, "goyf") == (3, 2)


# ======================================================== Painter's Servant + Mycosynth Lattice
def _servant_lattice(first: str, second: str) -> str:
    return f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: bears, card: Grizzly Bears, controller: Bob}}
          - {{id: growth, card: Giant Growth, controller: Bob, zone: graveyard}}
          - {{id: servant, card: Painter's Servant, controller: Ann, choices: {{color: blue}}}}
          - {{id: lattice, card: Mycosynth Lattice, controller: Ann}}
        events:
          - enter: bears
          - enter: {first}
          - enter: {second}
    """


def test_painters_servant_alone_adds_the_chosen_color_everywhere() -> None:
    """Painter's Servant (blue): permanents and cards not on the battlefield are blue *in addition
    to* their other colours (layer 5, 105.3): Grizzly Bears is green and blue, Giant Growth in
    the graveyard green and blue."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: growth, card: Giant Growth, controller: Bob, zone: graveyard}
          - {id: servant, card: Painter's Servant, controller: Ann, choices: {color: blue}}
          - {id: forest, card: Forest, controller: Ann}
    """)
    assert set(view(t, "bears").colors) == {"green", "blue"}
    assert set(view(t, "growth").colors) == {"green", "blue"}
    assert view(t, "servant").colors == ("blue",)
    assert view(t, "forest").colors == ("blue",)


def test_painters_servant_reaches_every_zone() -> None:
    """Painter's Servant (red): "All cards that aren't on the battlefield, spells, and permanents"
    covers cards in hand, library, graveyard and exile, spells on the stack and permanents."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: servant, card: Painter's Servant, controller: Ann, choices: {color: red}}
          - {id: hand, card: Grizzly Bears, controller: Bob, zone: hand}
          - {id: library, card: Twisted Image, controller: Bob, zone: library}
          - {id: exile, card: Llanowar Elves, controller: Ann, zone: exile}
          - {id: spell, card: Giant Growth, controller: Bob, zone: stack}
          - {id: island, card: Island, controller: Bob}
    """)
    assert set(view(t, "hand").colors) == {"green", "red"}
    assert set(view(t, "library").colors) == {"blue", "red"}
    assert set(view(t, "exile").colors) == {"green", "red"}
    assert set(view(t, "spell").colors) == {"green", "red"}
    assert view(t, "island").colors == ("red",)


def test_servant_then_lattice_everything_is_colorless() -> None:
    """Ruling (Painter's Servant / Mycosynth Lattice): both are layer-5 effects and neither depends
    on the other, so timestamp order decides (613.7). Servant first, Lattice later: Lattice's
    "are colorless" applies last, so everything is colourless."""
    t = solve_text(_servant_lattice("servant", "lattice"))
    for oid in ("bears", "growth", "servant", "lattice"):
        assert view(t, oid).colors == (), oid
    assert steps_in(t, "5") == ["servant", "lattice.colorless"]
    assert not deps(t, "5")


def test_lattice_then_servant_everything_is_the_chosen_color() -> None:
    """Lattice first, Servant later (timestamp order, 613.7): everything becomes colourless, then
    the chosen colour is added: every object is blue *only* (the green of Grizzly Bears is gone)."""
    t = solve_text(_servant_lattice("lattice", "servant"))
    for oid in ("bears", "growth", "servant", "lattice"):
        assert view(t, oid).colors == ("blue",), oid
    assert steps_in(t, "5") == ["lattice.colorless", "servant"]
    assert not deps(t, "5")


def test_lattice_makes_every_permanent_an_artifact() -> None:
    """Mycosynth Lattice: "All permanents are artifacts in addition to their other types" (layer 4;
    205.1b keeps the old types); cards in the graveyard are not permanents."""
    t = solve_text(_servant_lattice("servant", "lattice"))
    assert set(view(t, "bears").types) == {"Artifact", "Creature"}
    assert set(view(t, "servant").types) == {"Artifact", "Creature"}
    assert view(t, "growth").types == ("Instant",)


# ============================================================== March of the Machines + Lattice
MARCH_LATTICE = """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: march, card: March of the Machines, controller: Ann}
      - {id: lattice, card: Mycosynth Lattice, controller: Ann}
      - {id: forest, card: Forest, controller: Ann}
      - {id: anthem, card: Glorious Anthem, controller: Ann}
      - {id: bears, card: Grizzly Bears, controller: Bob}
    events:
      - enter: [march, forest, bears]
      - enter: lattice
      - enter: anthem
"""


def test_march_of_the_machines_depends_on_mycosynth_lattice() -> None:
    """613.8a: Lattice's type effect changes what March applies to (it makes every permanent an
    artifact), so March depends on it and waits, although March is older.

    Then every noncreature permanent is an artifact creature with P/T equal to its mana value
    (layer 7b), and Glorious Anthem gives Ann's creatures +1/+1 (7c): the Forest (mana value 0)
    is 1/1, Glorious Anthem itself 4/4, March 5/5, Lattice 7/7. Bob's Grizzly Bears already was
    a creature, so March doesn't set it: 2/2.
    """
    t = solve_text(MARCH_LATTICE)
    assert ("march", "lattice.artifacts") in deps(t, "4")
    assert ("lattice.artifacts", "march") not in deps(t, "4")
    layer4 = steps_in(t, "4")
    assert layer4.index("lattice.artifacts") < layer4.index("march")
    s = step(t, "march", "4")
    assert s.why == "dependency" and "lattice.artifacts" in s.waited_on
    forest = view(t, "forest")
    assert set(forest.types) == {"Artifact", "Creature", "Land"}
    assert pt(t, "forest") == (1, 1)
    assert pt(t, "anthem") == (4, 4)
    assert pt(t, "march") == (5, 5)
    assert pt(t, "lattice") == (7, 7)
    assert pt(t, "bears") == (2, 2)
    assert set(view(t, "bears").types) == {"Artifact", "Creature"}


def test_march_without_lattice_leaves_lands_alone() -> None:
    """Without the Lattice's effect nothing but artifacts is touched: the Forest stays a land."""
    t = solve_text(MARCH_LATTICE, without=["lattice.artifacts", "lattice.colorless"])
    assert view(t, "forest").types == ("Land",)
    assert view(t, "anthem").power is None


# ======================================================================= Spreading Seas (305.7)
def test_spreading_seas_on_a_nonbasic_land() -> None:
    """305.7: "Enchanted land is an Island" sets the land type: Mutavault loses its land types and
    every ability from its rules text ({T}: Add {C}. and its {1} animation) and has only the
    Island's intrinsic {T}: Add {U}.; its supertypes (none) stay."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: vault, card: Mutavault, controller: Ann}
          - {id: seas, card: Spreading Seas, controller: Bob, attached_to: vault}
    """)
    v = view(t, "vault")
    assert v.types == ("Land",) and v.subtypes == ("Island",) and v.supertypes == ()
    assert v.abilities == (MANA["Island"],)


def test_spreading_seas_on_a_basic_mountain_keeps_basic() -> None:
    """305.7: a basic Mountain enchanted by Spreading Seas is a basic Island: Basic stays, it taps
    for {U} and no longer for {R}."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: mountain, card: Mountain, controller: Ann}
          - {id: seas, card: Spreading Seas, controller: Bob, attached_to: mountain}
    """)
    v = view(t, "mountain")
    assert v.subtypes == ("Island",) and v.supertypes == ("Basic",)
    assert v.abilities == (MANA["Island"],)


def test_spreading_seas_on_a_dual_land() -> None:
    """305.7: Spreading Seas on a Tropical Island (Land — Forest Island, inline): it is an Island
    only and taps only for {U}."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: trop, name: Tropical Island, types: [Land], subtypes: [Forest, Island], controller: Ann}
          - {id: seas, card: Spreading Seas, controller: Bob, attached_to: trop}
    """)
    v = view(t, "trop")
    assert v.subtypes == ("Island",) and v.abilities == (MANA["Island"],)


def test_spreading_seas_on_dryad_arbor() -> None:
    """305.7 changes only land types: Dryad Arbor under Spreading Seas is a Land Creature — Island
    Dryad that taps for {U}, not {G}."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: arbor, card: Dryad Arbor, controller: Ann}
          - {id: seas, card: Spreading Seas, controller: Bob, attached_to: arbor}
    """)
    v = view(t, "arbor")
    assert set(v.subtypes) == {"Island", "Dryad"} and set(v.types) == {"Land", "Creature"}
    assert v.abilities == (MANA["Island"],)


def test_spreading_seas_on_urborg_switches_urborg_off() -> None:
    """Spreading Seas on Urborg: Seas removes Urborg's ability (305.7), so Urborg's effect depends
    on Seas (613.8a, existence) and, once Seas applies, no longer exists. Urborg is a legendary
    Island; Bob's Forest is not a Swamp."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Ann}
          - {id: forest, card: Forest, controller: Bob}
          - {id: seas, card: Spreading Seas, controller: Bob}
        events:
          - attach: {object: seas, to: urborg}
    """)
    u = view(t, "urborg")
    assert u.subtypes == ("Island",) and u.supertypes == ("Legendary",)
    assert u.abilities == (MANA["Island"],)
    assert view(t, "forest").subtypes == ("Forest",)
    assert ("urborg", "seas") in deps(t, "4")
    assert "urborg" not in t.applied


# =================================================================== Magus of the Moon + Urborg
def _magus_urborg(first: str, second: str) -> str:
    return f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: forest, card: Forest, controller: Ann}}
          - {{id: vault, card: Mutavault, controller: Ann}}
          - {{id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Ann}}
          - {{id: magus, card: Magus of the Moon, controller: Bob}}
        events:
          - enter: [forest, vault]
          - enter: {first}
          - enter: {second}
    """


@pytest.mark.parametrize("order", [("urborg", "magus"), ("magus", "urborg")])
def test_magus_of_the_moon_and_urborg_in_both_orders(order: tuple[str, str]) -> None:
    """Ruling (Blood Moon / Urborg, the same with Magus of the Moon): Urborg's effect depends on
    Magus's (613.8a: Magus removes Urborg's ability, 305.7), so Magus applies first whatever the
    timestamps, and then Urborg's effect no longer exists. Urborg is a legendary Mountain that
    taps for {R}; the basic Forest is not a Swamp; Mutavault is a Mountain without its abilities.
    """
    t = solve_text(_magus_urborg(*order))
    u = view(t, "urborg")
    assert u.subtypes == ("Mountain",) and u.supertypes == ("Legendary",)
    assert u.abilities == (MANA["Mountain"],)
    f = view(t, "forest")
    assert f.subtypes == ("Forest",) and f.abilities == (MANA["Forest"],)
    v = view(t, "vault")
    assert v.subtypes == ("Mountain",) and v.abilities == (MANA["Mountain"],)
    assert ("urborg", "magus") in deps(t, "4")
    assert "urborg" not in t.applied
    assert pt(t, "magus") == (2, 2)


def test_magus_under_humility_still_makes_mountains() -> None:
    """Layer 4 comes before layer 6 (613.1d, 613.1f): Magus of the Moon's type effect has already
    applied when Humility removes Magus's abilities, so nonbasic lands are still Mountains;
    Magus is a 1/1 with no abilities."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: magus, card: Magus of the Moon, controller: Bob}
          - {id: humility, card: Humility, controller: Ann}
          - {id: vault, card: Mutavault, controller: Ann}
    """)
    assert view(t, "vault").subtypes == ("Mountain",)
    assert view(t, "magus").abilities == ()
    assert pt(t, "magus") == (1, 1)


@pytest.mark.parametrize("seas_last", [True, False])
def test_magus_of_the_moon_and_spreading_seas_timestamp_order(seas_last: bool) -> None:
    """Both set the land type of a nonbasic land (305.7) and neither changes what the other applies
    to or does, so timestamp order decides (613.7): the later one wins. Spreading Seas attached
    after Magus entered: an Island. Magus entered after Seas was attached: a Mountain."""
    events = ["      - enter: magus", "      - attach: {object: seas, to: vault}"]
    if not seas_last:
        events.reverse()
    t = solve_text(
        """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: vault, card: Mutavault, controller: Ann}
      - {id: magus, card: Magus of the Moon, controller: Bob}
      - {id: seas, card: Spreading Seas, controller: Bob}
    events:
"""
        + "\n".join(events)
        + "\n"
    )
    expected = "Island" if seas_last else "Mountain"
    assert view(t, "vault").subtypes == (expected,)
    assert view(t, "vault").abilities == (MANA[expected],)
    assert not deps(t, "4")


def test_urborg_and_yavimaya_do_not_depend_on_each_other() -> None:
    """Urborg and Yavimaya only add a land type to every land: neither changes whether the other
    exists, what it applies to or what it does (613.8a), so there is no dependency and every land
    is a Swamp Forest with both mana abilities."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Ann}
          - {id: yavimaya, card: "Yavimaya, Cradle of Growth", controller: Bob}
          - {id: plains, card: Plains, controller: Bob}
    """)
    assert not deps(t)
    for oid in ("urborg", "yavimaya", "plains"):
        assert {"Swamp", "Forest"} <= set(view(t, oid).subtypes), oid
        assert {MANA["Swamp"], MANA["Forest"]} <= set(view(t, oid).abilities), oid
    assert set(view(t, "plains").subtypes) == {"Plains", "Swamp", "Forest"}


# ========================================================================= Kormus Bell + Urborg
@pytest.mark.parametrize("order", [("urborg", "bell"), ("bell", "urborg")])
def test_kormus_bell_and_urborg_make_every_land_a_1_1(order: tuple[str, str]) -> None:
    """Kormus Bell's effect depends on Urborg's (613.8a: Urborg changes what Bell applies to: it
    makes every land a Swamp), so Urborg applies first in both orders. Every land is then a
    1/1 black Swamp creature that is still a land (layers 4, 5, 7b); Grizzly Bears is untouched."""
    first, second = order
    t = solve_text(f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: forest, card: Forest, controller: Ann}}
          - {{id: mountain, card: Mountain, controller: Bob}}
          - {{id: bears, card: Grizzly Bears, controller: Bob}}
          - {{id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Ann}}
          - {{id: bell, card: Kormus Bell, controller: Bob}}
        events:
          - enter: [forest, mountain, bears]
          - enter: {first}
          - enter: {second}
    """)
    for oid, own in (("forest", "Forest"), ("mountain", "Mountain"), ("urborg", None)):
        v = view(t, oid)
        assert set(v.types) == {"Land", "Creature"}, oid
        assert set(v.subtypes) == ({"Swamp", own} if own else {"Swamp"}), oid
        assert v.colors == ("black",), oid
        assert pt(t, oid) == (1, 1), oid
        assert MANA["Swamp"] in v.abilities, oid
    assert pt(t, "bears") == (2, 2) and view(t, "bears").colors == ("green",)
    assert ("bell", "urborg") in deps(t, "4")
    layer4 = steps_in(t, "4")
    assert layer4.index("urborg") < layer4.index("bell")
    if order == ("bell", "urborg"):
        assert step(t, "bell", "4").why == "dependency"


# ================================================================================= Turn to Frog
TURN_TO_FROG = """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: mongrel, card: Wild Mongrel, controller: Ann, counters: {"+1/+1": 1}}
      - {id: anthem, card: Glorious Anthem, controller: Ann}
      - {id: frog, card: Turn to Frog, controller: Bob, zone: graveyard}
    events:
      - resolve: {source: frog, ability: cast, targets: [mongrel], id: frog-spell}
"""


def test_turn_to_frog() -> None:
    """Turn to Frog: until end of turn the creature is a blue Frog (205.1a: the new creature type
    replaces Dog), loses all abilities (layer 6), has base P/T 1/1 (7b); Glorious Anthem (7c) and
    the +1/+1 counter (7d) still apply after: 3/3."""
    t = solve_text(TURN_TO_FROG)
    v = view(t, "mongrel")
    assert v.types == ("Creature",) and v.subtypes == ("Frog",)
    assert v.colors == ("blue",)
    assert v.abilities == ()
    assert pt(t, "mongrel") == (3, 3)
    assert step_index(t, "frog-spell", "7b") < step_index(t, "anthem", "7c")


def test_turn_to_frog_ends_at_end_of_turn() -> None:
    """514.2: "until end of turn" effects end in the cleanup step: Wild Mongrel is a green Dog
    with its ability again, 2/2 +1/+1 (Anthem) +1/+1 (counter) = 4/4."""
    t = solve_text(TURN_TO_FROG + "      - end_of_turn\n")
    v = view(t, "mongrel")
    assert v.subtypes == ("Dog",) and v.colors == ("green",)
    assert len(v.abilities) == 1 and v.abilities[0].startswith("Discard a card")
    assert pt(t, "mongrel") == (4, 4)


def test_giant_growth_then_turn_to_frog() -> None:
    """613.4b/c: setting base P/T (7b) comes before modifying it (7c) whatever the timestamps:
    Giant Growth resolves first, Turn to Frog second, yet the Bears is a 1/1 Frog +3/+3 = 4/4."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
          - {id: frog, card: Turn to Frog, controller: Bob, zone: graveyard}
        events:
          - resolve: {source: growth, ability: cast, targets: [bears], id: grow}
          - resolve: {source: frog, ability: cast, targets: [bears], id: frog-spell}
    """)
    assert pt(t, "bears") == (4, 4)
    assert view(t, "bears").subtypes == ("Frog",) and view(t, "bears").colors == ("blue",)
    assert step_index(t, "frog-spell", "7b") < step_index(t, "grow", "7c")


# ====================================================================================== Lignify
def test_lignify_on_tarmogoyf() -> None:
    """Lignify on Tarmogoyf: a 0/4 Treefolk (its Lhurgoyf type is replaced, 205.1a) with no
    abilities, whatever the graveyards hold. Lignify removes the CDA in layer 6, so the CDA no
    longer exists when 7a comes (611.3b; the well-known Merfolk Trickster ruling: a Tarmogoyf
    that loses all abilities is 0/1), and Lignify sets base P/T 0/4 in 7b."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: goyf, card: Tarmogoyf, controller: Bob}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
          - {id: bears, card: Grizzly Bears, controller: Ann, zone: graveyard}
          - {id: lignify, card: Lignify, controller: Ann, attached_to: goyf}
    """)
    v = view(t, "goyf")
    assert v.subtypes == ("Treefolk",) and v.abilities == ()
    assert pt(t, "goyf") == (0, 4)
    assert steps_in(t, "7a") == []
    assert step(t, "lignify", "7b").objects == ("goyf",)


def test_lignify_with_counters_and_abilities() -> None:
    """Lignify on Llanowar Elves with a +1/+1 counter: it loses "{T}: Add {G}." (layer 6), its base
    P/T is 0/4 (7b) and the counter still counts (7d): 1/5. It stays green."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: elves, card: Llanowar Elves, controller: Bob, counters: {"+1/+1": 1}}
          - {id: lignify, card: Lignify, controller: Ann, attached_to: elves}
    """)
    v = view(t, "elves")
    assert v.abilities == () and v.subtypes == ("Treefolk",) and v.colors == ("green",)
    assert pt(t, "elves") == (1, 5)


# ===================================================================== Sudden Spoiling (611.2c)
def test_sudden_spoiling_locks_its_set() -> None:
    """611.2c: a resolved spell's effect that changes characteristics affects only the objects it
    affected when it resolved. Bob's creatures then lose all abilities and are 0/2; a Llanowar
    Elves Bob plays afterwards is a normal 1/1 with its ability; Ann's creature is untouched."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: elves, card: Llanowar Elves, controller: Bob}
          - {id: mongrel, card: Wild Mongrel, controller: Ann}
          - {id: late, card: Llanowar Elves, controller: Bob}
          - {id: spoiling, card: Sudden Spoiling, controller: Ann, zone: graveyard}
        events:
          - enter: [bears, elves, mongrel]
          - resolve: {source: spoiling, ability: cast, targets: [Bob], id: spoil}
          - enter: late
    """)
    assert pt(t, "bears") == (0, 2) and view(t, "bears").abilities == ()
    assert pt(t, "elves") == (0, 2) and view(t, "elves").abilities == ()
    assert pt(t, "late") == (1, 1) and view(t, "late").abilities == ("{T}: Add {G}.",)
    assert pt(t, "mongrel") == (2, 2) and len(view(t, "mongrel").abilities) == 1
    assert set(t.effect("spoil").locked or ()) == {"bears", "elves"}


def test_sudden_spoiling_then_mutavault_animated() -> None:
    """611.2c, the classic manland case: Mutavault was a land, not a creature, when Sudden Spoiling
    resolved, so animating it afterwards gives a normal 2/2 with its abilities; Bob's Grizzly
    Bears, a creature at resolution, is 0/2."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: vault, card: Mutavault, controller: Bob}
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: spoiling, card: Sudden Spoiling, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: spoiling, ability: cast, targets: [Bob], id: spoil}
          - resolve: {source: vault, ability: animate, id: animate}
    """)
    assert pt(t, "vault") == (2, 2) and "{T}: Add {C}." in view(t, "vault").abilities
    assert pt(t, "bears") == (0, 2)
    assert "vault" not in (t.effect("spoil").locked or ())


# ================================================================================ Clone (707.2)
def test_clone_copies_only_copiable_values() -> None:
    """707.2: Clone copies the printed values of Bob's Grizzly Bears, not its +1/+1 counter, not
    Bob's Glorious Anthem, nor Bob's control: Clone is a 2/2 green Bear named Grizzly Bears under
    Ann's control (the original is 2/2 +1 +1 = 4/4)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bob, counters: {"+1/+1": 1}}
          - {id: anthem, card: Glorious Anthem, controller: Bob}
          - {id: clone, card: Clone, controller: Ann, choices: {object: bears}}
    """)
    c = view(t, "clone")
    assert (c.name, c.types, c.subtypes, c.colors) == ("Grizzly Bears", ("Creature",), ("Bear",), ("green",))
    assert c.controller == "Ann" and c.counters == ()
    assert pt(t, "clone") == (2, 2)
    assert pt(t, "bears") == (4, 4)
    assert step(t, "clone", "1").objects == ("clone",)


@pytest.mark.parametrize("order", ["cub-first", "bears-first"])
def test_clone_copies_the_chosen_object_by_id(order: str) -> None:
    """Clone copies the one creature chosen as it enters (707.2; Clone's Oracle text). The choice
    names the object ``bears`` (LANGUAGE.md §3 ``choices: {object: bears}``); another Bear on the
    battlefield, listed first or not, must not be copied instead."""
    cub = (
        "  - {id: cub, name: Bear Cub, mana_value: 2, types: [Creature], subtypes: [Bear],"
        " colors: [green], power: 2, toughness: 2, controller: Bob}"
    )
    bears = "  - {id: bears, card: Grizzly Bears, controller: Bob}"
    objects = [cub, bears] if order == "cub-first" else [bears, cub]
    t = solve_text(
        "game: mtg\nplayers: [Ann, Bob]\nobjects:\n"
        + "\n".join(objects)
        + "\n  - {id: clone, card: Clone, controller: Ann, choices: {object: bears}}\n"
    )
    assert view(t, "clone").name == "Grizzly Bears"


def test_clone_of_a_frog_copies_the_original() -> None:
    """707.2: Turn to Frog's effect isn't copiable; a Clone of a frogged Llanowar Elves is a green
    1/1 Elf Druid with "{T}: Add {G}.", while the original is a blue 1/1 Frog."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: elves, card: Llanowar Elves, controller: Bob}
          - {id: frog, card: Turn to Frog, controller: Ann, zone: graveyard}
          - {id: clone, card: Clone, controller: Ann, choices: {object: elves}}
        events:
          - enter: elves
          - resolve: {source: frog, ability: cast, targets: [elves], id: frog-spell}
          - enter: clone
    """)
    c = view(t, "clone")
    assert set(c.subtypes) == {"Elf", "Druid"} and c.colors == ("green",)
    assert c.abilities == ("{T}: Add {G}.",)
    assert view(t, "elves").subtypes == ("Frog",)


def test_clone_of_a_clone_copies_the_copy_effect() -> None:
    """707.3: the copiable values of a Clone include its own copy effect, so a Clone copying a
    Clone of Grizzly Bears is Grizzly Bears too."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: clone1, card: Clone, controller: Ann, choices: {object: bears}}
          - {id: clone2, card: Clone, controller: Bob, choices: {object: clone1}}
    """)
    c = view(t, "clone2")
    assert (c.name, c.subtypes, c.colors) == ("Grizzly Bears", ("Bear",), ("green",))
    assert pt(t, "clone2") == (2, 2)


def test_clone_of_tarmogoyf_copies_the_cda() -> None:
    """707.2 + 604.3: a CDA is part of the copiable values, so a Clone of Tarmogoyf has the same
    P/T: Giant Growth (Instant) and Grizzly Bears (Creature) in graveyards give 2/3."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: goyf, card: Tarmogoyf, controller: Bob}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
          - {id: bears, card: Grizzly Bears, controller: Bob, zone: graveyard}
          - {id: clone, card: Clone, controller: Ann, choices: {object: goyf}}
    """)
    assert pt(t, "goyf") == (2, 3)
    assert pt(t, "clone") == (2, 3)
    assert view(t, "clone").name == "Tarmogoyf"


def test_clone_of_an_opalescence_animated_glorious_anthem() -> None:
    """Clone may copy Bob's Glorious Anthem while Opalescence makes it a creature; it copies the
    printed Glorious Anthem (707.2: the Opalescence effect isn't copiable), an enchantment with
    no P/T. Opalescence then animates the Clone too (3/3), and its own copied "Creatures you
    control get +1/+1" pumps it: 4/4. Bob's Anthem is 3/3 +1 (its own) = 4/4."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: opal, card: Opalescence, controller: Ann}
          - {id: anthem, card: Glorious Anthem, controller: Bob}
          - {id: clone, card: Clone, controller: Ann, choices: {object: anthem}}
    """)
    c = view(t, "clone")
    assert c.name == "Glorious Anthem" and set(c.types) == {"Enchantment", "Creature"}
    assert c.colors == ("white",) and c.abilities == ("Creatures you control get +1/+1.",)
    assert pt(t, "clone") == (4, 4)
    assert pt(t, "anthem") == (4, 4)
    assert view(t, "opal").power is None


# ====================================================================== Control Magic (layer 2)
def test_control_magic_then_selectors_see_the_new_controller() -> None:
    """Control Magic (layer 2): Ann controls Bob's Grizzly Bears. "Creatures you control" is read
    after layer 2 (611.3a, 613.1b), so Ann's Glorious Anthem pumps the Bears and Bob's doesn't:
    3/3. Bob's Llanowar Elves still gets Bob's anthem: 2/2. The owner is still Bob."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: elves, card: Llanowar Elves, controller: Bob}
          - {id: anthem-ann, card: Glorious Anthem, controller: Ann}
          - {id: anthem-bob, card: Glorious Anthem, controller: Bob}
          - {id: magic, card: Control Magic, controller: Ann, attached_to: bears}
    """)
    b = view(t, "bears")
    assert b.controller == "Ann" and b.owner == "Bob"
    assert pt(t, "bears") == (3, 3)
    assert pt(t, "elves") == (2, 2)
    assert step(t, "magic", "2").objects == ("bears",)


# ============================================================== Life and Limb + Yavimaya (loop)
def _life_yavimaya(first: str, second: str) -> str:
    return f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: plains, card: Plains, controller: Ann}}
          - {{id: forest, card: Forest, controller: Bob}}
          - id: saproling
            name: Saproling
            token: true
            types: [Creature]
            subtypes: [Saproling]
            colors: [green]
            power: 1
            toughness: 1
            controller: Ann
          - {{id: yavimaya, card: "Yavimaya, Cradle of Growth", controller: Ann}}
          - {{id: life, card: Life and Limb, controller: Bob}}
        events:
          - enter: [plains, forest, saproling]
          - enter: {first}
          - enter: {second}
    """


def test_life_and_limb_and_yavimaya_loop_yavimaya_first() -> None:
    """A genuine dependency loop (613.8b): Yavimaya changes what Life and Limb applies to (lands
    become Forests) and Life and Limb changes what Yavimaya applies to (Saprolings become lands),
    so dependency is ignored and they apply in timestamp order.

    Yavimaya first: every land is a Forest, then Life and Limb makes every Forest and Saproling a
    1/1 green Saproling creature Forest land: the Plains and Yavimaya are creatures too."""
    t = solve_text(_life_yavimaya("yavimaya", "life"))
    assert any(set(loop) >= {"yavimaya", "life"} for loop in t.loops)
    assert steps_in(t, "4")[:2] == ["yavimaya", "life"]
    assert step(t, "yavimaya", "4").why == "loop"
    for oid in ("plains", "forest", "saproling", "yavimaya"):
        v = view(t, oid)
        assert {"Creature", "Land"} <= set(v.types), oid
        assert {"Forest", "Saproling"} <= set(v.subtypes), oid
        assert v.colors == ("green",), oid
        assert pt(t, oid) == (1, 1), oid
    assert set(view(t, "plains").subtypes) == {"Plains", "Forest", "Saproling"}


def test_life_and_limb_and_yavimaya_loop_life_first() -> None:
    """The same loop with Life and Limb older: it applies first, to the Forests and Saprolings of
    that moment (613.6 keeps that set in layers 5 and 7b). The Plains and Yavimaya only become
    Forests afterwards, so they are not creatures; the Saproling token does become a Forest land."""
    t = solve_text(_life_yavimaya("life", "yavimaya"))
    assert any(set(loop) >= {"yavimaya", "life"} for loop in t.loops)
    assert steps_in(t, "4")[:2] == ["life", "yavimaya"]
    assert step(t, "life", "4").why == "loop"
    for oid in ("plains", "yavimaya"):
        v = view(t, oid)
        assert "Creature" not in v.types and v.power is None, oid
        assert "Forest" in v.subtypes and v.colors == (), oid
    assert set(view(t, "plains").subtypes) == {"Plains", "Forest"}
    assert {MANA["Plains"], MANA["Forest"]} <= set(view(t, "plains").abilities)
    for oid in ("forest", "saproling"):
        v = view(t, oid)
        assert {"Creature", "Land"} <= set(v.types) and {"Forest", "Saproling"} <= set(v.subtypes), oid
        assert pt(t, oid) == (1, 1) and v.colors == ("green",), oid


# =================================================================== Dryad of the Ilysian Grove
def test_dryad_of_the_ilysian_grove_lands_are_every_basic_type() -> None:
    """Dryad of the Ilysian Grove adds every basic land type to lands its controller controls "in
    addition to their other types": Ann's Mutavault keeps its abilities and gains the five
    intrinsic mana abilities (305.6, 305.7 doesn't apply); Bob's Mountain is untouched."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: dryad, card: Dryad of the Ilysian Grove, controller: Ann}
          - {id: vault, card: Mutavault, controller: Ann}
          - {id: mountain, card: Mountain, controller: Bob}
    """)
    v = view(t, "vault")
    assert set(v.subtypes) == set(MANA)
    assert set(v.abilities) >= set(MANA.values()) | {"{T}: Add {C}."}
    assert len(v.abilities) == 7
    assert view(t, "mountain").subtypes == ("Mountain",)
    assert pt(t, "dryad") == (2, 4)


@pytest.mark.parametrize("order", [("magus", "dryad"), ("dryad", "magus")])
def test_dryad_and_magus_of_the_moon_timestamp_order(order: tuple[str, str]) -> None:
    """Ruling (Dryad of the Ilysian Grove, 2020-01-24): with a Blood Moon effect the outcome follows
    timestamp order, as neither effect depends on the other (613.7, 613.8a).

    Magus first, then Dryad: Mutavault becomes a Mountain (losing its abilities, 305.7), then
    gains every basic type: the five intrinsic mana abilities only. Dryad first, then Magus:
    the types Dryad added are replaced: a Mountain that taps only for {R}."""
    first, second = order
    t = solve_text(f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: vault, card: Mutavault, controller: Ann}}
          - {{id: magus, card: Magus of the Moon, controller: Bob}}
          - {{id: dryad, card: Dryad of the Ilysian Grove, controller: Ann}}
        events:
          - enter: vault
          - enter: {first}
          - enter: {second}
    """)
    v = view(t, "vault")
    if order == ("magus", "dryad"):
        assert set(v.subtypes) == set(MANA)
        assert set(v.abilities) == set(MANA.values())
    else:
        assert v.subtypes == ("Mountain",)
        assert v.abilities == (MANA["Mountain"],)
    assert not deps(t, "4")


# ================================================================================== Dryad Arbor
def test_dryad_arbor_is_a_green_forest_creature_land() -> None:
    """Dryad Arbor: Land Creature — Forest Dryad, green by its colour indicator (204), 1/1, with the
    Forest's intrinsic "{T}: Add {G}." (305.6)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: arbor, card: Dryad Arbor, controller: Ann}
    """)
    v = view(t, "arbor")
    assert set(v.types) == {"Land", "Creature"} and set(v.subtypes) == {"Forest", "Dryad"}
    assert v.colors == ("green",) and pt(t, "arbor") == (1, 1)
    assert MANA["Forest"] in v.abilities


def test_dryad_arbor_under_magus_of_the_moon() -> None:
    """Dryad Arbor isn't basic, so Magus makes it a Mountain (305.7): it loses the Forest type and
    {T}: Add {G}., taps for {R}, and keeps its creature type Dryad, its colour and its P/T."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: arbor, card: Dryad Arbor, controller: Ann}
          - {id: magus, card: Magus of the Moon, controller: Bob}
    """)
    v = view(t, "arbor")
    assert set(v.subtypes) == {"Mountain", "Dryad"}
    assert MANA["Mountain"] in v.abilities and MANA["Forest"] not in v.abilities
    assert v.colors == ("green",) and pt(t, "arbor") == (1, 1)


# ==================================================================================== Mutavault
MUTAVAULT = """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: vault, card: Mutavault, controller: Ann}
      - {id: honor, card: Honor of the Pure, controller: Ann}
      - id: king
        name: Goblin King
        mana_value: 3
        types: [Creature]
        subtypes: [Goblin]
        colors: [red]
        power: 2
        toughness: 2
        controller: Bob
        abilities:
          - text: Other Goblins get +1/+1 and have mountainwalk.
            static:
              affects: other Goblins
              abilities: {add: [Mountainwalk]}
              modify_pt: {power: 1, toughness: 1}
    events:
      - resolve: {source: vault, ability: animate, id: animate}
"""


def test_mutavault_activated_has_all_creature_types() -> None:
    """Mutavault's ability: until end of turn a 2/2 Land Creature with every creature type (205.3m),
    colourless, keeping its abilities. Being a Goblin, it gets Goblin King's +1/+1 and
    mountainwalk (Bob's lord says "other Goblins", any controller): 3/3. Honor of the Pure
    ignores it: it isn't white."""
    t = solve_text(MUTAVAULT)
    v = view(t, "vault")
    assert set(v.types) == {"Land", "Creature"}
    assert ALL_CREATURE_TYPES in v.subtypes
    assert v.colors == ()
    assert "{T}: Add {C}." in v.abilities and "Mountainwalk" in v.abilities
    assert pt(t, "vault") == (3, 3)
    assert "vault" in step(t, "king", "7c").objects
    assert pt(t, "king") == (2, 2)


def test_mutavault_after_end_of_turn_is_only_a_land() -> None:
    """514.2: at end of turn Mutavault's effect ends: it is a land, not a creature, with no
    creature type and no P/T; Goblin King's effect no longer touches it."""
    t = solve_text(MUTAVAULT + "      - end_of_turn\n")
    v = view(t, "vault")
    assert v.types == ("Land",) and v.subtypes == () and v.power is None
    assert "Mountainwalk" not in v.abilities


@pytest.mark.parametrize("first", ["humility", "animate"])
def test_mutavault_and_humility_timestamp_order(first: str) -> None:
    """Both set base P/T in 7b (613.4b), in timestamp order (613.7); Humility removes Mutavault's
    abilities in layer 6 either way (it is a creature by then). Humility older: Mutavault's
    activation sets 2/2 after Humility's 1/1. Humility newer: 1/1."""
    events = ["      - enter: humility", "      - resolve: {source: vault, ability: animate, id: animate}"]
    if first == "animate":
        events.reverse()
    t = solve_text(
        """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: vault, card: Mutavault, controller: Ann}
      - {id: humility, card: Humility, controller: Bob}
    events:
"""
        + "\n".join(events)
        + "\n"
    )
    assert pt(t, "vault") == ((2, 2) if first == "humility" else (1, 1))
    assert view(t, "vault").abilities == ()
    assert steps_in(t, "7b") == (["humility", "animate"] if first == "humility" else ["animate", "humility"])


def test_dryad_arbor_under_humility_loses_its_mana_ability() -> None:
    """Humility removes every ability of a creature in layer 6, the intrinsic "{T}: Add {G}." of
    Dryad Arbor's Forest type too (305.6: the land has that ability); it is a 1/1."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: arbor, card: Dryad Arbor, controller: Ann}
          - {id: humility, card: Humility, controller: Bob}
    """)
    assert view(t, "arbor").abilities == ()
    assert "Forest" in view(t, "arbor").subtypes
    assert pt(t, "arbor") == (1, 1)


# ============================================================================= Starfield of Nyx
def _starfield(with_lignify: bool) -> str:
    lignify = "      - {id: lignify, card: Lignify, controller: Ann, attached_to: bears}\n"
    extra = lignify if with_lignify else ""
    return (
        """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: starfield, card: Starfield of Nyx, controller: Ann}
      - {id: anthem, card: Glorious Anthem, controller: Ann}
      - {id: honor, card: Honor of the Pure, controller: Ann}
      - {id: forest, card: Forest, controller: Ann}
      - {id: seas, card: Spreading Seas, controller: Ann, attached_to: forest}
      - {id: bears, card: Grizzly Bears, controller: Bob}
"""
        + extra
    )


def test_starfield_of_nyx_with_five_enchantments() -> None:
    """Starfield of Nyx with five enchantments (itself, Glorious Anthem, Honor of the Pure and two
    Auras): each *other non-Aura* enchantment Ann controls is a creature with base P/T equal to
    its mana value. Glorious Anthem: 3/3 +1 (itself) +1 (Honor: it is white) = 5/5; Honor of
    the Pure: 2/2 +1 +1 = 4/4. Starfield and the Auras are not creatures; Bob's Bears under
    Lignify is 0/4."""
    t = solve_text(_starfield(True))
    assert pt(t, "anthem") == (5, 5)
    assert pt(t, "honor") == (4, 4)
    assert set(view(t, "anthem").types) == {"Enchantment", "Creature"}
    for oid in ("starfield", "seas", "lignify"):
        assert "Creature" not in view(t, oid).types, oid
    assert pt(t, "bears") == (0, 4)


def test_starfield_of_nyx_with_four_enchantments_does_nothing() -> None:
    """With only four enchantments the "as long as" condition is false, so the effect doesn't
    exist (611.3b / 604.2): Glorious Anthem and Honor of the Pure are not creatures."""
    t = solve_text(_starfield(False))
    for oid in ("anthem", "honor"):
        v = view(t, oid)
        assert v.types == ("Enchantment",) and v.power is None, oid
    assert "starfield" not in t.applied


# ================================================================================== Opalescence
def test_opalescence_animates_other_non_aura_enchantments() -> None:
    """Opalescence: each *other* non-Aura enchantment is a creature with base P/T equal to its
    mana value (layers 4, 7b): Glorious Anthem is a 3/3 that pumps itself: 4/4. Opalescence
    itself and Lignify (an Aura) are not creatures."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: opal, card: Opalescence, controller: Ann}
          - {id: anthem, card: Glorious Anthem, controller: Ann}
          - {id: bears, card: Grizzly Bears, controller: Bob}
          - {id: lignify, card: Lignify, controller: Ann, attached_to: bears}
    """)
    assert pt(t, "anthem") == (4, 4)
    assert set(view(t, "anthem").types) == {"Enchantment", "Creature"}
    assert "Creature" not in view(t, "opal").types
    assert "Creature" not in view(t, "lignify").types
    assert pt(t, "bears") == (0, 4)


def _humility_opalescence(first: str, second: str) -> str:
    return f"""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {{id: bears, card: Grizzly Bears, controller: Bob}}
          - {{id: anthem, card: Glorious Anthem, controller: Bob}}
          - {{id: humility, card: Humility, controller: Ann}}
          - {{id: opal, card: Opalescence, controller: Ann}}
        events:
          - enter: [bears, anthem]
          - enter: {first}
          - enter: {second}
    """


def test_humility_then_opalescence() -> None:
    """Ruling (Opalescence/Humility; 613.6): Opalescence makes Humility a creature (layer 4),
    Humility then removes its own ability (layer 6) but its effect keeps applying in 7b.
    Opalescence is newer, so in 7b it sets after Humility: Humility is 4/4, Glorious Anthem
    3/3 (its own +1/+1 is gone: it lost its ability), Grizzly Bears 1/1."""
    t = solve_text(_humility_opalescence("humility", "opal"))
    assert pt(t, "humility") == (4, 4)
    assert pt(t, "anthem") == (3, 3)
    assert pt(t, "bears") == (1, 1)
    assert view(t, "humility").abilities == ()
    assert steps_in(t, "7b") == ["humility", "opal"]


def test_opalescence_then_humility() -> None:
    """Humility newer: it sets after Opalescence in 7b, so every creature is 1/1, Humility too."""
    t = solve_text(_humility_opalescence("opal", "humility"))
    assert pt(t, "humility") == (1, 1)
    assert pt(t, "anthem") == (1, 1)
    assert pt(t, "bears") == (1, 1)
    assert steps_in(t, "7b") == ["opal", "humility"]


# =================================================================================== Conspiracy
def test_conspiracy_sets_creature_types_you_control() -> None:
    """Conspiracy (Elf): creatures Ann controls are only Elves (205.1a: the old creature types are
    replaced); Bob's are untouched. A creature card Ann owns in her graveyard is an Elf too."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: conspiracy, card: Conspiracy, controller: Ann, choices: {creature type: Elf}}
          - {id: bears, card: Grizzly Bears, controller: Ann}
          - {id: goyf, card: Tarmogoyf, controller: Ann, zone: graveyard}
          - {id: mongrel, card: Wild Mongrel, controller: Bob}
    """)
    assert view(t, "bears").subtypes == ("Elf",)
    assert view(t, "goyf").subtypes == ("Elf",)
    assert view(t, "mongrel").subtypes == ("Dog",)


def test_conspiracy_reaches_cards_you_own_and_spells_you_control() -> None:
    """Conspiracy's Oracle text: creatures you *control*, creature spells you *control* and creature
    cards you *own* that aren't on the battlefield. So Ann's creature card in exile and Ann's
    creature spell on the stack are Elves; Bob's creature card in his graveyard isn't; and Ann's
    Grizzly Bears stolen by Bob's Control Magic is no longer a creature Ann controls (layer 2
    before layer 4, 613.1b): it stays a Bear."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: conspiracy, card: Conspiracy, controller: Ann, choices: {creature type: Elf}}
          - {id: exiled, card: Wild Mongrel, controller: Ann, zone: exile}
          - {id: spell, card: Grizzly Bears, controller: Ann, zone: stack}
          - {id: bobs-card, card: Grizzly Bears, controller: Bob, zone: graveyard}
          - {id: stolen, card: Grizzly Bears, controller: Ann}
          - {id: magic, card: Control Magic, controller: Bob, attached_to: stolen}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
    """)
    assert view(t, "exiled").subtypes == ("Elf",)
    assert view(t, "spell").subtypes == ("Elf",)
    assert view(t, "bobs-card").subtypes == ("Bear",)
    stolen = view(t, "stolen")
    assert (stolen.owner, stolen.controller, stolen.subtypes) == ("Ann", "Bob", ("Bear",))
    assert view(t, "growth").subtypes == ()


def test_conspiracy_on_a_creature_that_already_has_the_type() -> None:
    """Conspiracy (Elf) on Llanowar Elves (Elf Druid): it is the chosen type and only that (205.1a):
    an Elf, no longer a Druid."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: conspiracy, card: Conspiracy, controller: Ann, choices: {creature type: Elf}}
          - {id: elves, card: Llanowar Elves, controller: Ann}
    """)
    assert view(t, "elves").subtypes == ("Elf",)


def test_lignify_on_a_treefolk() -> None:
    """Lignify on a Treefolk (an inline Ironroot Treefolk, 3/5): still a Treefolk, 0/4 (205.1a, 7b)."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - id: treefolk
            name: Ironroot Treefolk
            mana_value: 5
            types: [Creature]
            subtypes: [Treefolk]
            colors: [green]
            power: 3
            toughness: 5
            controller: Bob
          - {id: lignify, card: Lignify, controller: Ann, attached_to: treefolk}
    """)
    assert view(t, "treefolk").subtypes == ("Treefolk",)
    assert pt(t, "treefolk") == (0, 4)


@pytest.mark.parametrize("order", ["conspiracy-first", "vault-first"])
def test_conspiracy_and_mutavault(order: str) -> None:
    """Conspiracy depends on Mutavault's effect (613.8a: making Mutavault a creature changes what
    Conspiracy applies to), so in layer 4 Mutavault's effect applies first whatever the
    timestamps and Conspiracy then sets its creature types: Mutavault is only an Elf."""
    events = (
        "      - enter: conspiracy\n      - resolve: {source: vault, ability: animate, id: animate}\n"
        if order == "conspiracy-first"
        else "      - resolve: {source: vault, ability: animate, id: animate}\n      - enter: conspiracy\n"
    )
    t = solve_text(
        """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: vault, card: Mutavault, controller: Ann}
      - {id: conspiracy, card: Conspiracy, controller: Ann, choices: {creature type: Elf}}
    events:
"""
        + events
    )
    v = view(t, "vault")
    assert v.subtypes == ("Elf",)
    assert set(v.types) == {"Land", "Creature"} and pt(t, "vault") == (2, 2)
    assert ("conspiracy", "animate") in deps(t, "4")
    layer4 = steps_in(t, "4")
    assert layer4.index("animate") < layer4.index("conspiracy")


# ================================================================================= Wild Mongrel
def test_wild_mongrel_pumps_and_changes_color() -> None:
    """Wild Mongrel activated twice (blue): +1/+1 each (7c) and blue instead of green (layer 5):
    a blue 4/4. At end of turn both effects end (514.2): a green 2/2."""
    text = """
        game: mtg
        players: [Ann]
        objects:
          - {id: mongrel, card: Wild Mongrel, controller: Ann, choices: {color: blue}}
        events:
          - resolve: {source: mongrel, ability: discard, id: d1}
          - resolve: {source: mongrel, ability: discard, id: d2}
    """
    t = solve_text(text)
    assert view(t, "mongrel").colors == ("blue",)
    assert pt(t, "mongrel") == (4, 4)
    t2 = solve_text(text + "      - end_of_turn\n")
    assert view(t2, "mongrel").colors == ("green",)
    assert pt(t2, "mongrel") == (2, 2)


def test_wild_mongrel_later_color_wins() -> None:
    """Two colour choices (as two activations would): layer 5 applies them in timestamp order, so the
    later one (red) wins (613.7)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: mongrel, card: Wild Mongrel, controller: Ann, choices: {color: blue}}
        events:
          - resolve: {source: mongrel, ability: discard, id: blue}
          - resolve:
              source: mongrel
              id: red
              effect:
                affects: this
                duration: until end of turn
                color: {set: [red]}
                modify_pt: {power: 1, toughness: 1}
    """)
    assert view(t, "mongrel").colors == ("red",)
    assert pt(t, "mongrel") == (4, 4)
    assert steps_in(t, "5") == ["blue", "red"]


# ================================================== Giant Growth + Twisted Image (7c before 7e)
def test_twisted_image_then_giant_growth() -> None:
    """Seed 7c (modify) comes before 7e (switch) whatever the timestamps (613.4c-e): Dryad of the
    Ilysian Grove 2/4, Twisted Image resolves first, Giant Growth second: 2/4 -> +3/+3 = 5/7 ->
    switch = 7/5."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: dryad, card: Dryad of the Ilysian Grove, controller: Ann}
          - {id: twisted, card: Twisted Image, controller: Bob, zone: graveyard}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: twisted, ability: cast, targets: [dryad], id: twist}
          - resolve: {source: growth, ability: cast, targets: [dryad], id: grow}
    """)
    assert pt(t, "dryad") == (7, 5)
    assert step_index(t, "grow", "7c") < step_index(t, "twist", "7e")
    t_cur = solve_text(
        """
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: dryad, card: Dryad of the Ilysian Grove, controller: Ann}
          - {id: twisted, card: Twisted Image, controller: Bob, zone: graveyard}
          - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
        events:
          - resolve: {source: twisted, ability: cast, targets: [dryad], id: twist}
          - resolve: {source: growth, ability: cast, targets: [dryad], id: grow}
    """,
        ruleset="current",
    )
    assert pt(t_cur, "dryad") == (7, 5)
    assert step(t_cur, "twist", "7d").why  # switching is 7d in the current edition


def test_switch_after_an_asymmetric_pump_and_counters() -> None:
    """Why the order matters: Twisted Image first, then a +3/+0 pump (an inline effect), on a 2/4
    with a +1/+1 counter. Layers: 7c +3/+0 -> 5/4, 7d counter -> 6/5, 7e switch -> 5/6.
    (Timestamp order alone would give switch 4/2, +3/+0 7/2, counter 8/3.)"""
    t = solve_text("""
        game: mtg
        players: [Ann, Bob]
        objects:
          - {id: dryad, card: Dryad of the Ilysian Grove, controller: Ann, counters: {"+1/+1": 1}}
          - {id: twisted, card: Twisted Image, controller: Bob, zone: graveyard}
        events:
          - resolve: {source: twisted, ability: cast, targets: [dryad], id: twist}
          - resolve:
              id: rush
              controller: Ann
              targets: [dryad]
              effect: {affects: targets, duration: until end of turn, modify_pt: {power: 3, toughness: 0}}
    """)
    assert pt(t, "dryad") == (5, 6)
    assert step_index(t, "rush", "7c") < step_index(t, "twist", "7e")


# ========================================================== Glorious Anthem + Honor of the Pure
ANTHEMS = """
    game: mtg
    players: [Ann, Bob]
    objects:
      - {id: anthem, card: Glorious Anthem, controller: Ann}
      - {id: honor, card: Honor of the Pure, controller: Ann}
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - id: lions
        name: Savannah Lions
        mana_value: 1
        types: [Creature]
        subtypes: [Cat]
        colors: [white]
        power: 2
        toughness: 1
        controller: Ann
      - id: bob-lions
        name: Savannah Lions
        mana_value: 1
        types: [Creature]
        subtypes: [Cat]
        colors: [white]
        power: 2
        toughness: 1
        controller: Bob
"""


def test_glorious_anthem_and_honor_of_the_pure() -> None:
    """Both are 7c modifications (613.4c) and add up: Ann's white Savannah Lions 2/1 -> 4/3; her
    green Grizzly Bears gets only Glorious Anthem: 3/3; Bob's white Lions gets nothing: 2/1."""
    t = solve_text(ANTHEMS)
    assert pt(t, "lions") == (4, 3)
    assert pt(t, "bears") == (3, 3)
    assert pt(t, "bob-lions") == (2, 1)
    assert set(steps_in(t, "7c")) == {"anthem", "honor"}


def test_honor_of_the_pure_reads_color_after_layer_5() -> None:
    """Painter's Servant (white) makes every permanent white in layer 5, before Honor of the Pure
    picks its creatures in 7c (611.3a, 613.1): Grizzly Bears is now white and 4/4; Painter's
    Servant itself 1/3 -> 3/5."""
    t = solve_text(
        ANTHEMS + "      - {id: servant, card: Painter's Servant, controller: Ann, choices: {color: white}}\n"
    )
    assert pt(t, "bears") == (4, 4)
    assert pt(t, "servant") == (3, 5)
    assert pt(t, "bob-lions") == (2, 1)


# ================================================================================ both editions
@pytest.mark.parametrize("text", [MARCH_LATTICE, TURN_TO_FROG, MUTAVAULT, ANTHEMS, GOYF])
def test_both_editions_give_the_same_numbers(text: str) -> None:
    """rules-notes "Two editions of layer 7": the editions differ only in labels."""
    seed, cur = solve_text(text, ruleset="seed"), solve_text(text, ruleset="current")
    assert {
        k: (v.power, v.toughness, v.types, v.subtypes, v.colors, v.abilities) for k, v in seed.final.items()
    } == {k: (v.power, v.toughness, v.types, v.subtypes, v.colors, v.abilities) for k, v in cur.final.items()}
