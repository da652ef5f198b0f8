"""Dependency (CR 613.8): the counterfactual test, judging again after every step, loops.

* 613.8a: effect A depends on effect B if applying B would change A's existence, its text, what
  it applies to, or what it does to what it applies to; and both apply in the same layer or
  sublayer, and A is not a CDA (:func:`judge_pair`, decided by applying B to a fork of the state,
  :class:`WhatIf`; never by per-card tags).
* Pruning: a pair is judged only when something B may write (``LayerPart.writes``) meets
  something A reads (:func:`reads_of`); :data:`PRUNE` switches this off (every pair judged by the
  full counterfactual test; the property tests compare).
* 613.8b: A is applied after B; if every remaining effect waits on another (a loop), dependency
  is ignored and the earliest timestamp goes first (:func:`choose_next`, :func:`cycles`).
* 613.8c: after each applied effect, dependencies are judged again (:class:`Judge`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulekit.mtg.engine import caches
from rulekit.mtg.engine.apply import apply_effect
from rulekit.mtg.engine.effects import Eff, ability_on, static_condition_holds
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.select import (
    ANY,
    EVERYTHING,
    Key,
    make_ctx,
    matcher,
    matches,
    select,
    selector_reads,
)
from rulekit.mtg.engine.state import Obj, State, sig_of
from rulekit.mtg.trace import Dependency

#: Judge only the pairs whose reads and writes meet. Switching it off judges every pair by the
#: full counterfactual test: the traces must be identical (tests/mtg/test_pruning.py).
PRUNE = True


def overlaps(reads: frozenset[Key], writes: frozenset[Key]) -> bool:
    """Whether something written may change something read (``*`` matches any value)."""
    if not PRUNE:
        return True
    if not reads or not writes:
        return False
    if (ANY, ANY) in writes or (ANY, ANY) in reads:
        return True
    for attr, value in reads:
        if (attr, value) in writes or (attr, ANY) in writes:
            return True
        if value == ANY and any(a == attr for a, _ in writes):
            return True
    return False


def writes_of(eff: Eff, sub: str) -> frozenset[Key]:
    """The ``(characteristic, value)`` pairs an effect part may change (its layer part's
    :meth:`~rulekit.mtg.engine.layers.base.LayerPart.writes`)."""
    spec = eff.spec
    assert spec is not None
    return PARTS[sub].writes(spec)


def reads_of(eff: Eff, sub: str, begun: bool) -> frozenset[Key]:
    """What an effect's existence, text, affected set and parameters read in this sublayer."""
    spec = eff.spec
    assert spec is not None
    r: set[Key] = set()
    if not begun and eff.locked is None and eff.origin != "cda":
        if eff.origin == "static":
            r.add(("abilities-", ANY))  # existence: only while its object has the ability
            r.add(("text", ANY))
            if spec.condition is not None:
                r |= selector_reads(spec.condition.selector)
                r.add(("controller", ANY))
        r |= selector_reads(spec.affects)
    part_reads = PARTS[sub].reads(spec)
    if part_reads == EVERYTHING:
        return EVERYTHING
    return frozenset(r | part_reads)


@dataclass
class DepResult:
    effect: str
    depends_on: str
    #: the reason's code: ``existence``, ``text``, ``applies_to``, ``what_it_does``
    kind: str
    #: its parameters (names as the trace shows them), rendered by ``rulekit.views.reasons``
    params: tuple[tuple[str, Any], ...] = ()
    recorded: Dependency | None = None  # its trace form, built once


def _names(ids: list[str], names: dict[str, str]) -> tuple[str, ...]:
    """The display names of the first four objects (a reason names at most four, then a count)."""
    return tuple(names.get(i, i) for i in ids[:4])


def _reason(a: Eff, b: Eff, kind: str, **more: Any) -> DepResult:
    """``a`` depends on ``b`` for this reason (its code and parameters)."""
    params = (("by", b.name), ("effect", a.name), *more.items())
    return DepResult(a.id, b.id, kind, params)


class WhatIf:
    """Effect ``b`` applied to the current state, computed lazily for counterfactual checks:
    one object at a time (:meth:`after`), or as a whole forked state (:meth:`fork`)."""

    def __init__(self, b: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
        self.b, self.sub, self.state, self.ids = b, sub, state, ids
        self.idset = set(ids)
        self.ctx = make_ctx(b, state)
        self.writes = writes_of(b, sub)
        self._after: dict[str, Obj] = {}
        self._groups: dict[int, list[str]] | None = None
        self._fork: State | None = None
        self.part = PARTS[sub]

    def after(self, oid: str) -> Obj:
        """The object as it would be with ``b`` applied (itself when ``b`` doesn't touch it)."""
        if oid not in self.idset:
            return self.state.objs[oid]
        got = self._after.get(oid)
        if got is None:
            obj = self.state.objs[oid]
            got = obj.copy()
            got.sig = None
            part = self.part
            param = part.params(self.b, obj, self.state, self.ctx) if part.uses_params(self.b.spec) else None
            part.apply(self.b, got, param)
            self._after[oid] = got
        return got

    def groups(self) -> dict[int, list[str]]:
        """``b``'s objects grouped by signature (objects alike are judged once)."""
        if self._groups is None:
            groups: dict[int, list[str]] = {}
            objs = self.state.objs
            for oid in self.ids:
                obj = objs[oid]
                sig = obj.sig
                if sig is None:
                    sig = sig_of(obj)
                g = groups.get(sig)
                if g is None:
                    groups[sig] = [oid]
                else:
                    g.append(oid)
            self._groups = groups
        return self._groups

    def fork(self) -> State:
        if self._fork is None:
            self._fork = self.state.fork()
            apply_effect(self.b, self.sub, self._fork, self.ids)
        return self._fork


def _applies_to_reason(
    a: Eff, b: Eff, gained: list[str], lost: list[str], names: dict[str, str]
) -> DepResult:
    return _reason(
        a,
        b,
        "applies_to",
        gained=_names(gained, names),
        gained_count=len(gained),
        lost=_names(lost, names),
        lost_count=len(lost),
    )


def judge_pair(
    a: Eff,
    wi: WhatIf,
    a_set: tuple[str, ...],
    begun: dict[str, tuple[str, ...]],
    names: dict[str, str],
) -> DepResult | None:
    """613.8a(b): would applying ``b`` change ``a``'s existence, text, what it applies to, or
    what it does to what it applies to? Decided by counterfactual evaluation: ``a`` is looked at
    in the current state and with ``b`` applied (:class:`WhatIf`), never by per-card tags."""
    b, sub, cur = wi.b, wi.sub, wi.state
    a_begun = a.id in begun or a.locked is not None
    spec = a.spec
    assert spec is not None
    src_name = names.get(a.source or "", a.source or "")
    if not a_begun and a.origin == "static" and a.source is not None:
        if a.source in wi.idset:
            ab_cur = ability_on(cur.objs.get(a.source), a)
            ab_after = ability_on(wi.after(a.source), a)
            if ab_after is None or ab_after.spec is None or sub not in ab_after.spec.sublayers:
                return _reason(a, b, "existence", source=src_name)
            if ab_cur is not None and ab_after.raw != ab_cur.raw:
                return _reason(a, b, "text")
        cond = spec.condition
        if cond is not None and overlaps(selector_reads(cond.selector) | {("controller", ANY)}, wi.writes):
            fork = wi.fork()
            if static_condition_holds(a, fork) != static_condition_holds(a, cur):
                return _reason(a, b, "existence", condition=cond.text)
    sel = spec.affects
    if not a_begun and a.origin != "cda" and sel is not None and overlaps(selector_reads(sel), wi.writes):
        ctx_a = make_ctx(a, cur)
        memo = cur.memo
        if a.source in wi.idset and ("controller", ANY) in wi.writes:
            fork = wi.fork()
            fork_set = select(sel, fork, make_ctx(a, fork))
            if set(fork_set) != set(a_set):
                return _applies_to_reason(
                    a,
                    b,
                    [o for o in fork_set if o not in a_set],
                    [o for o in a_set if o not in fork_set],
                    names,
                )
        else:
            gained: list[str] = []
            lost: list[str] = []
            if not all(p.by_signature for p in sel.parts):
                for oid in wi.ids:
                    m0 = matches(sel, cur.objs[oid], ctx_a, memo)
                    m1 = matches(sel, wi.after(oid), ctx_a, memo)
                    if m0 != m1:
                        (gained if m1 else lost).append(oid)
            else:
                # objects alike (same signature) flip alike: memoised for the whole solve
                bkey = ("flip", b.id, b.spec.raw if b.spec else "", id(sel), ctx_a.you, ctx_a.target_player)
                flips = memo.get(bkey)
                if flips is None:
                    flips = memo[bkey] = {}
                member = None
                for sig, oids in wi.groups().items():
                    rest = oids
                    if a.source in oids:
                        if member is None:
                            member = matcher(sel, ctx_a, memo)
                        rest = [o for o in oids if o != a.source]
                        m0 = member(cur.objs[a.source])
                        m1 = member(wi.after(a.source))
                        if m0 != m1:
                            (gained if m1 else lost).append(a.source)
                        if not rest:
                            continue
                    flip = flips.get(sig)
                    if flip is None:
                        if member is None:
                            member = matcher(sel, ctx_a, memo)
                        m0 = member(cur.objs[rest[0]])
                        m1 = member(wi.after(rest[0]))
                        flip = flips[sig] = 0 if m0 == m1 else (1 if m1 else -1)
                    if flip:
                        (gained if flip > 0 else lost).extend(rest)
            if gained or lost:
                return _applies_to_reason(a, b, sorted(gained), sorted(lost), names)
    part = PARTS[sub]
    if part.params_vary(spec) and overlaps(reads_of(a, sub, True), wi.writes):
        fork = wi.fork()
        ctx_cur = make_ctx(a, cur)
        ctx_fork = make_ctx(a, fork)
        differ = [
            o
            for o in sorted(a_set)
            if o in fork.objs
            and part.params(a, cur.objs[o], cur, ctx_cur) != part.params(a, fork.objs[o], fork, ctx_fork)
        ]
        if differ:
            return _reason(a, b, "what_it_does", objects=_names(differ, names), count=len(differ))
    return None


_UNJUDGED: Any = object()  # no cached verdict (None is a verdict: independent)


def alike_key(a: Eff, wi: WhatIf, begun: dict[str, tuple[str, ...]]) -> tuple[Any, ...] | None:
    """Effects that are alike for :func:`judge_pair` against ``wi.b`` in this state get the same
    verdict (only their names differ): the same spec, origin, begun-ness, "you" and target
    player, when ``b`` does not touch ``a``'s source, and ``a`` has no condition, names no object
    by position (``this``, ``enchanted``, targets, a name), tests nothing objects alike may differ
    in (abilities, numbers, "other than the target": ``Part.by_signature``) and does the same to
    every object.
    ``None`` when ``a``'s verdict may depend on ``a`` itself. Only a cache key (one judgement)."""
    spec = a.spec
    if spec is None or spec.condition is not None:
        return None
    if a.source is not None and a.source in wi.idset:
        return None
    if PARTS[wi.sub].params_vary(spec):
        return None
    sel = spec.affects
    if sel is not None and not all(p.by_signature for p in sel.parts):
        return None
    if a.origin == "resolved":
        you = a.controller
    else:
        src = wi.state.objs.get(a.source) if a.source else None
        you = src.controller if src is not None else a.controller
    return (id(spec), a.origin, a.id in begun or a.locked is not None, you, a.target_player)


def _as_alike(r: DepResult, a: Eff) -> DepResult:
    """The verdict ``r`` of an alike effect, for ``a`` (its id and name in the reason)."""
    return DepResult(a.id, r.depends_on, r.kind, (r.params[0], ("effect", a.name), *r.params[2:]))


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
        self, sub: str, state: State, begun: dict[str, tuple[str, ...]], names: dict[str, str]
    ) -> None:
        self.sub, self.state, self.begun, self.names = sub, state, begun, names
        self.pairs: dict[tuple[str, int, str, int], DepResult | None] = {}
        self.whatifs: dict[str, WhatIf] = {}
        self.objsets: dict[str, frozenset[str]] = {}
        #: (b, its spec) -> the effects whose reads b's writes overlap (derived once per sublayer)
        self.candidates: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self.all_effects: list[Eff] = []
        self._reads: dict[tuple[int, int, bool], frozenset[Key]] = {}
        self._writes: dict[tuple[int, int], frozenset[Key]] = {}

    def reads(self, a: Eff) -> frozenset[Key]:
        """:func:`reads_of` ``a`` in this sublayer (derived once per effect, text and begun-ness)."""
        begun = a.id in self.begun
        key = (id(a), id(a.spec), begun)
        r = self._reads.get(key)
        if r is None:
            r = self._reads[key] = reads_of(a, self.sub, begun)
        return r

    def writes(self, b: Eff) -> frozenset[Key]:
        """:func:`writes_of` ``b`` in this sublayer (derived once per effect and text)."""
        key = (id(b), id(b.spec))
        w = self._writes.get(key)
        if w is None:
            w = self._writes[key] = writes_of(b, self.sub)
        return w

    def _cacheable(self, a: Eff) -> bool:
        if not caches.CACHE_VERDICTS:
            return False
        spec = a.spec
        return spec is not None and spec.condition is None and not PARTS[self.sub].params_vary(spec)

    def judge(self, pending: list[Eff], sets: dict[str, tuple[str, ...]]) -> list[DepResult]:
        sub, begun = self.sub, self.begun
        pos = {e.id: i for i, e in enumerate(pending)}
        found: list[tuple[int, int, DepResult]] = []
        pairs = self.pairs
        for b in pending:
            alike: dict[tuple[Any, ...], DepResult | None] = {}
            ids_b = sets[b.id]
            if not ids_b:
                continue
            b_spec = id(b.spec)
            b_pos = pos[b.id]
            ckey = (b.id, b_spec)
            cands = self.candidates.get(ckey)
            if cands is None:
                w = self.writes(b)
                cands = self.candidates[ckey] = [
                    (a.id, id(a.spec)) for a in self.all_effects if a is not b and overlaps(self.reads(a), w)
                ]
            if not cands:
                continue
            wi: WhatIf | None = None
            for a_id, a_spec in cands:
                a_pos = pos.get(a_id)
                if a_pos is None:
                    continue
                a = pending[a_pos]
                a_spec_now = id(a.spec)
                if a_spec_now != a_spec:  # layer 3 rewrote its text: judge the new text
                    self.candidates.pop(ckey, None)
                    if not overlaps(self.reads(a), self.writes(b)):
                        continue
                okey = (a_id, a_spec_now, b.id, b_spec)
                r = pairs.get(okey, _UNJUDGED)
                if r is _UNJUDGED:
                    if wi is None:
                        wi = self.whatifs.get(b.id)
                        if wi is None or wi.ids is not ids_b or wi.b.spec is not b.spec:
                            wi = self.whatifs[b.id] = WhatIf(b, sub, self.state, ids_b)
                            self.objsets[b.id] = frozenset(ids_b)
                    akey = alike_key(a, wi, begun) if caches.CACHE_VERDICTS else None
                    if akey is None:
                        r = judge_pair(a, wi, sets[a.id], begun, self.names)
                    else:
                        hit = alike.get(akey, _UNJUDGED)
                        if hit is _UNJUDGED:
                            r = alike[akey] = judge_pair(a, wi, sets[a.id], begun, self.names)
                        else:
                            r = None if hit is None else _as_alike(hit, a)
                    if self._cacheable(a) and self._cacheable(b):
                        pairs[okey] = r
                if r is not None:
                    found.append((b_pos, a_pos, r))
        found.sort(key=lambda t: (t[0], t[1]))
        return [r for _, _, r in found]

    def applied(self, changed: set[str], stale: set[str], pending: list[Eff], wrote: frozenset[Key]) -> None:
        """Forget the verdicts an applied effect may have changed.

        A verdict on (a, b) was judged on ``b``'s objects, through what ``a``'s selector reads and
        what ``b``'s own result depends on (``LayerPart.decision_inputs``). It is dropped when the
        applied effect changed one of ``b``'s objects in one of those characteristics, changed
        either source, or may have changed either affected set (``stale``).
        """
        if not changed and not stale:
            return
        sub = self.sub
        hit_b: set[str] = set(stale)
        dirty_a: set[str] = set(stale)
        for e in pending:
            if e.source in changed:
                dirty_a.add(e.id)
                hit_b.add(e.id)
            objs = self.objsets.get(e.id)
            if objs is not None and not changed.isdisjoint(objs):
                hit_b.add(e.id)
        for bid in hit_b:
            self.whatifs.pop(bid, None)
        if not hit_b and not dirty_a:
            return
        by_id = {e.id: e for e in pending}
        keep: dict[tuple[str, int, str, int], DepResult | None] = {}
        sel_reads: dict[str, frozenset[Key]] = {}
        for k, v in self.pairs.items():
            a_id, _, b_id, _ = k
            if a_id in dirty_a or b_id in stale:
                continue
            if b_id in hit_b:
                a, b = by_id.get(a_id), by_id.get(b_id)
                if a is None or b is None:
                    continue
                ra = sel_reads.get(a_id)
                if ra is None:
                    ra = sel_reads[a_id] = selector_reads(a.spec.affects if a.spec else None)
                if overlaps(ra | PARTS[sub].decision_inputs(b.spec), wrote):
                    continue
            keep[k] = v
        self.pairs = keep


def cycles(pending: list[Eff], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle (Tarjan), members in timestamp order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    order = {e.id: e.sort_key for e in pending}
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in order:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp, key=lambda i: order[i]))

    for e in sorted(pending, key=lambda e: e.sort_key):
        if e.id not in index:
            strong(e.id)
    return out


def choose_next(pending: list[Eff], deps: list[DepResult]) -> tuple[Eff, str, tuple[str, ...]]:
    """613.8b + rules-notes' house reading of loops.

    1. Among the effects not yet applied, those that depend on no other unapplied effect: apply
       the earliest-timestamped (613.7, seed 000 "selo temporal").
    2. If there are none, every remaining effect waits on another: apply the earliest-timestamped
       effect that lies on a dependency cycle (613.8b: a loop ignores dependency).
    Returns the effect, why (``timestamp``/``loop``) and the loop's members.
    """
    waiting: dict[str, set[str]] = {}
    for d in deps:
        waiting.setdefault(d.effect, set()).add(d.depends_on)
    free = [e for e in pending if not waiting.get(e.id)]
    if free:
        return min(free, key=lambda e: e.sort_key), "timestamp", ()
    loops = cycles(pending, waiting)
    by_id = {e.id: e for e in pending}
    best = min((by_id[m] for c in loops for m in c), key=lambda e: e.sort_key)
    loop = next(c for c in loops if best.id in c)
    return best, "loop", tuple(loop)
