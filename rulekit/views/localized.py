"""The views' tables in the reader's language, and the lessons' checked-cell display.

The MTG tables (:func:`final_table`, :func:`layer_table`, ...) are :mod:`rulekit.views.mtg`'s, which
render every word from the trace's codes in the language asked for; they are named here too for the
lessons. So are the Apoteose chain's (``chain_log_table``, ``heroes_table``, ``stack_html``:
:mod:`rulekit.views.chain`, which renders from the chain trace's codes in every language). Values (card
names, P/T, ids) stay as they are.

:func:`checked` is what a lesson's checked cell shows: the HTML tables (pandas Styler with a fixed
uuid) and, as ``text/plain``, one short line per table that nbval compares.

>>> from rulekit import mtg
>>> trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
>>> layer_table(trace, lang="es").columns[:3]
('#', 'capa', 'efecto')
>>> print(repr(checked(final_table(trace, lang="pt-BR"), lang="pt-BR")))
Características finais — seed/humility-then-gideon (camadas dos textos-base): 3 linhas
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit import limits
from rulekit.i18n import N_, translator
from rulekit.lazy import LazyNames
from rulekit.views.markup import escape  # the one escaping (control characters made visible too)

# the MTG tables render in any language themselves; the lessons import them from here
from rulekit.views.mtg import (
    dependency_table,
    effects_table,
    final_table,
    layer_table,
    loop_table,
    players_table,
)
from rulekit.views.table import Table

if TYPE_CHECKING:
    from rulekit.views.chain import chain_log_table, heroes_table, stack_html

# The Apoteose chain's views render in every language themselves (rulekit.views.chain); the lessons and
# tools import them from here too. They read the chain trace only (no Apoteose engine), and they are
# loaded when first asked for (PEP 562): the MTG explorer, which renders its tables here, loads no
# Apoteose module at all (tests/test_lazy_imports.py).
_LAZY = {name: "rulekit.views.chain" for name in ("chain_log_table", "heroes_table", "stack_html")}

__all__ = [
    "chain_log_table",
    "checked",
    "dependency_table",
    "effects_table",
    "final_table",
    "heroes_table",
    "layer_table",
    "loop_table",
    "players_table",
    "stack_html",
]


_NAMES = LazyNames(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _NAMES.get(name)


def __dir__() -> list[str]:
    return _NAMES.listed()


#: Column headers and cell words of the tables (msgids; English is the header itself).
WORDS = (
    N_("object"),
    N_("P/T"),
    N_("controller"),
    N_("type line"),
    N_("colours"),
    N_("abilities"),
    N_("layer"),
    N_("effect"),
    N_("source"),
    N_("timestamp"),
    N_("why"),
    N_("objects"),
    N_("before → after"),
    N_("depends on"),
    N_("kind"),
    N_("reason"),
    N_("loop"),
    N_("members"),
    N_("resolved by"),
    N_("id"),
    N_("origin"),
    N_("layers"),
    N_("duration"),
    N_("status"),
    N_("who"),
    N_("what"),
    N_("value"),
    N_("characteristic"),
    N_("values, layer by layer"),
    N_("no change"),
    N_("colourless"),
    N_("none"),
    N_("applied"),
    N_("off"),
    N_("game"),
    N_("player abilities"),
    N_("timestamp order (613.8b)"),
)


def to_html(table: Table, lang: str = "en", scale: float = 1.0, widget: bool = False) -> str:
    """``table.to_html(scale, widget)``, with the empty-table line ("…: none") in ``lang`` too. A
    widget's table is at most what the call's budget allows (:class:`rulekit.limits.Budget`, unit
    ``chars``: a fixed multiple of the scenario's size); its rows stop there with a located note."""
    if widget and table.rows:
        budget = limits.current()
        most = budget.most("chars")
        note = budget.refusal("chars", most + 1)
        if note.file is None:
            note.file = "<scenario>"
        return table.to_html(scale, widget=True, most=most, cut_note=note.text_in(translator(lang)))
    if table.rows or _en(lang):
        return table.to_html(scale, widget=widget)
    t = translator(lang)
    html = f"<p><strong>{escape(table.caption)}</strong>: <em>{escape(t('none'))}</em></p>"
    if table.note:
        html += f'<p style="font-size:{90 * scale:.0f}%"><em>{escape(table.note)}</em></p>'
    return html


def _cols(t: Any, table: Table) -> tuple[str, ...]:
    return tuple(t(c) if c else c for c in table.columns)


def _en(lang: str) -> bool:
    return translator(lang).is_source


class Checked:
    """What a lesson's checked cell displays: HTML tables, and one short text line per table.

    ``text/html`` is each table's Styler HTML (fixed uuid: byte-identical run after run), so the
    tables lay out as tables at any width; ``text/plain`` (what nbval compares, and what a terminal
    shows) is short: each table's caption and its number of rows.
    """

    def __init__(self, tables: tuple[Table, ...], lang: str = "en") -> None:
        self.tables = tables
        self._ = translator(lang)

    def _repr_html_(self) -> str:
        return "".join(f'<div class="rulekit-checked">{t.to_html()}</div>' for t in self.tables)

    def __repr__(self) -> str:
        tr = self._
        return "\n".join(tb.caption + ": " + tr.n("{n} row", "{n} rows", len(tb.rows)) for tb in self.tables)


def checked(*tables: Table, lang: str = "en") -> Checked:
    """Show ``tables`` in a checked lesson cell (see :class:`Checked`); ``lang`` words the text line."""
    return Checked(tuple(tables), lang)


#: The dependency diagram's legend: (symbol, words), in a row (msgids).
DEPENDENCY_LEGEND = (
    ("▢", N_("rounded box: static ability")),
    ("◯", N_("ellipse: CDA")),
    ("▭", N_("box: resolved spell or ability")),
    ("⬡", N_("hexagon: counters")),
    ("┈", N_("dashed grey: did not apply")),
    ("▶", N_("thick outline: current step")),
    ("", N_("A → B: A depends on B")),
    ("━", N_("solid arrow: waited (613.8a)")),
    ("╌", N_("dashed arrow: loop, dependency ignored (613.8b)")),
    ("┄", N_("dotted arrow: no longer held, re-judged (613.8c)")),
    ("", N_("N. = application order; ts = timestamp")),
)
#: The chain diagram's legend.
CHAIN_LEGEND = (
    ("★", N_("thick outline: the spotlight (holofote)")),
    ("┈", N_("dashed box: entry removed from the chain")),
    ("╌", N_("dashed arrow: a response, to the entry it answers")),
)


_SYMBOL_STYLE = "display:inline-block;min-width:1.4em;text-align:center;font-weight:bold"


def _legend_html(items: tuple[tuple[str, str], ...], lang: str) -> str:
    """A collapsible legend (a native ``<details>``, keyboard-usable), its items in one wrapping row."""
    t = translator(lang)
    cells = "".join(
        f'<li style="white-space:nowrap"><span aria-hidden="true" style="{_SYMBOL_STYLE}">'
        f"{escape(symbol)}</span>{escape(t(words))}</li>"
        for symbol, words in items
    )
    summary = escape(t("Legend: what the shapes and lines mean"))
    return (
        '<details class="rulekit-legend" style="margin:2px 0">'
        f'<summary style="cursor:pointer">{summary}</summary>'
        '<ul style="display:flex;flex-wrap:wrap;gap:2px 18px;list-style:none;padding-left:0;margin:4px 0">'
        f"{cells}</ul></details>"
    )


def dependency_legend_html(lang: str = "en") -> str:
    """The dependency diagram's legend as a compact, collapsible HTML box (the explorer's)."""
    return _legend_html(DEPENDENCY_LEGEND, lang)


def chain_legend_html(lang: str = "en") -> str:
    """The chain diagram's legend as a compact, collapsible HTML box (the explorer's)."""
    return _legend_html(CHAIN_LEGEND, lang)
