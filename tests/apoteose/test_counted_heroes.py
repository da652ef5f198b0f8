"""A count of heroes, "Cause 1 de DANO a dois inimigos", "Cure 2 de VIDA de três aliados" (R-30):
that many different heroes of the set, chosen by the effect's controller (seed «Efeito»: the hero who
activates selects the targets; the decision ``choose@<i>.body<k>``), all there are when fewer are there
(``rulings.heroes_counted``). Never every hero of the set, never one."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run

from rulekit.apoteose import rulings as R
from rulekit.apoteose.canonical import explain_text
from rulekit.apoteose.grammar import ClauseError, parse_clause
from rulekit.apoteose.text import parse_effect


def body(text: str) -> list[dict[str, Any]]:
    e = parse_effect(text)
    assert e.supported(), [w.text_in("en") for w in e.warnings]
    return [s.to_dict() for s in e.body]


TWO_ENEMIES = [{"op": "damage", "amount": 1, "resource": "VIDA", "target": {"who": "opponent", "count": 2}}]


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cause 1 de DANO a dois inimigos.",
        "Ativar Cause 1 de DANO a 2 oponentes.",
        "Ativar Cause a dois adversários 1 de DANO.",
        "Ativar Dois inimigos sofrem 1 de DANO.",
        "Ativar Cause um de DANO a dois Heróis rivais.",
    ],
)
def test_a_count_of_heroes_reads_the_same_in_every_wording(text: str) -> None:
    assert body(text) == TWO_ENEMIES


def test_the_count_is_read_not_dropped() -> None:
    """Mutations: another number, one hero, every hero, another set each change the reading."""
    assert body("Ativar Cause 1 de DANO a três inimigos.")[0]["target"] == {"who": "opponent", "count": 3}
    assert body("Ativar Cause 1 de DANO a um inimigo.")[0]["target"] == {"who": "opponent"}
    assert body("Ativar Cause 1 de DANO a todos os inimigos.")[0]["target"] == {
        "who": "opponent",
        "all": True,
    }
    assert body("Ativar Cure 2 de VIDA de três aliados.")[0]["target"] == {"who": "ally", "count": 3}


@pytest.mark.parametrize(
    "clause",
    [
        "Cause 1 de DANO a dois inimigos adjacentes",  # a count of a set narrowed: not read with a count
        "Cause 1 de DANO a esses dois inimigos",
        "Cause 1 de DANO a dois alvos",
        "Descarte uma carta de dois oponentes",  # whose cards: one hero
    ],
)
def test_a_count_where_it_has_no_reading_is_refused_naming_it(clause: str) -> None:
    with pytest.raises(ClauseError, match="counts heroes"):
        parse_clause(clause)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "  Cause 1 de DANO a 2 oponentes — deal 1 DANO to each of 2 opponents you choose"),
        ("pt_BR", "  Cause 1 de DANO a 2 oponentes — causa 1 de DANO a cada um de 2 oponentes à sua escolha"),
        ("es", "  Cause 1 de DANO a 2 oponentes — causa 1 de DANO a cada uno de 2 oponentes a tu elección"),
    ],
)
def test_canonical_and_explained_in_every_language(lang: str, line: str) -> None:
    assert explain_text("Ativar Cause 1 de DANO a dois inimigos.", lang)[1] == line


def test_r30_fewer_heroes_than_the_count_is_all_there_are() -> None:
    assert (R.heroes_counted(3, 2), R.heroes_counted(1, 2), R.heroes_counted(0, 2)) == (2, 1, 0)
    assert R.ruling_ids()["R-30"] is R.heroes_counted


def _board(text: str, enemies: list[str], pick: str | None = None) -> Any:
    heroes = [hero("ana", "azul", 5, INVENTARIO=["p"])]
    heroes += [hero(h, "vermelho", 3 - i) for i, h in enumerate(enemies)]
    decisions = [{"key": "choose@0.body0", "pick": pick}] if pick else []
    return run(heroes, [card("p", "ana", text)], [{"activate": "p"}], decisions)


def test_on_the_board_two_of_three_enemies_take_the_damage_the_controller_chose() -> None:
    t = _board("Ativar Cause 1 de DANO a dois inimigos.", ["bia", "caio", "duda"], "bia+duda")
    assert {h: t.heroes[h].resources["VIDA"][0] for h in ("ana", "bia", "caio", "duda")} == {
        "ana": 50,
        "bia": 49,
        "caio": 50,
        "duda": 49,
    }
    [d] = [d for d in t.decisions if d.key == "choose@0.body0"]
    assert (d.kind, d.choice, d.source) == ("choose", "bia+duda", "script")


def test_on_the_board_every_pair_is_an_option_and_one_enemy_alone_is_all_there_is() -> None:
    t = _board("Ativar Cause 1 de DANO a dois inimigos.", ["bia", "caio", "duda"])
    [d] = [d for d in t.decisions if d.key == "choose@0.body0"]
    assert d.source == "default" and d.choice == "bia+caio"
    t = _board("Ativar Cause 1 de DANO a dois inimigos.", ["bia"])
    assert t.heroes["bia"].resources["VIDA"][0] == 49 and t.heroes["ana"].resources["VIDA"][0] == 50


# ------------------------------------------------------------- "à sua escolha": the controller chooses
@pytest.mark.parametrize(
    ("paraphrase", "canonical"),
    [
        ("Ativar Um aliado à sua escolha compra 2 cartas.", "Ativar Um aliado compra 2 cartas."),
        ("Ativar Um aliado a sua escolha compra 2 cartas.", "Ativar Um aliado compra 2 cartas."),
        ("Ativar Cure 2 de VIDA de um aliado à sua escolha.", "Ativar Cure 2 de VIDA de um aliado."),
        ("Ativar Cause 1 de DANO a dois inimigos à sua escolha.", "Ativar Cause 1 de DANO a dois inimigos."),
    ],
)
def test_a_sua_escolha_is_the_controllers_choice_one_hero_already_is(paraphrase: str, canonical: str) -> None:
    assert body(paraphrase) == body(canonical)


@pytest.mark.parametrize(
    "clause",
    [
        "Cause 1 de DANO a todos os inimigos à sua escolha",  # every one: nothing to choose
        "Os aliados à sua escolha compram 1 carta",
        "Cause 1 de DANO ao alvo à sua escolha",  # already chosen
    ],
)
def test_a_sua_escolha_where_nothing_is_chosen_is_refused(clause: str) -> None:
    with pytest.raises(ClauseError, match="à sua escolha"):
        parse_clause(clause)


def test_someone_elses_choice_is_not_read_as_yours() -> None:
    """Mutation: «à escolha dele» (another hero chooses) is refused, never read as the controller's choice."""
    with pytest.raises(ClauseError):
        parse_clause("Cause 1 de DANO a um inimigo à escolha dele")
