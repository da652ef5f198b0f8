"""The Oracle reader (rulekit/mtg/oracle) against the library: the rate and the speed (figures, not tests).

    python benchmarks/bench_oracle.py

Rate: the share of the library's continuous-effect abilities (static, resolves, cda) whose Oracle text
reads as their written data (``rulekit.mtg.oracle.measure``; the differences are listed with reasons in
``tests/mtg_library/data/oracle-differences.yaml``). Speed: every such ability read once, best of 3,
after the parser is built (building it, once per process, is timed apart).

Measured 2026-12-06 on the shared 2-core build machine (eight sessions running):

======================================  ==========
figure                                  value
======================================  ==========
library abilities read as their data    353 / 372 (94.9 %)
abilities read per second               57 (Earley parser, no LALR fast path yet)
parser build (once)                     0.56 s
======================================  ==========
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rulekit.mtg.oracle.measure import library_abilities
from rulekit.mtg.oracle.measure import measure as measure_library
from rulekit.mtg.oracle.reader import _parser, read_ability


def outsiders() -> dict[str, Any]:
    """The reader on cards it was not built from (tests/mtg_library/test_oracle_outsiders.py: every Magic
    2010 card not in the library, each continuous-effect ability checked on a board written by hand)."""
    import sys

    root = Path(__file__).resolve().parent.parent
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from tests.mtg_library import test_oracle_outsiders as t

    right = sum(not t.outcome(c) for c in t.MODELLED)
    refused = sum(t.reading(n, i).status != "read" for n, i, _ in t.NOT_MODELLED)
    return {
        "oracle_outsider_rate": round(right / len(t.MODELLED), 4),
        "oracle_outsider_read": f"{right}/{len(t.MODELLED)}",
        "oracle_outsider_not_modelled_refused": f"{refused}/{len(t.NOT_MODELLED)}",
    }


def measure(repeat: int = 3) -> dict[str, Any]:
    start = time.perf_counter()
    _parser()
    build_s = time.perf_counter() - start
    cases = measure_library()
    rows = library_abilities()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for card, text, _kind, _spec in rows:
            read_ability(text, card)
        best = min(best, time.perf_counter() - start)
    same = sum(c.same for c in cases)
    return {
        **outsiders(),
        "oracle_library_rate": round(same / len(cases), 4),
        "oracle_library_read": f"{same}/{len(cases)}",
        "oracle_abilities_per_s": round(len(rows) / best, 1),
        "oracle_parser_build_s": round(build_s, 2),
    }


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:<28} {value}")
