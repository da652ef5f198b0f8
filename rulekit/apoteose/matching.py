"""Matching: what the words of an effect point at in the game, and whether its conditions hold.

Functions over a game state ``g`` (the live game or a Previsão copy; the engine, the legality
checks, the windows and the statement handlers call them) answer which game events a trigger or
a timing keyword answers (who did it, to whom, whose card), which heroes a hero phrase and which
cards a card phrase mean (who/owner), which choices a statement needs, whether a state or
condition holds, what an amount is worth, and a hero's attributes with every lasting and Passivo
gain (R-19, R-23). They change nothing. The timing keyword -> matcher table (``_TIMING_MATCH``) is
built from the keywords' records (:mod:`~rulekit.apoteose.timings`) and checked when this module is
imported.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.codes import CHOICE_SETS, Reason
from rulekit.apoteose.frames import Ctx, Fail, GEvent
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.state import IN_PLAY, Card, Game
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import Effect
from rulekit.apoteose.timings import TIMING_KEYWORDS, TimingKeyword
from rulekit.errors import N_, Phrase, RulekitError


def _compare(v: int, cmp: str, value: int) -> bool:
    return {"<": v < value, ">": v > value, ">=": v >= value, "<=": v <= value, "==": v == value}[cmp]


# Reading the game for an effect's words: functions over a game state ``g`` (the live game, or a Previsão
# copy of it). Nothing here changes the game.


def timing_matches(g: Game, effect: Effect, card: Card, hero: str | None, ev: GEvent) -> bool:
    """Seed «Temporização»: does one of the effect's timings name this game moment?"""
    return any(_TIMING_MATCH[t](g, card, hero, ev) for t in effect.timings)


def trigger_matches(g: Game, trig: dict[str, Any], ev: GEvent, hero: str | None, card: str | None) -> bool:
    """Does a Quando/Depois de/Antes de trigger match a game event (who did it, to whom)?"""
    kind = trig.get("event")
    ek = ev.kind
    if kind == "consume" and ek == "exhaust" and "resource" not in trig:
        ek = "consume"
    if kind != ek:
        return False
    if ek != "activate":
        if trig.get("moment") == "before" and ev.moment != "before":
            return False
        if trig.get("moment") != "before" and ev.moment != "after":
            return False
    if "actor" in trig and not who_matches(g, trig["actor"], ev.actor, hero):
        return False
    if "patient" in trig and not who_matches(g, trig["patient"], ev.patient, hero):
        return False
    if "resource" in trig and trig["resource"] != ev.resource:
        return False
    if "attribute" in trig and trig["attribute"] != ev.attribute:  # "um teste de AGI": of that attribute
        return False
    cf = trig.get("card")
    if cf:
        if cf.get("card") == "self" and ev.card != card:
            return False
        if "type" in cf and (ev.card is None or not g.cards[ev.card].has_type(cf["type"])):
            return False
        if cf.get("card") == "any" and ev.card is None:
            return False
        if "owner" in cf and (
            ev.card is None
            or not who_matches(g, {"who": cf["owner"]}, g.controller(ev.card) or g.owner_hero(ev.card), hero)
        ):
            return False  # "uma carta de um oponente": whose card it is
    return True


def who_matches(g: Game, spec: dict[str, Any], who: str | None, me: str | None) -> bool:
    if spec.get("near") is not None:  # "um aliado adjacente a você": the kind, then the casa
        if not who_matches(g, {k: v for k, v in spec.items() if k != "near"}, who, me) or who is None:
            return False
        if who not in g.heroes and who in g.cards:  # a COMPANHEIRO: where its Hero stands
            who = g.cards[who].companion_of or g.cards[who].owner
        # checked now, on the casas as they are (an anchor on no casa: Fail ADJACENT_NO_CASA)
        return bool(adjacent_heroes(g, [who], heroes_for(g, Ctx(me, None, None, []), spec["near"])))
    w = spec.get("who")
    if who is None:
        return w == "any"
    if who not in g.heroes:  # a COMPANHEIRO acting: judged as its Hero
        c = g.cards.get(who)
        who = (c.companion_of or c.owner) if c else who
    if w == "any":
        return True
    if me is None or who not in g.heroes:
        return False
    if w == "self":
        return who == me
    if w == "opponent":
        return not g.teammates(who, me)
    if w == "ally":
        return who != me and g.teammates(who, me)
    if w == "turn":
        return who == g.turn_hero
    if w == "other":
        return who != me
    if w == "team":  # "um COMPANHEIRO aliado": of your team, you included
        return g.teammates(who, me)
    return False


# ------------------------------------------------------------------ targets ---------
def heroes_for(g: Game, ctx: Ctx, spec: dict[str, Any]) -> list[str]:
    for key in ("most", "least"):  # "o aliado que tiver menos VIDA": the set's extremes now (R-25)
        if spec.get(key) is not None:
            pool = heroes_for(g, ctx, {k: v for k, v in spec.items() if k not in ("most", "least")})
            values = {h: resource_of(g, h, str(spec[key]))[0] for h in pool if h in g.heroes}
            return R.heroes_with_most(values, key == "most")
    if spec.get("near") is not None:  # "um aliado adjacente a você": the set, then only those next to him
        pool = heroes_for(g, ctx, {k: v for k, v in spec.items() if k != "near"})
        return adjacent_heroes(g, pool, heroes_for(g, ctx, spec["near"]))
    w = spec.get("who")
    me = ctx.hero
    if w == "self":
        return [me] if me else []
    if w == "selected":
        return [s for s in ctx.selected if s in g.heroes]
    if w == "previous":  # "ele" after "Cause 2 de DANO a um oponente": the hero(es) it acted on (R-33)
        return [s for s in ctx.previous_heroes if s in g.heroes]
    if w == "answered":
        return [ctx.answered.hero] if ctx.answered and ctx.answered.hero else []
    if w == "turn":
        return [g.turn_hero]
    if w == "that":  # "aquele oponente": the hero of the event answered (to whom, else who did it)
        ev = ctx.event
        for who in (ev.patient, ev.actor) if ev else ():
            if who in g.heroes:
                return [who]
            card = g.cards.get(who or "")
            if card is not None and (card.companion_of or card.owner) in g.heroes:
                return [card.companion_of or card.owner]
        return []
    if w == "name":
        name = spec["name"]
        return [h.id for h in g.heroes.values() if norm(h.id) == norm(name) or norm(h.name) == norm(name)]
    if w in CHOICE_SETS:
        return [h for h in g.heroes if who_matches(g, {"who": w}, h, me)]
    return []


def adjacent_heroes(g: Game, pool: list[str], anchors: list[str]) -> list[str]:
    """The heroes of ``pool`` on a casa adjacent to an anchor's casa (``rulings.casas_adjacent``; seed
    «Requerimentos de Ativação»: «Mova-se para uma casa adjacente»). An anchor on no casa (a scenario
    without a board) makes the statement fail with ``ADJACENT_NO_CASA``: never every hero, never none
    in silence. A hero of ``pool`` on no casa is next to no one."""
    casas = []
    for a in anchors:
        casa = g.heroes[a].casa if a in g.heroes else None
        if casa is None:
            raise Fail(Reason.ADJACENT_NO_CASA, hero=a)
        casas.append(casa)
    out = []
    for h in pool:
        casa = g.heroes[h].casa if h in g.heroes else None
        if casa is not None and any(R.casas_adjacent(c, casa) for c in casas):
            out.append(h)
    return out


def _hero_pool(g: Game, ctx: Ctx, spec: dict[str, Any]) -> list[str] | None:
    """The heroes to choose among; ``None`` when "adjacente" has no board to read (the statement then
    fails when it runs, with the reason: :func:`adjacent_heroes`)."""
    try:
        return heroes_for(g, ctx, spec)
    except Fail:
        return None


def near_spec(st: Statement) -> dict[str, Any] | None:
    """The hero phrase of a statement that narrows its heroes by "adjacente a <herói>" (a ``select``'s
    ``who`` + ``near``, or a ``target`` with ``near``); ``None`` when it has none."""
    if isinstance(st, S.Select) and st.what == "hero" and st.near is not None:
        return {"who": st.who or "any", "near": st.near}
    target = getattr(st, "target", None)
    if isinstance(target, dict) and target.get("near") is not None:
        return dict(target)
    return None


def cards_for(g: Game, ctx: Ctx, spec: dict[str, Any], hero: str | None = None) -> list[str]:
    """Candidate cards for a card phrase (R-15 for generic costs); ``hero``: of that hero only (R-32, the
    hero chosen among ``one_opponent``'s)."""
    c = spec.get("card")
    if c == "self":
        return [ctx.card] if ctx.card else []
    if c == "answered":  # LANGUAGE.md §3.1: the event's card, else the answered entry's card
        if ctx.event is not None and ctx.event.card in g.cards:
            return [ctx.event.card]
        return [ctx.answered.card] if ctx.answered and ctx.answered.card else []
    if c == "previous":  # "-a" after "Revele uma carta": the cards the statement before acted on
        return [s for s in ctx.previous if s in g.cards]
    if c == "selected":
        return [s for s in ctx.selected if s in g.cards]
    if c == "paid":
        return [s for s in ctx.paid if s in g.cards]
    out = []
    zone = spec.get("zone")
    owners = card_owners(g, ctx, spec.get("owner", "self"))
    if hero is not None:
        owners = [h for h in owners if h == hero]
    if zone in ("TABULEIRO", "CENÁRIO"):
        pool = [cid for cid in g.shared[zone] if "owner" not in spec or g.controller(cid) in owners]
    else:
        zones = (zone,) if zone else R.CARD_COST_ZONES
        pool = [cid for h in owners for z in zones for cid in g.heroes[h].zones.get(z, [])]
    for cid in pool:
        if not R.may_pay_card_cost(cid, ctx.card):
            continue
        if "type" in spec and not g.cards[cid].has_type(spec["type"]):
            continue
        out.append(cid)
    return out


def card_owners(g: Game, ctx: Ctx, owner: str) -> list[str]:
    """Whose cards a card phrase means: "suas cartas" (you), "de um oponente", "do seu time"…"""
    me = ctx.hero
    if owner == "any":
        return list(g.heroes)
    if me is None or me not in g.heroes:
        return []
    if owner == "self":
        return [me]
    if owner == "opponent":
        return [h for h in g.heroes if not g.teammates(h, me)]
    if owner == "ally":
        return [h for h in g.heroes if h != me and g.teammates(h, me)]
    if owner == "team":
        return [h for h in g.heroes if g.teammates(h, me)]
    if owner in R.ONE_HERO_OWNERS:  # R-32: one of them, chosen when the statement resolves
        return card_owners(g, ctx, R.ONE_HERO_OWNERS[owner])
    if owner in ("selected", "that", "previous"):  # "o INVENTÁRIO do alvo", "as cartas daquele oponente"
        return heroes_for(g, ctx, {"who": owner})
    return [h for h in g.heroes if h != me]  # "de outro Herói"


def options(g: Game, ctx: Ctx, st: Statement) -> list[str] | None:
    """The choices a statement/requirement needs (``None`` when it needs none)."""
    if isinstance(st, S.Select):
        if st.what == "hero":
            heroes = _hero_pool(g, ctx, {"who": st.who or "any", **({"near": st.near} if st.near else {})})
            if heroes is None:
                return None
            pool = heroes
        else:
            zone = st.zone
            if zone in ("TABULEIRO", "CENÁRIO"):
                pool = list(g.shared[zone])
            else:
                owners = card_owners(g, ctx, st.owner) if st.owner is not None else list(g.heroes)
                pool = [
                    cid
                    for h in owners
                    for z in ((zone,) if zone else R.CARD_COST_ZONES)
                    for cid in g.heroes[h].zones[z]
                ]
            pool = [c for c in pool if c != ctx.card and (st.type is None or g.cards[c].has_type(st.type))]
        return _combos(pool, int(st.count))
    card = getattr(st, "card", None)
    count = getattr(st, "count", None)
    if isinstance(st, S.Damage) and card == "choose":
        pool = [
            cid
            for cid, c in g.cards.items()
            if c.vida is not None and g.locate(cid)[1] in IN_PLAY and (st.type is None or c.has_type(st.type))
        ]
        return _combos(pool, int(count if count is not None else 1))
    if card == "previous" and count is not None and isinstance(st, S.CardStatement):
        # "descarte duas delas": that many of the cards the statement before acted on (fewer: no choice)
        return _combos(cards_for(g, ctx, st.card_phrase()), int(count))
    if card == "choose" and isinstance(st, (S.CardStatement, S.Damage)):

        def able(pool: list[str]) -> list[str]:
            if isinstance(st, S.Exhaust):
                return [c for c in pool if not g.cards[c].consumed]
            if isinstance(st, S.Ready):
                return [c for c in pool if g.cards[c].consumed]
            if isinstance(st, S.Reveal):
                return [c for c in pool if not g.cards[c].revealed]
            return pool

        n = int(count if count is not None else 1)
        owner = getattr(st, "owner", None)
        if owner in R.ONE_HERO_OWNERS:  # "2 cartas de um oponente": all of one hero's, chosen (R-32)
            return [
                c
                for h in card_owners(g, ctx, owner)
                for c in _combos(able(cards_for(g, ctx, st.card_phrase(), h)), n)
            ]
        return _combos(able(cards_for(g, ctx, st.card_phrase())), n)
    if card == "all" and isinstance(st, S.CardStatement) and st.owner in R.ONE_HERO_OWNERS:
        # "Revele o INVENTÁRIO de um oponente": one hero of the set, chosen (R-32, as R-30 with one)
        return card_owners(g, ctx, st.owner)
    if isinstance(st, S.Attach) and st.to.get("card") == "choose":
        return cards_for(g, ctx, st.to)
    if isinstance(st, S.MoveSelf):  # "Mova-se para uma casa adjacente": the free casas around the hero
        here = g.heroes[ctx.hero].casa if ctx.hero in g.heroes else None
        if here is None:
            return None
        taken = {h.casa for h in g.heroes.values() if h.casa is not None}
        return [f"{c[0]},{c[1]}" for c in R.adjacent_casas(here, g.board, taken)]
    hero_ops = (S.Damage, S.Lose, S.Heal, S.Recover, S.Draw, S.Gain)
    if (
        isinstance(st, hero_ops)
        and st.target is not None
        and st.target.get("who") in CHOICE_SETS
        and not st.target.get("all")
    ):
        heroes = _hero_pool(g, ctx, st.target)
        if heroes is None or "count" not in st.target:
            return heroes
        # "dois inimigos": that many different heroes, fewer when fewer are there (R-30)
        n = R.heroes_counted(len(heroes), int(st.target["count"]))
        return _combos(heroes, n) if n else []
    return None


# ------------------------------------------------------------------ conditions ------
def holds(g: Game, ctx: Ctx, cond: dict[str, Any]) -> bool:
    """Is a state/condition true now? (R-03/R-04 decide *when* it is asked.)"""
    c = cond.get("cond")
    if c == "trigger":
        return True
    if c == "during":
        return holds(g, ctx, cond["what"])
    if c == "not":  # "nenhum aliado estiver adjacente a você", "não houver …": the state negated, now
        return not holds(g, ctx, cond["what"])
    if c == "until":  # R-04 «Até X»: holds until X happens
        what = cond["what"]
        if what.get("cond") in ("resource", "has", "heroes", "not"):  # a state: until it is true
            return not holds(g, ctx, what)
        return holds(g, ctx, what)  # until_event / until_time word their own "not yet"
    if c == "until_time":
        return True

    def count(h: str) -> int:  # a hero's cards (of a type, in a zone), now
        zones = (cond["zone"],) if cond.get("zone") else tuple(g.heroes[h].zones)
        return sum(
            1
            for z in zones
            for cid in g.heroes[h].zones.get(z, [])
            if "type" not in cond or g.cards[cid].has_type(cond["type"])
        )

    if c == "compare_cards":  # "você tiver menos cartas no INVENTÁRIO que o alvo": both counted now (R-24)
        others = heroes_for(g, ctx, {"who": cond["than"]})
        return any(
            R.compare_heroes(
                count(h), cond["cmp"], [count(o) for o in others if o != h], bool(cond.get("than_all"))
            )
            for h in state_heroes(g, ctx, cond)
        )
    if c == "has":  # "você tiver uma EVOCAÇÃO no SUPORTE", "um oponente tiver 3 ou mais cartas…"
        return any(
            _compare(count(h), cond.get("cmp", ">="), int(cond.get("count", 1)))
            for h in state_heroes(g, ctx, cond)
        )
    if c == "exists":
        z = cond["zone"]
        ids = list(g.shared.get(z, [])) + [cid for h in g.heroes.values() for cid in h.zones.get(z, [])]
        n = sum(1 for cid in ids if "type" not in cond or g.cards[cid].has_type(cond["type"]))
        return n >= int(cond.get("count", 1))
    if c == "turn":
        th = g.turn_hero
        if ctx.hero is None:
            return False
        of = cond["of"]
        if of == "self":
            return th == ctx.hero
        if of == "opponent":
            return not g.teammates(th, ctx.hero)
        return th != ctx.hero and g.teammates(th, ctx.hero)
    if c == "battle":
        return g.in_battle
    if c == "test":  # "Durante um teste", "Durante seus testes de AGI" (R-29): the test being made now
        if "attribute" in cond and g.test_attribute != cond["attribute"]:
            return False
        return g.testing and (
            "who" not in cond or who_matches(g, {"who": cond["who"]}, g.test_hero, ctx.hero)
        )
    if c == "until_event":
        card = ctx.card
        if card is None:
            return True
        _, zone = g.locate(card)
        ev = cond["event"]
        if ev == "discard":
            return zone not in ("DESCARTE", "DESCARTE COMUM")
        if ev == "banish":
            return zone != "BANIDAS"
        if ev == "bury":
            return zone not in ("BARALHO", "BARALHO COMUM")
        if ev == "exhaust":
            return not g.cards[card].consumed
        if ev == "reveal":
            return not g.cards[card].revealed
        return not (ev == "hide" and not g.cards[card].revealed)
    if c == "resource":  # "sua MANA for maior que 3", "um aliado estiver sem ESTAMINA"
        return any(
            _compare(resource_of(g, h, cond["resource"])[0], cond["cmp"], int(cond["value"]))
            for h in state_heroes(g, ctx, cond)
        )
    if c == "compare":  # "você tiver menos MANA que o alvo": both heroes' values now (R-24)
        others = heroes_for(g, ctx, {"who": cond["than"]})
        return any(
            R.compare_heroes(
                resource_of(g, h, cond["resource"])[0],
                cond["cmp"],
                [resource_of(g, o, cond["resource"])[0] for o in others if o != h],
                bool(cond.get("than_all")),
            )
            for h in state_heroes(g, ctx, cond)
        )
    if c == "share":  # "sua VIDA estiver acima da metade": against a part of the maximum (R-26)

        def share(h: str) -> bool:
            current, maximum = resource_of(g, h, cond["resource"])[:2]
            return R.fraction_in_state(current, cond["cmp"], maximum, cond["part"])

        return any(share(h) for h in state_heroes(g, ctx, cond))
    if c == "attached":
        return ctx.card is not None and g.cards[ctx.card].attached_to is not None
    if c == "heroes":  # "houver um inimigo adjacente a você": that many such heroes, now
        return len(state_heroes(g, ctx, cond)) >= int(cond.get("count", 1))
    raise Fail(Reason.CANNOT_EVALUATE, cond=str(cond))


def state_heroes(g: Game, ctx: Ctx, cond: dict[str, Any]) -> list[str]:
    """The heroes a state is about: you, or any hero its phrase names ("um aliado": some ally); with
    ``near`` ("um aliado adjacente a você") only those on a casa next to that hero's now (no board:
    Fail ``ADJACENT_NO_CASA``, never every hero)."""
    spec = {"who": cond.get("who", "self")}
    for key in ("near", "most", "least"):
        if cond.get(key) is not None:
            spec[key] = cond[key]
    return [h for h in heroes_for(g, ctx, spec) if h in g.heroes]


# ------------------------------------------------------------------ amounts ---------
def amount(g: Game, ctx: Ctx, a: Any, hero: str | None = None) -> int:
    """What an amount is worth now; ``hero`` is the hero the statement acts on (a fraction "metade da sua
    VIDA" is of that hero's resource: R-26), else the effect's hero."""
    if isinstance(a, int):
        return a
    if "part" in a:  # "metade da sua VIDA": a part of the current value (or the maximum), rounded down (R-26)
        who = hero or ctx.hero
        if who is None:
            return 0
        res = resource_of(g, who, a["of"])
        part = R.fraction_of_amount(res[1] if a.get("of_max") else res[0], a["part"])
        return min(part, int(a["max"])) if "max" in a else part  # seed «(máx N)»
    if "sum" in a:
        total = 0
        attrs = attributes(g, ctx.hero) if ctx.hero else {}
        for factor, term in a["sum"]:
            total += factor * (term if isinstance(term, int) else attrs.get(term, 0))
        return min(total, int(a["max"])) if "max" in a else total  # seed «(máx N)»
    if "per" in a:
        per = a["per"]
        hero = ctx.hero
        if hero is None:
            return 0
        zone = per["zone"]
        ids = g.heroes[hero].zones.get(zone, []) if zone not in g.shared else g.shared[zone]
        n = sum(1 for cid in ids if "type" not in per or g.cards[cid].has_type(per["type"]))
        v = n * int(a.get("times", 1))
        if "max" in a:  # seed «(máx N)»
            v = min(v, int(a["max"]))
        return v
    raise Fail(Reason.BAD_AMOUNT, amount=str(a))


def pick_cards(g: Game, ctx: Ctx, ast: dict[str, Any], choice: str | None) -> list[str]:
    """The cards a card phrase (plain data: ``card``, ``count``, ``type``, ``zone``, ``owner``) means."""
    if ast.get("card") == "choose" or (ast.get("card") == "previous" and ast.get("count") is not None):
        if choice is None:
            raise Fail(Reason.NO_CARD_CHOSEN)
        return choice.split("+")
    hero = None
    if ast.get("card") == "all" and ast.get("owner") in R.ONE_HERO_OWNERS:  # R-32: the hero chosen
        if choice is None or choice not in card_owners(g, ctx, ast["owner"]):
            raise Fail(Reason.NO_HERO, who=str(ast["owner"]))
        hero = choice
    cards = cards_for(g, ctx, ast, hero)
    if not cards and ast.get("card") == "all":
        return []  # "todas as cartas" of an empty zone: nothing to do
    if not cards:
        raise Fail(Reason.NO_CARD, card=str(ast.get("card")))
    for cid in cards:
        if g.locate(cid)[1] in ("NOWHERE", "LIMBO"):
            raise Fail(Reason.CARD_UNAVAILABLE, card=cid)
    return cards


def hit_card(g: Game, cid: str, amount: int) -> int:
    """A COMPANHEIRO with its own VIDA takes damage (floor 0); returns the damage done."""
    vida = g.cards[cid].vida
    if vida is None:
        raise Fail(Reason.NO_RESOURCE, hero=cid, resource="VIDA")
    before = vida[0]
    vida[0] = max(0, vida[0] - amount)
    return before - vida[0]


# ------------------------------------------------------------------ attributes ------
def attributes(g: Game, hero: str | None) -> dict[str, int]:
    """Base attributes + lasting gains (R-19) + Passivo gains that currently apply (R-23)."""
    if hero is None:
        return {}
    out = dict(g.heroes[hero].attributes)
    for lt in g.lasting:
        if lt.hero == hero:
            out[lt.attribute] = out.get(lt.attribute, 0) + lt.amount
    for cid, _eno, eff in passives(g):
        ctrl = g.controller(cid)
        ctx = Ctx(ctrl, cid, None, [])
        for st in eff.body:
            if isinstance(st, S.Gain) and passive_applies(g, st, hero, ctrl):
                out[st.attribute] = out.get(st.attribute, 0) + amount(g, ctx, st.amount)
    return dict(sorted(out.items()))


def passive_applies(g: Game, st: S.Gain, hero: str, ctrl: str | None) -> bool:
    """Whom a Passivo gain reaches: you ("+1 de AGI"), or every hero of a set ("Todos os aliados
    recebem +1 de AGI"); one hero to choose ("um aliado") has no meaning for a continuous effect."""
    tgt = st.target or {"who": "self"}
    if tgt.get("who") == "self":
        return ctrl == hero
    if not (tgt.get("all") and who_matches(g, {"who": tgt.get("who")}, hero, ctrl)):
        return False
    if tgt.get("most") is not None or tgt.get("least") is not None:  # R-25: the set's extremes, now
        try:
            return hero in heroes_for(g, Ctx(ctrl, None, None, []), tgt)
        except Fail:  # no board for its "adjacente": a continuous gain reaches no one
            return False
    if tgt.get("near") is not None:  # "Todos os aliados adjacentes a você recebem +1 de AGI"
        try:
            return bool(adjacent_heroes(g, [hero], heroes_for(g, Ctx(ctrl, None, None, []), tgt["near"])))
        except Fail:  # no board: a continuous gain reaches no one (nothing to refuse)
            return False
    return True


def passives(g: Game) -> list[tuple[str, int, Effect]]:
    """R-23: Passivo effects of cards in play whose requirements hold now."""
    out = []
    for card in g.cards.values():
        for eno, eff in enumerate(card.effects):
            if eff.activation != "Passivo":
                continue
            zone = g.locate(card.id)[1]
            in_play = (
                (zone in IN_PLAY or card.attached_to is not None)
                if not eff.scopes
                else R.scope_allows(eff.scopes, zone, card.attached_to is not None)
            )
            if not in_play:
                continue
            ctx = Ctx(g.controller(card.id), card.id, None, [])
            try:
                if all(holds(g, ctx, r.ast) for r in eff.requirements):
                    out.append((card.id, eno, eff))
            except Fail:
                continue
    return out


#: Most ways to make one choice the engine lists (a bound on cost; Previsão tries each).
MAX_CHOICES = 2000


def _combos(pool: list[str], count: int) -> list[str]:
    """Every way to pick ``count`` of ``pool`` ("a+b"), in a stable order; bounded by :data:`MAX_CHOICES`."""
    if count > len(pool):
        return []
    if math.comb(len(pool), count) > MAX_CHOICES:
        raise RulekitError(
            Phrase(
                N_("choosing {count} of {pool} cards or heroes has more than {most} ways"),
                count=count,
                pool=len(pool),
                most=MAX_CHOICES,
            ),
            code="TOO_MANY_CHOICES",
        )
    return ["+".join(p) for p in itertools.combinations(pool, count)]


def resource_of(g: Game, hero: str, name: str) -> list[int]:
    """A hero's ``[current, max]`` of a resource. A hero without it (a state built by hand; the
    loader asks for all three) makes the effect fail with that reason instead of a ``KeyError``."""
    h = g.heroes.get(hero)
    if h is None:
        raise Fail(Reason.NOT_A_HERO, hero=hero)
    res = h.resources.get(name)
    if res is None:
        raise Fail(Reason.NO_RESOURCE, hero=hero, resource=name)
    return res


def _self_card(kind: str) -> Callable[[Game, Card, str | None, GEvent], bool]:
    return lambda g, c, h, ev: ev.kind == kind and ev.card == c.id


def _hero_is(kind: str, role: str, rel: str) -> Callable[[Game, Card, str | None, GEvent], bool]:
    def f(g: Game, c: Card, h: str | None, ev: GEvent) -> bool:
        if ev.kind != kind:
            return False
        who = getattr(ev, role)
        if rel == "companion":
            return who == c.id
        if rel == "team":
            return who_matches(g, {"who": "self"}, who, h) or who_matches(g, {"who": "ally"}, who, h)
        return who_matches(g, {"who": rel}, who, h)

    return f


def _turn(kind: str, rel: str) -> Callable[[Game, Card, str | None, GEvent], bool]:
    """Seed «Início/Fim …»: «no início do primeiro turno» / «no final do último turno» of the cycle (R-20)."""
    who = _hero_is(kind, "actor", rel)
    flag = "first" if kind == "turn_start" else "last"
    return lambda g, c, h, ev: flag in ev.flags and who(g, c, h, ev)


def _moment(kind: str) -> Callable[[Game, Card, str | None, GEvent], bool]:
    return lambda g, c, h, ev: ev.kind == kind


def timing_matcher(t: TimingKeyword) -> Callable[[Game, Card, str | None, GEvent], bool]:
    """Seed «Temporização»: a timing keyword's record as a test on a game event (its :class:`Test`)."""
    test = t.test
    if test.how == "this_card":
        return _self_card(t.event)
    if test.how == "moment":
        return _moment(t.event)
    if test.how == "hero" and test.role is not None and test.who is not None:
        return _hero_is(t.event, test.role, test.who)
    if test.how == "turn" and test.who is not None:
        return _turn(t.event, test.who)
    raise ValueError(f"timing keyword {t.name!r}: incomplete test {test!r}")


#: Seed «Temporização»: each timing keyword as a test on a game event, built from its record.
_TIMING_MATCH: dict[str, Callable[[Game, Card, str | None, GEvent], bool]] = {
    t.name: timing_matcher(t) for t in TIMING_KEYWORDS
}


def _check_timing_table() -> None:
    """Every timing keyword of the glossary has its matcher (checked at import, not in a game)."""
    missing = sorted(set(R.KEYWORD_KINDS["timing"]) - set(_TIMING_MATCH))
    extra = sorted(set(_TIMING_MATCH) - set(R.KEYWORD_KINDS["timing"]))
    if missing or extra:
        raise ImportError(
            f"timing keywords without a matcher: {missing}; matchers without a keyword: {extra}"
        )


_check_timing_table()
