"""Objects grouped by signature for the dependency test (:mod:`rulekit.mtg.engine.dependency`):
objects alike (same signature, :func:`rulekit.mtg.engine.state.sig_of`) flip alike in a
selector, so 613.8a's counterfactual test looks at one object of each group. Only a cache.
"""

from __future__ import annotations

from rulekit.mtg.engine.state import State, sig_of


class ObjectGroups:
    """An effect's objects grouped by signature, kept current as objects change (only a cache:
    :meth:`WhatIf.groups` computed afresh gives the same groups, perhaps in another order)."""

    __slots__ = ("ids", "idset", "groups", "sig")

    def __init__(self, ids: tuple[str, ...], state: State) -> None:
        self.ids = ids
        self.idset = frozenset(ids)
        self.groups: dict[int, dict[str, None]] = {}
        self.sig: dict[str, int] = {}
        for oid in ids:
            sig = sig_of(state.objs[oid])
            self.sig[oid] = sig
            self.groups.setdefault(sig, {})[oid] = None

    def rebase(self, ids: tuple[str, ...], state: State) -> None:
        """The effect's objects are now ``ids``: drop the objects gone, group the objects new
        (the others are current, kept so by :meth:`update`)."""
        idset = frozenset(ids)
        groups, sigs = self.groups, self.sig
        for oid in self.idset - idset:
            old = sigs.pop(oid)
            group = groups[old]
            del group[oid]
            if not group:
                del groups[old]
        for oid in ids:
            if oid not in sigs:
                sig = sigs[oid] = sig_of(state.objs[oid])
                groups.setdefault(sig, {})[oid] = None
        self.ids, self.idset = ids, idset

    def update(self, changed: set[str], state: State) -> dict[tuple[int, int], str]:
        """Move the changed objects to the groups of their new signatures; return the moves
        made: ``(old signature, new signature)`` -> one object that made it."""
        moves: dict[tuple[int, int], str] = {}
        if not changed:
            return moves
        objs = state.objs
        for oid in changed.intersection(self.idset):
            old = self.sig[oid]
            new = sig_of(objs[oid])
            if new == old:
                continue
            moves.setdefault((old, new), oid)
            group = self.groups[old]
            del group[oid]
            if not group:
                del self.groups[old]
            self.groups.setdefault(new, {})[oid] = None
            self.sig[oid] = new
        return moves
