"""Number expressions: "twice X", "half X, rounded up/down", "the
greatest power among <selector>", "the number of <selector> you control plus N", sums of two
counts; and the dependency a counted expression opens (613.8a "what it does").

Expected values are computed by hand from the board, never taken from the engine.
"""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from rulekit.mtg.expressions import parse_expr
from rulekit.mtg.selectors import SelectorError

from ._helpers import deps, load_text, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: f1, name: Forest A, types: [Land], subtypes: [Forest], controller: Ann}
  - {id: f2, name: Forest B, types: [Land], subtypes: [Forest], controller: Ann}
  - {id: i1, name: Island A, types: [Land], subtypes: [Island], controller: Ann}
  - {id: e1, name: Elf A, types: [Creature], subtypes: [Elf], power: 1, toughness: 1, controller: Ann}
  - {id: e2, name: Elf B, types: [Creature], subtypes: [Elf], power: 2, toughness: 2, controller: Ann}
  - {id: ogre, name: Ogre, types: [Creature], subtypes: [Ogre], power: 3, toughness: 3, controller: Bo}
  - id: hero
    name: Hero
    types: [Creature]
    power: 0
    toughness: 1
    controller: Ann
    abilities:
"""


def _solve(ability: str, events: str = "") -> object:
    return solve_text(BOARD + ability + events)


def _static(part: str) -> str:
    return f"      - text: t\n        static: {{{part}}}\n"


@pytest.mark.parametrize(
    ("expr", "power"),
    [
        ("the number of Elves you control plus one", 3),
        ("the number of Forests you control plus the number of Islands you control", 3),
        ("the number of Forests you control minus the number of Islands you control", 1),
        ("twice the number of Forests you control", 4),
        ("half the number of lands you control, rounded up", 2),
        ("half the number of lands you control, rounded down", 1),
        ("the greatest power among creatures you control", 2),  # the Hero's own 0 counts too
        ("the greatest power among creatures", 3),
        ("the greatest toughness among other creatures you control", 2),
        ("the greatest mana value among lands", 0),
    ],
)
def test_static_expressions(expr: str, power: int) -> None:
    t = _solve(_static(f"modify_pt: {{power: '{expr}', toughness: 0}}"))
    assert t.final["hero"].power == power


def test_twice_and_half_x_are_fixed_on_resolution() -> None:
    ability = (
        "      - key: pump\n        text: t\n"
        "        resolves: {affects: this, modify_pt: {power: twice X, toughness: 'half X, rounded up'}}\n"
    )
    events = "events:\n  - resolve: {source: hero, ability: pump, x: 3}\n"
    t = _solve(ability, events)
    assert (t.final["hero"].power, t.final["hero"].toughness) == (6, 3)


def test_greatest_power_reads_the_layers_and_depends_on_a_setting_effect() -> None:
    """613.8a in 7b: the Hero's 'base power equal to the greatest power among other creatures'
    (earlier) depends on the Ogre being set to 1/1 (later): applying the later changes what the
    earlier does. So the Ogre is 1/1 first, and the Hero's base power is the Elves' best, 2."""
    ability = _static("affects: this, set_pt: {power: the greatest power among other creatures}")
    shrink = (
        "  - id: shrink\n    name: Shrink\n    types: [Enchantment]\n    controller: Bo\n    abilities:\n"
        "      - text: t\n        static: {affects: ogre, set_pt: {power: 1, toughness: 1}}\n"
    )
    t = _solve(ability + shrink)
    assert t.final["hero"].power == 2
    assert ("hero", "shrink") in deps(t, "7b")


def test_expression_reads_declare_what_they_read() -> None:
    e = parse_expr("the greatest power among creatures you control")
    assert ("power", "*") in e.characteristics and ("controller", "*") in e.characteristics
    s = parse_expr("the number of Forests you control plus the number of Islands you control")
    assert {("subtypes", "Forest"), ("subtypes", "Island")} <= s.characteristics


def test_half_without_rounding_is_refused() -> None:
    with pytest.raises(SelectorError, match="rounded up"):
        parse_expr("half X")


def test_bad_expression_in_a_scenario_is_located() -> None:
    with pytest.raises(ScenarioError) as exc:
        load_text(BOARD + _static("modify_pt: {power: 'the greatest power among creaturs'}"))
    assert "creaturs" in str(exc.value) and "did you mean 'creatures'" in str(exc.value)


def test_hostile_nesting_is_a_clean_error() -> None:
    """Untrusted text: a deeply nested expression is refused with one message, not a crash."""
    with pytest.raises(SelectorError, match="nests expressions"):
        parse_expr("twice " * 500 + "X")
    with pytest.raises(ScenarioError, match="nests expressions"):
        load_text(BOARD + _static("modify_pt: {power: '" + "twice " * 100 + "X'}"))
