"""``rulekit parse-card``: the Oracle reader on the command line (data and words, --json, --lang, exit 2)."""

from __future__ import annotations

import json

import pytest

from rulekit.cli import main

TEXT = "Flying\nOther Elf creatures you control get +1/+1.\nAll creatures are blach."


def test_json_is_the_readings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse-card", TEXT, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    got = [a["status"] for a in out["abilities"]]
    assert got == ["plain", "read", "unread"]
    lord = out["abilities"][1]
    assert lord["kind"] == "static"
    assert lord["spec"] == {
        "affects": "other Elf creatures you control",
        "modify_pt": {"power": 1, "toughness": 1},
    }
    assert out["abilities"][2]["position"] == 18 and out["abilities"][2]["phrase"] == "blach."


def test_json_is_byte_identical(capsys: pytest.CaptureFixture[str]) -> None:
    main(["parse-card", TEXT, "--json"])
    first = capsys.readouterr().out
    main(["parse-card", TEXT, "--json"])
    assert capsys.readouterr().out == first


def test_words_in_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    main(["parse-card", TEXT])
    en = capsys.readouterr().out
    assert "kept as plain text, not a continuous effect" in en
    assert "layer 7c (modify power/toughness): +1/+1" in en
    assert "'blach.' at position 18" in en
    main(["parse-card", TEXT, "--lang", "pt-BR"])
    pt = capsys.readouterr().out
    assert "camada 7c" in pt and "posição 18" in pt
    main(["parse-card", TEXT, "--lang", "es"])
    assert "capa 7c" in capsys.readouterr().out


def test_the_name_is_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        ["parse-card", "Kird Ape gets +1/+2 as long as you control a Forest.", "--name", "Kird Ape", "--json"]
    )
    spec = json.loads(capsys.readouterr().out)["abilities"][0]["spec"]
    assert spec["affects"] == "this"


@pytest.mark.parametrize(
    "argv", [["parse-card", ""], ["parse-card", "x" * 3000], ["parse-card", "Flying", "--lang", "xx"]]
)
def test_bad_input_is_one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
