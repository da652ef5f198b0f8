"""How the Apoteose description reader does on card texts nobody on the team had seen (figures, not tests).

    python benchmarks/bench_apoteose_heldout.py

The held-out set is ``tests/apoteose/heldout.yaml``: card texts written blind from the seeds, each with its
intended meaning, then read and judged by hand (``tests/apoteose/heldout.py``). A text is **right** (read
as meant), **refused** (the reader names the word it did not read) or **misread** (read to something else,
with no refusal: the worst kind). A text whose reading changed since it was judged counts as **changed**
until someone judges it again (``python tests/apoteose/heldout.py`` lists them).

Measured 2026-12-06 on main at the start of the measurement (111ba59), 72 texts: 43 right (59.7 %),
28 refused (38.9 %), 1 misread (1.4 %: «Tu recuperas…» read as a hero named «Tu»). After its fix and three
small lexicon phrases («tá com» = «estiver com», a hero «numa casa vizinha» = adjacent): 47 right (65.3 %),
25 refused (34.7 %), 0 misread.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def figures() -> dict[str, Any]:
    """``apoteose_heldout``: the number of texts, how many are right, refused, misread, changed, and the
    shares of the first three."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "apoteose"))
    import heldout  # tests/apoteose/heldout.py

    return {"apoteose_heldout": heldout.rates()}


def main() -> None:
    row = figures()["apoteose_heldout"]
    print(f"held-out Apoteose card texts: {row['n']}")
    for verdict in ("right", "refused", "misread"):
        print(f"{verdict:<8} {row[verdict]:>4}  {row[f'{verdict}_rate'] * 100:>5.1f} %")
    print(f"{'changed':<8} {row['changed']:>4}  (reading changed since judged: judge again)")


if __name__ == "__main__":
    main()
