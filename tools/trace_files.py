"""Recordings of traces, one JSON line per case: writing them and comparing two of them.

Shared by ``tools/engine_traces.py`` (MTG) and ``tools/chain_traces.py`` (Apoteose), which decide
what a case records. Each line is ``{"case": NAME, ...what was recorded...}`` with sorted keys, so
two recordings of the same code are byte-identical.

A recording may say which data its cases were built from, so that a comparison can tell a trace
that changed from one that is new because the data grew: a first line ``{"case": "#data", "data":
{NAME: DIGEST}}`` (for MTG, every library card and a digest of its data) and, in each case, ``uses``:
the names of the data it was built from. ``uses`` is not compared.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

#: the name of the line that lists the data a recording was built from
DATA_CASE = "#data"
#: the key of a case that names the data it was built from (never compared)
USES = "uses"


def write_case(fh: IO[str], name: str, recorded: dict[str, Any]) -> None:
    """One case's line: its name first, then what was recorded (sorted keys)."""
    body = json.dumps(recorded, sort_keys=True, ensure_ascii=False, default=str)
    fh.write(json.dumps({"case": name})[:-1] + ", " + body[1:] + "\n")


def write_data(fh: IO[str], data: dict[str, str]) -> None:
    """The recording's first line: each piece of data the cases may use, with a digest of it."""
    write_case(fh, DATA_CASE, {"data": data})


def _lines(path: Path) -> dict[str, str]:
    out = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            out[json.loads(line[: line.index(",") + 1].rstrip(",") + "}")["case"]] = line
    return out


def _data(lines: dict[str, str]) -> dict[str, str] | None:
    line = lines.pop(DATA_CASE, None)
    return None if line is None else dict(json.loads(line)["data"])


def _why(uses: list[str], before: dict[str, str] | None, after: dict[str, str] | None) -> str:
    """Why a case may differ, from the data it uses: ``new data`` (it uses data the earlier
    recording did not have), ``changed data`` (data whose digest changed), or ``""``."""
    if before is None or after is None:
        return ""
    new = [u for u in uses if u not in before]
    if new:
        return "new data: " + ", ".join(new)
    changed = [u for u in uses if u in after and before[u] != after[u]]
    return "changed data: " + ", ".join(changed) if changed else ""


def compare(a: Path, b: Path, limit: int = 30, rename: dict[str, str] | None = None) -> int:
    """Compare two recordings case by case (``b`` may hold fewer cases than ``a``): print each
    case that differs and in which recorded parts, and each case only ``b`` has. A difference in a
    case built from data ``a`` did not have (a new library card) is named ``new data`` and does not
    fail; one built from data whose digest changed is named ``changed data``. 1 if any case differs
    for another reason or from changed data, else 0. ``rename`` maps a case name of ``a`` that ``b``
    does not hold to its name in ``b`` (cases renamed since ``a``: compared by what they recorded)."""
    before, after = _lines(a), _lines(b)
    for old, new in (rename or {}).items():
        if old in before and old not in after:
            before[new] = before.pop(old)
    data_a, data_b = _data(before), _data(after)
    total = changed = grown = new_cases = 0
    for case, lb in after.items():
        la = before.get(case)
        other = json.loads(lb) if la != lb else {}
        if la is None:
            new_cases += 1
            if new_cases <= limit:
                why = _why(other.get(USES, []), data_a, data_b)
                print(f"NEW {case}" + (f" ({why})" if why else ""))
            continue
        total += 1
        if la == lb:
            continue
        rec = json.loads(la)
        rec.pop(USES, None)
        uses = other.pop(USES, [])
        rec.pop("case", None), other.pop("case", None)  # a renamed case is compared by what it recorded
        if rec == other:
            continue
        why = _why(uses, data_a, data_b)
        parts = sorted(k for k in set(rec) | set(other) if rec.get(k) != other.get(k))
        if why.startswith("new data"):
            grown += 1
        else:
            changed += 1
        if grown + changed <= limit:
            print(f"DIFF {case}: {', '.join(parts)}" + (f" ({why})" if why else ""))
    print(
        f"{total} cases compared, {changed + grown} differ ({grown} from new data, {changed} changed);"
        f" {new_cases} new cases"
    )
    return 1 if changed else 0
