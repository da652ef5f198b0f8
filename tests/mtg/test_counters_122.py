"""CR 122.1a: every power/toughness counter kind, named as the rules write them.

122.1a: "A +X/+Y counter on a creature or on a creature card in a zone other than the battlefield,
where X and Y are numbers, adds X to that object's power and Y to that object's toughness.
Similarly, -X/-Y counters subtract from power and toughness." Before this, only +1/+1 and -1/-1
were read; +1/+0, -0/-1, +2/+2 ... were refused as counter kinds.
"""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, pt, solve_text, view

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {{id: bears, card: Grizzly Bears, controller: Ann, counters: {counters}}}
"""


@pytest.mark.parametrize(
    ("counters", "expected"),
    [
        ("{+1/+0: 2}", (4, 2)),
        ("{+0/+1: 3}", (2, 5)),
        ("{-0/-1: 1}", (2, 1)),
        ("{-1/-0: 1}", (1, 2)),
        ("{+2/+2: 1}", (4, 4)),
        ("{-2/-2: 1}", (0, 0)),
        ("{+1/+2: 1}", (3, 4)),
        ("{-0/-2: 1}", (2, 0)),
        ("{+0/+2: 1}", (2, 4)),
        ("{-2/-1: 1}", (0, 1)),
        ("{+1/+0: 2, -0/-1: 1, +2/+2: 1}", (6, 3)),
    ],
)
def test_every_pt_counter_kind(counters: str, expected: tuple[int, int]) -> None:
    """A Grizzly Bears (2/2) with these counters, in both editions (613.4d seed, 613.4c current)."""
    for ruleset in ("seed", "current"):
        assert pt(solve_text(BOARD.format(counters=counters), ruleset), "bears") == expected


def test_the_rules_spelling_is_kept_and_a_typed_minus_sign_is_read() -> None:
    """The name is the CR's ("-0/-1"); a U+2212 minus sign typed from the CR's PDF is the same kind."""
    t = solve_text(BOARD.format(counters='{"\u22120/\u22121": 1}'))
    assert view(t, "bears").counters == (("-0/-1", 1),) and pt(t, "bears") == (2, 1)


def test_counters_events_enters_with_and_selectors() -> None:
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: elk, name: Elk, types: [Creature], subtypes: [Elk], power: 2, toughness: 2, zone: hand,
         controller: Ann, abilities: [{text: This creature enters with a +1/+0 counter on it.,
         enters_with: {+1/+0: 1}}]}
      - {id: lord, name: Lord, types: [Enchantment], controller: Ann, abilities: [{text: Creatures
         with +0/+1 counters on them get +1/+1., static: {affects: creatures with +0/+1 counters on them,
         modify_pt: {power: 1, toughness: 1}}}]}
    events:
      - counters: {object: bears, kind: +0/+1, add: 2}
      - counters: {object: bears, kind: +0/+1, add: -1}
      - {enter: elk, with_counters: {+0/+1: 1}}
    """
    t = solve_text(text)
    assert pt(t, "bears") == (3, 4)  # 2/2, one +0/+1 counter left, the lord's +1/+1
    assert pt(t, "elk") == (4, 4)  # 2/2, +1/+0 and +0/+1 counters, the lord's +1/+1


@pytest.mark.parametrize("kind", ["+1/-1", "-1/+1", "+1/+1x"])
def test_mixed_signs_are_no_counter_of_the_rules(kind: str) -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD.format(counters=f'{{"{kind}": 1}}'))
    assert kind in str(e.value)


MIXED_IN_PHRASES = {
    "selector": "  - {{id: lord, name: Lord, types: [Enchantment], controller: Ann,"
    ' abilities: [{{text: t, static: {{affects: "creatures with a {kind} counter on them",'
    " modify_pt: {{power: 1}}}}}}]}}\n",
    "condition": "events:\n  - resolve: {{source: bears, effect: {{affects: targets, modify_pt: {{power: 1}},"
    ' duration: "for as long as it has a {kind} counter on it"}}, targets: [bears]}}\n',
}


@pytest.mark.parametrize("kind", ["+1/-1", "-1/+1", "\u22121/+1"])
@pytest.mark.parametrize("where", list(MIXED_IN_PHRASES))
def test_mixed_signs_in_a_selector_or_condition_are_refused_too(where: str, kind: str) -> None:
    """A selector or a "for as long as" condition naming a mixed-sign kind asked about a counter no
    object can have (the counters themselves are refused): one located line, as for the counters
    (found by tools/fuzz.py)."""
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD.format(counters="{}") + MIXED_IN_PHRASES[where].format(kind=kind))
    assert "is not a counter kind (122.1a: a power/toughness counter is +X/+Y or -X/-Y" in str(e.value)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("kind", ["+1/+0", "-0/-1", "time", "flood"])
@pytest.mark.parametrize("where", list(MIXED_IN_PHRASES))
def test_counter_kinds_in_a_selector_or_condition_still_read(where: str, kind: str) -> None:
    load_text(BOARD.format(counters="{}") + MIXED_IN_PHRASES[where].format(kind=kind))


def test_language_md_names_the_form() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    assert "122.1a" in doc and "`+1/+0`" in doc and "`-0/-1`" in doc
    start = doc.index("# 122.1a example")
    example = doc[start : doc.index("```", start)]
    assert pt(solve_text(example, "current"), "bears") == (4, 1)
