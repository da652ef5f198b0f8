"""The ``add_color`` kind (613.1e, 105.3): "<affected> is <colour> in addition to its other colours";
after a ``set_color`` of the same effect."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], colors: [green], power: 2, toughness: 2}
  - {id: paint, name: Test Paint, types: [Enchantment],
     abilities: [{text: "Creatures are also white.", static: {affects: creatures, color: COLOR}}]}
"""


def test_it_adds_to_the_colours_it_has() -> None:
    assert solve_text(BOARD.replace("COLOR", "{add: [white, green]}")).final["bears"].colors == (
        "white",
        "green",
    )


def test_with_a_set_it_adds_to_the_set_colours() -> None:
    trace = solve_text(BOARD.replace("COLOR", "{set: [red], add: [black]}"))
    assert trace.final["bears"].colors == ("black", "red")


def test_it_writes_only_its_colours() -> None:
    spec = build_spec({"affects": "creatures", "color": {"add": ["white"]}})
    assert PARTS["color"].writes(spec) == frozenset({("colors", "white")})
