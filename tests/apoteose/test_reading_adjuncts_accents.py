"""Adjuncts in another place, accents dropped, and the players' state verbs (the paraphrase axes
``order``, ``accents``, ``accents:capitals`` and ``synonym:verb`` of ``paraphrase.py``).

Each expected reading is the seed's own wording of the same card (the text on the right), never the reader's
output; and each widening is checked not to merge two different words of the game.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
import yaml

from rulekit.apoteose.grammar import is_fronted_adjunct
from rulekit.apoteose.lang import split_clauses
from rulekit.apoteose.reading import _LEXICON, fold, spelled
from rulekit.apoteose.text import parse_effect


def reading(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [r.ast for r in e.requirements], [s.to_dict() for s in e.body]


def same(paraphrase: str, canonical: str) -> None:
    assert reading(paraphrase) == reading(canonical)


def refused(text: str) -> str:
    e = parse_effect(text)
    assert not e.supported()
    return " ".join(w.text_in("en") for w in e.warnings if w.code == "UNSUPPORTED_TEXT")


# ------------------------------------------------------------- adjuncts before the amount or the verb
@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        # whom: before the amount (grammar.lark `_around`), the seed writes it after
        ("Ativar Cause a um oponente 5 de DANO.", "Ativar Cause 5 de DANO a um oponente."),
        (
            "Ativar【 Selecione 1 oponente 】 Cause ao alvo 2 de DANO e compre 1 carta.",
            "Ativar【 Selecione 1 oponente 】 Cause 2 de DANO ao alvo e compre 1 carta.",
        ),
        ("Ativar Cause a esta carta 2 de DANO.", "Ativar Cause 2 de DANO a esta carta."),
        ("Ativar Cure a um aliado 3 de VIDA.", "Ativar Cure 3 de VIDA de um aliado."),
        (
            "Ativar Recupere a um aliado 2 de MANA e 1 de ESTAMINA.",
            "Ativar Recupere 2 de MANA e 1 de ESTAMINA de um aliado.",
        ),
        # where a card goes: before the card
        ("Ativar Mova para o SUPORTE esta carta.", "Ativar Mova esta carta para o SUPORTE."),
        (
            "Ativar Mova para a MESA uma carta da sua MÃO.",
            "Ativar Mova uma carta da sua MÃO para a MESA.",
        ),
        (
            "Ativar Devolva ao seu INVENTÁRIO uma carta do seu DESCARTE.",
            "Ativar Devolva uma carta do seu DESCARTE ao seu INVENTÁRIO.",
        ),
        (
            "Auto【 Quando uma carta for descartada 】 Devolva ao INVENTÁRIO essa carta.",
            "Auto【 Quando uma carta for descartada 】 Devolva essa carta ao INVENTÁRIO.",
        ),
        # how long: first, with or without its comma, alone or after another clause
        (
            "Ativar Até o final do turno, você recebe +2 de AGI.",
            "Ativar Você recebe +2 de AGI até o final do turno.",
        ),
        (
            "Ativar Até o final do turno você recebe +2 de AGI.",
            "Ativar Você recebe +2 de AGI até o final do turno.",
        ),
        (
            "Ativar【 Selecione 1 aliado 】 Até o fim da batalha, o alvo recebe +1 de FOR.",
            "Ativar【 Selecione 1 aliado 】 O alvo recebe +1 de FOR até o fim da batalha.",
        ),
        (
            "Ativar Compre 1 carta. Até o início do seu próximo turno, você recebe +1 de FOR.",
            "Ativar Compre 1 carta. Você recebe +1 de FOR até o início do seu próximo turno.",
        ),
        (
            "Ativar Compre 1 carta e até o fim da batalha você recebe +1 de FOR.",
            "Ativar Compre 1 carta e você recebe +1 de FOR até o fim da batalha.",
        ),
        (
            "Ativar · Duração Até o final da batalha, você recebe +2 de AGI",
            "Ativar · Duração Você recebe +2 de AGI até o final da batalha",
        ),
    ],
)
def test_an_adjunct_before_the_amount_or_the_verb_reads_as_after_it(paraphrase: str, canonical: str) -> None:
    same(paraphrase, canonical)


def test_a_fronted_duration_is_no_clause_of_its_own() -> None:
    assert split_clauses("Até o final do turno, você recebe +2 de AGI e compre 1 carta") == [
        "Até o final do turno, você recebe +2 de AGI",
        "compre 1 carta",
    ]
    assert is_fronted_adjunct("Até o fim da batalha,") and not is_fronted_adjunct(
        "Até o fim da batalha, cure"
    )


def test_two_durations_are_refused_never_one_guessed() -> None:
    why = refused("Ativar Até o final do turno, você recebe +2 de AGI até o final da batalha.")
    assert "two durations" in why and "até o final da batalha" in why


def test_a_place_before_the_card_is_where_it_goes_never_whence() -> None:
    assert "where to" in refused("Ativar Devolva do seu DESCARTE uma carta.")


def test_an_adjunct_in_another_place_keeps_who_is_hit() -> None:
    _, body = reading("Ativar Cause a todos os oponentes adjacentes a você 3 de DANO.")
    assert body[0]["target"] == {"who": "opponent", "all": True, "near": {"who": "self"}}
    _, body = reading("Ativar Cause a um aliado 3 de DANO.")
    assert body[0]["target"] == {"who": "ally"}


# ------------------------------------------------------------- accents dropped
def test_aquele_without_its_grave_accent_is_the_crasis_where_a_preposition_goes() -> None:
    seed = "Auto【 Quando um oponente for atacado 】 Cause 2 de DANO àquele oponente."
    same("Auto【 Quando um oponente for atacado 】 Cause 2 de DANO aquele oponente.", seed)
    same("Auto【 Quando um oponente for atacado 】 Cause aquele oponente 2 de DANO.", seed)
    # a subject "aquele oponente" takes no preposition: the same hero, read as the subject
    same("Auto【 Quando um oponente for atacado 】 Aquele oponente sofre 2 de DANO.", seed)
    same(
        "Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA aquele aliado.",
        "Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA àquele aliado.",
    )


@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        ("Passivo ASTUCIA 2 ❙ INSTRUCAO 2", "Passivo ASTÚCIA 2 ❙ INSTRUÇÃO 2"),
        ("Passivo Você recebe +1 de ASTUCIA", "Passivo Você recebe +1 de ASTÚCIA"),
        ("Ativar ( CONHECIMENTO + ASTUCIA + 5 )", "Ativar ( CONHECIMENTO + ASTÚCIA + 5 )"),
        ("Ativar Revele o INVENTARIO de um oponente.", "Ativar Revele o INVENTÁRIO de um oponente."),
        ("Ativar Descarte 1 EVOCACAO.", "Ativar Descarte 1 EVOCAÇÃO."),
    ],
)
def test_the_games_words_in_capitals_without_accents_are_the_declared_words(
    paraphrase: str, canonical: str
) -> None:
    same(paraphrase, canonical)


def test_spelling_only_restores_accents_never_guesses_a_word() -> None:
    assert spelled("ASTUCIA 2 ❙ INSTRUCAO 2 ❙ MAO") == "ASTÚCIA 2 ❙ INSTRUÇÃO 2 ❙ MÃO"
    assert spelled("SORTE 2 ❙ ITENS ❙ ASTUCIAS ❙ astucia") == "SORTE 2 ❙ ITENS ❙ ASTUCIAS ❙ astucia"
    # an attribute the scenario names itself stays as written (scenario.known_attributes), never near
    _, body = reading("Passivo Você recebe +1 de SORTE")
    assert body[0]["attribute"] == "SORTE"


def test_no_two_words_of_the_game_fold_to_one() -> None:
    """Folding accents never merges two different words of the game: every declared word (resources,
    zones, card types, attributes) has its own spelling without accents."""
    data = yaml.safe_load(_LEXICON.read_text(encoding="utf-8"))
    words = {w for kind in ("resources", "zones", "card_types", "attributes") for w in data[kind]}
    folded: dict[str, str] = {}
    for w in sorted(words):
        key = fold(w).upper()
        assert folded.setdefault(key, w) == w, (w, folded[key])
        assert key == "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c)), w


# ------------------------------------------------------------- the players' state verb
@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        ("Ativar Saque 2 cartas.", "Ativar Compre 2 cartas."),
        ("Ativar Saca 2 cartas.", "Ativar Compre 2 cartas."),
        ("Ativar Retorne esta carta ao INVENTÁRIO.", "Ativar Devolva esta carta ao INVENTÁRIO."),
        ("Ativar Inflija 3 de DANO a um oponente.", "Ativar Cause 3 de DANO a um oponente."),
        ("Ativar Esconda esta carta.", "Ativar Oculte esta carta."),
        ("Ativar Veja 2 cartas do BARALHO.", "Ativar Olhe 2 cartas do BARALHO."),
        (
            "Auto【 Quando um oponente usar uma carta 】 Diminua esse dano em 2.",
            "Auto【 Quando um oponente ativar uma carta 】 Reduza esse dano em 2.",
        ),
    ],
)
def test_the_players_verbs_read_as_the_seeds(paraphrase: str, canonical: str) -> None:
    """The lexicon's verbs by concept, each with its source (common use for these)."""
    same(paraphrase, canonical)


def test_ta_com_is_the_state_estiver_com() -> None:  # casual "tá" -> "está" (lexicon contractions)
    same(
        "Ativar【 Se vc tá com 5 de MANA 】 Cure 1 de VIDA.",
        "Ativar【 Se você estiver com 5 de MANA 】 Cure 1 de VIDA.",
    )


@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        (
            "Ativar【 Se um aliado tiver ficado sem ESTAMINA 】 Cure 2 de VIDA.",
            "Ativar【 Se um aliado estiver sem ESTAMINA 】 Cure 2 de VIDA.",
        ),
        (
            "Ativar【 Se você tiver ficado com 5 de MANA 】 Cure 1 de VIDA.",
            "Ativar【 Se você estiver com 5 de MANA 】 Cure 1 de VIDA.",
        ),
    ],
)
def test_the_compound_perfect_of_ficar_is_the_state(paraphrase: str, canonical: str) -> None:
    same(paraphrase, canonical)


def test_a_swapped_word_still_changes_the_reading_after_the_widening() -> None:
    """The new places and spellings read the words they hold: a different hero, amount or resource is a
    different reading."""
    base = reading("Ativar Cause a um oponente 5 de DANO.")
    assert reading("Ativar Cause a um aliado 5 de DANO.") != base
    assert reading("Ativar Cause a um oponente 6 de DANO.") != base
    gain = reading("Ativar Até o final do turno, você recebe +2 de AGI.")
    assert reading("Ativar Até o final da batalha, você recebe +2 de AGI.") != gain
    assert reading("Ativar Até o final do turno, você recebe +2 de INT.") != gain
    assert reading("Passivo ASTUCIA 2 ❙ INSTRUCAO 2") != reading("Passivo ASTUCIA 3 ❙ INSTRUCAO 2")


@pytest.mark.parametrize(
    "clause",
    [
        "Devolva esta carta ao INVENTÁRIO",
        "Mova para a MESA uma carta da sua MÃO",
        "Cause 2 de DANO a cada Herói adjacente a você",
        "Cause a cada Herói adjacente a você 2 de DANO",
        "Cause 2 de DANO aquele oponente",
        "Até o final do turno, você recebe +2 de AGI",
    ],
)
def test_the_new_places_keep_the_grammar_lalr_where_it_was(clause: str) -> None:
    """The fast parser (LALR) still reads these (a fronted adjunct that let a determiner follow a zone made
    "ao INVENTÁRIO" after a card fall back to Earley, ten times slower: benchmarks/bench_apoteose_text.py).
    "Devolva ao INVENTÁRIO esta carta" is read by Earley: its "a" is an article or a preposition there."""
    from rulekit.apoteose.grammar import _fast_tree
    from rulekit.apoteose.words import expand

    assert _fast_tree(expand(clause)[0], "start") is not None
