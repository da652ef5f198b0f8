"""More rules: timings and turn structure, COMPANHEIRO turns, attacks/tests, targets, attachments,
durations."""

from __future__ import annotations

from helpers import card, hero, run

from rulekit.apoteose import ChainSession
from rulekit.apoteose.chain import Engine
from rulekit.views.chain import reason_text


def two(ana=None, bruno=None, **kw):
    return [hero("ana", "azul", 5, **(ana or {})), hero("bruno", "vermelho", 3, **(bruno or {}))]


TURN = {"order": ["ana", "bruno"], "hero": "ana"}


def test_turn_timings_inicio_fim_rival():
    """Seed «Temporização»: Fim do Turno (your last turn), Início Rival (another team's turn start), Início
    do Turno."""
    cards = [
        card("f", "ana", "Auto · Fim do Turno Recupere 1 de MANA."),
        card("r", "ana", "Auto · Início Rival Recupere 1 de ESTAMINA."),
        card("i", "ana", "Auto · Início do Turno Cure 1 de VIDA."),
    ]
    t = run(two({"MESA": ["f", "r", "i"]}), cards, [{"end_turn": True}, {"end_turn": True}], turn=TURN)
    assert t.resolution_order == ("f", "r", "i")
    ana = t.heroes["ana"].resources
    assert ana["MANA"] == [6, 10] and ana["ESTAMINA"] == [5, 6] and ana["VIDA"] == [51, 100]
    assert [e.detail["hero"] for e in t.of("turn")] == ["bruno", "ana"]


def test_r05_companheiro_turn_uses_its_hero():
    """R-05: on a COMPANHEIRO's turn the priority frame is its Hero; Início do Companheiro fires for it."""
    heroes = [hero("ana", "azul", 5, MESA=["x"]), hero("bruno", "vermelho", 3, MESA=["y"])]
    cards = [
        card(
            "lobo",
            "ana",
            "Auto · Início do Companheiro Cure 2 de VIDA.",
            types=("COMPANHEIRO",),
            companion_of="ana",
        ),
        card("x", "ana", "Auto【 Quando um COMPANHEIRO for ativado 】 Recupere 1 de MANA."),
        card("y", "bruno", "Auto【 Quando um COMPANHEIRO for ativado 】 Recupere 1 de MANA."),
    ]
    sc_turn = {"order": ["ana", "lobo", "bruno"], "hero": "ana"}
    t = run(heroes, cards, [{"end_turn": True}], zones={"TABULEIRO": ["lobo"]}, turn=sc_turn)
    # lobo's turn: turn hero is ana, so bruno is «Heróis Oponentes» (before ana's own «Herói do Turno»)
    assert t.of("turn")[0].detail["turn_hero"] == "ana"
    assert t.resolution_order == ("y", "x", "lobo")
    assert t.heroes["ana"].resources["VIDA"] == [52, 100]


def test_attack_before_and_after_responses():
    """R-21 / glossary «Moments»: "Quando for ser atacado" acts before the damage; "Depois de ser atacado"
    after."""
    cards = [
        card("escudo", "ana", "Auto【 Quando for ser atacado 】 Reduza esse dano em 4."),
        card("revide", "ana", "Auto【 Depois de ser atacado 】 Cause 2 de DANO a um oponente."),
    ]
    t = run(
        two({"MESA": ["escudo", "revide"]}),
        cards,
        [{"attack": {"hero": "bruno", "target": "ana", "damage": 10}}],
        turn=TURN,
    )
    assert t.resolution_order == ("escudo", "attack", "revide")
    assert t.heroes["ana"].resources["VIDA"] == [44, 100]
    assert t.heroes["bruno"].resources["VIDA"] == [48, 100]


def test_em_teste_and_before_test():
    """Seed «Em Teste» + glossary «durante»: "Quando for fazer um teste" then a test with +AGI."""
    cards = [
        card("foco", "ana", "Auto【 Quando for fazer um teste 】 Você recebe +3 de AGI até o final do turno.")
    ]
    sc_dice = {"dice": [4]}
    t = run(
        two({"MESA": ["foco"]}), cards, [{"test": {"hero": "ana", "attribute": "AGI"}}], turn=TURN, **sc_dice
    )
    assert t.resolution_order == ("foco", "test")
    resolve = [e for e in t.of("resolve") if e.effect == "test"][0]
    assert resolve.detail["statements"][0].startswith("test")
    assert t.heroes["ana"].attributes["AGI"] == 3


def test_ao_ser_alvo_and_quando_for_selecionado():
    """Seed «Ao Ser Alvo»: fires when its hero is selected as the target of an action."""
    cards = [
        card("mira", "bruno", "Ativar【 Selecione um oponente 】 O alvo perde 2 de MANA."),
        card("reflexo", "ana", "Auto · Ao Ser Alvo Recupere 1 de ESTAMINA."),
    ]
    heroes = [hero("ana", "azul", 5, MESA=["reflexo"]), hero("bruno", "vermelho", 3, MESA=["mira"])]
    t = run(heroes, cards, [{"activate": "mira"}], turn={"order": ["bruno", "ana"], "hero": "bruno"})
    assert t.resolution_order == ("reflexo", "mira")
    assert t.heroes["ana"].resources["ESTAMINA"] == [5, 6] and t.heroes["ana"].resources["MANA"] == [3, 10]


def test_do_anexo_and_attach():
    """Seed «Do Anexo» + «Ao Entrar» (anexada): attaching enters play; Do Anexo works only while attached."""
    cards = [
        card(
            "runa", "ana", "Ativar · Do Anexo Cure 4 de VIDA.", "Ativar Anexe esta carta a uma ARMA da MESA."
        ),
        card("espada", "ana", types=("ARMA",)),
    ]
    sc = [{"activate": "runa"}, {"activate": "runa", "effect": 1}, {"activate": "runa"}]
    t = run(two({"INVENTARIO": ["runa"], "MESA": ["espada"]}), cards, sc, turn=TURN)
    assert [e.detail["code"] for e in t.of("refused")] == ["SCOPE"]
    assert t.resolution_order == ("runa", "runa")
    assert t.heroes["ana"].resources["VIDA"] == [54, 100]
    assert t.cards["runa"]["attached_to"] == "espada" and t.heroes["ana"].zones["MESA"] == ["espada", "runa"]


def test_r04_durante_effect_lasts_no_longer_than_x():
    """R-04: Durante X — activable only during X, and lasts no longer than X."""
    cards = [card("furia", "ana", "Ativar【 Durante a batalha 】 Você recebe +2 de AGI.")]
    t = run(
        two({"MESA": ["furia"]}),
        cards,
        [{"activate": "furia"}, {"battle_start": True}, {"activate": "furia"}, {"battle_end": True}],
        turn=TURN,
    )
    assert t.of("refused")[0].detail["code"] == "PREVISAO"
    assert t.of("expire")[0].detail["attribute"] == "AGI"
    assert t.heroes["ana"].attributes.get("AGI", 0) == 0


def test_r03_enquanto_ends_a_duracao_effect():
    """R-03: after resolution a broken Enquanto ends the effect, even a Duração one."""
    cards = [
        card(
            "aura",
            "ana",
            "Ativar · Duração【 Enquanto houverem COMPANHEIRO no tabuleiro 】 Você recebe +2 de AGI.",
        ),
        card("lobo", "ana", types=("COMPANHEIRO",)),
        card("caca", "ana", "Ativar Bane um COMPANHEIRO do tabuleiro."),
    ]
    t = run(
        two({"MESA": ["aura", "caca"]}),
        cards,
        [{"activate": "aura"}, {"activate": "caca"}],
        zones={"TABULEIRO": ["lobo"]},
        turn=TURN,
    )
    assert "Enquanto" in reason_text(t.of("expire")[0].detail)
    assert t.heroes["ana"].attributes.get("AGI", 0) == 0


def test_draw_bury_banish_return_zones():
    """Compre from the deck's top; Enterre to the bottom; Bane; Devolva ao INVENTÁRIO."""
    cards = [
        card("a", "ana", "Ativar Compre 2 cartas. Depois, Enterre uma carta do INVENTÁRIO."),
        card("b", "ana", "Ativar · Banir Devolva uma carta da MESA ao INVENTÁRIO."),
        card("d1", "ana"),
        card("d2", "ana"),
        card("d3", "ana"),
        card("m", "ana"),
    ]
    sc = scenario_rt = run(
        two({"MESA": ["a", "b", "m"], "BARALHO": ["d1", "d2", "d3"]}),
        cards,
        [{"activate": "a"}, {"activate": "b"}],
        turn=TURN,
    )
    z = sc.heroes["ana"].zones
    assert z["BARALHO"] == ["d3", "d1"]  # d1 d2 drawn; the first legal card (d1) buried at the bottom
    assert z["INVENTÁRIO"] == ["d2", "a"]
    assert scenario_rt.shared_zones["BANIDAS"] == ["b"]


def test_r14_auto_pays_and_r06_response_trigger_answers_the_response():
    """R-14: an Auto activates whenever it can pay; R-06: a trigger raised by a response answers that
    response."""
    cards = [
        card("p", "ana", "Ativar Cure 1 de VIDA."),
        card(
            "q",
            "bruno",
            "Ativar【 Quando um oponente ativar uma carta 】 Cause 3 de DANO ao herói que ativou essa carta.",
        ),
        card("w", "ana", "Auto【 Consuma 1 de MANA; Quando você sofrer dano 】 Cure 2 de VIDA."),
    ]
    t = run(
        two({"MESA": ["p", "w"]}, {"MESA": ["q"]}),
        cards,
        [{"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "q"}}],
        turn=TURN,
    )
    w = [e for e in t.of("activate") if e.card == "w"][0]
    assert w.responds_to == 1 and w.index == 2
    assert t.resolution_order == ("q", "w", "p")  # w answers q in q's post window
    assert t.heroes["ana"].resources["MANA"] == [4, 10] and t.heroes["ana"].resources["VIDA"] == [50, 100]


def test_ativar_priority_order_of_options():
    """Seed «Prioridade» for Ativar: options listed Oponentes before Time before Turno."""
    heroes = [
        hero("ana", "azul", 5, MESA=["p", "t"]),
        hero("carla", "azul", 4, MESA=["c"]),
        hero("bruno", "vermelho", 3, MESA=["b"]),
    ]
    txt = "Ativar【 Quando uma carta for ativada 】 Role"
    cards = [
        card("p", "ana", "Ativar Cure 1 de VIDA."),
        card("t", "ana", txt),
        card("c", "carla", txt),
        card("b", "bruno", txt),
    ]
    from helpers import scenario

    s = ChainSession(
        scenario(heroes, cards, [{"activate": "p"}], turn={"order": ["ana", "carla", "bruno"], "hero": "ana"})
    )
    assert [o.hero for o in s.legal[1:]] == ["bruno", "carla", "ana"]


def test_game_state_zones_and_turn_structure():
    """R-20: cycle order by Iniciativa (higher first), restoration starts the next cycle."""
    heroes = [hero("ana", "azul", 2), hero("bruno", "vermelho", 9)]
    from helpers import scenario

    eng = Engine(scenario(heroes, [], [{"end_turn": True}, {"end_turn": True}]))
    assert eng.g.order == ["bruno", "ana"]
    t = eng.run()
    assert [e.event for e in t.events if e.event in ("end_turn", "restoration", "turn")] == [
        "end_turn",
        "turn",
        "end_turn",
        "restoration",
        "turn",
    ]
    assert eng.g.cycle == 2 and eng.g.turn_hero == "bruno"


def test_ao_descartar_fires_when_paid_as_a_cost():
    """Seed «Ao Descartar»: «quando esta carta for descartada» — discarded as a cost, it answers in the
    halt window."""
    cards = [
        card("p", "ana", "Ativar【 Descarte uma carta 】 Cure 5 de VIDA."),
        card("cinza", "ana", "Auto · Ao Descartar Recupere 2 de MANA."),
    ]
    t = run(two({"INVENTARIO": ["p", "cinza"]}), cards, [{"activate": "p"}], turn=TURN)
    assert t.resolution_order == ("cinza", "p")
    assert t.of("respond")[0].detail["answers"].startswith("discard@0")
    assert t.heroes["ana"].resources["MANA"] == [7, 10] and t.heroes["ana"].zones["DESCARTE"] == ["cinza"]


def test_r23_passivo_one_off_action_is_rejected_at_load():
    """R-23: a Passivo applies continuously; a one-off action in its body is a located scenario error."""
    import pytest

    from rulekit.errors import ScenarioError

    with pytest.raises(ScenarioError) as exc:
        run(two({"MESA": ["x"]}), [card("x", "ana", "Passivo Cure 1 de VIDA.")], [], turn=TURN)
    assert exc.value.code == "UNSUPPORTED_TEXT" and exc.value.field == "cards[0].effects[0]"


def test_do_time_refuses_a_hero_of_another_team():
    """Seed «Do Time»: «qualquer Herói do seu time» — a hero of another team cannot activate it, and the
    refusal says so."""
    heroes = [hero("ana", "azul", 5, MESA=["t"]), hero("bruno", "vermelho", 3)]
    t = run(
        heroes,
        [card("t", "ana", "Ativar · Do Time【 Consuma 1 de ESTAMINA 】 Cure 10 de VIDA.")],
        [{"activate": "t", "hero": "bruno"}],
        turn={"order": ["bruno", "ana"], "hero": "bruno"},
    )
    assert t.resolution_order == ()
    [ref] = t.of("refused")
    assert ref.detail["code"] == "DO_TIME_TEAM" and ref.hero == "bruno"
    assert "not on the team of ana" in reason_text(ref.detail)
    assert t.heroes["bruno"].resources["ESTAMINA"] == [4, 6]


def test_a_hero_cannot_activate_another_heros_card():
    """Seed «Efeito»: «Cada personagem pode utilizar e ativar apenas suas próprias cartas»."""
    heroes = [hero("ana", "azul", 5, MESA=["t"]), hero("bruno", "vermelho", 3)]
    t = run(
        heroes,
        [card("t", "ana", "Ativar Cure 10 de VIDA.")],
        [{"activate": "t", "hero": "bruno"}],
        turn={"order": ["bruno", "ana"], "hero": "bruno"},
    )
    assert [e.detail["code"] for e in t.of("refused")] == ["NOT_OWN_CARD"]


def test_irrespondivel_refuses_a_scripted_response_with_the_reason():
    """R-10 / seed «Irrespondível»: a scripted response into a closed window is refused, never dropped."""
    t = run(
        [hero("ana", "azul", 5, INVENTARIO=["p"]), hero("bruno", "vermelho", 3, MESA=["x"])],
        [
            card("p", "ana", "Ativar · Irrespondível Cure 10 de VIDA."),
            card(
                "x", "bruno", "Ativar【 Quando um oponente ativar uma carta 】 Negue a ativação dessa carta."
            ),
        ],
        [{"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "x"}}],
    )
    assert t.resolution_order == ("p",)
    [ref] = t.of("refused")
    assert ref.detail["code"] == "IRRESPONDIVEL" and ref.card == "x" and ref.detail["window"] == "halt@0"
    assert "Irrespondível" in reason_text(ref.detail)
    assert [e.code for e in t.errors] == ["IRRESPONDIVEL"]
    assert not any(d.key.startswith("halt@0") for d in t.decisions)


def test_trigger_with_a_possessive_checks_whose_card_it_is():
    """«uma HABILIDADE de um oponente for ativada» answers an opponent's card, not one's own."""
    cards = [
        card("olho", "ana", "Auto【 Quando uma HABILIDADE de um oponente for ativada 】 Cure 1 de VIDA."),
        card("h_ana", "ana", "Ativar Cure 1 de VIDA.", types=("HABILIDADE",)),
        card("h_bruno", "bruno", "Ativar Cure 1 de VIDA.", types=("HABILIDADE",)),
    ]
    heroes = [hero("ana", "azul", 5, MESA=["olho", "h_ana"]), hero("bruno", "vermelho", 3, MESA=["h_bruno"])]
    own = run(heroes, cards, [{"activate": "h_ana"}], turn=TURN)
    assert "olho" not in own.resolution_order
    theirs = run(heroes, cards, [{"activate": "h_bruno"}], turn={"order": ["ana", "bruno"], "hero": "bruno"})
    assert theirs.resolution_order == ("olho", "h_bruno")


def test_description_phrases_compose_and_run():
    """Possessive + zone, sets, "(máx N)", looking at and paid cards run as written."""
    cards = [
        card(
            "p",
            "ana",
            "Ativar【 Descarte uma carta 】 Cause 2 de DANO a todos os oponentes, Cure 50 de VIDA (máx 5) e "
            "Olhe 1 carta do BARALHO de um oponente.",
        ),
        card("i1", "ana"),
        card("d1", "bruno"),
        card("d2", "carla"),
    ]
    heroes = [
        hero("ana", "azul", 5, vida=(50, 100), MESA=["p"], INVENTARIO=["i1"]),
        hero("bruno", "vermelho", 3, vida=(80, 80), BARALHO=["d1"]),
        hero("carla", "verde", 2, vida=(40, 40), BARALHO=["d2"]),
    ]
    t = run(heroes, cards, [{"activate": "p"}], turn={"order": ["ana", "bruno", "carla"], "hero": "ana"})
    assert t.heroes["ana"].resources["VIDA"] == [55, 100]
    assert t.heroes["bruno"].resources["VIDA"] == [78, 80] and t.heroes["carla"].resources["VIDA"] == [38, 40]
    assert [d.choice for d in t.decisions if d.key == "choose@0.body2"] in (["d1"], ["d2"])


def test_inicio_and_fim_do_turno_answer_the_first_and_last_turn_of_the_cycle():
    """Seed «Início do Turno»: «no início do seu primeiro turno neste ciclo»; «Fim do Turno»: «no final do seu
    último turno neste ciclo» — with R-20's extra turns, Ana's second turn starts nothing and her first
    ends nothing."""
    cards = [
        card("sol", "ana", "Auto · Início do Turno Cure 1 de VIDA"),
        card("lua", "ana", "Auto · Fim do Turno Cure 2 de VIDA"),
    ]
    t = run(
        [
            hero("ana", "azul", 5, MESA=["sol", "lua"]),
            hero("bruno", "vermelho", 3),
            hero("carla", "verde", 1),
        ],
        cards,
        [{"end_turn": True}] * 4,
        turn={"order": ["bruno", "ana", "carla", "ana"], "hero": "bruno"},
    )
    assert t.resolution_order == ("sol", "lua")
