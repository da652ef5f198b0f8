"""«Gaste 2 de MANA» (held-out h34): gastar before an amount of a resource is consumir, the seed's cost verb
(lexicon ``consume_spend``: its ``then`` holds the synonym to what follows it). «Gaste uma carta» is not read
as consuming (exhausting) a card: refused, naming the word."""

from __future__ import annotations

from typing import Any

import paraphrase as P
import pytest

from rulekit.apoteose.text import parse_effect


def reading(text: str) -> Any:
    r = P.reading(text)
    assert r is not None, text
    return r


@pytest.mark.parametrize(
    ("spent", "consumed"),
    [
        ("Ativar【 Gaste 2 de MANA 】 Compre 1 carta.", "Ativar【 Consuma 2 de MANA 】 Compre 1 carta."),
        (
            "Ativar【 Gastar dois de ESTAMINA 】 Compre 1 carta.",
            "Ativar【 Consuma 2 de ESTAMINA 】 Compre 1 carta.",
        ),
        ("Ativar【 Gasta 2 de mana 】 Compre 1 carta.", "Ativar【 Consuma 2 de MANA 】 Compre 1 carta."),
        (
            "Ativar【 Gaste 2 de MANA e 1 de ESTAMINA 】 Cause 8 de DANO a um inimigo.",
            "Ativar【 Consuma 2 de MANA; Consuma 1 de ESTAMINA 】 Cause 8 de DANO a um inimigo.",
        ),
        ("Ativar Gaste 3 de MANA.", "Ativar Consuma 3 de MANA."),
    ],
)
def test_gastar_an_amount_of_a_resource_is_consumir(spent: str, consumed: str) -> None:
    assert reading(spent) == reading(consumed)


def test_another_amount_or_resource_changes_the_reading() -> None:
    assert reading("Ativar【 Gaste 3 de MANA 】 Compre 1 carta.") != reading(
        "Ativar【 Gaste 2 de MANA 】 Compre 1 carta."
    )
    assert reading("Ativar【 Gaste 2 de ESTAMINA 】 Compre 1 carta.") != reading(
        "Ativar【 Gaste 2 de MANA 】 Compre 1 carta."
    )


@pytest.mark.parametrize(
    "text",
    ["Ativar Gaste uma carta.", "Ativar Gaste esta carta.", "Ativar【 Gaste uma carta 】 Compre 1 carta."],
)
def test_gastar_a_card_is_refused(text: str) -> None:
    try:
        e = parse_effect(text)
    except Exception as err:  # an unknown requirement word: refused with its position
        assert "Gaste" in str(err)
        return
    assert not e.supported()
