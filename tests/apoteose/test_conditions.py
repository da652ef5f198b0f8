"""State conditions in requirements over the same noun phrases, and "se …," inside a
description (seed «Até, Enquanto, Durante», «Quando, Se», «Na Descrição»)."""

from __future__ import annotations

import pytest
from helpers import card, hero, run

from rulekit.apoteose.text import parse_effect

TURN = {"order": ["ana", "carla", "bruno"], "hero": "ana"}


def board(text: str, ana_mana: int = 5, carla_est: int = 4, bruno_inv: int = 1) -> list[dict]:
    return [
        hero("ana", "azul", 5, vida=(50, 100), mana=(ana_mana, 10), MESA=["x"]),
        hero("carla", "azul", 4, est=(carla_est, 6)),
        hero("bruno", "vermelho", 3, INVENTARIO=[f"b{i}" for i in range(bruno_inv)]),
    ]


def cards(text: str, bruno_inv: int = 1) -> list[dict]:
    return [card("x", "ana", text), *[card(f"b{i}", "bruno") for i in range(bruno_inv)]]


@pytest.mark.parametrize(
    "req,cond",
    [
        (
            "Enquanto sua MANA for maior que 3",
            {"cond": "resource", "who": "self", "resource": "MANA", "cmp": ">", "value": 3},
        ),
        (
            "Se um aliado estiver sem ESTAMINA",
            {"cond": "resource", "who": "ally", "resource": "ESTAMINA", "cmp": "==", "value": 0},
        ),
        (
            "Se a VIDA de um aliado for menor que 10",
            {"cond": "resource", "who": "ally", "resource": "VIDA", "cmp": "<", "value": 10},
        ),
        (
            "Se sua MANA for menor ou igual a 2",
            {"cond": "resource", "who": "self", "resource": "MANA", "cmp": "<=", "value": 2},
        ),
        (
            "Se você estiver com pelo menos 2 de MANA",
            {"cond": "resource", "who": "self", "resource": "MANA", "cmp": ">=", "value": 2},
        ),
        (
            "Se um oponente tiver 3 ou mais cartas no INVENTÁRIO",
            {"cond": "has", "who": "opponent", "count": 3, "cmp": ">=", "zone": "INVENTÁRIO"},
        ),
        (
            "Enquanto um inimigo tiver menos de 2 cartas na MESA",
            {"cond": "has", "who": "opponent", "count": 2, "cmp": "<", "zone": "MESA"},
        ),
    ],
)
def test_state_conditions_read(req: str, cond: dict) -> None:
    effect = parse_effect(f"Ativar【 {req} 】 Cure 1 de VIDA.")
    assert effect.supported()
    assert effect.requirements[0].ast == cond


@pytest.mark.parametrize("mana,resolves", [(5, True), (3, False)])
def test_enquanto_sua_mana_for_maior_que_3_on_a_board(mana: int, resolves: bool) -> None:
    text = "Ativar【 Enquanto sua MANA for maior que 3 】 Cure 1 de VIDA."
    t = run(board(text, ana_mana=mana), cards(text), [{"activate": "x"}], turn=TURN)
    assert ("x" in t.resolution_order) is resolves


@pytest.mark.parametrize("est,resolves", [(0, True), (2, False)])
def test_se_um_aliado_estiver_sem_estamina_on_a_board(est: int, resolves: bool) -> None:
    text = "Ativar【 Se um aliado estiver sem ESTAMINA 】 Cure 1 de VIDA."
    t = run(board(text, carla_est=est), cards(text), [{"activate": "x"}], turn=TURN)
    assert ("x" in t.resolution_order) is resolves


@pytest.mark.parametrize("n,resolves", [(3, True), (2, False)])
def test_se_um_oponente_tiver_3_ou_mais_cartas(n: int, resolves: bool) -> None:
    text = "Ativar【 Se um oponente tiver 3 ou mais cartas no INVENTÁRIO 】 Compre 0 cartas."
    t = run(board(text, bruno_inv=n), cards(text, n), [{"activate": "x"}], turn=TURN)
    assert ("x" in t.resolution_order) is resolves


def test_a_conditional_statement_inside_a_description() -> None:
    text = (
        "Ativar【 Selecione 1 oponente 】 Cause 60 de DANO ao alvo; se o alvo ficar sem VIDA, bana esta "
        "carta."
    )
    effect = parse_effect(text)
    assert [s.op for s in effect.body] == ["damage", "if"]
    d = effect.body[1].to_dict()
    assert d["cond"] == {"cond": "resource", "who": "selected", "resource": "VIDA", "cmp": "==", "value": 0}
    assert d["then"] == [{"op": "banish", "card": "self"}]
    hs = [hero("ana", "azul", 5, MESA=["x"]), hero("bruno", "vermelho", 3, vida=(50, 100))]
    t = run(
        hs, [card("x", "ana", text)], [{"activate": "x"}], turn={"order": ["ana", "bruno"], "hero": "ana"}
    )
    assert "x" in t.heroes["ana"].zones.get("BANIDAS", []) or "x" in t.shared_zones.get("BANIDAS", [])
    hs = [hero("ana", "azul", 5, MESA=["x"]), hero("bruno", "vermelho", 3, vida=(90, 100))]
    t = run(
        hs, [card("x", "ana", text)], [{"activate": "x"}], turn={"order": ["ana", "bruno"], "hero": "ana"}
    )
    assert t.heroes["ana"].zones["MESA"] == ["x"]


def test_a_conditional_sentence_governs_the_rest_of_its_sentence() -> None:
    effect = parse_effect(
        "Ativar Compre 1 carta. Se você tiver 3 ou mais cartas no INVENTÁRIO, descarte uma carta e cure 2 "
        "de VIDA."
    )
    assert [s.op for s in effect.body] == ["draw", "if"]
    assert [s.op for s in effect.body[1].then] == ["discard", "heal"]


def test_an_unreadable_condition_is_located() -> None:
    text = "Ativar Se chover, compre 1 carta."
    [w] = [w for w in parse_effect(text).warnings if w.code == "UNSUPPORTED_TEXT"]
    assert text[w.position :].startswith("chover")


@pytest.mark.parametrize("mana,resolves", [(5, True), (0, False)])
def test_ate_a_state_holds_until_the_state_is_true(mana: int, resolves: bool) -> None:
    """R-04: «Até X» lasts until X happens — "Até que você fique sem MANA" holds while you have MANA."""
    text = "Ativar【 Até que você fique sem MANA 】 Cure 1 de VIDA."
    assert parse_effect(text).requirements[0].ast == {
        "cond": "until",
        "what": {"cond": "resource", "who": "self", "resource": "MANA", "cmp": "==", "value": 0},
    }
    t = run(board(text, ana_mana=mana), cards(text), [{"activate": "x"}], turn=TURN)
    assert ("x" in t.resolution_order) is resolves


def test_a_passivo_gain_reaches_every_hero_of_its_set_and_not_its_controller() -> None:
    text = "Passivo Todos os aliados recebem +1 de AGI"
    hs = [hero("ana", "azul", 5, MESA=["x"]), hero("carla", "azul", 4), hero("bruno", "vermelho", 3)]
    from helpers import scenario

    from rulekit.apoteose import matching as M
    from rulekit.apoteose.chain import Engine as E

    eng = E(scenario(hs, [card("x", "ana", text)], [], turn=TURN))
    assert M.attributes(eng.g, "carla").get("AGI") == 1
    assert M.attributes(eng.g, "ana").get("AGI", 0) == 0 and M.attributes(eng.g, "bruno").get("AGI", 0) == 0


def test_a_passivo_gain_for_one_hero_to_choose_is_refused_at_load() -> None:
    from helpers import scenario

    from rulekit.errors import ScenarioError

    with pytest.raises(ScenarioError, match="Passivo"):
        scenario(
            [hero("ana", "azul", 5, MESA=["x"])], [card("x", "ana", "Passivo Um aliado recebe +1 de AGI")], []
        )
