"""Face-down selectors (708.2: "face-down creatures you control") and "the top card of your
graveyard" (404.2: a graveyard is a pile in order that players can't change, the card put there
last on top; Volrath's Shapeshifter reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError
from rulekit.mtg.selectors import parse_selector
from tests.mtg_library._helpers import load_text, solve_text

SECRET_PLANS = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: plans, name: Secret Plans, types: [Enchantment], controller: Ann,
     abilities: [{text: "Face-down creatures you control get +0/+1.",
                  static: {affects: face-down creatures you control, modify_pt: {power: 0, toughness: 1}}}]}
  - {id: morph, card: Grizzly Bears, controller: Ann, face_down: true}
  - {id: theirs, card: Grizzly Bears, controller: Bo, face_down: true}
  - {id: bears, card: Grizzly Bears, controller: Ann}
"""


def test_face_down_creatures_you_control() -> None:
    """Secret Plans: "Face-down creatures you control get +0/+1." A face-down creature is a 2/2
    (708.2a): Ann's is 2/3; Bo's and Ann's face-up Bears are not affected."""
    t = solve_text(SECRET_PLANS)
    assert (t.final["morph"].power, t.final["morph"].toughness) == (2, 3)
    assert (t.final["theirs"].power, t.final["theirs"].toughness) == (2, 2)
    assert (t.final["bears"].power, t.final["bears"].toughness) == (2, 2)


def test_turned_face_up_it_is_no_longer_affected() -> None:
    t = solve_text(SECRET_PLANS + "events:\n  - turn_face_up: morph\n")
    assert (t.final["morph"].power, t.final["morph"].toughness) == (2, 2)


def test_face_up_is_a_selector_word() -> None:
    sel = parse_selector("face-up creatures you control")
    assert ("face_down", "is", False) in [(c.attr, c.op, c.value) for c in sel.parts[0].conds]


#: Volrath's Shapeshifter's first sentence: "As long as the top card of your graveyard is a
#: creature card, Volrath's Shapeshifter has the full text of that card ..."
SHAPESHIFTER = """
game: mtg
players: [Ann]
objects:
  - {id: shifter, name: Volrath's Shapeshifter, types: [Creature], subtypes: [Shapeshifter],
     colors: [blue], mana_value: 3, power: 0, toughness: 1, controller: Ann,
     abilities: [{text: "As long as the top card of your graveyard is a creature card, Volrath's
                  Shapeshifter has the full text of that card.",
                  static: {condition: the top card of your graveyard is a creature card, affects: this,
                           full_text: the top card of your graveyard}}]}
  - {id: giant, card: Hill Giant, controller: Ann, zone: graveyard}
  - {id: bolt, name: Lightning Bolt, types: [Instant], colors: [red], mana_value: 1, controller: Ann,
     zone: graveyard}
  - {id: elves, card: Llanowar Elves, controller: Ann}
"""


def test_the_top_card_is_the_last_listed() -> None:
    """Listed in a graveyard, the last listed was put there last: the Bolt is on top, so the
    condition is false and the Shapeshifter is itself."""
    t = solve_text(SHAPESHIFTER)
    assert (t.final["shifter"].name, t.final["shifter"].power) == ("Volrath's Shapeshifter", 0)


def test_a_card_put_there_later_is_on_top() -> None:
    """The Elves die: they are now the top card, a creature card, so the Shapeshifter has their
    full text (a 1/1 Llanowar Elves)."""
    t = solve_text(SHAPESHIFTER + "events:\n  - leave: {object: elves, to: graveyard}\n")
    v = t.final["shifter"]
    assert (v.name, v.power, v.toughness) == ("Llanowar Elves", 1, 1)


def test_the_order_of_listing_decides() -> None:
    """With the Giant listed after the Bolt, the Giant is on top."""
    text = SHAPESHIFTER.replace("  - {id: giant, card: Hill Giant, controller: Ann, zone: graveyard}\n", "")
    text += "  - {id: giant, card: Hill Giant, controller: Ann, zone: graveyard}\n"
    v = solve_text(text).final["shifter"]
    assert (v.name, v.power, v.toughness) == ("Hill Giant", 3, 3)


def test_top_card_of_each_graveyard() -> None:
    sel = parse_selector("the top card of each graveyard")
    assert sel.parts[0].zone == "graveyard" and sel.parts[0].zone_owner is None


def test_a_misspelt_face_down_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(SECRET_PLANS.replace("face-down creatures", "face-dwn creatures"))
    assert "face-dwn" in str(e.value) and "face-down" in str(e.value)


def test_language_md_examples() -> None:
    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 708.2 example")
    t = solve_text(doc[start : doc.index("```", start)])
    assert (t.final["morph"].power, t.final["morph"].toughness) == (2, 3)
    start = doc.index("# 404.2 example")
    v = solve_text(doc[start : doc.index("```", start)]).final["shifter"]
    assert (v.name, v.power, v.toughness) == ("Llanowar Elves", 1, 1)


# ---------------------------------------------------- a face-down permanent that leaves (708.9, 400.7)
@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_a_face_down_permanent_that_leaves_is_face_up_as_its_card(zone: str, ruleset: str) -> None:
    """708.9 and 400.7: a face-down permanent that leaves the battlefield is revealed as it moves and
    is a new object in its new zone, face up: the card's own name, types and abilities (Grizzly
    Bears, a 2/2 Bear), no longer the nameless face-down 2/2 that Secret Plans gave +0/+1."""
    t = solve_text(SECRET_PLANS + f"events:\n  - leave: {{object: morph, to: {zone}}}\n", ruleset)
    v = t.final["morph"]
    assert (v.zone, v.face_down, v.name, v.subtypes) == (zone, False, "Grizzly Bears", ("Bear",))
    assert (v.power, v.toughness) == (2, 2)
    assert "morph.face-down" not in {e.id for e in t.effects}  # 708.2's effect followed the old object


def test_it_returns_face_up_as_a_new_object() -> None:
    """400.7: put back onto the battlefield, it is a new object, face up (nothing turned it face
    down again): Secret Plans ("face-down creatures you control") no longer applies to it."""
    t = solve_text(SECRET_PLANS + "events:\n  - leave: {object: morph, to: exile}\n  - enter: morph\n")
    v = t.final["morph"]
    assert (v.zone, v.face_down, v.name, v.power, v.toughness) == (
        "battlefield",
        False,
        "Grizzly Bears",
        2,
        2,
    )


def test_an_effect_locked_to_the_face_down_object_does_not_follow_it() -> None:
    """400.7 with 611.2c: a +3/+3 that resolved for the face-down creature does not apply to the card
    once it has left, nor to the new object when it returns."""
    text = (
        SECRET_PLANS
        + """
events:
  - resolve: {effect: {affects: targets, duration: until end of turn, modify_pt: {power: 3, toughness: 3}},
              targets: [morph], id: pump}
"""
    )
    assert (solve_text(text).final["morph"].power) == 5  # 2/2 face down +3/+3
    v = solve_text(text + "  - leave: {object: morph, to: exile}\n  - enter: morph\n").final["morph"]
    assert (v.name, v.power, v.toughness) == ("Grizzly Bears", 2, 2)


def test_a_copy_of_it_made_before_it_left_keeps_the_face_down_values() -> None:
    """708.10 with 707.2: a Clone that entered copying the face-down creature is a nameless 2/2 and
    stays so after the original leaves and is revealed."""
    text = (
        SECRET_PLANS
        + """
  - {id: clone, card: Clone, controller: Bo, zone: hand, choices: {object: morph}}
events:
  - enter: clone
  - leave: {object: morph, to: graveyard}
"""
    )
    t = solve_text(text)
    assert (t.final["clone"].name, t.final["clone"].power, t.final["clone"].face_down) == ("", 2, False)
    assert t.final["morph"].name == "Grizzly Bears"
