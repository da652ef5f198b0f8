"""612.6 "has the full text of <object>" (layer 3): the object gets the other object's name, mana
cost, colour, type line, rules text, power and toughness as they are when layer 3 applies, and
its new abilities work (their effects apply in later layers)."""

from __future__ import annotations

from ._helpers import pt, solve_text, view

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, card: Grizzly Bears, controller: Bo, zone: graveyard}
  - {id: anthem, card: Glorious Anthem, controller: Bo, zone: graveyard}
  - {id: shifter, name: Shifter, types: [Creature], subtypes: [Shapeshifter], colors: [blue], power: 0,
     toughness: 1, mana_value: 3, controller: Ann, abilities: ["{2}: Discard a card.",
     {text: "Shifter has the full text of the chosen card.",
      static: {affects: this, full_text: "{chosen object}"}}], choices: {object: %s}}
  - {id: elves, card: Llanowar Elves, controller: Ann}
"""


def test_full_text_of_a_creature_card() -> None:
    t = solve_text(BOARD % "bears")
    v = view(t, "shifter")
    assert (v.name, v.types, v.subtypes, v.colors, v.mana_value) == (
        "Grizzly Bears",
        ("Creature",),
        ("Bear",),
        ("green",),
        2,
    )
    assert pt(t, "shifter") == (2, 2) and v.abilities == ()
    step = next(s for s in t.steps if s.effect.startswith("shifter") and s.layer == "3")
    assert {c.characteristic for c in step.changes} >= {"name", "subtypes", "power", "abilities"}


def test_full_text_of_an_anthem_gives_its_ability() -> None:
    """With Glorious Anthem's full text it is an enchantment named Glorious Anthem whose
    "Creatures you control get +1/+1" applies in layer 7c (to Ann's Llanowar Elves)."""
    t = solve_text(BOARD % "anthem")
    v = view(t, "shifter")
    assert (v.name, v.types) == ("Glorious Anthem", ("Enchantment",))
    assert pt(t, "elves") == (2, 2)
