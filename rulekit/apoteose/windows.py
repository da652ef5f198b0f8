"""Windows: what a response can answer, and who may answer it, in priority order.

Functions over the game state that list, for a halt or post window, the game events a response may
answer (the activation and what it paid; R-21: the body's actions announced as "before" events, unless
it has ● options), the Auto effects that must activate and the Ativar effects that may (each judged by
:func:`rulekit.apoteose.legality.legal`), in the seed's priority order (R-05/R-07). They take the narrow
:class:`Host` context. The loop that opens a window and asks the decisions is
:func:`rulekit.apoteose.responses.window`.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from rulekit import limits
from rulekit.apoteose import legality as L
from rulekit.apoteose import matching as M
from rulekit.apoteose import rulings as R
from rulekit.apoteose.codes import GameEventKind, Reason
from rulekit.apoteose.deciders import DecisionPoint, Option, Refusal
from rulekit.apoteose.frames import Ctx, Frame, GEvent, effect_id
from rulekit.apoteose.legality import Judge
from rulekit.apoteose.state import Card, Game


class Host(Judge, Protocol):
    """The narrow context a window reads: the legality checks' (:class:`~rulekit.apoteose.legality.Judge`:
    the game, the chain's frames, Previsão's statement runner), the moments already answered ``used``,
    and three things it asks: a game event made now, a decision, an unreadable Auto refused (the engine's
    ``ev``, ``decide`` and ``refuse_unreadable``)."""

    @property
    def used(self) -> set[tuple[str, int]]: ...

    def ev(self, kind: GameEventKind, moment: str, actor: str | None, **kw: Any) -> GEvent: ...

    def decide(self, point: DecisionPoint) -> str: ...

    def refuse_unreadable(
        self, hero: str | None, card: str, effect: str, params: dict[str, Any], code: str = Reason.UNREADABLE
    ) -> None: ...


def frame_ctx(stack: list[Frame], frame: Frame) -> Ctx:
    """What "você", "esta carta", "essa carta" and "o alvo" mean for a frame on the chain."""
    answered = frame.parent
    if answered is None and frame.answers is not None:
        answered = L.frame_of(stack, frame.answers)
    return Ctx(frame.hero, frame.card, answered, frame.selected, event=frame.answers)


# ------------------------------------------------------------------ window events ----
def window_events(cx: Host, frame: Frame, stage: str) -> list[GEvent]:
    """The game events a response in this window may answer (R-21: halt announces the body's actions)."""
    if stage == "halt":
        evs = [e for e in [frame.activation] if e is not None] + list(frame.paid)
        if not R.options_block_before_responses(frame.effect.has_options):
            evs += before_events(cx, frame)
        return evs
    return list(frame.results)


def before_events(cx: Host, frame: Frame) -> list[GEvent]:
    """R-21: the body's actions announced in halt, so "for ser …" effects can answer them."""
    if frame.before is None:
        frame.before = []
        ctx = frame_ctx(cx.stack, frame)
        kinds = {
            "heal": "heal",
            "recover": "recover",
            "damage": "damage",
            "lose": "lose",
            "consume": "consume",
            "draw": "draw",
            "discard": "discard",
            "bury": "bury",
            "banish": "banish",
            "test": "test",
            "attack": "attack",
            "roll": "roll",
            "return": "return",
            "gain": "gain",
        }
        for i, st in enumerate(frame.effect.body):
            k = kinds.get(st.op)
            if k is None:
                continue
            patient = None
            spec = getattr(st, "target", None)
            if spec and spec.get("who") in ("self", "answered", "selected", "turn", "name"):
                hs = M.heroes_for(cx.g, ctx, spec)
                patient = hs[0] if hs else None
            kw: dict[str, Any] = {
                "patient": patient,
                "resource": getattr(st, "resource", None),
                "frame": frame.index,
                "label": f"before:{k}@{frame.index}.{i}",
            }
            if k == "test":  # the attribute tested ("Antes de você fazer um teste de AGI")
                kw["attribute"] = getattr(st, "attribute", None)
            frame.before.append(cx.ev(GameEventKind(k), "before", frame.hero, **kw))
            if k == "attack":
                frame.before.append(
                    cx.ev(
                        GameEventKind.DAMAGE,
                        "before",
                        frame.hero,
                        patient=patient,
                        resource="VIDA",
                        frame=frame.index,
                        label=f"before:damage@{frame.index}.{i}",
                    )
                )
    return frame.before


# ------------------------------------------------------------------ candidates -------
def priority_key(g: Game, hero: str | None, card: Card) -> tuple[int, int, int, int]:
    """R-05/R-07: (category, -Iniciativa, hero order, card order) relative to the turn hero."""
    _, zone = g.locate(card.id)
    source = card.owner if card.owner in ("campanha", "mestre") else "hero"
    th = g.turn_hero
    cat = R.priority_category(
        source=source,
        zone=zone,
        controller_team=g.heroes[hero].team if hero in g.heroes else None,
        controller=hero,
        turn_hero=th,
        turn_team=g.heroes[th].team,
    )
    ini = g.heroes[hero].iniciativa if hero in g.heroes else 0
    horder = list(g.heroes).index(hero) if hero in g.heroes else -1
    return cat, R.same_category_order(ini), horder, list(g.cards).index(card.id)


#: The mark in ``used`` of an Auto whose trigger (or a requirement of unknown kind) cannot be read: no one
#: can say when its moment comes, so it is refused once, at the first events Autos are asked about, with the
#: loader's reason — never silently skipped, never refused again at every event (LANGUAGE.md §3).
UNREAD_TRIGGER = -1


def gather_autos(
    cx: Host, frame: Frame | None, evs: list[GEvent]
) -> list[tuple[Any, str | None, str, int, GEvent]]:
    """The Auto effects that answer one of ``evs`` now, in priority order (R-05/R-07). Each check
    is counted against the call's budget (:data:`rulekit.limits.MAX_RESPONSE_CHECKS`)."""
    out = []
    spend = limits.current().spend
    for card in cx.g.cards.values():
        for eno, eff in enumerate(card.effects):
            if eff.activation != "Auto":
                continue
            eid = effect_id(card.id, eno)
            if frame is not None and frame.effect_id == eid:
                continue
            if any(f.effect_id == eid for f in cx.stack):
                continue  # an effect does not answer while it is itself on the chain
            if (eid, UNREAD_TRIGGER) in cx.used:
                continue  # its trigger cannot be read: refused once, the first time Autos were asked
            for hero in L.activators(cx.g, card, eff)[:1]:
                for ev in evs:
                    if (eid, ev.seq) in cx.used:
                        continue
                    spend("responses", name=card.id)
                    ok, code, params = L.legal(cx, hero, card, eno, ev, True)
                    if ok:
                        out.append((priority_key(cx.g, hero, card), hero, card.id, eno, ev))
                        break
                    if code in (
                        Reason.UNREADABLE,
                        Reason.ADJACENT_NO_CASA,
                    ):  # its moment came: refused, once, why
                        unread_when = params.get("case") == "requirement"
                        cx.used.add((eid, UNREAD_TRIGGER if unread_when else ev.seq))
                        cx.refuse_unreadable(hero, card.id, eid, params, code)
                        if unread_when:
                            break
    out.sort(key=lambda c: c[0])
    return out


def pick_auto(cx: Host, frame: Frame | None, stage: str, cands: list[Any], visits: int) -> Any:
    """Seed «Prioridade»: first category; ties — Iniciativa, then the player's/turn hero's choice
    (R-05)."""
    top = cands[0][0][:2]
    tied = [c for c in cands if c[0][:2] == top]
    if len(tied) == 1:
        return tied[0]
    idx = frame.index if frame else 0
    point = DecisionPoint(
        key=f"order@{stage}@{idx}#{visits}",
        kind="order",
        spotlight=frame.index if frame else None,
        stage=stage,
        answers=(),
        prompt_code="AUTO_TIE",
        options=tuple(
            Option(
                effect_id(c[2], c[3]),
                effect_id(c[2], c[3]),
                c[1],
                c[2],
                effect_id(c[2], c[3]),
                c[4].label,
            )
            for c in tied
        ),
    )
    choice = cx.decide(point)
    return next(c for c in tied if effect_id(c[2], c[3]) == choice)


def gather_ativar(
    cx: Host, frame: Frame, evs: list[GEvent]
) -> tuple[list[Option], list[Refusal], dict[str, Any]]:
    options: list[tuple[Any, Option]] = []
    refused: list[Refusal] = []
    lookup: dict[str, Any] = {}
    spend = limits.current().spend  # each check counted (rulekit.limits.MAX_RESPONSE_CHECKS)
    for card in cx.g.cards.values():
        for eno, eff in enumerate(card.effects):
            if eff.activation != "Ativar":
                continue
            eid = effect_id(card.id, eno)
            if any(f.effect_id == eid for f in cx.stack):
                continue
            trig = eff.trigger()
            for hero in L.activators(cx.g, card, eff):
                if trig is None and not eff.timings:
                    if hero is not None and L.card_zone(cx.g, card.id) not in ("LIMBO",):
                        refused.append(Refusal(f"{hero}:{eid}", hero, card.id, eid, Reason.NO_QUANDO))
                    continue
                best: tuple[Reason | Literal[""], dict[str, Any]] | None = None
                matched = False
                for ev in evs:
                    if (eid, ev.seq) in cx.used:
                        continue
                    spend("responses", name=card.id)
                    ok, code, params = L.legal(cx, hero, card, eno, ev, True)
                    if ok:
                        oid = f"{hero}:{eid}>{ev.label}"
                        if oid not in lookup:
                            lookup[oid] = (hero, card.id, eno, ev)
                            options.append(
                                (
                                    priority_key(cx.g, hero, card),
                                    Option(
                                        oid,
                                        "",
                                        hero,
                                        card.id,
                                        eid,
                                        ev.label,
                                        label_code="ANSWERS",
                                        label_params={
                                            "hero": hero,
                                            "name": card.name,
                                            "effect": eid,
                                            "event": ev.data(),
                                        },
                                    ),
                                )
                            )
                        matched = True
                    elif code != Reason.NO_TRIGGER:
                        best = best or (code, params)
                if not matched:
                    code, params = best or (Reason.NO_TRIGGER, {})
                    refused.append(Refusal(f"{hero}:{eid}", hero, card.id, eid, code, params))
    options.sort(key=lambda p: p[0])
    return [o for _, o in options], refused, lookup
