"""One test per chain rule, each naming the seed passage or ruling it checks."""

from __future__ import annotations

import pytest
from helpers import card, hero, kinds, run, scenario

from rulekit.apoteose import ChainSession, run_chain
from rulekit.errors import ScenarioError
from rulekit.views.chain import reason_text


def two(ana_zones=None, bruno_zones=None, **kw):
    return [
        hero("ana", "azul", 5, **(ana_zones or {}), **kw),
        hero("bruno", "vermelho", 3, **(bruno_zones or {})),
    ]


def test_heal_never_above_max():
    """Rulings footer: resources are current/max and healing never goes above the max."""
    t = run(
        [hero("ana", "azul", 5, vida=(95, 100), INVENTARIO=["p"]), hero("b", "x", 1)],
        [card("p", "ana", "Ativar Cure 25 de VIDA.")],
        [{"activate": "p"}],
    )
    assert t.heroes["ana"].resources["VIDA"] == [100, 100]
    assert t.of("resolve")[0].resources == {"ana": {"VIDA": [95, 100]}}


def test_previsao_offers_only_choices_that_keep_the_rest():
    """Seed «Previsão»: with an EVOCAÇÃO and another card, only the other card is offered for the discard."""
    sc = scenario(
        two({"INVENTARIO": ["ritual", "adaga"], "SUPORTE": ["fenix"]}),
        [
            card(
                "ritual",
                "ana",
                "Ativar【 Descarte uma carta; Se você tiver uma EVOCAÇÃO no SUPORTE 】 Recupere 3 de MANA.",
            ),
            card("adaga", "ana"),
            card("fenix", "ana", types=("EVOCAÇÃO",)),
        ],
        [{"activate": "ritual"}],
    )
    s = ChainSession(sc)
    # only one legal payer -> no real choice -> the run goes on by itself
    assert s.done
    t = s.trace
    assert t.of("pay")[0].detail["choice"] == "adaga"
    assert t.heroes["ana"].zones["SUPORTE"] == ["fenix"] and t.heroes["ana"].resources["MANA"] == [8, 10]


def test_r15_activated_card_cannot_pay_its_own_discard():
    """R-15: the card being activated cannot pay "Descarte uma carta"."""
    t = run(
        two({"INVENTARIO": ["p"]}),
        [card("p", "ana", "Ativar【 Descarte uma carta 】 Cure 1 de VIDA.")],
        [{"activate": "p"}],
    )
    assert t.of("refused")[0].detail["code"] == "PREVISAO"


def test_r02_halt_before_effect_modifies_the_heal():
    """Seed «Efeito em Espera» + R-21: "quando VIDA for ser curado" is answered in halt, before the heal."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["boost"]}),
        [
            card("p", "ana", "Ativar Cure 25 de VIDA."),
            card("boost", "bruno", "Auto【 Quando VIDA for ser curado 】 Reduza essa cura em 20."),
        ],
        [{"activate": "p"}],
    )
    assert t.resolution_order == ("boost", "p")
    assert t.of("respond")[0].detail["answers"] == "before:heal@0.0"
    assert t.heroes["ana"].resources["VIDA"] == [55, 100]


def test_r21_options_block_before_responses():
    """R-21 / seed «lista de opções»: a body with ● options blocks every "before" response to it."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["boost"]}),
        [
            card("p", "ana", "Ativar Escolha um: ● Cure 25 de VIDA ● Recupere 1 de MANA"),
            card("boost", "bruno", "Auto【 Quando VIDA for ser curado 】 Reduza essa cura em 20."),
        ],
        [{"activate": "p"}],
    )
    assert t.resolution_order == ("p",)
    assert t.heroes["ana"].resources["VIDA"] == [75, 100]  # option 1 by default, unmodified


def test_post_window_answers_resolution():
    """Seed «Pós-resolução» + R-06: an Auto answering the heal itself ("ser curado") goes in the post
    window."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["spite"]}),
        [
            card("p", "ana", "Ativar Cure 5 de VIDA."),
            card("spite", "bruno", "Auto【 Quando um oponente for curado 】 Cause 2 de DANO a um oponente."),
        ],
        [{"activate": "p"}],
    )
    ev = t.of("respond")[0]
    assert ev.responds_to == 0 and ev.detail["answers"].startswith("heal@0")
    post_idx = next(i for i, e in enumerate(t.events) if e.event == "post" and e.index == 0)
    assert t.events.index(ev) > post_idx
    assert t.heroes["ana"].resources["VIDA"] == [53, 100]


def test_r08_negation_and_inegavel():
    """R-08: Negue a ativação removes the entry unresolved, costs stay, no post window; Inegável ignores
    it."""
    cards = [
        card("p", "ana", "Ativar【 Consuma 2 de MANA 】 Cure 10 de VIDA."),
        card("n", "bruno", "Ativar【 Quando um oponente ativar uma carta 】 Negue a ativação dessa carta."),
    ]
    dec = [{"window": "halt@0", "respond": {"card": "n"}}]
    t = run(two({"INVENTARIO": ["p"]}, {"MESA": ["n"]}), cards, [{"activate": "p"}], dec)
    assert [e.event for e in t.events if e.index == 0] == ["activate", "pay", "halt", "negated", "remove"]
    assert t.heroes["ana"].resources["MANA"] == [3, 10] and t.heroes["ana"].resources["VIDA"] == [50, 100]
    cards[0]["effects"] = ["Ativar · Inegável【 Consuma 2 de MANA 】 Cure 10 de VIDA."]
    t = run(two({"INVENTARIO": ["p"]}, {"MESA": ["n"]}), cards, [{"activate": "p"}], dec)
    assert not t.of("negated") and t.heroes["ana"].resources["VIDA"] == [60, 100]
    assert t.resolution_order == ("n", "p")


def test_r10_irrespondivel_closes_both_windows():
    """R-10: Irrespondível closes halt and post; Auto effects that would answer lose the moment."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["a"]}),
        [
            card("p", "ana", "Ativar · Irrespondível Cure 10 de VIDA."),
            card("a", "bruno", "Auto【 Quando uma carta for ativada 】 Cause 5 de DANO a um oponente."),
        ],
        [{"activate": "p"}],
    )
    assert t.resolution_order == ("p",)
    assert [e.detail.get("closed") for e in t.events if e.event in ("halt", "post")] == [True, True]


def test_r03_se_is_checked_only_at_activation():
    """R-03: a Se condition broken after activation does not stop the effect."""
    t = run(
        two({"INVENTARIO": ["p"], "SUPORTE": ["f"]}, {"MESA": ["x"]}),
        [
            card("p", "ana", "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE 】 Cure 10 de VIDA."),
            card("f", "ana", types=("EVOCAÇÃO",)),
            card("x", "bruno", "Ativar【 Quando um oponente ativar uma carta 】 Bane essa carta."),
        ],
        [{"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "x"}}],
    )
    assert not t.of("stopped") and t.heroes["ana"].resources["VIDA"] == [60, 100]


def test_r03_selecione_target_must_still_hold():
    """R-03: an action requirement such as a Selecione target must still hold when halt closes."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["x"]}),
        [
            card("p", "ana", "Ativar【 Selecione 1 COMPANHEIRO no tabuleiro 】 Cure 10 de VIDA."),
            card("lobo", "bruno", types=("COMPANHEIRO",)),
            card(
                "x",
                "bruno",
                "Ativar【 Quando um oponente ativar uma carta 】 Bane um COMPANHEIRO do tabuleiro.",
            ),
        ],
        [{"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "x"}}],
        zones={"TABULEIRO": ["lobo"]},
    )
    assert t.of("stopped") and t.heroes["ana"].resources["VIDA"] == [50, 100]


def test_r12_ativar_outside_turn_needs_quando():
    """R-12: an Ativar outside its controller's turn only as a response with a met Quando; Se never."""
    sc = scenario(
        two({"INVENTARIO": ["p"]}, {"MESA": ["se", "q"]}),
        [
            card("p", "ana", "Ativar Cure 1 de VIDA."),
            card("se", "bruno", "Ativar【 Se você tiver 1 de MANA 】 Cure 1 de VIDA."),
            card("q", "bruno", "Ativar【 Quando um oponente ativar uma carta 】 Cure 1 de VIDA."),
        ],
        [{"activate": "p"}],
    )
    s = ChainSession(sc)
    assert [o.effect for o in s.legal] == [None, "q#0"]
    refused = {r.effect: r.code for r in s.refused}
    assert refused["se#0"] == "NO_QUANDO"


def test_scripted_illegal_response_is_refused_with_reason():
    """A refused activation carries its reason."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["se"]}),
        [card("p", "ana", "Ativar Cure 1 de VIDA."), card("se", "bruno", "Ativar Cure 1 de VIDA.")],
        [{"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "se"}}],
    )
    r = t.of("refused")[0]
    assert r.card == "se" and r.detail["code"] == "NO_QUANDO" and "R-12" in reason_text(r.detail)


def test_r13_default_scope_and_scope_keywords():
    """R-13: default MESA/INVENTÁRIO/CENÁRIO; SUPORTE needs a scope keyword; Do Descarte from a discard
    pile."""
    t = run(
        two({"SUPORTE": ["s"], "DESCARTE": ["d"]}),
        [
            card("s", "ana", "Ativar Cure 1 de VIDA."),
            card("d", "ana", "Ativar · Do Descarte Cure 2 de VIDA."),
        ],
        [{"activate": "s"}, {"activate": "d"}],
    )
    assert t.of("refused")[0].detail["code"] == "SCOPE"
    assert t.resolution_order == ("d",) and t.heroes["ana"].resources["VIDA"] == [52, 100]


def test_turno_proprio_and_ativar_own_turn():
    """Seed «Ativação»/«Turno Próprio»: Ativar only on the hero's own turn."""
    t = run(
        two({"INVENTARIO": ["p"]}),
        [card("p", "ana", "Ativar Cure 1 de VIDA.")],
        [{"activate": "p"}],
        turn={"order": ["ana", "bruno"], "hero": "bruno"},
    )
    assert t.of("refused")[0].detail["code"] == "NOT_OWN_TURN"


def test_uma_vez_por_ciclo_and_restoration_starts_next_cycle():
    """Seed «Uma Vez por Ciclo» + R-20: once per cycle; the restoration phase already belongs to the next
    cycle."""
    cards = [
        card("p", "ana", "Ativar · Uma Vez por Ciclo Cure 1 de VIDA."),
        card("r", "ana", "Auto · Restauração · Uma Vez por Ciclo Recupere 1 de MANA."),
        card("r2", "ana", "Auto · Restauração Cure 3 de VIDA."),
    ]
    t = run(
        two({"INVENTARIO": ["p"], "MESA": ["r", "r2"]}),
        cards,
        [{"activate": "p"}, {"activate": "p"}, {"end_turn": True}, {"end_turn": True}, {"activate": "p"}],
    )
    assert t.of("refused")[0].detail["code"] == "ONCE_PER_CYCLE"
    assert t.resolution_order == ("p", "r", "r2", "p")
    assert [e.detail["cycle"] for e in t.of("restoration")] == [2]
    assert t.heroes["ana"].resources["MANA"] == [6, 10]


def test_r09_stopped_does_not_use_once_per_cycle():
    """R-09: a stopped activation uses up no Uma Vez por Ciclo (and R-03: the Selecione target broke)."""
    cards = [
        card(
            "p", "ana", "Ativar · Uma Vez por Ciclo【 Selecione 1 COMPANHEIRO no tabuleiro 】 Cure 5 de VIDA."
        ),
        card("l1", "ana", types=("COMPANHEIRO",)),
        card("l2", "ana", types=("COMPANHEIRO",)),
        card(
            "x",
            "bruno",
            "Ativar · Uma Vez por Ciclo【 Quando um oponente ativar uma carta 】 "
            "Bane um COMPANHEIRO do tabuleiro.",
        ),
    ]
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["x"]}),
        cards,
        [{"activate": "p"}, {"activate": "p"}],
        [{"window": "halt@0", "respond": {"card": "x"}}],
        zones={"TABULEIRO": ["l1", "l2"]},
    )
    assert len(t.of("stopped")) == 1 and not t.of("refused")
    assert t.resolution_order == ("x", "p") and t.heroes["ana"].resources["VIDA"] == [55, 100]


def test_acao_inicial():
    """Seed «Ação Inicial»: the hero cannot have taken any non-automatic action this turn (R-09)."""
    t = run(
        two({"INVENTARIO": ["a", "b"]}),
        [
            card("a", "ana", "Ativar Cure 1 de VIDA."),
            card("b", "ana", "Ativar · Ação Inicial Cure 9 de VIDA."),
        ],
        [{"activate": "a"}, {"activate": "b"}],
    )
    assert t.of("refused")[0].detail["code"] == "ACAO_INICIAL"


def test_r11_encerra_turno_after_chain_empties():
    """R-11: Encerra Turno — the post window still runs and the turn ends once the chain is empty."""
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["w"]}),
        [
            card("p", "ana", "Ativar · Encerra Turno Cure 1 de VIDA."),
            card("w", "bruno", "Auto【 Quando um oponente for curado 】 Cure 1 de VIDA."),
        ],
        [{"activate": "p"}],
    )
    names = [e.event for e in t.events]
    assert names.index("end") < names.index("end_turn")
    assert "post" in names and t.resolution_order == ("p", "w")
    assert t.of("turn")[0].detail["hero"] == "bruno"


def test_uma_vez_por_batalha():
    """Seed «Uma Vez por Batalha»: once during the current battle, again in the next one."""
    t = run(
        two({"INVENTARIO": ["p"]}),
        [card("p", "ana", "Ativar · Uma Vez por Batalha Cure 1 de VIDA.")],
        [
            {"battle_start": True},
            {"activate": "p"},
            {"activate": "p"},
            {"battle_end": True},
            {"battle_start": True},
            {"activate": "p"},
        ],
    )
    assert [e.detail["code"] for e in t.of("refused")] == ["ONCE_PER_BATTLE"]
    assert t.resolution_order == ("p", "p")


def test_do_time_teammate_pays_and_is_affected():
    """Seed «Do Time»: a teammate activates on their own turn, pays and is the one affected."""
    heroes = [
        hero("ana", "azul", 5, MESA=["t"]),
        hero("carla", "azul", 4, vida=(30, 60), est=(3, 6)),
        hero("bruno", "vermelho", 3),
    ]
    t = run(
        heroes,
        [card("t", "ana", "Ativar · Do Time【 Consuma 1 de ESTAMINA 】 Cure 10 de VIDA.")],
        [{"activate": "t", "hero": "carla"}],
        turn={"order": ["carla", "ana", "bruno"], "hero": "carla"},
    )
    assert t.of("activate")[0].hero == "carla"
    assert t.heroes["carla"].resources["ESTAMINA"] == [2, 6] and t.heroes["carla"].resources["VIDA"] == [
        40,
        60,
    ]
    assert t.heroes["ana"].resources["VIDA"] == [50, 100]


def test_task_consumir_and_r18_registrar():
    """Seed «Tarefa»: the task is done with this card on activation; R-18 Registrar only marks the card."""
    sc = scenario(
        two({"MESA": ["p", "q"]}),
        [
            card("p", "ana", "Ativar · Consumir Cure 1 de VIDA."),
            card("q", "ana", "Ativar · Registrar Cure 1 de VIDA."),
        ],
        [{"activate": "p"}, {"activate": "p"}, {"activate": "q"}],
    )
    from rulekit.apoteose.chain import Engine

    eng = Engine(sc)
    t = eng.run()
    assert eng.g.cards["p"].consumed and eng.g.cards["q"].registered
    assert t.of("refused")[0].card == "p" and t.of("refused")[0].detail["code"] == "PREVISAO"


def test_r23_passivo_applies_while_in_play():
    """R-23 + seed «Passivo»: applies while its card is in play and its requirements hold, never activated."""
    t = run(
        two({"MESA": ["anel"], "INVENTARIO": ["p"]}),
        [
            card("anel", "ana", "Passivo +2 de AGI"),
            card("p", "ana", "Ativar Devolva esta carta ao INVENTÁRIO."),
        ],
        [{"activate": "anel"}],
    )
    assert t.of("refused")[0].detail["code"] == "PASSIVO"
    assert t.heroes["ana"].attributes == {"AGI": 2}
    assert t.of("passive")[0].detail["applies"] is True


def test_r19_duracao_survives_card():
    """R-19: timed text ends when its card leaves play unless Duração."""
    base = [{"activate": "p"}]
    for text, agi in (
        ("Ativar · Descartar Você recebe +2 de AGI até o final do turno", 0),
        ("Ativar · Descartar · Duração Você recebe +2 de AGI até o final do turno", 2),
    ):
        t = run(two({"MESA": ["p"]}), [card("p", "ana", text)], base)
        assert t.heroes["ana"].attributes.get("AGI", 0) == agi
    t = run(
        two({"MESA": ["p"]}),
        [card("p", "ana", "Ativar · Duração Você recebe +2 de AGI até o final do turno")],
        [{"activate": "p"}, {"end_turn": True}],
    )
    assert t.heroes["ana"].attributes.get("AGI", 0) == 0 and t.of("expire")


def test_r05_iniciativa_orders_autos_within_a_category():
    """Seed «Prioridade»: two teammates' Auto effects of one category — higher Iniciativa first."""
    heroes = [
        hero("ana", "azul", 5, INVENTARIO=["p"]),
        hero("b1", "vermelho", 2, MESA=["x"]),
        hero("b2", "vermelho", 7, MESA=["y"]),
    ]
    cards = [
        card("p", "ana", "Ativar Cure 1 de VIDA."),
        card("x", "b1", "Auto【 Quando um oponente ativar uma carta 】 Role"),
        card("y", "b2", "Auto【 Quando um oponente ativar uma carta 】 Role"),
    ]
    t = run(heroes, cards, [{"activate": "p"}], turn={"order": ["ana", "b1", "b2"], "hero": "ana"})
    assert t.resolution_order == ("y", "x", "p")


def test_r05_same_player_tie_is_a_decision():
    """Seed: two Auto effects of the same player with the same priority — the player chooses."""
    cards = [
        card("p", "ana", "Ativar Cure 1 de VIDA."),
        card("x", "bruno", "Auto【 Quando um oponente ativar uma carta 】 Role"),
        card("y", "bruno", "Auto【 Quando um oponente ativar uma carta 】 Role"),
    ]
    t = run(
        two({"INVENTARIO": ["p"]}, {"MESA": ["x", "y"]}),
        cards,
        [{"activate": "p"}],
        [{"key": "order@halt@0#0", "pick": "y#0"}],
    )
    assert t.resolution_order == ("y", "x", "p")
    assert t.decisions[0].key == "order@halt@0#0" and t.decisions[0].source == "script"


def test_r22_auto_whose_card_left_scope_cannot_activate():
    """R-22: an Auto that triggered but whose card an earlier Auto moved away can no longer activate."""
    cards = [
        card("p", "ana", "Ativar Cure 1 de VIDA.", types=("HABILIDADE",)),
        card("camp", "campanha", "Auto【 Quando uma HABILIDADE for ativada 】 Descarte um ITEM da mesa."),
        card("x", "bruno", "Auto【 Quando uma HABILIDADE for ativada 】 Cause 5 de DANO a um oponente."),
    ]
    cards[1]["effects"] = [
        {
            "text": "Auto【 Quando uma HABILIDADE for ativada 】 Role",
            "body": [{"op": "banish", "card": "choose", "count": 1, "zone": "TABULEIRO"}],
        }
    ]
    cards[2]["types"] = ["ITEM"]
    t = run(two({"INVENTARIO": ["p"]}), cards, [{"activate": "p"}], zones={"TABULEIRO": ["x"]})
    assert t.resolution_order == ("camp", "p")
    assert t.shared_zones["BANIDAS"] == ["x"]


def test_depth_first_first_responder_resolves_first():
    """Responses resolve depth-first (a later, deeper response resolves before its parent)."""
    t = run_chain("apoteose/nested-responses")
    assert kinds(t, ("resolve",)) == [("resolve", 3), ("resolve", 2), ("resolve", 1), ("resolve", 0)]


def test_scenario_errors_are_located():
    """Errors point at file, line and field."""
    with pytest.raises(ScenarioError) as exc:
        scenario(two({"INVENTARIO": ["p"]}), [card("p", "ana", "Ativr Cure 1 de VIDA.")], [{"activate": "p"}])
    assert exc.value.file == "test.yaml" and exc.value.line and exc.value.field == "cards[0].effects[0]"
    assert exc.value.code == "UNKNOWN_KEYWORD"
    with pytest.raises(ScenarioError) as exc:
        scenario(
            two({"INVENTARIO": ["pocao"]}),
            [card("pocao", "ana", "Ativar Cure 1 de VIDA.")],
            [{"activate": "pocoa"}],
        )
    assert exc.value.field == "script[0].activate" and exc.value.suggestion == "pocao"
