"""How long the Apoteose effect-text parser takes on long hostile texts (figures, not tests).

    python benchmarks/bench_apoteose_text.py

Splitting a description tested every " e " join against the whole rest of the text,
so a text of n joins cost n² (32 kB: 2.9 s, 100 kB: up to 28 s). The clause splitter now looks at a
bounded window after each join. Each figure is the median of 3 runs of ``parse_effect``; the time
per kB should stay flat as the text grows.

The description reader is now a grammar (lark, Earley): each clause costs a few milliseconds, so a
description is bounded to 40 clauses of 160 characters (longer ones are reported, not read), and
identical clauses are read once.

Measured 2026-12-01 on the shared 2-core build machine, whole ``parse_effect``:

=====================  ========  ==========
text                   32 kB     100 kB
=====================  ========  ==========
``x e `` × n           3.6 s     25.0 s   (before, regex reader)
``x e `` × n           0.24 s    0.78 s   (linear splitter, grammar reader)
``Cure 1 de VIDA e ``  0.12 s    0.41 s
``a, `` × n            0.25 s    0.77 s
``1. `` × n            0.17 s    0.54 s
=====================  ========  ==========

One description at the bound, 40 distinct clauses: 0.36 s.

Clauses per second: every distinct clause of ``tests/apoteose/corpus.yaml``, read once with
the cache cleared, best of 3 (``measure_rate``), 2026-12-03 on the same machine:

=======================================================  ================
reader                                                   clauses/second
=======================================================  ================
phrase grammar, Earley (the earlier reader)                 528
noun-phrase grammar, Earley only                         101
noun-phrase grammar, LALR(1) first, Earley behind        1620-2160
reading pipeline (simplemma, text2num, lexicon) first       930-1539 (before it, same runs: 949-1247)
=======================================================  ================

axis                            rewordings  invariant
==============================  ==========  =========
mood:third-person                      241     97.5 %
mood:third-person-requirement           42      0.0 %
mood:imperative                          5    100.0 %
mood:infinitive                        258      0.0 %
synonym:hero                           135    100.0 %
synonym:verb                            55      0.0 %
number:words                           281     29.2 %
number:one                              92    100.0 %
contraction                              4      0.0 %
opener                                  84      0.0 %
order                                   36      0.0 %
accents                                 84     97.6 %
accents:capitals                        33     84.8 %
case                                   312    100.0 %
==============================  ==========  =========
=======
(2026-12-06 figures: ``measure_rate(5)``, the pipeline's text cache cleared too, the reader before and after
the pipeline run in turn on the machine shared by eight builds; the two sets overlap.)

Invariance per rewording axis (``measure_invariance``): every rewording that
``tests/apoteose/paraphrase.py`` makes of every corpus text on an axis (a few seeds of its choices), and
the share that reads to the same statements as its source (target ≥ 99 % on each axis). The axes that
``tests/apoteose/test_paraphrase.py`` lists as pending are below it today. 2026-12-06, same machine
(loaded: clauses/second 766 before, the reading pipeline came after):

==============================  ==========  =="""

from __future__ import annotations

import contextlib
import statistics
import time

from rulekit.apoteose.text import parse_effect
from rulekit.errors import RulekitError

UNITS = {
    "x e ": "joins that start no clause",
    "Cure 1 de VIDA e ": "joins that start a clause",
    "a, ": "commas",
    "1. ": "sentences",
}


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


def measure_clauses(n: int = 40) -> float:
    """Seconds to read one description of ``n`` *distinct* clauses (the grammar's cache cannot help)."""
    from rulekit.apoteose.grammar import _parse_cached, _parser

    _parser()
    _parse_cached.cache_clear()
    text = "Ativar " + " e ".join(f"Cause {i} de DANO a todos os oponentes" for i in range(1, n + 1))
    start = time.perf_counter()
    parse_effect(text)
    return time.perf_counter() - start


def measure_rate(repeat: int = 3) -> tuple[int, float]:
    """(clauses, clauses per second): the distinct clauses of ``tests/apoteose/corpus.yaml``, each read
    once with the grammar's cache cleared (best of ``repeat``)."""
    from pathlib import Path

    import yaml

    from rulekit.apoteose.grammar import ClauseError, Refs, _fast_parser, _parse_cached, _parser
    from rulekit.apoteose.lang import split_clauses

    corpus = yaml.safe_load(
        (Path(__file__).resolve().parents[1] / "tests" / "apoteose" / "corpus.yaml").read_text(
            encoding="utf-8"
        )
    )
    clauses = [
        c.strip().rstrip(".").strip()
        for e in corpus
        for c in split_clauses(parse_effect(e["text"]).description)
        if c.strip()
    ]
    _parser()
    _fast_parser()
    with contextlib.suppress(ImportError):  # the Earley parser keeping every reading (two readings refused)
        from rulekit.apoteose.grammar import _ambiguous_parser

        _ambiguous_parser()
    best = float("inf")
    for _ in range(repeat):
        _parse_cached.cache_clear()
        with contextlib.suppress(ImportError):  # the reading pipeline's cache of whole texts (not of words)
            from rulekit.apoteose.reading import _read_cached

            _read_cached.cache_clear()
        start = time.perf_counter()
        for c in clauses:
            with contextlib.suppress(ClauseError):
                _parse_cached(c, Refs())
        best = min(best, time.perf_counter() - start)
    return len(clauses), len(clauses) / best


def measure_invariance(tries: int = 4) -> dict[str, dict[str, float]]:
    """Axis → ``{"n": rewordings, "rate": share read the same}`` over the corpus (``paraphrase.py``)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "apoteose"))
    import paraphrase  # tests/apoteose/paraphrase.py

    out: dict[str, dict[str, float]] = {}
    sources = [(e["text"], paraphrase.reading(e["text"])) for e in paraphrase.corpus()]
    for axis in paraphrase.AXES:
        n = same = 0
        for text, source in sources:
            for v in paraphrase.variants(axis, text, tries=tries):
                n += 1
                same += paraphrase.reading(v) == source
        out[axis] = {"n": n, "rate": round(same / n, 4) if n else 1.0}
    return out


def figures() -> dict[str, object]:
    """The figures ``benchmarks/run.py`` reports: clauses per second and the invariance per axis."""
    n, rate = measure_rate()
    return {"apoteose_clauses_per_s": round(rate), "apoteose_invariance": measure_invariance()}


def main() -> None:
    print(f"{'text':<22} {'32 kB':>8} {'100 kB':>8}  ms/kB at 100 kB")
    for unit in UNITS:
        a, b = measure(unit, 32_000), measure(unit, 100_000)
        print(f"{unit!r:<22} {a:>7.2f}s {b:>7.2f}s  {b * 1000 / 100:.2f}")
    print(f"one description of 40 distinct clauses (the bound): {measure_clauses():.2f}s")
    n, rate = measure_rate()
    print(f"{n} corpus clauses: {rate:.0f} clauses/second")
    for axis, row in measure_invariance().items():
        print(f"{axis:<30} {row['n']:>6} rewordings {row['rate'] * 100:>6.1f} % read the same")


if __name__ == "__main__":
    main()
