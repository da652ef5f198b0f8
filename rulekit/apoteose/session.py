"""An interactive driver for widgets: step through a chain one decision at a time.

``ChainSession(scenario)`` runs the scenario until the first decision point that has a real
choice, and stops there. ``choose(option_id)`` records the choice and runs on to the next one.
Undo and reset replay the decision list from the start (the engine is deterministic), so the
session never keeps hidden mutable game state of its own.

>>> s = ChainSession("apoteose/nested-responses")
>>> s.point.kind, s.point.window, [o.id for o in s.point.options][:2]
('respond', 'halt@0', ['pass', 'bruno:raio#0>activate@0'])
>>> _ = s.choose("bruno:raio#0>activate@0")
>>> s.point.window, s.spotlight
('halt@1', 1)
>>> s.finish().resolution_order
('raio', 'pocao')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulekit import limits
from rulekit.apoteose.chain import Engine
from rulekit.apoteose.deciders import DecisionPoint, NeedDecision, Option, Refusal
from rulekit.apoteose.scenario import Scenario, load_scenario
from rulekit.apoteose.trace import ChainEvent, ChainTrace
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.yamlsrc import suggest

__all__ = ["ChainSession", "DecisionPoint", "Option", "Refusal"]


class ChainSession:
    """Step through a scenario's chain, deciding every real choice yourself.

    Attributes after each step: ``point`` (the pending :class:`DecisionPoint`, or ``None`` when
    the run is over), ``events`` (the trace so far), ``stack`` (frames on the chain, base first,
    as plain dicts), ``done``, ``trace`` (the finished :class:`ChainTrace` once ``done``) and
    ``so_far`` (a :class:`ChainTrace` of the run up to the pending point: events, heroes, cards).

    ``use_script=True`` lets the scenario's scripted decisions answer first (the session then stops
    only where the script is silent).
    """

    def __init__(self, scenario: Scenario | str | Path, *, use_script: bool = False) -> None:
        self.scenario = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        self.use_script = use_script
        self.choices: list[str] = []
        self.point: DecisionPoint | None = None
        self.events: tuple[ChainEvent, ...] = ()
        self.stack: list[dict[str, Any]] = []
        self.trace: ChainTrace | None = None
        self._replay()

    # ---------------------------------------------------------------- replay --
    def _replay(self) -> None:
        queue = list(self.choices)
        engine = Engine(self.scenario)
        script = self.scenario.decider(engine) if self.use_script else None

        def decider(point: DecisionPoint) -> tuple[str, str]:
            if len(point.options) <= 1 and point.kind != "respond":
                return point.default, "default"
            if point.kind == "respond" and len(point.options) == 1:
                return "pass", "default"  # nothing legal: the window passes by itself
            if script is not None:
                choice, source = script(point)
                if source == "script":
                    return choice, source
            if queue:
                return queue.pop(0), "session"
            raise NeedDecision(point)

        engine.decider = decider
        doc = self.scenario.doc
        file, size = (doc.file, doc.size) if doc is not None else (None, 0)
        try:
            with limits.budget(file=file, input_bytes=size):  # as run_chain: checks and events counted
                self.trace = engine.run()
            self.point = None
        except NeedDecision as need:
            self.trace = None
            self.point = need.point
        self.so_far = engine.trace()  # the trace up to here (finished or paused), heroes included
        self.events = tuple(engine.events)
        self.stack = [
            {
                "index": f.index,
                "card": f.card,
                "effect": f.effect_id,
                "hero": f.hero,
                "stage": f.stage,
                "responds_to": f.responds_to,
                "negated": f.negated,
            }
            for f in engine.stack
        ]
        self._engine = engine

    # ---------------------------------------------------------------- API ------
    @property
    def done(self) -> bool:
        return self.point is None

    @property
    def spotlight(self) -> int | None:
        """Index of the frame in the spotlight (``None``: the game, no chain)."""
        return self.stack[-1]["index"] if self.stack else None

    @property
    def stage(self) -> str | None:
        return self.point.stage if self.point else None

    @property
    def legal(self) -> tuple[Option, ...]:
        """The legal options at the current point ("pass" first in a window)."""
        return self.point.options if self.point else ()

    @property
    def refused(self) -> tuple[Refusal, ...]:
        """Effects that cannot be used here, each with its reason."""
        return self.point.refused if self.point else ()

    def window(self) -> dict[str, Any] | None:
        """The current window as plain data: spotlight, stage, what it answers, options, refusals."""
        if self.point is None:
            return None
        return {**self.point.to_dict(), "spotlight": self.spotlight, "stack": list(self.stack)}

    def choose(self, option: str | Option = "pass") -> ChainSession:
        """Take one option (its id, or the :class:`Option`) and run on to the next decision."""
        if self.point is None:
            raise RulekitError(Phrase(N_("the chain is over: nothing to choose")), code="SESSION_DONE")
        oid = option.id if isinstance(option, Option) else str(option)
        ids = [o.id for o in self.point.options]
        if oid not in ids:
            raise RulekitError(
                Phrase(N_("'{choice}' is not a legal choice at {key}"), choice=oid, key=self.point.key),
                code="ILLEGAL_CHOICE",
                suggestion=suggest(oid, ids),
            )
        self.choices.append(oid)
        self._replay()
        return self

    def pass_(self) -> ChainSession:
        return self.choose("pass")

    def undo(self) -> ChainSession:
        """Take back the last choice (deterministic replay)."""
        if self.choices:
            self.choices.pop()
            self._replay()
        return self

    def reset(self) -> ChainSession:
        self.choices = []
        self._replay()
        return self

    def finish(self) -> ChainTrace:
        """Take the default (pass / first legal choice) at every remaining point."""
        while self.point is not None:
            self.choose(self.point.default)
        assert self.trace is not None
        return self.trace
