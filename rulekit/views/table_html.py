"""A :class:`~rulekit.views.table.Table` as HTML without importing pandas.

The markup is the pandas ``Styler`` markup that :meth:`Table.styler` produces (same ``<style>``
block scoped to the fixed uuid, same ids and classes, same layout), written directly: importing
pandas and compiling the Styler's jinja2 template costs about 0.6 s in a fresh kernel, which
the first explorer of a lesson would otherwise pay before showing anything. ``tests/i18n``
checks that both give the same bytes. Every value is escaped (cells, headers, caption).

>>> from rulekit.views.table import Table
>>> t = Table("demo", "Final", ("object", "P/T"), (("Gideon Jura", "6/6 → 5/5"),), frozenset({(0, 1)}))
>>> html = table_html(t)
>>> '<td id="T_rk-demo-' in html and 'class="data row0 col1 rk-changed" >6/6 → 5/5</td>' in html
True
"""

from __future__ import annotations

from typing import Any

from rulekit.views.markup import escape
from rulekit.views.palette import HIGHLIGHT, OKABE_ITO, TINTS

#: A column whose header and cells are all at most this long is kept on one line (see :func:`short_columns`).
SHORT_CELL = 30


def short_columns(table: Any) -> tuple[int, ...]:
    """The columns (after the first, always kept on one line) whose header and every cell are short
    one-line texts ("timestamp", "Glorious Anthem", "2/2 → 3/3"). The browser gives a table's extra
    width to its long column (a change, an ability text) and narrows the others to their longest word:
    "selo temporal" and "Glorious Anthem" then wrap one word a line. Kept on one line, they stay
    readable, and only the long column wraps."""
    rows = table._display_rows()
    out = []
    for c in range(1, len(table.columns)):
        texts = [table.columns[c], *(row[c] if c < len(row) else "" for row in rows)]
        if all(len(text) <= SHORT_CELL and "\n" not in text for text in texts):
            out.append(c)
    return tuple(out)


def table_styles(scale: float = 1.0, nowrap: tuple[int, ...] = ()) -> list[tuple[str, str]]:
    """The table's CSS as ``(selector, properties)`` pairs, as :meth:`Table.styler` sets them;
    ``nowrap``: the :func:`short_columns`, kept on one line."""
    return [
        ("", f"font-size: {100 * scale:.0f}%; border-collapse: collapse;"),
        ("caption", "caption-side: top; font-weight: bold; text-align: left;"),
        ("th", f"text-align: left; border-bottom: 2px solid {OKABE_ITO['black']}; padding: 2px 8px;"),
        ("td", "text-align: left; padding: 2px 8px; vertical-align: top; white-space: pre-line;"),
        ("td.col0", "white-space: nowrap;"),
        *((f"{cell}.col{c}", "white-space: nowrap;") for c in nowrap for cell in ("th", "td")),
        ("td.rk-changed", f"font-weight: bold; background-color: {TINTS['sky_blue']};"),
        ("td.rk-current", f"border-top: 3px solid {HIGHLIGHT}; border-bottom: 3px solid {HIGHLIGHT};"),
    ]


def _esc(text: Any) -> str:
    return escape(text)  # the one escaping of every HTML output (rulekit.views.markup)


def table_html(table: Any, scale: float = 1.0) -> str:
    """The Styler-equivalent HTML of a non-empty ``table`` at ``scale`` (deterministic bytes)."""
    tid = f"T_{table.uuid}"
    out = ['<style type="text/css">']
    for selector, props in table_styles(scale, short_columns(table)):
        out.append(f"#{tid} {selector} {{")
        out.extend(f"  {p.strip()};" for p in props.split(";") if p.strip())
        out.append("}")
    out.append("</style>")
    out.append(f'<table id="{tid}">')
    out.append(f"  <caption>{_esc(table.caption)}</caption>")
    out.append("  <thead>")
    out.append("    <tr>")
    for c, name in enumerate(table.columns):
        out.append(f'      <th id="{tid}_level0_col{c}" class="col_heading level0 col{c}" >{_esc(name)}</th>')
    out.append("    </tr>")
    out.append("  </thead>")
    out.append("  <tbody>")
    n_cols = len(table.columns)
    for r, row in enumerate(table._display_rows()):
        out.append("    <tr>")
        for c in range(n_cols):
            cell = row[c] if c < len(row) else ""
            classes = []
            if (r, c) in table.changed:
                classes.append("rk-changed")
            if table.highlight_row == r:
                classes.append("rk-current")
            extra = (" " + " ".join(classes)) if classes else ""
            out.append(
                f'      <td id="{tid}_row{r}_col{c}" class="data row{r} col{c}{extra}" >{_esc(cell)}</td>'
            )
        out.append("    </tr>")
    out.append("  </tbody>")
    out.append("</table>")
    return "\n".join(out) + "\n"


#: The most columns a table keeps on one line by its own classes (``rk-nw-3``: its fourth column, by a rule of
#: :data:`COMPACT_TABLE_CSS`); a short column further right has ``rk-nw`` on each of its cells.
NOWRAP_COLUMNS = 16
#: :func:`table_styles`' per-cell selectors as rules of a compact table: the first column of the body (but a
#: note over every column) and the highlighted row's cells are found by their place and their row's class.
_COMPACT_SELECTORS = {
    "td.col0": "tbody > tr > td:first-child:not([colspan])",
    "td.rk-current": "tr.rk-current > td",
}

#: The CSS of :func:`compact_table_html`'s tables, for every widget's shared ``<style>``
#: (``rulekit.widgets._base.WIDGET_CSS``): the rules of :func:`table_styles`, for a class.
COMPACT_TABLE_CSS = (
    " ".join(
        f".rulekit-widget table.rk-table {_COMPACT_SELECTORS.get(sel, sel)} {{{props}}}".replace("  ", " ")
        # the table's own font size goes: the widgets size their outputs themselves
        for sel, props in table_styles(1.0)
    ).replace("font-size: 100%; ", "")
    + " .rulekit-widget table.rk-table .rk-nw, "
    + ", ".join(
        f".rulekit-widget table.rk-nw-{c} > * > tr > :nth-child({c + 1})" for c in range(1, NOWRAP_COLUMNS)
    )
    + " {white-space: nowrap;}"
)


def compact_table_html(table: Any, most: int | None = None, cut_note: str = "") -> str:
    """A non-empty ``table`` as light HTML for the widgets: the same caption, cells, cues and look as
    :func:`table_html`, with no ``<style>`` of its own: the rules (:data:`COMPACT_TABLE_CSS`) are in the
    widget's ``<style>``, shown once, and find the cells by their place. The table's classes name its
    :func:`short_columns` (``rk-nw-1``: its second column kept on one line); the highlighted row has
    ``rk-current``, a changed cell ``rk-changed``. A table's own ``<style>`` made the browser restyle the
    whole page at every update; the ids and classes per cell made it three times as long (and ``rk-nw`` on
    every cell of a short column, a chain log's longest part, twice as long). Every value is escaped.
    ``most``: the rows stop once the markup is longer (a bounded output, :class:`rulekit.limits.Budget`),
    and a last row says so with ``cut_note``.

    >>> from rulekit.views.table import Table
    >>> t = Table("demo", "Final", ("object", "P/T"), (("Gideon <b>", "6/6 → 5/5"),), frozenset({(0, 1)}))
    >>> print(compact_table_html(t).replace("<thead>", "\\n<thead>"))
    <table class="rk-table rk-nw-1"><caption>Final</caption>
    <thead><tr><th>object</th><th>P/T</th></tr></thead><tbody>
    <tr><td>Gideon &lt;b&gt;</td><td class="rk-changed">6/6 → 5/5</td></tr>
    </tbody></table>
    """
    nowrap = short_columns(table)
    by_class = " ".join(f"rk-nw-{c}" for c in nowrap if c < NOWRAP_COLUMNS)
    apart = {c for c in nowrap if c >= NOWRAP_COLUMNS}  # beyond the classes' rules: one class a cell
    head = "".join(
        f'<th class="rk-nw">{_esc(name)}</th>' if c in apart else f"<th>{_esc(name)}</th>"
        for c, name in enumerate(table.columns)
    )
    caption = f"<caption>{_esc(table.caption)}</caption>"
    classes = f"rk-table {by_class}" if by_class else "rk-table"
    out = [f'<table class="{classes}">{caption}<thead><tr>{head}</tr></thead><tbody>']
    n_cols = len(table.columns)
    size = len(out[0])
    for r, row in enumerate(table._display_rows()):
        if most is not None and size > most:
            out.append(f'<tr><td colspan="{n_cols}"><em>{_esc(cut_note)}</em></td></tr>')
            break
        cells = []
        for c in range(n_cols):
            cell = row[c] if c < len(row) else ""
            cues = ["rk-nw"] if c in apart else []
            if (r, c) in table.changed:
                cues.append("rk-changed")
            attr = f' class="{" ".join(cues)}"' if cues else ""
            cells.append(f"<td{attr}>{_esc(cell)}</td>")
        tr = '<tr class="rk-current">' if table.highlight_row == r else "<tr>"
        out.append(tr + "".join(cells) + "</tr>")
        size += len(out[-1])
    out.append("</tbody></table>")
    return "\n".join(out)
