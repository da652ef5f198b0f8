"""Every ordinary game action can be scripted."""

from __future__ import annotations

from helpers import card, hero, run

from rulekit.views.chain import reason_text

TURN = {"order": ["ana", "bruno"], "hero": "ana"}


def two(ana: dict | None = None, bruno: dict | None = None) -> list[dict]:
    return [hero("ana", "azul", 5, **(ana or {})), hero("bruno", "vermelho", 3, **(bruno or {}))]


def test_put_into_play_fires_ao_entrar_and_take_out_fires_ao_sair():
    """Seed «Ao Entrar» / «Ao Sair»: putting a card on the MESA and taking it out are game actions."""
    cards = [card("tenda", "ana", "Auto · Ao Entrar Cure 5 de VIDA", "Auto · Ao Sair Recupere 1 de MANA")]
    t = run(
        two({"INVENTARIO": ["tenda"]}),
        cards,
        [{"put": {"card": "tenda"}}, {"take": {"card": "tenda"}}],
        turn=TURN,
    )
    assert [e.detail["do"] for e in t.of("action")] == ["put", "take"]
    assert t.resolution_order == ("tenda", "tenda")
    assert t.heroes["ana"].resources["VIDA"] == [55, 100] and t.heroes["ana"].resources["MANA"] == [6, 10]
    assert "tenda" in t.heroes["ana"].zones["DESCARTE"]


def test_put_into_the_cenario_and_attached():
    cards = [
        card("ponte", "ana", "Auto · Ao Entrar Cure 1 de VIDA"),
        card("anel", "ana", "Auto · Ao Entrar · Do Anexo Cure 2 de VIDA"),
        card("espada", "ana"),
    ]
    t = run(
        two({"INVENTARIO": ["ponte", "anel"], "MESA": ["espada"]}),
        cards,
        [{"put": {"card": "ponte", "to": "CENÁRIO"}}, {"put": {"card": "anel", "attach_to": "espada"}}],
        turn=TURN,
    )
    assert t.shared_zones["CENÁRIO"] == ["ponte"] and t.cards["anel"]["attached_to"] == "espada"
    assert t.heroes["ana"].resources["VIDA"] == [53, 100]


def test_reveal_hide_discard_bury_banish_and_move_are_actions():
    cards = [
        card(c, "ana", f"Auto · {kw} Compre 1 carta")
        for c, kw in (
            ("a", "Ao Revelar"),
            ("b", "Ao Ocultar"),
            ("c", "Ao Descartar"),
            ("d", "Ao Enterrar"),
            ("e", "Ao Banir"),
        )
    ]
    cards += [card(f"d{i}", "ana") for i in range(6)] + [card("f", "ana")]
    t = run(
        two({"INVENTARIO": ["a", "b", "c", "d", "e", "f"], "BARALHO": [f"d{i}" for i in range(6)]}),
        cards,
        [
            {"reveal": {"card": "a"}},
            {"reveal": {"card": "b"}},
            {"hide": {"card": "b"}},
            {"discard": {"card": "c"}},
            {"bury": {"card": "d"}},
            {"banish": {"card": "e"}},
            {"move": {"card": "f", "to": "SUPORTE"}},
        ],
        turn=TURN,
    )
    assert t.resolution_order == ("a", "b", "c", "d", "e")
    assert (
        t.cards["c"]["zone"] == "DESCARTE"
        and t.cards["d"]["zone"] == "BARALHO"
        and t.cards["e"]["zone"] == "BANIDAS"
    )
    assert t.cards["f"]["zone"] == "SUPORTE"


def test_activation_bar_of_a_card_without_effect_text():
    """Seed: «Se a carta ativada não possuir efeito, sendo apenas usada a barra de ativação, o ataque ou ação
    determinado pela barra é executado»."""
    cards = [
        card("espada", "ana", bar={"attack": 7}),
        card("livro", "ana", bar={"test": "INT"}),
        card("escudo", "bruno", "Auto【 Quando for ser atacado 】 Reduza esse dano em 2."),
    ]
    t = run(
        two({"MESA": ["espada", "livro"]}, {"MESA": ["escudo"]}),
        cards,
        [{"activate": "espada", "target": "bruno"}, {"activate": "livro"}],
        turn=TURN,
        dice=[3],
    )
    assert t.heroes["bruno"].resources["VIDA"] == [45, 100]
    assert [e.effect for e in t.of("activate")] == ["espada#bar", "escudo#0", "livro#bar"]


def test_start_at_the_start_of_a_turn_or_a_cycle():
    cards = [
        card("sol", "ana", "Auto · Início do Turno Cure 1 de VIDA"),
        card("lua", "ana", "Auto · Restauração Cure 2 de VIDA"),
    ]
    turn = run(two({"MESA": ["sol", "lua"]}), cards, [], turn={**TURN, "start": "turn"})
    assert turn.resolution_order == ("sol",)
    cycle = run(two({"MESA": ["sol", "lua"]}), cards, [], turn={**TURN, "start": "cycle"})
    assert cycle.resolution_order == ("lua", "sol")
    assert run(two({"MESA": ["sol", "lua"]}), cards, [], turn=TURN).resolution_order == ()


def test_attempts_while_paying_or_resolving_are_refused_with_the_seeds_reason():
    """Seed «Encadeamento de Resposta»: «nenhuma resposta pode ser dada» while requirements are paid, and
    «a resolução deve ser cumprida integralmente primeiro» during resolution."""
    cards = [
        card("p", "ana", "Ativar【 Consuma 1 de MANA 】 Cure 5 de VIDA."),
        card("x", "bruno", "Ativar【 Quando um oponente ativar uma carta 】 Cure 1 de VIDA."),
    ]
    t = run(
        two({"MESA": ["p"]}, {"MESA": ["x"]}),
        cards,
        [{"activate": "p"}],
        [
            {"window": "activating@0", "respond": {"card": "x"}},
            {"window": "resolving@0", "respond": {"card": "x"}},
        ],
        turn=TURN,
    )
    refs = t.of("refused")
    assert [r.detail["code"] for r in refs] == ["REQUIREMENTS_BEING_PAID", "RESOLUTION_IS_ATOMIC"]
    assert reason_text(refs[0].detail).startswith("nenhuma resposta pode ser dada")
    assert reason_text(refs[1].detail).startswith("a resolução deve ser cumprida integralmente")
    assert t.resolution_order == ("p",)


def test_companheiro_with_its_own_vida_takes_damage_and_answers():
    """A COMPANHEIRO card with VIDA, damage to it, and «Depois de um COMPANHEIRO sofrer dano»."""
    cards = [
        card("lobo", "ana", types=("COMPANHEIRO",), companion_of="ana", vida=[10, 10]),
        card("uivo", "ana", "Auto【 Depois de um COMPANHEIRO sofrer dano 】 Cure 2 de VIDA."),
        card("raio", "ana", "Ativar Cause 3 de DANO a um COMPANHEIRO do tabuleiro."),
    ]
    t = run(
        two({"MESA": ["uivo", "raio"]}),
        cards,
        [{"activate": "raio"}, {"attack": {"hero": "bruno", "target": "lobo", "damage": 4}}],
        zones={"TABULEIRO": ["lobo"]},
        turn=TURN,
    )
    assert t.cards["lobo"]["vida"] == [3, 10]
    assert t.resolution_order.count("uivo") == 2 and t.heroes["ana"].resources["VIDA"] == [54, 100]
