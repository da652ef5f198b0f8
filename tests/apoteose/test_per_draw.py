"""A draw of as many cards as you have of a type in a zone: "Compre uma carta para cada EVOCAÇÃO no SUPORTE".

Seed «Descrição do Efeito», its «máx» example: «Você causa +1 de DANO para cada carta no seu INVENTÁRIO
(máx 5)» means 1 times the cards in your hand, at most 5. The same count is a draw's amount: ``count:
{per: {zone, type, who: self}, times, max}``, counted when the draw resolves (``matching.amount``, the one
place every amount is worked out). Whose cards other than yours, or another hero drawing with "seu", is
refused by its words, never counted in your zone.
"""

from __future__ import annotations

import itertools

import paraphrase as P
import pytest
from helpers import card, hero, run

from rulekit.apoteose.text import parse_effect

PER_SUPORTE = {"per": {"zone": "SUPORTE", "who": "self", "type": "EVOCAÇÃO"}, "times": 1}

#: The draw in every person, mood and verb of its concept (its number in words or digits below).
VERBS = ["Compre", "Compra", "Comprar", "Você compra", "Puxe", "Saque", "Tu compras"]


@pytest.mark.parametrize(("verb", "one"), list(itertools.product(VERBS, ["uma carta", "1 carta"])))
def test_every_person_verb_and_number_of_a_per_draw_reads_the_same(verb: str, one: str) -> None:
    effect = parse_effect(f"Ativar {verb} {one} para cada EVOCAÇÃO no seu SUPORTE.")
    assert effect.supported(), [w.text_in("en") for w in effect.warnings]
    assert [s.to_dict() for s in effect.body] == [
        {"op": "draw", "count": PER_SUPORTE, "target": {"who": "self"}}
    ]


@pytest.mark.parametrize(
    ("text", "count"),
    [
        (
            "Compre duas cartas para cada ITEM na sua MESA",
            {**PER_SUPORTE, "per": {"zone": "MESA", "who": "self", "type": "ITEM"}, "times": 2},
        ),
        (
            "Compre 2 cartas para cada ITEM na sua MESA (máx 4)",
            {"per": {"zone": "MESA", "who": "self", "type": "ITEM"}, "times": 2, "max": 4},
        ),
        (
            "Compre uma carta para cada carta no seu INVENTÁRIO",
            {"per": {"zone": "INVENTÁRIO", "who": "self"}, "times": 1},
        ),
        ("Compre uma carta para cada EVOCAÇÃO no SUPORTE", PER_SUPORTE),
    ],
)
def test_the_count_reads_its_type_zone_times_and_bound(text: str, count: dict[str, object]) -> None:
    effect = parse_effect(f"Ativar {text}.")
    assert [s.to_dict()["count"] for s in effect.body] == [count]


#: Each swap must change the reading: the type, the zone, the number, the bound.
SWAPS = [
    ("Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE.", "EVOCAÇÃO", "ITEM"),
    ("Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE.", "SUPORTE", "BARALHO"),
    ("Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE.", "uma carta", "duas cartas"),
    ("Ativar Compre 2 cartas para cada ITEM na sua MESA (máx 4).", "4", "5"),
    ("Ativar Compre 2 cartas para cada ITEM na sua MESA (máx 4).", " (máx 4)", ""),
    ("Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE.", " para cada EVOCAÇÃO no seu SUPORTE", ""),
    ("Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE.", "cada", "todas as"),
]


@pytest.mark.parametrize(("text", "old", "new"), SWAPS)
def test_a_meaningful_word_swapped_changes_the_reading(text: str, old: str, new: str) -> None:
    assert P.reading(text.replace(old, new, 1)) != P.reading(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ativar Compre uma carta para cada carta de um oponente.", "de"),  # whose? never yours
        ("Ativar Um aliado compra uma carta para cada EVOCAÇÃO no seu SUPORTE.", "para"),  # whose SUPORTE?
        ("Ativar Compre uma carta para cada EVOCAÇÃO no INVENTÁRIO de um oponente.", "de"),
    ],
)
def test_whose_cards_other_than_yours_is_refused_by_its_word(text: str, word: str) -> None:
    effect = parse_effect(text)
    assert not effect.supported()
    assert any(f"'{word}'" in w.text_in("en") for w in effect.warnings), [
        w.text_in("en") for w in effect.warnings
    ]


def _zones(trace: object, hid: str) -> dict[str, list[str]]:
    return {str(z): list(ids) for z, ids in trace.heroes[hid].zones.items()}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("evocations", "drawn"), [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_the_draw_counts_your_cards_when_it_resolves(evocations: int, drawn: int) -> None:
    """Two EVOCAÇÃO cards of the opponent's and an ITEM of yours are not counted; "(máx 2)" caps it."""
    yours = [f"e{i}" for i in range(evocations)]
    deck = ["d1", "d2", "d3", "d4"]
    cards = [card("p", "ana", "Ativar Compre uma carta para cada EVOCAÇÃO no seu SUPORTE (máx 2).")]
    cards += [card(c, "ana", types=("EVOCAÇÃO",)) for c in yours]
    cards += [card("i1", "ana")] + [card(c, "ana") for c in deck]
    cards += [card(c, "bruno", types=("EVOCAÇÃO",)) for c in ("b1", "b2")]
    heroes = [
        hero("ana", "azul", 5, MESA=["p"], SUPORTE=[*yours, "i1"], BARALHO=deck),
        hero("bruno", "vermelho", 3, SUPORTE=["b1", "b2"]),
    ]
    trace = run(heroes, cards, [{"activate": "p"}], turn={"hero": "ana"})
    assert _zones(trace, "ana")["INVENTÁRIO"] == deck[:drawn]
    assert _zones(trace, "ana")["BARALHO"] == deck[drawn:]


def test_a_per_count_in_a_structured_body_is_checked() -> None:
    from rulekit.apoteose.bodycheck import check_statement

    assert check_statement({"op": "draw", "count": PER_SUPORTE}) is None
    assert check_statement({"op": "draw", "count": -1}) is not None
    other = {"per": {"zone": "SUPORTE", "who": "opponent"}, "times": 1}
    assert check_statement({"op": "draw", "count": other}) is not None  # only your cards are counted
