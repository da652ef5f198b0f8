"""The scenario's events replayed: zones, tapped state, attachments, timestamps, resolved effects.

:func:`compile_scenario` walks the events in order (LANGUAGE.md §5): objects enter and leave
zones, get attached, turn face up or down, tap and untap, and spells and abilities resolve. The
timestamps they get follow :mod:`rulekit.mtg.engine.timestamps` (613.7); resolved effects are
built and their durations checked by :mod:`rulekit.mtg.engine.effects` (611.2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rulekit.mtg.codes import AbilityKind, EventKind, NameCode
from rulekit.mtg.engine import faces
from rulekit.mtg.engine.compiled import Compiled, Situation
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.effects import (
    face_down_effect,
    resolved_effect,
    resolved_status,
    static_effects_of,
)
from rulekit.mtg.engine.history import first_sublayer
from rulekit.mtg.engine.state import Obj
from rulekit.mtg.engine.timestamps import Clock, assign_timestamps, simultaneous_order
from rulekit.mtg.kinds.copy_except import Except
from rulekit.mtg.model import EffectSpec, Event, ObjectDef, Scenario
from rulekit.mtg.vocab import pt_counter


def listed_effects(comp: Compiled) -> list[Eff]:
    """Static/CDA effects of the objects as they are printed, plus resolved effects."""
    out: list[Eff] = []
    for obj in comp.base.values():
        if obj.zone is None:
            continue
        out.extend(static_effects_of(obj, comp.names, None))
        if obj.face_down:
            out.append(face_down_effect(obj, comp.names))
    out.extend(comp.resolved)
    out.sort(key=lambda e: e.sort_key)
    return out


def _named(sel: Any, obj: Obj, base: dict[str, Obj]) -> Obj | None:
    """The one object a copy selector names by its id or name (``"{chosen object}"`` filled:
    ``@bears``), other than ``obj``; else ``None``."""
    parts = sel.parts
    if len(parts) != 1 or parts[0].special != "named":
        return None
    name = parts[0].name
    orig = base.get(name) or next((o for o in base.values() if o.name.lower() == name.lower()), None)
    return orig if orig is not None and orig is not obj else None


#: a copy effect that says no exception (707.9)
NO_EXCEPTIONS = Except()


def entering_copy(obj: Obj, base: dict[str, Obj], ev: Event | None = None) -> tuple[EffectSpec, Obj] | None:
    """The copy effect ``obj`` enters with and the object it copies: its own static "enters as a
    copy" ability (707.2, 707.5: ``copy: "{chosen object}"``), or the ``enter`` event's ``as``
    ("put onto the battlefield as a copy of", a token created as a copy: 707.5); else ``None``."""
    for a in obj.abilities:
        spec = a.spec if a.kind == AbilityKind.STATIC else None
        if spec is None or spec.value("copy") is None or not (spec.affects is None or spec.affects.is_this):
            continue
        orig = _named(spec.value("copy"), obj, base)
        if orig is not None:
            return spec, orig
    if ev is not None and ev.enters_as is not None and ev.enters_as.value("copy") is not None:
        orig = _named(ev.enters_as.value("copy"), obj, base)
        if orig is not None:
            return ev.enters_as, orig
    return None


def _exceptions(spec: EffectSpec) -> Except:
    """A copy effect's exceptions (707.9; none written: none)."""
    got = spec.value("copy_except")
    return got if got is not None else NO_EXCEPTIONS


def _if_blocks(spec: EffectSpec, orig: Obj) -> list[Except]:
    """707.9f: the "if it's a <type>" exception blocks that apply to a copy of ``orig``: read on
    the original's printed types with the copy's own added types."""
    exc = _exceptions(spec)
    has = {*orig.types, *orig.subtypes, *orig.supertypes, *exc.types}
    return [block for words, block in exc.if_ if all(w in has for w in words)]


def entering_abilities(
    obj: Obj, base: dict[str, Obj], depth: int = 0, ev: Event | None = None
) -> tuple[Any, ...]:
    """614.1c, 707.2, 707.5: the "enters with" abilities an object has as it enters: its own, or,
    when it enters as a copy, those of the object it copies (a copy of a copy: that one's, 707.3),
    with the abilities its copy exceptions give (707.9a: copiable values too)."""
    got = entering_copy(obj, base, ev if depth == 0 else None) if depth < 8 else None
    if got is None:
        return obj.abilities
    spec, orig = got
    copied = entering_abilities(orig, base, depth + 1)
    extra: list[Any] = list(_exceptions(spec).abilities)
    for block in _if_blocks(spec, orig):
        extra += block.abilities
    return (*copied, *extra)


def entry_counters(obj: Obj, base: dict[str, Obj], ev: Event) -> tuple[tuple[str, int], ...]:
    """707.9e: the counters a copy exception says this object enters with ("except it enters with
    an additional +1/+1 counter", Spark Double; Moritte's "if it's a creature, it enters with two
    additional +1/+1 counters"): an effect of this entry, never a copiable value, so a copy of
    this copy does not get them."""
    got = entering_copy(obj, base, ev)
    if got is None:
        return ()
    spec, orig = got
    return (*_exceptions(spec).enters_with, *(c for b in _if_blocks(spec, orig) for c in b.enters_with))


def enters_with(obj: Obj, ev: Event, base: dict[str, Obj] | None = None) -> None:
    """614.1c: "This creature enters with N <kind> counters on it" (its abilities, or those it
    copies as it enters: a Clone of such a creature, or a token created as a copy of it, enters
    with them, 707.5), its copy exceptions' counters (707.9e) and an ``enter`` event's
    ``with_counters``: counters it has as it enters, added to any listed."""
    have = dict(obj.counters)
    abilities = entering_abilities(obj, base, ev=ev) if base is not None else obj.abilities
    extra = entry_counters(obj, base, ev) if base is not None else ()
    for kind, n in (*(c for a in abilities for c in a.enters_with), *extra, *ev.with_counters):
        have[kind] = have.get(kind, 0) + n
    obj.counters = tuple(sorted((k, n) for k, n in have.items() if n > 0))


def stamp_counters(
    stamps: dict[str, list[tuple[float, str, int]]], oid: str, kind: str, n: int, ts: float
) -> None:
    """613.4c current: power/toughness counters put on (``n`` > 0) get timestamp ``ts``, and so do
    the counters of that kind already on the object (613.7c: each counter of that kind receives a
    new timestamp identical to the new counter's); removed ones (``n`` < 0) are taken from the
    latest put on first (counters of one kind are alike, 122.1)."""
    if pt_counter(kind) is None or n == 0:
        return
    have = stamps.setdefault(oid, [])
    if n > 0:
        n += sum(m for _, k, m in have if k == kind)
        have[:] = [x for x in have if x[1] != kind]
        have.append((ts, kind, n))
        return
    left = -n
    for i in range(len(have) - 1, -1, -1):
        t_, k, m = have[i]
        if k != kind or not left:
            continue
        take = min(m, left)
        left -= take
        have[i] = (t_, k, m - take)
    stamps[oid] = [x for x in have if x[2] > 0]


def enters_as_effect(
    scn: Scenario,
    ev: Event,
    index: int,
    oid: str,
    base: dict[str, Obj],
    defs: dict[str, ObjectDef],
    names: dict[str, str],
    used: set[str],
) -> Eff:
    """614.12 / 611.3c: an object put onto the battlefield "as an enchantment" (or as anything an
    ``enter`` event's ``as`` says) is that as it enters: the effect applies to it from the moment
    it enters, with its entering timestamp, for as long as its duration says (indefinite)."""
    obj = base[oid]
    synthetic = Event(
        EventKind.RESOLVE,
        targets=(oid,),
        spec=ev.enters_as,
        id=f"{oid}.enters-as",
        name=f"{names.get(oid, oid)} enters as",
        controller=obj.controller,
    )
    eff = resolved_effect(scn, synthetic, index, obj.timestamp, base, defs, names, used)
    eff.name_code, eff.name_params = NameCode.ENTERS_AS, (("card", names.get(oid, oid)),)
    return eff


def display_names(defs: Iterable[ObjectDef]) -> dict[str, str]:
    defs = list(defs)
    count: dict[str, int] = {}
    for d in defs:
        count[d.name] = count.get(d.name, 0) + 1
    return {d.id: (d.name if count[d.name] == 1 else f"{d.name} [{d.id}]") for d in defs}


#: the events that change an object's zone, tapped state or counters (the others leave
#: :attr:`Compiled.base_at` one snapshot, shared)
MOVES_SITUATIONS = frozenset(
    {
        EventKind.ENTER,
        EventKind.LEAVE,
        EventKind.TAP,
        EventKind.UNTAP,
        EventKind.UNTAP_STEP,
        EventKind.COUNTERS,
    }
)


def mark_graveyard_tops(scn: Scenario, base: dict[str, Obj]) -> None:
    """404.2: each graveyard is a pile in order whose order players can't change, the card put
    there last on top. A card's timestamp is when it entered its zone (613.7d), so the top card of
    a player's graveyard is the one there with the latest timestamp; cards listed there without an
    event were put there in listing order (the last listed is on top)."""
    listed = {d.id: k for k, d in enumerate(scn.objects)}
    top: dict[str, tuple[float, int, str]] = {}
    for oid, obj in base.items():
        obj.on_top, obj.sig = False, None
        if obj.zone == "graveyard":
            key = (obj.timestamp, listed.get(oid, 0), oid)
            if obj.owner not in top or key > top[obj.owner]:
                top[obj.owner] = key
    for _, _, oid in top.values():
        base[oid].on_top = True


def compile_scenario(
    scn: Scenario,
    upto: int | None = None,
    ruleset: str = "seed",
    depth: int | None = None,
    made: dict[int, Eff] | None = None,
) -> Compiled:
    """Replay the events: zones, tapped state, attachments, timestamps, resolved effects.

    ``upto`` stops before that event: the game as it was just before it (used to lock a resolved
    effect's set and values, 611.2c). Objects that enter later are then not in the game yet.
    ``ruleset`` is the edition whose 613.7m orders simultaneous timestamps. ``depth``, for a
    prefix solved only through that many object sublayers (:class:`~rulekit.mtg.engine.history.History`),
    leaves out the resolved effects that act only after them (613.1: they change nothing before).
    ``made`` keeps, by event index, the effect each ``resolve`` event makes in a replay of this
    scenario in this edition (the same in every replay: it reads only the events before it), so
    that a later replay copies it instead of making it again.
    """
    rep = place_objects(scn, ruleset)  # 1. the objects as listed (613.7d)
    replay_events(rep, upto, depth, made)  # 2. the events in order (LANGUAGE.md §5, 613.7, 611.2a)
    mark_graveyard_tops(scn, rep.base)  # 3. each graveyard's top card (404.2)
    comp = rep.compiled()
    check_durations(comp)  # 4. each resolved effect's duration (611.2b, 514.2)
    return comp


#: The replay's stages, in the order :func:`compile_scenario` calls them (ARCHITECTURE.md §2).
REPLAY_STAGES = ("place_objects", "replay_events", "mark_graveyard_tops", "check_durations")


@dataclass
class Replaying:
    """What the replay keeps while it walks the events (:func:`place_objects` makes it,
    :func:`replay_events` advances it, :meth:`compiled` gives the :class:`Compiled` record)."""

    scn: Scenario
    ruleset: str
    defs: dict[str, ObjectDef]
    names: dict[str, str]
    base: dict[str, Obj]
    clock: Clock
    counter_stamps: dict[str, list[tuple[float, str, int]]]
    resolved: list[Eff] = field(default_factory=list)
    resolve_ts: dict[int, float] = field(default_factory=dict)
    eot: list[int] = field(default_factory=list)
    base_at: dict[int, dict[str, Situation]] = field(default_factory=dict)
    marks: list[tuple[int, str, str | None]] = field(default_factory=list)
    used_ids: set[str] = field(default_factory=set)
    zone_changes: dict[str, list[int]] = field(default_factory=dict)

    def compiled(self) -> Compiled:
        """The replayed game, as the later stages and the layers read it."""
        comp = Compiled(
            self.scn,
            self.base,
            self.defs,
            self.resolved,
            self.resolve_ts,
            self.eot,
            self.names,
            self.base_at,
            self.marks,
            self.ruleset,
        )
        comp.counter_stamps = {oid: tuple(v) for oid, v in self.counter_stamps.items() if v}
        comp.zone_changes = {oid: tuple(v) for oid, v in self.zone_changes.items()}
        return comp


def place_objects(scn: Scenario, ruleset: str) -> Replaying:
    """Stage 1: every object as the scenario lists it, before any event: the face listed up
    (712.8), its zone (none yet for one that enters later) and its timestamp (613.7d, 613.7m)."""
    defs = {d.id: d for d in scn.objects}
    names = display_names(scn.objects)
    stamps, entering = assign_timestamps(scn)
    base: dict[str, Obj] = {}
    interned: dict[tuple[Any, ...], tuple[Any, ...]] = {}
    for d in scn.objects:
        obj = Obj(d)
        if d.back is not None:  # 712.8: the face listed up gives its printed values
            faces.show_face(obj, d, d.face)
        # alike objects share one tuple of each kind, so effects can treat them alike
        # (shared results, and the before/after diffs of a step, are computed once)
        obj.abilities = interned.setdefault(obj.abilities, obj.abilities)
        obj.types = interned.setdefault(obj.types, obj.types)
        obj.subtypes = interned.setdefault(obj.subtypes, obj.subtypes)
        obj.supertypes = interned.setdefault(obj.supertypes, obj.supertypes)
        obj.colors = interned.setdefault(obj.colors, obj.colors)
        if d.id in entering:
            obj.zone = None
        obj.timestamp = stamps.get(d.id, 0)
        base[d.id] = obj
    clock = Clock(max([0.0, *stamps.values()]))
    counter_stamps: dict[str, list[tuple[float, str, int]]] = {}
    for oid, obj in base.items():
        if obj.zone is not None:
            for kind, n in obj.counters:  # listed counters: on it since it took its timestamp
                stamp_counters(counter_stamps, oid, kind, n, obj.timestamp)
    return Replaying(scn, ruleset, defs, names, base, clock, counter_stamps)


def replay_events(rep: Replaying, upto: int | None, depth: int | None, made: dict[int, Eff] | None) -> None:
    """Stage 2: the events in order (LANGUAGE.md §5): zones, attachments, faces, taps, counters,
    the timestamps they give (613.7) and the effects that resolve (611.2a). ``upto``, ``depth``,
    ``made``: as :func:`compile_scenario` says."""
    scn, ruleset, base, defs, names, clock = rep.scn, rep.ruleset, rep.base, rep.defs, rep.names, rep.clock
    stamp = clock.stamp
    resolved, resolve_ts, eot, base_at, marks = rep.resolved, rep.resolve_ts, rep.eot, rep.base_at, rep.marks
    used_ids, zone_changes, counter_stamps = rep.used_ids, rep.zone_changes, rep.counter_stamps
    current = ruleset == "current"
    snap: dict[str, Situation] | None = None  # the situations now (None: to be taken again)
    for i, ev in enumerate(scn.events):
        if upto is not None and i >= upto:
            break
        if snap is None:
            snap = {oid: (o.zone, o.tapped, o.counters) for oid, o in base.items()}
        base_at[i] = snap
        if ev.kind in MOVES_SITUATIONS:
            snap = None
        if ev.kind == EventKind.RESOLVE:  # the commonest event first
            ts = clock.tick(ev.timestamp)
            resolve_ts[i] = ts
            kept = made.get(i) if made is not None else None
            if kept is None:
                eff = resolved_effect(scn, ev, i, ts, base, defs, names, used_ids)
                if made is not None:
                    made[i] = eff.copy()  # as made, before any status or lock is written on it
            else:
                eff = kept
                used_ids.add(eff.id)
            if depth is None or first_sublayer(eff) < depth:
                resolved.append(eff.copy() if eff is kept else eff)
        elif ev.kind == EventKind.ENTER:
            for j, oid in enumerate(simultaneous_order(scn, ev.objects, ruleset, ev.to)):
                obj = base[oid]
                if faces.stays_out(defs[oid], ev.face, ev.to):  # 712.14b: it stays where it is
                    if obj.zone is None and defs[oid].zone != "battlefield":
                        obj.zone = defs[oid].zone  # (the zone it is listed in, until then out of play)
                    continue
                obj.zone = ev.to or "battlefield"
                obj.tapped = False
                faces.entering(obj, defs[oid], ev.face)  # 712.14, 712.14a, 712.13
                explicit = defs[oid].timestamp
                obj.timestamp = clock.enter(ev, oid, j, explicit)
                counter_stamps.pop(oid, None)  # 400.7: a new object
                zone_changes.setdefault(oid, []).append(i)
                enters_with(obj, ev, base)
                for kind, n in obj.counters:  # 614.1c: it enters with them
                    stamp_counters(counter_stamps, oid, kind, n, obj.timestamp)
                if ev.enters_as is not None:
                    resolved.append(enters_as_effect(scn, ev, i, oid, base, defs, names, used_ids))
        elif ev.kind == EventKind.LEAVE:
            for oid in simultaneous_order(scn, ev.objects, ruleset, ev.to or "graveyard"):
                counter_stamps.pop(oid, None)
                zone_changes.setdefault(oid, []).append(i)
                base[oid].counters = ()  # 122.2: counters cease to exist when it changes zones (400.7)
                base[oid].zone = ev.to or "graveyard"
                base[oid].attached_to = None
                faces.leaving(base[oid], defs[oid])  # 400.7, 708.9, 712.8a: face up, front face up
                base[oid].timestamp = stamp(ev, oid)
        elif ev.kind == EventKind.ATTACH:
            # 613.7e: an Aura/Equipment/Fortification gets a new timestamp when attached.
            for oid in ev.objects:
                base[oid].attached_to = ev.to
                base[oid].timestamp = stamp(ev, oid)
        elif ev.kind in ("turn_face_up", "turn_face_down", "transform"):
            # 613.7f/g: new timestamp when turned face up or down, or transformed.
            for oid in ev.objects:
                obj = base[oid]
                if ev.kind == "turn_face_down" and not faces.can_turn_face_down(obj, defs[oid]):
                    continue  # 708.2b, 712.16: nothing happens, so no new timestamp
                if ev.kind != "transform":
                    obj.face_down = ev.kind == "turn_face_down"
                elif not faces.transform(obj, defs[oid]):
                    continue  # 712.9, 712.10: it does not transform, so no new timestamp
                obj.timestamp = stamp(ev, oid)
        elif ev.kind in (EventKind.TAP, EventKind.UNTAP):
            for oid in ev.objects:
                base[oid].tapped = ev.kind == EventKind.TAP
        elif ev.kind == EventKind.END_OF_TURN:
            eot.append(i)
        elif ev.kind == EventKind.UNTAP_STEP:
            # 502.3: the active player untaps their permanents (as the scenario lists control)
            marks.append((i, ev.kind, ev.controller))
            for o in base.values():
                if o.zone == "battlefield" and o.controller == ev.controller:
                    o.tapped = False
        elif ev.kind in (EventKind.BEGIN_TURN, EventKind.END_OF_COMBAT):
            marks.append((i, ev.kind, ev.controller))
        elif ev.kind == EventKind.COUNTERS:
            # a counter put on or removed (122.1); never below zero
            oid, kind = ev.objects[0], ev.name or ""
            have = dict(base[oid].counters)
            before = have.get(kind, 0)
            have[kind] = max(0, before + (ev.x or 0))
            base[oid].counters = tuple(sorted((k, n) for k, n in have.items() if n))
            if current and have[kind] != before and base[oid].zone is not None:
                # 613.4c current: counters put on get the timestamp of that moment
                ts = clock.tick(None) if have[kind] > before else 0.0
                stamp_counters(counter_stamps, oid, kind, have[kind] - before, ts)


def check_durations(comp: Compiled) -> None:
    """Stage 4: whether each resolved effect is still in force (611.2b, 514.2:
    :func:`~rulekit.mtg.engine.effects.resolved_status`)."""
    for eff in comp.resolved:
        resolved_status(comp, eff)
