"""Two rule editions (rules-notes "Two editions of layer 7"): labels differ, numbers never."""

from __future__ import annotations

import pytest

from rulekit import mtg
from rulekit.mtg.model import LAYER_LABELS

SEED = ("1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e")
CURRENT = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")


def test_layer_labels_of_each_edition() -> None:
    """Seed (pre-2020 CR): 7a CDA, 7b set, 7c modify, 7d counters, 7e switch. Current: counters
    are in 7c, switching is 7d, layer 1 has 1a/1b."""
    seed, cur = LAYER_LABELS["seed"], LAYER_LABELS["current"]
    assert (seed["pt_counters"], seed["pt_switch"]) == ("7d", "7e")
    assert (cur["pt_modify"], cur["pt_counters"], cur["pt_switch"]) == ("7c", "7c", "7d")
    assert (seed["copy"], seed["face_down"], cur["copy"], cur["face_down"]) == ("1", "1", "1a", "1b")
    assert set(seed.values()) - {"players", "rules"} == set(SEED)
    assert set(cur.values()) - {"players", "rules"} == set(CURRENT)


@pytest.mark.parametrize("name", mtg.list_scenarios())
def test_both_editions_give_equal_numbers(name: str) -> None:
    """Every built-in scenario: the same final characteristics, the same application order of the
    effects. (Counters differ by rule: one 7d step in the seed's edition, in 7c by timestamp in the
    current one, 613.4c; no built-in has a 7c effect whose set reads power, so the numbers agree.)"""
    a = mtg.solve(mtg.load_scenario(name), ruleset="seed")
    b = mtg.solve(mtg.load_scenario(name), ruleset="current")
    assert a.final == b.final
    assert a.players == b.players and a.rules == b.rules
    effects = [(s.effect, s.objects, s.changes) for s in a.steps if s.effect != "counters"]
    b_effects = [(s.effect, s.objects, s.changes) for s in b.steps if not s.effect.endswith(".counters")]
    assert effects == b_effects
    counted_a = sorted(o for s in a.steps if s.effect == "counters" for o in s.objects)
    assert counted_a == sorted(o for s in b.steps if s.effect.endswith(".counters") for o in s.objects)


def test_counters_and_switch_labels() -> None:
    text = """
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears, counters: {"+1/+1": 1}}
          - {id: ti, card: Twisted Image, zone: graveyard}
        events:
          - resolve: {source: ti, ability: cast, targets: [bears]}
    """
    from ._util import scenario

    s = scenario(text)
    assert [x.layer for x in mtg.solve(s).steps] == ["7d", "7e"]
    assert [x.layer for x in mtg.solve(s, ruleset="current").steps] == ["7c", "7d"]
    assert mtg.solve(s).final == mtg.solve(s, ruleset="current").final


def test_unknown_ruleset_is_a_scenario_error() -> None:
    from rulekit.errors import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        mtg.solve(mtg.load_scenario("seed/gnat-miser"), ruleset="modern")
    assert "ruleset" in str(exc.value)
