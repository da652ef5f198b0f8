"""Timestamps (CR 613.7): every timestamp rule in one place.

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
* 613.7m: objects that would get a timestamp at once are ordered by the active player (seed
  edition), or in APNAP order, each player ordering their own (current edition); a scenario
  states the choices by the order it lists them (:func:`simultaneous_order`).
* Application order: earlier timestamp first, then effect id (:func:`order_key`); the counters
  step has no timestamp.

Scenario edits that move timestamps (``with_order``, ``with_timestamps``) replay the scenario, so
they are above the replay: :mod:`rulekit.mtg.engine.edits`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.mtg.codes import EventKind

if TYPE_CHECKING:
    from rulekit.mtg.model import Ability, Event, Scenario

#: Events that give their objects a new timestamp (613.7d-g).
NEW_TIMESTAMP = (
    EventKind.ENTER,
    EventKind.LEAVE,
    EventKind.ATTACH,
    EventKind.TURN_FACE_UP,
    EventKind.TURN_FACE_DOWN,
    EventKind.TRANSFORM,
)


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
    timestamp (and no zone) until that event (:class:`Clock`), unless they first leave their
    listed zone (a flicker: ``leave`` then ``enter``; they are in their zone until they leave).
    """
    # an object whose first zone change is an ``enter`` is not in the game before it; one whose
    # first is a ``leave`` starts in its listed zone (a flicker: leave, then enter, 400.7)
    first: dict[str, str] = {}
    for ev in scn.events:
        if ev.kind in (EventKind.ENTER, EventKind.LEAVE):
            for oid in ev.objects:
                first.setdefault(oid, ev.kind)
    entering = {oid for oid, kind in first.items() if kind == EventKind.ENTER}
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


def simultaneous_order(
    scn: Scenario, ids: tuple[str, ...], ruleset: str = "seed", to: str | None = None
) -> tuple[str, ...]:
    """613.7m: the order in which objects that would get a timestamp at once get them.

    * seed edition (seed 000: «o jogador ativo determina a sua ordem de selo temporal naquele
      momento»): the active player orders all of them; a scenario states that choice by the order
      it lists them in the event.
    * current edition: APNAP order (101.4): the active player's objects first, then each other
      player's in turn order (the order of ``players``, starting after the active player); each
      player orders their own, which a scenario states by listing order. An object counts for its
      controller on the battlefield or the stack, else for its owner (other zones have no
      controller, 108.4a).

    >>> from rulekit.mtg.model import ObjectDef, Scenario
    >>> objs = tuple(ObjectDef(id=i, name=i, owner=p, controller=p) for i, p in
    ...              (("a", "Ann"), ("b", "Bo"), ("c", "Cy"), ("d", "Ann")))
    >>> scn = Scenario(name="x", players=("Ann", "Bo", "Cy"), objects=objs, active_player="Bo")
    >>> ids = ("a", "b", "c", "d")
    >>> simultaneous_order(scn, ids), simultaneous_order(scn, ids, "current")
    (('a', 'b', 'c', 'd'), ('b', 'c', 'a', 'd'))
    """
    if ruleset != "current" or len(ids) < 2:
        return ids
    players = list(scn.players)
    active = scn.active_player if scn.active_player in players else (players[0] if players else None)
    turn = {p: (i - players.index(active)) % len(players) for i, p in enumerate(players)} if active else {}
    defs = {d.id: d for d in scn.objects}
    permanent_zone = (to or "battlefield") in ("battlefield", "stack")

    def seat(oid: str) -> int:
        d = defs[oid]
        who = d.controller if permanent_zone else d.owner
        return turn.get(who or "", len(players))

    return tuple(sorted(ids, key=seat))  # sorted() is stable: each player's listing order stays


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
