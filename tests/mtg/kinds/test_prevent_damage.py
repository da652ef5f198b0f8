"""The ``prevent_damage`` kind (615, 613.11): "prevent all [combat] damage that would be dealt [by
<affects>]": every source (``*``) when it names none; ``all`` covers ``combat``."""

from __future__ import annotations

from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2}
  - {id: fog, name: Test Fog, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Prevent all combat damage.", static: {rules: {prevent_damage: combat}}}]}
  - {id: haze, name: Test Haze, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Prevent all damage creatures would deal.",
                  static: {affects: creatures, rules: {prevent_damage: all}}}]}
"""


def test_every_source_and_the_named_ones() -> None:
    assert solve_text(BOARD).rules["prevent_damage"] == {"*": "combat", "bears": "all"}
