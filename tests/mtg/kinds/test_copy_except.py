"""The ``copy_except`` kind: a copy's exceptions (``except:``, 707.9), applied as part of the copy
effect, so they are part of its copiable values (707.9b); those under ``if:`` only if the copy has
every type word ``is`` names. Expected values come from 707.9 and its examples, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import pt, scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: giant, name: Test Giant, types: [Creature], subtypes: [Giant], supertypes: [Legendary],
     colors: [red], power: 4, toughness: 4}
  - {id: bears, name: Test Bears, types: [Creature], colors: [green], power: 2, toughness: 2}
  - {id: clone, name: Test Clone, types: [Creature], colors: [blue], power: 0, toughness: 0}
events:
  - resolve: {effect: {affects: targets, copy: "@giant", except: EXCEPT}, targets: [bears], id: shape}
"""


def test_707_9a_an_added_type_and_707_9b_a_copy_of_the_copy_has_it() -> None:
    """707.9a: "except it's an artifact in addition to its other types" (Phyrexian Metamorph);
    707.9b: the exception is a copiable value, so a copy of the copy is an artifact too."""
    text = BOARD.replace("EXCEPT", "{types: [Artifact]}") + (
        "  - resolve: {effect: {affects: targets, copy: '@bears'}, targets: [clone], id: again}\n"
    )
    t = solve_text(text)
    for oid in ("bears", "clone"):
        assert set(t.final[oid].types) == {"Artifact", "Creature"} and pt(t, oid) == (4, 4)


def test_set_pt_name_colours_and_a_removed_supertype() -> None:
    """707.9: "except it's 1/1", "its name is ...", "it's blue", "it isn't legendary"."""
    t = solve_text(
        BOARD.replace(
            "EXCEPT",
            "{power: 1, toughness: 1, name: Test Echo, colors: [blue], remove_types: [Legendary]}",
        )
    )
    v = t.final["bears"]
    assert (v.name, v.colors, v.supertypes, pt(t, "bears")) == ("Test Echo", ("blue",), (), (1, 1))


def test_not_copied_colour_keeps_its_own() -> None:
    """707.9 (Vesuvan Doppelganger): "except it doesn't copy that creature's color"."""
    v = solve_text(BOARD.replace("EXCEPT", "{not_copied: [color]}")).final["bears"]
    assert (v.name, v.colors) == ("Test Giant", ("green",))


@pytest.mark.parametrize(("word", "has"), [("Creature", True), ("Artifact", False)])
def test_an_if_block_applies_only_if_the_copy_has_the_type(word: str, has: bool) -> None:
    """707.9 (Moritte of the Frost): "if it's a creature, it ... has changeling"."""
    block = f"{{if: [{{is: {word}, abilities: [Changeling]}}]}}"
    v = solve_text(BOARD.replace("EXCEPT", block)).final["bears"]
    assert ("Changeling" in v.abilities) == has


def test_except_without_copy_is_refused() -> None:
    text = BOARD.replace('copy: "@giant", except: EXCEPT', "except: {types: [Artifact]}")
    with pytest.raises(ScenarioError, match=r"'except' is the exceptions of a copy effect"):
        scenario(text)


def test_a_colour_that_is_no_colour_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"'bleu' is not a colour"):
        scenario(BOARD.replace("EXCEPT", "{colors: [bleu]}"))
