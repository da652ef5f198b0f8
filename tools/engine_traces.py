"""Record and compare MTG engine traces (a change that is not a rule change keeps them byte-identical).

    python tools/engine_traces.py record OUT.jsonl [--random N] [--big]
    python tools/engine_traces.py compare BEFORE.jsonl AFTER.jsonl

``record`` solves every built-in MTG scenario, the benchmark boards (``benchmarks/board.py``
and :func:`rulekit.mtg.generate.board`) and ``N`` random scenarios
(:func:`rulekit.mtg.generate.random_scenario_text`, as the property tests draw them), and writes
one JSON line per case: its name and, for the ``seed`` edition, the whole trace
(:meth:`Trace.full_dict`), the ``--json`` text of the ``current`` edition and of the
timestamp-only solve, and the scenario's effect list. ``--big`` adds the scaling boards
(1,000/120 to 4,000/480 objects/effects). ``compare`` names every case that differs, and in which
part, and exits 1 if any does, except those that differ because they use a library card the
earlier recording did not have (``new data``: the recording's first line lists every library card
with a digest of its data, and each case the cards it ``uses``; see ``tools/trace_files.py``).

Random boards draw their cards by name (:func:`rulekit.mtg.generate.pick_name`): a card added to
the library changes only the random cases it is drawn into, and those are named ``new data``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tools"))

from trace_files import USES, compare, write_case, write_data  # noqa: E402 (tools/ is on the path now)


def _cases(n_random: int, big: bool) -> Iterator[tuple[str, Any]]:
    from rulekit import mtg
    from rulekit.mtg.generate import board, random_scenario_text

    for name in mtg.list_scenarios():
        yield name, lambda name=name: mtg.load_scenario(name)
    import board as bench_board  # benchmarks/board.py

    sizes = [(60, 20, 1), (200, 30, 2), (500, 60, 0)]
    if big:
        sizes += [(1000, 120, 0), (2000, 240, 0), (4000, 480, 0)]
    for n, e, seed in sizes:
        for moon in (False, True):
            text = bench_board.generate_board(n, e, seed=seed, moon=moon)
            yield f"bench/{n}-{e}-{seed}-{moon}", lambda text=text: _trusted_board(text)
    for n, e, seed in [(60, 12, 1), (300, 40, 3)]:
        yield f"generate/{n}-{e}-{seed}", lambda n=n, e=e, seed=seed: board(n, e, seed=seed)
    for i in range(n_random):
        explicit, events = bool(i % 2), bool((i // 2) % 2)
        text = random_scenario_text(random.Random(i), explicit_timestamps=explicit, events=events)
        yield f"random/{i}", lambda text=text: mtg.scenario_from_text(text, "random.yaml")


def _trusted_board(text: str) -> Any:
    """A benchmark board, larger than a stranger's scenario may be (:mod:`rulekit.limits`): the
    object and effect bounds are lifted for this load (:func:`rulekit.limits.lifted`, as
    ``benchmarks/run.py`` does; :func:`record` lifts the solve's own bounds for every case it solves)."""
    from rulekit import limits, mtg

    with limits.lifted(("MAX_OBJECTS", "MAX_EFFECTS")):
        return mtg.scenario_from_text(text, "board.yaml")


def _library_digests() -> dict[str, str]:
    """Every library card and a digest of its data (what a case that uses it was built from)."""
    import hashlib
    import json

    from rulekit.mtg.loader import library

    return {
        name: hashlib.blake2b(
            json.dumps(card, sort_keys=True, default=str).encode(), digest_size=8
        ).hexdigest()
        for name, card in sorted(library().items())
    }


def _record_one(load: Any) -> dict[str, Any]:
    from rulekit import mtg
    from rulekit.errors import RulekitError

    try:
        s = load()
    except RulekitError as exc:
        return {"load_error": str(exc)}
    out: dict[str, Any] = {USES: sorted({o.card for o in s.objects if o.card})}
    try:
        t = mtg.solve(s)
        out["full"] = t.full_dict()
        out["json"] = t.to_json_dict()
        out["current"] = mtg.solve(s, ruleset="current").to_json_dict()
        out["timestamp_only"] = mtg.solve(s, dependency=False).to_json_dict()
        out["effects"] = mtg.effects(s)
    except RulekitError as exc:
        out["solve_error"] = str(exc)
    return out


def record(path: Path, n_random: int, big: bool) -> None:
    from rulekit import limits

    lift = ("MAX_SOLVE_EFFECTS", "MAX_STEP_OBJECTS") if big else ()  # the scaling boards make more
    with path.open("w", encoding="utf-8") as fh, limits.lifted(lift):
        write_data(fh, _library_digests())
        for name, load in _cases(n_random, big):
            write_case(fh, name, _record_one(load))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--random", type=int, default=3000)
    r.add_argument("--big", action="store_true")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = p.parse_args(argv)
    if args.cmd == "record":
        record(args.out, args.random, args.big)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
