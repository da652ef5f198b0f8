"""CR 402.2: "Each player has a maximum hand size, which is normally seven cards." An effect may
say a player has no maximum hand size (Reliquary Tower: "You have no maximum hand size."); rules
effects apply in timestamp order (613.11). `--json` gives no maximum as ``null``; objects give their
mana value."""

from __future__ import annotations

import json

import pytest

from rulekit.cli import main
from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

BOARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: tower, name: Reliquary Tower, types: [Land], controller: Ann, abilities: [{text: You have no
     maximum hand size., static: {rules: {max_hand_size: no maximum}}}]}
  - {id: miser, card: Gnat Miser, controller: Bo%s}
"""


def test_no_maximum_hand_size() -> None:
    t = solve_text(BOARD % ", zone: hand")
    assert t.rules["max_hand_size"] == {"Ann": None, "Bo": 7}


def test_reduced_no_maximum_is_still_no_maximum() -> None:
    """Gnat Miser ("each opponent's maximum hand size is reduced by one"), later: still none."""
    t = solve_text(BOARD % "")
    assert t.rules["max_hand_size"] == {"Ann": None, "Bo": 7}


def test_a_later_set_gives_a_number_again() -> None:
    text = BOARD % ", zone: hand" + (
        "events:\n  - resolve: {effect: {players: each player, rules: {max_hand_size: {set: 2}}},"
        " controller: Bo, id: cap}\n"
    )
    assert solve_text(text).rules["max_hand_size"] == {"Ann": 2, "Bo": 2}


def test_json_gives_null_and_mana_value(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD % "", encoding="utf-8")
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["max_hand_size"] == {"Ann": None, "Bo": 7}
    assert data["objects"]["miser"]["mana_value"] == 1


def test_text_output_says_no_maximum(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD % "", encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    assert "Ann no maximum" in capsys.readouterr().out


def test_a_wrong_phrase_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD.replace("no maximum", "no maximun") % "")
    assert "402.2" in str(e.value) and "no maximum" in str(e.value)


def test_language_md_names_the_form() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    assert "{max_hand_size: no maximum}" in doc and "`mana_value`" in doc


def test_the_step_says_no_maximum_in_each_language() -> None:
    from rulekit.views.reasons import explain_step

    t = solve_text(BOARD % ", zone: hand")
    k = next(i for i, s in enumerate(t.steps) if s.layer == "rules") + 1
    assert "no maximum" in explain_step(t, k, "en")
    assert "sem máximo" in explain_step(t, k, "pt-BR")
    assert "sin máximo" in explain_step(t, k, "es")
