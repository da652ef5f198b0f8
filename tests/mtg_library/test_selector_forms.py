"""Selectors that test abilities and numbers: "creatures with flying", "without
flying", "with no abilities", "with power 2 or less" (toughness, mana value; "or greater", "or
more"), "nonland permanents", subtype selectors; and the dependencies they open (613.8a).

Expected results are worked out from the CR (613.1 layer order, 613.8a-b dependency), never
from the engine's output.
"""

from __future__ import annotations

import pytest

from rulekit.mtg.selectors import SelectorError, parse_selector

from ._helpers import deps, solve_text, steps_in

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bird, name: Bird, types: [Creature], subtypes: [Bird], power: 1, toughness: 1,
     abilities: [Flying], controller: Ann}
  - {id: bear, name: Bear, types: [Creature], subtypes: [Bear], power: 2, toughness: 2, controller: Ann}
  - {id: ogre, name: Ogre, types: [Creature], subtypes: [Ogre], power: 3, toughness: 3,
     abilities: [Trample], controller: Bo, mana_value: 3}
  - {id: land, name: Waste, types: [Land], controller: Ann}
  - {id: rock, name: Rock, types: [Artifact], controller: Bo, mana_value: 2}
"""


def _with(extra: str) -> str:
    return BOARD + extra


def _lord(oid: str, affects: str, part: str, controller: str = "Ann") -> str:
    return (
        f"  - id: {oid}\n    name: {oid}\n    types: [Enchantment]\n    controller: {controller}\n"
        f"    abilities:\n      - text: {affects} ...\n        static: {{affects: {affects}, {part}}}\n"
    )


def _pumped(trace, oid: str) -> tuple[int | None, int | None]:
    v = trace.final[oid]
    return v.power, v.toughness


def test_with_and_without_flying() -> None:
    t = solve_text(
        _with(
            _lord("sky", "creatures with flying", "modify_pt: {power: 1, toughness: 1}")
            + _lord("ground", "creatures without flying", "modify_pt: {power: 0, toughness: 2}")
        )
    )
    assert _pumped(t, "bird") == (2, 2)
    assert _pumped(t, "bear") == (2, 4)
    assert _pumped(t, "ogre") == (3, 5)


def test_with_no_abilities() -> None:
    t = solve_text(
        _with(_lord("plain", "creatures with no abilities", "modify_pt: {power: 1, toughness: 0}"))
    )
    assert _pumped(t, "bear") == (3, 2)  # the only creature without abilities
    assert _pumped(t, "bird") == (1, 1)
    assert _pumped(t, "ogre") == (3, 3)


def test_power_toughness_and_mana_value_comparisons() -> None:
    t = solve_text(
        _with(
            _lord("small", "creatures with power 2 or less", "modify_pt: {power: 0, toughness: 1}")
            + _lord("big", "creatures with toughness 3 or greater", "modify_pt: {power: 1, toughness: 0}")
            + _lord("mv", "permanents with mana value 3 or more", "color: {add: [red]}")
        )
    )
    # 7c effects read power/toughness as the layers have made them so far; both are 7c, so the
    # later "toughness 3 or greater" sees the Bear at 2/3 (the earlier +0/+1 applied first).
    assert _pumped(t, "bird") == (1, 2)
    assert _pumped(t, "bear") == (3, 3)
    assert _pumped(t, "ogre") == (4, 3)
    assert "red" in t.final["ogre"].colors and "red" not in t.final["rock"].colors


def test_nonland_permanents_and_noncreature() -> None:
    t = solve_text(
        _with(
            _lord("np", "nonland permanents", "color: {add: [blue]}")
            + _lord("nc", "noncreature artifacts", "color: {add: [green]}")
        )
    )
    assert "blue" not in t.final["land"].colors
    assert all("blue" in t.final[o].colors for o in ("bird", "bear", "ogre", "rock"))
    assert "green" in t.final["rock"].colors and "green" not in t.final["bird"].colors


def test_subtype_lord_slivers() -> None:
    t = solve_text(
        """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: a, name: A, types: [Creature], subtypes: [Sliver], power: 1, toughness: 1, controller: Ann}
          - {id: b, name: B, types: [Creature], subtypes: [Sliver], power: 1, toughness: 1, controller: Bo}
          - {id: elf, name: Elf, types: [Creature], subtypes: [Elf], power: 1, toughness: 1, controller: Ann}
          - id: lord
            name: Lord
            types: [Creature]
            subtypes: [Sliver]
            power: 2
            toughness: 2
            controller: Ann
            abilities:
              - text: Sliver creatures you control get +1/+1.
                static: {affects: Sliver creatures you control, modify_pt: {power: 1, toughness: 1}}
              - key: all
                text: All Slivers have flying.
                static: {affects: all Slivers, abilities: {add: [Flying]}}
        """
    )
    assert _pumped(t, "a") == (2, 2) and _pumped(t, "lord") == (3, 3)
    assert _pumped(t, "b") == (1, 1) and _pumped(t, "elf") == (1, 1)
    assert "Flying" in t.final["b"].abilities and "Flying" not in t.final["elf"].abilities


def test_losing_flying_changes_what_a_flying_selector_applies_to() -> None:
    """613.8a: 'creatures with flying have first strike' (earlier) depends on 'all creatures lose
    flying' (later), in layer 6: applying the later one changes what the earlier applies to. So
    the later applies first and no creature ends with first strike; in timestamp order the Bird
    would have kept first strike."""
    t = solve_text(
        _with(
            _lord("strike", "creatures with flying", "abilities: {add: [First strike]}")
            + _lord("gravity", "all creatures", "abilities: {remove: [Flying]}")
        )
    )
    assert ("strike", "gravity") in deps(t, "6")
    assert steps_in(t, "6").index("gravity") < steps_in(t, "6").index("strike")
    assert "First strike" not in t.final["bird"].abilities
    assert "Flying" not in t.final["bird"].abilities


def test_gaining_flying_opens_a_dependency_too() -> None:
    """Granting flying (later) changes what 'creatures with flying' (earlier) applies to."""
    t = solve_text(
        _with(
            _lord("strike", "creatures with flying", "abilities: {add: [First strike]}")
            + _lord("wings", "creatures you control", "abilities: {add: [Flying]}")
        )
    )
    assert ("strike", "wings") in deps(t, "6")
    assert "First strike" in t.final["bear"].abilities
    assert "First strike" not in t.final["ogre"].abilities  # Bo's creature: no flying granted


def test_power_selector_depends_on_a_setting_effect() -> None:
    """613.8a in layer 7b: 'creatures with power 2 or less have base power and toughness 5/5'
    (earlier) depends on 'the Ogre has base power and toughness 1/1' (later): applying the later
    changes what the earlier applies to, so the later applies first and the Ogre ends 5/5."""
    t = solve_text(
        _with(
            _lord("five", "creatures with power 2 or less", "set_pt: {power: 5, toughness: 5}")
            + _lord("shrink", "ogre", "set_pt: {power: 1, toughness: 1}")
        )
    )
    assert ("five", "shrink") in deps(t)
    assert _pumped(t, "ogre") == (5, 5)
    assert _pumped(t, "bear") == (5, 5)


def test_selector_characteristics_name_their_layers() -> None:
    assert parse_selector("creatures with flying").layers == ("4", "6")
    assert parse_selector("creatures with power 2 or less you control").layers == ("2", "4", "7")
    assert parse_selector("white creatures").layers == ("4", "5")


@pytest.mark.parametrize(
    "phrase",
    [
        "creatures with " + "a" * 5000,
        "creatures " + "with " * 2000 + "flying",
        "<script>alert(1)</script> creatures you control",
        "creatures with (.*)+$",
        "creatures with power '; DROP TABLE or less",
    ],
)
def test_hostile_selectors_are_clean_errors(phrase: str) -> None:
    with pytest.raises(SelectorError) as exc:
        parse_selector(phrase)
    assert exc.value.word


def test_counters_without_article_and_other_than_the_target() -> None:
    part = parse_selector("creatures you control with +1/+1 counters on them").parts[0]
    assert ("counters", "has", "+1/+1") in [(c.attr, c.op, c.value) for c in part.conds]
    other = parse_selector("each creature other than the target").parts[0]
    assert ("targeted", "is", False) in [(c.attr, c.op, c.value) for c in other.conds]
    assert not other.by_signature


def test_new_dependency_shows_in_the_dependency_table_and_diagram() -> None:
    """The dependency a 'with flying' selector opens reaches the views: the dependency table has
    the row and the DOT diagram has the edge (views read the trace only)."""
    from rulekit.views.mtg import dependency_dot, dependency_table

    t = solve_text(
        _with(
            _lord("strike", "creatures with flying", "abilities: {add: [First strike]}")
            + _lord("gravity", "all creatures", "abilities: {remove: [Flying]}")
        )
    )
    text = dependency_table(t).to_text()
    assert "gravity changes what strike applies to" in text and "Bird" in text
    dot = dependency_dot(t)
    assert "strike" in dot and "gravity" in dot and "->" in dot
