"""CR 707.9e: "Some replacement effects that generate copy effects include an exception that's an
additional effect rather than a modification of the affected object's characteristics." Spark
Double ("... except it enters with an additional +1/+1 counter on it if it's a creature, it enters
with an additional loyalty counter on it if it's a planeswalker, and it isn't legendary"): the
counter is put on as it enters, and it is no copiable value, while "it isn't legendary" is (707.9b).
So a Clone that copies the Double copies a non-legendary creature and enters with no counter.

And 707.5: a token created as a copy of a creature with "enters with" abilities enters with those
counters, as a Clone does (the copied text's replacement effects take effect).

Expected values come from the rules and Oracle texts, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

DOUBLE = """
game: mtg
players: [Ann]
objects:
  - {id: hero, name: Old Hero, types: [Creature], supertypes: [Legendary], subtypes: [Human],
     colors: [white], power: 3, toughness: 3, controller: Ann}
  - {id: double, name: Spark Double, types: [Creature], subtypes: [Illusion], colors: [blue], power: 0,
     toughness: 0, mana_value: 4, controller: Ann, zone: hand, choices: {object: hero},
     abilities: [{text: "You may have this creature enter as a copy of a creature or planeswalker you
                  control, except it enters with an additional +1/+1 counter on it if it's a creature,
                  it enters with an additional loyalty counter on it if it's a planeswalker, and it
                  isn't legendary.",
                  static: {affects: this, copy: "{chosen object}",
                           except: {remove_types: [Legendary],
                                    if: [{is: Creature, enters_with: {+1/+1: 1}},
                                         {is: Planeswalker, enters_with: {loyalty: 1}}]}}}]}
  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: double}}
events:
  - enter: double
  - enter: clone
"""


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_spark_double_enters_with_its_counter(ruleset: str) -> None:
    v = solve_text(DOUBLE, ruleset).final["double"]
    assert (v.name, v.supertypes, v.counters) == ("Old Hero", (), (("+1/+1", 1),))
    assert (v.power, v.toughness) == (4, 4)


def test_a_clone_of_the_double_copies_the_exception_not_the_counter() -> None:
    """707.9b and 707.9e: the Clone is a nonlegendary Old Hero (a copiable value) with no counter."""
    v = solve_text(DOUBLE).final["clone"]
    assert (v.name, v.supertypes, v.counters) == ("Old Hero", (), ())
    assert (v.power, v.toughness) == (3, 3)


def test_no_planeswalker_no_loyalty() -> None:
    v = solve_text(DOUBLE).final["double"]
    assert "loyalty" not in dict(v.counters)


def test_a_bad_counter_kind_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(DOUBLE.replace("enters_with: {+1/+1: 1}", "enters_with: {+1/-1: 1}"))
    assert "enters_with" in str(e.value) and "\n" not in str(e.value)


TOKEN = """
game: mtg
players: [Ann]
objects:
  - {id: tri, name: Counter Construct, types: [Artifact, Creature], subtypes: [Construct], power: 1,
     toughness: 1, controller: Ann, abilities: [{text: This creature enters with three +1/+1 counters
     on it., enters_with: {+1/+1: 3}}]}
  - {id: tok, name: Token, types: [Creature], power: 0, toughness: 0, token: true, controller: Ann,
     zone: exile}
events:
  - {enter: tok, as: {copy: "@tri"}}
"""


def test_a_token_created_as_a_copy_gets_the_enters_with_counters() -> None:
    """707.5 ("Cackling Counterpart": create a token that's a copy of target creature you control):
    the token is a Counter Construct that enters with three +1/+1 counters, a 4/4."""
    v = solve_text(TOKEN).final["tok"]
    assert (v.name, v.counters, v.power, v.toughness) == ("Counter Construct", (("+1/+1", 3),), 4, 4)


def test_a_token_copy_with_an_entry_exception() -> None:
    """707.9e with an outside copy: "except it enters with an additional +1/+1 counter"."""
    text = TOKEN.replace('as: {copy: "@tri"}', 'as: {copy: "@tri", except: {enters_with: {+1/+1: 1}}}')
    v = solve_text(text).final["tok"]
    assert v.counters == (("+1/+1", 4),) and (v.power, v.toughness) == (5, 5)


def test_mirror_image_copying_a_token_is_no_token() -> None:
    """Mirror Image's ruling (as Clone's, 2025-10-02): a copy of a token copies the characteristics
    the token was created with; the copy itself is not a token (707.2: status and the like are not
    copied). A Mirror Image of a Saproling token pumped by Glorious Anthem is a 1/1 green Saproling
    card: 2/2 with the Anthem, its own bonus, not the token's."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: sap, card: Saproling, controller: Ann}
      - {id: anthem, card: Glorious Anthem, controller: Ann}
      - {id: image, card: Mirror Image, controller: Ann, zone: hand, choices: {object: sap}}
    events:
      - enter: image
    """
    t = solve_text(text)
    v = t.final["image"]
    assert (v.name, v.subtypes, v.colors) == ("Saproling", ("Saproling",), ("green",))
    assert (v.power, v.toughness) == (2, 2)
    assert t.initial["image"].name == "Mirror Image"
