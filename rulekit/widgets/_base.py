"""Shared machinery of the explorers: error box, guarded callbacks, the text-size knob, display.

Widgets render by setting ``.value`` of ``HTML`` widgets — never through ``Output`` widgets — so
they work (and are tested) in plain pytest and stay safe under nbval: set a control's ``.value``,
read the outputs' ``.value``.

Text size (projectors): every explorer has ``text_size`` ("Text size", ``ToggleButtons`` with the class
``rulekit-text-size``: one button per size, Tab and Space; a ``<select>``'s arrow keys are JupyterLab's),
initialised from the ``scale=`` argument. Changing it calls
:meth:`Guarded.set_scale`, which re-renders every HTML output at the new scale and resizes the
controls. Sizes are absolute multiples of the widgets' base font size, so nothing compounds:

* HTML outputs carry ``font-size:NNN%`` on their own outer ``<div>`` (:func:`wrap`);
* controls get ``style.font_size`` where ipywidgets supports it, and a ``<style>`` scoped to the
  class ``rulekit-scale-NNN`` (:func:`scale_css`) for the rest (labels, selects, sliders' readouts);
* diagrams are drawn from DOT with scaled font sizes and fit the output's width at every scale (the SVG
  keeps its viewBox and shrinks, ``max-width:100%;height:auto``; never a box cut off on the right), but
  never below :data:`~rulekit.views.render.MIN_FIT` of their drawn width: a wider one scrolls sideways
  (:func:`diagram_html`);
* tables wrap between words only (:data:`WIDGET_CSS`).
"""

from __future__ import annotations

import contextlib
import functools
import re
import traceback
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from rulekit import limits, mtg
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.i18n import Translator, translator
from rulekit.views.markup import escape
from rulekit.views.reasons import error_text
from rulekit.views.render import render, warm_up_in_background
from rulekit.views.table_html import COMPACT_TABLE_CSS
from rulekit.widgets import ahead
from rulekit.widgets.keys import available as guard_available
from rulekit.widgets.keys import key_guard
from rulekit.widgets.panel import Panel
from rulekit.widgets.relay import Relay
from rulekit.yamlsrc import suggest

F = TypeVar("F", bound=Callable[..., Any])

#: The text-size knob's choices (factors of the normal size).
TEXT_SIZES = (1.0, 1.25, 1.5, 2.0)
#: The widgets' base font size (JupyterLab's ``--jp-widgets-font-size``), in px.
BASE_PX = 13


def pct(scale: float) -> str:
    """``1.5`` → ``"150"`` (the percentage, as used in labels, classes and CSS)."""
    return f"{100 * scale:.0f}"


def size_options(scale: float = 1.0) -> list[tuple[str, float]]:
    """The knob's ``(label, factor)`` options: :data:`TEXT_SIZES` plus ``scale`` if it is another one.

    >>> size_options(1.75)[-2:]
    [('175 %', 1.75), ('200 %', 2.0)]
    """
    values = sorted({*TEXT_SIZES, scale})
    return [(f"{pct(v)} %", v) for v in values]


def check_scale(scale: Any) -> float:
    """A usable scale factor (a positive number), or a :class:`RulekitError` saying what is wrong.

    >>> check_scale("1.5")
    1.5
    """
    try:
        value = float(scale)
    except (TypeError, ValueError):
        value = float("nan")
    if not 0.25 <= value <= 4:  # also rejects nan
        raise RulekitError(
            N_("scale must be a number from 0.25 to 4 (1.5 = 150 %), not {scale}"),
            params={"scale": repr(scale)},
            code="BAD_SCALE",
        )
    return value


def error_html(exc: BaseException, scale: float = 1.0, t: Translator | None = None) -> str:
    """A message box for an error: a :class:`RulekitError` shows its located message; anything
    else says it is unexpected (with its type), never a traceback dump. ``t``: the language."""
    t = t or translator("en")
    if isinstance(exc, RulekitError) and len(exc.errors) > 1:  # one file's mistakes: every one, listed
        most = limits.MAX_ERRORS_SHOWN
        items = [f"<li>{escape(error_text(one, t.lang))}</li>" for one in exc.errors[:most]]
        if len(exc.errors) > most:
            more = t("… and {count} more", count=len(exc.errors) - most)
            items.append(f"<li>{escape(more)}</li>")
        head = t("That did not work")
        return (
            f'<div role="alert" style="border:2px solid #D55E00;padding:4px 8px;font-size:{pct(scale)}%">'
            f"<strong>⚠ {escape(head)}:</strong>"
            f'<ul style="margin:2px 0">{"".join(items)}</ul></div>'
        )
    if isinstance(exc, RulekitError):
        head = t("That did not work")
        text = error_text(exc, t.lang)
    else:
        head = t("Unexpected problem (please report it)")
        text = f"{type(exc).__name__}: {exc}"
    return (
        f'<div role="alert" style="border:2px solid #D55E00;padding:4px 8px;font-size:{pct(scale)}%">'
        f"<strong>⚠ {escape(head)}:</strong> {escape(text)}</div>"
    )


def scale_class(scale: float) -> str:
    """The CSS class an explorer's box carries at ``scale``: ``rulekit-scale-150``.

    The class names the size, not the explorer, so two explorers at different sizes on one page
    do not fight over a shared rule (every ``<style>`` for one class says the same thing).
    """
    return f"rulekit-scale-{pct(scale)}"


def scale_css(cls: str, scale: float) -> str:
    """A ``<style>`` sizing the controls inside the box with class ``cls`` at ``scale`` × the base
    size (absolute, so nested boxes do not compound). HTML outputs size themselves (:func:`wrap`);
    the style keeps them within the explorer's width, scrolling sideways when they are wider.

    >>> "calc(var(--jp-widgets-font-size, 13px) * 1.5)" in scale_css("rulekit-scale-150", 1.5)
    True
    """
    size = f"calc(var(--jp-widgets-font-size, {BASE_PX}px) * {scale:g})"
    parts = (
        ".widget-label",
        ".widget-label-basic",
        "label",
        "button",
        "select",
        "option",
        "input",
        ".widget-readout",
        # the controls' own boxes too, so widths given in em (lists, sliders) grow with the text
        ".widget-dropdown",
        ".widget-select",
        ".widget-slider",
        ".widget-text",
        ".widget-radio",
        ".widget-toggle-buttons",
        ".widget-checkbox",
    )
    selectors = ", ".join(f".{cls} {p}" for p in parts)
    # bigger outputs stay inside the explorer: an HTML output wider than it scrolls sideways
    # (the diagram's own box scrolls both ways, see diagram_html)
    fit = (
        f".{cls} .widget-html {{max-width: 100%}} "
        f".{cls} .widget-html-content {{min-width: 0; overflow-x: auto}} "
        # buttons and check boxes have fixed widths: let them grow with their text, not clip it
        f".{cls} .widget-button, .{cls} .widget-toggle-button {{width: auto; min-width: max-content}} "
        f".{cls} .widget-checkbox {{width: auto}}"
    )
    return f"<style>{selectors} {{font-size: {size} !important; line-height: 1.3;}} {fit}</style>"


#: Focus rings every rulekit widget shows (keyboard users must see where they are): a thick Okabe–Ito blue
#: outline with a gap and a yellow halo — a shape around the control, so it never relies on colour alone, and
#: visible on light and dark themes. ``:focus-visible``: the ring shows for the keyboard, not for each click.
#: Table cells wrap between words only (at 200 % on a projector, never inside a word or word by word), and a
#: diagram's SVG never grows past the output's width.
FOCUS_CSS = (
    "<style>.rulekit-widget :focus-visible {outline: 3px solid #0072B2 !important; "
    "outline-offset: 2px !important; box-shadow: 0 0 0 5px #F0E442 !important; border-radius: 2px;} "
    ".rulekit-widget button:focus-visible {text-decoration: underline;} "
    ".rulekit-widget table td, .rulekit-widget table th {word-break: normal !important; "
    "overflow-wrap: normal !important; hyphens: none !important;} "
    ".rulekit-widget .rulekit-diagram svg {max-width: 100%; height: auto;} " + COMPACT_TABLE_CSS + "</style>"
    # the explorers' tables (rulekit.views.table_html.compact_table_html): styled here, once
)
#: Presentation mode (projectors), two switches each adding a class to the explorer's box:
#:
#: * ``rulekit-fit`` ("Fit to width"): the diagram shrinks to the output's width at any size (no
#:   :data:`~rulekit.views.render.MIN_FIT` floor: an ``!important`` rule beats the SVG's inline
#:   ``min-width``); a table wider than the output is zoomed out as a whole, its words whole and its rows on
#:   their lines (:mod:`rulekit.widgets.keys`' few lines of JavaScript measure it), and a cell breaks inside a
#:   word only when even then a word is wider than its column; DOT text wraps. Nothing is wider than the
#:   output.
#: * ``rulekit-full`` ("Full width"): the output uses the notebook's whole width: JupyterLab's output
#:   prompt column, its collapser bar and the cell's side paddings are dropped for this output only (by
#:   ``:has()``), and the key guard's few lines of JavaScript (:mod:`rulekit.widgets.keys`) widen the box over
#:   the notebook's paddings to its scrolling area, its wrappers here letting it overflow the cell.
PRESENT_CSS = (
    "<style>.rulekit-fit .widget-html, .rulekit-fit .widget-html-content {max-width: 100%; min-width: 0} "
    ".rulekit-fit .widget-html-content {overflow-x: hidden} "
    ".rulekit-fit .rulekit-diagram {overflow-x: hidden !important} "
    ".rulekit-fit .rulekit-diagram svg {min-width: 0 !important; max-width: 100% !important; "
    "height: auto !important} "
    ".rulekit-fit table {max-width: 100%} "
    ".rulekit-fit table td, .rulekit-fit table th {overflow-wrap: var(--rk-wrap, normal) !important} "
    ".rulekit-fit pre {white-space: pre-wrap; overflow-wrap: anywhere} "
    ".jp-OutputArea-child:has(.rulekit-full) .jp-OutputArea-prompt, "
    ".jp-OutputArea-child:has(.rulekit-full) .jp-OutputPrompt {display: none !important} "
    ".jp-OutputArea-child:has(.rulekit-full) .jp-OutputArea-output {padding-left: 0; margin-left: 0} "
    ".jp-Cell:has(.rulekit-full) {padding-left: 0; padding-right: 0; max-width: none} "
    # the box is widened past its cell to the notebook's width (keys.py): its wrappers let it show, and keep
    # their width (min-width 0: a flex item that lets its content show would grow to that content's width)
    ".jp-Cell-outputWrapper:has(.rulekit-full), .jp-Cell-outputWrapper:has(.rulekit-full) .jp-OutputArea, "
    ".jp-OutputArea-child:has(.rulekit-full), "
    ".jp-OutputArea-child:has(.rulekit-full) > .jp-OutputArea-output "
    "{overflow: visible !important; min-width: 0} "
    # JupyterLab's overlay over the prompt column (a click collapses the output) would lie on the box's left
    ".jp-Cell-outputWrapper:has(.rulekit-full) .jp-OutputArea-promptOverlay {display: none !important} "
    # the output's collapser bar (the input's stays: the active cell is still marked) would lie under its text
    ".jp-Cell-outputWrapper:has(.rulekit-full) .jp-Cell-outputCollapser {visibility: hidden} "
    ".rulekit-widget .rulekit-present-switch.mod-active {outline: 2px solid #0072B2; font-weight: bold} "
    # a control hidden by its own class (HIDDEN): in the same update as its other changes
    ".rulekit-widget .rulekit-hidden {display: none !important} "
    "</style>"
)
#: The class that hides a control (its layout's ``display`` would be one update more, of its ``Layout``).
HIDDEN = "rulekit-hidden"
#: The ``<style>`` every widget needs (see :data:`FOCUS_CSS` and :data:`PRESENT_CSS`).
WIDGET_CSS = FOCUS_CSS + PRESENT_CSS
#: The same rules without their tags: the page's one shared style (:func:`rulekit.widgets.keys.key_guard`).
PAGE_CSS = re.sub(r"</?style>", " ", WIDGET_CSS).strip()


def apply_scale(widgets: list[Any], scale: float) -> None:
    """Size the controls natively: ``style.font_size`` where ipywidgets supports it (buttons, text
    boxes), and a description column wide enough for the bigger label above 100 %."""
    size = None if scale == 1.0 else f"{BASE_PX * scale:.0f}px"
    for wdg in widgets:
        style = getattr(wdg, "style", None)
        if style is None:
            continue
        keys = getattr(style, "keys", [])
        if "font_size" in keys:
            style.font_size = size
        if "description_width" in keys and str(getattr(wdg, "description", "") or ""):
            style.description_width = "initial" if scale > 1.0 else ""


def sync(widget: Any, **values: Any) -> int:
    """Set ``widget``'s traits to ``values``, the browser getting one update holding only those that
    changed (or none): one trait is set directly, several in one ``hold_sync()``, and nothing is touched
    when none changed. Returns how many traits changed.

    >>> import ipywidgets as w
    >>> b = w.Button(description="a")
    >>> sync(b, description="a", tooltip=None), sync(b, description="b", disabled=True), b.disabled
    (0, 2, True)
    """
    changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
    if len(changed) == 1:
        ((key, value),) = changed.items()
        setattr(widget, key, value)
    elif changed:
        with widget.hold_sync():
            for key, value in changed.items():
                setattr(widget, key, value)
    return len(changed)


def set_class(widget: Any, cls: str, on: bool) -> None:
    """Give ``widget`` the CSS class ``cls`` or take it away (``on``); nothing is sent when it already is so.

    >>> import ipywidgets as w
    >>> b = w.Button()
    >>> set_class(b, "x", True); set_class(b, "x", True); b._dom_classes
    ('x',)
    """
    if on != (cls in widget._dom_classes):
        (widget.add_class if on else widget.remove_class)(cls)


def row(*children: Any, **layout: Any) -> Any:
    """A horizontal box that wraps onto the next line when its children do not fit (big text, or a
    narrow notebook) instead of squeezing and clipping them."""
    import ipywidgets as w

    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", **layout))


def row_styles(owner: Any, label_min_width: str) -> tuple[Any, Any, Any, Any, Any]:
    """The layouts and styles every row of ``owner``'s list of rows (a label and its buttons) shares, made
    once: the row's box layout, the label's layout and style, the buttons' layout and style. Each row's own
    would be five more widgets for the kernel to open per row; nothing changes one row's alone."""
    import ipywidgets as w

    shared = owner.__dict__.get("_row_shared")
    if shared is None:
        from ipywidgets.widgets.widget_string import HTMLStyle

        shared = owner._row_shared = (
            w.Layout(flex_flow="row wrap"),  # as row() makes it
            w.Layout(width="auto", min_width=label_min_width),
            HTMLStyle(),
            w.Layout(width="auto"),
            w.ButtonStyle(),
        )
    return shared  # type: ignore[no-any-return]


def wrap(html: str, scale: float) -> str:
    """An HTML output at ``scale``: ``<div style="font-size:150%">…</div>``."""
    return f'<div style="font-size:{pct(scale)}%">{html}</div>'


#: An XML comment in Graphviz's SVG (no comment holds "-->", and a comment ends at the first one).
_SVG_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)


def diagram_html(dot: str, backend: str | None, scale: float, lang: Any = "en") -> str:
    """The diagram of ``dot`` (drawn at its own scaled font sizes) as an HTML output.

    At every scale the SVG fits the width of the output: it keeps its viewBox, is never wider than its
    box (``max-width:100%``) and keeps its proportions (``height:auto``); a diagram narrower than the
    output keeps its own size. On a projector a wide diagram's text is then smaller than the tables'
    (at 150 % it is still drawn at 150 %, then shrunk to fit), but no layer is cut off. It is never
    shrunk below :data:`~rulekit.views.render.MIN_FIT` of its drawn width (its words stay readable):
    a diagram wider than that scrolls sideways in its box. The text
    fallback (DOT in a ``<pre>``) is wrapped at the scale like the other outputs. A backend that
    does not exist (``backend=`` or ``RULEKIT_GRAPHVIZ``) shows its one-line message in place of
    the picture; the tables beside it are unaffected.
    """

    try:
        rendered = render(dot, backend)
    except RulekitError as exc:  # e.g. RULEKIT_GRAPHVIZ=bogus: the message instead of the picture
        return error_html(exc, scale, translator(lang))
    html = rendered.html(fit=True, lang=lang)
    if not rendered.ok:
        return wrap(html, scale)
    # Graphviz's comments (its version, a comment per node and edge) are a tenth of the SVG and show nothing
    return _SVG_COMMENT.sub("", html)


#: What an explorer's ``load_input`` expects, as its callers say it (words of the catalogue).
EXPECTED_INPUTS = (N_("an Apoteose scenario"), N_("an MTG scenario"), N_("a trace or a scenario"))


def check_without(scenario: Any, without: Any) -> tuple[str, ...]:
    """The effect ids of ``without`` (one id or several), each checked against the scenario's effects:
    an unknown id is a :class:`RulekitError` with the closest id ("did you mean") — a typo must not
    silently leave an effect on."""

    ids = (without,) if isinstance(without, str) else tuple(without or ())
    known = mtg.effect_ids(scenario)
    for eid in ids:
        if eid not in known:
            name = getattr(scenario, "name", "") or "?"
            raise RulekitError(
                N_("no effect '{effect}' in {scenario} (effects: {effects})"),
                params={"effect": eid, "scenario": name, "effects": ", ".join(sorted(known))},
                field="without",
                code="UNKNOWN_EFFECT",
                suggestion=suggest(str(eid), known),
            )
    return ids


def load_input(scenario: Any, loader: Callable[[Any], Any], needs: tuple[str, ...], what: str) -> Any:
    """An explorer's scenario: a built-in name or a path is loaded with ``loader``; an object must
    look like ``what`` (have the attributes ``needs``). Anything else is a :class:`RulekitError`
    saying what was expected, never an ``AttributeError`` deep inside the explorer.
    """
    import os

    if isinstance(scenario, str | os.PathLike):
        return loader(os.fspath(scenario))
    missing = [name for name in needs if not hasattr(scenario, name)]
    if missing:
        raise RulekitError(
            Phrase(
                N_("expected {what} (a built-in name, a path or a loaded scenario), not {kind} {value}"),
                what=Phrase(what),
                kind=type(scenario).__name__,
                value=repr(str(scenario)[:60]),
            ),
            code="BAD_SCENARIO",
        )
    return scenario


class Guarded:
    """Base of every explorer: holds ``error`` (an HTML widget), guards callbacks with it, and owns
    the text-size knob ``text_size`` with :meth:`set_scale`."""

    error: Any
    widget: Any
    text_size: Any
    style_html: Any
    lang: str = "en"
    scale: float = 1.0
    last_exception: BaseException | None = None
    _guard_depth = 0  # how many guarded callbacks are running (see guarded)
    _: Translator = translator("en")

    def _work_ahead(self) -> Iterable[ahead.Job]:
        """The jobs the kernel may run while the learner reads (:mod:`rulekit.widgets.ahead`), likeliest
        next click first; none by default. Each fills caches only (see :meth:`_ahead_job`)."""
        return ()

    def _ahead_job(self, work: Callable[[], Any]) -> ahead.Job:
        """``work`` as a job ahead, under the explorer's budget like any callback (:func:`guarded`)."""

        def job() -> None:
            with limits.budget(*budget_of(getattr(self, "scenario", None))):
                work()

        return job

    def _init_language(self, lang: Any, scale: Any) -> RulekitError | None:
        """Start an explorer's ``__init__``: the error box (:meth:`_init_error_box`), the language and the
        text-size knob (:meth:`_init_text_size`). ``self.lang`` and ``self._`` speak ``lang``; a language
        rulekit does not speak falls back to English, and its error is returned, for the explorer to show
        (:meth:`_set_error`) once its widget is built, instead of loading anything."""
        self._init_error_box()
        lang_error: RulekitError | None = None
        try:
            t = translator(lang)
        except RulekitError as exc:
            t, lang_error = translator("en"), exc
        self.lang = t.lang
        self._init_text_size(scale, t)
        return lang_error

    def _init_error_box(self) -> None:
        import ipywidgets as w

        self.error = w.HTML(value="", description="")
        self.last_exception = None
        self._wrapped: dict[int, tuple[Any, str]] = {}
        self._scaling = False

    def _init_text_size(self, scale: Any, t: Translator | None = None) -> None:
        """Make the knob and the ``<style>`` holder; call after :meth:`_init_error_box`, then
        :meth:`_finish_init` at the end of ``__init__``. ``t``: the explorer's language."""
        import ipywidgets as w

        t = t or translator("en")
        self._ = t

        self._scale_error: RulekitError | None = None
        try:
            self.scale = check_scale(scale)
        except RulekitError as exc:
            self.scale = 1.0
            self._scale_error = exc
        # one button per size, each reached with Tab and chosen with Space or Enter: a <select>'s arrow keys
        # are JupyterLab's (they move to the next cell), so a keyboard could not change a drop-down's size
        self.text_size = w.ToggleButtons(
            options=size_options(self.scale),
            value=self.scale,
            description=t("Text size"),
            tooltip=t(
                "Text size of this explorer (for a projector): tables, explanations, diagrams, controls"
            ),
            layout=w.Layout(width="auto"),
            style={"button_width": "auto"},
        )
        self.text_size.add_class("rulekit-text-size")
        self.text_size.observe(self._on_text_size, names="value")
        # presentation mode (PRESENT_CSS): two switches, each a button reached with Tab and pressed with
        # Space or Enter; its state shows by a tick (a shape), by the outline and bold of a pressed button,
        # and by the words, never by colour alone
        self.fit_width = w.ToggleButton(
            value=False,
            description=t("Fit to width"),
            tooltip=t("Shrink the diagram and the tables to the output's width (nothing cut on the right)"),
            icon="square-o",
            layout=w.Layout(width="auto"),
        )
        self.full_width = w.ToggleButton(
            value=False,
            description=t("Full width"),
            tooltip=t("Use the notebook's whole width for this explorer"),
            icon="square-o",
            layout=w.Layout(width="auto"),
        )
        for switch in (self.fit_width, self.full_width):
            switch.add_class("rulekit-present-switch")
            switch.observe(self._on_present, names="value")
        self.style_html = self._output()

    def toolbar(self) -> Any:
        """The explorer's top row: the text size and the presentation switches, on the right."""
        return row(self.text_size, self.fit_width, self.full_width, justify_content="flex-end")

    def set_presentation(self, fit: bool | None = None, full: bool | None = None) -> None:
        """Presentation mode (:data:`PRESENT_CSS`): ``fit`` the diagram and the tables to the output's
        width, use the ``full`` width of the notebook. ``None`` keeps a switch as it is. The classes sit on
        the explorer's box, which a new board or a new size never rebuilds: the choice is kept."""
        if fit is not None:
            self.fit_width.value = bool(fit)
        if full is not None:
            self.full_width.value = bool(full)
        self._apply_present_classes()

    def _on_present(self, _change: dict[str, Any]) -> None:
        self._apply_present_classes()

    def _apply_present_classes(self) -> None:
        widget = getattr(self, "widget", None)
        for switch, cls in ((self.fit_width, "rulekit-fit"), (self.full_width, "rulekit-full")):
            sync(switch, icon="check-square-o" if switch.value else "square-o")
            if widget is None:
                continue
            if switch.value and cls not in widget._dom_classes:
                widget.add_class(cls)
            elif not switch.value and cls in widget._dom_classes:
                widget.remove_class(cls)

    def _output(self) -> Any:
        """A new HTML output sharing the explorer's one default ``Layout`` and ``HTMLStyle``. Each widget's
        own would be two more widgets for the kernel to open with the page (about 2 ms each in a busy kernel:
        a third of a first explorer's widgets); nothing changes an output's layout or style."""
        import ipywidgets as w
        from ipywidgets.widgets.widget_string import HTMLStyle

        shared = self.__dict__.get("_shared_output")
        if shared is None:
            shared = self._shared_output = (w.Layout(), HTMLStyle())
        return w.HTML(value="", layout=shared[0], style=shared[1])

    def _panel_of(self, names: tuple[str, ...], placed: tuple[str, ...] = ()) -> Panel:
        """The explorer's run of outputs as one :class:`~rulekit.widgets.panel.Panel` (its parts are the
        outputs' handles): what a callback changes in it reaches the browser in one message (:func:`guarded`
        holds it). The ``placed`` parts are shown elsewhere in the layout (:meth:`Panel.place`), still in
        that one message. Without ``anywidget`` its parts are this explorer's usual HTML outputs."""
        self.panel = Panel(names, make_html=self._output, placed=placed)
        return self.panel

    def _hold(self) -> Any:
        """A block whose changes to the explorer's panel go to the browser in one message (see
        :meth:`_panel_of`), with those of the :meth:`_held_controls` once the page listens to the relay the
        panel carries (before that, one message each), all when the block ends; nothing is held without a
        panel or such controls."""
        panel = self.__dict__.get("panel")
        controls = self._held_controls()
        if not controls:
            return panel.hold() if panel is not None else contextlib.nullcontext()
        return _holding(panel, controls, self.__dict__.get("relay"))

    def _held_controls(self) -> tuple[Any, ...]:
        """The controls a callback changes (subclasses): their updates are held to the callback's end and sent
        right after the panel's (its text, the largest, the first on its way). Sent as each change happened,
        they reached the browser one by one while the kernel was still drawing, and each made the page lay
        itself out again (``benchmarks/bench_browser.py``)."""
        return ()

    def _on_text_size(self, change: dict[str, Any]) -> None:
        if not self._scaling:
            self.set_scale(change["new"])

    def _controls(self) -> list[Any]:
        """The explorer's controls (for sizing); subclasses list theirs."""
        return [self.text_size, self.fit_width, self.full_width]

    def _rescale(self) -> None:
        """Re-render the outputs that are not plain wrapped HTML (subclasses)."""

    def _put(self, widget: Any, inner: str) -> None:
        """Set an HTML output to ``inner`` at the current scale, remembering it for :meth:`set_scale`."""
        self._wrapped[id(widget)] = (widget, inner)
        widget.value = wrap(inner, self.scale)

    def _finish_init(self) -> None:
        """Size the built widget; a bad ``scale=`` argument (replaced by 1.0) is reported now,
        unless loading failed (that message matters more)."""
        self._apply_scale_classes()
        self._guard_keys()
        self._relay_controls()
        if self._scale_error is not None and self.last_exception is None:
            self._set_error(self._scale_error)

    def _relay_controls(self) -> None:
        """The :meth:`_held_controls`' changes of a click are carried by a relay
        (:mod:`rulekit.widgets.relay`) in the explorer's panel's own message, once the page listens; without
        ``anywidget``, or before, each sends its own (held to the click's end, see :meth:`_hold`)."""
        controls = self._held_controls()
        if not controls or "relay" in self.__dict__:  # (the BoardBuilder has its own)
            return
        panel = self.__dict__.get("panel")
        if panel is None or not panel.batched:  # no anywidget: each control sends its own
            return
        relay = Relay(carrier=panel.widget)  # carried in the panel's own message
        for control in controls:
            relay.take(control, *(key for key in control.keys if not key.startswith(("_model_", "_view_"))))
        self.relay = relay

    def _guard_keys(self) -> None:
        """Keep the explorer's keys from JupyterLab's shortcuts: an invisible :mod:`rulekit.widgets.keys`
        guard at the end of its box (none without ``anywidget``)."""
        guard = key_guard(PAGE_CSS)
        if guard is not None:
            self.key_guard = guard
            self.widget.children = (*self.widget.children, guard)

    def _apply_scale_classes(self) -> None:
        for cls in list(self.widget._dom_classes):
            if cls.startswith("rulekit-scale"):
                self.widget.remove_class(cls)
        self.widget.add_class(scale_class(self.scale))
        self.widget.add_class("rulekit-widget")
        if self.scale != 1.0:
            self.widget.add_class("rulekit-scaled")
        scaled = scale_css(scale_class(self.scale), self.scale) if self.scale != 1.0 else ""
        # with the key guard, WIDGET_CSS is the page's one shared <style> (its anywidget ``_css``); the box
        # carries only its size's rules. Without anywidget, each box carries the whole style, as before
        self.style_html.value = ("" if guard_available() else WIDGET_CSS) + scaled
        self._apply_present_classes()
        apply_scale(self._controls(), self.scale)

    def set_scale(self, scale: Any) -> None:
        """Show everything at ``scale`` (1.5 = 150 %): the knob, the controls and every HTML output.

        Never raises: a bad value or a failing re-render shows in the error box. An error already
        shown stays shown (re-rendered at the new size).
        """
        try:
            value = check_scale(scale)
        except RulekitError as exc:
            self._set_error(exc)
            return
        self.scale = value
        self._scaling = True
        try:
            if value not in {v for _label, v in self.text_size.options}:
                self.text_size.options = size_options(value)
            self.text_size.value = value
        finally:
            self._scaling = False
        try:
            self._apply_scale_classes()
            with self._hold():  # the outputs at the new size: one message
                for widget, inner in self._wrapped.values():
                    widget.value = wrap(inner, value)
                self._rescale()
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._set_error(exc)
            return
        if self.last_exception is not None:
            self.error.value = error_html(self.last_exception, value, self._)

    def _set_error(self, exc: BaseException | None) -> None:
        self.last_exception = exc
        if exc is None:
            self.error.value = ""
        else:
            if not isinstance(exc, RulekitError):
                self._debug = "".join(traceback.format_exception(exc))
            self.error.value = error_html(exc, self.scale, self._)

    def _repr_mimebundle_(self, **kw: Any) -> Any:
        """The widget view, with a short deterministic ``text/plain`` (not the whole widget tree)."""
        data = self.widget._repr_mimebundle_(**kw)
        if isinstance(data, dict):
            data = dict(data)
            data["text/plain"] = repr(self)
        return data


class DiagramExplorer(Guarded):
    """An explorer that draws diagrams (the layers and the chain explorers): its ``backend`` and the
    diagrams it drew, by DOT source and scale, so stepping back and forth draws nothing twice."""

    backend: str | None = None
    #: How many drawn diagrams an explorer keeps (the least recently shown go first).
    MAX_DIAGRAMS = 128

    def _init_diagrams(self, backend: str | None) -> None:
        """Call first in ``__init__``: it starts loading the compiled WebAssembly Graphviz in the
        background, which overlaps importing ipywidgets and loading and solving the scenario, so the
        first diagram does not wait for it."""

        warm_up_in_background(backend)
        self.backend = backend
        self._svgs: OrderedDict[tuple[str, float], str] = OrderedDict()

    def _svg_html(self, dot: str) -> str:
        """The diagram of ``dot`` at the current scale as an HTML output (:func:`diagram_html`), drawn
        once and then kept."""
        key = (dot, self.scale)
        if key in self._svgs:
            self._svgs.move_to_end(key)
            return self._svgs[key]
        html = diagram_html(dot, self.backend, self.scale, getattr(self, "lang", "en"))
        self._svgs[key] = html
        if len(self._svgs) > self.MAX_DIAGRAMS:
            self._svgs.popitem(last=False)
        return html


@contextlib.contextmanager
def _holding(panel: Panel | None, controls: tuple[Any, ...], relay: Relay | None = None) -> Iterator[None]:
    """Hold ``panel``'s updates and ``controls``' to the block's end (see :meth:`Guarded._hold`): once
    the page listens to the ``relay`` the panel carries, the controls' changes and the panel's parts go in
    the panel's one message; before that (or without a relay) the panel's go in one message, then each
    control's in one (the last held the first sent)."""
    with contextlib.ExitStack() as stack:
        if relay is not None and relay.ready and panel is not None and relay.widget is panel.widget:
            # the relay's update (the controls') is set before the panel's hold ends: one message for all
            stack.enter_context(panel.hold())
            stack.enter_context(relay.hold())
            for control in controls:
                stack.enter_context(control.hold_sync())
            yield
            return
        for control in controls:
            stack.enter_context(control.hold_sync())
        if panel is not None:
            stack.enter_context(panel.hold())
        yield


def budget_of(scenario: Any) -> tuple[str | None, int]:
    """The file and size in bytes a widget's budget measures its outputs against
    (:class:`rulekit.limits.Budget`): an MTG scenario's, an Apoteose scenario's document's."""
    doc = getattr(scenario, "doc", None)
    source = doc if doc is not None else scenario
    file = getattr(source, "file", None)
    size = getattr(source, "size", 0)
    return (file if isinstance(file, str) else None, size if isinstance(size, int) else 0)


def guarded(method: F) -> F:
    """Decorate an explorer callback: any exception becomes a message in ``self.error``."""

    @functools.wraps(method)
    def wrapper(self: Guarded, *args: Any, **kwargs: Any) -> Any:
        depth = self._guard_depth
        self._guard_depth = depth + 1
        try:
            # one budget per callback; its outputs reach the browser in one message
            with limits.budget(*budget_of(getattr(self, "scenario", None))), self._hold():
                result = method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._set_error(exc)
            result = None
        finally:
            self._guard_depth = depth
        if depth == 0:  # the outermost callback: the kernel may work ahead while the learner reads
            ahead.plan(self._work_ahead() if self.last_exception is None else ())
        return result

    return wrapper  # type: ignore[return-value]
