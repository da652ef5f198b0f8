"""Durations and the scenario events that end them (CR 611.2a, 514.2, 511.3, 502.3):
"until your next turn" (``begin_turn``), "until its controller's next untap step"
(``untap_step``), "until end of combat" (``end_of_combat``), "for as long as it has a <kind>
counter on it" (``counters`` events). Expected values come from the durations' wording."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._helpers import deps, load_text, pt, solve_text, view

HEAD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, card: Grizzly Bears, controller: Bo, tapped: true}
  - {id: elves, card: Llanowar Elves, controller: Ann, counters: {time: 1}}
events:
"""


def _pump(duration: str, target: str = "bears", eid: str = "pump", by: str = "Ann") -> str:
    return (
        f"  - resolve: {{id: {eid}, controller: {by}, targets: [{target}], "
        f'effect: {{affects: targets, duration: "{duration}", modify_pt: {{power: 2, toughness: 2}}}}}}\n'
    )


def _note(t, eid: str) -> tuple[bool, str]:
    e = t.effect(eid)
    return e.active, e.note


def test_until_your_next_turn_ends_at_the_start_of_that_turn_only() -> None:
    """It lasts through another player's turn and ends as its controller's next turn begins."""
    t = solve_text(HEAD + _pump("until your next turn") + "  - begin_turn: Bo\n")
    assert pt(t, "bears") == (4, 4) and _note(t, "pump")[0]
    t = solve_text(HEAD + _pump("until your next turn") + "  - begin_turn: Bo\n  - begin_turn: Ann\n")
    assert pt(t, "bears") == (2, 2)
    assert _note(t, "pump") == (False, "ended at the start of Ann's next turn")


def test_a_turn_that_began_before_it_resolved_does_not_end_it() -> None:
    t = solve_text(HEAD + "  - begin_turn: Ann\n" + _pump("until your next turn"))
    assert pt(t, "bears") == (4, 4)


def test_until_its_controllers_next_untap_step() -> None:
    """ "Its controller" is the controller of the object it affects (Bo's Grizzly Bears): Ann's
    untap step does not end it, Bo's does, and Bo's untap step untaps Bo's permanents (502.3)."""
    text = HEAD + _pump("until its controller's next untap step") + "  - untap_step: Ann\n"
    t = solve_text(text)
    assert pt(t, "bears") == (4, 4) and view(t, "bears").tapped
    t = solve_text(text + "  - untap_step: Bo\n")
    assert pt(t, "bears") == (2, 2) and not view(t, "bears").tapped
    assert _note(t, "pump") == (False, "ended at Bo's next untap step")


def test_until_end_of_combat() -> None:
    t = solve_text(HEAD + _pump("until end of combat"))
    assert pt(t, "bears") == (4, 4)
    t = solve_text(HEAD + _pump("until end of combat") + "  - end_of_combat\n")
    assert pt(t, "bears") == (2, 2) and _note(t, "pump") == (False, "ended at end of combat")
    t = solve_text(HEAD + "  - end_of_combat\n" + _pump("until end of combat"))
    assert pt(t, "bears") == (4, 4)  # that combat had ended before it resolved


def test_for_as_long_as_it_has_a_counter_on_it() -> None:
    """ "It" is the target: the effect lasts while the Elves keep a time counter; removing the
    last one ends it; with none at resolution it never starts (611.2b)."""
    dur = "for as long as it has a time counter on it"
    t = solve_text(HEAD + _pump(dur, "elves"))
    assert pt(t, "elves") == (3, 3)
    t = solve_text(HEAD + _pump(dur, "elves") + "  - counters: {object: elves, kind: time, add: -1}\n")
    assert pt(t, "elves") == (1, 1) and not t.effect("pump").active
    assert view(t, "elves").counters == ()
    t = solve_text(HEAD + "  - counters: {object: elves, kind: time, add: -1}\n" + _pump(dur, "elves"))
    assert pt(t, "elves") == (1, 1) and "never started" in t.effect("pump").note


def test_static_as_long_as_it_has_a_counter() -> None:
    """A static ability "as long as it has a +1/+1 counter on it" reads its source's counters."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: w, name: Warden, types: [Creature], power: 1, toughness: 1, controller: Ann,
         counters: {+1/+1: 1}, abilities: [{text: "As long as it has a +1/+1 counter on it, it has flying.",
         static: {affects: this, condition: "it has a +1/+1 counter on it", abilities: {add: [Flying]}}}]}
    events:
    """
    assert "Flying" in view(solve_text(text + "  []\n"), "w").abilities
    t = solve_text(text + "  - counters: {object: w, kind: +1/+1, add: -1}\n")
    assert "Flying" not in view(t, "w").abilities and pt(t, "w") == (1, 1)


def test_an_ended_duration_removes_the_dependency_it_caused() -> None:
    """Ann's "all creatures lose flying until end of combat" made Bo's "creatures with flying get
    +1/+1" (earlier) depend on it (613.8a); once combat ends the effect is gone and so is the
    dependency."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bird, name: Bird, types: [Creature], subtypes: [Bird], power: 1, toughness: 1,
         abilities: [Flying], controller: Bo}
      - {id: lord, name: Sky Lord, types: [Enchantment], controller: Bo, abilities: [{text: t,
         static: {affects: creatures with flying, abilities: {add: [First strike]}}}]}
    events:
      - resolve: {id: ground, controller: Ann, effect: {affects: all creatures, duration: until end of combat,
          abilities: {remove: [Flying]}}}
    """
    t = solve_text(text)
    assert ("lord", "ground") in deps(t) and "First strike" not in view(t, "bird").abilities
    t = solve_text(text + "  - end_of_combat\n")
    assert deps(t) == set() and view(t, "bird").abilities == ("Flying", "First strike")


def test_durations_show_in_the_effects_table_and_text_output() -> None:
    from rulekit.views.mtg import effects_table
    from rulekit.views.text import solve_text as render

    t = solve_text(HEAD + _pump("until your next turn") + "  - begin_turn: Ann\n")
    table = effects_table(t).to_text()
    assert "until your next turn" in table and "ended at the start of Ann's next turn" in table
    assert "off: ended at the start of Ann's next turn" in render(t)


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        ("  - begin_turn: Cal\n", "'Cal' is not a player"),
        ("  - untap_step: Bob\n", "Bo"),
        ("  - end_of_combatt\n", "end_of_combat"),
        ("  - counters: {object: elfs, kind: time, add: -1}\n", "elves"),
        (_pump("until you next turn"), "until your next turn"),
    ],
)
def test_bad_duration_events_are_clean_errors(event: str, needle: str) -> None:
    with pytest.raises(ScenarioError) as err:
        load_text(HEAD + event)
    assert needle in str(err.value)
