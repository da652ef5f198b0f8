"""A cost or action paid is worded as a resolution's statements are: its data in the trace
(``detail["requirement_data"]``), its sentence from the catalogue in the reader's language, in the chain
log, ``rulekit chain``'s report, the prompt of the choice that pays it and ``explain_text``'s reading.
The task (Consumir, Descartar…) is an Apoteose keyword: it stays as written. The expected sentences are
the seed's costs ("Descarte uma carta; Consuma 2 de ESTAMINA") said in each language."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rulekit.apoteose import ChainSession, explain_text, run_chain
from rulekit.apoteose.scenario import load_scenario_text
from rulekit.i18n import complete_languages
from rulekit.views import chain as cv
from rulekit.views import localized as lv

LANGS = complete_languages()
#: The costs paid in nested-responses, in order: pocao's two (the seed's card), raio's, escudo's.
PAID = {
    "en": ["discard 1 card", "consume 2 ESTAMINA", "consume 1 MANA", "consume 1 ESTAMINA"],
    "pt-BR": ["descarta 1 carta", "consome 2 de ESTAMINA", "consome 1 de MANA", "consome 1 de ESTAMINA"],
    "es": ["descarta 1 carta", "consume 2 de ESTAMINA", "consume 1 de MANA", "consume 1 de ESTAMINA"],
}
#: The card's words, which the trace keeps beside the data (and an older trace has alone).
CARD_WORDS = ["Descarte uma carta", "Consuma 2 de ESTAMINA", "Consuma 1 de MANA", "Consuma 1 de ESTAMINA"]

#: ana pays with one of two cards (a real choice: a decision point) and exhausts the card (its task).
TWO_CARDS = """\
game: apoteose
heroes:
  - {id: ana, team: azul, iniciativa: 5, resources: {VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]},
     zones: {INVENTÁRIO: [pocao, adaga, escudo]}}
  - {id: bo, team: vermelho, iniciativa: 3, resources: {VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]}}
cards:
  - {id: pocao, owner: ana, types: [ITEM],
     effects: ["Ativar · Consumir【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA."]}
  - {id: adaga, owner: ana, types: [ITEM]}
  - {id: escudo, owner: ana, types: [ITEM]}
turn: {order: [ana, bo], hero: ana}
script: [{activate: pocao}]
"""


def _pay_cells(trace, lang):
    rows = lv.chain_log_table(trace, lang=lang).rows
    return [row[9] for ev, row in zip(trace.events, rows, strict=True) if ev.event == "pay"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_paid_cost_is_worded_in_the_reader_s_language(lang):
    trace = run_chain("apoteose/nested-responses")
    assert _pay_cells(trace, lang) == PAID[lang]
    assert [cv.paid_text(ev, lang) for ev in trace.of("pay")] == PAID[lang]
    report = cv.chain_report(trace, lang)
    for words, card in zip(PAID[lang], CARD_WORDS, strict=True):
        assert words in report
        assert card not in report  # the card's words are not shown beside them


def test_the_trace_keeps_the_cost_as_plain_data():
    trace = run_chain("apoteose/nested-responses")
    pays = trace.of("pay")
    assert [ev.detail["requirement"] for ev in pays] == CARD_WORDS  # the card's words stay beside
    assert pays[0].detail["requirement_data"] == {"op": "discard", "card": "choose", "count": 1}
    assert pays[1].detail["requirement_data"] == {
        "op": "consume",
        "amount": 2,
        "resource": "ESTAMINA",
        "target": {"who": "self"},
    }
    assert trace.to_json() == run_chain("apoteose/nested-responses").to_json()  # deterministic
    events = json.loads(trace.to_json())["events"]
    assert [e["detail"]["requirement_data"] for e in events if e["event"] == "pay"] == [
        ev.detail["requirement_data"] for ev in pays
    ]


def test_an_older_trace_without_the_data_shows_the_card_s_words():
    trace = run_chain("apoteose/nested-responses")
    events = tuple(
        replace(ev, detail={k: v for k, v in ev.detail.items() if k != "requirement_data"})
        if ev.event == "pay"
        else ev
        for ev in trace.events
    )
    assert _pay_cells(replace(trace, events=events), "es") == CARD_WORDS


@pytest.mark.parametrize("lang", LANGS)
def test_the_task_stays_an_apoteose_keyword(lang):
    trace = run_chain(load_scenario_text(TWO_CARDS, "two.yaml"))
    assert [ev.detail["kind"] for ev in trace.of("pay")] == ["task", "cost", "cost"]
    assert _pay_cells(trace, lang) == ["Consumir", *PAID[lang][:2]]


@pytest.mark.parametrize("lang", LANGS)
def test_the_choice_that_pays_a_cost_is_prompted_in_words(lang):
    s = ChainSession(load_scenario_text(TWO_CARDS, "two.yaml"), use_script=True)
    point = s.point
    assert point is not None and point.prompt_code == "PAY"
    assert [o.id for o in point.options] == ["adaga", "escudo"]
    assert point.prompt == "Descarte uma carta"  # the trace's data: the card's words
    assert cv.prompt_text(point, lang) == PAID[lang][0]


@pytest.mark.parametrize(
    "lang,lines",
    [
        (
            "en",
            [
                "【 Descarte uma carta 】 — cost: discard 1 card",
                "【 Consuma 2 de ESTAMINA 】 — cost: consume 2 ESTAMINA",
            ],
        ),
        (
            "pt-BR",
            [
                "【 Descarte uma carta 】 — custo: descarta 1 carta",
                "【 Consuma 2 de ESTAMINA 】 — custo: consome 2 de ESTAMINA",
            ],
        ),
        (
            "es",
            [
                "【 Descarte uma carta 】 — coste: descarta 1 carta",
                "【 Consuma 2 de ESTAMINA 】 — coste: consume 2 de ESTAMINA",
            ],
        ),
    ],
)
def test_the_reading_of_a_text_words_its_costs(lang, lines):
    seed = (
        "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA; Se sua VIDA for menor que 5 】 Cure 25 de VIDA."
    )
    shown = [line.strip() for line in explain_text(seed, lang)]
    assert shown[1:3] == lines
    assert shown[3].startswith("【 Se sua VIDA for menor que 5 】 — ") and ":" not in shown[3]  # a condition
