"""The counterfactual of 613.8a (:mod:`rulekit.mtg.engine.dependency`): effect ``b`` applied to the
current state, worked out lazily, one object at a time or as a whole forked state; and a
signature's flip for a kept verdict, worked out on one of its objects.
"""

from __future__ import annotations

from collections.abc import Callable
from heapq import nsmallest
from typing import Any

from rulekit.mtg.engine.apply import SHARED_GET, SHARED_SET, apply_effect
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.groups import ObjectGroups
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.pruning import writes_of
from rulekit.mtg.engine.select import make_ctx, matcher
from rulekit.mtg.engine.state import Obj, State, sig_of

#: the "flip table" of a verdict that read nothing of ``b``'s objects but ``a``'s source
NO_SIGNATURES: dict[int, int] = {}


class WhatIf:
    """Effect ``b`` applied to the current state, computed lazily for counterfactual checks:
    one object at a time (:meth:`after`), or as a whole forked state (:meth:`fork`)."""

    def __init__(
        self,
        b: Eff,
        sub: str,
        state: State,
        ids: tuple[str, ...],
        shared: ObjectGroups | None = None,
        alike: dict[Any, tuple[Any, Any]] | None = None,
    ) -> None:
        self.b, self.sub, self.state, self.ids = b, sub, state, ids
        #: before-value -> after-value of the part's shared slots, for a part without
        #: parameters (alike objects, alike results: ``apply._apply_shared``; only a cache)
        self.alike = alike
        self.idset: set[str] | frozenset[str] = shared.idset if shared is not None else set(ids)
        self.ctx = make_ctx(b, state)
        self.writes = writes_of(b, sub)
        self._after: dict[str, Obj] = {}
        self.shared = shared
        self._groups: dict[int, set[str]] | dict[int, dict[str, None]] | None = (
            shared.groups if shared is not None else None
        )
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
            alike = self.alike
            if alike is not None:
                assert part.shared is not None
                get = SHARED_GET[self.sub]
                before = get(obj)
                key = part.shared_key(before)
                hit = alike.get(key)
                if hit is not None and hit[0] == before:
                    SHARED_SET[self.sub](got, hit[1])
                else:
                    part.apply(self.b, got, None)
                    alike[key] = (before, get(got))
            else:
                uses = part.uses_params(self.b.spec)
                part.apply(self.b, got, part.params(self.b, obj, self.state, self.ctx) if uses else None)
            self._after[oid] = got
        return got

    def groups(self) -> dict[int, set[str]] | dict[int, dict[str, None]]:
        """``b``'s objects grouped by signature (objects alike are judged once)."""
        if self._groups is None:
            groups: dict[int, dict[str, None]] = {}
            objs = self.state.objs
            for oid in self.ids:
                obj = objs[oid]
                sig = obj.sig
                if sig is None:
                    sig = sig_of(obj)
                g = groups.get(sig)
                if g is None:
                    groups[sig] = {oid: None}
                else:
                    g[oid] = None
            self._groups = groups
        return self._groups

    def smallest(self, sig: int) -> list[str]:
        """The four smallest ids of a signature group of ``b``'s objects."""
        if self.shared is not None:
            return self.shared.smallest(sig)
        return nsmallest(4, self.groups()[sig])

    def first(self, sig: int) -> str:
        """The smallest id of a signature group of ``b``'s objects."""
        if self.shared is not None:
            return self.shared.first(sig)
        return min(self.groups()[sig])

    def fork(self) -> State:
        if self._fork is None:
            self._fork = self.state.fork()
            apply_effect(self.b, self.sub, self._fork, self.ids)
        return self._fork


class Flips:
    """A signature's flip for a verdict's pair, read from the verdict's flip table or, when the
    signature is new, worked out on one object of it as :func:`judge_pair` does (``a``'s
    selector tested on the object and on it with ``b`` applied) and written into the table. A
    signature no object of which can be tested (only ``a``'s source has it) gives ``None``."""

    def __init__(
        self, sub: str, state: State, alike_results: Callable[[Eff], dict[Any, tuple[Any, Any]] | None]
    ) -> None:
        self.sub, self.state, self.alike_results = sub, state, alike_results
        self.members: dict[str, Any] = {}
        self.whatifs: dict[str, WhatIf] = {}

    def get(self, fl: dict[int, int], sig: int, oid: str, a: Eff, b: Eff) -> int | None:
        v = fl.get(sig)
        if v is not None:
            return v
        sel = a.spec.affects if a.spec is not None else None
        if oid == a.source or sel is None or fl is NO_SIGNATURES:
            return None
        member = self.members.get(a.id)
        if member is None:
            member = self.members[a.id] = matcher(sel, make_ctx(a, self.state), self.state.memo)
        wi = self.whatifs.get(b.id)
        if wi is None:
            wi = self.whatifs[b.id] = WhatIf(b, self.sub, self.state, (), None, self.alike_results(b))
        obj = self.state.objs[oid]
        wi.idset = {oid}
        m0, m1 = member(obj), member(wi.after(oid))
        v = fl[sig] = 0 if m0 == m1 else (1 if m1 else -1)
        return v
