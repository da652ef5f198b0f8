"""A trigger on a test of one attribute: "Antes de você fazer um teste de AGI".

Seed «Momento de Ativação»: «Quando for fazer um teste» is its example of an effect applied before the action
it answers; «um teste de AGI» names the attribute tested, as the state «seus testes de AGI» does (R-29). The
test's event carries its attribute (``GEvent.attribute``, the announced one in the halt window too, R-21), and
the trigger answers only a test of that attribute. An attribute the lexicon does not declare is refused by
its word.
"""

from __future__ import annotations

import paraphrase as P
import pytest
from helpers import card, hero, run

from rulekit.apoteose.text import parse_effect

BEFORE_AGI = {"moment": "before", "event": "test", "attribute": "AGI", "actor": {"who": "self"}}


@pytest.mark.parametrize(
    "trigger",
    [
        "Antes de você fazer um teste de AGI",
        "Quando for fazer um teste de AGI",
        "Quando você for fazer um teste de AGI",
        "Sempre que for fazer um teste de AGI",
        "Quando estiver prestes a fazer um teste de AGI",
    ],
)
def test_every_wording_reads_one_trigger(trigger: str) -> None:
    effect = parse_effect(f"Auto【 {trigger} 】 Recupere 2 de ESTAMINA.")
    assert effect.supported(), [w.text_in("en") for w in effect.warnings]
    assert effect.requirements[0].ast["trigger"] == BEFORE_AGI


@pytest.mark.parametrize(
    ("old", "new"), [("AGI", "INT"), ("de AGI", ""), ("você", "um oponente"), ("Antes de", "Depois de")]
)
def test_a_meaningful_word_swapped_changes_the_reading(old: str, new: str) -> None:
    text = "Auto【 Antes de você fazer um teste de AGI 】 Recupere 2 de ESTAMINA."
    assert P.reading(text.replace(old, new, 1).replace("  ", " ")) != P.reading(text)


def test_an_attribute_not_declared_is_refused_by_its_word() -> None:
    text = "Auto【 Antes de você fazer um teste de SORTE 】 Recupere 2 de ESTAMINA."
    effect = parse_effect(text)
    assert not effect.supported()
    warning = next(w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT")
    assert text[warning.position :].startswith("SORTE") and "attribute" in warning.text_in("en")


@pytest.mark.parametrize(("attribute", "answered"), [("AGI", True), ("INT", False)])
def test_it_answers_a_test_of_that_attribute_only(attribute: str, answered: bool) -> None:
    cards = [card("foco", "ana", "Auto【 Antes de você fazer um teste de AGI 】 Recupere 2 de ESTAMINA.")]
    heroes = [
        hero("ana", "azul", 5, est=(2, 6), MESA=["foco"]),
        hero("bruno", "vermelho", 3),
    ]
    t = run(
        heroes, cards, [{"test": {"hero": "ana", "attribute": attribute}}], turn={"hero": "ana"}, dice=[4]
    )
    assert ("foco" in t.resolution_order) is answered
    assert t.heroes["ana"].resources["ESTAMINA"] == ([4, 6] if answered else [2, 6])
