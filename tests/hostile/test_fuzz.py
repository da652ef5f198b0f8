"""A few hundred examples of ``tools/fuzz.py`` (issue 11 §4): no crash, no hang, no difference.

The full-size run (100,000 MTG and 50,000 Apoteose examples) is ``python tools/fuzz.py``; its
figures are in the README. Here a small, fixed slice runs on every test run.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulekit_fuzz", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz()


def test_cases_are_deterministic() -> None:
    gen_a, gen_b = FUZZ._Gen(), FUZZ._Gen()
    for game in ("mtg", "apoteose"):
        for i in range(20):
            assert gen_a.case(7, game, i).data == gen_b.case(7, game, i).data
    kinds = {gen_a.case(7, "mtg", i).kind.split("+")[0] for i in range(200)}
    assert {"valid", "delete", "wrong_type", "hostile", "bytes"} <= kinds


def test_mtg_fuzz_slice_has_no_crash_hang_or_difference() -> None:
    figures, digests = FUZZ.run_all(seed=11, n_mtg=300, n_apo=0, timeout=5.0, repeat=True, check_every=3)
    assert figures.examples["mtg"] == 300
    assert figures.accepted["mtg"] >= 50  # the valid part really runs the engine
    assert figures.crashes == []
    assert figures.hangs == []
    assert figures.differences == []
    assert len(digests) == 100


def test_apoteose_fuzz_slice_has_no_crash_hang_or_difference() -> None:
    figures, _ = FUZZ.run_all(seed=11, n_mtg=0, n_apo=100, timeout=5.0, repeat=True, check_every=3)
    assert figures.examples["apoteose"] == 100
    assert figures.crashes == []
    assert figures.hangs == []
    assert figures.differences == []


def test_another_hash_seed_gives_the_same_outcomes() -> None:
    _, ours = FUZZ.run_all(seed=12, n_mtg=40, n_apo=10, timeout=5.0, repeat=False, check_every=2)
    env = dict(os.environ, PYTHONHASHSEED="4242", PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "fuzz.py"),
            "--seed",
            "12",
            "--mtg",
            "40",
            "--apoteose",
            "10",
            "--check-every",
            "2",
            "--no-repeat",
            "--no-hashseed",
            "--digests",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    import json

    theirs = json.loads(run.stdout.splitlines()[-1])
    assert theirs == ours


def test_the_command_prints_figures_and_json() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "fuzz.py"),
            "--mtg",
            "20",
            "--apoteose",
            "0",
            "--json",
            "--no-hashseed",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    import json

    data = json.loads(run.stdout)
    assert data["examples"] == {"mtg": 20, "apoteose": 0}
    assert {"crashes", "hangs", "differences", "examples_per_second"} <= set(data)
    assert run.returncode == (1 if data["crashes"] or data["hangs"] or data["differences"] else 0)
