"""The pruning in front of the 613.8a test (:mod:`rulekit.mtg.engine.dependency`): what an effect
part may write and what an effect reads, as ``(characteristic, value)`` pairs.

A pair of effects is judged only when something ``b`` may write (its layer part's
``LayerPart.writes``) meets something ``a`` reads (:func:`reads_of`: its existence, text,
affected set and parameters). :data:`PRUNE` switches this off, so every pair is judged by the
full counterfactual test; the property tests (tests/mtg/test_pruning.py) compare the two.
A pair that meets only through the dependent's own object (611.3b, :func:`only_through_its_object`)
is judged only while ``b`` applies to that object.
"""

from __future__ import annotations

from rulekit.mtg.engine import caches
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.effects import EXISTENCE_READS
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.select import ANY, EVERYTHING, Key, selector_reads

#: Judge only the pairs whose reads and writes meet. Switching it off judges every pair by the
#: full counterfactual test: the traces must be identical (tests/mtg/test_pruning.py).
PRUNE = True


def overlaps(reads: frozenset[Key], writes: frozenset[Key]) -> bool:
    """Whether something written may change something read (``*`` matches any value)."""
    if not PRUNE:
        return True
    if not reads or not writes:
        return False
    memo = caches.OVERLAPS
    key = (reads, writes)
    hit = memo.get(key)
    if hit is None:
        if len(memo) > caches.OVERLAPS_MAX:
            memo.clear()
        hit = memo[key] = _meet(reads, writes)
    return hit


def _meet(reads: frozenset[Key], writes: frozenset[Key]) -> bool:
    if (ANY, ANY) in writes or (ANY, ANY) in reads:
        return True
    for attr, value in reads:
        if (attr, value) in writes or (attr, ANY) in writes:
            return True
        if value == ANY and any(a == attr for a, _ in writes):
            return True
    return False


class ReadIndex:
    """Which of many read sets a write set :func:`overlaps`, without testing each pair: the read
    sets indexed by characteristic and value. ``meeting(writes)`` gives the positions of the
    read sets ``r`` with ``overlaps(r, writes)``, the same as testing each (only a cache)."""

    __slots__ = ("n", "every", "exact", "any_value", "by_attr", "nonempty")

    def __init__(self, reads: list[frozenset[Key]]) -> None:
        self.n = len(reads)
        self.every: set[int] = set()  # reads (*, *): met by any write
        self.exact: dict[Key, set[int]] = {}
        self.any_value: dict[str, set[int]] = {}  # reads (attr, *): met by any write of attr
        self.by_attr: dict[str, set[int]] = {}  # reads attr at all: met by a write (attr, *)
        self.nonempty: set[int] = set()
        for i, r in enumerate(reads):
            if not r:
                continue
            self.nonempty.add(i)
            for attr, value in r:
                if attr == ANY and value == ANY:
                    self.every.add(i)
                self.exact.setdefault((attr, value), set()).add(i)
                self.by_attr.setdefault(attr, set()).add(i)
                if value == ANY:
                    self.any_value.setdefault(attr, set()).add(i)

    def meeting(self, writes: frozenset[Key]) -> set[int]:
        if not PRUNE:
            return set(range(self.n))
        if not writes:
            return set()
        if (ANY, ANY) in writes:
            return set(self.nonempty)
        out = set(self.every)
        empty: set[int] = set()
        for attr, value in writes:
            if value == ANY:
                out |= self.by_attr.get(attr, empty)
            else:
                out |= self.exact.get((attr, value), empty)
                out |= self.any_value.get(attr, empty)
        return out


def writes_of(eff: Eff, sub: str) -> frozenset[Key]:
    """The ``(characteristic, value)`` pairs an effect part may change (its layer part's
    :meth:`~rulekit.mtg.engine.layers.base.LayerPart.writes`)."""
    spec = eff.spec
    assert spec is not None
    memo = caches.WRITES
    hit = memo.get((id(spec), sub))
    if hit is not None and hit[0] is spec:
        return hit[1]
    w = PARTS[sub].writes(spec)
    if len(memo) > caches.WRITES_MAX:
        memo.clear()
    memo[(id(spec), sub)] = (spec, w)  # the spec is kept alive, so its id is not reused
    return w


def reads_of(eff: Eff, sub: str, begun: bool, existence: bool = True) -> frozenset[Key]:
    """What an effect's existence, text, affected set and parameters read in this sublayer
    (without ``existence``: all but what its own object's ability read, :data:`EXISTENCE_READS`,
    for :func:`only_through_its_object`)."""
    spec = eff.spec
    assert spec is not None
    r: set[Key] = set()
    if not begun and eff.locked is None and eff.origin != "cda":
        if eff.origin == "static":
            if existence:
                r |= EXISTENCE_READS  # existence: only while its object has the ability (611.3b)
            if spec.condition is not None:
                r |= selector_reads(spec.condition.selector)
                r.add(("controller", ANY))
        r |= selector_reads(spec.affects)
    part = PARTS[sub]
    part_reads = part.reads_resolved(spec) if eff.origin == "resolved" else part.reads(spec)
    if part_reads == EVERYTHING:
        return EVERYTHING
    return frozenset(r | part_reads)


def only_through_its_object(
    reads: frozenset[Key], reads_without: frozenset[Key], writes: frozenset[Key]
) -> bool:
    """Whether what an effect part may write (``writes``) meets what a static effect ``a``
    reads (``reads``) only through its existence and text (611.3b: :data:`EXISTENCE_READS`,
    read of ``a``'s own object; ``reads_without``: the rest, ``reads_of(..., existence=False)``).
    Such a part changes nothing ``a`` reads unless it applies to ``a``'s object (613.8a): the
    pair is independent while ``a``'s object is not among the objects it applies to, and the
    dependency test (:class:`~rulekit.mtg.engine.dependency.Judge`) leaves it aside until it is.
    Never true for an effect that reads nothing through its object (the two sets are equal)."""
    return overlaps(reads, writes) and not overlaps(reads_without, writes)
