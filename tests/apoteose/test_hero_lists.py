"""A list of heroes as whom a statement acts on (``more_heroes`` in ``rulekit/apoteose/grammar.lark``,
``rulekit/apoteose/builder_lists.py``, LANGUAGE.md §3): "Cure 5 de VIDA em você e em cada aliado adjacente",
"Você e seus aliados recuperam 1 de ESTAMINA" are the statement once per hero, in the order written, each
with the whole amount, so they read as the clauses written out one by one. A changed hero changes the
reading; a pronoun after a list is refused (which of them is never guessed), and so is a verb sharing a
subject that lists heroes, or a list as the subject of a verb that acts on another hero or on cards; a list
of heroes and a list of amounts in one statement, or a card in a list of heroes, are refused by name.
"""

from __future__ import annotations

import paraphrase as P
import pytest
from helpers import card, hero, run, unread

from rulekit.apoteose.text import parse_effect

#: (a list of heroes, the same statements written one clause each)
PAIRS = [
    (
        "Ativar Cura 5 de VIDA em você e em cada aliado adjacente.",
        "Ativar Cure 5 de VIDA em você e cure 5 de VIDA de cada aliado adjacente.",
    ),
    (
        "Ativar Recupera dois de MANA pra você e pra um aliado.",
        "Ativar Recupere 2 de MANA e recupere 2 de MANA de um aliado.",
    ),
    (
        "Ativar Cause 2 de DANO a um oponente e um aliado.",
        "Ativar Cause 2 de DANO a um oponente e cause 2 de DANO a um aliado.",
    ),
    (
        "Ativar Cause 2 de DANO a um oponente, a um aliado e a você.",
        "Ativar Cause 2 de DANO a um oponente, cause 2 de DANO a um aliado e cause 2 de DANO a você.",
    ),
    (
        "Ativar Cure a você e a todos os aliados 3 de VIDA.",
        "Ativar Cure 3 de VIDA e cure 3 de VIDA de todos os aliados.",
    ),
]


#: (a list of heroes as the subject, the same statements written one sentence each)
SUBJECTS = [
    (
        "Ativar Você e seus aliados recuperam 1 de ESTAMINA.",
        "Ativar Você recupera 1 de ESTAMINA. Seus aliados recuperam 1 de ESTAMINA.",
    ),
    (
        "Ativar Você e seus aliados compram 1 carta.",
        "Ativar Você compra 1 carta. Seus aliados compram 1 carta.",
    ),
    (
        "Ativar Você e seus aliados sofrem 2 de DANO.",
        "Ativar Você sofre 2 de DANO. Seus aliados sofrem 2 de DANO.",
    ),
    (
        "Ativar Um aliado e um oponente perdem 1 de MANA.",
        "Ativar Um aliado perde 1 de MANA. Um oponente perde 1 de MANA.",
    ),
    (
        "Ativar Você e seus aliados recebem +1 de AGI até o final do turno.",
        "Ativar Você recebe +1 de AGI até o final do turno. "
        "Seus aliados recebem +1 de AGI até o final do turno.",
    ),
]


@pytest.mark.parametrize(("listed", "one_by_one"), PAIRS + SUBJECTS)
def test_a_list_of_heroes_reads_as_the_statement_once_per_hero(listed: str, one_by_one: str) -> None:
    got = P.reading(listed)
    assert got is not None
    assert got == P.reading(one_by_one)


def test_the_order_written_is_the_order_of_the_statements() -> None:
    a = P.reading("Ativar Cause 2 de DANO a um oponente e a você.")
    b = P.reading("Ativar Cause 2 de DANO a você e a um oponente.")
    assert a is not None and b is not None
    assert a != b


@pytest.mark.parametrize(
    "mutant",
    [
        "Ativar Cure 5 de VIDA em você e em cada oponente.",
        "Ativar Cure 5 de VIDA em um aliado e em cada aliado.",
    ],
)
def test_changing_a_hero_of_the_list_changes_the_reading(mutant: str) -> None:
    text = "Ativar Cure 5 de VIDA em você e em cada aliado."
    assert P.reading(mutant) is not None
    assert P.reading(mutant) != P.reading(text)


def test_a_pronoun_after_a_list_of_heroes_is_refused() -> None:
    assert "'Ele'" in unread("Ativar Cure 5 de VIDA em você e em um aliado. Ele compra 1 carta.")
    message = unread("Ativar Cure 5 de VIDA em você e em um aliado; ele compra 1 carta.")
    assert "'ele'" in message and "acts on several" in message


def test_a_list_of_heroes_and_a_list_of_amounts_in_one_statement_is_refused() -> None:
    message = unread("Ativar Recupere 2 de MANA e 1 de ESTAMINA pra você e pra um aliado.")
    assert "one list in a statement" in message


def test_a_card_in_a_list_of_heroes_is_refused() -> None:
    assert "'carta'" in unread("Ativar Cause 2 de DANO a um oponente e a esta carta.")


def test_e_inside_a_word_is_not_a_list() -> None:
    """The "e" of a list is a whole word: "aliado escolhido" is not "aliado" and a hero named "scolhido"."""
    message = unread("Ativar【 Escolha um Herói rival 】 Cure 2 de VIDA do personagem aliado escolhido.")
    assert "ally" in message and "opponent" in message


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Você e seus aliados causam 1 de DANO a um oponente.",
        "Ativar Você e seus aliados curam 2 de VIDA de um oponente.",
        "Ativar Você e um aliado descartam uma carta.",
    ],
)
def test_a_list_as_the_subject_of_a_verb_acting_on_another_is_refused(text: str) -> None:
    """Who does what to whom is never guessed (the list is not spread over the object)."""
    assert "a list of heroes as the subject" in unread(text)


def test_a_verb_sharing_a_listed_subject_is_refused_and_an_imperative_is_yours() -> None:
    text = "Ativar Você e seus aliados recuperam 1 de ESTAMINA e compram 1 carta."
    assert "'compram 1 carta'" in unread(text)
    mine = P.reading("Ativar Você e seus aliados recuperam 1 de ESTAMINA e compre 1 carta.")
    assert mine is not None
    assert mine == P.reading("Ativar Você e seus aliados recuperam 1 de ESTAMINA. Compre 1 carta.")


# ------------------------------------------------------------ "você ou um aliado": one of your team, chosen
@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cure 3 de VIDA de você ou de um aliado.",
        "Ativar Cure 3 de VIDA de você ou um aliado.",
        "Ativar Cure 3 de VIDA de um aliado ou de você.",
        "Ativar Você ou um aliado cura 3 de VIDA.",
    ],
)
def test_you_or_an_ally_is_one_hero_of_your_team_chosen(text: str) -> None:
    [st] = [s.to_dict() for s in parse_effect(text).body]
    assert st == {"op": "heal", "amount": 3, "resource": "VIDA", "target": {"who": "team"}}


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cause 2 de DANO a você ou a um inimigo.",
        "Ativar Cure 3 de VIDA de você ou de todos os aliados.",
    ],
)
def test_another_alternative_is_refused_naming_it(text: str) -> None:
    assert "only 'você ou um aliado' is read" in unread(text)


@pytest.mark.parametrize("pick", ["ana", "bia"])
def test_on_the_board_the_hero_chosen_of_your_team_is_healed(pick: str) -> None:
    heroes = [
        hero("ana", "azul", 5, vida=(50, 100), INVENTARIO=["p"]),
        hero("bia", "azul", 4, vida=(50, 100)),
        hero("caio", "vermelho", 3, vida=(50, 100)),
    ]
    text = "Ativar Cure 3 de VIDA de você ou de um aliado."
    t = run(heroes, [card("p", "ana", text)], [{"activate": "p"}], [{"key": "choose@0.body0", "pick": pick}])
    assert {h: t.heroes[h].resources["VIDA"][0] for h in ("ana", "bia", "caio")} == {
        "ana": 53 if pick == "ana" else 50,
        "bia": 53 if pick == "bia" else 50,
        "caio": 50,
    }


def test_on_the_board_an_opponent_is_never_one_of_your_team() -> None:
    """A scripted pick of an opponent is not an option: the default (you) is taken, and he is not healed."""
    heroes = [hero("ana", "azul", 5, INVENTARIO=["p"]), hero("bia", "azul", 4), hero("caio", "vermelho", 3)]
    text = "Ativar Cure 3 de VIDA de você ou de um aliado."
    t = run(
        heroes, [card("p", "ana", text)], [{"activate": "p"}], [{"key": "choose@0.body0", "pick": "caio"}]
    )
    [d] = [d for d in t.decisions if d.key == "choose@0.body0"]
    assert (d.choice, d.source) == ("ana", "default") and t.heroes["caio"].resources["VIDA"][0] == 50
