"""An adjunct between a subject and its verb ("Você, até o final do turno, recebe +1 de AGI"), and
"ter +N de X" read as receiving it (held-out h68).

The expected readings are the seed's own order of the same statement (the adjunct last, «recebe +N de X»),
never the reader's output; each widening has a mutation that must change or refuse the reading.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekit.apoteose.canonical import explain_text
from rulekit.apoteose.grammar import ClauseError, parse_clause
from rulekit.apoteose.text import parse_effect


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [s.to_dict() for s in e.body]


@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        (
            "Ativar Você, até o final do turno, tem +1 de AGI.",
            "Ativar Você recebe +1 de AGI até o final do turno.",
        ),
        (
            "Ativar Você, até o final do turno, recebe +1 de AGI.",
            "Ativar Você recebe +1 de AGI até o final do turno.",
        ),
        (
            "Ativar Você tem +1 de AGI até o final do turno.",
            "Ativar Você recebe +1 de AGI até o final do turno.",
        ),
        (
            "Ativar Você, até o fim da batalha, ganha -2 de FOR.",
            "Ativar Você recebe -2 de FOR até o final da batalha.",
        ),
        (
            "Ativar Você, até o final do turno, tem +1 de AGI e compre 1 carta.",
            "Ativar Você recebe +1 de AGI até o final do turno e compre 1 carta.",
        ),
        (
            "Ativar Um aliado, até o final do turno, recebe +1 de FOR.",
            "Ativar Um aliado recebe +1 de FOR até o final do turno.",
        ),
    ],
)
def test_an_adjunct_between_subject_and_verb_reads_as_written_last(paraphrase: str, canonical: str) -> None:
    assert body(paraphrase) == body(canonical)


def test_the_adjunct_is_read_not_dropped() -> None:
    """Mutation: another duration between the same words gives another reading; none gives no duration."""
    turn = body("Ativar Você, até o final do turno, tem +1 de AGI.")
    battle = body("Ativar Você, até o final da batalha, tem +1 de AGI.")
    assert turn[0]["until"] == "end_turn" and battle[0]["until"] == "end_battle"
    assert "until" not in body("Ativar Você tem +1 de AGI.")[0]


def test_two_durations_around_the_verb_are_refused() -> None:
    with pytest.raises(ClauseError, match="two durations"):
        parse_clause("Você, até o final do turno, tem +1 de AGI até o final da batalha")


def test_an_unread_duration_between_subject_and_verb_is_refused() -> None:
    with pytest.raises(ClauseError, match="duration is not read"):
        parse_clause("Você, até o final do próximo turno, recebe +1 de AGI")


def test_ter_is_receive_only_before_a_signed_amount() -> None:
    """«ter» is «receber» only before +N/-N; «que tem mais VIDA» keeps its own «ter», and «tem 1 de AGI»
    (no sign: a state, not a bonus) is refused, never read as a gain."""
    assert parse_clause("Cure 2 de VIDA do aliado que tem mais VIDA")["target"] == {
        "who": "ally",
        "most": "VIDA",
    }
    with pytest.raises(ClauseError):
        parse_clause("Você tem 1 de AGI")
    assert parse_clause("O aliado que tem mais VIDA tem -2 de FOR") == {
        "op": "gain",
        "attribute": "FOR",
        "amount": -2,
        "target": {"who": "ally", "most": "VIDA"},
    }


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "gain +1 AGI until the end of the turn"),
        ("pt_BR", "recebe +1 de AGI até o final do turno"),
        ("es", "recibe +1 de AGI hasta el final del turno"),
    ],
)
def test_explained_in_the_seed_order_in_every_language(lang: str, words: str) -> None:
    lines = explain_text("Ativar Você, até o final do turno, tem +1 de AGI.", lang)
    assert lines[1] == f"  Você recebe +1 de AGI até o final do turno — {words}"


# ------------------------------------------------------------- "compre três": cards left out after comprar
@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        ("Ativar Compre três.", "Ativar Compre 3 cartas."),
        ("Ativar Compre uma.", "Ativar Compre 1 carta."),
        ("Ativar Descarte duas cartas e compre três.", "Ativar Descarte 2 cartas e compre 3 cartas."),
        ("Ativar Um aliado compra duas.", "Ativar Um aliado compra 2 cartas."),
    ],
)
def test_the_cards_left_out_after_comprar_and_a_number(paraphrase: str, canonical: str) -> None:
    assert body(paraphrase) == body(canonical)


def test_the_number_left_out_is_read_not_assumed() -> None:
    """Mutation: another number changes the count; a card verb other than comprar without its noun counts the
    cards the clause before acted on, as "duas delas" (R-31), never any cards: alone it is refused."""
    assert body("Ativar Compre duas.")[0]["count"] == 2 and body("Ativar Compre cinco.")[0]["count"] == 5
    assert parse_clause("Descarte duas") == parse_clause("Descarte duas delas")
    assert not parse_effect("Ativar Descarte duas.").supported()
