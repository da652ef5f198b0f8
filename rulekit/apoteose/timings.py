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
This module imports nothing of rulekit: it sits at the bottom, below the parser and the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
    event: str
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
    TimingKeyword("Ao Entrar", "enter", this_card(), "card", _NAME),
    TimingKeyword("Ao Sair", "leave", this_card(), "card", _LEAVES),
    TimingKeyword("Ao Obter", "draw", this_card(), "card", _NAME),
    TimingKeyword("Ao Revelar", "reveal", this_card(), "card", _NAME),
    TimingKeyword("Ao Ocultar", "hide", this_card(), "card", _NAME),
    TimingKeyword("Ao Consumir", "exhaust", this_card(), "card", _NAME),
    TimingKeyword("Ao Recuperar", "ready", this_card(), "card", _NAME),
    TimingKeyword("Ao Descartar", "discard", this_card(), "card", _LEAVES),
    TimingKeyword("Ao Enterrar", "bury", this_card(), "card", _LEAVES),
    TimingKeyword("Ao Banir", "banish", this_card(), "card", _LEAVES),
    TimingKeyword("Em Teste", "test", moment(), "hero", _NAME),
    TimingKeyword("Ao Atacar", "attack", hero("actor", "self"), "hero", _NAME),
    TimingKeyword("Ao Ser Atacado", "attack", hero("patient", "self"), "hero", _NAME),
    TimingKeyword("Ao Ser Alvo", "target", hero("patient", "self"), "hero", _NAME),
    TimingKeyword("Ao Rolar", "roll", hero("actor", "self"), "hero", _NAME),
    TimingKeyword("Início da Batalha", "battle_start", moment(), "none", _TURN),
    TimingKeyword("Fim da Batalha", "battle_end", moment(), "none", _TURN),
    TimingKeyword("Restauração", "restoration", moment(), "none", _TURN),
    TimingKeyword("Início do Turno", "turn_start", turn("self"), "none", _TURN),
    TimingKeyword("Fim do Turno", "turn_end", turn("self"), "none", _TURN),
    TimingKeyword("Início do Time", "turn_start", turn("team"), "none", _TURN),
    TimingKeyword("Fim do Time", "turn_end", turn("team"), "none", _TURN),
    TimingKeyword("Início Aliado", "turn_start", turn("ally"), "none", _TURN),
    TimingKeyword("Fim Aliado", "turn_end", turn("ally"), "none", _TURN),
    TimingKeyword("Início Rival", "turn_start", turn("opponent"), "none", _TURN),
    TimingKeyword("Fim Rival", "turn_end", turn("opponent"), "none", _TURN),
    TimingKeyword("Início Geral", "turn_start", turn("any"), "none", _TURN),
    TimingKeyword("Fim Geral", "turn_end", turn("any"), "none", _TURN),
    TimingKeyword("Início do Companheiro", "turn_start", turn("companion"), "none", _TURN),
    TimingKeyword("Fim do Companheiro", "turn_end", turn("companion"), "none", _TURN),
)

#: The keyword names, in order (R-01; ``rulings.TIMINGS``).
NAMES: tuple[str, ...] = tuple(t.name for t in TIMING_KEYWORDS)
#: Keyword -> record.
BY_NAME: dict[str, TimingKeyword] = {t.name: t for t in TIMING_KEYWORDS}
#: Keywords about this card -> the kind of event they answer ("essa carta" is that event's card).
CARD_EVENTS: dict[str, str] = {t.name: t.event for t in TIMING_KEYWORDS if t.refers == "card"}
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
