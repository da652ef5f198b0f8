"""The ``as_enters`` kind: an object's own "as [this] enters, it becomes your choice of ..."
(208.2b, 614.1c): the chosen option's values modify its copiable values, so a copy of it has them
too (707.2); Primal Clay's rulings. Expected values come from those rulings, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import pt, scenario, solve_text

CLAY = """
game: mtg
players: [Ann]
objects:
  - {id: clay, name: Test Clay, types: [Artifact, Creature], power: 0, toughness: 0, zone: hand,
     choices: {form: FORM},
     abilities: [{key: form, text: "As this enters, it becomes your choice of a 3/3 or a 2/2 with flying.",
                  static: {affects: this, as_enters: {option: "{chosen form}", options: {
                    big: {power: 3, toughness: 3}, bird: {power: 2, toughness: 2, abilities: [Flying]}}}}}]}
  - {id: bears, name: Test Bears, types: [Creature], power: 2, toughness: 2}
events:
  - enter: clay
"""


@pytest.mark.parametrize(("form", "want", "flying"), [("big", (3, 3), False), ("bird", (2, 2), True)])
def test_it_is_what_it_chose(form: str, want: tuple[int, int], flying: bool) -> None:
    t = solve_text(CLAY.replace("FORM", form))
    assert pt(t, "clay") == want and ("Flying" in t.final["clay"].abilities) == flying


def test_a_copy_of_it_copies_the_chosen_values() -> None:
    """707.2 (Primal Clay ruling): "If an object on the battlefield becomes a copy of Primal Clay,
    it copies the values determined by its enters-the-battlefield replacement effect"."""
    text = CLAY.replace("FORM", "bird") + (
        "  - resolve: {effect: {affects: targets, copy: '@clay'}, targets: [bears], id: shape}\n"
    )
    t = solve_text(text)
    assert pt(t, "bears") == (2, 2) and "Flying" in t.final["bears"].abilities


def test_an_option_it_does_not_have_is_refused() -> None:
    text = CLAY.replace('option: "{chosen form}"', "option: huge").replace("FORM", "big")
    with pytest.raises(ScenarioError, match=r"'huge' is none of this ability's options"):
        scenario(text)
