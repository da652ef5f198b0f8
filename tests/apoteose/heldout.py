"""The held-out set of Apoteose card texts (``heldout.yaml``): texts written blind, with their intended
meanings, and each one judged by hand against what the reader made of it: the reader measured again on
card texts nobody on the team had seen.

A reading is written as plain lines: the keywords, each requirement in the seed's words with its kind,
each statement in the seed's words (``rulekit.apoteose.canonical``); a part the wording does not know is
shown as its data, never guessed. :func:`status` compares today's reading with the recorded one, so
``test_heldout.py`` and ``benchmarks/bench_apoteose_heldout.py`` share one judgement.

    python tests/apoteose/heldout.py          # every text whose reading no longer matches its verdict
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rulekit.apoteose.canonical import NotWorded, canonical_requirement, canonical_statement
from rulekit.apoteose.text import parse_effect
from rulekit.errors import EffectTextError

HERE = Path(__file__).resolve().parent
VERDICTS = ("right", "refused", "misread")


@lru_cache(maxsize=1)
def texts() -> tuple[dict[str, Any], ...]:
    """The held-out texts, in file order."""
    return tuple(yaml.safe_load((HERE / "heldout.yaml").read_text(encoding="utf-8"))["texts"])


def _data(value: Any) -> str:
    return "data " + json.dumps(value, ensure_ascii=False, sort_keys=True)


def reading(text: str) -> tuple[list[str] | None, str | None]:
    """``(lines, None)`` when the reader reads the whole effect (``Effect.supported()``), else
    ``(None, why)``: the notation's error or the first ``UNSUPPORTED_TEXT`` warning, in English."""
    try:
        effect = parse_effect(text)
    except EffectTextError as err:
        return None, str(err.message)
    if not effect.supported():
        why = next((w.text_in("en") for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"), None)
        return None, why or "outside the runnable vocabulary (no warning given)"
    lines = [" · ".join(effect.keywords)]
    for r in effect.requirements:
        try:
            words = canonical_requirement(r)
        except NotWorded:
            words = _data(r.ast)
        lines.append(f"【 {words} 】 {r.kind}")
    for st in effect.body:
        data = st.to_dict() if hasattr(st, "to_dict") else st
        try:
            lines.append(canonical_statement(data))
        except NotWorded:
            lines.append(_data(data))
    return lines, None


def status(entry: dict[str, Any]) -> str:
    """Today's reading of ``entry`` against its recorded verdict: the verdict itself while the reading is
    the one judged (a refusal still refused), else ``"changed"``: the reader now does something else with
    this text, and someone must judge it by hand again."""
    lines, _ = reading(entry["text"])
    if entry["verdict"] == "refused":
        return "refused" if lines is None else "changed"
    return entry["verdict"] if lines == entry.get("reading") else "changed"


def rates() -> dict[str, Any]:
    """How many texts are read right, refused, misread (and changed since judged), and their shares."""
    counts = dict.fromkeys((*VERDICTS, "changed"), 0)
    for entry in texts():
        counts[status(entry)] += 1
    n = len(texts())
    return {"n": n, **counts, **{f"{k}_rate": round(counts[k] / n, 4) for k in VERDICTS}}


if __name__ == "__main__":
    for entry in texts():
        if status(entry) == "changed":
            lines, why = reading(entry["text"])
            print(f"{entry['id']} (was {entry['verdict']}): {entry['text']}")
            print("   now:", why if lines is None else " | ".join(lines))
    print(rates())
