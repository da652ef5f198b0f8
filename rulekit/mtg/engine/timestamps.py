"""Timestamps (CR 613.7): every timestamp rule in one place; the model and the widgets ask here.

* 613.7a: a static ability's effect has its object's timestamp or that of the effect that
  granted the ability, whichever is later (:func:`static_timestamp`).
* 613.7b: an effect from a resolved spell or ability has the timestamp of its creation
  (:meth:`Clock.tick` at the ``resolve`` event).
* 613.7d: an object gets a timestamp when it enters a zone; objects already there when the
  scenario begins get theirs first, in listing order, unless they state one
  (:func:`assign_timestamps`).
* 613.7e: an Aura, Equipment or Fortification gets a new timestamp when it becomes attached;
  613.7f/g: when a permanent is turned face up or face down, or transforms
  (:data:`NEW_TIMESTAMP`; leaving a zone is entering another, 613.7d).
* 613.7m: objects that would get a timestamp at once are ordered by the active player; a
  scenario states that choice by the order it lists them (:func:`simultaneous_order`).
* Application order: earlier timestamp first, then effect id (:func:`order_key`); the counters
  step has no timestamp.

Scenario editing (:func:`scenario_effects`, :func:`with_timestamps`, :func:`with_order`) works
here: :class:`rulekit.mtg.model.Scenario`'s ``effects``, ``with_timestamps`` and ``with_order``
call these. They read the replayed scenario (:mod:`rulekit.mtg.engine.replay`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.errors import ScenarioError

if TYPE_CHECKING:
    from rulekit.mtg.model import Ability, Event, Scenario

#: Events that give their objects a new timestamp (613.7d-g).
NEW_TIMESTAMP = ("enter", "leave", "attach", "turn_face_up", "turn_face_down", "transform")


def order_key(timestamp: float | None, effect_id: str) -> tuple[float, str]:
    """613.7: the earlier timestamp applies first; ties (one object's abilities) go by id.
    An effect without a timestamp (the counters step) sorts last."""
    return (timestamp if timestamp is not None else float("inf"), effect_id)


def static_timestamp(obj_timestamp: float, ability: Ability) -> float:
    """613.7a: a static ability's effect has its object's timestamp or the timestamp of the
    effect that granted the ability, whichever is later (seed 000: "o que for mais recente")."""
    if ability.granted_ts is not None:
        return max(obj_timestamp, ability.granted_ts)
    return obj_timestamp


def assign_timestamps(scn: Scenario) -> tuple[dict[str, float], set[str]]:
    """613.7 / rules-notes "Timestamps": the starting timestamp of every object.

    An object's timestamp is when it entered its zone (613.7d). Objects whose entry is not an
    event get timestamps first, in listing order, unless they give an explicit ``timestamp``
    (then listing order does not matter). Objects that enter through an event have no
    timestamp (and no zone) until that event (:class:`Clock`).
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


class Clock:
    """The game's timestamp counter while the events are replayed (613.7b, d-g)."""

    def __init__(self, start: float) -> None:
        self.counter = start

    def tick(self, explicit: float | None) -> float:
        """The next timestamp, or the one an event states (the counter then follows it)."""
        if explicit is not None:
            self.counter = max(self.counter, explicit)
            return explicit
        self.counter += 1
        return self.counter

    def stamp(self, ev: Event, oid: str, j: int = 0) -> float:
        """The timestamp an event gives ``oid``: the one it states for it, else the next."""
        for who, ts in ev.stamps:
            if who == oid:
                return self.tick(ts)
        if ev.timestamp is not None:
            return self.tick(ev.timestamp + j)
        return self.tick(None)

    def enter(self, ev: Event, oid: str, j: int, explicit: float | None) -> float:
        """613.7d: an entering object's timestamp (its stated one wins unless the event states one)."""
        return self.tick(explicit) if explicit is not None and not ev.stamps else self.stamp(ev, oid, j)


# ====================================================================================== editing
def scenario_effects(scn: Scenario) -> list[dict[str, Any]]:
    """The scenario's effects (id, name, source, origin, timestamp, layers), timestamp order
    (``Scenario.effects``); ``name_code`` and ``name_params`` give the name as data
    (:func:`rulekit.mtg.messages.effect_name_text` words it in any language)."""
    from rulekit.mtg.engine.replay import compile_scenario

    comp = compile_scenario(scn)
    return [
        {
            "id": e.id,
            "name": e.name,
            "name_code": e.name_code,
            "name_params": e.name_params,
            "source": e.source,
            "origin": e.origin,
            "timestamp": int(e.timestamp)
            if e.timestamp is not None and float(e.timestamp).is_integer()
            else e.timestamp,
            "sublayers": list(e.sublayers),
            "enabled": e.id not in scn.disabled,
        }
        for e in comp.listed_effects()
    ]


def check_effect_ids(scn: Scenario, ids: tuple[str, ...]) -> None:
    """Every id names an effect of the scenario (a listed one, one granted during the solve, or
    the counters step), else one clear :class:`~rulekit.errors.ScenarioError` with "did you mean"."""
    known = [e["id"] for e in scenario_effects(scn)]
    if all(i in known for i in ids):
        return
    from rulekit.mtg.engine.loop import known_effect_ids

    known = known_effect_ids(scn)
    bad = [i for i in ids if i not in known]
    if bad:
        from rulekit.yamlsrc import suggest

        raise ScenarioError(
            f"no effect '{bad[0]}' in scenario {scn.name} (effects: {', '.join(sorted(known))})",
            code="UNKNOWN_EFFECT",
            suggestion=suggest(bad[0], sorted(known)),
        )


def with_timestamps(scn: Scenario, stamps: dict[str, float]) -> Scenario:
    """A copy where effect ``id`` gets timestamp ``stamps[id]`` (``Scenario.with_timestamps``).

    A static effect's timestamp is its object's (613.7a), so setting it moves the object's
    timestamp; a resolved effect's is its ``resolve`` event's (613.7b).
    """
    from rulekit.mtg.engine.replay import compile_scenario

    comp = compile_scenario(scn)
    by_id = {e.id: e for e in comp.listed_effects()}
    objs = {o.id: o for o in scn.objects}
    events = list(scn.events)
    # freeze every current timestamp, so that the requested change is the only one
    new_objs = {oid: replace(o, timestamp=comp.base[oid].timestamp) for oid, o in objs.items()}
    last_event: dict[str, int] = {}
    for i, ev in enumerate(events):
        if ev.kind in NEW_TIMESTAMP:
            for oid in ev.objects:
                last_event[oid] = i
        if ev.kind == "resolve" and i in comp.resolve_ts:
            events[i] = replace(ev, timestamp=comp.resolve_ts[i])
    for i in sorted(set(last_event.values())):
        ev = events[i]
        frozen = dict(ev.stamps)
        for who in ev.objects:
            frozen.setdefault(who, comp.base[who].timestamp if last_event.get(who) == i else 0)
        events[i] = replace(ev, stamps=tuple(sorted(frozen.items())))
    for eid, ts in stamps.items():
        e = by_id.get(eid)
        if e is None:
            raise KeyError(eid)
        if e.event_index is not None:
            events[e.event_index] = replace(events[e.event_index], timestamp=ts)
        elif e.source is not None:
            new_objs[e.source] = replace(new_objs[e.source], timestamp=ts)
            at = last_event.get(e.source)
            if at is not None:
                ev = events[at]
                events[at] = replace(ev, stamps=tuple(sorted({**dict(ev.stamps), e.source: ts}.items())))
    return replace(scn, objects=tuple(new_objs[o.id] for o in scn.objects), events=tuple(events))


def with_order(scn: Scenario, effect_ids: list[str]) -> Scenario:
    """A copy where the listed effects take their (existing) timestamps in this order
    (``Scenario.with_order``); equal stamps (one object's abilities) are spread apart."""
    cur = {e["id"]: e["timestamp"] for e in scenario_effects(scn)}
    missing = [i for i in effect_ids if i not in cur]
    if missing:
        raise KeyError(missing[0])
    stamps = sorted(cur[i] for i in effect_ids)
    new = {eid: ts for eid, ts in zip(effect_ids, stamps, strict=True)}
    for a, b in zip(effect_ids, effect_ids[1:], strict=False):
        if new[b] <= new[a]:
            new[b] = new[a] + 0.001
    return with_timestamps(scn, new)
