"""`rulekit solve --json` objects give `tapped`, `attached_to` and `face_down`,
and the text renderer shows them in a "state" column when some object has one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit.cli import main

BOARD = """\
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, card: Grizzly Bears, controller: Bo, tapped: true}
  - {id: aura, card: Lignify, controller: Ann, attached_to: bears}
  - {id: morph, name: Morph Guy, types: [Creature], power: 5, toughness: 5, controller: Ann, face_down: true}
  - {id: elves, card: Llanowar Elves, controller: Ann}
"""


def _solve(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    f = tmp_path / "state.yaml"
    f.write_text(BOARD, encoding="utf-8")
    code = main(["solve", str(f), *extra])
    return code, capsys.readouterr().out


def test_json_objects_give_tapped_attached_to_face_down(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _solve(tmp_path, capsys, "--json")
    assert code == 0
    objs = json.loads(out)["objects"]
    assert (objs["bears"]["tapped"], objs["bears"]["attached_to"], objs["bears"]["face_down"]) == (
        True,
        None,
        False,
    )
    assert objs["aura"]["attached_to"] == "bears" and objs["aura"]["tapped"] is False
    assert objs["morph"]["face_down"] is True
    assert (objs["morph"]["power"], objs["morph"]["toughness"]) == (2, 2)  # 708.2a
    assert objs["elves"]["tapped"] is False


def test_text_output_has_a_state_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _solve(tmp_path, capsys)
    assert code == 0
    final = out.split("Final characteristics", 1)[1]
    assert "state" in final.splitlines()[1]
    assert "attached to bears" in final and "face down" in final and "tapped" in final
