"""The views' tables in the reader's language, and the lessons' checked-cell display.

Each MTG function takes the same arguments as its twin in :mod:`rulekit.views.mtg`, plus ``lang``;
English is the twin's table itself (one English renderer), other languages translate the caption, the
column headers, the notes and the words in the cells (the "why" column is rendered from the step's
codes by :mod:`rulekit.views.reasons`). Values (card names, P/T, ids) stay as they are. The Apoteose
chain's views (:mod:`rulekit.views.chain`) render in every language from the trace's codes themselves;
``chain_log_table``, ``heroes_table`` and ``stack_html`` are importable from here too.

:func:`checked` is what a lesson's checked cell shows: the HTML tables (pandas Styler with a fixed
uuid) and, as ``text/plain``, one short line per table that nbval compares.

>>> from rulekit import mtg
>>> trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
>>> layer_table(trace, lang="es").columns[:3]
('#', 'capa', 'efecto')
>>> print(repr(checked(final_table(trace, lang="pt-BR"), lang="pt-BR")))
Características finais — seed/humility-then-gideon (camadas seed): 3 linhas
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit.i18n import N_, translator
from rulekit.views.table import Table

#: The Apoteose chain's views render in every language themselves (:mod:`rulekit.views.chain`); these
#: names stay importable from here for the lessons and tools, loaded on first use so that an MTG
#: explorer does not import the Apoteose engine.
_CHAIN_VIEWS = ("chain_log_table", "heroes_table", "stack_html")


def __getattr__(name: str) -> Any:
    if name in _CHAIN_VIEWS:
        from rulekit.views import chain

        return getattr(chain, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
_CELL_WORDS = {
    "no change",
    "colourless",
    "none",
    "applied",
    "off",
    "game",
    "player abilities",
    "timestamp order (613.8b)",
    "static",
    "resolved",
    "counters",
    "cda",
    "while the source is on the battlefield",
    "until end of turn",
    "indefinitely",
    "for as long as the condition holds",
    "max hand size",
}
#: Words of a change line (``types Creature → Creature, Artifact``; ``abilities lost “…”``), as
#: :func:`rulekit.views.mtg.fmt_change` writes them, and the effects table's origins and durations.
CHANGE_WORDS = (
    N_("static"),
    N_("counters"),
    N_("cda"),
    N_("while the source is on the battlefield"),
    N_("until end of turn"),
    N_("indefinitely"),
    N_("for as long as the condition holds"),
    N_("types"),
    N_("subtypes"),
    N_("supertypes"),
    N_("colors"),
    N_("lost"),
    N_("gained"),
    N_("reordered"),
)
_RULE_WORDS = (N_("max hand size"),)


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
}


def _cols(t: Any, table: Table) -> tuple[str, ...]:
    return tuple(t(c) if c else c for c in table.columns)


def _word(t: Any, cell: str) -> str:
    return t(cell) if cell in _CELL_WORDS else cell


def _en(lang: str) -> bool:
    return translator(lang).lang == "en"


def final_table(trace: Any, upto: int | None = None, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.final_table` in ``lang``."""
    from rulekit.views import mtg as mv

    table = mv.final_table(trace, upto)
    if _en(lang):
        return table
    t = translator(lang)
    n = len(trace.steps)
    if upto is None or upto >= n:
        caption = t(CAPTIONS["final"], scenario=trace.scenario, ruleset=trace.ruleset)
    else:
        caption = t(CAPTIONS["final_step"], k=upto, n=n, scenario=trace.scenario)
    rows = tuple(
        tuple(_arrow_words(t, c, _FINAL_CONTEXT.get(i, "")) for i, c in enumerate(row)) for row in table.rows
    )
    return replace(table, caption=caption, columns=_cols(t, table), rows=rows, note=t(CAPTIONS["final_note"]))


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's convention, with a context
    """Mark ``message`` (in ``context``) for extraction; translate later with ``Translator.p``."""
    return message


#: The words that agree with the characteristic they describe (msgctxt = the characteristic):
#: "habilidades perdidas", "tipos perdidos"; "habilidades: nenhuma", "subtipos: nenhum".
AGREEING = (
    NP_("abilities", "none"),
    NP_("abilities", "lost"),
    NP_("abilities", "gained"),
    NP_("abilities", "reordered"),
    NP_("types", "none"),
    NP_("types", "lost"),
    NP_("types", "gained"),
    NP_("types", "reordered"),
    NP_("subtypes", "none"),
    NP_("subtypes", "lost"),
    NP_("subtypes", "gained"),
    NP_("subtypes", "reordered"),
    NP_("supertypes", "none"),
    NP_("supertypes", "lost"),
    NP_("supertypes", "gained"),
    NP_("supertypes", "reordered"),
    NP_("colors", "none"),
    NP_("colors", "lost"),
    NP_("colors", "gained"),
    NP_("colors", "reordered"),
)
_AGREEING_CONTEXTS = {"abilities", "types", "subtypes", "supertypes", "colors"}
#: Characteristic names of change lines that are not column words, the colours, the layer-column
#: values of the players' and the rules' steps, and the rules' keys.
CHARACTERISTIC_WORDS = {
    "name": N_("name"),
    "mana_value": N_("mana value"),
    "power": N_("power"),
    "toughness": N_("toughness"),
    "controller": N_("controller"),
    "abilities": N_("abilities"),
    "types": N_("types"),
    "subtypes": N_("subtypes"),
    "supertypes": N_("supertypes"),
    "colors": N_("colors"),
    "counters": N_("counters"),
    "P/T": N_("P/T"),
}
COLOR_WORDS = {c: c for c in (N_("white"), N_("blue"), N_("black"), N_("red"), N_("green"))}
LAYER_WORDS = {"players": N_("players"), "rules": N_("rules")}
RULE_KEYS = {"max_hand_size": N_("max hand size"), "requirements": N_("requirements")}


def _agree(t: Any, characteristic: str, word: str) -> str:
    """``word`` (none, lost, gained, reordered) agreeing with ``characteristic``."""
    if characteristic in _AGREEING_CONTEXTS:
        return str(t.p(characteristic, word))
    return str(t(word))


def _loc_value(t: Any, characteristic: str, value: Any) -> str:
    """:func:`rulekit.views.mtg.fmt_value` in ``t``'s language: colours and "none" in words."""
    from rulekit.views import mtg as mv

    if isinstance(value, tuple | list):
        if not value:
            return _agree(t, characteristic, "none")
        if characteristic == "colors" and all(isinstance(v, str) for v in value):
            return ", ".join(t(COLOR_WORDS[v]) if v in COLOR_WORDS else v for v in value)
    if isinstance(value, bool):
        return str(t("yes") if value else t("no"))
    return mv.fmt_value(value)


def _loc_change(t: Any, characteristic: str, before: Any, after: Any) -> str:
    """:func:`rulekit.views.mtg.fmt_change` in ``t``'s language (its shape and length rule, these words)."""
    from rulekit.views import mtg as mv

    base, _, who = characteristic.partition(".")
    if base in RULE_KEYS:
        label = t(RULE_KEYS[base]) + (f" ({who})" if who else "")
    elif characteristic in CHARACTERISTIC_WORDS:
        label = t(CHARACTERISTIC_WORDS[characteristic])
    else:
        label = characteristic
    return mv.fmt_change(
        characteristic,
        before,
        after,
        label=label,
        value=lambda v: _loc_value(t, characteristic, v),
        word=lambda w: _agree(t, characteristic, w),
    )


def _change_lines(t: Any, trace: Any, step: Any, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """:func:`rulekit.views.mtg.change_lines` in ``t``'s language: the same lines, with this module's
    words (names, types, texts stay as written; the words and colours translate)."""
    from rulekit.views import mtg as mv

    return mv.change_lines(
        trace,
        step,
        before,
        after,
        change=lambda characteristic, b, a: _loc_change(t, characteristic, b, a),
        pt=t("P/T"),
        place=lambda oid: t(LAYER_WORDS[oid]) if oid in LAYER_WORDS else oid,
    )


def _arrow_words(t: Any, cell: str, characteristic: str = "") -> str:
    """``colourless → black`` with each side translated when it is a known word (colours in the
    colours column, "none" agreeing with its column's noun)."""

    def side(part: str) -> str:
        if part == "none" and characteristic in _AGREEING_CONTEXTS:
            return _agree(t, characteristic, "none")
        if characteristic == "colors" and part not in _CELL_WORDS:
            return ", ".join(t(COLOR_WORDS[c]) if c in COLOR_WORDS else c for c in part.split(", "))
        return _word(t, part)

    return " → ".join(side(part) for part in cell.split(" → "))


#: The final table's columns whose words agree with a characteristic (by column index).
_FINAL_CONTEXT = {4: "colors", 5: "abilities"}


def layer_table(trace: Any, highlight: int | None = None, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.layer_table` in ``lang`` (the "why" column from the step codes)."""
    from rulekit.views import mtg as mv
    from rulekit.views.reasons import why_text

    table = mv.layer_table(trace, highlight)
    if _en(lang):
        return table
    t = translator(lang)
    st = mv.states(trace)
    rows = []
    for i, (step, row) in enumerate(zip(trace.steps, table.rows, strict=True)):
        cells = list(row)
        cells[1] = t(LAYER_WORDS[cells[1]]) if cells[1] in LAYER_WORDS else cells[1]
        cells[5] = why_text(trace, step, lang)
        lines = _change_lines(t, trace, step, st[i], st[i + 1])
        cells[7] = "\n".join(lines) if lines else t("no change")
        rows.append(tuple(cells))
    caption = t(CAPTIONS["layers"], scenario=trace.scenario, ruleset=trace.ruleset)
    return replace(table, caption=caption, columns=_cols(t, table), rows=tuple(rows))


def _simple(table: Table, lang: str, caption: str, **params: Any) -> Table:
    if _en(lang):
        return table
    t = translator(lang)
    rows = tuple(tuple(_word(t, c) for c in row) for row in table.rows)
    return replace(table, caption=t(caption, **params), columns=_cols(t, table), rows=rows)


def dependency_table(trace: Any, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.dependency_table` in ``lang`` (the reasons stay as the engine gave them)."""
    from rulekit.views import mtg as mv

    table = _simple(mv.dependency_table(trace), lang, CAPTIONS["deps"], scenario=trace.scenario)
    if _en(lang):
        return table
    from rulekit.views.reasons import sentence_text

    t = translator(lang)
    rows = tuple(
        (r[0], t("depends on"), r[2], r[3], t(r[4]) if r[4] else r[4], sentence_text(r[5], lang))
        for r in table.rows
    )
    return replace(table, rows=rows)


def loop_table(trace: Any, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.loop_table` in ``lang``."""
    from rulekit.views import mtg as mv

    return _simple(mv.loop_table(trace), lang, CAPTIONS["loops"], scenario=trace.scenario)


def effects_table(trace: Any, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.effects_table` in ``lang``."""
    from rulekit.views import mtg as mv

    return _simple(mv.effects_table(trace), lang, CAPTIONS["effects"], scenario=trace.scenario)


def players_table(trace: Any, upto: int | None = None, lang: str = "en") -> Table:
    """:func:`rulekit.views.mtg.players_table` in ``lang``."""
    from rulekit.views import mtg as mv

    n = len(trace.steps)
    partial = upto is not None and upto < n
    key = "players_step" if partial else "players"
    table = mv.players_table(trace, upto)
    out = _simple(table, lang, CAPTIONS[key], k=upto, n=n, scenario=trace.scenario)
    if _en(lang):
        return out
    t = translator(lang)
    rows = tuple(
        (o[0], o[1], _arrow_words(t, r[2], "abilities")) if r[1] == "player abilities" else o
        for r, o in zip(table.rows, out.rows, strict=True)
    )
    return replace(out, rows=rows)


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


def solve_text(trace: Any, lang: str = "en") -> str:
    """``rulekit solve --lang pt-BR|es``: the effects, the layer table, the dependencies, the loops and
    the final characteristics as plain-text tables in ``lang`` (English keeps ``render_text``)."""
    t = translator(lang)
    parts = [
        t("Scenario {scenario} (ruleset: {ruleset})", scenario=trace.scenario, ruleset=trace.ruleset),
        effects_table(trace, lang=lang).to_text(),
        layer_table(trace, lang=lang).to_text() if trace.steps else t("No continuous effect applied."),
    ]
    if trace.dependencies:
        parts.append(dependency_table(trace, lang=lang).to_text())
    if trace.loops:
        parts.append(loop_table(trace, lang=lang).to_text())
    parts.append(final_table(trace, lang=lang).to_text())
    players = players_table(trace, lang=lang)
    if players.rows:
        parts.append(players.to_text())
    return "\n\n".join(parts)


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


def localize_dot(dot: str, lang: str = "en") -> str:
    """The words of a dependency diagram (as :func:`rulekit.views.mtg.dependency_dot` writes it) in
    ``lang``; names, ids and values stay. (The chain diagram is drawn in its language by
    :func:`rulekit.views.chain.chain_dot`.)

    Only the diagrams' own template words are replaced (each pattern is anchored on the DOT
    structure around it), so a card or scenario name can never be changed by it.

    >>> localize_dot('g [label="1. Humility\\\\nlayer 7b · ts 2"]', "es")
    'g [label="1. Humility\\\\ncapa 7b · ts 2"]'
    """
    if _en(lang):
        return dot
    t = translator(lang)
    rules: list[tuple[str, Any]] = [
        (
            r'label="Dependencies — (.*) \((\w+) layers\)"',
            lambda m: f'label="{t(DOT_WORDS["deps_title"], scenario=m.group(1), ruleset=m.group(2))}"',
        ),
        (r"(\\n)layer (\S+) · ts ", lambda m: f"{m.group(1)}{t('layer')} {m.group(2)} · ts "),
        (r"(\\n)from ", lambda m: f"{m.group(1)}{t(DOT_WORDS['from'])} "),
        (r"\((did not apply|off)\)", lambda m: f"({t(m.group(1))})"),
        (r'label="layer (\S+)"', lambda m: f'label="{t("layer")} {m.group(1)}"'),
        (
            r'label="loop (\d+): applied by timestamp \(613\.8b\)"',
            lambda m: f'label="{t(DOT_WORDS["loop"], n=m.group(1))}"',
        ),
        (r'label="not applied"', lambda m: f'label="{t(DOT_WORDS["not_applied"])}"'),
        (
            r'label="(depends on|applies to|text|existence|what it does)"',
            lambda m: f'label="{t(m.group(1))}"',
        ),
    ]
    import re as _re

    out = dot
    for pattern, fn in rules:
        out = _re.sub(pattern, fn, out)
    return out


#: The diagrams' own words (msgids).
DOT_WORDS = {
    "deps_title": N_("Dependencies — {scenario} ({ruleset} layers)"),
    "from": N_("from"),
    "loop": N_("loop {n}: applied by timestamp (613.8b)"),
    "not_applied": N_("not applied"),
}
_DOT_MSGIDS = (
    N_("did not apply"),
    N_("applies to"),
    N_("text"),
    N_("existence"),
    N_("what it does"),
)
