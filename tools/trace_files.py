"""Recordings of traces, one JSON line per case: writing them and comparing two of them.

Shared by ``tools/engine_traces.py`` (MTG) and ``tools/chain_traces.py`` (Apoteose), which decide
what a case records. Each line is ``{"case": NAME, ...what was recorded...}`` with sorted keys, so
two recordings of the same code are byte-identical.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any


def write_case(fh: IO[str], name: str, recorded: dict[str, Any]) -> None:
    """One case's line: its name first, then what was recorded (sorted keys)."""
    body = json.dumps(recorded, sort_keys=True, ensure_ascii=False, default=str)
    fh.write(json.dumps({"case": name})[:-1] + ", " + body[1:] + "\n")


def _lines(path: Path) -> dict[str, str]:
    out = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            out[json.loads(line[: line.index(",") + 1].rstrip(",") + "}")["case"]] = line
    return out


def compare(a: Path, b: Path, limit: int = 30, rename: dict[str, str] | None = None) -> int:
    """Compare two recordings case by case (``b`` may hold fewer cases than ``a``): print each
    case that differs and in which recorded parts; 1 if any does, else 0. ``rename`` maps a case name
    of ``a`` that ``b`` does not hold to its name in ``b`` (cases that were renamed since ``a``)."""
    before, after = _lines(a), _lines(b)
    for old, new in (rename or {}).items():
        if old in before and old not in after:
            before[new] = before.pop(old)
    bad = total = 0
    for case, la in before.items():
        lb = after.get(case)
        if lb is None:
            continue
        total += 1
        if la == lb:
            continue
        rec, other = json.loads(la), json.loads(lb)
        rec.pop("case"), other.pop("case")  # a renamed case is compared by what it recorded
        if rec == other:
            continue
        bad += 1
        if bad <= limit:
            parts = sorted(k for k in set(rec) | set(other) if rec.get(k) != other.get(k))
            print(f"DIFF {case}: {', '.join(parts)}")
    print(f"{total} cases compared, {bad} differ")
    return 1 if bad else 0
