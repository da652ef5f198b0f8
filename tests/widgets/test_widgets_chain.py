"""ChainExplorer driven by setting ``.value`` / clicking: legal responses only, refused ones
with their reasons, the spotlight moving, undo and reset; never raises."""

from __future__ import annotations

import re

import pytest

apoteose = pytest.importorskip("rulekit.apoteose")
try:
    from rulekit.apoteose import ChainSession  # noqa: F401
except (ImportError, AttributeError):
    pytest.skip("the Apoteose ChainSession is not available yet", allow_module_level=True)

SCENARIO = "apoteose/nested-responses"


@pytest.fixture
def explorer():
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(SCENARIO)
    assert ex.error.value == "", ex.error.value
    assert ex.point is not None
    return ex


def _spotlight(html: str) -> str:
    m = re.search(r">★ (#\d+ \w+)", html)
    assert m, html
    return m.group(1)


def test_only_legal_responses_are_offered_and_refused_ones_say_why(explorer):
    offered = [value for _label, value in explorer.response.options]
    assert offered == [o.id for o in explorer.session.point.options]
    for refusal in explorer.session.point.refused:
        assert refusal.id not in offered
        assert refusal.reason.replace("'", "&#x27;") in explorer.window_html.value
    assert "halt" in explorer.window_html.value


def test_nested_responses_resolve_depth_first_and_the_spotlight_moves(explorer):
    """Seed «Encadeamento de Resposta»: each response goes in at N+1 and resolves first."""
    spots = [_spotlight(explorer.stack_html.value)]
    while explorer.point is not None:
        options = [v for _l, v in explorer.response.options if v != "pass"]
        explorer.response.value = options[0] if options else "pass"
        explorer.choose_button.click()
        assert explorer.error.value == ""
        if explorer.point is not None:
            spots.append(_spotlight(explorer.stack_html.value))
    # each chosen response went in at N+1 and took the spotlight
    assert [s.split()[0] for s in spots[:3]] == ["#0", "#1", "#2"]
    trace = explorer.trace
    from rulekit.views.chain import frames

    fs, _ = frames(trace)
    by_key = {f.key: f for f in fs}
    for f in fs:  # depth-first: every response resolved before the frame it answered
        if f.parent_key is not None and f.resolved_order is not None:
            parent_order = by_key[f.parent_key].resolved_order
            assert parent_order is not None, f"{f.parent_key} never resolved"
            assert f.resolved_order < parent_order
    assert "The chain is over" in explorer.window_html.value
    # walking back through the events moves the spotlight back down the stack
    first_remove = next(i for i, e in enumerate(trace.events) if e.event == "remove")
    removed = trace.events[first_remove]
    explorer.event.value = first_remove + 1  # the slider counts events from 1
    assert _spotlight(explorer.stack_html.value).startswith(f"#{removed.index - 1} ")
    assert "▶" in explorer.log_html.value
    assert "★" in explorer.diagram_html.value


def test_undo_and_reset(explorer):
    first = explorer.session.point.key
    legal = [v for _l, v in explorer.response.options if v != "pass"]
    explorer.choose(legal[0])
    assert explorer.session.point.key != first
    explorer.undo.click()
    assert explorer.session.point.key == first
    explorer.choose(legal[0])
    explorer.reset.click()
    assert explorer.session.point.key == first and explorer.session.choices == []


def test_illegal_choices_show_a_message(explorer):
    explorer.choose("bogus")
    assert "not a legal choice" in explorer.error.value
    refused = explorer.session.point.refused
    if refused:
        explorer.choose(refused[0].id)
        assert "cannot respond here" in explorer.error.value
    explorer.finish.click()
    assert explorer.point is None and explorer.error.value == ""
    explorer.choose("pass")
    assert "the chain is over" in explorer.error.value


def test_bad_scenario_shows_a_message():
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/no-such-scenario")
    assert "⚠" in ex.error.value
    ex.choose_button.click()  # nothing loaded: still no exception
    ex.undo.click()
    assert "⚠" in ex.error.value


def test_event_count_and_slider_agree(explorer):
    """Learner review: "Event 4 of 4" while the slider showed 3. Both count from 1 now."""
    explorer.run_to_end()
    n = len(explorer.trace.events)
    assert (explorer.event.min, explorer.event.max, explorer.event.value) == (1, n, n)
    assert f"Event {n} of {n}" in explorer.status_html.value
    explorer.event.value = 1
    status = explorer.status_html.value
    assert "Event 1 of" in status and explorer.trace.events[0].event in status
    explorer.next.click()
    assert explorer.event.value == 2 and f"Event 2 of {n}" in explorer.status_html.value
    rows = re.findall(r"▶ (\d+)", explorer.log_html.value)
    assert rows == ["2"]  # the log's highlighted row is the same event


def test_the_diagram_shows_resolved_only_after_the_resolution(explorer):
    """At a frame's resolve event it is resolving; "resolved 1st" appears only at a later event."""
    explorer.run_to_end()
    events = explorer.trace.events
    first = next(i for i, e in enumerate(events) if e.event == "resolve")
    explorer.event.value = first + 1  # at the first resolve event
    assert "resolving" in explorer.diagram_html.value
    assert "resolved 1st" not in explorer.diagram_html.value
    explorer.event.value = first  # before it: nothing resolved
    assert "resolved 1st" not in explorer.diagram_html.value
    explorer.event.value = len(events)  # at the end
    assert "resolved 1st" in explorer.diagram_html.value


def test_no_response_stays_clickable_once_the_chain_ended():
    from rulekit.widgets import ChainExplorer
    from rulekit.widgets._base import HIDDEN, WIDGET_CSS

    ex = ChainExplorer("apoteose/nested-responses")
    assert ex.response.options and not ex.response.disabled and HIDDEN not in ex.response._dom_classes
    ex.finish.click()
    assert ex.point is None and ex.response.options == ()
    assert ex.response.disabled and HIDDEN in ex.response._dom_classes and ex.choose_button.disabled
    assert f".{HIDDEN} {{display: none !important}}" in WIDGET_CSS  # the class hides it (not shown)
    ex.undo.click()  # a decision open again: the responses are back
    assert ex.response.options and not ex.response.disabled and HIDDEN not in ex.response._dom_classes
