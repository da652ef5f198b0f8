"""CR 801, the limited range of influence option: "A player's range of influence is the maximum
distance from that player, measured in player seats, that the player can affect ... Range of
influence covers spells, abilities, effects ..." (801.2). Different players may have different
ranges (801.2a); a player is always within their own (801.2b). Effects on players reach only the
players within the range of the effect's controller; seats are the order of ``players``."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

#: five players round a table: Ann sits between Eve and Bo; Cy and Dee are two seats away
TABLE = """
game: mtg
players: [Ann, Bo, Cy, Dee, Eve]
%s
objects:
  - {id: miser, card: Gnat Miser, controller: Ann}
  - {id: idol, name: Erebos Idol, types: [Artifact], controller: Ann,
     abilities: [{text: "Your opponents can't gain life.",
                  static: {players: each opponent, rules: {cant_gain_life: true}}}]}
  - {id: ward, name: Ward Totem, types: [Artifact], controller: Cy,
     abilities: [{text: "Each player has hexproof.",
                  static: {players: each player, player: {add: [Hexproof]}}}]}
"""


def test_without_the_option_every_opponent_is_affected() -> None:
    t = solve_text(TABLE % "")
    assert t.rules["max_hand_size"] == {"Ann": 7, "Bo": 6, "Cy": 6, "Dee": 6, "Eve": 6}
    assert set(t.rules["cant_gain_life"]) == {"Bo", "Cy", "Dee", "Eve"}


def test_range_one_reaches_the_neighbours_only() -> None:
    """801.2a's example: a range of 1 is you and the players seated directly next to you."""
    t = solve_text(TABLE % "range_of_influence: 1")
    assert t.rules["max_hand_size"] == {"Ann": 7, "Bo": 6, "Cy": 7, "Dee": 7, "Eve": 6}
    assert set(t.rules["cant_gain_life"]) == {"Bo", "Eve"}
    # Cy's "each player": Cy and the two beside Cy
    assert {p for p, v in t.players.items() if "Hexproof" in v.abilities} == {"Bo", "Cy", "Dee"}


def test_players_may_have_different_ranges() -> None:
    """801.2a: Ann reaches two seats (everyone at a table of five); Cy has no limit listed."""
    t = solve_text(TABLE % "range_of_influence: {Ann: 2}")
    assert set(t.rules["cant_gain_life"]) == {"Bo", "Cy", "Dee", "Eve"}
    assert {p for p, v in t.players.items() if "Hexproof" in v.abilities} == {"Ann", "Bo", "Cy", "Dee", "Eve"}


@pytest.mark.parametrize(
    ("option", "words"),
    [
        ("range_of_influence: 0", "from 1 to"),
        ("range_of_influence: {Anne: 1}", "'Anne' is not a player"),
        ("range_of_influence: {Ann: -2}", "from 1 to"),
        ("range_of_influence: lots", "range_of_influence"),
        ("range_of_influence: true", "range_of_influence"),
    ],
)
def test_a_bad_range_is_one_clear_line(option: str, words: str) -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(TABLE % option)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_language_md_example() -> None:
    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 801 example")
    t = solve_text(doc[start : doc.index("```", start)])
    assert t.rules["max_hand_size"] == {"Ann": 7, "Bo": 6, "Cy": 7, "Dee": 6}


def test_a_rules_effect_on_objects_reaches_objects_within_range() -> None:
    """801.2d: an object is within a player's range if a player within that range controls it: a
    prevention of "all damage creatures would deal this turn" from Ann (range 1) covers the
    creatures of Ann and her neighbours only."""
    text = """
    game: mtg
    players: [Ann, Bo, Cy, Dee, Eve]
    range_of_influence: 1
    objects:
      - {id: a, card: Grizzly Bears, controller: Ann}
      - {id: b, card: Grizzly Bears, controller: Bo}
      - {id: c, card: Grizzly Bears, controller: Cy}
      - {id: e, card: Grizzly Bears, controller: Eve}
    events:
      - resolve: {effect: {affects: creatures, duration: until end of turn, rules: {prevent_damage: all}},
                  controller: Ann, id: holy-day}
    """
    assert set(solve_text(text).rules["prevent_damage"]) == {"a", "b", "e"}
