"""A pronoun after a Selecione of heroes (LANGUAGE.md §3.1): "【 Selecione um inimigo 】 Cause 6 de DANO a
ele" is the hero the Selecione chose, in the description and in a state or condition after it ("Se você
tiver menos VIDA que ele"). Before, the description refused it ("names no hero before it") while a
requirement read it as the hero of an event the effect does not answer, which no hero ever is: the
condition could never hold. A pointer with nothing to point at ("o alvo" with no Selecione, "ele" with
none before it), or two Selecione, is refused where it is written, naming it."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run, unread

from rulekit.apoteose.text import parse_effect

HIT_TARGET = {"op": "damage", "amount": 6, "resource": "VIDA", "target": {"who": "selected"}}


def read(text: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    e = parse_effect(text)
    assert e.supported(), (text, [w.text_in("en") for w in e.warnings])
    return [r.ast for r in e.requirements], [st.to_dict() for st in e.body]


@pytest.mark.parametrize(
    "pronoun",
    ["a ele", "ao alvo", "ao inimigo selecionado", "a esse inimigo", "àquele inimigo", "a ela"],
)
def test_in_the_description_a_pronoun_after_a_selecione_is_what_it_chose(pronoun: str) -> None:
    text = f"Ativar【 Selecione um inimigo 】 Cause 6 de DANO {pronoun}."
    _, body = read(text)
    assert body == [HIT_TARGET], text


@pytest.mark.parametrize("than", ["ele", "o alvo", "o inimigo selecionado", "aquele inimigo"])
def test_in_a_condition_after_a_selecione_it_is_what_it_chose(than: str) -> None:
    reqs, body = read(
        f"Ativar【 Selecione um inimigo; Se você tiver menos VIDA que {than} 】 Cause 6 de DANO a ele."
    )
    assert reqs[1] == {"cond": "compare", "who": "self", "resource": "VIDA", "cmp": "<", "than": "selected"}
    assert body == [HIT_TARGET]


def test_answering_an_event_a_pronoun_is_still_the_event_s_hero() -> None:
    reqs, body = read(
        "Auto【 Quando um aliado sofrer dano; Se ele tiver menos de 10 de VIDA 】 Cure 3 de VIDA dele."
    )
    assert reqs[1]["who"] == "that" and body[0]["target"] == {"who": "that"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Ativar【 Se você tiver menos VIDA que ele 】 Compre 1 carta.", "names no hero before it"),
        (
            "Ativar【 Se aquele oponente tiver menos de 10 de VIDA 】 Compre 1 carta.",
            "names no hero before it",
        ),
        ("Ativar【 Se você tiver menos VIDA que o alvo 】 Compre 1 carta.", "selects no hero"),
        (
            "Ativar【 Selecione um inimigo; Selecione um aliado; Se você tiver menos VIDA que ele 】"
            " Compre 1 carta.",
            "two readings",
        ),
        ("Ativar【 Selecione um inimigo; Selecione um aliado 】 Cause 6 de DANO a ele.", "two readings"),
        ("Ativar【 Selecione um inimigo 】 Cause 6 de DANO a esse aliado.", "names an ally"),
    ],
)
def test_a_pointer_with_nothing_or_two_things_to_point_at_is_refused_naming_it(text: str, says: str) -> None:
    message = unread(text)
    assert says in message, message
    assert "position" in message


def test_the_refusal_is_where_the_pointer_is_written() -> None:
    text = "Ativar【 Se você tiver menos VIDA que ele 】 Compre 1 carta."
    [w] = [w for w in parse_effect(text).warnings if w.code == "UNSUPPORTED_TEXT"]
    assert text[w.position : w.position + 3] == "ele"


@pytest.mark.parametrize(("vida", "hit"), [(60, True), (40, False)])
def test_on_the_board_the_condition_compares_with_the_hero_chosen(vida: int, hit: bool) -> None:
    """You have 50 VIDA; the enemy chosen has ``vida``: the effect is activated only when you have less."""
    text = "Ativar【 Selecione um inimigo; Se você tiver menos VIDA que ele 】 Cause 6 de DANO a ele."
    heroes = [hero("ana", "azul", 5, INVENTARIO=["p"]), hero("bia", "vermelho", 3, vida=(vida, 100))]
    t = run(heroes, [card("p", "ana", text)], [{"activate": "p"}])
    assert (t.heroes["bia"].resources["VIDA"][0] == vida - 6) is hit


@pytest.mark.parametrize(
    ("text", "reads"),
    [
        ("Ativar【 Selecione 2 inimigos 】 Cause 1 de DANO a eles.", True),
        ("Ativar【 Selecione 2 inimigos 】 Cause 1 de DANO a cada um deles.", True),
        ("Ativar【 Selecione 2 inimigos 】 Cause 1 de DANO a esses inimigos.", True),
        ("Ativar【 Selecione 2 inimigos 】 Cause 1 de DANO a ele.", False),
        ("Ativar【 Selecione 1 inimigo 】 Cause 1 de DANO a eles.", False),
    ],
)
def test_the_pointer_agrees_in_number_with_what_was_chosen(text: str, reads: bool) -> None:
    """ "ele" after "Selecione 2 inimigos" (which of them?) and "eles" after one: refused, never guessed."""
    assert parse_effect(text).supported() is reads


# ---------------------------------------------------------------------- a card, as a hero is
@pytest.mark.parametrize("pointer", ["Descarte-a", "Descarte essa carta", "Descarte a carta selecionada"])
def test_a_card_pointer_after_a_selecione_of_cards_is_the_card_chosen(pointer: str) -> None:
    _, got = read(f"Ativar【 Selecione 1 carta do seu INVENTÁRIO 】 {pointer} e compre 2 cartas.")
    assert got[0] == {"op": "discard", "card": "selected"}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "Ativar【 Selecione 1 carta do seu INVENTÁRIO; Selecione 1 carta da sua MESA 】 Descarte-a.",
            "two readings",
        ),
        ("Ativar【 Selecione um aliado 】 Descarte-a.", "names no card before it"),
    ],
)
def test_a_card_pointer_with_two_selecione_or_none_of_cards_is_refused(text: str, says: str) -> None:
    assert says in unread(text)


def test_on_the_board_the_card_chosen_is_the_one_discarded() -> None:
    heroes = [hero("ana", "azul", 5, INVENTARIO=["p", "a", "b"], BARALHO=["x"])]
    text = "Ativar【 Selecione 1 carta do seu INVENTÁRIO 】 Descarte-a e compre 1 carta."
    cards = [card("p", "ana", text), card("a", "ana"), card("b", "ana"), card("x", "ana")]
    t = run(heroes, cards, [{"activate": "p"}], [{"key": "choose@0.req0", "pick": "b"}])
    assert "b" in t.heroes["ana"].zones["DESCARTE"] and "a" in t.heroes["ana"].zones["INVENTÁRIO"]
