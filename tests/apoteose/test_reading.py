"""The reading pipeline (rulekit/apoteose/reading.py, LANGUAGE.md §3.2) and the constructions it opens.

Each expected reading is the seed's or the glossary's own wording of the same card (the "canonical" text on
the right), never the reader's output: a paraphrase must read exactly as the seed's sentence reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekit.apoteose.reading import card_type, read, refused_construction
from rulekit.apoteose.text import parse_effect


def reading(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [r.ast for r in e.requirements], [s.to_dict() for s in e.body]


def same(paraphrase: str, canonical: str) -> None:
    assert reading(paraphrase) == reading(canonical)


# ------------------------------------------------------------------------------------------- the pipeline
@pytest.mark.parametrize(
    "text",
    [
        "Ele tá puxando duas cartas do BARALHO daquele aliado",
        "Cure vinte e cinco de VIDA num aliado, pro alvo",
        "Bana-a e mova-se pra uma casa vizinha",
    ],
)
def test_every_token_points_at_the_text_as_written(text: str) -> None:
    r = read(text)
    for t in r.tokens:
        assert text[t.start : t.end] == t.text
    assert len(r.where) == len(r.text) + 1
    assert r.where[-1] == len(text)
    assert all(0 <= w <= len(text) for w in r.where)
    assert list(r.where) == sorted(r.where)


def test_contractions_casual_spellings_and_number_words_as_data() -> None:
    assert read("tá pro alvo num aliado dum oponente").text == "esta para o alvo em um aliado de um oponente"
    assert read("vinte e cinco de VIDA").text == "25 de VIDA"
    # "um"/"uma" alone stay the article; the grammar reads it as 1 where a number goes
    assert read("uma carta").text == "uma carta"
    assert reading("Ativar Descarte uma carta")[1] == reading("Ativar Descarte 1 carta")[1]


@pytest.mark.parametrize(
    ("surface", "mood"),
    [
        ("Descarte", "imperative"),
        ("Descarta", "third"),
        ("descartar", "infinitive"),
        ("perca", "imperative"),
        ("perde", "third"),
        ("bana", "imperative"),
        ("bane", "third"),
        ("descartou", "past"),
    ],
)
def test_the_mood_the_writer_used_is_kept(surface: str, mood: str) -> None:
    [t] = read(surface).tokens
    assert t.kind == "verb" and t.mood == mood


def test_a_noun_after_a_determiner_is_never_read_as_a_verb() -> None:
    assert read("Aumente essa cura em 5").text == "Aumentar essa cura em 5"
    assert read("o descarte").text == "o descarte"


# ------------------------------------------------------------------------------- verb forms and synonyms
# seed «Previsão»: 【 Descarte uma carta; Se você tiver uma EVOCAÇÃO no SUPORTE 】
@pytest.mark.parametrize("verb", ["Descarta", "descartar", "Descarte"])
def test_a_cost_verb_in_any_person_or_mood(verb: str) -> None:
    same(
        f"Ativar【 {verb} uma carta; Se você tiver uma EVOCAÇÃO no SUPORTE 】 Cure 1 de VIDA",
        "Ativar【 Descarte uma carta; Se você tiver uma EVOCAÇÃO no SUPORTE 】 Cure 1 de VIDA",
    )


@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        ("Ativar Um oponente toma 2 de DANO", "Ativar Um oponente sofre 2 de DANO"),
        ("Ativar Um oponente leva 2 de DANO", "Ativar Um oponente sofre 2 de DANO"),
        ("Ativar Puxe 2 cartas", "Ativar Compre 2 cartas"),
        ("Ativar Vá para uma casa vizinha", "Ativar Mova-se para uma casa adjacente"),
        ("Ativar Você ganha +1 de AGI", "Ativar Você recebe +1 de AGI"),
        (
            "Auto【 Quando um oponente usar uma HABILIDADE 】 Anule a ativação dessa carta",
            "Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue a ativação dessa carta",
        ),
        ("Ativar Compra duas cartas", "Ativar Compre 2 cartas"),
        ("Ativar Consuma cinco de ESTAMINA", "Ativar Consuma 5 de ESTAMINA"),
        ("Ativar Selecione dois inimigos", "Ativar Selecione 2 inimigos"),
        (
            "Ativar【 Se um aliado tá sem VIDA 】 Cure 1 de VIDA",
            "Ativar【 Se um aliado estiver sem VIDA 】 Cure 1 de VIDA",
        ),
    ],
)
def test_synonyms_and_numbers_in_words_read_as_the_seed_word(paraphrase: str, canonical: str) -> None:
    same(paraphrase, canonical)


def test_n_vezes_repeats_the_statement_in_order() -> None:
    _, body = reading("Ativar Cause 1 de DANO a um oponente três vezes")
    assert body == [{"op": "damage", "amount": 1, "resource": "VIDA", "target": {"who": "opponent"}}] * 3


def test_a_cost_of_two_amounts_is_two_costs_in_the_order_written() -> None:
    same(
        "Ativar【 Consuma 4 de ESTAMINA e 1 de MANA 】 Cure 1 de VIDA",
        "Ativar【 Consuma 4 de ESTAMINA; Consuma 1 de MANA 】 Cure 1 de VIDA",
    )


def test_cada_um_dos_is_each_of_them() -> None:
    same(
        "Ativar Cause 3 de DANO a cada um dos inimigos adjacentes",
        "Ativar Cause 3 de DANO a todos os inimigos adjacentes",
    )


# seed «Quando»: the trigger opener; «Depois de»: after the event
@pytest.mark.parametrize("opener", ["Sempre que", "Toda vez que", "Assim que", "Cada vez que"])
def test_trigger_openers_read_as_quando(opener: str) -> None:
    same(
        f"Auto【 {opener} um oponente ativar uma carta 】 Cure 1 de VIDA",
        "Auto【 Quando um oponente ativar uma carta 】 Cure 1 de VIDA",
    )


def test_logo_apos_reads_as_depois_de() -> None:
    same(
        "Auto【 Logo após um oponente ativar uma carta 】 Cure 1 de VIDA",
        "Auto【 Depois de um oponente ativar uma carta 】 Cure 1 de VIDA",
    )


def test_prestes_a_is_the_moment_before() -> None:  # seed «Quando for»: about to act
    same(
        "Auto【 Quando um oponente estiver prestes a atacar 】 Cure 1 de VIDA",
        "Auto【 Quando um oponente for atacar 】 Cure 1 de VIDA",
    )


def test_an_agent_phrase_after_como_alvo() -> None:
    reqs, _ = reading("Auto【 Quando você for escolhido como alvo por um adversário 】 Cure 1 de VIDA")
    trig = reqs[0]["trigger"]
    assert trig["event"] == "target" and trig["actor"] == {"who": "opponent"}


# ------------------------------------------------------------------------ the three silent misreadings
def test_a_plural_card_type_in_capitals_is_the_declared_type() -> None:
    # was: a new type "ITENS", so the condition was never true
    same(
        "Ativar【 Se você tiver 2 ITENS no SUPORTE 】 Cure 1 de VIDA",
        "Ativar【 Se você tiver 2 ITEM no SUPORTE 】 Cure 1 de VIDA",
    )
    assert card_type("EVOCAÇÕES") == card_type("EVOCACOES") == "EVOCAÇÃO"


def test_a_word_in_capitals_that_is_no_declared_type_is_refused_by_name() -> None:
    e = parse_effect("Ativar Descarte 2 TRECOS")
    assert not e.supported()
    [w] = [w for w in e.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "TRECOS" in w.text_in("en") and w.position == e.source.index("TRECOS")


@pytest.mark.parametrize("verb", ["sofre", "cura", "perde"])
def test_a_coordinated_third_person_verb_keeps_its_subject(verb: str) -> None:
    # was: "… e cura 2 de VIDA" healed the activating hero
    resource = {"sofre": "DANO", "cura": "VIDA", "perde": "VIDA"}[verb]
    _, body = reading(f"Ativar Cada inimigo perde 1 de MANA e {verb} 2 de {resource}")
    assert [st["target"] for st in body] == [{"who": "opponent", "all": True}] * 2


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Ativar Um oponente cura 2 de VIDA de um aliado e compra 1 carta", {"who": "opponent"}),
        ("Ativar Um aliado causa 2 de DANO a um oponente e perde 1 de MANA", {"who": "ally"}),
    ],
)
def test_a_coordinated_verb_shares_the_subject_not_the_object(text: str, who: dict[str, str]) -> None:
    # was: "… de um aliado e compra 1 carta" made the ally (the first verb's object) draw
    _, body = reading(text)
    assert body[1]["target"] == who


def test_an_imperative_after_a_subject_is_still_yours() -> None:
    _, body = reading("Ativar Um oponente perde 1 de MANA e cure 2 de VIDA")
    assert body[1]["target"] == {"who": "self"}


def test_duracao_without_a_duration_is_refused() -> None:
    # was: run as a permanent effect (seed «Duração»: it lasts «até que sua duração termine»)
    text = "Ativar · Duração Você recebe +2 de AGI"
    e = parse_effect(text)
    assert not e.supported()
    [w] = [w for w in e.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert w.position == text.index("Duração") and "Duração" in w.text_in("en")
    assert parse_effect("Ativar · Duração Você recebe +2 de AGI até o final da batalha").supported()
    assert parse_effect(
        "Ativar · Duração【 Enquanto você tiver 2 de MANA 】 Você recebe +2 de AGI"
    ).supported()


# ---------------------------------------------------------------- constructions refused by name, in place
@pytest.mark.parametrize(
    ("text", "name", "words"),
    [
        # the forms the grammar reads (menos MANA que o alvo, o aliado que tiver menos VIDA, acima da metade)
        # are in test_comparisons_fractions.py; these stay refused by name
        (
            "Ativar【 Se sua VIDA for maior que a MANA do alvo 】 Cure 1 de VIDA",
            "hero_comparison",
            "maior que a MANA",
        ),
        ("Ativar Cure 2 de VIDA do aliado que tiver mais cartas", "hero_extreme", "que tiver mais cartas"),
        ("Ativar Cause o dobro de DANO a um oponente", "fraction", "dobro"),
        ("Ativar Cause mais 3 de DANO a um oponente", "relative_amount", "mais 3 de DANO"),
    ],
)
def test_constructions_without_a_statement_are_refused_by_name(text: str, name: str, words: str) -> None:
    hit = refused_construction(text[text.index(words) :])
    assert hit is not None and hit[0] == name and hit[2] == words
    e = parse_effect(text)
    assert not e.supported()
    w = next(w for w in e.warnings if w.code == "UNSUPPORTED_TEXT")
    assert w.position == text.index(words)


def test_pelo_menos_is_no_relative_amount() -> None:
    assert refused_construction("Se você tiver pelo menos 2 de MANA") is None
    assert parse_effect("Ativar【 Se você tiver pelo menos 2 de MANA 】 Cure 1 de VIDA").supported()


def test_mova_se_reads_exactly_no_catch_all() -> None:
    # "Mova-se" took any text after it; a place it does not read is refused, never dropped
    assert parse_effect("Ativar Mova-se para uma casa adjacente").supported()
    assert not parse_effect("Ativar Mova-se para uma casa adjacente a um inimigo").supported()


def test_an_error_points_at_the_text_as_written_after_contractions_and_number_words() -> None:
    text = "Ativar Compre duas cartas do BARALHO pelo alvo zzz"
    e = parse_effect(text)
    w = next(w for w in e.warnings if w.code == "UNSUPPORTED_TEXT")
    assert text[w.position :].split()[0] in ("pelo", "zzz", "do")


# ------------------------------------------------------------------ no word read and then dropped
@pytest.mark.parametrize(
    "clause",
    [
        "Anexe esta carta a uma carta de um aliado de um oponente",  # whose cards, twice
        "Revele uma carta do DESCARTE do INVENTÁRIO",  # where, twice
        "Devolva essa carta ao BARALHO de um oponente",  # whose BARALHO: no statement says it
    ],
)
def test_a_phrase_the_statement_cannot_hold_is_refused_not_dropped(clause: str) -> None:
    from rulekit.apoteose.grammar import ClauseError, parse_clause

    with pytest.raises(ClauseError) as err:
        parse_clause(clause)
    assert err.value.reason is not None


def test_whose_zone_is_whose_cards_where_it_is_read() -> None:
    from rulekit.apoteose.grammar import parse_clause

    assert parse_clause("Selecione 1 carta no DESCARTE de um oponente") == {
        "op": "select",
        "count": 1,
        "what": "card",
        "zone": "DESCARTE",
        "owner": "opponent",
    }
    assert parse_clause("Devolva essa carta ao BARALHO de seu dono")["dest"] == "BARALHO"
