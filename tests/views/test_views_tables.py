"""Tables: final characteristics, layer table, dependencies, loops, chain log; fixed Styler
uuid, a caption, a plain-text twin."""

from __future__ import annotations

from pathlib import Path

from rulekit.views import chain as cv
from rulekit.views import mtg as mv

HERE = Path(__file__).parent


def test_final_table_marks_changes_with_arrow_and_bold(mtg_trace):
    t = mv.final_table(mtg_trace)
    row = next(r for r in t.rows if r[0] == "Gideon Jura")
    assert row[1] == "— → 5/5"  # printed has no P/T; the seed's result is 5/5
    r = t.rows.index(row)
    assert (r, 1) in t.changed
    night = next(r for r in t.rows if r[0] == "Night of Souls' Betrayal")
    assert "→" not in night[1]
    html = t.to_html()
    assert "font-weight: bold" in html and "<caption>" in html


def test_final_table_after_k_steps(mtg_trace):
    row = next(r for r in mv.final_table(mtg_trace, upto=3).rows if r[0] == "Gideon Jura")
    assert row[1].endswith("1/1")  # after Humility's 7b part only


def test_layer_table_rows_follow_application_order(mtg_trace):
    t = mv.layer_table(mtg_trace, highlight=3)
    assert [r[1] for r in t.rows] == ["4", "6", "7b", "7b", "7c"]
    assert t.rows[3][7] == "Gideon Jura: P/T 1/1 → 6/6"
    assert t.rows[2][5].startswith("loop (Humility, Gideon Jura: 0)")
    assert t.rows[3][5] == "waited on Humility"
    assert "▶ 4" in t.to_text()


def test_dependency_and_loop_tables(mtg_trace):
    d = mv.dependency_table(mtg_trace)
    assert (
        "Gideon Jura: 0",
        "depends on",
        "Humility",
        "7b",
        "what it does",
        "Humility changes what Gideon Jura: 0 does to Gideon Jura",
    ) in d.rows
    loops = mv.loop_table(mtg_trace)
    assert loops.rows[0][1] == "Humility (ts 2), Gideon Jura: 0 (ts 3)"


def test_styler_uuid_is_fixed_and_html_deterministic(mtg_trace):
    a, b = mv.layer_table(mtg_trace), mv.layer_table(mtg_trace)
    assert a.uuid == b.uuid and a.uuid.startswith("rk-layers-")
    assert a.to_html() == b.to_html()
    assert f'id="T_{a.uuid}"' in a.to_html()
    assert mv.final_table(mtg_trace).uuid != a.uuid


def test_text_twin_needs_no_pandas(mtg_trace):
    import subprocess
    import sys

    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "from conftest import make_mtg_trace\n"
        "from rulekit.views.mtg import layer_table\n"
        "print(layer_table(make_mtg_trace()).to_text())\n"
        "print(sorted(m for m in ('pandas', 'ipywidgets') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Gideon Jura: P/T 6/6 → 5/5" in out
    assert out.strip().endswith("[]")


def test_chain_log_table(chain_trace):
    t = cv.chain_log_table(chain_trace)
    assert t.columns[:9] == (
        "#",
        "event",
        "index",
        "spotlight",
        "stage",
        "card",
        "hero",
        "responds to",
        "resources",
    )
    respond = next(r for r in t.rows if r[1] == "respond")
    assert respond[7] == "#0: activation" and respond[6] == "bia"
    resolve = [r for r in t.rows if r[1] == "resolve"]
    assert [r[5] for r in resolve] == ["escudo", "pocao"]
    assert resolve[1][8] == "ana VIDA 40→65"
    assert t.to_html() == cv.chain_log_table(chain_trace).to_html()


def test_frames_and_stack(chain_trace):
    frames, spot = cv.frames(chain_trace, upto=5)
    assert [(f.index, f.card, f.stage) for f in frames] == [(0, "pocao", "halt"), (1, "escudo", "halt")]
    assert spot == 1 and frames[1].answers == "activation"
    text = cv.stack_text(chain_trace, upto=5)
    assert text.splitlines()[1].startswith("★ #1 escudo")
    assert cv.stack_text(chain_trace).startswith("Stack: empty — spotlight on the game")


def test_short_columns_stay_on_one_line_and_the_long_one_wraps() -> None:
    """The browser narrows a table's short columns to their longest word when one column is long: in the
    pt-BR layer table "selo temporal" and "Judge's Familiar" wrapped one word a line. Short columns (every
    cell and the header at most SHORT_CELL characters, one line) are kept on one line, in the notebook's
    HTML and in the widgets' compact HTML; the long "before → after" column is not."""
    from rulekit import mtg
    from rulekit.views import localized as L
    from rulekit.views.table_html import SHORT_CELL, compact_table_html, short_columns

    trace = mtg.solve(mtg.load_scenario("seed/judges-familiar"))
    table = L.layer_table(trace, lang="pt-BR")
    nowrap = short_columns(table)
    why = table.columns.index("por quê")
    change = len(table.columns) - 1
    assert why in nowrap and change not in nowrap and 0 not in nowrap
    assert any(len(row[change]) > SHORT_CELL for row in table.rows)
    html = table.to_html()
    tid = f"T_{table.uuid}"
    assert f"#{tid} td.col{why} {{\n  white-space: nowrap;" in html
    assert f"td.col{change} {{" not in html
    compact = compact_table_html(table)
    # the short columns are the table's classes (one CSS rule each in the widgets' style), not each cell's
    head = compact.split(">", 1)[0]
    assert f"rk-nw-{why}" in head and f"rk-nw-{change} " not in head + " " and "rk-nw-0" not in head
    assert 'class="rk-nw"' not in compact and compact.count("<td>") >= len(table.rows) * (
        len(table.columns) - 1
    )


def test_the_compact_tables_short_columns_are_styled_by_place():
    """Each short column's rule in the widgets' style selects the cells of that column of a table whose class
    names it (header and body); the first column of the body stays on one line but a note over every column;
    a table wider than the rules' columns gives a further short column's cells a class each."""
    from rulekit.views.table import Table
    from rulekit.views.table_html import COMPACT_TABLE_CSS, NOWRAP_COLUMNS, compact_table_html

    for c in range(1, NOWRAP_COLUMNS):
        assert f"table.rk-nw-{c} > * > tr > :nth-child({c + 1})" in COMPACT_TABLE_CSS
    assert "tbody > tr > td:first-child:not([colspan]) {white-space: nowrap;}" in COMPACT_TABLE_CSS
    assert "tr.rk-current > td {border-top" in COMPACT_TABLE_CSS
    n = NOWRAP_COLUMNS + 2
    wide = Table("wide", "Wide", tuple(f"c{i}" for i in range(n)), (tuple("x" * n),), frozenset(), 0)
    html = compact_table_html(wide)
    assert f"rk-nw-{NOWRAP_COLUMNS - 1}" in html and f"rk-nw-{NOWRAP_COLUMNS}" not in html
    assert html.count('<th class="rk-nw">') == html.count('<td class="rk-nw">') == 2
    assert '<tr class="rk-current">' in html
    cut = compact_table_html(Table("cut", "Cut", ("a", "b"), (("1", "2"),) * 50, frozenset()), most=100,
                             cut_note="more")  # fmt: skip
    assert '<td colspan="2"><em>more</em></td>' in cut
