"""CR 612.3 and 612.4: what a text-changing effect reaches.

* 612.3: an ability an effect grants or removes is not part of the object's text, so a text
  change does not rewrite it: Magical Hack ("Forest" -> "Island") on a creature that was granted
  forestwalk leaves the granted forestwalk alone, while a printed forestwalk becomes islandwalk
  (Magical Hack's own example rewrites a landwalk word, 612.2).
* 612.4: a token's subtypes and rules text are text like a card's: Artificial Evolution
  ("Goblin" -> "Elf") on a Goblin token makes it an Elf, so Goblin King no longer pumps it.

Expected values come from those rules, not from running the engine.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

WALK = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann}
  - {id: walker, name: Bog Walker, types: [Creature], subtypes: [Zombie], colors: [black], power: 2,
     toughness: 2, controller: Ann, abilities: [Forestwalk]}
  - {id: hack, card: Magical Hack, controller: Ann, zone: graveyard,
     choices: {old land type: Forest, new land type: Island}}
events:
  - resolve: {effect: {affects: targets, duration: until end of turn, abilities: {add: [Forestwalk]}},
              targets: [bears, walker], id: grant}
  - resolve: {source: hack, ability: cast, targets: [bears], id: hack}
  - resolve: {source: hack, ability: cast, targets: [walker], id: hack2}
"""


def test_a_granted_ability_is_not_rewritten() -> None:
    """612.3: the Bears' forestwalk was granted, not printed: it stays forestwalk."""
    assert solve_text(WALK).final["bears"].abilities == ("Forestwalk",)


def test_the_printed_one_is_rewritten_and_the_granted_one_is_not() -> None:
    """612.3 beside 612.2: Bog Walker's printed forestwalk becomes islandwalk; the forestwalk the
    effect granted it stays."""
    assert solve_text(WALK).final["walker"].abilities == ("Islandwalk", "Forestwalk")


TOKEN = """
game: mtg
players: [Ann]
objects:
  - {id: tok, name: Goblin, token: true, types: [Creature], subtypes: [Goblin], colors: [red], power: 1,
     toughness: 1, controller: Ann}
  - {id: king, card: Goblin King, controller: Ann}
  - {id: evolution, card: Artificial Evolution, controller: Ann, zone: graveyard,
     choices: {old type: Goblin, new type: Elf}}
events:
"""


def test_a_tokens_creature_type_is_changed() -> None:
    """612.4: the Goblin token becomes an Elf: no Goblin King bonus, a 1/1 (its name, Goblin, stays:
    612.2)."""
    t = solve_text(TOKEN + "  - resolve: {source: evolution, ability: cast, targets: [tok], id: evolution}\n")
    v = t.final["tok"]
    assert (v.name, v.subtypes, v.power, v.toughness) == ("Goblin", ("Elf",), 1, 1)


def test_without_the_change_the_token_is_pumped() -> None:
    """The control: a Goblin token beside Goblin King is 2/2 with mountainwalk."""
    v = solve_text(TOKEN + "  - end_of_turn\n").final["tok"]
    assert (v.subtypes, v.power, v.toughness) == (("Goblin",), 2, 2) and "Mountainwalk" in v.abilities
