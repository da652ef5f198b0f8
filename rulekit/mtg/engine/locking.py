"""611.2c locking and 608.2b target checks: what a resolved effect fixes when it resolves.

Both are evaluated against the layered game just before the ``resolve`` event: the solve of the
scenario's prefix, as deep as the check reads (:class:`rulekit.mtg.engine.history.History`).
"""

from __future__ import annotations

from typing import Any

from rulekit.mtg.codes import EventKind, NoteCode
from rulekit.mtg.engine import caches
from rulekit.mtg.engine.compiled import Compiled
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.effects import resolve_ref, static_effects_of
from rulekit.mtg.engine.history import FULL, History, depth_for, first_sublayer
from rulekit.mtg.engine.select import ANY, Ctx, eval_expr, matches, select, selector_reads
from rulekit.mtg.engine.state import State
from rulekit.mtg.expressions import TargetRule
from rulekit.mtg.selectors import compare


def lock_resolved(
    comp: Compiled, history: History, depth: int = FULL, effects: list[Eff] | None = None
) -> None:
    """611.2c (see :func:`lock_sets`) and 400.7: an object that changed zones after the effect
    resolved is a new object, not in the set the effect locked (a flickered creature returns
    without the pump or type change that resolved for it)."""
    effects = comp.resolved if effects is None else effects
    lock_sets(comp, history, depth, effects)
    last_move = comp.last_zone_change()
    for eff in effects:
        if eff.locked and eff.event_index is not None and eff.event_index < last_move:
            i = eff.event_index
            eff.locked = tuple(o for o in eff.locked if not comp.new_object_since(o, i))


def lock_sets(comp: Compiled, history: History, depth: int = FULL, effects: list[Eff] | None = None) -> None:
    """611.2c and "X is fixed": a resolved effect that names objects by a selector fixes the set
    when it resolves; expressions other than X are fixed then too. Both are evaluated against
    the state just before the ``resolve`` event (``history.before(i, ...)``: the layered state of
    the scenario's first ``i`` events, as deep as the check reads). A solve through ``depth``
    object sublayers locks only the effects that act there (``effects``: only those of
    ``comp.resolved``)."""
    for eff in comp.resolved if effects is None else effects:
        if depth < FULL and first_sublayer(eff) >= depth:
            continue
        spec = eff.spec
        assert spec is not None
        if rules_only(eff):
            # 611.2c: an effect that changes no object's characteristics or controller changes the
            # rules: it is not locked, and affects objects that qualify only later (run_rules)
            continue
        needs_set, needs_x, needs_targets = _needs(eff)
        if not needs_set:
            if spec.affects is not None and spec.affects.is_this:
                eff.locked = (eff.source,) if eff.source else ()
            else:
                eff.locked = eff.targets if eff.targets else ((eff.source,) if eff.source else ())
        if not (needs_set or needs_x or needs_targets) or eff.event_index is None:
            continue
        lock_depth = _lock_depth(eff, needs_set, needs_x, needs_targets)
        # the same effect, as made, locked against the same game: the answer of an earlier
        # (prefix) solve of this history (only a cache, History.locks)
        key = (eff.event_index, eff.id, eff.active, eff.note_code, eff.note_params, lock_depth)
        kept = history.locks.get(key) if caches.PREFIX_SAVINGS else None
        if kept is not None:
            eff.locked, fixed, eff.active, eff.note_code, eff.note_params = kept
            eff.fixed = dict(fixed) if fixed is not None else None
            continue
        _lock_one(eff, history.before(eff.event_index, lock_depth), comp, needs_set, needs_x, needs_targets)
        if caches.PREFIX_SAVINGS:
            fixed = dict(eff.fixed) if eff.fixed is not None else None
            history.locks[key] = (eff.locked, fixed, eff.active, eff.note_code, eff.note_params)


def _lock_one(
    eff: Eff, state: State, comp: Compiled, needs_set: bool, needs_x: bool, needs_targets: bool
) -> None:
    """:func:`lock_sets` for one effect, in ``state`` (the layered game before its event)."""
    spec = eff.spec
    assert spec is not None
    src_obj = state.objs.get(eff.source) if eff.source else None
    targets = eff.targets
    if needs_targets:
        assert spec.target_rule is not None
        targets = check_targets_on_resolution(eff, spec.target_rule, state, comp.names)
        if spec.affects is None:
            eff.locked = targets
        if not targets:
            return
    ctx = Ctx(src_obj, eff.controller, targets, eff.target_player, state.players)
    if needs_set:
        assert spec.affects is not None
        eff.locked = tuple(sorted(select(spec.affects, state, ctx)))
    if needs_x and eff.locked is not None:
        eff.fixed = {}
        for oid in eff.locked:
            if oid not in state.objs:
                continue
            for e in spec.exprs:
                if not e.constant and e.kind != "x":
                    eff.fixed[(oid, e.text)] = eval_expr(e, state.objs[oid], eff, state, ctx)


def _needs(eff: Eff) -> tuple[bool, bool, bool]:
    """What ``eff`` fixes when it resolves: its set (a selector other than "this"), values other
    than X, and its targets' legality (608.2b, while it is in force)."""
    spec = eff.spec
    assert spec is not None
    needs_set = spec.affects is not None and not spec.affects.is_this
    needs_x = any(not e.constant and e.kind != "x" for e in spec.exprs)
    needs_targets = spec.target_rule is not None and bool(eff.targets) and eff.active
    return needs_set, needs_x, needs_targets


def _lock_depth(eff: Eff, needs_set: bool, needs_x: bool, needs_targets: bool) -> int:
    """How deep the game before ``eff``'s event is read: the selector's characteristics; fixed
    values and a target's characteristic or bound may read anything (power, toughness, counts)."""
    spec = eff.spec
    assert spec is not None
    reads = selector_reads(spec.affects) if needs_set else frozenset()
    rule = spec.target_rule if needs_targets else None
    if rule is not None:
        reads |= selector_reads(rule.selector)
    deep = needs_x or (rule is not None and (rule.attr is not None or rule.expr is not None))
    return FULL if deep else depth_for(reads)


def warm_locks(comp: Compiled, history: History, depth: int = FULL) -> None:
    """Ask the history for the games :func:`lock_sets` will read, before the shallower readers
    of 611.2b durations do: a game solved deeper answers a shallower reader too
    (:meth:`History.before`), so each prefix is solved once, at the depth its deepest reader
    needs. Only an order of work: every state is the one that would be solved anyway."""
    for eff in comp.resolved:
        if eff.event_index is None or (depth < FULL and first_sublayer(eff) >= depth):
            continue
        needs = _needs(eff)
        if any(needs) and not rules_only(eff):
            history.before(eff.event_index, _lock_depth(eff, *needs))


#: the parts of an effect that change no object's characteristics or controller (611.2c: they
#: change the rules of the game, or players)
RULES_PARTS = frozenset({"players", "rules"})


def changes_objects(sublayers: tuple[str, ...]) -> bool:
    """Whether an effect with these parts changes some object's characteristics or controller
    (611.2c: only those parts of a resolved effect lock the set of objects they affect)."""
    return any(s not in RULES_PARTS for s in sublayers)


def rules_only(eff: Eff) -> bool:
    """611.2c: a resolved effect that names objects by a selector but changes none of their
    characteristics or control (and has no targets) changes the rules: nothing of it is locked."""
    spec = eff.spec
    assert spec is not None
    named = spec.affects is not None and not spec.affects.is_this
    return named and not changes_objects(spec.sublayers) and spec.target_rule is None


#: at most this many copy effects of one scenario hold their values (each needs a solve of the
#: scenario up to the moment it began, and a copy of a copy solves the earlier one's again)
MAX_HELD_COPIES = 4

#: what a copy reads of the game when it begins (707.2): the copiable values, after layer 1
_COPY_DEPTH = 2


def copy_starts(comp: Compiled) -> list[tuple[int, Eff]]:
    """The copy effects (layer 1) and the event at which each began (707.2): a static copy
    ability ("enters as a copy", 614.1c) begins when its object entered (its last ``enter``
    event; 0 for an object listed in its zone), a resolved one when it resolved. Sorted by that
    moment."""
    last_enter: dict[str, int] = {}
    for j, ev in enumerate(comp.scenario.events):
        if ev.kind == EventKind.ENTER:
            for oid in ev.objects:
                last_enter[oid] = j
    out: list[tuple[int, Eff]] = []
    for oid, obj in comp.base.items():
        if obj.zone is None:
            continue
        for e in static_effects_of(obj, comp.names, "copy"):
            out.append((last_enter.get(oid, 0), e))
    for e in comp.resolved:
        if e.active and "copy" in e.sublayers and e.event_index is not None:
            out.append((e.event_index, e))
    return sorted(out, key=lambda x: (x[0], x[1].sort_key))


def hold_copies(comp: Compiled, history: History) -> None:
    """707.2 and the Clone rulings: a copy effect takes the copiable values of the original as
    they are when it begins (as its object enters, or when it resolves), including the
    original's own copy effects and exceptions then (707.9b) and its face-down values (708.10),
    and keeps them: when the original's copiable values change later (it becomes a copy of
    something else, or its copy effect ends), an existing copy does not change, and a copy made
    later copies the original as it is then. The values are read in the layered game just
    before that moment (``history.before(i, ...)``, its copiable values after layer 1); a copy
    whose moment is after every event reads them as they are (no solve needed). At most
    :data:`MAX_HELD_COPIES` copy effects hold (later ones read the original as it is now)."""
    events = len(comp.base_at)  # the events replayed (a prefix's compile stops early)
    for i, eff in copy_starts(comp)[:MAX_HELD_COPIES]:
        spec = eff.spec
        if spec is None or spec.value("copy") is None or i >= events:
            continue
        state = history.before(i, _COPY_DEPTH)
        src = state.objs.get(eff.source) if eff.source else None
        ctx = Ctx(
            src,
            eff.controller or (src.controller if src else None),
            eff.targets,
            eff.target_player,
            state.players,
        )
        affected = set(eff.locked or ()) | ({eff.source} if eff.origin == "static" and eff.source else set())
        ids = [o for o in select(spec.value("copy"), state, ctx) if o not in affected]
        if ids and ids[0] in state.copiable:
            comp.held[eff.id] = state.copiable[ids[0]]


#: what "you control X" reads of the layered game (611.2b): who controls X (layer 2)
_CONTROL_READS = frozenset({("controller", ANY)})


def check_layered_durations(
    comp: Compiled, history: History, top_level: bool, depth: int = FULL, effects: list[Eff] | None = None
) -> None:
    """611.2b with "for as long as you control X": the condition reads the game as the layers
    have made it (who controls X after control-changing effects, rules-notes "Conditions and
    durations read the game as it is"). If it is already false when the effect would begin (the
    layered game just before the ``resolve`` event), the effect never starts; if it is false in
    the game now (``history.now()``: the layered game after every event, this effect in force),
    it has ended. An ended duration stays ended (611.2b): the layered game after every later event
    is asked too (``history.before(j, ...)``), so "for as long as you control X" does not begin
    again when you regain X. Only the ``top_level`` solve asks the games after it (no regress
    inside the prefix solves); a solve through ``depth`` object sublayers checks only the effects
    that act there (``effects``: only those of ``comp.resolved``)."""
    for eff in comp.resolved if effects is None else effects:
        spec = eff.spec
        if not eff.layered_condition or not eff.active or spec is None or spec.condition is None:
            continue
        if depth < FULL and first_sublayer(eff) >= depth:
            continue
        cond = spec.condition
        i = eff.event_index if eff.event_index is not None else 0
        if not _controls(comp, eff, history.before(i, depth_for(_CONTROL_READS))):
            eff.active, eff.note_code, eff.note_params = (
                False,
                NoteCode.NEVER_STARTED,
                (("condition", cond.text),),
            )
            continue
        if not top_level:
            continue
        ended = False
        # the games after each later event, each different one once (History.starts_between)
        for j in history.starts_between(i + 1, len(comp.base_at), depth_for(_CONTROL_READS)):
            if not _controls(comp, eff, history.before(j, depth_for(_CONTROL_READS))):
                ended = True
                break
        if not ended:
            ended = not _controls(comp, eff, history.now(depth_for(_CONTROL_READS)))
        if ended:
            eff.active, eff.note_code, eff.note_params = False, NoteCode.ENDED, (("condition", cond.text),)


def _controls(comp: Compiled, eff: Eff, state: State) -> bool:
    """Does the effect's controller control the condition's object (on the battlefield) in ``state``?"""
    assert eff.spec is not None and eff.spec.condition is not None
    oid = resolve_ref(comp.defs, eff.spec.condition.obj, eff.source)
    obj = state.objs.get(oid) if oid is not None else None
    return obj is not None and obj.zone == "battlefield" and obj.controller == eff.controller


def check_targets_on_resolution(
    eff: Eff, rule: TargetRule, state: State, names: dict[str, str]
) -> tuple[str, ...]:
    """608.2b (with 601.2c): as a spell or ability resolves, each target is checked again against
    what the effect says its targets must be (``targets_must``, LANGUAGE.md §3), in ``state``: the
    layered game just before the ``resolve`` event. Returns the legal targets; an illegal target
    is not affected. If every target is illegal the effect does nothing: ``eff.active`` becomes
    False with a note naming the rule and each failed target; if only some are, the note names them.
    """
    ctx = Ctx(
        state.objs.get(eff.source) if eff.source else None,
        eff.controller,
        eff.targets,
        eff.target_player,
        state.players,
    )
    legal: list[str] = []
    why: list[tuple[tuple[str, Any], ...]] = []
    for oid in eff.targets:
        obj = state.objs.get(oid)
        name = names.get(oid, oid)
        if obj is None or obj.zone is None or not matches(rule.selector, obj, ctx):
            where = obj.zone if obj is not None and obj.zone else "not in the game"
            why.append(
                (("code", "not_a"), ("name", name), ("selector", rule.selector.text), ("where", where))
            )
            continue
        if rule.attr is not None and rule.expr is not None:
            value = getattr(obj, rule.attr)
            bound = eval_expr(rule.expr, obj, eff, state, ctx)
            if value is None or not compare(value, rule.op, bound):
                why.append(
                    (
                        ("code", "bad_value"),
                        ("name", name),
                        ("characteristic", rule.attr.replace("_", " ")),
                        ("value", value),
                        ("op", rule.op),
                        ("bound", bound),
                        ("expr", rule.expr.text),
                    )
                )
                continue
        legal.append(oid)
    if why:
        eff.note_code = NoteCode.ILLEGAL_TARGET
        eff.note_params = (("all", not legal), ("rule", rule.text), ("failures", tuple(why)))
        if not legal:
            eff.active = False
    return tuple(legal)
