"""States and targets that depend on the heroes' casas, on boards where heroes move.

* R-03 with the seed's «Desambiguação» (an Enquanto holds for as long as the effect lasts):
  ``rulings.ENQUANTO_RECHECKED_AFTER`` — a lasting effect's Enquanto is asked again after every script
  action as well as after every resolution, so "Enquanto houver um inimigo adjacente a você" ends when a hero
  steps away; read as the effect's controller ("você") and its selection ("o alvo").
* R-03 ("a Selecione target must still hold when the entry leaves its halt window"):
  ``rulings.SELECTED_NEAR_RECHECKED_AT_HALT_EXIT`` — a hero selected "adjacente a você" must still be next to
  you when the halt window closes, else the activation is stopped; once the description resolves (R-02) the
  target is fixed."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, scenario

from rulekit.apoteose import rulings as R
from rulekit.apoteose.chain import run_chain

#: ana [1,1] and cai [2,1] (azul); bruno [1,2] next to ana (vermelho); a 4×4 board.
CASAS = {"ana": [1, 1], "cai": [2, 1], "bruno": [1, 2]}
TEAMS = {"ana": "azul", "cai": "azul", "bruno": "vermelho"}
LASTING = "Ativar【 Enquanto houver um inimigo adjacente a você 】 +2 de AGI."
MOVE = "Ativar Mova-se para uma casa adjacente."
AWAY = {"step": {"hero": "bruno", "to": [1, 3]}}  # two casas below ana


def board(cards: dict[str, tuple[str, str]], script: list[dict[str, Any]], decisions=None) -> Any:
    """``cards``: id → (owner, text); each hero holds its cards in MESA."""
    heroes = []
    for i, hid in enumerate(CASAS):
        mine = [c for c, (owner, _) in cards.items() if owner == hid]
        heroes.append({**hero(hid, TEAMS[hid], 9 - i, MESA=mine), "casa": CASAS[hid]})
    return scenario(
        heroes,
        [card(c, owner, text) for c, (owner, text) in cards.items()],
        script,
        decisions,
        turn={"hero": "ana"},
        board=[4, 4],
    )


def expired(tr: Any) -> list[tuple[str, str]]:
    return [(e.card, e.detail["code"]) for e in tr.of("expire")]


# ------------------------------------------------- (a) a lasting effect's Enquanto on positions ----
@pytest.mark.parametrize(
    ("to", "ends"),
    [
        ([1, 3], True),  # two casas below ana: no enemy next to her any more
        ([0, 2], False),  # still on a casa next to ana's [1,1]
        ([2, 2], False),  # diagonal: still adjacent (eight neighbours)
    ],
)
def test_a_lasting_effect_on_adjacency_ends_when_the_enemy_steps_away(to: list[int], ends: bool) -> None:
    tr = run_chain(board({"x": ("ana", LASTING)}, [{"activate": "x"}, {"step": {"hero": "bruno", "to": to}}]))
    assert tr.heroes["bruno"].casa == to
    assert expired(tr) == ([("x", "STATE_ENDED")] if ends else [])
    assert tr.heroes["ana"].attributes.get("AGI", 0) == (0 if ends else 2)


def test_the_lasting_effect_holds_until_the_step_and_not_after() -> None:
    tr = run_chain(
        board({"x": ("ana", LASTING)}, [{"activate": "x"}, {"step": {"hero": "bruno", "to": [1, 3]}}])
    )
    kinds = [e.event for e in tr.events if e.event in ("resolve", "action", "expire")]
    assert kinds == ["resolve", "action", "expire"]  # ended by the step, at the step


def test_when_you_step_away_yourself_the_effect_ends_too() -> None:
    cards = {"x": ("ana", LASTING), "m": ("ana", MOVE)}
    script = [{"activate": "x"}, {"activate": "m", "choices": {"body0": "2,0"}}]
    tr = run_chain(board(cards, script))
    assert tr.heroes["ana"].casa == [2, 0] and expired(tr) == [("x", "STATE_ENDED")]
    stay = run_chain(board(cards, [{"activate": "x"}, {"activate": "m", "choices": {"body0": "0,1"}}]))
    assert stay.heroes["ana"].casa == [0, 1] and expired(stay) == []  # bruno [1,2] still next to her


def test_the_state_is_read_as_the_controller_not_as_the_hero_it_changed() -> None:
    """ "você" in the Enquanto is ana who activated it, even though cai received the gain."""
    text = (
        "Ativar【 Selecione 1 aliado; Enquanto houver um inimigo adjacente a você 】 O alvo recebe +2 de AGI."
    )
    first = {"activate": "x", "choices": {"req0": "cai"}}
    # bruno [0,2]: next to ana [1,1], two casas from cai [2,1] — it holds (read as ana, not as cai)
    tr = run_chain(board({"x": ("ana", text)}, [first, {"step": {"hero": "bruno", "to": [0, 2]}}]))
    assert expired(tr) == [] and tr.heroes["cai"].attributes["AGI"] == 2
    # bruno [2,2] then [3,2]: next to cai, two casas from ana — it ends
    away = [first, {"step": {"hero": "bruno", "to": [2, 2]}}, {"step": {"hero": "bruno", "to": [3, 2]}}]
    tr = run_chain(board({"x": ("ana", text)}, away))
    assert expired(tr) == [("x", "STATE_ENDED")] and tr.heroes["cai"].attributes.get("AGI", 0) == 0


def test_flipped_the_lasting_effect_outlives_the_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "ENQUANTO_RECHECKED_AFTER", frozenset({"resolution"}))
    tr = run_chain(
        board({"x": ("ana", LASTING)}, [{"activate": "x"}, {"step": {"hero": "bruno", "to": [1, 3]}}])
    )
    assert expired(tr) == [] and tr.heroes["ana"].attributes["AGI"] == 2


# ------------------------------------------------- (b) a target chosen "adjacente a você" ----------
STRIKE = "Ativar【 Selecione 1 Herói rival adjacente a você 】 Cause 3 de DANO ao alvo."
FLEE = "Ativar【 Quando uma carta for ativada 】 Mova-se para uma casa adjacente."


def strike(to: str, **kw: Any) -> Any:
    cards = {"x": ("ana", STRIKE), "fuga": ("bruno", FLEE)}
    decisions = [{"window": "halt@0", "respond": {"card": "fuga"}}, {"key": "choose@1.body0", "pick": to}]
    return run_chain(board(cards, [{"activate": "x", "choices": {"req0": "bruno"}}], decisions), **kw)


def test_a_target_that_walked_away_in_the_halt_window_stops_the_activation() -> None:
    tr = strike("1,3")
    assert tr.heroes["bruno"].casa == [1, 3]
    [st] = tr.of("stopped")
    assert st.card == "x" and st.detail["code"] == "STATE_BROKEN" and st.detail["rule"] == "R-03"
    assert st.detail["params"] == {"requirement": "Selecione 1 Herói rival adjacente a você"}
    assert tr.heroes["bruno"].resources["VIDA"][0] == 50 and "x" not in tr.resolution_order


def test_a_target_still_next_to_you_after_its_move_is_hit() -> None:
    tr = strike("2,2")
    assert tr.heroes["bruno"].casa == [2, 2] and tr.of("stopped") == []
    assert tr.heroes["bruno"].resources["VIDA"][0] == 47


def test_flipped_the_target_is_kept_though_it_walked_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "SELECTED_NEAR_RECHECKED_AT_HALT_EXIT", False)
    tr = strike("1,3")
    assert tr.of("stopped") == [] and tr.heroes["bruno"].resources["VIDA"][0] == 47


def test_once_resolving_the_target_is_fixed_even_if_the_description_moves_you() -> None:
    """R-02: the description resolves whole; the target was checked when halt closed, not again."""
    text = (
        "Ativar【 Selecione 1 Herói rival adjacente a você 】 "
        "Mova-se para uma casa adjacente e cause 3 de DANO ao alvo."
    )
    sc = board({"x": ("ana", text)}, [{"activate": "x", "choices": {"req0": "bruno", "body0": "2,0"}}])
    tr = run_chain(sc)
    assert tr.heroes["ana"].casa == [2, 0]  # two casas from bruno [1,2] now
    assert tr.of("stopped") == [] and tr.heroes["bruno"].resources["VIDA"][0] == 47
