"""Dependency (CR 613.8a, 613.8c): the counterfactual test and judging again after every step.

* 613.8a: effect A depends on effect B if applying B would change A's existence, its text, what
  it applies to, or what it does to what it applies to; and both apply in the same layer or
  sublayer, and A is not a CDA (:func:`~rulekit.mtg.engine.pair.judge_pair`, decided by applying
  B to a fork of the state, :class:`~rulekit.mtg.engine.whatif.WhatIf`; never by per-card tags).
* Pruning: a pair is judged only when something B may write (``LayerPart.writes``) meets
  something A reads (:mod:`.pruning`); ``pruning.PRUNE`` switches this off (every pair judged by
  the full counterfactual test; the property tests compare).
* 613.8b: A is applied after B; if every remaining effect waits on another (a loop), dependency
  is ignored and the earliest timestamp goes first (:mod:`.order`).
* 613.8c: after each applied effect, dependencies are judged again (:class:`Judge`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from operator import itemgetter
from typing import Any, NamedTuple

from rulekit.mtg.engine import caches
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.groups import GroupPool
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.layers.control import CONTROLLER
from rulekit.mtg.engine.pair import DepResult, alike_base, as_alike, as_alike_of, judge_pair
from rulekit.mtg.engine.pruning import ReadIndex, only_through_its_object, overlaps, reads_of, writes_of
from rulekit.mtg.engine.select import Key, selector_reads
from rulekit.mtg.engine.state import Moves, State, sig_of
from rulekit.mtg.engine.whatif import NO_SIGNATURES, Flips, WhatIf
from rulekit.mtg.trace import Dependency

_FIRST = itemgetter(0)


class Delta(NamedTuple):
    """How a stale affected set changed in one step (:meth:`Judge.applied`): the objects that
    came and went, and, when the set was followed through the step's signature moves
    (:func:`~rulekit.mtg.engine.select.reselect`), one object of each signature that came and the
    signatures the objects that went had before the step (``None``: found from the objects)."""

    came: frozenset[str]
    went: frozenset[str]
    came_sigs: dict[int, str] | None = None
    went_sigs: set[int] | None = None


class Row:
    """The dependencies on one effect at a judgement (:meth:`Judge.judge`), in the dependents'
    timestamp order. A row is kept as one object while its verdicts stand, with what the loop and
    the trace derive from it (the dependents, the trace objects), so a step costs what changed,
    not every dependency again. Only a cache of the dependencies it lists."""

    __slots__ = ("on", "deps", "_dependents", "recorded")

    def __init__(self, on: str, deps: list[DepResult]) -> None:
        self.on, self.deps = on, deps
        self._dependents: frozenset[str] | None = None
        #: the trace form of ``deps`` (set by :func:`rulekit.mtg.engine.record.record_step`)
        self.recorded: tuple[Dependency, ...] | None = None

    def dependents(self) -> frozenset[str]:
        """The effects that depend on ``on``."""
        if self._dependents is None:
            self._dependents = frozenset([r.effect for r in self.deps])
        return self._dependents


def all_deps(rows: list[Row]) -> list[DepResult]:
    """Every dependency of a judgement, rows in order."""
    return [r for row in rows for r in row.deps]


_UNJUDGED: Any = object()  # no cached verdict (None is a verdict: independent)
_UNSEEN: Any = object()  # a dependent not looked up yet in this judgement (``Judge.judge``)
#: a kept verdict to be judged again, its place in the indexes kept (:meth:`Judge._soften`)
_STALE: Any = object()
#: stand-in for a signature not judged yet (flips are -1, 0 and 1): equal to no flip
_NO_OLD = 2


class Judge:
    """613.8a among the effects not yet applied in one sublayer, against the current state,
    judged again after every applied effect (613.8c).

    Pairs are pruned with read/write sets derived from the effect data (``b`` changes nothing
    ``a`` reads -> independent); the rest are decided counterfactually (:func:`judge_pair`).
    A pair's verdict is kept until an applied effect changes an object it was judged on (``b``'s
    objects, either source) -- a cache, never a rule: the verdict is the one judging it again
    would give. 613.8a(c): CDAs never take part (they are applied first, see ``loop.run_sublayer``).
    """

    def __init__(
        self,
        sub: str,
        state: State,
        begun: dict[str, tuple[str, ...]],
        names: dict[str, str],
        spend: Callable[[Eff, int], None] | None = None,
    ) -> None:
        self.sub, self.state, self.begun, self.names = sub, state, begun, names
        #: counts the work of each pair judged against ``b`` (one, and one for each of ``b``'s
        #: objects) against the call's budget (:meth:`rulekit.mtg.engine.record.Run.judged`)
        self.spend = spend
        self.pairs: dict[tuple[str, int, str, int], DepResult | None] = {}
        #: kept verdict -> the signature flip table it was decided by, when it was decided by
        #: signature groups alone (:func:`judge_pair`; only a cache)
        self.flips_of: dict[tuple[str, int, str, int], dict[int, int]] = {}
        self.whatifs: dict[str, WhatIf] = {}
        self.objsets: dict[str, frozenset[str]] = {}
        #: (b, its spec) -> the effects whose reads b's writes overlap (derived once per sublayer)
        self.candidates: dict[tuple[str, int], list[tuple[str, int]]] = {}
        #: every effect's reads, indexed (built with ``candidates``, cleared with it; only a cache)
        self._read_index: ReadIndex | None = None
        self.all_effects: list[Eff] = []
        #: kept verdicts, indexed by the dependent's effect id (only a cache; by the other
        #: effect's: :meth:`of_b`)
        self.by_a: defaultdict[str, set[tuple[str, int, str, int]]] = defaultdict(set)
        #: the kept verdicts decided by signature groups, by b and flip table (id -> the table and
        #: its verdicts), and the others by each side (only caches: :meth:`applied` checks a
        #: flip table once for all the verdicts it decided)
        self.by_table: dict[str, dict[int, tuple[dict[int, int], set[tuple[str, int, str, int]]]]] = {}
        self.plain_a: defaultdict[str, set[tuple[str, int, str, int]]] = defaultdict(set)
        self.plain_b: defaultdict[str, set[tuple[str, int, str, int]]] = defaultdict(set)
        #: (b, a) -> the kept verdict that a depends on b (with its key)
        self.found: dict[str, dict[str, tuple[tuple[str, int, str, int], DepResult]]] = {}
        #: b -> its kept dependencies in the dependents' timestamp order (only a cache of ``found``)
        self.rows: dict[str, Row] = {}
        #: the effects pending at the last judgement (an effect applied since leaves ``found``)
        self.last_pending: set[str] = set()
        #: b -> the candidate effects a whose verdict against b is not kept (to judge); the value
        #: is True for a known candidate, None when its reads must be checked again (text changed)
        self.todo: dict[str, dict[str, bool | None]] | None = None
        #: effect id -> id of its spec at the last judgement (a changed text is judged again)
        self.spec_seen: dict[str, int] = {}
        #: b -> its objects grouped by signature, kept current, one groups object for the effects
        #: whose sets name the same objects (only a cache)
        self.object_groups = GroupPool()
        self._reads: dict[tuple[int, int, bool], frozenset[Key]] = {}
        #: (a's spec, begun, unlocked, b's spec) -> (the two specs, :func:`only_through_its_object`)
        #: (only a cache)
        self._through_memo: dict[tuple[int, bool, bool, int], tuple[Any, Any, bool]] = {}
        #: (b, its spec) -> its candidates split (:meth:`split_of`; cleared with ``candidates``)
        self._split: dict[tuple[str, int], tuple[list[str], dict[str, list[str]]]] = {}
        self._writes: dict[tuple[int, int], frozenset[Key]] = {}
        #: id(spec) -> (that spec, whether its verdicts may be kept) (:meth:`_cacheable`; only
        #: a cache)
        self._cacheable_specs: dict[int, tuple[Any, bool]] = {}
        #: b -> (b, its spec, its results on alike objects) (:meth:`alike_results`; only a cache)
        self._alike: dict[str, tuple[Eff, Any, dict[Any, tuple[Any, Any]]]] = {}
        #: effect id -> (its spec, :func:`alike_base`) (:meth:`alike_base`; only a cache)
        self._alike_base: dict[str, tuple[Any, tuple[Any, ...] | None]] = {}
        #: whether some pair may depend (:meth:`may_depend`; only a cache, reset by :meth:`add`)
        self._may: bool | None = None
        #: every effect of the sublayer by id (:meth:`_by_id`; only a cache)
        self._effects_by_id: dict[str, Eff] | None = None

    def may_depend(self, pending: list[Eff]) -> bool:
        """Whether some pending effect's reads meet another pending effect's writes. When none
        do, every pair is independent (the pruning's rule, :func:`overlaps`) and the sublayer
        applies in timestamp order without judging. Kept for the sublayer (pending only
        shrinks) except in layer 3, where an applied text change can change what an effect
        reads and writes (613.8a there too): there it is asked afresh, after :meth:`judge`."""
        if self._may is not None:
            return self._may
        if self.sub == "text":
            return True
        ids = {e.id for e in pending}
        self._may = any(a in ids for b in pending for a, _ in self.candidates_of(b))
        return self._may

    def reads(self, a: Eff) -> frozenset[Key]:
        """:func:`reads_of` ``a`` in this sublayer (derived once per effect, text and begun-ness)."""
        begun = a.id in self.begun
        key = (id(a), id(a.spec), begun)
        r = self._reads.get(key)
        if r is None:
            r = self._reads[key] = reads_of(a, self.sub, begun)
        return r

    def split_of(self, b: Eff) -> tuple[list[str], dict[str, list[str]]]:
        """``b``'s candidates (:meth:`candidates_of`) in two: those judged whenever their
        verdict is not kept, and, by object, the static effects whose reads ``b``'s writes meet
        only through that object (:func:`only_through_its_object`): each pair is independent,
        and left aside, while ``b`` does not apply to the object (613.8a; its todo gains them
        when ``b``'s set does, :meth:`_wake`). Derived once per ``b`` and its text."""
        ckey = (b.id, id(b.spec))
        got = self._split.get(ckey)
        if got is None:
            by_id = self._by_id()
            w = self.writes(b)
            memo = self._through_memo
            b_spec, begun = id(b.spec), self.begun
            plain: list[str] = []
            through: dict[str, list[str]] = {}
            for a_id, a_spec in self.candidates_of(b):
                a = by_id[a_id]
                if a.origin != "static" or a.source is None:
                    plain.append(a_id)
                    continue
                # what a static effect reads is its text's, begun or not: asked once per pair of
                # texts (copies of one card share theirs)
                mkey = (a_spec, a_id in begun, a.locked is None, b_spec)
                hit = memo.get(mkey)
                if hit is None or hit[0] is not a.spec or hit[1] is not b.spec:
                    # the two specs kept in the value, so that neither id is reused meanwhile
                    hit = memo[mkey] = (a.spec, b.spec, self._through(a, w))
                if hit[2]:
                    through.setdefault(a.source, []).append(a_id)
                else:
                    plain.append(a_id)
            got = self._split[ckey] = (plain, through)
        return got

    def _through(self, a: Eff, w: frozenset[Key]) -> bool:
        """:func:`only_through_its_object` for ``a`` against what ``b`` may write (``w``)."""
        begun = a.id in self.begun
        without = reads_of(a, self.sub, begun, existence=False)
        return only_through_its_object(self.reads(a), without, w)

    def _by_id(self) -> dict[str, Eff]:
        """Every effect of the sublayer by id (only a cache, emptied by :meth:`add`)."""
        if self._effects_by_id is None:
            self._effects_by_id = {e.id: e for e in self.all_effects}
        return self._effects_by_id

    def _todo_of(self, b: Eff, ids_b: tuple[str, ...]) -> dict[str, bool | None]:
        """``b``'s first todo: its candidates, but the pairs left aside (:meth:`split_of`) whose
        object ``b`` does not apply to now."""
        plain, through = self.split_of(b)
        todo: dict[str, bool | None] = dict.fromkeys(plain, True)
        if through and ids_b:  # (an empty set gains objects in a step: :meth:`_wake`)
            idset = self.object_groups.for_effect(b.id, ids_b, self.state).idset
            for src, effs in through.items():
                if src in idset:
                    todo.update(dict.fromkeys(effs, True))
        return todo

    def writes(self, b: Eff) -> frozenset[Key]:
        """:func:`writes_of` ``b`` in this sublayer (derived once per effect and text)."""
        key = (id(b), id(b.spec))
        w = self._writes.get(key)
        if w is None:
            w = self._writes[key] = writes_of(b, self.sub)
        return w

    def alike_results(self, b: Eff) -> dict[Any, tuple[Any, Any]] | None:
        """``b``'s results on alike objects (:attr:`WhatIf.alike`), kept for the sublayer while
        ``b`` and its text are the same; ``None`` for a part that takes parameters."""
        part = PARTS[self.sub]
        if part.shared is None or part.uses_params(b.spec):
            return None
        got = self._alike.get(b.id)
        if got is None or got[0] is not b or got[1] is not b.spec:
            got = self._alike[b.id] = (b, b.spec, {})
        return got[2]

    def alike_base(self, a: Eff) -> tuple[Any, ...] | None:
        """:func:`alike_base` of ``a``, kept while its text stays (outside layer 2, nothing in
        a sublayer changes "you", and a pending effect does not begin; only a cache)."""
        if self.sub == "control":
            return alike_base(a, self.sub, self.state, self.begun)
        got = self._alike_base.get(a.id)
        if got is None or got[0] is not a.spec:
            got = self._alike_base[a.id] = (a.spec, alike_base(a, self.sub, self.state, self.begun))
        return got[1]

    def _cacheable(self, a: Eff) -> bool:
        """Whether ``a``'s verdicts may be kept between judgements (no condition, and what it does
        cannot vary); derived once per spec."""
        if not caches.CACHE_VERDICTS:
            return False
        spec = a.spec
        if spec is None:
            return False
        hit = self._cacheable_specs.get(id(spec))
        if hit is not None and hit[0] is spec:
            return hit[1]
        ok = spec.condition is None and not PARTS[self.sub].params_vary(spec)
        self._cacheable_specs[id(spec)] = (spec, ok)  # the spec kept alive: its id is not reused
        return ok

    def candidates_of(self, b: Eff) -> list[tuple[str, int]]:
        """The effects whose reads ``b``'s writes meet (derived once per ``b`` and its text)."""
        ckey = (b.id, id(b.spec))
        cands = self.candidates.get(ckey)
        if cands is None:
            if self._read_index is None:
                self._read_index = ReadIndex([self.reads(a) for a in self.all_effects])
            effects = self.all_effects
            meet = self._read_index.meeting(self.writes(b))
            cands = self.candidates[ckey] = [
                (effects[i].id, id(effects[i].spec)) for i in sorted(meet) if effects[i] is not b
            ]
        return cands

    def add(self, effects: list[Eff]) -> None:
        """Effects that joined this sublayer (granted during it): judge every pair again."""
        self.all_effects.extend(effects)
        self._effects_by_id = None
        self.candidates.clear()
        self._read_index = None
        self._may = None
        self.todo = None
        for kept in (
            self.pairs,
            self.by_a,
            self.found,
            self.rows,
            self.whatifs,
            self.objsets,
            self.flips_of,
            self.by_table,
            self.plain_a,
            self.plain_b,
            self._split,
        ):
            kept.clear()
        self.object_groups.clear()

    def _store(
        self, b_id: str, kept: list[tuple[tuple[str, int, str, int], DepResult | None, dict[int, int] | None]]
    ) -> None:
        """Keep verdicts against ``b_id``: each ``(key, verdict, its flip table or None)`` goes into
        every index (``b``'s own looked up once for all of them)."""
        pairs, flips_of, plain_a, by_a = self.pairs, self.flips_of, self.plain_a, self.by_a
        tables = self.by_table.get(b_id)
        plain_b = self.plain_b[b_id]
        for okey, r, flips in kept:
            pairs[okey] = r
            a_id = okey[0]
            if flips is not None:
                flips_of[okey] = flips
                if tables is None:
                    tables = self.by_table[b_id] = {}
                group = tables.get(id(flips))
                if group is None:
                    tables[id(flips)] = (flips, {okey})
                else:
                    group[1].add(okey)
            else:
                plain_a[a_id].add(okey)
                plain_b.add(okey)
            by_a[a_id].add(okey)
            if r is not None:
                self._found(okey, r)

    def of_b(self, b_id: str) -> Iterator[tuple[str, int, str, int]]:
        """The kept verdicts against ``b_id``: those decided by signature groups (by flip table)
        and the others."""
        yield from self.plain_b.get(b_id, ())
        for _, okeys in self.by_table.get(b_id, {}).values():
            yield from okeys

    def _count_b(self, b_id: str) -> int:
        """How many verdicts against ``b_id`` are kept."""
        tables = self.by_table.get(b_id)
        n = len(self.plain_b.get(b_id, ()))
        return n if not tables else n + sum(len(okeys) for _, okeys in tables.values())

    def _unstore(self, okey: tuple[str, int, str, int], leaving: bool = False) -> None:
        """Forget a kept verdict (and its place in every index; with ``leaving``, its dependent
        is leaving, and the dependent's own indexes go whole: :meth:`_leave`)."""
        a_id, _, b_id, _ = okey
        del self.pairs[okey]
        fl = self.flips_of.pop(okey, None)
        if fl is not None:
            tables = self.by_table.get(b_id)
            group = tables.get(id(fl)) if tables is not None else None
            if tables is not None and group is not None:
                group[1].discard(okey)
                if not group[1]:
                    del tables[id(fl)]
        else:
            if not leaving:
                _discard(self.plain_a, a_id, okey)
            _discard(self.plain_b, b_id, okey)
        if not leaving:
            _discard(self.by_a, a_id, okey)
        self._unfind(okey)

    def _unfind(self, okey: tuple[str, int, str, int]) -> None:
        """A verdict that ``okey``'s dependent depends on its other effect is no longer kept."""
        a_id, b_id = okey[0], okey[2]
        row = self.found.get(b_id)
        if row is not None:
            got = row.get(a_id)
            if got is not None and got[0] == okey:
                del row[a_id]
                self.rows.pop(b_id, None)

    def _drop(self, okey: tuple[str, int, str, int]) -> None:
        """Forget a kept verdict, to be judged again."""
        self._unstore(okey)
        if self.todo is not None:
            self.todo.setdefault(okey[2], {})[okey[0]] = True  # still a candidate (same texts)

    def _forget(self, eff_id: str, pending: list[Eff]) -> None:
        """An effect's text changed (layer 3): judge every pair it is in again."""
        for okey in [*self.by_a.get(eff_id, ()), *self.of_b(eff_id)]:
            if okey in self.pairs:
                self._drop(okey)
        self.candidates.clear()
        # (the split stays: the pairs it left aside still wait for their objects; every pair of
        # this effect is in a todo again, below, and a new text of b is split afresh)
        self._read_index = None
        if self.todo is not None:
            for e in pending:
                if e.id != eff_id:
                    self.todo.setdefault(e.id, {})[eff_id] = None
            self.todo[eff_id] = {e.id: None for e in pending if e.id != eff_id}

    def judge(self, pending: list[Eff], sets: dict[str, tuple[str, ...]]) -> list[Row]:
        """The dependencies among ``pending`` now (613.8a), in (depended-on, dependent) order:
        one :class:`Row` per depended-on effect that has dependents.

        Only the pairs without a kept verdict are judged (``todo``); the kept ones are read from
        ``found`` -- the same verdicts a full scan of every pair would give."""
        sub, begun = self.sub, self.begun
        pos = {e.id: i for i, e in enumerate(pending)}
        if self.todo is None:
            self.found, self.rows = {}, {}
            self.todo = {b.id: self._todo_of(b, sets[b.id]) for b in pending}
        self._leave(self.last_pending.difference(pos))
        self.last_pending = set(pos)
        for e in pending:
            sid = id(e.spec)
            old = self.spec_seen.get(e.id)
            if old is not None and old != sid:
                self._forget(e.id, pending)
            self.spec_seen[e.id] = sid
        todo = self.todo
        fresh: dict[str, list[tuple[int, DepResult]]] = {}
        #: each pending dependent met, for this judgement: its position, itself, the id of its
        #: spec, its :meth:`alike_base` and whether its verdicts may be kept (only a cache;
        #: ``None`` for an effect no longer pending)
        info: dict[str, tuple[int, Eff, int, tuple[Any, ...] | None, bool] | None] = {}
        verdicts = caches.CACHE_VERDICTS
        pairs, spend = self.pairs, self.spend
        #: (b's spec, its shared groups, an alike key or the dependent) -> a verdict and its flip
        #: tables. Effects ``b`` of one text whose sets name the same objects, of a part without
        #: parameters that does the same whichever effect it is (``LayerPart.by_text``), make
        #: the same counterfactual state, so each dependent (or effect alike) gets the same
        #: verdict against each of them; only the names differ (only a cache, for this judgement)
        across: dict[tuple[int, int, tuple[Any, ...]], tuple[DepResult | None, list[dict[int, int]]]] = {}
        for b in pending:
            ids_b = sets[b.id]
            if not ids_b:
                continue
            todo_b = todo.get(b.id)
            if not todo_b:
                continue
            b_spec = id(b.spec)
            wi: WhatIf | None = None
            b_text: bool | None = None  # whether b's verdicts may be shared (``across``)
            alike: dict[tuple[Any, ...], tuple[DepResult | None, list[dict[int, int]]]] = {}
            w_b = self.writes(b)
            b_ok = self._cacheable(b)
            to_keep: list[tuple[tuple[str, int, str, int], DepResult | None, dict[int, int] | None]] = []
            for a_id in list(todo_b):
                got = info.get(a_id, _UNSEEN)
                if got is _UNSEEN:
                    a_pos = pos.get(a_id)
                    if a_pos is None:
                        got = info[a_id] = None
                    else:
                        a = pending[a_pos]
                        got = info[a_id] = (
                            a_pos,
                            a,
                            id(a.spec),
                            self.alike_base(a) if verdicts else None,
                            self._cacheable(a),
                        )
                if got is None:
                    del todo_b[a_id]  # applied or gone: never judged again
                    continue
                a_pos, a, a_spec, a_alike, a_ok = got
                if todo_b[a_id] is None and not overlaps(self.reads(a), w_b):
                    del todo_b[a_id]  # not a candidate (a text changed)
                    continue
                okey = (a_id, a_spec, b.id, b_spec)
                r = pairs.get(okey, _UNJUDGED)
                if r is _UNJUDGED or r is _STALE:
                    again = r is _STALE
                    if wi is None:
                        wi = self.whatifs.get(b.id)
                        if wi is None or wi.ids is not ids_b or wi.b.spec is not b.spec:
                            shared = self.object_groups.for_effect(b.id, ids_b, self.state)
                            wi = self.whatifs[b.id] = WhatIf(
                                b, sub, self.state, ids_b, shared, self.alike_results(b)
                            )
                            self.objsets[b.id] = shared.idset
                    akey = a_alike if a.source is None or a.source not in wi.idset else None
                    used: list[dict[int, int]] = []
                    hit = alike.get(akey) if akey is not None else None
                    if hit is None:
                        # another b of this text on these very objects judged this effect (or
                        # one alike) in this judgement: the same verdict (``across``)
                        ckey = None
                        if b_text is None:
                            b_text = verdicts and wi.alike is not None and PARTS[sub].by_text(b.spec)
                        if b_text:
                            ckey = (b_spec, id(wi.shared), akey if akey is not None else (a_id, a_spec))
                        got_b = across.get(ckey) if ckey is not None else None
                        if got_b is None:
                            if spend is not None:
                                spend(b, 1 + len(ids_b))  # before the work: a refusal does none
                            r = judge_pair(a, wi, sets[a.id], begun, self.names, used)
                            if ckey is not None:
                                across[ckey] = (r, used)
                        else:
                            r0, used = got_b
                            r = None if r0 is None else as_alike_of(r0, a, b)
                        if akey is not None:
                            alike[akey] = (r, used)
                    else:
                        r0, used = hit
                        r = None if r0 is None else as_alike(r0, a)
                    keep = b_ok and a_ok
                    table = used[0] if used else None
                    if again:
                        # judged again on the same flip table (or none), the indexes stand; a
                        # table that changed (a verdict that now returns early, on existence or
                        # text, has none) is indexed afresh, the old verdict forgotten first
                        if keep and self.flips_of.get(okey) is table:
                            pairs[okey] = r
                            if r is not None:
                                self._found(okey, r)
                            del todo_b[a_id]
                            continue
                        self._unstore(okey)
                    if keep:
                        to_keep.append((okey, r, table))  # in ``found`` if r is
                        del todo_b[a_id]  # kept: read from ``found`` from now on
                    elif r is not None:
                        fresh.setdefault(b.id, []).append((a_pos, r))
                else:
                    del todo_b[a_id]  # kept: read from ``found`` from now on
                    if r is not None:
                        self._found(okey, r)
            if to_keep:
                self._store(b.id, to_keep)
        out: list[Row] = []
        found, rows = self.found, self.rows
        for b in pending:
            b_id = b.id
            if not sets[b_id]:
                continue
            row = rows.get(b_id)
            if row is None:
                kept = found.get(b_id)
                row = rows[b_id] = Row(
                    b_id, [r for _, (_, r) in sorted(kept.items(), key=lambda kv: pos[kv[0]])] if kept else []
                )
            more = fresh.get(b_id)
            if more:
                merged = [(pos[r.effect], r) for r in row.deps] + more
                merged.sort(key=_FIRST)
                out.append(Row(b_id, [r for _, r in merged]))
            elif row.deps:
                out.append(row)
        return out

    def _found(self, okey: tuple[str, int, str, int], r: DepResult) -> None:
        """Keep the verdict that ``okey``'s dependent depends on its other effect."""
        row = self.found.get(okey[2])
        if row is None:
            row = self.found[okey[2]] = {}
        row[okey[0]] = (okey, r)
        self.rows.pop(okey[2], None)

    def _leave(self, gone: set[str]) -> None:
        """Effects applied (or gone) since the last judgement leave the kept verdicts: no pair
        with one of them is judged again (pending only shrinks; :meth:`add` starts afresh)."""
        todo, pairs, flips_of = self.todo, self.pairs, self.flips_of
        for eff_id in gone:
            # as the depended-on effect: its own indexes go whole (an index of a dependent may
            # still name such a verdict: every reader asks ``pairs`` first)
            for okey in self.of_b(eff_id):
                if pairs.pop(okey, _UNJUDGED) is not _UNJUDGED:
                    flips_of.pop(okey, None)
            for okey in self.by_a.pop(eff_id, ()):
                if okey in pairs:
                    self._unstore(okey, leaving=True)
            self.found.pop(eff_id, None)
            self.rows.pop(eff_id, None)
            self.object_groups.leave(eff_id)
            for idx in (self.by_a, self.by_table, self.plain_a, self.plain_b):
                idx.pop(eff_id, None)
            if todo is not None:
                todo.pop(eff_id, None)  # as a dependent, it leaves each todo when met (judge)

    def applied(
        self,
        changed: set[str],
        stale: set[str],
        pending: list[Eff],
        wrote: frozenset[Key],
        deltas: dict[str, Delta],
        sig_moves: Moves,
    ) -> None:
        """Forget the verdicts an applied effect may have changed (613.8c), so they are judged again.

        A verdict on (a, b) was judged on ``b``'s objects, through what ``a``'s selector reads and
        what ``b``'s own result depends on (``LayerPart.decision_inputs``). It is dropped when the
        applied effect changed one of ``b``'s objects in one of those characteristics, changed
        either source, or may have changed either affected set (``stale``).

        A verdict decided by signature groups alone (:attr:`flips_of`) is finer: it read only
        which signatures of ``b``'s objects flip ``a``'s selector, so it stands when ``a``'s set
        changed, and when ``b``'s objects moved only between signatures of equal flips; when
        ``b``'s set changed, it stands if every object that came flips nothing now and every
        object that went flipped nothing before the step (an object that went no longer counts,
        so its own move is not checked); it is dropped when either source changed.

        A verdict to be judged again keeps its place in the indexes until it is (:meth:`_soften`).
        ``deltas`` holds, for each stale set, the objects that came and went; ``sig_moves`` the
        step's signature moves (:meth:`State.reindex`), which the signature groups follow.
        """
        if not changed and not stale:
            return
        by_id = {e.id: e for e in pending}
        if self.todo is not None and self._split:
            self._wake(stale, deltas, by_id)
        sub = self.sub
        hit_b: set[str] = set(stale)
        dirty_a: set[str] = set()
        for e in pending:
            if e.source in changed:
                dirty_a.add(e.id)
                hit_b.add(e.id)
            objs = self.objsets.get(e.id)
            if objs is not None and not changed.isdisjoint(objs):
                hit_b.add(e.id)
        for bid in hit_b:
            self.whatifs.pop(bid, None)
        moves = self.object_groups.update(hit_b, sig_moves)
        if not hit_b and not dirty_a:
            return
        drop: set[tuple[str, int, str, int]] = set()
        flips_of = self.flips_of
        # a's source changed: a verdict decided by b's signature groups read of that source only
        # its controller ("you") -- and the source itself when b applies to it
        new_you = overlaps(CONTROLLER, wrote)
        for a_id in dirty_a:
            a = by_id.get(a_id)
            for okey in self.by_a.get(a_id, ()):
                fl = flips_of.get(okey)
                groups = self.object_groups.get(okey[2])
                if (
                    fl is None
                    or new_you
                    or a is None
                    or groups is None
                    or a.source in groups.idset
                    or not (fl is NO_SIGNATURES or _no_special_parts(a))
                ):
                    drop.add(okey)
        for a_id in stale:
            # a's own set changed: a verdict decided by b's signature groups never read it
            drop.update(self.plain_a.get(a_id, ()))
        flip = Flips(self.sub, self.state, self.alike_results)
        sourced: dict[str, list[Eff]] = {}  # object -> the pending effects it is the source of
        for e in pending:
            if e.source is not None:
                sourced.setdefault(e.source, []).append(e)
        went_of: dict[str, frozenset[str]] = {}  # stale b -> the objects that left its set
        for b_id in stale:
            delta = deltas.get(b_id)
            b = by_id.get(b_id)
            if delta is None or b is None or b.source in changed:
                drop.update(self.of_b(b_id))
                continue
            # b's set changed: a verdict decided by signature groups stands when every object
            # that came is of a signature that flips nothing now, and every object that went
            # was of one before the step (it counts no more), neither being a's source
            came, went, sigs, went_sigs = delta
            came_went = came | went
            drop.update(self.plain_b.get(b_id, ()))
            if sigs is None:
                sigs = {}
                for o in came:
                    sigs.setdefault(sig_of(self.state.objs[o]), o)
            if went_sigs is None:
                went_sigs = {self._before_step(o, sig_moves) for o in went}
            if went:
                went_of[b_id] = went
            for fl, okeys in self.by_table.get(b_id, {}).values():
                if fl is NO_SIGNATURES:
                    continue
                a = _one_dependent(okeys, by_id, came_went)
                if (
                    a is None
                    or not all(flip.get(fl, sg, o, a, b) == 0 for sg, o in sigs.items())
                    or not all(fl.get(sg) == 0 for sg in went_sigs)
                ):
                    drop.update(okeys)
            self._drop_sourced(b_id, came_went, sourced, drop, also_unread=True)
        # the plain rule: a verdict goes when what b's result depends on was written, or what
        # a's selector reads (overlaps(ra | inputs_b, wrote) is overlaps(ra, wrote) or
        # overlaps(inputs_b, wrote): each side is tested once per step, not once per pair)
        part = PARTS[sub]
        every: set[str] = set()  # hit b's all of whose verdicts take the plain rule
        plain: set[str] = set()  # hit b's whose verdicts not decided by signature groups take it
        for b_id in hit_b:
            b = by_id.get(b_id)
            if b is None:
                continue  # applied (or gone): its verdicts leave at the next judgement (_leave)
            moved = moves.get(b_id) if b.source not in changed else None
            if moved and b_id in went_of:
                moved = self._staying(b_id, moved, went_of[b_id], sig_moves)
            if overlaps(part.decision_inputs(b.spec), wrote):
                drop.update(self.of_b(b_id) if moved is None else self.plain_b.get(b_id, ()))
            else:
                (every if moved is None else plain).add(b_id)
            if not moved:
                continue  # every verdict took the plain rule, or no object of b changed signature
            # a verdict decided by signature groups stands while b's objects move only between
            # signatures of equal flips (b itself, its set and a's source unchanged); effects
            # alike share one flip table, so each table is checked once
            movers = set(moved.values())
            for fl, okeys in self.by_table.get(b_id, {}).values():
                if fl is NO_SIGNATURES:
                    continue
                a = _one_dependent(okeys, by_id, movers)
                if a is None or not _flips_equal(fl, moved, flip, a, b):
                    drop.update(okeys)
            # a table's check looks at one object per move: an effect whose source is that
            # object cannot be checked on it (its flip is None), so its verdict goes
            self._drop_sourced(b_id, movers, sourced, drop)
        if every or plain:
            self._plain_rule(every, plain, pending, wrote, drop)
        pairs = self.pairs
        for okey in drop:
            r = pairs.get(okey, _UNJUDGED)
            if r is not _UNJUDGED and r is not _STALE:
                self._soften(okey, r)

    def _wake(self, stale: set[str], deltas: dict[str, Delta], by_id: dict[str, Eff]) -> None:
        """The pairs left aside (:meth:`split_of`) of a ``b`` whose set gained their object are
        judged at the next judgement (all of ``b``'s when what came is not known). ``by_id``:
        the pending effects."""
        todo = self.todo
        assert todo is not None
        for b_id in stale:
            b = by_id.get(b_id)
            if b is None:
                continue
            got = self._split.get((b_id, id(b.spec)))
            if got is None or not got[1]:
                continue
            through = got[1]
            delta = deltas.get(b_id)
            if delta is None:
                objs: list[str] | Any = through
            elif len(through) < len(delta.came):
                objs = [o for o in through if o in delta.came]
            else:
                objs = [o for o in delta.came if o in through]
            if objs:
                todo_b = todo.setdefault(b_id, {})
                for o in objs:
                    for a_id in through[o]:
                        todo_b.setdefault(a_id, True)

    def _soften(self, okey: tuple[str, int, str, int], r: DepResult | None) -> None:
        """A kept verdict (``r``) is to be judged again, keeping its place in the indexes: judged
        again, it most often has the same flip table, and then only its verdict is replaced
        (:meth:`judge`; otherwise it is forgotten first). Until then it is in no row."""
        if r is not None:
            self._unfind(okey)
        self.pairs[okey] = _STALE
        if self.todo is not None:
            self.todo.setdefault(okey[2], {})[okey[0]] = True  # still a candidate (same texts)

    def _before_step(self, oid: str, sig_moves: Moves) -> int:
        """The signature ``oid`` had before the step just applied."""
        sig = sig_moves.before(oid)
        return self.state.where[oid] if sig is None else sig

    def _staying(
        self, b_id: str, moved: dict[tuple[int, int], str], went: frozenset[str], sig_moves: Moves
    ) -> dict[tuple[int, int], str]:
        """``b``'s signature moves without the objects that left its set (what they did before
        the step is checked once, with the set's change): each move with one object of it that
        stayed, the smallest."""
        groups = self.object_groups.get(b_id)
        out: dict[tuple[int, int], str] = {}
        for move, o in moved.items():
            if o not in went or groups is None:
                out[move] = o
                continue
            stay = [x for x in sig_moves.movers[move] if x in groups.idset and x not in went]
            if stay:
                out[move] = min(stay)
        return out

    def _plain_rule(
        self,
        every: set[str],
        plain: set[str],
        pending: list[Eff],
        wrote: frozenset[Key],
        drop: set[tuple[str, int, str, int]],
    ) -> None:
        """Drop the verdicts against ``every`` b, and the verdicts not decided by signature
        groups against each ``plain`` b, of the pending effects whose selector reads what was
        written. Walks whichever side is smaller: those b's verdicts, or those a's."""
        hit_a = [a.id for a in pending if overlaps(selector_reads(a.spec.affects if a.spec else None), wrote)]
        if not hit_a:
            return
        by_a, plain_b, flips_of = self.by_a, self.plain_b, self.flips_of
        n_b = sum(self._count_b(b) for b in every) + sum(len(plain_b.get(b, ())) for b in plain)
        if sum(len(by_a.get(a, ())) for a in hit_a) <= n_b:
            for a_id in hit_a:
                for okey in by_a.get(a_id, ()):
                    b_id = okey[2]
                    if b_id in every or (b_id in plain and okey not in flips_of):
                        drop.add(okey)
            return
        hit = set(hit_a)
        for b_id in every:
            drop.update(okey for okey in self.of_b(b_id) if okey[0] in hit)
        for b_id in plain:
            drop.update(okey for okey in plain_b.get(b_id, ()) if okey[0] in hit)

    def _drop_sourced(
        self,
        b_id: str,
        objects: set[str] | frozenset[str],
        sourced: dict[str, list[Eff]],
        drop: set[tuple[str, int, str, int]],
        also_unread: bool = False,
    ) -> None:
        """Drop the signature-group verdicts against ``b_id`` of the effects whose source is
        one of ``objects`` (with ``also_unread``, those that read none of b's objects too,
        :data:`NO_SIGNATURES`)."""
        if len(objects) < len(sourced):
            hit = [a for o in objects for a in sourced.get(o, ())]
        else:
            hit = [a for o, effs in sourced.items() if o in objects for a in effs]
        flips_of = self.flips_of
        for a in hit:
            for okey in self.by_a.get(a.id, ()):
                if okey[2] == b_id:
                    fl = flips_of.get(okey)
                    if fl is not None and (also_unread or fl is not NO_SIGNATURES):
                        drop.add(okey)


def _flips_equal(fl: dict[int, int], moved: dict[tuple[int, int], str], flip: Flips, a: Eff, b: Eff) -> bool:
    """Whether every move ``(old, new)`` is between signatures of equal flips in ``fl``."""
    for (s0, s1), o in moved.items():
        v0 = fl.get(s0, _NO_OLD)
        v1 = fl.get(s1)
        if v1 is None:
            v1 = flip.get(fl, s1, o, a, b)
        if v0 != v1:
            return False
    return True


def _one_dependent(
    okeys: set[tuple[str, int, str, int]], by_id: dict[str, Eff], skip: set[str] | frozenset[str]
) -> Eff | None:
    """One pending dependent of the verdicts of one flip table whose source is not in ``skip``:
    the verdicts share the table, so they flip alike and one of them checks them all."""
    for okey in okeys:
        a = by_id.get(okey[0])
        if a is not None and a.source not in skip:
            return a
    return None


def _discard(
    index: dict[str, set[tuple[str, int, str, int]]], key: str, okey: tuple[str, int, str, int]
) -> None:
    got = index.get(key)
    if got is not None:
        got.discard(okey)


def _no_special_parts(a: Eff) -> bool:
    """Whether ``a``'s selector names nothing through its source ("this", "enchanted", ...)."""
    sel = a.spec.affects if a.spec is not None else None
    return sel is not None and all(p.special is None for p in sel.parts)
