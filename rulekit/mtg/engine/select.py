"""Selection and expressions in a solve: which objects a selector names (611.3a), a number
phrase's value, and what a selector reads (for the 613.8a pruning).

The selector *language* (parsing, words) is :mod:`rulekit.mtg.selectors`; this module applies a
parsed :class:`~rulekit.mtg.selectors.Selector` to the working state. What a selector reads is
asked in one place, :func:`read_keys` (turning the selector's or expression's own
``characteristics`` into the keys layer parts write), used by :func:`selector_reads` and
:func:`expr_reads`: a new selector form declares what it reads in :mod:`rulekit.mtg.selectors`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine import caches
from rulekit.mtg.engine.state import Obj, State, sig_of
from rulekit.mtg.expressions import COMPOSITE_KINDS, Expr
from rulekit.mtg.kinds.base import ANY, Key, read_keys
from rulekit.mtg.selectors import Cond, Part, Selector
from rulekit.mtg.vocab import subtype_family

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff


@dataclass
class Ctx:
    """What a selector needs besides the object: the source, "you", targets."""

    source: Obj | None
    you: str | None
    targets: tuple[str, ...] = ()
    target_player: str | None = None
    players: tuple[str, ...] = ()


def make_ctx(eff: Eff, state: State) -> Ctx:
    """ "You" is the controller of a static ability's source now (after layer 2), or the player
    who controlled a resolved ability when it resolved."""
    src = state.objs.get(eff.source) if eff.source else None
    you = eff.controller if eff.origin == "resolved" else (src.controller if src else eff.controller)
    return Ctx(src, you, eff.targets, eff.target_player, state.players)


def match_cond(c: Cond, obj: Obj, ctx: Ctx) -> bool:
    a, op, v = c.attr, c.op, c.value
    if a == "types":
        return (v in obj.types) == (op == "has")
    if a == "subtypes":
        has = v in obj.subtypes or (obj.all_types and subtype_family(v) == "creature")
        return has == (op == "has")
    if a == "supertypes":
        return (v in obj.supertypes) == (op == "has")
    if a == "colors":
        if op == "none":
            return not obj.colors
        if op == "multi":
            return len(obj.colors) > 1
        return (v in obj.colors) == (op == "has")
    if a == "controller":
        if v == "you":
            return obj.controller == ctx.you
        if v == "opponent":
            return obj.controller != ctx.you
        return obj.controller == ctx.target_player
    if a == "owner":
        return obj.owner == ctx.you
    if a == "tapped":
        return obj.tapped == v
    if a == "face_down":  # 708.2
        return obj.face_down == v
    if a == "on_top":  # 404.2
        return obj.on_top == v
    if a == "token":
        return obj.token == v
    if a == "counters":
        return any(k == v and n > 0 for k, n in obj.counters)
    return c.test(obj, ctx)  # abilities, numbers, "other than the target" (selectors.Cond.test)


def match_part(p: Part, obj: Obj, ctx: Ctx) -> bool:
    """Does ``obj`` satisfy one part of a selector (LANGUAGE.md §4)?"""
    if obj.zone is None:
        return False
    sp = p.special
    if sp is not None:
        if sp == "this":
            return ctx.source is not None and obj.id == ctx.source.id
        if sp in ("enchanted", "equipped"):
            # "enchanted creature": the attached-to object, if it has that type (p.conds)
            attached = ctx.source is not None and ctx.source.attached_to == obj.id
            return attached and all(match_cond(c, obj, ctx) for c in p.conds)
        if sp == "targets":
            return obj.id in ctx.targets
        if sp == "named":
            return obj.id == p.name or obj.name.lower() == p.name.lower()
    z = p.zone
    if z == "battlefield":
        if obj.zone != "battlefield":
            return False
    elif z == "not_battlefield":
        if obj.zone == "battlefield":
            return False
    elif z != "any" and obj.zone != z:
        return False
    if p.zone_owner == "you" and obj.owner != ctx.you:
        return False
    if p.other and ctx.source is not None and obj.id == ctx.source.id:
        return False
    return all(match_cond(c, obj, ctx) for c in p.conds)


def positional_ids(sel: Selector, ctx: Ctx) -> frozenset[str] | None:
    """The only objects ``sel`` can name when every part names objects by position ("this",
    "enchanted", "equipped", the targets), else ``None`` (some part may name any object).
    :func:`match_part` is false for every other object, so a test over many objects may look
    at these alone: a speed-up, never a different answer.

    >>> from rulekit.mtg.selectors import parse_selector
    >>> positional_ids(parse_selector("creatures you control"), Ctx(source=None, you="p1")) is None
    True
    """
    ids: set[str] = set()
    for p in sel.parts:
        sp = p.special
        if sp == "targets":
            ids.update(ctx.targets)
        elif sp in ("this", "enchanted", "equipped"):
            src = ctx.source
            named = None if src is None else (src.id if sp == "this" else src.attached_to)
            if named is not None:
                ids.add(named)
        else:
            return None
    return frozenset(ids)


def part_member(p: Part, obj: Obj, ctx: Ctx, memo: dict[Any, Any]) -> bool:
    """:func:`match_part`, memoised by object signature for parts that test only what objects
    alike share (:attr:`~rulekit.mtg.selectors.Part.by_signature`)."""
    if not p.by_signature:
        return match_part(p, obj, ctx)
    if p.other and ctx.source is not None and obj.id == ctx.source.id:
        return False
    pm = _part_memo(p, ctx, memo)
    sig = sig_of(obj)
    v = pm.get(sig)
    if v is None:
        v = pm[sig] = match_part(p, obj, ctx)
    return v


def _part_memo(p: Part, ctx: Ctx, memo: dict[Any, Any]) -> dict[int, bool]:
    """The signature -> verdict cache of one selector part for one "you" and target player."""
    key = (id(p), ctx.you, ctx.target_player)
    pm = memo.get(key)
    if pm is None:
        pm = memo[key] = {}
    return pm


def matches(sel: Selector, obj: Obj, ctx: Ctx, memo: dict[Any, Any] | None = None) -> bool:
    if memo is None:
        return any(match_part(p, obj, ctx) for p in sel.parts)
    return any(part_member(p, obj, ctx, memo) for p in sel.parts)


def matcher(sel: Selector, ctx: Ctx, memo: dict[Any, Any]) -> Callable[[Obj], bool]:
    """``lambda obj: matches(sel, obj, ctx, memo)`` for a selector whose parts are all
    :attr:`~rulekit.mtg.selectors.Part.by_signature`, each part's signature cache looked up once."""
    src = ctx.source.id if ctx.source is not None else None
    parts = [(p.other and src is not None, _part_memo(p, ctx, memo), p) for p in sel.parts]

    def member(obj: Obj) -> bool:
        for other, pm, p in parts:
            if other and obj.id == src:
                continue
            sig = obj.sig
            if sig is None:
                sig = sig_of(obj)
            v = pm.get(sig)
            if v is None:
                v = pm[sig] = match_part(p, obj, ctx)
            if v:
                return True
        return False

    return member


def _select_part(p: Part, state: State, ctx: Ctx) -> list[str]:
    memo = state.memo
    if p.special is not None:
        if p.special == "this":
            return [ctx.source.id] if ctx.source is not None and ctx.source.zone is not None else []
        if p.special in ("enchanted", "equipped"):
            t = ctx.source.attached_to if ctx.source else None
            if t not in state.objs or state.objs[t].zone is None:
                return []
            return [t] if all(match_cond(c, state.objs[t], ctx) for c in p.conds) else []
        return [oid for oid, o in state.objs.items() if match_part(p, o, ctx)]
    if not p.by_signature or not caches.GROUPS:  # objects alike may differ there (abilities, numbers)
        return [oid for oid, o in state.objs.items() if match_part(p, o, ctx)]
    pm = _part_memo(p, ctx, memo)
    objs = state.objs
    src = ctx.source.id if p.other and ctx.source is not None else None
    out: list[str] = []
    if state.index is None:
        for oid, o in objs.items():
            if oid == src:
                continue
            sig = sig_of(o)
            v = pm.get(sig)
            if v is None:
                v = pm[sig] = match_part(p, o, ctx)
            if v:
                out.append(oid)
        return out
    # the index is keyed by the members' signatures (kept current by State.reindex)
    for sig, bucket in state.index.items():
        v = pm.get(sig)
        if v is None:
            rep = next(iter(bucket))
            if rep == src:
                rest = [o for o in bucket if o != src]
                if not rest:
                    continue
                rep = rest[0]
            v = pm[sig] = match_part(p, objs[rep], ctx)
        if v:
            if src is not None and src in bucket:
                out.extend([o for o in bucket if o != src])
            else:
                out.extend(bucket)
    return out


def move_flips(
    sel: Selector,
    ctx: Ctx,
    state: State,
    moves: dict[tuple[int, int], str],
    shared: dict[SelectorKey, dict[tuple[int, int], int] | None] | None = None,
) -> dict[tuple[int, int], int] | None:
    """How objects moving between signatures (``moves``: ``(old, new)`` -> one object that moved
    so, :meth:`State.reindex`) change what ``sel`` names: per move ``1`` (they come in), ``-1``
    (they go out) or ``0`` (the selector treats the two signatures alike). Only for selectors that
    test nothing but what objects alike share; the caller makes sure the source did not change
    ("you", attachment). ``None`` when unsure (a signature never tested, or the source is the
    object looked at for a move), so the set is selected again.

    ``shared``: the results for these ``moves`` so far, by :func:`selector_key` (what the answer
    depends on besides the source; only a cache, given the same ``moves`` each time)."""
    parts = sel.parts
    if not all(p.by_signature and p.special is None for p in parts):
        return None
    src = ctx.source.id if ctx.source is not None else None
    if src is not None and src in moves.values():
        return None
    key = selector_key(sel, ctx)
    if shared is not None and key in shared:
        return shared[key]
    got = _move_flips(sel, ctx, state, moves)
    if shared is not None:
        shared[key] = got  # the selector is kept alive by its effect: its id is not reused
    return got


#: (id of a selector, "you", the target player): see :func:`selector_key`
SelectorKey = tuple[int, str | None, str | None]


def selector_key(sel: Selector, ctx: Ctx) -> SelectorKey:
    """What names one selector's objects in one state: the selector, and "you" and the target
    player only when it reads them (:attr:`~rulekit.mtg.selectors.Selector.reads_players`), so
    that the alike effects of two players share their sets. A key for caches, the selector being
    kept alive by its effect (its id is not reused)."""
    if sel.reads_players:
        return (id(sel), ctx.you, ctx.target_player)
    return (id(sel), None, None)


def _move_flips(
    sel: Selector, ctx: Ctx, state: State, moves: dict[tuple[int, int], str]
) -> dict[tuple[int, int], int] | None:
    parts = sel.parts
    memo, objs = state.memo, state.objs
    pms = [_part_memo(p, ctx, memo) for p in parts]
    out: dict[tuple[int, int], int] = {}
    for (old, new), oid in moves.items():
        before = after = False
        for p, pm in zip(parts, pms, strict=True):
            v0 = pm.get(old)
            if v0 is None:
                return None
            v1 = pm.get(new)
            if v1 is None:
                v1 = pm[new] = match_part(p, objs[oid], ctx)
            before = before or v0
            after = after or v1
        out[(old, new)] = 0 if before == after else (1 if after else -1)
    return out


def reselect(
    old_ids: tuple[str, ...], flips: dict[tuple[int, int], int], movers: dict[tuple[int, int], list[str]]
) -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """What a selector names after a step, from what it named before (``old_ids``) and how the
    step's moves flip it (:func:`move_flips`; ``movers``: every object of each move): the new
    set, the objects that came and the objects that went. The same objects :func:`select` names
    on the new state (perhaps in another order, which nothing a trace shows depends on)."""
    came = frozenset([o for m, f in flips.items() if f > 0 for o in movers[m]])
    went = frozenset([o for m, f in flips.items() if f < 0 for o in movers[m]])
    kept = tuple([o for o in old_ids if o not in went]) if went else old_ids
    return kept + tuple(sorted(came)), came, went


def select(sel: Selector, state: State, ctx: Ctx) -> tuple[str, ...]:
    """611.3a: the objects a selector names in ``state``.

    On the main state, objects are grouped by signature, so each group is tested once, and the
    ids come group by group (an order that depends on what changed before); on a fork they come
    in the scenario's listing order. Nothing a trace shows depends on this order (a step lists
    its objects sorted and its changes in listing order, :mod:`rulekit.mtg.engine.record`).
    """
    if len(sel.parts) == 1:
        ids = _select_part(sel.parts[0], state, ctx)
    else:
        seen: dict[str, None] = {}
        for p in sel.parts:
            for oid in _select_part(p, state, ctx):
                seen[oid] = None
        ids = list(seen)
    if state.index is None and len(sel.parts) > 1:
        pos = {oid: i for i, oid in enumerate(state.objs)}
        ids.sort(key=pos.__getitem__)
    return tuple(ids)


def eval_expr(e: Expr, obj: Obj, eff: Eff, state: State, ctx: Ctx) -> int:
    """A number phrase's value for ``obj`` (LANGUAGE.md §3)."""
    if eff.fixed is not None and (obj.id, e.text) in eff.fixed:
        return eff.fixed[(obj.id, e.text)]
    if e.kind == "const":
        return e.value
    if e.kind == "x":
        base = eff.x or 0
    elif e.kind == "mana_value":
        base = obj.mana_value
    elif e.kind == "count":
        assert e.selector is not None
        base = len(select(e.selector, state, ctx))
    elif e.kind in COMPOSITE_KINDS:  # twice/half X, sums, the greatest power among, its power
        return e.combine(
            lambda sub: eval_expr(sub, obj, eff, state, ctx),
            lambda sel: [state.objs[oid] for oid in select(sel, state, ctx)],
            obj,
        )
    else:  # card_types
        assert e.selector is not None
        kinds: set[str] = set()
        for oid in select(e.selector, state, ctx):
            kinds.update(state.objs[oid].types)
        base = len(kinds)
    return e.sign * base + e.add


# ====================================================================================== reads
EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})


def selector_reads(sel: Selector | None) -> frozenset[Key]:
    """``(characteristic, value)`` pairs a selector tests (:func:`read_keys` of its
    :attr:`~rulekit.mtg.selectors.Selector.characteristics`: its conditions, zone owner and
    attachment words)."""
    if sel is None:
        return frozenset()
    memo = caches.SEL_READS
    hit = memo.get(id(sel))
    if hit is not None and hit[0] is sel:
        return hit[1]
    reads = read_keys(sel.characteristics)
    if len(memo) > caches.SEL_READS_MAX:
        memo.clear()
    memo[id(sel)] = (sel, reads)  # the selector is kept alive, so its id is not reused
    return reads


def expr_reads(e: Expr) -> frozenset[Key]:
    """What a number phrase's value reads (:func:`read_keys` of its
    :attr:`~rulekit.mtg.expressions.Expr.characteristics`: its selectors, card types, mana value,
    power or toughness)."""
    return read_keys(e.characteristics)


def resolve_player(word: str, ctx: Ctx, state: State) -> str | None:
    """A player phrase in a control part: ``you``, a player name, ``controller of X``, ``owner``."""
    low = word.lower()
    if low == "you":
        return ctx.you
    if low in ("its owner", "owner"):
        return None
    if low.startswith("controller of "):
        ref = word[len("controller of ") :]
        for o in state.objs.values():
            if o.id == ref or o.name.lower() == ref.lower():
                return o.controller
        return None
    return word
