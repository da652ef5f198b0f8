"""The chain log's detail column says what a resolution resolved: its statements as sentences, in the
reader's language (``statements_text`` of the trace's ``statements_data``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulekit.apoteose import run_chain
from rulekit.i18n import complete_languages
from rulekit.views import chain as cv
from rulekit.views import localized as lv

LANGS = complete_languages()
#: The last resolution of nested-responses (pocao: "Cure 25 de VIDA e Recupere 2 de MANA"), per language.
POCAO = {
    "en": "heal 25 VIDA; recover 2 MANA",
    "pt-BR": "cura 25 de VIDA; recupera 2 de MANA",
    "es": "cura 25 de VIDA; recupera 2 de MANA",
}


def _resolve_details(trace, lang):
    table = lv.chain_log_table(trace, lang=lang)
    return [(ev, row[9]) for ev, row in zip(trace.events, table.rows, strict=True) if ev.event == "resolve"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_resolution_shows_its_statements_in_words(lang):
    trace = run_chain("apoteose/nested-responses")
    details = _resolve_details(trace, lang)
    assert len(details) == 4
    for ev, cell in details:
        assert cell, f"{ev.card}: the resolution's detail is empty"
        assert cell == cv.statements_text(ev.detail["statements_data"], lang)
        assert "(" not in cell, cell  # sentences, not the data labels (heal(amount=…))
    assert details[-1][1] == POCAO[lang]


def test_the_english_table_is_the_english_detail():
    trace = run_chain("apoteose/nested-responses")
    en = cv.chain_log_table(trace)
    assert [r[9] for r in en.rows if r[1] == "resolve"] == [c for _, c in _resolve_details(trace, "en")]


@pytest.mark.parametrize("lang", LANGS)
def test_a_truncated_resolution_shows_what_it_did_resolve(lang):
    trace = run_chain("apoteose/truncated")
    [(ev, cell)] = [(e, c) for e, c in _resolve_details(trace, lang) if e.detail["truncated"]]
    assert cell == cv.statements_text(ev.detail["statements_data"], lang) != ""


def test_an_older_trace_without_data_shows_the_labels():
    trace = run_chain("apoteose/nested-responses")
    events = tuple(
        replace(ev, detail={k: v for k, v in ev.detail.items() if k != "statements_data"})
        if ev.event == "resolve"
        else ev
        for ev in trace.events
    )
    old = replace(trace, events=events)
    cells = [r[9] for r in cv.chain_log_table(old).rows if r[1] == "resolve"]
    assert cells == ["; ".join(ev.detail["statements"]) for ev in events if ev.event == "resolve"]
    assert all(cells) and all("(" in c for c in cells)


def test_other_events_keep_their_detail():
    trace = run_chain("apoteose/nested-responses")
    rows = cv.chain_log_table(trace).rows
    assert [r[9] for r in rows if r[1] == "respond"] == [f"the activation of #{i}" for i in range(3)]
    assert all(r[9] == "" for r in rows if r[1] in ("halt", "post", "remove"))


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_values_in_a_statement_are_text(lang):
    """A statement's values (a card's own words) reach the HTML escaped once, never as markup."""
    name = 'Tom & Jerry <b>"x"</b>'
    trace = run_chain("apoteose/nested-responses")
    events = tuple(
        replace(ev, detail={**ev.detail, "statements_data": [{"op": "step", "text": name}]})
        if ev.event == "resolve"
        else ev
        for ev in trace.events
    )
    html = lv.to_html(lv.chain_log_table(replace(trace, events=events), lang=lang), lang)
    assert "Tom &amp; Jerry &lt;b&gt;&quot;x&quot;&lt;/b&gt;" in html
    assert "<b>" not in html and "&amp;amp;" not in html
