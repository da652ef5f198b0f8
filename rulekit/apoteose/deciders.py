"""Deciders: who takes the decisions of a chain run, and the data they decide on.

The engine (:mod:`rulekit.apoteose.chain`) stops at every :class:`DecisionPoint` (a window to respond
in, a choice to make, an option, a tie between Auto effects) and asks a *decider*: a callable that
returns ``(option id, source)``. :func:`default_decider` passes / takes the first legal choice,
:class:`ScriptDecider` follows a scenario's ``decisions:`` (and ``run_chain(decisions=...)``), and
:class:`~rulekit.apoteose.session.ChainSession` asks the learner. Deciders only choose: the engine
writes every event of the trace (a refused scripted response goes through
:meth:`Engine.scripted_refusal <rulekit.apoteose.chain.Engine.scripted_refusal>`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulekit.apoteose.codes import Reason
from rulekit.apoteose.reasons import render
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.wording import label_words, prompt_words
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.yamlsrc import suggest


@dataclass(frozen=True)
class Option:
    """A legal choice at a decision point.

    ``label_code`` and ``label_params`` are its label as data (:data:`rulekit.apoteose.wording.LABELS`:
    ``PASS``, ``ANSWERS`` with the hero, card name, effect and the answered event's data,
    ``STATEMENTS`` with the statements' data); ``label`` is their English words (given, or made from the
    code). An option without a code is labelled by its id (a card or hero id, an effect id)."""

    id: str
    label: str = ""
    hero: str | None = None
    card: str | None = None
    effect: str | None = None
    answers: str | None = None
    label_code: str = ""
    label_params: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(
                self, "label", label_words(self.label_code, self.label_params, effect_ids=True) or self.id
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "hero": self.hero,
            "card": self.card,
            "effect": self.effect,
            "answers": self.answers,
            "label_code": self.label_code,
            "label_params": dict(self.label_params),
        }


@dataclass(frozen=True)
class Refusal:
    """An effect that cannot be used at a decision point, with the reason: a ``code`` and its ``params``
    (:mod:`rulekit.apoteose.reasons`); ``reason`` gives the English words."""

    id: str
    hero: str | None
    card: str | None
    effect: str
    code: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def reason(self) -> str:
        """The English words of the reason (views render it themselves: ``views.chain.reason_text``)."""
        return render(self.code, self.params)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "hero": self.hero,
            "card": self.card,
            "effect": self.effect,
            "code": self.code,
            "params": dict(self.params),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class DecisionPoint:
    """Where the run waits for a decision.

    ``kind``: ``respond`` (a window: pass or activate a response), ``choose`` (which card/hero pays or
    is selected), ``option`` (Escolha um), ``order`` (tie between Auto effects).
    """

    key: str
    kind: str
    spotlight: int | None
    stage: str | None
    answers: tuple[str, ...]
    options: tuple[Option, ...]
    refused: tuple[Refusal, ...] = ()
    prompt: str = ""
    #: the prompt as data (:data:`rulekit.apoteose.wording.PROMPTS`); ``prompt`` is its English words
    prompt_code: str = ""
    prompt_params: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.prompt and self.prompt_code:
            object.__setattr__(
                self, "prompt", prompt_words(self.prompt_code, self.prompt_params, effect_ids=True)
            )

    @property
    def default(self) -> str:
        """Undecided: pass (windows), else the first legal choice (LANGUAGE.md §4, ``decisions:``)."""
        if self.kind == "respond":
            return "pass"
        return self.options[0].id

    @property
    def window(self) -> str | None:
        return self.key.split("#")[0] if self.kind == "respond" else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "kind": self.kind,
            "spotlight": self.spotlight,
            "stage": self.stage,
            "answers": list(self.answers),
            "options": [o.to_dict() for o in self.options],
            "refused": [r.to_dict() for r in self.refused],
            "prompt": self.prompt,
            "prompt_code": self.prompt_code,
            "prompt_params": dict(self.prompt_params),
            "default": self.default,
        }


Decider = Callable[[DecisionPoint], tuple[str, str]]


def default_decider(point: DecisionPoint) -> tuple[str, str]:
    return point.default, "default"


class NeedDecision(Exception):
    """Raised by a session decider when the run reaches an undecided decision point."""

    def __init__(self, point: DecisionPoint) -> None:
        super().__init__(point.key)
        self.point = point


class Scripted(Protocol):
    """What scripted decisions read of a scenario: its ``decisions:``
    (:class:`~rulekit.apoteose.scenario.Scenario`)."""

    @property
    def decisions(self) -> list[dict[str, Any]]: ...


class ScriptHost(Protocol):
    """What scripted decisions tell the engine running them: a refused response, a decision that could not be
    used, the choices attached to a picked response (:class:`~rulekit.apoteose.chain.Engine`). Defined here,
    below the engine and the scenario, so that this module imports neither."""

    scripted_choices: dict[str, dict[str, Any]]

    def scripted_refusal(
        self,
        point: DecisionPoint,
        card: str,
        effect: str,
        hero: str | None,
        code: str,
        params: dict[str, Any],
    ) -> None: ...

    def scripted_error(self, code: str, message: str) -> None: ...


class ScriptDecider:
    """Scripted decisions; undecided points default to pass / the first legal choice (LANGUAGE.md §4)."""

    def __init__(
        self, sc: Scripted, engine: ScriptHost, overrides: list[str] | dict[str, str] | None
    ) -> None:
        self.sc = sc
        self.engine = engine
        self.used: set[int] = set()
        self.queue = list(overrides) if isinstance(overrides, list) else []
        self.keyed = dict(overrides) if isinstance(overrides, dict) else {}
        self.taken = 0

    @staticmethod
    def _legal(point: DecisionPoint, choice: str, where: str) -> str:
        """A decision given to ``run_chain`` must be legal where it is used (LANGUAGE.md §4)."""
        ids = [o.id for o in point.options]
        if choice not in ids:
            raise RulekitError(
                Phrase(
                    N_("'{choice}' is not a legal choice at {point} (legal: {legal})"),
                    choice=choice,
                    point=point.key,
                    legal=", ".join(ids),
                ),
                field=where,
                code="ILLEGAL_CHOICE",
                suggestion=suggest(choice, ids),
            )
        return choice

    def __call__(self, point: DecisionPoint) -> tuple[str, str]:
        ids = [o.id for o in point.options]
        if point.key in self.keyed:
            return self._legal(point, self.keyed[point.key], f"decisions[{point.key!r}]"), "session"
        real = len(point.options) > 1
        if self.queue and real:
            self.taken += 1
            return self._legal(point, self.queue.pop(0), f"decisions[{self.taken - 1}]"), "session"
        for i, d in enumerate(self.sc.decisions):
            if i in self.used:
                continue
            if d.get("key") and d["key"] == point.key:
                self.used.add(i)
                if d.get("pick") in ids:
                    return str(d["pick"]), "script"
                self.engine.scripted_error(
                    "ILLEGAL_CHOICE",
                    f"decisions[{i}]: '{d.get('pick')}' is not a legal "
                    f"choice at {point.key} ({', '.join(ids)})",
                )
                continue
            if (
                point.kind != "respond"
                or d.get("window") is None
                or norm(d["window"]) != norm(point.window or "")
            ):
                continue
            self.used.add(i)
            if d.get("pass"):
                return "pass", "script"
            r = d.get("respond")
            if not r:
                continue
            for o in point.options[1:]:
                if (
                    o.card == r["card"]
                    and o.effect == f"{r['card']}#{r.get('effect', 0)}"
                    and (r.get("hero") in (None, o.hero))
                    and (
                        not r.get("answers")
                        or (o.answers or "").startswith(r["answers"])
                        or (o.answers or "").startswith(f"before:{r['answers']}")
                    )
                ):
                    self.engine.scripted_choices[o.id] = dict(d.get("choices") or {})
                    return o.id, "script"
            eid = f"{r['card']}#{r.get('effect', 0)}"
            why = next(
                (x for x in point.refused if x.effect == eid and r.get("hero") in (None, x.hero)), None
            )
            code, params = (why.code, dict(why.params)) if why else (Reason.NOT_LEGAL_HERE, {})
            self.engine.scripted_refusal(point, r["card"], eid, r.get("hero"), code, params)
        return point.default, "default"
