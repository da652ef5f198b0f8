"""The command line contract."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulekit.cli import main

CONTRACT_KEYS = {"ruleset", "objects", "players", "rules", "applied", "dependencies", "loops"}
OBJECT_KEYS = {
    "name",
    "owner",
    "controller",
    "zone",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "power",
    "toughness",
    "counters",
    "tapped",
    "attached_to",
    "face_down",
    "mana_value",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_solve_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "seed/humility-then-gideon", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)  # exactly one object
    assert set(data) == CONTRACT_KEYS
    assert data["ruleset"] == "seed"
    g = data["objects"]["gideon"]
    assert set(g) == OBJECT_KEYS
    assert (g["power"], g["toughness"]) == (5, 5)
    assert g["types"] == ["Planeswalker", "Creature"] and g["colors"] == ["white"]
    assert data["objects"]["humility"]["power"] is None  # P/T null for non-creatures
    assert (g["mana_value"], data["objects"]["humility"]["mana_value"]) == (5, 4)  # {3}{W}{W}, {2}{W}{W}
    assert data["players"] == {"Gideon": {"abilities": []}, "Sorin": {"abilities": []}}
    assert data["rules"]["max_hand_size"] == {"Gideon": 7, "Sorin": 7}
    assert [a["effect"] for a in data["applied"]] == ["gideon.0", "humility", "humility", "gideon.0", "night"]
    assert [a["layer"] for a in data["applied"]] == ["4", "6", "7b", "7b", "7c"]
    assert data["applied"][0] == {"effect": "gideon.0", "layer": "4", "objects": ["gideon"]}
    assert data["dependencies"] == [] and data["loops"] == []


def test_solve_json_dependencies_and_loops(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "classic/dependency-loop", "--json", "--ruleset", "current")
    data = json.loads(out)
    assert data["ruleset"] == "current"
    assert data["loops"] == [["life-and-limb", "yavimaya"]]
    assert {(d["effect"], d["depends_on"], d["layer"]) for d in data["dependencies"]} == {
        ("yavimaya", "life-and-limb", "4"),
        ("life-and-limb", "yavimaya", "4"),
    }
    assert all(
        set(d) == {"effect", "depends_on", "layer", "reason", "code"} and d["reason"]
        for d in data["dependencies"]
    )
    # 613.8a: Life and Limb makes Saprolings Forests, so Yavimaya applies to more lands (and back)
    assert {d["code"] for d in data["dependencies"]} == {"applies_to"}
    colors = {c for o in data["objects"].values() for c in o["colors"]}
    assert colors <= {"white", "blue", "black", "red", "green"}


def test_solve_without(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "seed/humility-then-gideon", "--without", "night", "--json")
    g = json.loads(out)["objects"]["gideon"]
    assert (g["power"], g["toughness"]) == (6, 6)
    code, out, _ = run(
        capsys, "solve", "seed/humility-then-gideon", "--without", "night", "--without", "humility", "--json"
    )
    assert json.loads(out)["objects"]["gideon"]["power"] == 6


def test_bad_input_exits_2_with_one_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "seed/humility-then-gideon", "--without", "nigth")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "nigth" in err and "night" in err and "gideon.0" in err and "humility" in err
    code, _, err = run(capsys, "solve", "seed/humility-then-gidoen")
    assert code == 2 and "seed/humility-then-gideon" in err


def test_bad_file_names_file_line_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "scenario.yaml"
    f.write_text("game: mtg\nplayers: [Ann]\nobjects:\n  - id: x\n    name: X\n    types: [Creture]\n")
    code, _, err = run(capsys, "solve", str(f))
    assert code == 2
    assert err.strip() == (
        f"rulekit: error: {f}:6: objects[0].types[0]: 'Creture' is not a card type — did you mean 'Creature'?"
    )


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "classic/urborg-then-blood-moon")
    assert code == 0
    assert "Applied, in order" in out and "Final characteristics" in out
    assert "urborg depends on blood-moon (layer 4)" in out


def test_scenarios_and_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios")
    assert code == 0
    for name in (
        "seed/sower-then-shackles",
        "seed/humility-then-gideon",
        "seed/gideon-then-humility",
        "seed/blood-moon",
        "seed/judges-familiar",
        "seed/witchbane-orb",
        "seed/gnat-miser",
        "classic/humility-then-opalescence",
        "classic/opalescence-then-humility",
        "classic/blood-moon-then-urborg",
        "classic/urborg-then-blood-moon",
        "classic/dependency-loop",
    ):
        assert name in out
    code, out, _ = run(capsys, "cards")
    assert code == 0
    for card in (
        "Vedalken Shackles",
        "Sower of Temptation",
        "Chained Throatseeker",
        "Island",
        "Blood Moon",
        "Judge's Familiar",
        "Witchbane Orb",
        "Humility",
        "Night of Souls' Betrayal",
        "Gideon Jura",
        "Gnat Miser",
    ):
        assert card in out


def test_console_script_subprocess() -> None:
    exe = Path(sys.executable).with_name("rulekit")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "rulekit.cli"]
    r = subprocess.run(
        [*cmd, "solve", "seed/humility-then-gideon", "--json"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0
    assert json.loads(r.stdout)["objects"]["gideon"]["power"] == 5
    r2 = subprocess.run(
        [*cmd, "solve", "seed/humility-then-gideon", "--json"], capture_output=True, text=True, timeout=60
    )
    assert r.stdout == r2.stdout  # byte-identical across runs
