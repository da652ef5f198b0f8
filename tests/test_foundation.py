"""Foundation contracts: light import, located errors, CLI exit status, CI runs the README's command."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict

from rulekit.cli import main
from rulekit.errors import EffectTextError, RulekitError, ScenarioError
from rulekit.yamlsrc import YamlDoc

ROOT = Path(__file__).resolve().parents[1]


def test_import_rulekit_stays_light() -> None:
    """`import rulekit` (and its engines) must not import pandas, ipywidgets or graphviz."""
    code = (
        "import sys, rulekit, rulekit.cli\n"
        "for name in ('rulekit.mtg', 'rulekit.apoteose'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ModuleNotFoundError:\n"
        "        pass\n"
        "heavy = sorted(m for m in ('pandas', 'ipywidgets', 'graphviz') if m in sys.modules)\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


class _Obj(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: str
    types: list[Literal["Creature", "Land", "Artifact"]] = []


class _Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["mtg", "apoteose"]
    objects: list[_Obj]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "game: mtg\nobjects:\n  - card: a\n  - card: b\n    typs: [Land]\n",
            "s.yaml:5: objects[1].typs: unknown key 'typs' — did you mean 'types'?",
        ),
        (
            "game: mtg\nobjects:\n  - card: a\n    types: [Land, Creture]\n",
            "s.yaml:4: objects[0].types[1]: 'Creture' is not one of",
        ),
        ("game: mtg\nobjects: [\n", "s.yaml:3: invalid YAML"),
        ("game: mtg\ngame: apoteose\nobjects: []\n", "s.yaml:2: duplicate key 'game'"),
    ],
)
def test_yaml_errors_name_file_line_and_field(text: str, expected: str) -> None:
    with pytest.raises(ScenarioError) as info:
        YamlDoc.from_text(text, "s.yaml").validate(_Scenario)
    assert str(info.value).startswith(expected)


def test_misspelt_choice_gets_a_suggestion() -> None:
    with pytest.raises(ScenarioError) as info:
        doc = YamlDoc.from_text("game: mtg\nobjects:\n  - {card: a, types: [Creture]}\n", "s.yaml")
        doc.validate(_Scenario)
    assert info.value.suggestion == "Creature"
    assert info.value.line == 3


def test_effect_text_error_names_code_and_position() -> None:
    err = EffectTextError("no activation keyword", code="MISSING_ACTIVATION_KEYWORD", position=0, text="x")
    assert isinstance(err, RulekitError)
    assert "MISSING_ACTIVATION_KEYWORD" in str(err) and "position 0" in str(err)
    assert err.to_dict()["position"] == 0


def test_cli_without_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage: rulekit" in capsys.readouterr().out


def test_cli_bad_input_is_one_line_exit_2_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mtg\nobjects: [\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "rulekit.cli", "solve", str(bad)], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0, proc.stderr
    assert "bad.yaml:" in proc.stderr


def _readme_block(marker: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(re.escape(marker) + r"\s*```[a-z]*\n(.+?)\n```", text, re.S)
    assert match, f"README has no code block after {marker}"
    return match.group(1).strip()


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run must run the README's own test command (it reads it from the README)."""
    cmd = _readme_block("<!-- test-command -->")
    assert "pytest" in cmd and "pip install" in cmd
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "<!-- test-command -->" in script
    extracted = subprocess.run(
        [
            "awk",
            r"/<!-- test-command -->/{found=1; next} found && /^```/{if (inblock) exit; inblock=1; next} "
            r"found && inblock {print; exit}",
            str(ROOT / "README.md"),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert extracted == cmd


def test_readme_lessons_command_opens_jupyterlab() -> None:
    cmd = _readme_block("<!-- lessons-command -->")
    assert "jupyter lab" in cmd and ".[lessons]" in cmd
