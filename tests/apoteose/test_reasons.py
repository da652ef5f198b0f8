"""Reasons are data in the trace (a code plus its parameters); the views put them into words."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulekit.apoteose import run_chain
from rulekit.apoteose.reasons import REASONS, render
from rulekit.views.chain import chain_log_table, reason_text

PKG = Path(__file__).resolve().parents[2] / "rulekit" / "apoteose"


def test_every_code_the_engine_gives_has_words() -> None:
    names = (
        "chain.py",
        "actions.py",
        "activation.py",
        "resolution.py",
        "responses.py",
        "legality.py",
        "matching.py",
        "handlers.py",
        "frames.py",
        "rulings.py",
        "scenario.py",
        "script_checks.py",
    )
    src = "\n".join((PKG / n).read_text(encoding="utf-8") for n in names)
    # codes are ``codes.Reason`` members (mypy checks each use); each has its words
    codes = set(re.findall(r"\bReason\.([A-Z_]+)\b", src))
    cases = set(re.findall(r'"case": "(\w+)"', src))
    assert codes and cases
    known = {k.split("/")[0] for k in REASONS}
    assert sorted(codes - known) == []
    assert all(any(k.endswith("/" + c) for k in REASONS) for c in cases)


def test_a_refusal_is_a_code_and_params_and_the_views_say_it() -> None:
    t = run_chain("apoteose/evocacao-refused")
    ref = t.of("refused")[0]
    assert set(ref.detail) >= {"code", "params"}
    assert ref.detail["params"]["case"] == "together"
    words = reason_text(ref.detail)
    assert words.startswith("Previsão: the requirements cannot be met together")
    # the §7 JSON keeps its English words, the log table shows the same words
    assert json.loads(t.to_json())["events"][0]["detail"]["reason"] == words
    assert chain_log_table(t).rows[0][-1] == words


def test_stopped_and_truncated_explanations_are_data() -> None:
    stopped = run_chain("apoteose/stopped").of("stopped")[0].detail
    assert stopped["code"] == "STATE_BROKEN" and stopped["params"] == {
        "requirement": "Enquanto houverem COMPANHEIRO no tabuleiro"
    }
    assert reason_text(stopped) == "'Enquanto houverem COMPANHEIRO no tabuleiro' no longer holds"
    cut = run_chain("apoteose/truncated").of("truncated")[0].detail
    assert (cut["code"], cut["params"]) == ("NOT_ENOUGH_RESOURCE", {"resource": "MANA", "amount": 3})
    assert render(cut["code"], cut["params"]) == "not enough MANA to consume 3"
