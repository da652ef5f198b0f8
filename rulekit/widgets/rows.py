"""Rows of buttons as one widget: a change of the rows reaches the browser in one update.

The LayerExplorer shows one row per timestamp holder: its label ("2. Humility (ts 2)") and its own *Move up*
and *Move down* buttons; the BoardBuilder one row per entry of its board, with *Move up*, *Move down* and
*Remove*. As stock widgets a row is an ``HBox`` of an ``HTML`` and a ``Button`` per action: a change sends an
update per label and per button whose words or state changed (a move in the explorer six, a row's *Remove*
in the builder nine), each relayed by the server and applied by the page on its own
(``benchmarks/bench_browser.py``).

:class:`ButtonRows` holds the whole list as **one** widget whose state is one trait, ``rows``: per row its
label, per action its button's tooltip (``"up": "Earlier timestamp: Humility"``) and the actions whose button
is disabled (``"off": ["up"]``: Tab skips it), words rendered in Python, in the owner's language. ``kinds``
names the actions, in their order on a row: per action its key, its Font Awesome icon and its button's words
("Move up"), set when the widget opens. A press sends the kernel a custom message ``{"press": [place, key]}``;
:meth:`ButtonRows.on_press` registers the kernel's handler. After a press the kernel may set ``focus``
(``[place, key, serial]``) in the same update as the rows: the view that has the keyboard's focus gives it
to that button, so the focus follows the entry (a moved one, or the row that took a removed one's place).
:class:`OrderRows` is the explorer's: a *Move up* / *Move down* press is a move of -1 / +1
(:meth:`OrderRows.on_move`).

The front end is a few lines shipped through `anywidget <https://anywidget.dev>`_ (as
:mod:`rulekit.widgets.panel`): the rows are built once and then updated in place (only the texts, titles and
states that changed are written). They carry the stock widgets' classes (``widget-hbox``, ``widget-html``,
``widget-html-content``, ``jupyter-button widget-button`` and the same Font Awesome icons), so they look like
the stock rows and the explorers' styles, the presentation mode and the key guard
(:mod:`rulekit.widgets.keys`) apply to them unchanged; the buttons are native ``<button>`` elements (Tab,
Enter and Space), named by their visible words, their tooltips as ``title``. Every text is set with
``textContent`` or ``setAttribute`` (a card name is untrusted; nothing is parsed as HTML).

Without ``anywidget`` :func:`button_rows_widget` and :func:`order_rows_widget` return ``None`` and the owner
makes the stock rows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

#: The front end (anywidget's ``render``).
ESM = """
function el(tag, classes) {
  const node = document.createElement(tag);
  node.classList.add(...classes);
  return node;
}
function button(icon) {
  const b = el("button", ["lm-Widget", "jupyter-widgets", "jupyter-button", "widget-button"]);
  b.type = "button";
  b.style.width = "auto";
  const i = el("i", ["fa", "fa-" + icon]);
  b.appendChild(i);
  b.appendChild(document.createTextNode(""));
  return b;
}
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function setTitle(node, text) {
  if (node.getAttribute("title") !== text) node.setAttribute("title", text);
}
function render({ model, el: root }) {
  root.classList.add("lm-Widget", "jupyter-widgets", "widget-container", "widget-box", "widget-vbox");
  const kinds = (model.get("kinds") || []).map((k) => [String(k.key || ""), String(k.icon || "")]);
  const rows = [];  // {box, label, buttons}: made once a place, then updated in place
  const add = () => {
    const place = rows.length;
    const box = el("div", ["lm-Widget", "jupyter-widgets", "widget-container", "widget-box", "widget-hbox"]);
    const rowClass = model.get("row_class");
    if (rowClass) box.classList.add(rowClass);
    box.style.flexFlow = "row wrap";
    const html = el("div", ["lm-Widget", "jupyter-widgets", "widget-inline-hbox", "widget-html"]);
    html.style.width = "auto";
    html.style.minWidth = model.get("label_width") || "16em";
    const label = el("div", ["widget-html-content"]);
    html.appendChild(label);
    const buttons = kinds.map(([key, icon]) => {
      const b = button(icon);
      b.addEventListener("click", () => {
        if (!b.disabled) model.send({ press: [place, key] });
      });
      return b;
    });
    box.append(html, ...buttons);
    root.appendChild(box);
    rows.push({ box, label, buttons });
  };
  const show = () => {
    const want = model.get("rows") || [];
    while (rows.length < want.length) add();
    while (rows.length > want.length) rows.pop().box.remove();
    const words = (model.get("kinds") || []).map((k) => String(k.word || ""));
    want.forEach((row, place) => {
      const r = rows[place];
      setText(r.label, String(row.label || ""));
      const off = Array.isArray(row.off) ? row.off : [];
      r.buttons.forEach((b, k) => {
        const key = kinds[k][0];
        setTitle(b, String(row[key] || ""));
        if (b.lastChild.textContent !== words[k]) b.lastChild.textContent = words[k];
        const disabled = off.includes(key);
        if (b.disabled !== disabled) b.disabled = disabled;
      });
    });
  };
  let serial = (model.get("focus") || [])[2];  // a focus asked before this view was made is not taken
  const focus = () => {
    show();
    const [place, key, n] = model.get("focus") || [];
    if (n === serial) return;
    serial = n;
    const now = document.activeElement;
    // only the view that has the keyboard's focus (or lost it to the page) takes it
    if (now && now !== document.body && !root.contains(now)) return;
    const r = rows[place];
    const b = r && r.buttons[kinds.findIndex(([k]) => k === key)];
    if (b && !b.disabled) b.focus();
  };
  show();
  model.on("change:rows", show);
  model.on("change:kinds", show);
  model.on("change:focus", focus);
}
export default { render };
"""


def button_rows_widget(
    on_press: Callable[[int, str], Any],
    kinds: Sequence[tuple[str, str, str]],
    classes: Sequence[str] = (),
    row_class: str = "",
    label_width: str = "16em",
) -> Any:
    """A :class:`ButtonRows` with the actions ``kinds`` (``(key, icon, words)`` per button of a row, in
    order), calling ``on_press(place, key)`` for a press; ``classes``: its own (CSS) classes, ``row_class``
    its rows', ``label_width`` its labels' least width. ``None`` without ``anywidget``."""
    return _made(_rows_classes(), "ButtonRows", on_press, kinds, classes, row_class, label_width)


def order_rows_widget(on_move: Callable[[int, int], Any], up: str, down: str) -> Any:
    """An :class:`OrderRows` whose buttons say ``up`` and ``down`` ("Move up", "Move down" in the explorer's
    language), calling ``on_move(place, delta)`` for a press; ``None`` without ``anywidget``."""

    def moved(place: int, key: str) -> None:
        on_move(place, -1 if key == "up" else 1)

    kinds = (("up", "arrow-up", up), ("down", "arrow-down", down))
    classes = ("rulekit-order-rows",)
    return _made(_rows_classes(), "OrderRows", moved, kinds, classes, "rulekit-order-row", "16em")


def _made(
    classes_: dict[str, Any] | None,
    name: str,
    on_press: Callable[[int, str], Any],
    kinds: Sequence[tuple[str, str, str]],
    classes: Sequence[str],
    row_class: str,
    label_width: str,
) -> Any:
    if classes_ is None:
        return None
    widget = classes_[name](
        kinds=[{"key": key, "icon": icon, "word": word} for key, icon, word in kinds],
        row_class=row_class,
        label_width=label_width,
        _dom_classes=tuple(classes),  # opened with them: no update
    )
    widget.on_press(on_press)
    return widget


def read_press(content: Any, keys: Sequence[str]) -> tuple[int, str] | None:
    """The ``(place, key)`` of a front end's message, or ``None`` for anything else (the message comes from
    the page: checked, never trusted; ``keys``: the actions there are).

    >>> keys = ("up", "down")
    >>> read_press({"press": [2, "up"]}, keys), read_press({"press": [2, "left"]}, keys)
    ((2, 'up'), None)
    >>> read_press({"press": ["2", "up"]}, keys), read_press({"press": [True, "up"]}, keys)
    (None, None)
    """
    press = content.get("press") if isinstance(content, dict) else None
    if not isinstance(press, list | tuple) or len(press) != 2:
        return None
    place, key = press
    if type(place) is not int or place < 0 or not isinstance(key, str) or key not in keys:
        return None
    return place, key


@functools.cache
def _rows_classes() -> dict[str, Any] | None:
    """The widget classes, made once; ``None`` without ``anywidget``."""
    try:
        import anywidget
        import traitlets
    except ImportError:  # the owner makes the stock rows (see the module doc)
        return None

    class ButtonRows(anywidget.AnyWidget):  # type: ignore[misc]
        """See :mod:`rulekit.widgets.rows`."""

        _esm = ESM
        #: per action, in order on a row: {"key": "up", "icon": "arrow-up", "word": "Move up"}
        kinds = traitlets.List(traitlets.Dict()).tag(sync=True)
        #: per row: {"label": its text, per action key its button's tooltip, "off": the disabled actions}
        rows = traitlets.List(traitlets.Dict()).tag(sync=True)
        #: the rows' (CSS) class and their labels' least width
        row_class = traitlets.Unicode("").tag(sync=True)
        label_width = traitlets.Unicode("16em").tag(sync=True)
        #: [place, key, serial]: the button the keyboard's focus goes to (set after a press)
        focus: Any = traitlets.List([]).tag(sync=True)

        def on_press(self, handler: Callable[[int, str], Any]) -> None:
            """Call ``handler(place, key)`` when a row's button is pressed in the page (a disabled one's press
            is not passed on: the page cannot press it, a forged message is ignored)."""

            def relay(_widget: Any, content: Any, _buffers: Any) -> None:
                press = read_press(content, [str(k.get("key")) for k in self.kinds])
                if press is not None and press[0] < len(self.rows) and not self.disabled(*press):
                    handler(*press)

            self.on_msg(relay)

        def take_focus(self, place: int, key: str) -> None:
            """Give the keyboard's focus to row ``place``'s button ``key``."""
            serial = self.focus[2] + 1 if len(self.focus) == 3 else 1
            self.focus = [place, key, serial]

        def disabled(self, place: int, key: str) -> bool:
            """Whether row ``place``'s button ``key`` is disabled."""
            return key in self.rows[place].get("off", ())

    class OrderRows(ButtonRows):  # type: ignore[misc]
        """The explorer's timestamp rows (see :mod:`rulekit.widgets.rows`)."""

    return {"ButtonRows": ButtonRows, "OrderRows": OrderRows}
