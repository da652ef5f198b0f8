"""Issue 10 §4: prompts, option labels, answered events and statements are data in the trace; the views
word them — in English exactly as the engine's kept English keys, and in Portuguese and Spanish.

Statements are the exception: the views show them as sentences ("heal 5 VIDA", "cura 5 de VIDA") while the
engine keeps its data labels (``heal(amount=5, resource=VIDA)``) for older readers; the views' label form
(:func:`rulekit.views.chain.statement_label`, every sentence's fallback) is still the engine's English."""

from __future__ import annotations

import pytest

from rulekit.apoteose import ChainSession, list_scenarios, load_scenario, run_chain
from rulekit.apoteose import wording as W
from rulekit.views import chain as V


def _walk(name: str) -> list:
    s = ChainSession(load_scenario(name))
    points = []
    while not s.done and len(points) < 30:
        points.append(s.point)
        s.choose(s.point.options[-1].id)
    return points


@pytest.mark.parametrize("name", list_scenarios())
def test_views_word_the_data_as_the_engine_did_in_english(name: str) -> None:
    trace = run_chain(name)
    for e in trace.events:
        if e.event == "respond" and e.detail.get("answers_event"):
            assert V.event_text(e.detail["answers_event"]) == e.detail["answers_text"]
        if e.event == "resolve":
            assert [V.statement_label(d) for d in e.detail["statements_data"]] == e.detail["statements"]
        if e.event == "truncated":
            assert [V.statement_label(d) for d in e.detail["skipped_data"]] == e.detail["skipped"]
    for p in _walk(name):
        if p.prompt_code == "STATEMENT":  # a statement: a sentence in the views, its label in the engine
            assert V.statement_label(p.prompt_params["statement"]) == p.prompt
            assert V.prompt_text(p) == V.statement_text(p.prompt_params["statement"])
        else:
            assert V.prompt_text(p) == p.prompt
        for o in p.options:
            if o.label_code == "STATEMENTS":
                sts = o.label_params["statements"]
                assert "; ".join(V.statement_label(d) for d in sts) == o.label
                assert V.option_text(o) == V.statements_text(sts)
            else:
                assert V.option_text(o) == o.label


def test_the_views_english_is_the_engines_english() -> None:
    assert {k: v for k, v in W.PROMPTS.items() if k in V.PROMPTS} == V.PROMPTS
    assert set(W.EVENT_WORDS) == set(V.EVENT_WORDS) and W.EVENT_WORDS == V.EVENT_WORDS


@pytest.mark.parametrize("lang,words", [("pt-BR", ("responder a", "responde a", "cura 5 de VIDA")),
                                        ("es", ("responder a", "responde a", "cura 5 de VIDA"))])
def test_prompts_labels_and_statements_in_portuguese_and_spanish(lang: str, words: tuple[str, ...]) -> None:
    from rulekit.apoteose.deciders import DecisionPoint, Option

    point = DecisionPoint(key="halt@0#0", kind="respond", spotlight=0, stage="halt", answers=(),
                          options=(Option("pass", label_code="PASS"),), prompt_code="RESPOND_CLOSED",
                          prompt_params={"effect": "raio#0", "stage": "halt"})
    assert point.prompt == "respond to raio#0 (halt: closed, R-10)"
    assert V.prompt_text(point, lang).startswith(words[0]) and "closed" not in V.prompt_text(point, lang)
    ev = {"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None, "patient": "ana"}
    opt = Option("bruno:x#0>before:heal@0.0", hero="bruno", card="x", effect="x#0", label_code="ANSWERS",
                 label_params={"hero": "bruno", "name": "X", "effect": "x#0", "event": ev})
    assert opt.label == "bruno: X (x#0) — answers before heal VIDA to ana (#0)"
    assert words[1] in V.option_text(opt, lang) and "answers" not in V.option_text(opt, lang)
    assert V.statement_text({"op": "heal", "amount": 5, "resource": "VIDA"}, lang).startswith(words[2])


def test_the_explorer_words_an_escolha_um_option_from_its_data_in_portuguese() -> None:
    pytest.importorskip("ipywidgets")
    from helpers import card, hero, scenario

    from rulekit.widgets import ChainExplorer

    sc = scenario([hero("ana", "azul", 5, MESA=["x"], BARALHO=["d1"]), hero("bruno", "vermelho", 3)],
                  [card("x", "ana", "Ativar Escolha um: ● Cure 5 de VIDA ● Compre 1 carta"),
                   card("d1", "ana")],
                  [{"activate": "x"}])
    w = ChainExplorer(sc, lang="pt-BR")
    labels = [label for label, _ in w.options()]
    assert "cura 5 de VIDA" in labels and "compra 1 carta" in labels, labels
    assert not any(label.startswith(("heal", "curar(")) for label in labels)
    assert ChainExplorer(sc).options()[0][0] == "heal 5 VIDA"
    assert ChainExplorer(sc, lang="es").options()[1][0] == "roba 1 carta"
