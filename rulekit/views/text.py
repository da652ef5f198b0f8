"""The one text renderer of an MTG trace: what ``rulekit solve`` and ``rulekit explain`` print.

* :func:`solve_text`: effects, the layer table, dependencies, loops, final characteristics.
* :func:`explain_text`: the layer table, why each step came when it did, dependencies, loops, the
  effects that did not apply, final characteristics, players and rules.

Reasons are rendered from the trace's codes (:mod:`rulekit.views.reasons`). Both return text
passed through :func:`rulekit.textclean.visible`: a terminal escape or a right-to-left override in
a name is shown as a symbol (``␛``, ``\\u202e``), never run.
"""

from __future__ import annotations

import json
from typing import Any

from rulekit.mtg.trace import Trace
from rulekit.textclean import visible
from rulekit.views import mtg as mv
from rulekit.views.reasons import explain_step


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) if value else "(none)"
    return str(value)


def _clip(text: str, width: int = 70) -> str:
    """One line of at most ``width`` characters (the JSON output keeps the full text)."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _some(ids: tuple[str, ...], most: int = 6) -> str:
    """At most ``most`` ids and how many more: a step's changes list every object anyway, and a
    cell as wide as a thousand ids would widen every line of the table.

    >>> _some(("a", "b", "c"), 2)
    'a, b, … (3 in all)'
    """
    if len(ids) <= most:
        return _fmt(ids)
    return f"{', '.join(ids[:most])}, … ({len(ids):,} in all)"


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


def object_state(v: Any) -> str:
    """``tapped``, ``face down``, ``attached to X`` (comma-separated), or ``—``.

    >>> from rulekit.mtg.trace import ObjectView
    >>> object_state(ObjectView("a", "Aura", "Ann", "Ann", "battlefield", tapped=True, attached_to="bears"))
    'tapped, attached to bears'
    """
    parts = ["tapped"] if v.tapped else []
    if v.face_down:
        parts.append("face down")
    if v.attached_to:
        parts.append(f"attached to {v.attached_to}")
    return ", ".join(parts) or "—"


def solve_text(trace: Trace) -> str:
    """The readable form of a trace: effects, the layer table, dependencies, loops, final state."""
    out = [f"Scenario {trace.scenario}  (ruleset: {trace.ruleset})", ""]
    out.append("Effects")
    out.append(
        _table(
            ["timestamp", "id", "name", "origin", "layers", "status"],
            [
                [
                    _fmt(e.timestamp),
                    e.id,
                    e.name,
                    e.origin,
                    " ".join(e.layers) or "—",
                    "applied" if e.active else f"off: {e.note}",
                ]
                for e in trace.effects
            ],
        )
    )
    out.append("")
    out.append("Applied, in order")
    rows = []
    for s in trace.steps:
        why = s.why
        if s.waited_on:
            why += f" (waited on {', '.join(s.waited_on)})"
        if s.loop:
            why += f" (loop: {', '.join(s.loop)})"
        changes = (
            "\n".join(
                f"{c.object_id}.{c.characteristic}: {_clip(_fmt(c.before), 45)} → {_clip(_fmt(c.after), 45)}"
                for c in s.changes
            )
            or "(no change)"
        )
        rows.append([str(s.index + 1), s.layer, s.effect, why, _some(s.objects), changes])
    out.append(
        _table(["#", "layer", "effect", "why", "objects", "changes"], rows) if rows else "(nothing applied)"
    )
    if trace.dependencies:
        out.append("")
        out.append("Dependencies")
        for d in trace.dependencies:
            out.append(f"  {d.effect} depends on {d.depends_on} (layer {d.layer}): {d.reason}")
    if trace.loops:
        out.append("")
        out.append("Loops (applied in timestamp order, 613.8b)")
        for loop in trace.loops:
            out.append("  " + " ↔ ".join(loop))
    out.append("")
    out.append("Final characteristics")
    frows = []
    #: tapped / face down / attached: a column only when some object has one (issue 9)
    state_col = any(v.tapped or v.face_down or v.attached_to for v in trace.final.values())
    for oid in trace.final:
        v = trace.final[oid]
        types = " ".join([*v.supertypes, *v.types])
        if v.subtypes:
            types += " — " + " ".join(v.subtypes)
        frows.append(
            [
                oid,
                v.name or "(no name)",
                v.controller,
                v.zone,
                types,
                _fmt(v.colors) if v.colors else "colorless",
                v.pt,
                "\n".join(_clip(a, 60) for a in v.abilities) or "(none)",
            ]
        )
        if state_col:
            frows[-1].append(object_state(v))
    headers = ["id", "name", "controller", "zone", "types", "colors", "P/T", "abilities"]
    out.append(_table([*headers, "state"] if state_col else headers, frows))
    out.append("")
    out.append("Players: " + "; ".join(f"{p}: {_fmt(v.abilities)}" for p, v in trace.players.items()))
    out.append(
        "Rules: max hand size "
        + ", ".join(
            f"{p} {'no maximum' if n is None else n}" for p, n in trace.rules["max_hand_size"].items()
        )
    )
    for k, v in trace.rules.items():
        if k != "max_hand_size":
            out.append(f"Rules: {k}: {json.dumps(v, sort_keys=True, default=list)}")
    return visible("\n".join(out))


def explain_text(trace: Trace) -> str:
    """The text ``rulekit explain`` prints for a solved MTG trace."""
    parts = [mv.layer_table(trace).to_text()]
    states = mv.states(trace)  # replayed once for every step's paragraph
    reasons = [explain_step(trace, k, "en", states) for k in range(1, len(trace.steps) + 1)]
    parts.append(
        "Why each step came when it did\n" + "\n".join(f"  {r}" for r in reasons)
        if reasons
        else "No continuous effect applied."
    )
    parts.append(mv.dependency_table(trace).to_text())
    if trace.loops:
        parts.append(mv.loop_table(trace).to_text())
    off = [e for e in trace.effects if not e.active]
    if off:
        parts.append(
            "Effects that did not apply\n" + "\n".join(f"  {e.name} ({e.id}): {e.note or 'off'}" for e in off)
        )
    parts.append(mv.final_table(trace).to_text())
    players = mv.players_table(trace)
    if players.rows:
        parts.append(players.to_text())
    return visible("\n\n".join(parts) + "\n")
