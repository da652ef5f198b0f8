"""CR 707.2 and 208.2b: the copiable values are the printed values "as modified by ... 'as ...
enters' and 'as ... is turned face up' abilities that set power and toughness (and may also set
additional characteristics)"; other effects are not copied. So what an object's *own* "as [this]
enters" ability sets for itself (a ``static`` ``as_enters`` in the language) is copied, while an
outside effect that puts it onto the battlefield "as" something (611.2e, the ``enter`` event's
``as``) is not. The Gatherer rulings of Primal Clay: "If an object on the battlefield becomes a
copy of Primal Clay, it copies the values determined by its enters-the-battlefield replacement
effect." "While not on the battlefield, Primal Clay is a 0/0 creature card. It doesn't have flying
or defender." "If an object enters the battlefield as a copy of Primal Clay, it copies the values
determined by its enters-the-battlefield replacement effect, but its power and toughness are
determined by the copy's own enters-the-battlefield replacement effect. This can cause you to have
a 3/3 creature with flying, or a 1/6 creature with flying and defender, for example."

Expected values come from those rulings and the CR, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, pt, solve_text, view

CLAY = """
game: mtg
players: [Ann]
objects:
  - {id: clay, name: Primal Clay, types: [Artifact, Creature], subtypes: [Shapeshifter], power: 0,
     toughness: 0, mana_value: 4, controller: Ann, zone: hand, choices: {form: %s},
     abilities: [{key: form, text: "As this creature enters, it becomes your choice of a 3/3 artifact
                  creature, a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with
                  defender in addition to its other types.",
                  static: {affects: this, as_enters: {option: "{chosen form}", options: {
                    3/3: {power: 3, toughness: 3},
                    2/2 flying: {power: 2, toughness: 2, abilities: [Flying]},
                    1/6 Wall: {power: 1, toughness: 6, types: [Wall], abilities: [Defender]}}}}}]}
  - {id: bears, card: Grizzly Bears, controller: Ann}
%s
events:
  - enter: clay
"""


def _clay(form: str, more: str = "", events: str = "") -> object:
    return solve_text(CLAY % (form, more) + events)


@pytest.mark.parametrize(("form", "want"), [("3/3", (3, 3)), ("2/2 flying", (2, 2)), ("1/6 Wall", (1, 6))])
def test_primal_clay_is_what_it_chose(form: str, want: tuple[int, int]) -> None:
    t = _clay(form)
    assert pt(t, "clay") == want
    v = view(t, "clay")
    assert ("Flying" in v.abilities) == (form == "2/2 flying")
    assert ("Wall" in v.subtypes) == (form == "1/6 Wall")


def test_not_on_the_battlefield_it_is_0_0() -> None:
    """208.2b ruling: a Primal Clay card in hand is 0/0 with neither flying nor defender."""
    t = solve_text((CLAY % ("1/6 Wall", "")).replace("events:\n  - enter: clay\n", ""))
    assert pt(t, "clay") == (0, 0) and "Defender" not in view(t, "clay").abilities


def test_a_clone_copies_the_values_and_makes_its_own_choice() -> None:
    """The third ruling: a Clone of a 2/2 flying Clay that chooses 1/6 Wall is a 1/6 Wall with
    flying and defender."""
    clone = (
        "  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: clay, form: 1/6 Wall}}"
    )
    t = _clay("2/2 flying", clone, "  - enter: clone\n")
    v = view(t, "clone")
    assert (v.name, pt(t, "clone")) == ("Primal Clay", (1, 6))
    assert "Flying" in v.abilities and "Defender" in v.abilities and "Wall" in v.subtypes


def test_a_clone_without_its_choice_is_refused() -> None:
    clone = "  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: clay}}"
    with pytest.raises(ScenarioError) as e:
        load_text(CLAY % ("3/3", clone) + "  - enter: clone\n")
    assert "{chosen form}" in str(e.value) and "707.6" in str(e.value)


def test_becoming_a_copy_copies_the_values_without_a_choice() -> None:
    """The first ruling: the Bears become a copy of the 1/6 Wall Clay: a 1/6 Wall with defender."""
    ev = '  - resolve: {effect: {affects: targets, copy: "@clay"}, targets: [bears], controller: Ann}\n'
    t = _clay("1/6 Wall", "", ev)
    v = view(t, "bears")
    assert (v.name, pt(t, "bears")) == ("Primal Clay", (1, 6)) and "Defender" in v.abilities


def test_an_option_that_is_not_one_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(CLAY % ("4/4", ""))
    assert "'4/4' is none of this ability's options" in str(e.value) and "\n" not in str(e.value)


ARBITER = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, zone: graveyard}
  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: bears}}
events:
  - {enter: bears, as: {type: {add: [Enchantment]}}}
  - enter: clone
"""


def test_an_outside_enters_as_effect_is_not_copied() -> None:
    """611.2e's example (Arbiter of the Ideal: "That permanent is an enchantment in addition to its
    other types"): the Bears enter as an enchantment creature; a Clone of them is not an
    enchantment (707.2: other effects are not copied)."""
    t = solve_text(ARBITER)
    assert view(t, "bears").types == ("Creature", "Enchantment")
    assert view(t, "clone").types == ("Creature",) and view(t, "clone").name == "Grizzly Bears"


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 707.2 as-enters example")
    lines = doc[start : doc.index("```", start)].splitlines()
    example = "\n".join([lines[0], *(line[2:] for line in lines[1:])])
    t = solve_text(example)
    v = view(t, "clone")
    assert pt(t, "clone") == (1, 6) and "Flying" in v.abilities and "Defender" in v.abilities
