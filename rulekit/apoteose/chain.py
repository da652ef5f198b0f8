"""The response chain (Pilha Dinâmica): the engine loop that runs a scenario and records its trace.

Seed «Encadeamento de Resposta»: each activation is a frame at an index; the spotlight (holofote)
moves to it and it goes through four stages — ``activating`` (requirements and task paid, no
responses), ``halt`` (a window: responses at N+1), ``resolving`` (atomic, R-02) and ``post`` (a window
for responses to what the resolution did). Then the frame is removed and the spotlight returns to
the parent, whose window opens again. Every decision (responses, cost choices, options, tie-breaks)
is asked from a *decider* (:mod:`rulekit.apoteose.deciders`), so the same engine runs scripted
scenarios and the interactive session.

The engine is made of: :mod:`~rulekit.apoteose.frames` (game events, frames, the failure a statement
raises), :mod:`~rulekit.apoteose.matching` (triggers, who/owner, conditions, amounts, attributes),
:mod:`~rulekit.apoteose.legality` (may it be activated; Previsão),
:mod:`~rulekit.apoteose.windows` (what a response window answers; its candidates in priority order),
:mod:`~rulekit.apoteose.statements` (typed statements) and :mod:`~rulekit.apoteose.handlers` (one
handler per statement class, run against a live or a preview world). This module keeps the loop:
script actions, turns, activation, opening windows, resolution, and :func:`run_chain`.
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose import legality as L
from rulekit.apoteose import matching as M
from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose import windows as W
from rulekit.apoteose.deciders import (  # re-exported: older code imports them from here
    Decider,
    DecisionPoint,
    NeedDecision,
    Option,
    Refusal,
    default_decider,
)
from rulekit.apoteose.frames import PAID_KINDS, Ctx, Fail, Frame, GEvent, effect_id
from rulekit.apoteose.handlers import HANDLERS, LiveWorld, PreviewWorld, Step, World, stmts_label
from rulekit.apoteose.reasons import render
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.scenario import Scenario, load_scenario
from rulekit.apoteose.state import IN_PLAY, Card, Game
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.text import Effect, Requirement, format_effect
from rulekit.apoteose.trace import ChainEvent, ChainTrace, Decision, HeroState, TraceError
from rulekit.apoteose.wording import event_words
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.yamlsrc import suggest

#: Script actions on a card (LANGUAGE.md §4, ``script:``) and the zone each one moves the card to by default.
CARD_ACTIONS: dict[str, str] = {"put": "MESA", "take": "DESCARTE", "move": "MESA", "reveal": "", "hide": "",
                                "discard": "DESCARTE", "bury": "BARALHO", "banish": "BANIDAS"}
#: Safety bound on chain depth (an endless Auto loop is reported, not run forever).
MAX_DEPTH = 40
MAX_EVENTS = 20000


__all__ = ["HANDLERS", "PAID_KINDS", "Ctx", "Decider", "DecisionPoint", "Engine", "Fail", "Frame", "GEvent",
           "LiveWorld", "NeedDecision", "Option", "PreviewWorld", "Refusal", "Step", "World",
           "default_decider", "run_chain"]


class Engine:
    """Runs one scenario with one decider and records the :class:`ChainTrace`.

    It is composed, not inherited: the game state (``g``, a :class:`~rulekit.apoteose.state.Game`, and the
    chain's ``stack`` of frames), the functions that read it (:mod:`rulekit.apoteose.matching`, ``M``) and
    components over it that judge activations (``legality``:
    :class:`~rulekit.apoteose.legality.Legality`) and list a window's events and candidates (``windows``:
    :class:`~rulekit.apoteose.windows.Windows`). Statements are carried out by the handlers of
    :mod:`rulekit.apoteose.handlers`, which get the narrow :class:`~rulekit.apoteose.handlers.Rules`."""


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
        """A game event's English words (kept as ``answers_text``; views word ``ev.data()`` themselves)."""
        return event_words(ev.data())

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
            raise RulekitError(Phrase(N_("the chain produced too many events (an endless loop?)")),
                               code="CHAIN_LOOP")
        if detail and "code" in detail and "params" in detail:
            # The English words next to the reason's data, for readers of ``detail["reason"]`` written
            # before reasons were data. Views render ``code`` + ``params`` in the reader's language
            # (``rulekit.apoteose.wording.reason_words``).
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
        self.errors.append(TraceError(card, code, render(code, params), params))

    def refuse_unreadable(self, hero: str | None, card: str, effect: str, params: dict[str, Any]) -> None:
        """An Auto whose moment came but whose text cannot be read: a ``refused`` event and a trace error
        (a card is refused only for the effect that cannot be read, and only when it is used: LANGUAGE.md)."""
        self.emit("refused", index=None, card=card, effect=effect, hero=hero,
                  responds_to=self.stack[-1].index if self.stack else None,
                  detail={"code": "UNREADABLE", "params": params})
        self.errors.append(TraceError(card, "UNREADABLE", render("UNREADABLE", params)))

    def scripted_error(self, code: str, message: str) -> None:
        """A scripted decision that could not be used (reported in the trace's errors)."""
        self.errors.append(TraceError(None, code, message))

    def decide(self, point: DecisionPoint) -> str:
        if point.kind != "respond" and len(point.options) == 1:
            choice, source = point.options[0].id, "default"
        else:
            choice, source = self.decider(point)
        if point.kind != "respond" and choice not in {o.id for o in point.options}:
            raise RulekitError(Phrase(N_("'{choice}' is not a legal choice at {key} (legal: {legal})"),
                                      choice=choice, key=point.key,
                                      legal=", ".join(o.id for o in point.options)),
                               code="ILLEGAL_CHOICE")
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
                attributes=M.attributes(self.g, h.id),
                zones={z: list(ids) for z, ids in h.zones.items()},
                casa=list(h.casa) if h.casa is not None else None,
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
        elif kind == "step":
            self.hero_step(action)
        self.refresh()

    def start(self) -> None:
        """A scenario may start at the start of a turn or of a cycle (LANGUAGE.md §4 ``turn.start``,
        R-20): those moments happen first, so «Início do Turno» (and, for a cycle, «Restauração»)
        effects answer them."""
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
        """An ordinary game action on a card (LANGUAGE.md §4, ``script:``): put into play, take out,
        move, reveal, hide, discard, bury, banish. It is the hero's action (Ação Inicial counts it);
        the game events it makes («Ao Entrar», «Ao Sair», «Ao Revelar», «Ao Descartar»…) are answered
        one by one, outside any chain."""
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
                    moved = [self.ev("enter", "after", hero, card=cid, frame=None)] \
                        if was not in IN_PLAY else []
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

    def hero_step(self, action: dict[str, Any]) -> None:
        """A hero moves to an adjacent casa (LANGUAGE.md §4 ``step:``; seed «Requerimentos de Ativação»:
        «Mova-se para uma casa adjacente»; the board is an engine assumption, ``rulings.adjacent_casas``). It
        is the hero's action (seed «Ação Inicial»: «nem se mover»); its ``step`` event is answered outside any
        chain. A step to a casa that is not adjacent, or not free, is refused with the reason."""
        g = self.g
        hero = action.get("hero") or g.turn_hero
        to = (int(action["to"][0]), int(action["to"][1]))
        here = g.heroes[hero].casa
        code = ""
        if here is None:
            code = "NO_CASA"
        elif not R.casas_adjacent(here, to):
            code = "NOT_ADJACENT"
        elif to not in R.adjacent_casas(here, g.board, {h.casa for h in g.heroes.values() if h.casa}):
            code = "CASA_TAKEN"
        if code:
            params = {"hero": hero, "casa": list(to), "at": list(here) if here else None}
            self.emit("refused", index=None, card=None, effect=None, hero=hero,
                      detail={"code": code, "params": params, "action": "step"})
            self.errors.append(TraceError(None, code, render(code, params), params))
            return
        g.heroes[hero].casa = to
        if hero == g.turn_hero:
            g.actions_this_turn += 1
        ev = self.ev("step", "after", hero, frame=None)
        self.emit("action", hero=hero, detail={"do": "step", "from": list(here or ()), "to": list(to),
                                               "events": [ev.kind]})
        self.flow(ev)

    def bar_action(self, hero: str, card: Card, action: dict[str, Any]) -> None:
        """Seed «Efeito em Resolução»: «Se a carta ativada não possuir efeito, sendo apenas usada a barra de
        ativação, o ataque ou ação determinado pela barra é executado» — the bar's attack or test enters the
        chain like an activation of that card."""
        bar = card.bar or {}
        if bar.get("attack") is not None:
            target = action.get("target") or bar.get("target")
            body: tuple[Statement, ...] = (S.Attack(amount=int(bar["attack"]),
                                                    target={"who": "name", "name": target}),)
            desc = f"Ataque a {target} ({bar['attack']} de DANO)"
        else:
            body = (S.Test(attribute=str(bar.get("test", "AGI")).upper()),)
            desc = f"Teste de {bar.get('test', 'AGI')}"
        eff = Effect(activation="Ativar", description=desc, body=body)
        self.push_and_run(Frame(index=len(self.stack), card=card.id, effect_no=0, effect=eff,
                                effect_id=f"{card.id}#bar", hero=hero, responds_to=None, answers=None),
                          rules=True)

    def default_hero(self, card_id: str) -> str:
        if card_id not in self.g.cards:
            raise RulekitError(Phrase(N_("unknown card '{id}'"), id=card_id), code="UNKNOWN_CARD")
        return self.g.controller(card_id) or self.g.turn_hero

    # ---- turns (R-20) ---------------------------------------------------------------------
    def end_turn(self) -> None:
        actor = self.g.turn_actor
        last = actor not in self.g.order[self.g.turn_pos + 1:]  # a hero may have several turns
        self.flow(self.ev("turn_end", "after", actor, label=f"turn_end:{actor}",
                          flags=("last",) if last else ()))
        self.expire("end_turn")
        self.emit("end_turn", detail={"hero": actor, "cycle": self.g.cycle})
        self.g.turn_pos += 1
        self.g.actions_this_turn = 0
        if self.g.turn_pos >= len(self.g.order):
            self.g.turn_pos = 0
            if R.RESTORATION_STARTS_NEXT_CYCLE:  # restoration already belongs to the next cycle
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
        self.flow(self.ev("turn_start", "after", nxt, label=f"turn_start:{nxt}",
                          flags=("first",) if first else ()))

    def flow(self, event: GEvent) -> None:
        """A game moment outside any chain: matching Auto effects activate, one chain each (R-06)."""
        while True:
            cands = W.gather_autos(self, None, [event])
            if not cands:
                return
            pick = W.pick_auto(self, None, "flow", cands, 0)
            _, hero, card, eno, gev = pick
            self.used.add((effect_id(card, eno), gev.seq))
            self.choices[0] = {}
            self.activate(hero, card, eno, gev, None)

    def rules_action(self, kind: str, action: dict[str, Any]) -> None:
        """Attacks and tests, the minimum outside-the-seed rules the scenarios need (stated as
        assumptions)."""
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
        opts = M.options(world.g, ctx, st)
        if opts is not None:
            if not opts:
                raise Fail("NO_LEGAL_CHOICE", op=st.op)
            choice = world.choose(frame, opts[0], lambda f: DecisionPoint(
                key=f"choose@{f.index}.{key}", kind="choose", spotlight=f.index, stage=f.stage, answers=(),
                options=tuple(Option(o, o) for o in opts), prompt_code="STATEMENT",
                prompt_params={"statement": st.to_dict()}))
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


    def refresh(self) -> None:
        """Emit ``passive`` events when a Passivo starts or stops applying (R-23)."""
        now = {effect_id(c, n) for c, n, _ in M.passives(self.g)}
        for eid in sorted(now - self.passive_on):
            self.emit("passive", card=eid.split("#")[0], effect=eid, detail={"applies": True, "rule": "R-23"})
        for eid in sorted(self.passive_on - now):
            self.emit("passive", card=eid.split("#")[0], effect=eid,
                      detail={"applies": False, "rule": "R-23"})
        self.passive_on = now

    def expire(self, when: str | None = None, hero: str | None = None) -> None:
        """End lasting effects: their time came, their card left (R-19), or an Enquanto broke (R-03)."""
        keep = []
        for lt in self.g.lasting:
            reason: tuple[str, dict[str, Any]] | None = None
            if when is not None and lt.until == when and (hero is None or lt.hero == hero):
                reason = ("TIME_CAME", {"when": when})
            elif lt.card and not lt.survives_card and self.g.locate(lt.card)[1] not in (
                    "MESA", "CENÁRIO", "TABULEIRO", "SUPORTE", "INVENTÁRIO"):
                reason = ("CARD_LEFT_PLAY", {})
            else:
                ctx = Ctx(lt.hero, lt.card, None, [])
                try:
                    if R.ENQUANTO_ENDS_LASTING_EFFECT and lt.enquanto and not all(
                            M.holds(self.g, ctx, c) for c in lt.enquanto):
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
            raise RulekitError(Phrase(N_("card '{id}' has no effect #{n}"), id=card_id, n=eno),
                               code="UNKNOWN_EFFECT")
        effect = card.effects[eno]
        ok, code, params = L.legal(self, hero, card, eno, answer, parent is not None)
        if not ok:
            self.emit("refused", index=None, card=card_id, effect=effect_id(card_id, eno), hero=hero,
                      responds_to=parent.index if parent else None, detail={"code": code, "params": params})
            self.errors.append(TraceError(card_id, code, render(code, params), params))
            return None
        frame = Frame(index=len(self.stack), card=card_id, effect_no=eno, effect=effect,
                      effect_id=effect_id(card_id, eno), hero=hero,
                      responds_to=parent.index if parent else None,
                      answers=answer, parent=parent, start_zone=L.card_zone(self.g, card_id))
        return self.push_and_run(frame)

    def push_and_run(self, frame: Frame, rules: bool = False) -> Frame:
        g = self.g
        effect = frame.effect
        if len(self.stack) >= MAX_DEPTH:
            raise RulekitError(Phrase(N_("the chain is deeper than {most} (an endless Auto loop?)"),
                                      most=MAX_DEPTH),
                               code="CHAIN_LOOP")
        if frame.parent is not None:
            ans = frame.answers
            self.emit("respond", frame, stage=None, detail={
                "answers": ans.label if ans else None, "answers_text": self.describe(ans) if ans else None,
                "answers_event": ans.data() if ans else None, "answers_kind": ans.kind if ans else None})
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
        ctx = W.frame_ctx(self.stack, frame)
        steps = L.steps(effect)
        if steps:
            self.no_responses(frame, "activating", "REQUIREMENTS_BEING_PAID")
        for i, (key, ast, req) in enumerate(steps):
            if i:  # an attempt between two payments is refused too («nenhuma resposta pode ser dada»)
                self.no_responses(frame, "activating", "REQUIREMENTS_BEING_PAID", between=key,
                                  params={"requirement": req.text if req else effect.task, "paid": i})
            needs = M.options(g, ctx, ast) is not None
            opts = L.feasible_options(self, ctx, effect, steps, i) if needs else None
            choice = None
            if opts is not None:
                point = DecisionPoint(key=f"choose@{frame.index}.{key}", kind="choose", spotlight=frame.index,
                                      stage="activating", answers=(),
                                      options=tuple(Option(o, o) for o in opts),
                                      prompt_code="PAY" if req else "TASK",
                                      prompt_params=({"requirement": req.text} if req
                                                     else {"task": effect.task}))
                if not opts:
                    raise RulekitError(Phrase(N_("Previsão found no choice for {key}"), key=point.key),
                                       code="PREVISAO")
                choice = self.choose_key(point, frame.index)
            before = self.snapshot()
            try:
                evs = self.apply(self.live, ctx, ast, choice, frame)
            except Fail as exc:  # cannot happen after Previsão; reported, never hidden
                raise RulekitError(f"payment failed after Previsão: {exc}", code="INTERNAL") from None
            frame.paid.extend(evs)
            ctx.paid.extend(e.card for e in evs if e.card and e.kind in PAID_KINDS)
            self.emit("pay", frame, resources=self.diff(before),
                      detail={"requirement": req.text if req else effect.task,
                              "kind": req.kind if req else "task", "step": key, "choice": choice,
                              "events": [e.label for e in evs]})
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
            self.emit("stopped", frame, detail={"code": "STATE_BROKEN",
                                                "params": {"requirement": broken[0].text},
                                                "rule": "R-03", "costs_refunded": False})
            if not R.STOPPED_USES_ONCE_LIMITS:
                g.used_cycle.pop(frame.effect_id, None) if "Uma Vez por Ciclo" in effect.limits else None
                g.used_battle.pop(frame.effect_id, None) if "Uma Vez por Batalha" in effect.limits else None
            if counted and not R.STOPPED_COUNTS_AS_ACTION:
                g.actions_this_turn -= 1
            self.pop(frame, "stopped")
            return frame
        # -- resolving (atomic, R-02)
        frame.stage = "resolving"
        self.no_responses(frame, "resolving", "RESOLUTION_IS_ATOMIC")
        before = self.snapshot()
        done, skipped, (why, why_params) = self.resolve_body(frame, ctx)
        # the statements as data (``*_data``: ``{"op": ..., field: value}``) beside their English labels
        done_labels, done_data = [stmts_label([s]) for s in done], [s.to_dict() for s in done]
        if skipped:
            self.emit("truncated", frame, detail={"code": why, "params": why_params, "done": done_labels,
                                                  "skipped": [stmts_label([s]) for s in skipped],
                                                  "seed": "Na Descrição", "done_data": done_data,
                                                  "skipped_data": [s.to_dict() for s in skipped]})
        self.emit("resolve", frame, resources=self.diff(before),
                  detail={"statements": done_labels, "truncated": bool(skipped),
                          "events": [e.label for e in frame.results], "statements_data": done_data})
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

    def still_holds(self, frame: Frame, r: Requirement) -> bool:
        """R-03: states, and Selecione targets, must still hold when the halt window closes."""
        ctx = W.frame_ctx(self.stack, frame)
        if r.kind == "state":
            try:
                return M.holds(self.g, ctx, r.ast)
            except Fail:
                return False
        for sel, zone in frame.selected_zone.items():
            if zone == "HERO":
                if self.g.heroes[sel].resources.get("VIDA", [1, 1])[0] <= 0:
                    return False
            elif self.g.locate(sel)[1] != zone:
                return False
        return True

    def resolve_body(self, frame: Frame, ctx: Ctx) -> tuple[list[Statement], list[Statement],
                                                             tuple[str, dict[str, Any]]]:
        """Seed «Na Descrição»: run the statements in order; the first that cannot be done (or a broken
        Enquanto/Durante) cuts the rest. Returns (done, skipped, (code, params) of why)."""
        done: list[Statement] = []
        body = list(frame.effect.body)
        for i, st in enumerate(body):
            if i:  # an attempt between two statements is refused too
                self.no_responses(frame, "resolving", "RESOLUTION_IS_ATOMIC", between=f"body{i}",
                                  params={"done": i, "total": len(body)})
            ench = [r for r in frame.effect.requirements if norm(r.verb) in ("enquanto", "durante")]
            broken = [r for r in ench if not self.safe_holds(ctx, r.ast)]
            if broken:
                return done, body[i:], ("BROKE_DURING_RESOLUTION", {"requirement": broken[0].text})
            try:
                evs = self.run_stmt(self.live, ctx, st, frame, key=f"body{i}")
                frame.results.extend(evs)
                ctx.previous = list(dict.fromkeys(e.card for e in evs if e.card))
            except Fail as exc:
                return done, body[i:], (exc.code, exc.params)
            done.append(st)
        return done, [], ("", {})

    def safe_holds(self, ctx: Ctx, cond: dict[str, Any]) -> bool:
        try:
            return M.holds(self.g, ctx, cond)
        except Fail:
            return False

    def pop(self, frame: Frame, how: str) -> None:
        self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        self.emit("remove", frame, stage=None,
                  detail={"how": how, "spotlight_returns_to": parent.index if parent else None})
        if not self.stack:
            self.emit("end", detail={"resolved": list(self.resolution_order)})
            ends, self.pending_end_turn = self.pending_end_turn, []
            for h in ends:  # the turn ends once the whole chain is empty
                if self.g.turn_hero == h:
                    self.emit("end_turn", hero=h, detail={"by": "Encerra Turno", "rule": "R-11"})
                    self.end_turn()

    # ------------------------------------------------------------------ windows ---------
    def window(self, frame: Frame, stage: str) -> None:
        """A halt or post window: every Auto first (priority, each fully resolved), then Ativar (R-06)."""
        if "Irrespondível" in frame.effect.limits and stage in R.IRRESPONDIVEL_CLOSES:
            self.emit(stage, frame, detail={"closed": True, "rule": "R-10"})
            self.closed_window(frame, stage)
            return
        evs = W.window_events(self, frame, stage)
        self.emit(stage, frame, detail={"answerable": [e.label for e in evs]})
        visits = 0
        while not frame.negated:
            evs = W.window_events(self, frame, stage)
            autos = W.gather_autos(self, frame, evs)
            if autos:
                _, hero, card, eno, gev = W.pick_auto(self, frame, stage, autos, visits)
                visits += 1
                self.used.add((effect_id(card, eno), gev.seq))
                self.choices[frame.index + 1] = {}
                self.activate(hero, card, eno, gev, frame)
                continue
            options, refused, lookup = W.gather_ativar(self, frame, evs)
            point = DecisionPoint(key=f"{stage}@{frame.index}#{visits}", kind="respond",
                                  spotlight=frame.index,
                                  stage=stage, answers=tuple(e.label for e in evs),
                                  options=(Option("pass", label_code="PASS"), *options),
                                  refused=tuple(refused), prompt_code="RESPOND",
                                  prompt_params={"effect": frame.effect_id, "stage": stage})
            visits += 1
            choice = self.decide(point)
            if choice == "pass":
                return
            if choice not in lookup:
                self.errors.append(TraceError(None, "ILLEGAL_CHOICE",
                                              f"{point.key}: '{choice}' is not a legal response"))
                return
            hero, card, eno, gev = lookup[choice]
            self.used.add((effect_id(card, eno), gev.seq))
            self.choices[frame.index + 1] = dict(self.scripted_choices.get(choice, {}))
            self.activate(hero, card, eno, gev, frame)

    def no_responses(self, frame: Frame, stage: str, code: str, between: str | None = None,
                     params: dict[str, Any] | None = None) -> None:
        """Seed «Encadeamento de Resposta»: while requirements are paid («nenhuma resposta pode ser dada») and
        while a body resolves («a resolução deve ser cumprida integralmente primeiro», R-02) nothing can be
        activated. A script that tries (``window: activating@<i>`` / ``resolving@<i>``) is refused with that
        reason, never ignored. ``between`` names the step about to be paid or run when the attempt comes
        between two payments (``activating@<i>.req<k>``) or two statements (``resolving@<i>.body<k>``); the
        reason then says how far the entry got (``case: between``)."""
        where = f"{stage}@{frame.index}" + (f".{between}" if between else "")
        params = {"effect": frame.effect_id, **({"case": "between", **(params or {})} if between else {})}
        refused = tuple(Refusal(f"{h}:{effect_id(c.id, n)}", h, c.id, effect_id(c.id, n), code, params)
                        for c in self.g.cards.values() for n, e in enumerate(c.effects)
                        if e.activation == "Ativar" for h in L.activators(self.g, c, e))
        self.decider(DecisionPoint(key=f"{where}#0", kind="respond", spotlight=frame.index,
                                   stage=stage, answers=(), options=(Option("pass", label_code="PASS"),),
                                   refused=refused, prompt_code="NO_RESPONSES",
                                   prompt_params={"effect": frame.effect_id, "stage": stage}))

    def closed_window(self, frame: Frame, stage: str) -> None:
        """R-10: a window closed by Irrespondível still tells a scripted response why it is refused.

        The decider sees the window with "pass" as its only option and every Ativar effect refused with
        code ``IRRESPONDIVEL``; a script that named one gets a ``refused`` event, never silence. Nothing is
        recorded as a decision (there was none to take)."""
        params = {"effect": frame.effect_id}
        refused = tuple(Refusal(f"{h}:{effect_id(c.id, n)}", h, c.id, effect_id(c.id, n), "IRRESPONDIVEL",
                                params)
                        for c in self.g.cards.values() for n, e in enumerate(c.effects)
                        if e.activation == "Ativar" for h in L.activators(self.g, c, e))
        point = DecisionPoint(key=f"{stage}@{frame.index}#0", kind="respond", spotlight=frame.index,
                              stage=stage, answers=(), options=(Option("pass", label_code="PASS"),),
                              refused=refused, prompt_code="RESPOND_CLOSED",
                              prompt_params={"effect": frame.effect_id, "stage": stage})
        self.decider(point)


def _effect_text(effect: Effect) -> str:
    return format_effect(effect) if effect.source else effect.description




def run_chain(scenario: Any, decisions: list[str] | dict[str, str] | None = None) -> ChainTrace:
    """Run a scenario (a :class:`~rulekit.apoteose.scenario.Scenario` or a name/path) to its end.

    ``decisions`` overrides scripted decisions: a list (taken in order at every decision point that
    has a real choice) or a mapping ``{decision key: choice}``. Undecided points default to "pass" or
    to the first legal choice (LANGUAGE.md §4, ``decisions:``). Same input, same trace.
    """
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    _check_decisions(decisions)
    engine = Engine(sc)
    decider = sc.decider(engine, decisions)
    engine.decider = decider
    trace = engine.run()
    if decider.queue:  # a decision that was never used is a mistake, not silence (LANGUAGE.md §4)
        n = len(decisions or []) - len(decider.queue)
        raise RulekitError(Phrase(N_("'{decision}' was never used: the run had only {n} decision point(s) "
                                     "with a real choice"), decision=decider.queue[0], n=n),
                           field=f"decisions[{n}]", code="UNUSED_DECISION")
    unused = [k for k in decider.keyed if k not in {d.key for d in trace.decisions}]
    if unused:
        raise RulekitError(Phrase(N_("no decision point '{key}' came up in this run"), key=unused[0]),
                           field="decisions",
                           code="UNUSED_DECISION",
                           suggestion=suggest(unused[0], [d.key for d in trace.decisions]))
    return trace


def _check_decisions(decisions: Any) -> None:
    """``decisions`` is ``None``, a list of option ids or a ``{key: option id}`` mapping (LANGUAGE.md §4)."""
    if decisions is None:
        return
    if isinstance(decisions, list):
        for i, d in enumerate(decisions):
            if not isinstance(d, str) or not d:
                raise RulekitError(Phrase(N_("expected an option id (a text), got {value}"), value=repr(d)),
                                   field=f"decisions[{i}]",
                                   code="INVALID_VALUE")
        return
    if isinstance(decisions, dict):
        for k, d in decisions.items():
            if not isinstance(k, str) or not isinstance(d, str) or not d:
                raise RulekitError(Phrase(N_("expected decision key -> option id (texts), got {key}: "
                                             "{value}"), key=repr(k), value=repr(d)),
                                   field="decisions", code="INVALID_VALUE")
        return
    raise RulekitError(Phrase(N_("expected a list of option ids or a {form} mapping, got {kind}"),
                              form="{key: option id}", kind=type(decisions).__name__),
                       field="decisions", code="INVALID_VALUE")
