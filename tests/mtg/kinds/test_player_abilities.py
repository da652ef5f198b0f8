"""The ``player_abilities`` kind (613.10): "<players> have <ability>", after every layer of objects."""

from __future__ import annotations

from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: shroud, name: Test Shroud, owner: Ann, controller: Ann, types: [Enchantment],
     abilities: [{text: "You have hexproof.",
                  static: {players: PLAYERS, player: {add: [Hexproof, Hexproof]}}}]}
"""


def test_the_players_it_names_have_the_ability_once() -> None:
    trace = solve_text(BOARD.replace("PLAYERS", "you"))
    assert trace.players["Ann"].abilities == ("Hexproof",) and trace.players["Bo"].abilities == ()
    trace = solve_text(BOARD.replace("PLAYERS", "each opponent"))
    assert trace.players["Bo"].abilities == ("Hexproof",) and trace.players["Ann"].abilities == ()
