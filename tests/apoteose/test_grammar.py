"""The description reader on a grammar — composing phrases, and errors that help."""

from __future__ import annotations

import pytest

from rulekit.apoteose.grammar import ClauseError, parse_clause
from rulekit.apoteose.text import parse_effect


@pytest.mark.parametrize(
    "clause,stmt",
    [
        (
            "Descarte 2 EVOCAÇÃO de um oponente do TABULEIRO",
            {
                "op": "discard",
                "card": "choose",
                "count": 2,
                "type": "EVOCAÇÃO",
                "owner": "one_opponent",  # both of one opponent, chosen
                "zone": "TABULEIRO",
            },
        ),
        ("Revele todas as cartas do seu INVENTÁRIO", {"op": "reveal", "card": "all", "zone": "INVENTÁRIO"}),
        ("Descarte suas cartas", {"op": "discard", "card": "all", "owner": "self"}),
        ("Bane uma carta de outro Herói", {"op": "banish", "card": "choose", "count": 1, "owner": "other"}),
        ("Enterre uma carta do seu time", {"op": "bury", "card": "choose", "count": 1, "owner": "team"}),
        ("Bane os COMPANHEIRO selecionados", {"op": "banish", "card": "selected"}),
        ("Descarte a carta consumida", {"op": "discard", "card": "paid"}),
        (
            "Cause 2 de DANO a aquele oponente",
            {"op": "damage", "amount": 2, "resource": "VIDA", "target": {"who": "that"}},
        ),
        (
            "Cure 3 de VIDA de o herói que ativou esta carta",
            {"op": "heal", "amount": 3, "resource": "VIDA", "target": {"who": "self"}},
        ),
        (
            "O herói que ativou essa carta perde 1 de MANA",
            {"op": "lose", "amount": 1, "resource": "MANA", "target": {"who": "answered"}},
        ),
        (
            "Cause 1 de DANO a cada adversário",
            {"op": "damage", "amount": 1, "resource": "VIDA", "target": {"who": "opponent", "all": True}},
        ),
        (
            "Cure 50 de VIDA (máx 5)",
            {
                "op": "heal",
                "amount": {"sum": [[1, 50]], "max": 5},
                "resource": "VIDA",
                "target": {"who": "self"},
            },
        ),
        (
            "Devolva uma carta do seu DESCARTE ao BARALHO",
            {"op": "move", "card": "choose", "count": 1, "zone": "DESCARTE", "dest": "BARALHO"},
        ),
        ("Olhe 2 cartas do seu BARALHO", {"op": "look", "card": "choose", "count": 2, "zone": "BARALHO"}),
    ],
)
def test_phrases_compose(clause: str, stmt: dict) -> None:
    assert parse_clause(clause) == stmt


def test_an_unreadable_clause_points_at_its_first_unread_word() -> None:
    with pytest.raises(ClauseError) as exc:
        parse_clause("Descarte a carta mais forte")
    assert (exc.value.position, exc.value.word) == (17, "mais")
    assert "selecionada(s)" in exc.value.expected
    assert exc.value.suggestion == "Descarte uma carta"


def test_the_effect_warning_gives_the_position_in_the_whole_text() -> None:
    text = "Ativar【 Consuma 1 de MANA 】 Cure 5 de VIDA e Cure muito de VIDA."
    [w] = [w for w in parse_effect(text).warnings if w.code == "UNSUPPORTED_TEXT"]
    assert text[w.position :].startswith("muito")
    assert "did you mean 'Cure 25 de VIDA'?" in w.message


def test_a_clause_too_long_is_reported_not_read() -> None:
    with pytest.raises(ClauseError) as exc:
        parse_clause("Cure 1 de VIDA de " + "a" * 300)
    assert "at most 160 characters" in exc.value.expected[0]
