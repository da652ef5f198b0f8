"""The CR map: which subrules of CR 400.7, 611, 612, 613, 614.12, 707, 708 and 712 rulekit models,
and the tests that pin each one.

    python tools/cr_map.py           # write docs/cr-map.md from docs/cr-map.yaml
    python tools/cr_map.py --check   # exit 1 (naming each problem) if the map is wrong or the page stale

The data: ``docs/cr-subrules.yaml`` (the subrules of the CR edition it names, each with a short title
in our words) and ``docs/cr-map.yaml`` (for each subrule, ``tests``: pytest node ids that pin it,
with an optional ``gap``, or ``not_modelled``: why not). ``tests/mtg/test_cr_map.py`` runs
:func:`problems` and compares the page with :func:`render`.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SUBRULES = ROOT / "docs" / "cr-subrules.yaml"
MAP = ROOT / "docs" / "cr-map.yaml"
PAGE = ROOT / "docs" / "cr-map.md"
KEYS = frozenset({"tests", "not_modelled", "gap"})
#: subrule letters in the CR: a to z without l and o (the CR's own convention)
LETTERS = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "lo"]


def load() -> tuple[dict[str, Any], dict[str, Any]]:
    """The snapshot of the CR's subrules and the map."""
    return (
        yaml.safe_load(SUBRULES.read_text(encoding="utf-8")),
        yaml.safe_load(MAP.read_text(encoding="utf-8")),
    )


@cache
def _test_names(path: Path) -> frozenset[str]:
    """``name`` and ``Class::name`` of every test function in a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            out.add(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            out.update(
                f"{node.name}::{n.name}"
                for n in node.body
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name.startswith("test")
            )
    return frozenset(out)


def test_exists(node_id: str, root: Path = ROOT) -> bool:
    """Whether a pytest node id (``path::test`` or ``path::Class::test``, no parameters) names a
    test function in a test file of the repository."""
    path, sep, name = node_id.partition("::")
    file = root / path
    if not sep or not path.startswith("tests/") or not file.is_file():
        return False
    return name in _test_names(file)


def _key(number: str) -> tuple[int, ...]:
    m = re.fullmatch(r"(\d+)\.(\d+)([a-z]?)", number)
    if m is None:
        return (-1,)
    return (int(m[1]), int(m[2]), LETTERS.index(m[3]) + 1 if m[3] in LETTERS else (0 if not m[3] else 99))


def snapshot_problems(snapshot: dict[str, Any]) -> list[str]:
    """The snapshot is in CR order and its lettered subrules run without a gap (a, b, ... skipping l
    and o), so a subrule left out inside a run is caught."""
    numbers = list(snapshot["subrules"])
    out = [f"{n}: not a subrule number" for n in numbers if _key(n) == (-1,)]
    if out:
        return out
    if numbers != sorted(numbers, key=_key):
        out.append("the subrules are not in CR order")
    runs: dict[str, list[str]] = {}
    for n in numbers:
        m = re.fullmatch(r"(\d+\.\d+)([a-z]?)", n)
        assert m is not None
        runs.setdefault(m[1], []).append(m[2])
    for rule, letters in runs.items():
        lettered = [x for x in letters if x]
        if lettered != LETTERS[: len(lettered)]:
            out.append(f"{rule}: its lettered subrules {lettered} skip a letter")
        if lettered and "" not in letters:
            out.append(f"{rule}: lettered subrules without the rule itself")
    return out


def problems(snapshot: dict[str, Any], cr_map: dict[str, Any], root: Path = ROOT) -> list[str]:
    """Everything wrong with the map: a subrule missing or extra (against the snapshot), an entry in
    neither state or both, an unknown key, an empty reason, a test id that names no test."""
    out = snapshot_problems(snapshot)
    numbers = list(snapshot["subrules"])
    out += [f"{n}: a subrule of the CR the map does not list" for n in numbers if n not in cr_map]
    out += [f"{n}: not a subrule of the CR edition's list" for n in cr_map if n not in snapshot["subrules"]]
    if [n for n in cr_map if n in snapshot["subrules"]] != [n for n in numbers if n in cr_map]:
        out.append("the map's subrules are not in the snapshot's order")
    for n, entry in cr_map.items():
        if not isinstance(entry, dict) or not entry or set(entry) - KEYS:
            out.append(f"{n}: an entry is a mapping of {sorted(KEYS)}")
            continue
        tests, reason = entry.get("tests"), entry.get("not_modelled")
        if (tests is None) == (reason is None):
            out.append(f"{n}: give either tests or not_modelled, exactly one")
        if reason is not None and (not isinstance(reason, str) or len(reason.split()) < 4):
            out.append(f"{n}: not_modelled needs its reason, in a few words at least")
        if "gap" in entry and (tests is None or not str(entry["gap"]).strip()):
            out.append(f"{n}: a gap goes with tests, and says what they leave out")
        if tests is not None:
            if not isinstance(tests, list) or not tests:
                out.append(f"{n}: tests is a non-empty list of pytest node ids")
                continue
            out += [
                f"{n}: no such test: {t}" for t in tests if not (isinstance(t, str) and test_exists(t, root))
            ]
            if len(set(tests)) != len(tests):
                out.append(f"{n}: a test is listed twice")
    return out


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(snapshot: dict[str, Any], cr_map: dict[str, Any]) -> str:
    """The page: per section, a table of subrule, title and state (the tests, or why not)."""
    numbers = list(snapshot["subrules"])
    pinned = sum(1 for n in numbers if "tests" in cr_map.get(n, {}))
    gaps = sum(1 for n in numbers if "gap" in cr_map.get(n, {}))
    lines = [
        "# A map of the Comprehensive Rules: what rulekit models",
        "",
        "<!-- generated by tools/cr_map.py from docs/cr-map.yaml and docs/cr-subrules.yaml; do not edit -->",
        "",
        f"Every subrule of CR {', '.join(snapshot['sections'])}, as numbered in the {snapshot['edition']},",
        "with the tests that pin it or the reason rulekit does not model it. Titles are ours, not the CR's",
        "words. `tests/mtg/test_cr_map.py` fails when a test named here does not exist, when a subrule is",
        "in neither state, or when the list differs from `docs/cr-subrules.yaml`.",
        "",
        f"**{pinned} of {len(numbers)} subrules are pinned by tests** ({gaps} of them with a gap named);"
        f" {len(numbers) - pinned} are not modelled.",
        "",
    ]
    section = None
    for n in numbers:
        head = next(
            s for s in sorted(snapshot["sections"], key=len, reverse=True) if n == s or n.startswith(s)
        )
        if head != section:
            section = head
            lines += ["", f"## {head}", "", "| subrule | what it says | modelled |", "|---|---|---|"]
        entry = cr_map.get(n, {})
        if "tests" in entry:
            state = "<br>".join(f"`{_cell(t)}`" for t in entry["tests"])
            if "gap" in entry:
                state += f"<br>*gap:* {_cell(entry['gap'])}"
        else:
            state = f"not modelled: {_cell(entry.get('not_modelled', '?'))}"
        lines.append(f"| {n} | {_cell(snapshot['subrules'][n])} | {state} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="fail if the map is wrong or docs/cr-map.md is stale")
    args = p.parse_args(argv)
    snapshot, cr_map = load()
    found = problems(snapshot, cr_map)
    for line in found:
        print(line, file=sys.stderr)
    page = render(snapshot, cr_map)
    if args.check:
        stale = not PAGE.is_file() or PAGE.read_text(encoding="utf-8") != page
        if stale:
            print("docs/cr-map.md is stale: run python tools/cr_map.py", file=sys.stderr)
        return 1 if found or stale else 0
    PAGE.write_text(page, encoding="utf-8")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
