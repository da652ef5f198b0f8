"""R-33: a pronoun right after a clause that acts on one hero chosen among a set, and a verb sharing such a
subject, mean that same hero (``target: {who: previous}``), never a second choice; from sentence to sentence
too (the description is applied in the order written). On the board, the hero the controller chose for the
first clause is the one the second acts on; flipped, the pronoun is refused again."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run, unread

from rulekit.apoteose import rulings as R
from rulekit.apoteose.canonical import explain_text
from rulekit.apoteose.text import parse_effect


def body(text: str) -> list[dict[str, Any]]:
    effect = parse_effect(text)
    assert not [w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"], text
    return [st.to_dict() for st in effect.body]


SAME = {"who": "previous"}
HIT = {"op": "damage", "amount": 2, "resource": "VIDA", "target": {"who": "opponent"}}
LOSE_MANA = {"op": "lose", "amount": 1, "resource": "MANA", "target": SAME}


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cause 2 de DANO a um oponente e ele perde 1 de MANA.",
        "Ativar Cause 2 de DANO a um oponente. Ele perde 1 de MANA.",
        "Ativar Cause 2 de DANO a um oponente. Depois, ele perde 1 de MANA.",
        "Ativar Cause 2 de DANO a um oponente. Em seguida, esse oponente perde 1 de MANA.",
        "Ativar Cause 2 de DANO a um inimigo; ela perde 1 de MANA.",
        "Ativar Um oponente sofre 2 de DANO e perde 1 de MANA.",
    ],
)
def test_a_pronoun_after_one_chosen_hero_is_that_hero(text: str) -> None:
    assert body(text) == [HIT, LOSE_MANA]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "Ativar Um oponente recupera 2 de VIDA e compra 1 carta.",
            {"op": "draw", "count": 1, "target": SAME},
        ),
        (
            "Ativar Um oponente perde 2 de VIDA e descarta 1 carta.",
            {"op": "discard", "card": "choose", "count": 1, "owner": "previous"},
        ),
        (
            "Ativar Um oponente perde 2 de VIDA e revela seu INVENTÁRIO.",
            {"op": "reveal", "card": "all", "zone": "INVENTÁRIO", "owner": "previous"},
        ),
        (
            "Ativar Dois oponentes perdem 2 de VIDA e compram 1 carta.",
            {"op": "draw", "count": 1, "target": {"who": "previous", "all": True}},
        ),
        (
            "Ativar Cure 3 de VIDA de um aliado adjacente a você. Ele compra 1 carta.",
            {"op": "draw", "count": 1, "target": SAME},
        ),
    ],
)
def test_a_shared_subject_or_pronoun_is_the_same_hero_not_a_second_choice(text: str, second: dict) -> None:
    assert body(text)[1] == second


@pytest.mark.parametrize(
    ("text", "last"),
    [
        # the hero whose card it was: one card of an opponent names its hero
        ("Ativar Um oponente descarta 1 carta e compra 1 carta.", {"op": "draw", "count": 1, "target": SAME}),
        (
            "Ativar Descarte 1 carta de um oponente. Ele compra 1 carta.",
            {"op": "draw", "count": 1, "target": SAME},
        ),
        # the cards of one hero chosen
        (
            "Ativar Um oponente descarta duas cartas e perde 1 de VIDA.",
            {"op": "lose", "amount": 1, "resource": "VIDA", "target": SAME},
        ),
        (
            "Ativar Revele o INVENTÁRIO de um oponente. Cause 1 de DANO a ele.",
            {"op": "damage", "amount": 1, "resource": "VIDA", "target": SAME},
        ),
        # a verb sharing the subject of a card verb that pointed back
        (
            "Ativar Cause 2 de DANO a um oponente. Ele descarta 1 carta e perde 1 de VIDA.",
            {"op": "lose", "amount": 1, "resource": "VIDA", "target": SAME},
        ),
        # before, "perde" here was *yours*: the subject of a card verb was not shared
        (
            "Auto【 Quando um oponente ativar uma carta 】 Aquele oponente descarta 1 carta"
            " e perde 1 de VIDA.",
            {"op": "lose", "amount": 1, "resource": "VIDA", "target": {"who": "that"}},
        ),
    ],
)
def test_after_the_cards_of_one_hero_it_points_back_at_that_hero(text: str, last: dict) -> None:
    assert body(text)[-1] == last


@pytest.mark.parametrize(
    ("text", "says"),
    [
        # only the clause right before: another clause between moves what a pronoun could mean
        ("Ativar Cause 2 de DANO a um oponente, compre 1 carta e cause 1 de DANO a ele.", "too far"),
        ("Ativar Cause 2 de DANO a um inimigo e você perde 1 de VIDA. Ele descarta 1 carta.", "too far"),
        (
            "Ativar Cause 2 de DANO a um oponente e compre 1 carta. Se ele ficar sem VIDA, compre 1 carta.",
            "too far",
        ),
        # a Selecione is not taken instead of the hero named too far back: which is never guessed
        (
            "Ativar【 Selecione um aliado 】 Cause 2 de DANO a um inimigo e compre 1 carta."
            " Cure 2 de VIDA dele.",
            "too far",
        ),
        # every opponent: which one is never guessed
        ("Ativar Cause 2 de DANO a todos os oponentes. Ele compra 1 carta.", "names one hero, and what it"),
        # a list of heroes before: which of them
        ("Ativar Cure 5 de VIDA em você e em um aliado. Ele compra 1 carta.", "acts on several"),
        # a hero chosen at each of three times: which of them
        ("Ativar Cause 1 de DANO a um inimigo três vezes e ele compra 1 carta.", "acts on several"),
        # the noun must name the kind of hero it points back at
        ("Ativar Um aliado recupera 2 de VIDA e esse oponente compra 1 carta.", "names an opponent"),
        # every opponent sharing a card verb: one card each, or one among theirs?
        ("Ativar Todos os oponentes perdem 2 de VIDA e descartam 1 carta.", "one card of each"),
        # after a condition, nothing is pointed back at across the sentence
        (
            "Ativar Se você estiver sem MANA, cause 1 de DANO a um oponente. Ele compra 1 carta.",
            "names no hero",
        ),
    ],
)
def test_what_it_would_point_back_at_unclearly_is_refused_naming_it(text: str, says: str) -> None:
    assert says in unread(text)


def test_mutation_a_changed_antecedent_changes_the_reading() -> None:
    opp = body("Ativar Cause 2 de DANO a um oponente e ele perde 1 de MANA.")
    ally = body("Ativar Cause 2 de DANO a um aliado e ele perde 1 de MANA.")
    me = parse_effect("Ativar Cause 2 de DANO a você e ele perde 1 de MANA.")
    assert opp[0]["target"] == {"who": "opponent"} and ally[0]["target"] == {"who": "ally"}
    assert opp[1] == ally[1] == LOSE_MANA
    assert [w for w in me.warnings if w.code == "UNSUPPORTED_TEXT"]  # "ele" is never "você"


def test_a_card_verb_sharing_a_subject_is_that_hero_s_cards_not_yours() -> None:
    """Before, "Um oponente perde 2 de VIDA e descarta 1 carta" made *you* discard (the subject was lost)."""
    assert "owner" in body("Ativar Um oponente perde 2 de VIDA e descarta 1 carta.")[1]
    assert "owner" not in body("Ativar Perca 2 de VIDA e descarte 1 carta.")[1]


def _board(text: str, pick: str) -> Any:
    heroes = [hero("ana", "azul", 5, INVENTARIO=["p"])]
    heroes += [
        hero("bia", "vermelho", 3, mana=(5, 10), BARALHO=["b1"]),
        hero("caio", "vermelho", 2, mana=(5, 10), BARALHO=["c1"]),
    ]
    cards = [card("p", "ana", text), card("b1", "bia"), card("c1", "caio")]
    return run(heroes, cards, [{"activate": "p"}], [{"key": "choose@0.body0", "pick": pick}])


@pytest.mark.parametrize("pick", ["bia", "caio"])
def test_on_the_board_the_second_clause_acts_on_the_hero_chosen_for_the_first(pick: str) -> None:
    for text in (
        "Ativar Cause 2 de DANO a um oponente. Ele perde 1 de MANA.",
        "Ativar Um oponente sofre 2 de DANO e perde 1 de MANA.",
    ):
        t = _board(text, pick)
        other = "caio" if pick == "bia" else "bia"
        assert t.heroes[pick].resources["VIDA"][0] == 48 and t.heroes[pick].resources["MANA"][0] == 4, text
        assert t.heroes[other].resources["VIDA"][0] == 50 and t.heroes[other].resources["MANA"][0] == 5, text
        assert [d.key for d in t.decisions if d.kind == "choose"] == ["choose@0.body0"]  # one choice, not two


def test_on_the_board_the_hero_whose_card_was_discarded_draws() -> None:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"]),
        hero("bia", "vermelho", 3, INVENTARIO=["bi"], BARALHO=["b1"]),
        hero("caio", "vermelho", 2, INVENTARIO=["ci"], BARALHO=["c1"]),
    ]
    cards = [card("p", "ana", "Ativar Um oponente descarta 1 carta e compra 1 carta.")]
    cards += [card(c, h) for c, h in (("bi", "bia"), ("b1", "bia"), ("ci", "caio"), ("c1", "caio"))]
    t = run(heroes, cards, [{"activate": "p"}], [{"key": "choose@0.body0", "pick": "ci"}])
    assert t.heroes["caio"].zones["INVENTÁRIO"] == ["c1"] and t.heroes["bia"].zones["INVENTÁRIO"] == ["bi"]
    assert [d.key for d in t.decisions if d.kind == "choose"] == ["choose@0.body0"]


def test_on_the_board_the_same_hero_draws() -> None:
    t = _board("Ativar Um oponente recupera 2 de VIDA e compra 1 carta.", "caio")
    assert t.heroes["caio"].zones["INVENTÁRIO"] == ["c1"] and t.heroes["bia"].zones["INVENTÁRIO"] == []


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "that same hero"), ("pt_BR", "esse mesmo herói"), ("es", "ese mismo héroe")],
)
def test_explained_in_every_language(lang: str, words: str) -> None:
    lines = explain_text("Ativar Cause 2 de DANO a um oponente. Ele perde 1 de MANA.", lang)
    assert lines[-1].startswith("  Ele perde 1 de MANA — ") and words in lines[-1]


def test_r33_flipped_the_pronoun_is_refused_and_a_shared_subject_chosen_again(monkeypatch: Any) -> None:
    assert R.ruling_ids()["R-33"][0] is R.POINTING_BACK_AT_A_CHOSEN_HERO
    monkeypatch.setattr(R, "POINTING_BACK_AT_A_CHOSEN_HERO", False)
    assert "names no hero before" in unread("Ativar Cause 2 de DANO a um oponente. Ele perde 1 de MANA.")
    assert body("Ativar Um oponente recupera 2 de VIDA e compra 1 carta.")[1]["target"] == {"who": "opponent"}


# ------------------------------------------------- a «se …» of the description pointing back at that hero
@pytest.mark.parametrize("joiner", [". Se", "; se", ". Depois, se"])
def test_a_condition_after_the_clause_points_at_the_hero_it_chose(joiner: str) -> None:
    """Before, "ele" in a «se …» of the description was the hero of an event the effect does not answer, so
    "Se ele ficar sem VIDA" never held (a misread)."""
    text = f"Ativar Cause 3 de DANO a um inimigo{joiner} ele ficar sem VIDA, compre 1 carta."
    out = {"cond": "resource", "who": "previous", "resource": "VIDA", "cmp": "==", "value": 0}
    assert body(text)[1]["cond"] == out


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Ativar Compre 1 carta. Se ele tiver menos de 5 de VIDA, cure 2 de VIDA.", "names no hero before"),
        (
            "Ativar Cure 5 de VIDA em você e em um aliado. Se ele tiver menos de 5 de VIDA, compre 1 carta.",
            "several",
        ),
    ],
)
def test_a_condition_pointing_at_nothing_or_at_one_of_several_is_refused(text: str, says: str) -> None:
    assert says in unread(text)


def test_answering_an_event_the_condition_s_ele_is_still_the_event_s_hero() -> None:
    text = (
        "Auto【 Quando um aliado sofrer dano 】 Compre 1 carta. Se ele ficar sem VIDA, cure 5 de VIDA dele."
    )
    assert body(text)[1]["cond"]["who"] == "that"


@pytest.mark.parametrize(("vida", "draws"), [(3, True), (10, False)])
def test_on_the_board_the_condition_reads_the_hero_hit(vida: int, draws: bool) -> None:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"], BARALHO=["x"]),
        hero("bia", "vermelho", 3, vida=(vida, 100)),
    ]
    text = "Ativar Cause 3 de DANO a um inimigo. Se ele ficar sem VIDA, compre 1 carta."
    t = run(heroes, [card("p", "ana", text), card("x", "ana")], [{"activate": "p"}])
    assert ("x" in t.heroes["ana"].zones["INVENTÁRIO"]) is draws


# ------------------------------------------------------------- several heroes, and the pointer's number
@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cause 1 de DANO a dois inimigos e eles compram 1 carta.",
        "Ativar Cause 1 de DANO a dois inimigos. Eles compram 1 carta.",
        "Ativar Cause 1 de DANO a dois inimigos e cada um deles compra 1 carta.",
        "Ativar Dois inimigos sofrem 1 de DANO e compram 1 carta.",
    ],
)
def test_a_plural_pointer_after_several_heroes_chosen_is_each_of_them(text: str) -> None:
    assert body(text)[1] == {"op": "draw", "count": 1, "target": {"who": "previous", "all": True}}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Ativar Cause 1 de DANO a dois inimigos e ele compra 1 carta.", "names one hero, and what it"),
        ("Ativar Cause 1 de DANO a todos os inimigos. Ele compra 1 carta.", "names one hero, and what it"),
        ("Ativar Cause 1 de DANO a um inimigo e eles compram 1 carta.", "names several heroes"),
        ("Ativar Escolha dois inimigos; ele sofre 1 de DANO.", "names one hero, and what it"),
        ("Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA deles.", "names several heroes"),
    ],
)
def test_mutation_a_pointer_of_the_other_number_is_refused(text: str, says: str) -> None:
    """A singular pointer after several heroes (which of them?), or a plural one after one: never guessed."""
    assert says in unread(text)


def test_on_the_board_each_of_the_two_chosen_draws() -> None:
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"]),
        hero("bia", "vermelho", 3, BARALHO=["b1"]),
        hero("caio", "vermelho", 2, BARALHO=["c1"]),
        hero("duda", "vermelho", 1, BARALHO=["d1"]),
    ]
    text = "Ativar Cause 1 de DANO a dois inimigos e eles compram 1 carta."
    cards = [card("p", "ana", text)] + [
        card(c, h) for c, h in (("b1", "bia"), ("c1", "caio"), ("d1", "duda"))
    ]
    t = run(heroes, cards, [{"activate": "p"}], [{"key": "choose@0.body0", "pick": "bia+duda"}])
    drew = {h for h in ("bia", "caio", "duda") if t.heroes[h].zones["INVENTÁRIO"]}
    assert drew == {"bia", "duda"}
