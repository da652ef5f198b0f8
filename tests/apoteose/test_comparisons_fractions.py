"""Comparisons between heroes (R-24), the hero with the most or the least of something (R-25), fractions
(R-26) and relative amounts (R-27): the forms read in several wordings, mutations that must change the
reading, the forms still refused by name, and boards where the comparison or the fraction decides."""

from __future__ import annotations

from typing import Any

import pytest

from rulekit.apoteose import rulings as R
from rulekit.apoteose.bodycheck import check_statement
from rulekit.apoteose.canonical import canonical_condition, canonical_statement, explain_text
from rulekit.apoteose.chain import Engine
from rulekit.apoteose.grammar import ClauseError, parse_clause
from rulekit.apoteose.matching import attributes
from rulekit.apoteose.reading import refused_construction
from rulekit.apoteose.reqgrammar import parse_condition_text
from rulekit.apoteose.text import parse_effect
from rulekit.apoteose.wording import statement_text
from rulekit.apoteose.words import Refs

from .helpers import card, hero, run, scenario

#: Refs of an effect that answers a heal, a damage and a draw (a "before" response).
ANSWERS = Refs(
    known=True, events=("heal", "damage", "draw"), before=("heal", "damage", "draw"), event_hero=True
)


def cond(text: str) -> dict[str, Any]:
    return parse_condition_text(text)


# ------------------------------------------------------------------ reading: one meaning, many wordings
COMPARE_ALVO = {"cond": "compare", "who": "self", "resource": "MANA", "cmp": "<", "than": "selected"}


@pytest.mark.parametrize(
    "text",
    [
        "você tiver menos MANA que o alvo",
        "você tiver menos MANA do que o alvo",
        "Você tiver menos MANA que o alvo",
        "voce tiver menos MANA que o alvo",
        "você possuir menos MANA que o alvo",
        "sua MANA for menor que a MANA do alvo",
        "sua MANA for menor que a do alvo",
        "sua MANA for menor do que a MANA do alvo",
    ],
)
def test_a_comparison_between_heroes_reads_the_same_in_every_wording(text: str) -> None:
    assert cond(text) == COMPARE_ALVO


def test_a_comparison_of_cards_between_heroes() -> None:
    assert cond("você tiver menos cartas no INVENTÁRIO que o alvo") == {
        "cond": "compare_cards",
        "who": "self",
        "cmp": "<",
        "zone": "INVENTÁRIO",
        "than": "selected",
    }
    assert cond("você tiver menos cartas na mão do que o alvo") == cond(
        "você tiver menos cartas no INVENTÁRIO que o alvo"
    )
    assert cond("um aliado tiver mais ITENS na MESA que todos os oponentes")["type"] == "ITEM"
    assert cond("você tiver mais cartas no INVENTÁRIO que o alvo") != cond(
        "você tiver menos cartas no INVENTÁRIO que o alvo"
    )


def test_the_other_side_of_a_comparison_some_or_every_hero() -> None:
    some = cond("você tiver mais VIDA que um oponente")
    every = cond("você tiver mais VIDA que todos os oponentes")
    assert some == {"cond": "compare", "who": "self", "resource": "VIDA", "cmp": ">", "than": "opponent"}
    assert every == {**some, "than_all": True}
    assert cond("um aliado tiver menos ESTAMINA que você") == {
        "cond": "compare",
        "who": "ally",
        "resource": "ESTAMINA",
        "cmp": "<",
        "than": "self",
    }
    assert cond("sua VIDA for maior ou igual à VIDA do alvo")["cmp"] == ">="


SHARE_HALF = {"cond": "share", "who": "self", "resource": "VIDA", "cmp": ">", "part": [1, 2]}


@pytest.mark.parametrize(
    "text",
    [
        "sua VIDA estiver acima da metade",
        "sua VIDA estiver acima da metade da VIDA",
        "sua VIDA for maior que a metade",
        "sua VIDA for superior à metade",
        "sua VIDA for maior que metade da sua VIDA máxima",
        "você estiver acima da metade da VIDA",
        "você tiver mais da metade da sua VIDA",
    ],
)
def test_a_fraction_in_a_state_reads_the_same_in_every_wording(text: str) -> None:
    assert cond(text) == SHARE_HALF


def test_a_fraction_in_a_state_of_another_hero_and_other_parts() -> None:
    assert cond("a MANA do alvo for menor que um terço") == {
        "cond": "share",
        "who": "selected",
        "resource": "MANA",
        "cmp": "<",
        "part": [1, 3],
    }
    assert cond("sua ESTAMINA estiver abaixo de um quarto")["part"] == [1, 4]
    assert cond("sua ESTAMINA estiver abaixo da quarta parte")["part"] == [1, 4]


LEAST_ALLY = {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "ally", "least": "VIDA"}}


@pytest.mark.parametrize(
    "text",
    [
        "Cure 5 de VIDA do aliado que tiver menos VIDA",
        "Cure cinco de VIDA do aliado que tiver menos VIDA",
        "Cure 5 de VIDA do aliado com menos VIDA",
        "Cure 5 de VIDA do aliado que tem menos VIDA",
        "Cure 5 de VIDA do aliado com a menor VIDA",
        "Cure 5 de VIDA do aliado que tiver a menor VIDA",
        "Cure 5 de VIDA do aliado com menor VIDA",
        "curar 5 de VIDA do aliado com menos VIDA",
        "O aliado com menos VIDA cura 5 de VIDA",
    ],
)
def test_the_hero_with_the_least_reads_the_same_in_every_wording(text: str) -> None:
    assert parse_clause(text) == LEAST_ALLY


def test_the_heroes_with_the_most_every_one_tied() -> None:
    assert parse_clause("Cause 3 de DANO aos inimigos com mais ESTAMINA")["target"] == {
        "who": "opponent",
        "all": True,
        "most": "ESTAMINA",
    }
    assert parse_condition_text("o aliado com menos VIDA estiver sem MANA") == {
        "cond": "resource",
        "who": "ally",
        "resource": "MANA",
        "cmp": "==",
        "value": 0,
        "least": "VIDA",
    }


HALF_VIDA = {
    "op": "heal",
    "amount": {"part": [1, 2], "of": "VIDA"},
    "resource": "VIDA",
    "target": {"who": "self"},
}


@pytest.mark.parametrize(
    "text",
    [
        "Cure metade da sua VIDA",
        "Cure a metade da sua VIDA",
        "Cura metade da sua VIDA",
        "curar metade de sua VIDA",
        "Você cura metade da sua VIDA",
    ],
)
def test_a_fraction_as_an_amount_reads_the_same_in_every_wording(text: str) -> None:
    assert parse_clause(text) == HALF_VIDA


def test_fractions_of_other_heroes_and_of_the_maximum() -> None:
    third = {"op": "lose", "amount": {"part": [1, 3], "of": "MANA"}, "resource": "MANA"}
    assert parse_clause("Perca um terço da sua MANA") == {**third, "target": {"who": "self"}}
    assert parse_clause("Você perde a terça parte da sua MANA") == {**third, "target": {"who": "self"}}
    assert parse_clause("Um oponente perde um terço da MANA") == {**third, "target": {"who": "opponent"}}
    assert parse_clause("Cure metade da VIDA de um aliado")["target"] == {"who": "ally"}
    assert parse_clause("Recupere metade da sua MANA máxima")["amount"] == {
        "part": [1, 2],
        "of": "MANA",
        "of_max": True,
    }


GAIN_DANO = {"op": "gain", "attribute": "DANO", "amount": 3, "target": {"who": "self"}}


@pytest.mark.parametrize(
    "text",
    [
        "Você causa mais 3 de DANO",
        "Você causa mais três de DANO",
        "Você causa 3 de DANO a mais",
        "Causa mais 3 de DANO",
        "Você recebe +3 de DANO",
    ],
)
def test_mais_n_de_dano_outside_a_response_is_the_gain(text: str) -> None:
    # R-27 and seed «máx»: «Você causa +1 de DANO» is DANO extra
    assert parse_clause(text) == GAIN_DANO


@pytest.mark.parametrize(
    ("text", "same"),
    [
        ("Ele causa 2 de DANO a mais", "Aumente esse dano em 2"),
        ("Causa mais dois de DANO", "Aumente esse dano em 2"),
        ("Ele compra duas cartas a menos", "Reduza essa compra em 2"),
        ("compre uma carta a mais", "Aumente essa compra em 1"),
        ("Cure 2 de VIDA a mais", "Aumente essa cura em 2"),
        ("Cure menos 2 de VIDA", "Reduza essa cura em 2"),
    ],
)
def test_a_relative_amount_in_a_response_changes_the_action_answered(text: str, same: str) -> None:
    assert parse_clause(text, ANSWERS) == parse_clause(same, ANSWERS)


# ------------------------------------------------------------------ mutations change the reading
@pytest.mark.parametrize(
    ("text", "mutant"),
    [
        ("você tiver menos MANA que o alvo", "você tiver mais MANA que o alvo"),
        ("você tiver menos MANA que o alvo", "você tiver menos VIDA que o alvo"),
        ("você tiver menos MANA que o alvo", "você tiver menos MANA que um oponente"),
        ("você tiver menos MANA que um oponente", "você tiver menos MANA que todos os oponentes"),
        ("você tiver menos MANA que o alvo", "um aliado tiver menos MANA que o alvo"),
        ("sua VIDA estiver acima da metade", "sua VIDA estiver abaixo da metade"),
        ("sua VIDA estiver acima da metade", "sua VIDA estiver acima de um terço"),
        ("sua VIDA estiver acima da metade", "sua MANA estiver acima da metade"),
        ("sua VIDA estiver acima da metade", "a VIDA do alvo estiver acima da metade"),
        ("o aliado com menos VIDA estiver sem MANA", "o aliado com mais VIDA estiver sem MANA"),
    ],
)
def test_a_mutated_condition_reads_otherwise(text: str, mutant: str) -> None:
    a, b = cond(text), cond(mutant)
    assert a["cond"] != "unknown" and b["cond"] != "unknown" and a != b


@pytest.mark.parametrize(
    ("text", "mutant"),
    [
        ("Cure metade da sua VIDA", "Cure um terço da sua VIDA"),
        ("Cure metade da sua VIDA", "Cure metade da VIDA de um aliado"),
        ("Recupere metade da sua MANA", "Recupere metade da sua MANA máxima"),
        ("Recupere metade da sua MANA", "Recupere metade da sua ESTAMINA"),
        ("Cure 5 de VIDA do aliado com menos VIDA", "Cure 5 de VIDA do aliado com mais VIDA"),
        ("Cure 5 de VIDA do aliado com a menor VIDA", "Cure 5 de VIDA do aliado com a maior VIDA"),
        ("Cure 5 de VIDA do aliado com menos VIDA", "Cure 5 de VIDA do oponente com menos VIDA"),
        ("Cure 5 de VIDA do aliado com menos VIDA", "Cure 5 de VIDA do aliado com menos MANA"),
        ("Você causa mais 3 de DANO", "Você causa menos 3 de DANO"),
        ("Você causa mais 3 de DANO", "Você causa mais 2 de DANO"),
    ],
)
def test_a_mutated_statement_reads_otherwise(text: str, mutant: str) -> None:
    assert parse_clause(text) != parse_clause(mutant)


@pytest.mark.parametrize(
    ("text", "mutant"),
    [
        ("Ele compra duas cartas a menos", "Ele compra duas cartas a mais"),
        ("Cure 2 de VIDA a mais", "Cure 3 de VIDA a mais"),
        ("Ele causa 2 de DANO a mais", "Cure 2 de VIDA a mais"),
    ],
)
def test_a_mutated_relative_amount_reads_otherwise(text: str, mutant: str) -> None:
    assert parse_clause(text, ANSWERS) != parse_clause(mutant, ANSWERS)


# ------------------------------------------------------------------ what stays refused, naming its words
@pytest.mark.parametrize(
    ("text", "words"),
    [
        # nothing answered to be relative to
        ("Ativar Compre uma carta a mais.", "Compre"),
        # in a response, the hero of a relative amount is the answered action's
        ("Auto【 Quando VIDA for ser curado 】 Você cura 2 de VIDA a mais.", "Você"),
        # R-27, seed «depois»: an action answered after it happened cannot be changed
        ("Auto【 Quando você for curado 】 Cure 2 de VIDA a mais.", "Cure"),
        ("Ativar Cure metade da sua MANA.", "metade"),
        ("Ativar Cause mais 3 de DANO a um oponente.", "mais"),
        ("Ativar Cause o dobro de DANO a um oponente.", "dobro"),
        (
            "Ativar【 Selecione 1 oponente; Se sua VIDA for maior que a MANA do alvo 】 Compre 1 carta.",
            "maior",
        ),
        ("Ativar Cure 2 de VIDA do aliado que tiver mais cartas.", "que"),
    ],
)
def test_a_form_without_a_meaning_stays_a_refusal_naming_its_words(text: str, words: str) -> None:
    e = parse_effect(text)
    assert not e.supported()
    w = next(w for w in e.warnings if w.code == "UNSUPPORTED_TEXT")
    assert text[w.position :].startswith(words), (w.text_in("en"), text[w.position :])


def test_a_relative_amount_alone_is_refused_with_the_reason() -> None:
    with pytest.raises(ClauseError) as err:
        parse_clause("Compre uma carta a mais")
    assert "does not answer" in err.value.text_in("en")
    assert "não responde" in err.value.text_in("pt-BR")


def test_refused_construction_steps_aside_only_for_the_rule_made_for_it() -> None:
    text = "você tiver menos MANA que o alvo"
    assert refused_construction(text) is not None
    assert refused_construction(text, frozenset({"c_compare_have"})) is None
    assert refused_construction(text, frozenset({"part", "extreme"})) is not None


# ------------------------------------------------------------------ the rulings, as functions
def test_rulings_24_to_27_are_named_and_indexed() -> None:
    ids = R.ruling_ids()
    assert ids["R-24"] is R.compare_heroes and ids["R-25"] is R.heroes_with_most
    assert ids["R-26"] == (R.fraction_of_amount, R.fraction_in_state)
    assert R.fraction_of_amount(5, [1, 2]) == 2 and R.fraction_in_state(50, ">", 100, [1, 2]) is False


# ------------------------------------------------------------------ canonical wording and the catalogue
@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cure metade da sua VIDA.",
        "Ativar Recupere um terço da sua MANA máxima.",
        "Ativar Um oponente perde metade da MANA.",
        "Ativar Cure metade da VIDA de um aliado.",
        "Ativar Cure 5 de VIDA do aliado que tiver menos VIDA.",
        "Ativar Cause 3 de DANO aos inimigos com mais ESTAMINA.",
        "Ativar【 Selecione 1 oponente; Se você tiver menos MANA que o alvo 】 Cure 1 de VIDA.",
        "Ativar【 Selecione 1 oponente; Se sua VIDA for menor ou igual à VIDA do alvo 】 Cure 1 de VIDA.",
        "Ativar【 Se um aliado tiver mais VIDA que todos os oponentes 】 Cure 1 de VIDA.",
        "Ativar【 Se sua VIDA estiver acima da metade 】 Você causa mais 3 de DANO até o final do turno.",
        "Ativar【 Enquanto a MANA de um aliado estiver abaixo de um terço 】 Cure 1 de VIDA.",
        "Auto【 Quando VIDA for ser curado 】 Cure 5 de VIDA a mais.",
    ],
)
def test_the_canonical_wording_reads_back_to_the_same(text: str) -> None:
    e = parse_effect(text)
    assert e.supported(), e.warnings
    for st in e.body:
        data = st.to_dict()
        words = canonical_statement(data)
        again = parse_effect(f"{e.activation} {words}.").body
        if data["op"] != "modify":  # a modify needs its answered event: read with the trigger below
            assert [s.to_dict() for s in again] == [data], words
    for r in e.requirements:
        if r.kind in ("condition", "state") and r.ast.get("cond") != "trigger":
            words = canonical_condition(r.ast.get("what", r.ast))
            assert parse_condition_text(words) == r.ast.get("what", r.ast), words
    lines = explain_text(text, "pt-BR")
    assert not any("sem redação" in line or "as written" in line for line in lines), lines


def test_a_modify_read_from_a_relative_amount_words_back_in_its_response() -> None:
    e = parse_effect("Auto【 Quando VIDA for ser curado 】 Cure 5 de VIDA a mais.")
    words = canonical_statement(e.body[0].to_dict())
    assert words == "Aumente essa cura em 5"
    assert parse_effect(f"Auto【 Quando VIDA for ser curado 】 {words}.").body == e.body


@pytest.mark.parametrize(
    ("data", "en", "pt", "es"),
    [
        (
            LEAST_ALLY,
            "heal the ally with the least VIDA for 5 VIDA",
            "cura 5 de VIDA do aliado com menos VIDA",
            "cura 5 de VIDA al aliado con menos VIDA",
        ),
        (
            HALF_VIDA,
            "heal 1/2 VIDA (that part of the current VIDA, rounded down)",
            "cura 1/2 de VIDA (essa parte da VIDA atual, arredondada para baixo)",
            "cura 1/2 de VIDA (esa parte de la VIDA actual, redondeada hacia abajo)",
        ),
    ],
)
def test_the_explanation_in_three_languages(data: dict[str, Any], en: str, pt: str, es: str) -> None:
    assert (statement_text(data, "en"), statement_text(data, "pt-BR"), statement_text(data, "es")) == (
        en,
        pt,
        es,
    )


@pytest.mark.parametrize(
    "bad",
    [
        {"op": "heal", "amount": {"part": [2, 1], "of": "VIDA"}, "resource": "VIDA"},
        {"op": "heal", "amount": {"part": [1, 2], "of": "OURO"}, "resource": "VIDA"},
        {"op": "heal", "amount": {"part": [1, 2], "of": "VIDA", "of_max": "sim"}, "resource": "VIDA"},
        {"op": "heal", "amount": 1, "resource": "VIDA", "target": {"who": "self", "least": "VIDA"}},
        {"op": "heal", "amount": 1, "resource": "VIDA", "target": {"who": "ally", "most": "OURO"}},
        {"op": "if", "cond": {"cond": "compare", "resource": "MANA", "cmp": "<"}, "then": [{"op": "noop"}]},
        {
            "op": "if",
            "cond": {"cond": "share", "resource": "MANA", "cmp": "<", "part": [0, 2]},
            "then": [{"op": "noop"}],
        },
    ],
)
def test_the_structured_form_checks_the_new_fields(bad: dict[str, Any]) -> None:
    assert check_statement(bad) is not None


def test_the_structured_form_takes_the_new_fields() -> None:
    for good in (
        HALF_VIDA,
        LEAST_ALLY,
        {"op": "if", "cond": {**COMPARE_ALVO, "than_all": True}, "then": [{"op": "noop"}]},
        {"op": "if", "cond": SHARE_HALF, "then": [{"op": "noop"}]},
    ):
        assert check_statement(good) is None, good


# ------------------------------------------------------------------ engine: when the comparison is read
def board(text: str, ana_mana: int = 6, bruno_mana: int = 5) -> tuple[list[dict], list[dict]]:
    heroes = [
        hero("ana", "azul", 5, mana=(ana_mana, 10), MESA=["q"], BARALHO=["d1"]),
        hero("bruno", "vermelho", 3, mana=(bruno_mana, 10), MESA=["raio"]),
    ]
    cards = [
        card("q", "ana", text),
        card("raio", "bruno", "Ativar【 Quando uma carta for ativada 】 Recupere 3 de MANA."),
        card("d1", "ana"),
    ]
    return heroes, cards


RAIO = [{"window": "halt@0", "respond": {"hero": "bruno", "card": "raio"}}]
PICK_BRUNO = [{"activate": "q", "choices": {"req0": "bruno"}}]


def drawn(t: Any) -> int:
    return len(t.heroes["ana"].zones["INVENTÁRIO"])


def test_a_comparison_in_a_description_is_read_when_its_clause_is_reached() -> None:
    # at declaration ana has 6 MANA and the target 5 (not less); a response raises the target to 8
    # before the description resolves: the «se …,» is read then, and ana draws
    text = "Ativar【 Selecione 1 oponente 】 Se você tiver menos MANA que o alvo, compre 1 carta."
    assert drawn(run(*board(text), PICK_BRUNO)) == 0
    t = run(*board(text), PICK_BRUNO, decisions=RAIO)
    assert t.heroes["bruno"].resources["MANA"] == [8, 10] and drawn(t) == 1
    # mutation: "mais" instead of "menos" flips both outcomes
    flipped = text.replace("menos", "mais")
    assert drawn(run(*board(flipped), PICK_BRUNO)) == 1
    assert drawn(run(*board(flipped), PICK_BRUNO, decisions=RAIO)) == 0


def test_a_clause_before_the_comparison_changes_it() -> None:
    # seed «Resolução do Efeito»: in the order written; the consumption comes first
    text = (
        "Ativar【 Selecione 1 oponente 】 Consuma 2 de MANA; "
        + "se você tiver menos MANA que o alvo, compre 1 carta."
    )
    assert drawn(run(*board(text), PICK_BRUNO)) == 1
    assert drawn(run(*board(text, ana_mana=8), PICK_BRUNO)) == 0


def test_a_comparison_of_cards_in_a_description_counts_them_when_reached() -> None:
    # ana holds 1 card in her INVENTÁRIO, bruno none: "mais cartas" holds until ana's discard before it
    heroes = [
        hero("ana", "azul", 5, MESA=["q"], INVENTARIO=["i1"], BARALHO=["d1"]),
        hero("bruno", "vermelho", 3),
    ]
    text = (
        "Ativar【 Selecione 1 oponente 】 {first}"
        + "se você tiver mais cartas no INVENTÁRIO que o alvo, recupere 3 de MANA."
    )

    def cards(first: str) -> list[dict]:
        return [card("q", "ana", text.format(first=first)), card("i1", "ana"), card("d1", "ana")]

    assert run(heroes, cards(""), PICK_BRUNO).heroes["ana"].resources["MANA"] == [8, 10]
    t = run(
        heroes,
        cards("Descarte uma carta do seu INVENTÁRIO; "),
        [{**PICK_BRUNO[0], "choices": {"req0": "bruno", "body0": "i1"}}],
    )
    assert t.heroes["ana"].zones["DESCARTE"] == ["i1"] and t.heroes["ana"].resources["MANA"] == [5, 10]


def test_a_se_comparison_is_asked_at_activation_only() -> None:
    # a Se broken after activation does not stop the effect; false at activation, it cannot be activated
    text = "Ativar【 Selecione 1 oponente; Se você tiver mais MANA que o alvo 】 Compre 1 carta."
    t = run(*board(text), PICK_BRUNO, decisions=RAIO)
    assert t.heroes["bruno"].resources["MANA"][0] == 8 and drawn(t) == 1
    t = run(*board(text, ana_mana=5), PICK_BRUNO)
    assert drawn(t) == 0 and [e.code for e in t.errors] == ["PREVISAO"]


def test_an_enquanto_comparison_ends_the_lasting_effect_when_it_stops_holding() -> None:
    # R-03 + R-24: asked again after every resolution; ana's heal makes her VIDA pass bruno's
    heroes = [
        hero("ana", "azul", 5, vida=(40, 100), MESA=["q", "pocao"]),
        hero("bruno", "vermelho", 3, vida=(50, 100)),
    ]
    cards = [
        card(
            "q",
            "ana",
            "Ativar · Duração【 Enquanto você tiver menos VIDA que um oponente 】 Você recebe +2 de AGI.",
        ),
        card("pocao", "ana", "Ativar Cure 20 de VIDA."),
    ]
    t = run(heroes, cards, [{"activate": "q"}])
    assert any(e.event == "resolve" for e in t.events) and not t.errors
    ends = [e for e in t.events if e.detail.get("code") == "STATE_ENDED"]
    assert ends == []
    t = run(heroes, cards, [{"activate": "q"}, {"activate": "pocao"}])
    assert [e.detail.get("code") for e in t.events if e.detail.get("code") == "STATE_ENDED"] == [
        "STATE_ENDED"
    ]


def test_a_fraction_in_a_state_against_the_maximum_exactly() -> None:
    text = "Ativar【 Se sua VIDA estiver acima da metade 】 Compre 1 carta."

    def heroes(vida: int) -> list[dict]:
        return [
            hero("ana", "azul", 5, vida=(vida, 100), MESA=["q"], BARALHO=["d1"]),
            hero("bruno", "vermelho", 3),
        ]

    cards = [card("q", "ana", text), card("d1", "ana")]
    assert drawn(run(heroes(51), cards, [{"activate": "q"}])) == 1
    assert drawn(run(heroes(50), cards, [{"activate": "q"}])) == 0
    below = [card("q", "ana", text.replace("acima", "abaixo")), card("d1", "ana")]
    assert drawn(run(heroes(49), below, [{"activate": "q"}])) == 1
    assert drawn(run(heroes(50), below, [{"activate": "q"}])) == 0


# ------------------------------------------------------------------ engine: fractions as amounts
def resources(text: str, **kw: Any) -> dict[str, list[int]]:
    heroes = [hero("ana", "azul", 5, MESA=["q"], **kw), hero("bruno", "vermelho", 3)]
    return run(heroes, [card("q", "ana", text)], [{"activate": "q"}]).heroes["ana"].resources


def test_a_fraction_is_of_the_current_value_rounded_down() -> None:
    assert resources("Ativar Cure metade da sua VIDA.", vida=(51, 100))["VIDA"] == [76, 100]
    assert resources("Ativar Perca um terço da sua MANA.", mana=(5, 10))["MANA"] == [4, 10]
    assert resources("Ativar Recupere metade da sua MANA máxima.", mana=(2, 10))["MANA"] == [7, 10]
    # mutation: a third instead of a half
    assert resources("Ativar Cure um terço da sua VIDA.", vida=(51, 100))["VIDA"] == [68, 100]


def test_a_fraction_is_read_when_its_statement_resolves() -> None:
    # after the loss before it (10 - 4 = 6; half of 6 is 3), not at declaration (half of 10)
    assert resources("Ativar Perca 4 de MANA e recupere metade da sua MANA.", mana=(10, 10))["MANA"] == [
        9,
        10,
    ]


def test_a_fraction_as_a_cost_is_paid_from_the_value_then() -> None:
    got = resources("Ativar【 Consuma metade da sua ESTAMINA 】 Cure 1 de VIDA.", est=(5, 6))
    assert got["ESTAMINA"] == [3, 6] and got["VIDA"] == [51, 100]


def test_a_fraction_of_another_heros_resource() -> None:
    heroes = [
        hero("ana", "azul", 5, MESA=["q"]),
        hero("bia", "azul", 4, vida=(30, 100)),
        hero("bruno", "vermelho", 3),
    ]
    t = run(heroes, [card("q", "ana", "Ativar Cure metade da VIDA de um aliado.")], [{"activate": "q"}])
    assert t.heroes["bia"].resources["VIDA"] == [45, 100] and t.heroes["ana"].resources["VIDA"] == [50, 100]


# ------------------------------------------------------------------ engine: the hero with the most or least
def team(bia: int, caio: int) -> list[dict]:
    return [
        hero("ana", "azul", 5, MESA=["q"]),
        hero("bia", "azul", 4, vida=(bia, 100)),
        hero("caio", "azul", 2, vida=(caio, 100)),
        hero("bruno", "vermelho", 3, vida=(1, 100)),
    ]


def vida(t: Any) -> dict[str, int]:
    return {h: s.resources["VIDA"][0] for h, s in t.heroes.items()}


def test_the_ally_with_the_least_vida_is_healed() -> None:
    text = "Ativar Cure 5 de VIDA do aliado que tiver menos VIDA."
    assert vida(run(team(30, 20), [card("q", "ana", text)], [{"activate": "q"}]))["caio"] == 25
    # mutation: "mais" heals bia; ana (10 VIDA less than nobody: she is no ally of herself) never
    t = run(team(30, 20), [card("q", "ana", text.replace("menos", "mais"))], [{"activate": "q"}])
    assert vida(t) == {"ana": 50, "bia": 35, "caio": 20, "bruno": 1}


def test_heroes_tied_are_chosen_among_or_all_taken() -> None:
    # a singular phrase is chosen among the tied heroes by the controller, as "um aliado" is
    one = [card("q", "ana", "Ativar Cure 5 de VIDA do aliado com menos VIDA.")]
    four = [*team(20, 20), hero("dani", "azul", 1, vida=(30, 100))]
    t = run(four, one, [{"activate": "q", "choices": {"body0": "caio"}}])
    assert vida(t)["caio"] == 25 and vida(t)["bia"] == 20 and not t.errors
    t = run(four, one, [{"activate": "q", "choices": {"body0": "dani"}}])  # not tied for the least
    assert [e.code for e in t.errors] == ["ILLEGAL_CHOICE"] and "(bia, caio)" in t.errors[0].message
    every = [card("q", "ana", "Ativar Cure 5 de VIDA dos aliados com menos VIDA.")]
    t = run(team(20, 20), every, [{"activate": "q"}])
    assert vida(t)["caio"] == 25 and vida(t)["bia"] == 25


def test_the_most_and_the_least_are_found_when_the_statement_resolves() -> None:
    # the damage first makes bia the ally with the least VIDA; the heal then finds her
    text = "Ativar Cause 15 de DANO ao aliado com mais VIDA. Cure 5 de VIDA do aliado com menos VIDA."
    t = run(team(30, 20), [card("q", "ana", text)], [{"activate": "q"}])
    assert vida(t)["bia"] == 20 and vida(t)["caio"] == 20


# ------------------------------------------------------------------ engine: relative amounts
def heal_answered(answer: str) -> dict[str, int]:
    heroes = [hero("ana", "azul", 5, MESA=["q", "w"]), hero("bruno", "vermelho", 3)]
    cards = [
        card("q", "ana", "Ativar Cure 10 de VIDA."),
        card("w", "ana", f"Auto【 Quando VIDA for ser curado 】 {answer}"),
    ]
    return vida(run(heroes, cards, [{"activate": "q"}]))


def test_a_relative_amount_changes_the_answered_heal() -> None:
    assert heal_answered("Cure 5 de VIDA a mais.")["ana"] == 65
    assert heal_answered("Cure 5 de VIDA a menos.")["ana"] == 55
    assert heal_answered("Cure mais 2 de VIDA.")["ana"] == 62


def test_r27_flipped_reads_mais_n_de_dano_as_the_gain(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulekit.apoteose import grammar

    assert parse_clause("Ele causa 2 de DANO a mais", ANSWERS)["op"] == "modify"
    monkeypatch.setattr(R, "RELATIVE_AMOUNT_CHANGES_ANSWERED_ACTION", False)
    grammar._parse_cached.cache_clear()
    try:
        assert parse_clause("Ele causa 2 de DANO a mais", ANSWERS) == {
            "op": "gain",
            "attribute": "DANO",
            "amount": 2,
            "target": {"who": "that"},
        }
    finally:
        grammar._parse_cached.cache_clear()


# ------------------------------------------------- never dropped: where the most/least is not read
@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a trigger, whose cards, whose zone: the set's "com menos VIDA" is refused, never dropped
        ("Auto【 Quando o aliado com menos VIDA sofrer dano 】 Cure 1 de VIDA.", "com menos VIDA"),
        ("Ativar Um aliado com menos VIDA descarta uma carta.", "aliado com menos VIDA"),
        ("Ativar Descarte uma carta do aliado com menos VIDA.", "do"),
        ("Ativar【 Selecione 1 aliado com menos VIDA 】 Cure 1 de VIDA do alvo.", "com"),
    ],
)
def test_the_most_or_the_least_where_it_is_not_read_is_refused(text: str, words: str) -> None:
    e = parse_effect(text)
    assert not e.supported()
    w = next(w for w in e.warnings if w.code == "UNSUPPORTED_TEXT")
    assert text[w.position :].startswith(words), (w.text_in("en"), text[w.position :])


def test_a_passivo_gain_reaches_only_the_heroes_with_the_least_now() -> None:
    # R-25 with R-23 (a Passivo applies continuously): the set's extremes as they are when asked
    text = "Passivo Os aliados com menos VIDA recebem +1 de AGI"
    heroes = [*team(30, 20), hero("dani", "azul", 1, vida=(20, 100))]
    assert not run(heroes, [card("q", "ana", text)], []).errors
    eng = Engine(scenario(heroes, [card("q", "ana", text)], []))
    got = {h: attributes(eng.g, h).get("AGI", 0) for h in ("ana", "bia", "caio", "dani", "bruno")}
    assert got == {"ana": 0, "bia": 0, "caio": 1, "dani": 1, "bruno": 0}
    eng.g.heroes["caio"].resources["VIDA"][0] = 40  # caio heals: dani alone has the least now
    got = {h: attributes(eng.g, h).get("AGI", 0) for h in ("bia", "caio", "dani")}
    assert got == {"bia": 0, "caio": 0, "dani": 1}


def test_a_fraction_keeps_its_bound() -> None:
    # seed «máx»: the bound applies to the fraction too, never dropped
    assert parse_clause("Cure metade da sua VIDA (máx 10)")["amount"] == {
        "part": [1, 2],
        "of": "VIDA",
        "max": 10,
    }
    assert resources("Ativar Cure metade da sua VIDA (máx 10).", vida=(50, 100))["VIDA"] == [60, 100]
    assert resources("Ativar Cure metade da sua VIDA (máx 30).", vida=(50, 100))["VIDA"] == [75, 100]
