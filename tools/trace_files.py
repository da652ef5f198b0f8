"""Recordings of traces, one JSON line per case: writing them and comparing two of them.

Shared by ``tools/engine_traces.py`` (MTG) and ``tools/chain_traces.py`` (Apoteose), which decide
what a case records. Each line is ``{"case": NAME, ...what was recorded...}`` with sorted keys, so
two recordings of the same code are byte-identical.

A recording may say which data its cases were built from, so that a comparison can tell a trace
that changed from one that is new because the data grew: a first line ``{"case": "#data", "data":
{NAME: DIGEST}}`` (for MTG, every library card and a digest of its data) and, in each case, ``uses``:
the names of the data it was built from. ``uses`` is not compared.

A case may also record ``input``: a digest of what it was built from (its scenario text, the corpus
entry, the generated fuzz case). Cases drawn from a growing pool (the fuzzer draws its Apoteose cases
from the corpus) change their input when the pool grows; a comparison matches a case by its input
digest, so that one whose input changed is told apart (``new input``: not a failure) from one whose
output changed for the same input (a failure). ``input`` itself is not compared.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import IO, Any

#: the name of the line that lists the data a recording was built from
DATA_CASE = "#data"
#: the key of a case that names the data it was built from (never compared)
USES = "uses"
#: the key of a case's input digest (never compared; cases are matched by it)
INPUT = "input"


def input_digest(kind: str, source: str | bytes) -> str:
    """The digest recorded as a case's ``input``: what kind of case it is (cases of two kinds record
    different things) and what it was built from."""
    raw = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
    return hashlib.sha256(kind.encode() + b"\0" + raw).hexdigest()[:16]


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


def _input(line: str | None) -> str | None:
    if line is None or f'"{INPUT}": ' not in line:
        return None
    found = json.loads(line).get(INPUT)
    return found if isinstance(found, str) else None


def compare(a: Path, b: Path, limit: int = 30, rename: dict[str, str] | None = None) -> int:
    """Compare two recordings case by case (``b`` may hold fewer cases than ``a``): print each
    case that differs and in which recorded parts, and each case only ``b`` has. A difference in a
    case built from data ``a`` did not have (a new library card) is named ``new data`` and does not
    fail; one built from data whose digest changed is named ``changed data``. A case that records its
    ``input`` is compared with the case of ``a`` that had the same input (the same name first); when
    ``a`` had no such input, it is named ``new input`` and does not fail. 1 if any case differs for
    another reason (for a case with an input: its output changed for the same input) or from changed
    data, else 0. ``rename`` maps a case name of ``a`` that ``b`` does not hold to its name in ``b``
    (cases renamed since ``a``: compared by what they recorded)."""
    before, after = _lines(a), _lines(b)
    for old, new in (rename or {}).items():
        if old in before and old not in after:
            before[new] = before.pop(old)
    data_a, data_b = _data(before), _data(after)
    by_input: dict[str, str] = {}
    for name, line in before.items():
        key = _input(line)
        if key is not None:
            by_input.setdefault(key, name)
    total = changed = grown = new_input = unkeyed = new_cases = 0
    for case, lb in after.items():
        la = before.get(case)
        key = _input(lb)
        note = ""
        if key is not None and (la is None or _input(la) not in (None, key)):
            if key in by_input:  # the same input, under another name in ``a``
                note = f"input of {by_input[key]} in the first recording"
                la = before[by_input[key]]
            elif la is not None:  # the case's input changed: its output may too
                new_input += 1
                if grown + changed + new_input <= limit:
                    print(f"INPUT {case} (new input: what it was built from changed)")
                continue
        other = json.loads(lb) if la != lb else {}
        if la is None:
            new_cases += 1
            if new_cases <= limit:
                why = _why(other.get(USES, []), data_a, data_b)
                print(f"NEW {case}" + (f" ({why})" if why else ""))
            continue
        total += 1
        keyed = key is not None and _input(la) == key
        if la == lb:
            continue
        rec = json.loads(la)
        rec.pop(USES, None)
        uses = other.pop(USES, [])
        rec.pop(INPUT, None), other.pop(INPUT, None)
        rec.pop("case", None), other.pop("case", None)  # a renamed case is compared by what it recorded
        if rec == other:
            continue
        why = _why(uses, data_a, data_b) or note
        parts = sorted(k for k in set(rec) | set(other) if rec.get(k) != other.get(k))
        if why.startswith("new data"):
            grown += 1
        else:
            changed += 1
            unkeyed += not keyed
        if grown + changed + new_input <= limit:
            print(f"DIFF {case}: {', '.join(parts)}" + (f" ({why})" if why else ""))
    how = inputs = ""
    if by_input:  # the first recording has inputs: a case is compared with the one of the same input
        how = f", {unkeyed} of them with no input recorded" if unkeyed else " for the same input"
        inputs = f" {new_input} with a new input (not compared);"
    elif any(_input(line) is not None for line in after.values()):
        how = "; the first recording has no inputs: compared by name"
    print(
        f"{total} cases compared, {changed + grown} differ ({grown} from new data, {changed} changed{how});"
        f"{inputs} {new_cases} new cases"
    )
    return 1 if changed else 0
