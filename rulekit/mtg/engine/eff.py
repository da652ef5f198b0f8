"""One continuous effect during a solve (:class:`Eff`), the record every engine module shares.

It sits below the modules that make effects (:mod:`.effects`, :mod:`.replay`), select what they
affect (:mod:`.select`) and keep the game's history (:mod:`.history`), so that none of them
imports another to name it (no import circle, ``tests/mtg/test_structure.py``). Its order is
613.7's (:func:`~rulekit.mtg.engine.timestamps.order_key`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rulekit.mtg.codes import NameCode, NoteCode, Origin
from rulekit.mtg.engine.timestamps import order_key
from rulekit.mtg.model import EffectSpec


@dataclass
class Eff:
    """A continuous effect during a solve (static, CDA, resolved, counters or face-down)."""

    id: str
    name: str
    source: str | None
    origin: Origin
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
    #: its name as a code and parameters (rulekit.mtg.messages.NAME; "" for a name written by hand)
    name_code: NameCode | Literal[""] = ""
    name_params: tuple[tuple[str, Any], ...] = ()
    #: why it is off, or applied only in part (a note code and its parameters, rulekit.mtg.messages)
    note_code: NoteCode | Literal[""] = ""
    note_params: tuple[tuple[str, Any], ...] = ()
    text: str = ""
    event_index: int | None = None
    sublayers: tuple[str, ...] = ()
    #: its "for as long as" condition reads the layered game (who controls X after layer 2)
    layered_condition: bool = False

    @property
    def sort_key(self) -> tuple[float, str]:
        return order_key(self.timestamp, self.id)

    def copy(self) -> Eff:
        """A shallow copy: its fields are values or replaced whole (``fixed`` is given a new
        dictionary before it is filled), so a copy never shares a change with its original."""
        new = object.__new__(Eff)
        new.__dict__.update(self.__dict__)
        return new
