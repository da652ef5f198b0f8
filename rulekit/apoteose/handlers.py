"""Statement handlers: one per statement class, and the worlds they run against.

:data:`HANDLERS` maps each class of :mod:`rulekit.apoteose.statements` to the function that carries
it out on a :class:`Step` (the statement, its choice, its frame, what "você"/"esta carta" mean). A
handler changes ``step.world``: the game being played (:class:`LiveWorld`: events recorded, the
scenario's dice, decisions asked, the chain's frames changed) or Previsão's copy of it
(:class:`PreviewWorld`: nothing recorded, dice show 1, first choices, frames left alone). No handler
asks which world it has.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulekit.apoteose import matching as M
from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.codes import CHOICE_SETS, ChainEventKind, GameEventKind, Reason
from rulekit.apoteose.deciders import DecisionPoint, Option
from rulekit.apoteose.frames import Ctx, Fail, Frame, GEvent
from rulekit.apoteose.matching import resource_of
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.state import Game, Lasting
from rulekit.apoteose.statements import Statement

#: R-04: "Até o final do turno" & co. as lasting-effect end times.
_TIME_KEYS = {
    "end_turn": "end_turn",
    "end_battle": "end_battle",
    "next_turn": "next_turn",
    "end_cycle": "end_cycle",
}


def stmts_label(stmts: Any) -> str:
    """Statements' data labels, ``; ``-joined (option labels and the trace's ``statements``)."""
    return "; ".join(st.label() for st in stmts)


class World(ABC):
    """What a statement's handler acts on: a game state, and what happens around it — the game events
    it records, the dice it rolls, the decisions it asks, the chain's frames it touches.

    :class:`LiveWorld` is the game being played; :class:`PreviewWorld` is Previsão's copy of it (seed
    «Previsão»): the same handlers run on both, and only the world differs. Every method is abstract: a
    world implements them all (a base alone cannot be made)."""

    @property
    @abstractmethod
    def g(self) -> Game:
        """The game state the statements change."""
        raise NotImplementedError

    @abstractmethod
    def record(self, kind: GameEventKind, actor: str | None, **kw: Any) -> list[GEvent]:
        """A game event that happened (``[event]``, or ``[]`` where nothing is recorded)."""
        raise NotImplementedError

    @abstractmethod
    def roll(self, n: int) -> list[int]:
        """``n`` dice."""
        raise NotImplementedError

    @abstractmethod
    def choose(self, frame: Frame | None, first: str, point: Callable[[Frame], DecisionPoint]) -> str:
        """A choice for a statement of ``frame``: the decider's, or ``first``."""
        raise NotImplementedError

    @abstractmethod
    def negate(self, target: Frame, by: Frame | None) -> None:
        """R-08: mark an entry on the chain negated."""
        raise NotImplementedError

    @abstractmethod
    def modify(self, target: Frame, action: str, delta: int) -> None:
        """Change the amount of an entry's action ("Aumente essa cura em 5")."""
        raise NotImplementedError

    @abstractmethod
    def test_total(self, frame: Frame | None, total: int) -> None:
        """A test's total, kept on the entry that made it."""
        raise NotImplementedError


class Recorder(Protocol):
    """What a live world needs of the game it records into (the engine's ``g``, ``ev``, ``emit`` and
    ``choose_key``): defined here, below the engine, so that this module never imports it."""

    @property
    def g(self) -> Game: ...

    def ev(self, kind: GameEventKind, moment: str, actor: str | None, **kw: Any) -> GEvent: ...

    def emit(
        self, event: ChainEventKind, frame: Frame | None = None, *, detail: dict[str, Any] | None = None
    ) -> None: ...

    def choose_key(self, point: DecisionPoint, index: int) -> str: ...


class LiveWorld(World):
    """The game itself: events are recorded (and answerable), the scenario's dice are rolled, decisions
    go to the decider, and the chain's frames change."""

    def __init__(self, engine: Recorder) -> None:
        self.engine = engine

    @property
    def g(self) -> Game:
        return self.engine.g

    def record(self, kind: GameEventKind, actor: str | None, **kw: Any) -> list[GEvent]:
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
        self.engine.emit(
            ChainEventKind.NEGATED, target, detail={"by": by.effect_id if by else None, "rule": "R-08"}
        )

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

    def record(self, kind: GameEventKind, actor: str | None, **kw: Any) -> list[GEvent]:
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


class Rules(Protocol):
    """All a handler may ask of the engine beyond its world: moving a card between zones, and running a
    nested statement (``Escolha um``, ``se …,``). A handler reads the game with the functions of
    :mod:`rulekit.apoteose.matching` (over ``step.g``); it never sees the chain, the trace or the decider
    except through its world."""

    def move_card(
        self, world: World, card_id: str, to: str, actor: str | None, bottom: bool = True
    ) -> list[GEvent]: ...

    def run_stmt(
        self, world: World, ctx: Ctx, st: Statement, frame: Frame | None, key: str = "body"
    ) -> list[GEvent]: ...


@dataclass
class Step:
    """One statement being carried out: the world it changes (the game or Previsão's copy of it), what
    "você"/"esta carta" mean, the choice made for it, its frame, and the events it makes. ``rules`` is the
    narrow context of :class:`Rules`."""

    rules: Rules
    world: World
    ctx: Ctx
    st: Any  # the Statement (typed ``Any`` so handlers read their own class's fields)
    choice: str | None
    frame: Frame | None
    key: str = "body"
    evs: list[GEvent] = field(default_factory=list)
    #: the heroes this statement acts on (:meth:`targets`), for the statement after it (R-33)
    acted: list[str] = field(default_factory=list)

    @property
    def g(self) -> Game:
        return self.world.g

    @property
    def me(self) -> str | None:
        return self.ctx.hero

    def event(self, kind: GameEventKind, **kw: Any) -> None:
        """A game event of this statement (as the world records it)."""
        self.evs.extend(self.world.record(kind, self.me, **kw))

    def targets(self) -> list[str]:
        spec = getattr(self.st, "target", None) or {"who": "self"}
        if self.choice is not None and spec.get("who") in CHOICE_SETS and not spec.get("all"):
            self.acted = self.choice.split("+") if "count" in spec else [self.choice]  # "a+b"
            return self.acted
        hs = M.heroes_for(self.g, self.ctx, spec)
        if not hs:
            raise Fail(Reason.NO_HERO, who=str(spec.get("name") or spec.get("who")))
        self.acted = hs if spec.get("all") or spec.get("who") in ("selected", "previous") else hs[:1]
        return self.acted

    def modified(self, kind: str, v: int) -> int:
        """An amount changed by responses to this entry ("Aumente essa cura em 5"), never below 0."""
        return max(0, v + (self.frame.modifiers.get(kind, 0) if self.frame else 0))

    def amount(self, key: str = "amount", hero: str | None = None) -> int:
        """The statement's amount now; ``hero``: the hero it acts on (a fraction is of its resource)."""
        return M.amount(self.g, self.ctx, getattr(self.st, key), hero)

    def bonus_damage(self) -> int:
        return M.attributes(self.g, self.me).get("DANO", 0) if self.me else 0

    def cards(self, ast: dict[str, Any] | None = None, choice: str | None = "") -> list[str]:
        picked = M.pick_cards(
            self.g,
            self.ctx,
            self.st.card_phrase() if ast is None else ast,
            self.choice if choice == "" else choice,
        )
        if ast is None and getattr(self.st, "owner", None) not in (None, "self"):
            # whose cards they are ("Um oponente descarta 1 carta"): the heroes this statement acts on
            self.acted = list(dict.fromkeys(h for h in map(self.g.controller, picked) if h is not None))
        return picked


def _heal(s: Step) -> None:
    """Cure / Recupere N de <recurso>: never above the max."""
    op = s.st.op
    for h in s.targets():
        res = resource_of(s.g, h, s.st.resource)
        amt = s.modified(op, s.amount(hero=h))
        before = res[0]
        res[0] = min(res[1], res[0] + amt)
        s.event(GameEventKind(op), patient=h, resource=s.st.resource, amount=res[0] - before)


def _consume(s: Step) -> None:
    """Consuma N de <recurso>: pay now; not enough is a failure."""
    res = resource_of(s.g, s.me, s.st.resource) if s.me else None
    amt = s.modified("consume", s.amount())
    if res is None or res[0] < amt:
        raise Fail(Reason.NOT_ENOUGH_RESOURCE, resource=s.st.resource, amount=amt)
    res[0] -= amt
    s.event(GameEventKind.CONSUME, patient=s.me, resource=s.st.resource, amount=amt)


def _damage(s: Step) -> None:
    """Cause N de DANO / <alvo> perde N: floor 0; DANO adds the actor's DANO attribute. A card phrase hits a
    COMPANHEIRO's own VIDA."""
    op = s.st.op
    if op == "damage" and s.st.card is not None:
        for cid in s.cards():
            amt = s.modified(op, s.amount()) + s.bonus_damage()
            s.event(GameEventKind.DAMAGE, card=cid, resource="VIDA", amount=M.hit_card(s.g, cid, amt))
        return
    for h in s.targets():
        res = resource_of(s.g, h, s.st.resource)
        amt = s.modified(op, s.amount(hero=h)) + (s.bonus_damage() if op == "damage" else 0)
        before = res[0]
        res[0] = max(0, res[0] - amt)
        s.event(GameEventKind(op), patient=h, resource=s.st.resource, amount=before - res[0])


def _attack(s: Step) -> None:
    """An attack (a rules action or an activation bar): the attack, then its damage."""
    name = s.st.target.get("name")
    if name in s.g.cards:  # attacking a COMPANHEIRO
        s.event(GameEventKind.ATTACK, card=name)
        amt = s.modified("damage", s.amount() + s.bonus_damage())
        s.event(GameEventKind.DAMAGE, card=name, resource="VIDA", amount=M.hit_card(s.g, name, amt))
        return
    h = s.targets()[0]
    s.event(GameEventKind.ATTACK, patient=h)
    res = resource_of(s.g, h, "VIDA")
    amt = s.modified("damage", s.amount() + s.bonus_damage())
    before = res[0]
    res[0] = max(0, res[0] - amt)
    s.event(GameEventKind.DAMAGE, patient=h, resource="VIDA", amount=before - res[0])


def _test(s: Step) -> None:
    """A test: one die plus the attribute."""
    s.g.testing, s.g.test_attribute, s.g.test_hero = True, s.st.attribute, s.me
    roll = s.world.roll(1)
    total = roll[0] + M.attributes(s.g, s.me).get(s.st.attribute, 0) if s.me else roll[0]
    s.event(GameEventKind.ROLL, amount=sum(roll))
    s.event(GameEventKind.TEST, amount=total, attribute=s.st.attribute)
    s.g.testing, s.g.test_attribute, s.g.test_hero = False, None, None
    s.world.test_total(s.frame, total)


def _draw(s: Step) -> None:
    """Compre N cartas / um aliado compra N cartas: from the top of that hero's BARALHO."""
    n = s.modified("draw", s.amount("count") if s.st.count is not None else 1)  # "para cada …": counted now
    if s.me is None:
        raise Fail(Reason.NOBODY_TO_DRAW)
    for h in s.targets():
        deck = s.g.heroes[h].zones["BARALHO"]
        if len(deck) < n:
            raise Fail(Reason.NOT_ENOUGH_CARDS, count=n)
        for _ in range(n):
            cid = deck.pop(0)
            s.g.heroes[h].zones["INVENTÁRIO"].append(cid)
            s.evs.extend(s.world.record(GameEventKind.DRAW, h, card=cid))


#: Where each moving statement puts a card.
_DESTINATIONS = {"discard": "DESCARTE", "bury": "BARALHO", "banish": "BANIDAS", "return": "INVENTÁRIO"}


def _move(s: Step) -> None:
    """Descarte / Enterre / Bane / Devolva / Mova: the card changes zone (entering or leaving play too)."""
    op = s.st.op
    for cid in s.cards():
        dest = _DESTINATIONS.get(op, getattr(s.st, "dest", None) or "MESA")
        moved = s.rules.move_card(s.world, cid, dest, s.me)
        s.event(GameEventKind(op), card=cid)
        s.evs.extend(moved)


def _attach(s: Step) -> None:
    """Anexe <carta> a <carta>: it joins its host's zone and enters play."""
    host = s.st.to
    hosts = (
        M.cards_for(s.g, s.ctx, host) if host.get("card") != "choose" else ([s.choice] if s.choice else [])
    )
    if not hosts:
        raise Fail(Reason.NOTHING_TO_ATTACH)
    for cid in s.cards(s.st.card_phrase(), None):
        holder, zone = s.g.locate(hosts[0])
        s.g.remove(cid)
        s.g.put(cid, holder, zone)
        s.g.cards[cid].attached_to = hosts[0]
        s.event(GameEventKind.ATTACH, card=cid)
        s.event(GameEventKind.ENTER, card=cid)


def _flag(s: Step) -> None:
    """Consuma / Recupere / Revele / Oculte / Registre <carta>: turn the card (R-18: Registrar only marks
    it)."""
    op = s.st.op
    for cid in s.cards():
        card = s.g.cards[cid]
        if op == "exhaust":
            if card.consumed:
                raise Fail(Reason.ALREADY_CONSUMED, card=cid)
            card.consumed = True
        elif op == "ready":
            card.consumed = False
        elif op == "reveal":
            card.revealed = True
        elif op == "hide":
            card.revealed = False
        else:
            setattr(card, R.REGISTER_MARK, True)
        s.event(GameEventKind(op), card=cid)


def _select(s: Step) -> None:
    """Selecione: the chosen heroes or cards become "o alvo" (R-03 checks them again at halt's end)."""
    if s.choice is None:
        st = s.st
        if isinstance(st, S.Select) and st.what == "hero" and st.near is not None:  # no board: say why
            M.heroes_for(s.g, s.ctx, {"who": st.who or "any", "near": st.near})
        raise Fail(Reason.NOTHING_TO_SELECT)
    for p in s.choice.split("+"):
        s.ctx.selected.append(p)
        if s.frame is not None:
            s.frame.selected_zone[p] = s.g.locate(p)[1] if p in s.g.cards else "HERO"
            near = M.near_spec(s.st)
            if near is not None and p in s.g.heroes:  # checked again when halt closes
                s.frame.selected_near[p] = near
        if p in s.g.heroes:
            s.event(GameEventKind.TARGET, patient=p)
        else:
            s.event(GameEventKind.TARGET, card=p)


def _roll(s: Step) -> None:
    """Role N dados: the scenario's dice."""
    s.event(GameEventKind.ROLL, amount=sum(s.world.roll(int(s.st.count if s.st.count is not None else 1))))


def _look(s: Step) -> None:
    """Olhe <carta>: nothing changes; the event can be answered."""
    for cid in s.cards():
        s.event(GameEventKind.LOOK, card=cid)


def _step(s: Step) -> None:
    """Mova-se para uma casa adjacente: the hero steps to the casa chosen (``rulings.adjacent_casas``). On a
    board where the hero stands nowhere (the scenario keeps no places) the step is an event only."""
    hero = s.g.heroes.get(s.me) if s.me else None
    if hero is not None and hero.casa is not None:
        if s.choice is None:
            raise Fail(Reason.NO_FREE_CASA, hero=hero.id)
        col, row = s.choice.split(",")
        hero.casa = (int(col), int(row))
    s.event(GameEventKind.STEP)


def _negate(s: Step) -> None:
    """R-08: Negue a ativação — the answered entry leaves unresolved (not if Inegável)."""
    target = s.ctx.answered
    if target is None:
        raise Fail(Reason.NOTHING_TO_NEGATE)
    if target.stage in ("activating", "halt") and R.negation_applies(target.effect.limits):
        s.world.negate(target, s.frame)
    else:
        s.event(GameEventKind.NEGATE_FAILED, card=target.card)


def _modify(s: Step) -> None:
    """Aumente / Reduza essa <ação> em N: changes the answered entry's action (a "before" response)."""
    target = s.ctx.answered
    if target is None:
        raise Fail(Reason.NO_ACTION_TO_MODIFY)
    s.world.modify(target, s.st.action, s.amount("delta"))


def _gain(s: Step) -> None:
    """+N de <atributo>: a lasting gain (R-19: until its time or its card leaves; Duração survives the
    card)."""
    eff = s.frame.effect if s.frame else None
    reqs = eff.requirements if eff else ()
    limits = eff.limits if eff else ()
    states = [r.ast for r in reqs if norm(r.verb) in ("enquanto", "durante", "ate")]
    until_time = [
        r.ast["what"]
        for r in reqs
        if norm(r.verb) == "ate" and r.ast.get("what", {}).get("cond") == "until_time"
    ]
    until = s.st.until or next((_TIME_KEYS.get(w.get("when", "")) for w in until_time), None)
    for h in s.targets():
        amt = s.amount()
        s.g.lasting.append(
            Lasting(
                hero=h,
                attribute=s.st.attribute,
                amount=amt,
                card=s.ctx.card,
                effect=s.frame.effect_id if s.frame else "",
                until=until,
                survives_card=not R.lasting_effect_ends_with_card(limits),
                enquanto=states,
                by=s.ctx.hero,
                selected=tuple(s.ctx.selected),
            )
        )
        s.event(GameEventKind.GAIN, patient=h, amount=amt, resource=s.st.attribute)


def _compute(s: Step) -> None:
    """( A + B ): the value is shown in the trace."""
    s.event(GameEventKind.COMPUTE, amount=s.amount())


def _nothing(s: Step) -> None:
    """A table (❙) or an empty clause: organisational only."""


def _choose(s: Step) -> None:
    """Escolha um: ● …: an ``option`` decision, then that list (Previsão takes the first)."""
    opts = s.st.options
    pick = (
        int(
            s.world.choose(
                s.frame,
                "1",
                lambda f: DecisionPoint(
                    key=f"option@{f.index}.{s.key}",
                    kind="option",
                    spotlight=f.index,
                    stage=f.stage,
                    answers=(),
                    options=tuple(
                        Option(
                            str(i + 1),
                            label_code="STATEMENTS",
                            label_params={"statements": [x.to_dict() for x in o]},
                        )
                        for i, o in enumerate(opts)
                    ),
                    prompt_code="CHOOSE_ONE",
                ),
            )
        )
        - 1
    )
    for st in opts[pick]:
        s.evs.extend(s.rules.run_stmt(s.world, s.ctx, st, s.frame))


def _if(s: Step) -> None:
    """se <condição>, …: the statements run only if the condition holds now."""
    if M.holds(s.g, s.ctx, s.st.cond):
        for k, st in enumerate(s.st.then):
            s.evs.extend(s.rules.run_stmt(s.world, s.ctx, st, s.frame, key=f"{s.key}.{k}"))


#: One handler per statement class (the schema of each is its dataclass, :mod:`rulekit.apoteose.statements`).
HANDLERS: dict[type[Statement], Callable[[Step], None]] = {
    S.Heal: _heal,
    S.Recover: _heal,
    S.Consume: _consume,
    S.Damage: _damage,
    S.Lose: _damage,
    S.Attack: _attack,
    S.Test: _test,
    S.Draw: _draw,
    S.Discard: _move,
    S.Bury: _move,
    S.Banish: _move,
    S.Return: _move,
    S.Move: _move,
    S.Attach: _attach,
    S.Exhaust: _flag,
    S.Ready: _flag,
    S.Reveal: _flag,
    S.Hide: _flag,
    S.Register: _flag,
    S.Select: _select,
    S.Roll: _roll,
    S.Look: _look,
    S.MoveSelf: _step,
    S.Negate: _negate,
    S.Modify: _modify,
    S.Gain: _gain,
    S.Compute: _compute,
    S.Table: _nothing,
    S.Noop: _nothing,
    S.Choose: _choose,
    S.If: _if,
}
