"""The hostile corpus: every file in ``bad/`` is refused with its exact one-line message.

Each ``bad/*.yaml`` starts with ``# expect: <message>``: what ``rulekit solve FILE`` must print after
``rulekit: error:``, with exit status 2, nothing on stdout and no traceback. The files cover the
cost bounds (§2), the crashes and silent acceptances (§3) and the message rules (one line,
``file:line: field: what is wrong — did you mean …``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulekit import cli

BAD = Path(__file__).parent / "bad"
FILES = sorted(BAD.glob("*.yaml"))


def expected(path: Path) -> str:
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")
    assert first.startswith("# expect: "), f"{path.name} has no '# expect:' line"
    return first[len("# expect: ") :]


def test_the_corpus_is_big_enough() -> None:
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_bad_file_gives_its_one_line(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(BAD)
    status = cli.main(["solve", path.name])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err == f"rulekit: error: {expected(path)}\n"


def test_messages_name_file_and_line() -> None:
    for path in FILES:
        message = expected(path)
        assert message.startswith(f"{path.name}:"), path.name
        assert message.count("\n") == 0


@pytest.mark.parametrize(
    "name", ["yaml-billion-laughs.yaml", "yaml-not-utf8.yaml", "mtg-text-change-land-to-colour.yaml"]
)
def test_the_real_command_exits_2_without_a_traceback(name: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "rulekit.cli", "solve", name],
        cwd=BAD,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(Path(cli.__file__).resolve().parent.parent), "PATH": "/usr/bin:/bin"},
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr == f"rulekit: error: {expected(BAD / name)}\n"
