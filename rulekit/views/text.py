"""The one text renderer of an MTG trace: what ``rulekit solve`` and ``rulekit explain`` print.

* :func:`solve_text`: effects, the layer table, dependencies, loops, final characteristics.
* :func:`explain_text`: the layer table, why each step came when it did, dependencies, loops, the
  effects that did not apply, final characteristics, players and rules.

Reasons are rendered from the trace's codes (:mod:`rulekit.views.reasons`). Both return text
passed through :func:`rulekit.textclean.visible`: a terminal escape or a right-to-left override in
a name is shown as a symbol (``␛``, ``\\u202e``), never run.
Both take ``lang``: every word is rendered from the trace's codes through the catalogue
(:mod:`rulekit.mtg.messages`, :mod:`rulekit.views.reasons`); English is the msgids themselves.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from rulekit import limits
from rulekit.i18n import Translator, translator
from rulekit.mtg import messages
from rulekit.mtg.trace import Trace
from rulekit.textclean import visible
from rulekit.views import mtg as mv
from rulekit.views.reasons import explain_step


def _fmt(value: Any, t: Translator | None = None) -> str:
    if value is None:
        return "—"
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) if value else (t or translator("en"))("(none)")
    return str(value)


def _value(change: Any, side: str, t: Translator) -> str:
    """A change's value: a list as written (colours and "none" in ``t``'s language)."""
    value = getattr(change, side)
    if isinstance(value, tuple | list) and (not value or change.characteristic == "colors"):
        return mv.fmt_value(value, change.characteristic, t)
    return _fmt(value, t)


def _clip(text: str, width: int = 70) -> str:
    """One line of at most ``width`` characters (the JSON output keeps the full text)."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _some(ids: tuple[str, ...], t: Translator, most: int = 6) -> str:
    """At most ``most`` ids and how many more: a step's changes list every object anyway, and a
    cell as wide as a thousand ids would widen every line of the table.

    >>> _some(("a", "b", "c"), translator("en"), 2)
    'a, b, … (3 in all)'
    """
    if len(ids) <= most:
        return _fmt(ids, t)
    return t("{ids}, … ({n} in all)", ids=", ".join(ids[:most]), n=f"{len(ids):,}")


def _table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain-text table; a cell with line breaks spreads over several lines of its row."""
    split = [[visible(cell).split("\n") for cell in r] for r in rows]  # widths of what is shown
    widths = [len(h) for h in headers]
    for r in split:
        for i, cell in enumerate(r):
            widths[i] = max(widths[i], *(len(part) for part in cell))
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for r in split:
        for k in range(max(len(cell) for cell in r)):
            parts = [cell[k] if k < len(cell) else "" for cell in r]
            lines.append("  ".join(c.ljust(w) for c, w in zip(parts, widths, strict=True)).rstrip())
    return "\n".join(lines)


def object_state(v: Any, lang: Any = "en") -> str:
    """``tapped``, ``face down``, ``attached to X`` (comma-separated), or ``—``.

    >>> from rulekit.mtg.trace import ObjectView
    >>> object_state(ObjectView("a", "Aura", "Ann", "Ann", "battlefield", tapped=True, attached_to="bears"))
    'tapped, attached to bears'
    """
    t = translator(lang)
    parts = [t("tapped")] if v.tapped else []
    if v.face_down:
        parts.append(t("face down"))
    if v.attached_to:
        parts.append(t("attached to {object}", object=v.attached_to))
    return ", ".join(parts) or "—"


class Bounded:
    """A text output made part by part and counted against the call's budget
    (:class:`rulekit.limits.Budget`, unit ``chars``: a fixed multiple of the scenario file's size):
    :meth:`add` says when the output is full, so the maker stops there, and :meth:`text` cuts it at
    the last whole line within the limit with one located note in the reader's language.

    >>> out = Bounded(translator("en"), most=12)
    >>> out.add("line one\\n"), out.add("line two\\n")
    (True, False)
    >>> print(out.text(), end="")  # doctest: +ELLIPSIS
    line one
    <scenario>: the text stops here: it would be longer than 12 characters (50 per byte of the file, ...)
    """

    def __init__(self, t: Translator, most: int | None = None, show: Callable[[str], str] = visible) -> None:
        self.t = t
        self.show = show
        self.budget = limits.current()
        self.most = self.budget.left("chars") if most is None else most
        self.parts: list[str] = []
        self.size = 0

    def add(self, part: str) -> bool:
        """Add ``part`` (as ``show`` shows it: :func:`~rulekit.textclean.visible`); ``False`` once the
        output is longer than its limit (stop making it)."""
        part = self.show(part)
        self.parts.append(part)
        self.size += len(part)
        return self.size <= self.most

    def room(self) -> int:
        """How many characters may still be added."""
        return max(0, self.most - self.size)

    def text(self) -> str:
        """The output, or its lines within the limit and the note that says where and why it stops."""
        text = "".join(self.parts)
        if len(text) <= self.most:
            self.budget.spend("chars", len(text))
            return text
        kept = text[: self.most]
        kept = kept[: kept.rfind("\n") + 1]
        self.budget.spent["chars"] = self.budget.spent.get("chars", 0) + len(kept)
        refusal = self.budget.refusal("chars", len(text))
        refusal.params["most"] = self.most
        if refusal.file is None:
            refusal.file = "<scenario>"
        return kept + refusal.text_in(self.t) + "\n"


def solve_text(trace: Trace, lang: Any = "en") -> str:
    """The readable form of a trace in ``lang``: effects, the layer table, dependencies, loops, final
    state (ids, names and rules text as written). At most a fixed multiple of the scenario's size
    (:class:`Bounded`): a longer one stops with a located note."""
    t = translator(lang)
    with limits.budget():
        out = Bounded(t)
        for n, line in enumerate(_solve_parts(trace, t)):
            if not out.add(f"\n{line}" if n else line):
                break
        return out.text()


def _solve_parts(trace: Trace, t: Translator) -> Iterator[str]:
    """:func:`solve_text`'s lines, each with its line break, made one by one."""
    yield t(
        "Scenario {scenario}  (ruleset: {ruleset})",
        scenario=trace.scenario,
        ruleset=messages.edition_text(trace.ruleset, t, short=True),
    )
    yield ""
    yield (t("Effects"))
    yield (
        _table(
            [t("timestamp"), t("id"), t("name"), t("origin"), t("layers"), t("status")],
            [
                [
                    _fmt(e.timestamp, t),
                    e.id,
                    mv.effect_label(e, t),
                    messages.origin_text(e.origin, t),
                    " ".join(mv.layer_text(la, t) for la in e.layers) or "—",
                    t("applied") if e.active else t("off: {why}", why=mv.effect_note(trace, e, t)),
                ]
                for e in trace.effects
            ],
        )
    )
    yield ("")
    yield (t("Applied, in order"))
    rows = []
    for s in trace.steps:
        why = messages.why_code_text(s.why, t)
        if s.waited_on:
            why += " " + t("(waited on {ids})", ids=", ".join(s.waited_on))
        if s.loop:
            why += " " + t("(loop: {ids})", ids=", ".join(s.loop))
        lines = [
            f"{mv.layer_text(c.object_id, t)}: {mv.characteristic_text(c.characteristic, t)} "
            f"{_clip(_value(c, 'before', t), 45)} → "
            f"{_clip(_value(c, 'after', t), 45)}"
            for c in s.changes
        ]
        changes = "\n".join(lines) or t("(no change)")
        objects = _some(s.objects, t)
        rows.append([str(s.index + 1), mv.layer_text(s.layer, t), s.effect, why, objects, changes])
    yield (
        _table(["#", t("layer"), t("effect"), t("why"), t("objects"), t("changes")], rows)
        if rows
        else t("(nothing applied)")
    )
    if trace.dependencies:
        yield ("")
        yield (t("Dependencies"))
        for d in trace.dependencies:
            reason = mv.dependency_reason(trace, d, t)
            yield (
                "  "
                + t(
                    "{effect} depends on {other} (layer {layer}): {reason}",
                    effect=d.effect,
                    other=d.depends_on,
                    layer=d.layer,
                    reason=reason,
                )
            )
    if trace.loops:
        yield ("")
        yield (t("Loops (applied in timestamp order, 613.8b)"))
        for loop in trace.loops:
            yield ("  " + " ↔ ".join(loop))
    yield ("")
    yield (t("Final characteristics"))
    frows = []
    #: tapped / face down / attached: a column only when some object has one
    state_col = any(v.tapped or v.face_down or v.attached_to for v in trace.final.values())
    for oid in trace.final:
        v = trace.final[oid]
        types = " ".join([*v.supertypes, *v.types])
        if v.subtypes:
            types += " — " + " ".join(v.subtypes)
        frows.append(
            [
                oid,
                v.name or t("(no name)"),
                v.controller,
                messages.zone_text(v.zone, t) if v.zone else "—",
                types,
                mv.fmt_value(v.colors, "colors", t) if v.colors else t("colorless"),
                v.pt,
                "\n".join(_clip(a, 60) for a in v.abilities) or t.p("abilities", "(none)"),
            ]
        )
        if state_col:
            frows[-1].append(object_state(v, t))
    headers = [
        t("id"),
        t("name"),
        t("controller"),
        t("zone"),
        t("types"),
        t("colors"),
        t("P/T"),
        t("abilities"),
    ]
    yield (_table([*headers, t("state")] if state_col else headers, frows))
    yield ("")
    players = "; ".join(f"{p}: {_fmt(v.abilities, t)}" for p, v in trace.players.items())
    yield (t("Players: {players}", players=players))
    sizes = ", ".join(
        f"{p} {t('no maximum') if n is None else n}" for p, n in trace.rules["max_hand_size"].items()
    )  # 402.2
    yield (t("Rules: max hand size {sizes}", sizes=sizes))
    for k, v in trace.rules.items():
        if k in messages.RULE_KEY:  # 615, 119.7, 601.2f: one line each, in the language asked for
            for who, value in v.items():
                key = f"{k}.{who}"
                shown = mv.fmt_value(value, key, t)
                yield (t("Rules: {key}: {value}", key=mv.characteristic_text(key, t), value=shown))
        elif k != "max_hand_size":
            yield (t("Rules: {key}: {value}", key=k, value=json.dumps(v, sort_keys=True, default=list)))


def explain_text(trace: Trace, lang: Any = "en") -> str:
    """The text ``rulekit explain`` prints for a solved MTG trace, in ``lang``: at most a fixed
    multiple of the scenario's size (:class:`Bounded`), made part by part and stopped there."""
    t = translator(lang)
    with limits.budget():
        out = Bounded(t)
        for part in _explain_parts(trace, t, out.room):
            if not out.add(part):
                break
        return out.text()


def _explain_parts(trace: Trace, t: Translator, room: Callable[[], int]) -> Iterator[str]:
    """:func:`explain_text` in pieces (sections, and each step's paragraph), made one by one; a
    table reads only the rows that can fit in what is left (``room()``)."""
    yield mv.layer_table(trace, lang=t).to_text(room())
    n = len(trace.steps)
    if n:
        yield "\n\n" + t("Why each step came when it did")
        states = mv.states(trace)  # replayed once for every step's paragraph
        for k in range(1, n + 1):
            yield "\n  " + explain_step(trace, k, t.lang, states)
    else:
        yield "\n\n" + t("No continuous effect applied.")
    yield "\n\n" + mv.dependency_table(trace, lang=t).to_text(room())
    if trace.loops:
        yield "\n\n" + mv.loop_table(trace, lang=t).to_text(room())
    off = [e for e in trace.effects if not e.active]
    if off:
        yield "\n\n" + t("Effects that did not apply")
        for e in off:
            yield f"\n  {mv.effect_label(e, t)} ({e.id}): {mv.effect_note(trace, e, t) or t('off')}"
    yield "\n\n" + mv.final_table(trace, lang=t).to_text(room())
    players = mv.players_table(trace, lang=t)
    if players.rows:
        yield "\n\n" + players.to_text(room())
    yield "\n"
