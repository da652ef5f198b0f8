"""The layer loop (CR 613.1-613.11): copiable values -> layers 1-7 -> players -> rules.

:func:`solve` replays the scenario (:mod:`.replay`), locks what resolved effects fix (611.2c,
608.2b: :mod:`.locking`), then applies each sublayer in order (:data:`rulekit.mtg.model.SUBLAYERS`,
each one a class in :mod:`.layers`). Inside one (:func:`run_sublayer`): CDAs first (613.3), then
the rest in timestamp order (613.7) unless dependency says otherwise (613.8, :mod:`.dependency`),
judged again after every applied effect (613.8c). Player effects (613.10), then rules effects
(613.11). Every step is written down by :mod:`.record`.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from rulekit import limits
from rulekit.errors import N_, Phrase, ScenarioError, shown
from rulekit.mtg.codes import EventKind, NameCode, NoteCode, Origin, Why
from rulekit.mtg.engine import caches
from rulekit.mtg.engine.apply import SetMemo, affected_set, shared_affected_set
from rulekit.mtg.engine.carry import (
    Carried,
    carried_on,
    forward_check,
    forward_turn_end,
    snapshot_before,
    summarise,
)
from rulekit.mtg.engine.compiled import Compiled
from rulekit.mtg.engine.dependency import Delta, Judge, Row
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.effects import (
    EXISTENCE_READS,
    exists_until_abilities_change,
    face_down_effect,
    resolved_status,
    static_effects_of,
    still_exists,
    turn_end_of,
)
from rulekit.mtg.engine.history import FULL, OBJECT_SUBLAYERS, History, Solver, first_sublayer
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.layers.control import CONTROLLER
from rulekit.mtg.engine.layers.copy import copiable_snapshot
from rulekit.mtg.engine.layers.players import (
    DEFAULT_MAX_HAND_SIZE,
    PlayersPart,
    RulesPart,
    objects_within_range,
)
from rulekit.mtg.engine.layers.pt import CountersPart, counter_effects
from rulekit.mtg.engine.locking import check_layered_durations, hold_copies, lock_resolved, warm_locks
from rulekit.mtg.engine.order import choose_next
from rulekit.mtg.engine.pruning import overlaps, writes_of
from rulekit.mtg.engine.record import (
    Run,
    SolveTooLarge,
    apply_recorded,
    effect_infos,
    freeze_rules,
    record_step,
)
from rulekit.mtg.engine.replay import compile_scenario, listed_effects
from rulekit.mtg.engine.select import Key, SelectorKey, make_ctx, move_flips, reselect, select, selector_reads
from rulekit.mtg.engine.state import Moves, State, make_view
from rulekit.mtg.kinds.copy import makes_entry_choices
from rulekit.mtg.model import LAYER_LABELS, Scenario, build_spec, layer_label
from rulekit.mtg.trace import PlayerView, Trace
from rulekit.yamlsrc import suggest

#: an old set, a flip table, the new set they give and its Delta (a step's sets followed
#: through its moves, shared by the effects alike; only a cache)
_Followed = tuple[tuple[str, ...], dict[tuple[int, int], int], tuple[str, ...], Delta]


def gather(
    sub: str,
    state: State,
    resolved: list[Eff],
    begun_effects: dict[str, Eff],
    run: Run,
    disabled: frozenset[str],
) -> list[Eff]:
    """The effects with a part in this sublayer: static/CDA effects generated now, effects that
    already began (613.6, kept even if their ability is gone), and active resolved effects."""
    out: dict[str, Eff] = {}
    for obj in state.objs.values():
        if obj.zone is None:
            continue
        if sub == "face_down":
            if obj.face_down:
                e = face_down_effect(obj, run.names)
                out[e.id] = e
            continue
        if not obj.abilities:
            continue
        for e in static_effects_of(obj, run.names, sub):
            if e.id in begun_effects:
                continue
            out[e.id] = e
    for eid, e in begun_effects.items():
        if e.spec is not None and sub in e.spec.sublayers:
            out[eid] = e
    for e in resolved:
        if e.active and sub in e.sublayers:
            out[e.id] = e
    for eid in list(out):
        if eid in disabled:
            e = out.pop(eid)
            e.active, e.note_code = False, NoteCode.SWITCHED_OFF
            run.saw(e)
        else:
            run.saw(out[eid])
    return sorted(out.values(), key=lambda e: e.sort_key)


def set_stale(e: Eff, wrote: frozenset[Key], touched: set[str], begun: dict[str, tuple[str, ...]]) -> bool:
    """After an effect applied: may ``e``'s affected set have changed? (Only then is it recomputed.)"""
    if e.id in begun or e.locked is not None:
        return False
    if e.source in touched:
        return True  # its "you", "other", attachment or text may have changed
    spec = e.spec
    return spec is not None and overlaps(selector_reads(spec.affects), wrote)


def newly_granted(
    chosen: Eff,
    sub: str,
    state: State,
    ids: tuple[str, ...],
    run: Run,
    pending: list[Eff],
    begun: dict[str, tuple[str, ...]],
) -> list[Eff]:
    """Rules-notes "Abilities granted in a layer that act in the same layer": an effect that
    grants an ability which itself generates an effect in this same layer (an Aura giving an
    Equipment "equipped creature has flying", both layer 6) brings that effect into this layer,
    to be applied after it; its timestamp follows 613.7a (the later of its object's and the
    granting effect's, :func:`rulekit.mtg.engine.timestamps.static_timestamp`).

    707.5 likewise: an object that enters as a copy takes effect of the copied "as [this]
    enters" abilities (208.2b): a Clone of Primal Clay sets its own values on top of the copied
    ones, after its copy effect, in layer 1."""
    spec = chosen.spec
    if spec is None:
        return []
    entering_copy = sub == "copy" and spec.value("copy") is not None and makes_entry_choices(chosen)
    granted = (ab for pairs in spec.kinds.values() for kind, value in pairs for ab in kind.grants(value))
    if not entering_copy and not any(
        ab.generates and ab.spec is not None and sub in ab.spec.sublayers for ab in granted
    ):
        return []
    known = {e.id for e in pending} | set(begun)
    out: list[Eff] = []
    for oid in ids:
        for e in static_effects_of(state.objs[oid], run.names, sub):
            if e.id in known or (entering_copy and (e.spec is None or e.spec.value("as_enters") is None)):
                continue
            known.add(e.id)
            run.saw(e)
            if e.id in run.disabled:
                e.active, e.note_code = False, NoteCode.SWITCHED_OFF
                continue
            out.append(e)
    return out


def same_objects(
    new_ids: tuple[str, ...],
    eff_id: str,
    sets: dict[str, tuple[str, ...]],
    members: dict[str, frozenset[str]],
) -> bool:
    """Whether ``new_ids`` names the same objects as ``sets[eff_id]`` (in any order)."""
    old = sets[eff_id]
    if len(new_ids) != len(old):
        return False
    if new_ids == old:
        return True
    known = members.get(eff_id)
    if known is None:
        known = members[eff_id] = frozenset(old)
    return known.issuperset(new_ids)


def effects_of(pending: list[Eff]) -> list[Eff]:
    """The pending entries that are effects: 613.4c current's counters are applied among them in
    timestamp order but are no effects, so no dependency is judged on them (613.8a)."""
    if not any(e.origin == Origin.COUNTERS for e in pending):
        return pending
    return [e for e in pending if e.origin != Origin.COUNTERS]


def by_sort_key(pending: list[Eff], effect_id: str) -> tuple[float, str]:
    """The timestamp order key of a pending effect."""
    return next(e.sort_key for e in pending if e.id == effect_id)


def run_sublayer(
    sub: str,
    state: State,
    effects: list[Eff],
    begun: dict[str, tuple[str, ...]],
    begun_effects: dict[str, Eff],
    run: Run,
) -> None:
    """613.3-613.8 inside one layer or sublayer: CDAs first (613.3/613.4a), then the rest in
    timestamp order unless dependency says otherwise, judged again after every effect (613.8c).

    ``effects`` come in timestamp order (:func:`gather`), and the effects still to apply
    (``pending``) are kept in it, so the earliest is always the first (613.7)."""
    layer = _Sublayer(sub, state, begun, begun_effects, run)
    for e in effects:
        if e.origin == Origin.CDA:
            layer.apply_cda(e)
    layer.start([e for e in effects if e.origin != Origin.CDA])
    while layer.drop_ended():
        step = layer.choose_next()
        ids, moves, wrote = layer.apply(step)
        layer.judge_again(step.chosen, ids, moves, wrote)


@dataclass
class _Step:
    """The effect chosen to apply next, and why (613.7, 613.8b): the dependency rows judged before
    it, the applied effects it waited on, the loop it is in, and the earlier effects that wait on it."""

    chosen: Eff
    why: Why
    rows: list[Row]
    loop: tuple[str, ...]
    waited: tuple[str, ...] = ()
    waited_by: tuple[str, ...] = ()
    now: SetMemo = field(default_factory=dict)


class _Sublayer:
    """One run of :func:`run_sublayer`: the effects still to apply and what is known of them."""

    def __init__(
        self,
        sub: str,
        state: State,
        begun: dict[str, tuple[str, ...]],
        begun_effects: dict[str, Eff],
        run: Run,
    ) -> None:
        self.sub, self.state, self.begun, self.begun_effects, self.run = sub, state, begun, begun_effects, run
        self.pending: list[Eff] = []
        #: the affected set of each pending effect, as last selected (only a cache)
        self.sets: dict[str, tuple[str, ...]] = {}
        self.members: dict[str, frozenset[str]] = {}  # sets[e] as a set (only a cache, for same_objects)
        #: effect id -> the effects it was found to depend on (613.8a)
        self.waited: dict[str, set[str]] = {}
        self.judged = run.dependency and PARTS[sub].judged
        self.judge = Judge(sub, state, begun, run.names, run.judged)
        #: effects found to exist, with their sources, that no step since may have ended (611.3b: a
        #: step that writes what :data:`EXISTENCE_READS` names, on the effect's source; only a
        #: cache of :func:`still_exists`)
        self.exists: dict[str, str | None] = {}

    def apply_cda(self, e: Eff) -> None:
        """613.3 / 613.4a: a characteristic-defining ability applies first, in its own step."""
        ids = affected_set(e, self.sub, self.state, make_ctx(e, self.state), self.begun)
        self.begun.setdefault(e.id, ids)
        self.begun_effects.setdefault(e.id, e)
        apply_recorded(self.run, e, self.sub, self.state, ids, Why.CDA, (), [], ())

    def start(self, rest: list[Eff]) -> None:
        self.pending = list(rest)
        self.judge.all_effects = [
            e for e in rest if e.origin != Origin.COUNTERS
        ]  # counters are no effects (613.8a)

    def drop_ended(self) -> bool:
        """611.3b: an effect whose source no longer has its ability (removed by an earlier step)
        does not apply; its note names the layer and what removed it. Whether any effect is left."""
        alive = []
        run = self.run
        for e in self.pending:
            if e.id in self.begun or e.id in self.exists:
                alive.append(e)
            elif still_exists(e, self.state, self.sub):
                alive.append(e)
                if exists_until_abilities_change(e):
                    self.exists[e.id] = e.source
            else:
                params: tuple[tuple[str, Any], ...] = (("layer", layer_label(self.sub, run.ruleset)),)
                blame = run.removed_by.get(e.id)
                if blame is not None:
                    params = (("by", run.seen[blame].name), *params)
                run.removed_note.setdefault(e.id, (NoteCode.ABILITY_REMOVED, params))
        self.pending = alive
        return bool(alive)

    def choose_next(self) -> _Step:
        """613.8b: the next effect applies after those it depends on, else by timestamp (613.7)."""
        pending, sets = self.pending, self.sets
        step = _Step(pending[0], Why.TIMESTAMP, [], ())  # the earliest (pending is in timestamp order)
        plain = effects_of(pending) if self.judged else pending
        if self.judged and len(plain) > 1 and self.judge.may_depend(plain):
            for e in pending:
                if e.id not in sets:
                    sets[e.id] = shared_affected_set(
                        e, self.sub, self.state, make_ctx(e, self.state), self.begun, step.now
                    )
            step.rows = self.judge.judge(plain, sets)
            self._note_waits(step.rows)
            step.chosen, step.why, step.loop = choose_next(pending, step.rows)
        chosen = step.chosen
        step.waited = tuple(sorted(x for x in self.waited.get(chosen.id, ()) if x in self.run.applied_ids))
        if step.why == Why.TIMESTAMP and step.waited:
            step.why = Why.DEPENDENCY
        if step.why == Why.TIMESTAMP and step.rows:
            # it goes before earlier-timestamped effects only because they wait on it (613.8a)
            on_chosen = next((row for row in step.rows if row.on == chosen.id), None)
            if on_chosen is not None:
                step.waited_by = tuple(
                    d.effect for d in on_chosen.deps if by_sort_key(pending, d.effect) < chosen.sort_key
                )
            if step.waited_by:
                step.why = Why.WAITED_ON
        return step

    def _note_waits(self, rows: list[Row]) -> None:
        for row in rows:
            if row.recorded is not None:
                continue  # a row recorded at an earlier step: its effects are noted already
            for d in row.deps:
                if d.recorded is None:
                    on = self.waited.get(d.effect)
                    if on is None:
                        on = self.waited[d.effect] = set()
                    on.add(d.depends_on)

    def apply(self, step: _Step) -> tuple[tuple[str, ...], Moves, frozenset[Key]]:
        """Apply the chosen effect to its affected set and record the step; an ability it grants
        that acts in this layer joins the pending effects (rules-notes)."""
        chosen, sub, state, begun = step.chosen, self.sub, self.state, self.begun
        if chosen.id in self.sets:
            ids = self.sets.pop(chosen.id)
        else:
            ids = shared_affected_set(chosen, sub, state, make_ctx(chosen, state), begun, step.now)
        begun.setdefault(chosen.id, ids)
        self.begun_effects.setdefault(chosen.id, chosen)
        moves = apply_recorded(
            self.run, chosen, sub, state, ids, step.why, step.waited, step.rows, step.loop, step.waited_by
        )
        wrote = writes_of(chosen, sub)
        if self.exists and overlaps(EXISTENCE_READS, wrote):
            # it may have ended the effects of the objects it applied to (each is asked again)
            hit = frozenset(ids)
            self.exists = {eid: src for eid, src in self.exists.items() if src not in hit}
        pending = self.pending
        del pending[next(i for i, e in enumerate(pending) if e is chosen)]  # by identity (no field compare)
        granted = newly_granted(chosen, sub, state, ids, self.run, pending, begun)
        if granted:
            self.pending = sorted(pending + granted, key=lambda e: e.sort_key)
            self.judge.add(granted)
        return ids, moves, wrote

    def judge_again(self, chosen: Eff, ids: tuple[str, ...], moves: Moves, wrote: frozenset[Key]) -> None:
        """613.8c: after each applied effect, the sets it may have changed are found again and
        the verdicts that read them are judged again."""
        if not self.sets:
            return
        sets, sub, state = self.sets, self.sub, self.state
        touched = set(ids)
        stale = set()
        deltas: dict[str, Delta] = {}  # how each stale set changed
        # a selector's context ("you", its text) stands when its source was touched by a
        # part that writes no controller and rewrites no text, unless the source itself
        # moved signature (it may be "other" than what it names)
        context_kept = sub not in ("copy", "text") and not overlaps(CONTROLLER, wrote)
        moved: set[str] | None = None
        follow_memo = _FollowMemo()
        for e in self.pending:
            if e.id not in sets or not set_stale(e, wrote, touched, self.begun):
                continue
            if self.judged and (e.id in self.exists or still_exists(e, state, sub)):
                ctx = make_ctx(e, state)
                sel = e.spec.affects if e.spec is not None else None
                follow = sel is not None and e.origin != Origin.CDA
                if follow and e.source in touched:
                    if moved is None:
                        moved = {o for movers in moves.movers.values() for o in movers}
                    follow = context_kept and e.source not in moved
                flips = None
                if follow and sel is not None and caches.GROUPS:
                    flips = move_flips(sel, ctx, state, moves, follow_memo.step_flips)
                if flips is not None:
                    if not any(flips.values()):
                        continue  # its objects moved only between signatures it treats alike
                    deltas[e.id], sets[e.id] = follow_memo.follow(sets[e.id], flips, moves)
                else:
                    new_ids = shared_affected_set(e, sub, state, ctx, self.begun, follow_memo.after)
                    if same_objects(new_ids, e.id, sets, self.members):
                        continue  # same objects: the old set (and what was judged on it) stands
                    old_set = self.members.get(e.id) or frozenset(sets[e.id])
                    new_set = frozenset(new_ids)
                    deltas[e.id] = Delta(new_set - old_set, old_set - new_set)
                    sets[e.id] = new_ids
            else:
                del sets[e.id]
            self.members.pop(e.id, None)
            stale.add(e.id)
        self.judge.applied(self.run.last_changed, stale, effects_of(self.pending), wrote, deltas, moves)


class _FollowMemo:
    """Sets followed through one step's signature moves, shared by effects alike (only a cache)."""

    def __init__(self) -> None:
        #: this step's flips, shared by effects alike
        self.step_flips: dict[SelectorKey, dict[tuple[int, int], int] | None] = {}
        #: the sets named in the state after the step
        self.after: SetMemo = {}
        #: (id of an old set, id of a flip table) -> (them, the new set, its Delta): both kept
        #: alive in the value
        self.followed: dict[tuple[int, int], _Followed] = {}

    def follow(
        self, old_ids: tuple[str, ...], flips: dict[tuple[int, int], int], moves: Moves
    ) -> tuple[Delta, tuple[str, ...]]:
        """What a set names now, from what it named and the objects that moved (found once for
        effects of one set and one flip table)."""
        got = self.followed.get((id(old_ids), id(flips)))
        if got is None or got[0] is not old_ids or got[1] is not flips:
            new_ids, came, went = reselect(old_ids, flips, moves.movers)
            # each move's objects share its new signature (and had its old one)
            came_sigs: dict[int, str] = {}
            for m, f in flips.items():
                if f > 0:
                    came_sigs.setdefault(m[1], moves.movers[m][0])
            went_sigs = {m[0] for m, f in flips.items() if f < 0}
            got = self.followed[(id(old_ids), id(flips))] = (
                old_ids,
                flips,
                new_ids,
                Delta(came, went, came_sigs, went_sigs),
            )
        return got[3], got[2]


def run_players(effects: list[Eff], state: State, players: dict[str, list[str]], run: Run) -> None:
    """613.10, in timestamp order (:class:`~rulekit.mtg.engine.layers.players.PlayersPart`)."""
    part = PARTS["players"]
    assert isinstance(part, PlayersPart)
    for e in sorted(effects, key=lambda e: e.sort_key):
        who, changes = part.apply_to_players(e, state, players)
        record_step(run, e, "players", Why.TIMESTAMP, (), who, changes, [], ())


def run_rules(effects: list[Eff], state: State, rules: dict[str, Any], run: Run) -> None:
    """613.11, in timestamp order (:class:`~rulekit.mtg.engine.layers.players.RulesPart`)."""
    part = PARTS["rules"]
    assert isinstance(part, RulesPart)
    for e in sorted(effects, key=lambda e: e.sort_key):
        spec = e.spec
        assert spec is not None
        # which kinds apply to the objects it names (a prevention that names none, every source, 615)
        named = spec.affects is not None or bool(e.targets)
        names_objects = any(kind.names_objects(value, named) for kind, value in spec.kinds_in("rules"))
        affected = rules_affected(e, state) if names_objects else ()
        touched, changes = part.apply_to_rules(e, state, rules, affected)
        record_step(run, e, "rules", Why.TIMESTAMP, (), touched, changes, [], ())


def rules_affected(e: Eff, state: State) -> tuple[str, ...]:
    """The objects a rules part applies to. 611.2c: a part that changes the rules, not an
    object's characteristics or controller, is not locked even when a spell or ability made it:
    what its selector names is read in the game as it is now, so a creature that entered, or a
    land that became a creature, after "Prevent all damage creatures would deal this turn"
    resolved is affected too (its targets, if it has them, stay its targets)."""
    spec = e.spec
    assert spec is not None
    ctx = make_ctx(e, state)
    if e.origin == "resolved" and spec.affects is not None and not spec.affects.is_this:
        ids = tuple(select(spec.affects, state, ctx))
    else:
        ids = affected_set(e, "rules", state, ctx, {})
    return objects_within_range(ids, ctx.you, state)


def layer_objects(
    comp: Compiled, ruleset: str, dependency: bool, history: History, top_level: bool, depth: int = FULL
) -> tuple[State, Run, dict[str, Eff], dict[str, Any]]:
    """Lock what resolved effects fix (611.2c, 608.2b, 611.2b: :mod:`.locking`), then apply the
    first ``depth`` object sublayers (613.1-613.8). Returns the state, the run's bookkeeping, the
    effects that began and the objects' views before any layer."""
    scn = comp.scenario
    if caches.PREFIX_SAVINGS:
        warm_locks(comp, history, depth)
    check_layered_durations(comp, history, top_level, depth)
    lock_resolved(comp, history, depth)
    hold_copies(comp, history)
    objs = {oid: o.copy() for oid, o in comp.base.items()}
    state = State(objs, scn.players)
    state.held = comp.held
    state.build_index()
    initial = {oid: make_view(o) for oid, o in objs.items() if o.zone is not None} if top_level else {}
    run = Run(ruleset, comp.names, dependency, scn.disabled, record=top_level)
    begun: dict[str, tuple[str, ...]] = {}
    begun_effects: dict[str, Eff] = {}
    disabled = scn.disabled
    counters_eff = Eff(
        id="counters",
        name="Counters (+1/+1, -1/-1)",
        name_code=NameCode.COUNTERS,
        source=None,
        origin=Origin.COUNTERS,
        timestamp=None,
        spec=build_spec({}),
        text="+1/+1 and -1/-1 counters",
    )
    for sub in OBJECT_SUBLAYERS[:depth]:
        if sub == "pt_counters":
            if ruleset == "current":
                continue  # 613.4c: applied in 7c with the other modifications (counter_effects)
            ids = CountersPart.affected(state)
            if ids and "counters" not in disabled:
                run.seen["counters"] = counters_eff
                apply_recorded(run, counters_eff, sub, state, ids, Why.COUNTERS, (), [], ())
            continue
        effects = gather(sub, state, comp.resolved, begun_effects, run, disabled)
        if sub == "pt_modify" and ruleset == "current" and "counters" not in disabled:
            counted = counter_effects(state, comp.counter_stamps, run.names)
            counted = [e for e in counted if e.id not in disabled]
            effects = sorted(effects + counted, key=lambda e: e.sort_key)
            run.seen.update({e.id: e for e in counted})
        if effects:
            run_sublayer(sub, state, effects, begun, begun_effects, run)
        if sub == "face_down" and not top_level:
            state.copiable = copiable_snapshot(state)  # what a copy made at this moment takes
    return state, run, begun_effects, initial


def solve_compiled(
    comp: Compiled, ruleset: str, dependency: bool, made: dict[int, Eff] | None = None
) -> Trace:
    """Solve a compiled scenario: every layer (:func:`layer_objects`), then players (613.10)
    and rules (613.11). Its prefix solves share one :class:`History`. A solve that goes over
    :data:`~rulekit.limits.MAX_SOLVE_EFFECTS` or :data:`~rulekit.limits.MAX_STEP_OBJECTS` is a
    located :class:`~rulekit.errors.ScenarioError` (``TOO_MANY``) naming the object whose ability
    crossed it. ``made``: the effects the ``resolve`` events made in ``comp``'s replay, as
    :func:`~rulekit.mtg.engine.replay.compile_scenario` keeps them (its prefix solves copy them).
    The pairs judged for dependency (613.8a) are counted against the call's budget (its own when
    none is open: :func:`rulekit.limits.budget`), past :data:`~rulekit.limits.MAX_PAIR_WORK` the
    same located error."""
    scn = comp.scenario
    with limits.budget(file=scn.file, input_bytes=scn.size):
        return _solve_compiled(comp, ruleset, dependency, made)


def _solve_compiled(comp: Compiled, ruleset: str, dependency: bool, made: dict[int, Eff] | None) -> Trace:
    """:func:`solve_compiled` inside its budget."""
    scn = comp.scenario
    history = History(scn, resolves_by_event(comp), _prefix_solver(ruleset))
    history.forward = forward_prefix
    if made is not None:
        history.made = made
    try:
        state, run, begun_effects, initial = layer_objects(comp, ruleset, dependency, history, True)
    except SolveTooLarge as exc:
        raise too_large(scn, exc) from None
    disabled = scn.disabled
    state.influence = dict(scn.range_of_influence)  # 801.2: effects on players reach only so far
    base_players = dict(scn.player_abilities)
    players = {p: list(base_players.get(p, ())) for p in scn.players}
    initial_players = {p: PlayerView(p, tuple(players[p])) for p in scn.players}
    run_players(gather("players", state, comp.resolved, begun_effects, run, disabled), state, players, run)
    rules: dict[str, Any] = {"max_hand_size": {p: DEFAULT_MAX_HAND_SIZE for p in scn.players}}
    initial_rules = {"max_hand_size": dict(rules["max_hand_size"])}
    run_rules(gather("rules", state, comp.resolved, begun_effects, run, disabled), state, rules, run)
    infos = effect_infos(run, comp.resolved, ruleset)
    final = {oid: make_view(o) for oid, o in state.objs.items() if o.zone is not None}
    return Trace(
        ruleset=ruleset,
        scenario=scn.name,
        effects=infos,
        steps=tuple(run.steps),
        dependencies=tuple(run.deps),
        loops=tuple(run.loops),
        initial=initial,
        final=final,
        players={p: PlayerView(p, tuple(players[p])) for p in scn.players},
        initial_players=initial_players,
        rules=freeze_rules(rules),
        initial_rules=initial_rules,
        active_player=scn.active_player,
        dependency=dependency,
    )


def solve(
    scenario: Scenario, ruleset: str = "seed", without: Iterable[str] = (), dependency: bool = True
) -> Trace:
    """Compute every object's characteristics (613) and return the :class:`Trace`.

    ``ruleset`` is ``"seed"`` (7a-7e, default) or ``"current"`` (its labels, 613.7m's APNAP
    timestamps and 613.4c's counters in 7c by timestamp).
    ``without`` switches effects off by id; ``dependency=False`` applies pure timestamp order
    (613.7 only, for comparison and benchmarks).
    """
    if ruleset not in LAYER_LABELS:
        raise ScenarioError(
            Phrase(N_("unknown ruleset '{ruleset}' (choose seed or current)"), ruleset=ruleset),
            code="BAD_RULESET",
            suggestion=suggest(ruleset, list(LAYER_LABELS)),
        )
    without = tuple(without)
    if without:
        check_effect_ids(scenario, without)  # unknown ids: one clear error
        scenario = scenario.with_disabled(without)
    with collector_paused():
        made: dict[int, Eff] = {}
        comp = compile_scenario(scenario, ruleset=ruleset, made=made)
        return solve_compiled(comp, ruleset, dependency, made)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the length of a solve (speed only: nothing a
    trace shows depends on it).

    A solve builds its trace from tens of thousands of small objects that all stay alive; each
    time enough of them survive, CPython walks every tracked object of the process (in a
    notebook, its whole heap) looking for reference cycles, and a solve makes none worth
    collecting. That walk took about a fifth of a big board's solve (``benchmarks/``). Reference
    counting still frees every other object at once, and the collector runs as before when
    the solve ends. If it was off already, it stays off.

    When the solve ends, what it built and kept (the trace) would otherwise all be young, and the
    first young collection after it would walk every one of those objects (a tenth of a big
    board's solve). So the tracked objects join the oldest generation at once
    (``gc.freeze()`` then ``gc.unfreeze()``, which moves them there without walking them), as
    any object that lives long does. Young garbage cycles made before the solve then wait for
    a full collection. Not done when something froze objects before (its frozen set is left
    alone).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def known_effect_ids(scenario: Scenario) -> list[str]:
    comp = compile_scenario(scenario)
    ids = [e.id for e in listed_effects(comp)]
    # effects of abilities granted during the solve (rare) are known after a solve; the current
    # edition's counters are named per object (<object>.counters, 613.4c)
    for ruleset in ("seed", "current"):
        trace = solve_compiled(compile_scenario(scenario, ruleset=ruleset), ruleset, True)
        for e in trace.effects:
            if e.id not in ids:
                ids.append(e.id)
    return ids


def resolves_by_event(comp: Compiled) -> dict[int, list[Eff]]:
    """The effects each ``resolve`` event made, and each ``end_of_turn`` event ended (514.2:
    "until end of turn" effects made before it), by event index, for :class:`History`."""
    out: dict[int, list[Eff]] = {i: [] for i in comp.eot_marks}
    for e in comp.resolved:
        i = e.event_index
        if i is None:
            continue
        if comp.scenario.events[i].kind == EventKind.RESOLVE:
            out.setdefault(i, []).append(e)
        end = turn_end_of(e, comp.eot_marks)
        if end is not None:
            out[end].append(e)
    return out


def _prefix_solver(ruleset: str) -> Solver:
    """How a :class:`History` solves a prefix: the scenario's first ``upto`` events (all of
    them for ``None``), dependency-aware (the game as it really was), through ``depth`` object
    sublayers; only its state is read."""

    def solve_prefix(upto: int | None, depth: int, history: History) -> State:
        if not caches.PREFIX_SAVINGS:  # every effect made afresh, none left out
            comp = compile_scenario(history.scenario, upto=upto, ruleset=ruleset)
            return layer_objects(comp, ruleset, True, history, False, depth)[0]
        comp = compile_scenario(history.scenario, upto=upto, ruleset=ruleset, depth=depth, made=history.made)
        state, run, _, _ = layer_objects(comp, ruleset, True, history, False, depth)
        if upto is not None:
            history.carried[(upto, depth)] = summarise(comp, depth, run.seen, run.step_objects)
        return state

    return solve_prefix


def forward_prefix(i: int, state: State, carried: Carried, history: History) -> tuple[State, Carried] | None:
    """The layered game before event ``i + 1`` from the game before event ``i`` (``state``, solved
    through ``carried.depth`` object sublayers), when event ``i`` is a ``resolve`` event whose
    effect may be carried forward (:mod:`.carry`: applied last in its sublayer, nothing later
    sees it), or an ``end_of_turn`` event that ends only effects acting deeper
    (:func:`~rulekit.mtg.engine.carry.forward_turn_end`); ``None`` otherwise. The effect is made,
    given its status (611.2b, 514.2) and locked (611.2c, 608.2b) as the full prefix solve would,
    then applied as that solve's layer loop applies it (:func:`run_sublayer`)."""
    scn = history.scenario
    if scn.events[i].kind == EventKind.END_OF_TURN:
        return forward_turn_end(i, state, carried, history)
    made = history.made.get(i)
    if scn.events[i].kind != EventKind.RESOLVE or made is None:
        return None
    prev, depth = carried.comp, carried.depth
    snap = snapshot_before(prev, i)
    eff = made.copy()
    acts = first_sublayer(eff) < depth
    comp = replace(
        prev,
        resolved=[*prev.resolved, eff] if acts else prev.resolved,
        resolve_ts={**prev.resolve_ts, i: eff.timestamp or 0.0},
        base_at={**prev.base_at, i: snap},
    )
    resolved_status(comp, eff)
    if not acts:
        return state, carried_on(carried, comp, None, None, None)
    check_layered_durations(comp, history, False, depth, [eff])
    lock_resolved(comp, history, depth, [eff])
    if not eff.active:
        return state, carried_on(carried, comp, None, None, None)
    sub = forward_check(carried, eff)
    if sub is None or eff.locked is None or state.index is None:
        return None
    # the game before: kept (other readers hold it); only the objects the effect applies to
    # (611.2c: its locked set) are written, so only they are copied
    objs = dict(state.objs)
    for oid in eff.locked:
        if oid in objs:
            objs[oid] = objs[oid].copy()
    after = State(objs, state.players)
    after.held, after.copiable, after.influence = state.held, state.copiable, state.influence
    after.index = {sig: dict(bucket) for sig, bucket in state.index.items()}
    after.where, after.order = dict(state.where), state.order
    run = Run(prev.ruleset, comp.names, True, scn.disabled, record=False)
    # the effects seen so far, added to (History drops the carry it came from)
    run.seen, run.step_objects = carried.seen, carried.step_objects
    run.saw(eff)
    run_sublayer(sub, after, [eff], {}, {}, run)
    return after, carried_on(carried, comp, eff, sub, run)


def too_large(scn: Scenario, exc: SolveTooLarge) -> ScenarioError:
    """The located error for a solve over its bounds: the object whose effect crossed it (for an
    effect of a granted ability, the object that has it) and the bound."""
    source = exc.eff.source
    index = next((i for i, o in enumerate(scn.objects) if o.id == source), None)
    field = f"objects[{index}].abilities" if index is not None else "events"
    line = scn.objects[index].line if index is not None else None
    unit = limits.UNITS[exc.kind]  # its bound and its message: one record per unit of work
    message = Phrase(unit.message, most=unit.limit, name=shown(exc.eff.name))
    return ScenarioError(message, file=scn.file, line=line, field=field, code="TOO_MANY")


def check_effect_ids(scenario: Scenario, ids: tuple[str, ...]) -> None:
    """Every id names an effect of the scenario (a listed one, one granted during the solve, or
    the counters step), else one clear :class:`~rulekit.errors.ScenarioError` with "did you mean"."""
    known = [e.id for e in listed_effects(compile_scenario(scenario))]
    if all(i in known for i in ids):
        return
    known = known_effect_ids(scenario)
    bad = [i for i in ids if i not in known]
    if bad:
        raise ScenarioError(
            Phrase(
                N_("no effect '{effect}' in scenario {scenario} (effects: {effects})"),
                effect=bad[0],
                scenario=scenario.name,
                effects=", ".join(sorted(known)),
            ),
            code="UNKNOWN_EFFECT",
            suggestion=suggest(bad[0], sorted(known)),
        )
