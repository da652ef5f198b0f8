"""A hero noun pointing back names a kind of hero, checked against what it points at (LANGUAGE.md §3.1).

"o aliado selecionado" after "Selecione 1 inimigo", or "daquele oponente" answering an ally's event, used to
read as the hero chosen / the hero of the event whatever the noun said: a silent misreading. Now a noun that
names an ally or an opponent must agree with its antecedent (the Selecione's kind of hero, the trigger's hero,
a timing keyword's hero), else the clause is refused naming both.
"""

from __future__ import annotations

import pytest
from helpers import card, hero, run

from rulekit.apoteose.text import parse_effect


def refusal(text: str) -> str:
    """The reason the one unread clause of ``text`` gives (the effect is then not supported)."""
    e = parse_effect(text)
    assert not e.supported(), text
    bad = [st.to_dict() for st in e.body if st.to_dict()["op"] == "unknown"]
    assert bad, text
    return str(bad[0]["reason"])


def body(text: str) -> list[dict]:
    e = parse_effect(text)
    assert e.supported(), (text, [w.message for w in e.warnings])
    return [st.to_dict() for st in e.body]


@pytest.mark.parametrize(
    ("text", "phrase", "antecedent", "kinds"),
    [
        (
            "Ativar【 Selecione 1 inimigo 】 Cause 3 de DANO ao aliado selecionado.",
            "ao aliado selecionado",
            "Selecione 1 inimigo",
            ("an ally", "an opponent"),
        ),
        (
            "Ativar【 Selecione 1 oponente 】 O aliado selecionado descarta 1 carta.",
            "O aliado selecionado",
            "Selecione 1 oponente",
            ("an ally", "an opponent"),
        ),
        (
            "Ativar【 Selecione 1 aliado 】 Descarte uma carta do oponente selecionado.",
            "do oponente selecionado",
            "Selecione 1 aliado",
            ("an opponent", "an ally"),
        ),
        (
            "Ativar【 Escolha um Herói rival 】 Cure 2 de VIDA do personagem aliado escolhido.",
            "do personagem aliado escolhido",
            "Escolha um Herói rival",
            ("an ally", "an opponent"),
        ),
        (
            "Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA daquele oponente.",
            "daquele oponente",
            "Quando um aliado sofrer dano",
            ("an opponent", "an ally"),
        ),
        (
            "Auto【 Quando um oponente for atacado 】 Cause 2 de DANO àquele aliado.",
            "àquele aliado",
            "Quando um oponente for atacado",
            ("an ally", "an opponent"),
        ),
        (
            "Auto【 Quando uma carta de um aliado for ativada 】 Aquele adversário recupera 1 de MANA.",
            "Aquele adversário",
            "Quando uma carta de um aliado for ativada",
            ("an opponent", "an ally"),
        ),
        (
            "Auto【 Quando um aliado se mover 】 Descarte uma carta desse inimigo.",
            "desse inimigo",
            "Quando um aliado se mover",
            ("an opponent", "an ally"),
        ),
        (
            "Auto · Ao Ser Atacado Cure 2 de VIDA daquele aliado.",
            "daquele aliado",
            "Ao Ser Atacado",
            ("an ally", "you"),
        ),
        (
            "Auto【 Quando você for atacado 】 Cause 2 de DANO àquele oponente.",
            "àquele oponente",
            "Quando você for atacado",
            ("an opponent", "you"),
        ),
    ],
)
def test_a_noun_pointing_back_at_another_kind_of_hero_is_refused_naming_both(
    text: str, phrase: str, antecedent: str, kinds: tuple[str, str]
) -> None:
    reason = refusal(text)
    assert f"'{phrase}' names {kinds[0]}" in reason, reason
    assert f"('{antecedent}') is {kinds[1]}" in reason, reason


@pytest.mark.parametrize(
    "text",
    [
        # the antecedent may be any hero: the noun would add a test the engine never makes
        "Ativar【 Selecione 1 Herói 】 Cure 2 de VIDA do aliado selecionado.",
        "Auto【 Quando um Herói sofrer dano 】 Cure 2 de VIDA daquele aliado.",
        # "aquele" names the one attacked, whoever that is, not the attacker
        "Auto【 Quando um oponente atacar 】 Cause 2 de DANO àquele oponente.",
        # Ao Atacar: the hero of the event is the one you attack
        "Auto · Ao Atacar Cure 2 de VIDA daquele aliado.",
        # the nearest hero named before is what the Selecione chose
        "Ativar【 Selecione 1 inimigo 】 Cause 1 de DANO ao alvo e cure 1 de VIDA daquele aliado.",
    ],
)
def test_an_antecedent_that_may_be_another_kind_is_refused(text: str) -> None:
    assert "but the hero it points back at" in refusal(text)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Ativar【 Selecione 1 inimigo 】 Cause 3 de DANO ao inimigo selecionado.", "selected"),
        ("Ativar【 Selecione 1 inimigo 】 Cause 3 de DANO ao oponente selecionado.", "selected"),
        ("Ativar【 Selecione 1 Herói rival 】 Cause 3 de DANO ao adversário escolhido.", "selected"),
        ("Ativar【 Selecione 1 Herói 】 Cure 2 de VIDA do Herói selecionado.", "selected"),
        ("Ativar【 Selecione 1 inimigo 】 Cause 3 de DANO ao alvo.", "selected"),
        ("Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA daquele aliado.", "that"),
        ("Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA daquele personagem aliado.", "that"),
        ("Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA dele.", "that"),
        ("Auto【 Quando um Herói sofrer dano 】 Cure 2 de VIDA daquele Herói.", "that"),
        ("Auto【 Quando um inimigo for atacado 】 Cause 2 de DANO àquele adversário.", "that"),
        ("Auto【 Quando um oponente atacar um aliado 】 Cure 2 de VIDA daquele aliado.", "that"),
        ("Auto · Ao Ser Atacado Cure 2 de VIDA daquele Herói.", "that"),
    ],
)
def test_a_noun_that_agrees_reads_as_before(text: str, who: str) -> None:
    assert body(text)[0]["target"] == {"who": who}


def test_whose_cards_the_chosen_opponent_is_the_chosen_hero_not_any_opponent() -> None:
    """ "do oponente selecionado" was read as 'owner: opponent' (any opponent's card): the chosen one's."""
    st = body("Ativar【 Selecione 1 inimigo 】 Descarte uma carta do oponente selecionado.")[0]
    assert st["owner"] == "selected"


def test_the_chosen_opponent_still_takes_the_damage_on_a_board() -> None:
    text = "Ativar【 Selecione 1 inimigo 】 Cause 3 de DANO ao inimigo selecionado."
    t = run(
        [
            hero("ana", "azul", 5, MESA=["x"]),
            hero("bruno", "vermelho", 3, vida=(50, 100)),
            hero("carla", "azul", 4, vida=(50, 100)),
        ],
        [card("x", "ana", text)],
        [{"activate": "x", "choices": {"req0": "bruno"}}],
        turn={"order": ["ana", "carla", "bruno"], "hero": "ana"},
    )
    assert t.heroes["bruno"].resources["VIDA"] == [47, 100]
    assert t.heroes["carla"].resources["VIDA"] == [50, 100]


@pytest.mark.parametrize("lang", ["pt-BR", "es"])
def test_the_refusal_reads_in_the_readers_language(lang: str) -> None:
    from rulekit.apoteose.text import parse_effect as pe

    e = pe("Auto【 Quando um aliado sofrer dano 】 Cure 2 de VIDA daquele oponente.")
    w = next(w for w in e.warnings if w.code == "UNSUPPORTED_TEXT")
    words = w.text_in(lang)
    assert "daquele oponente" in words and "Quando um aliado sofrer dano" in words
    assert "names an opponent" not in words
