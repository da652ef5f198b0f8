"""Plural pronouns pointing back, counted or not (LANGUAGE.md §3.1).

"Compre três cartas e descarte duas delas": two of the cards the clause right before acted on, chosen by the
effect's controller (``{card: previous, count: 2}``); "escolha dois inimigos; cada um deles sofre 1 de DANO":
every hero the Selecione of the description chose. Seed «Resolução do Efeito»: the description is applied in
the order written, so the clause before has acted when the pronoun is reached; «Na Descrição»: fewer cards
than counted cut the description."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run

from rulekit.apoteose.text import parse_effect

TURN = {"order": ["ana", "bruno", "dani"], "hero": "ana"}


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), (text, [w.message for w in e.warnings])
    return [st.to_dict() for st in e.body]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "Ativar Compre três cartas e descarte duas delas.",
            {"op": "discard", "card": "previous", "count": 2},
        ),
        ("Ativar Compre 3 cartas e descarte 2 delas.", {"op": "discard", "card": "previous", "count": 2}),
        (
            "Ativar Puxe três cartas, depois descarta duas delas.",
            {"op": "discard", "card": "previous", "count": 2},
        ),
        ("Ativar Compre três cartas e bana uma delas.", {"op": "banish", "card": "previous", "count": 1}),
        (
            "Ativar Revele 3 cartas do seu BARALHO e enterre duas delas.",
            {"op": "bury", "card": "previous", "count": 2},
        ),
        ("Ativar Compre 3 cartas e revele-as.", {"op": "reveal", "card": "previous"}),
    ],
)
def test_a_counted_pronoun_is_that_many_of_the_cards_before(text: str, second: dict[str, Any]) -> None:
    assert body(text)[1] == second


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Escolha dois inimigos; cada um deles sofre 1 de DANO.",
        "Ativar Selecione 2 inimigos e cause 1 de DANO a eles.",
        "Ativar Selecione 2 oponentes e cause 1 de DANO a cada um deles.",
    ],
)
def test_they_after_a_description_selecione_are_the_heroes_it_chose(text: str) -> None:
    sts = body(text)
    assert sts[0] == {"op": "select", "count": 2, "what": "hero", "who": "opponent"}
    assert sts[1]["op"] == "damage" and sts[1]["target"] == {"who": "selected"}


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Descarte duas delas.",  # nothing before
        "Ativar Cure 2 de VIDA e descarte duas delas.",  # the clause before acted on no card
        "Auto【 Quando uma carta for descartada 】 Bane duas delas.",  # one card answered is not "duas"
    ],
)
def test_a_counted_pronoun_with_no_cards_before_is_refused(text: str) -> None:
    e = parse_effect(text)
    assert not e.supported()
    assert any("counts the cards" in w.text_in("en") for w in e.warnings)


@pytest.mark.parametrize(
    ("source", "mutant"),
    [
        (
            "Ativar Compre três cartas e descarte duas delas.",
            "Ativar Compre três cartas e descarte três delas.",
        ),
        (
            "Ativar Compre três cartas e descarte duas delas.",
            "Ativar Compre três cartas e descarte duas cartas.",
        ),
        ("Ativar Compre três cartas e descarte duas delas.", "Ativar Compre três cartas e bana duas delas."),
    ],
)
def test_a_mutation_of_the_counted_pronoun_changes_the_reading(source: str, mutant: str) -> None:
    assert body(source) != body(mutant)


# ------------------------------------------------------------------ on a board --------------------
def _board(text: str, deck: list[str], choices: dict[str, str]) -> Any:
    heroes = [
        hero("ana", "azul", 5, MESA=["x"], BARALHO=deck),
        hero("bruno", "vermelho", 4, vida=(50, 100)),
        hero("dani", "vermelho", 3, vida=(50, 100)),
    ]
    cards = [card("x", "ana", text), *(card(d, "ana") for d in deck)]
    return run(heroes, cards, [{"activate": "x", "choices": choices}], turn=TURN)


def test_two_of_the_three_drawn_are_discarded_the_third_stays_in_hand() -> None:
    t = _board(
        "Ativar Compre três cartas e descarte duas delas.", ["d1", "d2", "d3", "d4"], {"body1": "d1+d3"}
    )
    ana = t.heroes["ana"]
    assert ana.zones["DESCARTE"] == ["d1", "d3"]
    assert ana.zones["INVENTÁRIO"] == ["d2"] and ana.zones["BARALHO"] == ["d4"]


def test_a_card_not_drawn_is_never_one_of_them() -> None:
    """d4 stays in the BARALHO: the choice offered is among the cards drawn (d1, d2, d3) only."""
    text = "Ativar Compre três cartas e descarte duas delas."
    t = _board(text, ["d1", "d2", "d3", "d4"], {"body1": "d1+d4"})
    [d] = [d for d in t.decisions if d.key == "choose@0.body1"]
    assert set(d.choice.split("+")) <= {"d1", "d2", "d3"}
    assert t.heroes["ana"].zones["BARALHO"] == ["d4"]


def test_fewer_cards_than_counted_cut_the_description() -> None:
    t = _board("Ativar Compre três cartas e descarte duas delas.", ["d1"], {})
    assert t.heroes["ana"].zones["DESCARTE"] == []
    assert [e.event for e in t.events if e.event == "truncated"] == ["truncated"]


def test_each_of_the_chosen_enemies_takes_the_damage() -> None:
    t = _board("Ativar Escolha dois inimigos; cada um deles sofre 1 de DANO.", [], {"body0": "bruno+dani"})
    assert t.heroes["bruno"].resources["VIDA"] == [49, 100]
    assert t.heroes["dani"].resources["VIDA"] == [49, 100]
    assert t.heroes["ana"].resources["VIDA"] == [50, 100]
