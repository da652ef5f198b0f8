"""Views of an MTG layers trace: tables, the dependency diagram, the layer flow, explanations.

Everything here reads a :class:`rulekit.mtg.trace.Trace` and nothing else: values come from
``trace.initial`` / ``trace.final`` / ``trace.state_after(k)`` and the recorded steps,
dependencies and loops. No rule is re-implemented; when the trace does not say something, the
view does not guess it.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulekit import limits
from rulekit.i18n import N_, Translator, translator
from rulekit.mtg import messages
from rulekit.views.dot import Digraph, record
from rulekit.views.mtg_words import (  # noqa: F401 - the words are rulekit.views.mtg's too
    AGREEING,
    CHARACTERISTIC_WORDS,
    LAYER_WORDS,
    RULE_KEYS,
    arrow,
    change_lines,
    characteristic_text,
    colours_text,
    dependency_reason,
    effect_duration,
    effect_label,
    effect_name,
    effect_note,
    fmt_change,
    fmt_list,
    fmt_value,
    has_effect,
    layer_text,
    object_name,
    ruleset_text,
    short,
    states,
    subtype_word,
    type_line,
    why_text,
)
from rulekit.views.palette import (
    EDGE_DEPENDS,
    HIGHLIGHT,
    LOOP,
    OKABE_ITO,
    layer_colour,
    layer_fill,
)
from rulekit.views.reasons import explain_step as explain
from rulekit.views.table import Table

#: Node shapes by effect origin (the legend repeats them in words).
ORIGIN_SHAPES = {
    "static": ("box", "rounded,filled"),
    "cda": ("ellipse", "filled"),
    "resolved": ("box", "filled"),
    "counters": ("hexagon", "filled"),
}


# ---------------------------------------------------------------------------- words
#: The column headers of the tables (msgids; English is the header itself).
FINAL_COLUMNS = (N_("object"), N_("P/T"), N_("controller"), N_("type line"), N_("colours"), N_("abilities"))
LAYER_COLUMNS = (
    "#",
    N_("layer"),
    N_("effect"),
    N_("source"),
    N_("timestamp"),
    N_("why"),
    N_("objects"),
    N_("before → after"),
)
DEPENDENCY_COLUMNS = (N_("effect"), "", N_("depends on"), N_("layer"), N_("kind"), N_("reason"))
LOOP_COLUMNS = (N_("loop"), N_("members"), N_("resolved by"))
EFFECT_COLUMNS = (
    N_("id"),
    N_("effect"),
    N_("origin"),
    N_("timestamp"),
    N_("layers"),
    N_("duration"),
    N_("status"),
)
PLAYER_COLUMNS = (N_("who"), N_("what"), N_("value"))
FLOW_COLUMNS = (N_("object"), N_("characteristic"), N_("values, layer by layer"))

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
    "flow": N_("Layer flow — {scenario}"),
    "flow_dot": N_("Layer flow — {scenario} (● = changed in that layer)"),
}


def _final_cells(view: Any, t: Translator) -> tuple[str, ...]:
    return (
        view.pt,
        view.controller,
        type_line(view, t),
        colours_text(view.colors, t),
        fmt_list(view.abilities, lang=t),
    )


def object_order(trace: Any) -> list[str]:
    """Objects in the trace's own order (initial first, then any that only appear in final)."""
    order = list(trace.initial)
    order += [oid for oid in trace.final if oid not in trace.initial]
    return order


def _cols(t: Translator, columns: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t(c) if c and c != "#" else c for c in columns)


def _t(lang: Any) -> Translator:
    return translator(lang)


# ---------------------------------------------------------------------------- tables
def final_table(trace: Any, upto: int | None = None, lang: Any = "en") -> Table:
    """Final characteristics (or the state after ``upto`` steps), one row per object, in ``lang``.

    A cell that differs from the printed (copiable) value reads ``before → after`` and is bold.
    """
    t = _t(lang)
    state = trace.final if upto is None else trace.state_after(upto)
    rows: list[tuple[str, ...]] = []
    changed: set[tuple[int, int]] = set()
    for oid in object_order(trace):
        now = state.get(oid)
        if now is None:
            continue
        printed = trace.initial.get(oid, now)
        cells_now = _final_cells(now, t)
        cells_then = _final_cells(printed, t)
        row = [now.name]
        r = len(rows)
        for c, (a, b) in enumerate(zip(cells_then, cells_now, strict=True), start=1):
            row.append(arrow(a, b))
            if a != b:
                changed.add((r, c))
        rows.append(tuple(row))
    if upto is None or upto >= len(trace.steps):
        caption = t(CAPTIONS["final"], scenario=trace.scenario, ruleset=ruleset_text(trace, t))
    else:
        caption = t(CAPTIONS["final_step"], k=upto, n=len(trace.steps), scenario=trace.scenario)
    note = t(CAPTIONS["final_note"])
    return Table(
        "final",
        caption,
        _cols(t, FINAL_COLUMNS),
        tuple(rows),
        frozenset(changed),
        note=note,
        empty=t("(none)"),
    )


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
            if who:  # a rule kept per player or object (requirements, damage prevented...)
                if not isinstance(out.get(key), dict):
                    out[key] = {}
                out[key][who] = ch.after
            else:
                out[key] = ch.after
    return out


def players_table(trace: Any, upto: int | None = None, lang: Any = "en") -> Table:
    """Players' abilities and the game rules after player (613.10) and rules (613.11) effects
    (``upto``: after the first ``upto`` steps only), in ``lang``."""
    t = _t(lang)
    partial = upto is not None and upto < len(trace.steps)
    players = trace.players_after(upto) if partial else trace.players
    rules = rules_after(trace, upto)
    rows: list[tuple[str, ...]] = []
    changed: set[tuple[int, int]] = set()
    for name in sorted(players):
        before = fmt_value(getattr(trace.initial_players.get(name), "abilities", ()), "abilities", t)
        after = fmt_value(players[name].abilities, "abilities", t)
        if before != after:
            changed.add((len(rows), 2))
        rows.append((name, t("player abilities"), arrow(before, after)))
    for key in sorted(rules):
        value = rules[key]
        before_v = trace.initial_rules.get(key)
        label = t(RULE_KEYS[key]) if key in RULE_KEYS else key.replace("_", " ")
        if key in messages.RULE_KEY:  # 615, 119.7, 601.2f
            label = t(messages.RULE_KEY[key])
        if isinstance(value, dict):
            for who in sorted(value):
                b = fmt_value((before_v or {}).get(who), key, t) if isinstance(before_v, dict) else "—"
                a = fmt_value(value[who], key, t)
                if b != a:
                    changed.add((len(rows), 2))
                shown = t(messages.EVERY_SOURCE) if who == "*" else who
                rows.append((shown, label, arrow(b, a)))
        else:
            b, a = fmt_value(before_v, key, t), fmt_value(value, key, t)
            if b != a:
                changed.add((len(rows), 2))
            rows.append((t("game"), label, arrow(b, a)))
    caption = (
        t(CAPTIONS["players_step"], k=upto, n=len(trace.steps), scenario=trace.scenario)
        if partial
        else t(CAPTIONS["players"], scenario=trace.scenario)
    )
    return Table(
        "players", caption, _cols(t, PLAYER_COLUMNS), tuple(rows), frozenset(changed), empty=t("(none)")
    )


def layer_table(trace: Any, highlight: int | None = None, lang: Any = "en") -> Table:
    """The layer table: one row per applied step, in order (``highlight`` = 0-based step to mark ▶)."""
    t = _t(lang)
    st = states(trace)
    rows = []
    for i, step in enumerate(trace.steps):
        src = object_name(trace, step.source) if step.source else "—"
        objs = ", ".join(object_name(trace, o) for o in step.objects) or "—"
        lines = change_lines(trace, step, st[i], st[i + 1], t)
        rows.append(
            (
                str(i + 1),
                layer_text(step.layer, t),
                effect_name(trace, step.effect, t),
                src,
                fmt_value(step.timestamp),
                why_text(trace, step, t),
                objs,
                "\n".join(lines) if lines else t("no change"),
            )
        )
    return Table(
        "layers",
        t(CAPTIONS["layers"], scenario=trace.scenario, ruleset=ruleset_text(trace, t)),
        _cols(t, LAYER_COLUMNS),
        tuple(rows),
        highlight_row=highlight,
        empty=t("(none)"),
    )


def dependency_table(trace: Any, lang: Any = "en") -> Table:
    """Dependencies (613.8a) with their reasons, from their codes, in ``lang``."""
    t = _t(lang)
    rows = [
        (
            effect_name(trace, d.effect, t),
            t("depends on"),
            effect_name(trace, d.depends_on, t),
            d.layer,
            messages.dependency_kind(d.kind, t) if d.kind else "",
            dependency_reason(trace, d, t),
        )
        for d in trace.dependencies
    ]
    caption = t(CAPTIONS["deps"], scenario=trace.scenario)
    return Table("deps", caption, _cols(t, DEPENDENCY_COLUMNS), tuple(rows), empty=t("(none)"))


def loop_table(trace: Any, lang: Any = "en") -> Table:
    """Dependency loops found (613.8b): members, applied in timestamp order."""
    t = _t(lang)
    rows = []
    for n, loop in enumerate(trace.loops, start=1):
        members = [trace.effect(e) if has_effect(trace, e) else None for e in loop]
        ts = ", ".join(
            t("{effect} (ts {ts})", effect=effect_name(trace, e, t), ts=fmt_value(m.timestamp) if m else "?")
            for e, m in zip(loop, members, strict=True)
        )
        rows.append((str(n), ts, t("timestamp order (613.8b)")))
    caption = t(CAPTIONS["loops"], scenario=trace.scenario)
    return Table("loops", caption, _cols(t, LOOP_COLUMNS), tuple(rows), empty=t("(none)"))


def effect_status(trace: Any, e: Any, lang: Any = "en") -> str:
    """``applied``, ``off`` or ``off — <why>`` in ``lang``."""
    t = _t(lang)
    if e.active:
        return t("applied")
    note = effect_note(trace, e, t)
    return t("off — {why}", why=note) if note else t("off")


def effects_table(trace: Any, lang: Any = "en") -> Table:
    """Every effect the solve knew about: id, name, origin, timestamp, layers, duration, on/off and why."""
    t = _t(lang)
    rows = []
    for e in trace.effects:
        rows.append(
            (
                e.id,
                effect_label(e, t),
                messages.origin_text(e.origin, t),
                fmt_value(e.timestamp),
                ", ".join(layer_text(la, t) for la in e.layers),
                effect_duration(trace, e, t),
                effect_status(trace, e, t),
            )
        )
    caption = t(CAPTIONS["effects"], scenario=trace.scenario)
    return Table("effects", caption, _cols(t, EFFECT_COLUMNS), tuple(rows), empty=t("(none)"))


# ---------------------------------------------------------------------------- explanation
def explain_step(trace: Any, k: int, lang: Any = "en") -> str:
    """One paragraph about step ``k`` (1-based; 0 = before any effect) in ``lang``: why it came where
    it did and what it changed (:func:`rulekit.views.reasons.explain_step`).

    >>> from rulekit import mtg
    >>> trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    >>> explain_step(trace, 1).startswith("Step 1 of ")
    True
    """

    return explain(trace, k, lang)


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


def dependency_dot(
    trace: Any, highlight: int | None = None, scale: float = 1.0, legend: bool = True, lang: Any = "en"
) -> str:
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
    * Every word is in ``lang`` (:data:`DOT_WORDS`, the codes' messages); names stay as written.
    * Beyond what a person can read (:data:`rulekit.limits.READABLE_DIAGRAM_NODES` parts or
      :data:`~rulekit.limits.READABLE_DIAGRAM_EDGES` dependencies) it is drawn summarised
      (:func:`summary_groups`) and its title says so; every node and edge is counted against the
      call's :class:`~rulekit.limits.Budget`.
    """
    t = _t(lang)
    with limits.budget():
        if is_summarised(trace):
            return _summary_dot(trace, highlight, scale, legend, t)
        return _full_dot(trace, highlight, scale, legend, t)


def _full_dot(trace: Any, highlight: int | None, scale: float, legend: bool, t: Translator) -> str:
    """Every effect's part a node, every dependency an edge (a board a person can read)."""
    g = _dependency_graph(trace, scale, t)
    order: dict[tuple[str, str], int] = {}
    for i, s in enumerate(trace.steps):
        order.setdefault((s.effect, s.layer), i)
    hi_key = None
    if highlight is not None and 0 <= highlight < len(trace.steps):
        hs = trace.steps[highlight]
        hi_key = (hs.effect, hs.layer)
    node = functools.partial(_part_node, trace=trace, t=t, order=order, hi_key=hi_key)
    _layer_clusters(g, trace, t, node)
    _not_applied_cluster(g, trace, t)
    _dependency_edges(g, trace, t, order)
    if legend:
        _legend(g, scale, t)
    return str(g.source)


def _dependency_graph(trace: Any, scale: float, t: Translator, note: str = "") -> Any:
    """The diagram's graph: its title (scenario and edition, and ``note`` below it) and its node and
    edge fonts."""
    g = Digraph("dependencies", comment="rulekit dependency diagram")
    title = t(DOT_WORDS["deps_title"], scenario=trace.scenario, ruleset=ruleset_text(trace, t))
    g.attr(
        rankdir="TB",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=_nl([title, *textwrap.wrap(note, 90)]),
        compound="true",
        newrank="true",
        nodesep="0.25",
        ranksep="0.3",
    )
    fs = str(round(12 * scale))
    g.attr("node", fontname="Helvetica", fontsize=fs, color=OKABE_ITO["black"], penwidth="1.2")
    g.attr("edge", fontname="Helvetica", fontsize=str(round(10 * scale)), color=EDGE_DEPENDS)
    return g


def _parts_by_layer(trace: Any) -> dict[str, list[tuple[str, str]]]:
    """Each layer's parts ``(effect, layer)``: the applied steps first (application order), then the
    declared parts that did not apply, then those only a dependency names."""
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
    return parts


def _loops_by_layer(trace: Any) -> dict[str, list[tuple[int, tuple[str, ...]]]]:
    """Each dependency loop (613.8b), numbered, in the earliest layer where its members depend on
    each other (else the layer where it was applied by timestamp)."""
    loops_by_layer: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
    for n, loop in enumerate(trace.loops):
        layers = {d.layer for d in trace.dependencies if d.effect in loop and d.depends_on in loop}
        layer = (
            min(layers, key=lambda la: _layer_rank(trace, la))
            if layers
            else next((s.layer for s in trace.steps if s.effect in loop and s.why == "loop"), "")
        )
        loops_by_layer.setdefault(layer, []).append((n, tuple(loop)))
    return loops_by_layer


def _part_node(
    sub: Any,
    eid: str,
    layer: str,
    *,
    trace: Any,
    t: Translator,
    order: dict[tuple[str, str], int],
    hi_key: tuple[str, str] | None,
) -> None:
    """The node of effect ``eid``'s part in ``layer``: its order number, name, layer, timestamp and
    source; shape by origin, fill by layer; dashed grey with why when it did not apply."""
    info = trace.effect(eid) if has_effect(trace, eid) else None
    pos = order.get((eid, layer))
    applied = pos is not None
    name = effect_label(info, t) if info else eid
    src = object_name(trace, info.source) if info and info.source else ""
    ts = fmt_value(info.timestamp) if info else "?"
    first = f"{pos + 1}. {name}" if pos is not None else f"– {name}"
    if (eid, layer) == hi_key:
        first = "▶ " + first
    lines = [first, t(DOT_WORDS["node"], layer=layer_text(layer, t, after_layer=True), ts=ts)]
    if src and src != name:
        lines.append(t(DOT_WORDS["from"], source=src))
    if not applied:
        why = (effect_note(trace, info, t) if info else "") or t("did not apply")
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


def _layer_clusters(g: Any, trace: Any, t: Translator, node: Callable[[Any, str, str], None]) -> None:
    """One cluster per layer (rule order), holding its parts; a loop's members in a dashed cluster of
    their own inside it."""
    parts = _parts_by_layer(trace)
    loops_by_layer = _loops_by_layer(trace)
    for layer in sorted(parts, key=lambda la: _layer_rank(trace, la)):
        with g.subgraph(name=f"cluster_layer_{layer}") as sub:
            sub.attr(
                label=t(DOT_WORDS["layer"], layer=layer_text(layer, t, after_layer=True)),
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
                        label=t(DOT_WORDS["loop"], n=n + 1),
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


def _not_applied_cluster(g: Any, trace: Any, t: Translator) -> None:
    """The effects that applied in no layer (switched off, ended, ability removed), with why."""
    inactive = [e for e in trace.effects if not e.active and not e.layers]
    if not inactive:
        return
    with g.subgraph(name="cluster_off") as sub:
        sub.attr(label=t(DOT_WORDS["not_applied"]), style="dashed", color="#777777")
        for e in inactive:
            why = effect_note(trace, e, t) or t("off")
            sub.node(
                part_id(e.id, "off"),
                _nl([f"– {effect_label(e, t)}", f"({why})"]),
                shape="box",
                style="rounded,dashed",
                color="#777777",
                tooltip=e.text or effect_label(e, t),
            )


def _dependency_edges(g: Any, trace: Any, t: Translator, order: dict[tuple[str, str], int]) -> None:
    """One edge per dependency (A depends on B, in a layer): solid when A waited on B, dashed in a
    loop (613.8b), dotted when it no longer held when A applied (613.8c)."""
    waited = {(s.effect, w) for s in trace.steps for w in s.waited_on}
    loop_pairs = {(a, b) for loop in trace.loops for a in loop for b in loop if a != b}
    seen: set[tuple[str, str, str]] = set()
    for d in trace.dependencies:
        dkey = (d.effect, d.depends_on, d.layer)
        if dkey in seen:
            continue
        seen.add(dkey)
        if (d.effect, d.depends_on) in loop_pairs:
            style, how = "dashed", t(DOT_WORDS["in_loop"])
        elif (d.effect, d.depends_on) in waited:
            style, how = "solid", t(DOT_WORDS["waited"])
        elif (d.effect, d.layer) not in order:
            style, how = "solid", t(DOT_WORDS["waited_not_applied"])
        else:
            style, how = "dotted", t(DOT_WORDS["no_longer"])
        label = messages.dependency_kind(d.kind, t)
        g.edge(
            part_id(d.effect, d.layer),
            part_id(d.depends_on, d.layer),
            label=label,
            style=style,
            penwidth="2" if style == "solid" else "1.5",
            tooltip=t(
                DOT_WORDS["edge"],
                a=effect_name(trace, d.effect, t),
                b=effect_name(trace, d.depends_on, t),
                reason=dependency_reason(trace, d, t),
                how=how,
            ),
        )


# ---------------------------------------------------------------------------- the summarised diagram
def diagram_size(trace: Any) -> tuple[int, int]:
    """How many nodes (effect parts, effects that applied nowhere) and distinct dependency edges the
    full dependency diagram would draw."""
    parts = sum(len(v) for v in _parts_by_layer(trace).values())
    inactive = sum(1 for e in trace.effects if not e.active and not e.layers)
    edges = len({(d.effect, d.depends_on, d.layer) for d in trace.dependencies})
    return parts + inactive, edges


def is_summarised(trace: Any) -> bool:
    """Whether the dependency diagram is drawn summarised: more parts or dependencies than a person
    can read (:data:`rulekit.limits.READABLE_DIAGRAM_NODES`,
    :data:`~rulekit.limits.READABLE_DIAGRAM_EDGES`)."""
    nodes, edges = diagram_size(trace)
    return nodes > limits.READABLE_DIAGRAM_NODES or edges > limits.READABLE_DIAGRAM_EDGES


def _group_key(trace: Any, eid: str, layer: str, applied: bool) -> tuple[str, str, bool]:
    info = trace.effect(eid) if has_effect(trace, eid) else None
    return (layer, info.origin if info else "static", applied)


def summary_groups(trace: Any) -> tuple[dict[tuple[str, str, bool], list[str]], dict[tuple[Any, Any], int]]:
    """The summarised diagram's groups and edges: the effects grouped by what they do (their layer,
    their origin, and whether they applied there), and for each pair of groups how many
    dependencies (613.8a) go from one to the other. Effects that applied in no layer are grouped
    by origin under the layer ``off``."""
    order = {(s.effect, s.layer) for s in trace.steps}
    groups: dict[tuple[str, str, bool], list[str]] = {}
    member: dict[tuple[str, str], tuple[str, str, bool]] = {}
    for layer, parts in _parts_by_layer(trace).items():
        for eid, la in parts:
            key = _group_key(trace, eid, layer, (eid, la) in order)
            groups.setdefault(key, []).append(eid)
            member[(eid, la)] = key
    for e in trace.effects:
        if not e.active and not e.layers:
            groups.setdefault(("off", e.origin, False), []).append(e.id)
    edges: dict[tuple[Any, Any], int] = {}
    seen: set[tuple[str, str, str]] = set()
    for d in trace.dependencies:
        dkey = (d.effect, d.depends_on, d.layer)
        if dkey in seen:
            continue
        seen.add(dkey)
        pair = (member[(d.effect, d.layer)], member[(d.depends_on, d.layer)])
        edges[pair] = edges.get(pair, 0) + 1
    return groups, edges


def _group_id(key: tuple[str, str, bool]) -> str:
    layer, origin, applied = key
    return f"group:{layer}:{origin}:{'applied' if applied else 'not'}"


def _summary_dot(trace: Any, highlight: int | None, scale: float, legend: bool, t: Translator) -> str:
    """The dependency diagram summarised: one node per group of effects (:func:`summary_groups`),
    one edge per pair of groups labelled with its count, and a title line that says so."""
    groups, edges = summary_groups(trace)
    nodes, n_deps = diagram_size(trace)
    note = t(DOT_WORDS["summary"], parts=nodes, deps=n_deps, most=limits.READABLE_DIAGRAM_NODES)
    g = _dependency_graph(trace, scale, t, note)
    hi_key = None
    if highlight is not None and 0 <= highlight < len(trace.steps):
        hs = trace.steps[highlight]
        hi_key = _group_key(trace, hs.effect, hs.layer, True)
    looped = {eid for loop in trace.loops for eid in loop}
    by_layer: dict[str, list[tuple[str, str, bool]]] = {}
    for key in groups:
        by_layer.setdefault(key[0], []).append(key)
    for layer in sorted(by_layer, key=lambda la: _layer_rank(trace, la)):
        with g.subgraph(name=f"cluster_layer_{layer}") as sub:
            off = layer == "off"
            sub.attr(
                label=t(DOT_WORDS["not_applied"])
                if off
                else t(DOT_WORDS["layer"], layer=layer_text(layer, t, after_layer=True)),
                style="dashed" if off else "solid",
                color="#777777" if off else layer_colour(layer),
                fontcolor=OKABE_ITO["black"],
                penwidth="1",
            )
            for key in sorted(by_layer[layer], key=lambda k: (k[1], not k[2])):
                _group_node(sub, trace, key, groups[key], looped, key == hi_key, t)
    for (a, b), n in sorted(edges.items(), key=lambda kv: (_group_id(kv[0][0]), _group_id(kv[0][1]))):
        g.edge(
            _group_id(a),
            _group_id(b),
            label=t.n("{n} dependency", "{n} dependencies", n),
            penwidth="2",
            tooltip=t.n("{n} dependency", "{n} dependencies", n),
        )
    if legend:
        _legend(g, scale, t)
    return str(g.source)


def _group_node(
    sub: Any,
    trace: Any,
    key: tuple[str, str, bool],
    members: list[str],
    looped: set[str],
    hi: bool,
    t: Translator,
) -> None:
    """One group's node: how many effects, their origin and layer, the first few names, how many are
    in loops; shaped by origin and filled by layer as the full diagram's nodes."""
    layer, origin, applied = key
    names = [effect_name(trace, eid, t) for eid in members[:3]]
    first = t.n("{n} effect", "{n} effects", len(members)) + f" · {messages.origin_text(origin, t)}"
    lines = [("▶ " if hi else "") + first]
    if layer != "off":
        lines.append(t(DOT_WORDS["layer"], layer=layer_text(layer, t, after_layer=True)))
    lines.append(_cut(", ".join(names), 40) + (" …" if len(members) > 3 else ""))
    in_loops = sum(1 for eid in members if eid in looped)
    if in_loops:
        lines.append(t(DOT_WORDS["in_loops"], n=in_loops))
    shape, style = ORIGIN_SHAPES.get(origin, ("box", "rounded,filled"))
    attrs = {
        "shape": shape,
        "style": style if applied else style + ",dashed",
        "fillcolor": layer_fill(layer) if applied else "#EEEEEE",
        "color": layer_colour(layer) if applied else "#777777",
        "tooltip": ", ".join(effect_name(trace, eid, t) for eid in members[:20]),
    }
    if hi:
        attrs.update(penwidth="4", color=HIGHLIGHT)
    sub.node(_group_id(key), _nl(lines), **attrs)


#: The dependency diagram's own words (msgids).
DOT_WORDS = {
    "deps_title": N_("Dependencies — {scenario} ({ruleset} layers)"),
    "node": N_("layer {layer} · ts {ts}"),
    "from": N_("from {source}"),
    "layer": N_("layer {layer}"),
    "loop": N_("loop {n}: applied by timestamp (613.8b)"),
    "not_applied": N_("not applied"),
    "in_loop": N_("in a loop: ignored (613.8b)"),
    "waited": N_("waited"),
    "waited_not_applied": N_("waited, then did not apply"),
    "no_longer": N_("no longer held when it applied (613.8c)"),
    "edge": N_("{a} depends on {b}: {reason} [{how}]"),
    "summary": N_(
        "summarised: {parts} effect parts and {deps} dependencies, more than a reader can follow "
        "(at most {most} parts are drawn one by one): effects grouped by layer and origin, "
        "each arrow labelled with how many dependencies it stands for; the tables list every one"
    ),
    "in_loops": N_("{n} in a loop (613.8b)"),
}


def _legend(g: Any, scale: float, t: Translator) -> None:
    """A compact legend drawn with the real shapes and line styles (the wasm Graphviz has no HTML
    labels): rows of two node shapes, then three short sample edges."""
    fs = str(round(10 * scale))
    rows = [
        [
            ("legend_static", t("static ability"), {"shape": "box", "style": "rounded,filled"}),
            ("legend_cda", t("CDA"), {"shape": "ellipse", "style": "filled"}),
        ],
        [
            ("legend_resolved", t("resolved spell\nor ability"), {"shape": "box", "style": "filled"}),
            ("legend_counters", t("counters"), {"shape": "hexagon", "style": "filled"}),
        ],
        [
            (
                "legend_off",
                "– " + t("did not apply"),
                {"shape": "box", "style": "rounded,dashed", "color": "#777777"},
            ),
            (
                "legend_now",
                "▶ " + t("current step"),
                {"shape": "box", "style": "rounded,filled", "penwidth": "4", "color": HIGHLIGHT},
            ),
        ],
        [("legend_order", t("N. = application order\nts = timestamp"), {"shape": "plaintext"})],
    ]
    with g.subgraph(name="cluster_legend") as leg:
        leg.attr(label=t("legend"), style="dashed", color="#777777", fontsize=fs)
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
                ("solid", t("waited\n(613.8a)")),
                ("dashed", t("loop: ignored\n(613.8b)")),
                ("dotted", t("re-judged\n(613.8c)")),
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
        leg.node("legend_arrow", t("A → B: A depends on B"), shape="plaintext")
        leg.edge("legend_b1", "legend_arrow", style="invis")


def layer_flow_rows(trace: Any, lang: Any = "en") -> list[tuple[str, list[str], list[tuple[str, list[str]]]]]:
    """Per object: (name, column labels, [(characteristic, values per column)]).

    Columns are ``printed``, then each layer that changed the object, in order. Only
    characteristics that change at some point are listed (P/T is always listed for creatures).
    """
    t = _t(lang)
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
        cols = [t("printed"), *(t("after {layer}", layer=layer_text(la, t)) for la in layers)]
        snaps = [st[0].get(oid), *(st[last_of_layer[la]].get(oid) for la in layers)]
        if any(s is None for s in snaps):
            continue
        getters = [
            ("P/T", lambda v: v.pt),
            ("controller", lambda v: v.controller),
            ("types", lambda v: " ".join([*v.supertypes, *v.types]) or "—"),
            ("subtypes", lambda v: " ".join(subtype_word(s, t) for s in v.subtypes) or "—"),
            ("colours", lambda v: colours_text(v.colors, t)),
            ("abilities", lambda v: fmt_list(v.abilities, 16, lang=t)),
        ]
        chars = []
        for label, get in getters:
            values = [get(v) for v in snaps]
            if len(set(values)) > 1 or (label == "P/T" and values[0] != "—"):
                chars.append((t(CHARACTERISTIC_WORDS[label]), values))
        out.append((str(getattr(snaps[0], "name", oid)), cols, chars))
    return out


def layer_flow_table(trace: Any, lang: Any = "en") -> Table:
    """The layer flow as a table: one row per (object, characteristic), one column per step of layers."""
    rows: list[tuple[str, ...]] = []
    changed = set()
    t = _t(lang)
    for name, cols, chars in layer_flow_rows(trace, t):
        for label, values in chars:
            cells = []
            for c, v in enumerate(values):
                cells.append(f"{cols[c]}: {v}")
                if c and v != values[c - 1]:
                    changed.add((len(rows), c + 2))
            rows.append((name, label, " ▸ ".join(cells)))
    return Table(
        "flow",
        t(CAPTIONS["flow"], scenario=trace.scenario),
        _cols(t, FLOW_COLUMNS),
        tuple(rows),
        frozenset(changed),
    )


def _cut(text: str, width: int = 24) -> str:
    """A value for a record field, shortened to ``width`` characters (quoting is :func:`dot.record`'s)."""
    text = str(text)
    return text if len(text) <= width else text[: width - 1] + "…"


def layer_flow_dot(
    trace: Any, scale: float = 1.0, objects: Sequence[str] | None = None, lang: Any = "en"
) -> str:
    """The layer flow: per object a strip — one column per layer that changed it (``printed`` first),
    one line per characteristic that changes; a changed value is marked ``●``. Strips are stacked.
    Records, not HTML labels, so the in-process wasm Graphviz draws it too. Deterministic DOT.
    Every node and edge is counted against the call's :class:`~rulekit.limits.Budget`."""
    with limits.budget():
        return _layer_flow_dot(trace, scale, objects, _t(lang))


def _layer_flow_dot(trace: Any, scale: float, objects: Sequence[str] | None, t: Translator) -> str:
    g = Digraph("layerflow", comment="rulekit layer flow")
    g.attr(
        rankdir="TB",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=t(CAPTIONS["flow_dot"], scenario=trace.scenario),
        nodesep="0.2",
        ranksep="0.25",
    )
    g.attr("node", shape="record", fontname="Helvetica", fontsize=str(round(14 * scale)))
    prev = None
    for n, (name, cols, chars) in enumerate(layer_flow_rows(trace, t)):
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
        g.node(
            nid,
            record(columns),
            tooltip=t("{name}: value of each characteristic after each layer", name=name),
        )
        if prev is not None:
            g.edge(prev, nid, style="invis")
        prev = nid
    if prev is None:
        g.node("empty", t("no object changed"), shape="plaintext")
    return str(g.source)
