"""Prompts, option labels, answered events and statements are data in the trace; the views
word them from the one catalogue (:mod:`rulekit.apoteose.wording`) — in English exactly as the engine's kept
English keys, and in Portuguese and Spanish.

Statements read as sentences ("heal 5 VIDA", "cura 5 de VIDA") in prompts and options; the trace's
``detail["statements"]`` keeps the engine's data labels (``heal(amount=5, resource=VIDA)``) beside the
data, and the views never show them."""

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
        if p.prompt_code == "STATEMENT":  # a statement: a sentence, never its data label
            assert p.prompt == V.statement_text(p.prompt_params["statement"])
            assert p.prompt != V.statement_label(p.prompt_params["statement"])
        # the trace keeps an effect's id (data); a reader sees it in words, "#" being an entry of the chain
        eid = str(p.prompt_params.get("effect", ""))
        want = p.prompt.replace(eid, W.effect_words(eid)) if "#" in eid else p.prompt
        if p.prompt_code == "PAY":  # the trace keeps the card's words; a reader sees the cost's sentence
            assert p.prompt == p.prompt_params["requirement"]
            want = V.statement_text(p.prompt_params["requirement_data"])
        assert V.prompt_text(p) == want and ("#" not in eid or eid not in V.prompt_text(p))
        for o in p.options:
            if o.label_code == "STATEMENTS":
                assert o.label == V.statements_text(o.label_params["statements"])
            oid = str(o.label_params.get("effect", "")) if o.label_code == "ANSWERS" else ""
            short = f"({W.effect_words(oid, short=True)})"
            assert V.option_text(o) == (o.label.replace(f"({oid})", short) if oid else o.label)


def test_one_catalogue_no_twin_tables() -> None:
    """The views word the engine's codes with the catalogue's tables themselves: no copy kept equal."""
    import rulekit.views.reasons as VR

    for name in ("PROMPTS", "LABELS", "EVENT_WORDS", "SENTENCES", "REASONS"):
        assert not hasattr(V, name), name
    assert not hasattr(VR, "APOTEOSE_REASONS") and not hasattr(VR, "CHAIN")
    assert V.statement_text is W.statement_text and V.option_text is W.option_text


@pytest.mark.parametrize(
    "lang,words",
    [
        ("pt-BR", ("responder a", "responde a", "cura 5 de VIDA")),
        ("es", ("responder a", "responde a", "cura 5 de VIDA")),
    ],
)
def test_prompts_labels_and_statements_in_portuguese_and_spanish(lang: str, words: tuple[str, ...]) -> None:
    from rulekit.apoteose.deciders import DecisionPoint, Option

    point = DecisionPoint(
        key="halt@0#0",
        kind="respond",
        spotlight=0,
        stage="halt",
        answers=(),
        options=(Option("pass", label_code="PASS"),),
        prompt_code="RESPOND_CLOSED",
        prompt_params={"effect": "raio#0", "stage": "halt"},
    )
    assert point.prompt == "respond to raio#0 (halt: closed, R-10)"  # the trace's data: the effect's id
    assert V.prompt_text(point) == "respond to effect 0 of raio (halt: closed, R-10)"
    assert V.prompt_text(point, lang).startswith(words[0]) and "closed" not in V.prompt_text(point, lang)
    ev = {"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None, "patient": "ana"}
    opt = Option(
        "bruno:x#0>before:heal@0.0",
        hero="bruno",
        card="x",
        effect="x#0",
        label_code="ANSWERS",
        label_params={"hero": "bruno", "name": "X", "effect": "x#0", "event": ev},
    )
    assert opt.label == "bruno: X (x#0) — answers before heal VIDA to ana (#0)"
    assert V.option_text(opt) == "bruno: X (effect 0) — answers before heal VIDA to ana (#0)"
    assert "x#0" not in V.option_text(opt, lang) and "#0" in V.option_text(opt, lang)
    assert words[1] in V.option_text(opt, lang) and "answers" not in V.option_text(opt, lang)
    assert V.statement_text({"op": "heal", "amount": 5, "resource": "VIDA"}, lang).startswith(words[2])


def test_the_explorer_words_an_escolha_um_option_from_its_data_in_portuguese() -> None:
    pytest.importorskip("ipywidgets")
    from helpers import card, hero, scenario

    from rulekit.widgets import ChainExplorer

    sc = scenario(
        [hero("ana", "azul", 5, MESA=["x"], BARALHO=["d1"]), hero("bruno", "vermelho", 3)],
        [card("x", "ana", "Ativar Escolha um: ● Cure 5 de VIDA ● Compre 1 carta"), card("d1", "ana")],
        [{"activate": "x"}],
    )
    w = ChainExplorer(sc, lang="pt-BR")
    labels = [label for label, _ in w.options()]
    assert "cura 5 de VIDA" in labels and "compra 1 carta" in labels, labels
    assert not any(label.startswith(("heal", "curar(")) for label in labels)
    assert ChainExplorer(sc).options()[0][0] == "heal 5 VIDA"
    assert ChainExplorer(sc, lang="es").options()[1][0] == "roba 1 carta"


@pytest.mark.parametrize(
    ("lang", "prompt", "label"),
    [
        (
            "en",
            "respond to effect 0 of pocao (halt)",
            "bruno: Raio (effect 0) — answers the activation of #0",
        ),
        (
            "pt-BR",
            "responder ao efeito 0 de pocao (espera)",
            "bruno: Raio (efeito 0) — responde à ativação de #0",
        ),
        (
            "es",
            "responder al efecto 0 de pocao (espera)",
            "bruno: Raio (efecto 0) — responde a la activación de #0",
        ),
    ],
)
def test_a_cards_effect_and_an_entry_of_the_chain_are_worded_apart(
    lang: str, prompt: str, label: str
) -> None:
    """Wording: "responder a raio#0" above "#1 raio" used "#" for an effect of a card and for an entry of
    the chain. An effect is "effect n of card" ("effect n" beside the card's name); "#n" is only an entry."""
    pytest.importorskip("ipywidgets")
    import re

    from rulekit.widgets import ChainExplorer

    ch = ChainExplorer("apoteose/nested-responses", lang=lang)
    window = re.sub(r"<[^>]+>", " ", ch.window_html.value)
    assert prompt in window and "pocao#0" not in window
    assert [o for o, _id in ch.options()][1] == label
    assert "#0 pocao" in re.sub(r"<[^>]+>", " ", ch.stack_html.value)  # the entry keeps its "#"
    ch.run_to_end()
    shown = " ".join(re.sub(r"<[^>]+>", " ", h.value) for h in (ch.log_html, ch.stack_html, ch.window_html))
    assert not re.search(r"[a-z]#\d", shown), re.findall(r"\S*[a-z]#\d\S*", shown)


def test_a_reason_naming_an_effect_words_it_and_starts_with_a_capital() -> None:
    got = W.reason_words("UNREADABLE", {"case": "requirement", "effect": "raio#0", "problem": "?"}, "pt-BR")
    assert got.startswith("Efeito 0 de raio nunca") and "raio#0" not in got
    assert W.reason_words("IRRESPONDIVEL", {"effect": "raio#0"}, "es").endswith("al efecto 0 de raio (R-10)")
