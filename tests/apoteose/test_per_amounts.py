"""An amount for each of your cards ("para cada EVOCAÇÃO no seu SUPORTE", seed «máx» example: «Você causa +1
de DANO para cada carta no seu INVENTÁRIO (máx 5)») on every statement with a number: heal, recover,
damage, lose, as draw already had it. The cards counted are yours, counted when the statement runs; "seu"
after a subject other than you would be that hero's, so such a clause is refused naming it, and so is one
with several amounts (which of them?) or an amount that is not a number."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run, unread

from rulekit.apoteose.canonical import canonical_description
from rulekit.apoteose.text import parse_effect

EVOCATIONS = {"per": {"zone": "SUPORTE", "who": "self", "type": "EVOCAÇÃO"}, "times": 2}


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), (text, [w.text_in("en") for w in e.warnings])
    return [st.to_dict() for st in e.body]


#: (a statement with a number, the op it reads as, whom it acts on)
CASES = [
    ("Cure 2 de VIDA", "heal", {"who": "self"}),
    ("Cure 2 de VIDA de um aliado", "heal", {"who": "ally"}),
    ("Recupere 2 de MANA", "recover", {"who": "self"}),
    ("Cause 2 de DANO a um inimigo", "damage", {"who": "opponent"}),
    ("Cause 2 pontos de DANO a um inimigo", "damage", {"who": "opponent"}),
    ("Perca 2 de VIDA", "lose", {"who": "self"}),
    ("Você perde 2 de VIDA", "lose", {"who": "self"}),
]


@pytest.mark.parametrize(("clause", "op", "target"), CASES)
def test_every_number_may_be_for_each_of_your_cards(clause: str, op: str, target: dict) -> None:
    [st] = body(f"Ativar {clause} para cada EVOCAÇÃO no seu SUPORTE.")
    assert (st["op"], st["amount"], st["target"]) == (op, EVOCATIONS, target)
    assert body("Ativar " + canonical_description([st])) == [st]  # the seed's wording reads back the same


def test_a_list_of_heroes_takes_the_count_each() -> None:
    sts = body("Ativar Cure 2 de VIDA em você e em um aliado para cada EVOCAÇÃO no seu SUPORTE.")
    assert [st["amount"] for st in sts] == [EVOCATIONS, EVOCATIONS]


@pytest.mark.parametrize(
    "mutant",
    [
        "Ativar Cure 2 de VIDA para cada EVOCAÇÃO no seu INVENTÁRIO.",
        "Ativar Cure 2 de VIDA para cada carta no seu SUPORTE.",
        "Ativar Cure 3 de VIDA para cada EVOCAÇÃO no seu SUPORTE.",
        "Ativar Cure 2 de VIDA para cada EVOCAÇÃO no seu SUPORTE (máx 3).",
        "Ativar Cure 2 de VIDA.",
    ],
)
def test_mutation_a_changed_word_changes_the_reading(mutant: str) -> None:
    assert body(mutant) != body("Ativar Cure 2 de VIDA para cada EVOCAÇÃO no seu SUPORTE.")


@pytest.mark.parametrize(
    "text",
    [
        # "seu" is the subject's: another hero's cards are not counted as yours
        "Ativar Um inimigo perde 1 de VIDA para cada carta no seu INVENTÁRIO.",
        "Ativar Um aliado compra uma carta para cada EVOCAÇÃO no seu SUPORTE.",
        # several amounts: for which of them?
        "Ativar Perca 1 de VIDA e 1 de MANA para cada carta no seu INVENTÁRIO.",
        # an amount that is not a number
        "Ativar Cure (INT + 2) de VIDA para cada carta no seu INVENTÁRIO.",
    ],
)
def test_what_it_cannot_count_is_refused_naming_it(text: str) -> None:
    assert "counts your own cards" in unread(text)


@pytest.mark.parametrize(("evocations", "vida"), [(0, 50), (1, 52), (3, 56)])
def test_on_the_board_the_cards_are_counted_when_it_resolves(evocations: int, vida: int) -> None:
    ids = [f"e{i}" for i in range(evocations)]
    heroes = [hero("ana", "azul", 5, vida=(50, 100), INVENTARIO=["p"], SUPORTE=ids)]
    cards = [card("p", "ana", "Ativar Cure 2 de VIDA para cada EVOCAÇÃO no seu SUPORTE.")]
    cards += [card(i, "ana", types=("EVOCAÇÃO",)) for i in ids]
    t = run(heroes, cards, [{"activate": "p"}])
    assert t.heroes["ana"].resources["VIDA"][0] == vida
