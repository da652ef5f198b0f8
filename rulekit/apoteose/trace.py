"""The Apoteose chain trace: plain, frozen, JSON-able data.

The engine (:mod:`rulekit.apoteose.chain`) writes a :class:`ChainTrace`; views and widgets only
read it. Every value inside is a plain JSON value (str, int, None, list, dict), so the trace can
be compared, hashed into JSON and replayed byte for byte.

Event vocabulary (stable: ``rulekit chain --json`` gives it) — :data:`EVENTS`:

``activate``
    a frame is pushed at ``index``; the spotlight moves to it; stage ``activating``.
``pay``
    one requirement or the task was paid / performed (``detail["requirement"]``, the card's words, and
    ``detail["kind"]``); ``detail["requirement_data"]`` is what it does as data (a statement's
    ``{"op": ..., field: value}``; ``rulekit.views.chain.paid_text`` words it).
``halt``
    the frame enters its halt window (responses at ``index + 1``).
``respond``
    an effect answers the frame ``responds_to``; ``detail["answers"]`` names the event it answers
    (the activation, one cost or action, a "before" body event, or a resolution event);
    ``detail["answers_event"]`` is that event as data (``kind``, ``moment``, ``frame``, ``resource``,
    ``card``, ``patient``; ``rulekit.views.chain.event_text`` words it) and ``detail["answers_text"]``
    its English words, kept for older readers. The ``activate`` of the response follows.
``resolve``
    the frame's description resolved (stage ``resolving``); ``resources`` carries the changes;
    ``detail["statements_data"]`` the statements done, as data (``{"op": ..., field: value}``;
    ``rulekit.apoteose.wording.statement_text``), beside their labels in ``detail["statements"]``; the
    JSON adds their English sentences (``statements_text``; ``done_text``, ``skipped_text`` for
    ``truncated``).
``post``
    the frame's post-resolution window opens.
``remove``
    the frame is removed; ``spotlight`` is the parent's index (or ``None`` when the chain is empty).
``stopped``
    a requirement broke during halt (seed «Nos Requerimentos», R-03): neither negated nor activated,
    costs kept, no post window.
``truncated``
    the description broke mid-resolution (seed «Na Descrição»): what was done stays, the rest is
    skipped (``detail["skipped"]``, and as data ``detail["skipped_data"]``; ``done``/``done_data``
    what was done).
``negated``
    the frame was negated (R-08) and is removed unresolved; paid costs stay paid.
``refused``
    an activation was refused before anything was paid; ``detail["code"]`` and ``detail["params"]``
    say why (Previsão, limits, scope...): a reason of :mod:`rulekit.apoteose.reasons`, put into words
    by the views (``rulekit.views.chain.reason_text``). ``stopped``, ``truncated`` and ``expire``
    carry their reason the same way. ``detail["reason"]`` holds the English words too, for older
    readers; the §7 JSON carries ``code``, ``params`` and ``reason``. Views render
    ``code`` + ``params`` in the reader's language (:mod:`rulekit.apoteose.wording`).
``end``
    the chain is empty; the spotlight goes back to the game.

Other events the engine may emit (documented, never renamed): ``turn`` (a turn starts),
``restoration`` (restoration phase, R-20), ``battle`` (battle start/end), ``end_turn`` (R-11),
``passive`` (a Passivo effect starts/stops applying, R-23), ``expire`` (a lasting effect ends, R-19),
``action`` (a scripted game action on a card: put, take, move, reveal, hide, discard, bury, banish).

>>> ev = ChainEvent("activate", 0, "pocao", "pocao#0", "ana", None, {}, 0, "activating", {}, 0)
>>> sorted(ev.to_json_dict())
['card', 'detail', 'effect', 'event', 'hero', 'index', 'responds_to']
>>> ev.to_json_dict()["detail"]["spotlight"]
0
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from rulekit.apoteose.codes import CHAIN_EVENTS
from rulekit.apoteose.codes import FLOW_EVENTS as _FLOW_EVENTS
from rulekit.apoteose.reasons import render
from rulekit.apoteose.wording import statement_text

#: The stable event vocabulary (the module docstring says what each means; ``codes.ChainEventKind``).
EVENTS: tuple[str, ...] = CHAIN_EVENTS
#: Game-flow events emitted outside a chain (turn structure, passives, durations).
FLOW_EVENTS: tuple[str, ...] = _FLOW_EVENTS

#: The four stages a frame passes through (seed «Encadeamento de Resposta»).
STAGES: tuple[str, ...] = ("activating", "halt", "resolving", "post")

Stage = Literal["activating", "halt", "resolving", "post"]

#: ``{hero_id: {resource: [before, after]}}``
ResourceChanges = dict[str, dict[str, list[int]]]


@dataclass(frozen=True)
class ChainEvent:
    """One step of the chain.

    Attributes:
        event: one of :data:`EVENTS` (or :data:`FLOW_EVENTS`).
        index: chain index of the frame concerned (0 = base), ``None`` outside a chain.
        card: card id (``None`` for card-less effects such as Campanha effects or rules actions).
        effect: effect id ``"<card>#<n>"`` (or the source's id for card-less effects).
        hero: the hero who activates / pays / is affected (Do Time: the activating teammate).
        responds_to: index of the frame this one answers, for ``respond`` / ``activate``.
        detail: event-specific plain data (requirement text, reason, answered event...).
        spotlight: index the spotlight (holofote) is on after this event; ``None`` = the game.
        stage: stage of the frame at ``index`` after this event, or ``None``.
        resources: resource changes caused by this event: ``{hero: {"VIDA": [before, after]}}``.
        depth: number of frames on the chain when the event happened (0 = empty).
    """

    event: str
    index: int | None
    card: str | None
    effect: str | None
    hero: str | None
    responds_to: int | None
    detail: dict[str, Any]
    spotlight: int | None
    stage: str | None
    resources: dict[str, dict[str, list[int]]]
    depth: int

    def to_json_dict(self) -> dict[str, Any]:
        """The §7 event object: exactly ``event, index, card, effect, hero, responds_to, detail``.

        ``spotlight``, ``stage``, ``resources`` and ``depth`` travel inside ``detail`` (the contract
        allows no other top-level keys).
        """
        detail = dict(self.detail)
        if "code" in detail and "params" in detail:
            # The trace holds a reason as data: its code and params travel in the JSON, with the English
            # sentence made from the same message (rulekit.apoteose.wording) beside them.
            detail["reason"] = render(detail["code"], detail["params"])
        for key in ("statements", "done", "skipped"):
            data = detail.get(f"{key}_data")
            if isinstance(data, list):  # the statements' English sentences beside their data and labels
                detail[f"{key}_text"] = [statement_text(d) for d in data]
        detail = {k: detail[k] for k in sorted(detail)}
        detail["spotlight"] = self.spotlight
        detail["stage"] = self.stage
        detail["resources"] = {h: {r: list(v) for r, v in rs.items()} for h, rs in self.resources.items()}
        detail["depth"] = self.depth
        return {
            "event": self.event,
            "index": self.index,
            "card": self.card,
            "effect": self.effect,
            "hero": self.hero,
            "responds_to": self.responds_to,
            "detail": detail,
        }


@dataclass(frozen=True)
class HeroState:
    """A hero's final state: resources ``[current, max]``, attributes, zones of card ids."""

    resources: dict[str, list[int]]
    attributes: dict[str, int]
    zones: dict[str, list[str]]
    #: the casa the hero ends on (``[column, row]``), when the scenario gives heroes places on the board
    casa: list[int] | None = None

    def to_json_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "resources": {k: list(v) for k, v in self.resources.items()},
            "attributes": dict(self.attributes),
            "zones": {k: list(v) for k, v in self.zones.items()},
        }
        if self.casa is not None:
            out["casa"] = list(self.casa)
        return out


@dataclass(frozen=True)
class TraceError:
    """A game-level error or refusal: ``{"card", "code", "message"}``. A refusal keeps its reason's
    ``params`` too (views word it in the reader's language; the JSON keeps the English message)."""

    card: str | None
    code: str
    message: str
    params: dict[str, Any] | None = field(default=None, compare=False)

    def to_json_dict(self) -> dict[str, Any]:
        return {"card": self.card, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Decision:
    """One decision taken during the run (scripted, chosen interactively, or defaulted)."""

    key: str
    kind: str
    choice: str
    source: str  # "script" | "session" | "default"

    def to_json_dict(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "choice": self.choice, "source": self.source}


@dataclass(frozen=True)
class ChainTrace:
    """The whole run of one scenario.

    Attributes:
        scenario: scenario name (built-in name or path).
        events: every :class:`ChainEvent`, in order.
        resolution_order: card ids (or source ids) of frames in the order they resolved.
        heroes: final :class:`HeroState` per hero id.
        errors: refusals and game errors (``refused`` events also appear in ``events``).
        decisions: every decision taken, for replay.
        shared_zones: final shared zones (CENÁRIO, tabuleiro, common discard, banished, deck, limbo).
        warnings: parser style warnings (R-17) and other notes.
        cards: final card states ``{id: {"name", "types", "owner", "holder", "zone", "consumed",
            "revealed", "attached_to", "registered", "vida"}}`` (not part of the §7 JSON; ``vida`` is a
            COMPANHEIRO's own VIDA or ``None``).
    """

    scenario: str
    events: tuple[ChainEvent, ...]
    resolution_order: tuple[str, ...]
    heroes: dict[str, HeroState]
    errors: tuple[TraceError, ...] = ()
    decisions: tuple[Decision, ...] = ()
    shared_zones: dict[str, list[str]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_json_dict(self) -> dict[str, Any]:
        """Exactly the ``rulekit chain --json`` contract: ``events, resolution_order, heroes, errors``."""
        return {
            "events": [e.to_json_dict() for e in self.events],
            "resolution_order": list(self.resolution_order),
            "heroes": {h: s.to_json_dict() for h, s in sorted(self.heroes.items())},
            "errors": [e.to_json_dict() for e in self.errors],
        }

    def to_json(self, indent: int | None = 2) -> str:
        """Deterministic JSON text (sorted keys inside ``detail``; stable key order elsewhere)."""
        return (
            json.dumps(
                self.to_json_dict(), ensure_ascii=False, indent=indent, sort_keys=False, default=_plain
            )
            + "\n"
        )

    def of(self, event: str) -> list[ChainEvent]:
        """Events of one kind, in order (a convenience for tests and views)."""
        return [e for e in self.events if e.event == event]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | set | frozenset):
        return sorted(value) if isinstance(value, set | frozenset) else list(value)
    raise TypeError(f"not JSON-able: {value!r}")


#: How :meth:`ChainTrace.to_json` writes what JSON has no form for (the ``default`` of
#: :func:`json.dumps`; ``rulekit chain --json`` writes the same, :func:`rulekit.views.jsonout.bounded_json`).
json_default = _plain
