"""«Negue essa HABILIDADE», «Anule essa carta»: negating the card activated is negating its activation (seed
«Negue essa ativação»), read as that statement only where the effect answers an activation of a card of that
type; every other card phrase after Negue/Anule is refused, naming its words."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run

from rulekit.apoteose.canonical import explain_text
from rulekit.apoteose.text import parse_effect

SEED = "Negue a ativação dessa carta."


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [s.to_dict() for s in e.body]


def refusal(text: str) -> str:
    e = parse_effect(text)
    assert not e.supported()
    return " ".join(w.text_in("en") for w in e.warnings if w.code == "UNSUPPORTED_TEXT")


@pytest.mark.parametrize(
    ("trigger", "words"),
    [
        ("Quando um oponente ativar uma HABILIDADE", "Negue essa HABILIDADE."),
        ("Quando um oponente ativar uma HABILIDADE", "Anule essa HABILIDADE."),
        ("Quando um oponente ativar uma HABILIDADE", "Negue essa carta."),
        ("Quando um oponente ativar uma HABILIDADE", "Anule aquela HABILIDADE."),
        ("Quando um oponente ativar uma EVOCAÇÃO", "Negue essa EVOCAÇÃO."),
        ("Quando um oponente ativar uma carta", "Negue essa carta."),
        ("Quando um aliado ativar uma HABILIDADE", "Anule essa HABILIDADE."),
    ],
)
def test_negating_the_card_activated_reads_as_negating_its_activation(trigger: str, words: str) -> None:
    assert body(f"Auto【 {trigger} 】 {words}") == body(f"Auto【 {trigger} 】 {SEED}") == [{"op": "negate"}]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # mutations: another type than the one activated, this card, a card chosen, no activation answered
        ("Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue essa EVOCAÇÃO.", "Negue essa EVOCAÇÃO"),
        ("Auto【 Quando um oponente ativar uma carta 】 Negue essa EVOCAÇÃO.", "Negue essa EVOCAÇÃO"),
        ("Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue esta carta.", "Negue esta carta"),
        ("Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue uma HABILIDADE.", "Negue uma HABILIDADE"),
        (
            "Auto【 Quando um oponente descartar uma HABILIDADE 】 Negue essa HABILIDADE.",
            "Negue essa HABILIDADE",
        ),
        ("Ativar Negue essa HABILIDADE.", "essa HABILIDADE"),
    ],
)
def test_any_other_card_after_negue_is_refused_naming_the_words(text: str, words: str) -> None:
    assert f"'{words}'" in refusal(text)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "  Negue a ativação — negate the activation"),
        ("pt_BR", "  Negue a ativação — nega a ativação"),
        ("es", "  Negue a ativação — niega la activación"),
    ],
)
def test_explained_as_the_seeds_negation(lang: str, line: str) -> None:
    lines = explain_text("Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue essa HABILIDADE.", lang)
    assert line in lines, lines


def _board(answer: str) -> Any:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"]),
        hero("bruno", "vermelho", 3, MESA=["n"]),
    ]
    cards = [
        card("p", "ana", "Ativar【 Consuma 2 de MANA 】 Cure 10 de VIDA.", types=("HABILIDADE",)),
        card("n", "bruno", answer),
    ]
    return run(heroes, cards, [{"activate": "p"}], [{"window": "halt@0", "respond": {"card": "n"}}])


def test_on_the_board_the_habilidade_is_negated_like_its_activation() -> None:
    """R-08 as for «Negue a ativação dessa carta»: the entry removed unresolved, its cost stays paid."""
    t = _board("Auto【 Quando um oponente ativar uma HABILIDADE 】 Negue essa HABILIDADE.")
    seed = _board(f"Auto【 Quando um oponente ativar uma HABILIDADE 】 {SEED}")
    assert [e.event for e in t.events if e.index == 0] == ["activate", "pay", "halt", "negated", "remove"]
    assert t.heroes["ana"].resources["MANA"] == [3, 10] and t.heroes["ana"].resources["VIDA"] == [50, 100]
    assert [(e.event, e.index) for e in t.events] == [(e.event, e.index) for e in seed.events]
