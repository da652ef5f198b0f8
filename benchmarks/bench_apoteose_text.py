"""How long the Apoteose effect-text parser takes on long hostile texts (figures, not tests).

    python benchmarks/bench_apoteose_text.py

Issue 11 §2: splitting a description tested every " e " join against the whole rest of the text,
so a text of n joins cost n² (32 kB: 2.9 s, 100 kB: up to 28 s). The clause splitter now looks at a
bounded window after each join. Each figure is the median of 3 runs of ``parse_effect``; the time
per kB should stay flat as the text grows.

Measured 2026-12-01 on the shared 2-core build machine, whole ``parse_effect`` (before → after the fix):

=====================  ========  ==========
text                   32 kB     100 kB
=====================  ========  ==========
``x e `` × n           3.6 s     25.0 s   (before)
``x e `` × n           0.26 s    0.63 s   (after)
``Cure 1 de VIDA e ``  0.22 s    0.94 s   (after)
``1. `` × n            0.48 s    1.75 s   (after)
=====================  ========  ==========
"""

from __future__ import annotations

import contextlib
import statistics
import time

from rulekit.apoteose.text import parse_effect
from rulekit.errors import RulekitError

UNITS = {"x e ": "joins that start no clause", "Cure 1 de VIDA e ": "joins that start a clause",
         "a, ": "commas", "1. ": "sentences"}


def measure(unit: str, size: int, repeat: int = 3) -> float:
    """Median seconds to parse ``Ativar <unit × n>`` of about ``size`` characters."""
    text = "Ativar " + unit * (size // len(unit))
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        with contextlib.suppress(RulekitError):
            parse_effect(text)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    print(f"{'text':<22} {'32 kB':>8} {'100 kB':>8}  ms/kB at 100 kB")
    for unit in UNITS:
        a, b = measure(unit, 32_000), measure(unit, 100_000)
        print(f"{unit!r:<22} {a:>7.2f}s {b:>7.2f}s  {b * 1000 / 100:.2f}")


if __name__ == "__main__":
    main()
