"""CR 611.2b: "... a continuous effect from a resolved spell or ability that lasts 'for as long as'
a condition is true ... ends the first time the condition is false" — and an ended duration stays
ended: "for as long as you control X" does not begin again when you regain X; likewise "for as
long as it remains tapped" and counter conditions (rules-notes "An ended duration stays ended").
Before this, the condition was read only when the effect resolved and at the end, so the effect
came back.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

SHACKLES = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: shackles, card: Vedalken Shackles, controller: Ann, tapped: true}
  - {id: i1, card: Island, controller: Ann}
  - {id: i2, card: Island, controller: Ann}
  - {id: bears, card: Grizzly Bears, controller: Bo}
events:
  - resolve: {source: shackles, ability: steal, targets: [bears]}
%s"""


def test_remains_tapped_ended_stays_ended() -> None:
    """Shackles untaps (the duration ends), then is tapped again: the Bears stay Bo's."""
    assert solve_text(SHACKLES % "").final["bears"].controller == "Ann"
    again = "  - untap: shackles\n  - tap: shackles\n"
    assert solve_text(SHACKLES % again).final["bears"].controller == "Bo"


def test_for_as_long_as_you_control_it_ended_stays_ended() -> None:
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: rod, name: Control Rod, types: [Artifact], controller: Ann}
      - {id: bears, card: Grizzly Bears, controller: Bo}
    events:
      - resolve: {source: rod, effect: {affects: targets, duration: for as long as you control Control Rod,
          control: you}, targets: [bears], controller: Ann, id: steal}
      - resolve: {effect: {affects: targets, duration: until end of turn, control: you}, targets: [rod],
          controller: Bo, id: borrow}
      - end_of_turn
    """
    t = solve_text(text)
    assert t.final["rod"].controller == "Ann"  # Ann has the rod again
    assert t.final["bears"].controller == "Bo"  # but the steal ended when Bo took the rod


def test_counter_condition_ended_stays_ended() -> None:
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann, counters: {time: 1}}
    events:
      - resolve: {effect: {affects: targets, duration: for as long as it has a time counter on it,
          modify_pt: {power: 3, toughness: 3}}, targets: [bears], id: pump}
      - counters: {object: bears, kind: time, add: -1}
      - counters: {object: bears, kind: time, add: 1}
    """
    t = solve_text(text)
    assert (t.final["bears"].power, t.effect("pump").active) == (2, False)


def test_language_md_says_so() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    assert "ended duration stays ended" in doc
    start = doc.index("# 611.2b example")
    example = doc[start : doc.index("```", start)]
    assert solve_text(example).final["bears"].controller == "Bo"
