"""BoardBuilder: put cards on a table, watch the layers work, save the board as a scenario file.

The builder keeps the board as scenario-file data (LANGUAGE.md §5): players, objects and events.
Every change builds the scenario text (:meth:`BoardBuilder.to_yaml`), reads it back with the
loader (:func:`rulekit.mtg.scenario_from_text`, so every check and every located error is the
loader's own) and shows it in an embedded :class:`~rulekit.widgets.layers.LayerExplorer`'s outputs:
the final table, the layer table, the dependency diagram and the step-through. The builder draws
none of them itself. A change that the loader or the engine refuses is not applied: the board
stays as it was and the message shows in the widget.

Usage in a notebook::

    from rulekit.widgets import BoardBuilder
    b = BoardBuilder()
    b.add_card("Grizzly Bears")            # 'grizzly-bears', for Ann (the first player)
    b.add_card("Glorious Anthem")
    b.add_resolution("Giant Growth", "cast", targets=["grizzly-bears"])
    b                                      # displays the builder
    b.save("my-board.yaml")                # `rulekit solve my-board.yaml` gives the same trace

A call that fails raises :class:`BuilderError` (a :class:`~rulekit.errors.ScenarioError` and a
``ValueError``) with the message, which also shows in the widget; in a notebook it shows as that one
line, without a traceback. The widget's own buttons never raise: their messages show in the widget.

Every visible string is in :data:`TEXT` (one place, for translation).

The builder is in four parts, each read on its own:

* :mod:`rulekit.widgets.builder_words`: the words (:data:`TEXT`) and the language they are spoken in;
* :mod:`rulekit.widgets.builder_board` and :mod:`rulekit.widgets.builder_edits`: the board model, as
  plain data (:class:`Board`) and as the Python API that changes it, with its history;
* :mod:`rulekit.widgets.builder_form`: the form, its controls and what each does;
* this module: the view, :class:`BoardBuilder` itself: it lays the form out, keeps its lists in step
  with the board and shows the board through the embedded explorer.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from html import escape
from typing import Any

from rulekit.errors import RulekitError
from rulekit.i18n import translator
from rulekit.mtg.loader import library
from rulekit.widgets._base import row, row_styles, sync
from rulekit.widgets.builder_board import (  # noqa: F401 - the builder's names, where they always were
    ADD_FIELDS,
    AT_END,
    DEFAULT_PLAYERS,
    EVENT_KINDS,
    HEADER,
    MAX_EVENTS,
    MAX_NAME,
    MAX_OBJECTS,
    MAX_TEXT,
    MAX_UNDO,
    OBJECT_KEYS,
    PT_COUNTER,
    RESOLVE_KEYS,
    Board,
    BuilderError,
    api,
    board_from_source,
    board_yaml,
    parse_pairs,
    resolving_keys,
    slug,
    type_line,
)
from rulekit.widgets.builder_edits import CUSTOM_FIELDS, BoardEdits  # noqa: F401
from rulekit.widgets.builder_form import BuilderForm, card_html, search_cards  # noqa: F401
from rulekit.widgets.builder_words import (  # noqa: F401
    _FIELD_KEYS,
    _LANG,
    LANGS,
    TEXT,
    _label,
    _t,
    _zone_in,
    check_lang,
    speaking,
)
from rulekit.widgets.layers import LayerExplorer, text_notes_html
from rulekit.widgets.relay import Relay


class BoardBuilder(BuilderForm):
    """Build a board in the notebook (see the module doc).

    Args:
        scenario: ``None`` (an empty board with players Ann and Bo), or a scenario name or path
            to start from (``"seed/humility-then-gideon"``).
        lang: ``"en"``, ``"pt-BR"`` or ``"es"``: the labels, tooltips and messages (through the catalogs).
        scale: the text-size knob's starting value (1.5 = 150 %), as in the explorers.
        backend: force a diagram backend (``dot``/``wasm``/``text``).

    Python API: :meth:`add_card`, :meth:`add_custom`, :meth:`add_resolution`, :meth:`add_event`,
    :meth:`add_player`,
    :meth:`remove`,
    :meth:`move`, :meth:`undo`, :meth:`redo`, :meth:`reset`, :meth:`rename`, :attr:`scenario`,
    :attr:`trace`, :meth:`to_yaml`, :meth:`save`. A refused change leaves the board as it was, shows its
    message in ``error`` (and in ``last_exception``) and raises it as a :class:`BuilderError`. The
    widget's buttons never raise.

    Handles (controls): ``search``, ``results``, ``player``, ``new_player_button``, ``zone``, ``counters``,
    ``choices``,
    ``tapped``, ``face_down``, ``back_face``, ``attach``, ``add_button``; ``ability``, ``targets``, ``x``,
    ``res_choices``, ``position``, ``resolve_button``; ``event_kind``, ``event_object``, ``event_to``,
    ``event_position``, ``add_event_button``; the custom form ``c_name``, ``c_types``,
    ``c_subtypes``, ``c_colors`` (colour → Checkbox), ``c_power``, ``c_toughness``, ``c_keywords``,
    ``c_oracle`` (the card's text, read as typed), ``c_rules``, ``c_kind``, ``c_effect``, ``c_back``,
    ``c_modal``, ``c_add``; ``board_box`` (the board's rows, each with Move up, Move down and Remove:
    ``board_rows_widget``, one widget, or without ``anywidget`` the stock rows ``board_rows``; a press calls
    ``_row_clicked``) and the hidden handles ``board_list``, ``move_up``, ``move_down``, ``remove_button``;
    ``undo_button``, ``redo_button``, ``reset_button``, ``name_field``, ``save_path``,
    ``save_button``,
    ``show_yaml``; ``ruleset``, ``step``, ``prev``, ``next`` and ``text_size``.
    Handles (outputs): ``preview_html`` (the picked card), ``c_reading`` (what ``c_oracle`` is read as),
    ``c_status`` (the custom form's check),
    ``board_html``, ``yaml_html``, ``error``, ``status_html``; and the explorer's ``final_html``,
    ``layers_html``, ``diagram_html``, ``explain_html``, ``deps_html``, ``players_html``
    (``view`` is the embedded :class:`~rulekit.widgets.layers.LayerExplorer`; ``relay`` carries a click's
    changes of the lists, the step slider and the messages in one update, :mod:`rulekit.widgets.relay`).
    """

    def __init__(
        self,
        scenario: Any = None,
        lang: str = "en",
        scale: float = 1.0,
        *,
        backend: str | None = None,
    ) -> None:
        self._init_error_box()
        self._change_listeners: list[Callable[[], None]] = []
        self.lang = "en"
        lang_error: RulekitError | None = None
        try:
            self.lang = check_lang(lang)
            _LANG.set(self.lang)  # undone when __init__ returns (see _speaking)
        except RulekitError as exc:
            lang_error = exc
        self._init_text_size(scale, translator(self.lang))
        self.board = Board(name=_t("default_name"))  # "meu-tabuleiro" in pt-BR, not "my-board"
        self._initial = self.board.copy()
        self._undo: list[Board] = []
        self._redo: list[Board] = []
        self.scenario: Any = None
        self._busy = False
        self._make_add_form()
        self._make_resolve_form()
        self._make_event_form()
        self._make_custom_form()
        self._make_board_controls()

        # the explorer whose outputs (and ruleset and step controls) the builder shows
        self.view = LayerExplorer(
            self._build(self.board), scale=self.scale, backend=backend, effect_switches=False, lang=self.lang
        )
        self.ruleset = self.view.ruleset
        self.step = self.view.step
        self.prev = self.view.prev
        self.next = self.view.next
        self.final_html = self.view.final_html
        self.layers_html = self.view.layers_html
        self.diagram_html = self.view.diagram_html
        self.explain_html = self.view.explain_html
        self.deps_html = self.view.deps_html
        self.players_html = self.view.players_html
        #: carries the changes of the rows, the lists, the step slider and the messages a click makes: in the
        #: explorer's panel's own message (its outputs'), or its own widget's without a panel
        panel = self.view.panel
        self.relay = Relay(carrier=panel.widget if panel.batched else None)
        self._relay_changes()

        self._wire_form()
        self.ruleset.observe(lambda _c: self._after_view(), names="value")
        self.ruleset.observe(lambda _c: self._changed(), names="value")

        self.widget = self._layout()
        self.widget.add_class("rulekit-board-builder")
        self._put(
            self.title_html,
            f"<h3 style='margin:4px 0'>{escape(_t('title'))}</h3><p>{escape(_t('intro'))}</p>",
        )
        if scenario is not None:
            self._start_from(scenario)
        else:
            self._commit(self.board, self.view.scenario, record=False)
        self._initial = self.board.copy()
        self._on_search()
        self._check_custom()
        self._finish_init()
        if lang_error is not None and self.last_exception is None:
            self._set_error(lang_error)

    def _layout(self) -> Any:
        """The widget: the form's sections, then the board's rows, the messages and the explorer's outputs."""
        import ipywidgets as w

        return w.VBox(
            [
                self.style_html,
                self.toolbar(),
                self.title_html,
                row(w.VBox([self.search, self.results]), self.preview_html),
                self._heads["head_add"],
                row(self.player, self.new_player_button, self.zone, self.attach),
                row(self.counters, self.choices, self.tapped, self.face_down, self.back_face),
                row(self.add_button, self.near_errors["add"], align_items="center"),
                self._heads["head_resolve"],
                row(self.ability, self.position),
                row(self.targets, w.VBox([self.x, self.res_choices])),
                row(self.resolve_button, self.near_errors["resolve"], align_items="center"),
                self._heads["head_event"],
                row(self.event_kind, self.event_object, self.event_to, self.event_position),
                row(self.add_event_button, self.near_errors["event"], align_items="center"),
                self._heads["head_custom"],
                row(self.c_name, self.c_types, self.c_subtypes),
                row(self.c_colors_head, *self.c_colors.values()),
                row(self.c_power, self.c_toughness, self.c_keywords),
                self.c_oracle,
                self.c_reading,
                self.c_rules,
                row(self.c_kind),
                self.c_effect,
                self.c_back,
                self.c_modal,
                self.c_status,
                row(self.c_add, self.near_errors["custom"], align_items="center"),
                self._heads["head_board"],
                self.board_box,
                row(self.board_list, w.VBox([self.move_up, self.move_down, self.remove_button])),
                row(
                    self.undo_button,
                    self.redo_button,
                    self.reset_button,
                    self.name_field,
                    self.save_path,
                    self.save_button,
                    self.show_yaml,
                ),
                self.status_html,
                self.error,
                self.view.error,
                self.board_html,
                self.yaml_html,
                self.ruleset,
                row(self.prev, self.step, self.next),
                self.view.panel.widget,  # the explorer's outputs (explanation, tables, diagram)
                # shows nothing (none when the panel carries the relay, or without anywidget)
                *([self.relay.widget] if self.relay.widget not in (None, self.view.panel.widget) else []),
            ]
        )

    def _relay_changes(self) -> None:
        """What a change of the board changes besides the rows and the outputs (the lists that name the
        board's objects, players and events, the step slider, the messages), and what a search changes (the
        results, the picked card's preview), goes in the relay's one update (:mod:`rulekit.widgets.relay`)."""
        relay = self.relay
        lists = (self.results, self.player, self.attach, self.ability, self.targets, self.position,
                 self.event_object, self.event_position)  # fmt: skip
        for control in lists:
            relay.take(control, "_options_labels", "index")
        relay.take(self.step, "min", "max", "value")
        rows = self.board_rows_widget
        if rows is not None:
            relay.take(rows, *(key for key in rows.keys if not key.startswith("_")))
        messages = (self.preview_html, self.board_html, self.status_html, self.error, self.view.error)
        for html in (*messages, *self.near_errors.values()):
            relay.take(html, "value")
        relay.take(self.error.layout, "display")  # hidden while a message shows by its button

    def _hold(self) -> Any:
        """A callback's changes go in few messages: the outputs (its explorer's) in one, what the relay
        carries in one."""
        stack = contextlib.ExitStack()
        view = self.__dict__.get("view")  # not yet while the form is built
        if view is not None:
            stack.enter_context(view._hold())
        relay = self.__dict__.get("relay")
        if relay is not None:
            stack.enter_context(relay.hold())
        return stack

    # ------------------------------------------------------------------ who follows the board
    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every change of the board or of the ruleset (once :attr:`trace` is the
        new one): a :class:`~rulekit.widgets.prediction.PredictionCheck` given the builder judges again."""
        self._change_listeners.append(callback)

    def _changed(self) -> None:
        for callback in list(self._change_listeners):
            callback()

    # ------------------------------------------------------------------ keeping the controls in step
    def _names(self) -> dict[str, str]:
        return {str(o["id"]): str(o.get("name") or o.get("card") or o["id"]) for o in self.board.objects}

    def _set_error(self, exc: BaseException | None) -> None:
        """The error box, the board's internal field path (``objects[3].counters.+1/+1``) named in the
        builder's words (``Grizzly Bears (grizzly-bears-2) › Counters › +1/+1``); ``last_exception``
        keeps the error as raised."""
        shown = exc
        if isinstance(exc, RulekitError) and exc.field and exc.field.startswith(("objects[", "events[")):
            import copy

            shown = copy.copy(exc)
            shown.field = self._field_words(exc.field)
        elif isinstance(exc, RulekitError) and exc.field in _FIELD_KEYS:  # a form's field, in its words
            import copy

            shown = copy.copy(exc)
            shown.field = _t(str(exc.field))
        relay = self.__dict__.get("relay")
        token = _LANG.set(getattr(self, "lang", "en"))
        try:
            with relay.hold() if relay is not None else contextlib.nullcontext():  # the box and the near one
                super()._set_error(shown)
                self.last_exception = exc
                self._show_near()
        finally:
            _LANG.reset(token)

    def _show_near(self) -> None:
        """A message given while a form's button is handled shows by that button, and not again far below
        (the error box is hidden meanwhile); no message: every near box is empty and the box is back."""
        near = getattr(self, "near_errors", None)
        if near is None:
            return
        section = self._near if self.last_exception is not None else None
        for key, box in near.items():
            value = self.error.value if key == section else ""
            if box.value != value:
                box.value = value
        display = "none" if section is not None else None
        if self.error.layout.display != display:
            self.error.layout.display = display

    def _field_words(self, field: str) -> str:
        """``objects[3].counters.+1/+1`` → ``Grizzly Bears (grizzly-bears-2) › Counters › +1/+1``."""
        import re

        hit = re.match(r"events\[(\d+)\]\.?(.*)", field)
        board = getattr(self, "_trying", None) or self.board
        if hit is not None and int(hit.group(1)) < len(board.events):  # the event as the board list says it
            names = {str(o["id"]): str(o.get("name") or o.get("card") or o["id"]) for o in board.objects}
            head = self.event_label(board.events[int(hit.group(1))][1], names)
            return " › ".join([head, *([hit.group(2)] if hit.group(2) else [])])
        hit = re.match(r"objects\[(\d+)\]\.?(.*)", field)
        if hit is None:
            return field
        i, rest = int(hit.group(1)), hit.group(2)
        objects = self.board.objects
        head = _t("field_new")  # the object being added is not on the board (yet)
        if i < len(objects):
            oid = str(objects[i]["id"])
            head = f"{self._names().get(oid, oid)} ({oid})"
        parts = [head]
        for key in re.split(r"\.(?![^\[]*\])", rest) if rest else ():
            base = re.sub(r"\[\d+\]$", "", key)
            parts.append(_t(base) if base in TEXT and base in _FIELD_KEYS else key)
        return " › ".join(parts)

    def event_label(self, ev: Any, names: dict[str, str] | None = None) -> str:
        """One line for an event in the board list (``names``: object id → name, if known)."""
        names = self._names() if names is None else names
        if isinstance(ev, str) or (isinstance(ev, dict) and "end_of_turn" in ev):
            return _t("ev_end")
        if not isinstance(ev, dict):
            return str(ev)
        if "enter" in ev:
            ids = Board.mentions({"enter": ev["enter"]})
            return _t(
                "ev_enter_one" if len(ids) == 1 else "ev_enter_many",
                names=", ".join(f"{names.get(i, i)} ({i}){_state(self.board.obj(i), names)}" for i in ids),
            ) + (f" [{_t('st_back_face')}]" if ev.get("face") == "back" else "")
        r = ev.get("resolve")
        if isinstance(r, dict):
            src = str(r.get("source") or "")
            text = _t(
                "ev_resolve",
                source=names.get(src, src) or str(r.get("name") or _t("ev_effect")),
                ability=_label(r["ability"]) if r.get("ability") not in (None, "") else _t("ev_effect"),
            )
            if r.get("targets"):
                text += _t("ev_targets", targets=", ".join(names.get(str(t), str(t)) for t in r["targets"]))
            if r.get("x") is not None:
                text += _t("ev_x", x=r["x"])
            if r.get("choices"):
                text += _t("ev_choices", choices=", ".join(f"{k}: {v}" for k, v in r["choices"].items()))
            return text
        kind = next(iter(ev), "")
        return _t(
            "ev_other",
            kind=TEXT.get(f"ev_kind_{kind}", kind.replace("_", " ")),
            what=", ".join(names.get(i, i) for i in Board.mentions(ev)),
        )

    def _sync(self) -> None:
        """Every list that shows the board: board list, attach, targets, abilities, positions, players.

        Each list's options and value go in one message (``hold_sync``), and an unchanged one sends none."""
        import contextlib

        lists = (
            self.board_list,
            self.attach,
            self.targets,
            self.player,
            self.position,
            self.event_position,
            self.event_object,
            self.ability,
        )
        with contextlib.ExitStack() as stack:
            for control in lists:
                stack.enter_context(control.hold_sync())
            self._sync_lists()

    def _sync_lists(self) -> None:
        board = self.board
        names = self._names()
        labels = [self.event_label(ev, names) for _key, ev in board.events]
        entries = [(f"{n + 1}. {labels[n]}", key) for n, (key, _ev) in enumerate(board.events)]
        in_events = {i for _k, ev in board.events for i in Board.mentions(ev)}
        for o in board.objects:
            oid = str(o["id"])
            if o.get("zone", "battlefield") != "battlefield" or oid not in in_events:
                where = _zone_in(str(o.get("zone", "battlefield")))
                text = _t("zone_entry_in", name=names[oid], id=oid, in_zone=where) + _state(o, names)
                entries.append((text, f"object:{oid}"))
        keep = self.board_list.value
        self.board_list.options = entries
        if keep in [v for _l, v in entries]:
            self.board_list.value = keep
        self._sync_board_rows(entries)
        objs = [
            (
                _t("obj_label", name=names[str(o["id"])], id=o["id"], player=o.get("controller", "")),
                str(o["id"]),
            )
            for o in board.objects
        ]
        keep_a = self.attach.value
        self.attach.options = [(_t("nothing"), ""), *objs]
        self.attach.value = keep_a if keep_a in [v for _l, v in self.attach.options] else ""
        players = board.player_names()
        keep_t = tuple(v for v in self.targets.value if v in {*names, *players})
        self.targets.options = [*objs, *((_t("player_label", name=p), p) for p in players if p not in names)]
        self.targets.value = keep_t
        self.player.options = players
        positions = [(_t("at_end"), AT_END)] + [
            (_t("before", n=n + 1, label=label), n) for n, label in enumerate(labels)
        ]
        for control in (self.position, self.event_position):
            keep_p = control.value
            control.options = positions
            control.value = keep_p if isinstance(keep_p, int) and 0 <= keep_p < len(board.events) else AT_END
        keep_o = self.event_object.value
        self.event_object.options = [(_t("nothing"), ""), *objs]
        self.event_object.value = keep_o if keep_o in [v for _l, v in self.event_object.options] else ""
        self._sync_abilities()
        if self.name_field.value != board.name:
            self._busy = True
            try:
                self.name_field.value = board.name
            finally:
                self._busy = False
        # what the loader made of abilities written by their text (a board read from a file may have them)
        notes = text_notes_html(self.scenario, self.lang)
        self._put(self.board_html, notes if board.objects else f"<p><em>{escape(_t('empty_board'))}</em></p>")
        if self.show_yaml.value:
            self._show_yaml()

    def _sync_board_rows(self, entries: list[tuple[str, str]]) -> None:
        """One row per entry of the board list: its label, Earlier / Later (an event; disabled at the ends and
        for an object in another zone) and Remove.

        As one widget (``board_rows_widget``): its one trait, one update for every row, none when nothing
        changed. As stock rows: a row is a place (the keyboard's focus stays on it when the entries under it
        change): a change updates only the rows whose words or states change, each widget once (or not at
        all); a new row is made with its words and states (no update follows its opening); every row shares
        its layouts and styles."""
        last = len(self.board.events) - 1
        rows: list[dict[str, Any]] = []
        for place, (text, handle) in enumerate(entries):
            is_event = not handle.startswith("object:")
            off = {"up": not is_event or place == 0, "down": not is_event or place >= last, "remove": False}
            rows.append(
                {
                    "label": text,
                    "up": f"{_t('move_up_tip')}: {text}",
                    "down": f"{_t('move_down_tip')}: {text}",
                    "remove": f"{_t('remove_tip')}: {text}",
                    "off": [key for key, disabled in off.items() if disabled],
                }
            )
        if self.board_rows_widget is not None:
            self.board_rows_widget.rows = rows  # a card's name is set as text in the page, never as HTML
            return
        for place, r in enumerate(rows):
            label = escape(r["label"])
            states = tuple({"tooltip": r[k], "disabled": k in r["off"]} for k in ("up", "down", "remove"))
            if place == len(self.board_rows):
                self.board_rows.append(self._new_board_row(place, label, states))
                continue
            _box, label_html, *buttons = self.board_rows[place]
            sync(label_html, value=label)  # one update each, none when unchanged
            for button, state in zip(buttons, states, strict=True):
                sync(button, **state)
        shown = tuple(box for box, *_rest in self.board_rows[: len(entries)])
        if tuple(self.board_box.children) != shown:
            self.board_box.children = shown

    def _new_board_row(self, place: int, label: str, states: tuple[dict[str, Any], ...]) -> tuple[Any, ...]:
        """The stock board row at ``place`` (box, label, earlier, later, remove), made with its label and its
        buttons' states."""
        import ipywidgets as w

        row_layout, label_layout, label_style, button_layout, button_style = row_styles(self, "24em")
        text = w.HTML(value=label, layout=label_layout, style=label_style)
        kinds = (("move_up", "arrow-up"), ("move_down", "arrow-down"), ("remove", "trash"))
        buttons = [
            w.Button(description=_t(key), icon=icon, layout=button_layout, style=button_style, **state)
            for (key, icon), state in zip(kinds, states, strict=True)
        ]
        for button, what in zip(buttons, ("up", "down", "remove"), strict=True):
            button.on_click(lambda _b, what=what: self._row_clicked(place, what))
        return (w.HBox([text, *buttons], layout=row_layout), text, *buttons)

    def _row_clicked(self, place: int, what: str) -> None:
        """A board row's button (``what``: ``"up"``, ``"down"`` or ``"remove"``): move or remove its entry;
        the keyboard's focus stays with the entry moved (on the same button, or the other move when that one
        is disabled, or Remove), or, after a removal, goes to the Remove of the row that took its place."""
        handles = [v for _label, v in self.board_list.options]
        if not 0 <= place < len(handles):
            return
        rows = self.board_rows_widget
        order: tuple[str, ...] = ("remove",)  # the buttons the focus may go to, the first one not disabled
        # the rows and the focus: one update (in the panel's own message once the page listens to its relay)
        with self._hold(), rows.hold_sync() if rows is not None else contextlib.nullcontext():
            if what == "remove":
                self._button(self.remove, handles[place])
                to = min(place, len(self.board_list.options) - 1)
            else:
                up = what == "up"
                self._button(self.move, handles[place], up)
                to, order = place + (-1 if up else 1), (what, "down" if up else "up", "remove")
            if not 0 <= to < len(self.board_list.options):
                return
            if rows is not None:
                rows.take_focus(to, next(k for k in order if k == "remove" or not rows.disabled(to, k)))
            elif to < len(self.board_rows):
                buttons = dict(zip(("up", "down", "remove"), self.board_rows[to][2:], strict=True))
                next(buttons[k] for k in order if k == "remove" or not buttons[k].disabled).focus()

    def _sync_abilities(self) -> None:

        opts: list[tuple[str, Any]] = []
        names = self._names()
        for o in self.board.objects:
            for key, text in resolving_keys(self._abilities_of(o)):
                opts.append(
                    (
                        f"{names[str(o['id'])]} ({o['id']}): {_label(key)} — {_clip(text)}",
                        ("object", str(o["id"]), key),
                    )
                )
        pick = self.results.value
        if pick:
            for key, text in resolving_keys(library()[pick].get("abilities")):
                label = f"{_t('new_source')} {pick}: {_label(key)} — {_clip(text)}"
                opts.append((label, ("card", pick, key)))
        keep = self.ability.value
        if not opts:
            opts = [(_t("no_ability"), "")]
        values = [v for _l, v in opts]
        with self.ability.hold_sync():  # its options and choice: one update, none when unchanged
            if list(self.ability.options) != opts:
                self.ability.options = opts
            self.ability.value = keep if keep in values else values[-1] if pick and values[-1] else values[0]

    def _apply_scale_classes(self) -> None:
        """As in the explorers, then: labels are never cut (every description column fits its label)
        and buttons and check boxes are as wide as their text, at every size."""
        super()._apply_scale_classes()
        for wdg in self._controls():
            if "description_width" in getattr(wdg.style, "keys", []) and wdg.description:
                wdg.style.description_width = "initial"
            if type(wdg).__name__ in ("Button", "ToggleButton", "Checkbox") and wdg is not self.text_size:
                wdg.layout.width = "auto"

    def set_scale(self, scale: Any) -> None:
        super().set_scale(scale)
        for box in self.near_errors.values():  # a message by a button, at the new size
            if box.value and self.last_exception is not None:
                box.value = self.error.value

    def _rescale(self) -> None:
        """The explorer's outputs follow the builder's knob."""
        view = getattr(self, "view", None)
        if view is not None:
            view.set_scale(self.scale)

    def __repr__(self) -> str:
        return (
            f"<BoardBuilder {self.board.name!r} players={self.board.player_names()} "
            f"objects={len(self.board.objects)} events={len(self.board.events)}>"
        )


# Every method of the builder speaks its ``lang`` (labels, tooltips and the messages of the helpers it calls).
speaking(BoardBuilder)


def _state(obj: dict[str, Any] | None, names: dict[str, str]) -> str:
    """What the board list says of an object besides its name: counters, tapped, face down, attached.

    >>> _state({"counters": {"+1/+1": 2}, "tapped": True, "attached_to": "b"}, {"b": "Bears"})
    ' [counters +1/+1 ×2; tapped; attached to Bears (b)]'
    """
    if not obj:
        return ""
    parts = []
    counters = obj.get("counters") or {}
    if counters:
        parts.append(_t("st_counters", list=", ".join(f"{k} ×{v}" for k, v in counters.items())))
    if obj.get("tapped"):
        parts.append(_t("st_tapped"))
    if obj.get("face_down"):
        parts.append(_t("st_face_down"))
    if obj.get("face") == "back":
        parts.append(_t("st_back_face"))
    if obj.get("attached_to"):
        to = str(obj["attached_to"])
        parts.append(_t("st_attached", name=f"{names.get(to, to)} ({to})"))
    return f" [{'; '.join(parts)}]" if parts else ""


def _clip(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"
