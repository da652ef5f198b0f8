"""The ``add_abilities`` kind (613.1f): "<affected> has / gains <abilities>"; a granted ability
remembers its granter (613.7a), and one granted twice by one effect is there once."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.kinds import KINDS
from rulekit.mtg.model import build_spec
from tests.mtg._util import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], subtypes: [Bear], power: 2, toughness: 2}
  - {id: wings, name: Test Wings, types: [Enchantment], timestamp: 5,
     abilities: [{text: "Creatures have flying and haste.",
                  static: {affects: creatures, abilities: {add: [Flying, Haste, Flying]}}}]}
"""


def test_the_affected_objects_gain_the_abilities_once_each() -> None:
    trace = solve_text(BOARD)
    assert trace.final["bears"].abilities == ("Flying", "Haste")
    assert trace.initial["bears"].abilities == ()


def test_a_granted_ability_remembers_its_granter() -> None:
    """613.7a: the ability's own effects take the later of its object's and its granter's
    timestamp; so the ability carries the granting effect's id and timestamp."""
    spec = build_spec({"affects": "creatures", "abilities": {"add": ["Flying"]}})
    (granted,) = spec.value("add_abilities")
    assert granted.text == "Flying" and granted.granted_by == ""
    assert not PARTS["abilities"].by_text(spec), "an effect that grants does what only it does"
    assert KINDS["add_abilities"].grants(spec.value("add_abilities")) == (granted,)


def test_it_writes_only_a_gain() -> None:
    spec = build_spec({"affects": "creatures", "abilities": {"add": ["Flying"]}})
    assert PARTS["abilities"].writes(spec) == frozenset({("abilities+", "*")})
