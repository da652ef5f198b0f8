"""The Apoteose engine's codes as enums (``StrEnum``): a typo is a mypy error, not a failing test.

:class:`Reason` — why something was refused, stopped, cut short or ended (the catalogue
:data:`rulekit.apoteose.wording.REASONS` is keyed by them; a reason with cases is ``"CODE/case"``, see
:func:`case`). :class:`ChainEventKind` — the kinds of event of a chain trace (``ChainEvent.event``; the
catalogue :data:`rulekit.apoteose.wording.EVENT_KINDS` is keyed by them). :class:`GameEventKind` — the
kinds of game event effects answer (``GEvent.kind``: ``step``, ``attach``, ``turn_start``…). Their values
are the strings the traces have always held, so a trace written with the enums is byte-identical to one
written with strings. This module imports nothing of rulekit: it sits at the bottom.
"""

from __future__ import annotations

from enum import StrEnum, unique

#: The sets of heroes a hero phrase names one of, a count of or every one of ("um oponente", "dois aliados",
#: "todos os Heróis"): the ``who`` values a choice is made among (one record; the reader, the checks of a
#: hand-written body and the engine read it).
HERO_SETS: tuple[str, ...] = ("opponent", "ally", "any")
#: The sets one hero is chosen among when a statement resolves: those, and ``team``, you or one of your allies
#: ("Cure 3 de VIDA de você ou de um aliado").
CHOICE_SETS: tuple[str, ...] = (*HERO_SETS, "team")


@unique
class Reason(StrEnum):
    """A reason code (``Fail.code``, ``detail["code"]``, ``TraceError.code``); its words: the catalogue."""

    PASSIVO = "PASSIVO"
    LIMBO = "LIMBO"
    SCOPE = "SCOPE"
    TURNO_PROPRIO = "TURNO_PROPRIO"
    ONCE_PER_CYCLE = "ONCE_PER_CYCLE"
    ONCE_PER_BATTLE = "ONCE_PER_BATTLE"
    ACAO_INICIAL = "ACAO_INICIAL"
    DO_TIME_TEAM = "DO_TIME_TEAM"
    DO_TIME = "DO_TIME"
    NOT_OWN_CARD = "NOT_OWN_CARD"
    NO_EVENT = "NO_EVENT"
    NO_TRIGGER = "NO_TRIGGER"
    NOT_OWN_TURN = "NOT_OWN_TURN"
    NEEDS_EVENT = "NEEDS_EVENT"
    NEEDS_MOMENT = "NEEDS_MOMENT"
    NO_QUANDO = "NO_QUANDO"
    PREVISAO = "PREVISAO"
    UNREADABLE = "UNREADABLE"
    IRRESPONDIVEL = "IRRESPONDIVEL"
    NOT_LEGAL_HERE = "NOT_LEGAL_HERE"
    REQUIREMENTS_BEING_PAID = "REQUIREMENTS_BEING_PAID"
    RESOLUTION_IS_ATOMIC = "RESOLUTION_IS_ATOMIC"
    NO_CASA = "NO_CASA"
    NOT_ADJACENT = "NOT_ADJACENT"
    CASA_TAKEN = "CASA_TAKEN"
    NO_FREE_CASA = "NO_FREE_CASA"
    ADJACENT_NO_CASA = "ADJACENT_NO_CASA"
    STATE_BROKEN = "STATE_BROKEN"
    BROKE_DURING_RESOLUTION = "BROKE_DURING_RESOLUTION"
    CARD_UNAVAILABLE = "CARD_UNAVAILABLE"
    NO_HOLDER = "NO_HOLDER"
    NO_HERO = "NO_HERO"
    NOT_ENOUGH_RESOURCE = "NOT_ENOUGH_RESOURCE"
    NOBODY_TO_DRAW = "NOBODY_TO_DRAW"
    NOT_ENOUGH_CARDS = "NOT_ENOUGH_CARDS"
    NOTHING_TO_ATTACH = "NOTHING_TO_ATTACH"
    ALREADY_CONSUMED = "ALREADY_CONSUMED"
    NOTHING_TO_SELECT = "NOTHING_TO_SELECT"
    NOTHING_TO_NEGATE = "NOTHING_TO_NEGATE"
    NO_ACTION_TO_MODIFY = "NO_ACTION_TO_MODIFY"
    CANNOT_RUN = "CANNOT_RUN"
    NO_LEGAL_CHOICE = "NO_LEGAL_CHOICE"
    NO_CARD_CHOSEN = "NO_CARD_CHOSEN"
    NO_CARD = "NO_CARD"
    NOT_A_HERO = "NOT_A_HERO"
    NO_RESOURCE = "NO_RESOURCE"
    CANNOT_EVALUATE = "CANNOT_EVALUATE"
    BAD_AMOUNT = "BAD_AMOUNT"
    TIME_CAME = "TIME_CAME"
    CARD_LEFT_PLAY = "CARD_LEFT_PLAY"
    STATE_ENDED = "STATE_ENDED"


def case(code: Reason, which: str) -> str:
    """The catalogue key of one case of a reason (``params["case"]``): ``"NOT_OWN_TURN/response"``."""
    return f"{code.value}/{which}"


@unique
class ChainEventKind(StrEnum):
    """The kinds of event of a chain trace: the chain's own (``trace.EVENTS``), then the game flow's
    outside a chain (``trace.FLOW_EVENTS``)."""

    ACTIVATE = "activate"
    PAY = "pay"
    HALT = "halt"
    RESPOND = "respond"
    RESOLVE = "resolve"
    POST = "post"
    REMOVE = "remove"
    STOPPED = "stopped"
    TRUNCATED = "truncated"
    NEGATED = "negated"
    REFUSED = "refused"
    END = "end"
    # the game flow, outside a chain
    TURN = "turn"
    RESTORATION = "restoration"
    BATTLE = "battle"
    END_TURN = "end_turn"
    PASSIVE = "passive"
    EXPIRE = "expire"
    ACTION = "action"


#: The chain's own events (a frame's life), in order.
CHAIN_EVENTS: tuple[ChainEventKind, ...] = tuple(ChainEventKind)[:12]
#: Game-flow events emitted outside a chain (turn structure, passives, durations).
FLOW_EVENTS: tuple[ChainEventKind, ...] = tuple(ChainEventKind)[12:]


@unique
class GameEventKind(StrEnum):
    """The kinds of game event effects can answer (``GEvent.kind``): what a statement, a script action or
    the turn structure did. A trigger's words name them (``words.EVENT_STEMS``), the timing keywords answer
    them (:mod:`~rulekit.apoteose.timings`), the views word them (``wording.EVENT_WORDS``)."""

    ACTIVATE = "activate"
    ATTACH = "attach"
    ATTACK = "attack"
    BANISH = "banish"
    BATTLE_END = "battle_end"
    BATTLE_START = "battle_start"
    BURY = "bury"
    COMPUTE = "compute"
    CONSUME = "consume"
    DAMAGE = "damage"
    DISCARD = "discard"
    DRAW = "draw"
    ENTER = "enter"
    EXHAUST = "exhaust"
    GAIN = "gain"
    HEAL = "heal"
    HIDE = "hide"
    LEAVE = "leave"
    LOOK = "look"
    LOSE = "lose"
    MOVE = "move"
    NEGATE = "negate"
    NEGATE_FAILED = "negate_failed"
    READY = "ready"
    RECOVER = "recover"
    REGISTER = "register"
    RESOLVE = "resolve"
    RESTORATION = "restoration"
    RETURN = "return"
    REVEAL = "reveal"
    ROLL = "roll"
    STEP = "step"
    TARGET = "target"
    TEST = "test"
    TURN_END = "turn_end"
    TURN_START = "turn_start"
