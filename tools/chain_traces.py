"""Record and compare Apoteose chain traces (a change that is not a rule change keeps them byte-identical).

    python tools/chain_traces.py record OUT.jsonl [--random N] [--seed S]
    python tools/chain_traces.py compare BEFORE.jsonl AFTER.jsonl

``record`` runs every built-in Apoteose scenario (lesson 05's explorers among them), every runnable
example text of ``rulekit/data/apoteose/examples.yaml`` on the board of
``tests/apoteose/test_examples_run.py``, every corpus card of ``tests/apoteose/corpus.yaml`` on the
board of ``tests/apoteose/test_corpus.py``, and ``N`` cases of ``tools/fuzz.py``'s Apoteose generator
(fixed seed, valid and mutated alike) and ``N`` of its valid scenarios, and writes one JSON line per
case: the ``rulekit chain --json`` output, the ``rulekit chain`` text in English, Portuguese and
Spanish, the chain log table's rows, and for built-in scenarios and examples a session walk (every
decision point as plain data, the last option taken each time). A case that does not load or run
records its error message, and each case its ``input`` (a digest of what it is built from: the scenario
file, example text, corpus entry or generated case). ``compare`` names every case that differs, and in
which part, and exits 1 if any does for the same input; a case whose input changed (the fuzz cases draw
from the corpus: new corpus texts change them) is counted apart, as a new input. Corpus cases are
named by their ``id:`` (``corpus/<id>``); a recording from before the ids
(``corpus/000``…) is compared by mapping each old name to the id of the case with the same text.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "apoteose"))
sys.path.insert(0, str(ROOT / "tools"))

from trace_files import INPUT, compare, input_digest, write_case  # noqa: E402 (tools/ is on the path now)

#: Most decision points a session walk takes (a walk that runs longer is cut there, the same each time).
MAX_WALK = 40


def _cases(n_random: int, seed: int) -> Iterator[tuple[str, Callable[[], Any], bool, str]]:
    """``(name, load, walk, input)``: ``load()`` gives a Scenario (or raises RulekitError); ``input``
    is a digest of what the case is built from (the fuzz cases draw from the corpus: when it grows,
    their input changes, and ``compare`` tells them apart from an output changed for the same input)."""
    import json

    import yaml

    from rulekit.apoteose.scenario import load_scenario, load_scenario_text
    from rulekit.scenarios import SCENARIO_DIR, list_builtin

    for name in list_builtin("apoteose"):
        source = (SCENARIO_DIR / f"{name}.yaml").read_bytes()
        yield f"builtin/{name}", lambda name=name: load_scenario(name), True, input_digest("builtin", source)
    import test_corpus  # tests/apoteose/test_corpus.py
    import test_examples_run  # tests/apoteose/test_examples_run.py

    examples_file = ROOT / "rulekit" / "data" / "apoteose" / "examples.yaml"
    examples = yaml.safe_load(examples_file.read_text(encoding="utf-8"))
    for i, ex in enumerate(examples["examples"]):
        digest = input_digest("example", ex["text"])
        yield f"example/{i:03d}", lambda text=ex["text"]: test_examples_run.table(text), True, digest
    for entry in test_corpus.CORPUS:  # named by its id: inserting a case renames nothing
        digest = input_digest("corpus", json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str))
        yield f"corpus/{entry['id']}", lambda entry=entry: test_corpus.board(entry), False, digest
    import fuzz  # tools/fuzz.py

    gen = fuzz._Gen()
    for i in range(n_random):
        case = gen.case(seed, "apoteose", i)

        def load(case: Any = case) -> Any:
            return load_scenario_text(case.data.decode("utf-8", errors="replace"), "fuzz.yaml")

        yield f"fuzz/{i:04d}", load, False, input_digest("fuzz", case.data)
    import random

    for i in range(n_random):  # the generator's valid scenarios only: most of them run a chain
        text = fuzz.dump(fuzz.apoteose_valid(random.Random(f"{seed}:valid:{i}"), gen.texts))
        digest = input_digest("valid", text)
        yield f"valid/{i:04d}", lambda text=text: load_scenario_text(text, "fuzz.yaml"), False, digest


def _chain_text(trace: Any, lang: str) -> str:
    """What ``rulekit chain SCENARIO --lang LANG`` prints for this trace."""
    import rulekit.apoteose.chain as chain_mod
    from rulekit.apoteose import commands

    # commands imports run_chain and load_scenario by name at module top: they are replaced while the
    # command prints (the scenario is already run: no file, so the output budget is the smallest one)
    real, real_load = chain_mod.run_chain, commands.load_scenario
    chain_mod.run_chain = commands.run_chain = lambda *_a, **_k: trace  # type: ignore[assignment]
    commands.load_scenario = lambda *_a, **_k: argparse.Namespace(doc=None)  # type: ignore[assignment]
    try:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            commands.chain_cmd(argparse.Namespace(scenario="x", json=False, lang=lang))
    finally:
        chain_mod.run_chain = commands.run_chain = real  # type: ignore[assignment]
        commands.load_scenario = real_load  # type: ignore[assignment]
    return out.getvalue()


def _walk(load: Callable[[], Any]) -> list[Any]:
    from rulekit.apoteose.session import ChainSession
    from rulekit.errors import RulekitError

    steps: list[Any] = []
    try:
        s = ChainSession(load())
        while not s.done and len(steps) < MAX_WALK:
            assert s.point is not None
            steps.append(s.window())
            s.choose(s.point.options[-1].id)
        steps.append({"done": s.done, "json": s.trace.to_json() if s.trace else None})
    except RulekitError as exc:
        steps.append({"error": str(exc)})
    return steps


def _record_one(load: Callable[[], Any], walk: bool) -> dict[str, Any]:
    from rulekit.apoteose.chain import run_chain
    from rulekit.errors import RulekitError
    from rulekit.views.chain import chain_log_table

    try:
        sc = load()
    except RulekitError as exc:
        return {"load_error": str(exc)}
    out: dict[str, Any] = {}
    try:
        trace = run_chain(sc)
    except RulekitError as exc:
        out["run_error"] = str(exc)
        return out
    out["json"] = trace.to_json()
    from rulekit.i18n import LANGUAGES  # the language registry

    for lang in LANGUAGES:
        out[f"text/{lang}"] = _chain_text(trace, lang)
    out["log"] = [list(r) for r in chain_log_table(trace).rows]
    if walk:
        out["walk"] = _walk(load)
    return out


#: The last commit whose corpus cases were named by their position (``corpus/000``…): a recording made
#: before it is compared by mapping each old name to the case's id, found by its text.
NUMBERED_CORPUS_COMMIT = "406332f"


def legacy_corpus_names() -> dict[str, str]:
    """``corpus/<position>`` (the corpus file at :data:`NUMBERED_CORPUS_COMMIT`) → ``corpus/<id>`` (today's
    case with the same text); a text changed since has no new name and is compared with nothing. Empty
    when git or that commit is not at hand."""
    import subprocess

    import test_corpus  # tests/apoteose/test_corpus.py
    import yaml

    try:
        old = subprocess.run(
            ["git", "show", f"{NUMBERED_CORPUS_COMMIT}:tests/apoteose/corpus.yaml"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    ids: dict[str, list[str]] = {}  # a text written twice has two ids, taken in order
    for e in test_corpus.CORPUS:
        ids.setdefault(e["text"], []).append(e["id"])
    out = {}
    for i, e in enumerate(yaml.safe_load(old)):
        if ids.get(e["text"]):
            out[f"corpus/{i:03d}"] = f"corpus/{ids[e['text']].pop(0)}"
    return out


def record(path: Path, n_random: int, seed: int) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for name, load, walk, digest in _cases(n_random, seed):
            write_case(fh, name, {INPUT: digest, **_record_one(load, walk)})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--random", type=int, default=400)
    r.add_argument("--seed", type=int, default=10)
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = p.parse_args(argv)
    if args.cmd == "record":
        record(args.out, args.random, args.seed)
        return 0
    return compare(args.before, args.after, rename=legacy_corpus_names())


if __name__ == "__main__":
    sys.exit(main())
