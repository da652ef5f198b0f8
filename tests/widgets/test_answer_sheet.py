"""The answer sheet of a lesson's self-checks: made from the checks themselves, so each
answer it prints is one its check accepts (pressing Check with it says right), in the lesson's
language; every value is escaped for Markdown."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from answer_sheet import checks_of, main  # noqa: E402

from rulekit.widgets.prediction import PredictionCheck, answer_sheet  # noqa: E402

ANSWER = {"en": "Answer:", "pt-BR": "Resposta:", "es": "Respuesta:"}
TITLE = {"en": "# Answer sheet: ", "pt-BR": "# Gabarito: ", "es": "# Hoja de respuestas: "}


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize(
    ("lesson", "lang"),
    [
        ("lessons/pt-BR/02-timestamps.ipynb", "pt-BR"),
        ("lessons/es/05-apoteose-chain.ipynb", "es"),
        ("lessons/01-layers.ipynb", "en"),
    ],
)
def test_every_answer_on_the_sheet_is_one_its_check_accepts(lesson: str, lang: str) -> None:
    checks = checks_of(ROOT / lesson)
    assert checks, lesson
    sheet = answer_sheet(checks, Path(lesson).stem)
    assert sheet.startswith(TITLE[lang] + Path(lesson).stem.replace("_", "\\_"))
    prefix = f"**{ANSWER[lang]}** "
    answers = [_unescape(line[len(prefix) :]) for line in sheet.splitlines() if line.startswith(prefix)]
    assert len(answers) == len(checks)
    for check, answer in zip(checks, answers, strict=True):
        assert check.lang == lang
        assert check.question_text in _unescape(sheet)
        check.answer.value = answer
        check.do_check()
        assert check.correct is True, (check, answer, check.result.value)


def test_the_sheet_escapes_what_it_prints() -> None:
    check = PredictionCheck("seed/blood-moon", ask="types", object="wasteland", question="<b>*x*</b> | [y]")
    sheet = answer_sheet([check], "t")
    assert "\\<b\\>\\*x\\*\\</b\\> \\| \\[y\\]" in sheet
    assert "<b>" not in sheet


def test_a_check_that_could_not_be_set_up_gives_its_error() -> None:
    check = PredictionCheck("seed/blood-moon", ask="types", object="wastelnd", lang="es")
    sheet = answer_sheet([check], "t")
    assert "wastelnd" in sheet and "Respuesta" not in sheet


def test_the_tool_refuses_a_file_that_is_not_a_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["README.md"]) == 2
    assert "usage" in capsys.readouterr().err
