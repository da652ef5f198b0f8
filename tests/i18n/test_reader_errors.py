"""The description reader's errors in Portuguese and Spanish: what it expected where it stopped (kinds of
word joined as the language joins alternatives) and why a phrase cannot be resolved (LANGUAGE.md §3.1),
rendered from their catalogue messages; the card's own words and the Apoteose words stay as written."""

from __future__ import annotations

import pytest

from rulekit.apoteose.grammar import ClauseError, parse_clause
from rulekit.apoteose.text import parse_effect
from rulekit.i18n import translator
from rulekit.phrase import N_, Phrase, one_of


def _warning(text: str, lang: str) -> str:
    [w] = parse_effect(text).warnings
    assert w.code == "UNSUPPORTED_TEXT"
    return w.text_in(lang)


@pytest.mark.parametrize(
    ("lang", "joined"),
    [
        ("en", "a number or a verb"),
        ("pt-BR", "um número ou um verbo"),
        ("es", "un número o un verbo"),
    ],
)
def test_alternatives_are_joined_in_the_reader_s_language(lang: str, joined: str) -> None:
    assert translator(lang).phrase(one_of([Phrase(N_("a number")), Phrase(N_("a verb"))])) == joined


@pytest.mark.parametrize(
    ("text", "pt", "es"),
    [
        (
            "Ativar Cure o zorp de VIDA.",
            "não é possível ler 'o' na posição 12 ('Cure o zorp de VIDA'): esperava-se um número ou '(' — "
            "você quis dizer 'Cure 25 de VIDA'?",
            "no se puede leer 'o' en la posición 12 ('Cure o zorp de VIDA'): se esperaba un número o '(' — "
            "¿quisiste decir 'Cure 25 de VIDA'?",
        ),
        (
            "Ativar Compre",
            "não é possível ler '(fim)' na posição 13 ('Compre'): esperava-se um número",
            "no se puede leer '(fin)' en la posición 13 ('Compre'): se esperaba un número",
        ),
        (
            "Ativar Descarte 2 EVOCAÇÃO de um",
            "não é possível ler '(fim)' na posição 32 ('Descarte 2 EVOCAÇÃO de um'): esperava-se um "
            "determinante (o, um, esse, cada…), um herói (oponente, aliado…), um número ou uma zona",
            "no se puede leer '(fin)' en la posición 32 ('Descarte 2 EVOCAÇÃO de um'): se esperaba un "
            "determinante (o, um, esse, cada…), un héroe (oponente, aliado…), un número o una zona",
        ),
        (
            "Ativar Bana aquela carta.",
            "não é possível resolver 'aquela' na posição 12 ('Bana aquela carta'): 'aquela carta' remete a "
            "uma carta anterior, mas este efeito não responde a nenhum evento com carta nem nomeia uma "
            "carta antes",
            "no se puede resolver 'aquela' en la posición 12 ('Bana aquela carta'): 'aquela carta' remite a "
            "una carta anterior, pero este efecto no responde a ningún evento con una carta ni nombra una "
            "carta antes",
        ),
        (
            "Ativar Cure 2 de VIDA de um aliado adjacente a um aliado.",
            "não é possível resolver 'um' na posição 47 ('Cure 2 de VIDA de um aliado adjacente a um "
            "aliado'): 'adjacente a …' nomeia um único herói: adjacente a você, adjacente ao alvo",
            "no se puede resolver 'um' en la posición 47 ('Cure 2 de VIDA de um aliado adjacente a um "
            "aliado'): 'adjacente a …' nombra a un solo héroe: adjacente a você, adjacente ao alvo",
        ),
    ],
    ids=["a number or '('", "the end", "four kinds", "aquela carta", "adjacente a um aliado"],
)
def test_an_unreadable_effect_text_reads_in_portuguese_and_spanish(text: str, pt: str, es: str) -> None:
    assert _warning(text, "pt-BR") == pt
    assert _warning(text, "es") == es


def test_the_english_is_the_message_and_the_json_keeps_code_position_and_params() -> None:
    [w] = parse_effect("Ativar Voe alto.").warnings
    assert (
        str(w.message)
        == w.text_in("en")
        == (
            "cannot read 'alto' at position 11 ('Voe alto'): expected a verb or ',' "  # "Você, até …, recebe"
            "— did you mean 'Role 2 dados'?"
        )
    )
    data = w.to_dict()
    assert (data["code"], data["position"], data["params"]["word"]) == ("UNSUPPORTED_TEXT", 11, "alto")


def test_a_clause_error_renders_in_every_language() -> None:
    with pytest.raises(ClauseError) as exc:
        parse_clause("Cure muito de VIDA")
    err = exc.value
    assert (
        str(err)
        == err.text_in("en")
        == ("cannot read 'muito' at position 5 of 'Cure muito de VIDA' (expected a number or '(')")
    )
    assert err.text_in("pt-BR") == (
        "não é possível ler 'muito' na posição 5 de 'Cure muito de VIDA' (esperava-se um número ou '(')"
    )
    assert err.text_in("es") == (
        "no se puede leer 'muito' en la posición 5 de 'Cure muito de VIDA' (se esperaba un número o '(')"
    )
    assert err.to_dict()["code"] == "CANNOT_READ" and err.to_dict()["position"] == 5
    with pytest.raises(ClauseError) as ref:
        parse_clause("Cure 2 de VIDA de aquele aliado adjacente a você")
    assert ref.value.code == "CANNOT_RESOLVE"
    assert ref.value.text_in("pt-BR").endswith(
        "('adjacente' restringe um conjunto de heróis: um aliado adjacente a você)"
    )
    assert ref.value.text_in("es").endswith(
        "('adjacente' restringe un conjunto de héroes: um aliado adjacente a você)"
    )
