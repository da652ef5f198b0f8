"""An explorer's outputs as one widget: what a click changes reaches the browser in one message.

An explorer shows its results in a run of HTML outputs (the explanation, the tables, the diagram and its
legend, the log). As separate ``ipywidgets.HTML`` widgets, a click that changes six of them sends six
messages, each relayed on its own by the Jupyter server and applied on its own by the page, often a frame
apart; on a loaded machine the last one arrived about 100 ms after the first
(``benchmarks/bench_browser.py``).

:class:`Panel` holds such a run as **one** widget with one text per output (its *parts*). A callback changes
its parts inside :meth:`Panel.hold` (every explorer callback does, see :func:`rulekit.widgets._base.guarded`):
the parts that changed go in one update message, and the page applies them in one go. Each part is used like
an ``HTML`` widget (:class:`Part`: ``.value`` read and set, ``.observe``), so the explorers, the tests and the
lessons read ``ex.final_html.value`` as before.

The front end is a few lines shipped with the widget through `anywidget <https://anywidget.dev>`_ (the
``lessons`` extra installs it; no front-end extension of ours): each part is a ``<div>`` with the classes of a
stock HTML output (``widget-html``, ``widget-html-content``), so the explorers' styles and the presentation
mode apply to it unchanged; an empty part takes no room. Without ``anywidget`` a panel is a box of stock
``HTML`` widgets, as before: everything works, with one message per output.

Part texts are the explorers' own HTML, built from escaped values (:func:`rulekit.views.markup.escape`); the
front end shows them as they are, like ``ipywidgets.HTML`` does (replacing only the nodes that differ from
those shown, :data:`PART_JS`). A part can be shown apart from the others, e.g. above the controls while the
rest are under them (:meth:`Panel.place`): its changes still go in the panel's one message.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator
from typing import Any

from rulekit.widgets.relay import RELAY_JS

#: How a part is drawn, shared by a panel and its placed parts: a ``<div>`` with the classes of a stock HTML
#: output, hidden while empty, set when its text changes. A new text changes only the nodes that differ from
#: the shown ones: the children alike at the start and at the end stay, those between are matched in order; a
#: matched element of the same tag keeps its place, takes the new attributes (when that leaves them in the
#: new text's order) and is compared child by child; the rest come and go. When the log's highlighted event
#: moves, two rows change their class and nothing is replaced; a row added is one row inserted; a diagram
#: redrawn keeps its elements and takes their new coordinates (the page parses the whole text, as
#: ``innerHTML`` would, but builds, styles and lays out only what changed).
PART_JS = """
const HTML_OUTER = ["jupyter-widgets", "widget-inline-hbox", "jupyter-widget-inline-hbox", "widget-html",
                    "jupyter-widget-html", "rulekit-part"];
const HTML_INNER = ["widget-html-content", "jupyter-widget-html-content"];
function takeAttributes(a, b) {
  const names = Array.from(b.attributes, (at) => at.name);
  const kept = Array.from(a.attributes, (at) => at.name).filter((name) => b.hasAttribute(name));
  const order = kept.concat(names.filter((name) => !a.hasAttribute(name)));
  if (order.join(" ") !== names.join(" ")) return false;
  for (const at of Array.from(a.attributes)) {
    if (!b.hasAttribute(at.name)) a.removeAttributeNS(at.namespaceURI, at.localName);
  }
  for (const at of b.attributes) {
    if (a.getAttributeNS(at.namespaceURI, at.localName) !== at.value) {
      a.setAttributeNS(at.namespaceURI, at.name, at.value);
    }
  }
  return true;
}
function patchNode(a, b) {
  if (a.nodeType === 3 && b.nodeType === 3) a.data = b.data;
  else if (a.nodeType === 1 && a.nodeName === b.nodeName && takeAttributes(a, b)) patchChildren(a, b);
  else a.replaceWith(b);
}
function patchChildren(shown, fresh) {
  const old = Array.from(shown.childNodes), neu = Array.from(fresh.childNodes);
  let start = 0, endOld = old.length, endNew = neu.length;
  while (start < endOld && start < endNew && old[start].isEqualNode(neu[start])) start++;
  while (endOld > start && endNew > start && old[endOld - 1].isEqualNode(neu[endNew - 1])) {
    endOld--;
    endNew--;
  }
  const both = Math.min(endOld, endNew) - start;
  for (let i = start; i < start + both; i++) patchNode(old[i], neu[i]);
  for (let i = start + both; i < endOld; i++) old[i].remove();
  const after = endOld < old.length ? old[endOld] : null;
  for (let i = start + both; i < endNew; i++) shown.insertBefore(neu[i], after);
}
function setHTML(el, text) {
  const parsed = document.createElement("template");
  parsed.innerHTML = text;
  patchChildren(el, parsed.content);
}
function showPart(source, name, parent) {
  const outer = document.createElement("div");
  outer.classList.add(...HTML_OUTER, "rulekit-part-" + name);
  const inner = document.createElement("div");
  inner.classList.add(...HTML_INNER);
  outer.appendChild(inner);
  parent.appendChild(outer);
  const key = "part_" + name;
  const show = () => {
    const text = source.get(key) || "";
    setHTML(inner, text);
    outer.style.display = text ? "" : "none";
  };
  show();
  source.on("change:" + key, show);
  return () => source.off("change:" + key, show);
}
"""

#: The front end (anywidget's ``render``): one ``<div>`` per part, in order (:data:`PART_JS`). The parts'
#: names come from the widget's ``_parts`` (the code's own identifiers, checked by :class:`Panel`).
#: The panel also carries a relay's changes (:mod:`rulekit.widgets.relay`, its ``updates``), so that what a
#: click changes in the explorer's controls comes in the panel's own message.
_PANEL_RENDER = """
function render({ model, el }) {
  el.classList.add("rulekit-panel");
  const stops = model.get("_parts").map((name) => showPart(model, name, el));
  return () => stops.forEach((stop) => stop());
}
export default { initialize: relayInit, render };
"""
ESM = PART_JS + RELAY_JS + _PANEL_RENDER

#: A part's name: a lower-case identifier (it becomes a trait name and a CSS class).
_NAME = re.compile(r"[a-z][a-z0-9_]*")


class Part:
    """One output of a :class:`Panel`, used like an ``ipywidgets.HTML``: ``.value`` (read and set) and
    ``.observe(handler, names="value")``; ``.layout`` is the panel's."""

    __slots__ = ("_owner", "_trait", "name")

    def __init__(self, owner: Any, name: str) -> None:
        self._owner = owner
        self._trait = "part_" + name
        self.name = name

    @property
    def value(self) -> str:
        return str(getattr(self._owner, self._trait))

    @value.setter
    def value(self, text: str) -> None:
        setattr(self._owner, self._trait, text)

    @property
    def layout(self) -> Any:
        return self._owner.layout

    def observe(self, handler: Callable[[dict[str, Any]], Any], names: str = "value") -> None:
        """Call ``handler`` with a change (``name`` "value", ``old``, ``new``, ``owner`` this part) when the
        text changes."""
        if names != "value":
            raise ValueError(f"a panel part has only a value, not {names!r}")

        def relay(change: Any) -> None:
            handler({"name": "value", "old": change["old"], "new": change["new"], "owner": self,
                     "type": "change"})  # fmt: skip

        self._owner.observe(relay, names=self._trait)

    def __repr__(self) -> str:
        return f"<Part {self.name!r} of a panel>"


class Panel:
    """Named HTML outputs shown one under the other as one widget (see the module doc).

    >>> p = Panel(("head", "body"))
    >>> p.part("body").value = "<p>hi</p>"
    >>> p.part("body").value, p.part("head").value
    ('<p>hi</p>', '')
    """

    def __init__(
        self, names: tuple[str, ...], make_html: Callable[[], Any] | None = None, placed: tuple[str, ...] = ()
    ) -> None:
        for name in names:
            if not _NAME.fullmatch(name) or names.count(name) > 1:
                raise ValueError(f"a panel part needs a distinct lower-case name, not {name!r}")
        if set(placed) - set(names):
            raise ValueError(f"a placed part must be one of the panel's parts {names}, not {placed}")
        cls = _panel_class(names)
        self.names = names
        self.placed = placed
        shown = [name for name in names if name not in placed]
        if cls is not None:
            self.widget: Any = cls(_parts=shown)
            self.parts: dict[str, Any] = {name: Part(self.widget, name) for name in names}
            self.batched = True
        else:  # without anywidget: a box of stock HTML outputs, one message each
            import ipywidgets as w

            make = make_html or (lambda: w.HTML(value=""))
            self.parts = {name: make() for name in names}
            self.widget = w.VBox([self.parts[name] for name in shown])
            self.batched = False
        self.widget.add_class("rulekit-panel")

    def part(self, name: str) -> Any:
        """The part ``name`` (a :class:`Part`, or a stock ``HTML`` widget without ``anywidget``)."""
        return self.parts[name]

    def place(self, name: str) -> Any:
        """A widget showing the part ``name`` (one of ``placed``) where it is put in a layout, e.g. above the
        controls while the panel's other parts are under them: the part stays the panel's, so what a click
        changes in it still goes in the panel's one message. Without ``anywidget``: the part's HTML widget."""
        if name not in self.placed:
            raise ValueError(f"only a placed part ({', '.join(self.placed)}) is shown apart, not {name!r}")
        if not self.batched:
            return self.parts[name]
        return _placed_class()(_source=self.widget, _part=name)

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Every part changed in the block reaches the browser in one message, when the block ends (nested
        blocks: the outermost one's end)."""
        if not self.batched:
            yield
            return
        with self.widget.hold_sync():
            yield

    def flush(self) -> None:
        """Inside :meth:`hold`: send the parts changed so far now (the tables of a large board go before its
        diagram is drawn); nothing to do outside one."""
        widget = self.widget
        if self.batched and getattr(widget, "_holding_sync", False) and widget._states_to_send:
            widget.send_state(list(widget._states_to_send))
            widget._states_to_send.clear()


@functools.cache
def _panel_class(names: tuple[str, ...]) -> Any:
    """The widget class of a panel with these parts, made once; ``None`` without ``anywidget``."""
    try:
        import anywidget
        import traitlets
    except ImportError:
        return None
    traits: dict[str, Any] = {"part_" + name: traitlets.Unicode("").tag(sync=True) for name in names}
    traits["_parts"] = traitlets.List(list(names)).tag(sync=True)
    #: a relay's carried changes (see :class:`~rulekit.widgets.relay.Relay`'s ``carrier``)
    traits["updates"] = traitlets.Dict().tag(sync=True)
    traits["_esm"] = ESM
    return type("Panel_" + "_".join(names), (anywidget.AnyWidget,), traits)


#: The front end of a placed part (:meth:`Panel.place`): the part of its panel's widget (``_source``), drawn
#: as the panel draws its parts (:data:`PART_JS`).
_PLACED_RENDER = """
async function render({ model, el }) {
  const source = await model.widget_manager.get_model(model.get("_source").slice("IPY_MODEL_".length));
  return showPart(source, model.get("_part"), el);
}
export default { render };
"""
PLACED_ESM = PART_JS + _PLACED_RENDER


@functools.cache
def _placed_class() -> Any:
    """The widget class of a placed part (:meth:`Panel.place`), made once (only called with ``anywidget``)."""
    import anywidget
    import ipywidgets
    import traitlets

    traits: dict[str, Any] = {
        "_source": traitlets.Instance(ipywidgets.Widget).tag(sync=True, **ipywidgets.widget_serialization),
        "_part": traitlets.Unicode("").tag(sync=True),
        "_esm": PLACED_ESM,
    }
    return type("PanelPart", (anywidget.AnyWidget,), traits)
