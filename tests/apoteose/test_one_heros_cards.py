"""R-32: every card of one hero of a set, "Revele o INVENTÁRIO de um oponente", "Olhe o BARALHO de um aliado",
or several cards of one, "Descarte duas cartas de um oponente": one hero of that set, chosen by the effect's
controller when the statement resolves (owner ``one_opponent``; the decision ``choose@<i>.body<k>`` as for a
count of heroes, R-30). Never every such hero's cards ("de cada oponente", "dos oponentes"), never cards of
two heroes. The seed has no such text; ``rulings.ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN`` flips it to a refusal
that names the word and where it is."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run

from rulekit.apoteose import rulings as R
from rulekit.apoteose.canonical import canonical_description, explain_text
from rulekit.apoteose.grammar import _parse_cached
from rulekit.apoteose.text import parse_effect


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [s.to_dict() for s in e.body]


ONE_OPPONENTS_INVENTORY = [{"op": "reveal", "card": "all", "zone": "INVENTÁRIO", "owner": "one_opponent"}]
EVERY_OPPONENTS_INVENTORY = [{"op": "reveal", "card": "all", "zone": "INVENTÁRIO", "owner": "opponent"}]


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Revele o INVENTÁRIO de um oponente.",
        "Ativar Revele o INVENTÁRIO de 1 oponente.",
        "Ativar Revele o INVENTÁRIO de um inimigo.",
        "Ativar Revele o INVENTÁRIO de um adversário.",
        "Ativar Revele o INVENTÁRIO de um Herói rival.",
        "Ativar Revele todas as cartas do INVENTÁRIO de um oponente.",
        "Ativar Revele as cartas do INVENTÁRIO de um inimigo.",
        "Ativar revele o inventário de um oponente.",
    ],
)
def test_one_opponents_zone_reads_the_same_in_every_wording(text: str) -> None:
    assert body(text) == ONE_OPPONENTS_INVENTORY


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Revele o INVENTÁRIO de cada oponente.",
        "Ativar Revele o INVENTÁRIO de todos os oponentes.",
        "Ativar Revele o INVENTÁRIO dos oponentes.",
        "Ativar Revele o INVENTÁRIO de cada inimigo.",
    ],
)
def test_every_opponents_zone_is_another_reading(text: str) -> None:
    """The flip: "um" → "cada"/"todos os"/plural changes the reading (it once read the same)."""
    assert body(text) == EVERY_OPPONENTS_INVENTORY


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("Ativar Olhe o BARALHO de um aliado.", "one_ally"),
        ("Ativar Olhe o BARALHO de cada aliado.", "ally"),
        ("Ativar Olhe o BARALHO de um Herói.", "one_any"),
        ("Ativar Olhe o BARALHO de todos os Heróis.", "any"),
        ("Ativar Descarte todas as HABILIDADES de um oponente.", "one_opponent"),
        ("Ativar Descarte todas as HABILIDADES de cada oponente.", "opponent"),
        ("Ativar Descarte duas cartas de um oponente.", "one_opponent"),
        ("Ativar Descarte 2 cartas de 1 inimigo.", "one_opponent"),
        ("Ativar Descarte uma carta de um oponente.", "opponent"),  # one card: the card names its hero
        ("Ativar Revele o INVENTÁRIO do oponente.", None),  # not a quantifier: unchanged elsewhere
    ],
)
def test_one_hero_and_every_hero_never_read_the_same(text: str, owner: str | None) -> None:
    e = parse_effect(text)
    if owner is None:
        return
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    assert e.body[0].to_dict()["owner"] == owner


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        # the hero as the subject: one of them, chosen, on every card or several cards
        ("Ativar Um oponente revela seu INVENTÁRIO.", "one_opponent"),
        ("Ativar Todos os oponentes revelam seus INVENTÁRIOS.", "opponent"),
        ("Ativar Um oponente descarta duas cartas.", "one_opponent"),
        ("Ativar Um aliado descarta 2 cartas.", "one_ally"),
        ("Ativar Um oponente descarta uma carta.", "opponent"),
        # "outro Herói": one other hero, chosen; "outros Heróis": every other hero
        ("Ativar Revele o INVENTÁRIO de outro Herói.", "one_other"),
        ("Ativar Revele o INVENTÁRIO de outros Heróis.", "other"),
    ],
)
def test_one_hero_as_the_subject_or_another_hero(text: str, owner: str) -> None:
    assert body(text)[0]["owner"] == owner


@pytest.mark.parametrize(
    ("text", "word", "position"),
    [
        ("Ativar Todos os oponentes descartam uma carta.", "Todos", 7),
        ("Ativar Cada oponente descarta uma carta.", "Cada", 7),
    ],
)
def test_every_hero_discarding_a_card_is_refused_naming_it(text: str, word: str, position: int) -> None:
    """One card each, or one among all theirs: never read as one card of one opponent (it once was)."""
    e = parse_effect(text)
    assert not e.supported()
    [w] = [w for w in e.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert w.position == position and f"'{word}'" in w.text_in("en"), w.text_in("en")


def test_two_cards_of_each_opponent_stays_refused() -> None:
    e = parse_effect("Ativar Descarte duas cartas de cada oponente.")
    assert not e.supported()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "reveal every card from the INVENTÁRIO of one opponent you choose"),
        ("pt_BR", "de um oponente que você escolhe"),
        ("es", "de un oponente que eliges"),
    ],
)
def test_explained_in_every_language(lang: str, line: str) -> None:
    assert line in explain_text("Ativar Revele o INVENTÁRIO de um oponente.", lang)[1]


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Revele o INVENTÁRIO de um oponente.",
        "Ativar Revele o INVENTÁRIO de cada oponente.",
        "Ativar Descarte duas cartas de um oponente.",
        "Ativar Olhe o BARALHO de um aliado.",
    ],
)
def test_the_canonical_text_reads_back_to_the_same(text: str) -> None:
    written = canonical_description(parse_effect(text).body)
    assert body(f"Ativar {written}") == body(text), written


def test_r32_flipped_refuses_naming_the_word_and_where(monkeypatch: pytest.MonkeyPatch) -> None:
    assert R.ruling_ids()["R-32"][0] is R.ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN
    monkeypatch.setattr(R, "ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN", False)
    _parse_cached.cache_clear()
    try:
        e = parse_effect("Ativar Revele o INVENTÁRIO de um oponente.")
        assert not e.supported()
        [w] = [w for w in e.warnings if w.code == "UNSUPPORTED_TEXT"]
        assert w.position == 30 and "'um'" in w.text_in("en"), w.text_in("en")
        assert body("Ativar Revele o INVENTÁRIO de cada oponente.") == EVERY_OPPONENTS_INVENTORY
    finally:
        _parse_cached.cache_clear()


# ------------------------------------------------------------------ on the board ----------
def _board(text: str, pick: str | None = None) -> Any:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"]),
        hero("bia", "vermelho", 3, INVENTARIO=["b1", "b2"]),
        hero("caio", "vermelho", 2, INVENTARIO=["c1", "c2"]),
    ]
    cards = [card("p", "ana", text)] + [
        card(c, c[0] == "b" and "bia" or "caio") for c in ("b1", "b2", "c1", "c2")
    ]
    decisions = [{"key": "choose@0.body0", "pick": pick}] if pick else []
    return run(heroes, cards, [{"activate": "p"}], decisions)


def _zones(t: Any, h: str) -> dict[str, list[str]]:
    return {z: list(v) for z, v in t.heroes[h].zones.items() if v}


def test_on_the_board_only_the_chosen_opponents_cards_are_discarded() -> None:
    t = _board("Ativar Descarte todas as cartas do INVENTÁRIO de um oponente.", "caio")
    assert _zones(t, "bia") == {"INVENTÁRIO": ["b1", "b2"]}
    assert _zones(t, "caio") == {"DESCARTE": ["c1", "c2"]}
    [d] = [d for d in t.decisions if d.key == "choose@0.body0"]
    assert (d.kind, d.choice, d.source) == ("choose", "caio", "script")


def test_on_the_board_every_opponent_is_an_option() -> None:
    t = _board("Ativar Descarte todas as cartas do INVENTÁRIO de um oponente.")
    [d] = [d for d in t.decisions if d.key == "choose@0.body0"]
    assert d.source == "default" and d.choice == "bia"
    assert "INVENTÁRIO" not in _zones(t, "bia") and _zones(t, "caio") == {"INVENTÁRIO": ["c1", "c2"]}


def test_on_the_board_de_cada_oponente_discards_every_opponents_cards() -> None:
    t = _board("Ativar Descarte todas as cartas do INVENTÁRIO de cada oponente.")
    assert "INVENTÁRIO" not in _zones(t, "bia") and "INVENTÁRIO" not in _zones(t, "caio")


def test_on_the_board_two_cards_of_one_opponent_never_of_two() -> None:
    t = _board("Ativar Descarte duas cartas do INVENTÁRIO de um oponente.", "b1+c1")
    assert not any(
        d.choice == "b1+c1" and d.source == "script" for d in t.decisions if d.key == "choose@0.body0"
    )
    t = _board("Ativar Descarte duas cartas do INVENTÁRIO de um oponente.", "c1+c2")
    assert _zones(t, "caio") == {"DESCARTE": ["c1", "c2"]} and _zones(t, "bia") == {
        "INVENTÁRIO": ["b1", "b2"]
    }
