"""The response chain (Pilha Dinâmica): the engine loop that runs a scenario and records its trace.

Seed «Encadeamento de Resposta»: each activation is a frame at an index; the spotlight (holofote)
moves to it and it goes through four stages — ``activating`` (requirements and task paid, no
responses), ``halt`` (a window: responses at N+1), ``resolving`` (atomic, R-02) and ``post`` (a window
for responses to what the resolution did). Then the frame is removed and the spotlight returns to
the parent, whose window opens again. Every decision (responses, cost choices, options, tie-breaks)
is asked from a *decider* (:mod:`rulekit.apoteose.deciders`), so the same engine runs scripted
scenarios and the interactive session.

The engine is a game state and functions over it. The state: :mod:`~rulekit.apoteose.state` (the
game) and :mod:`~rulekit.apoteose.frames` (game events, frames, the failure a statement raises), held by
:class:`Engine` with the chain's frames and the trace being recorded. The functions, by what they do:

* :mod:`~rulekit.apoteose.actions` — the script's actions, turns and cycles;
* :mod:`~rulekit.apoteose.activation` — one entry on the chain: activate, pay, halt, resolve, post, remove;
* :mod:`~rulekit.apoteose.responses` — opening a response window; Auto effects outside any chain;
* :mod:`~rulekit.apoteose.resolution` — carrying out statements; lasting effects and passives;
* :mod:`~rulekit.apoteose.legality` — may it be activated; Previsão;
* :mod:`~rulekit.apoteose.windows` — what a response window answers; its candidates in priority order;
* :mod:`~rulekit.apoteose.matching` — triggers, who/owner, conditions, amounts, attributes;
* :mod:`~rulekit.apoteose.statements` (typed statements) and :mod:`~rulekit.apoteose.handlers` (one
  handler per statement class, run against a live or a preview world).

This module keeps the engine's state and trace (:class:`Engine`) and :func:`run_chain`.
"""

from __future__ import annotations

from typing import Any

from rulekit import limits
from rulekit.apoteose import actions, activation, resolution, responses
from rulekit.apoteose import matching as M
from rulekit.apoteose.actions import CARD_ACTIONS
from rulekit.apoteose.activation import MAX_DEPTH
from rulekit.apoteose.codes import ChainEventKind, GameEventKind, Reason
from rulekit.apoteose.deciders import (  # re-exported: older code imports them from here
    Decider,
    DecisionPoint,
    NeedDecision,
    Option,
    Refusal,
    default_decider,
)
from rulekit.apoteose.frames import PAID_KINDS, Ctx, Fail, Frame, GEvent
from rulekit.apoteose.handlers import HANDLERS, LiveWorld, PreviewWorld, Step, World
from rulekit.apoteose.reasons import render
from rulekit.apoteose.scenario import Scenario, load_scenario
from rulekit.apoteose.state import Game
from rulekit.apoteose.trace import ChainEvent, ChainTrace, Decision, HeroState, TraceError
from rulekit.apoteose.wording import event_words
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.yamlsrc import suggest

#: Most events one run may record (an endless loop is reported, not run forever; the bound is
#: :data:`rulekit.limits.MAX_CHAIN_EVENTS`, read when an event is recorded).
MAX_EVENTS = limits.MAX_CHAIN_EVENTS


__all__ = [
    "CARD_ACTIONS",
    "HANDLERS",
    "MAX_DEPTH",
    "PAID_KINDS",
    "Ctx",
    "Decider",
    "DecisionPoint",
    "Engine",
    "Fail",
    "Frame",
    "GEvent",
    "LiveWorld",
    "NeedDecision",
    "Option",
    "PreviewWorld",
    "Refusal",
    "Step",
    "World",
    "default_decider",
    "run_chain",
]


class Engine:
    """Runs one scenario with one decider and records the :class:`ChainTrace`.

    It is a game state and functions over it, not a tower of bases: the game (``g``, a
    :class:`~rulekit.apoteose.state.Game`), the chain's ``stack`` of frames, the moments already answered
    and the trace being recorded (``events``, ``errors``, ``decisions``); its own methods make game events,
    record the trace and ask decisions. Its steps are functions in the modules the module doc lists, bound
    below as methods. The legality checks get it as their narrow :class:`~rulekit.apoteose.legality.Judge`,
    a window's functions as :class:`~rulekit.apoteose.windows.Host`, the statement handlers as
    :class:`~rulekit.apoteose.handlers.Rules`: each sees only what its Protocol names."""

    def __init__(self, scenario: Any, decider: Decider = default_decider) -> None:
        self.sc = scenario
        self.g: Game = scenario.build_game()
        self.decider = decider
        self.events: list[ChainEvent] = []
        self.stack: list[Frame] = []
        self.resolution_order: list[str] = []
        self.errors: list[TraceError] = []
        self.decisions: list[Decision] = []
        self.seq = 0
        self.used: set[tuple[str, int]] = set()
        self.pending_end_turn: list[str] = []
        self.passive_on: set[str] = set()
        self.choices: dict[int, dict[str, Any]] = {}
        #: choices (``{"req0": card}``) a decider attached to a response option it picked
        self.scripted_choices: dict[str, dict[str, Any]] = {}
        #: the world statements change during the game (Previsão uses a :class:`PreviewWorld`)
        self.live = LiveWorld(self)

    # ------------------------------------------------------------------ trace helpers --
    def ev(self, kind: GameEventKind, moment: str, actor: str | None, **kw: Any) -> GEvent:
        self.seq += 1
        frame = self.stack[-1].index if self.stack else None
        kw.setdefault("frame", frame)
        label = kw.pop("label", None) or f"{kind}@{kw.get('frame')}.{self.seq}"
        return GEvent(self.seq, kind, moment, actor, label=label, **kw)

    def describe(self, ev: GEvent) -> str:
        """A game event's English words (kept as ``answers_text``; views word ``ev.data()`` themselves)."""
        return event_words(ev.data())

    def snapshot(self) -> dict[str, dict[str, int]]:
        return {h.id: {r: v[0] for r, v in h.resources.items()} for h in self.g.heroes.values()}

    def diff(self, before: dict[str, dict[str, int]]) -> dict[str, dict[str, list[int]]]:
        out: dict[str, dict[str, list[int]]] = {}
        for h in self.g.heroes.values():
            for r, v in h.resources.items():
                if before[h.id].get(r) != v[0]:
                    out.setdefault(h.id, {})[r] = [before[h.id][r], v[0]]
        return out

    def emit(
        self,
        event: ChainEventKind,
        frame: Frame | None = None,
        *,
        detail: dict[str, Any] | None = None,
        resources: dict[str, dict[str, list[int]]] | None = None,
        **kw: Any,
    ) -> None:
        if len(self.events) >= limits.MAX_CHAIN_EVENTS:  # a located refusal naming the card
            budget = limits.current()
            name = frame.card if frame is not None else kw.get("card") or event.value
            raise budget.refusal("chain events", len(self.events) + 1, name=name)
        if detail and "code" in detail and "params" in detail:
            # The English words next to the reason's data, for readers of ``detail["reason"]`` written
            # before reasons were data. Views render ``code`` + ``params`` in the reader's language
            # (``rulekit.apoteose.wording.reason_words``).
            detail = {**detail, "reason": render(detail["code"], detail["params"])}
        if frame is not None:
            kw.setdefault("index", frame.index)
            kw.setdefault("card", frame.card)
            kw.setdefault("effect", frame.effect_id)
            kw.setdefault("hero", frame.hero)
            kw.setdefault("responds_to", frame.responds_to)
            kw.setdefault("stage", frame.stage)
        self.events.append(
            ChainEvent(
                event=event,
                index=kw.get("index"),
                card=kw.get("card"),
                effect=kw.get("effect"),
                hero=kw.get("hero"),
                responds_to=kw.get("responds_to"),
                detail=detail or {},
                spotlight=self.stack[-1].index if self.stack else None,
                stage=kw.get("stage"),
                resources=resources or {},
                depth=len(self.stack),
            )
        )

    def scripted_refusal(
        self,
        point: DecisionPoint,
        card: str,
        effect: str,
        hero: str | None,
        code: str,
        params: dict[str, Any],
    ) -> None:
        """A scripted response that is not legal at ``point``: a ``refused`` event and a trace error."""
        self.emit(
            ChainEventKind.REFUSED,
            index=None,
            card=card,
            effect=effect,
            hero=hero,
            responds_to=point.spotlight,
            detail={"code": code, "params": params, "window": point.window},
        )
        self.errors.append(TraceError(card, code, render(code, params), params))

    def refuse_unreadable(
        self, hero: str | None, card: str, effect: str, params: dict[str, Any], code: str = Reason.UNREADABLE
    ) -> None:
        """An Auto whose moment came but whose text cannot be read (``UNREADABLE``), or whose "adjacente"
        has no board to be read on (``ADJACENT_NO_CASA``): a ``refused`` event and a trace error (a card is
        refused only for the effect that cannot be read, and only when it is used: LANGUAGE.md)."""
        self.emit(
            ChainEventKind.REFUSED,
            index=None,
            card=card,
            effect=effect,
            hero=hero,
            responds_to=self.stack[-1].index if self.stack else None,
            detail={"code": code, "params": params},
        )
        self.errors.append(TraceError(card, code, render(code, params), params))

    def scripted_error(self, code: str, message: str) -> None:
        """A scripted decision that could not be used (reported in the trace's errors)."""
        self.errors.append(TraceError(None, code, message))

    def decide(self, point: DecisionPoint) -> str:
        if point.kind != "respond" and len(point.options) == 1:
            choice, source = point.options[0].id, "default"
        else:
            choice, source = self.decider(point)
        if point.kind != "respond" and choice not in {o.id for o in point.options}:
            raise RulekitError(
                Phrase(
                    N_("'{choice}' is not a legal choice at {key} (legal: {legal})"),
                    choice=choice,
                    key=point.key,
                    legal=", ".join(o.id for o in point.options),
                ),
                code="ILLEGAL_CHOICE",
            )
        self.decisions.append(Decision(point.key, point.kind, choice, source))
        return choice

    # ------------------------------------------------------------------ public run ------
    def run(self) -> ChainTrace:
        self.refresh()
        self.start()
        for i, action in enumerate(self.sc.script):
            self.do(i, action)
        return self.trace()

    def trace(self) -> ChainTrace:
        heroes = {}
        for h in self.g.heroes.values():
            heroes[h.id] = HeroState(
                resources={r: list(v) for r, v in h.resources.items()},
                attributes=M.attributes(self.g, h.id),
                zones={z: list(ids) for z, ids in h.zones.items()},
                casa=list(h.casa) if h.casa is not None else None,
            )
        return ChainTrace(
            scenario=self.sc.name,
            events=tuple(self.events),
            resolution_order=tuple(self.resolution_order),
            heroes=heroes,
            errors=tuple(self.errors),
            decisions=tuple(self.decisions),
            shared_zones={z: list(v) for z, v in self.g.shared.items()},
            warnings=tuple(self.sc.warnings),
            cards={
                c.id: {
                    "name": c.name,
                    "types": list(c.types),
                    "owner": c.owner,
                    "holder": self.g.locate(c.id)[0],
                    "zone": self.g.locate(c.id)[1],
                    "consumed": c.consumed,
                    "revealed": c.revealed,
                    "attached_to": c.attached_to,
                    "registered": c.registered,
                    "vida": list(c.vida) if c.vida else None,
                }
                for c in self.g.cards.values()
            },
        )

    def choose_key(self, point: DecisionPoint, index: int) -> str:
        """A payment's or a statement's choice at ``point``: the script's ``choices:`` for the frame at
        ``index`` when it is legal there (else a trace error says so), else the decider's."""
        sub = point.key.split(".", 1)[1] if "." in point.key else point.key
        scripted = self.choices.get(index, {}).get(sub)
        if scripted is not None and any(o.id == str(scripted) for o in point.options):
            self.decisions.append(Decision(point.key, point.kind, str(scripted), "script"))
            return str(scripted)
        if scripted is not None:
            self.errors.append(
                TraceError(
                    None,
                    "ILLEGAL_CHOICE",
                    Phrase(
                        N_("{key}: '{choice}' is not a legal choice ({legal})"),
                        key=point.key,
                        choice=scripted,
                        legal=", ".join(o.id for o in point.options),
                    ),
                )
            )
        return self.decide(point)

    # ------------------------------------------------------------------ the engine's steps --
    # Functions over the engine, in the modules a reader looks for; bound here so that the handlers'
    # Rules, Previsão's Judge, a window's Host and older callers find them as the engine's methods.
    # script actions and turns (rulekit.apoteose.actions)
    do = actions.do
    start = actions.start
    card_action = actions.card_action
    hero_step = actions.hero_step
    bar_action = actions.bar_action
    rules_action = actions.rules_action
    default_hero = actions.default_hero
    end_turn = actions.end_turn
    # one entry on the chain (rulekit.apoteose.activation)
    activate = activation.activate
    push_and_run = activation.push_and_run
    pop = activation.pop
    # carrying out statements (rulekit.apoteose.resolution)
    move_card = staticmethod(resolution.move_card)
    apply = resolution.apply
    run_stmt = resolution.run_stmt
    resolve_body = resolution.resolve_body
    still_holds = resolution.still_holds
    safe_holds = resolution.safe_holds
    refresh = resolution.refresh
    expire = resolution.expire
    # response windows, and Autos outside a chain (rulekit.apoteose.responses)
    window = responses.window
    no_responses = responses.no_responses
    closed_window = responses.closed_window
    flow = responses.flow


def run_chain(scenario: Any, decisions: list[str] | dict[str, str] | None = None) -> ChainTrace:
    """Run a scenario (a :class:`~rulekit.apoteose.scenario.Scenario` or a name/path) to its end.

    ``decisions`` overrides scripted decisions: a list (taken in order at every decision point that
    has a real choice) or a mapping ``{decision key: choice}``. Undecided points default to "pass" or
    to the first legal choice (LANGUAGE.md §4, ``decisions:``). Same input, same trace.
    """
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    _check_decisions(decisions)
    engine = Engine(sc)
    decider = sc.decider(engine, decisions)
    engine.decider = decider
    doc = sc.doc
    file, size = (doc.file, doc.size) if doc is not None else (None, 0)
    with limits.budget(file=file, input_bytes=size):  # the call's budget: checks and events counted
        trace = engine.run()
    if decider.queue:  # a decision that was never used is a mistake, not silence (LANGUAGE.md §4)
        n = len(decisions or []) - len(decider.queue)
        raise RulekitError(
            Phrase(
                N_("'{decision}' was never used: the run had only {n} decision point(s) with a real choice"),
                decision=decider.queue[0],
                n=n,
            ),
            field=f"decisions[{n}]",
            code="UNUSED_DECISION",
        )
    unused = [k for k in decider.keyed if k not in {d.key for d in trace.decisions}]
    if unused:
        raise RulekitError(
            Phrase(N_("no decision point '{key}' came up in this run"), key=unused[0]),
            field="decisions",
            code="UNUSED_DECISION",
            suggestion=suggest(unused[0], [d.key for d in trace.decisions]),
        )
    return trace


def _check_decisions(decisions: Any) -> None:
    """``decisions`` is ``None``, a list of option ids or a ``{key: option id}`` mapping (LANGUAGE.md §4)."""
    if decisions is None:
        return
    if isinstance(decisions, list):
        for i, d in enumerate(decisions):
            if not isinstance(d, str) or not d:
                raise RulekitError(
                    Phrase(N_("expected an option id (a text), got {value}"), value=repr(d)),
                    field=f"decisions[{i}]",
                    code="INVALID_VALUE",
                )
        return
    if isinstance(decisions, dict):
        for k, d in decisions.items():
            if not isinstance(k, str) or not isinstance(d, str) or not d:
                raise RulekitError(
                    Phrase(
                        N_("expected decision key -> option id (texts), got {key}: {value}"),
                        key=repr(k),
                        value=repr(d),
                    ),
                    field="decisions",
                    code="INVALID_VALUE",
                )
        return
    raise RulekitError(
        Phrase(
            N_("expected a list of option ids or a {form} mapping, got {kind}"),
            form="{key: option id}",
            kind=type(decisions).__name__,
        ),
        field="decisions",
        code="INVALID_VALUE",
    )
