"""The worst inputs under 100 kB, per command and explorer: CPU seconds and peak memory.

Figures, not tests (the units each bound counts are asserted in ``tests/hostile``). Each case runs
in a fresh interpreter, as a reader runs it: ``rulekit <command>`` through its whole start, or an
explorer's first render through its Python constructor (``backend="text"``: the diagram's DOT, no
Graphviz). ``cpu_s`` is the child's user + system time (steadier than the wall clock on a loaded
machine), ``peak_mb`` its peak resident memory; ``refused`` says whether it ended with the located
refusal of a bound (exit 2) rather than an output. Targets (issue "every cost bounded"): every case
≤ 5 s and ≤ 500 MB.

    python benchmarks/bench_worst.py          # a table
    python benchmarks/bench_worst.py --json   # one JSON object

The boards come from ``tests/hostile/families.py`` (each the largest of its family under 100 kB
that the bounds let through, or the smallest that one of them refuses) and
``benchmarks/history.py`` (650 resolved effects whose sets read power).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests" / "hostile"))

TARGETS = {"cpu_s": 5.0, "peak_mb": 500}


def _boards() -> dict[str, str]:
    import families
    import history

    return {
        "dense-anthems": families.anthems_over_long_names(250, 199, 208),
        "k40-types": families.each_makes_the_others_type(40),
        "200-artifacts-enchantments": families.artifacts_and_enchantments(200),
        "100-conditional-types": families.conditional_types_each_way(100),
        "power-history-650": history.generate_power_history(650),
        "200-autos-20-steps": families.autos_answering_steps(200, 20),
        "30-autos-10-steps": families.autos_answering_steps(30, 10),
    }


#: (label, board, argv after ``rulekit`` with {file} and {out}, or ``None`` for an explorer)
CASES: list[tuple[str, str, list[str] | str]] = [
    ("solve", "dense-anthems", ["solve", "{file}"]),
    ("solve --json", "dense-anthems", ["solve", "{file}", "--json"]),
    ("explain", "dense-anthems", ["explain", "{file}"]),
    ("explain pt-BR", "dense-anthems", ["explain", "{file}", "--lang", "pt-BR"]),
    ("solve", "100-conditional-types", ["solve", "{file}"]),
    ("solve", "200-artifacts-enchantments", ["solve", "{file}"]),
    ("explain", "200-artifacts-enchantments", ["explain", "{file}"]),
    ("diagram --svg", "200-artifacts-enchantments", ["diagram", "{file}", "--svg", "{out}"]),
    ("diagram --svg", "k40-types", ["diagram", "{file}", "--svg", "{out}"]),
    ("solve (history)", "power-history-650", ["solve", "{file}"]),
    ("explain (history)", "power-history-650", ["explain", "{file}"]),
    ("chain", "200-autos-20-steps", ["chain", "{file}"]),
    ("chain --json", "30-autos-10-steps", ["chain", "{file}", "--json"]),
    ("explain", "30-autos-10-steps", ["explain", "{file}"]),
    ("LayerExplorer", "dense-anthems", "LayerExplorer"),
    ("LayerExplorer", "200-artifacts-enchantments", "LayerExplorer"),
    ("LayerExplorer", "power-history-650", "LayerExplorer"),
    ("LayerExplorer", "100-conditional-types", "LayerExplorer"),
    ("ChainExplorer", "30-autos-10-steps", "ChainExplorer"),
]

_EXPLORER = """
import sys
from rulekit.widgets import {cls}
x = {cls}(sys.argv[1], backend="text")  # a path: loaded, solved and shown by the explorer itself
sys.exit(2 if x.error.value else 0)
"""


def _run(argv: list[str]) -> tuple[float, float, int]:
    """Run ``argv`` in a child; its CPU seconds, peak MB and exit code."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)  # this child's own figures
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


def measure() -> dict[str, Any]:
    """One row per case (see the module doc)."""
    rows = []
    boards = _boards()
    rulekit = [str(Path(sys.executable).with_name("rulekit"))]
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for name, text in boards.items():
            path = Path(tmp) / f"{name}.yaml"
            path.write_text(text, encoding="utf-8")
            files[name] = path
        for label, board, how in CASES:
            path = files[board]
            if isinstance(how, str):
                argv = [sys.executable, "-c", _EXPLORER.format(cls=how), str(path)]
            else:
                out = os.path.join(tmp, "out.svg")
                argv = rulekit + [a.format(file=path, out=out) for a in how]
            cpu, peak, code = _run(argv)
            rows.append(
                {
                    "command": label,
                    "board": board,
                    "bytes": path.stat().st_size,
                    "cpu_s": round(cpu, 2),
                    "peak_mb": round(peak),
                    "refused": code == 2,
                    "exit": code,
                }
            )
    return {"worst_100kb": rows}


def print_table(rows: list[dict[str, Any]]) -> None:
    for r in rows:
        state = "refused" if r["refused"] else ("ok" if r["exit"] == 0 else f"exit {r['exit']}")
        targets = f"(targets ≤ {TARGETS['cpu_s']:g} s, ≤ {TARGETS['peak_mb']} MB)"
        print(
            f"worst {r['command']:<18} {r['board']:<27} {r['bytes']:>7} B {r['cpu_s']:>6.2f} s CPU"
            f" {r['peak_mb']:>5} MB peak  {state:<8} {targets}"
        )


if __name__ == "__main__":
    figures = measure()
    if "--json" in sys.argv:
        print(json.dumps(figures, sort_keys=True))
    else:
        print_table(figures["worst_100kb"])
