"""The first explorer: no pandas on its path, and the same table bytes without it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_first_explorer_does_not_import_pandas():
    code = (
        "import sys, os; os.environ['RULEKIT_GRAPHVIZ'] = 'text'\n"
        "from rulekit.widgets import LayerExplorer, ChainExplorer, PredictionCheck\n"
        "ex = LayerExplorer('seed/humility-then-gideon')\n"
        "ch = ChainExplorer('apoteose/nested-responses')\n"
        "p = PredictionCheck('seed/blood-moon', 'subtypes', 'mutavault')\n"
        "assert '<table' in ex.final_html.value and '<table' in ch.log_html.value, 'no table shown'\n"
        "print(sorted(m for m in ('pandas', 'jinja2', 'numpy') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.stdout.strip() == "[]"


def _tables():
    from rulekit import apoteose, mtg
    from rulekit.views import chain as cv
    from rulekit.views import mtg as mv

    for name in (
        "seed/humility-then-gideon",
        "classic/lattice-and-march",
        "seed/gnat-miser",
        "classic/dependency-loop",
        "seed/blood-moon",
    ):
        tr = mtg.solve(name)
        yield from (
            mv.final_table(tr),
            mv.layer_table(tr, highlight=1),
            mv.dependency_table(tr),
            mv.effects_table(tr),
            mv.players_table(tr),
            mv.final_table(tr, upto=2),
            mv.loop_table(tr),
        )
    tr = apoteose.run_chain(apoteose.load_scenario("apoteose/nested-responses"))
    yield from (cv.chain_log_table(tr, upto=3), cv.heroes_table(tr))


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_tables_without_pandas_are_the_stylers_bytes(scale):
    pytest.importorskip("pandas")
    from rulekit.views.table_html import table_html

    checked = 0
    for table in _tables():
        if table.rows:
            assert table_html(table, scale) == table.styler(scale).to_html(), table.name
            checked += 1
    assert checked > 20


def test_hostile_values_are_escaped():
    from rulekit.views.table import Table
    from rulekit.views.table_html import table_html

    bad = "<img src=x onerror=alert(1)>"
    html = table_html(Table("x", bad, (bad,), ((bad,),)))
    assert "<img" not in html and html.count("&lt;img") == 3
