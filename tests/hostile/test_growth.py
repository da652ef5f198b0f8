"""Grow each family of costly boards until its budget refuses ("Done when": no input under 100 kB
takes more than 5 s or 500 MB in any command or explorer): K effects that make each other's type
(K² dependencies, the diagram), anthems over many objects (object changes, every output), long
names (text output), abilities granting abilities (effects made while solving), effects judged
again after every step (pairs judged for dependency), events in a history, the Apoteose chain
(response checks, events, cards), long and nested selectors, nesting, JSON output. Every size either
fits, with the work counted in units under the bound, or is refused with one located line at the
bound: never a hang, never a traceback. The bounds are lowered here so that the refusal is reached
in a few seconds; the units, not the clock, are asserted (seconds and peak memory are figures of
``benchmarks/bench_worst.py``)."""

from __future__ import annotations

import json
import resource
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from families import (
    SUBTYPES,
    anthems_over_long_names,
    autos_answering_steps,
    conditional_types_each_way,
    dot_items,
    each_makes_the_others_type,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solve_bounds import creatures, nested_grant, text_of

from rulekit import limits, mtg
from rulekit.apoteose import scenario as apo_scenario
from rulekit.errors import RulekitError
from rulekit.views import mtg as mv
from rulekit.views.jsonout import bounded_json
from rulekit.views.text import explain_text, solve_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from history import generate_power_history  # noqa: E402 (benchmarks/ is on the path now)

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@contextmanager
def bounds(**values: int) -> Iterator[None]:
    """The named bounds of rulekit.limits set to ``values`` inside, put back on the way out."""
    saved = {name: getattr(limits, name) for name in values}
    try:
        for name, value in values.items():
            setattr(limits, name, value)
        yield
    finally:
        for name, value in saved.items():
            setattr(limits, name, value)


def located(err: RulekitError, file: str) -> None:
    text = str(err)
    assert text.startswith(f"{file}:") and "\n" not in text and "Traceback" not in text
    assert err.code in ("OVER_BUDGET", "TOO_MANY", "TOO_LONG", "TOO_DEEP")


@SETTINGS
@given(k=st.integers(2, 30))
def test_k_squared_diagram_grows_until_the_budget_refuses(k: int) -> None:
    """Drawn in full (the readable size lifted), K² edges reach the diagram's budget: below it the
    units counted are the DOT's nodes and edges, at it one located refusal naming the bound."""
    trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(k), "k2.yaml"))
    most = 200
    with bounds(READABLE_DIAGRAM_NODES=10**6, READABLE_DIAGRAM_EDGES=10**6, MAX_DIAGRAM_ITEMS=most):
        with limits.budget(file="k2.yaml") as budget:
            try:
                dot = mv.dependency_dot(trace, legend=False)
            except limits.OverBudget as exc:
                located(exc, "k2.yaml")
                assert exc.n == most + 1 == budget.spent["diagram"] and f"{most:,}" in str(exc)
                assert k * (k - 1) + k > most  # refused only when the drawing really is that large
                return
        assert budget.spent["diagram"] == dot_items(dot)
        assert budget.spent["diagram"] <= most


@SETTINGS
@given(k=st.integers(2, 40))
def test_k_squared_diagram_in_proportion_never_refuses(k: int) -> None:
    """With the readable size in force the drawing stays small whatever K: the summary's units."""
    trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(k), "k2.yaml"))
    with limits.budget(file="k2.yaml") as budget:
        mv.dependency_dot(trace, legend=False)
    nodes, edges = mv.diagram_size(trace)
    assert budget.spent["diagram"] == nodes + edges or budget.spent["diagram"] <= 10
    assert budget.spent["diagram"] <= limits.READABLE_DIAGRAM_NODES + limits.READABLE_DIAGRAM_EDGES


@SETTINGS
@given(n=st.integers(1, 120), anthems=st.integers(0, 40))
def test_anthems_times_objects_grow_until_the_solve_refuses(n: int, anthems: int) -> None:
    """Object changes (anthems × creatures) are the solve's unit: over the bound, a located refusal."""
    most = 1_500
    with bounds(MAX_STEP_OBJECTS=most):
        try:
            trace = mtg.solve(mtg.scenario_from_text(anthems_over_long_names(n, anthems, 3), "wide.yaml"))
        except RulekitError as exc:
            located(exc, "wide.yaml")
            assert min(n, anthems) * n > most // 2
            return
    assert sum(len(s.objects) for s in trace.steps) <= most


@SETTINGS
@given(n=st.integers(1, 60), anthems=st.integers(1, 20), name_length=st.integers(1, 400))
def test_text_output_grows_until_it_is_cut(n: int, anthems: int, name_length: int) -> None:
    """The characters written are the text's unit: at most OUTPUT_FACTOR per byte of the file (the
    floor lowered here), then a located note, in the reader's language."""
    text = anthems_over_long_names(n, min(anthems, n), name_length)
    size = len(text.encode())
    trace = mtg.solve(mtg.scenario_from_text(text, "long.yaml"))
    with bounds(MIN_OUTPUT_CHARS=2_000):
        for render in (solve_text, explain_text):
            for lang in ("en", "pt-BR"):
                with limits.budget(file="long.yaml", input_bytes=size) as budget:
                    out = render(trace, lang)
                most = budget.most("chars")
                assert most == max(2_000, limits.OUTPUT_FACTOR * size)
                if len(out) > most:
                    body, note = out.rstrip("\n").rsplit("\n", 1)
                    assert len(body) <= most and note.startswith("long.yaml: ")
                    assert budget.spent["chars"] <= most
                else:
                    assert budget.spent["chars"] == len(out)


@SETTINGS
@given(depth=st.integers(0, 4), n=st.integers(1, 12))
def test_granted_grants_grow_until_the_solve_refuses(depth: int, n: int) -> None:
    """Effects made while solving (an ability granting an ability granting ...) are counted as they
    appear: past the bound, a located refusal naming the object."""
    with bounds(MAX_SOLVE_EFFECTS=500):
        try:
            trace = mtg.solve(mtg.scenario_from_text(text_of(creatures(n, nested_grant(depth))), "deep.yaml"))
        except RulekitError as exc:
            located(exc, "deep.yaml")
            assert n ** (depth + 1) > 50
            return
    assert len(trace.effects) <= 500


def test_memory_stays_bounded() -> None:
    """A sanity bound only (the process's peak, whatever ran before in it): far under 500 MB more
    than the interpreter with its libraries."""
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert peak_mb < 1_500


def test_each_family_reaches_its_refusal() -> None:
    """Grown step by step, each family is refused at its bound (not before, not never)."""
    with bounds(READABLE_DIAGRAM_NODES=10**6, READABLE_DIAGRAM_EDGES=10**6, MAX_DIAGRAM_ITEMS=200):
        spent = []
        for k in range(2, 40, 3):
            trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(k), "k2.yaml"))
            with limits.budget(file="k2.yaml") as budget:
                try:
                    mv.dependency_dot(trace, legend=False)
                except limits.OverBudget as exc:
                    located(exc, "k2.yaml")
                    break
                spent.append(budget.spent["diagram"])
        else:
            raise AssertionError("the diagram family was never refused")
        assert spent == sorted(spent) and spent[-1] <= 200 < k * k
    with bounds(MAX_STEP_OBJECTS=1_500):
        for n in range(10, 200, 10):
            try:
                mtg.solve(mtg.scenario_from_text(anthems_over_long_names(n, n // 2, 3), "wide.yaml"))
            except RulekitError as exc:
                located(exc, "wide.yaml")
                break
        else:
            raise AssertionError("the anthem family was never refused")
        assert n * (n // 2) > 1_500


# ----------------------------------------------------------------- the rest of the families
# Each family below is grown by hypothesis within 100 kB and either finishes with its units under
# the (lowered) bound or is refused with one located line at it. Memory and seconds are figures of
# ``benchmarks/bench_worst.py`` (every command and explorer on the worst of each family), never
# asserted here.


@SETTINGS
@given(k=st.integers(2, 40))
def test_dependency_pairs_grow_until_the_budget_refuses(k: int) -> None:
    """Effects that change what each other apply to, under a condition: every pair judged again after
    every step (613.8c). The work of judging them is the unit; past the bound, the object named."""
    most = 20_000
    text = conditional_types_each_way(k)
    assert len(text.encode()) < 100_000
    with bounds(MAX_PAIR_WORK=most), limits.budget() as budget:
        try:
            mtg.solve(mtg.scenario_from_text(text, "pairs.yaml"))
        except RulekitError as exc:
            located(exc, "pairs.yaml")
            assert ": objects[" in str(exc) and "613.8a" in str(exc)
            # refused before the pair that would cross it was judged: over by at most that pair
            assert most < budget.spent["pairs"] <= most + 1 + k + 1
            return
    assert budget.spent["pairs"] <= most


@SETTINGS
@given(n=st.integers(1, 60), creatures=st.integers(1, 30))
def test_history_events_grow_until_the_file_is_refused(n: int, creatures: int) -> None:
    """Resolved effects whose sets read power, each fixed from the game before it (611.2c): a history
    of N events is N prefix games. The events are counted when the file is read; every prefix
    game's pairs spend from the one call."""
    text = generate_power_history(n, creatures)
    with bounds(MAX_EVENTS=40), limits.budget() as budget:
        try:
            sc = mtg.scenario_from_text(text, "history.yaml")
        except RulekitError as exc:
            located(exc, "history.yaml")
            assert n > 40 and "events" in str(exc)
            return
        trace = mtg.solve(sc)
    assert n <= 40 and len(trace.steps) >= 1
    assert budget.spent.get("pairs", 0) <= limits.MAX_PAIR_WORK


@SETTINGS
@given(autos=st.integers(1, 30), steps=st.integers(1, 8))
def test_apoteose_responses_grow_until_the_budget_refuses(autos: int, steps: int) -> None:
    """Every window asks every Auto whether it answers: the checks are the unit, the card named."""
    most = 1_500
    with bounds(MAX_RESPONSE_CHECKS=most), limits.budget() as budget:
        try:
            trace = _chain(autos_answering_steps(autos, steps), "autos.yaml")
        except limits.OverBudget as exc:
            located(exc, "autos.yaml")
            assert exc.unit == "responses" and exc.n == most + 1 == budget.spent["responses"]
            assert "'v" in str(exc)
            return
    assert budget.spent["responses"] <= most and not trace.errors


@SETTINGS
@given(autos=st.integers(1, 12), steps=st.integers(1, 12))
def test_apoteose_chain_events_grow_until_the_budget_refuses(autos: int, steps: int) -> None:
    most = 150
    with bounds(MAX_CHAIN_EVENTS=most):
        try:
            trace = _chain(autos_answering_steps(autos, steps), "events.yaml")
        except limits.OverBudget as exc:
            located(exc, "events.yaml")
            assert exc.unit == "chain events" and exc.n == most + 1
            return
    assert len(trace.events) <= most


@SETTINGS
@given(n=st.integers(1, 60))
def test_apoteose_cards_grow_until_the_file_is_refused(n: int) -> None:
    with bounds(MAX_CARDS=30):
        try:
            apo_scenario.load_scenario_text(autos_answering_steps(n, 1), "cards.yaml")
        except RulekitError as exc:
            located(exc, "cards.yaml")
            assert n > 30 and "cards" in str(exc)
            return
    assert n <= 30


@SETTINGS
@given(length=st.integers(1, 3_000))
def test_long_names_grow_until_the_file_is_refused(length: int) -> None:
    """A name is a string of the file: longer than the bound, refused where it stands."""
    with bounds(MAX_STRING_CHARS=1_000):
        try:
            trace = mtg.solve(mtg.scenario_from_text(anthems_over_long_names(3, 1, length), "names.yaml"))
        except RulekitError as exc:
            located(exc, "names.yaml")
            assert length + 1 > 1_000 and "objects[0].name" in str(exc)
            return
    assert length + 1 <= 1_000 and len(trace.final) == 3


@SETTINGS
@given(terms=st.integers(1, 400))
def test_nested_selectors_grow_until_the_file_is_refused(terms: int) -> None:
    """A selector of many qualities ("non-Goblin non-Elf ... creatures") is read once per text, and
    a longer one than a string may be is refused where it stands."""
    sel = " ".join(f"non-{SUBTYPES[i % len(SUBTYPES)]}" for i in range(terms)) + " creatures"
    board = json.loads(anthems_over_long_names(20, 5, 3))
    for obj in board["objects"][:5]:
        obj["abilities"] = [{"text": "x", "static": {"affects": sel, "modify_pt": {"power": 1}}}]
    text = json.dumps(board)
    with bounds(MAX_STRING_CHARS=2_000), limits.budget() as budget:
        try:
            mtg.solve(mtg.scenario_from_text(text, "sel.yaml"))
        except RulekitError as exc:
            located(exc, "sel.yaml")
            assert len(sel) > 2_000 and "affects" in str(exc)
            return
    assert len(sel) <= 2_000 and budget.spent.get("pairs", 0) <= limits.MAX_PAIR_WORK


@SETTINGS
@given(depth=st.integers(1, 80))
def test_nesting_grows_until_the_file_is_refused(depth: int) -> None:
    doc: Any = 1
    for _ in range(depth):
        doc = [doc]
    text = json.dumps({"game": "mtg", "players": ["Ann"], "objects": [], "x": doc})
    with pytest.raises(RulekitError) as exc:  # too deep, or else an unknown key: located either way
        mtg.scenario_from_text(text, "deep.yaml")
    err = exc.value
    assert str(err).startswith("deep.yaml:") and "\n" not in str(err)
    if depth >= limits.MAX_DEPTH:
        assert err.code == "TOO_DEEP" and "nested" in str(err)
    elif depth < limits.MAX_DEPTH - 2:
        assert err.code == "UNKNOWN_KEY"


@SETTINGS
@given(n=st.integers(1, 60), anthems=st.integers(1, 20), name_length=st.integers(1, 200))
def test_json_output_grows_until_it_is_cut(n: int, anthems: int, name_length: int) -> None:
    """The JSON's characters are the text's unit: within the bound exactly json.dumps, beyond it
    one valid object ending with the "truncated" record, in the reader's language."""
    text = anthems_over_long_names(n, min(anthems, n), name_length)
    size = len(text.encode())
    trace = mtg.solve(mtg.scenario_from_text(text, "j.yaml"))
    with bounds(MIN_OUTPUT_CHARS=3_000, OUTPUT_FACTOR=2):
        with limits.budget(file="j.yaml", input_bytes=size) as budget:
            out = bounded_json(trace.to_json_dict(), "es", sort_keys=True)
        most = max(3_000, 2 * size)
    data = json.loads(out)
    assert len(out) <= most and budget.spent["chars"] == len(out)
    if "truncated" in data:
        assert len(trace.to_json()) > most - 2_100
        assert data["truncated"]["message"].startswith("j.yaml: ") and data["truncated"]["most"] == most
    else:
        assert out == trace.to_json()


def _chain(text: str, name: str) -> Any:
    from rulekit import apoteose

    return apoteose.run_chain(apo_scenario.load_scenario_text(text, name))
