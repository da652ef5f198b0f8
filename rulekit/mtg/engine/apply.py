"""Applying one effect part: the objects it applies to (611.2c, 611.3a, 613.6) and applying it
to all of them at once (every parameter read before anything changes)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any

from rulekit.mtg.engine import caches
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.select import Ctx, SelectorKey, make_ctx, select, selector_key
from rulekit.mtg.engine.state import Obj, State, sig_of
from rulekit.mtg.selectors import Selector

#: the sublayers before layer 4, where an object's card types are not yet settled: there
#: "enchanted creature" names the attached-to object whatever it is (Selector.attached_untyped)
TYPES_UNSETTLED = frozenset({"copy", "face_down", "control", "text"})


def affected_set(
    eff: Eff, sub: str, state: State, ctx: Ctx, begun: dict[str, tuple[str, ...]]
) -> tuple[str, ...]:
    """Which objects an effect applies to in this sublayer.

    * 611.2c: a resolved effect's set was locked when it began (``eff.locked``);
    * 613.6: an effect that began applying in an earlier layer keeps the same set;
    * 611.3a: otherwise a static effect applies to whatever its selector names now.
    """
    if eff.id in begun:
        return begun[eff.id]
    if eff.locked is not None:
        return tuple(o for o in eff.locked if o in state.objs and state.objs[o].zone is not None)
    spec = eff.spec
    assert spec is not None
    if spec.affects is None:
        if eff.origin == "resolved" and eff.targets:
            return tuple(t for t in eff.targets if t in state.objs and state.objs[t].zone is not None)
        return (eff.source,) if eff.source and state.objs[eff.source].zone is not None else ()
    if eff.origin == "cda":
        return (eff.source,) if eff.source else ()
    if sub in TYPES_UNSETTLED:
        return select(spec.affects.attached_untyped, state, ctx)
    return select(spec.affects, state, ctx)


#: a selector's key (:func:`~rulekit.mtg.engine.select.selector_key`) -> (the selector, the objects
#: it names): the sets named in one state (:func:`shared_affected_set`; only a cache, a new one
#: for each state)
SetMemo = dict[SelectorKey, tuple[Selector, tuple[str, ...]]]


def shared_affected_set(
    eff: Eff, sub: str, state: State, ctx: Ctx, begun: dict[str, tuple[str, ...]], memo: SetMemo
) -> tuple[str, ...]:
    """:func:`affected_set`, one tuple for the effects whose selector names objects by their
    signatures alone (:attr:`~rulekit.mtg.selectors.Selector.by_signature`) with the same
    :func:`~rulekit.mtg.engine.select.selector_key`, in the state ``memo`` was made for (copies
    of one card name the same objects: selected once, and the caches keyed by a set's identity
    serve them all)."""
    spec = eff.spec
    sel = spec.affects if spec is not None else None
    own = eff.origin == "cda" or eff.locked is not None or eff.id in begun  # its own set
    if sel is None or not sel.by_signature or own or not caches.GROUPS:
        return affected_set(eff, sub, state, ctx, begun)
    key = selector_key(sel, ctx)
    got = memo.get(key)
    if got is None or got[0] is not sel:
        got = memo[key] = (sel, select(sel, state, ctx))  # the selector kept: its id is not reused
    return got[1]


def apply_effect(eff: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
    """Apply one effect part to a set of objects, simultaneously: every parameter (an
    expression's value, a copied object's values) is read before anything changes."""
    part = PARTS[sub]
    uses = part.uses_params(eff.spec)
    if part.shared is not None and not uses:
        _apply_shared(eff, sub, state, ids)
        return
    ctx = make_ctx(eff, state)
    params = [part.params(eff, state.objs[oid], state, ctx) if uses else None for oid in ids]
    for oid, param in zip(ids, params, strict=True):
        part.apply(eff, state.w(oid), param)


#: attrgetters of each part's shared slots (built once).
SHARED_GET = {sub: attrgetter(*p.shared) for sub, p in PARTS.items() if p.shared is not None}


def _make_setter(names: tuple[str, ...]) -> Callable[[Obj, Any], None]:
    """The inverse of ``attrgetter(*names)``: ``put(obj, values)`` sets those slots, written out
    as one assignment (a loop of setattr is several times slower, and it runs for every object a
    shared part applies to)."""
    if len(names) == 1:
        body = f"obj.{names[0]} = values"
    else:
        body = ", ".join(f"obj.{n}" for n in names) + " = values"
    scope: dict[str, Any] = {}
    exec(f"def put(obj, values):\n    {body}\n", scope)  # noqa: S102 - from the parts' constant slot names
    return scope["put"]  # type: ignore[no-any-return]


#: setters of each part's shared slots, ``SHARED_SET[sub](obj, SHARED_GET[sub](other))``.
SHARED_SET = {sub: _make_setter(p.shared) for sub, p in PARTS.items() if p.shared is not None}


def shared_path(part: Any, eff: Eff, state: State) -> bool:
    """Whether ``eff`` applies through the :attr:`~LayerPart.shared` cache on the main state
    (:func:`apply_shared_main`)."""
    return (
        caches.GROUPS and part.shared is not None and state.owned is None and not part.uses_params(eff.spec)
    )


def apply_shared_main(
    eff: Eff, sub: str, state: State, ids: tuple[str, ...], snapshot: Callable[[Obj], Any]
) -> list[tuple[str, Any]]:
    """:func:`_apply_shared` on the main state, also telling what changed: the objects whose
    shared values changed, each with its ``snapshot`` taken before, in ``ids`` order. A part
    without parameters writes only its shared slots and gives alike before-values alike results,
    so each distinct before-value is worked out once, and an object it leaves as it was keeps
    its signature untouched."""
    part = PARTS[sub]
    names = part.shared
    assert names is not None and state.owned is None
    get = SHARED_GET[sub]
    keyf = part.shared_key
    put = SHARED_SET[sub]
    keeps = part.keeps_signature(eff.spec)
    # before-value -> (it, the after-value, whether it differs, old signature -> new signature)
    done: dict[Any, tuple[Any, Any, bool, dict[int, int]]] = {}
    objs = state.objs
    touched: list[tuple[str, Any]] = []
    for oid in ids:
        obj = objs[oid]
        before = get(obj)
        key = keyf(before)
        hit = done.get(key)
        if hit is None or hit[0] != before:
            old_sig = obj.sig if obj.sig is not None else sig_of(obj)
            raw = snapshot(obj)
            part.apply(eff, obj, None)
            after = get(obj)
            hit = done[key] = (before, after, after != before, {})
            if not hit[2]:
                obj.sig = old_sig
                continue
            touched.append((oid, raw))
            obj.sig = old_sig if keeps else None
            hit[3][old_sig] = old_sig if keeps else sig_of(obj)
            continue
        if hit[2]:
            old_sig = obj.sig if obj.sig is not None else sig_of(obj)
            touched.append((oid, snapshot(obj)))
        # set even when equal: alike objects then hold the very same values, so that caches
        # keyed by their identity (``shared_key``) keep hitting in later steps
        put(obj, hit[1])
        if not hit[2]:
            continue  # equal values: its signature stands
        new_sig = hit[3].get(old_sig)
        if new_sig is None:
            obj.sig = old_sig if keeps else None
            hit[3][old_sig] = old_sig if keeps else sig_of(obj)
        else:
            obj.sig = new_sig
    return touched


def same_for_all_main(part: Any, eff: Eff, state: State) -> bool:
    """Whether ``eff`` applies through :func:`apply_same_main`: on the main state, by a part
    that keeps signatures and does the same to every object (its parameters, if any, cannot
    vary: :meth:`~LayerPart.params_vary`), outside the :attr:`~LayerPart.shared` path."""
    spec = eff.spec
    return (
        caches.GROUPS
        and state.owned is None
        and spec is not None
        and part.keeps_signature(spec)
        and not part.params_vary(spec)
        and not shared_path(part, eff, state)
    )


def apply_same_main(
    eff: Eff, sub: str, state: State, ids: tuple[str, ...], snapshot: Callable[[Obj], Any]
) -> list[tuple[str, Any]]:
    """:func:`apply_effect` for :func:`same_for_all_main`, also telling what changed (as
    :func:`apply_shared_main`). Its parameter is the same for every object, so it is read once,
    before anything changes; nothing a selector reads changes, so every signature stands."""
    part = PARTS[sub]
    objs = state.objs
    if not ids:
        return []
    uses = part.uses_params(eff.spec)
    param = part.params(eff, objs[ids[0]], state, make_ctx(eff, state)) if uses else None
    apply = part.apply
    touched: list[tuple[str, Any]] = []
    for oid in ids:
        obj = objs[oid]
        before = snapshot(obj)
        apply(eff, obj, param)
        if snapshot(obj) != before:
            touched.append((oid, before))
    return touched


def _apply_shared(eff: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
    """A part without parameters gives alike objects alike results: each distinct before-value
    is computed once (a cache keyed by the part's :meth:`shared_key`, checked for equality)."""
    part = PARTS[sub]
    names = part.shared
    assert names is not None
    get = SHARED_GET[sub]
    keyf = part.shared_key
    put = SHARED_SET[sub]
    done: dict[Any, tuple[Any, Any]] = {}
    for oid in ids:
        obj = state.w(oid)
        before = get(obj)
        key = keyf(before)
        hit = done.get(key)
        if hit is not None and hit[0] == before:
            put(obj, hit[1])
            continue
        part.apply(eff, obj, None)
        done[key] = (before, get(obj))
