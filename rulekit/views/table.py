"""A small, deterministic table: pandas Styler for notebooks, a plain-text twin for terminals.

Every table rulekit shows is a :class:`Table`: column names, rows of strings, which cells
changed (shown **bold**, and the cell text itself carries an arrow such as ``2/2 → 1/1`` so the
cue never depends on colour or weight alone), and optionally one highlighted row (the stepper's
current step, marked ``▶``).

``Table.styler()`` builds a pandas ``Styler`` with a *fixed* uuid derived from the table's
content and a caption, so stored notebook outputs are byte-identical run after run;
``Table.to_text()`` is the plain-text twin and needs no pandas at all.

>>> t = Table("demo", "Final characteristics", ("object", "P/T"), (("Gideon Jura", "6/6 → 0/0"),),
...           changed=frozenset({(0, 1)}))
>>> print(t.to_text())
Final characteristics
object       P/T
-----------  ---------
Gideon Jura  6/6 → 0/0
>>> 'id="T_rk-demo-' in t.to_html()
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rulekit.views.markup import clean, escape
from rulekit.views.palette import HIGHLIGHT, OKABE_ITO, TINTS
from rulekit.views.table_html import compact_table_html, short_columns, table_html

#: Marker put in front of the highlighted row's first cell.
ROW_MARK = "▶ "


@dataclass(frozen=True)
class Table:
    """Rows of strings with a caption; see the module doc."""

    name: str
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    changed: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    highlight_row: int | None = None
    note: str = ""
    #: what the plain-text twin says for no rows, in the table's language
    empty: str = "(none)"

    # -- identity -------------------------------------------------------------------------------
    @cached_property
    def uuid(self) -> str:
        """Fixed, content-derived Styler uuid: same table -> same id; different tables don't clash."""
        digest = hashlib.sha1(self.to_text().encode("utf-8")).hexdigest()[:10]
        return f"rk-{self.name}-{digest}"

    def _display_rows(self) -> list[list[str]]:
        rows = [list(r) for r in self.rows]
        if (
            self.highlight_row is not None
            and 0 <= self.highlight_row < len(rows)
            and rows[self.highlight_row]
        ):
            rows[self.highlight_row][0] = ROW_MARK + rows[self.highlight_row][0]
        return rows

    # -- pandas ---------------------------------------------------------------------------------
    def frame(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (imported here, never at ``import rulekit``)."""
        import pandas as pd

        return pd.DataFrame(self._display_rows(), columns=list(self.columns))

    def styler(self, scale: float = 1.0) -> Any:
        """A pandas ``Styler`` with a fixed uuid, the caption, bold changed cells, the highlighted row.

        Cells carry CSS classes (``rk-changed``, ``rk-current``) scoped to this table's id, so the
        markup stays small and the cue survives as a class name even where styles are stripped.

        Every cell, column header and the caption are *text* (they hold names and ability texts
        from scenario files, which strangers write): all of them are HTML-escaped here, with
        :func:`rulekit.views.markup.escape`, the one escaping function of every HTML output.
        """
        import pandas as pd

        df = self.frame()
        n_rows, n_cols = len(self.rows), len(self.columns)
        grid = [[""] * n_cols for _ in range(n_rows)]
        for r, c in self.changed:
            if r < n_rows and c < n_cols:
                grid[r][c] = "rk-changed"
        hi = self.highlight_row
        if hi is not None and 0 <= hi < n_rows:
            grid[hi] = [f"{cls} rk-current".strip() for cls in grid[hi]]
        classes = pd.DataFrame(grid, index=df.index, columns=df.columns)
        styler = df.style.set_uuid(self.uuid).set_caption(escape(self.caption)).hide(axis="index")
        styler = styler.format(escape).format_index(escape, axis=1)
        styler = styler.set_td_classes(classes)
        styler = styler.set_table_styles(
            [
                {"selector": "", "props": f"font-size: {100 * scale:.0f}%; border-collapse: collapse;"},
                {"selector": "caption", "props": "caption-side: top; font-weight: bold; text-align: left;"},
                {
                    "selector": "th",
                    "props": f"text-align: left; border-bottom: 2px solid {OKABE_ITO['black']};"
                    " padding: 2px 8px;",
                },
                {
                    "selector": "td",
                    "props": "text-align: left; padding: 2px 8px; vertical-align: top; "
                    "white-space: pre-line;",
                },
                {"selector": "td.col0", "props": "white-space: nowrap;"},
                *(
                    {"selector": f"{cell}.col{c}", "props": "white-space: nowrap;"}
                    for c in short_columns(self)
                    for cell in ("th", "td")
                ),
                {
                    "selector": "td.rk-changed",
                    "props": f"font-weight: bold; background-color: {TINTS['sky_blue']};",
                },
                {
                    "selector": "td.rk-current",
                    "props": f"border-top: 3px solid {HIGHLIGHT}; border-bottom: 3px solid {HIGHLIGHT};",
                },
            ]
        )
        return styler

    def to_html(
        self, scale: float = 1.0, widget: bool = False, most: int | None = None, cut_note: str = ""
    ) -> str:
        """The Styler's HTML (deterministic bytes), with the note under it. Written without pandas
        (:func:`rulekit.views.table_html.table_html`, same markup): a first explorer does not wait
        for pandas to import. ``widget``: the widgets' light markup instead
        (:func:`rulekit.views.table_html.compact_table_html`, styled by the widget's own ``<style>``),
        whose rows stop past ``most`` characters with ``cut_note``."""
        if not self.rows:
            html = f"<p><strong>{escape(self.caption)}</strong>: <em>none</em></p>"
        elif widget:
            html = compact_table_html(self, most, cut_note)
        else:
            html = table_html(self, scale)
        if self.note:
            html += f'<p style="font-size:{90 * scale:.0f}%"><em>{escape(self.note)}</em></p>'
        return html

    # -- plain text -----------------------------------------------------------------------------
    def to_text(self, most: int | None = None) -> str:
        """Plain-text twin: caption, aligned columns, no pandas, deterministic. Control characters
        from a scenario (a terminal escape, say) are shown as their pictures (``␛``).

        ``most``: the caller shows at most this many characters (a bounded output,
        :class:`rulekit.views.text.Bounded`), so rows are read only until their cells hold more than
        that: the text is then longer than ``most`` and its end is never shown.

        >>> t = Table("t", "cap", ("a",), [("x" * 10,)] * 1000)
        >>> len(t.to_text(most=50)) < 100 < len(t.to_text())
        True
        """
        return clean(self._text(most))

    def _text(self, most: int | None = None) -> str:
        lines = [self.caption]
        if not self.rows:
            lines.append(self.empty)
        else:
            rows = []  # widths as shown
            size = 0
            for row in self._display_rows():
                rows.append([clean(cell) for cell in row])
                size += sum(len(cell) for cell in rows[-1])
                if most is not None and size > most:
                    break
            widths = [len(c) for c in self.columns]
            for row in rows:
                for i, cell in enumerate(row):
                    for part in cell.split("\n"):
                        widths[i] = max(widths[i], len(part))
            lines.append("  ".join(c.ljust(w) for c, w in zip(self.columns, widths, strict=True)))
            lines.append("  ".join("-" * w for w in widths))
            for row in rows:
                cells = [cell.replace("\n", "; ") for cell in row]
                lines.append("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=False)))
        if self.note:
            lines.append(self.note)
        return "\n".join(line.rstrip() for line in lines)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<Table {self.name!r}: {len(self.rows)} rows × {len(self.columns)} columns>"
