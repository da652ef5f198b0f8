"""What a running chain is made of: the game events effects answer, the frames on the chain, what
"você"/"esta carta" mean while an effect is paid or resolved, and the failure a statement raises.

Plain data (no engine logic): :mod:`rulekit.apoteose.chain` runs them, :mod:`rulekit.apoteose.handlers`
and :mod:`rulekit.apoteose.matching` read them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rulekit.apoteose.codes import Reason
from rulekit.apoteose.reasons import render
from rulekit.apoteose.text import Effect

#: Events of a payment whose card a description can name ("a carta consumida", "a carta descartada").
PAID_KINDS: frozenset[str] = frozenset(
    {"discard", "exhaust", "bury", "banish", "reveal", "return", "move", "register", "hide", "ready"}
)


class Fail(Exception):
    """A statement or requirement cannot be carried out (-> refusal, stop or truncation).

    It carries a reason: a ``code`` of :mod:`rulekit.apoteose.reasons` and its ``params``."""

    def __init__(self, code: Reason, **params: Any) -> None:
        self.code: Reason = code
        self.params = params
        super().__init__(render(code, params))


@dataclass(frozen=True)
class GEvent:
    """A game event that effects can answer: who did it (actor) and to whom (patient)."""

    seq: int
    kind: str
    moment: str  # "before" (announced, not done yet) | "after"
    actor: str | None
    patient: str | None = None
    card: str | None = None
    resource: str | None = None
    amount: int | None = None
    frame: int | None = None
    label: str = ""
    #: the attribute of a test ("Antes de você fazer um teste de AGI" answers only that one)
    attribute: str | None = None
    #: ``("first",)`` on an actor's first turn start of the cycle, ``("last",)`` on its last turn end (R-20)
    flags: tuple[str, ...] = ()

    def data(self) -> dict[str, Any]:
        """What a reader needs to word this event (``rulekit.apoteose.wording.event_words``)."""
        return {
            "kind": self.kind,
            "moment": self.moment,
            "frame": self.frame,
            "resource": self.resource,
            "card": self.card,
            "patient": self.patient,
        }


@dataclass
class Frame:
    index: int
    card: str | None
    effect_no: int
    effect: Effect
    effect_id: str
    hero: str | None
    responds_to: int | None
    answers: GEvent | None
    stage: str = "activating"
    activation: GEvent | None = None
    paid: list[GEvent] = field(default_factory=list)
    before: list[GEvent] | None = None
    results: list[GEvent] = field(default_factory=list)
    selected: list[str] = field(default_factory=list)
    selected_zone: dict[str, str] = field(default_factory=dict)
    #: heroes selected by their place ("Selecione 1 Herói rival adjacente a você"): the spec they met
    selected_near: dict[str, dict[str, Any]] = field(default_factory=dict)
    negated: bool = False
    modifiers: dict[str, int] = field(default_factory=dict)
    start_zone: str | None = None
    parent: Frame | None = None


@dataclass
class Ctx:
    """What "você", "esta carta", "essa carta" and "o alvo" mean while paying or resolving."""

    hero: str | None
    card: str | None
    answered: Frame | None
    selected: list[str]
    #: cards paid by the requirements ("a carta consumida", "as cartas descartadas")
    paid: list[str] = field(default_factory=list)
    #: the game event this effect answers ("aquele oponente": its hero)
    event: GEvent | None = None
    #: the cards the statement before acted on ("Revele uma carta e bana-a")
    previous: list[str] = field(default_factory=list)
    #: the heroes the statement before acted on ("Cause 2 de DANO a um oponente e ele descarta…", R-33)
    previous_heroes: list[str] = field(default_factory=list)


def effect_id(card: str, n: int) -> str:
    """The id of a card's effect: ``card#n``."""
    return f"{card}#{n}"
