"""Objects grouped by signature for the dependency test (:mod:`rulekit.mtg.engine.dependency`):
objects alike (same signature, :func:`rulekit.mtg.engine.state.sig_of`) flip alike in a
selector, so 613.8a's counterfactual test looks at one object of each group. Only a cache.
"""

from __future__ import annotations

from heapq import nsmallest

from rulekit.mtg.engine.state import Moves, State, sig_of


class ObjectGroups:
    """An effect's objects grouped by signature, kept current as objects change (only a cache:
    :meth:`WhatIf.groups` computed afresh gives the same groups, perhaps in another order).

    The groups follow the state's own signature index (``State.where``, kept by
    :meth:`State.reindex`): :meth:`update` moves whole moves of objects at once."""

    __slots__ = ("ids", "idset", "groups", "state", "_small")

    def __init__(self, ids: tuple[str, ...], state: State) -> None:
        self.ids = ids
        self.idset = frozenset(ids)
        self.groups: dict[int, set[str]] = {}
        self.state = state
        #: signature -> the four smallest ids of its group (for a reason's names; only a cache)
        self._small: dict[int, list[str]] = {}
        index = state.index
        if index is not None and len(index) < len(ids):
            idset, groups = self.idset, self.groups
            for sig, bucket in index.items():
                common = idset.intersection(bucket)
                if common:
                    groups[sig] = set(common)
        else:
            self._add(ids)

    def smallest(self, sig: int) -> list[str]:
        """The four smallest ids of a group (a reason names four, :func:`dependency._names`)."""
        got = self._small.get(sig)
        if got is None:
            got = self._small[sig] = nsmallest(4, self.groups[sig])
        return got

    def _add(self, ids: tuple[str, ...] | frozenset[str]) -> None:
        groups, where, objs, small = self.groups, self.state.where, self.state.objs, self._small
        for oid in ids:
            sig = where.get(oid)
            if sig is None:
                sig = sig_of(objs[oid])
            small.pop(sig, None)
            group = groups.get(sig)
            if group is None:
                groups[sig] = {oid}
            else:
                group.add(oid)

    def rebase(self, ids: tuple[str, ...], state: State) -> None:
        """The effect's objects are now ``ids``: drop the objects gone, group the objects new
        (the others are current, kept so by :meth:`update`)."""
        idset = frozenset(ids)
        self.state = state
        gone = self.idset - idset
        if gone:
            self._small.clear()
            groups = self.groups
            for sig in list(groups):
                group = groups[sig]
                group.difference_update(gone)
                if not group:
                    del groups[sig]
        self._add(idset - self.idset)
        self.ids, self.idset = ids, idset

    def update(self, moves: Moves) -> dict[tuple[int, int], str]:
        """Move the objects of the step's signature moves (:meth:`State.reindex`) that are in
        these groups; return the moves made here: ``(old signature, new signature)`` -> one
        object that made it."""
        out: dict[tuple[int, int], str] = {}
        groups, idset = self.groups, self.idset
        current = True
        for move, movers in moves.movers.items():
            mine = idset.intersection(movers)
            if not mine:
                continue
            out[move] = min(mine)
            if not current:
                continue
            old, new = move
            self._small.pop(old, None)
            self._small.pop(new, None)
            group = groups.get(old)
            if group is None or not mine <= group:
                current = False  # not kept current (never expected): grouped afresh below
                continue
            group.difference_update(mine)
            if not group:
                del groups[old]
            target = groups.get(new)
            if target is None:
                groups[new] = set(mine)
            else:
                target.update(mine)
        if not current:
            self.groups = {}
            self._small.clear()
            self._add(self.ids)
        return out
