"""``rulekit new FILE``: a commented skeleton that ``rulekit solve`` runs as it is,
never overwriting a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_new_writes_a_skeleton_that_solves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "my-board.yaml"
    code, out, err = run(capsys, "new", str(path))
    assert code == 0 and err == "" and "rulekit solve" in out
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# A rulekit MTG scenario") and text.count("\n#") >= 3  # commented
    code, out, err = run(capsys, "solve", str(path), "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data["players"]) == {"Ann", "Bo"}
    bears = data["objects"]["bears"]
    # Humility (7b) sets 1/1, then the Anthem +1/+1 and Giant Growth +3/+3 (7c): 5/5
    assert (bears["power"], bears["toughness"]) == (5, 5)
    assert {o["name"] for o in data["objects"].values()} >= {"Grizzly Bears", "Glorious Anthem", "Humility"}


def test_new_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "taken.yaml"
    path.write_text("keep me", encoding="utf-8")
    code, out, err = run(capsys, "new", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "already exists" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == "keep me"


def test_new_in_a_missing_folder_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "new", str(tmp_path / "no" / "such" / "x.yaml"))
    assert code == 2 and err.count("\n") == 1 and "cannot write" in err


def test_the_uncommented_lord_also_solves() -> None:
    """The commented-out inline object is valid too, once a teacher removes the '#'."""
    from rulekit.mtg import scenario_from_text, solve
    from rulekit.mtg.commands import skeleton

    lines = skeleton("x.yaml").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  # - id: lord"))
    for i in range(start, start + 11):
        lines[i] = lines[i].replace("  # ", "  ", 1)
    trace = solve(scenario_from_text("\n".join(lines)))
    assert trace.final["lord"].pt == "1/1"  # under Humility, like every creature
    assert trace.final["lord"].abilities == ()
