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

from collections import OrderedDict
from dataclasses import dataclass
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


@dataclass(frozen=True)
class _Replay:
    """What one replay leaves: the finished trace (or None), the pending point (or None), the trace so far,
    its events and the frames on the chain (plain dicts, copied for the session that takes them)."""

    trace: ChainTrace | None
    point: DecisionPoint | None
    so_far: ChainTrace
    events: tuple[ChainEvent, ...]
    stack: tuple[dict[str, Any], ...]


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
        #: the replays already run, by their choices (the last MAX_KEPT): undo, reset and a choice made
        #: before replay nothing (see prepare)
        self._kept: OrderedDict[tuple[str, ...], _Replay] = OrderedDict()
        self._replay()

    #: How many replays a session keeps (the least recently used go first).
    MAX_KEPT = 64

    # ---------------------------------------------------------------- replay --
    def _replay(self) -> None:
        done = self._run(tuple(self.choices))
        self.trace, self.point, self.so_far, self.events = done.trace, done.point, done.so_far, done.events
        self.stack = [dict(frame) for frame in done.stack]

    def prepare(self, choices: Any) -> tuple[ChainTrace, DecisionPoint | None]:
        """Run the replay of ``choices`` now and keep it, leaving the session as it is: a later
        :meth:`choose` (or undo, reset) that reaches these choices replays nothing. A widget does this
        while the learner reads (:mod:`rulekit.widgets.ahead`). What the session would then show: the
        trace (finished, or so far) and the pending point. An illegal choice is not checked here (the
        replay then stops at that point again, as :meth:`choose` would refuse it)."""
        done = self._run(tuple(str(c) for c in choices))
        return (done.trace or done.so_far), done.point

    def _run(self, choices: tuple[str, ...]) -> _Replay:
        """The replay of ``choices`` (run once, then kept; the engine is deterministic)."""
        kept = self._kept.get(choices)
        if kept is not None:
            self._kept.move_to_end(choices)
            return kept
        done = self._play(choices)
        self._kept[choices] = done
        while len(self._kept) > self.MAX_KEPT:
            self._kept.popitem(last=False)
        return done

    def _play(self, choices: tuple[str, ...]) -> _Replay:
        queue = list(choices)
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
        trace: ChainTrace | None = None
        point: DecisionPoint | None = None
        try:
            with limits.budget(file=file, input_bytes=size):  # as run_chain: checks and events counted
                trace = engine.run()
        except NeedDecision as need:
            point = need.point
        stack = tuple(
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
        )
        # the trace up to here (finished or paused), heroes included
        return _Replay(trace, point, engine.trace(), tuple(engine.events), stack)

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
