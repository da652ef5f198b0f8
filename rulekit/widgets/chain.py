"""ChainExplorer: walk an Apoteose chain, choose responses at each window, undo and reset.

The interactive driver is the engine's :class:`rulekit.apoteose.ChainSession`: it runs the
scenario until a decision is needed and exposes that decision point — the legal options and the
refused ones with their reasons. This widget only shows them and passes the learner's choice
back (``choose``); undo and reset are the session's (replay). Only legal options are offered.

Outputs (each used like an ``HTML`` widget: ``.value``): ``window_html`` (the open window: its prompt and
the refused effects with reasons), ``stack_html`` (the stack, spotlight ★), ``diagram_html`` (the chain
diagram), ``legend_html``, ``log_html`` (the chain log, current event ▶), ``heroes_html`` (resources and zones
now), ``status_html`` and ``error``. All but ``error`` and the title are the parts of one
:class:`~rulekit.widgets.panel.Panel` (the status, the window and the stack placed above and beside the
controls): what a click changes in them reaches the browser in one update.
Controls: ``response`` (ToggleButtons of the legal options, one button each), ``choose_button``, ``undo``,
``reset``, ``finish`` (accept the defaults to the end), ``event`` (IntSlider over the events so
far, numbered from 1 like the "Event k of n" status line) with ``prev`` / ``next``, and
``text_size`` (ToggleButtons "Text size", see :meth:`set_scale`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from functools import partial
from typing import Any

from rulekit import apoteose
from rulekit.apoteose.trace import ChainTrace
from rulekit.apoteose.wording import (
    effect_words,
    event_kind_words,
    item_reason,
    moment_words,
    option_text,
    prompt_text,
    state_words,
)
from rulekit.errors import N_, RulekitError
from rulekit.i18n import contract
from rulekit.views import chain as cv
from rulekit.views import localized as lv
from rulekit.views.markup import escape
from rulekit.widgets import ahead
from rulekit.widgets._base import HIDDEN, DiagramExplorer, guarded, load_input, row, set_class, sync, wrap

PASS = "pass"


def _in_lang(sc: Any, what: str, lang: str) -> str:
    """A scenario's ``title`` or ``description`` in ``lang`` (``title_in``, ``description_in``)."""
    pick = getattr(sc, f"{what}_in", None)
    return str((pick(lang) if callable(pick) else getattr(sc, what, "")) or "")


class ChainExplorer(DiagramExplorer):
    """The Apoteose chain explorer (see the module doc).

    Args:
        scenario: a built-in name (``apoteose/...``), a path, or a loaded Apoteose scenario.
        scale: font-size factor for projectors; the starting value of the ``text_size`` knob.
        backend: force the diagram backend (``dot``/``wasm``/``text``).
        use_script: let the scenario's scripted decisions answer first (the explorer then stops only
            where the script is silent); by default the learner takes every decision.
        lang: ``"en"`` (default), ``"pt-BR"`` or ``"es"``: the language of everything shown.

    The moments a response can answer are shown in words ("the activation of #0", "before the
    healing of #0"); their ids (``activate@0``, ``before:heal@0.0``) are in the tooltips.
    """

    def __init__(
        self,
        scenario: Any,
        *,
        scale: float = 1.0,
        backend: str | None = None,
        use_script: bool = False,
        lang: str = "en",
    ) -> None:
        self._init_diagrams(backend)
        import ipywidgets as w

        self.use_script = use_script
        lang_error = self._init_language(lang, scale)
        _ = self._
        self.session: Any = None
        self.trace: Any = None
        self.point: Any = None
        self._busy = False
        #: the outputs shown for a (trace, event, waiting, size, language): see _outputs
        self._rendered: OrderedDict[tuple[Any, ...], tuple[Any, tuple[str, str, str, str, str]]] = (
            OrderedDict()
        )

        self.title_html = self._output()
        # the outputs a click changes, in the order shown: the status line above the controls, the open
        # window and the stack beside them (placed there), the diagram, its legend, the log and the heroes
        # under them: one panel, so a click's changes reach the browser in one message
        placed = ("status", "window", "stack")
        panel = self._panel_of((*placed, "diagram", "legend", "log", "heroes"), placed=placed)
        self.status_html = panel.part("status")
        self.window_html = panel.part("window")
        self.stack_html = panel.part("stack")
        self.diagram_html = panel.part("diagram")
        self.legend_html = panel.part("legend")
        self.log_html = panel.part("log")
        self.heroes_html = panel.part("heroes")
        # one button per response, each reached with Tab and chosen with Enter or Space: a radio group's arrow
        # keys are JupyterLab's (they move between cells), so a keyboard could reach only its checked option
        self.response = w.ToggleButtons(
            options=[],
            description=_("Response"),
            layout=w.Layout(width="auto"),
            style={"button_width": "auto"},
        )
        self.response.tooltip = _("Only legal responses are offered; refused ones are listed with the reason")
        self.choose_button = w.Button(
            description=_("Choose"),
            button_style="primary",
            icon="check",
            tooltip=_("Activate the chosen response (or pass)"),
        )
        self.undo = w.Button(description=_("Undo"), icon="undo", tooltip=_("Take back the last choice"))
        self.reset = w.Button(description=_("Reset"), icon="refresh", tooltip=_("Start the chain again"))
        self.finish = w.Button(
            description=_("Run to the end"),
            icon="fast-forward",
            tooltip=_("Accept the default (pass / first legal choice) at every window"),
        )
        self.prev = w.Button(description=_("◀ Event"), tooltip=_("Previous event"))
        self.next = w.Button(description=_("Event ▶"), tooltip=_("Next event"))
        self.event = w.IntSlider(value=1, min=1, max=1, description=_("Event"), layout=w.Layout(width="28em"))
        self.event.tooltip = _("Walk through the chain's events so far (1 = the first event)")

        self.choose_button.on_click(lambda _b: self.choose())
        self.undo.on_click(lambda _b: self.do_undo())
        self.reset.on_click(lambda _b: self.do_reset())
        self.finish.on_click(lambda _b: self.run_to_end())
        self.prev.on_click(lambda _b: self.go(-1))
        self.next.on_click(lambda _b: self.go(+1))
        self.event.observe(lambda _c: self.show_event(), names="value")
        self.response.observe(lambda _c: self._picked(), names="value")

        self.widget = w.VBox(
            [
                self.style_html,
                self.toolbar(),
                self.title_html,
                panel.place("status"),
                row(
                    w.VBox([panel.place("window"), self.response, row(self.choose_button, self.finish)]),
                    panel.place("stack"),
                ),
                row(self.undo, self.reset),
                row(self.prev, self.event, self.next),
                self.error,
                panel.widget,
            ]
        )
        self.widget.add_class("rulekit-chain-explorer")
        if lang_error is not None:
            self._set_error(lang_error)
        else:
            self.load(scenario)
        self._finish_init()

    def _controls(self) -> list[Any]:
        return [
            self.text_size,
            self.fit_width,
            self.full_width,
            self.response,
            self.choose_button,
            self.finish,
            self.undo,
            self.reset,
            self.prev,
            self.event,
            self.next,
        ]

    def _held_controls(self) -> tuple[Any, ...]:
        """The controls a click changes: sent at its end with the panel, in one burst (see ``_hold``)."""
        return (self.response, self.choose_button, self.finish, self.event)

    def _rescale(self) -> None:
        """Re-render the window, the stack, the diagram, the log, the heroes and the status."""
        if self.trace is not None:
            self._render_window()
            self._render(self.event.value)

    # ------------------------------------------------------------------ session plumbing
    @guarded
    def load(self, scenario: Any) -> None:

        sc = load_input(scenario, apoteose.load_scenario, ("build_game", "script"), "an Apoteose scenario")
        self.session = apoteose.ChainSession(sc, use_script=self.use_script)
        self._rendered.clear()
        # the scenario's title and description in the explorer's language (the file's own words for it;
        # a file written in one language shows that one)
        name = _in_lang(sc, "title", self.lang) or getattr(sc, "name", str(scenario))
        desc = _in_lang(sc, "description", self.lang)
        self._put(
            self.title_html,
            f"<h3 style='margin:4px 0'>{escape(str(name))}</h3>" + (f"<p>{escape(desc)}</p>" if desc else ""),
        )
        self.refresh()

    def _trace(self) -> Any:
        """The finished trace, or — while a decision is pending — the events so far as a trace."""
        done = getattr(self.session, "trace", None)
        if done is not None:
            return done
        so_far = getattr(self.session, "so_far", None)
        if so_far is not None:
            return so_far

        events = tuple(self.session.events)
        resolved = tuple(ev.card or ev.effect or "" for ev in events if ev.event == "resolve")
        name = getattr(self.session.scenario, "name", "")
        return ChainTrace(scenario=str(name), events=events, resolution_order=resolved, heroes={})

    def _point(self) -> Any:
        return self.session.point

    def options(self) -> list[tuple[str, str]]:
        """``(label, id)`` of every legal option at the open decision point (``pass`` first in a window)."""
        p = self.point
        if p is None:
            return []
        out = [(self._option_label(o), str(o.id)) for o in p.options]
        if p.kind == "respond" and PASS not in {i for _, i in out}:
            out.insert(0, (self._("Pass (no response)"), PASS))
        return out

    def _option_label(self, option: Any) -> str:
        """An option's label in the explorer's language, from its code and data: a response's chain moment
        in words (``bruno: Raio (effect 0) — answers the activation of #0``: the card's effect in words, "#"
        only for an entry of the chain), a statement as a sentence."""

        if str(option.id) == PASS:
            return self._("pass")
        if getattr(option, "label_code", "") == "ANSWERS":  # the label's data; the moment from its id
            p = option.label_params
            effect = effect_words(p.get("effect"), self.lang, short=True)
            who = f"{p.get('hero')}: {p.get('name')} ({effect})"
            moment = option.answers or str(option.id).rpartition(">")[2]
            words = self._("{who} — answers {moment}", who=who, moment=moment_words(moment, self.lang))
            return contract(words, self.lang)
        return option_text(option, self.lang)

    @guarded
    def refresh(self) -> None:
        """Read the session's trace and decision point; update every output (event goes to the end)."""
        self._set_error(None)
        self.trace = self._trace()
        self.point = self._point()
        opts = self.options()
        with self.response.hold_sync():  # its options, choice and state: one update (none if unchanged)
            if list(self.response.options) != opts:
                self.response.options = opts
            if opts:
                default = getattr(self.point, "default", None)
                self.response.value = default if default in {i for _, i in opts} else opts[0][1]
            # the chain over (or no decision open): no response stays clickable, none is shown (hidden by a
            # class of its own, in the same update: its layout's display would be one more)
            sync(self.response, disabled=not opts)
            set_class(self.response, HIDDEN, not opts)
        self.choose_button.disabled = not opts
        self.finish.disabled = self.point is None
        n = len(self.trace.events)
        self._busy = True
        try:
            sync(self.event, max=max(1, n), value=max(1, n))  # one message for its end and place, or none
        finally:
            self._busy = False
        self._render_window()
        self._render(self.event.value)

    def _render_window(self) -> None:
        """The open window (or the chain's end); the status line is :meth:`_render`'s (it always follows)."""

        _ = self._
        p = self.point
        if p is None:
            done = _("The chain is over.") if self.trace.events else _("Nothing happens.")
            order = ", ".join(self.trace.resolution_order) or _("nothing resolved")
            line = _("Resolution order: {order}.", order=order)
            self.window_html.value = wrap(
                f"<p><strong>{escape(done)}</strong> {escape(line)}</p>", self.scale
            )
            return
        prompt = self._prompt(p)
        answers = ", ".join(
            f'<span title="{escape(str(a))}">{escape(moment_words(a, self.lang))}</span>' for a in p.answers
        )
        spot = escape(
            _("Spotlight ★ on the game")
            if p.spotlight is None
            else _("Spotlight ★ on #{index}", index=p.spotlight)
        )
        state = state_words(p.stage, self.lang)
        stage = escape(_(", stage {stage}", stage=state)) if p.stage else ""
        answers_head = escape(_("; a response answers:"))
        ans = f"{answers_head} {answers}" if answers else ""
        parts = [f"<p><strong>{escape(prompt)}</strong><br>{spot}{stage}{ans}.</p>"]
        if p.refused:
            items = "".join(f"<li>{escape(self._refused_label(r))}</li>" for r in p.refused)
            refused_head = escape(_("Not offered (refused):"))
            parts.append(f"<p>{refused_head}</p><ul>{items}</ul>")
        self.window_html.value = wrap("".join(parts), self.scale)

    def _prompt(self, p: Any) -> str:
        """The decision point's prompt in the explorer's language, from its ``prompt_code`` and
        ``prompt_params`` (card texts and ids stay as written)."""

        _ = self._
        if not p.prompt and not getattr(p, "prompt_code", ""):
            return _("A window is open: respond or pass.") if p.kind == "respond" else _("Choose.")
        return prompt_text(p, self.lang)

    def _refused_label(self, r: Any) -> str:
        """A refused effect and the reason, in the explorer's language (from the refusal's code)."""

        who = f" ({r.hero})" if getattr(r, "hero", None) else ""
        return f"{r.card or r.effect}{who}: {item_reason(r, self.lang)}"

    # ------------------------------------------------------------------ actions
    @guarded
    def choose(self, option: str | None = None) -> None:
        """Take an option at the open decision point (default: the one selected in ``response``)."""
        if self.point is None:
            raise RulekitError(N_("no decision is waiting: the chain is over"), params={}, code="NO_DECISION")
        choice = option if option is not None else self.response.value
        legal = {i for _, i in self.options()}
        if choice not in legal:
            refused = {r.id: r for r in self.point.refused}
            if choice in refused:
                r = refused[choice]

                raise RulekitError(
                    self._(
                        "{card} cannot respond here: {reason}",
                        card=r.card or r.effect,
                        reason=item_reason(r, self.lang),
                    ),
                    code=r.code,
                )
            raise RulekitError(
                N_("'{choice}' is not a legal choice here (legal: {legal})"),
                params={"choice": choice, "legal": ", ".join(sorted(legal))},
                code="ILLEGAL_CHOICE",
            )
        self.session.choose(choice)
        self.refresh()

    @guarded
    def do_undo(self) -> None:
        self.session.undo()
        self.refresh()

    @guarded
    def do_reset(self) -> None:
        self.session.reset()
        self.refresh()

    @guarded
    def run_to_end(self) -> None:
        """Accept the default at every remaining decision point."""
        self.session.finish()
        self.refresh()

    @guarded
    def go(self, delta: int) -> None:
        self.event.value = max(self.event.min, min(self.event.max, self.event.value + delta))

    @guarded
    def _picked(self) -> None:
        """A response picked (nothing is shown yet): the work ahead now prepares *Choose* with it."""

    @guarded
    def show_event(self) -> None:
        if self._busy or self.trace is None:
            return
        self._render(self.event.value)

    # ------------------------------------------------------------------ outputs
    def _render(self, number: int) -> None:
        """Show the chain as it stood after event ``number`` (1-based, as on the slider)."""
        heroes, stack, diagram, log, status = self._outputs(self.trace, number, self.point is not None)
        self.heroes_html.value = heroes
        self.stack_html.value = stack
        self.diagram_html.value = diagram
        if diagram:
            self._put(self.legend_html, lv.chain_legend_html(self.lang))
        self.log_html.value = log
        self.status_html.value = status

    #: How many rendered events an explorer keeps (the least recently shown go first).
    MAX_RENDERED = 128

    def _outputs(self, trace: Any, number: int, waiting: bool) -> tuple[str, str, str, str, str]:
        """The heroes, stack, diagram, log and status line of ``trace`` after event ``number``, ``waiting``
        for a decision or not: built once per trace, event, size and language, then kept (Undo, Reset and
        stepping back build nothing again; work ahead fills it, :meth:`_work_ahead`)."""
        key = (id(trace), number, waiting, self.scale, self.lang)
        hit = self._rendered.get(key)
        if hit is not None and hit[0] is trace:  # the trace itself is kept with it: its id is not reused
            self._rendered.move_to_end(key)
            return hit[1]
        out = self._build(trace, number, waiting)
        self._rendered[key] = (trace, out)
        if len(self._rendered) > self.MAX_RENDERED:
            self._rendered.popitem(last=False)
        return out

    def _build(self, trace: Any, number: int, waiting: bool) -> tuple[str, str, str, str, str]:
        _ = self._
        caption = (
            _("Heroes now (at the open window, whatever event is selected above)")
            if waiting
            else _("Heroes after the chain")
        )
        heroes = (
            wrap(cv.heroes_table(trace, caption=caption, lang=self.lang).to_html(widget=True), self.scale)
            if getattr(trace, "heroes", None)
            else ""
        )
        if not trace.events:
            none_yet = escape(_("No event yet."))
            stack = cv.stack_html(trace, None, self.scale, lang=self.lang)
            return heroes, stack, "", wrap(f"<p><em>{none_yet}</em></p>", self.scale), ""
        k = max(0, min(number - 1, len(trace.events) - 1))  # the event's 0-based position
        ev = trace.events[k]
        stack = cv.stack_html(trace, k, self.scale, lang=self.lang)
        dot = cv.chain_dot(trace, upto=k, scale=self.scale, legend=False, lang=self.lang)
        diagram = self._svg_html(dot)
        log = wrap(
            lv.to_html(cv.chain_log_table(trace, upto=k, lang=self.lang), self.lang, widget=True), self.scale
        )
        what = _(
            "Event {k} of {n}: {event}",
            k=k + 1,
            n=len(trace.events),
            event=event_kind_words(ev.event, self.lang),
        )
        if ev.index is not None:
            what += _(" at #{index}", index=ev.index)
        if ev.card:
            what += f" — {ev.card}"
        if ev.hero:
            what += f" ({ev.hero})"
        reason = item_reason(ev.detail or {}, self.lang)
        if reason:
            what += f": {reason}"
        return heroes, stack, diagram, log, wrap(f"<p>{escape(what)}</p>", self.scale)

    def _work_ahead(self) -> Iterator[ahead.Job]:
        """What the learner's next click is likeliest to show (:mod:`rulekit.widgets.ahead`): the events
        beside the one shown, then the chain after *Choose* with the response selected, after *Undo*, after
        *Reset* and, one decision at a time, after *Run to the end*: each replayed by the session
        (:meth:`~rulekit.apoteose.session.ChainSession.prepare`, which keeps it) and shown at its last
        event, where a click leaves the slider."""
        trace, session = self.trace, self.session
        if trace is None or session is None:
            return
        waiting = self.point is not None
        n, k = len(trace.events), self.event.value
        for j in (k - 1, k + 1):
            if 1 <= j <= n:
                yield self._ahead_job(partial(self._outputs, trace, j, waiting))
        choices = tuple(session.choices)
        nexts = []
        if waiting and self.response.value is not None:
            nexts.append((*choices, str(self.response.value)))
        if choices:
            nexts.append(choices[:-1])
        nexts.append(())
        for after in nexts:
            yield self._ahead_job(partial(self._prepare, after, {}))
        point = self.point  # Run to the end: the default at every decision left, one replay a job
        while point is not None:
            choices = (*choices, str(point.default))
            stop: dict[str, Any] = {}
            yield self._ahead_job(partial(self._prepare, choices, stop))
            point = stop.get("point")  # none when that job failed: nothing further is prepared

    def _prepare(self, choices: tuple[str, ...], stop: dict[str, Any]) -> None:
        """Replay ``choices`` (kept by the session) and build its outputs at its last event; the decision
        point it stops at goes in ``stop["point"]``."""
        trace, point = self.session.prepare(choices)
        self._outputs(trace, max(1, len(trace.events)), point is not None)
        stop["point"] = point

    def __repr__(self) -> str:
        name = getattr(getattr(self.session, "scenario", None), "name", None) or "?"
        n = len(self.trace.events) if self.trace is not None else 0
        return f"<ChainExplorer {name!r}: {n} events, waiting={self.point is not None}>"
