"""The BoardBuilder's form: the controls a learner uses (search and add, resolve, other events, a
card the library lacks, the board's rows and buttons) and what each does when used.

The form only reads its fields and calls the board model's Python API
(:mod:`rulekit.widgets.builder_edits`); what the board looks like afterwards is the view's
(:mod:`rulekit.widgets.builder`). Its callbacks never raise: a refused change shows in the widget.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from rulekit.errors import RulekitError
from rulekit.i18n import Translator, translator
from rulekit.mtg.loader import library
from rulekit.mtg.oracle.wording import reading_lines
from rulekit.mtg.textread import card_abilities
from rulekit.mtg.vocab import COLORS, EFFECT_KINDS, ZONES
from rulekit.widgets._base import error_html, guarded
from rulekit.widgets.builder_board import (
    AT_END,
    DEFAULT_PLAYERS,
    EVENT_KINDS,
    MAX_TEXT,
    _ability_text,
    _suggest,
    api,
    parse_pairs,
    slug,
    type_line,
)
from rulekit.widgets.builder_edits import BoardEdits
from rulekit.widgets.builder_words import _t, _word, speaking
from rulekit.widgets.rows import button_rows_widget

#: The back face field's example: scenario-language keys and a card name, which stay English in every
#: language (LANGUAGE.md), so it is code, not a word of the catalogue.
BACK_EXAMPLE = "name: Insectile Aberration\ntypes: [Creature]\npower: 3\ntoughness: 2"
#: The card text field's example: Oracle text is English in every language (the reader reads English).
ORACLE_EXAMPLE = "Other Elf creatures you control get +1/+1.\n{T}: Add {G}."


@functools.cache
def _board_list_class() -> Any:
    """The class of the board list: a ``Select`` that is the Python API's handle of the board's entries
    (:attr:`BuilderForm.board_list`), hidden in the page, where the board's rows show them. Its entries and
    choice stay in the kernel: a change of the board sends the page no update of a list nobody sees."""
    import ipywidgets as w
    import traitlets

    class BoardList(w.Select):
        # ipywidgets' Select's traits, without their ``sync=True``
        index = traitlets.Int(None, allow_none=True)
        _options_labels = w.trait_types.TypedTuple(trait=traitlets.Unicode(), read_only=True)

    return BoardList


def _tip(widget: Any, tip: str) -> Any:
    """``widget`` with the tooltip ``TEXT[tip]``."""
    widget.tooltip = _t(tip)
    return widget


def _text_area(w: Any, key: str, placeholder: str, rows: int, style: Any) -> Any:
    """A card form's text box (``w``: ipywidgets, imported by the caller): its label ``TEXT[key]``, its
    tooltip ``TEXT[key + "_tip"]``, read as typed."""
    box = w.Textarea(
        value="",
        description=_t(key),
        placeholder=placeholder,
        continuous_update=True,
        rows=rows,
        layout=w.Layout(width="34em"),
        style=style,
    )
    return _tip(box, f"{key}_tip")


def search_cards(query: str, limit: int = 60) -> list[str]:
    """Library cards whose name, type line or rules text contain every word of ``query`` (any case);
    cards whose name contains the whole query come first, then the rest, each group by name.

    >>> search_cards("glorious")
    ['Glorious Anthem']
    """

    q = " ".join(str(query).lower().split())[:200]
    words = q.split()
    first: list[str] = []
    rest: list[str] = []
    for name, low, hay in _search_index():
        if all(w in hay for w in words):
            (first if q and q in low else rest).append(name)
    return (first + rest)[:limit]


#: The card search's index: the library it was made from, and each card's (name, name in lower case, the text
#: searched: name, type line and rules text in lower case), by name. Made once per library, not once a key.
_INDEX: list[Any] = [None, ()]


def _search_index() -> tuple[tuple[str, str, str], ...]:
    """See :data:`_INDEX`."""
    lib = library()
    if _INDEX[0] is not lib:
        rows = []
        for name in sorted(lib):
            texts = (_ability_text(a) for a in lib[name].get("abilities") or ())
            rows.append((name, name.lower(), " ".join([name, type_line(lib[name]), *texts]).lower()))
        _INDEX[:] = [lib, tuple(rows)]
    return _INDEX[1]  # type: ignore[no-any-return]


def _near_card(query: str, lib: Any) -> str | None:
    """The library card a search that found nothing probably meant, as the Python API's "did you mean":
    the closest name, else the card with the closest word of a name."""
    q = " ".join(str(query).split())[:200]
    if not q:
        return None
    near = _suggest(q, lib)
    if near is not None:
        return near
    by_word: dict[str, str] = {}
    for name in sorted(lib):
        for word in name.lower().replace(",", " ").split():
            by_word.setdefault(word, name)
    for word in q.lower().split():
        hit = _suggest(word, by_word)
        if hit is not None:
            return by_word.get(hit)
    return None


def card_html(name: str) -> str:
    """A library card shown before it is added: name, type line, rules text (all escaped)."""

    card = library()[name]
    texts = [_ability_text(a) for a in card.get("abilities") or ()]
    items = "".join(f"<li>{escape(t)}</li>" for t in texts if t)
    return (
        f"<div style='border-left:4px solid #0072B2;padding:2px 8px'><strong>{escape(name)}</strong>"
        f"<br>{escape(type_line(card))}"
        + (f"<ul style='margin:2px 0'>{items}</ul>" if items else "")
        + "</div>"
    )


class BuilderForm(BoardEdits):
    """The builder's form: its controls (made section by section), what each does when used (the
    Python API of :class:`~rulekit.widgets.builder_edits.BoardEdits`, through :meth:`_button` so that
    a button never raises) and the controls the text-size knob scales."""

    #: True while the builder itself sets a control (the control's observer then does nothing).
    _busy: bool
    if TYPE_CHECKING:  # given by the view (BoardBuilder)

        def _sync_abilities(self) -> None: ...

        def _row_clicked(self, place: int, what: str) -> None: ...

    # ------------------------------------------------------------------ the controls, section by section
    def _make_add_form(self) -> None:
        """Search the library, see the picked card, and the settings it is added with."""
        import ipywidgets as w

        st = {"description_width": "initial"}
        self.title_html = w.HTML(value="")
        self.search = _tip(
            w.Text(
                value="",
                description=_t("search"),
                placeholder=_t("search_ph"),
                continuous_update=True,
                style=st,
            ),
            "search_tip",
        )
        self.results = _tip(
            w.Select(options=[], rows=6, description=_t("results"), layout=w.Layout(width="34em"), style=st),
            "results_tip",
        )
        self.preview_html = w.HTML(value="")
        self.player = _tip(
            w.Combobox(
                value=DEFAULT_PLAYERS[0],
                options=list(DEFAULT_PLAYERS),
                description=_t("player"),
                ensure_option=False,
                style=st,
            ),
            "player_tip",
        )
        self.new_player_button = _tip(
            w.Button(description=_t("new_player"), icon="user-plus"), "new_player_tip"
        )
        self.zone = w.Dropdown(
            options=[(_word("zone", z), z) for z in ZONES],
            value="battlefield",
            description=_t("zone"),
            style=st,
        )
        self.counters = _tip(
            w.Text(value="", description=_t("counters"), placeholder="+1/+1: 1", style=st), "counters_tip"
        )
        self.choices = _tip(
            w.Text(
                value="",
                description=_t("choices"),
                placeholder=_t("choices_ph", example="color: blue"),
                layout=w.Layout(width="32em"),
                style=st,
            ),
            "choices_tip",
        )
        self.tapped = w.Checkbox(value=False, description=_t("tapped"), indent=False)
        self.face_down = w.Checkbox(value=False, description=_t("face_down"), indent=False)
        self.back_face = _tip(
            w.Checkbox(value=False, description=_t("back_face"), indent=False), "back_face_tip"
        )
        self.attach = _tip(
            w.Dropdown(options=[(_t("nothing"), "")], value="", description=_t("attach"), style=st),
            "attach_tip",
        )
        self.add_button = _tip(
            w.Button(description=_t("add"), icon="plus", button_style="primary"), "add_tip"
        )

    def _make_resolve_form(self) -> None:
        """Resolve a spell or ability: which, its targets, X, its choices, and when."""
        import ipywidgets as w

        st = {"description_width": "initial"}
        self.ability = _tip(
            w.Dropdown(
                options=[(_t("no_ability"), "")],
                value="",
                description=_t("ability"),
                layout=w.Layout(width="34em"),
                style=st,
            ),
            "ability_tip",
        )
        self.targets = _tip(
            w.SelectMultiple(
                options=[], rows=4, description=_t("targets"), layout=w.Layout(width="32em"), style=st
            ),
            "targets_tip",
        )
        self.x = _tip(w.Text(value="", description=_t("x"), layout=w.Layout(width="8em"), style=st), "x_tip")
        self.res_choices = _tip(
            w.Text(
                value="",
                description=_t("res_choices"),
                placeholder=_t("choices_ph", example="color: red"),
                layout=w.Layout(width="32em"),
                style=st,
            ),
            "res_choices_tip",
        )
        self.position = _tip(
            w.Dropdown(options=[(_t("at_end"), AT_END)], value=AT_END, description=_t("position"), style=st),
            "position_tip",
        )
        self.resolve_button = _tip(w.Button(description=_t("resolve"), icon="bolt"), "resolve_tip")

    def _make_event_form(self) -> None:
        """Other events: what happens, to which object, to where, and when."""
        import ipywidgets as w

        st = {"description_width": "initial"}
        self.event_kind = _tip(
            w.Dropdown(
                options=[(_t(f"ev_kind_{k}"), k) for k in EVENT_KINDS],
                value="tap",
                description=_t("event"),
                style=st,
            ),
            "event_tip",
        )
        self.event_object = _tip(
            w.Dropdown(options=[(_t("nothing"), "")], value="", description=_t("ev_object"), style=st),
            "ev_object_tip",
        )
        self.event_to = _tip(w.Text(value="", description=_t("ev_to"), style=st), "ev_to_tip")
        self.event_position = _tip(
            w.Dropdown(options=[(_t("at_end"), AT_END)], value=AT_END, description=_t("position"), style=st),
            "position_tip",
        )
        self.add_event_button = _tip(w.Button(description=_t("add_event"), icon="plus"), "add_event_tip")

    def _make_custom_form(self) -> None:
        """The form "A card the library lacks" (its fields are :data:`CUSTOM_FIELDS`, checked as typed)."""
        import ipywidgets as w

        st = {"description_width": "initial"}
        self.c_name = w.Text(value="", description=_t("c_name"), continuous_update=True, style=st)
        self.c_types = _tip(
            w.Text(value="Creature", description=_t("c_types"), continuous_update=True, style=st),
            "c_types_tip",
        )
        self.c_subtypes = _tip(
            w.Text(value="", description=_t("c_subtypes"), continuous_update=True, style=st), "c_subtypes_tip"
        )
        self.c_colors = {
            c: w.Checkbox(value=False, description=_word("color", c), indent=False) for c in COLORS
        }
        self.c_colors_head = w.Label(value=_t("c_colors"))
        self.c_power = w.Text(value="", description=_t("c_power"), layout=w.Layout(width="10em"), style=st)
        self.c_toughness = w.Text(
            value="", description=_t("c_toughness"), layout=w.Layout(width="11em"), style=st
        )
        self.c_keywords = _tip(
            w.Text(value="", description=_t("c_keywords"), continuous_update=True, style=st), "c_keywords_tip"
        )
        self.c_oracle = _text_area(w, "c_oracle", ORACLE_EXAMPLE, 3, st)
        self.c_reading = w.HTML(value="")  # what the card's text is read as (LANGUAGE.md §11.2)
        self.c_reading.add_class("rulekit-card-reading")
        self.c_rules = _tip(
            w.Text(value="", description=_t("c_rules"), layout=w.Layout(width="34em"), style=st),
            "c_rules_tip",
        )
        self.c_kind = w.Dropdown(
            options=[(_t(f"c_kind_{k}"), k) for k in EFFECT_KINDS],
            value="static",
            description=_t("c_kind"),
            layout=w.Layout(width="auto"),
            style=st,
        )
        self.c_effect = _text_area(w, "c_effect", _t("c_effect_ph"), 4, st)
        self.c_back = _text_area(w, "c_back", BACK_EXAMPLE, 3, st)
        self.c_modal = _tip(w.Checkbox(value=False, description=_t("c_modal"), indent=False), "c_modal_tip")
        self.c_status = w.HTML(value="")
        self.c_add = _tip(w.Button(description=_t("c_add"), icon="plus"), "c_add_tip")

    def _make_board_controls(self) -> None:
        """The board's rows and buttons (move, remove, undo, redo, reset), its name, Save, the file's
        text, and the section headings."""
        import ipywidgets as w

        st = {"description_width": "initial"}
        self.board_list = _tip(
            _board_list_class()(
                options=[], rows=8, description=_t("board"), layout=w.Layout(width="34em"), style=st
            ),
            "board_tip",
        )
        # What the learner sees and uses: one row per entry of the board, each with its own Earlier / Later
        # / Remove buttons, so that a keyboard reaches every entry (Tab, then Enter or Space); a list's arrow
        # keys are JupyterLab's. ``board_list`` and its three buttons stay as handles, hidden (the list's
        # entries and choice are not sent to the page: see _board_list_class).
        # The rows are one widget (rulekit.widgets.rows: a change of the board is one update of them all;
        # a press calls _row_clicked); without anywidget, stock widgets: (row, label, earlier, later,
        # remove) per place in board_rows, shown in board_box.
        self.board_rows: list[tuple[Any, ...]] = []
        self.board_rows_widget: Any = button_rows_widget(
            self._row_clicked,
            (
                ("up", "arrow-up", _t("move_up")),
                ("down", "arrow-down", _t("move_down")),
                ("remove", "trash", _t("remove")),
            ),
            classes=("rulekit-board-rows",),
            row_class="rulekit-board-row",
            label_width="24em",
        )
        self.board_box: Any = self.board_rows_widget
        if self.board_box is None:
            self.board_box = w.VBox([])
            self.board_box.add_class("rulekit-board-rows")
        self.move_up = _tip(w.Button(description=_t("move_up"), icon="arrow-up"), "move_up_tip")
        self.move_down = _tip(w.Button(description=_t("move_down"), icon="arrow-down"), "move_down_tip")
        self.remove_button = _tip(w.Button(description=_t("remove"), icon="trash"), "remove_tip")
        self.undo_button = _tip(w.Button(description=_t("undo"), icon="undo"), "undo_tip")
        self.redo_button = _tip(w.Button(description=_t("redo"), icon="repeat"), "redo_tip")
        self.reset_button = _tip(w.Button(description=_t("reset"), icon="refresh"), "reset_tip")
        self.name_field = _tip(
            w.Text(value=self.board.name, description=_t("board_name"), continuous_update=False, style=st),
            "board_name_tip",
        )
        self.save_path = _tip(
            w.Text(value=f"{slug(self.board.name)}.yaml", description=_t("save_path"), style=st),
            "save_path_tip",
        )
        self.save_button = _tip(w.Button(description=_t("save"), icon="save"), "save_tip")
        for control in (self.board_list, self.move_up, self.move_down, self.remove_button):
            control.layout.display = "none"
        self.show_yaml = _tip(w.ToggleButton(value=False, description=_t("show_yaml")), "show_yaml_tip")
        self.board_html = w.HTML(value="")
        self.yaml_html = w.HTML(value="")
        self.status_html = w.HTML(value="")
        # a refused action's message, right by the button that was pressed (the error box is far below)
        self.near_errors = {k: w.HTML(value="") for k in ("add", "resolve", "event", "custom")}
        for box in self.near_errors.values():
            box.add_class("rulekit-near-error")
        self._near: str | None = None  # the section whose button is being handled
        self._refused_pick: str | None = None  # the library card whose add was refused (its settings stay)
        self._heads = {
            k: w.HTML(value="")
            for k in ("head_add", "head_resolve", "head_event", "head_custom", "head_board")
        }
        for k, h in self._heads.items():
            self._put(h, f"<h4 style='margin:6px 0 2px'>{escape(_t(k))}</h4>")

    def _wire_form(self) -> None:
        """Every control to what it does."""
        self.search.observe(lambda _c: self._on_search(), names="value")
        self.results.observe(lambda _c: self._on_pick(), names="value")
        self.add_button.on_click(lambda _b: self._near_button("add", self._add_clicked))
        self.new_player_button.on_click(
            lambda _b: self._near_button("add", lambda: self._button(self.add_player, self.player.value))
        )
        self.resolve_button.on_click(lambda _b: self._near_button("resolve", self._resolve_clicked))
        self.add_event_button.on_click(lambda _b: self._near_button("event", self._event_clicked))
        for wdg in (*self._custom_inputs(), self.choices):  # the choices it would be added with
            wdg.observe(lambda _c: self._check_custom(), names="value")
        self.c_add.on_click(lambda _b: self._near_button("custom", self._custom_clicked))
        self.move_up.on_click(lambda _b: self._move_clicked(True))
        self.move_down.on_click(lambda _b: self._move_clicked(False))
        self.remove_button.on_click(lambda _b: self._remove_clicked())
        self.undo_button.on_click(lambda _b: self._button(self.undo))
        self.redo_button.on_click(lambda _b: self._button(self.redo))
        self.reset_button.on_click(lambda _b: self._button(self.reset))
        self.save_button.on_click(lambda _b: self._button(self.save, self.save_path.value))
        self.name_field.observe(lambda _c: self._name_changed(), names="value")
        self.show_yaml.observe(lambda _c: self._show_yaml(), names="value")

    def _name_changed(self) -> None:
        if self._busy or self.name_field.value == self.board.name:
            return
        self._button(self.rename, self.name_field.value)
        if self.name_field.value.strip() != self.board.name:  # refused: the field shows the name again
            self._busy = True
            try:
                self.name_field.value = self.board.name
            finally:
                self._busy = False

    def _near_button(self, section: str, handler: Callable[[], Any]) -> None:
        """A form's button: ``handler`` runs (guarded), and a message it gives shows by the button
        (:attr:`near_errors`), where the learner is looking."""
        self._near = section
        try:
            handler()
        finally:
            self._near = None

    @guarded
    def _button(self, method: Callable[..., Any], *args: Any) -> Any:
        """A button's call of the Python API: its error shows in the widget, nothing is raised."""
        return method(*args)

    def _clear_add_form(self, everything: bool = False) -> None:
        """After an add, the fields that belong to one card go blank (the next card must not silently get
        the same counters); ``everything`` (Reset): the player, zone and resolution fields too."""
        self.counters.value = ""
        self.choices.value = ""
        self.tapped.value = False
        self.face_down.value = False
        self.back_face.value = False
        self.attach.value = ""
        if everything:
            players = self.board.player_names()
            self.player.value = players[0] if players else ""
            self.zone.value = "battlefield"
            self.x.value = ""
            self.res_choices.value = ""
            self.targets.value = ()
            self.event_to.value = ""

    # ------------------------------------------------------------------ controls
    @guarded
    def _on_search(self) -> None:

        names = search_cards(self.search.value)
        lib = library()
        keep = self.results.value
        self._busy = True
        try:
            with self.results.hold_sync():  # the list and its choice: one update per key typed
                self.results.options = [(f"{n} — {type_line(lib[n])}", n) for n in names]
                if keep in names:
                    self.results.value = keep
                elif names:
                    self.results.value = names[0]
        finally:
            self._busy = False
        if not names:
            text = _t("no_match", query=self.search.value)
            near = _near_card(self.search.value, lib)
            if near is not None:
                text += " " + _t("did_you_mean", name=near)
            self._put(self.preview_html, f"<p role='status'>{escape(text)}</p>")
            self._sync_abilities()
        else:
            self._on_pick()

    @guarded
    def _on_pick(self) -> None:
        if self._busy:
            return
        name = self.results.value
        if self._refused_pick is not None and name != self._refused_pick:
            # the settings typed for the card that was refused are that card's: another card starts blank
            self._refused_pick = None
            self._clear_add_form()
        self._put(self.preview_html, card_html(name) if name else "")
        self._sync_abilities()

    @guarded
    def _add_clicked(self) -> None:
        name = self.results.value
        if not name:
            raise RulekitError(_t("err_pick_card"), code="NO_SELECTION")
        try:
            self.add_card(name, **self._add_settings())
        except Exception:
            self._refused_pick = name  # its settings stay, to be fixed, until another card is picked
            raise
        self._refused_pick = None
        self._clear_add_form()

    @guarded
    def _resolve_clicked(self) -> None:
        pick = self.ability.value
        if not pick:
            raise RulekitError(_t("err_pick_ability"), code="NO_SELECTION")
        _kind, source, key = pick
        self.add_resolution(
            source,
            key,
            targets=list(self.targets.value),
            x=self.x.value,
            choices=self.res_choices.value,
            at=_at(self.position.value),
            controller=self.player.value or None,
        )

    @guarded
    def _event_clicked(self) -> None:
        self.add_event(
            self.event_kind.value,
            self.event_object.value or None,
            self.event_to.value.strip() or None,
            at=_at(self.event_position.value),
        )

    def _add_settings(self) -> dict[str, Any]:
        """The "Add the card" form's settings, for a library card and a card the library lacks."""
        return {
            "controller": self.player.value or None,
            "zone": self.zone.value,
            "counters": parse_pairs(self.counters.value, _t("w_counters"), numbers=True),
            "tapped": self.tapped.value,
            "face_down": self.face_down.value,
            "face": "back" if self.back_face.value else None,
            "attached_to": self.attach.value or None,
            "choices": parse_pairs(self.choices.value, _t("w_choices")),
        }

    def _custom_inputs(self) -> list[Any]:
        """The inputs of the form "A card the library lacks", in tab order (:meth:`_custom_fields`
        reads them)."""
        return [
            self.c_name,
            self.c_types,
            self.c_subtypes,
            *self.c_colors.values(),
            self.c_power,
            self.c_toughness,
            self.c_keywords,
            self.c_oracle,
            self.c_rules,
            self.c_kind,
            self.c_effect,
            self.c_back,
            self.c_modal,
        ]

    def _custom_fields(self) -> dict[str, Any]:
        """The form "A card the library lacks": its name and :data:`CUSTOM_FIELDS`."""
        return {
            "name": self.c_name.value,
            "types": self.c_types.value,
            "subtypes": self.c_subtypes.value,
            "colors": [c for c, box in self.c_colors.items() if box.value],
            "power": self.c_power.value,
            "toughness": self.c_toughness.value,
            "keywords": self.c_keywords.value,
            "effect": self.c_effect.value,
            "kind": self.c_kind.value,
            "text": self.c_rules.value,
            "back": self.c_back.value,
            "modal": self.c_modal.value,
            "oracle": self.c_oracle.value,
        }

    def _check_custom(self) -> None:
        """The custom form's live check (never raises: the message shows under the form)."""
        self._show_reading()
        try:
            if not self.c_name.value.strip():
                self._put(self.c_status, f"<p role='status'>{escape(_t('c_ok_empty'))}</p>")
                return
            self.custom_object(**self._custom_fields(), choices=self.choices.value)
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._wrapped.pop(id(self.c_status), None)
            self.c_status.value = error_html(exc, self.scale)
            return
        self._put(self.c_status, f"<p role='status' style='color:#009E73'>{escape(_t('c_ok'))}</p>")

    def _show_reading(self) -> None:
        """What the card's text field is read as, line by line, as data and in words, in the builder's
        language (never raises: a text the reader refuses shows its message there)."""
        text = str(self.c_oracle.value or "")
        if not text.strip():
            self._put(self.c_reading, "")
            return
        try:
            if len(text) > MAX_TEXT:
                raise RulekitError(_t("err_too_long", what=_t("w_oracle"), n=MAX_TEXT), code="TOO_LONG")
            rows = card_abilities(text, self.c_name.value.strip())
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._wrapped.pop(id(self.c_reading), None)
            self.c_reading.value = error_html(exc, self.scale)
            return
        self._put(self.c_reading, reading_html(rows, translator(self.lang)))

    @api
    def read_card_text(self, text: str, name: str = "") -> str:
        """What a card's text (one ability a line) is read as, as plain text in the builder's language: the
        same reading the form shows under "Card text" (LANGUAGE.md §11.2), for a lesson or a script to print.
        Bad input shows in the widget and is raised as a :class:`BuilderError`, as any API call's."""
        if len(str(text)) > MAX_TEXT:
            raise RulekitError(_t("err_too_long", what=_t("w_oracle"), n=MAX_TEXT), code="TOO_LONG")
        indent = {"head": "", "line": "", "warning": "  ", "word": "  ", "data": "    "}
        lines = []
        for part, words in reading_parts(card_abilities(str(text), name), translator(self.lang)):
            lines += [indent[part] + w for w in words.rstrip("\n").splitlines()]
        return "\n".join(lines)

    @guarded
    def _custom_clicked(self) -> None:
        self.add_custom(**self._custom_fields(), **self._add_settings())
        self._clear_add_form()

    @guarded
    def _move_clicked(self, up: bool) -> None:
        if not self.board_list.value:
            raise RulekitError(_t("err_pick"), code="NO_SELECTION")
        self.move(self.board_list.value, up=up)

    @guarded
    def _remove_clicked(self) -> None:
        if not self.board_list.value:
            raise RulekitError(_t("err_pick"), code="NO_SELECTION")
        self.remove(self.board_list.value)

    def _select(self, handle: str) -> None:
        values = [v for _label, v in self.board_list.options]
        i = self.board.index_of(handle)
        if i is not None and self.board.events[i][0] in values:
            self.board_list.value = self.board.events[i][0]

    def _show_yaml(self) -> None:
        if self.show_yaml.value:
            self._put(self.yaml_html, f"<pre style='white-space:pre-wrap'>{escape(self.to_yaml())}</pre>")
        else:
            self._put(self.yaml_html, "")

    # ------------------------------------------------------------------ text size
    def _controls(self) -> list[Any]:
        return [
            self.text_size,
            self.fit_width,
            self.full_width,
            self.search,
            self.results,
            self.player,
            self.new_player_button,
            self.zone,
            self.counters,
            self.choices,
            self.tapped,
            self.face_down,
            self.back_face,
            self.attach,
            self.add_button,
            self.ability,
            self.targets,
            self.x,
            self.res_choices,
            self.position,
            self.resolve_button,
            self.event_kind,
            self.event_object,
            self.event_to,
            self.event_position,
            self.add_event_button,
            *self._custom_inputs(),
            self.c_add,
            self.board_list,
            self.move_up,
            self.move_down,
            self.remove_button,
            self.undo_button,
            self.redo_button,
            self.reset_button,
            self.name_field,
            self.save_path,
            self.save_button,
            self.show_yaml,
        ]


def reading_parts(rows: list[tuple[int, Any, Any]], t: Translator) -> list[tuple[str, str]]:
    """The readings of a card's text (:func:`rulekit.mtg.textread.card_abilities`) as ``(part, text)``: the
    heading (``head``), then for each line its words (``line``), its reading in words (``word``, from
    :func:`rulekit.mtg.oracle.wording.reading_lines`) and the ability it adds as data (``data``, YAML); an
    unread line's located ``warning`` (its line and the position in it) instead. One list, two renderings:
    :func:`reading_html` (the form) and :meth:`BuilderForm.read_card_text` (plain text)."""
    import yaml

    parts = [("head", _t("c_reading_head"))]
    for line, reading, ability in rows:
        parts.append(("line", _t("c_reading_line", line=line, text=reading.text)))
        if reading.status == "unread":
            parts.append(("warning", _t("c_reading_warning", line=line, warning=reading.words(t))))
            continue
        parts += [("word", w.strip()) for w in reading_lines(reading, t)]
        if reading.status == "read":
            parts.append(("data", yaml.safe_dump(ability, sort_keys=False, allow_unicode=True, width=100)))
    return parts


#: How :func:`reading_html` shows each part (the text goes in escaped).
_PART_HTML = {
    "head": "<p style='margin:4px 0'><strong>{}</strong></p>",
    "line": "<p style='margin:2px 0'>{}</p>",
    "warning": (
        "<p role='status' class='rulekit-text-warning' style='color:#D55E00;margin:2px 0 2px 1.5em'>{}</p>"
    ),
    "word": "<p style='margin:0 0 0 1.5em'>• {}</p>",
    "data": "<pre style='margin:0 0 4px 1.5em;white-space:pre-wrap'>{}</pre>",
}


def reading_html(rows: list[tuple[int, Any, Any]], t: Translator) -> str:
    """:func:`reading_parts` as HTML, every text escaped; a warning in the warning colour."""
    return "".join(_PART_HTML[part].format(escape(text)) for part, text in reading_parts(rows, t))


def _at(value: Any) -> int | None:
    return None if value == AT_END else value


speaking(BuilderForm)
