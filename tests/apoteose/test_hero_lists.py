"""A list of heroes as whom a statement acts on (``more_heroes`` in ``rulekit/apoteose/grammar.lark``,
LANGUAGE.md §3): "Cure 5 de VIDA em você e em cada aliado adjacente" is the statement once per hero, in the
order written, each with the whole amount, so it reads as the clauses written out one by one. A changed
hero changes the reading; a pronoun after a list is refused (which of them is never guessed); a list of
heroes and a list of amounts in one statement, or a card in a list of heroes, are refused by name.
"""

from __future__ import annotations

import paraphrase as P
import pytest

from rulekit.apoteose.text import parse_effect

#: (a list of heroes, the same statements written one clause each)
PAIRS = [
    (
        "Ativar Cura 5 de VIDA em você e em cada aliado adjacente.",
        "Ativar Cure 5 de VIDA em você e cure 5 de VIDA de cada aliado adjacente.",
    ),
    (
        "Ativar Recupera dois de MANA pra você e pra um aliado.",
        "Ativar Recupere 2 de MANA e recupere 2 de MANA de um aliado.",
    ),
    (
        "Ativar Cause 2 de DANO a um oponente e um aliado.",
        "Ativar Cause 2 de DANO a um oponente e cause 2 de DANO a um aliado.",
    ),
    (
        "Ativar Cause 2 de DANO a um oponente, a um aliado e a você.",
        "Ativar Cause 2 de DANO a um oponente, cause 2 de DANO a um aliado e cause 2 de DANO a você.",
    ),
    (
        "Ativar Cure a você e a todos os aliados 3 de VIDA.",
        "Ativar Cure 3 de VIDA e cure 3 de VIDA de todos os aliados.",
    ),
]


@pytest.mark.parametrize(("listed", "one_by_one"), PAIRS)
def test_a_list_of_heroes_reads_as_the_statement_once_per_hero(listed: str, one_by_one: str) -> None:
    got = P.reading(listed)
    assert got is not None
    assert got == P.reading(one_by_one)


def test_the_order_written_is_the_order_of_the_statements() -> None:
    a = P.reading("Ativar Cause 2 de DANO a um oponente e a você.")
    b = P.reading("Ativar Cause 2 de DANO a você e a um oponente.")
    assert a is not None and b is not None
    assert a != b


@pytest.mark.parametrize(
    "mutant",
    [
        "Ativar Cure 5 de VIDA em você e em cada oponente.",
        "Ativar Cure 5 de VIDA em um aliado e em cada aliado.",
    ],
)
def test_changing_a_hero_of_the_list_changes_the_reading(mutant: str) -> None:
    text = "Ativar Cure 5 de VIDA em você e em cada aliado."
    assert P.reading(mutant) is not None
    assert P.reading(mutant) != P.reading(text)


def _refusal(text: str) -> str:
    warnings = [w for w in parse_effect(text).warnings if w.code == "UNSUPPORTED_TEXT"]
    assert warnings, f"{text!r} was read"
    return warnings[0].message


def test_a_pronoun_after_a_list_of_heroes_is_refused() -> None:
    assert "'Ele'" in _refusal("Ativar Cure 5 de VIDA em você e em um aliado. Ele compra 1 carta.")


def test_a_list_of_heroes_and_a_list_of_amounts_in_one_statement_is_refused() -> None:
    message = _refusal("Ativar Recupere 2 de MANA e 1 de ESTAMINA pra você e pra um aliado.")
    assert "one list in a statement" in message


def test_a_card_in_a_list_of_heroes_is_refused() -> None:
    assert "'carta'" in _refusal("Ativar Cause 2 de DANO a um oponente e a esta carta.")


def test_e_inside_a_word_is_not_a_list() -> None:
    """The "e" of a list is a whole word: "aliado escolhido" is not "aliado" and a hero named "scolhido"."""
    message = _refusal("Ativar【 Escolha um Herói rival 】 Cure 2 de VIDA do personagem aliado escolhido.")
    assert "ally" in message and "opponent" in message
