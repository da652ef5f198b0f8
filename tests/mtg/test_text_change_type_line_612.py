"""CR 612.1, 612.2: a text-changing effect changes the words of the rules text *and of the type
line* that are used in their own way: a creature type used as a creature type, a land type used as
a land type. Changing "Goblin" to "Elf" on Goblin King makes it an Elf (its creature types change in
layer 3, 613.1c), so every selector that reads creature types follows; card names (612.2), card
types and supertypes are never changed, and a copy does not take the change (707.2: text-changing
effects are not copied). A layer-3 effect whose selector reads the changed type depends on the text
change as any effect does on another of its layer (613.8a).

Expected values are worked out from Oracle texts and the rules above, not from the engine."""

from __future__ import annotations

from rulekit import mtg
from tests.mtg_library._helpers import deps, pt, solve_text, view

EVOLVE = "  - resolve: {source: evolution, ability: cast, targets: [%s], id: evolution}\n"


def test_the_builtin_scenario_king_becomes_an_elf() -> None:
    """Artificial Evolution ("Goblin" -> "Elf") on Goblin King: the King is a Creature — Elf named
    Goblin King (612.2: the name does not change); "Other Elf creatures" leaves the King itself out,
    so it stays 2/2; Llanowar Elves 2/2 with mountainwalk; Goblin Piker 2/1."""
    t = mtg.solve(mtg.load_scenario("classic/artificial-evolution"))
    king = view(t, "king")
    assert (king.name, king.types, king.subtypes) == ("Goblin King", ("Creature",), ("Elf",))
    assert pt(t, "king") == (2, 2) and pt(t, "elves") == (2, 2) and pt(t, "piker") == (2, 1)


TWO_KINGS = """
game: mtg
players: [Ann]
objects:
  - {id: king, card: Goblin King, controller: Ann}
  - {id: king2, card: Goblin King, controller: Ann}
  - {id: piker, card: Goblin Piker, controller: Ann}
  - {id: elves, card: Llanowar Elves, controller: Ann}
  - {id: evolution, card: Artificial Evolution, controller: Ann, zone: graveyard,
     choices: {old type: Goblin, new type: Elf}}
events:
"""


def test_selectors_that_read_creature_types_follow() -> None:
    """Two Goblin Kings, one changed to an Elf lord. The changed King is no Goblin now: the other
    King no longer pumps it (2/2), and it pumps the Elves (2/2) but not the other King (2/2, no
    Goblin lord left for it: its own ability says "other"). Goblin Piker gets the other King's
    +1/+1 only (3/2)."""
    for ruleset in ("seed", "current"):
        t = solve_text(TWO_KINGS + EVOLVE % "king", ruleset)
        assert view(t, "king").subtypes == ("Elf",) and view(t, "king2").subtypes == ("Goblin",)
        assert pt(t, "king") == (2, 2) and pt(t, "king2") == (2, 2)
        assert pt(t, "piker") == (3, 2) and pt(t, "elves") == (2, 2)
        assert "Mountainwalk" not in view(t, "king").abilities


def test_without_the_change_both_kings_pump_each_other() -> None:
    """The control: the two Goblin Kings pump each other (3/3) and the Piker twice (4/3)."""
    t = solve_text(TWO_KINGS + "  - end_of_turn\n")
    assert pt(t, "king") == (3, 3) and pt(t, "piker") == (4, 3) and pt(t, "elves") == (1, 1)


def test_a_creature_type_already_there_is_not_doubled() -> None:
    """Goblin -> Warrior on Goblin Piker (a Goblin Warrior): a Warrior, once."""
    text = TWO_KINGS.replace("new type: Elf", "new type: Warrior") + EVOLVE % "piker"
    t = solve_text(text)
    assert view(t, "piker").subtypes == ("Warrior",)
    assert pt(t, "piker") == (2, 1)  # no Goblin lord pumps it now


def test_a_clone_does_not_copy_the_text_change() -> None:
    """707.2: text-changing effects are not copied: a Clone entering as a copy of the changed King
    is a Goblin King with the printed Goblin type and Goblin lord ability (and, a Goblin, it gets
    the other King's +1/+1 and mountainwalk: 3/3)."""
    clone = "  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: king}}\n"
    text = TWO_KINGS.replace("events:\n", clone + "events:\n")
    t = solve_text(text + EVOLVE % "king" + "  - enter: clone\n")
    c = view(t, "clone")
    assert (c.name, c.subtypes) == ("Goblin King", ("Goblin",))
    assert c.abilities == ("Other Goblin creatures get +1/+1 and have mountainwalk.", "Mountainwalk")
    assert pt(t, "clone") == (3, 3)


LAND = """
game: mtg
players: [Ann]
objects:
  - {id: forest, card: Forest, controller: Ann}
  - {id: walker, name: Bog Walker, types: [Creature], subtypes: [Zombie], colors: [black], power: 2,
     toughness: 2, controller: Ann, abilities: [Forestwalk]}
  - {id: hack, card: Magical Hack, controller: Ann, zone: graveyard,
     choices: {old land type: Forest, new land type: Island}}
events:
  - resolve: {source: hack, ability: cast, targets: [%s], id: hack}
"""


def test_a_basic_land_type_on_the_type_line() -> None:
    """Magical Hack, Forest -> Island, on a basic Forest: its type line reads "Basic Land — Island"
    (612.1), so it is an Island and has "{T}: Add {U}." instead of "{T}: Add {G}." (305.6); it is
    still basic and still named Forest (612.2)."""
    t = solve_text(LAND % "forest")
    v = view(t, "forest")
    assert (v.name, v.types, v.subtypes, v.supertypes) == ("Forest", ("Land",), ("Island",), ("Basic",))
    assert v.abilities == ("{T}: Add {U}.",)


def test_a_basic_land_type_in_a_landwalk_keyword() -> None:
    """Magical Hack's own example ("swampwalk" to "plainswalk"): forestwalk becomes islandwalk."""
    t = solve_text(LAND % "walker")
    assert view(t, "walker").abilities == ("Islandwalk",)


def test_a_layer_3_effect_reading_the_type_depends_on_the_change() -> None:
    """613.8a in layer 3: a static text change on "Elf creatures" (an invented enchantment) applies
    to the King only once Artificial Evolution has made it an Elf; so it depends on the Evolution
    and applies after it whatever the timestamps, and the King's "mountainwalk" becomes
    "islandwalk" (the Elves, an Elf all along, have no such word)."""
    hack = (
        "  - {id: lore, name: Elven Lore, types: [Enchantment], controller: Ann, timestamp: 1, abilities:"
        ' [{text: "Elf creatures\' text: replace Mountain with Island.", static: {affects: Elf creatures,'
        " text_change: {from: Mountain, to: Island}}}]}\n"
    )
    text = TWO_KINGS.replace("events:\n", hack + "events:\n") + EVOLVE % "king"
    t = solve_text(text)
    assert ("lore", "evolution") in deps(t, "3")
    assert view(t, "king").abilities == ("Other Elf creatures get +1/+1 and have islandwalk.",)
    assert "Islandwalk" in view(t, "elves").abilities
