"""Resolution: carrying out statements, and what a resolution leaves behind.

:func:`apply` runs one statement (or a cost/action requirement) with the handler of its class
(:data:`rulekit.apoteose.handlers.HANDLERS`) against a world — the live game or Previsão's copy of it;
:func:`run_stmt` first takes the statement's choice; :func:`resolve_body` runs an effect's body in order
(seed «Na Descrição»: the first statement that cannot be done cuts the rest); :func:`still_holds` is the
R-03 recheck when the halt window closes; :func:`expire` and :func:`refresh` end lasting effects and say
when a Passivo starts or stops applying. :func:`move_card` moves a card between zones (handlers reach it,
and :func:`run_stmt`, through the narrow :class:`~rulekit.apoteose.handlers.Rules`, which the engine is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.apoteose import matching as M
from rulekit.apoteose import responses
from rulekit.apoteose import rulings as R
from rulekit.apoteose import windows as W
from rulekit.apoteose.codes import ChainEventKind, GameEventKind, Reason
from rulekit.apoteose.deciders import DecisionPoint, Option
from rulekit.apoteose.frames import Ctx, Fail, Frame, GEvent, effect_id
from rulekit.apoteose.handlers import HANDLERS, Step, World
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.state import IN_PLAY
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import Requirement

if TYPE_CHECKING:
    from rulekit.apoteose.host import ChainHost


def move_card(world: World, card_id: str, to: str, actor: str | None, bottom: bool = True) -> list[GEvent]:
    """Move a card to a zone (its owner's, or a shared one); the ``leave``/``enter`` events the world
    records when it leaves or enters play."""
    g = world.g
    holder, zone = g.locate(card_id)
    if zone in ("NOWHERE", "LIMBO"):
        raise Fail(Reason.CARD_UNAVAILABLE, card=card_id)
    owner = g.owner_hero(card_id)
    g.remove(card_id)
    if to in g.shared:
        g.put(card_id, None, to, bottom)
    else:
        dest = owner or holder
        if dest is None:
            common = {"DESCARTE": "DESCARTE COMUM", "BARALHO": "BARALHO COMUM"}.get(to)
            if common is None:
                raise Fail(Reason.NO_HOLDER, card=card_id, zone=to)
            g.put(card_id, None, common, bottom)
        else:
            g.put(card_id, dest, to, bottom)
    g.cards[card_id].attached_to = None
    evs: list[GEvent] = []
    new_zone = g.locate(card_id)[1]
    if zone in IN_PLAY and new_zone not in IN_PLAY:
        evs.extend(world.record(GameEventKind.LEAVE, actor, card=card_id, patient=holder))
    if new_zone in IN_PLAY and zone not in IN_PLAY:
        evs.extend(world.record(GameEventKind.ENTER, actor, card=card_id))
    return evs


def apply(
    eng: ChainHost,
    world: World,
    ctx: Ctx,
    st: Statement,
    choice: str | None,
    frame: Frame | None,
    key: str = "body",
) -> list[GEvent]:
    """Carry out one statement (or cost/action requirement) with the handler of its class in
    :data:`HANDLERS`, against a world: the live game (:class:`LiveWorld`) or Previsão's copy of it
    (:class:`PreviewWorld`, which records no events, takes no decisions and leaves the chain's
    frames alone). Raises :class:`Fail` if it cannot be done. ``key`` names the statement in
    decision keys (``body<i>``)."""
    step = Step(eng, world, ctx, st, choice, frame, key)
    handler = HANDLERS.get(type(st))
    if handler is None:
        raise Fail(Reason.CANNOT_RUN, op=st.op)
    handler(step)
    ctx.previous_heroes = step.acted  # what "ele" in the statement after points at
    return step.evs


def run_stmt(
    eng: ChainHost, world: World, ctx: Ctx, st: Statement, frame: Frame | None, key: str = "body"
) -> list[GEvent]:
    """A statement of a body: its choice (if it needs one) from the world, then :meth:`apply`."""
    choice = None
    opts = M.options(world.g, ctx, st)
    if opts is not None:
        if not opts:
            raise Fail(Reason.NO_LEGAL_CHOICE, op=st.op)
        choice = world.choose(
            frame,
            opts[0],
            lambda f: DecisionPoint(
                key=f"choose@{f.index}.{key}",
                kind="choose",
                spotlight=f.index,
                stage=f.stage,
                answers=(),
                options=tuple(Option(o, o) for o in opts),
                prompt_code="STATEMENT",
                prompt_params={"statement": st.to_dict()},
            ),
        )
    return apply(eng, world, ctx, st, choice, frame, key)


def still_holds(eng: ChainHost, frame: Frame, r: Requirement) -> bool:
    """R-03: states, and Selecione targets, must still hold when the halt window closes."""
    ctx = W.frame_ctx(eng.stack, frame)
    if r.kind == "state":
        try:
            return M.holds(eng.g, ctx, r.ast)
        except Fail:
            return False
    for sel, zone in frame.selected_zone.items():
        if zone == "HERO":
            if eng.g.heroes[sel].resources.get("VIDA", [1, 1])[0] <= 0:
                return False
        elif eng.g.locate(sel)[1] != zone:
            return False
    if R.SELECTED_NEAR_RECHECKED_AT_HALT_EXIT:  # a target chosen "adjacente a você" still next to you
        for sel, spec in frame.selected_near.items():
            try:
                if sel not in M.heroes_for(eng.g, ctx, spec):
                    return False
            except Fail:  # the hero it is next to stands on no casa now
                return False
    return True


def resolve_body(
    eng: ChainHost, frame: Frame, ctx: Ctx
) -> tuple[list[Statement], list[Statement], tuple[str, dict[str, Any]]]:
    """Seed «Na Descrição»: run the statements in order; the first that cannot be done (or a broken
    Enquanto/Durante) cuts the rest. Returns (done, skipped, (code, params) of why)."""
    done: list[Statement] = []
    body = list(frame.effect.body)
    for i, st in enumerate(body):
        if i:  # an attempt between two statements is refused too
            responses.no_responses(
                eng,
                frame,
                "resolving",
                Reason.RESOLUTION_IS_ATOMIC,
                between=f"body{i}",
                params={"done": i, "total": len(body)},
            )
        ench = [r for r in frame.effect.requirements if norm(r.verb) in ("enquanto", "durante")]
        broken = [r for r in ench if not safe_holds(eng, ctx, r.ast)]
        if broken:
            return done, body[i:], (Reason.BROKE_DURING_RESOLUTION, {"requirement": broken[0].text})
        try:
            evs = run_stmt(eng, eng.live, ctx, st, frame, key=f"body{i}")
            frame.results.extend(evs)
            ctx.previous = list(dict.fromkeys(e.card for e in evs if e.card))
        except Fail as exc:
            return done, body[i:], (exc.code, exc.params)
        done.append(st)
    return done, [], ("", {})


def safe_holds(eng: ChainHost, ctx: Ctx, cond: dict[str, Any]) -> bool:
    try:
        return M.holds(eng.g, ctx, cond)
    except Fail:
        return False


def refresh(eng: ChainHost) -> None:
    """Emit ``passive`` events when a Passivo starts or stops applying (R-23)."""
    now = {effect_id(c, n) for c, n, _ in M.passives(eng.g)}
    for eid in sorted(now - eng.passive_on):
        eng.emit(
            ChainEventKind.PASSIVE,
            card=eid.split("#")[0],
            effect=eid,
            detail={"applies": True, "rule": "R-23"},
        )
    for eid in sorted(eng.passive_on - now):
        eng.emit(
            ChainEventKind.PASSIVE,
            card=eid.split("#")[0],
            effect=eid,
            detail={"applies": False, "rule": "R-23"},
        )
    eng.passive_on = now


def expire(eng: ChainHost, when: str | None = None, hero: str | None = None) -> None:
    """End lasting effects: their time came, their card left (R-19), or an Enquanto broke (R-03)."""
    keep = []
    for lt in eng.g.lasting:
        reason: tuple[str, dict[str, Any]] | None = None
        if when is not None and lt.until == when and (hero is None or lt.hero == hero):
            reason = (Reason.TIME_CAME, {"when": when})
        elif (
            lt.card
            and not lt.survives_card
            and eng.g.locate(lt.card)[1] not in ("MESA", "CENÁRIO", "TABULEIRO", "SUPORTE", "INVENTÁRIO")
        ):
            reason = (Reason.CARD_LEFT_PLAY, {})
        else:
            ctx = Ctx(lt.by or lt.hero, lt.card, None, list(lt.selected))  # the controller's "você"
            try:
                if (
                    R.ENQUANTO_ENDS_LASTING_EFFECT
                    and lt.enquanto
                    and not all(M.holds(eng.g, ctx, c) for c in lt.enquanto)
                ):
                    reason = (Reason.STATE_ENDED, {})
            except Fail:
                reason = (Reason.STATE_ENDED, {}) if R.ENQUANTO_ENDS_LASTING_EFFECT else None
        if reason:
            eng.emit(
                ChainEventKind.EXPIRE,
                card=lt.card,
                effect=lt.effect,
                hero=lt.hero,
                detail={
                    "attribute": lt.attribute,
                    "amount": lt.amount,
                    "code": reason[0],
                    "params": reason[1],
                },
            )
        else:
            keep.append(lt)
    eng.g.lasting = keep
