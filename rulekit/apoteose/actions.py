"""Script actions and turns: what a scenario's ``script:`` does, one action at a time.

:func:`do` runs one action (LANGUAGE.md §4): an activation (or a card's activation bar), an ordinary
action on a card (:data:`CARD_ACTIONS`), a hero's step, a battle's start or end, an attack or a test;
:func:`start` and :func:`end_turn` are the turn and cycle moments (R-20). The game events they make are
answered outside any chain (:func:`rulekit.apoteose.responses.flow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.apoteose import activation, resolution, responses
from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.codes import ChainEventKind, GameEventKind, Reason
from rulekit.apoteose.frames import Fail, Frame, GEvent
from rulekit.apoteose.reasons import render
from rulekit.apoteose.state import IN_PLAY, Card
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import Effect
from rulekit.apoteose.trace import TraceError
from rulekit.errors import N_, Phrase, RulekitError

if TYPE_CHECKING:
    from rulekit.apoteose.host import ChainHost

#: Script actions on a card (LANGUAGE.md §4, ``script:``) and the zone each one moves the card to by default.
CARD_ACTIONS: dict[str, str] = {
    "put": "MESA",
    "take": "DESCARTE",
    "move": "MESA",
    "reveal": "",
    "hide": "",
    "discard": "DESCARTE",
    "bury": "BARALHO",
    "banish": "BANIDAS",
}


def do(eng: ChainHost, i: int, action: dict[str, Any]) -> None:
    """Run the script's action ``i``; passives that start or stop applying are told after it (R-23)."""
    kind = action["do"]
    if kind == "activate":
        hero = action.get("hero") or default_hero(eng, action["card"])
        eng.choices[0] = dict(action.get("choices") or {})
        card = eng.g.cards[action["card"]]
        if not card.effects and card.bar:  # seed: «sendo apenas usada a barra de ativação»
            bar_action(eng, hero, card, action)
        else:
            activation.activate(eng, hero, action["card"], int(action.get("effect", 0)), None, None)
    elif kind in CARD_ACTIONS:
        card_action(eng, kind, action)
    elif kind == "end_turn":
        end_turn(eng)
    elif kind == "battle_start":
        eng.g.in_battle = True
        eng.g.battle += 1
        eng.emit(ChainEventKind.BATTLE, detail={"what": "start", "battle": eng.g.battle})
        responses.flow(eng, eng.ev(GameEventKind.BATTLE_START, "after", None, label="battle_start"))
    elif kind == "battle_end":
        responses.flow(eng, eng.ev(GameEventKind.BATTLE_END, "after", None, label="battle_end"))
        eng.g.in_battle = False
        eng.emit(ChainEventKind.BATTLE, detail={"what": "end", "battle": eng.g.battle})
        resolution.expire(eng, "end_battle")
    elif kind in ("attack", "test"):
        rules_action(eng, kind, action)
    elif kind == "step":
        hero_step(eng, action)
    if "action" in R.ENQUANTO_RECHECKED_AFTER:  # a state may break by a step or a card moved by hand
        resolution.expire(eng)
    resolution.refresh(eng)


def start(eng: ChainHost) -> None:
    """A scenario may start at the start of a turn or of a cycle (LANGUAGE.md §4 ``turn.start``,
    R-20): those moments happen first, so «Início do Turno» (and, for a cycle, «Restauração»)
    effects answer them."""
    how = eng.sc.data["turn"].get("start")
    if how == "cycle":
        eng.g.phase = "restoration"
        eng.emit(ChainEventKind.RESTORATION, detail={"cycle": eng.g.cycle})
        responses.flow(
            eng, eng.ev(GameEventKind.RESTORATION, "after", None, label=f"restoration:{eng.g.cycle}")
        )
        eng.g.phase = "turn"
    if how in ("turn", "cycle"):
        actor = eng.g.turn_actor
        eng.emit(
            ChainEventKind.TURN,
            detail={
                "hero": actor,
                "turn_hero": eng.g.turn_hero,
                "cycle": eng.g.cycle,
                "first_of_cycle": actor not in eng.g.order[: eng.g.turn_pos],
            },
        )
        first = actor not in eng.g.order[: eng.g.turn_pos]
        responses.flow(
            eng,
            eng.ev(
                GameEventKind.TURN_START,
                "after",
                actor,
                label=f"turn_start:{actor}",
                flags=("first",) if first else (),
            ),
        )


def card_action(eng: ChainHost, kind: str, action: dict[str, Any]) -> None:
    """An ordinary game action on a card (LANGUAGE.md §4, ``script:``): put into play, take out,
    move, reveal, hide, discard, bury, banish. It is the hero's action (Ação Inicial counts it);
    the game events it makes («Ao Entrar», «Ao Sair», «Ao Revelar», «Ao Descartar»…) are answered
    one by one, outside any chain."""
    g = eng.g
    cid = action["card"]
    hero = action.get("hero") or g.controller(cid) or g.owner_hero(cid) or g.turn_hero
    card = g.cards[cid]
    evs: list[GEvent] = []
    if kind in ("reveal", "hide"):
        card.revealed = kind == "reveal"
        evs.append(eng.ev(GameEventKind(kind), "after", hero, card=cid, frame=None))
    elif kind == "put" and action.get("attach_to"):
        host = action["attach_to"]
        was = g.locate(cid)[1]
        holder, zone = g.locate(host)
        g.remove(cid)
        g.put(cid, holder, zone)
        card.attached_to = host
        evs.append(eng.ev(GameEventKind.ATTACH, "after", hero, card=cid, frame=None))
        if was not in IN_PLAY:
            evs.append(eng.ev(GameEventKind.ENTER, "after", hero, card=cid, frame=None))
    else:
        to = action.get("to") or CARD_ACTIONS[kind]
        try:
            if kind == "put" and to in IN_PLAY and to not in g.shared:
                was = g.locate(cid)[1]
                owner = hero if hero in g.heroes else None
                g.remove(cid)
                g.put(cid, owner, to)
                card.attached_to = None
                moved = (
                    [eng.ev(GameEventKind.ENTER, "after", hero, card=cid, frame=None)]
                    if was not in IN_PLAY
                    else []
                )
            else:
                moved = resolution.move_card(eng.live, cid, to, hero)
        except Fail as exc:
            eng.emit(
                ChainEventKind.REFUSED,
                index=None,
                card=cid,
                effect=None,
                hero=hero,
                detail={"code": exc.code, "params": exc.params, "action": kind},
            )
            eng.errors.append(TraceError(cid, exc.code, str(exc)))
            return
        if kind in ("discard", "bury", "banish"):
            evs.append(eng.ev(GameEventKind(kind), "after", hero, card=cid, frame=None))
        evs.extend(moved)
    if hero == g.turn_hero:
        g.actions_this_turn += 1
    eng.emit(
        ChainEventKind.ACTION,
        card=cid,
        hero=hero,
        detail={"do": kind, "zone": g.locate(cid)[1], "events": [e.kind for e in evs]},
    )
    for ev in evs:
        responses.flow(eng, ev)


def hero_step(eng: ChainHost, action: dict[str, Any]) -> None:
    """A hero moves to an adjacent casa (LANGUAGE.md §4 ``step:``; seed «Requerimentos de Ativação»:
    «Mova-se para uma casa adjacente»; the board is an engine assumption, ``rulings.adjacent_casas``). It
    is the hero's action (seed «Ação Inicial»: «nem se mover»); its ``step`` event is answered outside any
    chain. A step to a casa that is not adjacent, or not free, is refused with the reason."""
    g = eng.g
    hero = action.get("hero") or g.turn_hero
    to = (int(action["to"][0]), int(action["to"][1]))
    here = g.heroes[hero].casa
    code = ""
    if here is None:
        code = Reason.NO_CASA
    elif not R.casas_adjacent(here, to):
        code = Reason.NOT_ADJACENT
    elif to not in R.adjacent_casas(here, g.board, {h.casa for h in g.heroes.values() if h.casa}):
        code = Reason.CASA_TAKEN
    if code:
        params = {"hero": hero, "casa": list(to), "at": list(here) if here else None}
        eng.emit(
            ChainEventKind.REFUSED,
            index=None,
            card=None,
            effect=None,
            hero=hero,
            detail={"code": code, "params": params, "action": "step"},
        )
        eng.errors.append(TraceError(None, code, render(code, params), params))
        return
    g.heroes[hero].casa = to
    if hero == g.turn_hero:
        g.actions_this_turn += 1
    ev = eng.ev(GameEventKind.STEP, "after", hero, frame=None)
    eng.emit(
        ChainEventKind.ACTION,
        hero=hero,
        detail={"do": "step", "from": list(here or ()), "to": list(to), "events": [ev.kind]},
    )
    responses.flow(eng, ev)


def bar_action(eng: ChainHost, hero: str, card: Card, action: dict[str, Any]) -> None:
    """Seed «Efeito em Resolução»: «Se a carta ativada não possuir efeito, sendo apenas usada a barra de
    ativação, o ataque ou ação determinado pela barra é executado» — the bar's attack or test enters the
    chain like an activation of that card."""
    bar = card.bar or {}
    if bar.get("attack") is not None:
        target = action.get("target") or bar.get("target")
        body: tuple[Statement, ...] = (
            S.Attack(amount=int(bar["attack"]), target={"who": "name", "name": target}),
        )
        desc = f"Ataque a {target} ({bar['attack']} de DANO)"
    else:
        body = (S.Test(attribute=str(bar.get("test", "AGI")).upper()),)
        desc = f"Teste de {bar.get('test', 'AGI')}"
    eff = Effect(activation="Ativar", description=desc, body=body)
    activation.push_and_run(
        eng,
        Frame(
            index=len(eng.stack),
            card=card.id,
            effect_no=0,
            effect=eff,
            effect_id=f"{card.id}#bar",
            hero=hero,
            responds_to=None,
            answers=None,
        ),
        rules=True,
    )


def default_hero(eng: ChainHost, card_id: str) -> str:
    """Who activates a card the script names without a hero: its controller, else the turn hero."""
    if card_id not in eng.g.cards:
        raise RulekitError(Phrase(N_("unknown card '{id}'"), id=card_id), code="UNKNOWN_CARD")
    return eng.g.controller(card_id) or eng.g.turn_hero


def end_turn(eng: ChainHost) -> None:
    """The turn ends (its moment answered, its lasting effects ended); after the last turn of the cycle,
    Restauração; then the next turn starts (R-20)."""
    actor = eng.g.turn_actor
    last = actor not in eng.g.order[eng.g.turn_pos + 1 :]  # a hero may have several turns
    responses.flow(
        eng,
        eng.ev(
            GameEventKind.TURN_END, "after", actor, label=f"turn_end:{actor}", flags=("last",) if last else ()
        ),
    )
    resolution.expire(eng, "end_turn")
    eng.emit(ChainEventKind.END_TURN, detail={"hero": actor, "cycle": eng.g.cycle})
    eng.g.turn_pos += 1
    eng.g.actions_this_turn = 0
    if eng.g.turn_pos >= len(eng.g.order):
        eng.g.turn_pos = 0
        if R.RESTORATION_STARTS_NEXT_CYCLE:  # restoration already belongs to the next cycle
            eng.g.cycle += 1
        eng.g.phase = "restoration"
        resolution.expire(eng, "end_cycle")
        eng.emit(ChainEventKind.RESTORATION, detail={"cycle": eng.g.cycle})
        responses.flow(
            eng, eng.ev(GameEventKind.RESTORATION, "after", None, label=f"restoration:{eng.g.cycle}")
        )
        eng.g.phase = "turn"
        if not R.RESTORATION_STARTS_NEXT_CYCLE:
            eng.g.cycle += 1
    nxt = eng.g.turn_actor
    first = nxt not in eng.g.order[: eng.g.turn_pos]
    eng.emit(
        ChainEventKind.TURN,
        detail={"hero": nxt, "turn_hero": eng.g.turn_hero, "cycle": eng.g.cycle, "first_of_cycle": first},
    )
    resolution.expire(eng, "next_turn", hero=eng.g.turn_hero)
    responses.flow(
        eng,
        eng.ev(
            GameEventKind.TURN_START,
            "after",
            nxt,
            label=f"turn_start:{nxt}",
            flags=("first",) if first else (),
        ),
    )


def rules_action(eng: ChainHost, kind: str, action: dict[str, Any]) -> None:
    """Attacks and tests, the minimum outside-the-seed rules the scenarios need (stated as
    assumptions)."""
    hero = action.get("hero") or eng.g.turn_hero
    if kind == "attack":
        body: tuple[Statement, ...] = (
            S.Attack(amount=int(action.get("damage", 0)), target={"who": "name", "name": action["target"]}),
        )
        desc = f"Ataque a {action['target']} ({action.get('damage', 0)} de DANO)"
    else:
        body = (S.Test(attribute=str(action.get("attribute", "AGI")).upper()),)
        desc = f"Teste de {action.get('attribute', 'AGI')}"
    eff = Effect(activation="Ativar", description=desc, body=body)
    activation.push_and_run(
        eng,
        Frame(
            index=len(eng.stack),
            card=None,
            effect_no=0,
            effect=eff,
            effect_id=kind,
            hero=hero,
            responds_to=None,
            answers=None,
        ),
        rules=True,
    )
