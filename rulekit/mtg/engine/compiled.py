"""The game after its events are replayed (:class:`Compiled`), the record the replay
(:mod:`.replay`) makes and the durations (:mod:`.effects`), the locks (:mod:`.locking`) and the
layer loop (:mod:`.loop`) read. It sits below all of them, so none imports the replay to name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.state import Obj
from rulekit.mtg.model import ObjectDef, Scenario

#: what the replay keeps of an object before each event (conditions and durations read it)
Situation = tuple[str | None, bool, tuple[tuple[str, int], ...]]


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
    #: the game before each event: object id -> (zone, tapped, counters); the events between
    #: two that change these share one snapshot (only read)
    base_at: dict[int, dict[str, Situation]] = field(default_factory=dict)
    #: (event index, kind, player) of the events that end durations: ``begin_turn``,
    #: ``untap_step`` (with their player), ``end_of_combat`` (player ``None``)
    marks: list[tuple[int, str, str | None]] = field(default_factory=list)
    #: the edition the timestamps follow (613.7m differs: seed or current)
    ruleset: str = "seed"
    #: current edition (613.4c, 613.7): each object's power/toughness counters by the timestamp of
    #: the moment they were put on: object id -> ((timestamp, kind, number), ...)
    counter_stamps: dict[str, tuple[tuple[float, str, int], ...]] = field(default_factory=dict)
    #: 400.7: the indices of the events at which each object changed zones (``enter``, ``leave``):
    #: after each it is a new object, which effects locked to the old one do not follow
    zone_changes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: 707.2: copy effect id -> the copiable values it took when it began (locking.hold_copies)
    held: dict[str, tuple[Any, ...]] = field(default_factory=dict)

    def last_zone_change(self) -> int:
        """The index of the last event at which an object changed zones (-1: none did)."""
        return max((j for changes in self.zone_changes.values() for j in changes), default=-1)

    def new_object_since(self, oid: str, index: int) -> bool:
        """400.7: whether ``oid`` changed zones after event ``index`` (it is then a new object)."""
        return any(j > index for j in self.zone_changes.get(oid, ()))
