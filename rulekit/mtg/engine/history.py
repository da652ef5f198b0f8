"""The game's history: the layered game just before each event, computed once and only as deep
as it is read (611.2c, 611.2b, 608.2b).

A resolved effect fixes what it affects when it resolves (611.2c), its fixed values ("X is
fixed") and its legal targets (608.2b) against the game *as the layers have made it* just before
its ``resolve`` event; a "for as long as you control ..." duration reads who controls what then
too (611.2b). Each of those readers needs the scenario's first ``i`` events solved through the
layers. :class:`History` gives them that state with these rules, each keeping the answer exact:

* **Once per event.** The game before event ``i`` is the same inside every longer prefix, so one
  cache serves the top-level solve and every nested one: a board of ``N`` resolved effects makes
  at most ``N`` prefix solves, never one per lock per lock.
* **Only as deep as read** (613.1: each layer changes only its own characteristics). A reader
  that reads only types and control needs the layers up to 4; the sublayers after the last one
  that may write what it reads (:data:`MAY_WRITE`) are left out of its prefix solve, and so are
  the locks of effects that act only there.
* **Unchanged prefixes shared.** A ``resolve`` event whose effect acts only in sublayers after
  that depth changes nothing the reader sees (it neither moves objects nor ends durations), so
  the game before it serves the events after it as well; so does an ``end_of_turn`` event whose
  "until end of turn" effects (514.2) all act only after that depth.
* **Deeper answers shallower.** A game solved through more sublayers answers a reader of fewer:
  the sublayers after the reader's depth write nothing it reads (:data:`MAY_WRITE`). The layer
  loop asks for the 611.2c locks' games first (:func:`~rulekit.mtg.engine.locking.warm_locks`),
  so a 611.2b duration check finds its game already solved.
* **Carried forward** (613.1, 613.7, 514.2: :mod:`.carry`). The game before event ``i`` is
  carried, event by event, from the nearest earlier prefix solved at least as deep, when each
  event between may be carried over exactly by the rules there; else that prefix is solved.

The prefix solves themselves are made by the layer loop (:mod:`rulekit.mtg.engine.loop`), which
hands its solver to :class:`History`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from rulekit.mtg.codes import EventKind
from rulekit.mtg.engine import caches
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.select import ANY, EVERYTHING, Key
from rulekit.mtg.engine.state import State
from rulekit.mtg.model import SUBLAYERS, Scenario

#: The sublayers that change objects (613.1-613.4), in order; a depth counts them.
OBJECT_SUBLAYERS: tuple[str, ...] = tuple(s for s in SUBLAYERS if s not in ("players", "rules"))

_PT: frozenset[Key] = frozenset({("pt", ANY)})

#: What each object sublayer may ever write, by 613.1: copy and face-down values (layer 1) and
#: a text change (layer 3, which also gives "the full text of" another object) may change any
#: characteristic; the others only their own (control 2; types 4, with the abilities a land
#: loses and gains with its basic land types, 305.7; colours 5; abilities 6; power and toughness
#: 7a-7e). Keys as :func:`~rulekit.mtg.engine.select.read_keys`; a test checks them against every
#: library card's layer parts.
MAY_WRITE: dict[str, frozenset[Key]] = {
    "copy": EVERYTHING,
    "face_down": EVERYTHING,
    "control": frozenset({("controller", ANY)}),
    "text": EVERYTHING,
    "type": frozenset(
        {("types", ANY), ("subtypes", ANY), ("supertypes", ANY), ("abilities-", ANY), ("abilities+", ANY)}
    ),
    "color": frozenset({("colors", ANY)}),
    "abilities": frozenset({("abilities+", ANY), ("abilities-", ANY)}),
    "pt_cda": _PT,
    "pt_set": _PT,
    "pt_modify": _PT,
    "pt_counters": _PT,
    "pt_switch": _PT,
}
if tuple(MAY_WRITE) != OBJECT_SUBLAYERS:  # one entry per object sublayer, in order
    raise TypeError("rulekit.mtg.engine.history.MAY_WRITE must follow the object sublayers")

FULL = len(OBJECT_SUBLAYERS)
"""The depth of a whole solve (every object sublayer, then players and rules)."""


@lru_cache(maxsize=1024)
def depth_for(reads: frozenset[Key]) -> int:
    """How many object sublayers a reader of ``reads`` needs: up to the last one that may write
    something it reads (0: it reads nothing the layers change; :data:`FULL`: all of them).

    >>> depth_for(frozenset({("types", "Creature"), ("controller", "*")}))  # through layer 4
    5
    >>> depth_for(frozenset({("pt", "*")})) == FULL
    True
    """
    if not reads:
        return 0
    every = (ANY, ANY) in reads
    for i in range(FULL - 1, -1, -1):
        may = MAY_WRITE[OBJECT_SUBLAYERS[i]]
        if every or (ANY, ANY) in may or any((attr, ANY) in may for attr, _ in reads):
            return i + 1
    return 0


def first_sublayer(eff: Eff) -> int:
    """The position of the first object sublayer ``eff`` acts in (:data:`FULL` when none)."""
    return _first(eff.sublayers)


@lru_cache(maxsize=256)
def _first(sublayers: tuple[str, ...]) -> int:
    return min((OBJECT_SUBLAYERS.index(s) for s in sublayers if s in MAY_WRITE), default=FULL)


#: Carries the game before event ``i`` (its state, and what its solve left, ``Any``: a
#: :class:`~rulekit.mtg.engine.carry.Carried`) over event ``i`` when that is exact, giving the
#: game before event ``i + 1`` and what to carry on from it; ``None``: solve that prefix in full.
Forward = Callable[[int, State, Any, "History"], "tuple[State, Any] | None"]

#: Solves the scenario's first ``upto`` events (``None``: all of them) through ``depth`` object
#: sublayers, with this history, and returns the state it ends in.
Solver = Callable[[int | None, int, "History"], State]


class History:
    """The layered game before each event of one scenario, shared by a solve and every prefix
    solve it makes (see the module docstring for its rules).

    ``resolves`` maps the index of each ``resolve`` event to the effects it made, and of each
    ``end_of_turn`` event to the effects it ends (from the whole scenario's replay); ``solver``
    makes a prefix solve."""

    def __init__(self, scenario: Scenario, resolves: dict[int, list[Eff]], solver: Solver) -> None:
        self.scenario = scenario
        self.resolves = resolves
        self.solver = solver
        self.states: dict[tuple[int | None, int], State] = {}
        #: the effect each ``resolve`` event makes, by event index, as the prefix replays made
        #: it (:func:`~rulekit.mtg.engine.replay.compile_scenario` copies it in later ones)
        self.made: dict[int, Eff] = {}
        self._starts: dict[tuple[int, int], int] = {}
        self._deepest: dict[int | None, int] = {}
        #: depth -> the events that are their own shared start (:meth:`starts_between`)
        self._changes: dict[int, list[int]] = {}
        #: 611.2c, 608.2b: what each resolved effect fixed when it resolved, by (event index,
        #: effect id, its status before the lock, the depth read): the same in every prefix solve
        #: of this history (:func:`~rulekit.mtg.engine.locking.lock_sets`; only a cache)
        self.locks: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        #: how many prefix solves were made (for tests and benchmarks), and how many of them
        #: carried the game before them forward, event by event, from an earlier one (:mod:`.carry`)
        self.solves = 0
        self.forwards = 0
        #: carries a prefix over one ``resolve`` or ``end_of_turn`` event (set by the layer loop;
        #: ``None``: never)
        self.forward: Forward | None = None
        #: (upto, depth) -> what the solve of that prefix left to carry forward (only a cache)
        self.carried: dict[tuple[int, int], Any] = {}

    def shared_start(self, i: int, depth: int) -> int:
        """The earliest event index whose game is, through ``depth`` sublayers, the game before
        event ``i``: walks back over ``resolve`` events whose effects act only deeper, and over
        ``end_of_turn`` events that end only such effects."""
        key = (i, depth)
        start = self._starts.get(key)
        if start is None:
            start = self._starts[key] = self._walk_back(i, depth)
        return start

    def starts_between(self, lo: int, hi: int, depth: int) -> list[int]:
        """Events ``j`` of ``lo..hi-1`` whose games before them, through ``depth`` sublayers, are
        every different one there: ``lo`` and each later ``j`` that is its own
        :meth:`shared_start` (the event before it may change that game). Any other ``j`` shares
        the game before ``j - 1`` (the walk back passes event ``j - 1``), so it adds none."""
        if not caches.PREFIX_SAVINGS:
            return list(range(lo, hi))
        found = self._changes.get(depth)
        if found is None:
            # in order, so each walk back stops at the start found for the event before
            found = [j for j in range(1, len(self.scenario.events)) if self.shared_start(j, depth) == j]
            self._changes[depth] = found
        if lo >= hi:
            return []
        return [lo, *found[bisect_right(found, lo) : bisect_left(found, hi)]]

    def _walk_back(self, i: int, depth: int) -> int:
        events = self.scenario.events
        while i > 0:
            kind = events[i - 1].kind
            changed = self.resolves.get(i - 1)
            if kind == EventKind.RESOLVE and not changed:
                break  # an effect that made nothing is not looked into
            if kind not in (EventKind.RESOLVE, EventKind.END_OF_TURN):
                break
            if any(first_sublayer(e) < depth for e in changed or ()):
                break
            i -= 1
            known = self._starts.get((i, depth))
            if known is not None:
                return known  # the walk back from here, made before
        return i

    def before(self, i: int, depth: int = FULL) -> State:
        """The layered game just before event ``i``, through ``depth`` object sublayers."""
        if not caches.PREFIX_SAVINGS:
            return self._state(i, FULL)
        start = self.shared_start(i, depth)
        return self._state(start, depth)

    def now(self, depth: int = FULL) -> State:
        """The layered game after every event, through ``depth`` object sublayers (611.2b: has
        a duration ended by now?)."""
        return self._state(None, depth if caches.PREFIX_SAVINGS else FULL)

    def _state(self, upto: int | None, depth: int) -> State:
        # a game solved deeper answers this reader as well: the sublayers after ``depth`` write
        # nothing it reads (MAY_WRITE, 613.1)
        deepest = self._deepest.get(upto, -1)
        if deepest >= depth:
            return self.states[(upto, deepest)]
        self.solves += 1
        got = self._carry_forward(upto, depth)
        if got is None:
            state = self.solver(upto, depth, self)
        else:
            state, depth = got
            self.forwards += 1
        self.states[(upto, depth)] = state
        self._deepest[upto] = max(depth, self._deepest.get(upto, -1))
        return state

    def _carry_forward(self, upto: int | None, depth: int) -> tuple[State, int] | None:
        """The game before event ``upto`` carried forward, event by event, from the nearest
        earlier prefix solved at least ``depth`` deep whose solve left what to carry on from
        (:mod:`.carry`), with the depth it holds for; ``None`` when some event between cannot be
        carried over. The games before the events walked over are kept too (each is the game
        its own prefix solve gives, and a lock or duration checked on the way may read it)."""
        if not caches.PREFIX_SAVINGS or self.forward is None or upto is None or upto < 1:
            return None
        start = self._carry_start(upto, depth)
        if start is None:
            return None
        i, prev = start
        # carried on: what the game before carried is the next one's now (each prefix is made
        # once, so it is not carried from again)
        carried = self.carried.pop((i, prev))
        state = self.states[(i, prev)]
        while i < upto:
            got = self.forward(i, state, carried, self)
            if got is None:
                return None
            (state, carried), i = got, i + 1
            if i < upto and self._deepest.get(i, -1) < prev:
                self.states[(i, prev)] = state
                self._deepest[i] = prev
        self.carried[(upto, prev)] = carried
        return state, prev

    def _carry_start(self, upto: int, depth: int) -> tuple[int, int] | None:
        """The latest prefix before ``upto`` left to carry on from, solved at least ``depth``
        deep (the shallowest such solve of it), or ``None``."""
        best: tuple[int, int] | None = None
        for i, d in self.carried:
            if i < upto and d >= depth and (best is None or i > best[0] or (i == best[0] and d < best[1])):
                best = (i, d)
        return best
