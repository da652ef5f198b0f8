"""The speed-ups in front of the rules, behind one switch. Each is only a cache: switching them off
never changes a trace, only how long it takes (``tests/mtg/test_pruning.py`` compares the two on
random, built-in and benchmark boards).

:func:`accelerated` ``(False)`` solves by the counterfactual rule path alone, as far as the switch
reaches today:

* the read/write pruning in front of the 613.8a test (:data:`rulekit.mtg.engine.pruning.PRUNE`):
  every pair of effects is judged by the full test;
* verdicts kept between judgements and shared among effects alike
  (:data:`rulekit.mtg.engine.caches.CACHE_VERDICTS`): every pair is judged afresh after each step.

Not behind the switch yet (always on; each compared with the rule path by its own tests): the
signature groups of the 613.8a test (:mod:`.groups`), the shared apply path and the set memo
(:mod:`.apply`), sets followed through a step's signature moves (``select.move_flips``), and the
memo tables of :mod:`.caches`.

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

from rulekit.mtg.engine import caches, pruning


def is_on() -> bool:
    """Whether every speed-up behind the switch is on."""
    return pruning.PRUNE and caches.CACHE_VERDICTS


def switch(on: bool) -> None:
    """Turn every speed-up behind the switch on or off (for the whole process)."""
    pruning.PRUNE = caches.CACHE_VERDICTS = bool(on)


@contextmanager
def accelerated(on: bool) -> Iterator[None]:
    """Solve with the speed-ups on or off inside the ``with`` block; the previous setting comes
    back after it, even on an error."""
    saved = pruning.PRUNE, caches.CACHE_VERDICTS
    switch(on)
    try:
        yield
    finally:
        pruning.PRUNE, caches.CACHE_VERDICTS = saved
