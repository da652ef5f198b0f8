"""Objects grouped by signature for the dependency test (:mod:`rulekit.mtg.engine.dependency`):
objects alike (same signature, :func:`rulekit.mtg.engine.state.sig_of`) flip alike in a
selector, so 613.8a's counterfactual test looks at one object of each group. Only a cache.
"""

from __future__ import annotations

from heapq import nsmallest
from itertools import groupby

from rulekit.mtg.engine.state import Moves, State, sig_of


class ObjectGroups:
    """An effect's objects grouped by signature, kept current as objects change (only a cache:
    :meth:`WhatIf.groups` computed afresh gives the same groups, perhaps in another order).

    The groups follow the state's own signature index (``State.where``, kept by
    :meth:`State.reindex`): :meth:`update` moves whole moves of objects at once."""

    __slots__ = ("ids", "idset", "groups", "state", "_small", "users", "totals")

    def __init__(self, ids: tuple[str, ...], state: State, idset: frozenset[str] | None = None) -> None:
        self.ids = ids
        self.idset = frozenset(ids) if idset is None else idset
        #: how many effects share these groups (:class:`GroupPool`)
        self.users = 1
        self.groups: dict[int, set[str]] = {}
        self.state = state
        #: signature -> the four smallest ids of its group (for a reason's names; only a cache)
        self._small: dict[int, list[str]] = {}
        #: id of a flip table -> (the table, how many objects it gains and loses over these
        #: groups, the four smallest of each), for a dependent whose source is none of these
        #: objects (:func:`~rulekit.mtg.engine.pair.judge_pair`; only a cache, emptied whenever
        #: the groups change)
        self.totals: dict[int, tuple[dict[int, int], int, int, list[str], list[str]]] = {}
        if state.index is not None and state.where.keys() >= self.idset:
            # the state's index knows every object's signature; a selector's ids come bucket by
            # bucket, so they are grouped run by run
            groups = self.groups
            for sig, run in groupby(ids, state.where.__getitem__):
                group = groups.get(sig)
                if group is None:
                    groups[sig] = set(run)
                else:
                    group.update(run)
        else:
            self._add(ids)

    def smallest(self, sig: int) -> list[str]:
        """The four smallest ids of a group (a reason names four, :func:`dependency._names`)."""
        got = self._small.get(sig)
        if got is None:
            got = self._small[sig] = nsmallest(4, self.groups[sig])
        return got

    def first(self, sig: int) -> str:
        """The smallest id of a group."""
        got = self._small.get(sig)
        return got[0] if got is not None else min(self.groups[sig])

    def _add(self, ids: tuple[str, ...] | frozenset[str]) -> None:
        groups, where, objs = self.groups, self.state.where, self.state.objs
        came: dict[int, list[str]] = {}
        for oid in ids:
            sig = where.get(oid)
            if sig is None:
                sig = sig_of(objs[oid])
            group = groups.get(sig)
            if group is None:
                groups[sig] = {oid}
            else:
                group.add(oid)
            if sig in self._small:
                came.setdefault(sig, []).append(oid)
        for sig, oids in came.items():
            self._came(sig, oids)

    def _came(self, sig: int, oids: list[str] | set[str] | frozenset[str]) -> None:
        """Objects joined a group: its four smallest ids, if known, stay known (they are the four
        smallest of the old four and the newcomers)."""
        got = self._small.get(sig)
        if got is not None:
            self._small[sig] = nsmallest(4, [*got, *oids])

    def _take(self, sig: int, group: set[str], oids: set[str] | frozenset[str]) -> None:
        """Objects left a group: it goes when empty; its four smallest ids, if known, stay known
        unless one of them left."""
        group.difference_update(oids)
        if not group:
            del self.groups[sig]
            self._small.pop(sig, None)
            return
        got = self._small.get(sig)
        if got is not None and not oids.isdisjoint(got):
            del self._small[sig]

    def rebase(self, ids: tuple[str, ...], state: State) -> None:
        """The effect's objects are now ``ids``: drop the objects gone, group the objects new
        (the others are current, kept so by :meth:`update`)."""
        idset = frozenset(ids)
        self.state = state
        self.totals.clear()
        gone = self.idset - idset
        if gone:
            groups = self.groups
            for sig in list(groups):
                self._take(sig, groups[sig], gone)
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
            group = groups.get(old)
            if group is None or not mine <= group:
                current = False  # not kept current (never expected): grouped afresh below
                continue
            self._take(old, group, mine)
            target = groups.get(new)
            if target is None:
                groups[new] = set(mine)
                self._small.pop(new, None)
            else:
                target.update(mine)
                self._came(new, mine)
        if out:
            self.totals.clear()  # some of these objects moved: the totals over them are stale
        if not current:
            self.groups = {}
            self._small.clear()
            self._add(self.ids)
        return out


class GroupPool:
    """Each effect's :class:`ObjectGroups`, one shared by the effects whose sets name the same
    objects (copies of one card), and moved once per step for all of them. Only a cache: every
    effect sees the groups its own set would give."""

    def __init__(self) -> None:
        self.of: dict[str, ObjectGroups] = {}
        self._ids: dict[str, tuple[str, ...]] = {}  # effect -> the set its groups were made for
        self._by_set: dict[frozenset[str], ObjectGroups] = {}
        #: id of the tuple a groups object in ``_by_set`` was made (or rebased) for -> it,
        #: dropped with it (and checked when read: its ``ids`` is that very tuple)
        self._by_tuple: dict[int, ObjectGroups] = {}

    def get(self, eff_id: str) -> ObjectGroups | None:
        return self.of.get(eff_id)

    def for_effect(self, eff_id: str, ids: tuple[str, ...], state: State) -> ObjectGroups:
        """The groups of ``eff_id``'s set ``ids``: kept, rebased when only this effect uses them,
        or shared with another effect whose set names the same objects."""
        og = self.of.get(eff_id)
        if og is not None and self._ids.get(eff_id) is ids:
            return og
        # another effect's groups made for this very tuple (effects alike share their sets,
        # :func:`~rulekit.mtg.engine.apply.shared_affected_set`): no set to build or compare
        same = self._by_tuple.get(id(ids))
        if same is not None and same.ids is not ids:
            same = None
        self._ids[eff_id] = ids
        if same is not None and same is og:
            return og
        if og is not None:
            if og.users == 1 and same is None:
                self._unregister(og)
                og.rebase(ids, state)
                if self._by_set.setdefault(og.idset, og) is og:
                    self._by_tuple[id(ids)] = og
                return og
            self._release(og)
        if same is not None:
            og = same
            og.users += 1
        else:
            key = frozenset(ids)
            og = self._by_set.get(key)
            if og is None:
                og = self._by_set[key] = ObjectGroups(ids, state, key)
                self._by_tuple[id(ids)] = og
            else:
                og.users += 1
        self.of[eff_id] = og
        return og

    def leave(self, eff_id: str) -> None:
        """An effect applied or gone: it no longer uses its groups."""
        og = self.of.pop(eff_id, None)
        self._ids.pop(eff_id, None)
        if og is not None:
            self._release(og)

    def _release(self, og: ObjectGroups) -> None:
        """One effect fewer uses ``og``; once none does, nobody moves it any more: it is no
        longer found for a set."""
        og.users -= 1
        if og.users == 0:
            self._unregister(og)

    def _unregister(self, og: ObjectGroups) -> None:
        """``og`` is no longer the groups of its set (nor of its tuple)."""
        if self._by_set.get(og.idset) is og:
            del self._by_set[og.idset]
            if self._by_tuple.get(id(og.ids)) is og:
                del self._by_tuple[id(og.ids)]

    def update(self, eff_ids: set[str], moves: Moves) -> dict[str, dict[tuple[int, int], str]]:
        """:meth:`ObjectGroups.update` for these effects' groups, each shared one moved once."""
        done: dict[int, dict[tuple[int, int], str]] = {}
        out: dict[str, dict[tuple[int, int], str]] = {}
        for eff_id in eff_ids:
            og = self.of.get(eff_id)
            if og is None:
                continue
            got = done.get(id(og))
            if got is None:
                got = done[id(og)] = og.update(moves) if moves.movers else {}
            out[eff_id] = got
        return out

    def clear(self) -> None:
        self.of.clear()
        self._ids.clear()
        self._by_set.clear()
        self._by_tuple.clear()
