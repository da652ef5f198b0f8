"""613.8a for one pair of effects: would applying ``b`` change ``a``'s existence, its text, what
it applies to, or what it does to what it applies to? Decided by counterfactual evaluation
(:class:`~rulekit.mtg.engine.whatif.WhatIf`: ``b`` applied to the current state), never by
per-card tags; :mod:`rulekit.mtg.engine.dependency` asks it for the pairs the pruning leaves and
keeps the verdicts between steps (613.8c). Effects alike get one verdict, renamed for each
(:func:`alike_base`, :func:`as_alike`, :func:`as_alike_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import nsmallest
from typing import Any

from rulekit.mtg.codes import DependencyKind, Origin
from rulekit.mtg.engine import caches
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.effects import ability_on, static_condition_holds
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.pruning import overlaps, reads_of
from rulekit.mtg.engine.select import ANY, make_ctx, matcher, matches, positional_ids, select, selector_reads
from rulekit.mtg.engine.state import State
from rulekit.mtg.engine.whatif import NO_SIGNATURES, WhatIf
from rulekit.mtg.trace import Dependency


@dataclass
class DepResult:
    """A verdict that ``effect`` depends on ``depends_on`` (613.8a), as a code and parameters."""

    effect: str
    depends_on: str
    #: the reason's code: ``existence``, ``text``, ``applies_to``, ``what_it_does``
    kind: DependencyKind
    #: its parameters (names as the trace shows them), rendered by ``rulekit.views.reasons``
    params: tuple[tuple[str, Any], ...] = ()
    recorded: Dependency | None = None  # its trace form, built once


def _names(ids: list[str], names: dict[str, str]) -> tuple[str, ...]:
    """The display names of the first four objects (a reason names at most four, then a count)."""
    return tuple(names.get(i, i) for i in ids[:4])


def _reason(a: Eff, b: Eff, kind: DependencyKind, **more: Any) -> DepResult:
    """``a`` depends on ``b`` for this reason (its code and parameters)."""
    params = (("by", b.name), ("effect", a.name), *more.items())
    return DepResult(a.id, b.id, kind, params)


def _applies_to_reason(
    a: Eff, b: Eff, gained: list[str], lost: list[str], names: dict[str, str]
) -> DepResult:
    return _reason(
        a,
        b,
        DependencyKind.APPLIES_TO,
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
    flips_used: list[dict[int, int]] | None = None,
) -> DepResult | None:
    """613.8a(b): would applying ``b`` change ``a``'s existence, text, what it applies to, or
    what it does to what it applies to? Decided by counterfactual evaluation: ``a`` is looked at
    in the current state and with ``b`` applied (:class:`WhatIf`), never by per-card tags.

    When the verdict was decided by signature groups alone (``a``'s selector tests only what
    objects alike share), the signature -> flip table it read is appended to ``flips_used``:
    the verdict stands for as long as every object of ``b`` moves only between signatures of
    equal flips (:meth:`~rulekit.mtg.engine.dependency.Judge.applied`)."""
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
                return _reason(a, b, DependencyKind.EXISTENCE, source=src_name)
            if ab_cur is not None and ab_after.canon != ab_cur.canon:
                return _reason(a, b, DependencyKind.TEXT)
        cond = spec.condition
        if cond is not None and overlaps(selector_reads(cond.selector) | {("controller", ANY)}, wi.writes):
            fork = wi.fork()
            if static_condition_holds(a, fork) != static_condition_holds(a, cur):
                return _reason(a, b, DependencyKind.EXISTENCE, condition=cond.text)
    sel = spec.affects
    reads_objects = (
        not a_begun
        and a.origin != Origin.CDA
        and sel is not None
        and overlaps(selector_reads(sel), wi.writes)
    )
    if reads_objects:
        assert sel is not None
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
            g_n = l_n = -1  # the counts, when the lists hold only each group's smallest ids
            if not caches.GROUPS or not all(p.by_signature for p in sel.parts):
                only = positional_ids(sel, ctx_a) if caches.GROUPS else None
                ids = wi.ids if only is None else [o for o in sorted(only) if o in wi.idset]
                for oid in ids:
                    m0 = matches(sel, cur.objs[oid], ctx_a, memo)
                    m1 = matches(sel, wi.after(oid), ctx_a, memo)
                    if m0 != m1:
                        (gained if m1 else lost).append(oid)
            else:
                # objects alike (same signature) flip alike: memoised for the whole solve, and
                # shared by the effects of one text whose part takes no parameters (what such an
                # effect does to an object's signature depends on its text alone)
                part_b = PARTS[sub]
                who = "" if part_b.shared is not None and not part_b.uses_params(b.spec) else b.id
                bkey = ("flip", who, b.spec.canon if b.spec else "", id(sel), ctx_a.you, ctx_a.target_player)
                flips = memo.get(bkey)
                if flips is None:
                    flips = memo[bkey] = {}
                member = None
                a_src = a.source
                # counts and each group's four smallest ids: a reason names the first four
                g_n = l_n = 0
                g_small: list[str] = []
                l_small: list[str] = []
                # what the table gives over b's groups is the same for every dependent whose
                # source is none of b's objects (copies of one card share their groups and table)
                shared = wi.shared if a_src is None or a_src not in wi.idset else None
                got = shared.totals.get(id(flips)) if shared is not None else None
                if got is not None and got[0] is flips:
                    _, g_n, l_n, g_small, l_small = got
                else:
                    for sig, oids in wi.groups().items():
                        rest: set[str] | dict[str, None] | list[str] = oids
                        if a_src is not None and a_src in oids:
                            if member is None:
                                member = matcher(sel, ctx_a, memo)
                            rest = [o for o in oids if o != a_src]
                            m0 = member(cur.objs[a_src])
                            m1 = member(wi.after(a_src))
                            if m0 != m1:
                                if m1:
                                    g_n += 1
                                    g_small.append(a_src)
                                else:
                                    l_n += 1
                                    l_small.append(a_src)
                            if not rest:
                                continue
                        flip = flips.get(sig)
                        if flip is None:
                            if member is None:
                                member = matcher(sel, ctx_a, memo)
                            # one of them (any would do; the smallest id, always)
                            first = wi.first(sig) if rest is oids else min(rest)
                            m0 = member(cur.objs[first])
                            m1 = member(wi.after(first))
                            flip = flips[sig] = 0 if m0 == m1 else (1 if m1 else -1)
                        if flip:
                            small = wi.smallest(sig) if rest is oids else nsmallest(4, rest)
                            if flip > 0:
                                g_n += len(rest)
                                g_small.extend(small)
                            else:
                                l_n += len(rest)
                                l_small.extend(small)
                    if shared is not None:
                        g4, l4 = nsmallest(4, g_small), nsmallest(4, l_small)
                        shared.totals[id(flips)] = (flips, g_n, l_n, g4, l4)
                if flips_used is not None:
                    flips_used.append(flips)
                gained, lost = g_small, l_small
            if gained or lost:
                # a reason names the first four in id order (_names): no need to sort them all
                return _reason(
                    a,
                    b,
                    DependencyKind.APPLIES_TO,
                    gained=_names(nsmallest(4, gained), names),
                    gained_count=len(gained) if g_n < 0 else g_n,
                    lost=_names(nsmallest(4, lost), names),
                    lost_count=len(lost) if l_n < 0 else l_n,
                )
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
            return _reason(
                a, b, DependencyKind.WHAT_IT_DOES, objects=_names(differ, names), count=len(differ)
            )
    if flips_used is not None and not reads_objects and not part.params_vary(spec):
        flips_used.append(NO_SIGNATURES)  # nothing of b's objects was read (but a's source)
    return None


def alike_base(a: Eff, sub: str, state: State, begun: dict[str, tuple[str, ...]]) -> tuple[Any, ...] | None:
    """Effects that are alike for :func:`judge_pair` against a ``b`` that does not touch their
    sources, in this state, get the same verdict (only their names differ): the same spec,
    origin, begun-ness, "you" and target player, when ``a`` has no condition, names no object by
    position (``this``, ``enchanted``, targets, a name), tests nothing objects alike may differ
    in (abilities, numbers, "other than the target": ``Part.by_signature``) and does the same to
    every object. ``None`` when ``a``'s verdict may depend on ``a`` itself. Only a cache key
    (:meth:`~rulekit.mtg.engine.dependency.Judge.judge` uses it only when ``b`` does not touch
    ``a``'s source)."""
    spec = a.spec
    if spec is None:
        return None
    memo = caches.ALIKE_OK
    hit = memo.get((id(spec), sub))
    if hit is not None and hit[0] is spec:
        ok = hit[1]
    else:
        sel = spec.affects
        ok = (
            spec.condition is None
            and not PARTS[sub].params_vary(spec)
            and not (sel is not None and not all(p.by_signature for p in sel.parts))
        )
        if len(memo) > caches.ALIKE_OK_MAX:
            memo.clear()
        memo[(id(spec), sub)] = (spec, ok)  # the spec is kept alive, so its id is not reused
    if not ok:
        return None
    if a.origin == "resolved":
        you = a.controller
    else:
        src = state.objs.get(a.source) if a.source else None
        you = src.controller if src is not None else a.controller
    return (id(spec), a.origin, a.id in begun or a.locked is not None, you, a.target_player)


def as_alike(r: DepResult, a: Eff) -> DepResult:
    """The verdict ``r`` of an alike effect, for ``a`` (its id and name in the reason)."""
    return DepResult(a.id, r.depends_on, r.kind, (r.params[0], ("effect", a.name), *r.params[2:]))


def as_alike_of(r: DepResult, a: Eff, b: Eff) -> DepResult:
    """The verdict ``r`` of an alike effect against an alike ``b`` (``Judge.judge``'s
    ``across``), for ``a`` against ``b`` (their ids and names in the reason)."""
    return DepResult(a.id, b.id, r.kind, (("by", b.name), ("effect", a.name), *r.params[2:]))
