"""Views of an Apoteose chain trace: the chain log table, the frames, the chain diagram, the stack.

They only *read* a :class:`rulekit.apoteose.trace.ChainTrace` (or any object with the same
attributes): frames are reconstructed from ``activate`` / ``remove`` events and the stage each
event reports. No rule of the chain is re-implemented here.

Every view takes ``lang`` and renders its words once, in that language, from the codes the trace
holds, through the catalogue :mod:`rulekit.apoteose.wording` (event kinds, stages, reasons, moments,
statements) and the views' own msgids here (captions, column headers, the diagram's words). Card
ids, hero ids, card texts and Apoteose keywords stay as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rulekit import limits
from rulekit.apoteose import wording
from rulekit.apoteose.wording import (
    event_kind_words,
    event_words,
    item_reason,
    moment_words,
    option_text,
    paid_words,
    prompt_text,
    reason_words,
    state_words,
    statement_label,
    statement_text,
    statements_text,
)
from rulekit.errors import Phrase
from rulekit.i18n import N_, contract, translator
from rulekit.views.dot import Digraph
from rulekit.views.markup import escape
from rulekit.views.palette import EDGE_ANSWERS, HIGHLIGHT, OKABE_ITO, SPOTLIGHT, stage_fill
from rulekit.views.table import Table
from rulekit.views.text import Bounded

__all__ = [
    "Frame",
    "chain_dot",
    "chain_log_table",
    "event_text",
    "format_resources",
    "frames",
    "heroes_table",
    "moment_text",
    "option_text",
    "ordinal",
    "paid_text",
    "prompt_text",
    "reason_text",
    "resolved_text",
    "stack_html",
    "stack_text",
    "statement_label",
    "statement_text",
    "statements_text",
]

#: Outcome words an event can give a frame (the stage column shows them as they happen).
_OUTCOMES = {"stopped", "truncated", "negated", "refused"}

#: The chain views' captions, column headers and words (msgids).
CAPTIONS = {
    "chainlog": N_("Chain log — {scenario}"),
    "heroes": N_("Heroes after the chain — {scenario}"),
    "chain": N_("Chain — {scenario}"),
}
LOG_COLUMNS = (
    N_("#"),
    N_("event"),
    N_("index"),
    N_("spotlight"),
    N_("stage"),
    N_("card"),
    N_("hero"),
    N_("responds to"),
    N_("resources"),
    N_("detail"),
)
HERO_COLUMNS = (N_("hero"), N_("resources"), N_("attributes"), N_("zones"))
#: The chain diagram's words (msgids).
DOT_WORDS = {
    "empty": N_("★ the game\n(spotlight: the chain is empty)"),
    "open": N_("the game\n(the chain is open)"),
    "index": N_("index {index}"),
    "removed": N_("{state}, removed"),
    "resolved_nth": N_("resolved {nth}"),
    "answers": N_("answers {moment}"),
    "answers_id": N_("answers: {moment}"),
    "edge": N_("answers"),
    "edge_tip": N_("#{index} answers #{parent}"),
    "legend": N_("legend"),
    "legend_spot": N_("★ spotlight (holofote)"),
    "legend_removed": N_("dashed box: frame removed"),
    "legend_a": N_("response"),
    "legend_b": N_("the frame it answers"),
    "legend_edge": N_("answers (dashed)"),
}
#: The stack's words (msgids).
STACK_WORDS = {
    "empty_game": N_("Stack: empty — spotlight on the game"),
    "empty_at": N_("Stack: empty — spotlight on #{index}"),
    "head": N_("Stack"),
    "note": N_("(top first; ★ = spotlight)"),
    "entry": N_("{mark}#{index} {card} ({hero}) — stage: {stage}"),
    "answers": N_(" — answers {moment}"),
}


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


def reason_text(item: Any, lang: str = "en") -> str:
    """A reason kept as data in ``lang``: an event's ``detail`` (``code`` + ``params``), a
    :class:`~rulekit.apoteose.deciders.Refusal`, or any object with ``code`` and ``params``. ``""`` if none.

    >>> reason_text({"code": "ONCE_PER_BATTLE", "params": {"battle": 1}})
    'Uma Vez por Batalha: already activated in battle 1'
    >>> reason_text({"code": "NOT_ENOUGH_RESOURCE", "params": {"resource": "MANA", "amount": 3}}, "es")
    'no hay MANA suficiente para consumir 3'
    """
    return item_reason(item, lang)


def event_text(ev: dict[str, Any] | None, lang: str = "en") -> str:
    """A game event in words in ``lang`` (:func:`rulekit.apoteose.wording.event_words`)."""
    return event_words(ev, lang)


def _answers(ev: Any, lang: str) -> str:
    """The log's "responds to" cell: the frame answered and the moment, in words."""
    if ev.responds_to is None:
        return ""
    ans = (ev.detail or {}).get("answers")
    if ans:
        return f"#{ev.responds_to}: {moment_words(ans, lang)}"
    return f"#{ev.responds_to}"


def _card(ev: Any) -> str:
    return ev.card or ev.effect or ""


def resolved_text(ev: Any, lang: str = "en") -> str:
    """What a ``resolve`` event resolved, in ``lang``: its statements' sentences (:func:`statements_text`
    of ``detail["statements_data"]``), ``; ``-joined; the engine's labels (``detail["statements"]``) when
    the trace has no data (an older trace). ``""`` for any other event, or when nothing resolved.

    >>> from types import SimpleNamespace
    >>> ev = SimpleNamespace(event="resolve", detail={"statements_data": [
    ...     {"op": "heal", "amount": 25, "resource": "VIDA", "target": {"who": "self"}},
    ...     {"op": "recover", "amount": 2, "resource": "MANA", "target": {"who": "self"}}]})
    >>> resolved_text(ev)
    'heal 25 VIDA; recover 2 MANA'
    >>> resolved_text(ev, "es")
    'cura 25 de VIDA; recupera 2 de MANA'
    """
    if getattr(ev, "event", None) != "resolve":
        return ""
    detail = getattr(ev, "detail", None) or {}
    data = detail.get("statements_data")
    if isinstance(data, list | tuple):
        return statements_text(data, lang)
    labels = detail.get("statements")
    return "; ".join(str(x) for x in labels) if isinstance(labels, list | tuple) else ""


def paid_text(ev: Any, lang: str = "en") -> str:
    """What a ``pay`` event paid, in ``lang``: the cost's or action's sentence from its data
    (``detail["requirement_data"]``, as :func:`resolved_text` words a resolution), the task keyword as
    written; the card's words when the trace has no data (an older trace). ``""`` for any other event.

    >>> from rulekit.apoteose import run_chain
    >>> [paid_text(ev, "pt-BR") for ev in run_chain("apoteose/nested-responses").of("pay")][:2]
    ['descarta 1 carta', 'consome 2 de ESTAMINA']
    """
    detail = getattr(ev, "detail", None) or {}
    return paid_words(detail, lang) if detail.get("requirement") else ""


def _log_detail(ev: Any, lang: str) -> str:
    """The chain log's detail cell: a reason in words, the cost or action paid, the moment a response
    answers, or what a resolution resolved — in ``lang``."""
    detail = ev.detail or {}
    reason = item_reason(detail, lang)
    if reason:
        return reason
    if detail.get("requirement"):
        return paid_text(ev, lang)
    if detail.get("answers"):
        return moment_words(detail["answers"], lang)
    return resolved_text(ev, lang)


def chain_log_table(trace: Any, upto: int | None = None, lang: str = "en") -> Table:
    """The chain log in ``lang``: one row per event (index, spotlight, stage, card, hero, responds to,
    resources, detail). The detail is a refusal's or a stop's reason in words, the cost or action paid
    (:func:`paid_text`), the moment a response answers, or — for a resolution — the statements it resolved
    as sentences (:func:`resolved_text`); chain moments (``activate@0``) are in words.

    ``upto`` (an event position) highlights that row — the ChainExplorer's current event.

    >>> from rulekit.apoteose import run_chain
    >>> log = chain_log_table(run_chain("apoteose/nested-responses"))
    >>> [row[9] for row in log.rows if row[1] == "resolve"][-1]
    'heal 25 VIDA; recover 2 MANA'
    >>> log = chain_log_table(run_chain("apoteose/nested-responses"), lang="pt-BR")
    >>> [row[9] for row in log.rows if row[1] == "resolução"][-1]
    'cura 25 de VIDA; recupera 2 de MANA'
    """
    t = translator(lang)
    rows = []
    for n, ev in enumerate(trace.events):
        spot = t("game") if ev.spotlight is None else f"★ #{ev.spotlight}"
        rows.append(
            (
                str(n + 1),
                event_kind_words(ev.event, lang),
                "" if ev.index is None else f"#{ev.index}",
                spot,
                state_words(ev.stage, lang),
                _card(ev),
                ev.hero or "",
                _answers(ev, lang),
                format_resources(ev.resources),
                _log_detail(ev, lang),
            )
        )
    changed = frozenset((r, 8) for r, row in enumerate(rows) if row[8])
    return Table(
        "chainlog",
        t(CAPTIONS["chainlog"], scenario=trace.scenario),
        tuple(t(c) for c in LOG_COLUMNS),
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


def chain_dot(
    trace: Any, upto: int | None = None, scale: float = 1.0, legend: bool = True, lang: str = "en"
) -> str:
    """The chain diagram (DOT) in ``lang``: frames stacked by index (index 0 at the bottom), the spotlight
    marked ``★`` with a thick outline, each frame's stage or outcome, and dashed edges to what it
    answers (the moment in words; its id in the tooltip). ``upto`` draws the chain as it stood after that
    event (the ChainExplorer's step). ``legend=False`` leaves the legend out (the explorer shows it as a
    compact HTML box). Every node and edge is counted against the call's :class:`~rulekit.limits.Budget`.
    """
    with limits.budget():
        return _chain_dot(trace, upto, scale, legend, lang)


def _chain_dot(trace: Any, upto: int | None, scale: float, legend: bool, lang: str) -> str:
    t = translator(lang)
    fs, spotlight = frames(trace, upto)
    g = Digraph("chain", comment="rulekit chain")
    g.attr(
        rankdir="BT",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=t(CAPTIONS["chain"], scenario=trace.scenario),
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
        t(DOT_WORDS["empty"]) if on_game else t(DOT_WORDS["open"]),
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
            sub.node(f"idx{index}", t(DOT_WORDS["index"], index=index), shape="plaintext", style="")
            for f in by_index[index]:
                spot = spotlight == f.index and live_top.get(f.index) is f
                if f.removed:
                    state = (
                        t(DOT_WORDS["removed"], state=state_words(f.outcome, lang))
                        if f.outcome
                        else state_words("removed", lang)
                    )
                else:
                    state = state_words(_live_state(f), lang)
                lines = [f"{'★ ' if spot else ''}#{f.index} {f.card}", f"{f.hero} — {state}"]
                if f.resolved_order is not None:
                    lines.append(t(DOT_WORDS["resolved_nth"], nth=ordinal(f.resolved_order, lang)))
                words = moment_words(f.answers, lang) if f.answers else ""
                if words and words != f.answers:  # a moment id in words; the id stays in the tooltip
                    lines.append(contract(t(DOT_WORDS["answers"], moment=words), lang))
                elif f.answers:
                    lines.append(t(DOT_WORDS["answers_id"], moment=f.answers))
                attrs = {
                    "fillcolor": SPOTLIGHT
                    if spot
                    else stage_fill(f.outcome if f.outcome in _OUTCOMES else f.stage),
                    "tooltip": f"{f.effect} ({state})"
                    + (" — " + t(DOT_WORDS["answers"], moment=f.answers) if words != f.answers else ""),
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
            words = moment_words(f.answers, lang)
            tip = t(DOT_WORDS["edge_tip"], index=f.index, parent=f.responds_to) + (
                f": {words} ({f.answers})" if words != f.answers else f": {f.answers}"
            )
            g.edge(
                f"f{f.key}",
                f"f{f.parent_key}",
                label=t(DOT_WORDS["edge"]),
                style="dashed",
                color=EDGE_ANSWERS,
                tooltip=tip,
                constraint="false",
            )
    if not legend:
        return g.source
    small = str(round(10 * scale))
    with g.subgraph(name="cluster_legend") as leg:
        leg.attr(label=t(DOT_WORDS["legend"]), fontsize=small, style="dashed", color="#888888")
        leg.node(
            "legend_spot",
            t(DOT_WORDS["legend_spot"]),
            fillcolor=SPOTLIGHT,
            penwidth="3.5",
            color=HIGHLIGHT,
            fontsize=small,
        )
        leg.node("legend_removed", t(DOT_WORDS["legend_removed"]), style="rounded,dashed", fontsize=small)
        leg.node("legend_a", t(DOT_WORDS["legend_a"]), shape="plaintext", style="", fontsize=small)
        leg.node("legend_b", t(DOT_WORDS["legend_b"]), shape="plaintext", style="", fontsize=small)
        leg.edge(
            "legend_a",
            "legend_b",
            label=t(DOT_WORDS["legend_edge"]),
            style="dashed",
            color=EDGE_ANSWERS,
            fontsize=small,
        )
    return g.source


def _live_state(f: Frame) -> str:
    """What a frame still on the chain is doing: its stage, unless it was stopped/truncated/negated."""
    return f.outcome if f.outcome in _OUTCOMES else f.stage


def ordinal(n: int, lang: str = "en") -> str:
    """``n`` as an ordinal in ``lang``, as the language registry writes it (:mod:`rulekit.i18n`).

    >>> ordinal(1), ordinal(2), ordinal(11), ordinal(23), ordinal(3, "pt-BR"), ordinal(3, "es")
    ('1st', '2nd', '11th', '23rd', '3º', '3.º')
    """
    return translator(lang).ordinal(n)


def stack_list_html(
    trace: Any,
    upto: int | None,
    scale: float,
    *,
    head: str,
    note: str,
    empty: Callable[[int | None], str],
    entry: Callable[[Frame, str], str],
) -> str:
    """The live stack after event ``upto`` as an HTML list, top of the stack first, the spotlight's entry
    outlined and marked ``★``: the layout of :func:`stack_html`.

    ``head`` and ``note`` are text (escaped here); ``empty(spotlight)`` is the HTML of an empty stack and
    ``entry(frame, mark)`` an entry's HTML (``mark`` is ``"★ "`` on the spotlight): both escape their values.
    """
    fs, spotlight = frames(trace, upto)
    live = sorted((f for f in fs if not f.removed), key=lambda f: -f.index)
    size = f"font-size:{100 * scale:.0f}%"
    if not live:
        return f'<div style="{size}">{empty(spotlight)}</div>'
    items = []
    for f in live:
        spot = f.index == spotlight
        style = (
            f"border:3px solid {HIGHLIGHT};background:{SPOTLIGHT};" if spot else "border:1px solid #555;"
        ) + "padding:2px 6px;margin:2px 0;list-style:none;"
        items.append(f'<li style="{style}">{entry(f, "★ " if spot else "")}</li>')
    return (
        f'<div style="{size}"><strong>{escape(head)}</strong> {escape(note)}'
        f'<ul style="padding-left:0">{"".join(items)}</ul></div>'
    )


def _stack_empty(spotlight: int | None, lang: str) -> str:
    t = translator(lang)
    return t(STACK_WORDS["empty_game"]) if spotlight is None else t(STACK_WORDS["empty_at"], index=spotlight)


def _stack_entry(f: Frame, mark: str, lang: str) -> str:
    return translator(lang)(
        STACK_WORDS["entry"],
        mark=mark,
        index=f.index,
        card=f.card,
        hero=f.hero,
        stage=state_words(_live_state(f), lang),
    )


def stack_html(trace: Any, upto: int | None = None, scale: float = 1.0, lang: str = "en") -> str:
    """The live stack after event ``upto`` as an HTML list in ``lang``, top of the stack first, spotlight
    ``★``; what an entry answers in words, its id in the tooltip (``title``)."""
    t = translator(lang)

    def empty(spotlight: int | None) -> str:
        return f"<strong>{escape(_stack_empty(spotlight, lang))}</strong>"

    def entry(f: Frame, mark: str) -> str:
        answers = ""
        if f.answers:
            words = contract(t(STACK_WORDS["answers"], moment=moment_words(f.answers, lang)), lang)
            answers = f'<span title="{escape(f.answers)}">{escape(words)}</span>'
        return f"{escape(_stack_entry(f, mark, lang))}{answers}"

    return stack_list_html(
        trace, upto, scale, head=t(STACK_WORDS["head"]), note=t(STACK_WORDS["note"]), empty=empty, entry=entry
    )


def stack_text(trace: Any, upto: int | None = None, lang: str = "en") -> str:
    """Plain-text twin of :func:`stack_html` (the same words)."""
    t = translator(lang)
    fs, spotlight = frames(trace, upto)
    live = sorted((f for f in fs if not f.removed), key=lambda f: -f.index)
    if not live:
        return _stack_empty(spotlight, lang)
    lines = [f"{t(STACK_WORDS['head'])} {t(STACK_WORDS['note'])}"]
    for f in live:
        mark = "★ " if f.index == spotlight else "  "
        lines.append(_stack_entry(f, mark, lang))
    return "\n".join(lines)


def heroes_table(trace: Any, caption: str | None = None, lang: str = "en") -> Table:
    """Heroes in ``lang``: resources ``current/max``, attributes, zones (after the chain, unless
    ``caption`` says; ``caption`` is used as given)."""
    t = translator(lang)
    rows = []
    for hero in sorted(trace.heroes):
        st = trace.heroes[hero]
        res = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(st.resources.items()))
        attrs = ", ".join(f"{k} {v}" for k, v in sorted(st.attributes.items()))
        zones = "; ".join(f"{z}: {', '.join(cards)}" for z, cards in sorted(st.zones.items()) if cards)
        rows.append((hero, res, attrs, zones))
    return Table(
        "heroes",
        caption or t(CAPTIONS["heroes"], scenario=trace.scenario),
        tuple(t(c) for c in HERO_COLUMNS),
        tuple(rows),
    )


def moment_text(label: Any, lang: str = "en") -> str:
    """A chain moment id in plain words (:func:`rulekit.apoteose.wording.moment_words`).

    >>> moment_text("before:heal@0.0")
    'before the healing of #0'
    """
    return moment_words(label, lang)


#: The words of ``rulekit chain``'s text report (msgids).
REPORT_WORDS = {
    "by": N_("by {hero}"),
    "answers_index": N_("-> answers #{index}"),
    "requirement": N_("requirement: {value}"),
    "reason": N_("reason: {value}"),
    "answers": N_("answers: {value}"),
    "outcome": N_("outcome: {value}"),
    "spot_game": N_("[Spotlight ★ on the game]"),
    "spot_at": N_("[Spotlight ★ on #{index}]"),
    "order": N_("Resolution order: {order}."),
    "nothing": N_("nothing resolved"),
    "error": N_("error: {card}: {code}: {message}"),
}


def error_words(err: Any, lang: str = "en") -> str:
    """A trace error's message in ``lang``: from its reason code and parameters when it has them (a
    refusal), else its own message: from the catalogue when the engine wrote it as a :class:`Phrase`
    (an illegal scripted choice or response), else as written."""
    params = getattr(err, "params", None)
    if params is not None and err.code:
        key = f"{err.code}/{params['case']}" if "case" in params else err.code
        if key in wording.REASONS:
            return reason_words(err.code, params, lang)
    message = err.message
    if isinstance(message, Phrase):
        return translator(lang)(message.msgid, **message.params)
    return str(message)


def chain_report(trace: Any, lang: str = "en") -> str:
    """``rulekit chain``'s text in ``lang``: one line per event (indented by depth), the resolution order,
    the heroes' resources and zones, and the errors — one renderer for every language.

    >>> from rulekit.apoteose import run_chain
    >>> print(chain_report(run_chain("apoteose/truncated"), "pt-BR").splitlines()[9])
    truncamento  #0 rito#0 por ana motivo: MANA insuficiente para consumir 3 [Holofote ★ em #0]
    """
    t = translator(lang)
    with limits.budget():  # at most a fixed multiple of the scenario's size, then a located note
        out = Bounded(t, show=str)
        for line in _report_lines(trace, lang):
            if not out.add(line + "\n"):
                break
        return out.text()


def _report_lines(trace: Any, lang: str) -> Iterator[str]:
    """:func:`chain_report`'s lines, made one by one."""
    t = translator(lang)
    for e in trace.events:
        pad = "  " * max(0, e.depth - (1 if e.index is not None else 0))
        bits = [f"{event_kind_words(e.event, lang):<12}"]
        if e.index is not None:
            bits.append(f"#{e.index}")
        if e.effect:
            bits.append(e.effect)
        if e.hero:
            bits.append(t(REPORT_WORDS["by"], hero=e.hero))
        if e.responds_to is not None:
            bits.append(t(REPORT_WORDS["answers_index"], index=e.responds_to))
        detail = e.detail or {}
        if detail.get("requirement"):
            bits.append(t(REPORT_WORDS["requirement"], value=paid_text(e, lang)))
        reason = item_reason(detail, lang)
        if reason:
            bits.append(t(REPORT_WORDS["reason"], value=reason))
        if detail.get("answers"):
            moment = moment_words(detail["answers"], lang)
            bits.append(contract(t(REPORT_WORDS["answers"], value=moment), lang))
        if detail.get("how"):
            bits.append(t(REPORT_WORDS["outcome"], value=state_words(detail["how"], lang)))
        for h, rs in e.resources.items():
            bits.append(h + " " + ", ".join(f"{r} {a}->{b}" for r, (a, b) in rs.items()))
        bits.append(
            t(REPORT_WORDS["spot_game"])
            if e.spotlight is None
            else t(REPORT_WORDS["spot_at"], index=e.spotlight)
        )
        yield pad + " ".join(bits)
    order = ", ".join(trace.resolution_order) or t(REPORT_WORDS["nothing"])
    yield t(REPORT_WORDS["order"], order=order)
    for h, s in trace.heroes.items():
        res = ", ".join(f"{r} {c}/{m}" for r, (c, m) in s.resources.items())
        zones = "; ".join(f"{z}: {' '.join(ids)}" for z, ids in s.zones.items() if ids)
        yield f"{h}: {res} | {zones}"
    for err in trace.errors:
        yield t(REPORT_WORDS["error"], card=err.card, code=err.code, message=error_words(err, lang))
