"""Effect text: notation, error codes with positions, classification, moments, formatting."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import rulekit.apoteose
from rulekit.apoteose import format_effect, parse_effect
from rulekit.apoteose.rulings import ACTIVATIONS, LIMITS, SCOPES, TASKS, TIMINGS, moment_of
from rulekit.errors import EffectTextError

SEED = "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA e Recupere 2 de MANA."


def test_seed_example_parses():
    """Seed «Encadeamento de Resposta» example text: one activation, two costs, heal + recover."""
    e = parse_effect(SEED)
    assert e.activation == "Ativar"
    assert [(r.kind, r.verb) for r in e.requirements] == [("cost", "Descarte"), ("cost", "Consuma")]
    assert [s.op for s in e.body] == ["heal", "recover"]
    assert e.body[0].amount == 25 and e.body[1].resource == "MANA"
    assert format_effect(e) == SEED


@pytest.mark.parametrize(
    ("text", "code", "pos"),
    [
        ("Cure 25 de VIDA.", "MISSING_ACTIVATION_KEYWORD", 0),
        ("Da Mesa【 Descarte uma carta 】 x", "MISSING_ACTIVATION_KEYWORD", 0),
        ("Ativar · Auto【 Descarte uma carta 】 Cure 1 de VIDA", "TWO_ACTIVATION_KEYWORDS", 9),
        ("Ativar · Consumir · Banir Cure 1 de VIDA", "MORE_THAN_ONE_TASK", 20),
        ("Ativr【 Descarte uma carta 】 Cure 1 de VIDA", "UNKNOWN_KEYWORD", 0),
        ("Ativar【 Descarte uma carta Cure 1 de VIDA", "UNCLOSED_REQUIREMENTS", 6),
        ("Passivo · Consumir +1 de AGI", "TASK_ON_PASSIVO", 10),
        ("Ativar】 x", "UNOPENED_REQUIREMENTS", 6),
        ("Ativar【 Descarte uma carta;; Consuma 1 de MANA 】 x", "EMPTY_REQUIREMENT", 27),
        ("Ativar【 Pula uma casa 】 x", "UNKNOWN_REQUIREMENT", 8),
    ],
)
def test_error_codes_and_positions(text, code, pos):
    """Seed «Ativação» (exactly one), «Tarefa» (never more than one), R-23 (task on Passivo) — stable
    codes."""
    with pytest.raises(EffectTextError) as exc:
        parse_effect(text)
    assert exc.value.code == code
    assert exc.value.position == pos


def test_unknown_keyword_suggests():
    with pytest.raises(EffectTextError) as exc:
        parse_effect("Ativar · Inegavl Cure 1 de VIDA")
    assert exc.value.code == "UNKNOWN_KEYWORD" and exc.value.suggestion == "Inegável"


def test_unaccented_any_case_prints_canonical():
    """Glossary: the parser accepts unaccented forms and any case, and prints the canonical spelling."""
    e = parse_effect(
        "AUTO · uma vez por ciclo · do inventario · irrespondivel【 Quando uma carta for ativada 】 Role"
    )
    assert e.limits == ("Uma Vez por Ciclo", "Irrespondível") and e.scopes == ("Do Inventário",)
    assert (
        format_effect(e)
        == "Auto · Uma Vez por Ciclo · Irrespondível · Do Inventário 【 Quando uma carta for ativada 】 Role"
    )


def test_requirement_classification_seed_examples():
    """Seed «Requerimentos»: custos, ações, estados, condições — its own example blocks."""
    e = parse_effect(
        "Ativar【 Selecione 2 COMPANHEIRO no tabuleiro; Mova-se para uma casa adjacente; Role 】 Role"
    )
    assert [r.kind for r in e.requirements] == ["action"] * 3
    e = parse_effect(
        "Ativar【 Até que esta carta seja descartada; Enquanto houverem COMPANHEIRO no tabuleiro; "
        "Durante o turno dos oponentes 】 Role"
    )
    assert [r.kind for r in e.requirements] == ["state"] * 3
    assert e.requirements[1].ast == {"cond": "exists", "count": 1, "zone": "TABULEIRO", "type": "COMPANHEIRO"}
    e = parse_effect(
        "Ativar【 Quando uma HABILIDADE for ativada; Se você tiver uma EVOCAÇÃO no SUPORTE 】 Role"
    )
    assert [r.kind for r in e.requirements] == ["condition"] * 2
    assert e.trigger() == {
        "moment": "after",
        "event": "activate",
        "card": {"card": "any", "type": "HABILIDADE"},
    }


def test_r17_out_of_order_is_a_warning():
    """R-17: requirements out of the conventional order are allowed, with a style warning."""
    e = parse_effect(
        "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE; Descarte uma carta 】 Recupere 1 de MANA"
    )
    assert [w.code for w in e.warnings] == ["REQUIREMENT_ORDER"]
    assert [r.kind for r in e.requirements] == ["condition", "cost"]


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("Quando for fazer um teste", "before"),
        ("Quando for ser atacado", "before"),
        ("Quando uma carta for ser ativada", "before"),
        ("Em um teste você recebe +1 de AGI", "during"),
        ("+1 de AGI", "during"),
        ("Depois de resolver uma carta", "after"),
        ("Depois de ser atacado", "after"),
        ("Quando for selecionado como alvo", "after"),
        ("Quando sofrer dano", "after"),
        ("quando VIDA for ser curado", "before"),
        ("quando MANA for ser recuperado", "before"),
    ],
)
def test_r21_moments_from_wording(text, moment):
    """R-21 and the glossary's «Moments» examples."""
    assert moment_of(text) == moment


def test_options_caps_operations_separators():
    """Seed «Descrição»: ( operações ), ● listas, ❙ separadores, (máx N)."""
    e = parse_effect("Ativar Escolha um: ● Cure 5 de VIDA ● Recupere 2 de MANA")
    assert e.has_options and e.body[0].op == "choose" and len(e.body[0].options) == 2
    e = parse_effect("Passivo Você causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)")
    assert e.body[0].amount == {"per": {"zone": "INVENTÁRIO", "who": "self"}, "times": 1, "max": 5}
    e = parse_effect("Ativar Cure ( CONHECIMENTO + INT + 5 ) de VIDA")
    assert e.body[0].amount == {"sum": [[1, "CONHECIMENTO"], [1, "INT"], [1, 5]]}
    e = parse_effect("Passivo ASTÚCIA 2 ❙ INSTRUÇÃO 2")
    assert e.body[0].to_dict() == {"op": "table", "cells": ["ASTÚCIA 2", "INSTRUÇÃO 2"]}


#: rulekit/data/apoteose/examples.yaml: the examples of the seed, glossary and rulings, with their source.
EXAMPLES = [
    e["text"]
    for e in yaml.safe_load(
        (Path(rulekit.apoteose.__file__).parent.parent / "data" / "apoteose" / "examples.yaml").read_text(
            "utf-8"
        )
    )["examples"]
]
assert SEED in EXAMPLES


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_example_parses_into_runnable_vocabulary(text):
    """Every example text of the seed, glossary and rulings parses into runnable statements."""
    e = parse_effect(text)
    assert e.supported(), e.to_dict()
    canon = format_effect(e)
    assert format_effect(canon) == canon


KW = st.builds(
    lambda act, tim, lim, sc, task: (act, tim, lim, sc, task),
    st.sampled_from(ACTIVATIONS),
    st.lists(st.sampled_from(TIMINGS), max_size=2, unique=True),
    st.lists(st.sampled_from(LIMITS), max_size=2, unique=True),
    st.lists(st.sampled_from(SCOPES), max_size=2, unique=True),
    st.one_of(st.none(), st.sampled_from(sorted(TASKS))),
)
REQS = st.lists(
    st.sampled_from(
        [
            "Descarte uma carta",
            "consuma 2 de estamina",
            "Selecione um oponente",
            "Role",
            "Enquanto houverem COMPANHEIRO no tabuleiro",
            "Se você tiver uma EVOCAÇÃO no SUPORTE",
            "quando uma HABILIDADE for ativada",
        ]
    ),
    max_size=3,
)
DESC = st.sampled_from(
    [
        "",
        "Cure 5 de VIDA.",
        "Escolha um: ● Cure 1 de VIDA ● Compre 1 carta",
        "Cause 2 de DANO a um oponente. Depois, Role",
        "+1 de AGI",
    ]
)


def _weird(s: str, upper: bool) -> str:
    return s.upper() if upper else s.lower()


@settings(max_examples=150, deadline=None)
@given(KW, REQS, DESC, st.booleans(), st.sampled_from([" · ", "·", "  ·  "]))
def test_format_is_a_fixed_point(kw, reqs, desc, upper, sep):
    """Parse → format → parse → format gives the same canonical text."""
    act, tim, lim, sc, task = kw
    if act == "Passivo":
        task = None
    words = [_weird(act, upper), *tim, *lim, *sc, *([task] if task else [])]
    text = sep.join(words)
    if reqs:
        text += "【 " + " ; ".join(reqs) + " 】"
    text += " " + desc
    try:
        e = parse_effect(text)
    except EffectTextError as exc:
        assert exc.code in ("UNKNOWN_KEYWORD",)  # a description starting like a keyword is the only ambiguity
        return
    once = format_effect(e)
    again = parse_effect(once)
    assert format_effect(again) == once
    assert again == e
