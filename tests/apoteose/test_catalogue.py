"""Every code the Apoteose engine records has one message, in one module
(:mod:`rulekit.apoteose.wording`), in every language; the views render from the codes, with plurals,
agreement and contractions through the catalogue."""

from __future__ import annotations

import re

import pytest

from rulekit.apoteose import list_scenarios, run_chain
from rulekit.apoteose import trace as T
from rulekit.apoteose import wording as W
from rulekit.i18n import LANGUAGES, complete_languages, translated_languages, translator
from rulekit.views import chain as V

OTHER = list(translated_languages())


def _messages() -> list[tuple[str | None, str | tuple[str, str]]]:
    """Every message of the catalogue: (msgctxt, msgid or (singular, plural))."""
    out: list[tuple[str | None, str | tuple[str, str]]] = []
    out += [(None, m) for m in W.REASONS.values()]
    out += [(None, m) for m in W.PROMPTS.values()] + [(None, m) for m in W.LABELS.values()]
    out += [(None, m) for m in W.MOMENTS.values()]
    out += [("chain event", m) for m in W.EVENT_KINDS.values()]
    out += [("frame state", m) for m in W.FRAME_STATES.values()]
    out += [("game event", m) for m in W.EVENT_WORDS.values()]
    out += [("statement sentence", m) for forms in W.SENTENCES.values() for m in forms]
    out += [("statement sentence", m) for m in W.SENTENCE_PARTS.values()]
    out += [("hero phrase", m) for m in (*W.HERO_PHRASES.values(), *W.HERO_PHRASES_ALL.values())]
    out += [("hero phrase", W.HERO_NEAR), ("hero phrase", W.HERO_NEAR_ALL)]
    out += [("adjacent to", m) for m in W.NEAR_PHRASES.values()]
    out += [("statement sentence", m) for m in W.SELECT_NEAR.values()]
    out += [("card phrase", m) for m in (*W.CARD_PHRASES.values(), W.CARD_COUNT, W.CARD_ALL_OF_TYPE)]
    out += [("card owner", m) for m in W.OWNER_PHRASES.values()]
    out += [("duration", m) for m in W.DURATION_PHRASES.values()]
    out += [("modified action", m) for m in W.ACTION_PHRASES.values()]
    for where, table in (("from", W.ZONE_FROM), ("to", W.ZONE_TO), ("in", W.ZONE_IN)):
        out += [(f"{where} zone", m) for m in table.values()]
    return out


def _translated(lang: str, context: str | None, message: str | tuple[str, str]) -> bool:
    catalog = translator(lang)._tr._catalog  # type: ignore[attr-defined]
    msgid = message[0] if isinstance(message, tuple) else message
    key = msgid if context is None else f"{context}\x04{msgid}"
    return (key, 0) in catalog if isinstance(message, tuple) else key in catalog


@pytest.mark.parametrize("lang", OTHER)
def test_every_message_of_the_catalogue_has_a_translation(lang: str) -> None:
    """A code without a message in some language fails here (not just shown in English)."""
    missing = [(c, m) for c, m in _messages() if not _translated(lang, c, m)]
    assert missing == []


def test_every_event_kind_and_frame_state_has_a_message() -> None:
    assert set(T.EVENTS) | set(T.FLOW_EVENTS) <= set(W.EVENT_KINDS)
    assert set(T.STAGES) | {"resolved", "stopped", "truncated", "negated", "refused", "removed"} <= set(
        W.FRAME_STATES
    )


@pytest.mark.parametrize("name", list_scenarios())
def test_every_code_of_every_built_in_has_words_in_every_language(name: str) -> None:
    trace = run_chain(name)
    for ev in trace.events:
        detail = ev.detail or {}
        if "code" in detail:
            case = detail["params"].get("case")
            key = f"{detail['code']}/{case}" if case else detail["code"]
            assert key in W.REASONS, key
            for lang in OTHER:  # rendered in the language, not the English
                assert W.reason_words(detail["code"], detail["params"], lang) != detail["reason"], (key, lang)
        for lang in OTHER:
            assert W.event_kind_words(ev.event, lang) != ev.event or ev.event in ("halt",), (ev.event, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list_scenarios())
def test_statements_read_as_sentences_never_as_labels(name: str, lang: str) -> None:
    for ev in run_chain(name).events:
        for key in ("statements_data", "done_data", "skipped_data"):
            for st in (ev.detail or {}).get(key) or ():
                text = W.statement_text(st, lang)
                assert text != W.statement_label(st, lang) and "=" not in text, text


def test_a_statement_is_a_sentence_naming_its_hero() -> None:
    heal = {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "name", "name": "ana"}}
    assert [W.statement_text(heal, lang) for lang in complete_languages()] == [
        "heal ana for 5 VIDA",
        "cura 5 de VIDA de ana",
        "cura 5 de VIDA a ana",
    ]


#: a preposition followed by an article: Portuguese contracts them (no, na, do, da, ao, à, pelo…)
_UNCONTRACTED = re.compile(r"\b(em|de|a|por) (o|a|os|as)\b")


def _pt_renders(name: str) -> list[str]:
    trace = run_chain(name)
    texts = [V.chain_report(trace, "pt-BR")]
    texts += [" | ".join(" ".join(row) for row in V.chain_log_table(trace, lang="pt-BR").rows)]
    for k in range(len(trace.events)):
        texts += [V.stack_text(trace, k, "pt-BR"), V.chain_dot(trace, k, lang="pt-BR")]
    return texts


@pytest.mark.parametrize("name", list_scenarios())
def test_portuguese_contracts_and_agrees(name: str) -> None:
    """No "holofote em o jogo", no "antes de a cura"; "o seu Quando", never "o Quando dela"."""
    for text in _pt_renders(name):
        assert not _UNCONTRACTED.search(text), _UNCONTRACTED.search(text)
    assert translator("pt-BR")(W.REASONS["NO_TRIGGER"]).startswith("o seu Quando")
    assert W.moment_words("before:heal@0.0", "pt-BR") == "antes da cura de #0"
    assert translator("pt-BR")(V.REPORT_WORDS["spot_game"]) == "[Holofote ★ no jogo]"


def test_plurals_go_through_ngettext() -> None:
    draw = {"op": "draw", "count": 1, "target": {"who": "self"}}
    assert W.statement_text(draw, "pt-BR") == "compra 1 carta"
    assert W.statement_text({**draw, "count": 3}, "pt-BR") == "compra 3 cartas"
    assert W.statement_text({**draw, "count": 1}, "es") == "roba 1 carta"


def test_the_json_carries_codes_params_and_the_english_made_from_them() -> None:
    import json

    data = json.loads(run_chain("apoteose/truncated").to_json())
    cut = next(ev for ev in data["events"] if ev["event"] == "truncated")["detail"]
    assert (cut["code"], cut["params"]) == ("NOT_ENOUGH_RESOURCE", {"resource": "MANA", "amount": 3})
    assert cut["reason"] == W.reason_words(cut["code"], cut["params"]) == "not enough MANA to consume 3"
    assert cut["done_text"] == ["heal 10 VIDA"] and all("(" not in s for s in cut["skipped_text"])
    stop = next(
        ev for ev in json.loads(run_chain("apoteose/stopped").to_json())["events"] if ev["event"] == "stopped"
    )["detail"]
    assert stop["code"] == "STATE_BROKEN" and "requirement" in stop["params"]
