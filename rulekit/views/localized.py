"""The views' tables in the reader's language, and the lessons' checked-cell display.

The MTG tables (:func:`final_table`, :func:`layer_table`, ...) are :mod:`rulekit.views.mtg`'s, which
render every word from the trace's codes in the language asked for; they are named here too for the
lessons. The chain's functions take the same arguments as their twins in :mod:`rulekit.views.chain`,
plus ``lang``. Values (card names, P/T, ids) stay as they are.

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

from dataclasses import replace
from typing import Any

from rulekit.i18n import N_, contract, translator

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

__all__ = [
    "checked",
    "dependency_table",
    "effects_table",
    "final_table",
    "layer_table",
    "loop_table",
    "players_table",
]

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
    N_("event"),
    N_("index"),
    N_("spotlight"),
    N_("stage"),
    N_("card"),
    N_("hero"),
    N_("responds to"),
    N_("resources"),
    N_("detail"),
    N_("attributes"),
    N_("zones"),
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
    # chain events and stages
    N_("activate"),
    N_("halt"),
    N_("resolve"),
    N_("post"),
    N_("remove"),
    N_("respond"),
    N_("pay"),
    N_("refused"),
    N_("stopped"),
    N_("truncated"),
    N_("negated"),
    N_("end"),
    N_("activating"),
    N_("resolving"),
    N_("resolved"),
)
_CHAIN_WORDS = {
    "activate",
    "halt",
    "resolve",
    "post",
    "remove",
    "respond",
    "pay",
    "refused",
    "stopped",
    "truncated",
    "negated",
    "end",
    "activating",
    "resolving",
    "resolved",
}


def to_html(table: Table, lang: str = "en", scale: float = 1.0) -> str:
    """``table.to_html(scale)``, with the empty-table line ("…: none") in ``lang`` too."""
    if table.rows or _en(lang):
        return table.to_html(scale)
    from rulekit.views.markup import escape  # the one escaping (control characters made visible too)

    t = translator(lang)
    html = f"<p><strong>{escape(table.caption)}</strong>: <em>{escape(t('none'))}</em></p>"
    if table.note:
        html += f'<p style="font-size:{90 * scale:.0f}%"><em>{escape(table.note)}</em></p>'
    return html


#: Table captions and notes, by table name (msgids with named placeholders).
CAPTIONS = {
    "final": N_("Final characteristics — {scenario} ({ruleset} layers)"),
    "final_step": N_("Characteristics after step {k} of {n} — {scenario}"),
    "final_note": N_("Changed against the printed values: bold, written as printed → now."),
    "layers": N_("Layer table — {scenario} ({ruleset} layers): effects in the order they applied"),
    "deps": N_("Dependencies — {scenario}"),
    "loops": N_("Dependency loops — {scenario}"),
    "effects": N_("Effects — {scenario}"),
    "players": N_("Players and rules — {scenario}"),
    "players_step": N_("Players and rules after step {k} of {n} — {scenario}"),
    "chainlog": N_("Chain log — {scenario}"),
    "heroes": N_("Heroes after the chain — {scenario}"),
}


def _cols(t: Any, table: Table) -> tuple[str, ...]:
    return tuple(t(c) if c else c for c in table.columns)


def _en(lang: str) -> bool:
    return translator(lang).is_source


def chain_log_table(trace: Any, upto: int | None = None, lang: str = "en") -> Table:
    """:func:`rulekit.views.chain.chain_log_table` in ``lang``: chain moments (``activate@0``) in words
    in every language, the ids kept in :func:`moment_tooltips`; a resolution's detail is the statements
    it resolved, as sentences in ``lang`` (:func:`rulekit.views.chain.resolved_text`).

    >>> from rulekit.apoteose import run_chain
    >>> log = chain_log_table(run_chain("apoteose/nested-responses"), lang="pt-BR")
    >>> [row[9] for row in log.rows if row[1] == "resolução"][-1]
    'cura 25 de VIDA; recupera 2 de MANA'
    """
    from rulekit.views import chain as cv
    from rulekit.views.reasons import moment_text, sentence_text

    table = cv.chain_log_table(trace, upto)
    t = translator(lang)
    rows = []
    for ev, row in zip(trace.events, table.rows, strict=True):
        cells = list(row)
        resolved = cv.resolved_text(ev, lang)
        if not _en(lang):
            cells[1] = t(cells[1]) if cells[1] in _CHAIN_WORDS else cells[1]
            cells[4] = t(cells[4]) if cells[4] in _CHAIN_WORDS else cells[4]
            cells[3] = t("game") if cells[3] == "game" else cells[3]
        where, sep, label = cells[7].partition(": ")
        if sep:
            cells[7] = f"{where}: {moment_text(label, lang)}"
        if resolved and cells[9] == cv.resolved_text(ev):  # the statements, worded in lang
            cells[9] = resolved
        else:
            cells[9] = sentence_text(moment_text(cells[9], lang), lang)
        rows.append(tuple(cells))
    if _en(lang):
        return replace(table, rows=tuple(rows))
    caption = t(CAPTIONS["chainlog"], scenario=trace.scenario)
    return replace(table, caption=caption, columns=_cols(t, table), rows=tuple(rows))


def heroes_table(trace: Any, caption: str | None = None, lang: str = "en") -> Table:
    """:func:`rulekit.views.chain.heroes_table` in ``lang`` (``caption`` is used as given)."""
    from rulekit.views import chain as cv

    table = cv.heroes_table(trace, caption)
    if _en(lang):
        return table
    t = translator(lang)
    return replace(
        table,
        caption=caption or t(CAPTIONS["heroes"], scenario=trace.scenario),
        columns=_cols(t, table),
    )


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


def stack_html(trace: Any, upto: int | None = None, scale: float = 1.0, lang: str = "en") -> str:
    """:func:`rulekit.views.chain.stack_html` in ``lang``: what an entry answers in words, its id in
    the tooltip (``title``). The layout is :func:`rulekit.views.chain.stack_list_html`'s."""
    from rulekit.views.chain import Frame, _live_state, stack_list_html
    from rulekit.views.markup import escape
    from rulekit.views.reasons import moment_text

    t = translator(lang)

    def empty(spotlight: int | None) -> str:
        where = t("the game") if spotlight is None else f"#{spotlight}"
        text = t("Stack: empty — spotlight on {where}", where=where)
        return f"<strong>{escape(text)}</strong>"

    def entry(f: Frame, mark: str) -> str:
        label = t(
            "{mark}#{index} {card} ({hero}) — stage: {stage}",
            mark=mark,
            index=f.index,
            card=f.card,
            hero=f.hero,
            stage=t(_live_state(f)),
        )
        answers = ""
        if f.answers:
            words = contract(t(" — answers {moment}", moment=moment_text(f.answers, lang)), lang)
            answers = f'<span title="{escape(f.answers)}">{escape(words)}</span>'
        return f"{escape(label)}{answers}"

    return stack_list_html(trace, upto, scale, head=t("Stack"), note=t("(top first; ★ = spotlight)"),
                           empty=empty, entry=entry)


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
    from rulekit.views.markup import escape

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


def _ordinal(n: int, lang: str) -> str:
    from rulekit.views.chain import ordinal

    if _en(lang):
        return ordinal(n)
    t = translator(lang)
    return t("{n}º", n=n)


def localize_dot(dot: str, lang: str = "en") -> str:
    """The words of a chain diagram (as :func:`rulekit.views.chain.chain_dot` writes them) in
    ``lang``; names, ids and values stay. (The dependency diagram is drawn in the reader's language
    by :func:`rulekit.views.mtg.dependency_dot` itself.)

    Only the diagrams' own template words are replaced (each pattern is anchored on the DOT
    structure around it), so a card or scenario name can never be changed by it.
    """
    if _en(lang):
        return dot
    from rulekit.views.reasons import moment_text

    t = translator(lang)
    rules: list[tuple[str, Any]] = [
        (r'label="Chain — (.*)"', lambda m: f'label="{t(DOT_WORDS["chain_title"], scenario=m.group(1))}"'),
        (
            r'label="★ the game\\n\(spotlight: the chain is empty\)"',
            lambda m: f'label="★ {t("the game")}\\n({t(DOT_WORDS["empty"])})"',
        ),
        (
            r'label="the game\\n\(the chain is open\)"',
            lambda m: f'label="{t("the game")}\\n({t(DOT_WORDS["open"])})"',
        ),
        (r'label="index (\d+)"', lambda m: f'label="{t("index")} {m.group(1)}"'),
        (
            r"(\\n)resolved (\d+)(?:st|nd|rd|th)(?=\\n|\")",
            lambda m: f"{m.group(1)}{t(DOT_WORDS['resolved_nth'], nth=_ordinal(int(m.group(2)), lang))}",
        ),
        (
            r" — (activating|halt|resolving|post|resolved|stopped|truncated|negated|refused|removed)"
            r"(, removed)?(?=\\n|\")",
            lambda m: " — " + t(m.group(1)) + (", " + t("removed") if m.group(2) else ""),
        ),
        (r"label=answers ", lambda m: f'label="{t("answers")}" '),
    ]
    import re as _re

    out = dot
    for pattern, fn in rules:
        out = _re.sub(pattern, fn, out)
    # "answers <moment in words>": the moment's id is in the node's tooltip
    lines = []
    for line in out.split("\n"):
        hit = _re.search(r'tooltip="[^"]* — answers ([^"\s]+)"', line)
        if hit:
            new = "\\n" + contract(t("answers") + " " + moment_text(hit.group(1), lang), lang)
            line = _re.sub(r"\\nanswers [^\\\"]+", new.replace("\\", "\\\\"), line)
        lines.append(line)
    return "\n".join(lines)


#: The diagrams' own words (msgids).
DOT_WORDS = {
    "deps_title": N_("Dependencies — {scenario} ({ruleset} layers)"),
    "chain_title": N_("Chain — {scenario}"),
    "from": N_("from"),
    "loop": N_("loop {n}: applied by timestamp (613.8b)"),
    "not_applied": N_("not applied"),
    "empty": N_("spotlight: the chain is empty"),
    "open": N_("the chain is open"),
    "resolved_nth": N_("resolved {nth}"),
}
_DOT_MSGIDS = (
    N_("did not apply"),
    N_("applies to"),
    N_("text"),
    N_("existence"),
    N_("what it does"),
    N_("removed"),
    N_("{n}º"),
)
