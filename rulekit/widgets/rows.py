"""The LayerExplorer's timestamp rows as one widget: a move reaches the browser in one update.

The explorer shows one row per timestamp holder: its label ("2. Humility (ts 2)") and its own *Move up* and
*Move down* buttons (the first row's *Move up* and the last row's *Move down* disabled, so Tab skips them).
As stock widgets a row is an ``HBox`` of an ``HTML`` and two ``Button`` widgets: a move changes two rows'
labels and four buttons' tooltips, six update messages, each relayed by the server and applied by the page
on its own (``benchmarks/bench_browser.py``).

:class:`OrderRows` holds the whole list as **one** widget whose state is one trait, ``rows``: per row its
label and its two buttons' tooltips ("Earlier timestamp: Humility", "Later timestamp: Humility"), words
rendered in Python, in the explorer's language; ``up`` and ``down`` are the buttons' words ("Move up",
"Move down"). A press sends the kernel a custom message ``{"move": [place, delta]}`` (delta -1 up, +1 down);
:meth:`OrderRows.on_move` registers the kernel's handler (the explorer's ``_move_row``). After a move the
kernel sets ``focus`` (``[place, "up" | "down", serial]``) in the same update as the rows: the view that has
the keyboard's focus gives it to that button, so the focus follows the moved entry.

The front end is a few lines shipped through `anywidget <https://anywidget.dev>`_ (as
:mod:`rulekit.widgets.panel`): the rows are built once and then updated in place (only the texts, titles and
states that changed are written). They carry the stock widgets' classes (``widget-hbox``, ``widget-html``,
``widget-html-content``, ``jupyter-button widget-button`` and the same Font Awesome icons), so they look like
the stock rows and the explorers' styles, the presentation mode and the key guard
(:mod:`rulekit.widgets.keys`) apply to them unchanged; the buttons are native ``<button>`` elements (Tab,
Enter and Space), named by their visible words, their tooltips as ``title``. Every text is set with
``textContent`` or ``setAttribute`` (a card name is untrusted; nothing is parsed as HTML).

Without ``anywidget`` :func:`order_rows_widget` returns ``None`` and the explorer makes the stock rows.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

#: The front end (anywidget's ``render``).
ESM = """
function el(tag, classes) {
  const node = document.createElement(tag);
  node.classList.add(...classes);
  return node;
}
function button(icon, delta) {
  const b = el("button", ["lm-Widget", "jupyter-widgets", "jupyter-button", "widget-button"]);
  b.type = "button";
  b.style.width = "auto";
  const i = el("i", ["fa", "fa-" + icon]);
  b.appendChild(i);
  b.appendChild(document.createTextNode(""));
  b.dataset.delta = String(delta);
  return b;
}
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
function setTitle(node, text) {
  if (node.getAttribute("title") !== text) node.setAttribute("title", text);
}
function render({ model, el: root }) {
  root.classList.add("lm-Widget", "jupyter-widgets", "widget-container", "widget-box", "widget-vbox",
                     "rulekit-order-rows");
  const rows = [];  // {box, label, up, down}: made once a place, then updated in place
  const add = () => {
    const place = rows.length;
    const box = el("div", ["lm-Widget", "jupyter-widgets", "widget-container", "widget-box", "widget-hbox",
                           "rulekit-order-row"]);
    box.style.flexFlow = "row wrap";
    const html = el("div", ["lm-Widget", "jupyter-widgets", "widget-inline-hbox", "widget-html"]);
    html.style.width = "auto";
    html.style.minWidth = "16em";
    const label = el("div", ["widget-html-content"]);
    html.appendChild(label);
    const up = button("arrow-up", -1);
    const down = button("arrow-down", 1);
    for (const b of [up, down]) {
      b.addEventListener("click", () => {
        if (!b.disabled) model.send({ move: [place, Number(b.dataset.delta)] });
      });
    }
    box.append(html, up, down);
    root.appendChild(box);
    rows.push({ box, label, up, down });
  };
  const show = () => {
    const want = model.get("rows") || [];
    while (rows.length < want.length) add();
    while (rows.length > want.length) rows.pop().box.remove();
    const words = [model.get("up") || "", model.get("down") || ""];
    want.forEach((row, place) => {
      const r = rows[place];
      setText(r.label, String(row.label || ""));
      const buttons = [[r.up, row.up, place === 0], [r.down, row.down, place === want.length - 1]];
      buttons.forEach(([b, title, off], k) => {
        setTitle(b, String(title || ""));
        if (b.lastChild.textContent !== words[k]) b.lastChild.textContent = words[k];
        if (b.disabled !== off) b.disabled = off;
      });
    });
  };
  let serial = (model.get("focus") || [])[2];  // a focus asked before this view was made is not taken
  const focus = () => {
    show();
    const [place, which, n] = model.get("focus") || [];
    if (n === serial) return;
    serial = n;
    const now = document.activeElement;
    // only the view that has the keyboard's focus (or lost it to the page) takes it
    if (now && now !== document.body && !root.contains(now)) return;
    const r = rows[place];
    const b = r && (which === "up" ? r.up : r.down);
    if (b && !b.disabled) b.focus();
  };
  show();
  model.on("change:rows", show);
  model.on("change:up", show);
  model.on("change:down", show);
  model.on("change:focus", focus);
}
export default { render };
"""


def order_rows_widget(on_move: Callable[[int, int], Any], up: str, down: str) -> Any:
    """An :class:`OrderRows` whose buttons say ``up`` and ``down`` ("Move up", "Move down" in the explorer's
    language), calling ``on_move(place, delta)`` for a press; ``None`` without ``anywidget``."""
    cls = _rows_class()
    if cls is None:
        return None
    widget = cls(up=up, down=down, _dom_classes=("rulekit-order-rows",))  # opened with them: no update
    widget.on_move(on_move)
    return widget


def read_move(content: Any) -> tuple[int, int] | None:
    """The ``(place, delta)`` of a front end's message, or ``None`` for anything else (the message comes
    from the page: checked, never trusted).

    >>> read_move({"move": [2, -1]}), read_move({"move": [2, 5]}), read_move({"move": ["2", 1]})
    ((2, -1), None, None)
    """
    move = content.get("move") if isinstance(content, dict) else None
    if not isinstance(move, list | tuple) or len(move) != 2:
        return None
    place, delta = move
    if type(place) is not int or type(delta) is not int or place < 0 or delta not in (-1, 1):
        return None
    return place, delta


@functools.cache
def _rows_class() -> Any:
    """The widget class, made once; ``None`` without ``anywidget``."""
    try:
        import anywidget
        import traitlets
    except ImportError:  # the explorer makes the stock rows (see the module doc)
        return None

    class OrderRows(anywidget.AnyWidget):  # type: ignore[misc]
        """See :mod:`rulekit.widgets.rows`."""

        _esm = ESM
        #: per row: {"label": "n. name (ts t)", "up": its Move up's tooltip, "down": its Move down's}
        rows = traitlets.List(traitlets.Dict()).tag(sync=True)
        up = traitlets.Unicode("").tag(sync=True)
        down = traitlets.Unicode("").tag(sync=True)
        #: [place, "up" | "down", serial]: the button the keyboard's focus goes to (set after a move)
        focus: Any = traitlets.List([]).tag(sync=True)

        def on_move(self, handler: Callable[[int, int], Any]) -> None:
            """Call ``handler(place, delta)`` when a row's button is pressed in the page."""

            def relay(_widget: Any, content: Any, _buffers: Any) -> None:
                move = read_move(content)
                if move is not None:
                    handler(*move)

            self.on_msg(relay)

        def take_focus(self, place: int, which: str) -> None:
            """Give the keyboard's focus to row ``place``'s ``"up"`` or ``"down"`` button."""
            serial = self.focus[2] + 1 if len(self.focus) == 3 else 1
            self.focus = [place, which, serial]

        def disabled(self, place: int, which: str) -> bool:
            """Whether row ``place``'s button is disabled (the first row's up, the last row's down)."""
            return place == 0 if which == "up" else place == len(self.rows) - 1

    return OrderRows
