"""Real-browser test of a panel's front end (rulekit.widgets.panel.PART_JS): a part's new text replaces only
the nodes that differ, and the part then shows exactly what setting its ``innerHTML`` shows.

The texts are a ChainExplorer's own outputs through a run of clicks (choices, Undo, Run to the end, steps
back and forth, Reset; the seven-response chain's 48-row log among them), then cases of their own (a part
emptied and filled, a different number of nodes, an SVG diagram for another). Each part is patched from text
to text in a page of chromium beside a copy set with ``innerHTML``: the two serialise the same at every step.
When the log's highlighted event moves, the table, its rows and its cells are the very nodes shown before
(two rows change their class); when a choice adds events, the rows shown stay and the new ones are inserted;
a diagram redrawn is the same ``<svg>`` element with new coordinates.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

PARTS = ("status", "window", "stack", "diagram", "log", "heroes")

SAME_JS = """([texts]) => {
  const shown = document.createElement('div'), fresh = document.createElement('div');
  document.body.append(shown, fresh);
  const bad = [];
  texts.forEach((text, i) => {
    setHTML(shown, text);
    fresh.innerHTML = text;
    if (shown.innerHTML !== fresh.innerHTML) bad.push(i);
  });
  shown.remove(); fresh.remove();
  return bad;
}"""

KEPT_ROWS_JS = """([before, after]) => {
  const el = document.createElement('div');
  document.body.append(el);
  setHTML(el, before);
  const rows = Array.from(el.querySelectorAll('tr')), cells = Array.from(el.querySelectorAll('td'));
  const table = el.querySelector('table');
  setHTML(el, after);
  const now = Array.from(el.querySelectorAll('tr')), newCells = Array.from(el.querySelectorAll('td'));
  const result = {rows: now.length, keptRows: now.filter((tr) => rows.includes(tr)).length,
                  cells: newCells.length, keptCells: newCells.filter((td) => cells.includes(td)).length,
                  table: el.querySelector('table') === table};
  el.remove();
  return result;
}"""

SAME_SVG_JS = """([before, after]) => {
  const el = document.createElement('div');
  document.body.append(el);
  setHTML(el, before);
  const svg = el.querySelector('svg');
  setHTML(el, after);
  const fresh = document.createElement('div');
  fresh.innerHTML = after;
  const kept = el.querySelector('svg') === svg && el.innerHTML === fresh.innerHTML;
  el.remove();
  return kept;
}"""


def _texts() -> dict[str, list[str]]:
    """Each part's texts through a run of clicks on two chains."""
    from rulekit.widgets import ChainExplorer

    texts: dict[str, list[str]] = {name: [] for name in PARTS}
    for scenario in ("apoteose/nested-responses", "apoteose/priority-seven"):
        ex = ChainExplorer(scenario)
        pick = next((v for _label, v in ex.response.options if v != "pass"), None)
        clicks = [ex.prev.click, ex.prev.click, ex.next.click, ex.finish.click, ex.prev.click, ex.undo.click,
                  ex.reset.click, functools.partial(ex.set_scale, 1.5), ex.prev.click]  # fmt: skip
        if pick is not None:
            clicks.insert(0, functools.partial(ex.choose, pick))
        for click in [ex.refresh, *clicks]:
            click()
            assert ex.last_exception is None
            for name in PARTS:
                texts[name].append(getattr(ex, f"{name}_html").value)
    return texts


def test_a_part_patched_shows_what_innerhtml_shows(lab: Any) -> None:
    from rulekit.widgets import ChainExplorer
    from rulekit.widgets.panel import PART_JS

    texts = _texts()
    ex = ChainExplorer("apoteose/priority-seven")
    logs = [ex.log_html.value]
    ex.go(-1)
    logs.append(ex.log_html.value)
    diagrams = [ex.diagram_html.value]
    ex.go(-1)
    diagrams.append(ex.diagram_html.value)
    assert diagrams[0] != diagrams[1] and "<svg" in diagrams[1]
    extra = ["", logs[0], "", "<p>a</p>b<p>c</p>", "<p>a</p>", "text only", diagrams[0], logs[1], diagrams[1],
             '<div style="font-size:150%"><p>x</p></div>', '<p style="font-size:1%">x</p>',
             # attributes taken in place only when their order stays the new text's
             '<p class="a">x</p>', '<p id="b" class="a">x</p>', '<p class="c" id="b">y</p>',
             '<p id="b">y</p>', '<svg viewBox="0 0 1 1"><g><text x="1">a</text></g></svg>',
             '<svg viewBox="0 0 2 2" width="2pt"><g id="n"><text y="1" x="2">a</text><text>b</text></g>',
             '<svg width="2pt"><g><text x="2">b</text></g>c</svg>']  # fmt: skip
    chain = ChainExplorer("apoteose/nested-responses")
    grown = [chain.log_html.value, chain.diagram_html.value]
    chain.choose(chain.options()[-1][1])
    grown += [chain.log_html.value, chain.diagram_html.value]
    assert grown[2].count("<tr") > grown[0].count("<tr") and grown[1] != grown[3]

    def check(page: Any) -> None:
        pg = page.context.browser.new_page()
        try:
            pg.set_content("<html><body></body></html>")
            pg.add_script_tag(content=PART_JS)
            for name, seq in (*texts.items(), ("extra", extra)):
                assert pg.evaluate(SAME_JS, [seq]) == [], name
            moved = pg.evaluate(KEPT_ROWS_JS, [logs[0], logs[1]])
            # the table, its rows and its cells stay: the row left and the row reached by ◀ change their class
            assert moved["table"] and moved["rows"] == moved["keptRows"] == logs[1].count("<tr")
            assert moved["keptCells"] == moved["cells"], moved
            more = pg.evaluate(KEPT_ROWS_JS, grown[0::2])
            # a choice adds events: every row shown stays (the highlight moves on), the new rows come
            assert more["table"] and more["keptRows"] == grown[0].count("<tr") < more["rows"], more
            assert pg.evaluate(SAME_SVG_JS, grown[1::2]), "the diagram's <svg> element is kept"
        finally:
            pg.close()

    lab.call(check, "test_a_part_patched_shows_what_innerhtml_shows")


LOOK_JS = """([text]) => {
  const box = document.getElementById('box');
  box.innerHTML = text;
  const look = (c) => {
    const s = getComputedStyle(c);
    return [s.whiteSpace, s.borderTopWidth, s.fontWeight];
  };
  return Array.from(box.querySelectorAll('tr'), (tr) => Array.from(tr.children, look));
}"""


def test_the_logs_cells_are_styled_by_their_place(lab: Any) -> None:
    """The widgets' style finds a compact table's cells by their place (its classes name its short columns,
    its highlighted row has a class of its own): in a browser, the chain log's first column and its short
    columns stay on one line, its long column wraps, the highlighted row's cells are framed, a changed cell is
    bold, as when each cell carried its class."""
    from rulekit.views.chain import chain_log_table
    from rulekit.views.table_html import short_columns
    from rulekit.widgets import ChainExplorer
    from rulekit.widgets._base import PAGE_CSS

    ex = ChainExplorer("apoteose/truncated")
    ex.run_to_end()
    ex.go(-2)
    table = chain_log_table(ex.trace, upto=ex.event.value - 1)
    nowrap, current = set(short_columns(table)), table.highlight_row
    assert nowrap and 0 not in nowrap and len(nowrap) < len(table.columns) - 1 and current is not None
    changed = set(table.changed)
    assert changed

    def check(page: Any) -> None:
        pg = page.context.browser.new_page()
        try:
            pg.set_content(f"<html><head><style>{PAGE_CSS}</style></head><body><div class='rulekit-widget'>"
                           "<div id='box'></div></div></body></html>")  # fmt: skip
            rows = pg.evaluate(LOOK_JS, [ex.log_html.value])
        finally:
            pg.close()
        head, body = rows[0], rows[1:]
        assert len(body) == len(table.rows)
        for c, (space, _top, _weight) in enumerate(head):
            assert space == ("nowrap" if c in nowrap else "normal"), (c, space)
        for r, cells in enumerate(body):
            for c, (space, top, weight) in enumerate(cells):
                assert space == ("nowrap" if c == 0 or c in nowrap else "pre-line"), (r, c, space)
                assert top == ("3px" if r == current else "0px"), (r, c, top)
                assert (weight == "700") == ((r, c) in changed), (r, c, weight)

    lab.call(check, "test_the_logs_cells_are_styled_by_their_place")
