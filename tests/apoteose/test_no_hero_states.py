"""States of no hero, read (LANGUAGE.md §2).

"nenhum aliado estiver adjacente a você", "se nenhum inimigo estiver adjacente", "não houver aliados
adjacentes" are the negation of the state of "um aliado" (``{cond: not}``), asked on the casas as they are
when the state is asked (R-03: an Enquanto again after every resolution and script action, so it ends when
an enemy steps next to you; a Se at activation only). A Quando whose words are a state is that state checked
at activation, as a Se (R-28).
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, scenario

from rulekit.apoteose import rulings as R
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.lang import parse_condition
from rulekit.apoteose.text import parse_effect

NO_ALLY_NEAR = {"cond": "not", "what": {"cond": "heroes", "who": "ally", "near": {"who": "self"}, "count": 1}}
NO_ENEMY_NEAR = {
    "cond": "not",
    "what": {"cond": "heroes", "who": "opponent", "near": {"who": "self"}, "count": 1},
}


# ------------------------------------------------------------------ reading, in several wordings ---
@pytest.mark.parametrize(
    ("text", "cond"),
    [
        ("nenhum aliado estiver adjacente a você", NO_ALLY_NEAR),
        ("nenhum aliado estiver adjacente", NO_ALLY_NEAR),
        ("nenhuma aliada estiver adjacente a você", NO_ALLY_NEAR),
        ("não houver aliados adjacentes", NO_ALLY_NEAR),
        ("não houver aliados adjacentes a você", NO_ALLY_NEAR),
        ("não houver um aliado adjacente a você", NO_ALLY_NEAR),
        ("não existir um aliado adjacente a você", NO_ALLY_NEAR),
        ("nenhum inimigo estiver adjacente", NO_ENEMY_NEAR),
        ("nenhum oponente estiver adjacente a você", NO_ENEMY_NEAR),
        ("nenhum adversário tá adjacente a você", NO_ENEMY_NEAR),
        ("não houver inimigos adjacentes", NO_ENEMY_NEAR),
        (
            "nenhum aliado estiver sem ESTAMINA",
            {
                "cond": "not",
                "what": {"cond": "resource", "who": "ally", "resource": "ESTAMINA", "cmp": "==", "value": 0},
            },
        ),
        (
            "a VIDA de nenhum aliado for menor que 10",
            {
                "cond": "not",
                "what": {"cond": "resource", "who": "ally", "resource": "VIDA", "cmp": "<", "value": 10},
            },
        ),
        (
            "não houver COMPANHEIRO no tabuleiro",
            {
                "cond": "not",
                "what": {"cond": "exists", "count": 1, "type": "COMPANHEIRO", "zone": "TABULEIRO"},
            },
        ),
        # the positive state it negates, read the same way
        ("um aliado estiver adjacente a você", NO_ALLY_NEAR["what"]),
        ("houver aliados adjacentes", NO_ALLY_NEAR["what"]),
        (
            "você estiver adjacente ao alvo",
            {"cond": "heroes", "who": "self", "near": {"who": "selected"}, "count": 1},
        ),
    ],
)
def test_a_state_of_no_hero_reads_as_the_negated_state(text: str, cond: dict[str, Any]) -> None:
    assert parse_condition(text) == cond


@pytest.mark.parametrize(
    "text",
    [
        "não nenhum aliado estiver adjacente a você",  # two negations: not guessed
        "nenhum aliado estiver adjacente a nenhum inimigo",
        "não o seu turno",  # not a state of heroes or cards
    ],
)
def test_what_cannot_be_negated_is_not_read(text: str) -> None:
    assert parse_condition(text)["cond"] == "unknown"


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Cure 2 de VIDA de nenhum aliado.",
        "Ativar Cause 1 de DANO a nenhum inimigo.",
        "Auto【 Quando nenhum aliado sofrer dano 】 Cure 1 de VIDA.",
    ],
)
def test_nenhum_outside_a_state_is_refused_not_dropped(text: str) -> None:
    e = parse_effect(text)
    assert not e.supported()
    assert any(w.code == "UNSUPPORTED_TEXT" for w in e.warnings)


MUTATIONS = [
    ("Ativar【 Se nenhum aliado estiver adjacente a você 】 Cure 1 de VIDA.", "nenhum", "algum"),
    ("Ativar【 Se nenhum aliado estiver adjacente a você 】 Cure 1 de VIDA.", "nenhum", "um"),
    ("Ativar【 Se não houver aliados adjacentes 】 Cure 1 de VIDA.", "não houver", "houver"),
    ("Ativar【 Se nenhum aliado estiver adjacente a você 】 Cure 1 de VIDA.", "aliado", "inimigo"),
    ("Ativar Compre 1 carta; se nenhum inimigo estiver adjacente, cure 2 de VIDA.", "nenhum", "algum"),
]


@pytest.mark.parametrize(("source", "word", "other"), MUTATIONS)
def test_swapping_the_negation_changes_the_reading_or_is_refused(source: str, word: str, other: str) -> None:
    def reading(text: str) -> Any:
        e = parse_effect(text)
        if not e.supported():
            return None
        return [r.ast for r in e.requirements], [st.to_dict() for st in e.body]

    assert reading(source) is not None
    assert reading(source.replace(word, other, 1)) != reading(source)


# ------------------------------------------------------------------ Quando naming a state ----
def test_a_quando_naming_a_state_is_that_state_checked_as_a_se() -> None:
    e = parse_effect("Ativar【 Quando não houver aliados adjacentes 】 Cure 1 de VIDA.")
    assert e.supported()
    [r] = e.requirements
    assert r.kind == "condition" and r.ast == NO_ALLY_NEAR


def test_r24_flipped_leaves_such_a_quando_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulekit.apoteose import lang

    monkeypatch.setattr(R, "QUANDO_STATE_IS_A_CONDITION", False)
    ast = lang.parse_requirement_ast("condition", "Quando", "Quando não houver aliados adjacentes")
    assert isinstance(ast, dict) and ast["cond"] == "trigger" and ast["trigger"]["event"] == "unknown"


# ------------------------------------------------------------------ on a board, heroes moving ------
#: ana [1,1], cai [3,3] (azul); bruno [3,1] (vermelho), two casas right of ana; a 5×5 board.
CASAS = {"ana": [1, 1], "cai": [3, 3], "bruno": [3, 1]}
TEAMS = {"ana": "azul", "cai": "azul", "bruno": "vermelho"}


def board(cards: dict[str, tuple[str, str]], script: list[dict[str, Any]], casas=None) -> Any:
    heroes = []
    for i, (hid, casa) in enumerate((casas or CASAS).items()):
        mine = [c for c, (owner, _) in cards.items() if owner == hid]
        heroes.append({**hero(hid, TEAMS[hid], 9 - i, vida=(50, 100), MESA=mine), "casa": casa})
    return scenario(
        heroes,
        [card(c, owner, text) for c, (owner, text) in cards.items()],
        script,
        turn={"hero": "ana"},
        board=[5, 5],
    )


def codes(tr: Any, kind: str) -> list[tuple[str | None, str]]:
    return [(e.card, e.detail["code"]) for e in tr.of(kind)]


LASTING = "Ativar【 Enquanto nenhum inimigo estiver adjacente a você 】 +2 de AGI."


@pytest.mark.parametrize(
    ("to", "ends"),
    [
        ([2, 1], True),  # bruno steps next to ana: the state becomes false, the effect ends
        ([2, 2], True),  # diagonal: adjacent too
        ([3, 2], False),  # still two casas away
    ],
)
def test_a_lasting_effect_of_no_enemy_near_ends_when_an_enemy_steps_next_to_you(
    to: list[int], ends: bool
) -> None:
    tr = run_chain(board({"x": ("ana", LASTING)}, [{"activate": "x"}, {"step": {"hero": "bruno", "to": to}}]))
    assert tr.heroes["bruno"].casa == to
    assert codes(tr, "expire") == ([("x", "STATE_ENDED")] if ends else [])
    assert tr.heroes["ana"].attributes.get("AGI", 0) == (0 if ends else 2)


def test_a_se_of_no_ally_near_is_refused_while_one_stands_there_and_met_once_it_leaves() -> None:
    text = "Ativar【 Se nenhum aliado estiver adjacente a você 】 Cure 5 de VIDA."
    near = {"ana": [1, 1], "cai": [1, 2], "bruno": [4, 4]}
    tr = run_chain(board({"x": ("ana", text)}, [{"activate": "x"}], casas=near))
    assert codes(tr, "refused") == [("x", "PREVISAO")] and tr.heroes["ana"].resources["VIDA"] == [50, 100]
    away = run_chain(
        board({"x": ("ana", text)}, [{"step": {"hero": "cai", "to": [1, 3]}}, {"activate": "x"}], casas=near)
    )
    assert codes(away, "refused") == [] and away.heroes["ana"].resources["VIDA"] == [55, 100]


def test_a_quando_state_is_not_asked_again_once_activated() -> None:
    """R-28 + R-03: as a Se, checked at activation only; an ally stepping next to you later changes naught."""
    text = (
        "Ativar · Duração【 Quando nenhum aliado estiver adjacente a você 】 "
        "Você recebe +1 de AGI até o final do turno."
    )
    tr = run_chain(board({"x": ("ana", text)}, [{"activate": "x"}, {"step": {"hero": "cai", "to": [2, 2]}}]))
    assert codes(tr, "expire") == [] and tr.heroes["ana"].attributes.get("AGI", 0) == 1


def test_a_description_if_of_no_enemy_near_reads_the_casas_when_it_is_reached() -> None:
    text = "Ativar Recupere 1 de MANA; se nenhum inimigo estiver adjacente, cure 5 de VIDA."
    far = run_chain(board({"x": ("ana", text)}, [{"activate": "x"}]))
    assert far.heroes["ana"].resources["VIDA"] == [55, 100]
    near = run_chain(
        board({"x": ("ana", text)}, [{"step": {"hero": "bruno", "to": [2, 1]}}, {"activate": "x"}])
    )
    assert near.heroes["ana"].resources["VIDA"] == [50, 100]


def test_without_a_board_the_state_is_refused_not_taken_as_true() -> None:
    """No casas: nothing is adjacent to read, so "nenhum aliado adjacente" is not silently true."""
    text = "Ativar【 Se nenhum aliado estiver adjacente a você 】 Cure 5 de VIDA."
    tr = run_chain(
        scenario(
            [hero("ana", "azul", 5, MESA=["x"]), hero("cai", "azul", 4)],
            [card("x", "ana", text)],
            [{"activate": "x"}],
            turn={"hero": "ana"},
        )
    )
    assert [c for _, c in codes(tr, "refused")] == ["ADJACENT_NO_CASA"]
