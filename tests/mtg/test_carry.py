"""The game carried forward event by event (:mod:`rulekit.mtg.engine.carry`) is only a cache: a
history whose 611.2c locks read power is solved with each prefix carried forward from the one
before, and its trace is byte-identical to the rule path's (the accelerator off, every prefix
solved in full); histories built to break each condition of the carry (an effect some other one
depends on, a later sublayer that reads or writes what it writes, counters, durations that end,
targets checked on resolution, objects that move) give the same traces too."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit import mtg
from rulekit.mtg.engine import history as history_module
from rulekit.mtg.engine.accelerator import accelerated


def _benchmark_history() -> Any:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "history.py"
    spec = importlib.util.spec_from_file_location("rulekit_benchmark_history_carry", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _histories(monkeypatch: pytest.MonkeyPatch) -> list[history_module.History]:
    """Every :class:`History` made from now on (to count its prefix games)."""
    made: list[history_module.History] = []
    init = history_module.History.__init__

    def keep(self: history_module.History, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(history_module.History, "__init__", keep)
    return made


def _same_both_ways(scenario: mtg.Scenario) -> None:
    for ruleset in ("seed", "current"):
        carried = mtg.solve(scenario, ruleset=ruleset).to_json()
        with accelerated(False):
            full = mtg.solve(scenario, ruleset=ruleset).to_json()
        assert carried == full, ruleset


def test_a_power_reading_history_is_carried_forward_and_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.2c: each effect's set ("creatures with power 1 or less you control") is fixed from the
    game just before it resolves; every prefix but the first is carried forward from the one
    before (one effect applied), and the trace equals the rule path's."""
    made = _histories(monkeypatch)
    text = _benchmark_history().generate_power_history(30, 14)
    scenario = mtg.scenario_from_text(text, "power-history.yaml")
    mtg.solve(scenario)
    history = made[0]
    assert history.solves == 30  # the game before each of the 30 events, once
    assert history.forwards == 29  # all but the first carried forward
    _same_both_ways(scenario)


def test_the_carried_history_reads_what_earlier_effects_did() -> None:
    """The sets really read the layered game: creature c0 (power 0, Ann's) gets +2/+0 from the
    first effect, so the third effect ("power 2 or greater you control": -1/+0) includes it."""
    text = _benchmark_history().generate_power_history(3, 4)
    trace = mtg.solve(mtg.scenario_from_text(text, "power-history.yaml"))
    sets = {step.effect: step.objects for step in trace.steps}
    assert "c0" in sets["e0"] and "c0" in sets["e2"]
    assert trace.final["c0"].power == 1


def test_an_anthem_that_reads_power_stops_the_carry(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a: "creatures with power 3 or greater get +1/+1" reads what the resolved effects write,
    in their sublayer (7c): each prefix is solved in full, and the trace is the same."""
    made = _histories(monkeypatch)
    doc = json.loads(_benchmark_history().generate_power_history(12, 10))
    doc["objects"].append(
        {
            "id": "lord",
            "name": "Lord",
            "types": ["Enchantment"],
            "controller": "Ann",
            "abilities": [
                {
                    "text": "Creatures with power 3 or greater get +1/+1.",
                    "static": {
                        "affects": "creatures with power 3 or greater",
                        "modify_pt": {"power": 1, "toughness": 1},
                    },
                }
            ],
        }
    )
    scenario = mtg.scenario_from_text(json.dumps(doc), "lord.yaml")
    mtg.solve(scenario)
    assert made[0].forwards == 0
    _same_both_ways(scenario)


#: resolved effects for the random histories: power-reading sets in 7c (carried), base P/T and a
#: switch (7b, 7e: a later sublayer writes or reads P/T), colours and abilities (layers 5 and 6),
#: control for as long as (611.2b), until end of turn (514.2), targets checked again (608.2b)
_POOL: tuple[dict[str, Any], ...] = (
    {"affects": "creatures with power 1 or less", "modify_pt": {"power": 2, "toughness": 0}},
    {"affects": "creatures with power 3 or greater you control", "modify_pt": {"power": -1, "toughness": 1}},
    {"affects": "creatures with power 2 or less your opponents control", "modify_pt": {"power": 1}},
    {"affects": "creatures with power 4 or greater", "set_pt": {"power": 1, "toughness": 1}},
    {"affects": "creatures with power less than 1", "switch_pt": True},
    {"affects": "creatures with power 2 or greater", "color": {"add": ["red"]}},
    {"affects": "red creatures", "modify_pt": {"power": -1, "toughness": 0}},
    {"affects": "creatures with power 3 or greater", "abilities": {"add": ["Flying"]}},
    {"affects": "creatures with flying", "modify_pt": {"power": 1, "toughness": 0}},
    {
        "affects": "creatures with power 2 or less",
        "modify_pt": {"power": 1, "toughness": 1},
        "duration": "until end of turn",
    },
    {"affects": "targets", "control": "you", "duration": "for as long as you control lord"},
    {
        "affects": "targets",
        "targets_must": "creature with power 2 or less",
        "modify_pt": {"power": 3, "toughness": 0},
    },
)


def _random_history(rng: random.Random, n: int) -> str:
    creatures = rng.randint(2, 7)
    objects: list[dict[str, Any]] = [
        {
            "id": f"c{k}",
            "name": f"Creature {k}",
            "types": ["Creature"],
            "power": rng.randint(0, 4),
            "toughness": rng.randint(1, 3),
            "controller": rng.choice(["Ann", "Bo"]),
        }
        for k in range(creatures)
    ]
    objects.append({"id": "lord", "name": "Lord", "types": ["Artifact"], "controller": "Ann"})
    objects.append(
        {"id": "spell", "name": "A spell", "types": ["Instant"], "controller": "Ann", "zone": "graveyard"}
    )
    ids = [f"c{k}" for k in range(creatures)]
    events: list[Any] = []
    for i in range(n):
        roll = rng.random()
        if roll < 0.75:
            spec = dict(rng.choice(_POOL))
            resolve: dict[str, Any] = {"source": "spell", "id": f"e{i}", "effect": spec}
            if spec["affects"] == "targets":
                resolve["targets"] = [rng.choice(ids)]
            events.append({"resolve": resolve})
        elif roll < 0.82:
            events.append("end_of_turn")
        elif roll < 0.88:
            events.append({"counters": {"object": rng.choice(ids), "kind": "+1/+1", "add": 1}})
        elif roll < 0.93:
            events.append({"tap": rng.choice(ids)})
        else:
            oid = rng.choice([*ids, "lord"])
            events.append({"leave": oid})
            events.append({"enter": oid})
    doc = {
        "game": "mtg",
        "name": "random-history",
        "players": ["Ann", "Bo"],
        "objects": objects,
        "events": events,
    }
    return json.dumps(doc)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(1, 24))
def test_random_histories_carried_forward_match_the_rule_path(seed: int, n: int) -> None:
    text = _random_history(random.Random(seed), n)
    _same_both_ways(mtg.scenario_from_text(text, "random-history.yaml"))


def test_random_histories_do_carry_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    """The random histories above do reach the carry (else they would test nothing of it)."""
    made = _histories(monkeypatch)
    for seed in range(12):
        mtg.solve(mtg.scenario_from_text(_random_history(random.Random(seed), 20), "r.yaml"))
    assert sum(h.forwards for h in made) > 20
    assert sum(h.solves - h.forwards for h in made) > 12  # and to the full prefix solves


@pytest.mark.parametrize("n", [8, 16, 24, 40, 64])
def test_the_mixed_history_is_carried_across_several_events_and_exact(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The benchmark's mixed history (types, abilities, colours, control for as long as, P/T,
    turn ends): the games its locks read are every few events apart, so each is carried from the
    nearest one solved before it, over the resolved effects that act deeper (613.1) and the turn
    ends that end only those (514.2); the traces equal the rule path's."""
    made = _histories(monkeypatch)
    text = _benchmark_history().generate_history(n)
    scenario = mtg.scenario_from_text(text, "history.yaml")
    mtg.solve(scenario)
    history = made[0]
    # all but the first prefix and the game now (611.2b): the lands' Swamp type (305.6: its
    # mana ability generates no effect) is carried over too
    assert history.solves - history.forwards == 2, (history.solves, history.forwards)
    _same_both_ways(scenario)


def test_a_turn_end_that_ends_an_effect_in_the_carried_game_is_solved_in_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """514.2: a turn end that ends an "until end of turn" effect acting within the depth solved
    changes that game: the prefix after it is not carried over it, and the trace is the same."""
    made = _histories(monkeypatch)
    events: list[Any] = []
    for i in range(6):
        spec: dict[str, Any] = {"affects": "creatures", "type": {"add": ["Artifact"]}}
        if i % 2:
            spec = {"affects": "artifacts", "color": {"add": ["red"]}, "duration": "until end of turn"}
        events.append({"resolve": {"source": "spell", "id": f"e{i}", "effect": spec}})
        events.append(
            {
                "resolve": {
                    "source": "spell",
                    "id": f"u{i}",
                    "effect": {
                        "affects": "red creatures",
                        "type": {"add": ["Goblin"]},
                        "duration": "until end of turn",
                    },
                }
            }
        )
        events.append("end_of_turn")
    doc = {
        "game": "mtg",
        "players": ["Ann", "Bo"],
        "objects": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "Ann"},
            {
                "id": "spell",
                "name": "A spell",
                "types": ["Instant"],
                "controller": "Ann",
                "zone": "graveyard",
            },
        ],
        "events": events,
    }
    scenario = mtg.scenario_from_text(json.dumps(doc), "turn-ends.yaml")
    mtg.solve(scenario)
    assert made[0].solves > made[0].forwards  # some turn end was not carried over
    _same_both_ways(scenario)


#: an effect that grants its creatures a static ability ("Creatures you control get +1/+1.",
#: 604.1: it generates an effect, in 7c) and one that grants a keyword (generates none)
_GRANTS_ANTHEM: dict[str, Any] = {
    "affects": "creatures with power 1 or less",
    "abilities": {
        "add": [
            {
                "text": "Creatures you control get +1/+1.",
                "static": {"affects": "creatures you control", "modify_pt": {"power": 1, "toughness": 1}},
            }
        ]
    },
}
_GRANTS_FLYING: dict[str, Any] = {
    "affects": "creatures with power 3 or greater",
    "abilities": {"add": ["Flying"]},
}


@pytest.mark.parametrize(("grant", "carried"), [(_GRANTS_ANTHEM, False), (_GRANTS_FLYING, True)])
def test_a_granted_ability_is_carried_only_when_it_generates_no_effect(
    grant: dict[str, Any], carried: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """604.1, 611.3: an effect that grants a static ability brings a new effect into the game (here
    in 7c, read by the later power-reading sets): the prefix after it is solved in full. A granted
    keyword brings none: it is carried over like any other. Both traces equal the rule path's."""
    made = _histories(monkeypatch)
    doc = json.loads(_benchmark_history().generate_power_history(12, 10))
    doc["events"][4]["resolve"]["effect"] = grant
    scenario = mtg.scenario_from_text(json.dumps(doc), "grant.yaml")
    mtg.solve(scenario)
    history = made[0]
    assert (history.forwards == history.solves - 1) is carried, (history.solves, history.forwards)
    _same_both_ways(scenario)
