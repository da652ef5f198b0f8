"""R-31: a count of cards with its noun left out, "Compre três cartas e descarte duas", is "duas delas".

The seed never leaves a card noun out; rulekit reads the count as the cards the clause right before acted
on (``rulings.ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE``), exactly as "duas delas" (``cardrefs.counted_cards``).
With nothing acted on before (alone, in a requirement) it is refused naming the count. Flipped, every such
count is refused.
"""

from __future__ import annotations

import itertools

import paraphrase as P
import pytest
from helpers import card, hero, run

from rulekit.apoteose import rulings as R
from rulekit.apoteose.grammar import _parse_cached
from rulekit.apoteose.reqgrammar import _condition_read, _trigger_read
from rulekit.apoteose.text import parse_effect

DISCARD_TWO_OF_THEM = {"op": "discard", "card": "previous", "count": 2}


def _body(text: str) -> list[dict[str, object]] | None:
    effect = parse_effect(text)
    return [s.to_dict() for s in effect.body] if effect.supported() else None


@pytest.mark.parametrize(
    ("draw", "discard", "two"),
    list(
        itertools.product(
            ["Compre três cartas", "Compra 3 cartas", "Você compra três cartas", "Puxe três cartas"],
            ["descarte", "descarta", "descartar", "você descarta"],
            ["duas", "2", "duas delas"],
        )
    ),
)
def test_every_person_number_and_the_pronoun_read_the_same(draw: str, discard: str, two: str) -> None:
    text = f"Ativar {draw} e {discard} {two}."
    assert _body(text) == [{"op": "draw", "count": 3, "target": {"who": "self"}}, DISCARD_TWO_OF_THEM], text


def test_a_sentence_apart_reads_as_the_pronoun_does() -> None:
    """The clause right before is in the same sentence: a sentence apart, "duas delas" is refused, and so is
    "duas" (never any two of your cards)."""
    assert _body("Ativar Compre três cartas. Descarte duas delas.") is None
    assert _body("Ativar Compre três cartas. Descarte duas.") is None


@pytest.mark.parametrize(
    ("text", "mutant"),
    [
        ("Ativar Compre três cartas e descarte duas.", "Ativar Compre três cartas e descarte uma."),
        ("Ativar Compre três cartas e descarte duas.", "Ativar Compre três cartas e descarte duas cartas."),
        ("Ativar Compre três cartas e descarte duas.", "Ativar Compre três cartas e bana duas."),
        ("Ativar Compre três cartas e descarte duas.", "Ativar Compre três cartas e descarte todas."),
        (
            "Ativar Revele três cartas do seu BARALHO e bana uma.",
            "Ativar Revele três cartas do seu BARALHO e bana duas.",
        ),
    ],
)
def test_a_meaningful_word_swapped_changes_the_reading(text: str, mutant: str) -> None:
    assert P.reading(mutant) != P.reading(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ativar Descarte duas.", "duas"),
        ("Ativar Cure 2 de VIDA e descarte duas.", "duas"),
        ("Ativar【 Descarte duas 】 Cure 5 de VIDA.", "duas"),
        ("Ativar【 Descarte duas delas 】 Cure 5 de VIDA.", "duas"),
    ],
)
def test_with_nothing_acted_on_before_the_count_is_refused_by_its_word(text: str, word: str) -> None:
    effect = parse_effect(text)
    assert not effect.supported()
    warning = next(w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT")
    assert text[warning.position :].startswith(word), warning.text_in("en")


def test_it_runs_on_the_cards_drawn() -> None:
    """Ana draws d1, d2, d3 and discards two of them (her choice: the first two options by default); the
    card she had before stays in her INVENTÁRIO."""
    cards = [card("p", "ana", "Ativar Compre três cartas e descarte duas.")]
    cards += [card(c, "ana") for c in ("old", "d1", "d2", "d3")]
    heroes = [hero("ana", "azul", 5, MESA=["p"], INVENTARIO=["old"], BARALHO=["d1", "d2", "d3"])]
    trace = run(heroes, cards, [{"activate": "p"}], turn={"hero": "ana"})
    zones = {str(z): list(ids) for z, ids in trace.heroes["ana"].zones.items()}
    assert "old" in zones["INVENTÁRIO"]
    assert len(set(zones["DESCARTE"]) & {"d1", "d2", "d3"}) == 2


def _clear() -> None:
    for cached in (_parse_cached, _trigger_read, _condition_read):
        cached.cache_clear()


def test_r31_flipped_refuses_the_count(monkeypatch: pytest.MonkeyPatch) -> None:
    assert R.ruling_ids()["R-31"] is R.ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE
    text = "Ativar Compre três cartas e descarte duas."
    _clear()
    assert _body(text) is not None
    monkeypatch.setattr(R, "ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE", False)
    _clear()
    try:
        effect = parse_effect(text)
        assert not effect.supported()
        assert any("duas delas" in w.text_in("en") for w in effect.warnings)
        assert (
            _body("Ativar Compre três cartas e descarte duas delas.") is not None
        )  # the pronoun still reads
    finally:
        _clear()
