"""Helpers for the MTG engine tests: load inline scenarios, look things up in a trace.

Expected values in the tests come from the seeds, the rules notes and the CR, never from the
engine's own output.
"""

from __future__ import annotations

import textwrap
from typing import Any

from rulekit import mtg


def scenario(text: str, file: str = "scenario.yaml") -> Any:
    return mtg.scenario_from_text(textwrap.dedent(text), file)


def solve_text(text: str, **kw: Any) -> mtg.Trace:
    return mtg.solve(scenario(text), **kw)


def pt(trace: mtg.Trace, oid: str) -> tuple[int | None, int | None]:
    v = trace.final[oid]
    return (v.power, v.toughness)


def deps(trace: mtg.Trace) -> set[tuple[str, str]]:
    return {(d.effect, d.depends_on) for d in trace.dependencies}


def order(trace: mtg.Trace, layer: str) -> list[str]:
    return [s.effect for s in trace.steps if s.layer == layer]


def step(trace: mtg.Trace, effect: str, layer: str) -> mtg.Step:
    found = [s for s in trace.steps if s.effect == effect and s.layer == layer]
    assert found, f"{effect} did not apply in layer {layer}: {[(s.effect, s.layer) for s in trace.steps]}"
    return found[0]
