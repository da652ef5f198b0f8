"""A list of gains shares the duration written after its last amount ("Você recebe +1 de AGI e +1 de INT
até o final do turno": one adjunct of the coordination, LANGUAGE.md §3), read as the other adjuncts are;
a gain with a duration of its own keeps it, and a list with none lasts as a gain without one (R-19)."""

from __future__ import annotations

import pytest

from rulekit.apoteose.text import parse_effect


def _gains(text: str) -> list[tuple[str, str | None]]:
    eff = parse_effect(text)
    out = []
    for st in eff.body:
        d = st.to_dict()
        if d["op"] == "gain":
            out.append((d["attribute"], d.get("until")))
    return out


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Você recebe +1 de AGI e +1 de INT até o final do turno.",
        "Ativar Você recebe +1 de AGI, +1 de INT até o final do turno.",
        "Ativar Até o final do turno, você recebe +1 de AGI e +1 de INT.",
        "Ativar Você ganha +1 de AGI e +1 de INT até o fim do turno.",
    ],
)
def test_every_gain_of_the_list_lasts_as_written(text: str) -> None:
    assert _gains(text) == [("AGI", "end_turn"), ("INT", "end_turn")]


def test_the_duration_is_the_written_one_for_the_whole_list() -> None:
    assert _gains("Ativar Você recebe +1 de AGI e +1 de INT até o final da batalha.") == [
        ("AGI", "end_battle"),
        ("INT", "end_battle"),
    ]


def test_a_gain_with_its_own_duration_keeps_it() -> None:
    text = "Ativar Você recebe +1 de AGI até o final do turno e +1 de INT até o final da batalha."
    assert _gains(text) == [("AGI", "end_turn"), ("INT", "end_battle")]


def test_without_a_duration_no_gain_gets_one() -> None:
    assert _gains("Ativar Você recebe +1 de AGI e +1 de INT.") == [("AGI", None), ("INT", None)]


def test_a_clause_with_its_own_verb_is_not_part_of_the_list() -> None:
    eff = parse_effect("Ativar Você recebe +1 de AGI e compre 1 carta até o final do turno.")
    gain = next(st.to_dict() for st in eff.body if st.to_dict()["op"] == "gain")
    assert "until" not in gain


def test_a_bare_plural_of_cards_in_a_trigger_is_any_card() -> None:
    """ "Quando um oponente for comprar cartas" answers any draw of that opponent, as "uma carta" does (it was
    an object the trigger could not name, so the whole requirement was unread); "duas cartas a menos" then
    reduces that draw (R-21: "for comprar" is about to draw; R-27)."""
    eff = parse_effect("Auto【 Quando um oponente for comprar cartas 】 Ele compra duas cartas a menos.")
    assert eff.supported()
    trig = eff.requirements[0].ast["trigger"]
    assert trig == {
        "moment": "before",
        "event": "draw",
        "actor": {"who": "opponent"},
        "object": {"card": "any"},
    }
    assert [st.to_dict() for st in eff.body] == [{"op": "modify", "action": "draw", "delta": -2}]
