"""The ``control`` kind (613.1b): the controller becomes the player the phrase names, read as layer 2
applies; ``its owner`` gives it back; a resolved effect's "you" is fixed (611.2c)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, name: Grizzly Bears, owner: Bo, controller: Bo, types: [Creature], power: 2, toughness: 2}
  - {id: mind, name: Test Mind, owner: Ann, controller: Ann, types: [Enchantment],
     abilities: [{text: "You control creatures.", static: {affects: creatures, control: WHO}}]}
"""


@pytest.mark.parametrize(("who", "controller"), [("you", "Ann"), ("Bo", "Bo"), ("its owner", "Bo")])
def test_the_controller_is_the_player_it_names(who: str, controller: str) -> None:
    assert solve_text(BOARD.replace("WHO", who)).final["bears"].controller == controller


def test_what_it_reads_static_and_resolved() -> None:
    part = PARTS["control"]
    mine = build_spec({"affects": "creatures", "control": "you"})
    theirs = build_spec({"affects": "creatures", "control": "controller of bears"})
    assert part.reads(mine) == {("controller", "*")} and part.reads_resolved(mine) == frozenset()
    assert part.reads_resolved(theirs) == {("controller", "*")}


def test_a_player_it_does_not_know_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"scenario\.yaml:7: .*control"):
        scenario(BOARD.replace("WHO", "Cy"))
