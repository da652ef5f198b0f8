"""Heroes moving on the board (seed «Requerimentos de Ativação»: «Mova-se para uma casa adjacente») and
activation attempts between two payments and between two statements of a resolution (seed «Encadeamento
de Resposta»: «nenhuma resposta pode ser dada»; R-02)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, scenario, unread

from rulekit.apoteose import rulings as R
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.text import parse_effect
from rulekit.apoteose.wording import reason_words
from rulekit.errors import RulekitError


def placed(hid: str, team: str, ini: int, casa: list[int] | None, **zones: list[str]) -> dict[str, Any]:
    h = hero(hid, team, ini, **zones)
    if casa is not None:
        h["casa"] = casa
    return h


def board(
    x_text: str,
    script: list[dict[str, Any]],
    *,
    ana: list[int] | None = (1, 1),  # type: ignore[assignment]
    bruno: list[int] | None = (3, 3),
    size: list[int] | None = (4, 4),
    others: tuple[dict, ...] = (),
    **kw: Any,
) -> Any:
    heroes = [
        placed("ana", "azul", 5, list(ana) if ana else None, MESA=["x"], BARALHO=["d1"]),
        placed(
            "bruno", "vermelho", 3, list(bruno) if bruno else None, MESA=["y", *(c["id"] for c in others)]
        ),
    ]
    cards = [
        card("x", "ana", x_text),
        card("y", "bruno", "Auto【 Quando um oponente se mover 】 Recupere 2 de MANA."),
        card("d1", "ana"),
        *others,
    ]
    extra = {"board": list(size)} if size else {}
    return scenario(heroes, cards, script, turn={"hero": "ana"}, **extra, **kw)


# ---------------------------------------------------------------- the board (engine assumptions) --
def test_a_casa_is_adjacent_to_the_eight_around_it_on_the_board_and_free() -> None:
    assert R.adjacent_casas((0, 0), (3, 3), set()) == [(1, 0), (0, 1), (1, 1)]
    assert R.adjacent_casas((1, 1), None, {(0, 0), (1, 0)}) == [
        (2, 0),
        (0, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ]
    assert R.casas_adjacent((1, 1), (2, 2)) and not R.casas_adjacent((1, 1), (3, 1))


def test_a_scripted_step_moves_the_hero_and_its_event_is_answered() -> None:
    tr = run_chain(board("Ativar Cure 1 de VIDA.", [{"step": {"hero": "ana", "to": [2, 1]}}]))
    assert tr.heroes["ana"].casa == [2, 1]
    action = tr.of("action")[0]
    assert action.hero == "ana" and action.detail["do"] == "step" and action.detail["to"] == [2, 1]
    assert tr.resolution_order == ("y",)  # bruno's «Quando um oponente se mover»
    assert tr.heroes["bruno"].resources["MANA"][0] == 7
    assert tr.to_json_dict()["heroes"]["ana"]["casa"] == [2, 1]


@pytest.mark.parametrize(
    ("to", "code"), [([3, 1], "NOT_ADJACENT"), ([1, 1], "NOT_ADJACENT"), ([0, 0], "CASA_TAKEN")]
)
def test_a_step_that_is_not_adjacent_or_not_free_is_refused_with_the_reason(to: list[int], code: str) -> None:
    tr = run_chain(
        board(
            "Ativar Cure 1 de VIDA.",
            [{"step": {"hero": "ana", "to": to}}],
            bruno=[0, 0] if code == "CASA_TAKEN" else (3, 3),
        )
    )
    refused = tr.of("refused")
    assert [e.detail["code"] for e in refused] == [code]
    assert tr.heroes["ana"].casa == [1, 1] and not tr.resolution_order
    assert code in {e.code for e in tr.errors}


def test_a_step_off_the_board_is_refused() -> None:
    tr = run_chain(
        board(
            "Ativar Cure 1 de VIDA.",
            [{"step": {"hero": "ana", "to": [0, 0]}}],
            ana=[0, 0],
            size=[1, 1],
            bruno=None,
        )
    )
    assert [e.detail["code"] for e in tr.of("refused")] == ["NOT_ADJACENT"]


def test_a_hero_without_a_casa_cannot_step() -> None:
    tr = run_chain(
        board("Ativar Cure 1 de VIDA.", [{"step": {"hero": "ana", "to": [0, 0]}}], ana=None, size=None)
    )
    ref = tr.of("refused")[0]
    assert ref.detail["code"] == "NO_CASA"
    assert "não está em nenhuma casa" in reason_words("NO_CASA", ref.detail["params"], "pt-BR")
    assert "no está en ninguna casilla" in reason_words("NO_CASA", ref.detail["params"], "es")


def test_a_step_is_the_heros_action_for_acao_inicial() -> None:
    """Seed «Ação Inicial»: «ele não pode ter ativado nenhuma carta, nem se mover, atacar»."""
    tr = run_chain(
        board(
            "Ativar · Ação Inicial Cure 1 de VIDA.",
            [{"step": {"hero": "ana", "to": [2, 1]}}, {"activate": "x"}],
        )
    )
    assert "ACAO_INICIAL" in [e.detail["code"] for e in tr.of("refused") if e.card == "x"]


@pytest.mark.parametrize("bad", [{"to": [1]}, {"to": [1, 2, 3]}, {"to": [-1, 0]}, {"to": [4, 0]}])
def test_a_scripted_step_to_a_malformed_casa_is_one_located_error(bad: dict[str, Any]) -> None:
    with pytest.raises(RulekitError) as exc:
        board("Ativar Cure 1 de VIDA.", [{"step": {"hero": "ana", **bad}}])
    assert "script[0].step.to" in str(exc.value) and "casa" in str(exc.value)


def test_two_heroes_on_one_casa_is_a_located_error() -> None:
    with pytest.raises(RulekitError) as exc:
        board("Ativar Cure 1 de VIDA.", [], ana=[1, 1], bruno=[1, 1])
    assert "heroes[1].casa" in str(exc.value)


# ---------------------------------------------------------------- "Mova-se" in an effect ----------
def test_mova_se_as_a_requirement_steps_to_the_casa_chosen() -> None:
    tr = run_chain(
        board(
            "Ativar【 Mova-se para uma casa adjacente 】 Cure 5 de VIDA.",
            [{"activate": "x", "choices": {"req0": "2,2"}}],
        )
    )
    assert tr.heroes["ana"].casa == [2, 2]
    pay = tr.of("pay")[0]
    assert pay.detail["choice"] == "2,2"
    assert tr.resolution_order == ("y", "x")  # bruno answers the step in the halt window


def test_mova_se_offers_only_free_adjacent_casas_on_the_board() -> None:
    from rulekit.apoteose.session import ChainSession

    sc = board(
        "Ativar【 Mova-se para uma casa adjacente 】 Cure 5 de VIDA.",
        [{"activate": "x"}],
        ana=[0, 0],
        bruno=[1, 1],
        size=[2, 2],
    )
    s = ChainSession(sc)
    assert s.point is not None and s.point.key == "choose@0.req0"
    assert [o.id for o in s.point.options] == ["1,0", "0,1"]


def test_a_hero_boxed_in_cannot_pay_mova_se_previsao() -> None:
    tr = run_chain(
        board(
            "Ativar【 Mova-se para uma casa adjacente 】 Cure 5 de VIDA.",
            [{"activate": "x"}],
            ana=[0, 0],
            bruno=[1, 0],
            size=[2, 1],
        )
    )
    assert [e.detail["code"] for e in tr.of("refused")] == ["PREVISAO"]
    assert tr.heroes["ana"].casa == [0, 0]


def test_mova_se_in_a_description_steps_and_a_boxed_in_hero_is_truncated() -> None:
    tr = run_chain(board("Ativar Mova-se para uma casa adjacente e compre 1 carta.", [{"activate": "x"}]))
    assert tr.heroes["ana"].casa == [0, 0] and "d1" in tr.heroes["ana"].zones["INVENTÁRIO"]
    boxed = run_chain(
        board(
            "Ativar Mova-se para uma casa adjacente e compre 1 carta.",
            [{"activate": "x"}],
            ana=[0, 0],
            bruno=[1, 0],
            size=[2, 1],
        )
    )
    assert boxed.of("truncated")[0].detail["code"] == "NO_LEGAL_CHOICE"


def test_without_places_mova_se_is_a_step_event_only() -> None:
    tr = run_chain(
        board(
            "Ativar【 Mova-se para uma casa adjacente 】 Cure 5 de VIDA.",
            [{"activate": "x"}],
            ana=None,
            bruno=None,
            size=None,
        )
    )
    assert tr.resolution_order == ("y", "x") and tr.heroes["ana"].casa is None


@pytest.mark.parametrize(
    "text",
    [
        "Quando um oponente se mover",
        "Depois de um inimigo se mover",
        "Quando um adversário se mover para uma casa adjacente",
        "Quando alguém se mover",
    ],
)
def test_a_trigger_on_a_hero_moving(text: str) -> None:
    trig = trigger_of(text)
    assert trig["event"] == "step" and trig["actor"]["who"] in ("opponent", "any")


def trigger_of(text: str) -> dict[str, Any]:
    """The trigger a requirement reads as, on an Auto that cures 1 VIDA."""
    return dict(parse_effect(f"Auto【 {text} 】 Cure 1 de VIDA.").requirements[0].ast["trigger"])


def test_a_trigger_on_an_unknown_mover_is_unreadable_never_you() -> None:
    trig = parse_effect("Auto【 Quando a coisa se mover 】 Cure 1 de VIDA.").requirements[0].ast["trigger"]
    assert trig["event"] == "unknown"


@pytest.mark.parametrize(
    "clause",
    [
        "Mova-se para uma casa adjacente",
        "Você se move para uma casa adjacente",
        "Movimente-se para uma casa adjacente",
        "Mova-se",
    ],
)
def test_the_step_reads_in_the_imperative_and_the_third_person(clause: str) -> None:
    body = parse_effect(f"Ativar {clause}.").body
    assert [s.op for s in body] == ["step"]


# ---------------------------------------------------------------- attempts while paying / resolving -
RESPONDER = card("raio", "bruno", "Ativar【 Quando uma carta for ativada 】 Cure 1 de VIDA.")


def attempts(window: str) -> Any:
    sc = board(
        "Ativar【 Consuma 1 de MANA; Consuma 1 de ESTAMINA 】 Cure 5 de VIDA e compre 1 carta.",
        [{"activate": "x"}],
        others=(RESPONDER,),
        decisions=[{"window": window, "respond": {"card": "raio"}}],
    )
    return sc, run_chain(sc)


def test_an_attempt_between_two_payments_is_refused_with_the_seeds_reason() -> None:
    sc, tr = attempts("activating@0.req1")
    ref = [e for e in tr.of("refused") if e.card == "raio"]
    assert [e.detail["code"] for e in ref] == ["REQUIREMENTS_BEING_PAID"]
    assert ref[0].detail["window"] == "activating@0.req1"
    assert ref[0].detail["params"] == {
        "effect": "x#0",
        "case": "between",
        "requirement": "Consuma 1 de ESTAMINA",
        "paid": 1,
    }
    # it comes after the first payment and before the second
    kinds = [(e.event, e.detail.get("step")) for e in tr.events if e.event in ("pay", "refused")]
    assert kinds == [("pay", "req0"), ("refused", None), ("pay", "req1")]
    assert "raio" not in tr.resolution_order
    words = reason_words("REQUIREMENTS_BEING_PAID", ref[0].detail["params"], "pt-BR")
    assert "já pagou 1" in words and "Consuma 1 de ESTAMINA" in words


def test_an_attempt_between_two_statements_is_refused_with_the_seeds_reason() -> None:
    sc, tr = attempts("resolving@0.body1")
    ref = [e for e in tr.of("refused") if e.card == "raio"]
    assert [e.detail["code"] for e in ref] == ["RESOLUTION_IS_ATOMIC"]
    assert ref[0].detail["params"] == {"effect": "x#0", "case": "between", "done": 1, "total": 2}
    assert "cumplió 1 de las 2" in reason_words("RESOLUTION_IS_ATOMIC", ref[0].detail["params"], "es")
    assert "x" in tr.resolution_order and "raio" not in tr.resolution_order


def test_the_first_attempt_keeps_its_window_and_words() -> None:
    _, tr = attempts("activating@0")
    ref = [e for e in tr.of("refused") if e.card == "raio"][0]
    assert ref.detail["params"] == {"effect": "x#0"}
    reason = ref.detail["reason"]
    assert reason.startswith("nenhuma resposta pode ser dada: the requirements of effect 0 of x")


@pytest.mark.parametrize(
    "window", ["activating@0.body1", "resolving@0.req1", "resolving@0.task", "halt@0.req1"]
)
def test_a_window_between_steps_names_a_step_of_that_stage(window: str) -> None:
    with pytest.raises(RulekitError) as exc:
        attempts(window)
    assert "decisions[0].window" in str(exc.value)


# ---------------------------------------------------------------- LANGUAGE.md §4.1's example runs ---
def _section_examples() -> list[str]:
    import re
    from pathlib import Path

    doc = (Path(R.__file__).parent / "LANGUAGE.md").read_text(encoding="utf-8")
    section = doc.split("### 4.1 ", 1)[1].split("\n## ", 1)[0].split("**Ids and names", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, flags=re.S)


def test_the_documented_example_runs_as_it_says() -> None:
    from rulekit.apoteose.scenario import load_scenario_text

    (text,) = _section_examples()
    tr = run_chain(load_scenario_text(text, "LANGUAGE.md"))
    assert tr.heroes["ana"].casa == [3, 2]
    assert tr.resolution_order == ("vigia", "botas", "vigia")
    assert tr.heroes["bruno"].resources["MANA"][0] == 9
    refused = [
        (e.detail["window"] if "window" in e.detail else e.detail.get("action"), e.detail["code"])
        for e in tr.of("refused")
    ]
    assert refused == [
        ("activating@0.req1", "REQUIREMENTS_BEING_PAID"),
        ("resolving@0.body1", "RESOLUTION_IS_ATOMIC"),
        ("step", "CASA_TAKEN"),
    ]


# ----------------------------------------------------- a hero moving next to you (a trigger's "adjacente a")
@pytest.mark.parametrize(
    "text",
    [
        "Quando um inimigo se mover para uma casa adjacente a você",
        "Quando um inimigo entrar numa casa adjacente a você",
        "Sempre que um inimigo entrar em uma casa vizinha a você",
        "Quando um inimigo entra numa casa adjacente a você",
    ],
)
def test_a_trigger_on_a_hero_moving_next_to_you(text: str) -> None:
    trig = trigger_of(text)
    assert (trig["event"], trig["actor"]) == ("step", {"who": "opponent", "near": {"who": "self"}})


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # adjacent to what? ("se mover para uma casa adjacente" is any step, the seed's own)
        ("Quando um inimigo entrar numa casa adjacente", "numa"),
        # what a Selecione chooses is chosen after the trigger
        ("Quando um aliado se mover para uma casa adjacente ao alvo", "para"),
    ],
)
def test_a_moving_trigger_next_to_whom_it_cannot_say_is_refused(text: str, word: str) -> None:
    assert f"cannot resolve '{word}'" in unread(f"Auto【 {text} 】 Cure 1 de VIDA.")


@pytest.mark.parametrize(("to", "fires"), [([2, 2], True), ([0, 1], False)])
def test_on_the_board_it_answers_only_a_step_that_ends_next_to_you(to: list[int], fires: bool) -> None:
    """Bruno stands on (3, 3); ana steps from (1, 1) to ``to``: next to bruno's casa, his card answers."""
    trap = card(
        "z", "bruno", "Auto【 Quando um inimigo entrar numa casa adjacente a você 】 Cause 2 de DANO a ele."
    )
    tr = run_chain(board("Ativar Cure 1 de VIDA.", [{"step": {"hero": "ana", "to": to}}], others=(trap,)))
    assert ("z" in tr.resolution_order) is fires
    assert tr.heroes["ana"].resources["VIDA"][0] == (48 if fires else 50)
