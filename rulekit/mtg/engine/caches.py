"""The engine's caches, each only a cache: no rule lives here, and emptying any of them (or
switching :data:`CACHE_VERDICTS` off) never changes a trace, only how fast it is built.

* :data:`SIG_IDS`: an object's *signature* (what a selector can read of it) as a small number, so
  objects alike are tested once (``state.sig_of``). Never cleared: alike objects must always
  share one number while any state holds it. One entry per distinct combination seen.
* :data:`SYNC_MEMO`: 305.6 intrinsic abilities, per abilities tuple and basic land types.
* :data:`TEXTS`: the ability texts of an abilities tuple (alike objects share one tuple).
* :data:`SEL_READS`: what a selector reads (``select.selector_reads``).
* :data:`ALIKE_OK`: whether effects of one spec can share a verdict (``pair.alike_base``).
* :data:`OVERLAPS`: whether a read set and a write set meet (``pruning.overlaps``).
* :data:`WRITES`: what an effect part may write (``pruning.writes_of``).
* :data:`CACHE_VERDICTS`: keep 613.8a verdicts between judgements when nothing they were judged
  on changed (``dependency.Judge``); the tests switch it off and compare.
* :data:`GROUPS` and :data:`PREFIX_SAVINGS`: the signature groups and the history's savings, each
  a switch the tests turn off to compare (:mod:`rulekit.mtg.engine.accelerator`).

Tables keyed by ``id()`` keep the keyed object alive in the value, so an id is never reused
while its entry exists.
"""

from __future__ import annotations

import itertools
from typing import Any

#: Keep 613.8a verdicts between judgements (only a cache; the tests switch it off and compare).
CACHE_VERDICTS = True

#: Treat objects alike (one signature) alike: a selector tests one object per signature group, the
#: 613.8a test looks at one object per group and only at the objects a positional selector can
#: name, alike objects share one apply result, and affected sets are followed through a step's
#: signature moves instead of selected again (only a cache; the tests switch it off and compare).
GROUPS = True

#: The game's history solves a prefix only as deep as its reader reads, shares unchanged
#: prefixes, leaves out what acts deeper, locks each resolved effect once and carries the game
#: forward over ``resolve`` and ``end_of_turn`` events when exact (:mod:`rulekit.mtg.engine.history`,
#: :mod:`rulekit.mtg.engine.carry`; only a cache: switched off, every prefix is solved in full,
#: once per event).
PREFIX_SAVINGS = True

#: signature tuple -> number (only a cache, but never cleared: see the module docstring).
SIG_IDS: dict[tuple[Any, ...], int] = {}
SIG_COUNTER = itertools.count(1)

#: (abilities tuple id, basic land types) -> (that tuple, the synced tuple). Only a cache.
SYNC_MEMO: dict[tuple[int, tuple[str, ...]], tuple[Any, Any]] = {}
SYNC_MEMO_MAX = 20000

#: id(abilities tuple) -> (that tuple, its texts). Only a cache.
TEXTS: dict[int, tuple[Any, tuple[str, ...]]] = {}
TEXTS_MAX = 20000

#: id(selector) -> (that selector, its reads). Only a cache.
SEL_READS: dict[int, tuple[Any, frozenset[Any]]] = {}
SEL_READS_MAX = 5000

#: (id(spec), sublayer) -> (that spec, whether alike effects of it share verdicts). Only a cache.
ALIKE_OK: dict[tuple[int, str], tuple[Any, bool]] = {}
ALIKE_OK_MAX = 20000

#: (reads, writes) -> whether they meet (``pruning.overlaps``). Only a cache.
OVERLAPS: dict[tuple[frozenset[Any], frozenset[Any]], bool] = {}
OVERLAPS_MAX = 20000

#: (id(spec), sublayer) -> (that spec, what its part there may write). Only a cache.
WRITES: dict[tuple[int, str], tuple[Any, frozenset[Any]]] = {}
WRITES_MAX = 20000
