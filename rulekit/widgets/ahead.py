"""Work ahead: while the learner reads, the explorer last used prepares what its likeliest next clicks show.

A click an explorer has seen before is answered from its caches (the solved trace, the tables, the drawn
diagram) in about a millisecond of kernel time; a click it has not seen solves the board and draws the
diagram, ten times that or more. A learner reads for seconds between two clicks, and the kernel is idle
all that time; a chess engine "ponders" on its opponent's time the same way. So after each callback
(:func:`rulekit.widgets._base.guarded`, once the outermost one returns) the explorer hands this module a
plan: small jobs, likeliest first (for the LayerExplorer: the previous step, each effect switched off or
on, the other ruleset, each pair of neighbouring timestamps swapped). They run on the kernel's own event
loop, one job per turn of the loop, only after :data:`QUIET_S` without a callback, and at most
:data:`MAX_JOBS` of them per plan: a new callback replaces the plan, and a job never runs beside one.

What a job may do: fill the explorer's caches. What it may not: change a widget, send a message, or let
an exception out (a board that cannot be solved is left for the click that asks for it, which shows its
message). So the outputs are byte-identical with or without work ahead; only the wait differs.

Without a running event loop (plain Python, the tests, the CLI) nothing runs ahead; :func:`drain` runs a
plan's jobs at once, for tests and benchmarks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

#: A job: one small unit of work ahead (a solve, or the outputs of one step).
Job = Callable[[], None]

#: How long after the last callback the first job may start (s): the browser shows the answer first.
QUIET_S = 0.1
#: The pause between two jobs (s), in which the kernel takes any message that has come in.
GAP_S = 0.005
#: At most this many jobs per plan (a bound on what one click can make the kernel do ahead).
MAX_JOBS = 40

_plan: Iterator[Job] | None = None
_serial = 0
_done = 0


def plan(jobs: Iterable[Job]) -> None:
    """Replace the plan with ``jobs`` (a lazy iterable is fine: it is read one job at a time) and, when a
    kernel's event loop is running, start it after :data:`QUIET_S`."""
    global _plan, _serial, _done
    _serial += 1
    _plan = iter(jobs)
    _done = 0
    loop = _running_loop()
    if loop is not None:
        loop.call_later(QUIET_S, _turn, _serial)


def cancel() -> None:
    """Drop the plan (nothing more runs ahead until the next :func:`plan`)."""
    global _plan, _serial
    _serial += 1
    _plan = None


def drain() -> int:
    """Run the current plan's remaining jobs now (tests, benchmarks); how many ran."""
    ran = 0
    while _run_one():
        ran += 1
    return ran


def _running_loop() -> Any:
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _turn(serial: int) -> None:
    """One turn: one job, then the next turn after :data:`GAP_S` (the plan's own, if still current)."""
    if serial != _serial:  # a newer plan (a callback came in): this one is over
        return
    loop = _running_loop()
    if loop is not None and _run_one():
        loop.call_later(GAP_S, _turn, serial)


def _run_one() -> bool:
    """Run the plan's next job; False when there is none (the plan is then dropped)."""
    global _plan, _done
    if _plan is None or _done >= MAX_JOBS:
        _plan = None
        return False
    job = next(_plan, None)
    if job is None:
        _plan = None
        return False
    _done += 1
    with contextlib.suppress(Exception):  # only a cache: the click that needs it shows its message
        job()
    return True
