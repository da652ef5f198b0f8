"""One entry on the chain, from activation to removal (seed «Encadeamento de Resposta»).

:func:`activate` checks an effect's legality (:func:`rulekit.apoteose.legality.legal`) and pushes a frame;
:func:`push_and_run` takes it through its four stages: ``activating`` (the task and requirements paid
with Previsão-filtered choices, no responses), ``halt`` (a response window), ``resolving`` (the body,
atomic, R-02; :mod:`rulekit.apoteose.resolution`) and ``post`` (a window for responses to what the
resolution did); :func:`pop` removes it and the spotlight returns to the parent. The windows are opened by
:mod:`rulekit.apoteose.responses`. Every function takes the engine as its steps see it
(:class:`~rulekit.apoteose.host.ChainHost`: the game state, the chain's frames and the trace being recorded).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekit.apoteose import legality as L
from rulekit.apoteose import matching as M
from rulekit.apoteose import resolution, responses
from rulekit.apoteose import rulings as R
from rulekit.apoteose import windows as W
from rulekit.apoteose.codes import ChainEventKind, GameEventKind, Reason
from rulekit.apoteose.deciders import DecisionPoint, Option
from rulekit.apoteose.frames import PAID_KINDS, Ctx, Fail, Frame, GEvent, effect_id
from rulekit.apoteose.handlers import stmts_label
from rulekit.apoteose.reasons import render
from rulekit.apoteose.text import Effect, format_effect
from rulekit.apoteose.trace import TraceError
from rulekit.errors import N_, Phrase, RulekitError

if TYPE_CHECKING:
    from rulekit.apoteose.host import ChainHost

#: Safety bound on chain depth (an endless Auto loop is reported, not run forever).
MAX_DEPTH = 40


def activate(
    eng: ChainHost, hero: str | None, card_id: str, eno: int, answer: GEvent | None, parent: Frame | None
) -> Frame | None:
    """Seed «Encadeamento de Resposta»: push a frame, pay, halt, resolve, post, remove."""
    g = eng.g
    card = g.cards[card_id]
    if eno >= len(card.effects):
        raise RulekitError(
            Phrase(N_("card '{id}' has no effect #{n}"), id=card_id, n=eno), code="UNKNOWN_EFFECT"
        )
    effect = card.effects[eno]
    ok, code, params = L.legal(eng, hero, card, eno, answer, parent is not None)
    if not ok:
        eng.emit(
            ChainEventKind.REFUSED,
            index=None,
            card=card_id,
            effect=effect_id(card_id, eno),
            hero=hero,
            responds_to=parent.index if parent else None,
            detail={"code": code, "params": params},
        )
        eng.errors.append(TraceError(card_id, code, render(code, params), params))
        return None
    frame = Frame(
        index=len(eng.stack),
        card=card_id,
        effect_no=eno,
        effect=effect,
        effect_id=effect_id(card_id, eno),
        hero=hero,
        responds_to=parent.index if parent else None,
        answers=answer,
        parent=parent,
        start_zone=L.card_zone(eng.g, card_id),
    )
    return push_and_run(eng, frame)


def push_and_run(eng: ChainHost, frame: Frame, rules: bool = False) -> Frame:
    """An entry's four stages (seed «Encadeamento de Resposta»): activating (pay, no responses), halt (a
    window), resolving (atomic, R-02), post (a window); then it is removed. ``rules``: an attack or test
    the script or an activation bar makes (it counts as the hero's action)."""
    counted = _enter(eng, frame, rules)
    ctx = W.frame_ctx(eng.stack, frame)
    _pay(eng, frame, ctx)
    frame.selected = ctx.selected
    # -- halt window
    frame.stage = "halt"
    responses.window(eng, frame, "halt")
    if frame.negated:
        pop(eng, frame, "negated")
        return frame
    if _stopped_at_halt_exit(eng, frame, counted):
        pop(eng, frame, "stopped")
        return frame
    # -- resolving (atomic, R-02)
    frame.stage = "resolving"
    _resolve(eng, frame, ctx)
    # -- post window
    frame.stage = "post"
    responses.window(eng, frame, "post")
    pop(eng, frame, "resolved")
    return frame


def _enter(eng: ChainHost, frame: Frame, rules: bool) -> bool:
    """The frame enters the chain and the spotlight moves to it: its ``respond``/``activate`` events, the
    action it counts (Ação Inicial) and the once-per limits it uses. Returns whether it counted as an
    action."""
    g = eng.g
    effect = frame.effect
    if len(eng.stack) >= MAX_DEPTH:
        raise RulekitError(
            Phrase(N_("the chain is deeper than {most} (an endless Auto loop?)"), most=MAX_DEPTH),
            code="CHAIN_LOOP",
        )
    if frame.parent is not None:
        ans = frame.answers
        eng.emit(
            ChainEventKind.RESPOND,
            frame,
            stage=None,
            detail={
                "answers": ans.label if ans else None,
                "answers_text": eng.describe(ans) if ans else None,
                "answers_event": ans.data() if ans else None,
                "answers_kind": ans.kind if ans else None,
            },
        )
    eng.stack.append(frame)
    frame.activation = eng.ev(
        GameEventKind.ACTIVATE,
        "after",
        frame.hero,
        card=frame.card,
        frame=frame.index,
        label=f"activate@{frame.index}",
    )
    eng.emit(
        ChainEventKind.ACTIVATE,
        frame,
        detail={
            "text": _effect_text(effect),
            "activation": effect.activation,
            "rules_action": rules,
            "answers": frame.answers.label if frame.answers else None,
        },
    )
    counted = rules or (effect.activation == "Ativar" and frame.hero == g.turn_hero)
    if counted:
        g.actions_this_turn += 1  # Ação Inicial counts non-automatic actions
    if "Uma Vez por Ciclo" in effect.limits:
        g.used_cycle[frame.effect_id] = g.cycle
    if "Uma Vez por Batalha" in effect.limits:
        g.used_battle[frame.effect_id] = g.battle
    return counted


def _pay(eng: ChainHost, frame: Frame, ctx: Ctx) -> None:
    """Activating: the task, then costs and actions in order, each choice filtered by Previsão (only the
    choices that keep every other requirement payable); no responses meanwhile."""
    effect = frame.effect
    steps = L.steps(effect)
    if steps:
        responses.no_responses(eng, frame, "activating", Reason.REQUIREMENTS_BEING_PAID)
    for i, (key, ast, req) in enumerate(steps):
        if i:  # an attempt between two payments is refused too («nenhuma resposta pode ser dada»)
            responses.no_responses(
                eng,
                frame,
                "activating",
                Reason.REQUIREMENTS_BEING_PAID,
                between=key,
                params={"requirement": req.text if req else effect.task, "paid": i},
            )
        needs = M.options(eng.g, ctx, ast) is not None
        opts = L.feasible_options(eng, ctx, effect, steps, i) if needs else None
        choice = None
        if opts is not None:
            point = DecisionPoint(
                key=f"choose@{frame.index}.{key}",
                kind="choose",
                spotlight=frame.index,
                stage="activating",
                answers=(),
                options=tuple(Option(o, o) for o in opts),
                prompt_code="PAY" if req else "TASK",
                prompt_params=(
                    {"requirement": req.text, "requirement_data": ast.to_dict()}
                    if req
                    else {"task": effect.task}
                ),
            )
            if not opts:
                raise RulekitError(
                    Phrase(N_("Previsão found no choice for {key}"), key=point.key), code="PREVISAO"
                )
            choice = eng.choose_key(point, frame.index)
        before = eng.snapshot()
        try:
            evs = resolution.apply(eng, eng.live, ctx, ast, choice, frame)
        except Fail as exc:  # cannot happen after Previsão; reported, never hidden
            raise RulekitError(
                Phrase(N_("payment failed after Previsão: {reason}"), reason=str(exc)), code="INTERNAL"
            ) from None
        frame.paid.extend(evs)
        ctx.paid.extend(e.card for e in evs if e.card and e.kind in PAID_KINDS)
        eng.emit(
            ChainEventKind.PAY,
            frame,
            resources=eng.diff(before),
            detail={
                "requirement": req.text if req else effect.task,
                "requirement_data": ast.to_dict(),
                "kind": req.kind if req else "task",
                "step": key,
                "choice": choice,
                "events": [e.label for e in evs],
            },
        )


def _stopped_at_halt_exit(eng: ChainHost, frame: Frame, counted: bool) -> bool:
    """R-03: a state or Selecione target that no longer holds when the halt window closes stops the entry
    (costs stay paid; R-09 says whether its once-per limit and its action still count)."""
    g = eng.g
    effect = frame.effect
    broken = [
        r
        for r in effect.requirements
        if R.recheck_at_halt_exit(r.kind, r.verb) and not resolution.still_holds(eng, frame, r)
    ]
    if not broken:
        return False
    eng.emit(
        ChainEventKind.STOPPED,
        frame,
        detail={
            "code": Reason.STATE_BROKEN,
            "params": {"requirement": broken[0].text},
            "rule": "R-03",
            "costs_refunded": False,
        },
    )
    if not R.STOPPED_USES_ONCE_LIMITS:
        g.used_cycle.pop(frame.effect_id, None) if "Uma Vez por Ciclo" in effect.limits else None
        g.used_battle.pop(frame.effect_id, None) if "Uma Vez por Batalha" in effect.limits else None
    if counted and not R.STOPPED_COUNTS_AS_ACTION:
        g.actions_this_turn -= 1
    return True


def _resolve(eng: ChainHost, frame: Frame, ctx: Ctx) -> None:
    """Resolving (atomic, R-02): the body in order (seed «Na Descrição»), its ``truncated``/``resolve``
    events, then lasting effects that end and passives that start or stop."""
    responses.no_responses(eng, frame, "resolving", Reason.RESOLUTION_IS_ATOMIC)
    before = eng.snapshot()
    done, skipped, (why, why_params) = resolution.resolve_body(eng, frame, ctx)
    # the statements as data (``*_data``: ``{"op": ..., field: value}``) beside their English labels
    done_labels, done_data = [stmts_label([s]) for s in done], [s.to_dict() for s in done]
    if skipped:
        eng.emit(
            ChainEventKind.TRUNCATED,
            frame,
            detail={
                "code": why,
                "params": why_params,
                "done": done_labels,
                "skipped": [stmts_label([s]) for s in skipped],
                "seed": "Na Descrição",
                "done_data": done_data,
                "skipped_data": [s.to_dict() for s in skipped],
            },
        )
    eng.emit(
        ChainEventKind.RESOLVE,
        frame,
        resources=eng.diff(before),
        detail={
            "statements": done_labels,
            "truncated": bool(skipped),
            "events": [e.label for e in frame.results],
            "statements_data": done_data,
        },
    )
    eng.resolution_order.append(frame.card or frame.effect_id)
    frame.results.append(
        eng.ev(
            GameEventKind.RESOLVE,
            "after",
            frame.hero,
            card=frame.card,
            frame=frame.index,
            label=f"resolve@{frame.index}",
        )
    )
    if "Encerra Turno" in frame.effect.limits and frame.hero:
        eng.pending_end_turn.append(frame.hero)
    if "resolution" in R.ENQUANTO_RECHECKED_AFTER:
        resolution.expire(eng)
    resolution.refresh(eng)


def pop(eng: ChainHost, frame: Frame, how: str) -> None:
    """The frame leaves the chain and the spotlight returns to its parent; when the chain is empty, an
    Encerra Turno waiting for it ends the turn (R-11)."""
    eng.stack.pop()
    parent = eng.stack[-1] if eng.stack else None
    eng.emit(
        ChainEventKind.REMOVE,
        frame,
        stage=None,
        detail={"how": how, "spotlight_returns_to": parent.index if parent else None},
    )
    if not eng.stack:
        eng.emit(ChainEventKind.END, detail={"resolved": list(eng.resolution_order)})
        ends, eng.pending_end_turn = eng.pending_end_turn, []
        for h in ends:  # the turn ends once the whole chain is empty
            if eng.g.turn_hero == h:
                eng.emit(ChainEventKind.END_TURN, hero=h, detail={"by": "Encerra Turno", "rule": "R-11"})
                eng.end_turn()


def _effect_text(effect: Effect) -> str:
    return format_effect(effect) if effect.source else effect.description
