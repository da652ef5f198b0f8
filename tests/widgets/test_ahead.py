"""Work ahead (rulekit.widgets.ahead): while the learner reads, the explorer last used prepares its likeliest
next clicks. It may only fill caches: the outputs are byte-identical with or without it, it sends no widget
message, a job that fails is dropped silently, a new callback replaces the plan, and a plan is bounded."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")


def _outputs(ex):
    return (ex.final_html.value, ex.layers_html.value, ex.diagram_html.value, ex.explain_html.value,
            ex.players_html.value, ex.legend_html.value, ex.deps_html.value, ex.board_html.value,
            ex.error.value)  # fmt: skip


@pytest.fixture
def ahead():
    from rulekit.widgets import ahead

    ahead.cancel()
    yield ahead
    ahead.cancel()


def _counting(monkeypatch):
    """Count the engine's solves and the diagrams drawn."""
    from rulekit import mtg
    from rulekit.widgets import _base, layers

    counts = {"solve": 0, "draw": 0}
    real_solve, real_draw = mtg.solve, layers.diagram_html

    def solve(*a, **k):
        counts["solve"] += 1
        return real_solve(*a, **k)

    def draw(*a, **k):
        counts["draw"] += 1
        return real_draw(*a, **k)

    monkeypatch.setattr(mtg, "solve", solve)
    monkeypatch.setattr(layers, "diagram_html", draw)
    monkeypatch.setattr(_base, "diagram_html", draw)
    return counts


def test_the_plan_runs_only_when_asked_without_an_event_loop(ahead):
    ran = []
    ahead.plan(lambda i=i: ran.append(i) for i in range(3))
    assert ran == []  # plain Python: nothing runs by itself
    assert ahead.drain() == 3 and ran == [0, 1, 2]
    assert ahead.drain() == 0


def test_a_failing_job_is_dropped_and_the_next_runs(ahead):
    ran = []

    def boom():
        raise ValueError("not for the learner")

    ahead.plan([boom, lambda: ran.append("next")])
    assert ahead.drain() == 2 and ran == ["next"]


def test_a_plan_is_bounded_and_a_new_plan_replaces_the_old(ahead, monkeypatch):
    from itertools import count

    monkeypatch.setattr(ahead, "MAX_JOBS", 5)
    ran = []
    ahead.plan(lambda i=i: ran.append(i) for i in count())  # endless: the bound stops it
    assert ahead.drain() == 5
    ahead.plan([lambda: ran.append("old")])
    ahead.plan([lambda: ran.append("new")])
    ahead.cancel()
    assert ahead.drain() == 0 and "old" not in ran and "new" not in ran


def test_on_a_running_loop_the_jobs_wait_for_quiet_then_run_one_a_turn(ahead, monkeypatch):
    monkeypatch.setattr(ahead, "QUIET_S", 0.02)
    ran = []

    async def main():
        ahead.plan([lambda: ran.append(1), lambda: ran.append(2)])
        await asyncio.sleep(0)
        assert ran == []  # not before QUIET_S
        await asyncio.sleep(0.1)
        assert ran == [1, 2]
        ahead.plan([lambda: ran.append(3)])
        ahead.plan([lambda: ran.append(4)])  # a callback came in: the older plan never runs
        await asyncio.sleep(0.1)

    asyncio.run(main())
    assert ran == [1, 2, 4]


def test_a_callback_hands_over_a_plan_and_an_error_none(ahead):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon")
    assert ahead.drain() > 0
    ex.move(+1, "no-such-effect")  # refused: its message shows, and nothing is prepared from it
    assert ex.last_exception is not None
    assert ahead.drain() == 0


@pytest.mark.parametrize("name", ["seed/humility-then-gideon", "classic/dependency-loop", "seed/blood-moon"])
def test_after_work_ahead_a_click_solves_and_draws_nothing_and_shows_what_it_would_have(
    ahead, monkeypatch, name
):
    from rulekit.widgets import LayerExplorer

    plain = LayerExplorer(name)  # its own caches only: never drained
    ex = LayerExplorer(name)
    ahead.drain()
    counts = _counting(monkeypatch)
    ahead.cancel()
    first = next(iter(ex.effect_boxes))
    clicks = [
        lambda e: setattr(e.effect_boxes[first], "value", False),
        lambda e: setattr(e.effect_boxes[first], "value", True),
        lambda e: e._move_row(0, +1),
        lambda e: e._move_row(1, -1),
        lambda e: setattr(e.ruleset, "value", "current"),
        lambda e: setattr(e.ruleset, "value", "seed"),
        lambda e: e.go(-1),
    ]
    for click in clicks:
        before = dict(counts)
        click(ex)
        assert counts == before, "prepared ahead: nothing solved or drawn"
        ahead.drain()  # what this click's plan prepares
        monkeypatch.undo()
        click(plain)
        counts = _counting(monkeypatch)
        assert _outputs(ex) == _outputs(plain)


def test_work_ahead_sends_no_widget_message(ahead, monkeypatch):
    import ipywidgets as w

    from rulekit.widgets import LayerExplorer

    LayerExplorer("classic/lattice-and-march", lang="pt-BR")
    sent = []
    real = w.Widget.send_state
    monkeypatch.setattr(w.Widget, "send_state", lambda self, key=None: sent.append(key) or real(self, key))
    assert ahead.drain() > 0
    assert sent == []


def test_a_variant_that_fails_is_left_for_the_click_that_asks_for_it(ahead, monkeypatch):
    from rulekit import mtg
    from rulekit.errors import RulekitError
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon")
    first = next(iter(ex.effect_boxes))
    real = mtg.solve

    def solve(sc, **k):
        if first in set(getattr(sc, "disabled", ())):
            raise RulekitError("too much work", code="BUDGET")
        return real(sc, **k)

    monkeypatch.setattr(mtg, "solve", solve)
    ahead.drain()
    assert ex.error.value == ""  # the failed job showed nothing
    ex.effect_boxes[first].value = False
    assert ex.last_exception is not None and "too much work" in ex.error.value


def _chain_outputs(ex):
    return (ex.status_html.value, ex.window_html.value, ex.stack_html.value, ex.diagram_html.value,
            ex.legend_html.value, ex.log_html.value, ex.heroes_html.value, ex.error.value,
            tuple(ex.response.options), ex.response.value, ex.event.value, ex.event.max)  # fmt: skip


def _chain_counting(monkeypatch):
    """Count the chain's replays and the diagrams drawn."""
    from rulekit.apoteose import session
    from rulekit.widgets import _base

    counts = {"replay": 0, "draw": 0}
    real_play, real_draw = session.ChainSession._play, _base.diagram_html

    def play(self, choices):
        counts["replay"] += 1
        return real_play(self, choices)

    def draw(*a, **k):
        counts["draw"] += 1
        return real_draw(*a, **k)

    monkeypatch.setattr(session.ChainSession, "_play", play)
    monkeypatch.setattr(_base, "diagram_html", draw)
    return counts


CHAINS = ["apoteose/nested-responses", "apoteose/truncated", "apoteose/priority-seven"]


@pytest.mark.parametrize("name", CHAINS)
def test_after_work_ahead_a_chain_click_replays_and_draws_nothing(ahead, monkeypatch, name):
    from rulekit.widgets import ChainExplorer

    plain = ChainExplorer(name)
    ex = ChainExplorer(name)
    ahead.drain()
    counts = _chain_counting(monkeypatch)
    ahead.cancel()
    clicks = [
        lambda e: e.response.options and setattr(e.response, "value", e.response.options[-1][1]),  # picked
        lambda e: e.choose(),
        lambda e: e.go(-1),
        lambda e: e.go(+1),
        lambda e: e.do_undo(),
        lambda e: e.choose(),
        lambda e: e.do_reset(),
        lambda e: e.run_to_end(),
        lambda e: e.go(-1),
    ]
    for click in clicks:
        before = dict(counts)
        click(ex)
        assert counts == before, "prepared ahead: nothing replayed or drawn"
        ahead.drain()
        monkeypatch.undo()
        click(plain)
        counts = _chain_counting(monkeypatch)
        assert _chain_outputs(ex) == _chain_outputs(plain)


def test_a_session_prepares_without_moving_and_keeps_a_bounded_number(monkeypatch):
    from rulekit.apoteose.session import ChainSession

    s = ChainSession("apoteose/nested-responses")
    first = (s.point, s.events, s.trace, list(s.choices))
    response = s.point.options[1].id
    trace, point = s.prepare([response])
    assert (s.point, s.events, s.trace, list(s.choices)) == first  # the session has not moved
    played = []
    real = ChainSession._play
    monkeypatch.setattr(ChainSession, "_play", lambda self, c: played.append(c) or real(self, c))
    s.choose(response)
    assert played == [] and s.point == point and s.so_far is trace
    s.undo()
    s.reset()
    assert played == []
    monkeypatch.setattr(ChainSession, "MAX_KEPT", 1)
    s.finish()  # more replays than kept: the oldest go
    assert len(s._kept) == 1 and () not in s._kept
    s.reset()
    assert played[-1] == ()  # no longer kept: replayed again


def test_a_sessions_stack_is_its_own(monkeypatch):
    from rulekit.apoteose.session import ChainSession

    s = ChainSession("apoteose/nested-responses")
    s.choose(s.point.options[1].id)
    s.stack[0]["card"] = "changed by a caller"
    s.undo()
    s.choose(s.point.options[1].id)  # the kept replay: its frames are not the caller's
    assert s.stack[0]["card"] != "changed by a caller"
