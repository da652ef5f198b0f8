"""Applying one effect part: the objects it applies to (611.2c, 611.3a, 613.6) and applying it
to all of them at once (every parameter read before anything changes)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from rulekit.mtg.engine.effects import Eff
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.select import Ctx, make_ctx, select
from rulekit.mtg.engine.state import State, sig_of


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
    return select(spec.affects, state, ctx)


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


def _apply_shared(eff: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
    """A part without parameters gives alike objects alike results: each distinct before-value
    is computed once (a cache keyed by the part's :meth:`shared_key`, checked for equality)."""
    part = PARTS[sub]
    names = part.shared
    assert names is not None
    get = SHARED_GET[sub]
    keyf = part.shared_key
    single = len(names) == 1
    # before-value -> (it, the after-value, old signature -> new signature): on the main state,
    # objects of one signature with one before-value get one new signature (everything else a
    # signature holds is unchanged), worked out once
    done: dict[Any, tuple[Any, Any, dict[int, int]]] = {}
    objs = state.objs
    main = state.owned is None
    old_sig: int | None = None
    for oid in ids:
        if main:
            obj = objs[oid]
            old_sig = obj.sig
            obj.sig = None
        else:
            obj = state.w(oid)
        before = get(obj)
        key = keyf(before)
        hit = done.get(key)
        if hit is not None and hit[0] == before:
            if single:
                setattr(obj, names[0], hit[1])
            else:
                for name, value in zip(names, hit[1], strict=True):
                    setattr(obj, name, value)
            if old_sig is not None:
                new_sig = hit[2].get(old_sig)
                if new_sig is None:
                    hit[2][old_sig] = sig_of(obj)
                else:
                    obj.sig = new_sig
            continue
        part.apply(eff, obj, None)
        entry = done[key] = (before, get(obj), {})
        if old_sig is not None:
            entry[2][old_sig] = sig_of(obj)
