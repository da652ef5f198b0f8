"""Views of an Apoteose chain trace: the chain log table, the frames, the chain diagram, the stack.

They only *read* a :class:`rulekit.apoteose.trace.ChainTrace` (or any object with the same
attributes): frames are reconstructed from ``activate`` / ``remove`` events and the stage each
event reports. No rule of the chain is re-implemented here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekit.i18n import N_, contract, translator
from rulekit.views.dot import Digraph
from rulekit.views.markup import escape
from rulekit.views.palette import EDGE_ANSWERS, HIGHLIGHT, OKABE_ITO, SPOTLIGHT, stage_fill
from rulekit.views.table import Table

#: Outcome words an event can give a frame (the stage column shows them as they happen).
_OUTCOMES = {"stopped", "truncated", "negated", "refused"}


def format_resources(resources: dict[str, dict[str, Sequence[int]]] | None) -> str:
    """``{"ana": {"VIDA": [40, 65]}}`` -> ``"ana VIDA 40→65"`` (sorted, deterministic).

    >>> format_resources({"ana": {"VIDA": [40, 65], "ESTAMINA": [5, 3]}})
    'ana ESTAMINA 5→3, ana VIDA 40→65'
    """
    parts = []
    data = resources or {}
    for hero in sorted(data):
        for res in sorted(data[hero]):
            before, after = list(data[hero][res])[:2]
            parts.append(f"{hero} {res} {before}→{after}")
    return ", ".join(parts)


def reason_text(item: Any) -> str:
    """The English words of a reason kept as data: an event's ``detail`` (``code`` + ``params``), a
    :class:`~rulekit.apoteose.deciders.Refusal`, or any object with ``code`` and ``params``. ``""`` if none.

    >>> reason_text({"code": "ONCE_PER_BATTLE", "params": {"battle": 1}})
    'Uma Vez por Batalha: already activated in battle 1'
    """
    from rulekit.apoteose.reasons import render

    if isinstance(item, dict):
        if "params" not in item or "code" not in item:
            return str(item.get("reason") or "")
        return render(item["code"], item["params"])
    code, params = getattr(item, "code", None), getattr(item, "params", None)
    return render(code, params) if code and params is not None else ""


# ---- words of what the engine keeps as data (issue 10 §4) ----------------------------------------
def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's convention, with a context
    """Mark ``message`` (in ``context``) for extraction; translate later with ``Translator.p``."""
    return message



#: Decision prompts by code (the English equals :data:`rulekit.apoteose.wording.PROMPTS`; a test checks).
PROMPTS: dict[str, str] = {
    "RESPOND": N_("respond to {effect} ({stage})"),
    "RESPOND_CLOSED": N_("respond to {effect} ({stage}: closed, R-10)"),
    "NO_RESPONSES": N_("{stage} {effect}: no responses"),
    "AUTO_TIE": N_("tie between Auto effects (R-05)"),
    "TASK": N_("task {task}"),
}
#: A game event's kind in words, by kind (msgctxt "game event"; the English equals ``wording.EVENT_WORDS``).
EVENT_WORDS: dict[str, str] = {
    "heal": NP_("game event", "heal"), "recover": NP_("game event", "recovery"),
    "damage": NP_("game event", "damage"), "lose": NP_("game event", "loss"),
    "consume": NP_("game event", "consume"), "discard": NP_("game event", "discard"),
    "bury": NP_("game event", "bury"), "banish": NP_("game event", "banish"),
    "target": NP_("game event", "target"), "attack": NP_("game event", "attack"),
    "test": NP_("game event", "test"), "roll": NP_("game event", "roll"), "draw": NP_("game event", "draw"),
    "resolve": NP_("game event", "resolution"), "enter": NP_("game event", "entering play"),
    "leave": NP_("game event", "leaving play"), "exhaust": NP_("game event", "exhaust"),
    "reveal": NP_("game event", "reveal"),
}
#: Statement ops (msgctxt "statement") and field names (msgctxt "statement field") in words; the English
#: is the op or field name itself.
STATEMENT_OPS: frozenset[str] = frozenset((
    NP_("statement", "heal"), NP_("statement", "recover"), NP_("statement", "consume"),
    NP_("statement", "damage"), NP_("statement", "lose"), NP_("statement", "attack"),
    NP_("statement", "test"), NP_("statement", "draw"), NP_("statement", "discard"),
    NP_("statement", "bury"), NP_("statement", "banish"), NP_("statement", "return"),
    NP_("statement", "exhaust"), NP_("statement", "ready"), NP_("statement", "reveal"),
    NP_("statement", "hide"), NP_("statement", "register"), NP_("statement", "look"),
    NP_("statement", "move"), NP_("statement", "attach"), NP_("statement", "select"),
    NP_("statement", "roll"), NP_("statement", "step"), NP_("statement", "negate"),
    NP_("statement", "modify"), NP_("statement", "gain"), NP_("statement", "compute"),
    NP_("statement", "table"), NP_("statement", "noop"), NP_("statement", "choose"),
))
STATEMENT_FIELDS: frozenset[str] = frozenset((
    NP_("statement field", "amount"), NP_("statement field", "resource"), NP_("statement field", "target"),
    NP_("statement field", "card"), NP_("statement field", "count"), NP_("statement field", "type"),
    NP_("statement field", "zone"), NP_("statement field", "owner"), NP_("statement field", "attribute"),
    NP_("statement field", "dest"), NP_("statement field", "to"), NP_("statement field", "what"),
    NP_("statement field", "who"), NP_("statement field", "text"), NP_("statement field", "action"),
    NP_("statement field", "delta"), NP_("statement field", "during"), NP_("statement field", "cells"),
    NP_("statement field", "until"),
))


def event_text(ev: dict[str, Any] | None, lang: str = "en") -> str:
    """A game event (``detail["answers_event"]``, ``Option.label_params["event"]``) in words in ``lang``.

    >>> event_text({"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None,
    ...             "patient": "ana"}, "pt-BR")
    'antes de cura VIDA para ana (#0)'
    """
    from rulekit.views.reasons import CHAIN

    if not ev:
        return ""
    t = translator(lang)
    frame = ev.get("frame")
    if ev.get("kind") == "activate":
        return t(CHAIN["activate"], frame=frame)
    kind = str(ev.get("kind"))
    word = t.p("game event", EVENT_WORDS[kind]) if kind in EVENT_WORDS else kind
    bits = [str(b) for b in (ev.get("resource"), ev.get("card")) if b]
    if ev.get("patient"):
        bits.append(t("to {hero}", hero=ev["patient"]))
    what = " ".join([word, *bits])
    if ev.get("moment") == "before":
        what = contract(t(CHAIN["before"], what=what), lang)
    return what + (f" (#{frame})" if frame is not None else "")


def statement_text(st: dict[str, Any], lang: str = "en") -> str:
    """A statement (its data, ``detail["statements_data"]``…) as a label in ``lang``: the op and the field
    names in words, the values as data.

    >>> statement_text({"op": "draw", "count": 2}, "es")
    'robar(cantidad=2)'
    """
    t = translator(lang)
    op = str(st.get("op"))
    rest = ", ".join(f"{t.p('statement field', k) if k in STATEMENT_FIELDS else k}={v}"
                     for k, v in st.items() if k not in ("op", "options"))
    word = t.p("statement", op) if op in STATEMENT_OPS else op
    return f"{word}({rest})" if rest else word


def statements_text(sts: Sequence[dict[str, Any]], lang: str = "en") -> str:
    return "; ".join(statement_text(s, lang) for s in sts)


def prompt_text(point: Any, lang: str = "en") -> str:
    """A decision point's prompt in ``lang``, from its ``prompt_code`` and ``prompt_params`` (the prompt as
    the engine worded it in English when there is no code)."""
    t = translator(lang)
    code, params = getattr(point, "prompt_code", ""), dict(getattr(point, "prompt_params", {}) or {})
    if code in ("PAY", "CHOOSE_ONE"):  # the card's own words
        return str(params.get("requirement", "Escolha um"))
    if code == "STATEMENT":
        return statement_text(params.get("statement") or {}, lang)
    if code in PROMPTS:
        if "stage" in params:
            params["stage"] = t(str(params["stage"]))
        return t(PROMPTS[code], **params)
    return str(getattr(point, "prompt", "") or "")


def option_text(option: Any, lang: str = "en") -> str:
    """An option's label in ``lang``, from its ``label_code`` and ``label_params`` (its label otherwise)."""
    t = translator(lang)
    code, params = getattr(option, "label_code", ""), dict(getattr(option, "label_params", {}) or {})
    if code == "PASS":
        return t("pass")
    if code == "ANSWERS":
        event = event_text(params.get("event"), lang)
        return t("{hero}: {name} ({effect}) — answers {event}", hero=params.get("hero"),
                 name=params.get("name"), effect=params.get("effect"), event=event)
    if code == "STATEMENTS":
        return statements_text(params.get("statements") or [], lang)
    return str(getattr(option, "label", "") or getattr(option, "id", ""))


def _answers(ev: Any) -> str:
    detail = ev.detail or {}
    ans = detail.get("answers")
    if ev.responds_to is None:
        return ""
    if ans:
        return f"#{ev.responds_to}: {ans}"
    return f"#{ev.responds_to}"


def _card(ev: Any) -> str:
    return ev.card or ev.effect or ""


def chain_log_table(trace: Any, upto: int | None = None) -> Table:
    """The chain log: one row per event (index, spotlight, stage, card, hero, responds to, resources).

    ``upto`` (an event position) highlights that row — the ChainExplorer's current event.
    """
    rows = []
    for n, ev in enumerate(trace.events):
        spot = "game" if ev.spotlight is None else f"★ #{ev.spotlight}"
        detail = ev.detail or {}
        extra = reason_text(detail) or detail.get("requirement") or detail.get("answers") or ""
        rows.append(
            (
                str(n + 1),
                ev.event,
                "" if ev.index is None else f"#{ev.index}",
                spot,
                ev.stage or "",
                _card(ev),
                ev.hero or "",
                _answers(ev),
                format_resources(ev.resources),
                str(extra),
            )
        )
    changed = frozenset((r, 8) for r, row in enumerate(rows) if row[8])
    return Table(
        "chainlog",
        f"Chain log — {trace.scenario}",
        ("#", "event", "index", "spotlight", "stage", "card", "hero", "responds to", "resources", "detail"),
        tuple(rows),
        changed=changed,
        highlight_row=upto,
    )


@dataclass
class Frame:
    """One activation's frame, as reconstructed from the trace."""

    key: int  # order of activation (0-based), unique in the trace
    index: int
    card: str
    effect: str
    hero: str
    responds_to: int | None
    answers: str
    stage: str = "activating"
    outcome: str = ""  # resolved / stopped / truncated / negated
    removed: bool = False
    resolved_order: int | None = None  # set once its resolution is over (post window or removal)
    parent_key: int | None = None
    events: list[int] = field(default_factory=list)


def frames(trace: Any, upto: int | None = None) -> tuple[list[Frame], int | None]:
    """Frames reconstructed from the events up to position ``upto`` (inclusive; ``None`` = all).

    Returns the frames in activation order and the spotlight index after the last event read.
    """
    out: list[Frame] = []
    live: dict[int, Frame] = {}
    pending_answer: dict[int, str] = {}
    spotlight: int | None = None
    resolved = 0
    finishing: dict[int, int] = {}  # frame key -> its resolution's number, while it is resolving
    events = list(trace.events)
    last = len(events) - 1 if upto is None else min(upto, len(events) - 1)
    for pos in range(last + 1):
        ev = events[pos]
        spotlight = ev.spotlight
        if ev.event == "respond" and ev.responds_to is not None:
            pending_answer[ev.responds_to] = str((ev.detail or {}).get("answers") or "")
        if ev.event == "activate" and ev.index is not None:
            parent = live.get(ev.responds_to) if ev.responds_to is not None else None
            new = Frame(
                key=len(out),
                index=ev.index,
                card=_card(ev),
                effect=ev.effect or "",
                hero=ev.hero or "",
                responds_to=ev.responds_to,
                answers=pending_answer.pop(ev.responds_to, "") if ev.responds_to is not None else "",
                parent_key=parent.key if parent else None,
            )
            out.append(new)
            live[ev.index] = new
        frame = live.get(ev.index) if ev.index is not None else None
        if frame is None:
            continue
        frame.events.append(pos)
        if ev.stage:
            frame.stage = ev.stage
        if frame.key in finishing and ev.event != "resolve":
            # the resolution is over only once an event after it (post window, removal) happened:
            # at the resolve event itself the frame is resolving, not yet resolved
            frame.resolved_order = finishing.pop(frame.key)
        if ev.event == "resolve":
            resolved += 1
            finishing[frame.key] = resolved
            frame.outcome = frame.outcome or "resolved"
        if ev.event in _OUTCOMES:
            frame.outcome = ev.event
        if ev.event == "remove":
            frame.removed = True
            live.pop(ev.index, None)
    return out, spotlight


def chain_dot(trace: Any, upto: int | None = None, scale: float = 1.0, legend: bool = True) -> str:
    """The chain diagram (DOT): frames stacked by index (index 0 at the bottom), the spotlight
    marked ``★`` with a thick outline, each frame's stage or outcome, and dashed edges to what it
    answers. ``upto`` draws the chain as it stood after that event (the ChainExplorer's step).
    ``legend=False`` leaves the legend out (the explorer shows it as a compact HTML box).
    """
    from rulekit.views.reasons import moment_text

    fs, spotlight = frames(trace, upto)
    g = Digraph("chain", comment="rulekit chain")
    g.attr(
        rankdir="BT",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=f"Chain — {trace.scenario}",
        newrank="true",
        nodesep="0.3",
        ranksep="0.35",
    )
    g.attr(
        "node",
        shape="box",
        style="rounded,filled",
        fontname="Helvetica",
        fontsize=str(round(12 * scale)),
        color=OKABE_ITO["black"],
        penwidth="1.2",
    )
    g.attr("edge", fontname="Helvetica", fontsize=str(round(10 * scale)))
    on_game = spotlight is None
    g.node(
        "game",
        "★ the game\n(spotlight: the chain is empty)" if on_game else "the game\n(the chain is open)",
        shape="box" if on_game else "plaintext",
        style="rounded,filled" if on_game else "",
        fillcolor=SPOTLIGHT if on_game else "#FFFFFF",
        color=HIGHLIGHT if on_game else OKABE_ITO["black"],
        penwidth="3.5" if on_game else "1",
        fontcolor=OKABE_ITO["black"] if on_game else "#555555",
    )
    by_index: dict[int, list[Frame]] = {}
    for f in fs:
        by_index.setdefault(f.index, []).append(f)
    live_top = {f.index: f for f in fs if not f.removed}
    for index in sorted(by_index):
        with g.subgraph(name=f"rank{index}") as sub:
            sub.attr(rank="same")
            sub.node(f"idx{index}", f"index {index}", shape="plaintext", style="")
            for f in by_index[index]:
                spot = spotlight == f.index and live_top.get(f.index) is f
                state = (f.outcome or f.stage) if f.removed else _live_state(f)
                if f.removed:
                    state = f"{state}, removed" if f.outcome else "removed"
                lines = [f"{'★ ' if spot else ''}#{f.index} {f.card}", f"{f.hero} — {state}"]
                if f.resolved_order is not None:
                    lines.append(f"resolved {ordinal(f.resolved_order)}")
                words = moment_text(f.answers) if f.answers else ""
                if words and words != f.answers:  # a moment id in words; the id stays in the tooltip
                    lines.append(f"answers {words}")
                elif f.answers:
                    lines.append(f"answers: {f.answers}")
                attrs = {
                    "fillcolor": SPOTLIGHT
                    if spot
                    else stage_fill(f.outcome if f.outcome in _OUTCOMES else f.stage),
                    "tooltip": f"{f.effect} ({state})"
                    + (f" — answers {f.answers}" if words != f.answers else ""),
                }
                if spot:
                    attrs.update(penwidth="3.5", color=HIGHLIGHT)
                if f.removed:
                    attrs.update(style="rounded,filled,dashed")
                sub.node(f"f{f.key}", "\n".join(lines), **attrs)
    indices = sorted(by_index)
    prev = "game"
    for index in indices:
        g.edge(prev, f"idx{index}", style="invis")
        prev = f"idx{index}"
    for f in fs:
        if f.parent_key is not None:
            g.edge(
                f"f{f.key}",
                f"f{f.parent_key}",
                label="answers",
                style="dashed",
                color=EDGE_ANSWERS,
                tooltip=f"#{f.index} answers #{f.responds_to}"
                + (f": {f.answers}" if moment_text(f.answers) == f.answers else "")
                + (
                    f": {moment_text(f.answers)} ({f.answers})" if moment_text(f.answers) != f.answers else ""
                ),
                constraint="false",
            )
    if not legend:
        return g.source
    with g.subgraph(name="cluster_legend") as leg:
        leg.attr(label="legend", fontsize=str(round(10 * scale)), style="dashed", color="#888888")
        leg.node(
            "legend_spot",
            "★ spotlight (holofote)",
            fillcolor=SPOTLIGHT,
            penwidth="3.5",
            color=HIGHLIGHT,
            fontsize=str(round(10 * scale)),
        )
        leg.node(
            "legend_removed",
            "dashed box: frame removed",
            style="rounded,dashed",
            fontsize=str(round(10 * scale)),
        )
        leg.node("legend_a", "response", shape="plaintext", style="", fontsize=str(round(10 * scale)))
        leg.node(
            "legend_b", "the frame it answers", shape="plaintext", style="", fontsize=str(round(10 * scale))
        )
        leg.edge(
            "legend_a",
            "legend_b",
            label="answers (dashed)",
            style="dashed",
            color=EDGE_ANSWERS,
            fontsize=str(round(10 * scale)),
        )
    return g.source


def _live_state(f: Frame) -> str:
    """What a frame still on the chain is doing: its stage, unless it was stopped/truncated/negated."""
    return f.outcome if f.outcome in _OUTCOMES else f.stage


def ordinal(n: int) -> str:
    """``1 -> '1st'``, ``2 -> '2nd'``, ``11 -> '11th'``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def stack_html(trace: Any, upto: int | None = None, scale: float = 1.0) -> str:
    """The live stack after event ``upto`` as an HTML list, top of the stack first, spotlight ``★``."""
    fs, spotlight = frames(trace, upto)
    live = [f for f in fs if not f.removed]
    live.sort(key=lambda f: -f.index)
    size = f"font-size:{100 * scale:.0f}%"
    if not live:
        where = "the game" if spotlight is None else f"#{spotlight}"
        return f'<div style="{size}"><strong>Stack:</strong> empty — spotlight on {escape(where)}</div>'
    items = []
    for f in live:
        spot = f.index == spotlight
        mark = "★ " if spot else ""
        style = (
            f"border:3px solid {HIGHLIGHT};background:{SPOTLIGHT};" if spot else "border:1px solid #555;"
        ) + "padding:2px 6px;margin:2px 0;list-style:none;"
        answers = f" — answers {escape(f.answers)}" if f.answers else ""
        label = f"{mark}#{f.index} {f.card} ({f.hero}) — stage: {_live_state(f)}{answers}"
        items.append(f'<li style="{style}">{escape(label)}</li>')
    return (
        f'<div style="{size}"><strong>Stack</strong> (top first; ★ = spotlight)'
        f'<ul style="padding-left:0">{"".join(items)}</ul></div>'
    )


def stack_text(trace: Any, upto: int | None = None) -> str:
    """Plain-text twin of :func:`stack_html`."""
    fs, spotlight = frames(trace, upto)
    live = sorted((f for f in fs if not f.removed), key=lambda f: -f.index)
    if not live:
        return "Stack: empty — spotlight on " + ("the game" if spotlight is None else f"#{spotlight}")
    lines = ["Stack (top first; ★ = spotlight)"]
    for f in live:
        mark = "★ " if f.index == spotlight else "  "
        lines.append(f"{mark}#{f.index} {f.card} ({f.hero}) — stage: {_live_state(f)}")
    return "\n".join(lines)


def heroes_table(trace: Any, caption: str | None = None) -> Table:
    """Heroes: resources ``current/max``, attributes, zones (after the chain, unless ``caption`` says)."""
    rows = []
    for hero in sorted(trace.heroes):
        st = trace.heroes[hero]
        res = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(st.resources.items()))
        attrs = ", ".join(f"{k} {v}" for k, v in sorted(st.attributes.items()))
        zones = "; ".join(f"{z}: {', '.join(cards)}" for z, cards in sorted(st.zones.items()) if cards)
        rows.append((hero, res, attrs, zones))
    return Table(
        "heroes",
        caption or f"Heroes after the chain — {trace.scenario}",
        ("hero", "resources", "attributes", "zones"),
        tuple(rows),
    )
