"""Rich display and the light-import promise; real engine traces through every view."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

from rulekit.views import render as rv


def test_importing_views_and_widgets_is_light():
    code = (
        "import sys, rulekit, rulekit.views, rulekit.widgets, rulekit.views.commands\n"
        "print(sorted(m for m in ('pandas', 'graphviz', 'ipywidgets', 'wasmtime') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_reports_display_themselves(mtg_trace, chain_trace):
    from rulekit.views import ChainReport, DependencyGraph, LayerReport, show

    report = show(mtg_trace)
    assert isinstance(report, LayerReport)
    html = report._repr_html_()
    assert "Final characteristics" in html and "Layer table" in html and "Dependencies" in html
    assert repr(report) == "<LayerReport 'handmade/humility-gideon' ruleset=seed: 5 steps>"
    graph = DependencyGraph(mtg_trace)
    assert repr(graph) == "<DependencyGraph 'handmade/humility-gideon': 4 effects, 2 dependencies, 1 loops>"
    svg = graph._repr_svg_()
    assert (svg is None) == (rv.choose_backend() == "text")
    chain = show(chain_trace)
    assert isinstance(chain, ChainReport)
    assert repr(chain) == "<ChainReport 'handmade/chain': 13 events, resolved 2>"
    assert "Resolution order" in chain._repr_html_() and "escudo, pocao" in chain.to_text()
    for obj in (report, graph, chain):
        assert not re.search(r"0x[0-9a-f]{6,}", repr(obj))
    with pytest.raises(TypeError):
        show(42)


def test_reports_are_deterministic(mtg_trace, chain_trace, trace_makers):
    from rulekit.views import show

    make_mtg, make_chain = trace_makers
    assert show(mtg_trace)._repr_html_() == show(make_mtg())._repr_html_()
    assert show(chain_trace)._repr_html_() == show(make_chain())._repr_html_()


def test_save(tmp_path, mtg_trace):
    from rulekit.views import DependencyGraph

    g = DependencyGraph(mtg_trace)
    assert g.save(str(tmp_path / "g.dot")) == "dot-text"
    assert (tmp_path / "g.dot").read_text().startswith("// rulekit dependency diagram")
    if rv.choose_backend() != "text":
        assert g.save(str(tmp_path / "g.svg")) in ("dot", "wasm")


# ------------------------------------------------------------------ real engine traces
def _engine():
    mtg = pytest.importorskip("rulekit.mtg")
    if not hasattr(mtg, "solve"):
        pytest.skip("the MTG engine is not available yet")
    return mtg


def test_real_loop_is_outlined(svg_backend):
    """classic/dependency-loop: the engine finds a loop; the diagram outlines it on every backend."""
    from rulekit.views import mtg as mv

    trace = _engine().solve("classic/dependency-loop")
    assert trace.loops, "the scenario is expected to contain a dependency loop"
    svg = rv.render(mv.dependency_dot(trace), backend=svg_backend).svg
    titles = {html.unescape(t) for t in re.findall(r"<title>(.*?)</title>", svg)}
    assert "cluster_loop_0" in titles
    members = trace.loops[0]
    layer = next(d.layer for d in trace.dependencies if d.effect in members)
    for eid in members:
        assert f"{eid}@{layer}" in titles
    for d in trace.dependencies:
        assert f"{d.effect}@{d.layer}->{d.depends_on}@{d.layer}" in titles


def test_every_builtin_mtg_scenario_renders_everything():
    from rulekit.views import mtg as mv

    mtg = _engine()
    for name in mtg.list_scenarios():
        trace = mtg.solve(name)
        for table in (
            mv.final_table(trace),
            mv.layer_table(trace),
            mv.dependency_table(trace),
            mv.loop_table(trace),
            mv.players_table(trace),
            mv.layer_flow_table(trace),
        ):
            assert table.to_text() and table.to_html()
        assert len(mv.final_table(trace).rows) == len(trace.final)
        assert len(mv.layer_table(trace).rows) == len(trace.steps)
        assert mv.dependency_dot(trace) == mv.dependency_dot(mtg.solve(name))
        mv.layer_flow_dot(trace)
        for k in range(len(trace.steps) + 1):
            assert mv.explain_step(trace, k)


def test_every_builtin_apoteose_scenario_renders_everything():
    apoteose = pytest.importorskip("rulekit.apoteose")
    from rulekit.views import chain as cv

    names = apoteose.list_scenarios()
    assert names
    for name in names:
        trace = apoteose.run_chain(apoteose.load_scenario(name))
        assert len(cv.chain_log_table(trace).rows) == len(trace.events)
        assert cv.chain_dot(trace) == cv.chain_dot(apoteose.run_chain(apoteose.load_scenario(name)))
        for k in range(len(trace.events)):
            cv.stack_text(trace, k)


def test_show_a_scenario_by_name():
    from rulekit.views import ChainReport, LayerReport, show

    _engine()
    report = show("seed/humility-then-gideon")
    assert isinstance(report, LayerReport) and report.trace.final["gideon"].pt == "5/5"
    assert "Layer flow" in report.flow.dot
    assert isinstance(show("apoteose/nested-responses"), ChainReport)
