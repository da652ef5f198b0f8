"""Codes as enums: reason codes and chain event kinds are ``StrEnum`` members, the catalogues
are keyed by them, and their values are the strings traces have always held."""

from __future__ import annotations

import json

from rulekit.apoteose import trace, wording
from rulekit.apoteose.codes import ChainEventKind, Reason, case
from rulekit.apoteose.frames import Fail


def test_every_reason_key_is_a_reason_or_one_of_its_cases() -> None:
    for key in wording.REASONS:
        code, _, which = key.partition("/")
        assert code in Reason.__members__, key
        assert key == (case(Reason[code], which) if which else Reason[code])


def test_every_reason_has_its_words() -> None:
    keys = {k.partition("/")[0] for k in wording.REASONS}
    assert keys == set(Reason)


def test_every_chain_event_kind_has_its_words_and_is_in_the_trace_vocabulary() -> None:
    assert set(wording.EVENT_KINDS) == set(ChainEventKind)
    assert (*trace.EVENTS, *trace.FLOW_EVENTS) == tuple(ChainEventKind)


def test_values_are_the_old_strings_in_json_and_text() -> None:
    assert json.dumps({"code": Reason.NOT_OWN_TURN, "event": ChainEventKind.END_TURN}) == (
        '{"code": "NOT_OWN_TURN", "event": "end_turn"}'
    )
    assert f"{Reason.SCOPE}" == "SCOPE" and Reason.SCOPE == "SCOPE"
    assert case(Reason.PREVISAO, "unmet") == "PREVISAO/unmet"


def test_a_failure_carries_its_reason_and_its_english_words() -> None:
    f = Fail(Reason.NOT_A_HERO, hero="zeca")
    assert f.code is Reason.NOT_A_HERO
    assert str(f) == "'zeca' is not a hero"


def test_every_game_event_a_trigger_names_or_a_view_words_is_a_kind() -> None:
    from rulekit.apoteose import text, timings, words
    from rulekit.apoteose.codes import GameEventKind
    from rulekit.apoteose.rulings import LEAVING_EVENTS

    kinds = set(GameEventKind)
    assert set(words.EVENT_STEMS.values()) <= kinds
    assert set(wording.EVENT_WORDS) <= kinds
    assert set(text._CARD_EVENTS) <= kinds
    assert set(LEAVING_EVENTS) <= kinds
    assert {t.event for t in timings.TIMING_KEYWORDS} <= kinds


def test_every_statement_event_is_a_kind() -> None:
    """The handlers make ``GameEventKind(op)`` of the statements that move, mark, heal or hurt."""
    from rulekit.apoteose.codes import GameEventKind
    from rulekit.apoteose.handlers import HANDLERS

    by_op = {
        getattr(c, "op", None)
        for c, f in HANDLERS.items()
        if f.__name__ in ("_heal", "_damage", "_move", "_flag")
    }
    assert by_op <= set(GameEventKind)
