"""The speed-ups in front of the rules, behind one switch. Each is only a cache: switching them off
never changes a trace, only how long it takes (``tests/mtg/test_pruning.py`` compares the two on
random, built-in and benchmark boards).

:func:`accelerated` ``(False)`` solves by the counterfactual rule path alone, as far as the switch
reaches today:

* the read/write pruning in front of the 613.8a test (:data:`rulekit.mtg.engine.pruning.PRUNE`):
  every pair of effects is judged by the full test;
* verdicts kept between judgements and shared among effects alike
  (:data:`rulekit.mtg.engine.caches.CACHE_VERDICTS`): every pair is judged afresh after each step;
* objects alike treated alike (:data:`rulekit.mtg.engine.caches.GROUPS`): every selector tests
  every object, the 613.8a test looks at each object ``b`` changes, each object is applied to on
  its own (no shared apply path, :mod:`.apply`), and affected sets are selected again after a
  step instead of followed through its signature moves (``select.move_flips``);
* the history's savings (:data:`rulekit.mtg.engine.caches.PREFIX_SAVINGS`): the game before
  each event is solved in full (every sublayer, every effect, every lock) for every reader, never
  carried forward from the game before the event before (:mod:`.carry`).

Not behind the switch (always on): the memo tables of :mod:`.caches`, which store answers keyed by
the very objects they were computed for, and the signature numbers themselves.

>>> from rulekit.mtg import load_scenario, solve
>>> s = load_scenario("classic/dependency-loop")
>>> with accelerated(False):
...     plain = solve(s).to_json()
>>> plain == solve(s).to_json()
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rulekit import limits
from rulekit.mtg.engine import caches, pruning


def _flags() -> tuple[bool, bool, bool, bool]:
    return pruning.PRUNE, caches.CACHE_VERDICTS, caches.GROUPS, caches.PREFIX_SAVINGS


def _set(flags: tuple[bool, bool, bool, bool]) -> None:
    pruning.PRUNE, caches.CACHE_VERDICTS, caches.GROUPS, caches.PREFIX_SAVINGS = flags


def is_on() -> bool:
    """Whether every speed-up behind the switch is on."""
    return all(_flags())


def switch(on: bool) -> None:
    """Turn every speed-up behind the switch on or off (for the whole process)."""
    _set((bool(on),) * 4)


@contextmanager
def accelerated(on: bool) -> Iterator[None]:
    """Solve with the speed-ups on or off inside the ``with`` block; the previous setting comes
    back after it, even on an error. Off, every pair is judged afresh after every step, the check
    of the engine by its rule path (the project's own, never a reader's call): the bound on the
    work of judging pairs (:data:`rulekit.limits.MAX_PAIR_WORK`, which the speed-ups keep most boards
    far below) is lifted inside."""
    saved = _flags()
    switch(on)
    try:
        if on:
            yield
        else:
            with limits.lifted(("MAX_PAIR_WORK",)):
                yield
    finally:
        _set(saved)
