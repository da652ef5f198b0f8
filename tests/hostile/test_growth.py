"""Grow each family of costly boards until its budget refuses ("Done when"): K effects
that make each other's type (K² dependencies, the diagram), anthems over many objects (object
changes, every output), long names (text output), abilities granting abilities (effects made while
solving). Every size either fits, with the work counted in units under the bound, or is refused
with one located line at the bound: never a hang, never a traceback. The bounds are lowered here so
that the refusal is reached in a few seconds; the units, not the clock, are asserted (a memory
figure is checked only as a generous sanity bound)."""

from __future__ import annotations

import resource
from collections.abc import Iterator
from contextlib import contextmanager

from families import anthems_over_long_names, dot_items, each_makes_the_others_type
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solve_bounds import creatures, nested_grant, text_of

from rulekit import limits, mtg
from rulekit.errors import RulekitError
from rulekit.views import mtg as mv
from rulekit.views.text import explain_text, solve_text

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
    assert err.code in ("OVER_BUDGET", "TOO_MANY")


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
