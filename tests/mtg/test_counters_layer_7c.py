"""Counters in layer 7c in the current edition (613.4c), in their own 7d in the seed's (613.4d seed).

613.4c (current): "Effects that modify power and/or toughness (but don't set power and/or toughness
to a specific number or value) are applied, as are changes from counters (see rule 122)." They apply
in timestamp order with the other 7c effects, each counter with the timestamp of when it was put on
(rules-notes "Counters and simultaneous timestamps"). Before this, counters came after every other
7c effect in both editions.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

BIG = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, counters: {+1/+1: 1}}
  - {id: rally, name: Rally of the Big, types: [Enchantment], controller: Ann, abilities: [{text:
     Creatures with power 3 or greater get +1/+1., static: {affects: creatures with power 3 or greater,
     modify_pt: {power: 1, toughness: 1}}}]}
"""


def _pt(t: object, oid: str) -> tuple[int, int]:
    v = t.final[oid]  # type: ignore[attr-defined]
    return (v.power, v.toughness)


def _seven_c(t: object) -> list[str]:
    return [s.effect for s in t.steps if s.layer == "7c"]  # type: ignore[attr-defined]


def test_current_counter_with_earlier_timestamp_applies_first() -> None:
    """The +1/+1 counter was on the Bears (timestamp 1) before the enchantment (timestamp 2): in
    7c the counter applies first, so the Bears are 3/3 when the enchantment's "power 3 or
    greater" is read, and it gets +1/+1: 4/4. Counters are not effects, so no dependency."""
    t = solve_text(BIG, "current")
    assert _seven_c(t) == ["bears.counters", "rally"]
    assert _pt(t, "bears") == (4, 4)
    assert not t.dependencies


def test_seed_counters_stay_in_7d() -> None:
    """Seed edition: 7c first (the 2/2 Bears are not "power 3 or greater"), then 7d counters: 3/3."""
    t = solve_text(BIG, "seed")
    assert _pt(t, "bears") == (3, 3)
    assert [s.layer for s in t.steps if s.effect == "counters"] == ["7d"]


def test_counter_put_on_later_has_the_later_timestamp() -> None:
    """A counter put on after Glorious Anthem entered applies after it, and one on the Bears
    from before it, before it (the timestamp of each moment)."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann, counters: {+1/+1: 1}}
      - {id: anthem, card: Glorious Anthem, controller: Ann, zone: hand}
    events:
      - enter: anthem
      - counters: {object: bears, kind: +1/+0, add: 2}
    """
    t = solve_text(text, "current")
    assert _seven_c(t) == ["bears.counters", "anthem", "bears.counters-2"]
    assert _pt(t, "bears") == (6, 4)
    stamps = [t.effect(e).timestamp for e in ("bears.counters", "anthem", "bears.counters-2")]
    assert stamps == sorted(stamps)


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 613.4c example")
    example = doc[start : doc.index("```", start)]
    assert _pt(solve_text(example, "current"), "bears") == (4, 4)
    assert _pt(solve_text(example, "seed"), "bears") == (3, 3)


def test_one_objects_counters_can_be_switched_off() -> None:
    """``--without bears.counters`` (current edition) switches off that object's counters only."""
    from rulekit import mtg

    s = mtg.scenario_from_text(BIG, "big.yaml")
    t = mtg.solve(s, ruleset="current", without=["bears.counters"])
    assert _pt(t, "bears") == (2, 2)
