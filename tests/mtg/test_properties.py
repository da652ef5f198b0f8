"""Property tests (hypothesis): random scenarios never crash (only ScenarioError), listing order
doesn't matter when timestamps are given, JSON is byte-identical across runs."""

from __future__ import annotations

import contextlib
import random

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit import mtg
from rulekit.errors import ScenarioError
from rulekit.mtg.generate import random_scenario_text

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
def test_random_library_scenarios_solve(seed: int, explicit: bool, events: bool) -> None:
    """Random boards from the library (with entries, resolutions, taps and end of turn): they solve,
    the trace replays to its final state, both editions agree, and editing never breaks them."""
    text = random_scenario_text(random.Random(seed), explicit_timestamps=explicit, events=events)
    s = mtg.scenario_from_text(text, "random.yaml")
    t = mtg.solve(s)
    assert t.state_after(len(t.steps)) == t.final
    assert mtg.solve(s, ruleset="current").final == t.final
    ids = [e["id"] for e in mtg.effects(s)]
    if len(ids) > 1:
        mtg.solve(mtg.with_order(s, list(reversed(ids))))
        mtg.solve(mtg.without(s, ids[:1]))


_word = st.sampled_from(["Creature", "Creture", "Land", "Goblin", "white", "blu", "x", "", "Artifact"])
_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=8), _word),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "card",
                    "name",
                    "types",
                    "affects",
                    "static",
                    "abilities",
                    "enter",
                    "resolve",
                    "source",
                    "ability",
                    "targets",
                    "controller",
                    "power",
                    "modify_pt",
                    "set_pt",
                    "text",
                    "counters",
                    "zone",
                    "timestamp",
                    "junk",
                ]
            ),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@SETTINGS
@given(st.lists(_value, max_size=4), st.lists(_value, max_size=3))
def test_garbage_gives_only_scenario_errors(objects: list, events: list) -> None:
    doc = {"game": "mtg", "players": ["Ann", "Bo"], "objects": objects, "events": events}
    text = yaml.safe_dump(doc)
    try:
        t = mtg.scenario_from_text(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.yaml")
        return
    with contextlib.suppress(ScenarioError):
        mtg.solve(t)


@SETTINGS
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_listing_order_does_not_matter_with_explicit_timestamps(seed: int, shuffle_seed: int) -> None:
    text = random_scenario_text(random.Random(seed), explicit_timestamps=True)
    data = yaml.safe_load(text)
    shuffled = dict(data)
    objs = list(data["objects"])
    random.Random(shuffle_seed).shuffle(objs)
    shuffled["objects"] = objs
    a = mtg.solve(mtg.scenario_from_text(text, "a.yaml"))
    b = mtg.solve(mtg.scenario_from_text(yaml.safe_dump(shuffled), "a.yaml"))
    assert a.to_json() == b.to_json()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_json_is_byte_identical_across_runs(seed: int) -> None:
    text = random_scenario_text(random.Random(seed))
    runs = {mtg.solve(mtg.scenario_from_text(text, "r.yaml")).to_json() for _ in range(3)}
    assert len(runs) == 1


def test_board_json_is_byte_identical_across_runs() -> None:
    from rulekit.mtg.generate import board

    s = board(200, 40, seed=7)
    assert mtg.solve(s).to_json() == mtg.solve(s).to_json()
