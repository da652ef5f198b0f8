"""One reader. Triggers and states are read by a grammar (``requirements.lark``) over the
description grammar's noun phrases; ``lang.py`` keeps no regex reader and no vocabulary of its own."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from rulekit.apoteose import lang
from rulekit.apoteose import reqgrammar as RG
from rulekit.apoteose.words import COMPARISONS, EVENT_STEMS

TRIGGERS: list[tuple[str, dict[str, Any]]] = [
    (
        "uma HABILIDADE de um oponente for ativada",
        {
            "moment": "after",
            "event": "activate",
            "card": {"card": "any", "type": "HABILIDADE", "owner": "opponent"},
        },
    ),
    (
        "a MANA de um aliado for ser recuperada",
        {"moment": "before", "event": "recover", "resource": "MANA", "patient": {"who": "ally"}},
    ),
    (
        "um COMPANHEIRO aliado sofrer dano",
        {
            "moment": "after",
            "event": "damage",
            "card": {"card": "any", "type": "COMPANHEIRO", "owner": "team"},
        },
    ),
    (
        "você for atacado por um oponente",
        {"moment": "after", "event": "attack", "patient": {"who": "self"}, "actor": {"who": "opponent"}},
    ),
    ("for fazer um teste", {"moment": "before", "event": "test", "actor": {"who": "self"}}),
    (
        "uma carta de um oponente for consumida",
        {"moment": "after", "event": "exhaust", "card": {"card": "any", "owner": "opponent"}},
    ),
    ("o Herói do turno for atacado", {"moment": "after", "event": "attack", "patient": {"who": "turn"}}),
    ("alguém se mover", {"moment": "during", "event": "step", "actor": {"who": "any"}}),
    (
        "resolver uma carta",
        {"moment": "during", "event": "resolve", "actor": {"who": "self"}, "card": {"card": "any"}},
    ),
]
CONDITIONS: list[tuple[str, dict[str, Any]]] = [
    (
        "você tiver uma EVOCAÇÃO no SUPORTE",
        {"cond": "has", "who": "self", "count": 1, "type": "EVOCAÇÃO", "zone": "SUPORTE"},
    ),
    (
        "um inimigo tiver menos de 2 cartas na MESA",
        {"cond": "has", "who": "opponent", "count": 2, "cmp": "<", "zone": "MESA"},
    ),
    (
        "a VIDA de um aliado for menor ou igual a 10",
        {"cond": "resource", "who": "ally", "resource": "VIDA", "cmp": "<=", "value": 10},
    ),
    (
        "você estiver com pelo menos 2 de MANA",
        {"cond": "resource", "who": "self", "resource": "MANA", "cmp": ">=", "value": 2},
    ),
    (
        "o alvo ficar sem MANA",
        {"cond": "resource", "who": "selected", "resource": "MANA", "cmp": "==", "value": 0},
    ),
    (
        "houverem COMPANHEIRO no tabuleiro",
        {"cond": "exists", "count": 1, "type": "COMPANHEIRO", "zone": "TABULEIRO"},
    ),
    ("o turno dos inimigos", {"cond": "turn", "of": "opponent"}),
    ("o início do seu próximo turno", {"cond": "until_time", "when": "next_turn"}),
    ("esta carta seja consumida", {"cond": "until_event", "event": "exhaust", "card": "self"}),
    ("você estiver com 2 cartas", {"cond": "has", "who": "self", "count": 2, "cmp": ">="}),
]


@pytest.mark.parametrize(("text", "want"), TRIGGERS)
def test_a_trigger_reads(text: str, want: dict[str, Any]) -> None:
    assert lang.parse_trigger(text) == want


@pytest.mark.parametrize(("text", "want"), CONDITIONS)
def test_a_condition_reads(text: str, want: dict[str, Any]) -> None:
    assert lang.parse_condition(text) == want


@pytest.mark.parametrize("stem", sorted(EVENT_STEMS))
def test_every_event_verb_of_the_one_table_reads(stem: str) -> None:
    """The grammar's event verbs are made from ``words.EVENT_STEMS``: every stem reads as its kind, in the
    infinitive and as a participle."""
    kind = EVENT_STEMS[stem]
    inf = {"faz": "fazer", "fiz": "fizer", "sa": "sair"}.get(
        stem,
        stem + ("er" if stem in ("sofr", "resolv", "devolv", "perd") else "ir" if stem == "ban" else "ar"),
    )
    got = RG.parse_trigger_text(f"um oponente {inf}")
    assert got["event"] in (kind, "exhaust", "ready"), got


@pytest.mark.parametrize(("words", "op"), COMPARISONS)
def test_every_comparison_of_the_one_table_reads(words: str, op: str) -> None:
    assert lang.parse_condition(f"sua MANA for {words} 3")["cmp"] == op


@pytest.mark.parametrize(
    "text", ["a coisa se mover", "um lobo qualquer sofrer dano", "todos os aliados forem curados"]
)
def test_a_trigger_it_cannot_read_is_unknown_never_you(text: str) -> None:
    assert lang.parse_trigger(text)["event"] == "unknown"


@pytest.mark.parametrize("text", ["chover", "bruno ficar sem VIDA", "todos os aliados estiverem sem VIDA"])
def test_a_condition_it_cannot_read_is_unknown(text: str) -> None:
    assert lang.parse_condition(text)["cond"] == "unknown"


def test_lang_keeps_no_regex_reader_of_triggers_or_states() -> None:
    """The regex readers and their vocabulary (``_party``, ``_state``, ``_STEMS``, ``_OWNER_OF``,
    ``_CMP_WORDS``…) are gone: ``parse_trigger`` and ``parse_condition`` only hand the text to the grammar."""
    tree = ast.parse(Path(lang.__file__).read_text(encoding="utf-8"))
    names = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {
        t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)
    }
    gone = {
        "_party",
        "_party_phrase",
        "_state",
        "_subject",
        "_stem",
        "_STEMS",
        "_POSSESSOR",
        "_OWNER_OF",
        "_CMP_WORDS",
        "_HAVE",
        "_BE",
        "_RES",
        "_NUM",
        "N",
    }
    assert names & gone == set()
    for fn in (
        n
        for n in tree.body
        if isinstance(n, ast.FunctionDef) and n.name in ("parse_trigger", "parse_condition")
    ):
        calls = {c.func.id for c in ast.walk(fn) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
        assert calls <= {"parse_trigger_text", "parse_condition_text"}, calls
