"""Response windows: where a response may be given, and Auto effects outside any chain.

:func:`window` opens a halt or post window (every Auto first, in priority order and each fully resolved,
then the decider's choice among the Ativar responses, R-06); :func:`no_responses` and
:func:`closed_window` tell a scripted response why it is refused while requirements are paid, while a
body resolves (R-02) or when Irrespondível closes the window (R-10); :func:`flow` answers a game moment
outside any chain (one chain per Auto). What a window answers and who may answer it is
:mod:`rulekit.apoteose.windows`; an answer enters the chain through the engine's ``activate``
(:func:`rulekit.apoteose.activation.activate`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.apoteose import legality as L
from rulekit.apoteose import rulings as R
from rulekit.apoteose import windows as W
from rulekit.apoteose.codes import ChainEventKind, Reason
from rulekit.apoteose.deciders import DecisionPoint, Option, Refusal
from rulekit.apoteose.frames import Frame, GEvent, effect_id
from rulekit.apoteose.trace import TraceError
from rulekit.errors import N_, Phrase

if TYPE_CHECKING:
    from rulekit.apoteose.host import ChainHost


def window(eng: ChainHost, frame: Frame, stage: str) -> None:
    """A halt or post window: every Auto first (priority, each fully resolved), then Ativar (R-06)."""
    if "Irrespondível" in frame.effect.limits and stage in R.IRRESPONDIVEL_CLOSES:
        eng.emit(ChainEventKind(stage), frame, detail={"closed": True, "rule": "R-10"})
        closed_window(eng, frame, stage)
        return
    evs = W.window_events(eng, frame, stage)
    eng.emit(ChainEventKind(stage), frame, detail={"answerable": [e.label for e in evs]})
    visits = 0
    while not frame.negated:
        evs = W.window_events(eng, frame, stage)
        autos = W.gather_autos(eng, frame, evs)
        if autos:
            _, hero, card, eno, gev = W.pick_auto(eng, frame, stage, autos, visits)
            visits += 1
            eng.used.add((effect_id(card, eno), gev.seq))
            eng.choices[frame.index + 1] = {}
            eng.activate(hero, card, eno, gev, frame)
            continue
        options, refused, lookup = W.gather_ativar(eng, frame, evs)
        point = DecisionPoint(
            key=f"{stage}@{frame.index}#{visits}",
            kind="respond",
            spotlight=frame.index,
            stage=stage,
            answers=tuple(e.label for e in evs),
            options=(Option("pass", label_code="PASS"), *options),
            refused=tuple(refused),
            prompt_code="RESPOND",
            prompt_params={"effect": frame.effect_id, "stage": stage},
        )
        visits += 1
        choice = eng.decide(point)
        if choice == "pass":
            return
        if choice not in lookup:
            eng.errors.append(
                TraceError(
                    None,
                    "ILLEGAL_CHOICE",
                    Phrase(N_("{key}: '{choice}' is not a legal response"), key=point.key, choice=choice),
                )
            )
            return
        hero, card, eno, gev = lookup[choice]
        eng.used.add((effect_id(card, eno), gev.seq))
        eng.choices[frame.index + 1] = dict(eng.scripted_choices.get(choice, {}))
        eng.activate(hero, card, eno, gev, frame)


def no_responses(
    eng: ChainHost,
    frame: Frame,
    stage: str,
    code: str,
    between: str | None = None,
    params: dict[str, Any] | None = None,
) -> None:
    """Seed «Encadeamento de Resposta»: while requirements are paid («nenhuma resposta pode ser dada») and
    while a body resolves («a resolução deve ser cumprida integralmente primeiro», R-02) nothing can be
    activated. A script that tries (``window: activating@<i>`` / ``resolving@<i>``) is refused with that
    reason, never ignored. ``between`` names the step about to be paid or run when the attempt comes
    between two payments (``activating@<i>.req<k>``) or two statements (``resolving@<i>.body<k>``); the
    reason then says how far the entry got (``case: between``)."""
    where = f"{stage}@{frame.index}" + (f".{between}" if between else "")
    params = {"effect": frame.effect_id, **({"case": "between", **(params or {})} if between else {})}
    _pass_only(eng, frame, stage, f"{where}#0", code, params, "NO_RESPONSES")


def closed_window(eng: ChainHost, frame: Frame, stage: str) -> None:
    """R-10: a window closed by Irrespondível still tells a scripted response why it is refused.

    The decider sees the window with "pass" as its only option and every Ativar effect refused with
    code ``IRRESPONDIVEL``; a script that named one gets a ``refused`` event, never silence. Nothing is
    recorded as a decision (there was none to take)."""
    params = {"effect": frame.effect_id}
    _pass_only(eng, frame, stage, f"{stage}@{frame.index}#0", Reason.IRRESPONDIVEL, params, "RESPOND_CLOSED")


def _pass_only(
    eng: ChainHost, frame: Frame, stage: str, key: str, code: str, params: dict[str, Any], prompt: str
) -> None:
    """Show the decider a window whose only option is "pass": every Ativar effect a hero could
    activate is refused with ``code`` (and ``params``), so a script that names one is told why."""
    refused = tuple(
        Refusal(f"{h}:{effect_id(c.id, n)}", h, c.id, effect_id(c.id, n), code, params)
        for c in eng.g.cards.values()
        for n, e in enumerate(c.effects)
        if e.activation == "Ativar"
        for h in L.activators(eng.g, c, e)
    )
    eng.decider(
        DecisionPoint(
            key=key,
            kind="respond",
            spotlight=frame.index,
            stage=stage,
            answers=(),
            options=(Option("pass", label_code="PASS"),),
            refused=refused,
            prompt_code=prompt,
            prompt_params={"effect": frame.effect_id, "stage": stage},
        )
    )


def flow(eng: ChainHost, event: GEvent) -> None:
    """A game moment outside any chain: matching Auto effects activate, one chain each (R-06)."""
    while True:
        cands = W.gather_autos(eng, None, [event])
        if not cands:
            return
        pick = W.pick_auto(eng, None, "flow", cands, 0)
        _, hero, card, eno, gev = pick
        eng.used.add((effect_id(card, eno), gev.seq))
        eng.choices[0] = {}
        eng.activate(hero, card, eno, gev, None)
