"""Views of an MTG layers trace: tables, the dependency diagram, the layer flow, explanations.

Everything here reads a :class:`rulekit.mtg.trace.Trace` and nothing else: values come from
``trace.initial`` / ``trace.final`` / ``trace.state_after(k)`` and the recorded steps,
dependencies and loops. No rule is re-implemented; when the trace does not say something, the
view does not guess it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulekit.views.dot import Digraph, record
from rulekit.views.palette import (
    EDGE_DEPENDS,
    HIGHLIGHT,
    LOOP,
    OKABE_ITO,
    layer_colour,
    layer_fill,
)
from rulekit.views.table import Table

#: Characteristics the final table shows, with their column titles.
FINAL_COLUMNS = ("object", "P/T", "controller", "type line", "colours", "abilities")
#: Node shapes by effect origin (the legend repeats them in words).
ORIGIN_SHAPES = {
    "static": ("box", "rounded,filled"),
    "cda": ("ellipse", "filled"),
    "resolved": ("box", "filled"),
    "counters": ("hexagon", "filled"),
}


# ---------------------------------------------------------------------------- small formatting
def fmt_value(value: Any) -> str:
    """A characteristic value as short text: tuples joined with commas, ``None`` as ``—``.

    >>> fmt_value(("Creature", "Artifact")), fmt_value(None), fmt_value(()), fmt_value(3)
    ('Creature, Artifact', '—', 'none', '3')
    """
    if value is None:
        return "—"
    if isinstance(value, tuple | list):
        if not value:
            return "none"
        if all(isinstance(v, tuple | list) and len(v) == 2 for v in value):  # counters
            return ", ".join(f"{n} {k}" for k, n in value)
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def short(text: Any, width: int = 30) -> str:
    """Shorten long text (ability wording) for a table cell: ``"0: Until end of turn, Gideon…"``.

    >>> short("0: Until end of turn, Gideon Jura becomes a 6/6", 20)
    '0: Until end of tur…'
    """
    text = str(text)
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def fmt_list(value: Any, width: int = 30) -> str:
    """A tuple of abilities (or types) as short text, each item shortened."""
    if isinstance(value, tuple | list) and value and all(isinstance(v, str) for v in value):
        return "; ".join(short(v, width) for v in value)
    return fmt_value(value)


def _hand_size(value: Any) -> str:
    """A maximum hand size (402.2): a number, or "no maximum" (``None``)."""
    return "no maximum" if value is None else fmt_value(value)


def fmt_change(
    characteristic: str,
    before: Any,
    after: Any,
    *,
    label: str | None = None,
    value: Callable[[Any], str] = fmt_value,
    word: Callable[[str], str] = str,
) -> str:
    """One characteristic's change: ``types Creature → Creature, Artifact`` or, for long lists,
    what was lost and gained: ``abilities lost “Flying”; gained “Haste”``.

    The shape and the length rule are decided here for every language; :mod:`rulekit.views.localized`
    passes its words: ``label`` (default: the characteristic's name), ``value`` (:func:`fmt_value`)
    and ``word`` (``lost``, ``gained``, ``reordered``).

    >>> fmt_change("colors", ("white",), ("black",))
    'colors white → black'
    >>> fmt_change("abilities", ("Flying", "Vigilance", "Lifelink", "First strike", "Trample"), ("Flying",))
    'abilities lost “Vigilance”, “Lifelink”, “First strike”, “Trample”'
    """
    head = characteristic if label is None else label
    if characteristic.partition(".")[0] == "max_hand_size" and value is fmt_value:
        value = _hand_size  # 402.2: "no maximum hand size" is None in the rules
    is_list = isinstance(before, tuple | list) and isinstance(after, tuple | list)
    if is_list and len(fmt_value(before)) + len(fmt_value(after)) > 48:
        lost = [v for v in before if v not in after]
        gained = [v for v in after if v not in before]
        parts = []
        if lost:
            parts.append(word("lost") + " " + ", ".join(f"“{short(v, 28)}”" for v in lost))
        if gained:
            parts.append(word("gained") + " " + ", ".join(f"“{short(v, 28)}”" for v in gained))
        if not parts:
            parts.append(word("reordered"))
        return f"{head} " + "; ".join(parts)
    return f"{head} {value(before)} → {value(after)}"


def type_line(view: Any) -> str:
    """``Legendary Planeswalker Creature — Gideon Human Soldier``."""
    left = " ".join([*view.supertypes, *view.types]) or "—"
    if view.subtypes:
        return f"{left} — {' '.join(view.subtypes)}"
    return left


def arrow(before: str, after: str) -> str:
    """``"2/2 → 1/1"``, or just the value when it did not change."""
    return after if before == after else f"{before} → {after}"


def object_name(trace: Any, oid: str) -> str:
    view = trace.final.get(oid) or trace.initial.get(oid)
    if view is not None:
        return str(view.name)
    return oid


def effect_name(trace: Any, eid: str) -> str:
    try:
        return str(trace.effect(eid).name)
    except KeyError:
        return eid


def _final_cells(view: Any) -> tuple[str, ...]:
    return (
        view.pt,
        view.controller,
        type_line(view),
        fmt_value(view.colors) if view.colors else "colourless",
        fmt_list(view.abilities),
    )


def object_order(trace: Any) -> list[str]:
    """Objects in the trace's own order (initial first, then any that only appear in final)."""
    order = list(trace.initial)
    order += [oid for oid in trace.final if oid not in trace.initial]
    return order


# ---------------------------------------------------------------------------- tables
def final_table(trace: Any, upto: int | None = None) -> Table:
    """Final characteristics (or the state after ``upto`` steps), one row per object.

    A cell that differs from the printed (copiable) value reads ``before → after`` and is bold.
    """
    state = trace.final if upto is None else trace.state_after(upto)
    rows: list[tuple[str, ...]] = []
    changed: set[tuple[int, int]] = set()
    for oid in object_order(trace):
        now = state.get(oid)
        if now is None:
            continue
        printed = trace.initial.get(oid, now)
        cells_now = _final_cells(now)
        cells_then = _final_cells(printed)
        row = [now.name]
        r = len(rows)
        for c, (a, b) in enumerate(zip(cells_then, cells_now, strict=True), start=1):
            row.append(arrow(a, b))
            if a != b:
                changed.add((r, c))
        rows.append(tuple(row))
    if upto is None or upto >= len(trace.steps):
        caption = f"Final characteristics — {trace.scenario} ({trace.ruleset} layers)"
    else:
        caption = f"Characteristics after step {upto} of {len(trace.steps)} — {trace.scenario}"
    note = "Changed against the printed values: bold, written as printed → now."
    return Table("final", caption, FINAL_COLUMNS, tuple(rows), frozenset(changed), note=note)


def rules_after(trace: Any, k: int | None = None) -> dict[str, Any]:
    """The game rules after the first ``k`` steps (``None``: all), replayed from the recorded changes
    of the rules steps (a change to ``rules`` named ``key`` or ``key.player``).

    >>> from rulekit import mtg
    >>> t = mtg.solve(mtg.load_scenario("seed/gnat-miser"))
    >>> rules_after(t, 0)["max_hand_size"]["Bo"], rules_after(t)["max_hand_size"]["Bo"]
    (7, 6)
    """
    if k is None or k >= len(trace.steps):
        return dict(trace.rules)
    out = {key: dict(v) if isinstance(v, dict) else v for key, v in trace.initial_rules.items()}
    for step in trace.steps[:k]:
        for ch in step.changes:
            if ch.object_id != "rules":
                continue
            key, _, who = ch.characteristic.partition(".")
            if who and isinstance(out.get(key), dict):
                out[key][who] = ch.after
            else:
                out[key] = ch.after
    return out


def players_table(trace: Any, upto: int | None = None) -> Table:
    """Players' abilities and the game rules after player (613.10) and rules (613.11) effects
    (``upto``: after the first ``upto`` steps only)."""
    partial = upto is not None and upto < len(trace.steps)
    players = trace.players_after(upto) if partial else trace.players
    rules = rules_after(trace, upto)
    rows: list[tuple[str, ...]] = []
    changed: set[tuple[int, int]] = set()
    for name in sorted(players):
        before = fmt_value(getattr(trace.initial_players.get(name), "abilities", ()))
        after = fmt_value(players[name].abilities)
        if before != after:
            changed.add((len(rows), 2))
        rows.append((name, "player abilities", arrow(before, after)))
    for key in sorted(rules):
        value = rules[key]
        before_v = trace.initial_rules.get(key)
        if isinstance(value, dict):
            for who in sorted(value):
                b = fmt_value((before_v or {}).get(who)) if isinstance(before_v, dict) else "—"
                a = fmt_value(value[who])
                if b != a:
                    changed.add((len(rows), 2))
                rows.append((who, key.replace("_", " "), arrow(b, a)))
        else:
            b, a = fmt_value(before_v), fmt_value(value)
            if b != a:
                changed.add((len(rows), 2))
            rows.append(("game", key.replace("_", " "), arrow(b, a)))
    caption = (
        f"Players and rules after step {upto} of {len(trace.steps)} — {trace.scenario}"
        if partial
        else f"Players and rules — {trace.scenario}"
    )
    return Table("players", caption, ("who", "what", "value"), tuple(rows), frozenset(changed))


def why_text(trace: Any, step: Any) -> str:
    """Why a step came when it did: ``CDA``, ``timestamp``, ``waited on X``, ``X waited on it``,
    ``loop (A, B)`` or ``counters (no timestamp)``: :func:`rulekit.views.reasons.why_text` in English
    (the step's code, :data:`rulekit.views.reasons.WHY`)."""
    from rulekit.views.reasons import why_text as why

    return why(trace, step, "en")


def states(trace: Any) -> list[dict[str, Any]]:
    """``states(trace)[k]`` = the object views after the first ``k`` steps (replayed once: one new
    view per object a step changes, with all of that step's changes to it)."""
    from dataclasses import replace

    views = dict(trace.initial)
    out = [dict(views)]
    names = set(getattr(next(iter(views.values()), None), "__dataclass_fields__", {}) or {})
    for step in trace.steps:
        changed: dict[str, dict[str, Any]] = {}
        for ch in step.changes:
            if ch.object_id in views and (not names or ch.characteristic in names):
                changed.setdefault(ch.object_id, {})[ch.characteristic] = ch.after
        for oid, values in changed.items():
            views[oid] = replace(views[oid], **values)
        out.append(dict(views))
    return out


def change_lines(
    trace: Any,
    step: Any,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    *,
    change: Callable[[str, Any, Any], str] = fmt_change,
    pt: str = "P/T",
    place: Callable[[str], str] = str,
) -> list[str]:
    """``["Gideon Jura: P/T 6/6 → 1/1", ...]`` for one step (power and toughness merged as P/T).

    The lines' shape is decided here for every language; :mod:`rulekit.views.localized` passes its
    words: ``change`` writes one characteristic's change (:func:`fmt_change`), ``pt`` is the merged
    power/toughness label and ``place`` names a step target that is no object (``players``, ``rules``).
    """
    by_obj: dict[str, list[Any]] = {}
    for ch in step.changes:
        by_obj.setdefault(ch.object_id, []).append(ch)
    lines = []
    for oid in sorted(by_obj):
        chs = by_obj[oid]
        parts = []
        chars = [c.characteristic for c in chs]
        if "power" in chars or "toughness" in chars:
            b = before.get(oid) if before else None
            a = after.get(oid) if after else None
            if b is not None and a is not None and hasattr(b, "pt"):
                parts.append(f"{pt} {b.pt} → {a.pt}")
            else:
                for c in chs:
                    if c.characteristic in ("power", "toughness"):
                        parts.append(change(c.characteristic, c.before, c.after))
        for c in chs:
            if c.characteristic in ("power", "toughness"):
                continue
            parts.append(change(c.characteristic, c.before, c.after))
        name = object_name(trace, oid) if oid in trace.initial or oid in trace.final else place(oid)
        lines.append(f"{name}: " + "; ".join(parts))
    return lines


LAYER_COLUMNS = ("#", "layer", "effect", "source", "timestamp", "why", "objects", "before → after")


def layer_table(trace: Any, highlight: int | None = None) -> Table:
    """The layer table: one row per applied step, in order (``highlight`` = 0-based step to mark ▶)."""
    st = states(trace)
    rows = []
    for i, step in enumerate(trace.steps):
        src = object_name(trace, step.source) if step.source else "—"
        objs = ", ".join(object_name(trace, o) for o in step.objects) or "—"
        lines = change_lines(trace, step, st[i], st[i + 1])
        rows.append(
            (
                str(i + 1),
                step.layer,
                effect_name(trace, step.effect),
                src,
                fmt_value(step.timestamp),
                why_text(trace, step),
                objs,
                "\n".join(lines) if lines else "no change",
            )
        )
    return Table(
        "layers",
        f"Layer table — {trace.scenario} ({trace.ruleset} layers): effects in the order they applied",
        LAYER_COLUMNS,
        tuple(rows),
        highlight_row=highlight,
    )


def dependency_table(trace: Any) -> Table:
    """Dependencies (613.8a) with their reasons."""
    rows = [
        (
            effect_name(trace, d.effect),
            "depends on",
            effect_name(trace, d.depends_on),
            d.layer,
            d.kind.replace("_", " ") if d.kind else "",
            d.reason,
        )
        for d in trace.dependencies
    ]
    return Table(
        "deps",
        f"Dependencies — {trace.scenario}",
        ("effect", "", "depends on", "layer", "kind", "reason"),
        tuple(rows),
    )


def loop_table(trace: Any) -> Table:
    """Dependency loops found (613.8b): members, applied in timestamp order."""
    rows = []
    for n, loop in enumerate(trace.loops, start=1):
        members = [trace.effect(e) if _has_effect(trace, e) else None for e in loop]
        ts = ", ".join(
            f"{effect_name(trace, e)} (ts {fmt_value(m.timestamp) if m else '?'})"
            for e, m in zip(loop, members, strict=True)
        )
        rows.append((str(n), ts, "timestamp order (613.8b)"))
    return Table(
        "loops", f"Dependency loops — {trace.scenario}", ("loop", "members", "resolved by"), tuple(rows)
    )


def _has_effect(trace: Any, eid: str) -> bool:
    return any(e.id == eid for e in trace.effects)


def effects_table(trace: Any) -> Table:
    """Every effect the solve knew about: id, name, origin, timestamp, layers, on/off and why."""
    rows = []
    for e in trace.effects:
        status = "applied" if e.active else f"off — {e.note}" if e.note else "off"
        rows.append((e.id, e.name, e.origin, fmt_value(e.timestamp), ", ".join(e.layers), e.duration, status))
    return Table(
        "effects",
        f"Effects — {trace.scenario}",
        ("id", "effect", "origin", "timestamp", "layers", "duration", "status"),
        tuple(rows),
    )


# ---------------------------------------------------------------------------- explanation
def explain_step(trace: Any, k: int) -> str:
    """One paragraph about step ``k`` (1-based; 0 = before any effect), in English: why it came where
    it did and what it changed. :func:`rulekit.views.reasons.explain_step` writes it (in any language).

    >>> from rulekit import mtg
    >>> trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    >>> explain_step(trace, 1).startswith("Step 1 of ")
    True
    """
    from rulekit.views.reasons import explain_step as explain

    return explain(trace, k, "en")


# ---------------------------------------------------------------------------- DOT helpers
def _nl(lines: Iterable[str]) -> str:
    """Join label lines with newlines; :func:`rulekit.views.dot.quote` writes them as DOT's ``\\n``."""
    return "\n".join(lines)


def _layer_rank(trace: Any, layer: str) -> tuple[int, str]:
    for s in trace.steps:
        if s.layer == layer:
            return (s.rank, layer)
    order = ["1", "1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "7e", "players", "rules"]
    return (1000 + (order.index(layer) if layer in order else 99), layer)


def part_id(effect: str, layer: str) -> str:
    """DOT node id of one effect's part in one layer, e.g. ``humility@7b``."""
    return f"{effect}@{layer}"


def dependency_dot(trace: Any, highlight: int | None = None, scale: float = 1.0, legend: bool = True) -> str:
    """The dependency diagram as DOT text (deterministic bytes).

    * A node is one effect's part in one layer (613.6: an effect applies in each of its layers);
      it shows the application order number, the effect, the layer, the timestamp and the source.
      Shape tells the origin (rounded box: static ability; ellipse: CDA; box: resolved spell or
      ability; hexagon: counters); the fill tells the layer and the layer is written in the node.
    * An edge A → B means "A depends on B", with the reason as tooltip and its kind as label.
      Solid: A waited on B (or waited and then did not apply at all, e.g. B removed its ability).
      Dashed: A and B are in a loop, so dependency was ignored (613.8b).
      Dotted: the dependency held at one moment but not when A applied (re-judged, 613.8c).
    * Loops are outlined with a dashed cluster labelled "loop".
    * Effects that did not apply (switched off, ended, ability removed) are dashed grey with why.
    * ``highlight`` (0-based step) marks that step's node ▶ with a thick outline.
    * ``legend=False`` leaves the legend out (the explorers show it as a compact HTML box instead,
      :func:`rulekit.views.localized.dependency_legend_html`).
    """
    fs = str(round(12 * scale))
    g = Digraph("dependencies", comment="rulekit dependency diagram")
    g.attr(
        rankdir="TB",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=f"Dependencies — {trace.scenario} ({trace.ruleset} layers)",
        compound="true",
        newrank="true",
        nodesep="0.25",
        ranksep="0.3",
    )
    g.attr("node", fontname="Helvetica", fontsize=fs, color=OKABE_ITO["black"], penwidth="1.2")
    g.attr("edge", fontname="Helvetica", fontsize=str(round(10 * scale)), color=EDGE_DEPENDS)

    order: dict[tuple[str, str], int] = {}
    for i, s in enumerate(trace.steps):
        order.setdefault((s.effect, s.layer), i)
    hi_key = None
    if highlight is not None and 0 <= highlight < len(trace.steps):
        hs = trace.steps[highlight]
        hi_key = (hs.effect, hs.layer)

    # parts per layer: applied steps first (application order), then declared-but-unapplied parts
    parts: dict[str, list[tuple[str, str]]] = {}
    for s in trace.steps:
        key = (s.effect, s.layer)
        if key not in parts.setdefault(s.layer, []):
            parts[s.layer].append(key)
    for e in trace.effects:
        for layer in e.layers:
            if (e.id, layer) not in parts.setdefault(layer, []):
                parts[layer].append((e.id, layer))
    for d in trace.dependencies:
        for eid in (d.effect, d.depends_on):
            if (eid, d.layer) not in parts.setdefault(d.layer, []):
                parts[d.layer].append((eid, d.layer))
    inactive = [e for e in trace.effects if not e.active and not e.layers]

    loops_by_layer: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for n, loop in enumerate(trace.loops):
        layers = {d.layer for d in trace.dependencies if d.effect in loop and d.depends_on in loop}
        layer = (
            min(layers, key=lambda la: _layer_rank(trace, la))
            if layers
            else next((s.layer for s in trace.steps if s.effect in loop and s.why == "loop"), "")
        )
        loops_by_layer.setdefault(layer, []).append((n, tuple(loop)))

    def node(sub: Any, eid: str, layer: str) -> None:
        info = trace.effect(eid) if _has_effect(trace, eid) else None
        pos = order.get((eid, layer))
        applied = pos is not None
        name = info.name if info else eid
        src = object_name(trace, info.source) if info and info.source else ""
        ts = fmt_value(info.timestamp) if info else "?"
        first = f"{pos + 1}. {name}" if pos is not None else f"– {name}"
        if (eid, layer) == hi_key:
            first = "▶ " + first
        lines = [first, f"layer {layer} · ts {ts}"]
        if src and src != name:
            lines.append(f"from {src}")
        if not applied:
            why = info.note if info and info.note else "did not apply"
            lines.append(f"({why})")
        shape, style = ORIGIN_SHAPES.get(info.origin if info else "static", ("box", "rounded,filled"))
        attrs = {
            "shape": shape,
            "style": style if applied else style + ",dashed",
            "fillcolor": layer_fill(layer) if applied else "#EEEEEE",
            "color": layer_colour(layer) if applied else "#777777",
            "tooltip": f"{name}: {info.text}" if info and info.text else name,
        }
        if (eid, layer) == hi_key:
            attrs.update(penwidth="4", color=HIGHLIGHT)
        sub.node(part_id(eid, layer), _nl(lines), **attrs)

    layers_sorted = sorted(parts, key=lambda la: _layer_rank(trace, la))
    for layer in layers_sorted:
        with g.subgraph(name=f"cluster_layer_{layer}") as sub:
            sub.attr(
                label=f"layer {layer}",
                style="solid",
                color=layer_colour(layer),
                fontcolor=OKABE_ITO["black"],
                penwidth="1",
            )
            looped: set[str] = set()
            for n, loop in loops_by_layer.get(layer, []):
                members = [eid for eid in loop if eid not in looped and (eid, layer) in parts[layer]]
                if not members:
                    continue
                with sub.subgraph(name=f"cluster_loop_{n}") as lp:
                    lp.attr(
                        label=f"loop {n + 1}: applied by timestamp (613.8b)",
                        style="dashed,bold",
                        color=LOOP,
                        fontcolor=OKABE_ITO["black"],
                        penwidth="2.5",
                    )
                    for eid in members:
                        node(lp, eid, layer)
                        looped.add(eid)
            for eid, la in parts[layer]:
                if eid not in looped:
                    node(sub, eid, la)
    if inactive:
        with g.subgraph(name="cluster_off") as sub:
            sub.attr(label="not applied", style="dashed", color="#777777")
            for e in inactive:
                why = e.note or "off"
                sub.node(
                    part_id(e.id, "off"),
                    _nl([f"– {e.name}", f"({why})"]),
                    shape="box",
                    style="rounded,dashed",
                    color="#777777",
                    tooltip=e.text or e.name,
                )

    waited = {(s.effect, w) for s in trace.steps for w in s.waited_on}
    loop_pairs = {(a, b) for loop in trace.loops for a in loop for b in loop if a != b}
    seen: set[tuple[str, str, str]] = set()
    for d in trace.dependencies:
        dkey = (d.effect, d.depends_on, d.layer)
        if dkey in seen:
            continue
        seen.add(dkey)
        if (d.effect, d.depends_on) in loop_pairs:
            style, how = "dashed", "in a loop: ignored (613.8b)"
        elif (d.effect, d.depends_on) in waited:
            style, how = "solid", "waited"
        elif (d.effect, d.layer) not in order:
            style, how = "solid", "waited, then did not apply"
        else:
            style, how = "dotted", "no longer held when it applied (613.8c)"
        label = d.kind.replace("_", " ") if d.kind else "depends on"
        g.edge(
            part_id(d.effect, d.layer),
            part_id(d.depends_on, d.layer),
            label=label,
            style=style,
            penwidth="2" if style == "solid" else "1.5",
            tooltip=f"{effect_name(trace, d.effect)} depends on {effect_name(trace, d.depends_on)}: "
            f"{d.reason} [{how}]",
        )
    if legend:
        _legend(g, scale)
    return str(g.source)


def _legend(g: Any, scale: float) -> None:
    """A compact legend drawn with the real shapes and line styles (the wasm Graphviz has no HTML
    labels): rows of two node shapes, then three short sample edges."""
    fs = str(round(10 * scale))
    rows = [
        [
            ("legend_static", "static ability", {"shape": "box", "style": "rounded,filled"}),
            ("legend_cda", "CDA", {"shape": "ellipse", "style": "filled"}),
        ],
        [
            ("legend_resolved", "resolved spell\nor ability", {"shape": "box", "style": "filled"}),
            ("legend_counters", "counters", {"shape": "hexagon", "style": "filled"}),
        ],
        [
            (
                "legend_off",
                "– did not apply",
                {"shape": "box", "style": "rounded,dashed", "color": "#777777"},
            ),
            (
                "legend_now",
                "▶ current step",
                {"shape": "box", "style": "rounded,filled", "penwidth": "4", "color": HIGHLIGHT},
            ),
        ],
        [("legend_order", "N. = application order\nts = timestamp", {"shape": "plaintext"})],
    ]
    with g.subgraph(name="cluster_legend") as leg:
        leg.attr(label="legend", style="dashed", color="#777777", fontsize=fs)
        leg.attr("node", fontsize=fs, fillcolor="#FFFFFF", margin="0.05,0.02", height="0.3")
        leg.attr("edge", fontsize=fs)
        for n, row in enumerate(rows):
            with leg.subgraph(name=f"legend_row{n}") as sub:
                sub.attr(rank="same")
                for nid, label, attrs in row:
                    sub.node(nid, label, **attrs)
            if n:
                leg.edge(rows[n - 1][0][0], row[0][0], style="invis")
        for n, (style, text) in enumerate(
            [
                ("solid", "waited\n(613.8a)"),
                ("dashed", "loop: ignored\n(613.8b)"),
                ("dotted", "re-judged\n(613.8c)"),
            ]
        ):
            leg.node(f"legend_a{n}", "A", shape="plaintext", height="0.2")
            leg.node(f"legend_b{n}", "B", shape="plaintext", height="0.2")
            leg.edge(
                f"legend_a{n}",
                f"legend_b{n}",
                label=text,
                style=style,
                penwidth="2" if style == "solid" else "1.5",
            )
            leg.edge("legend_order", f"legend_a{n}", style="invis")
        leg.node("legend_arrow", "A → B: A depends on B", shape="plaintext")
        leg.edge("legend_b1", "legend_arrow", style="invis")


def layer_flow_rows(trace: Any) -> list[tuple[str, list[str], list[tuple[str, list[str]]]]]:
    """Per object: (name, column labels, [(characteristic, values per column)]).

    Columns are ``printed``, then each layer that changed the object, in order. Only
    characteristics that change at some point are listed (P/T is always listed for creatures).
    """
    st = states(trace)
    last_of_layer: dict[str, int] = {}
    layer_order: list[str] = []
    for i, s in enumerate(trace.steps):
        if s.layer not in last_of_layer:
            layer_order.append(s.layer)
        last_of_layer[s.layer] = i + 1
    touched: dict[str, list[str]] = {}
    for s in trace.steps:
        for ch in s.changes:
            lst = touched.setdefault(ch.object_id, [])
            if s.layer not in lst:
                lst.append(s.layer)
    out = []
    for oid in object_order(trace):
        if oid not in touched:
            continue
        layers = [la for la in layer_order if la in touched[oid]]
        cols = ["printed", *(f"after {la}" for la in layers)]
        snaps = [st[0].get(oid), *(st[last_of_layer[la]].get(oid) for la in layers)]
        if any(s is None for s in snaps):
            continue
        getters = [
            ("P/T", lambda v: v.pt),
            ("controller", lambda v: v.controller),
            ("types", lambda v: " ".join([*v.supertypes, *v.types]) or "—"),
            ("subtypes", lambda v: " ".join(v.subtypes) or "—"),
            ("colours", lambda v: fmt_value(v.colors) if v.colors else "colourless"),
            ("abilities", lambda v: fmt_list(v.abilities, 16)),
        ]
        chars = []
        for label, get in getters:
            values = [get(v) for v in snaps]
            if len(set(values)) > 1 or (label == "P/T" and values[0] != "—"):
                chars.append((label, values))
        out.append((str(getattr(snaps[0], "name", oid)), cols, chars))
    return out


def layer_flow_table(trace: Any) -> Table:
    """The layer flow as a table: one row per (object, characteristic), one column per step of layers."""
    rows: list[tuple[str, ...]] = []
    changed = set()
    for name, cols, chars in layer_flow_rows(trace):
        for label, values in chars:
            cells = []
            for c, v in enumerate(values):
                cells.append(f"{cols[c]}: {v}")
                if c and v != values[c - 1]:
                    changed.add((len(rows), c + 2))
            rows.append((name, label, " ▸ ".join(cells)))
    return Table(
        "flow",
        f"Layer flow — {trace.scenario}",
        ("object", "characteristic", "values, layer by layer"),
        tuple(rows),
        frozenset(changed),
    )


def _cut(text: str, width: int = 24) -> str:
    """A value for a record field, shortened to ``width`` characters (quoting is :func:`dot.record`'s)."""
    text = str(text)
    return text if len(text) <= width else text[: width - 1] + "…"


def layer_flow_dot(trace: Any, scale: float = 1.0, objects: Sequence[str] | None = None) -> str:
    """The layer flow: per object a strip — one column per layer that changed it (``printed`` first),
    one line per characteristic that changes; a changed value is marked ``●``. Strips are stacked.
    Records, not HTML labels, so the in-process wasm Graphviz draws it too. Deterministic DOT."""
    g = Digraph("layerflow", comment="rulekit layer flow")
    g.attr(
        rankdir="TB",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=f"Layer flow — {trace.scenario} (● = changed in that layer)",
        nodesep="0.2",
        ranksep="0.25",
    )
    g.attr("node", shape="record", fontname="Helvetica", fontsize=str(round(14 * scale)))
    prev = None
    for n, (name, cols, chars) in enumerate(layer_flow_rows(trace)):
        if objects is not None and name not in objects:
            continue
        columns = [[_cut(name), *(_cut(label) for label, _ in chars)]]
        for c, col in enumerate(cols):
            cells = [_cut(col)]
            for _, values in chars:
                v = values[c]
                mark = "● " if c and v != values[c - 1] else ""
                cells.append(_cut(mark + v))
            columns.append(cells)
        nid = f"obj{n}"
        g.node(nid, record(columns), tooltip=f"{name}: value of each characteristic after each layer")
        if prev is not None:
            g.edge(prev, nid, style="invis")
        prev = nid
    if prev is None:
        g.node("empty", "no object changed", shape="plaintext")
    return str(g.source)
