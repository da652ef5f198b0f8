"""Legality: may this effect be activated now, by this hero, for this event — and Previsão.

Functions over the game state (``g``, a :class:`~rulekit.apoteose.state.Game`) that check, before anything
is paid, scope, limits, who may use the card (its controller; Do Time: a teammate, seed «Do Time»), the
activation kind and the trigger, and then Previsão (seed «Previsão»): whether one assignment of
choices meets every requirement together, by running the requirements' statements on copies of the
game (:class:`~rulekit.apoteose.handlers.PreviewWorld`) with the same handlers the game uses. The checks
that also read the chain, or run statements for Previsão, take the narrow :class:`Judge` context.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from rulekit.apoteose import lang
from rulekit.apoteose import matching as M
from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.codes import Reason
from rulekit.apoteose.frames import Ctx, Fail, Frame, GEvent, effect_id
from rulekit.apoteose.handlers import PreviewWorld
from rulekit.apoteose.state import Card, Game
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import UNKNOWN_KIND, Effect, Requirement
from rulekit.errors import N_, Phrase

if TYPE_CHECKING:
    from rulekit.apoteose.handlers import World


class Judge(Protocol):
    """The narrow context the checks read: the game ``g``, the chain's frames ``stack``, and carrying out
    one statement against a world (Previsão runs the requirements on copies of the game with it; the
    engine's :func:`~rulekit.apoteose.resolution.apply`)."""

    @property
    def g(self) -> Game: ...

    @property
    def stack(self) -> list[Frame]: ...

    def apply(
        self,
        world: World,
        ctx: Ctx,
        st: Statement,
        choice: str | None,
        frame: Frame | None,
        key: str = "body",
    ) -> list[GEvent]: ...


# ------------------------------------------------------------------ scope & legality --
def card_zone(g: Game, card_id: str) -> str:
    return g.locate(card_id)[1]


def in_scope(g: Game, card: Card, effect: Effect) -> bool:
    zone = card_zone(g, card.id)
    if card.owner in ("campanha", "mestre") and zone in ("CAMPANHA", "MESTRE"):
        return True
    return R.scope_allows(effect.scopes, zone, card.attached_to is not None)


def activators(g: Game, card: Card, effect: Effect) -> list[str | None]:
    """Who may activate an effect: its controller; Do Time: any teammate on their own turn."""
    if card.owner in ("campanha", "mestre") and card_zone(g, card.id) in ("CAMPANHA", "MESTRE"):
        return [None]
    ctrl = g.controller(card.id)
    if ctrl is None:
        owner = g.owner_hero(card.id)
        return [owner] if owner else [None]
    out: list[str | None] = [ctrl]
    if "Do Time" in effect.scopes:
        th = g.turn_hero
        if th != ctrl and th in g.heroes and g.teammates(th, ctrl):
            out.append(th)
    return out


def may_use(
    g: Game, hero: str | None, card: Card, effect: Effect, own_turn: bool
) -> tuple[bool, Reason | Literal[""], dict[str, Any]]:
    """Seed «Efeito»: «Cada personagem pode utilizar e ativar apenas suas próprias cartas»; seed «Do
    Time»: a Do Time card on its MESA may also be activated by «qualquer Herói do seu time», on that
    hero's turn."""
    if hero in activators(g, card, effect):
        return True, "", {}
    ctrl = g.controller(card.id)
    if "Do Time" in effect.scopes and ctrl is not None and hero in g.heroes:
        if not g.teammates(hero, ctrl):
            return (
                False,
                Reason.DO_TIME_TEAM,
                {
                    "hero": hero,
                    "team": g.heroes[hero].team,
                    "holder": ctrl,
                    "holder_team": g.heroes[ctrl].team,
                    "card": card.id,
                },
            )
        if not own_turn:
            return False, Reason.DO_TIME, {}
    if hero is None or hero == ctrl:
        return True, "", {}
    return False, Reason.NOT_OWN_CARD, {"hero": hero, "card": card.id}


def legal(
    cx: Judge, hero: str | None, card: Card, eno: int, ev: GEvent | None, response: bool
) -> tuple[bool, Reason | Literal[""], dict[str, Any]]:
    """All the checks before anything is paid: scope, limits, activation kind, Previsão.

    Returns ``(ok, code, params)``: the reason of a refusal as data (:mod:`rulekit.apoteose.reasons`)."""
    effect = card.effects[eno]
    eid = effect_id(card.id, eno)
    g = cx.g
    if effect.activation == "Passivo":
        return False, Reason.PASSIVO, {}
    if card_zone(g, card.id) == "LIMBO":
        return False, Reason.LIMBO, {}
    leaving = ev is not None and R.timing_overrides_scope(ev.kind, ev.card == card.id, bool(effect.timings))
    if not in_scope(g, card, effect) and not leaving:
        return (
            False,
            Reason.SCOPE,
            {"zone": card_zone(g, card.id), "scopes": ", ".join(effect.scopes) or "default"},
        )
    own_turn = hero == g.turn_hero
    limit = R.limit_refusal(
        effect.limits,
        own_turn=own_turn,
        used_cycle=g.used_cycle.get(eid) == g.cycle,
        used_battle=g.used_battle.get(eid) == g.battle,
        acted=g.actions_this_turn > 0,
        cycle=g.cycle,
        battle=g.battle,
    )
    if limit is not None:
        return False, limit[0], limit[1]
    ok, code, params = may_use(g, hero, card, effect, own_turn)
    if not ok:
        return False, code, params
    unread = unreadable_requirement(effect)
    if unread is not None:  # an unread trigger or requirement: refused as unreadable, never "not met"
        return False, Reason.UNREADABLE, unreadable_params(eid, effect, unread)
    trig = effect.trigger()
    if effect.activation == "Auto" or response:
        if ev is None:
            return False, Reason.NO_EVENT, {}
        try:
            t_ok = trig is None or M.trigger_matches(g, trig, ev, hero, card.id)
        except Fail as exc:  # "Quando um aliado adjacente a você …" without a board: no fire, and why
            if exc.code != Reason.ADJACENT_NO_CASA:
                raise
            text = next(r.text for r in effect.requirements if r.ast.get("cond") == "trigger")
            return False, exc.code, no_casa(exc.params, text)
        m_ok = not effect.timings or M.timing_matches(g, effect, card, hero, ev)
        if trig is None and not effect.timings:
            t_ok = False
        if not (t_ok and m_ok):
            return False, Reason.NO_TRIGGER, {}
        if effect.activation == "Ativar" and not R.may_activate_ativar(
            own_turn=own_turn, has_quando_met=trig is not None
        ):
            return False, Reason.NOT_OWN_TURN, {"case": "response"}
    else:
        if not own_turn:
            return False, Reason.NOT_OWN_TURN, {}
        if trig is not None:
            return False, Reason.NEEDS_EVENT, {}
        if effect.timings:
            return False, Reason.NEEDS_MOMENT, {"timings": ", ".join(effect.timings)}
    if not effect.runnable:  # refused when used, not when loaded (the loader warned)
        return False, Reason.UNREADABLE, unreadable_params(eid, effect)
    ctx = Ctx(hero, card.id, frame_of(cx.stack, ev), [], event=ev)
    try:
        return previsao(cx, ctx, effect)
    except Fail as exc:  # a state "Enquanto houver um inimigo adjacente a você" without a board
        if exc.code != Reason.ADJACENT_NO_CASA:
            raise
        return False, exc.code, no_casa(exc.params, unreadable_state(g, ctx, effect))


def unreadable_requirement(effect: Effect) -> Requirement | None:
    """The first requirement of ``effect`` that decides *when* it may be used and cannot be read: a
    trigger (Quando, Depois de, Antes de) or a requirement whose first word starts no known kind (it
    may be a trigger). Such an effect is refused as unreadable whenever it is tried, never as "not met
    by anything in this window" (LANGUAGE.md §3, "Refused only when used"). A state, a cost or the
    description that cannot be read is refused later, when the effect's moment comes."""
    for r in effect.requirements:
        when = r.ast.get("cond") == "trigger" or r.kind == UNKNOWN_KIND
        if when and not lang.is_supported(r.ast):
            return r
    return None


def unreadable_params(eid: str, effect: Effect, req: Requirement | None = None) -> dict[str, Any]:
    """The params of ``UNREADABLE``: where the text stops being read (position, word) and the loader's
    own located reason (``problem``: a catalogue Phrase, e.g. "cannot read 'voar' at position 21 …" or
    "'…' has two readings: …"), so the run's refusal says what the load warning said; with a requirement
    (case ``requirement``), its words too."""
    pos, word = effect.unreadable_at()
    problem = next(
        (w.message for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"),
        Phrase(N_("text outside the runnable vocabulary")),
    )
    params: dict[str, Any] = {"effect": eid, "position": pos, "word": word, "problem": problem}
    if req is not None:
        params.update(case="requirement", requirement=req.text)
    return params


def no_casa(params: dict[str, Any], requirement: str) -> dict[str, Any]:
    """The params of ``ADJACENT_NO_CASA`` for a requirement: the hero on no casa and the requirement's
    own words (case ``requirement``: a trigger, a state or a Selecione, not a statement)."""
    return {**params, "case": "requirement", "requirement": requirement}


def unreadable_state(g: Game, ctx: Ctx, effect: Effect) -> str:
    """The words of the first state or condition that cannot be checked without a board."""
    for r in effect.requirements:
        if r.kind in ("state", "condition"):
            try:
                M.holds(g, ctx, r.ast)
            except Fail as exc:
                if exc.code == Reason.ADJACENT_NO_CASA:
                    return r.text
    return "; ".join(r.text for r in effect.requirements)


def frame_of(stack: list[Frame], ev: GEvent | None) -> Frame | None:
    """The frame on the chain that made ``ev`` (``None``: not made on the chain, or gone)."""
    if ev is None or ev.frame is None:
        return None
    for f in stack:
        if f.index == ev.frame:
            return f
    return None


# ------------------------------------------------------------------ Previsão --------
def steps(effect: Effect) -> list[tuple[str, Statement, Requirement | None]]:
    """The things paid at activation: the task first, then costs and actions in order."""
    out: list[tuple[str, Statement, Requirement | None]] = []
    if effect.task:
        out.append(("task", S.from_dict({"op": R.TASKS[effect.task], "card": "self"}), None))
    for i, r in enumerate(effect.requirements):
        if r.kind in ("cost", "action"):
            out.append((f"req{i}", r.statement or S.from_dict(r.ast), r))
    return out


def previsao(cx: Judge, ctx: Ctx, effect: Effect) -> tuple[bool, Reason | Literal[""], dict[str, Any]]:
    """Seed «Previsão»: is there one assignment meeting ALL requirements together?

    Returns ``(ok, code, params)``: the ``PREVISAO`` reason (``case``: unmet, broken or together), or
    ``ADJACENT_NO_CASA`` when a requirement has nothing to choose only because "adjacente" has no board
    to be read on (:func:`no_board`)."""
    todo = steps(effect)
    if solve(cx, cx.g, ctx, effect, todo, 0):
        return True, "", {}
    for key, ast, req in todo:
        if not solve(cx, cx.g, ctx, effect, [(key, ast, req)], 0, check_conditions=False):
            text = req.text if req else f"task {effect.task}"
            missing = no_board(cx.g, ctx, ast)
            if missing is not None:
                return False, Reason.ADJACENT_NO_CASA, no_casa(missing, text)
            return False, Reason.PREVISAO, {"case": "unmet", "requirement": text}
    for r in effect.requirements:
        if r.kind in ("state", "condition") and not M.holds(cx.g, ctx, r.ast):
            return False, Reason.PREVISAO, {"case": "broken", "requirement": r.text}
    return (
        False,
        Reason.PREVISAO,
        {"case": "together", "requirements": "; ".join(r.text for r in effect.requirements)},
    )


def no_board(g: Game, ctx: Ctx, st: Statement) -> dict[str, Any] | None:
    """The params of ``ADJACENT_NO_CASA`` when a requirement's heroes are "adjacente a <herói>" and that
    hero stands on no casa ("Selecione 1 Herói rival adjacente a você" in a scenario without places):
    then nothing can be chosen because there is no board, not because no hero fits. ``None`` otherwise."""
    spec = M.near_spec(st)
    if spec is None:
        return None
    try:
        M.heroes_for(g, ctx, spec)
    except Fail as exc:
        return dict(exc.params) if exc.code == Reason.ADJACENT_NO_CASA else None
    return None


def solve(
    cx: Judge, g: Game, ctx: Ctx, effect: Effect, todo: list[Any], i: int, check_conditions: bool = True
) -> bool:
    if i == len(todo):
        if not check_conditions:
            return True
        return all(M.holds(g, ctx, r.ast) for r in effect.requirements if r.kind in ("state", "condition"))
    key, ast, _req = todo[i]
    opts = M.options(g, ctx, ast)
    for opt in opts if opts is not None else [None]:
        preview = PreviewWorld(g.clone())
        sctx = Ctx(ctx.hero, ctx.card, ctx.answered, list(ctx.selected), list(ctx.paid), ctx.event)
        try:
            cx.apply(preview, sctx, ast, opt, None)
        except Fail:
            continue
        if solve(cx, preview.g, sctx, effect, todo, i + 1, check_conditions):
            return True
    return False


def feasible_options(cx: Judge, ctx: Ctx, effect: Effect, todo: list[Any], i: int) -> list[str]:
    """Seed «Previsão»: only the choices that keep every other requirement satisfiable."""
    key, ast, _ = todo[i]
    opts = M.options(cx.g, ctx, ast) or []
    out = []
    for opt in opts:
        preview = PreviewWorld(cx.g.clone())
        sctx = Ctx(ctx.hero, ctx.card, ctx.answered, list(ctx.selected), list(ctx.paid), ctx.event)
        try:
            cx.apply(preview, sctx, ast, opt, None)
        except Fail:
            continue
        if solve(cx, preview.g, sctx, effect, todo, i + 1):
            out.append(opt)
    return out
