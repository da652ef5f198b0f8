"""Scenario edits that read the replayed scenario: its effects, switching some off, and giving
them timestamps in an order (613.7). Each returns a new :class:`~rulekit.mtg.model.Scenario`;
:mod:`rulekit.mtg` offers them as ``effects``, ``effect_ids``, ``without``, ``with_timestamps``
and ``with_order``. They live above the replay (:mod:`.replay`) and the layer loop (:mod:`.loop`,
which checks effect ids), so that the model imports nothing from the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit.mtg.codes import EventKind
from rulekit.mtg.engine.loop import check_effect_ids
from rulekit.mtg.engine.replay import compile_scenario, listed_effects
from rulekit.mtg.engine.timestamps import NEW_TIMESTAMP
from rulekit.mtg.model import Scenario


def scenario_effects(scn: Scenario) -> list[dict[str, Any]]:
    """The scenario's effects (id, name, source, origin, timestamp, layers), timestamp order
    (``rulekit.mtg.effects``)."""
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
        for e in listed_effects(comp)
    ]


def effect_ids(scn: Scenario) -> list[str]:
    """The ids of the scenario's effects, timestamp order (:func:`scenario_effects`)."""
    return [e["id"] for e in scenario_effects(scn)]


def without(scn: Scenario, ids: Any) -> Scenario:
    """A copy with these effects switched off (``Scenario.disabled``). An id that names no
    effect of the scenario is a :class:`~rulekit.errors.ScenarioError` (``UNKNOWN_EFFECT``, with
    "did you mean", :func:`check_effect_ids`), never silently ignored."""
    ids = (ids,) if isinstance(ids, str) else tuple(ids)
    if ids:
        check_effect_ids(scn, ids)
    return scn.with_disabled(ids)


def with_timestamps(scn: Scenario, stamps: dict[str, float]) -> Scenario:
    """A copy where effect ``id`` gets timestamp ``stamps[id]`` (``rulekit.mtg.with_timestamps``).

    A static effect's timestamp is its object's (613.7a), so setting it moves the object's
    timestamp; a resolved effect's is its ``resolve`` event's (613.7b).
    """
    comp = compile_scenario(scn)
    by_id = {e.id: e for e in listed_effects(comp)}
    objs = {o.id: o for o in scn.objects}
    events = list(scn.events)
    # freeze every current timestamp, so that the requested change is the only one
    new_objs = {oid: replace(o, timestamp=comp.base[oid].timestamp) for oid, o in objs.items()}
    last_event: dict[str, int] = {}
    for i, ev in enumerate(events):
        if ev.kind in NEW_TIMESTAMP:
            for oid in ev.objects:
                last_event[oid] = i
        if ev.kind == EventKind.RESOLVE and i in comp.resolve_ts:
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


def with_order(scn: Scenario, order: list[str]) -> Scenario:
    """A copy where the listed effects take their (existing) timestamps in this order
    (``rulekit.mtg.with_order``); equal stamps (one object's abilities) are spread apart."""
    cur = {e["id"]: e["timestamp"] for e in scenario_effects(scn)}
    missing = [i for i in order if i not in cur]
    if missing:
        raise KeyError(missing[0])
    stamps = sorted(cur[i] for i in order)
    new = {eid: ts for eid, ts in zip(order, stamps, strict=True)}
    for a, b in zip(order, order[1:], strict=False):
        if new[b] <= new[a]:
            new[b] = new[a] + 0.001
    return with_timestamps(scn, new)
