"""Recording the trace: each applied step with its before -> after changes, the dependencies and
loops judged, and the list of effects with why each did or did not apply.

Nothing here decides a rule; it writes down what the layer loop (:mod:`rulekit.mtg.engine.loop`)
did, as the plain data of :mod:`rulekit.mtg.trace`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal, cast

from rulekit import limits
from rulekit.mtg.codes import DependencyKind, NoteCode, Origin, Why
from rulekit.mtg.engine.apply import (
    apply_effect,
    apply_same_main,
    apply_shared_main,
    same_for_all_main,
    shared_path,
)
from rulekit.mtg.engine.dependency import Row
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.state import Moves, State, change, dependency, num, sig_of, view_field
from rulekit.mtg.model import SUBLAYERS, layer_label
from rulekit.mtg.trace import Change, Dependency, EffectInfo, Step
from rulekit.mtg.vocab import ALL_CREATURE_TYPES

_RANK = {s: i for i, s in enumerate(SUBLAYERS)}


@dataclass
class Run:
    """Bookkeeping of one solve, turned into a :class:`Trace` at the end."""

    ruleset: str
    names: dict[str, str]
    dependency: bool
    disabled: frozenset[str] = frozenset()
    #: one Dependency object per distinct value (only a cache)
    dep_objs: dict[tuple[Any, ...], Dependency] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    deps: list[Dependency] = field(default_factory=list)
    dep_keys: set[tuple[str, str, str]] = field(default_factory=set)
    loops: list[tuple[str, ...]] = field(default_factory=list)
    seen: dict[str, Eff] = field(default_factory=dict)
    applied_ids: set[str] = field(default_factory=set)
    #: effect id -> the effect of its latest recorded "existence" dependency (what removed it)
    removed_by: dict[str, str] = field(default_factory=dict)
    #: effect id -> why it was gone before it applied (a note code and its parameters)
    removed_note: dict[str, tuple[NoteCode, tuple[tuple[str, Any], ...]]] = field(default_factory=dict)
    #: id of a step's objects -> (them, sorted): an effect that began in an earlier layer applies
    #: to the very same tuple again (613.6), sorted once (only a cache)
    sorted_ids: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = field(default_factory=dict)
    #: the objects every applied step affected, added up (bounded: :data:`limits.MAX_STEP_OBJECTS`)
    step_objects: int = 0
    #: whether steps are written down (a prefix solve of :class:`~rulekit.mtg.engine.history.History`
    #: is read only for its state, so it writes none)
    record: bool = True
    #: the objects the latest applied step changed
    last_changed: set[str] = field(default_factory=set)
    #: the call's budget, which the pairs judged for dependency are counted against (every solve
    #: of one call, a history's prefix solves included, spends from it: :func:`limits.budget`)
    budget: limits.Budget = field(default_factory=limits.current)

    def saw(self, eff: Eff) -> None:
        """Note an effect of this solve (at most :data:`limits.MAX_SOLVE_EFFECTS`, those that
        granted abilities generate included)."""
        self.seen.setdefault(eff.id, eff)
        if len(self.seen) > limits.MAX_SOLVE_EFFECTS:
            raise SolveTooLarge("effects", eff)

    def judged(self, eff: Eff, n: int) -> None:
        """Note the work of judging a pair against ``eff`` (613.8a): ``n`` units (one for the pair,
        one for each of ``eff``'s objects), at most the budget's ``pairs`` in one call."""
        budget = self.budget
        total = budget.spent.get("pairs", 0) + n
        budget.spent["pairs"] = total
        if total > limits.MAX_PAIR_WORK:
            raise SolveTooLarge("pairs", eff)

    def affects(self, eff: Eff, n: int) -> None:
        """Note a step that affects ``n`` objects (at most :data:`limits.MAX_STEP_OBJECTS` in all)."""
        self.step_objects += n
        if self.step_objects > limits.MAX_STEP_OBJECTS:
            raise SolveTooLarge("objects", eff)


class SolveTooLarge(Exception):
    """A solve went over one of its bounds (``kind``: ``effects``, ``objects`` or ``pairs``) while
    applying, gathering or judging ``eff``; :func:`rulekit.mtg.engine.loop.solve_compiled` turns it
    into a located :class:`~rulekit.errors.ScenarioError` naming the object whose ability made it."""

    def __init__(self, kind: str, eff: Eff) -> None:
        super().__init__(kind)
        self.kind = kind
        self.eff = eff


def record_step(
    run: Run,
    eff: Eff,
    sub: str,
    why: Why,
    waited: tuple[str, ...],
    ids: tuple[str, ...],
    changes: list[Change],
    rows: Sequence[Row],
    loop: tuple[str, ...],
    waited_by: tuple[str, ...] = (),
) -> None:
    """Write down one applied step, with the dependencies judged before it (``rows``, as
    :meth:`~rulekit.mtg.engine.dependency.Judge.judge` gives them)."""
    label = layer_label(sub, run.ruleset)
    for row in rows:
        if row.recorded is not None:
            continue  # recorded at an earlier step of this layer (its keys listed)
        for r in row.deps:
            if r.recorded is not None:
                continue
            # equal dependencies share one trace object (only a cache: they are equal values)
            dkey = (r.effect, r.depends_on, label, r.kind, r.params)
            d = run.dep_objs.get(dkey)
            if d is None:
                d = run.dep_objs[dkey] = dependency(r.effect, r.depends_on, label, r.kind, r.params)
            r.recorded = d
            key = (d.effect, d.depends_on, label)
            if key not in run.dep_keys:
                run.dep_keys.add(key)
                run.deps.append(d)
                if d.kind == DependencyKind.EXISTENCE:
                    run.removed_by[d.effect] = d.depends_on
        # every r.recorded is set now (the loop above)
        row.recorded = cast("tuple[Dependency, ...]", tuple([r.recorded for r in row.deps]))
    flat: list[Dependency] = []
    for row in rows:
        if row.recorded:
            flat.extend(row.recorded)  # a row's tuple copied whole (faster than chaining items)
    dep_objs = tuple(flat)
    if loop and loop not in run.loops:
        run.loops.append(loop)
    got = run.sorted_ids.get(id(ids))
    if got is None or got[0] is not ids:
        got = run.sorted_ids[id(ids)] = (ids, tuple(sorted(ids)))
    run.steps.append(
        Step(
            index=len(run.steps),
            effect=eff.id,
            source=eff.source,
            layer=label,
            timestamp=num(eff.timestamp),
            why=why,
            waited_on=waited,
            objects=got[1],
            changes=tuple(changes),
            dependencies=dep_objs,
            loop=loop,
            rank=_RANK[sub],
            waited_by=waited_by,
        )
    )
    run.applied_ids.add(eff.id)


#: Each part's snapshot of the slots it may change (taken before a step, compared after).
_SNAPSHOT = {sub: attrgetter(*p.snapshot) for sub, p in PARTS.items() if p.snapshot is not None}
_PT_GETTER = attrgetter("power", "toughness", "types")


def apply_recorded(
    run: Run,
    eff: Eff,
    sub: str,
    state: State,
    ids: tuple[str, ...],
    why: Why,
    waited: tuple[str, ...],
    rows: Sequence[Row],
    loop: tuple[str, ...],
    waited_by: tuple[str, ...] = (),
) -> Moves:
    """Apply one effect part to ``ids`` and record the step (its before -> after changes).
    Returns the signature moves it made (:meth:`State.reindex`; none when the part keeps
    signatures)."""
    run.affects(eff, len(ids))
    part = PARTS[sub]
    fields_ = part.shows
    raw = _SNAPSHOT.get(sub, _PT_GETTER)
    objs = state.objs
    moves = Moves()
    touched: list[tuple[str, Any]]  # (object, its snapshot before) of the objects that changed
    if shared_path(part, eff, state):
        touched = apply_shared_main(eff, sub, state, ids, raw)
        if not part.keeps_signature(eff.spec):
            moves = state.reindex([oid for oid, _ in touched])
    elif same_for_all_main(part, eff, state):
        touched = apply_same_main(eff, sub, state, ids, raw)
    else:
        before_raw = [raw(objs[oid]) for oid in ids]
        if part.keeps_signature(eff.spec):
            sigs = [sig_of(objs[oid]) for oid in ids]
            apply_effect(eff, sub, state, ids)
            for oid, sig in zip(ids, sigs, strict=True):
                objs[oid].sig = sig  # nothing a selector reads changed: same signature, same bucket
        else:
            apply_effect(eff, sub, state, ids)
            moves = state.reindex(ids)
        touched = [(oid, r) for oid, r in zip(ids, before_raw, strict=True) if raw(objs[oid]) != r]
    if not run.record:
        # no step to write: the objects whose slots changed (those whose shown values changed,
        # and perhaps a few more, which only makes the judge look at a verdict again)
        run.last_changed = {oid for oid, _ in touched}
        run.applied_ids.add(eff.id)
        return moves
    # a step lists its changes in the scenario's listing order of the objects, whatever order
    # the affected set was found in (so the trace never shows how the engine found it)
    if state.order:
        order = state.order
        touched.sort(key=lambda t: order[t[0]])
    # objects that were alike and are alike again change alike: compute each diff once (keyed
    # by the identity of the values, all alive during this loop)
    diffs: dict[tuple[Any, ...], list[tuple[str, Any, Any]]] = {}
    single = part.snapshot is not None and len(part.snapshot) == 1
    changes: list[Change] = []
    for oid, r in touched:
        after = objs[oid]
        ra = raw(after)
        key = (id(r), id(ra)) if single else (tuple(map(id, r)), tuple(map(id, ra)))
        diff = diffs.get(key)
        if diff is None:
            probe = _ViewProbe(r, sub)
            diff = diffs[key] = [
                (f, old, new) for f in fields_ if (old := probe.view(f)) != (new := view_field(after, f))
            ]
        changes.extend([change(oid, f, old, new) for f, old, new in diff])
    record_step(run, eff, sub, why, waited, ids, changes, rows, loop, waited_by)
    run.last_changed = {c.object_id for c in changes}
    return moves


class _ViewProbe:
    """View values of an object before a step, rebuilt from its raw snapshot."""

    __slots__ = ("raw", "sub")

    def __init__(self, raw: Any, sub: str) -> None:
        self.raw, self.sub = raw, sub

    def view(self, f: str) -> Any:
        names = PARTS[self.sub].snapshot
        if names is None:  # P/T snapshot: power, toughness, types
            p, t, types = self.raw
            v = p if f == "power" else t
            return None if "Creature" not in types else (0 if v is None else v)
        vals = dict(zip(names, self.raw if len(names) > 1 else (self.raw,), strict=True))
        if f == "subtypes":
            return vals["subtypes"] + ((ALL_CREATURE_TYPES,) if vals.get("all_types") else ())
        if f == "abilities":
            return tuple(a.text for a in vals["abilities"])
        if f in ("power", "toughness"):
            types = vals.get("types", ())
            v = vals.get(f)
            return None if "Creature" not in types else (0 if v is None else v)
        return vals[f]


def effect_infos(run: Run, resolved: list[Eff], ruleset: str) -> tuple[EffectInfo, ...]:
    """Every effect the solve knew of, timestamp order, with its layers and why it did not apply."""
    for e in resolved:
        run.seen.setdefault(e.id, e)
    infos = []
    for e in sorted(run.seen.values(), key=lambda e: e.sort_key):
        spec = e.spec
        labels: list[str] = []
        for s in e.sublayers:
            lab = layer_label(s, ruleset)
            if lab not in labels:
                labels.append(lab)
        if e.origin == Origin.COUNTERS:
            labels = [layer_label("pt_counters", ruleset)]
        active = e.active and e.id in run.applied_ids
        note_code: NoteCode | Literal[""]
        note_params: tuple[tuple[str, Any], ...]
        if e.note_code:
            note_code, note_params = e.note_code, e.note_params
        elif active:
            note_code, note_params = "", ()
        else:
            note_code, note_params = run.removed_note.get(e.id, (NoteCode.DID_NOT_APPLY, ()))
        duration = (
            spec.duration
            if spec and spec.duration
            else (
                "while the source is on the battlefield"
                if e.origin == "static"
                else ("always (characteristic-defining)" if e.origin == Origin.CDA else "indefinite")
            )
        )
        locked = e.locked if e.origin == "resolved" else None
        affects = spec.affects_text if spec and spec.affects_text else ("targets" if e.targets else "this")
        infos.append(
            EffectInfo(
                id=e.id,
                name=e.name,
                name_code=e.name_code,
                name_params=e.name_params,
                source=e.source,
                origin=e.origin,
                timestamp=num(e.timestamp),
                layers=tuple(labels),
                text=e.text,
                duration=duration,
                active=active,
                note_code=note_code,
                note_params=note_params,
                affects=affects,
                locked=tuple(locked) if locked is not None else None,
            )
        )
    return tuple(infos)


def freeze_rules(rules: dict[str, Any]) -> dict[str, Any]:
    """The rules of the game after 613.11, as sorted plain data."""
    out: dict[str, Any] = {"max_hand_size": dict(sorted(rules["max_hand_size"].items()))}
    if rules.get("requirements"):
        out["requirements"] = {k: tuple(v) for k, v in sorted(rules["requirements"].items())}
    for key in ("prevent_damage", "cant_gain_life", "cost_change"):  # 615, 119.7, 601.2f
        if rules.get(key):
            out[key] = dict(sorted(rules[key].items()))
    return out
