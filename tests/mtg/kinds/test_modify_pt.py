"""The ``modify_pt`` kind: 613.4c "gets +N/+M" (layer 7c), with a number phrase read when the layer
applies (a resolved effect fixes it as it resolves, 611.2c)."""

from __future__ import annotations

from rulekit.mtg.checks import uses_x
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import pt, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2}
  - {id: forest, name: Forest, types: [Land], subtypes: [Forest], supertypes: [Basic]}
  - {id: growth, name: Test Growth, types: [Enchantment],
     abilities: [{text: "Creatures get +X/-1, where X is the number of Forests you control.",
                  static: {affects: creatures,
                           modify_pt: {power: number of Forests you control, toughness: -1}}}]}
"""


def test_it_adds_its_numbers() -> None:
    assert pt(solve_text(BOARD), "bears") == (3, 1)


def test_a_missing_number_changes_nothing() -> None:
    spec = build_spec({"affects": "creatures", "modify_pt": {"power": 2}})
    assert spec.value("modify_pt")[1] is None
    assert pt(solve_text(BOARD.replace(", toughness: -1", "")), "bears") == (3, 2)


def test_what_it_reads() -> None:
    spec = build_spec({"affects": "creatures", "modify_pt": {"power": "number of Forests you control"}})
    assert ("subtypes", "Forest") in PARTS["pt_modify"].reads(spec)
    assert PARTS["pt_modify"].writes(spec) == frozenset({("pt", "*")})


def test_x_in_its_numbers_asks_the_event_for_x() -> None:
    """107.3: X in a resolving ability's number phrase (its record's ``numbers`` keys) needs a
    value; a number without X, or an X inside a granted ability's own effect, does not."""
    assert uses_x(build_spec({"affects": "targets", "modify_pt": {"power": "X", "toughness": "X"}}))
    assert uses_x(build_spec({"affects": "targets", "modify_pt": {"power": "twice X"}}))
    assert not uses_x(build_spec({"affects": "targets", "modify_pt": {"power": 2}}))
    granted = {"text": "Xs", "static": {"affects": "this", "modify_pt": {"power": "X"}}}
    assert not uses_x(build_spec({"affects": "targets", "abilities": {"add": [granted]}}))
