"""The continuous-effects engine (CR 611, 613): copiable values -> layers 1-7 -> players -> rules.

Each rule lives in one named function below, whose docstring cites the CR rule, the seed passage
or rules-notes. The engine reads effect *data* (:mod:`rulekit.mtg.model`): no card is named here.

Outline of :func:`solve`:

1. :func:`compile_scenario` replays the scenario's events: zones, attachments, tapped state,
   and every timestamp (:func:`assign_timestamps`, 613.7). Resolved effects get their
   timestamp, targets, X and duration status (:func:`resolved_status`, 611.2).
2. :func:`run_layers` starts from copiable values and applies each sublayer in order
   (:data:`rulekit.mtg.model.SUBLAYERS`). Inside one: CDAs first, then
   :func:`choose_next` (timestamp order overridden by dependency, loops per the house reading),
   re-judging dependencies after every applied effect (:func:`judge_dependencies`, 613.8c).
3. Player effects (613.10), then rules effects (613.11).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter
from typing import Any, TypeVar

from rulekit.errors import ScenarioError
from rulekit.mtg.model import (
    LAYER_LABELS,
    SUBLAYERS,
    Ability,
    EffectSpec,
    Event,
    ObjectDef,
    Scenario,
    _spec_from_canon,
    intrinsic_ability,
    layer_label,
)
from rulekit.mtg.selectors import (
    COMPOSITE_KINDS,
    Cond,
    Condition,
    Expr,
    Part,
    Selector,
    TargetRule,
    compare,
)
from rulekit.mtg.trace import Change, Dependency, EffectInfo, ObjectView, PlayerView, Step, Trace
from rulekit.mtg.vocab import (
    ALL_CREATURE_TYPES,
    BASIC_LAND_TYPES,
    COLORS,
    subtype_family,
    type_kind,
)

_T = TypeVar("_T")

DEFAULT_MAX_HAND_SIZE = 7  # CR 402.2
#: Keep 613.8a verdicts between judgements when nothing they were judged on changed (a cache;
#: the tests switch it off and compare).
CACHE_VERDICTS = True
_COLOR_ORDER = {c: i for i, c in enumerate(COLORS)}
_RANK = {s: i for i, s in enumerate(SUBLAYERS)}


# ====================================================================================== objects
class Obj:
    """The working state of one object during a solve (mutable; copied on write in forks)."""

    __slots__ = (
        "id",
        "name",
        "owner",
        "controller",
        "zone",
        "types",
        "subtypes",
        "supertypes",
        "colors",
        "abilities",
        "power",
        "toughness",
        "loyalty",
        "counters",
        "mana_value",
        "token",
        "face_down",
        "tapped",
        "attached_to",
        "timestamp",
        "all_types",
        "cant_have",
        "choices",
        "sig",
    )

    def __init__(self, d: ObjectDef) -> None:
        self.id = d.id
        self.name = d.name
        self.owner = d.owner
        self.controller = d.controller
        self.zone: str | None = d.zone
        self.types = d.types
        self.subtypes = tuple(s for s in d.subtypes if s != ALL_CREATURE_TYPES)
        self.supertypes = d.supertypes
        self.colors = d.colors
        self.abilities = d.abilities
        self.power = d.power
        self.toughness = d.toughness
        self.loyalty = d.loyalty
        self.counters = d.counters
        self.mana_value = d.mana_value
        self.token = d.token
        self.face_down = d.face_down
        self.tapped = d.tapped
        self.attached_to = d.attached_to
        self.timestamp: float = 0
        self.all_types = ALL_CREATURE_TYPES in d.subtypes
        self.cant_have: tuple[str, ...] = ()
        self.choices = dict(d.choices)
        self.sig: int | None = None
        sync_intrinsic_abilities(self)

    def copy(self) -> Obj:
        """A shallow copy (every slot; values are immutable or replaced, never mutated in place)."""
        new = Obj.__new__(Obj)
        new.id = self.id
        new.name = self.name
        new.owner = self.owner
        new.controller = self.controller
        new.zone = self.zone
        new.types = self.types
        new.subtypes = self.subtypes
        new.supertypes = self.supertypes
        new.colors = self.colors
        new.abilities = self.abilities
        new.power = self.power
        new.toughness = self.toughness
        new.loyalty = self.loyalty
        new.counters = self.counters
        new.mana_value = self.mana_value
        new.token = self.token
        new.face_down = self.face_down
        new.tapped = self.tapped
        new.attached_to = self.attached_to
        new.timestamp = self.timestamp
        new.all_types = self.all_types
        new.cant_have = self.cant_have
        new.choices = self.choices
        new.sig = self.sig
        return new

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


class State:
    """All objects at one moment. ``fork()`` gives a copy-on-write state for counterfactuals.

    ``memo`` caches selector results by object *signature* (the characteristics a selector can
    read), shared with forks: it is only a cache, never a rule.
    """

    __slots__ = ("objs", "owned", "players", "memo", "index", "where", "order")

    def __init__(
        self, objs: dict[str, Obj], players: tuple[str, ...], owned: bool = True, memo: dict | None = None
    ) -> None:
        self.objs = objs
        self.owned: set[str] | None = None if owned else set()
        self.players = players
        self.memo: dict[Any, Any] = {} if memo is None else memo
        #: signature -> ids of the objects that have it (main state only; forks scan objects)
        self.index: dict[int, dict[str, None]] | None = None
        self.where: dict[str, int] = {}
        self.order: dict[str, int] = {}

    def build_index(self) -> None:
        self.index = {}
        self.order = {oid: i for i, oid in enumerate(self.objs)}
        for oid, obj in self.objs.items():
            sig = sig_of(obj)
            self.index.setdefault(sig, {})[oid] = None
            self.where[oid] = sig

    def reindex(self, ids: Iterable[str]) -> None:
        """Move written objects to the bucket of their new signature."""
        if self.index is None:
            return
        for oid in ids:
            old = self.where[oid]
            new = sig_of(self.objs[oid])
            if new == old:
                continue
            bucket = self.index[old]
            del bucket[oid]
            if not bucket:
                del self.index[old]
            self.index.setdefault(new, {})[oid] = None
            self.where[oid] = new

    def fork(self) -> State:
        return State(dict(self.objs), self.players, owned=False, memo=self.memo)

    def w(self, oid: str) -> Obj:
        """The object, writable (copied first in a fork); its signature is recomputed later."""
        if self.owned is None:
            obj = self.objs[oid]
        else:
            if oid not in self.owned:
                self.objs[oid] = self.objs[oid].copy()
                self.owned.add(oid)
            obj = self.objs[oid]
        obj.sig = None
        return obj


def sig_of(obj: Obj) -> int:
    """What a selector condition can read of an object, as a small interned number (cached on
    the object until it is written): objects alike share it, so selectors test them once."""
    s = obj.sig
    if s is None:
        key = (
            obj.zone,
            obj.controller,
            obj.owner,
            obj.types,
            obj.subtypes,
            obj.supertypes,
            obj.colors,
            obj.all_types,
            obj.tapped,
            obj.token,
            obj.counters,
        )
        s = _SIG_IDS.get(key)
        if s is None:
            # Never cleared: objects alike must always share one number, or a selector's
            # groups (and so the order of a step's changes) could differ between two solves
            # of the same scenario. The table holds one entry per distinct combination seen.
            s = _SIG_IDS[key] = next(_SIG_COUNTER)
        obj.sig = s
    return s


_SIG_IDS: dict[tuple[Any, ...], int] = {}
_SIG_COUNTER = itertools.count(1)


def sync_intrinsic_abilities(obj: Obj) -> None:
    """305.6: an object with a basic land type has that type's intrinsic mana ability.

    Called whenever layer 4 changes subtypes: abilities of types the object no longer has go,
    those of new types come (in WUBRG order, after its other abilities).
    """
    wanted = tuple(t for t in BASIC_LAND_TYPES if t in obj.subtypes)
    key = (id(obj.abilities), wanted)
    hit = _SYNC_MEMO.get(key)
    if hit is not None and hit[0] is obj.abilities:
        obj.abilities = hit[1]
        return
    before = obj.abilities
    have = tuple(a.intrinsic for a in before if a.kind == "intrinsic")
    if have != wanted:
        kept = tuple(a for a in before if a.kind != "intrinsic" or a.intrinsic in wanted)
        present = {a.intrinsic for a in kept if a.kind == "intrinsic"}
        added = tuple(intrinsic_ability(t) for t in wanted if t not in present)
        obj.abilities = kept + added
    if len(_SYNC_MEMO) > 20000:
        _SYNC_MEMO.clear()
    _SYNC_MEMO[key] = (before, obj.abilities)


#: (abilities tuple id, basic land types) -> (that tuple, the synced tuple): alike objects share results.
_SYNC_MEMO: dict[tuple[int, tuple[str, ...]], tuple[tuple[Ability, ...], tuple[Ability, ...]]] = {}


# ====================================================================================== effects
@dataclass
class Eff:
    """A continuous effect during a solve (static, CDA, resolved, counters or face-down)."""

    id: str
    name: str
    source: str | None
    origin: str
    timestamp: float | None
    spec: EffectSpec | None
    key: str = ""
    controller: str | None = None
    targets: tuple[str, ...] = ()
    target_player: str | None = None
    x: int | None = None
    locked: tuple[str, ...] | None = None
    fixed: dict[tuple[str, str], int] | None = None
    active: bool = True
    note: str = ""
    text: str = ""
    event_index: int | None = None
    sublayers: tuple[str, ...] = ()

    @property
    def sort_key(self) -> tuple[float, str]:
        return (self.timestamp if self.timestamp is not None else float("inf"), self.id)


@dataclass
class Compiled:
    """A scenario after its events are replayed (zones, timestamps, resolved effects)."""

    scenario: Scenario
    base: dict[str, Obj]
    defs: dict[str, ObjectDef]
    resolved: list[Eff]
    resolve_ts: dict[int, float]
    eot_marks: list[int]  # indices of the end_of_turn events
    names: dict[str, str]
    base_at: dict[int, dict[str, tuple[str | None, bool]]] = field(default_factory=dict)

    def listed_effects(self) -> list[Eff]:
        """Static/CDA effects of the objects as they are printed, plus resolved effects."""
        out: list[Eff] = []
        for obj in self.base.values():
            if obj.zone is None:
                continue
            out.extend(static_effects_of(obj, self.names, None))
            if obj.face_down:
                out.append(face_down_effect(obj, self.names))
        out.extend(self.resolved)
        out.sort(key=lambda e: e.sort_key)
        return out


def effect_id(obj_id: str, ability: Ability) -> str:
    """A static ability's effect id: the object id, or ``<object>.<key>`` (LANGUAGE.md §2)."""
    return f"{obj_id}.{ability.key}" if ability.key else obj_id


def static_timestamp(obj: Obj, ability: Ability) -> float:
    """613.7a: a static ability's effect has its object's timestamp or the timestamp of the
    effect that granted the ability, whichever is later (seed 000: "o que for mais recente")."""
    if ability.granted_ts is not None:
        return max(obj.timestamp, ability.granted_ts)
    return obj.timestamp


def static_effects_of(obj: Obj, names: dict[str, str], sublayer: str | None) -> list[Eff]:
    """The effects the static abilities and CDAs of ``obj`` generate now (604.2, 611.3).

    611.3b / rules-notes: a static ability generates its effect only while its object has the
    ability and is in the ability's zone (the battlefield unless the ability says otherwise).
    A CDA (604.3) works in every zone. ``sublayer`` restricts to effects with a part there.
    """
    out = []
    for ab in obj.abilities:
        if not ab.generates:
            continue
        if ab.kind == "static" and obj.zone != ab.zone:
            continue
        if ab.kind == "cda" and obj.zone is None:
            continue
        spec = ab.spec
        assert spec is not None
        if sublayer is not None and sublayer not in spec.sublayers:
            continue
        eid = effect_id(obj.id, ab)
        name = names.get(obj.id, obj.name)
        if ab.granted_by:
            name = f"{name} (granted by {ab.granted_by})"
        elif ab.key:
            name = f"{name} ({ab.key})"
        out.append(
            Eff(
                id=eid,
                name=name,
                source=obj.id,
                origin="cda" if ab.kind == "cda" else "static",
                timestamp=static_timestamp(obj, ab),
                spec=spec,
                key=ab.key,
                text=ab.text,
                sublayers=spec.sublayers,
            )
        )
    return out


def face_down_effect(obj: Obj, names: dict[str, str]) -> Eff:
    """708.2: a face-down permanent is a 2/2 creature with no name, types, colour or abilities
    (layer 1 in the seed edition, 1b in the current one)."""
    spec = _spec_from_canon('{"face_down": true}', False)
    return Eff(
        id=f"{obj.id}.face-down",
        name=f"{names.get(obj.id, obj.name)} (face down)",
        source=obj.id,
        origin="face-down",
        timestamp=obj.timestamp,
        spec=spec,
        text="Face-down: a 2/2 creature",
        sublayers=("face_down",),
    )


# ====================================================================================== compile
def _display_names(defs: Iterable[ObjectDef]) -> dict[str, str]:
    defs = list(defs)
    count: dict[str, int] = {}
    for d in defs:
        count[d.name] = count.get(d.name, 0) + 1
    return {d.id: (d.name if count[d.name] == 1 else f"{d.name} [{d.id}]") for d in defs}


def assign_timestamps(scn: Scenario) -> tuple[dict[str, float], set[str]]:
    """613.7 / rules-notes "Timestamps": the starting timestamp of every object.

    An object's timestamp is when it entered its zone (613.7d). Objects whose entry is not an
    event get timestamps first, in listing order, unless they give an explicit ``timestamp``
    (then listing order does not matter). Objects that enter through an event have no
    timestamp (and no zone) until that event (:func:`compile_scenario`).
    """
    entering = {oid for ev in scn.events if ev.kind == "enter" for oid in ev.objects}
    stamps: dict[str, float] = {}
    counter = 0.0
    for d in scn.objects:
        if d.timestamp is not None:
            stamps[d.id] = d.timestamp
    for d in scn.objects:
        if d.timestamp is None and d.id not in entering:
            counter += 1
            stamps[d.id] = counter
    return stamps, entering


def simultaneous_order(scn: Scenario, ids: tuple[str, ...]) -> tuple[str, ...]:
    """613.7m: objects that would get a timestamp at once are ordered by the active player.

    A scenario states that choice by the order it lists them in the event (the default is the
    listing order, rules-notes).
    """
    return ids


def compile_scenario(scn: Scenario, upto: int | None = None) -> Compiled:
    """Replay the events: zones, tapped state, attachments, timestamps, resolved effects.

    ``upto`` stops before that event: the game as it was just before it (used to lock a resolved
    effect's set and values, 611.2c). Objects that enter later are then not in the game yet.
    """
    defs = {d.id: d for d in scn.objects}
    names = _display_names(scn.objects)
    stamps, entering = assign_timestamps(scn)
    base: dict[str, Obj] = {}
    interned: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for d in scn.objects:
        obj = Obj(d)
        # alike objects share one tuple of each kind, so effects can treat them alike
        # (_apply_shared, and the before/after diffs of _apply_recorded are computed once)
        obj.abilities = interned.setdefault(obj.abilities, obj.abilities)
        obj.types = interned.setdefault(obj.types, obj.types)
        obj.subtypes = interned.setdefault(obj.subtypes, obj.subtypes)
        obj.supertypes = interned.setdefault(obj.supertypes, obj.supertypes)
        obj.colors = interned.setdefault(obj.colors, obj.colors)
        if d.id in entering:
            obj.zone = None
        obj.timestamp = stamps.get(d.id, 0)
        base[d.id] = obj
    counter = max([0.0, *stamps.values()])
    resolved: list[Eff] = []
    resolve_ts: dict[int, float] = {}
    eot: list[int] = []
    base_at: dict[int, dict[str, tuple[str | None, bool]]] = {}
    used_ids: set[str] = set()

    def tick(explicit: float | None) -> float:
        nonlocal counter
        if explicit is not None:
            counter = max(counter, explicit)
            return explicit
        counter += 1
        return counter

    def stamp(ev: Event, oid: str, j: int = 0) -> float:
        """The timestamp an event gives ``oid``: the one it states for it, else the next."""
        for who, ts in ev.stamps:
            if who == oid:
                return tick(ts)
        if ev.timestamp is not None:
            return tick(ev.timestamp + j)
        return tick(None)

    for i, ev in enumerate(scn.events):
        if upto is not None and i >= upto:
            break
        base_at[i] = {oid: (o.zone, o.tapped) for oid, o in base.items()}
        if ev.kind == "enter":
            for j, oid in enumerate(simultaneous_order(scn, ev.objects)):
                obj = base[oid]
                obj.zone = ev.to or "battlefield"
                obj.tapped = False
                explicit = defs[oid].timestamp
                obj.timestamp = (
                    tick(explicit) if explicit is not None and not ev.stamps else stamp(ev, oid, j)
                )
        elif ev.kind == "leave":
            for oid in ev.objects:
                base[oid].zone = ev.to or "graveyard"
                base[oid].attached_to = None
                base[oid].timestamp = stamp(ev, oid)
        elif ev.kind == "attach":
            # 613.7e: an Aura/Equipment/Fortification gets a new timestamp when attached.
            for oid in ev.objects:
                base[oid].attached_to = ev.to
                base[oid].timestamp = stamp(ev, oid)
        elif ev.kind in ("turn_face_up", "turn_face_down", "transform"):
            # 613.7f/g: new timestamp when turned face up or down, or transformed.
            for oid in ev.objects:
                obj = base[oid]
                if ev.kind != "transform":
                    obj.face_down = ev.kind == "turn_face_down"
                obj.timestamp = stamp(ev, oid)
        elif ev.kind in ("tap", "untap"):
            for oid in ev.objects:
                base[oid].tapped = ev.kind == "tap"
        elif ev.kind == "end_of_turn":
            eot.append(i)
        elif ev.kind == "resolve":
            ts = tick(ev.timestamp)
            resolve_ts[i] = ts
            resolved.append(_resolved_effect(scn, ev, i, ts, base, defs, names, used_ids))
    comp = Compiled(scn, base, defs, resolved, resolve_ts, eot, names, base_at)
    for eff in resolved:
        resolved_status(comp, eff)
    return comp


def _resolved_effect(
    scn: Scenario,
    ev: Event,
    index: int,
    ts: float,
    base: dict[str, Obj],
    defs: dict[str, ObjectDef],
    names: dict[str, str],
    used: set[str],
) -> Eff:
    """611.2a: an effect from a resolved spell or ability, timestamped when created (613.7b)."""
    spec_raw = ev.spec
    text = ev.text
    key = ev.ability or ""
    if not spec_raw and ev.source is not None:
        for ab in defs[ev.source].abilities:
            if ab.kind == "resolves" and ab.key == ev.ability:
                spec_raw, text = ab.raw, ab.text
                break
    spec = _spec_from_canon(spec_raw, False)
    src_name = names.get(ev.source or "", ev.source or "")
    eid = ev.id or (f"{ev.source}.{key}" if ev.source and key else (ev.source or f"effect{index + 1}"))
    base_id, n = eid, 2
    while eid in used:
        eid, n = f"{base_id}#{n}", n + 1
    used.add(eid)
    name = ev.name or (f"{src_name}: {key}" if key else src_name or eid)
    if ev.choices and not ev.name:
        name += " (" + ", ".join(f"{k}: {v}" for k, v in ev.choices) + ")"
    controller = ev.controller or (base[ev.source].controller if ev.source else scn.players[0])
    players = set(scn.players)
    target_objs = tuple(t for t in ev.targets if t not in players)
    target_players = [t for t in ev.targets if t in players]
    return Eff(
        id=eid,
        name=name,
        source=ev.source,
        origin="resolved",
        timestamp=ts,
        spec=spec,
        key=key,
        controller=controller,
        targets=target_objs,
        target_player=target_players[0] if target_players else None,
        x=ev.x,
        text=text,
        event_index=index,
        sublayers=spec.sublayers,
    )


def resolved_status(comp: Compiled, eff: Eff) -> None:
    """611.2b / 514.2: is a resolved effect still in force?

    * "until end of turn" ends at the first ``end_of_turn`` event after it was created;
    * "for as long as <condition>" never starts if the condition is false when it resolves,
      and ends once the condition becomes false;
    * a switched-off effect (``--without``) is off.
    """
    spec = eff.spec
    assert spec is not None
    if eff.id in comp.scenario.disabled:
        eff.active, eff.note = False, "switched off"
        return
    dur = spec.duration.lower()
    index = eff.event_index if eff.event_index is not None else -1
    if dur == "until end of turn" and any(mark > index for mark in comp.eot_marks):
        eff.active, eff.note = False, "ended at end of turn"
        return
    cond = spec.condition
    if cond is not None and dur.startswith("for as long as"):
        at = comp.base_at.get(eff.event_index or 0, {})
        if not _base_condition(comp, cond, eff, at):
            eff.active, eff.note = (
                False,
                f"never started: '{cond.text}' was already false when it resolved (611.2b)",
            )
            return
        now = {oid: (o.zone, o.tapped) for oid, o in comp.base.items()}
        if not _base_condition(comp, cond, eff, now):
            eff.active, eff.note = False, f"ended: '{cond.text}' no longer holds"


def resolve_ref(comp_defs: dict[str, Any], ref: str, source: str | None) -> str | None:
    """An object reference in a condition: ``this`` (the source), an id, or a card name."""
    if ref == "this":
        return source
    if ref in comp_defs:
        return ref
    low = ref.lower()
    for oid, d in comp_defs.items():
        if d.name.lower() == low:
            return oid
    return None


def _base_condition(
    comp: Compiled, cond: Condition, eff: Eff, at: dict[str, tuple[str | None, bool]]
) -> bool:
    oid = resolve_ref(comp.defs, cond.obj, eff.source)
    if cond.kind in ("on_battlefield", "tapped", "untapped"):
        if oid is None or oid not in at:
            return False
        zone, tapped = at[oid]
        if cond.kind == "on_battlefield":
            return zone == "battlefield"
        return zone == "battlefield" and (tapped if cond.kind == "tapped" else not tapped)
    if cond.kind == "controls":
        return (
            oid is not None
            and comp.base[oid].controller == eff.controller
            and at.get(oid, (None,))[0] == "battlefield"
        )
    return True


# ====================================================================================== selectors
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
            return ctx.source is not None and ctx.source.attached_to == obj.id
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


def part_member(p: Part, obj: Obj, ctx: Ctx, memo: dict[Any, Any]) -> bool:
    """:func:`match_part`, memoised by object signature for parts that don't name objects."""
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


def _matcher(sel: Selector, ctx: Ctx, memo: dict[Any, Any]) -> Callable[[Obj], bool]:
    """``lambda obj: matches(sel, obj, ctx, memo)`` for a selector without special parts, each
    part's signature cache looked up once."""
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
            return [t] if t in state.objs and state.objs[t].zone is not None else []
        return [oid for oid, o in state.objs.items() if match_part(p, o, ctx)]
    if not p.by_signature:  # reads abilities or numbers: objects alike may differ there
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


def select(sel: Selector, state: State, ctx: Ctx) -> tuple[str, ...]:
    """611.3a: the objects a selector names in ``state`` (scenario listing order).

    On the main state, objects are grouped by signature, so each group is tested once.
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


# ====================================================================================== read/write sets
_ALL_CHARS = frozenset(
    {
        "name",
        "types",
        "subtypes",
        "supertypes",
        "colors",
        "abilities",
        "power",
        "toughness",
        "mana_value",
        "controller",
        "attached_to",
        "counters",
    }
)


ANY = "*"
Key = tuple[str, str]
_EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})


def selector_reads(sel: Selector | None) -> frozenset[Key]:
    """``(characteristic, value)`` pairs a selector tests, derived from its conditions.

    ``("subtypes", "Swamp")`` for "Swamps"; ``("colors", "*")`` for "colorless" (any colour change
    can flip it); ``("controller", "*")`` for "you control".
    """
    if sel is None:
        return frozenset()
    hit = _SEL_READS.get(id(sel))
    if hit is not None and hit[0] is sel:
        return hit[1]
    reads = read_keys(sel.characteristics)
    if len(_SEL_READS) > 5000:
        _SEL_READS.clear()
    _SEL_READS[id(sel)] = (sel, reads)  # the selector is kept alive, so its id is not reused
    return reads


def read_keys(chars: Iterable[tuple[str, str]]) -> frozenset[Key]:
    """What a selector or expression says it reads (``Selector.characteristics``), in the keys
    :func:`writes_of` uses: abilities are changed by adding (``abilities+``) or removing
    (``abilities-``) parts, power and toughness by every P/T sublayer (``pt``)."""
    out: set[Key] = set()
    for attr, value in chars:
        if attr == "abilities":
            out.add(("abilities-", ANY))
            out.add(("abilities+", ANY))
        elif attr in ("power", "toughness"):
            out.add(("pt", ANY))
        else:
            out.add((attr, value))
    return frozenset(out)


#: id(selector) -> (that selector, its reads): selectors are immutable, derived once.
_SEL_READS: dict[int, tuple[Selector, frozenset[Key]]] = {}


def writes_of(eff: Eff, sub: str) -> frozenset[Key]:
    """The ``(characteristic, value)`` pairs an effect part may change, derived from its data.

    ``abilities-`` marks parts that can remove abilities (and so end static effects, 611.3b);
    ``abilities+`` parts that only add. Used to prune 613.8a checks: an effect that changes
    nothing another reads cannot change that other's existence, text, set or result.
    """
    spec = eff.spec
    assert spec is not None
    if sub in ("copy", "face_down"):
        return _EVERYTHING
    if sub == "control":
        return frozenset({("controller", ANY)})
    if sub == "text":
        return frozenset({("abilities-", ANY), ("text", ANY)})
    if sub == "type":
        w: set[Key] = set()
        for word in (*spec.type_add, *spec.type_remove):
            w.add((type_kind(word), word))
        if spec.set_types is not None:
            w.add(("types", ANY))
        if spec.set_subtypes is not None:
            w.add(("subtypes", ANY))
            w.add(("abilities-", ANY))  # 305.7
        if spec.all_creature_types or spec.remove_all_creature_types:
            w.add(("subtypes", ANY))
        return frozenset(w)
    if sub == "color":
        if spec.color_set is not None:
            return frozenset({("colors", ANY)})
        return frozenset(("colors", c) for c in spec.color_add)
    if sub == "abilities":
        w = set()
        if spec.ab_remove or spec.ab_remove_all or spec.ab_cant_have:
            w.add(("abilities-", ANY))
        if spec.ab_add:
            w.add(("abilities+", ANY))
        return frozenset(w)
    return frozenset({("pt", ANY)})


def reads_of(eff: Eff, sub: str, begun: bool) -> frozenset[Key]:
    """What an effect's existence, text, affected set and parameters read in this sublayer."""
    spec = eff.spec
    assert spec is not None
    r: set[Key] = set()
    if not begun and eff.locked is None and eff.origin != "cda":
        if eff.origin == "static":
            r.add(("abilities-", ANY))  # existence: only while its object has the ability
            r.add(("text", ANY))
            if spec.condition is not None:
                r |= selector_reads(spec.condition.selector)
                r.add(("controller", ANY))
        r |= selector_reads(spec.affects)
    if sub in ("copy", "face_down"):
        return _EVERYTHING
    if sub == "control":
        r.add(("controller", ANY))
    elif sub in ("pt_set", "pt_modify", "pt_cda"):
        for e in spec.exprs:
            r |= read_keys(e.characteristics)
    return frozenset(r)


def overlaps(reads: frozenset[Key], writes: frozenset[Key]) -> bool:
    """Whether something written may change something read (``*`` matches any value)."""
    if not reads or not writes:
        return False
    if (ANY, ANY) in writes or (ANY, ANY) in reads:
        return True
    for attr, value in reads:
        if (attr, value) in writes or (attr, ANY) in writes:
            return True
        if value == ANY and any(a == attr for a, _ in writes):
            return True
    return False


def params_vary(eff: Eff, sub: str) -> bool:
    spec = eff.spec
    assert spec is not None
    if sub in ("copy", "control"):
        return True
    if sub in ("pt_set", "pt_modify", "pt_cda"):
        return any(not e.constant for e in spec.exprs)
    return False


# ====================================================================================== apply
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


def params_for(eff: Eff, sub: str, obj: Obj, state: State, ctx: Ctx) -> Any:
    """What an effect part does to one object, as data (compared by the dependency check)."""
    spec = eff.spec
    assert spec is not None
    if sub == "copy":
        assert spec.copy is not None
        ids = select(spec.copy, state, ctx)
        ids = tuple(i for i in ids if i != obj.id)
        if not ids:
            return None
        t = state.objs[ids[0]]
        return (
            t.name,
            t.mana_value,
            t.types,
            t.subtypes,
            t.supertypes,
            t.colors,
            t.abilities,
            t.power,
            t.toughness,
            t.loyalty,
            t.all_types,
        )
    if sub == "control":
        assert spec.control is not None
        return resolve_player(spec.control, ctx, state) or obj.owner
    if sub in ("pt_cda", "pt_set"):
        return (
            eval_expr(spec.set_power, obj, eff, state, ctx) if spec.set_power else None,
            eval_expr(spec.set_toughness, obj, eff, state, ctx) if spec.set_toughness else None,
        )
    if sub == "pt_modify":
        return (
            eval_expr(spec.mod_power, obj, eff, state, ctx) if spec.mod_power else 0,
            eval_expr(spec.mod_toughness, obj, eff, state, ctx) if spec.mod_toughness else 0,
        )
    return None


def apply_copy(obj: Obj, values: Any) -> None:
    """707.2 / 613.2a: a copy effect overwrites the copiable values (not control, counters...)."""
    if values is None:
        return
    # the copied abilities generate the copy's own effects: give them their own ids
    abilities = tuple(
        replace(a, key=f"{a.key}-copy" if a.key else "copy")
        if a.generates and not a.key.endswith("copy")
        else a
        for a in values[6]
    )
    values = (*values[:6], abilities, *values[7:])
    (
        obj.name,
        obj.mana_value,
        obj.types,
        obj.subtypes,
        obj.supertypes,
        obj.colors,
        obj.abilities,
        obj.power,
        obj.toughness,
        obj.loyalty,
        obj.all_types,
    ) = values


def apply_face_down(obj: Obj) -> None:
    """708.2a: a face-down permanent is a nameless 2/2 colourless creature with no subtypes or abilities."""
    obj.name, obj.types, obj.subtypes, obj.supertypes, obj.colors = "", ("Creature",), (), (), ()
    obj.abilities, obj.power, obj.toughness, obj.mana_value, obj.all_types = (), 2, 2, 0, False


def apply_text_change(obj: Obj, old: str, new: str) -> None:
    """612.2 (layer 3): replace a word inside the object's abilities, text and data alike."""
    obj.abilities = tuple(a.rewritten(old, new) for a in obj.abilities)


def _add(seq: tuple[str, ...], words: Iterable[str]) -> tuple[str, ...]:
    out = list(seq)
    for w in words:
        if w not in out:
            out.append(w)
    return tuple(out)


def set_basic_land_type(obj: Obj, new_land_types: tuple[str, ...]) -> None:
    """305.7: setting a land's subtype to basic land types removes its old land types and every
    ability from its rules text, old land types and copy effects, and gives it the new types'
    intrinsic mana abilities; its supertypes (nonbasic, legendary) do not change.
    (Abilities granted by other effects come in layer 6, after this.)"""
    obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "land") + tuple(new_land_types)
    obj.abilities = ()
    sync_intrinsic_abilities(obj)


def apply_type(obj: Obj, spec: EffectSpec) -> None:
    """Layer 4 (613.1d, 205.1): add, remove or set card types, subtypes and supertypes."""
    if spec.set_types is not None:
        obj.types = tuple(spec.set_types)
    if spec.set_subtypes is not None:
        new = tuple(spec.set_subtypes)
        families = {subtype_family(s) for s in new}
        land_basic = tuple(s for s in new if s in BASIC_LAND_TYPES)
        if (
            "Land" in obj.types
            and land_basic
            and all(s in BASIC_LAND_TYPES for s in new if subtype_family(s) == "land")
        ):
            set_basic_land_type(obj, tuple(s for s in new if subtype_family(s) == "land"))
            new = tuple(s for s in new if subtype_family(s) != "land")
            families.discard("land")
        # 205.1b: a new subtype replaces the old subtypes of the same kind
        kept = tuple(s for s in obj.subtypes if subtype_family(s) not in families)
        obj.subtypes = kept + tuple(s for s in new if s not in kept)
        if "creature" in families:
            obj.all_types = False
    for w in spec.type_add:
        kind = type_kind(w)
        setattr(obj, kind, _add(getattr(obj, kind), (w,)))
    for w in spec.type_remove:
        kind = type_kind(w)
        setattr(obj, kind, tuple(x for x in getattr(obj, kind) if x != w))
    if spec.all_creature_types:
        obj.all_types = True
    if spec.remove_all_creature_types:
        obj.all_types = False
        obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "creature")
    sync_intrinsic_abilities(obj)


def apply_color(obj: Obj, spec: EffectSpec) -> None:
    """Layer 5 (613.1e, 105.3): set, add or make colourless."""
    colors = obj.colors if spec.color_set is None else tuple(spec.color_set)
    colors = _add(colors, spec.color_add)
    obj.colors = tuple(sorted(colors, key=lambda c: _COLOR_ORDER.get(c, 9)))


def _same_ability(a: Ability, word: str) -> bool:
    w = word.lower()
    return a.text.lower() == w or a.text.lower().rstrip(".") == w.rstrip(".")


def apply_abilities(obj: Obj, spec: EffectSpec, eff: Eff) -> None:
    """Layer 6 (613.1f): add, remove, remove all; "can't have" wins regardless of order."""
    if spec.ab_remove_all:
        obj.abilities = ()
    if spec.ab_remove:
        obj.abilities = tuple(
            a for a in obj.abilities if not any(_same_ability(a, w) for w in spec.ab_remove)
        )
    if spec.ab_cant_have:
        obj.cant_have = _add(obj.cant_have, spec.ab_cant_have)
    for ab in spec.ab_add:
        if any(_same_ability(ab, w) for w in obj.cant_have):
            continue
        if any(a.text == ab.text and a.granted_by == eff.id for a in obj.abilities):
            continue
        granted = replace(ab, granted_ts=eff.timestamp, granted_by=eff.id, key=ab.key or f"from-{eff.id}")
        obj.abilities = obj.abilities + (granted,)
    if obj.cant_have:
        obj.abilities = tuple(a for a in obj.abilities if not any(_same_ability(a, w) for w in obj.cant_have))


def apply_counters(obj: Obj) -> None:
    """613.4d (seed 7d) / 613.4c (current 7c): +1/+1 and -1/-1 counters change P/T."""
    d = sum(n for k, n in obj.counters if k == "+1/+1") - sum(n for k, n in obj.counters if k == "-1/-1")
    obj.power = (obj.power or 0) + d
    obj.toughness = (obj.toughness or 0) + d


def apply_part(eff: Eff, sub: str, obj: Obj, param: Any) -> None:
    """Apply one effect part to one (writable) object."""
    spec = eff.spec
    assert spec is not None
    if sub == "copy":
        apply_copy(obj, param)
    elif sub == "face_down":
        apply_face_down(obj)
    elif sub == "control":
        obj.controller = param
    elif sub == "text":
        assert spec.text_change is not None
        apply_text_change(obj, *spec.text_change)
    elif sub == "type":
        apply_type(obj, spec)
    elif sub == "color":
        apply_color(obj, spec)
    elif sub == "abilities":
        apply_abilities(obj, spec, eff)
    elif sub in ("pt_cda", "pt_set"):
        p, t = param
        if p is not None:
            obj.power = p
        if t is not None:
            obj.toughness = t
    elif sub == "pt_modify":
        dp, dt = param
        obj.power = (obj.power or 0) + dp
        obj.toughness = (obj.toughness or 0) + dt
    elif sub == "pt_counters":
        apply_counters(obj)
    elif sub == "pt_switch":
        obj.power, obj.toughness = obj.toughness, obj.power


def apply_effect(eff: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
    """Apply one effect part to a set of objects, simultaneously: every parameter (an
    expression's value, a copied object's values) is read before anything changes."""
    ctx = make_ctx(eff, state)
    if sub in _SHARED_PARTS:
        _apply_shared(eff, sub, state, ids)
        return
    vary = params_vary(eff, sub) or sub in ("pt_set", "pt_cda", "pt_modify")
    params = [params_for(eff, sub, state.objs[oid], state, ctx) if vary else None for oid in ids]
    for oid, param in zip(ids, params, strict=True):
        apply_part(eff, sub, state.w(oid), param)


#: Parts whose result depends only on the characteristics listed (no parameters), so objects
#: that are alike get the same result (computed once, shared).
_SHARED_PARTS = {
    "type": ("types", "subtypes", "supertypes", "all_types", "abilities"),
    "color": ("colors",),
    "abilities": ("abilities", "cant_have"),
    "text": ("abilities",),
}
_SHARED_GET = {k: attrgetter(*v) for k, v in _SHARED_PARTS.items()}
#: The cache key of those values: ability tuples by identity (alike objects share them, see
#: compile_scenario), everything else by value. A hit is still checked for equality.
_SHARED_KEY: dict[str, Any] = {
    "type": lambda v: (v[0], v[1], v[2], v[3], id(v[4])),
    "color": lambda v: v,
    "abilities": lambda v: (id(v[0]), v[1]),
    "text": id,
}


def _apply_shared(eff: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
    names = _SHARED_PARTS[sub]
    get = _SHARED_GET[sub]
    keyf = _SHARED_KEY[sub]
    single = len(names) == 1
    done: dict[Any, tuple[Any, Any]] = {}
    objs = state.objs
    main = state.owned is None
    for oid in ids:
        if main:
            obj = objs[oid]
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
            continue
        apply_part(eff, sub, obj, None)
        done[key] = (before, get(obj))


# ====================================================================================== views
_COPY_FIELDS = (
    "name",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "power",
    "toughness",
    "mana_value",
    "loyalty",
)
_FIELDS_OF = {
    "copy": _COPY_FIELDS,
    "face_down": _COPY_FIELDS,
    "control": ("controller",),
    "text": ("abilities",),
    "type": ("types", "subtypes", "supertypes", "abilities", "power", "toughness"),
    "color": ("colors",),
    "abilities": ("abilities",),
}


def view_field(obj: Obj, name: str) -> Any:
    """One characteristic as the trace shows it (power/toughness ``None`` for non-creatures)."""
    if name == "subtypes":
        return obj.subtypes + ((ALL_CREATURE_TYPES,) if obj.all_types else ())
    if name == "abilities":
        return tuple(a.text for a in obj.abilities)
    if name in ("power", "toughness"):
        if not obj.is_creature:
            return None
        v = getattr(obj, name)
        return 0 if v is None else v
    return getattr(obj, name)


def make_view(obj: Obj) -> ObjectView:
    """The trace's view of an object (the values :func:`view_field` gives)."""
    power: int | None
    toughness: int | None
    if "Creature" in obj.types:
        power = 0 if obj.power is None else obj.power
        toughness = 0 if obj.toughness is None else obj.toughness
    else:
        power = toughness = None
    return _frozen(
        ObjectView,
        {
            "id": obj.id,
            "name": obj.name,
            "owner": obj.owner,
            "controller": obj.controller,
            "zone": obj.zone or "outside",
            "types": obj.types,
            "subtypes": obj.subtypes + ((ALL_CREATURE_TYPES,) if obj.all_types else ()),
            "supertypes": obj.supertypes,
            "colors": obj.colors,
            "abilities": _ability_texts(obj.abilities),
            "power": power,
            "toughness": toughness,
            "loyalty": obj.loyalty,
            "counters": tuple(sorted(obj.counters)),
            "mana_value": obj.mana_value,
            "token": obj.token,
            "face_down": obj.face_down,
            "tapped": obj.tapped,
            "attached_to": obj.attached_to,
            "timestamp": _num(obj.timestamp),
        },
    )


def _ability_texts(abilities: tuple[Ability, ...]) -> tuple[str, ...]:
    """``tuple(a.text for a in abilities)``, once per abilities tuple (alike objects share one)."""
    hit = _TEXTS.get(id(abilities))
    if hit is not None and hit[0] is abilities:
        return hit[1]
    texts = tuple(a.text for a in abilities)
    if len(_TEXTS) > 20000:
        _TEXTS.clear()
    _TEXTS[id(abilities)] = (abilities, texts)  # the tuple is kept alive, so its id is not reused
    return texts


_TEXTS: dict[int, tuple[tuple[Ability, ...], tuple[str, ...]]] = {}


def _frozen(cls: type[_T], values: dict[str, Any]) -> _T:
    """``cls(**values)`` for a frozen trace dataclass given *all* its fields, without the
    generated ``__init__`` (which sets each field through ``object.__setattr__``, several times
    slower; the trace is built from thousands of these). Equal to the constructed object."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def _change(object_id: str, characteristic: str, before: Any, after: Any) -> Change:
    """``Change(object_id, characteristic, before, after)``, built as :func:`_frozen` does."""
    obj = object.__new__(Change)
    obj.__dict__.update(object_id=object_id, characteristic=characteristic, before=before, after=after)
    return obj


def _check_frozen_classes() -> None:
    """:func:`_frozen` is only valid for plain dataclasses (no ``__post_init__``, no slots) given
    every field: a change to the trace classes fails loudly here, at import, not in a trace."""
    given = {
        ObjectView: _VIEW_KEYS,
        Change: frozenset({"object_id", "characteristic", "before", "after"}),
    }
    for cls, keys in given.items():
        if (
            hasattr(cls, "__post_init__")
            or "__slots__" in cls.__dict__
            or {f.name for f in fields(cls)} != keys
        ):
            raise TypeError(f"{cls.__name__} changed: update how the engine builds it (_frozen)")


#: The fields :func:`make_view` gives.
_VIEW_KEYS = frozenset(
    {
        "id",
        "name",
        "owner",
        "controller",
        "zone",
        "types",
        "subtypes",
        "supertypes",
        "colors",
        "abilities",
        "power",
        "toughness",
        "loyalty",
        "counters",
        "mana_value",
        "token",
        "face_down",
        "tapped",
        "attached_to",
        "timestamp",
    }
)
_check_frozen_classes()


# ====================================================================================== dependency
@dataclass
class DepResult:
    effect: str
    depends_on: str
    kind: str
    reason: str
    recorded: Dependency | None = None  # its trace form, built once


def _names_list(ids: Iterable[str], names: dict[str, str]) -> str:
    ids = list(ids)
    items = [names.get(i, i) for i in ids[:4]]
    if len(ids) > 4:
        items.append(f"{len(ids) - 4} more")
    return ", ".join(items)


def _ability_of(state: State, eff: Eff, sub: str) -> Ability | None:
    if eff.source is None:
        return None
    obj = state.objs.get(eff.source)
    if obj is None:
        return None
    for ab in obj.abilities:
        if ab.generates and effect_id(obj.id, ab) == eff.id:
            if ab.kind == "static" and obj.zone != ab.zone:
                return None
            return ab
    return None


def static_condition_holds(eff: Eff, state: State) -> bool:
    """An "as long as" static ability (e.g. Starfield of Nyx) generates its effect only while the
    condition holds (611.3b)."""
    spec = eff.spec
    if spec is None or spec.condition is None or eff.origin != "static":
        return True
    cond = spec.condition
    ctx = make_ctx(eff, state)
    if cond.kind == "count_at_least":
        assert cond.selector is not None
        return len(select(cond.selector, state, ctx)) >= cond.n
    ref = cond.obj
    if ref == "this":
        target = ctx.source
    else:
        target = next((o for o in state.objs.values() if o.id == ref or o.name.lower() == ref.lower()), None)
    if target is None:
        return False
    if cond.kind == "on_battlefield":
        return target.zone == "battlefield"
    if cond.kind == "tapped":
        return target.tapped
    if cond.kind == "untapped":
        return not target.tapped
    if cond.kind == "controls":
        return target.controller == ctx.you
    return True


def still_exists(eff: Eff, state: State, sub: str) -> bool:
    """611.3b / rules-notes: a static effect that has not begun to apply exists only while its
    object has the ability (and its "as long as" condition holds)."""
    if eff.origin not in ("static",):
        return True
    ab = _ability_of(state, eff, sub)
    if ab is None:
        return False
    spec = ab.spec
    if spec is None or sub not in spec.sublayers:
        return False
    eff.spec = spec  # layer 3 may have rewritten its text
    return static_condition_holds(eff, state)


class WhatIf:
    """Effect ``b`` applied to the current state, computed lazily for counterfactual checks:
    one object at a time (:meth:`after`), or as a whole forked state (:meth:`fork`)."""

    def __init__(self, b: Eff, sub: str, state: State, ids: tuple[str, ...]) -> None:
        self.b, self.sub, self.state, self.ids = b, sub, state, ids
        self.idset = set(ids)
        self.ctx = make_ctx(b, state)
        self.writes = writes_of(b, sub)
        self._after: dict[str, Obj] = {}
        self._groups: dict[int, list[str]] | None = None
        self._fork: State | None = None
        self._vary = params_vary(b, sub) or sub in ("pt_set", "pt_cda", "pt_modify")

    def after(self, oid: str) -> Obj:
        """The object as it would be with ``b`` applied (itself when ``b`` doesn't touch it)."""
        if oid not in self.idset:
            return self.state.objs[oid]
        got = self._after.get(oid)
        if got is None:
            obj = self.state.objs[oid]
            got = obj.copy()
            got.sig = None
            param = params_for(self.b, self.sub, obj, self.state, self.ctx) if self._vary else None
            apply_part(self.b, self.sub, got, param)
            self._after[oid] = got
        return got

    def groups(self) -> dict[int, list[str]]:
        """``b``'s objects grouped by signature (objects alike are judged once)."""
        if self._groups is None:
            groups: dict[int, list[str]] = {}
            objs = self.state.objs
            for oid in self.ids:
                obj = objs[oid]
                sig = obj.sig
                if sig is None:
                    sig = sig_of(obj)
                g = groups.get(sig)
                if g is None:
                    groups[sig] = [oid]
                else:
                    g.append(oid)
            self._groups = groups
        return self._groups

    def fork(self) -> State:
        if self._fork is None:
            self._fork = self.state.fork()
            apply_effect(self.b, self.sub, self._fork, self.ids)
        return self._fork


def _ability_on(obj: Obj | None, eff: Eff) -> Ability | None:
    if obj is None:
        return None
    for ab in obj.abilities:
        if ab.generates and effect_id(obj.id, ab) == eff.id:
            if ab.kind == "static" and obj.zone != ab.zone:
                return None
            return ab
    return None


def _applies_to_reason(
    a: Eff, b: Eff, gained: list[str], lost: list[str], names: dict[str, str]
) -> DepResult:
    bits = []
    if gained:
        bits.append(f"it would also apply to {_names_list(gained, names)}")
    if lost:
        bits.append(f"it would no longer apply to {_names_list(lost, names)}")
    return DepResult(
        a.id, b.id, "applies_to", f"{b.name} changes what {a.name} applies to: {' and '.join(bits)}"
    )


def judge_pair(
    a: Eff,
    wi: WhatIf,
    a_set: tuple[str, ...],
    begun: dict[str, tuple[str, ...]],
    names: dict[str, str],
) -> DepResult | None:
    """613.8a(b): would applying ``b`` change ``a``'s existence, text, what it applies to, or
    what it does to what it applies to? Decided by counterfactual evaluation: ``a`` is looked at
    in the current state and with ``b`` applied (:class:`WhatIf`), never by per-card tags."""
    b, sub, cur = wi.b, wi.sub, wi.state
    a_begun = a.id in begun or a.locked is not None
    spec = a.spec
    assert spec is not None
    src_name = names.get(a.source or "", a.source or "")
    if not a_begun and a.origin == "static" and a.source is not None:
        if a.source in wi.idset:
            ab_cur = _ability_on(cur.objs.get(a.source), a)
            ab_after = _ability_on(wi.after(a.source), a)
            if ab_after is None or ab_after.spec is None or sub not in ab_after.spec.sublayers:
                return DepResult(
                    a.id,
                    b.id,
                    "existence",
                    f"{b.name} removes {src_name}'s ability, so {a.name}'s effect no longer exists",
                )
            if ab_cur is not None and ab_after.raw != ab_cur.raw:
                return DepResult(a.id, b.id, "text", f"{b.name} changes the text of {a.name}'s ability")
        cond = spec.condition
        if cond is not None and overlaps(selector_reads(cond.selector) | {("controller", ANY)}, wi.writes):
            fork = wi.fork()
            if static_condition_holds(a, fork) != static_condition_holds(a, cur):
                return DepResult(
                    a.id,
                    b.id,
                    "existence",
                    f"{b.name} changes whether {a.name}'s condition ('{cond.text}') holds, "
                    "so whether its effect exists",
                )
    sel = spec.affects
    if not a_begun and a.origin != "cda" and sel is not None and overlaps(selector_reads(sel), wi.writes):
        ctx_a = make_ctx(a, cur)
        memo = cur.memo
        if a.source in wi.idset and ("controller", ANY) in wi.writes:
            fork = wi.fork()
            fork_set = select(sel, fork, make_ctx(a, fork))
            if set(fork_set) != set(a_set):
                return _applies_to_reason(
                    a,
                    b,
                    [o for o in fork_set if o not in a_set],
                    [o for o in a_set if o not in fork_set],
                    names,
                )
        else:
            gained: list[str] = []
            lost: list[str] = []
            if not all(p.by_signature for p in sel.parts):
                for oid in wi.ids:
                    m0 = matches(sel, cur.objs[oid], ctx_a, memo)
                    m1 = matches(sel, wi.after(oid), ctx_a, memo)
                    if m0 != m1:
                        (gained if m1 else lost).append(oid)
            else:
                # objects alike (same signature) flip alike: memoised for the whole solve
                bkey = ("flip", b.id, b.spec.raw if b.spec else "", id(sel), ctx_a.you, ctx_a.target_player)
                flips = memo.get(bkey)
                if flips is None:
                    flips = memo[bkey] = {}
                member = None
                for sig, oids in wi.groups().items():
                    rest = oids
                    if a.source in oids:
                        if member is None:
                            member = _matcher(sel, ctx_a, memo)
                        rest = [o for o in oids if o != a.source]
                        m0 = member(cur.objs[a.source])
                        m1 = member(wi.after(a.source))
                        if m0 != m1:
                            (gained if m1 else lost).append(a.source)
                        if not rest:
                            continue
                    flip = flips.get(sig)
                    if flip is None:
                        if member is None:
                            member = _matcher(sel, ctx_a, memo)
                        m0 = member(cur.objs[rest[0]])
                        m1 = member(wi.after(rest[0]))
                        flip = flips[sig] = 0 if m0 == m1 else (1 if m1 else -1)
                    if flip:
                        (gained if flip > 0 else lost).extend(rest)
            if gained or lost:
                return _applies_to_reason(a, b, sorted(gained), sorted(lost), names)
    if params_vary(a, sub) and overlaps(reads_of(a, sub, True), wi.writes):
        fork = wi.fork()
        ctx_cur = make_ctx(a, cur)
        ctx_fork = make_ctx(a, fork)
        differ = [
            o
            for o in sorted(a_set)
            if o in fork.objs
            and params_for(a, sub, cur.objs[o], cur, ctx_cur)
            != params_for(a, sub, fork.objs[o], fork, ctx_fork)
        ]
        if differ:
            return DepResult(
                a.id,
                b.id,
                "what_it_does",
                f"{b.name} changes what {a.name} does to {_names_list(differ, names)}",
            )
    return None


_UNJUDGED: Any = object()  # no cached verdict (None is a verdict: independent)


class Judge:
    """613.8a among the effects not yet applied in one sublayer, against the current state,
    judged again after every applied effect (613.8c).

    Pairs are pruned with read/write sets derived from the effect data (``b`` changes nothing
    ``a`` reads -> independent); the rest are decided counterfactually (:func:`judge_pair`).
    A pair's verdict is kept until an applied effect changes an object it was judged on (``b``'s
    objects, either source) -- a cache, never a rule: the verdict is the one judging it again
    would give. 613.8a(c): CDAs never take part (they are applied first, see run_sublayer).
    """

    def __init__(
        self, sub: str, state: State, begun: dict[str, tuple[str, ...]], names: dict[str, str]
    ) -> None:
        self.sub, self.state, self.begun, self.names = sub, state, begun, names
        self.pairs: dict[tuple[str, int, str, int], DepResult | None] = {}
        self.whatifs: dict[str, WhatIf] = {}
        self.overlap: dict[tuple[str, int, str, int], bool] = {}
        self.objsets: dict[str, frozenset[str]] = {}
        #: (b, its spec) -> the effects whose reads b's writes overlap (derived once per sublayer)
        self.candidates: dict[tuple[str, int], list[tuple[str, int]]] = {}
        self.all_effects: list[Eff] = []
        self._reads: dict[tuple[int, int, bool], frozenset[Key]] = {}
        self._writes: dict[tuple[int, int], frozenset[Key]] = {}

    def reads(self, a: Eff) -> frozenset[Key]:
        """:func:`reads_of` ``a`` in this sublayer (derived once per effect, text and begun-ness)."""
        begun = a.id in self.begun
        key = (id(a), id(a.spec), begun)
        r = self._reads.get(key)
        if r is None:
            r = self._reads[key] = reads_of(a, self.sub, begun)
        return r

    def writes(self, b: Eff) -> frozenset[Key]:
        """:func:`writes_of` ``b`` in this sublayer (derived once per effect and text)."""
        key = (id(b), id(b.spec))
        w = self._writes.get(key)
        if w is None:
            w = self._writes[key] = writes_of(b, self.sub)
        return w

    def _cacheable(self, a: Eff) -> bool:
        if not CACHE_VERDICTS:
            return False
        spec = a.spec
        return spec is not None and spec.condition is None and not params_vary(a, self.sub)

    def judge(self, pending: list[Eff], sets: dict[str, tuple[str, ...]]) -> list[DepResult]:
        sub, begun = self.sub, self.begun
        pos = {e.id: i for i, e in enumerate(pending)}
        found: list[tuple[int, int, DepResult]] = []
        pairs = self.pairs
        for b in pending:
            ids_b = sets[b.id]
            if not ids_b:
                continue
            b_spec = id(b.spec)
            b_pos = pos[b.id]
            ckey = (b.id, b_spec)
            cands = self.candidates.get(ckey)
            if cands is None:
                w = self.writes(b)
                cands = self.candidates[ckey] = [
                    (a.id, id(a.spec)) for a in self.all_effects if a is not b and overlaps(self.reads(a), w)
                ]
            if not cands:
                continue
            wi: WhatIf | None = None
            for a_id, a_spec in cands:
                a_pos = pos.get(a_id)
                if a_pos is None:
                    continue
                a = pending[a_pos]
                a_spec_now = id(a.spec)
                if a_spec_now != a_spec:  # layer 3 rewrote its text: judge the new text
                    self.candidates.pop(ckey, None)
                    if not overlaps(self.reads(a), self.writes(b)):
                        continue
                okey = (a_id, a_spec_now, b.id, b_spec)
                r = pairs.get(okey, _UNJUDGED)
                if r is _UNJUDGED:
                    if wi is None:
                        wi = self.whatifs.get(b.id)
                        if wi is None or wi.ids is not ids_b or wi.b.spec is not b.spec:
                            wi = self.whatifs[b.id] = WhatIf(b, sub, self.state, ids_b)
                            self.objsets[b.id] = frozenset(ids_b)
                    r = judge_pair(a, wi, sets[a.id], begun, self.names)
                    if self._cacheable(a) and self._cacheable(b):
                        pairs[okey] = r
                if r is not None:
                    found.append((b_pos, a_pos, r))
        found.sort(key=lambda t: (t[0], t[1]))
        return [r for _, _, r in found]

    def applied(self, changed: set[str], stale: set[str], pending: list[Eff], wrote: frozenset[Key]) -> None:
        """Forget the verdicts an applied effect may have changed.

        A verdict on (a, b) was judged on ``b``'s objects, through what ``a``'s selector reads and
        what ``b``'s own result depends on (:func:`decision_inputs`). It is dropped when the
        applied effect changed one of ``b``'s objects in one of those characteristics, changed
        either source, or may have changed either affected set (``stale``).
        """
        if not changed and not stale:
            return
        sub = self.sub
        hit_b: set[str] = set(stale)
        dirty_a: set[str] = set(stale)
        for e in pending:
            if e.source in changed:
                dirty_a.add(e.id)
                hit_b.add(e.id)
            objs = self.objsets.get(e.id)
            if objs is not None and not changed.isdisjoint(objs):
                hit_b.add(e.id)
        for bid in hit_b:
            self.whatifs.pop(bid, None)
        if not hit_b and not dirty_a:
            return
        by_id = {e.id: e for e in pending}
        keep: dict[tuple[str, int, str, int], DepResult | None] = {}
        sel_reads: dict[str, frozenset[Key]] = {}
        for k, v in self.pairs.items():
            a_id, _, b_id, _ = k
            if a_id in dirty_a or b_id in stale:
                continue
            if b_id in hit_b:
                a, b = by_id.get(a_id), by_id.get(b_id)
                if a is None or b is None:
                    continue
                ra = sel_reads.get(a_id)
                if ra is None:
                    ra = sel_reads[a_id] = selector_reads(a.spec.affects if a.spec else None)
                if overlaps(ra | decision_inputs(b, sub), wrote):
                    continue
            keep[k] = v
        self.pairs = keep


def decision_inputs(b: Eff, sub: str) -> frozenset[Key]:
    """What of an object, besides what another effect's selector reads, ``b``'s result on it
    depends on (305.7 applies only to lands; a copy or face-down effect replaces everything)."""
    spec = b.spec
    if sub in ("copy", "face_down"):
        return _EVERYTHING
    if sub == "type" and spec is not None and spec.set_subtypes is not None:
        return frozenset({("types", "Land")})
    return frozenset()


def judge_dependencies(
    pending: list[Eff],
    sub: str,
    state: State,
    begun: dict[str, tuple[str, ...]],
    names: dict[str, str],
    sets: dict[str, tuple[str, ...]],
) -> list[DepResult]:
    """613.8a among ``pending`` in the current state (one judgement, see :class:`Judge`)."""
    return Judge(sub, state, begun, names).judge(pending, sets)


def _cycles(pending: list[Eff], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle (Tarjan), members in timestamp order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    order = {e.id: e.sort_key for e in pending}
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in order:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp, key=lambda i: order[i]))

    for e in sorted(pending, key=lambda e: e.sort_key):
        if e.id not in index:
            strong(e.id)
    return out


def choose_next(pending: list[Eff], deps: list[DepResult]) -> tuple[Eff, str, tuple[str, ...]]:
    """613.8b + rules-notes' house reading of loops.

    1. Among the effects not yet applied, those that depend on no other unapplied effect: apply
       the earliest-timestamped (613.7, seed 000 "selo temporal").
    2. If there are none, every remaining effect waits on another: apply the earliest-timestamped
       effect that lies on a dependency cycle (613.8b: a loop ignores dependency).
    Returns the effect, why (``timestamp``/``loop``) and the loop's members.
    """
    waiting: dict[str, set[str]] = {}
    for d in deps:
        waiting.setdefault(d.effect, set()).add(d.depends_on)
    free = [e for e in pending if not waiting.get(e.id)]
    if free:
        return min(free, key=lambda e: e.sort_key), "timestamp", ()
    loops = _cycles(pending, waiting)
    by_id = {e.id: e for e in pending}
    best = min((by_id[m] for c in loops for m in c), key=lambda e: e.sort_key)
    loop = next(c for c in loops if best.id in c)
    return best, "loop", tuple(loop)


# ====================================================================================== solve
@dataclass
class Run:
    """Bookkeeping of one solve, turned into a :class:`Trace` at the end."""

    ruleset: str
    names: dict[str, str]
    dependency: bool
    steps: list[Step] = field(default_factory=list)
    deps: list[Dependency] = field(default_factory=list)
    dep_keys: set[tuple[str, str, str]] = field(default_factory=set)
    loops: list[tuple[str, ...]] = field(default_factory=list)
    seen: dict[str, Eff] = field(default_factory=dict)
    applied_ids: set[str] = field(default_factory=set)
    removed_note: dict[str, str] = field(default_factory=dict)


def _record(
    run: Run,
    eff: Eff,
    sub: str,
    why: str,
    waited: tuple[str, ...],
    ids: tuple[str, ...],
    changes: list[Change],
    deps: list[DepResult],
    loop: tuple[str, ...],
) -> None:
    label = layer_label(sub, run.ruleset)
    dep_list = []
    for r in deps:
        if r.recorded is None or r.recorded.layer != label:
            r.recorded = Dependency(r.effect, r.depends_on, label, r.reason, r.kind)
        dep_list.append(r.recorded)
    dep_objs = tuple(dep_list)
    for d in dep_objs:
        key = (d.effect, d.depends_on, d.layer)
        if key not in run.dep_keys:
            run.dep_keys.add(key)
            run.deps.append(d)
    if loop and loop not in run.loops:
        run.loops.append(loop)
    run.steps.append(
        Step(
            index=len(run.steps),
            effect=eff.id,
            source=eff.source,
            layer=label,
            timestamp=_num(eff.timestamp),
            why=why,
            waited_on=waited,
            objects=tuple(sorted(ids)),
            changes=tuple(changes),
            dependencies=dep_objs,
            loop=loop,
            rank=_RANK[sub],
        )
    )
    run.applied_ids.add(eff.id)


_RAW_OF = {
    "copy": (*_COPY_FIELDS, "all_types"),
    "face_down": (*_COPY_FIELDS, "all_types"),
    "control": ("controller",),
    "text": ("abilities",),
    "type": ("types", "subtypes", "supertypes", "abilities", "all_types", "power", "toughness"),
    "color": ("colors",),
    "abilities": ("abilities",),
}
_RAW_GETTERS = {k: attrgetter(*v) for k, v in _RAW_OF.items()}
#: Parts whose raw snapshot is one value (the others' is a tuple of values).
_SINGLE_RAW = frozenset(k for k, v in _RAW_OF.items() if len(v) == 1)
#: Parts that change nothing :func:`sig_of` reads (abilities, text, power and toughness).
_SIG_NEUTRAL = frozenset({"text", "abilities", "pt_cda", "pt_set", "pt_modify", "pt_counters", "pt_switch"})
_PT_GETTER = attrgetter("power", "toughness", "types")


def _apply_recorded(
    run: Run,
    eff: Eff,
    sub: str,
    state: State,
    ids: tuple[str, ...],
    why: str,
    waited: tuple[str, ...],
    deps: list[DepResult],
    loop: tuple[str, ...],
) -> None:
    fields_ = _FIELDS_OF.get(sub, ("power", "toughness"))
    raw = _RAW_GETTERS.get(sub, _PT_GETTER)
    objs = state.objs
    before_raw = [raw(objs[oid]) for oid in ids]
    if sub in _SIG_NEUTRAL:
        sigs = [sig_of(objs[oid]) for oid in ids]
        apply_effect(eff, sub, state, ids)
        for oid, sig in zip(ids, sigs, strict=True):
            objs[oid].sig = sig  # nothing a selector reads changed: same signature, same bucket
    else:
        apply_effect(eff, sub, state, ids)
        state.reindex(ids)
    changes: list[Change] = []
    # objects that were alike and are alike again change alike: compute each diff once (keyed
    # by the identity of the values, all alive during this loop)
    diffs: dict[tuple[Any, ...], list[tuple[str, Any, Any]]] = {}
    single = sub in _SINGLE_RAW
    for oid, r in zip(ids, before_raw, strict=True):
        after = objs[oid]
        ra = raw(after)
        if ra == r:
            continue
        key = (id(r), id(ra)) if single else (tuple(map(id, r)), tuple(map(id, ra)))
        diff = diffs.get(key)
        if diff is None:
            probe = _ViewProbe(r, sub)
            diff = diffs[key] = [
                (f, old, new) for f in fields_ if (old := probe.view(f)) != (new := view_field(after, f))
            ]
        changes.extend([_change(oid, f, old, new) for f, old, new in diff])
    _record(run, eff, sub, why, waited, ids, changes, deps, loop)


class _ViewProbe:
    """View values of an object before a step, rebuilt from its raw snapshot."""

    __slots__ = ("raw", "sub")

    def __init__(self, raw: Any, sub: str) -> None:
        self.raw, self.sub = raw, sub

    def view(self, f: str) -> Any:
        names = _RAW_OF.get(self.sub)
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
            e.active, e.note = False, "switched off"
            run.seen.setdefault(eid, e)
        else:
            run.seen.setdefault(eid, out[eid])
    return sorted(out.values(), key=lambda e: e.sort_key)


def _set_stale(e: Eff, wrote: frozenset[Key], touched: set[str], begun: dict[str, tuple[str, ...]]) -> bool:
    """After an effect applied: may ``e``'s affected set have changed? (Only then is it recomputed.)"""
    if e.id in begun or e.locked is not None:
        return False
    if e.source in touched:
        return True  # its "you", "other", attachment or text may have changed
    spec = e.spec
    return spec is not None and overlaps(selector_reads(spec.affects), wrote)


def run_sublayer(
    sub: str,
    state: State,
    effects: list[Eff],
    begun: dict[str, tuple[str, ...]],
    begun_effects: dict[str, Eff],
    run: Run,
) -> None:
    """613.3-613.8 inside one layer or sublayer: CDAs first (613.3/613.4a), then the rest in
    timestamp order unless dependency says otherwise, judged again after every effect (613.8c)."""
    cdas = [e for e in effects if e.origin == "cda"]
    rest = [e for e in effects if e.origin != "cda"]
    for e in cdas:
        ids = affected_set(e, sub, state, make_ctx(e, state), begun)
        begun.setdefault(e.id, ids)
        begun_effects.setdefault(e.id, e)
        _apply_recorded(run, e, sub, state, ids, "cda", (), [], ())
    waited: dict[str, set[str]] = {}
    pending = list(rest)
    sets: dict[str, tuple[str, ...]] = {}
    judged = run.dependency and sub not in ("players", "rules", "pt_counters", "face_down")
    judge = Judge(sub, state, begun, run.names)
    judge.all_effects = list(rest)
    while pending:
        alive = []
        for e in pending:
            if e.id in begun or still_exists(e, state, sub):
                alive.append(e)
            else:
                note = f"its ability was gone before it applied in layer {layer_label(sub, run.ruleset)}"
                blame = [d.depends_on for d in run.deps if d.effect == e.id and d.kind == "existence"]
                if blame:
                    note = (
                        f"{run.seen[blame[-1]].name} removed its ability before it applied "
                        f"(layer {layer_label(sub, run.ruleset)})"
                    )
                run.removed_note.setdefault(e.id, note)
        pending = alive
        if not pending:
            break
        deps: list[DepResult] = []
        if judged and len(pending) > 1:
            for e in pending:
                if e.id not in sets:
                    sets[e.id] = affected_set(e, sub, state, make_ctx(e, state), begun)
            deps = judge.judge(pending, sets)
            for d in deps:
                waited.setdefault(d.effect, set()).add(d.depends_on)
            chosen, why, loop = choose_next(pending, deps)
        else:
            chosen, why, loop = min(pending, key=lambda e: e.sort_key), "timestamp", ()
        w = tuple(sorted(x for x in waited.get(chosen.id, ()) if x in run.applied_ids))
        if why == "timestamp" and w:
            why = "dependency"
        if chosen.id in sets:
            ids = sets.pop(chosen.id)
        else:
            ids = affected_set(chosen, sub, state, make_ctx(chosen, state), begun)
        begun.setdefault(chosen.id, ids)
        begun_effects.setdefault(chosen.id, chosen)
        _apply_recorded(run, chosen, sub, state, ids, why, w, deps, loop)
        pending.remove(chosen)
        if sets:
            wrote = writes_of(chosen, sub)
            touched = set(ids)
            stale = set()
            for e in pending:
                if e.id in sets and _set_stale(e, wrote, touched, begun):
                    if judged and still_exists(e, state, sub):
                        new_ids = affected_set(e, sub, state, make_ctx(e, state), begun)
                        if set(new_ids) == set(sets[e.id]):
                            continue  # same objects: the old set (and what was judged on it) stands
                        sets[e.id] = new_ids
                    else:
                        del sets[e.id]
                    stale.add(e.id)
            judge.applied({c.object_id for c in run.steps[-1].changes}, stale, pending, wrote)


def _players_set(word: str | None, eff: Eff, state: State) -> tuple[str, ...]:
    you = make_ctx(eff, state).you
    w = (word or "you").lower()
    if w == "you":
        return (you,) if you else ()
    if w in ("each opponent", "opponents", "each of your opponents"):
        return tuple(p for p in state.players if p != you)
    if w in ("each player", "all players", "players"):
        return state.players
    if w == "target player":
        return (eff.target_player,) if eff.target_player else ()
    return tuple(p for p in state.players if p.lower() == w)


def run_players(effects: list[Eff], state: State, players: dict[str, list[str]], run: Run) -> None:
    """613.10: effects on players apply after all object characteristics, in timestamp order
    (the Spanish seed lists them before the layers; the engine follows the CR and seed 000)."""
    for e in sorted(effects, key=lambda e: e.sort_key):
        spec = e.spec
        assert spec is not None
        who = _players_set(spec.players, e, state)
        changes = []
        for p in who:
            before = tuple(players[p])
            for ab in spec.player_add:
                if ab not in players[p]:
                    players[p].append(ab)
            if tuple(players[p]) != before:
                changes.append(Change(p, "abilities", before, tuple(players[p])))
        _record(run, e, "players", "timestamp", (), who, changes, [], ())


def run_rules(effects: list[Eff], state: State, rules: dict[str, Any], run: Run) -> None:
    """613.11: effects that change the game rules apply last (seed 000 "Regras e jogadores";
    seed 002: Gnat Miser)."""
    for e in sorted(effects, key=lambda e: e.sort_key):
        spec = e.spec
        assert spec is not None
        changes: list[Change] = []
        touched: tuple[str, ...] = ()
        if spec.hand_size_set is not None or spec.hand_size_add is not None:
            who = _players_set(spec.players, e, state)
            touched = who
            for p in who:
                old = rules["max_hand_size"][p]
                new = old
                if spec.hand_size_set is not None:
                    new = spec.hand_size_set
                if spec.hand_size_add is not None:
                    new = new + spec.hand_size_add
                rules["max_hand_size"][p] = new
                if new != old:
                    changes.append(Change("rules", f"max_hand_size.{p}", old, new))
        if spec.requirement:
            ids = affected_set(e, "rules", state, make_ctx(e, state), {})
            touched = ids
            reqs = rules.setdefault("requirements", {})
            for oid in ids:
                old_t = tuple(reqs.get(oid, ()))
                if spec.requirement not in old_t:
                    reqs[oid] = (*old_t, spec.requirement)
                    changes.append(Change("rules", f"requirements.{oid}", old_t, reqs[oid]))
        _record(run, e, "rules", "timestamp", (), touched, changes, [], ())


def lock_resolved(comp: Compiled, ruleset: str, cache: dict[int, State]) -> None:
    """611.2c and "X is fixed": a resolved effect that names objects by a selector fixes the set
    when it resolves; expressions other than X are fixed then too. Both are evaluated against
    the state just before the ``resolve`` event (a solve of the scenario's prefix)."""
    for eff in comp.resolved:
        spec = eff.spec
        assert spec is not None
        needs_set = spec.affects is not None and not spec.affects.is_this
        needs_x = any(not e.constant and e.kind != "x" for e in spec.exprs)
        needs_targets = spec.target_rule is not None and bool(eff.targets) and eff.active
        if not needs_set:
            if spec.affects is not None and spec.affects.is_this:
                eff.locked = (eff.source,) if eff.source else ()
            else:
                eff.locked = eff.targets if eff.targets else ((eff.source,) if eff.source else ())
        if not (needs_set or needs_x or needs_targets) or eff.event_index is None:
            continue
        i = eff.event_index
        if i not in cache:
            states: list[State] = []
            _solve_compiled(compile_scenario(comp.scenario, upto=i), ruleset, True, {}, keep_state=states)
            cache[i] = states[0]
        state = cache[i]
        src_obj = state.objs.get(eff.source) if eff.source else None
        targets = eff.targets
        if needs_targets:
            assert spec.target_rule is not None
            targets = check_targets_on_resolution(eff, spec.target_rule, state, comp.names)
            if spec.affects is None:
                eff.locked = targets
            if not targets:
                continue
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
    why: list[str] = []
    for oid in eff.targets:
        obj = state.objs.get(oid)
        name = names.get(oid, oid)
        if obj is None or obj.zone is None or not matches(rule.selector, obj, ctx):
            where = obj.zone if obj is not None and obj.zone else "not in the game"
            why.append(
                f"{name} is not a {rule.selector.text}" + ("" if where == "battlefield" else f" ({where})")
            )
            continue
        if rule.attr is not None and rule.expr is not None:
            value = getattr(obj, rule.attr)
            bound = eval_expr(rule.expr, obj, eff, state, ctx)
            if value is None or not compare(value, rule.op, bound):
                label = rule.attr.replace("_", " ")
                why.append(f"{name} has {label} {value}, not {rule.op} {bound} ({rule.expr.text})")
                continue
        legal.append(oid)
    if why:
        if legal:
            eff.note = f"608.2b: illegal target not affected: {'; '.join(why)}"
        else:
            eff.active = False
            eff.note = (
                f"608.2b: did nothing, every target was illegal on resolution "
                f"(targets must be '{rule.text}'): {'; '.join(why)}"
            )
    return tuple(legal)


def _solve_compiled(
    comp: Compiled,
    ruleset: str,
    dependency: bool,
    prefix_cache: dict[int, State],
    keep_state: list[State] | None = None,
) -> Trace:
    scn = comp.scenario
    lock_resolved(comp, ruleset, prefix_cache)
    objs = {oid: o.copy() for oid, o in comp.base.items()}
    state = State(objs, scn.players)
    state.build_index()
    initial = {oid: make_view(o) for oid, o in objs.items() if o.zone is not None}
    run = Run(ruleset, comp.names, dependency)
    begun: dict[str, tuple[str, ...]] = {}
    begun_effects: dict[str, Eff] = {}
    disabled = scn.disabled
    counters_eff = Eff(
        id="counters",
        name="Counters (+1/+1, -1/-1)",
        source=None,
        origin="counters",
        timestamp=None,
        spec=_spec_from_canon("{}", False),
        text="+1/+1 and -1/-1 counters",
    )
    for sub in SUBLAYERS:
        if sub in ("players", "rules"):
            continue
        if sub == "pt_counters":
            ids = tuple(
                oid
                for oid, o in state.objs.items()
                if o.zone == "battlefield" and any(k in ("+1/+1", "-1/-1") and n for k, n in o.counters)
            )
            if ids and "counters" not in disabled:
                run.seen["counters"] = counters_eff
                _apply_recorded(run, counters_eff, sub, state, ids, "timestamp", (), [], ())
            continue
        effects = gather(sub, state, comp.resolved, begun_effects, run, disabled)
        if effects:
            run_sublayer(sub, state, effects, begun, begun_effects, run)
    base_players = dict(scn.player_abilities)
    players = {p: list(base_players.get(p, ())) for p in scn.players}
    initial_players = {p: PlayerView(p, tuple(players[p])) for p in scn.players}
    run_players(gather("players", state, comp.resolved, begun_effects, run, disabled), state, players, run)
    rules: dict[str, Any] = {"max_hand_size": {p: DEFAULT_MAX_HAND_SIZE for p in scn.players}}
    initial_rules = {"max_hand_size": dict(rules["max_hand_size"])}
    run_rules(gather("rules", state, comp.resolved, begun_effects, run, disabled), state, rules, run)
    # effect list
    for e in comp.resolved:
        run.seen.setdefault(e.id, e)
    infos = []
    for e in sorted(run.seen.values(), key=lambda e: e.sort_key):
        spec = e.spec
        labels = []
        for s in e.sublayers:
            lab = layer_label(s, ruleset)
            if lab not in labels:
                labels.append(lab)
        if e.origin == "counters":
            labels = [layer_label("pt_counters", ruleset)]
        active = e.active and e.id in run.applied_ids
        note = e.note or ("" if active else run.removed_note.get(e.id, "did not apply"))
        duration = (
            spec.duration
            if spec and spec.duration
            else (
                "while the source is on the battlefield"
                if e.origin == "static"
                else ("always (characteristic-defining)" if e.origin == "cda" else "indefinite")
            )
        )
        locked = e.locked if e.origin == "resolved" else None
        affects = spec.affects_text if spec and spec.affects_text else ("targets" if e.targets else "this")
        infos.append(
            EffectInfo(
                id=e.id,
                name=e.name,
                source=e.source,
                origin=e.origin,
                timestamp=_num(e.timestamp),
                layers=tuple(labels),
                text=e.text,
                duration=duration,
                active=active,
                note=note,
                affects=affects,
                locked=tuple(locked) if locked is not None else None,
            )
        )
    final = {oid: make_view(o) for oid, o in state.objs.items() if o.zone is not None}
    trace = Trace(
        ruleset=ruleset,
        scenario=scn.name,
        effects=tuple(infos),
        steps=tuple(run.steps),
        dependencies=tuple(run.deps),
        loops=tuple(run.loops),
        initial=initial,
        final=final,
        players={p: PlayerView(p, tuple(players[p])) for p in scn.players},
        initial_players=initial_players,
        rules=_freeze_rules(rules),
        initial_rules=initial_rules,
        active_player=scn.active_player,
        dependency=dependency,
    )
    if keep_state is not None:
        keep_state.append(state)  # the final state, for locking a later effect's set (611.2c)
    return trace


def _num(v: Any) -> Any:
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def _freeze_rules(rules: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"max_hand_size": dict(sorted(rules["max_hand_size"].items()))}
    if rules.get("requirements"):
        out["requirements"] = {k: tuple(v) for k, v in sorted(rules["requirements"].items())}
    return out


def solve(
    scenario: Scenario, ruleset: str = "seed", without: Iterable[str] = (), dependency: bool = True
) -> Trace:
    """Compute every object's characteristics (613) and return the :class:`Trace`.

    ``ruleset`` is ``"seed"`` (7a-7e, default) or ``"current"`` (labels only, same numbers).
    ``without`` switches effects off by id; ``dependency=False`` applies pure timestamp order
    (613.7 only, for comparison and benchmarks).
    """
    if ruleset not in LAYER_LABELS:
        from rulekit.yamlsrc import suggest

        raise ScenarioError(
            f"unknown ruleset '{ruleset}' (choose seed or current)",
            code="BAD_RULESET",
            suggestion=suggest(ruleset, list(LAYER_LABELS)),
        )
    without = tuple(without)
    if without:
        known = set(_known_effect_ids(scenario))
        bad = [w for w in without if w not in known]
        if bad:
            from rulekit.yamlsrc import suggest

            raise ScenarioError(
                f"no effect '{bad[0]}' in scenario {scenario.name} (effects: {', '.join(sorted(known))})",
                code="UNKNOWN_EFFECT",
                suggestion=suggest(bad[0], sorted(known)),
            )
        scenario = scenario.without(without)
    comp = compile_scenario(scenario)
    return _solve_compiled(comp, ruleset, dependency, {})


def _known_effect_ids(scenario: Scenario) -> list[str]:
    comp = compile_scenario(scenario)
    ids = [e.id for e in comp.listed_effects()]
    # effects of abilities granted during the solve (rare) are known after a solve
    trace = _solve_compiled(comp, "seed", True, {})
    for e in trace.effects:
        if e.id not in ids:
            ids.append(e.id)
    return ids
