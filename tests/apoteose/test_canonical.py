"""What the reader understood, written back in the seed's words (``rulekit.apoteose.canonical``)
and shown by ``rulekit parse-effect`` with the explanation in the reader's language."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import paraphrase as P
import pytest

from rulekit.apoteose.canonical import (
    NotWorded,
    canonical_description,
    canonical_requirement,
    canonical_statement,
    reading_lines,
)
from rulekit.apoteose.lang import DURATION_KEYS, parse_description
from rulekit.apoteose.text import parse_effect
from rulekit.cli import main


def written_back(text: str) -> str | None:
    """``text`` rewritten from its reading (``None``: a part this wording does not know)."""
    e = parse_effect(text)
    try:
        reqs = [canonical_requirement(r) for r in e.requirements]
        desc = canonical_description(e.body)
    except NotWorded:
        return None
    return " · ".join(e.keywords) + (f"【 {'; '.join(reqs)} 】" if reqs else "") + " " + desc


def test_the_seed_wording_of_every_corpus_card_reads_back_to_the_same_reading() -> None:
    worded = 0
    for e in P.corpus():
        back = written_back(e["text"])
        if back is None:
            continue
        worded += 1
        assert P.reading(back) == P.reading(e["text"]), (e["text"], back)
    assert worded >= 305, worded  # of 316 today: "para cada …" amounts and a few triggers are not worded


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("Ativar Um aliado cura 3 de VIDA.", "Cure 3 de VIDA de um aliado."),
        ("Ativar Cada inimigo perde 1 de ESTAMINA.", "Todos os oponentes perdem 1 de ESTAMINA."),
        ("Ativar Cause 3 de DANO aos inimigos.", "Cause 3 de DANO a todos os oponentes."),
        ("Ativar Você compra 2 cartas.", "Compre 2 cartas."),
        (
            "Ativar Revele uma carta do seu INVENTÁRIO e bana-a.",
            "Revele uma carta do seu INVENTÁRIO e bana-a.",
        ),
        ("Ativar Você ganha 2 de MANA.", "Recupere 2 de MANA."),
    ],
)
def test_players_wordings_are_shown_in_the_seeds(written: str, canonical: str) -> None:
    assert canonical_description(parse_effect(written).body) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "Passivo -1 de AGI.",
        "Ativar · Duração Todos os inimigos adjacentes a você recebem -2 de AGI até o final da batalha.",
    ],
)
def test_a_lowered_attribute_is_written_with_its_own_sign(text: str) -> None:
    # glossary «Notation»: a change is written «+N de X» or «-N de X»; the sign is the amount's, never «+-N»
    back = written_back(text)
    assert back is not None and "+-" not in back and " -" in back, back
    assert P.reading(back) == P.reading(text)


@pytest.mark.parametrize("until", DURATION_KEYS)
def test_every_duration_the_reader_reads_is_written_back_and_reads_the_same(until: str) -> None:
    # «até o final do ciclo» was read (words.DURATIONS) but shown as data: the wording lacked it
    st = {"op": "gain", "attribute": "AGI", "amount": 2, "target": {"who": "self"}, "until": until}
    back = canonical_statement(st)
    [read] = parse_effect(f"Ativar · Duração {back}.").body
    assert read.to_dict() == st, back


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("Quando você for ser curado", "Quando for ser curado"),
        ("Quando um aliado for ser curado", "Quando um aliado for ser curado"),
    ],
)
def test_a_heal_answered_before_it_happens_is_written_back(written: str, canonical: str) -> None:
    # a heal of no named resource was shown as data
    [req] = parse_effect(f"Auto【 {written} 】 Compre 1 carta.").requirements
    assert canonical_requirement(req) == canonical
    [back] = parse_effect(f"Auto【 {canonical} 】 Compre 1 carta.").requirements
    assert back.ast == req.ast


def test_a_requirement_is_written_back_after_its_own_first_word() -> None:
    e = parse_effect(
        "Ativar【 Consuma 1 de MANA; Selecione 1 Herói rival adjacente a você; Se a VIDA de um aliado for "
        "menor que 40; Quando um oponente se mover 】 Cure 1 de VIDA."
    )
    assert [canonical_requirement(r) for r in e.requirements] == [
        "Consuma 1 de MANA",
        "Selecione 1 oponente adjacente a você",
        "Se a VIDA de um aliado for menor que 40",
        "Quando um oponente se mover",
    ]


def test_what_the_wording_does_not_know_is_never_guessed() -> None:
    with pytest.raises(NotWorded):
        canonical_statement(
            {
                "op": "heal",
                "amount": {"per": {"zone": "SUPORTE", "who": "ally"}, "times": 1},
                "resource": "VIDA",
            }
        )
    with pytest.raises(NotWorded):
        canonical_statement({"op": "warp", "speed": 9})
    assert canonical_statement(
        {"op": "heal", "amount": {"sum": [[1, 5]], "max": 10}, "resource": "VIDA"}
    ) == ("Cure 5 de VIDA (máx 10)")
    lines = reading_lines(
        parse_effect("Passivo Você causa +1 de DANO para cada EVOCAÇÃO no seu SUPORTE"), "en"
    )
    assert lines[0].startswith("(not worded; read as {") and lines[0].endswith(
        " — gain +1 DANO for each EVOCAÇÃO in the SUPORTE"
    )


@pytest.mark.parametrize(
    ("lang", "header", "explained", "unread"),
    [
        ("en", "read as (in the seed's words — what it does):", "heal an ally for 3 VIDA", "is not read"),
        (
            "pt-BR",
            "lido como (nas palavras do texto-base — o que faz):",
            "cura 3 de VIDA de um aliado",
            "não foi lido",
        ),
        (
            "es",
            "leído como (en las palabras del texto base — lo que hace):",
            "cura 3 de VIDA a un aliado",
            "no se ha leído",
        ),
    ],
)
def test_parse_effect_prints_the_reading_in_the_seeds_words_and_explains_it(
    lang, header, explained, unread
) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(
            [
                "parse-effect",
                "Ativar【 Descarte uma carta 】 Um aliado cura 3 de VIDA. Voe alto.",
                "--lang",
                lang,
            ]
        )
    assert code == 0
    text = out.getvalue()
    assert header in text
    assert "  【 Descarte uma carta 】 — " in text
    assert f"  Cure 3 de VIDA de um aliado — {explained}" in text
    assert f"✗ “Voe alto” {unread}" in text


@pytest.mark.parametrize(
    ("lang", "refused"),
    [
        ("en", "✗ position 9: a second activation keyword 'Auto'"),
        ("pt-BR", "✗ posição 9: uma segunda palavra-chave de ativação 'Auto'"),
        ("es", "✗ posición 9: "),
    ],
)
def test_explain_text_shows_a_reading_or_a_refusal_in_the_lessons_language(lang: str, refused: str) -> None:
    """Lesson 05's parser cells: no error code, no Python tuple, the reader's language."""
    from rulekit.apoteose import explain_text

    good = explain_text("Ativar【 Descarte uma carta 】 Cure 25 de VIDA.", lang)
    assert good[0] == "Ativar【 Descarte uma carta 】 Cure 25 de VIDA."
    assert good[1].startswith("  【 Descarte uma carta 】 — ") and good[2].startswith("  Cure 25 de VIDA — ")
    [bad] = explain_text("Ativar · Auto 【 Descarte uma carta 】 Cure 5 de VIDA.", lang)
    assert bad.startswith(refused) and "TWO_ACTIVATION_KEYWORDS" not in bad
    kind = {
        "en": "cost: discard 1 card",
        "pt-BR": "custo: descarta 1 carta",
        "es": "coste: descarta 1 carta",
    }[lang]
    assert good[1].endswith(f" — {kind}") and not any("('" in line for line in good)


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Bane uma carta de outro Herói", "other"),
        ("Bane uma carta do DESCARTE de outro Herói", "other"),
        ("Revele o INVENTÁRIO de outro Herói", "one_other"),
        ("Descarte 2 cartas do INVENTÁRIO de outro Herói", "one_other"),
        ("Bane todas as cartas de outro Herói", "one_other"),
        ("Revele o INVENTÁRIO de outros Heróis", "other"),
        ("Bane todas as cartas do DESCARTE de outros Heróis", "other"),
    ],
)
def test_the_cards_of_another_hero_are_worded_as_the_seed_and_read_back(text: str, owner: str) -> None:
    """Seed «Escopo» («na MESA de outro Herói do time»): «de outro Herói» (one hero other than you, R-32
    ``one_other``, or one card among theirs), «de outros Heróis» (every card of them all)."""
    (st,), _ = parse_description(text)
    data = st.to_dict()
    assert data["owner"] == owner
    worded = canonical_statement(data)
    assert ("de outros Heróis" if "outros" in text else "de outro Herói") in worded
    (back,), _ = parse_description(worded)
    assert back.to_dict() == data, (text, worded)


def test_cards_among_every_other_heros_are_not_worded_as_one_heros() -> None:
    # «2 cartas de outro Herói» reads as one other hero's two cards (one_other): two among every other hero's
    # cards have no wording, and are never shown as that
    with pytest.raises(NotWorded):
        canonical_statement({"op": "banish", "card": "choose", "count": 2, "owner": "other"})
