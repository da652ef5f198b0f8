"""The ``set_color`` kind (613.1e, 105.3): "<affected> is <colours>" replaces its colours; ``set: []``
and the one word ``colorless`` make it colourless."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], colors: [green], power: 2, toughness: 2}
  - {id: paint, name: Test Paint, types: [Enchantment],
     abilities: [{text: "Creatures are blue and white.", static: {affects: creatures, color: COLOR}}]}
"""


@pytest.mark.parametrize(
    ("color", "expected"),
    [("{set: [blue, white]}", ("white", "blue")), ("{set: []}", ()), ("colorless", ())],
)
def test_it_replaces_the_colours_in_wubrg_order(color: str, expected: tuple[str, ...]) -> None:
    assert solve_text(BOARD.replace("COLOR", color)).final["bears"].colors == expected


def test_a_word_that_is_no_colour_is_refused_where_it_is_written() -> None:
    with pytest.raises(ScenarioError, match=r"scenario\.yaml:7: .*color\.set\[0\]: 'bleu' is not a colou?r"):
        scenario(BOARD.replace("COLOR", "{set: [bleu]}"))
    with pytest.raises(ScenarioError, match=r"color"):
        scenario(BOARD.replace("COLOR", "purple"))
