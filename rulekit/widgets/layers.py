"""LayerExplorer: toggle effects, reorder timestamps, switch the ruleset, step through the layers.

Every output is an ``HTML`` widget whose ``.value`` is set from the views of the current trace:
the final table (or the state after the current step), the layer table with the step's row
marked ▶, the dependency diagram with the step's node marked ▶, and a paragraph explaining the
step. All four update together after any control changes. The engine does all the rules work
(:func:`rulekit.mtg.solve`); this module only chooses which scenario variant to solve.

Usage in a notebook::

    from rulekit.widgets import LayerExplorer
    ex = LayerExplorer("seed/humility-then-gideon")
    ex            # displays the explorer

In tests: ``ex.effect_boxes["night"].value = False`` then read ``ex.final_html.value``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import wait
from functools import partial
from typing import Any

from rulekit import mtg
from rulekit.errors import N_, RulekitError
from rulekit.i18n import translator
from rulekit.mtg.messages import EDITION_BUTTON, effect_name_text, origin_text
from rulekit.mtg.textread import note_line
from rulekit.views import localized as lv
from rulekit.views import mtg as mv
from rulekit.views.markup import escape
from rulekit.views.reasons import explain_step
from rulekit.widgets import ahead
from rulekit.widgets._base import (
    DiagramExplorer,
    check_without,
    diagram_html,
    guarded,
    load_input,
    row,
    row_styles,
    sync,
    wrap,
)
from rulekit.widgets.rows import order_rows_widget
from rulekit.yamlsrc import suggest

RULESETS = ("seed", "current")


class LayerExplorer(DiagramExplorer):
    """The layers explorer (see the module doc).

    Args:
        scenario: a built-in name (``seed/humility-then-gideon``), a path, or a loaded scenario.
        ruleset: ``"seed"`` (7a–7e, default) or ``"current"``.
        scale: font-size factor for projectors (1.0 = normal, 1.5 = big); the starting value
            of the ``text_size`` knob, which changes it live (:meth:`set_scale`).
        backend: force a diagram backend (``dot``/``wasm``/``text``); default: see
            :func:`rulekit.views.render.choose_backend`.
        show_flow: also show the layer-flow strip (off by default; it is a second picture).
        without: effect ids to start switched off (their boxes unticked); an unknown id is refused
            with the message (and "did you mean") shown in the explorer.
        lang: ``"en"`` (default), ``"pt-BR"`` or ``"es"``: the language of everything shown.
        effect_switches: build the effects' on/off check boxes and keep the timestamp list and its rows
            (default). The BoardBuilder, which shows only this explorer's outputs, turns them off: they
            cost a widget per effect per load, and the rows an update per click.

    Handles (controls): ``effect_boxes`` (effect id → Checkbox), ``order_list`` (Select, hidden, one
    entry per timestamp holder in timestamp order: an object with its static effects, or one
    resolved effect; :attr:`groups` maps each entry to its effects; kept in step when read),
    ``move_up`` / ``move_down`` (hidden Buttons moving the list's selection), the rows shown:
    ``rows_widget`` (:mod:`rulekit.widgets.rows`, one widget for every row; a press calls
    :meth:`_move_row`), or without ``anywidget`` ``order_rows`` ((box, label, Move up, Move down) per
    place, stock widgets; ``rows_widget`` is then ``None``), ``order_box`` (the one shown),
    ``ruleset`` (ToggleButtons),
    ``step`` (IntSlider; 0 = printed values, n = after the last step), ``prev`` / ``next`` (Buttons),
    ``reset`` (Button), ``text_size`` (ToggleButtons "Text size": 100 %, 125 %, 150 %, 200 %).
    Handles (outputs): ``final_html``, ``layers_html``, ``diagram_html``, ``explain_html``,
    ``deps_html`` (dependencies with their reasons, and loops, in words), ``flow_html``, ``error``,
    ``players_html`` (players and game rules, 613.10/613.11; empty unless the scenario has such
    effects), ``title_html`` (the scenario as written), ``board_html`` (what the learner changed
    against it, empty when nothing); ``trace`` is the current solved trace. The outputs under the
    controls are the parts of one :class:`~rulekit.widgets.panel.Panel` (a click's changes: one message),
    each read and set like an ``HTML`` widget's ``.value``.
    """

    def __init__(
        self,
        scenario: Any,
        ruleset: str = "seed",
        *,
        scale: float = 1.0,
        backend: str | None = None,
        show_flow: bool = False,
        without: Any = (),
        lang: str = "en",
        effect_switches: bool = True,
    ) -> None:
        self._init_diagrams(backend)
        import ipywidgets as w

        self.show_flow = show_flow
        self.effect_switches = effect_switches
        lang_error = self._init_language(lang, scale)
        _ = self._
        self._without = without
        self.trace: Any = None
        self.scenario: Any = None
        self.effects: list[dict[str, Any]] = []
        self.order: list[str] = []  # timestamp holders (see groups), earliest first
        self._base_order: list[str] = []
        self.groups: dict[str, list[str]] = {}  # holder (its first effect's id) -> its effects' ids
        self._group_of: dict[str, str] = {}
        self._traces: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        #: the outputs shown for a (trace, step, size, language): see _outputs
        self._rendered: OrderedDict[tuple[Any, ...], tuple[Any, tuple[str, str, str, str, str, str]]] = (
            OrderedDict()
        )
        self._busy = False

        self.title_html = self._output()
        self.effect_boxes: dict[str, Any] = {}
        self.effects_box = w.VBox([])
        self._order_list = w.Select(
            options=[],
            rows=5,
            description=_("Timestamps"),
            layout=w.Layout(width="24em"),
            tooltip=_("Effects in timestamp order (earliest first); pick one to move"),
        )
        self._order_list_stale = False  # kept in step when read (see order_list)
        # What the learner sees and uses: one row per timestamp holder, each with its own buttons, so that a
        # keyboard reaches every entry (Tab, then Enter or Space); the list's arrow keys are JupyterLab's.
        # ``order_list`` and ``move_up``/``move_down`` stay as the API (and the tests') handles, hidden.
        # The rows are one widget (rulekit.widgets.rows: a move is one update); without anywidget, stock
        # widgets: (row, label, earlier, later) per place in order_rows.
        self.order_rows: list[tuple[Any, Any, Any, Any]] = []
        self.rows_widget: Any = (
            order_rows_widget(self._move_row, _("Move up"), _("Move down")) if effect_switches else None
        )
        self.order_box: Any = self.rows_widget
        if self.rows_widget is None:
            self.order_box = w.VBox([], layout=w.Layout(width="auto"))
            self.order_box.add_class("rulekit-order-rows")
        self.order_head = w.HTML(value="<strong>" + escape(_("Timestamps (earliest first)")) + "</strong>")
        self.move_up = w.Button(description=_("Move up"), icon="arrow-up", tooltip=_("Earlier timestamp"))
        self.move_down = w.Button(description=_("Move down"), icon="arrow-down", tooltip=_("Later timestamp"))
        for control in (self._order_list, self.move_up, self.move_down):
            control.layout.display = "none"
        self.reset = w.Button(
            description=_("Reset"), icon="undo", tooltip=_("All effects on, original timestamps")
        )

        self.ruleset = w.ToggleButtons(
            options=[(_.p("edition button", EDITION_BUTTON[r]), r) for r in RULESETS],
            value=ruleset if ruleset in RULESETS else "seed",  # a bad ruleset is reported below
            description=_("Ruleset"),
            tooltips=[_("seed: 7a–7e (the seeds)"), _("current: 7a–7d (CR since 2020)")],
        )
        self.prev = w.Button(description=_("◀ Previous"), tooltip=_("Previous step"))
        self.next = w.Button(description=_("Next ▶"), tooltip=_("Next step"))
        self.step = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description=_("Step"),
            continuous_update=True,
            layout=w.Layout(width="28em"),
        )
        self.step.tooltip = _("0 = printed values; the last step = final characteristics")
        # the outputs a click changes, in the order shown: one panel, one message per click
        panel = self._panel_of(
            ("board", "explain", "final", "players", "diagram", "legend", "deps", "layers", "flow")
        )
        self.board_html = panel.part("board")
        self.explain_html = panel.part("explain")
        self.final_html = panel.part("final")
        self.players_html = panel.part("players")
        self.diagram_html = panel.part("diagram")
        self.legend_html = panel.part("legend")
        self.deps_html = panel.part("deps")
        self.layers_html = panel.part("layers")
        self.flow_html = panel.part("flow")
        self.effects_head = self._output()
        self._put(self.effects_head, "<strong>" + escape(_("Effects on/off")) + "</strong>")
        self.move_up.on_click(lambda _b: self.move(-1))
        self.move_down.on_click(lambda _b: self.move(+1))
        self.reset.on_click(lambda _b: self.do_reset())
        self.prev.on_click(lambda _b: self.go(-1))
        self.next.on_click(lambda _b: self.go(+1))
        self.ruleset.observe(lambda _c: self.refresh(), names="value")
        self.step.observe(lambda _c: self.show_step(), names="value")

        self.widget = w.VBox(
            [
                self.style_html,
                self.toolbar(),
                self.title_html,
                row(
                    w.VBox([self.effects_head, self.effects_box]),
                    w.VBox(
                        [
                            self.order_head,
                            self.order_box,
                            self._order_list,
                            row(self.move_up, self.move_down, self.reset),
                        ]
                    ),
                ),
                self.ruleset,
                row(self.prev, self.step, self.next),
                self.error,
                panel.widget,
            ]
        )
        self.widget.add_class("rulekit-layer-explorer")
        if lang_error is not None:
            self._set_error(lang_error)
        else:
            self.load(scenario)
            if ruleset not in RULESETS and self.last_exception is None:
                self._set_error(
                    RulekitError(
                        N_("ruleset must be seed or current, not {ruleset} (showing seed)"),
                        params={"ruleset": repr(ruleset)},
                        code="BAD_RULESET",
                        suggestion=suggest(str(ruleset), RULESETS),
                    )
                )
        self._finish_init()

    # ------------------------------------------------------------------ scenario
    @guarded
    def load(self, scenario: Any) -> None:
        """Load a scenario (name, path or object); on error the message shows in the widget."""
        import ipywidgets as w

        _ = self._
        sc = load_input(scenario, mtg.load_scenario, ("objects", "with_disabled"), "an MTG scenario")
        off = set(check_without(sc, self._without))
        effects = list(mtg.effects(sc))
        self.scenario = sc
        self.effects = effects
        self._traces.clear()
        self._rendered.clear()
        self._make_groups()
        self._base_order = list(self.groups)
        self.order = list(self._base_order)
        boxes = {}
        shared = self._box_shared()
        for e in effects if self.effect_switches else ():
            on = bool(e.get("enabled", True)) and e["id"] not in off
            cb = w.Checkbox(
                value=on,
                description=self._label(e),
                indent=False,
                tooltip=_("Switch {name} on or off", name=self._name(e)),
                layout=shared[0],
                style=shared[1],
            )
            cb.observe(lambda _c: self.refresh(), names="value")
            boxes[e["id"]] = cb
        self.effect_boxes = boxes
        self.effects_box.children = tuple(boxes.values())
        pick = getattr(sc, "description_in", None)  # the scenario's words in the explorer's language
        desc = (pick(self.lang) if callable(pick) else getattr(sc, "description", "")) or ""
        self._put(
            self.title_html,
            f"<h3 style='margin:4px 0'>{escape(sc.name)}</h3>"
            + (
                "<p><strong>" + escape(_("The scenario as written:")) + f"</strong> {escape(desc)}</p>"
                if desc
                else ""
            )
            + text_notes_html(sc, self.lang),
        )
        self.refresh()  # which shows the list and its rows once, with the solve's timestamps (see move)
        if self.last_exception is not None or self._busy:
            self._sync_order_list()

    def _box_shared(self) -> tuple[Any, ...]:
        """The one ``Layout`` and ``CheckboxStyle`` every effect's check box shares: each box's own would be
        two more widgets for the kernel to open per effect (a board of 650 effects opened 1,300 of them), and
        nothing changes one box's layout or style alone."""
        import ipywidgets as w
        from ipywidgets.widgets.widget_bool import CheckboxStyle

        shared = self.__dict__.get("_checkbox_shared")
        if shared is None:
            shared = self._checkbox_shared = (w.Layout(), CheckboxStyle())
        return shared

    def _controls(self) -> list[Any]:
        return [
            self.text_size,
            self.fit_width,
            self.full_width,
            self._order_list,
            self.move_up,
            self.move_down,
            *(b for _box, _label, earlier, later in self.order_rows for b in (earlier, later)),
            self.reset,
            self.ruleset,
            self.prev,
            self.next,
            self.step,
            *self.effect_boxes.values(),
        ]

    def _held_controls(self) -> tuple[Any, ...]:
        """The controls a click changes (the step slider, the rows, the ruleset, the effects' boxes on Reset):
        held to its end and, once the page listens, carried in the panel's message (``_hold``). None for the
        BoardBuilder's explorer (its builder carries its step slider)."""
        if not self.effect_switches:
            return ()
        rows = () if self.rows_widget is None else (self.rows_widget,)
        return (self.step, *rows, self.ruleset, *self.effect_boxes.values())

    def _rescale(self) -> None:
        """Re-render the step shown (tables, explanation, diagram, flow) and the dependencies."""
        if self.trace is not None:
            self._render(self.step.value)
            self.deps_html.value = self._deps(self.trace)

    def _name(self, e: dict[str, Any]) -> str:
        """An effect's name in the explorer's language (from its name code)."""

        return effect_name_text(e.get("name_code", ""), e.get("name_params", ()), str(e["name"]), self.lang)

    def _label(self, e: dict[str, Any]) -> str:

        origin = e.get("origin")
        return self._name(e) + (
            f" ({origin_text(origin, self.lang)})" if origin in ("cda", "resolved") else ""
        )

    def _holder_key(self, e: dict[str, Any]) -> str:
        """The timestamp holder of effect ``e``: its source object for a static ability or a CDA (an
        object's static effects share its timestamp, 613.7a), the effect itself when it comes from a
        resolved spell or ability (613.7b)."""
        if e.get("origin") == "resolved" or not e.get("source"):
            return f"effect:{e['id']}"
        return f"object:{e['source']}"

    def _make_groups(self) -> None:
        """Group the effects by timestamp holder; a group is named by its first effect's id."""
        first: dict[str, str] = {}
        groups: dict[str, list[str]] = {}
        for e in self.effects:
            rep = first.setdefault(self._holder_key(e), e["id"])
            groups.setdefault(rep, []).append(e["id"])
        self.groups = groups
        self._group_of = {eid: rep for rep, members in groups.items() for eid in members}

    def group_label(self, rep: str) -> str:
        """A timestamp holder's label: all the effects that share its timestamp.

        One object's static effects move together (613.7a), so the list shows them as one entry.
        """
        import re

        effects = getattr(self, "_effects_by_id", None)
        if effects is None or effects[0] is not self.effects:  # once per board, not once per label
            effects = (self.effects, {e["id"]: e for e in self.effects})
            self._effects_by_id = effects
        by_id = effects[1]
        members = [self._name(by_id[eid]) if eid in by_id else eid for eid in self.groups.get(rep, [rep])]
        found = [re.fullmatch(r"(.+) \((.+)\)", name) for name in members]
        parts = [(m.group(1), m.group(2)) for m in found if m]
        if len(members) > 1 and len(parts) == len(members) and len({base for base, _ in parts}) == 1:
            # "Mycosynth Lattice (artifacts)", "Mycosynth Lattice (colorless)" -> one object's name once
            return f"{parts[0][0]} ({' + '.join(what for _, what in parts)})"
        return " + ".join(members)

    @property
    def order_list(self) -> Any:
        """The timestamp list (a hidden ``Select``, the API's handle): one entry per timestamp holder in
        timestamp order, "n. name (ts t)", the holder last moved selected. Kept in step when read: the rows
        show the order, and sending the hidden list at every move cost the page one more update a click."""
        if self._order_list_stale:
            self._show_order_list()
        return self._order_list

    def _order_labels(self) -> list[str]:
        """Each timestamp holder's entry, in order: "n. name (ts t)" (the timestamp the engine used)."""
        stamps = {rep: f"{ts:g}" for rep, ts in self._stamps().items()}
        return [
            f"{n + 1}. {self.group_label(rep)}"
            + (" " + self._("(ts {ts})", ts=stamps[rep]) if rep in stamps else "")
            for n, rep in enumerate(self.order)
        ]

    def _sync_order_list(self) -> None:
        """Show the order: the rows now, the hidden list when it is next read (see order_list)."""
        if not self.effect_switches:  # not shown (the BoardBuilder's explorer): nothing to keep in step
            return
        self._order_list_stale = True
        self._sync_order_rows(self._order_labels())

    def _show_order_list(self) -> None:
        """Put the hidden list in step with the order (one message, none when nothing changed)."""
        self._order_list_stale = False
        select = self._order_list
        moved = self.__dict__.pop("_selected", None)  # move(): the holder it moved
        keep = moved if moved in self.order else select.value
        options = list(zip(self._order_labels(), self.order, strict=True))
        rows = max(2, min(8, len(self.order)))
        stale = list(select.options) != options
        if stale or select.rows != rows or (keep in self.order and select.value != keep):
            with select.hold_sync():
                if stale:
                    select.options = options
                select.rows = rows
                if keep in self.order and select.value != keep:
                    select.value = keep

    def _sync_order_rows(self, labels: list[str]) -> None:
        """One row per timestamp holder: "n. name (ts t)" and its own Earlier / Later buttons (the first
        cannot go earlier, the last not later: those buttons are disabled, so Tab skips them)."""
        _ = self._
        if self.rows_widget is not None:  # one widget, one trait: one update, none when nothing changed
            names = [self.group_label(rep) for rep in self.order]
            last = len(names) - 1
            self.rows_widget.rows = [
                {
                    "label": label,
                    "up": _("Earlier timestamp: {name}", name=name),
                    "down": _("Later timestamp: {name}", name=name),
                    "off": [key for key, end in (("up", place == 0), ("down", place == last)) if end],
                }
                for place, (label, name) in enumerate(zip(labels, names, strict=True))
            ]
            return
        import ipywidgets as w

        # the rows share their boxes' layout, their labels' layout and style and their buttons' layout and
        # style (five widgets fewer to open per row; nothing changes one row's alone)
        row_layout, label_layout, label_style, button_layout, button_style = row_styles(self, "16em")
        last = len(self.order) - 1

        def words(place: int) -> tuple[str, dict[str, Any], dict[str, Any]]:
            """A row's label and its two buttons' tooltip and state."""
            name = self.group_label(self.order[place])
            return (
                escape(labels[place]),
                {"tooltip": _("Earlier timestamp: {name}", name=name), "disabled": place == 0},
                {"tooltip": _("Later timestamp: {name}", name=name), "disabled": place == last},
            )

        built = len(self.order_rows)
        while len(self.order_rows) < len(self.order):
            place = len(self.order_rows)
            text, up, down = words(place)  # made with their values: no update follows their opening
            label = w.HTML(value=text, layout=label_layout, style=label_style)
            # the words the lessons use ("press Move up"), on every row
            earlier = w.Button(
                description=_("Move up"), icon="arrow-up", layout=button_layout, style=button_style, **up
            )
            later = w.Button(
                description=_("Move down"),
                icon="arrow-down",
                layout=button_layout,
                style=button_style,
                **down,
            )
            earlier.on_click(lambda _b, i=place: self._move_row(i, -1))
            later.on_click(lambda _b, i=place: self._move_row(i, +1))
            self.order_rows.append(
                (w.HBox([label, earlier, later], layout=row_layout), label, earlier, later)
            )
        for place, (_box, label, earlier, later) in enumerate(self.order_rows[: min(built, len(self.order))]):
            text, up, down = words(place)
            sync(label, value=text)  # one message each, none when nothing changed
            sync(earlier, **up)
            sync(later, **down)
        shown = tuple(box for box, *_rest in self.order_rows[: len(self.order)])
        if tuple(self.order_box.children) != shown:
            self.order_box.children = shown

    def _move_row(self, place: int, delta: int) -> None:
        """A row's button: move its holder, and keep the keyboard's focus on the holder it moved (on the
        same button of its new row, or its other one when that one is disabled)."""
        if not 0 <= place < len(self.order) or delta not in (-1, 1):
            return
        rows = self.rows_widget
        if rows is None:
            self.move(delta, self.order[place])
            to = place + delta
            if 0 <= to < len(self.order):
                _box, _label, earlier, later = self.order_rows[to]
                button, other = (earlier, later) if delta < 0 else (later, earlier)
                (other if button.disabled else button).focus()  # the first row's up, the last's down
            return
        # the rows and the focus: one update (in the panel's message once the page listens to its relay)
        with self._hold(), rows.hold_sync():
            self.move(delta, self.order[place])
            to = place + delta
            if 0 <= to < len(self.order):
                which = "up" if delta < 0 else "down"
                if rows.disabled(to, which):
                    which = "down" if which == "up" else "up"
                rows.take_focus(to, which)

    # ------------------------------------------------------------------ controls
    @property
    def disabled(self) -> tuple[str, ...]:
        """Effect ids switched off, in timestamp order."""
        boxes = self.effect_boxes
        return tuple(e["id"] for e in self.effects if e["id"] in boxes and not boxes[e["id"]].value)

    @guarded
    def move(self, delta: int, effect_id: str | None = None) -> None:
        """Move a timestamp holder (default: the one selected in ``order_list``; or the holder of
        ``effect_id``) earlier (-1) or later (+1). An object's static effects move together (613.7a)."""
        eid = effect_id or self.order_list.value
        if eid is None:
            raise _pick_first()
        if delta not in (-1, 1):
            raise RulekitError(
                N_("move() takes -1 (earlier) or +1 (later), not {delta}"),
                params={"delta": repr(delta)},
                code="BAD_MOVE",
            )
        rep = self._group_of.get(eid, eid)
        if rep not in self.order:
            raise RulekitError(
                N_("unknown effect id {effect}: the effects are {effects}"),
                params={"effect": repr(eid), "effects": ", ".join(self._group_of)},
                code="UNKNOWN_EFFECT",
                suggestion=suggest(str(eid), list(self._group_of)),
            )
        i = self.order.index(rep)
        j = i + delta
        if not 0 <= j < len(self.order):
            return
        self.order[i], self.order[j] = self.order[j], self.order[i]
        # the list (its entries in the new order and rep selected: one update) and its rows are shown once, by
        # refresh, with the timestamps of the new solve (syncing them first too sent every row twice: the
        # order with the old timestamps, then the new ones)
        self._selected = rep  # the list's selection, when it is next read (see order_list)
        self.refresh()
        if self.last_exception is not None:
            self._sync_order_list()

    @guarded
    def set_order(self, effect_ids: list[str]) -> None:
        """Give the timestamp holders of the listed effects their timestamps in this order.

        Every holder must be named (by any of its effects' ids); an object named twice keeps its
        first place (its static effects share one timestamp, 613.7a).
        """
        reps: list[str] = []
        for eid in effect_ids:
            rep = self._group_of.get(eid)
            if rep is not None and rep not in reps:
                reps.append(rep)
        unknown = [eid for eid in effect_ids if eid not in self._group_of]
        if unknown or sorted(reps) != sorted(self.order):
            raise RulekitError(
                N_("set_order needs every effect id (one per timestamp holder) exactly once: {effects}"),
                params={"effects": ", ".join(self.order)},
                code="BAD_ORDER",
            )
        self.order = reps
        self.refresh()  # which shows the list (see move)
        if self.last_exception is not None:
            self._sync_order_list()

    @guarded
    def do_reset(self) -> None:
        self._busy = True
        try:
            for cb in self.effect_boxes.values():
                cb.value = True
            self.order = list(self._base_order)
        finally:
            self._busy = False
        self.refresh()  # which shows the list and its rows once, with the new solve's timestamps (see move)
        if self.last_exception is not None:
            self._sync_order_list()

    @guarded
    def go(self, delta: int) -> None:
        self.step.value = max(self.step.min, min(self.step.max, self.step.value + delta))

    # ------------------------------------------------------------------ solving and showing
    def _solve(self) -> Any:
        """The trace of the board as the controls set it (solved once per variant, then kept)."""
        return self._solve_for(self.disabled, tuple(self.order), self.ruleset.value)

    def _solve_for(self, disabled: tuple[str, ...], order: tuple[str, ...], ruleset: str) -> Any:
        """The trace of the board with the effects ``disabled`` off, the timestamp holders in ``order``
        and ``ruleset``: solved once, then kept (the last 64 variants)."""
        key = (disabled, order, ruleset)
        if key in self._traces:
            self._traces.move_to_end(key)
            return self._traces[key]
        sc = self.scenario
        if list(order) != self._base_order:
            sc = mtg.with_order(sc, list(order))
        if disabled:
            sc = mtg.without(sc, disabled)
        trace = mtg.solve(sc, ruleset=ruleset)
        self._traces[key] = trace
        if len(self._traces) > 64:
            self._traces.popitem(last=False)
        return trace

    def _stamps(self) -> dict[str, float]:
        """Timestamp holders' timestamps as the engine assigned them in the current trace (the
        earliest of a holder's effects; they are equal unless the engine says otherwise)."""
        if self.trace is None:
            raw = {
                e["id"]: e["timestamp"] for e in self.effects if isinstance(e.get("timestamp"), int | float)
            }
        else:
            raw = {e.id: e.timestamp for e in self.trace.effects if isinstance(e.timestamp, int | float)}
        out: dict[str, float] = {}
        for eid, ts in raw.items():
            rep = self._group_of.get(eid, eid)
            out[rep] = min(out.get(rep, ts), ts)
        return out

    @guarded
    def refresh(self) -> None:
        """Solve the current variant and update every output (the step goes to the end)."""
        if self._busy or self.scenario is None:
            return
        self._set_error(None)
        trace = self._solve()
        self.trace = trace
        # show the timestamp order the engine actually used (the truth, even if it differs from the request)
        stamps = self._stamps()
        pos = {eid: i for i, eid in enumerate(self.order)}
        self.order = sorted(self.order, key=lambda eid: (eid not in stamps, stamps.get(eid, 0.0), pos[eid]))
        self._sync_order_list()
        n = len(trace.steps)
        self._busy = True
        try:
            sync(self.step, max=n, value=n)  # one message for the slider's end and place, or none
        finally:
            self._busy = False
        self._render(n)
        self.deps_html.value = self._deps(trace)
        self._put(self.board_html, self.board_note())

    def board_note(self) -> str:
        """What the learner changed against the scenario as written ("" when nothing): the
        description above the controls describes the written scenario, not the modified board."""
        _ = self._
        off = len(self.disabled)
        parts = []
        if off:
            parts.append(_.n("{n} effect off", "{n} effects off", off))
        if self.order != self._base_order:
            parts.append(_("timestamps reordered"))
        if not parts:
            return ""
        return (
            '<p role="status" style="border-left:4px solid #E69F00;padding:2px 8px;margin:4px 0">'
            "<strong>"
            + escape(_("You changed the board:"))
            + f"</strong> {escape(', '.join(parts))} — "
            + escape(
                _(
                    "the tables below show the result of your board, not the scenario as written above. "
                    "Reset restores it."
                )
            )
            + "</p>"
        )

    @property
    def has_players_or_rules(self) -> bool:
        """Whether the scenario has effects on players (613.10) or on the game rules (613.11)."""
        return any({"players", "rules"} & set(e.get("sublayers", ())) for e in self.effects)

    def _deps(self, trace: Any) -> str:
        """Dependencies and loops in words (the diagram's tooltips, readable on a projector)."""

        if not trace.dependencies and not trace.loops:
            text = self._("No dependencies: every layer applies in timestamp order.")
            return wrap(f"<p><em>{escape(text)}</em></p>", self.scale)
        html = lv.to_html(mv.dependency_table(trace, lang=self.lang), self.lang, widget=True)
        if trace.loops:
            html += lv.to_html(mv.loop_table(trace, lang=self.lang), self.lang, widget=True)
        return wrap(html, self.scale)

    @guarded
    def show_step(self) -> None:
        if self._busy or self.trace is None:
            return
        self._set_error(None)
        self._render(self.step.value)

    def _render(self, k: int) -> None:
        """Show step ``k`` of the current trace: every output, each sent only when its text changed (a
        widget's value set to the text it holds sends nothing)."""
        final, layers, diagram, explain, players, flow = self._outputs(k, self._show_tables)
        self.final_html.value = final
        self.layers_html.value = layers
        self.diagram_html.value = diagram
        self._put(self.legend_html, lv.dependency_legend_html(self.lang) if diagram else "")
        self.explain_html.value = explain
        self.players_html.value = players
        if self.show_flow:
            self.flow_html.value = flow

    def _show_tables(self, final: str, layers: str, explain: str, players: str) -> None:
        """Show the tables and the explanation at once, before the diagram is drawn (tables first)."""
        self.final_html.value = final
        self.layers_html.value = layers
        self.explain_html.value = explain
        self.players_html.value = players

    #: How long the tables wait for the diagram being drawn beside them (s): past it, they are shown first.
    TABLES_FIRST_AFTER_S = 0.05

    #: How many rendered steps an explorer keeps (the least recently shown go first).
    MAX_RENDERED = 128

    def _outputs(
        self, k: int, tables_first: Callable[[str, str, str, str], None] | None = None, trace: Any = None
    ) -> tuple[str, str, str, str, str, str]:
        """The outputs' texts at step ``k`` of the current trace: built once per trace, step, size and
        language, then kept, so that going back to a board or a step already shown (an effect off and on
        again, Previous then Next) builds no table and draws no diagram. ``tables_first`` is given the
        tables as soon as they are built, while the diagram is still being drawn: on a large board the
        tables show first, and the diagram (drawn in proportion, :func:`rulekit.views.mtg.dependency_dot`)
        within the call's budget. ``trace``: another trace than the current one (work ahead)."""
        if trace is None:
            trace = self.trace
        n = len(trace.steps)
        k = max(0, min(k, n))
        key = (id(trace), k, self.scale, self.lang, self.show_flow)
        hit = self._rendered.get(key)
        if hit is not None and hit[0] is trace:  # the trace itself is kept with it: its id is not reused
            self._rendered.move_to_end(key)
            return hit[1]
        hi = k - 1 if k > 0 else None
        dot = mv.dependency_dot(trace, highlight=hi, scale=self.scale, legend=False, lang=self.lang)
        # the wasm renderer runs outside the GIL: draw the diagram while the tables are built
        svg_key = (dot, self.scale)
        draw = (diagram_html, dot, self.backend, self.scale, self.lang)
        pending = None if svg_key in self._svgs else _pool().submit(*draw)
        lang = self.lang
        upto = None if k >= n else k

        def table(t: Any) -> str:
            return wrap(lv.to_html(t, lang, widget=True), self.scale)

        final = table(mv.final_table(trace, upto=upto, lang=lang))
        layers = table(mv.layer_table(trace, highlight=hi, lang=lang))
        explain = wrap(f"<p>{escape(explain_step(trace, k, lang))}</p>", self.scale)
        players = table(mv.players_table(trace, upto=upto, lang=lang)) if self.has_players_or_rules else ""
        if (
            pending is not None
            and tables_first is not None
            and not wait([pending], self.TABLES_FIRST_AFTER_S)[0]
        ):
            # a diagram slow to draw (a large board): the tables go now, the diagram when it is drawn; a
            # lesson board's is drawn by then, and everything goes in one message
            tables_first(final, layers, explain, players)
            self.panel.flush()
        if pending is not None:
            self._svgs[svg_key] = pending.result()
        diagram = self._svg_html(dot)
        flow = self._svg_html(mv.layer_flow_dot(trace, scale=self.scale, lang=lang)) if self.show_flow else ""
        out = (final, layers, diagram, explain, players, flow)
        self._rendered[key] = (trace, out)
        if len(self._rendered) > self.MAX_RENDERED:
            self._rendered.popitem(last=False)
        return out

    def _work_ahead(self) -> Iterator[ahead.Job]:
        """What the learner's next click is likeliest to show (:mod:`rulekit.widgets.ahead`): the steps
        beside the one shown, then the board with each effect switched off or on, with the other ruleset,
        with each pair of neighbouring timestamp holders swapped, and as written (Reset). Each variant is
        two jobs (its solve, then its outputs at its last step, where a click leaves the slider); a
        variant already shown costs nothing."""
        trace = self.trace
        if trace is None or self.scenario is None:
            return
        n, k = len(trace.steps), self.step.value
        for j in (k - 1, k + 1):
            if 0 <= j <= n:
                yield self._ahead_job(partial(self._outputs, j, trace=trace))
        disabled, order, ruleset = self.disabled, tuple(self.order), self.ruleset.value
        switchable = [e["id"] for e in self.effects if e["id"] in self.effect_boxes]
        variants = [
            (tuple(i for i in switchable if (i in disabled) != (i == eid)), order, ruleset)
            for eid in switchable
        ]
        variants += [(disabled, order, r) for r in RULESETS if r != ruleset]
        if self.effect_switches:
            for i in range(len(order) - 1):
                swapped = list(order)
                swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                variants.append((disabled, tuple(swapped), ruleset))
        variants.append(((), tuple(self._base_order), ruleset))

        def shown(variant: tuple[tuple[str, ...], tuple[str, ...], str]) -> None:
            done = self._solve_for(*variant)
            self._outputs(len(done.steps), trace=done)

        for variant in variants:
            if variant not in self._traces:
                yield self._ahead_job(partial(self._solve_for, *variant))
            yield self._ahead_job(partial(shown, variant))

    def __repr__(self) -> str:
        name = getattr(self.scenario, "name", "?")
        return f"<LayerExplorer {name!r} ruleset={self.ruleset.value} off={list(self.disabled)}>"


_POOL: Any = None


def text_notes_html(scenario: Any, lang: str) -> str:
    """What the loader made of the scenario's abilities written by their text (LANGUAGE.md §11), one item
    each, a warning in the warning colour; empty when the scenario has none."""
    notes = getattr(scenario, "text_notes", ())
    if not notes:
        return ""
    t = translator(lang)
    items = "".join(
        "<li class='rulekit-text-warning' style='color:#D55E00'>" + escape(note_line(n, t)) + "</li>"
        if n.warning
        else "<li class='rulekit-text-note'>" + escape(note_line(n, t)) + "</li>"
        for n in notes
    )
    head = escape(t("Abilities written by their text:"))
    return (
        f"<div class='rulekit-text-notes'><strong>{head}</strong><ul style='margin:2px 0'>{items}</ul></div>"
    )


def _pool() -> Any:
    """One worker thread shared by all explorers, for rendering diagrams beside table building."""
    global _POOL
    if _POOL is None:
        from concurrent.futures import ThreadPoolExecutor

        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulekit-render")
    return _POOL


def _pick_first() -> Exception:

    return RulekitError(N_("pick an effect in the timestamp list first"), params={}, code="NO_SELECTION")
