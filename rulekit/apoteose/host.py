"""What the chain's step modules use of the engine that calls them: the :class:`ChainHost` protocol.

The steps (:mod:`~rulekit.apoteose.actions`, :mod:`~rulekit.apoteose.activation`,
:mod:`~rulekit.apoteose.resolution`, :mod:`~rulekit.apoteose.responses`) are functions over a host;
:class:`~rulekit.apoteose.chain.Engine` is one (it binds the steps as its methods). The protocol lives
below the steps and the engine, so a step never imports the engine and the import graph has no circle,
not even at type-checking level (``tests/apoteose/test_structure.py``). It grows out of the narrower
protocols the lower modules already read: the legality checks'
:class:`~rulekit.apoteose.legality.Judge`, a window's :class:`~rulekit.apoteose.windows.Host` and the
handlers' :class:`~rulekit.apoteose.handlers.Rules`.
"""

from __future__ import annotations

from typing import Any, Protocol

from rulekit.apoteose.codes import ChainEventKind
from rulekit.apoteose.deciders import Decider, DecisionPoint
from rulekit.apoteose.frames import Frame, GEvent
from rulekit.apoteose.handlers import Rules, World
from rulekit.apoteose.trace import TraceError
from rulekit.apoteose.windows import Host


class ChainHost(Host, Rules, Protocol):
    """The engine as its steps see it: the scenario, the game, the chain's frames, the trace being
    recorded, the decisions, and the calls a step makes back (a step in another module that would import
    this one: activating an entry, ending the turn)."""

    #: the scenario being run (its ``data``: the turn, the script)
    sc: Any
    #: who decides (scripted or interactive: :mod:`~rulekit.apoteose.deciders`)
    decider: Decider
    #: the order the entries resolved in
    resolution_order: list[str]
    #: the trace's errors
    errors: list[TraceError]
    #: heroes whose turn ends when the chain is empty (``Termine seu turno``)
    pending_end_turn: list[str]
    #: passive effects on the board (``card#n``)
    passive_on: set[str]
    #: the script's ``choices:`` for the entry at each index
    choices: dict[int, dict[str, Any]]
    #: choices a decider attached to a response option it picked
    scripted_choices: dict[str, dict[str, Any]]

    @property
    def live(self) -> World:
        """The world statements change during the game."""
        ...

    def describe(self, ev: GEvent) -> str: ...

    def snapshot(self) -> dict[str, dict[str, int]]: ...

    def diff(self, before: dict[str, dict[str, int]]) -> dict[str, dict[str, list[int]]]: ...

    def emit(
        self,
        event: ChainEventKind,
        frame: Frame | None = None,
        *,
        detail: dict[str, Any] | None = None,
        resources: dict[str, dict[str, list[int]]] | None = None,
        **kw: Any,
    ) -> None: ...

    def choose_key(self, point: DecisionPoint, index: int) -> str: ...

    def activate(
        self, hero: str | None, card_id: str, eno: int, answer: GEvent | None, parent: Frame | None
    ) -> Frame | None: ...

    def end_turn(self) -> None: ...
