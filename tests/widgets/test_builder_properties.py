"""Property test (hypothesis): random sequences of adds, removes, moves, resolutions, events, undos
and resets let no exception out of the BoardBuilder but its BuilderError (a refused call), a refused
change leaves the board as it was, and the exported file always reads back to the trace the builder shows."""

from __future__ import annotations

import contextlib

import pytest

pytest.importorskip("ipywidgets")
mtg = pytest.importorskip("rulekit.mtg")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rulekit.widgets.builder import BuilderError  # noqa: E402
from rulekit.widgets.builder_board import EVENT_KINDS  # noqa: E402

from .builder_util import assert_round_trip  # noqa: E402

CARDS = sorted(mtg.list_cards())
PLAYERS = [None, "Ann", "Bo", "Cleo"]
ZONES = ["battlefield"] * 4 + ["graveyard", "hand", "exile"]
EVENTS = list(EVENT_KINDS)  # every event the builder adds, from its own record

op = st.one_of(
    st.tuples(
        st.just("add"),
        st.sampled_from(CARDS),
        st.sampled_from(PLAYERS),
        st.sampled_from(ZONES),
        st.booleans(),
        st.integers(0, 2),
    ),
    st.tuples(
        st.just("resolve"), st.integers(0, 50), st.lists(st.integers(0, 50), max_size=2), st.integers(-1, 4)
    ),
    st.tuples(st.just("remove"), st.integers(0, 50)),
    st.tuples(st.just("move"), st.integers(0, 50), st.booleans()),
    st.tuples(st.just("event"), st.sampled_from(EVENTS), st.integers(0, 50), st.integers(0, 50)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("reset")),
    st.tuples(st.just("junk"), st.text(max_size=12)),
)


def _pick(items: list[str], i: int) -> str | None:
    return items[i % len(items)] if items else None


def _apply(b, step) -> None:
    with contextlib.suppress(BuilderError):  # a refused call raises it; the test checks the board after
        _step(b, step)


def _step(b, step) -> None:
    kind = step[0]
    ids = [str(o["id"]) for o in b.board.objects]
    handles = [v for _label, v in b.board_list.options]
    if kind == "add":
        _k, card, who, zone, tapped, counters = step
        b.add_card(card, who, zone, tapped=tapped, counters={"+1/+1": counters} if counters else {})
    elif kind == "resolve":
        _k, i, targets, x = step
        sources = [v for _label, v in b.ability.options if v]
        pick = _pick(sources, i)
        if pick is not None:
            _kind, source, key = pick
            tgt = [t for t in (_pick(ids, j) for j in targets) if t]
            b.add_resolution(source, key, targets=tgt, x=None if x < 0 else x)
    elif kind == "remove":
        h = _pick(handles, step[1])
        if h is not None:
            b.remove(h)
    elif kind == "move":
        h = _pick(handles, step[1])
        if h is not None:
            b.move(h, up=step[2])
    elif kind == "event":
        _k, ev, i, j = step
        b.add_event(ev, _pick(ids, i), _pick(ids, j) if ev == "attach" else None)
    elif kind == "undo":
        b.undo()
    elif kind == "reset":
        b.reset()
    else:  # junk through the API: names, handles and sources nobody has
        for call in (b.add_card, b.remove, b.move, b.add_resolution):
            with contextlib.suppress(BuilderError):
                call(step[1])


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(op, min_size=1, max_size=8))
def test_random_edits_never_raise_and_always_round_trip(steps):
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    for step in steps:
        before = b.to_yaml()
        _apply(b, step)  # raises nothing but a refusal
        if b.last_exception is not None:
            assert b.to_yaml() == before, f"{step} was refused but changed the board"
            assert "Unexpected problem" not in b.error.value, b.error.value
        assert_round_trip(b)
