"""The timing keywords (seed «Temporização»), one record each: the one registry the rest reads.

A record says everything the code needs of one keyword: its name as the seed writes it (R-01), the game
event it answers, how that event is tested (:class:`Test`, made a function by
:func:`rulekit.apoteose.matching.timing_matcher`), what of the event the description may point back at
("essa carta", "aquele Herói") and the rulings that settle it. The parser's keyword names
(:data:`rulekit.apoteose.rulings.TIMINGS`), the matcher table (``matching._TIMING_MATCH``), the
description's references (``text._TIMING_EVENTS`` / ``text._TIMING_HEROES``), the table in
``rulekit/apoteose/LANGUAGE.md`` (:func:`markdown_table`) and the tests
(``tests/apoteose/test_timing_keywords.py``) are all built from :data:`TIMING_KEYWORDS`.

Adding a keyword is one record here and one example in ``tests/apoteose/test_timing_keywords.py``.
It imports only :mod:`~rulekit.apoteose.codes`: it sits at the bottom, below the parser and the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulekit.apoteose.codes import GameEventKind
from rulekit.apoteose.codes import GameEventKind as E

#: How a keyword's game event is tested (``matching.timing_matcher`` implements each):
#: ``this_card`` — the event happened to this card; ``moment`` — any event of that kind;
#: ``hero`` — the event's ``role`` (``actor`` / ``patient``) is the hero ``who``;
#: ``turn`` — the first / last turn of a cycle, of the hero ``who`` (R-20).
How = Literal["this_card", "moment", "hero", "turn"]
#: Whom a ``hero`` / ``turn`` test asks for, from the card's controller: ``self``, ``team`` (self or an
#: ally), ``ally``, ``opponent``, ``any``, ``companion`` (the hero that is this card).
Who = Literal["self", "team", "ally", "opponent", "any", "companion"]
#: What of the answered event the description may point back at: its card ("essa carta"), its hero
#: ("aquele Herói"), or neither.
Refers = Literal["card", "hero", "none"]


@dataclass(frozen=True)
class Test:
    """How a timing keyword's game event is recognised (data; ``matching.timing_matcher`` runs it)."""

    how: How
    role: Literal["actor", "patient"] | None = None
    who: Who | None = None


def this_card() -> Test:
    return Test("this_card")


def moment() -> Test:
    return Test("moment")


def hero(role: Literal["actor", "patient"], who: Who) -> Test:
    return Test("hero", role, who)


def turn(who: Who) -> Test:
    return Test("turn", "actor", who)


@dataclass(frozen=True)
class TimingKeyword:
    """One timing keyword: every part is required, so a record cannot forget one."""

    #: as the seed writes it (R-01: the parser accepts any case and no accents)
    name: str
    #: the kind of game event it answers (``GEvent.kind``)
    event: GameEventKind
    #: how that event is tested
    test: Test
    #: what of the event "essa carta" / "aquele Herói" names
    refers: Refers
    #: the rulings that settle it (R-01 for its name; R-13 for a card leaving its zone, R-20 for turns)
    rulings: tuple[str, ...]


_NAME = ("R-01",)
_LEAVES = ("R-01", "R-13")
_TURN = ("R-01", "R-20")

#: Seed «Temporização»: every timing keyword, in the glossary's order.
TIMING_KEYWORDS: tuple[TimingKeyword, ...] = (
    TimingKeyword("Ao Entrar", E.ENTER, this_card(), "card", _NAME),
    TimingKeyword("Ao Sair", E.LEAVE, this_card(), "card", _LEAVES),
    TimingKeyword("Ao Obter", E.DRAW, this_card(), "card", _NAME),
    TimingKeyword("Ao Revelar", E.REVEAL, this_card(), "card", _NAME),
    TimingKeyword("Ao Ocultar", E.HIDE, this_card(), "card", _NAME),
    TimingKeyword("Ao Consumir", E.EXHAUST, this_card(), "card", _NAME),
    TimingKeyword("Ao Recuperar", E.READY, this_card(), "card", _NAME),
    TimingKeyword("Ao Descartar", E.DISCARD, this_card(), "card", _LEAVES),
    TimingKeyword("Ao Enterrar", E.BURY, this_card(), "card", _LEAVES),
    TimingKeyword("Ao Banir", E.BANISH, this_card(), "card", _LEAVES),
    TimingKeyword("Em Teste", E.TEST, moment(), "hero", _NAME),
    TimingKeyword("Ao Atacar", E.ATTACK, hero("actor", "self"), "hero", _NAME),
    TimingKeyword("Ao Ser Atacado", E.ATTACK, hero("patient", "self"), "hero", _NAME),
    TimingKeyword("Ao Ser Alvo", E.TARGET, hero("patient", "self"), "hero", _NAME),
    TimingKeyword("Ao Rolar", E.ROLL, hero("actor", "self"), "hero", _NAME),
    TimingKeyword("Início da Batalha", E.BATTLE_START, moment(), "none", _TURN),
    TimingKeyword("Fim da Batalha", E.BATTLE_END, moment(), "none", _TURN),
    TimingKeyword("Restauração", E.RESTORATION, moment(), "none", _TURN),
    TimingKeyword("Início do Turno", E.TURN_START, turn("self"), "none", _TURN),
    TimingKeyword("Fim do Turno", E.TURN_END, turn("self"), "none", _TURN),
    TimingKeyword("Início do Time", E.TURN_START, turn("team"), "none", _TURN),
    TimingKeyword("Fim do Time", E.TURN_END, turn("team"), "none", _TURN),
    TimingKeyword("Início Aliado", E.TURN_START, turn("ally"), "none", _TURN),
    TimingKeyword("Fim Aliado", E.TURN_END, turn("ally"), "none", _TURN),
    TimingKeyword("Início Rival", E.TURN_START, turn("opponent"), "none", _TURN),
    TimingKeyword("Fim Rival", E.TURN_END, turn("opponent"), "none", _TURN),
    TimingKeyword("Início Geral", E.TURN_START, turn("any"), "none", _TURN),
    TimingKeyword("Fim Geral", E.TURN_END, turn("any"), "none", _TURN),
    TimingKeyword("Início do Companheiro", E.TURN_START, turn("companion"), "none", _TURN),
    TimingKeyword("Fim do Companheiro", E.TURN_END, turn("companion"), "none", _TURN),
)

#: The keyword names, in order (R-01; ``rulings.TIMINGS``).
NAMES: tuple[str, ...] = tuple(t.name for t in TIMING_KEYWORDS)
#: Keyword -> record.
BY_NAME: dict[str, TimingKeyword] = {t.name: t for t in TIMING_KEYWORDS}
#: Keywords about this card -> the kind of event they answer ("essa carta" is that event's card).
CARD_EVENTS: dict[str, GameEventKind] = {t.name: t.event for t in TIMING_KEYWORDS if t.refers == "card"}
#: Keywords whose event has a hero "aquele Herói" can name (who attacks, is attacked, targeted, tests).
HERO_KEYWORDS: tuple[str, ...] = tuple(t.name for t in TIMING_KEYWORDS if t.refers == "hero")

_TEST_WORDS = {
    "this_card": "this card",
    "moment": "any",
    "hero": "{role} is {who}",
    "turn": "first/last turn of {who}",
}


def describe_test(test: Test) -> str:
    """A test in the table's words (``this card``, ``actor is self``, ``first/last turn of team``)."""
    return _TEST_WORDS[test.how].format(role=test.role, who=test.who)


def markdown_table() -> str:
    """The timing-keyword table of ``rulekit/apoteose/LANGUAGE.md`` (a test keeps the file equal to it)."""
    rows = [
        "| keyword | game event | answers when | «essa carta» / «aquele Herói» names | rulings |",
        "|---|---|---|---|---|",
    ]
    for t in TIMING_KEYWORDS:
        names = {"card": "its card", "hero": "its hero", "none": "—"}[t.refers]
        rows.append(
            f"| `{t.name}` | {t.event} | {describe_test(t.test)} | {names} | {', '.join(t.rulings)} |"
        )
    return "\n".join(rows) + "\n"
