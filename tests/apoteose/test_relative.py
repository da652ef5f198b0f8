"""A hero's place written as a relative clause with estar (``hmod`` in ``rulekit/apoteose/grammar.lark``,
LANGUAGE.md §3): "o aliado que estiver adjacente a você" is "o aliado adjacente a você" (seed «Requerimentos
de Ativação»: casas and "adjacente"), in a statement, a subject, a Selecione and a condition, whatever the
tense and mood of estar; "numa casa vizinha" is "adjacente" by the lexicon's phrases. A word in the place of
"adjacente" that the reader does not know is refused by name; estar with anything else after it is refused,
never read as a place.
"""

from __future__ import annotations

import paraphrase as P
import pytest
from helpers import unread

#: (a text with "adjacente" after the hero, the same text with "que <estar> adjacente"), each form of estar
PAIRS = [
    (
        f"Ativar Cure 6 de VIDA de um aliado adjacente a você{end}",
        f"Ativar Cure 6 de VIDA do aliado que {be} adjacente a você{end}",
    )
    for be in ("está", "estiver", "esteja")
    for end in (".", "")
] + [
    (
        "Ativar Todos os aliados adjacentes a você curam 4 de VIDA.",
        f"Ativar Os aliados que {be} adjacentes a você curam 4 de VIDA.",
    )
    for be in ("estão", "estiverem", "estejam")
] + [
    (
        "Ativar【 Selecione 1 Herói rival adjacente a você 】 Cause 2 de DANO ao alvo.",
        "Ativar【 Selecione 1 Herói rival que esteja adjacente a você 】 Cause 2 de DANO ao alvo.",
    ),
    (
        "Auto【 Se houver um aliado adjacente a você 】 Compre 1 carta.",
        "Auto【 Se houver um aliado que esteja adjacente a você 】 Compre 1 carta.",
    ),
    (
        "Ativar Cure 6 de VIDA de um aliado adjacente a você.",
        "Ativar Cure 6 de VIDA do aliado que estiver numa casa vizinha.",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("plain", "relative"), PAIRS)
def test_a_relative_clause_with_estar_reads_as_the_adjective(plain: str, relative: str) -> None:
    assert P.reading(plain) is not None
    assert P.reading(relative) == P.reading(plain)


def test_the_rewording_axis_covers_the_corpus() -> None:
    """The ``relative`` axis of ``paraphrase.py`` rewrites every corpus text with a hero "adjacente" (each
    form of estar); ``test_paraphrase`` checks them all read the same."""
    texts = P.applicable("relative")
    assert len(texts) >= 10
    forms = {v.split(" que ")[1].split()[0] for t in texts for v in P.variants("relative", t)}
    assert {"está", "estiver", "esteja"} <= forms


@pytest.mark.parametrize("word", ["longe", "perto", "escondido"])
def test_another_word_in_the_place_of_adjacente_is_refused_by_name(word: str) -> None:
    assert f"'{word}'" in unread(f"Ativar Cure 6 de VIDA do aliado que estiver {word} de você.")


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cure 6 de VIDA do aliado que estiver com 5 de VIDA.",
        "Ativar Cure 6 de VIDA do aliado que estiver sem MANA.",
        "Ativar Cause 2 de DANO ao oponente que esteja selecionado.",
    ],
)
def test_estar_without_a_place_is_refused(text: str) -> None:
    unread(text)


def test_changing_the_hero_changes_the_reading() -> None:
    ally = "Ativar Os aliados que estiverem adjacentes a você curam 4 de VIDA."
    enemy = "Ativar Os oponentes que estiverem adjacentes a você curam 4 de VIDA."
    assert P.reading(enemy) is not None
    assert P.reading(enemy) != P.reading(ally)


# ------------------------------------------------------------ the hero who activates, as a relative clause
#: "você" as a subject, and the same clause with the hero who activates this card written out (seed «Efeito»:
#: the hero who activates the effect is "você"); "quem" is "o Herói que" (the lexicon's words)
WHO_PAIRS = [
    (f"Ativar Você compra 2 cartas{end}", f"Ativar {who} compra 2 cartas{end}")
    for who in ("Quem ativar esta carta", "Quem ativou esta carta", "O Herói que ativar esta carta",
                "Quem usar esta carta", "quem ativa esta carta")
    for end in (".", "")
] + [
    ("Ativar · Do Time Você compra 2 cartas.", "Ativar · Do Time Quem ativar esta carta compra 2 cartas."),
    (
        "Ativar Você se move para uma casa adjacente.",
        "Ativar Quem ativou esta carta se move para uma casa adjacente.",
    ),
    (
        "Passivo Você causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)",
        "Passivo Quem usar esta carta causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)",
    ),
    ("Ativar Cure 2 de VIDA de você.", "Ativar Cure 2 de VIDA de quem ativou esta carta."),
]  # fmt: skip


@pytest.mark.parametrize(("plain", "written"), WHO_PAIRS)
def test_the_hero_who_activates_this_card_is_you(plain: str, written: str) -> None:
    assert P.reading(plain) is not None, plain
    assert P.reading(written) == P.reading(plain), written


def test_mutation_that_card_is_the_answered_entry_s_hero_not_you() -> None:
    text = "Ativar【 Quando um oponente ativar uma carta 】 Cause 2 de DANO a quem ativou {card}."
    this, that = (P.reading(text.format(card=c)) for c in ("esta carta", "essa carta"))
    assert this is not None and that is not None and this != that
    assert that["body"][0]["target"] == {"who": "answered"} and this["body"][0]["target"] == {"who": "self"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        # another verb than activating says no hero: refused where it is written
        ("Ativar Quem descartar esta carta compra 2 cartas.", "descartar"),
        # a statement only you make, with another hero as its subject: refused naming it
        ("Ativar Um aliado se move para uma casa adjacente.", "only you"),
        ("Passivo Um aliado causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)", "only you"),
    ],
)
def test_what_the_hero_who_activates_cannot_mean_is_refused(text: str, says: str) -> None:
    assert says in unread(text)
