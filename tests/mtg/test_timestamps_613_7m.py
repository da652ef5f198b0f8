"""613.7m in the two editions: objects that would get timestamps at once.

Current CR (rules-notes "Timestamps"): they get them in APNAP order, the active player's objects
first (in the order that player chooses), then each other player's in turn order. The seed's
edition (seed 000: the active player determines the order of all of them) keeps the active
player's choice, which a scenario states by listing order.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
active_player: Bo
objects:
  - {id: moon, card: Blood Moon, controller: Ann, zone: hand}
  - {id: dryad, card: Dryad of the Ilysian Grove, controller: Bo, zone: hand}
  - {id: vault, card: Mutavault, controller: Bo}
events:
  - enter: [moon, dryad]
"""


def _ts(trace: object, eid: str) -> float:
    return trace.effect(eid).timestamp  # type: ignore[attr-defined]


def test_current_edition_apnap() -> None:
    """Bo is the active player: Bo's Dryad gets the earlier timestamp though Ann's Blood Moon is
    listed first; so Blood Moon applies last in layer 4 and Mutavault stays a Mountain only."""
    t = solve_text(BOARD, "current")
    assert _ts(t, "dryad") < _ts(t, "moon")


def test_seed_edition_active_player_chooses_all() -> None:
    t = solve_text(BOARD, "seed")
    assert _ts(t, "moon") < _ts(t, "dryad")


def test_each_player_orders_their_own_and_turn_order_follows() -> None:
    """Three players, Bo active: Bo's objects, then Cy's, then Ann's (turn order after Bo)."""
    text = """
    game: mtg
    players: [Ann, Bo, Cy]
    active_player: Bo
    objects:
      - {id: a1, card: Glorious Anthem, controller: Ann, zone: hand}
      - {id: c1, card: Glorious Anthem, controller: Cy, zone: hand}
      - {id: b1, card: Glorious Anthem, controller: Bo, zone: hand}
      - {id: b2, card: Honor of the Pure, controller: Bo, zone: hand}
    events:
      - enter: [a1, c1, b2, b1]
    """
    cur = solve_text(text, "current")
    assert sorted(["a1", "c1", "b1", "b2"], key=lambda e: _ts(cur, e)) == ["b2", "b1", "c1", "a1"]
    seed = solve_text(text, "seed")
    assert sorted(["a1", "c1", "b1", "b2"], key=lambda e: _ts(seed, e)) == ["a1", "c1", "b2", "b1"]


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 613.7m example")
    example = doc[start : doc.index("```", start)]
    cur, seed = solve_text(example, "current"), solve_text(example, "seed")
    assert _ts(cur, "dryad") < _ts(cur, "moon") and _ts(seed, "moon") < _ts(seed, "dryad")
