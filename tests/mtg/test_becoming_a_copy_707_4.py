"""CR 707.4: a permanent that is copying one object and then starts copying another stays on the
battlefield as the same permanent: nothing enters or leaves, and the effects other than copy
effects that apply to it (here a +2/+2 until end of turn) and its counters keep applying.

Expected values come from the rule, not from running the engine.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, counters: {+1/+1: 1}}
  - {id: giant, card: Hill Giant, controller: Ann}
  - {id: king, card: Goblin King, controller: Ann}
events:
  - resolve: {effect: {affects: targets, copy: "@giant"}, targets: [bears], id: shape}
  - resolve: {effect: {affects: targets, duration: until end of turn, modify_pt: {power: 2, toughness: 2}},
              targets: [bears], id: pump}
"""
AGAIN = '  - resolve: {effect: {affects: targets, copy: "@king"}, targets: [bears], id: shape2}\n'


def test_copying_something_else_keeps_the_other_effects_and_counters() -> None:
    """A Hill Giant copy (3/3 +1/+1 counter +2/+2 = 6/6) starts copying Goblin King: a Goblin King
    2/2, still with the counter and the +2/+2, and now a Goblin the real King pumps: 6/6, and it
    pumps the real King (3/3)."""
    t = solve_text(BOARD)
    assert (t.final["bears"].name, t.final["bears"].power) == ("Hill Giant", 6)
    t = solve_text(BOARD + AGAIN)
    v = t.final["bears"]
    assert (v.name, v.counters, v.power, v.toughness) == ("Goblin King", (("+1/+1", 1),), 2 + 1 + 2 + 1, 6)
    assert (t.final["king"].power, t.final["king"].toughness) == (3, 3)


def test_it_stays_the_same_permanent() -> None:
    """Nothing enters or leaves: the same object, on the battlefield, with the timestamp it had."""
    before = solve_text(BOARD).final["bears"]
    after = solve_text(BOARD + AGAIN).final["bears"]
    assert (after.zone, after.timestamp) == ("battlefield", before.timestamp)
