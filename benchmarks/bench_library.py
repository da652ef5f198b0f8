"""The card library's load in a fresh process (figures, not tests).

    python benchmarks/bench_library.py

``library_cpu_ms``: the CPU time (``time.process_time``, steady on a loaded machine) of
:func:`rulekit.mtg.loader.library`'s two paths, each in fresh interpreters (median of 5, after one
untimed run so that the .pyc files exist): ``compiled``, the compiled ``rulekit/data/mtg/library.json``
read and every source's SHA-256 checked (:func:`rulekit.mtg.loader.compiled_library`), and
``sources``, the full reading of the ``cards*.yaml`` files it falls back to
(:func:`rulekit.mtg.loader.read_library`), which ``tools/compile_library.py`` compiles.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PATHS = {
    "compiled": "compiled_library",
    "sources": "read_library",
}
CODE = """
import time
from rulekit.mtg import loader
root = loader._data_root() / "mtg"
t = time.process_time()
got = loader.{fn}(root)
print((time.process_time() - t) * 1000, got is not None and len(got))
"""


def measure(repeat: int = 5) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rulekit-pyc-") as pyc:
        env["PYTHONPYCACHEPREFIX"] = pyc
        for name, fn in PATHS.items():
            runs = []
            for n in range(repeat + 1):
                ms, cards = subprocess.run(
                    [sys.executable, "-c", CODE.format(fn=fn)],
                    capture_output=True,
                    text=True,
                    check=True,
                    env=env,
                ).stdout.split()
                if cards == "False":  # no compiled file, or a stale one: no figure for that path
                    out[f"{name}_note"] = "the compiled library is missing or stale"
                    break
                if n:
                    runs.append(float(ms))
            else:
                out[name] = round(statistics.median(runs), 1)
    return {"library_cpu_ms": out}


if __name__ == "__main__":
    for key, value in measure().items():
        print(key, value)
