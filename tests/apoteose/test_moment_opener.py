"""A description that opens with a moment (R-29): «Durante <estado>, <frases>» is the state requirement
«Durante <estado>» of the rest (seed «Momento de Ativação»: «Em um teste você recebe…», «Durante o seu turno
você pode…»; R-04 Durante; R-23 a Passivo applies while its requirements hold). «seus testes de AGI» is the
test being made, of that attribute, by you."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run

from rulekit.apoteose import rulings as R
from rulekit.apoteose.text import parse_effect

OWN_AGI_TEST = {"cond": "during", "what": {"cond": "test", "attribute": "AGI", "who": "self"}}


def reading(text: str) -> Any:
    e = parse_effect(text)
    if not e.supported():
        return None
    return [(r.kind, r.ast) for r in e.requirements], [st.to_dict() for st in e.body]


@pytest.mark.parametrize(
    "text",
    [
        "Passivo Durante seus testes de AGI, você recebe +2 de AGI",
        "Passivo Durante seus testes de AGI, +2 de AGI",
        "Passivo Durante o seu teste de AGI, você recebe +2 de AGI.",
        "Passivo durante seus testes de AGI, você ganha +2 de AGI",
        "Passivo【 Durante seus testes de AGI 】 Você recebe +2 de AGI",  # the requirement it stands for
    ],
)
def test_a_test_of_one_attribute_reads_as_a_durante_state(text: str) -> None:
    reqs, body = reading(text)
    assert reqs == [("state", OWN_AGI_TEST)]
    assert body == [{"op": "gain", "attribute": "AGI", "amount": 2, "target": {"who": "self"}}]


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("Ativar Durante o seu turno, compre 1 carta.", {"cond": "turn", "of": "self"}),
        ("Ativar Durante o turno dos oponentes, cure 2 de VIDA.", {"cond": "turn", "of": "opponent"}),
        ("Ativar Durante a batalha, cure 2 de VIDA.", {"cond": "battle"}),
        (
            "Passivo Durante um teste de INT, você recebe +1 de INT",
            {"cond": "test", "attribute": "INT", "who": "any"},
        ),
    ],
)
def test_other_moments_open_a_description_too(text: str, what: dict[str, Any]) -> None:
    reqs, _ = reading(text)
    assert reqs == [("state", {"cond": "during", "what": what})]


def test_the_opener_joins_the_requirements_written_and_positions_stay_as_written() -> None:
    text = "Ativar【 Consuma 1 de MANA 】 Durante o seu turno, compre 1 carta."
    e = parse_effect(text)
    assert [r.kind for r in e.requirements] == ["cost", "state"]
    assert text[e.requirements[1].position :].startswith("Durante o seu turno")
    bad = parse_effect("Ativar Durante o seu turno, compre zzz carta.")
    [w] = [w for w in bad.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "Ativar Durante o seu turno, compre zzz carta."[w.position :].startswith(("zzz", "compre"))


def test_an_unread_moment_is_refused_naming_it() -> None:
    e = parse_effect("Passivo Durante seus testes de XYZ, você recebe +2 de AGI")
    assert not e.supported()
    [w] = [w for w in e.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "Durante seus testes de XYZ" in w.text_in("en") and w.position == len("Passivo ")


@pytest.mark.parametrize(
    ("source", "mutant"),
    [
        (
            "Passivo Durante seus testes de AGI, você recebe +2 de AGI",
            "Passivo Durante seus testes de FOR, você recebe +2 de AGI",
        ),
        (
            "Passivo Durante seus testes de AGI, você recebe +2 de AGI",
            "Passivo Durante um teste de AGI, você recebe +2 de AGI",
        ),
        (
            "Passivo Durante seus testes de AGI, você recebe +2 de AGI",
            "Passivo Durante seus testes de AGI, você recebe +2 de FOR",
        ),
        (
            "Ativar Durante o seu turno, compre 1 carta.",
            "Ativar Durante o turno dos oponentes, compre 1 carta.",
        ),
    ],
)
def test_a_mutation_of_the_moment_changes_the_reading(source: str, mutant: str) -> None:
    assert reading(source) is not None and reading(mutant) != reading(source)


def test_r25_flipped_leaves_the_opener_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "MOMENT_OPENER_IS_DURANTE", False)
    assert reading("Passivo Durante seus testes de AGI, você recebe +2 de AGI") is None


# ------------------------------------------------------------------ on a board ---------------------
PASSIVE = "Passivo Durante seus testes de AGI, você recebe +2 de AGI"


def _tests(script: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The totals of the tests the script makes (kept on each test's entry: ``LiveWorld.test_total``)."""
    from rulekit.apoteose import handlers

    totals: list[int] = []
    monkeypatch.setattr(handlers.LiveWorld, "test_total", lambda self, frame, total: totals.append(total))
    heroes = [
        {**hero("ana", "azul", 5, MESA=["x"]), "attributes": {"AGI": 1, "FOR": 1}},
        {**hero("bruno", "vermelho", 3), "attributes": {"AGI": 1, "FOR": 1}},
    ]
    run(heroes, [card("x", "ana", PASSIVE)], script, turn={"hero": "ana"}, dice=[3, 3, 3, 3])
    return totals


def test_your_agi_test_gets_the_bonus_other_tests_do_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Die 3 + AGI 1 (+2 only in ana's own AGI test); her FOR test and bruno's AGI test get nothing."""
    totals = _tests(
        [
            {"test": {"hero": "ana", "attribute": "AGI"}},
            {"test": {"hero": "ana", "attribute": "FOR"}},
            {"test": {"hero": "bruno", "attribute": "AGI"}},
        ],
        monkeypatch,
    )
    assert totals == [6, 4, 4]


def test_outside_a_test_the_bonus_is_not_there() -> None:
    heroes = [{**hero("ana", "azul", 5, MESA=["x"]), "attributes": {"AGI": 1}}]
    t = run(heroes, [card("x", "ana", PASSIVE)], [], turn={"hero": "ana"})
    assert t.heroes["ana"].attributes.get("AGI") == 1
