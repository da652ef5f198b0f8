# ruff: noqa: E501
"""The response chain (Pilha Dinâmica), Previsão and the controlled vocabulary's execution.

Seed «Encadeamento de Resposta»: each activation is a frame at an index; the spotlight (holofote)
moves to it and it goes through four stages — ``activating`` (requirements and task paid, no
responses), ``halt`` (a window: responses at N+1), ``resolving`` (atomic, R-02) and ``post`` (a window
for responses to what the resolution did). Then the frame is removed and the spotlight returns to
the parent, whose window opens again. Every decision (responses, cost choices, options, tie-breaks)
is asked from a *decider*, so the same engine runs scripted scenarios and the interactive session.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.deciders import (  # re-exported: older code imports them from here
    Decider,
    DecisionPoint,
    NeedDecision,
    Option,
    Refusal,
    default_decider,
)
from rulekit.apoteose.reasons import render
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.state import IN_PLAY, Card, Game, Lasting
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import Effect, Requirement
from rulekit.apoteose.trace import ChainEvent, ChainTrace, Decision, HeroState, TraceError
from rulekit.errors import RulekitError
from rulekit.yamlsrc import suggest

#: Events of a payment whose card a description can name ("a carta consumida", "a carta descartada").
PAID_KINDS: frozenset[str] = frozenset({"discard", "exhaust", "bury", "banish", "reveal", "return", "move",
                                        "register", "hide", "ready"})
#: Script actions on a card (issue 10 §2) and the zone each one moves the card to by default.
CARD_ACTIONS: dict[str, str] = {"put": "MESA", "take": "DESCARTE", "move": "MESA", "reveal": "", "hide": "",
                                "discard": "DESCARTE", "bury": "BARALHO", "banish": "BANIDAS"}
#: Safety bound on chain depth (an endless Auto loop is reported, not run forever).
MAX_DEPTH = 40
MAX_EVENTS = 20000


__all__ = ["Decider", "DecisionPoint", "Engine", "Fail", "NeedDecision", "Option", "Refusal", "default_decider",
           "run_chain"]


class Fail(Exception):
    """A statement or requirement cannot be carried out (-> refusal, stop or truncation).

    It carries a reason: a ``code`` of :mod:`rulekit.apoteose.reasons` and its ``params``."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
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
    #: ``("first",)`` on an actor's first turn start of the cycle, ``("last",)`` on its last turn end (R-20)
    flags: tuple[str, ...] = ()


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


def _effect_id(card: str, n: int) -> str:
    return f"{card}#{n}"


class Engine:
    """Runs one scenario with one decider and records the :class:`ChainTrace`."""

    def __init__(self, scenario: Any, decider: Decider = default_decider) -> None:
        self.sc = scenario
        self.g: Game = scenario.build_game()
        self.decider = decider
        self.events: list[ChainEvent] = []
        self.stack: list[Frame] = []
        self.resolution_order: list[str] = []
        self.errors: list[TraceError] = []
        self.decisions: list[Decision] = []
        self.seq = 0
        self.used: set[tuple[str, int]] = set()
        self.pending_end_turn: list[str] = []
        self.passive_on: set[str] = set()
        self.choices: dict[int, dict[str, Any]] = {}
        #: choices (``{"req0": card}``) a decider attached to a response option it picked
        self.scripted_choices: dict[str, dict[str, Any]] = {}
        #: the world statements change during the game (Previsão uses a :class:`PreviewWorld`)
        self.live = LiveWorld(self)

    # ------------------------------------------------------------------ trace helpers --
    def ev(self, kind: str, moment: str, actor: str | None, **kw: Any) -> GEvent:
        self.seq += 1
        frame = self.stack[-1].index if self.stack else None
        kw.setdefault("frame", frame)
        label = kw.pop("label", None) or f"{kind}@{kw.get('frame')}.{self.seq}"
        return GEvent(self.seq, kind, moment, actor, label=label, **kw)

    def describe(self, ev: GEvent) -> str:
        """A readable description of a game event (for option labels and the trace)."""
        where = f" (#{ev.frame})" if ev.frame is not None else ""
        if ev.kind == "activate":
            return f"the activation of #{ev.frame}"
        words = {"heal": "heal", "recover": "recovery", "damage": "damage", "lose": "loss", "consume": "consume",
                 "discard": "discard", "bury": "bury", "banish": "banish", "target": "target", "attack": "attack",
                 "test": "test", "roll": "roll", "draw": "draw", "resolve": "resolution", "enter": "entering play",
                 "leave": "leaving play", "exhaust": "exhaust", "reveal": "reveal"}
        text = words.get(ev.kind, ev.kind)
        bits = [b for b in (ev.resource, ev.card, f"to {ev.patient}" if ev.patient else None) if b]
        pre = "before " if ev.moment == "before" else ""
        return f"{pre}{text}{' ' + ' '.join(bits) if bits else ''}{where}"

    def snapshot(self) -> dict[str, dict[str, int]]:
        return {h.id: {r: v[0] for r, v in h.resources.items()} for h in self.g.heroes.values()}

    def diff(self, before: dict[str, dict[str, int]]) -> dict[str, dict[str, list[int]]]:
        out: dict[str, dict[str, list[int]]] = {}
        for h in self.g.heroes.values():
            for r, v in h.resources.items():
                if before[h.id].get(r) != v[0]:
                    out.setdefault(h.id, {})[r] = [before[h.id][r], v[0]]
        return out

    def emit(self, event: str, frame: Frame | None = None, *, detail: dict[str, Any] | None = None,
             resources: dict[str, dict[str, list[int]]] | None = None, **kw: Any) -> None:
        if len(self.events) > MAX_EVENTS:
            raise RulekitError("the chain produced too many events (an endless loop?)", code="CHAIN_LOOP")
        if detail and "code" in detail and "params" in detail:
            # Compatibility: the English words next to the reason's data, for readers of
            # ``detail["reason"]`` written before reasons were data (lesson 05's code cells). Views
            # render ``code`` + ``params`` themselves (``rulekit.views.chain.reason_text``).
            detail = {**detail, "reason": render(detail["code"], detail["params"])}
        if frame is not None:
            kw.setdefault("index", frame.index)
            kw.setdefault("card", frame.card)
            kw.setdefault("effect", frame.effect_id)
            kw.setdefault("hero", frame.hero)
            kw.setdefault("responds_to", frame.responds_to)
            kw.setdefault("stage", frame.stage)
        self.events.append(ChainEvent(
            event=event, index=kw.get("index"), card=kw.get("card"), effect=kw.get("effect"),
            hero=kw.get("hero"), responds_to=kw.get("responds_to"), detail=detail or {},
            spotlight=self.stack[-1].index if self.stack else None, stage=kw.get("stage"),
            resources=resources or {}, depth=len(self.stack)))

    def scripted_refusal(self, point: DecisionPoint, card: str, effect: str, hero: str | None, code: str,
                         params: dict[str, Any]) -> None:
        """A scripted response that is not legal at ``point``: a ``refused`` event and a trace error."""
        self.emit("refused", index=None, card=card, effect=effect, hero=hero, responds_to=point.spotlight,
                  detail={"code": code, "params": params, "window": point.window})
        self.errors.append(TraceError(card, code, render(code, params)))

    def scripted_error(self, code: str, message: str) -> None:
        """A scripted decision that could not be used (reported in the trace's errors)."""
        self.errors.append(TraceError(None, code, message))

    def decide(self, point: DecisionPoint) -> str:
        if point.kind != "respond" and len(point.options) == 1:
            choice, source = point.options[0].id, "default"
        else:
            choice, source = self.decider(point)
        if point.kind != "respond" and choice not in {o.id for o in point.options}:
            raise RulekitError(f"'{choice}' is not a legal choice at {point.key} "
                               f"(legal: {', '.join(o.id for o in point.options)})", code="ILLEGAL_CHOICE")
        self.decisions.append(Decision(point.key, point.kind, choice, source))
        return choice

    # ------------------------------------------------------------------ public run ------
    def run(self) -> ChainTrace:
        self.refresh()
        self.start()
        for i, action in enumerate(self.sc.script):
            self.do(i, action)
        return self.trace()

    def trace(self) -> ChainTrace:
        heroes = {}
        for h in self.g.heroes.values():
            heroes[h.id] = HeroState(
                resources={r: list(v) for r, v in h.resources.items()},
                attributes=self.attributes(h.id),
                zones={z: list(ids) for z, ids in h.zones.items()},
            )
        return ChainTrace(
            scenario=self.sc.name, events=tuple(self.events), resolution_order=tuple(self.resolution_order),
            heroes=heroes, errors=tuple(self.errors), decisions=tuple(self.decisions),
            shared_zones={z: list(v) for z, v in self.g.shared.items()},
            warnings=tuple(self.sc.warnings),
            cards={c.id: {"name": c.name, "types": list(c.types), "owner": c.owner,
                          "holder": self.g.locate(c.id)[0], "zone": self.g.locate(c.id)[1],
                          "consumed": c.consumed, "revealed": c.revealed, "attached_to": c.attached_to,
                          "registered": c.registered, "vida": list(c.vida) if c.vida else None}
                   for c in self.g.cards.values()},
        )

    # ------------------------------------------------------------------ script actions --
    def do(self, i: int, action: dict[str, Any]) -> None:
        kind = action["do"]
        if kind == "activate":
            hero = action.get("hero") or self.default_hero(action["card"])
            self.choices[0] = dict(action.get("choices") or {})
            card = self.g.cards[action["card"]]
            if not card.effects and card.bar:  # seed: «sendo apenas usada a barra de ativação»
                self.bar_action(hero, card, action)
            else:
                self.activate(hero, action["card"], int(action.get("effect", 0)), None, None)
        elif kind in CARD_ACTIONS:
            self.card_action(kind, action)
        elif kind == "end_turn":
            self.end_turn()
        elif kind == "battle_start":
            self.g.in_battle = True
            self.g.battle += 1
            self.emit("battle", detail={"what": "start", "battle": self.g.battle})
            self.flow(self.ev("battle_start", "after", None, label="battle_start"))
        elif kind == "battle_end":
            self.flow(self.ev("battle_end", "after", None, label="battle_end"))
            self.g.in_battle = False
            self.emit("battle", detail={"what": "end", "battle": self.g.battle})
            self.expire("end_battle")
        elif kind in ("attack", "test"):
            self.rules_action(kind, action)
        self.refresh()

    def start(self) -> None:
        """A scenario may start at the start of a turn or of a cycle (issue 10 §2): those moments happen
        first, so «Início do Turno» (and, for a cycle, «Restauração») effects answer them."""
        how = self.sc.data["turn"].get("start")
        if how == "cycle":
            self.g.phase = "restoration"
            self.emit("restoration", detail={"cycle": self.g.cycle})
            self.flow(self.ev("restoration", "after", None, label=f"restoration:{self.g.cycle}"))
            self.g.phase = "turn"
        if how in ("turn", "cycle"):
            actor = self.g.turn_actor
            self.emit("turn", detail={"hero": actor, "turn_hero": self.g.turn_hero, "cycle": self.g.cycle,
                                      "first_of_cycle": actor not in self.g.order[: self.g.turn_pos]})
            first = actor not in self.g.order[: self.g.turn_pos]
            self.flow(self.ev("turn_start", "after", actor, label=f"turn_start:{actor}",
                              flags=("first",) if first else ()))

    def card_action(self, kind: str, action: dict[str, Any]) -> None:
        """An ordinary game action on a card (issue 10 §2): put into play, take out, move, reveal, hide,
        discard, bury, banish. It is the hero's action (Ação Inicial counts it); the game events it makes
        («Ao Entrar», «Ao Sair», «Ao Revelar», «Ao Descartar»…) are answered one by one, outside any chain."""
        g = self.g
        cid = action["card"]
        hero = action.get("hero") or g.controller(cid) or g.owner_hero(cid) or g.turn_hero
        card = g.cards[cid]
        evs: list[GEvent] = []
        if kind in ("reveal", "hide"):
            card.revealed = kind == "reveal"
            evs.append(self.ev(kind, "after", hero, card=cid, frame=None))
        elif kind == "put" and action.get("attach_to"):
            host = action["attach_to"]
            was = g.locate(cid)[1]
            holder, zone = g.locate(host)
            g.remove(cid)
            g.put(cid, holder, zone)
            card.attached_to = host
            evs.append(self.ev("attach", "after", hero, card=cid, frame=None))
            if was not in IN_PLAY:
                evs.append(self.ev("enter", "after", hero, card=cid, frame=None))
        else:
            to = action.get("to") or CARD_ACTIONS[kind]
            try:
                if kind == "put" and to in IN_PLAY and to not in g.shared:
                    was = g.locate(cid)[1]
                    owner = hero if hero in g.heroes else None
                    g.remove(cid)
                    g.put(cid, owner, to)
                    card.attached_to = None
                    moved = [self.ev("enter", "after", hero, card=cid, frame=None)] if was not in IN_PLAY else []
                else:
                    moved = self.move_card(self.live, cid, to, hero)
            except Fail as exc:
                self.emit("refused", index=None, card=cid, effect=None, hero=hero,
                          detail={"code": exc.code, "params": exc.params, "action": kind})
                self.errors.append(TraceError(cid, exc.code, str(exc)))
                return
            if kind in ("discard", "bury", "banish"):
                evs.append(self.ev(kind, "after", hero, card=cid, frame=None))
            evs.extend(moved)
        if hero == g.turn_hero:
            g.actions_this_turn += 1
        self.emit("action", card=cid, hero=hero, detail={"do": kind, "zone": g.locate(cid)[1],
                                                        "events": [e.kind for e in evs]})
        for ev in evs:
            self.flow(ev)

    def bar_action(self, hero: str, card: Card, action: dict[str, Any]) -> None:
        """Seed «Efeito em Resolução»: «Se a carta ativada não possuir efeito, sendo apenas usada a barra de
        ativação, o ataque ou ação determinado pela barra é executado» — the bar's attack or test enters the
        chain like an activation of that card."""
        bar = card.bar or {}
        if bar.get("attack") is not None:
            target = action.get("target") or bar.get("target")
            body: tuple[Statement, ...] = (S.Attack(amount=int(bar["attack"]), target={"who": "name", "name": target}),)
            desc = f"Ataque a {target} ({bar['attack']} de DANO)"
        else:
            body = (S.Test(attribute=str(bar.get("test", "AGI")).upper()),)
            desc = f"Teste de {bar.get('test', 'AGI')}"
        eff = Effect(activation="Ativar", description=desc, body=body)
        self.push_and_run(Frame(index=len(self.stack), card=card.id, effect_no=0, effect=eff,
                                effect_id=f"{card.id}#bar", hero=hero, responds_to=None, answers=None), rules=True)

    def default_hero(self, card_id: str) -> str:
        if card_id not in self.g.cards:
            raise RulekitError(f"unknown card '{card_id}'", code="UNKNOWN_CARD")
        return self.g.controller(card_id) or self.g.turn_hero

    # ---- turns (R-20) ---------------------------------------------------------------------
    def end_turn(self) -> None:
        actor = self.g.turn_actor
        last = actor not in self.g.order[self.g.turn_pos + 1:]  # R-20: a hero may have several turns
        self.flow(self.ev("turn_end", "after", actor, label=f"turn_end:{actor}", flags=("last",) if last else ()))
        self.expire("end_turn")
        self.emit("end_turn", detail={"hero": actor, "cycle": self.g.cycle})
        self.g.turn_pos += 1
        self.g.actions_this_turn = 0
        if self.g.turn_pos >= len(self.g.order):
            self.g.turn_pos = 0
            if R.RESTORATION_STARTS_NEXT_CYCLE:  # R-20: restoration already belongs to the next cycle
                self.g.cycle += 1
            self.g.phase = "restoration"
            self.expire("end_cycle")
            self.emit("restoration", detail={"cycle": self.g.cycle})
            self.flow(self.ev("restoration", "after", None, label=f"restoration:{self.g.cycle}"))
            self.g.phase = "turn"
            if not R.RESTORATION_STARTS_NEXT_CYCLE:
                self.g.cycle += 1
        nxt = self.g.turn_actor
        first = nxt not in self.g.order[: self.g.turn_pos]
        self.emit("turn", detail={"hero": nxt, "turn_hero": self.g.turn_hero, "cycle": self.g.cycle,
                                  "first_of_cycle": first})
        self.expire("next_turn", hero=self.g.turn_hero)
        self.flow(self.ev("turn_start", "after", nxt, label=f"turn_start:{nxt}", flags=("first",) if first else ()))

    def flow(self, event: GEvent) -> None:
        """A game moment outside any chain: matching Auto effects activate, one chain each (R-06)."""
        while True:
            cands = self.gather_autos(None, [event])
            if not cands:
                return
            pick = self.pick_auto(None, "flow", cands, 0)
            _, hero, card, eno, gev = pick
            self.used.add((_effect_id(card, eno), gev.seq))
            self.choices[0] = {}
            self.activate(hero, card, eno, gev, None)

    def rules_action(self, kind: str, action: dict[str, Any]) -> None:
        """Attacks and tests, the minimum outside-the-seed rules the scenarios need (stated as assumptions)."""
        hero = action.get("hero") or self.g.turn_hero
        if kind == "attack":
            body: tuple[Statement, ...] = (S.Attack(amount=int(action.get("damage", 0)),
                                                    target={"who": "name", "name": action["target"]}),)
            desc = f"Ataque a {action['target']} ({action.get('damage', 0)} de DANO)"
        else:
            body = (S.Test(attribute=str(action.get("attribute", "AGI")).upper()),)
            desc = f"Teste de {action.get('attribute', 'AGI')}"
        eff = Effect(activation="Ativar", description=desc, body=body)
        self.push_and_run(Frame(index=len(self.stack), card=None, effect_no=0, effect=eff, effect_id=kind,
                                hero=hero, responds_to=None, answers=None), rules=True)

    # ------------------------------------------------------------------ scope & legality --
    def card_zone(self, card_id: str) -> str:
        return self.g.locate(card_id)[1]

    def in_scope(self, card: Card, effect: Effect) -> bool:
        zone = self.card_zone(card.id)
        if card.owner in ("campanha", "mestre") and zone in ("CAMPANHA", "MESTRE"):
            return True
        return R.scope_allows(effect.scopes, zone, card.attached_to is not None)

    def activators(self, card: Card, effect: Effect) -> list[str | None]:
        """Who may activate an effect: its controller; Do Time: any teammate on their own turn."""
        if card.owner in ("campanha", "mestre") and self.card_zone(card.id) in ("CAMPANHA", "MESTRE"):
            return [None]
        ctrl = self.g.controller(card.id)
        if ctrl is None:
            owner = self.g.owner_hero(card.id)
            return [owner] if owner else [None]
        out: list[str | None] = [ctrl]
        if "Do Time" in effect.scopes:
            th = self.g.turn_hero
            if th != ctrl and th in self.g.heroes and self.g.teammates(th, ctrl):
                out.append(th)
        return out

    def may_use(self, hero: str | None, card: Card, effect: Effect,
                own_turn: bool) -> tuple[bool, str, dict[str, Any]]:
        """Seed «Efeito»: «Cada personagem pode utilizar e ativar apenas suas próprias cartas»; seed «Do Time»:
        a Do Time card on its MESA may also be activated by «qualquer Herói do seu time», on that hero's turn."""
        g = self.g
        if hero in self.activators(card, effect):
            return True, "", {}
        ctrl = g.controller(card.id)
        if "Do Time" in effect.scopes and ctrl is not None and hero in g.heroes:
            if not g.teammates(hero, ctrl):
                return False, "DO_TIME_TEAM", {"hero": hero, "team": g.heroes[hero].team, "holder": ctrl,
                                               "holder_team": g.heroes[ctrl].team, "card": card.id}
            if not own_turn:
                return False, "DO_TIME", {}
        if hero is None or hero == ctrl:
            return True, "", {}
        return False, "NOT_OWN_CARD", {"hero": hero, "card": card.id}

    def timing_matches(self, effect: Effect, card: Card, hero: str | None, ev: GEvent) -> bool:
        """Seed «Temporização»: does one of the effect's timings name this game moment?"""
        return any(_TIMING_MATCH[t](self, card, hero, ev) for t in effect.timings)

    def trigger_matches(self, trig: dict[str, Any], ev: GEvent, hero: str | None, card: str | None) -> bool:
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
        if "actor" in trig and not self.who_matches(trig["actor"], ev.actor, hero):
            return False
        if "patient" in trig and not self.who_matches(trig["patient"], ev.patient, hero):
            return False
        if "resource" in trig and trig["resource"] != ev.resource:
            return False
        cf = trig.get("card")
        if cf:
            if cf.get("card") == "self" and ev.card != card:
                return False
            if "type" in cf and (ev.card is None or not self.g.cards[ev.card].has_type(cf["type"])):
                return False
            if cf.get("card") == "any" and ev.card is None:
                return False
            if "owner" in cf and (ev.card is None or not self.who_matches(
                    {"who": cf["owner"]}, self.g.controller(ev.card) or self.g.owner_hero(ev.card), hero)):
                return False  # "uma carta de um oponente": whose card it is
        return True

    def who_matches(self, spec: dict[str, Any], who: str | None, me: str | None) -> bool:
        w = spec.get("who")
        if who is None:
            return w == "any"
        if who not in self.g.heroes:  # a COMPANHEIRO acting: judged as its Hero
            c = self.g.cards.get(who)
            who = (c.companion_of or c.owner) if c else who
        if w == "any":
            return True
        if me is None or who not in self.g.heroes:
            return False
        if w == "self":
            return who == me
        if w == "opponent":
            return not self.g.teammates(who, me)
        if w == "ally":
            return who != me and self.g.teammates(who, me)
        if w == "turn":
            return who == self.g.turn_hero
        if w == "other":
            return who != me
        return False

    def legal(self, hero: str | None, card: Card, eno: int, ev: GEvent | None,
              response: bool) -> tuple[bool, str, dict[str, Any]]:
        """All the checks before anything is paid: scope, limits, activation kind, Previsão.

        Returns ``(ok, code, params)``: the reason of a refusal as data (:mod:`rulekit.apoteose.reasons`)."""
        effect = card.effects[eno]
        eid = _effect_id(card.id, eno)
        g = self.g
        if effect.activation == "Passivo":
            return False, "PASSIVO", {}
        if self.card_zone(card.id) == "LIMBO":
            return False, "LIMBO", {}
        leaving = ev is not None and R.timing_overrides_scope(ev.kind, ev.card == card.id, bool(effect.timings))
        if not self.in_scope(card, effect) and not leaving:
            return False, "SCOPE", {"zone": self.card_zone(card.id), "scopes": ", ".join(effect.scopes) or "default"}
        own_turn = hero == g.turn_hero
        limit = R.limit_refusal(effect.limits, own_turn=own_turn, used_cycle=g.used_cycle.get(eid) == g.cycle,
                                used_battle=g.used_battle.get(eid) == g.battle, acted=g.actions_this_turn > 0,
                                cycle=g.cycle, battle=g.battle)
        if limit is not None:
            return False, limit[0], limit[1]
        ok, code, params = self.may_use(hero, card, effect, own_turn)
        if not ok:
            return False, code, params
        trig = effect.trigger()
        if effect.activation == "Auto" or response:
            if ev is None:
                return False, "NO_EVENT", {}
            t_ok = trig is None or self.trigger_matches(trig, ev, hero, card.id)
            m_ok = not effect.timings or self.timing_matches(effect, card, hero, ev)
            if trig is None and not effect.timings:
                t_ok = False
            if not (t_ok and m_ok):
                return False, "NO_TRIGGER", {}
            if effect.activation == "Ativar" and not R.may_activate_ativar(own_turn=own_turn,
                                                                          has_quando_met=trig is not None):
                return False, "NOT_OWN_TURN", {"case": "response"}
        else:
            if not own_turn:
                return False, "NOT_OWN_TURN", {}
            if trig is not None:
                return False, "NEEDS_EVENT", {}
            if effect.timings:
                return False, "NEEDS_MOMENT", {"timings": ", ".join(effect.timings)}
        ctx = Ctx(hero, card.id, self.frame_of(ev), [], event=ev)
        ok, params = self.previsao(ctx, effect)
        if not ok:
            return False, "PREVISAO", params
        return True, "", {}

    def frame_of(self, ev: GEvent | None) -> Frame | None:
        if ev is None or ev.frame is None:
            return None
        for f in self.stack:
            if f.index == ev.frame:
                return f
        return None

    # ------------------------------------------------------------------ Previsão --------
    def steps(self, effect: Effect) -> list[tuple[str, Statement, Requirement | None]]:
        """The things paid at activation: the task first, then costs and actions in order."""
        out: list[tuple[str, Statement, Requirement | None]] = []
        if effect.task:
            out.append(("task", S.from_dict({"op": R.TASKS[effect.task], "card": "self"}), None))
        for i, r in enumerate(effect.requirements):
            if r.kind in ("cost", "action"):
                out.append((f"req{i}", r.statement or S.from_dict(r.ast), r))
        return out

    def previsao(self, ctx: Ctx, effect: Effect) -> tuple[bool, dict[str, Any]]:
        """Seed «Previsão»: is there one assignment meeting ALL requirements together?

        Returns ``(ok, params)`` of the ``PREVISAO`` reason (``case``: unmet, broken or together)."""
        steps = self.steps(effect)
        if self.solve(self.g, ctx, effect, steps, 0):
            return True, {}
        for key, ast, req in steps:
            if not self.solve(self.g, ctx, effect, [(key, ast, req)], 0, check_conditions=False):
                text = req.text if req else f"task {effect.task}"
                return False, {"case": "unmet", "requirement": text}
        for r in effect.requirements:
            if r.kind in ("state", "condition") and not self.holds(self.g, ctx, r.ast):
                return False, {"case": "broken", "requirement": r.text}
        return False, {"case": "together", "requirements": "; ".join(r.text for r in effect.requirements)}

    def solve(self, g: Game, ctx: Ctx, effect: Effect, steps: list[Any], i: int,
              check_conditions: bool = True) -> bool:
        if i == len(steps):
            if not check_conditions:
                return True
            return all(self.holds(g, ctx, r.ast) for r in effect.requirements
                       if r.kind in ("state", "condition"))
        key, ast, _req = steps[i]
        opts = self.options(g, ctx, ast)
        for opt in opts if opts is not None else [None]:
            preview = PreviewWorld(g.clone())
            sctx = Ctx(ctx.hero, ctx.card, ctx.answered, list(ctx.selected), list(ctx.paid), ctx.event)
            try:
                self.apply(preview, sctx, ast, opt, None)
            except Fail:
                continue
            if self.solve(preview.g, sctx, effect, steps, i + 1, check_conditions):
                return True
        return False

    def feasible_options(self, ctx: Ctx, effect: Effect, steps: list[Any], i: int) -> list[str]:
        """Seed «Previsão»: only the choices that keep every other requirement satisfiable."""
        key, ast, _ = steps[i]
        opts = self.options(self.g, ctx, ast) or []
        out = []
        for opt in opts:
            preview = PreviewWorld(self.g.clone())
            sctx = Ctx(ctx.hero, ctx.card, ctx.answered, list(ctx.selected), list(ctx.paid), ctx.event)
            try:
                self.apply(preview, sctx, ast, opt, None)
            except Fail:
                continue
            if self.solve(preview.g, sctx, effect, steps, i + 1):
                out.append(opt)
        return out

    # ------------------------------------------------------------------ targets ---------
    def heroes_for(self, g: Game, ctx: Ctx, spec: dict[str, Any]) -> list[str]:
        w = spec.get("who")
        me = ctx.hero
        if w == "self":
            return [me] if me else []
        if w == "selected":
            return [s for s in ctx.selected if s in g.heroes]
        if w == "answered":
            return [ctx.answered.hero] if ctx.answered and ctx.answered.hero else []
        if w == "turn":
            return [g.turn_hero]
        if w == "that":  # "aquele oponente": the hero of the event answered (to whom, else who did it)
            ev = ctx.event
            for who in ((ev.patient, ev.actor) if ev else ()):
                if who in g.heroes:
                    return [who]
                card = g.cards.get(who or "")
                if card is not None and (card.companion_of or card.owner) in g.heroes:
                    return [card.companion_of or card.owner]
            return []
        if w == "name":
            name = spec["name"]
            return [h.id for h in g.heroes.values() if norm(h.id) == norm(name) or norm(h.name) == norm(name)]
        if w in ("opponent", "ally", "any"):
            return [h for h in g.heroes if self.who_matches({"who": w}, h, me)]
        return []

    def cards_for(self, g: Game, ctx: Ctx, spec: dict[str, Any]) -> list[str]:
        """Candidate cards for a card phrase (R-15 for generic costs)."""
        c = spec.get("card")
        if c == "self":
            return [ctx.card] if ctx.card else []
        if c == "answered":
            return [ctx.answered.card] if ctx.answered and ctx.answered.card else []
        if c == "selected":
            return [s for s in ctx.selected if s in g.cards]
        if c == "paid":
            return [s for s in ctx.paid if s in g.cards]
        out = []
        zone = spec.get("zone")
        owners = self.card_owners(g, ctx, spec.get("owner", "self"))
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

    def card_owners(self, g: Game, ctx: Ctx, owner: str) -> list[str]:
        """Whose cards a card phrase means: "suas cartas" (self), "de um oponente", "do seu time"…"""
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
        return [h for h in g.heroes if h != me]  # "de outro Herói"

    def options(self, g: Game, ctx: Ctx, st: Statement) -> list[str] | None:
        """The choices a statement/requirement needs (``None`` when it needs none)."""
        if isinstance(st, S.Select):
            if st.what == "hero":
                pool = self.heroes_for(g, ctx, {"who": st.who or "any"})
            else:
                zone = st.zone
                if zone in ("TABULEIRO", "CENÁRIO"):
                    pool = list(g.shared[zone])
                else:
                    owners = self.card_owners(g, ctx, st.owner) if st.owner is not None else list(g.heroes)
                    pool = [cid for h in owners for z in ((zone,) if zone else R.CARD_COST_ZONES)
                            for cid in g.heroes[h].zones[z]]
                pool = [c for c in pool if c != ctx.card and (st.type is None or g.cards[c].has_type(st.type))]
            return _combos(pool, int(st.count))
        card = getattr(st, "card", None)
        count = getattr(st, "count", None)
        if isinstance(st, S.Damage) and card == "choose":
            pool = [cid for cid, c in g.cards.items() if c.vida is not None and g.locate(cid)[1] in IN_PLAY
                    and (st.type is None or c.has_type(st.type))]
            return _combos(pool, int(count if count is not None else 1))
        if card == "choose" and isinstance(st, (S.CardStatement, S.Damage)):
            pool = self.cards_for(g, ctx, st.card_phrase())
            if isinstance(st, S.Exhaust):
                pool = [c for c in pool if not g.cards[c].consumed]
            if isinstance(st, S.Ready):
                pool = [c for c in pool if g.cards[c].consumed]
            if isinstance(st, S.Reveal):
                pool = [c for c in pool if not g.cards[c].revealed]
            return _combos(pool, int(count if count is not None else 1))
        if isinstance(st, S.Attach) and st.to.get("card") == "choose":
            return self.cards_for(g, ctx, st.to)
        if isinstance(st, (S.Damage, S.Lose, S.Heal, S.Recover)) and st.target is not None and st.target.get(
                "who") in ("opponent", "ally", "any") and not st.target.get("all"):
            return self.heroes_for(g, ctx, st.target)
        return None

    # ------------------------------------------------------------------ conditions ------
    def holds(self, g: Game, ctx: Ctx, cond: dict[str, Any]) -> bool:
        """Is a state/condition true now? (R-03/R-04 decide *when* it is asked.)"""
        c = cond.get("cond")
        if c == "trigger":
            return True
        if c == "during":
            return self.holds(g, ctx, cond["what"])
        if c == "until":
            return self.holds(g, ctx, cond["what"])
        if c == "until_time":
            return True
        if c == "has":
            if ctx.hero is None:
                return False
            zones = (cond["zone"],) if cond.get("zone") else tuple(g.heroes[ctx.hero].zones)
            n = sum(1 for z in zones for cid in g.heroes[ctx.hero].zones.get(z, [])
                    if "type" not in cond or g.cards[cid].has_type(cond["type"]))
            return n >= int(cond.get("count", 1))
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
        if c == "test":
            return g.testing
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
        if c == "resource":
            if ctx.hero is None:
                return False
            v = _resource(g, ctx.hero, cond["resource"])[0]
            return {"<": v < cond["value"], ">": v > cond["value"], ">=": v >= cond["value"]}[cond["cmp"]]
        if c == "attached":
            return ctx.card is not None and g.cards[ctx.card].attached_to is not None
        raise Fail("CANNOT_EVALUATE", cond=str(cond))

    # ------------------------------------------------------------------ amounts ---------
    def amount(self, g: Game, ctx: Ctx, a: Any) -> int:
        if isinstance(a, int):
            return a
        if "sum" in a:
            total = 0
            attrs = self.attributes(ctx.hero, g) if ctx.hero else {}
            for factor, term in a["sum"]:
                total += factor * (term if isinstance(term, int) else attrs.get(term, 0))
            return min(total, int(a["max"])) if "max" in a else total  # seed «(máx N)»
        if "per" in a:
            per = a["per"]
            hero = ctx.hero
            if hero is None:
                return 0
            ids = g.heroes[hero].zones.get(per["zone"], []) if per["zone"] not in g.shared else g.shared[per["zone"]]
            n = sum(1 for cid in ids if "type" not in per or g.cards[cid].has_type(per["type"]))
            v = n * int(a.get("times", 1))
            if "max" in a:  # seed «(máx N)»
                v = min(v, int(a["max"]))
            return v
        raise Fail("BAD_AMOUNT", amount=str(a))

    # ------------------------------------------------------------------ moving cards ----
    def move_card(self, world: World, card_id: str, to: str, actor: str | None,
                  bottom: bool = True) -> list[GEvent]:
        """Move a card to a zone (its owner's, or a shared one); the ``leave``/``enter`` events the world
        records when it leaves or enters play."""
        g = world.g
        holder, zone = g.locate(card_id)
        if zone in ("NOWHERE", "LIMBO"):
            raise Fail("CARD_UNAVAILABLE", card=card_id)
        owner = g.owner_hero(card_id)
        g.remove(card_id)
        if to in g.shared:
            g.put(card_id, None, to, bottom)
        else:
            dest = owner or holder
            if dest is None:
                common = {"DESCARTE": "DESCARTE COMUM", "BARALHO": "BARALHO COMUM"}.get(to)
                if common is None:
                    raise Fail("NO_HOLDER", card=card_id, zone=to)
                g.put(card_id, None, common, bottom)
            else:
                g.put(card_id, dest, to, bottom)
        g.cards[card_id].attached_to = None
        evs: list[GEvent] = []
        new_zone = g.locate(card_id)[1]
        if zone in IN_PLAY and new_zone not in IN_PLAY:
            evs.extend(world.record("leave", actor, card=card_id, patient=holder))
        if new_zone in IN_PLAY and zone not in IN_PLAY:
            evs.extend(world.record("enter", actor, card=card_id))
        return evs

    # ------------------------------------------------------------------ statements ------
    def apply(self, world: World, ctx: Ctx, st: Statement, choice: str | None, frame: Frame | None,
              key: str = "body") -> list[GEvent]:
        """Carry out one statement (or cost/action requirement) with the handler of its class in
        :data:`HANDLERS`, against a world: the live game (:class:`LiveWorld`) or Previsão's copy of it
        (:class:`PreviewWorld`, which records no events, takes no decisions and leaves the chain's
        frames alone). Raises :class:`Fail` if it cannot be done. ``key`` names the statement in
        decision keys (``body<i>``)."""
        step = Step(self, world, ctx, st, choice, frame, key)
        handler = HANDLERS.get(type(st))
        if handler is None:
            raise Fail("CANNOT_RUN", op=st.op)
        handler(step)
        return step.evs

    def run_stmt(self, world: World, ctx: Ctx, st: Statement, frame: Frame | None,
                 key: str = "body") -> list[GEvent]:
        """A statement of a body: its choice (if it needs one) from the world, then :meth:`apply`."""
        choice = None
        opts = self.options(world.g, ctx, st)
        if opts is not None:
            if not opts:
                raise Fail("NO_LEGAL_CHOICE", op=st.op)
            choice = world.choose(frame, opts[0], lambda f: DecisionPoint(
                key=f"choose@{f.index}.{key}", kind="choose", spotlight=f.index, stage=f.stage, answers=(),
                options=tuple(Option(o, o) for o in opts), prompt=_stmts_label([st])))
        return self.apply(world, ctx, st, choice, frame, key)

    def choose_key(self, point: DecisionPoint, index: int) -> str:
        sub = point.key.split(".", 1)[1] if "." in point.key else point.key
        scripted = self.choices.get(index, {}).get(sub)
        if scripted is not None and any(o.id == str(scripted) for o in point.options):
            self.decisions.append(Decision(point.key, point.kind, str(scripted), "script"))
            return str(scripted)
        if scripted is not None:
            self.errors.append(TraceError(None, "ILLEGAL_CHOICE", f"{point.key}: '{scripted}' is not a legal "
                                          f"choice ({', '.join(o.id for o in point.options)})"))
        return self.decide(point)

    def pick_cards(self, g: Game, ctx: Ctx, ast: dict[str, Any], choice: str | None) -> list[str]:
        """The cards a card phrase (plain data: ``card``, ``count``, ``type``, ``zone``, ``owner``) means."""
        if ast.get("card") == "choose":
            if choice is None:
                raise Fail("NO_CARD_CHOSEN")
            return choice.split("+")
        cards = self.cards_for(g, ctx, ast)
        if not cards and ast.get("card") == "all":
            return []  # "todas as cartas" of an empty zone: nothing to do
        if not cards:
            raise Fail("NO_CARD", card=str(ast.get("card")))
        for cid in cards:
            if g.locate(cid)[1] in ("NOWHERE", "LIMBO"):
                raise Fail("CARD_UNAVAILABLE", card=cid)
        return cards

    @staticmethod
    def hit_card(g: Game, cid: str, amount: int) -> int:
        """A COMPANHEIRO with its own VIDA takes damage (floor 0); returns the damage done."""
        vida = g.cards[cid].vida
        if vida is None:
            raise Fail("NO_RESOURCE", hero=cid, resource="VIDA")
        before = vida[0]
        vida[0] = max(0, vida[0] - amount)
        return before - vida[0]


    # ------------------------------------------------------------------ attributes ------
    def attributes(self, hero: str | None, g: Game | None = None) -> dict[str, int]:
        """Base attributes + lasting gains (R-19) + Passivo gains that currently apply (R-23)."""
        g = g or self.g
        if hero is None:
            return {}
        out = dict(g.heroes[hero].attributes)
        for lt in g.lasting:
            if lt.hero == hero:
                out[lt.attribute] = out.get(lt.attribute, 0) + lt.amount
        for cid, _eno, eff in self.passives(g):
            ctrl = g.controller(cid)
            ctx = Ctx(ctrl, cid, None, [])
            for st in eff.body:
                if isinstance(st, S.Gain) and ctrl == hero:
                    out[st.attribute] = out.get(st.attribute, 0) + self.amount(g, ctx, st.amount)
        return dict(sorted(out.items()))

    def passives(self, g: Game) -> list[tuple[str, int, Effect]]:
        """R-23: Passivo effects of cards in play whose requirements hold now."""
        out = []
        for card in g.cards.values():
            for eno, eff in enumerate(card.effects):
                if eff.activation != "Passivo":
                    continue
                zone = g.locate(card.id)[1]
                in_play = (zone in IN_PLAY or card.attached_to is not None) if not eff.scopes else \
                    R.scope_allows(eff.scopes, zone, card.attached_to is not None)
                if not in_play:
                    continue
                ctx = Ctx(g.controller(card.id), card.id, None, [])
                try:
                    if all(self.holds(g, ctx, r.ast) for r in eff.requirements):
                        out.append((card.id, eno, eff))
                except Fail:
                    continue
        return out

    def refresh(self) -> None:
        """Emit ``passive`` events when a Passivo starts or stops applying (R-23)."""
        now = {_effect_id(c, n) for c, n, _ in self.passives(self.g)}
        for eid in sorted(now - self.passive_on):
            self.emit("passive", card=eid.split("#")[0], effect=eid, detail={"applies": True, "rule": "R-23"})
        for eid in sorted(self.passive_on - now):
            self.emit("passive", card=eid.split("#")[0], effect=eid, detail={"applies": False, "rule": "R-23"})
        self.passive_on = now

    def expire(self, when: str | None = None, hero: str | None = None) -> None:
        """End lasting effects: their time came, their card left (R-19), or an Enquanto broke (R-03)."""
        keep = []
        for lt in self.g.lasting:
            reason: tuple[str, dict[str, Any]] | None = None
            if when is not None and lt.until == when and (hero is None or lt.hero == hero):
                reason = ("TIME_CAME", {"when": when})
            elif lt.card and not lt.survives_card and self.g.locate(lt.card)[1] not in ("MESA", "CENÁRIO",
                                                                                           "TABULEIRO", "SUPORTE",
                                                                                           "INVENTÁRIO"):
                reason = ("CARD_LEFT_PLAY", {})
            else:
                ctx = Ctx(lt.hero, lt.card, None, [])
                try:
                    if R.ENQUANTO_ENDS_LASTING_EFFECT and lt.enquanto and not all(
                            self.holds(self.g, ctx, c) for c in lt.enquanto):
                        reason = ("STATE_ENDED", {})
                except Fail:
                    reason = ("STATE_ENDED", {}) if R.ENQUANTO_ENDS_LASTING_EFFECT else None
            if reason:
                self.emit("expire", card=lt.card, effect=lt.effect, hero=lt.hero,
                          detail={"attribute": lt.attribute, "amount": lt.amount, "code": reason[0],
                                  "params": reason[1]})
            else:
                keep.append(lt)
        self.g.lasting = keep

    # ------------------------------------------------------------------ the chain -------
    def activate(self, hero: str | None, card_id: str, eno: int, answer: GEvent | None,
                 parent: Frame | None) -> Frame | None:
        """Seed «Encadeamento de Resposta»: push a frame, pay, halt, resolve, post, remove."""
        g = self.g
        card = g.cards[card_id]
        if eno >= len(card.effects):
            raise RulekitError(f"card '{card_id}' has no effect #{eno}", code="UNKNOWN_EFFECT")
        effect = card.effects[eno]
        ok, code, params = self.legal(hero, card, eno, answer, parent is not None)
        if not ok:
            self.emit("refused", index=None, card=card_id, effect=_effect_id(card_id, eno), hero=hero,
                      responds_to=parent.index if parent else None, detail={"code": code, "params": params})
            self.errors.append(TraceError(card_id, code, render(code, params)))
            return None
        frame = Frame(index=len(self.stack), card=card_id, effect_no=eno, effect=effect,
                      effect_id=_effect_id(card_id, eno), hero=hero, responds_to=parent.index if parent else None,
                      answers=answer, parent=parent, start_zone=self.card_zone(card_id))
        return self.push_and_run(frame)

    def push_and_run(self, frame: Frame, rules: bool = False) -> Frame:
        g = self.g
        effect = frame.effect
        if len(self.stack) >= MAX_DEPTH:
            raise RulekitError(f"the chain is deeper than {MAX_DEPTH} (an endless Auto loop?)", code="CHAIN_LOOP")
        if frame.parent is not None:
            self.emit("respond", frame, stage=None, detail={"answers": frame.answers.label if frame.answers else None,
                                                            "answers_text": self.describe(frame.answers) if frame.answers else None,
                                                            "answers_kind": frame.answers.kind if frame.answers else None})
        self.stack.append(frame)
        frame.activation = self.ev("activate", "after", frame.hero, card=frame.card, frame=frame.index,
                                   label=f"activate@{frame.index}")
        self.emit("activate", frame, detail={"text": _effect_text(effect), "activation": effect.activation,
                                             "rules_action": rules,
                                             "answers": frame.answers.label if frame.answers else None})
        counted = rules or (effect.activation == "Ativar" and frame.hero == g.turn_hero)
        if counted:
            g.actions_this_turn += 1  # Ação Inicial counts non-automatic actions
        if "Uma Vez por Ciclo" in effect.limits:
            g.used_cycle[frame.effect_id] = g.cycle
        if "Uma Vez por Batalha" in effect.limits:
            g.used_battle[frame.effect_id] = g.battle
        # -- activating: pay task + costs/actions with Previsão-filtered choices; no responses.
        ctx = self.ctx(frame)
        steps = self.steps(effect)
        if steps:
            self.no_responses(frame, "activating", "REQUIREMENTS_BEING_PAID")
        for i, (key, ast, req) in enumerate(steps):
            opts = self.feasible_options(ctx, effect, steps, i) if self.options(g, ctx, ast) is not None else None
            choice = None
            if opts is not None:
                point = DecisionPoint(key=f"choose@{frame.index}.{key}", kind="choose", spotlight=frame.index,
                                      stage="activating", answers=(), options=tuple(Option(o, o) for o in opts),
                                      prompt=req.text if req else f"task {effect.task}")
                if not opts:
                    raise RulekitError(f"Previsão found no choice for {point.key}", code="PREVISAO")
                choice = self.choose_key(point, frame.index)
            before = self.snapshot()
            try:
                evs = self.apply(self.live, ctx, ast, choice, frame)
            except Fail as exc:  # cannot happen after Previsão; reported, never hidden
                raise RulekitError(f"payment failed after Previsão: {exc}", code="INTERNAL") from None
            frame.paid.extend(evs)
            ctx.paid.extend(e.card for e in evs if e.card and e.kind in PAID_KINDS)
            self.emit("pay", frame, resources=self.diff(before),
                      detail={"requirement": req.text if req else effect.task, "kind": req.kind if req else "task",
                              "step": key, "choice": choice, "events": [e.label for e in evs]})
        frame.selected = ctx.selected
        # -- halt window
        frame.stage = "halt"
        self.window(frame, "halt")
        if frame.negated:
            self.pop(frame, "negated")
            return frame
        broken = [r for r in effect.requirements if R.recheck_at_halt_exit(r.kind, r.verb)
                  and not self.still_holds(frame, r)]
        if broken:
            self.emit("stopped", frame, detail={"code": "STATE_BROKEN", "params": {"requirement": broken[0].text},
                                                "rule": "R-03", "costs_refunded": False})
            if not R.STOPPED_USES_ONCE_LIMITS:  # R-09
                g.used_cycle.pop(frame.effect_id, None) if "Uma Vez por Ciclo" in effect.limits else None
                g.used_battle.pop(frame.effect_id, None) if "Uma Vez por Batalha" in effect.limits else None
            if counted and not R.STOPPED_COUNTS_AS_ACTION:  # R-09
                g.actions_this_turn -= 1
            self.pop(frame, "stopped")
            return frame
        # -- resolving (atomic, R-02)
        frame.stage = "resolving"
        self.no_responses(frame, "resolving", "RESOLUTION_IS_ATOMIC")
        before = self.snapshot()
        done, skipped, (why, why_params) = self.resolve_body(frame, ctx)
        if skipped:
            self.emit("truncated", frame, detail={"code": why, "params": why_params, "done": done,
                                                  "skipped": skipped, "seed": "Na Descrição"})
        self.emit("resolve", frame, resources=self.diff(before),
                  detail={"statements": done, "truncated": bool(skipped),
                          "events": [e.label for e in frame.results]})
        self.resolution_order.append(frame.card or frame.effect_id)
        frame.results.append(self.ev("resolve", "after", frame.hero, card=frame.card, frame=frame.index,
                                     label=f"resolve@{frame.index}"))
        if "Encerra Turno" in effect.limits and frame.hero:
            self.pending_end_turn.append(frame.hero)
        self.expire()
        self.refresh()
        # -- post window
        frame.stage = "post"
        self.window(frame, "post")
        self.pop(frame, "resolved")
        return frame

    def ctx(self, frame: Frame) -> Ctx:
        answered = frame.parent
        if answered is None and frame.answers is not None:
            answered = self.frame_of(frame.answers)
        return Ctx(frame.hero, frame.card, answered, frame.selected, event=frame.answers)

    def still_holds(self, frame: Frame, r: Requirement) -> bool:
        """R-03: states, and Selecione targets, must still hold when the halt window closes."""
        ctx = self.ctx(frame)
        if r.kind == "state":
            try:
                return self.holds(self.g, ctx, r.ast)
            except Fail:
                return False
        for sel, zone in frame.selected_zone.items():
            if zone == "HERO":
                if self.g.heroes[sel].resources.get("VIDA", [1, 1])[0] <= 0:
                    return False
            elif self.g.locate(sel)[1] != zone:
                return False
        return True

    def resolve_body(self, frame: Frame, ctx: Ctx) -> tuple[list[str], list[str], tuple[str, dict[str, Any]]]:
        """Seed «Na Descrição»: run the statements in order; the first that cannot be done (or a broken
        Enquanto/Durante) cuts the rest. Returns (done, skipped, (code, params) of why)."""
        done: list[str] = []
        body = list(frame.effect.body)
        for i, st in enumerate(body):
            ench = [r for r in frame.effect.requirements if norm(r.verb) in ("enquanto", "durante")]
            broken = [r for r in ench if not self.safe_holds(ctx, r.ast)]
            if broken:
                return done, [_stmts_label([s]) for s in body[i:]], ("BROKE_DURING_RESOLUTION",
                                                                     {"requirement": broken[0].text})
            try:
                frame.results.extend(self.run_stmt(self.live, ctx, st, frame, key=f"body{i}"))
            except Fail as exc:
                return done, [_stmts_label([s]) for s in body[i:]], (exc.code, exc.params)
            done.append(_stmts_label([body[i]]))
        return done, [], ("", {})

    def safe_holds(self, ctx: Ctx, cond: dict[str, Any]) -> bool:
        try:
            return self.holds(self.g, ctx, cond)
        except Fail:
            return False

    def pop(self, frame: Frame, how: str) -> None:
        self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        self.emit("remove", frame, stage=None, detail={"how": how,
                                                       "spotlight_returns_to": parent.index if parent else None})
        if not self.stack:
            self.emit("end", detail={"resolved": list(self.resolution_order)})
            ends, self.pending_end_turn = self.pending_end_turn, []
            for h in ends:  # R-11: the turn ends once the whole chain is empty
                if self.g.turn_hero == h:
                    self.emit("end_turn", hero=h, detail={"by": "Encerra Turno", "rule": "R-11"})
                    self.end_turn()

    # ------------------------------------------------------------------ windows ---------
    def window_events(self, frame: Frame, stage: str) -> list[GEvent]:
        if stage == "halt":
            evs = [e for e in [frame.activation] if e is not None] + list(frame.paid)
            if not R.options_block_before_responses(frame.effect.has_options):
                evs += self.before_events(frame)
            return evs
        return list(frame.results)

    def before_events(self, frame: Frame) -> list[GEvent]:
        """R-21: the body's actions announced in halt, so "for ser …" effects can answer them."""
        if frame.before is None:
            frame.before = []
            ctx = self.ctx(frame)
            kinds = {"heal": "heal", "recover": "recover", "damage": "damage", "lose": "lose", "consume": "consume",
                     "draw": "draw", "discard": "discard", "bury": "bury", "banish": "banish", "test": "test",
                     "attack": "attack", "roll": "roll", "return": "return", "gain": "gain"}
            for i, st in enumerate(frame.effect.body):
                k = kinds.get(st.op)
                if k is None:
                    continue
                patient = None
                spec = getattr(st, "target", None)
                if spec and spec.get("who") in ("self", "answered", "selected", "turn", "name"):
                    hs = self.heroes_for(self.g, ctx, spec)
                    patient = hs[0] if hs else None
                kw: dict[str, Any] = {"patient": patient, "resource": getattr(st, "resource", None), "frame": frame.index,
                                      "label": f"before:{k}@{frame.index}.{i}"}
                frame.before.append(self.ev(k, "before", frame.hero, **kw))
                if k == "attack":
                    frame.before.append(self.ev("damage", "before", frame.hero, patient=patient, resource="VIDA",
                                                frame=frame.index, label=f"before:damage@{frame.index}.{i}"))
        return frame.before

    def window(self, frame: Frame, stage: str) -> None:
        """A halt or post window: every Auto first (priority, each fully resolved), then Ativar (R-06)."""
        if "Irrespondível" in frame.effect.limits and stage in R.IRRESPONDIVEL_CLOSES:
            self.emit(stage, frame, detail={"closed": True, "rule": "R-10"})
            self.closed_window(frame, stage)
            return
        evs = self.window_events(frame, stage)
        self.emit(stage, frame, detail={"answerable": [e.label for e in evs]})
        visits = 0
        while not frame.negated:
            evs = self.window_events(frame, stage)
            autos = self.gather_autos(frame, evs)
            if autos:
                _, hero, card, eno, gev = self.pick_auto(frame, stage, autos, visits)
                visits += 1
                self.used.add((_effect_id(card, eno), gev.seq))
                self.choices[frame.index + 1] = {}
                self.activate(hero, card, eno, gev, frame)
                continue
            options, refused, lookup = self.gather_ativar(frame, evs)
            point = DecisionPoint(key=f"{stage}@{frame.index}#{visits}", kind="respond", spotlight=frame.index,
                                  stage=stage, answers=tuple(e.label for e in evs),
                                  options=(Option("pass", "pass"), *options), refused=tuple(refused),
                                  prompt=f"respond to {frame.effect_id} ({stage})")
            visits += 1
            choice = self.decide(point)
            if choice == "pass":
                return
            if choice not in lookup:
                self.errors.append(TraceError(None, "ILLEGAL_CHOICE", f"{point.key}: '{choice}' is not a legal response"))
                return
            hero, card, eno, gev = lookup[choice]
            self.used.add((_effect_id(card, eno), gev.seq))
            self.choices[frame.index + 1] = dict(self.scripted_choices.get(choice, {}))
            self.activate(hero, card, eno, gev, frame)

    def no_responses(self, frame: Frame, stage: str, code: str) -> None:
        """Seed «Encadeamento de Resposta»: while requirements are paid («nenhuma resposta pode ser dada») and
        while a body resolves («a resolução deve ser cumprida integralmente primeiro», R-02) nothing can be
        activated. A script that tries (``window: activating@<i>`` / ``resolving@<i>``) is refused with that
        reason, never ignored."""
        params = {"effect": frame.effect_id}
        refused = tuple(Refusal(f"{h}:{_effect_id(c.id, n)}", h, c.id, _effect_id(c.id, n), code, params)
                        for c in self.g.cards.values() for n, e in enumerate(c.effects) if e.activation == "Ativar"
                        for h in self.activators(c, e))
        self.decider(DecisionPoint(key=f"{stage}@{frame.index}#0", kind="respond", spotlight=frame.index,
                                   stage=stage, answers=(), options=(Option("pass", "pass"),), refused=refused,
                                   prompt=f"{stage} {frame.effect_id}: no responses"))

    def closed_window(self, frame: Frame, stage: str) -> None:
        """R-10: a window closed by Irrespondível still tells a scripted response why it is refused.

        The decider sees the window with "pass" as its only option and every Ativar effect refused with
        code ``IRRESPONDIVEL``; a script that named one gets a ``refused`` event, never silence. Nothing is
        recorded as a decision (there was none to take)."""
        params = {"effect": frame.effect_id}
        refused = tuple(Refusal(f"{h}:{_effect_id(c.id, n)}", h, c.id, _effect_id(c.id, n), "IRRESPONDIVEL", params)
                        for c in self.g.cards.values() for n, e in enumerate(c.effects) if e.activation == "Ativar"
                        for h in self.activators(c, e))
        point = DecisionPoint(key=f"{stage}@{frame.index}#0", kind="respond", spotlight=frame.index, stage=stage,
                              answers=(), options=(Option("pass", "pass"),), refused=refused,
                              prompt=f"respond to {frame.effect_id} ({stage}: closed, R-10)")
        self.decider(point)

    def priority_key(self, hero: str | None, card: Card) -> tuple[int, int, int, int]:
        """R-05/R-07: (category, -Iniciativa, hero order, card order) relative to the turn hero."""
        g = self.g
        _, zone = g.locate(card.id)
        source = card.owner if card.owner in ("campanha", "mestre") else "hero"
        th = g.turn_hero
        cat = R.priority_category(source=source, zone=zone,
                                  controller_team=g.heroes[hero].team if hero in g.heroes else None,
                                  controller=hero, turn_hero=th, turn_team=g.heroes[th].team)
        ini = g.heroes[hero].iniciativa if hero in g.heroes else 0
        horder = list(g.heroes).index(hero) if hero in g.heroes else -1
        return cat, R.same_category_order(ini), horder, list(g.cards).index(card.id)

    def gather_autos(self, frame: Frame | None, evs: list[GEvent]) -> list[tuple[Any, str | None, str, int, GEvent]]:
        out = []
        for card in self.g.cards.values():
            for eno, eff in enumerate(card.effects):
                if eff.activation != "Auto":
                    continue
                eid = _effect_id(card.id, eno)
                if frame is not None and frame.effect_id == eid:
                    continue
                if any(f.effect_id == eid for f in self.stack):
                    continue  # an effect does not answer while it is itself on the chain
                for hero in self.activators(card, eff)[:1]:
                    for ev in evs:
                        if (eid, ev.seq) in self.used:
                            continue
                        ok, _, _ = self.legal(hero, card, eno, ev, True)
                        if ok:
                            out.append((self.priority_key(hero, card), hero, card.id, eno, ev))
                            break
        out.sort(key=lambda c: c[0])
        return out

    def pick_auto(self, frame: Frame | None, stage: str, cands: list[Any], visits: int) -> Any:
        """Seed «Prioridade»: first category; ties — Iniciativa, then the player's/turn hero's choice (R-05)."""
        top = cands[0][0][:2]
        tied = [c for c in cands if c[0][:2] == top]
        if len(tied) == 1:
            return tied[0]
        idx = frame.index if frame else 0
        point = DecisionPoint(key=f"order@{stage}@{idx}#{visits}", kind="order", spotlight=frame.index if frame else None,
                              stage=stage, answers=(), prompt="tie between Auto effects (R-05)",
                              options=tuple(Option(_effect_id(c[2], c[3]), _effect_id(c[2], c[3]), c[1], c[2],
                                                   _effect_id(c[2], c[3]), c[4].label) for c in tied))
        choice = self.decide(point)
        return next(c for c in tied if _effect_id(c[2], c[3]) == choice)

    def gather_ativar(self, frame: Frame, evs: list[GEvent]) -> tuple[list[Option], list[Refusal], dict[str, Any]]:
        options: list[tuple[Any, Option]] = []
        refused: list[Refusal] = []
        lookup: dict[str, Any] = {}
        for card in self.g.cards.values():
            for eno, eff in enumerate(card.effects):
                if eff.activation != "Ativar":
                    continue
                eid = _effect_id(card.id, eno)
                if any(f.effect_id == eid for f in self.stack):
                    continue
                trig = eff.trigger()
                for hero in self.activators(card, eff):
                    if trig is None and not eff.timings:
                        if hero is not None and self.card_zone(card.id) not in ("LIMBO",):
                            refused.append(Refusal(f"{hero}:{eid}", hero, card.id, eid, "NO_QUANDO"))
                        continue
                    best: tuple[str, dict[str, Any]] | None = None
                    matched = False
                    for ev in evs:
                        if (eid, ev.seq) in self.used:
                            continue
                        ok, code, params = self.legal(hero, card, eno, ev, True)
                        if ok:
                            oid = f"{hero}:{eid}>{ev.label}"
                            if oid not in lookup:
                                lookup[oid] = (hero, card.id, eno, ev)
                                options.append((self.priority_key(hero, card), Option(
                                    oid, f"{hero}: {card.name} ({eid}) — answers {self.describe(ev)}", hero, card.id,
                                    eid, ev.label)))
                            matched = True
                        elif code != "NO_TRIGGER":
                            best = best or (code, params)
                    if not matched:
                        code, params = best or ("NO_TRIGGER", {})
                        refused.append(Refusal(f"{hero}:{eid}", hero, card.id, eid, code, params))
        options.sort(key=lambda p: p[0])
        return [o for _, o in options], refused, lookup


#: R-04: "Até o final do turno" & co. as lasting-effect end times.
_TIME_KEYS = {"end_turn": "end_turn", "end_battle": "end_battle", "next_turn": "next_turn", "end_cycle": "end_cycle"}


#: Most ways to make one choice the engine lists (issue 11 §2: bounded cost; Previsão tries each).
MAX_CHOICES = 2000


def _combos(pool: list[str], count: int) -> list[str]:
    """Every way to pick ``count`` of ``pool`` ("a+b"), in a stable order; bounded by :data:`MAX_CHOICES`."""
    if count > len(pool):
        return []
    if math.comb(len(pool), count) > MAX_CHOICES:
        raise RulekitError(f"choosing {count} of {len(pool)} cards or heroes has more than {MAX_CHOICES} ways",
                           code="TOO_MANY_CHOICES")
    return ["+".join(p) for p in itertools.combinations(pool, count)]


def _resource(g: Game, hero: str, name: str) -> list[int]:
    """A hero's ``[current, max]`` of a resource. Issue 10 §3: a hero without it (a state built by hand; the
    loader asks for all three) makes the effect fail with that reason instead of a ``KeyError``."""
    h = g.heroes.get(hero)
    if h is None:
        raise Fail("NOT_A_HERO", hero=hero)
    res = h.resources.get(name)
    if res is None:
        raise Fail("NO_RESOURCE", hero=hero, resource=name)
    return res


def _stmts_label(stmts: Any) -> str:
    return "; ".join(st.label() for st in stmts)


def _effect_text(effect: Effect) -> str:
    from rulekit.apoteose.text import format_effect

    return format_effect(effect) if effect.source else effect.description


def _self_card(kind: str) -> Callable[[Engine, Card, str | None, GEvent], bool]:
    return lambda e, c, h, ev: ev.kind == kind and ev.card == c.id


def _hero_is(kind: str, role: str, rel: str) -> Callable[[Engine, Card, str | None, GEvent], bool]:
    def f(e: Engine, c: Card, h: str | None, ev: GEvent) -> bool:
        if ev.kind != kind:
            return False
        who = getattr(ev, role)
        if rel == "companion":
            return who == c.id
        if rel == "team":
            return e.who_matches({"who": "self"}, who, h) or e.who_matches({"who": "ally"}, who, h)
        return e.who_matches({"who": rel}, who, h)
    return f


def _turn(kind: str, rel: str) -> Callable[[Engine, Card, str | None, GEvent], bool]:
    """Seed «Início/Fim …»: «no início do primeiro turno» / «no final do último turno» of the cycle (R-20)."""
    who = _hero_is(kind, "actor", rel)
    flag = "first" if kind == "turn_start" else "last"
    return lambda e, c, h, ev: flag in ev.flags and who(e, c, h, ev)


def _moment(kind: str) -> Callable[[Engine, Card, str | None, GEvent], bool]:
    return lambda e, c, h, ev: ev.kind == kind


class World:
    """What a statement's handler acts on: a game state, and what happens around it — the game events
    it records, the dice it rolls, the decisions it asks, the chain's frames it touches.

    :class:`LiveWorld` is the game being played; :class:`PreviewWorld` is Previsão's copy of it (seed
    «Previsão»): the same handlers run on both, and only the world differs."""

    @property
    def g(self) -> Game:
        """The game state the statements change."""
        raise NotImplementedError

    def record(self, kind: str, actor: str | None, **kw: Any) -> list[GEvent]:
        """A game event that happened (``[event]``, or ``[]`` where nothing is recorded)."""
        raise NotImplementedError

    def roll(self, n: int) -> list[int]:
        """``n`` dice."""
        raise NotImplementedError

    def choose(self, frame: Frame | None, first: str, point: Callable[[Frame], DecisionPoint]) -> str:
        """A choice for a statement of ``frame``: the decider's, or ``first``."""
        raise NotImplementedError

    def negate(self, target: Frame, by: Frame | None) -> None:
        """R-08: mark an entry on the chain negated."""
        raise NotImplementedError

    def modify(self, target: Frame, action: str, delta: int) -> None:
        """Change the amount of an entry's action ("Aumente essa cura em 5")."""
        raise NotImplementedError

    def test_total(self, frame: Frame | None, total: int) -> None:
        """A test's total, kept on the entry that made it."""
        raise NotImplementedError


class LiveWorld(World):
    """The game itself: events are recorded (and answerable), the scenario's dice are rolled, decisions
    go to the decider, and the chain's frames change."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def g(self) -> Game:
        return self.engine.g

    def record(self, kind: str, actor: str | None, **kw: Any) -> list[GEvent]:
        return [self.engine.ev(kind, "after", actor, **kw)]

    def roll(self, n: int) -> list[int]:
        dice = self.g.dice
        return [dice.pop(0) if dice else 1 for _ in range(n)]

    def choose(self, frame: Frame | None, first: str, point: Callable[[Frame], DecisionPoint]) -> str:
        if frame is None:
            return first
        return self.engine.choose_key(point(frame), frame.index)

    def negate(self, target: Frame, by: Frame | None) -> None:
        target.negated = True
        self.engine.emit("negated", target, detail={"by": by.effect_id if by else None, "rule": "R-08"})

    def modify(self, target: Frame, action: str, delta: int) -> None:
        target.modifiers[action] = target.modifiers.get(action, 0) + delta

    def test_total(self, frame: Frame | None, total: int) -> None:
        if frame is not None:
            frame.modifiers["test_total"] = total


class PreviewWorld(World):
    """Previsão's copy of the game: the statements change the copy only. Nothing is recorded, every die
    shows 1, every choice is the first one, and the chain's frames (not part of the copy) are left alone."""

    def __init__(self, g: Game) -> None:
        self._g = g

    @property
    def g(self) -> Game:
        return self._g

    def record(self, kind: str, actor: str | None, **kw: Any) -> list[GEvent]:
        return []

    def roll(self, n: int) -> list[int]:
        return [1] * n

    def choose(self, frame: Frame | None, first: str, point: Callable[[Frame], DecisionPoint]) -> str:
        return first

    def negate(self, target: Frame, by: Frame | None) -> None:
        pass

    def modify(self, target: Frame, action: str, delta: int) -> None:
        pass

    def test_total(self, frame: Frame | None, total: int) -> None:
        pass


@dataclass
class Step:
    """One statement being carried out: the world it changes (the game or Previsão's copy of it), what
    "você"/"esta carta" mean, the choice made for it, its frame, and the events it makes."""

    engine: Engine
    world: World
    ctx: Ctx
    st: Any  # the Statement (typed ``Any`` so handlers read their own class's fields)
    choice: str | None
    frame: Frame | None
    key: str = "body"
    evs: list[GEvent] = field(default_factory=list)

    @property
    def g(self) -> Game:
        return self.world.g

    @property
    def me(self) -> str | None:
        return self.ctx.hero

    def event(self, kind: str, **kw: Any) -> None:
        """A game event of this statement (as the world records it)."""
        self.evs.extend(self.world.record(kind, self.me, **kw))

    def targets(self) -> list[str]:
        spec = getattr(self.st, "target", None) or {"who": "self"}
        if self.choice is not None and spec.get("who") in ("opponent", "ally", "any") and not spec.get("all"):
            return [self.choice]
        hs = self.engine.heroes_for(self.g, self.ctx, spec)
        if not hs:
            raise Fail("NO_HERO", who=str(spec.get("name") or spec.get("who")))
        return hs if spec.get("all") or spec.get("who") == "selected" else hs[:1]

    def modified(self, kind: str, v: int) -> int:
        """An amount changed by responses to this entry ("Aumente essa cura em 5"), never below 0."""
        return max(0, v + (self.frame.modifiers.get(kind, 0) if self.frame else 0))

    def amount(self, key: str = "amount") -> int:
        return self.engine.amount(self.g, self.ctx, getattr(self.st, key))

    def bonus_damage(self) -> int:
        return self.engine.attributes(self.me, self.g).get("DANO", 0) if self.me else 0

    def cards(self, ast: dict[str, Any] | None = None, choice: str | None = "") -> list[str]:
        return self.engine.pick_cards(self.g, self.ctx, self.st.card_phrase() if ast is None else ast,
                                      self.choice if choice == "" else choice)


def _heal(s: Step) -> None:
    """Cure / Recupere N de <recurso>: never above the max."""
    op = s.st.op
    for h in s.targets():
        res = _resource(s.g, h, s.st.resource)
        amt = s.modified(op, s.amount())
        before = res[0]
        res[0] = min(res[1], res[0] + amt)
        s.event(op, patient=h, resource=s.st.resource, amount=res[0] - before)


def _consume(s: Step) -> None:
    """Consuma N de <recurso>: pay now; not enough is a failure."""
    res = _resource(s.g, s.me, s.st.resource) if s.me else None
    amt = s.modified("consume", s.amount())
    if res is None or res[0] < amt:
        raise Fail("NOT_ENOUGH_RESOURCE", resource=s.st.resource, amount=amt)
    res[0] -= amt
    s.event("consume", patient=s.me, resource=s.st.resource, amount=amt)


def _damage(s: Step) -> None:
    """Cause N de DANO / <alvo> perde N: floor 0; DANO adds the actor's DANO attribute. A card phrase hits a
    COMPANHEIRO's own VIDA."""
    op = s.st.op
    if op == "damage" and s.st.card is not None:
        for cid in s.cards():
            amt = s.modified(op, s.amount()) + s.bonus_damage()
            s.event("damage", card=cid, resource="VIDA", amount=s.engine.hit_card(s.g, cid, amt))
        return
    for h in s.targets():
        res = _resource(s.g, h, s.st.resource)
        amt = s.modified(op, s.amount()) + (s.bonus_damage() if op == "damage" else 0)
        before = res[0]
        res[0] = max(0, res[0] - amt)
        s.event(op, patient=h, resource=s.st.resource, amount=before - res[0])


def _attack(s: Step) -> None:
    """An attack (a rules action or an activation bar): the attack, then its damage."""
    name = s.st.target.get("name")
    if name in s.g.cards:  # attacking a COMPANHEIRO
        s.event("attack", card=name)
        amt = s.modified("damage", s.amount() + s.bonus_damage())
        s.event("damage", card=name, resource="VIDA", amount=s.engine.hit_card(s.g, name, amt))
        return
    h = s.targets()[0]
    s.event("attack", patient=h)
    res = _resource(s.g, h, "VIDA")
    amt = s.modified("damage", s.amount() + s.bonus_damage())
    before = res[0]
    res[0] = max(0, res[0] - amt)
    s.event("damage", patient=h, resource="VIDA", amount=before - res[0])


def _test(s: Step) -> None:
    """A test: one die plus the attribute."""
    s.g.testing = True
    roll = s.world.roll(1)
    total = roll[0] + s.engine.attributes(s.me, s.g).get(s.st.attribute, 0) if s.me else roll[0]
    s.event("roll", amount=sum(roll))
    s.event("test", amount=total)
    s.g.testing = False
    s.world.test_total(s.frame, total)


def _draw(s: Step) -> None:
    """Compre N cartas: from the top of the hero's BARALHO."""
    n = s.modified("draw", int(s.st.count if s.st.count is not None else 1))
    if s.me is None:
        raise Fail("NOBODY_TO_DRAW")
    deck = s.g.heroes[s.me].zones["BARALHO"]
    if len(deck) < n:
        raise Fail("NOT_ENOUGH_CARDS", count=n)
    for _ in range(n):
        cid = deck.pop(0)
        s.g.heroes[s.me].zones["INVENTÁRIO"].append(cid)
        s.event("draw", card=cid)


#: Where each moving statement puts a card.
_DESTINATIONS = {"discard": "DESCARTE", "bury": "BARALHO", "banish": "BANIDAS", "return": "INVENTÁRIO"}


def _move(s: Step) -> None:
    """Descarte / Enterre / Bane / Devolva / Mova: the card changes zone (entering or leaving play too)."""
    op = s.st.op
    for cid in s.cards():
        moved = s.engine.move_card(s.world, cid, _DESTINATIONS.get(op, getattr(s.st, "dest", None) or "MESA"), s.me)
        s.event(op, card=cid)
        s.evs.extend(moved)


def _attach(s: Step) -> None:
    """Anexe <carta> a <carta>: it joins its host's zone and enters play."""
    host = s.st.to
    hosts = s.engine.cards_for(s.g, s.ctx, host) if host.get("card") != "choose" else (
        [s.choice] if s.choice else [])
    if not hosts:
        raise Fail("NOTHING_TO_ATTACH")
    for cid in s.cards(s.st.card_phrase(), None):
        holder, zone = s.g.locate(hosts[0])
        s.g.remove(cid)
        s.g.put(cid, holder, zone)
        s.g.cards[cid].attached_to = hosts[0]
        s.event("attach", card=cid)
        s.event("enter", card=cid)


def _flag(s: Step) -> None:
    """Consuma / Recupere / Revele / Oculte / Registre <carta>: turn the card (R-18: Registrar only marks it)."""
    op = s.st.op
    for cid in s.cards():
        card = s.g.cards[cid]
        if op == "exhaust":
            if card.consumed:
                raise Fail("ALREADY_CONSUMED", card=cid)
            card.consumed = True
        elif op == "ready":
            card.consumed = False
        elif op == "reveal":
            card.revealed = True
        elif op == "hide":
            card.revealed = False
        else:
            setattr(card, R.REGISTER_MARK, True)
        s.event(op, card=cid)


def _select(s: Step) -> None:
    """Selecione: the chosen heroes or cards become "o alvo" (R-03 checks them again at halt's end)."""
    if s.choice is None:
        raise Fail("NOTHING_TO_SELECT")
    for p in s.choice.split("+"):
        s.ctx.selected.append(p)
        if s.frame is not None:
            s.frame.selected_zone[p] = s.g.locate(p)[1] if p in s.g.cards else "HERO"
        if p in s.g.heroes:
            s.event("target", patient=p)
        else:
            s.event("target", card=p)


def _roll(s: Step) -> None:
    """Role N dados: the scenario's dice."""
    s.event("roll", amount=sum(s.world.roll(int(s.st.count if s.st.count is not None else 1))))


def _look(s: Step) -> None:
    """Olhe <carta>: nothing changes; the event can be answered."""
    for cid in s.cards():
        s.event("look", card=cid)


def _step(s: Step) -> None:
    """Mova-se: a board step (an event only)."""
    s.event("move")


def _negate(s: Step) -> None:
    """R-08: Negue a ativação — the answered entry leaves unresolved (not if Inegável)."""
    target = s.ctx.answered
    if target is None:
        raise Fail("NOTHING_TO_NEGATE")
    if target.stage in ("activating", "halt") and R.negation_applies(target.effect.limits):
        s.world.negate(target, s.frame)
    else:
        s.event("negate_failed", card=target.card)


def _modify(s: Step) -> None:
    """Aumente / Reduza essa <ação> em N: changes the answered entry's action (a "before" response)."""
    target = s.ctx.answered
    if target is None:
        raise Fail("NO_ACTION_TO_MODIFY")
    s.world.modify(target, s.st.action, s.amount("delta"))


def _gain(s: Step) -> None:
    """+N de <atributo>: a lasting gain (R-19: until its time or its card leaves; Duração survives the card)."""
    eff = s.frame.effect if s.frame else None
    reqs = eff.requirements if eff else ()
    limits = eff.limits if eff else ()
    states = [r.ast for r in reqs if norm(r.verb) in ("enquanto", "durante", "ate")]
    until = s.st.until or next((_TIME_KEYS.get(r.ast["what"].get("when", "")) for r in reqs
                                        if norm(r.verb) == "ate" and r.ast.get("what", {}).get("cond") == "until_time"),
                                       None)
    for h in s.targets():
        amt = s.amount()
        s.g.lasting.append(Lasting(hero=h, attribute=s.st.attribute, amount=amt, card=s.ctx.card,
                                   effect=s.frame.effect_id if s.frame else "", until=until,
                                   survives_card=not R.lasting_effect_ends_with_card(limits), enquanto=states))
        s.event("gain", patient=h, amount=amt, resource=s.st.attribute)


def _compute(s: Step) -> None:
    """( A + B ): the value is shown in the trace."""
    s.event("compute", amount=s.amount())


def _nothing(s: Step) -> None:
    """A table (❙) or an empty clause: organisational only."""


def _choose(s: Step) -> None:
    """Escolha um: ● …: an ``option`` decision, then that list (Previsão takes the first)."""
    opts = s.st.options
    pick = int(s.world.choose(s.frame, "1", lambda f: DecisionPoint(
        key=f"option@{f.index}.{s.key}", kind="option", spotlight=f.index, stage=f.stage, answers=(),
        options=tuple(Option(str(i + 1), _stmts_label(o)) for i, o in enumerate(opts)), prompt="Escolha um"))) - 1
    for st in opts[pick]:
        s.evs.extend(s.engine.run_stmt(s.world, s.ctx, st, s.frame))


#: One handler per statement class (the schema of each is its dataclass, :mod:`rulekit.apoteose.statements`).
HANDLERS: dict[type[Statement], Callable[[Step], None]] = {
    S.Heal: _heal, S.Recover: _heal, S.Consume: _consume, S.Damage: _damage, S.Lose: _damage, S.Attack: _attack,
    S.Test: _test, S.Draw: _draw, S.Discard: _move, S.Bury: _move, S.Banish: _move, S.Return: _move,
    S.Move: _move, S.Attach: _attach, S.Exhaust: _flag, S.Ready: _flag, S.Reveal: _flag, S.Hide: _flag,
    S.Register: _flag, S.Select: _select, S.Roll: _roll, S.Look: _look, S.MoveSelf: _step, S.Negate: _negate,
    S.Modify: _modify, S.Gain: _gain, S.Compute: _compute, S.Table: _nothing, S.Noop: _nothing,
    S.Choose: _choose,
}


#: Seed «Temporização»: each timing keyword as a test on a game event.
_TIMING_MATCH: dict[str, Callable[[Engine, Card, str | None, GEvent], bool]] = {
    "Ao Entrar": _self_card("enter"), "Ao Sair": _self_card("leave"), "Ao Obter": _self_card("draw"),
    "Ao Revelar": _self_card("reveal"), "Ao Ocultar": _self_card("hide"), "Ao Consumir": _self_card("exhaust"),
    "Ao Recuperar": _self_card("ready"), "Ao Descartar": _self_card("discard"), "Ao Enterrar": _self_card("bury"),
    "Ao Banir": _self_card("banish"), "Em Teste": _moment("test"), "Ao Atacar": _hero_is("attack", "actor", "self"),
    "Ao Ser Atacado": _hero_is("attack", "patient", "self"), "Ao Ser Alvo": _hero_is("target", "patient", "self"),
    "Ao Rolar": _hero_is("roll", "actor", "self"), "Início da Batalha": _moment("battle_start"),
    "Fim da Batalha": _moment("battle_end"), "Restauração": _moment("restoration"),
    "Início do Turno": _turn("turn_start", "self"), "Fim do Turno": _turn("turn_end", "self"),
    "Início do Time": _turn("turn_start", "team"), "Fim do Time": _turn("turn_end", "team"),
    "Início Aliado": _turn("turn_start", "ally"), "Fim Aliado": _turn("turn_end", "ally"),
    "Início Rival": _turn("turn_start", "opponent"), "Fim Rival": _turn("turn_end", "opponent"),
    "Início Geral": _turn("turn_start", "any"), "Fim Geral": _turn("turn_end", "any"),
    "Início do Companheiro": _turn("turn_start", "companion"),
    "Fim do Companheiro": _turn("turn_end", "companion"),
}


def run_chain(scenario: Any, decisions: list[str] | dict[str, str] | None = None) -> ChainTrace:
    """Run a scenario (a :class:`~rulekit.apoteose.scenario.Scenario` or a name/path) to its end.

    ``decisions`` overrides scripted decisions: a list (taken in order at every decision point that
    has a real choice) or a mapping ``{decision key: choice}``. Undecided points default to "pass" or
    to the first legal choice (issue 3 §6). Same input, same trace.
    """
    from rulekit.apoteose.scenario import Scenario, load_scenario

    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    _check_decisions(decisions)
    engine = Engine(sc)
    decider = sc.decider(engine, decisions)
    engine.decider = decider
    trace = engine.run()
    if decider.queue:  # issue 11 §3: a decision that was never used is a mistake, not silence
        n = len(decisions or []) - len(decider.queue)
        raise RulekitError(f"'{decider.queue[0]}' was never used: the run had only {n} decision point(s) with a "
                           "real choice", field=f"decisions[{n}]", code="UNUSED_DECISION")
    unused = [k for k in decider.keyed if k not in {d.key for d in trace.decisions}]
    if unused:
        raise RulekitError(f"no decision point '{unused[0]}' came up in this run", field="decisions",
                           code="UNUSED_DECISION",
                           suggestion=suggest(unused[0], [d.key for d in trace.decisions]))
    return trace


def _check_decisions(decisions: Any) -> None:
    """Issue 11 §3: ``decisions`` is ``None``, a list of option ids or a ``{key: option id}`` mapping."""
    if decisions is None:
        return
    if isinstance(decisions, list):
        for i, d in enumerate(decisions):
            if not isinstance(d, str) or not d:
                raise RulekitError(f"expected an option id (a text), got {d!r}", field=f"decisions[{i}]",
                                   code="INVALID_VALUE")
        return
    if isinstance(decisions, dict):
        for k, d in decisions.items():
            if not isinstance(k, str) or not isinstance(d, str) or not d:
                raise RulekitError(f"expected decision key -> option id (texts), got {k!r}: {d!r}",
                                   field="decisions", code="INVALID_VALUE")
        return
    raise RulekitError(f"expected a list of option ids or a {{key: option id}} mapping, got {type(decisions).__name__}",
                       field="decisions", code="INVALID_VALUE")
