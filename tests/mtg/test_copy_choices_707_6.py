"""CR 707.6: "When copying a permanent, any choices that have been made for that permanent aren't
copied. Instead, if an object enters the battlefield as a copy of another permanent, the object's
controller will get to make any 'as [this] enters the battlefield' choices for it." Its example:
a Clone entering as a copy of Adaptive Automaton ("As this creature enters, choose a creature type")
makes a new choice. The scenario gives the copy's choice in its own ``choices:``; a copy without one
is refused with one located line. An object that *becomes* a copy without entering makes no such
choice, so an ability that needs it does nothing.

Expected values are worked out from the rules, the Oracle texts and the Clone rulings (2025-10-02:
"Any 'as [this creature] enters' ... abilities of the chosen creature will also work")."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, pt, solve_text, view

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: auto, card: Adaptive Automaton, controller: Ann, choices: {creature type: Elf}}
  - {id: elves, card: Llanowar Elves, controller: Ann}
  - {id: piker, card: Goblin Piker, controller: Ann}
  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: auto, creature type: Goblin}}
events:
  - enter: clone
"""


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_the_clone_makes_its_own_choice(ruleset: str) -> None:
    """707.6's example: the Automaton is an Elf lord, the Clone (a copy of it) a Goblin lord. The
    Clone is a Construct Goblin, not an Elf; the Elves get +1/+1 from the Automaton only (2/2), the
    Piker from the Clone only (3/2); neither lord pumps the other (2/2 each)."""
    t = solve_text(BOARD, ruleset)
    c, a = view(t, "clone"), view(t, "auto")
    assert (c.name, c.subtypes) == ("Adaptive Automaton", ("Construct", "Goblin"))
    assert a.subtypes == ("Construct", "Elf")
    assert pt(t, "elves") == (2, 2) and pt(t, "piker") == (3, 2)
    assert pt(t, "clone") == (2, 2) and pt(t, "auto") == (2, 2)
    assert "Other creatures you control of the chosen type get +1/+1." in c.abilities


def test_same_choice_same_type() -> None:
    """The Clone may choose Elf too: two Elf lords pump each other (3/3) and the Elves twice (3/3)."""
    t = solve_text(BOARD.replace("creature type: Goblin", "creature type: Elf"))
    assert pt(t, "clone") == (3, 3) and pt(t, "auto") == (3, 3) and pt(t, "elves") == (3, 3)


def test_a_copy_of_the_copy_makes_its_own_too() -> None:
    """707.3 and 707.6: a second Clone copying the first copies the Automaton's values and makes its
    own choice (Human): it is a Construct Human, whatever the first Clone chose."""
    text = BOARD + "  - enter: clone2\n"
    text = text.replace(
        "events:\n",
        "  - {id: clone2, card: Clone, controller: Ann, zone: hand,\n"
        "     choices: {object: clone, creature type: Human}}\n"
        "events:\n",
    )
    assert view(solve_text(text), "clone2").subtypes == ("Construct", "Human")


def test_a_copy_without_its_choice_is_refused() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD.replace(", creature type: Goblin", ""))
    msg = str(e.value)
    assert "objects[3].choices" in msg and "{chosen creature type}" in msg and "707.6" in msg
    assert "Adaptive Automaton" in msg and "\n" not in msg


def test_a_token_entering_as_a_copy_needs_its_choice_too() -> None:
    token = (
        "  - {id: tok, name: Token, types: [Creature], token: true, power: 0, toughness: 0, zone: exile%s}\n"
    )
    head = BOARD.replace("  - enter: clone\n", "")
    with pytest.raises(ScenarioError) as e:
        load_text(
            head.replace("events:\n", token % "" + "events:\n") + '  - {enter: tok, as: {copy: "@auto"}}\n'
        )
    assert "objects[4]" in str(e.value) and "707.6" in str(e.value)
    good = head.replace("events:\n", token % ", choices: {creature type: Goblin}" + "events:\n")
    t = solve_text(good + '  - {enter: tok, as: {copy: "@auto"}}\n')
    assert view(t, "tok").subtypes == ("Construct", "Goblin") and pt(t, "piker") == (3, 2)


def test_becoming_a_copy_makes_no_choice() -> None:
    """707.6: a creature that becomes a copy of the Automaton without entering makes no "as this
    enters" choice: its chosen-type abilities do nothing (a Construct of no chosen type that pumps
    no one)."""
    text = BOARD.replace("  - enter: clone\n", "") + (
        '  - resolve: {effect: {affects: targets, copy: "@auto"}, targets: [piker], controller: Ann,\n'
        "      id: shape}\n"
    )
    t = solve_text(text)
    p = view(t, "piker")
    assert (p.name, p.subtypes) == ("Adaptive Automaton", ("Construct",))
    assert pt(t, "piker") == (2, 2) and pt(t, "elves") == (2, 2)
