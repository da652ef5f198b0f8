"""Several stock widgets' changes in one message: a click that changes six lists reaches the browser once.

Each ipywidgets widget is a model of its own in the page, and each change the kernel makes to one is an
update message of its own, relayed by the Jupyter server and applied by the page on its own. A BoardBuilder
click that removes a card changes the options of six of the form's lists (*Ability*, *Targets*, *Attached
to*, *Object* and the two *When* lists) and the explorer's step slider: seven messages before any output
(``benchmarks/bench_browser.py``); a search keystroke, the results and the picked card's preview.

A :class:`Relay` is **one** widget that carries such changes for the widgets it is given
(:meth:`Relay.take`): while a click is handled (:meth:`Relay.hold`), a change of a taken trait is not sent
as the widget's own update; when the click ends, the changed traits of every taken widget go in one update of
the relay, ``{"serial": n, "states": {model id: {trait: value}}}``. Its front end (a few lines shipped
through `anywidget <https://anywidget.dev>`_, as :mod:`rulekit.widgets.panel`) applies each state to its
widget's model in the page as the widget's own update would be applied (after the updates of its own
before, then ``set_state``: the views redraw, nothing is sent back), in the order they came. The widgets
stay stock widgets: they look, read and take the keyboard as before, and the learner's own changes (a pick
in a list, a slider dragged) go from the page to the kernel as before, and are not sent back.

Nothing is lost when the relay cannot work. Until the relay's front end has said it is ready (a message it
sends once it listens), and always without ``anywidget``, every change goes as the widget's own update, as
before: a board built in the cell that makes the builder, a page whose front end did not load the relay, a
kernel without a page.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Iterator
from typing import Any

#: The front end's listening part (anywidget's ``initialize``: the model listens whether or not it is
#: shown): the carried states, applied in order, then the ``ready`` message. Shared by the relay's own
#: widget and by a carrier that includes it (an explorer's panel, :mod:`rulekit.widgets.panel`).
RELAY_JS = """
async function relayInit({ model }) {
  let queue = Promise.resolve();
  const apply = async (states) => {
    for (const [id, state] of Object.entries(states)) {
      try {
        const target = await model.widget_manager.get_model(id);
        // as the widget's own update is applied: after its updates before, then set (the views redraw,
        // nothing is sent back)
        target.state_change = Promise.resolve(target.state_change)
          .then(() => target.constructor._deserialize_state(state, target.widget_manager))
          .then((values) => target.set_state(values));
        await target.state_change;
      } catch (error) {
        console.warn("rulekit relay: no widget " + id, error);
      }
    }
  };
  model.on("change:updates", () => {
    const states = (model.get("updates") || {}).states || {};
    // in the order they came (one that fails does not stop the next)
    queue = queue.then(() => apply(states)).catch((error) => console.warn("rulekit relay:", error));
  });
  model.send({ ready: true });
}
"""

#: The relay's own widget's front end: it listens and shows nothing.
ESM = (
    RELAY_JS
    + """
export default {
  initialize: relayInit,
  render({ el }) {
    el.style.display = "none";
  },
};
"""
)


class Relay:
    """One widget carrying the changes of the widgets it takes (see the module doc); ``widget`` is ``None``
    without ``anywidget`` (then nothing is taken and every widget sends its own updates).

    ``carrier``: another widget to carry them instead of one of its own, whose front end includes
    :data:`RELAY_JS` and which syncs an ``updates`` dict (an explorer's panel: the changes then go in the
    panel's own message when it is held around the relay's block, :func:`rulekit.widgets._base._holding`)."""

    def __init__(self, carrier: Any = None) -> None:
        cls = _relay_class() if carrier is None else None
        self.widget: Any = carrier if carrier is not None else (cls() if cls is not None else None)
        #: whether the page listens (its front end said so): until then every widget sends its own updates
        self.ready = False
        self._pending: dict[int, tuple[Any, set[str]]] = {}
        self._depth = 0
        if self.widget is not None:
            self.widget.on_msg(self._on_msg)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("ready") is True:
            self.ready = True

    def take(self, widget: Any, *keys: str) -> Any:
        """From now on ``widget``'s changes of ``keys`` go in the relay's update (once the page listens);
        ``widget`` itself, unchanged in every other way (its class is a subclass of its own that asks the
        relay, with the same name)."""
        if self.widget is None:
            return widget
        if widget.__dict__.get("_relay") is None:  # (taken again: its keys are added)
            base: Any = type(widget)
            widget.__class__ = _relayed_class(base)
        widget._relay = self
        widget._relayed_keys = frozenset(keys) | getattr(widget, "_relayed_keys", frozenset())
        return widget

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """The taken widgets' changes in the block go in one update when the block ends (nested blocks: the
        outermost one's end)."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if not self._depth:
                self.flush()

    def changed(self, widget: Any, key: str) -> bool:
        """Take a change of ``widget``'s ``key`` (``False``: not taken, the widget sends it itself)."""
        if not self.ready or self.widget is None:
            return False
        self._pending.setdefault(id(widget), (widget, set()))[1].add(key)
        if not self._depth:
            self.flush()
        return True

    def flush(self) -> None:
        """Send the changes taken so far, in one update (none when there are none)."""
        pending, self._pending = self._pending, {}
        states = {}
        for widget, keys in pending.values():
            if widget.comm is not None:
                states[widget.model_id] = widget.get_state(sorted(keys))
        if states:
            serial = int((self.widget.updates or {}).get("serial", 0)) + 1
            self.widget.updates = {"serial": serial, "states": states}


@functools.cache
def _relay_class() -> Any:
    """The relay's widget class, made once; ``None`` without ``anywidget``."""
    try:
        import anywidget
        import traitlets
    except ImportError:
        return None

    class RelayWidget(anywidget.AnyWidget):  # type: ignore[misc]
        """See :mod:`rulekit.widgets.relay`."""

        _esm = ESM
        #: {"serial": n, "states": {model id: {trait: value}}}: the last changes carried
        updates = traitlets.Dict().tag(sync=True)

    return RelayWidget


@functools.cache
def _relayed_class(base: Any) -> Any:
    """``base`` whose changes of its taken traits are offered to its relay first (same name, made once)."""

    def _should_send_property(self: Any, key: str, value: Any) -> bool:
        relay = self.__dict__.get("_relay")
        if relay is None or key not in self._relayed_keys:
            return bool(base._should_send_property(self, key, value))  # type: ignore[attr-defined]
        if key in self._property_lock:  # the page's own value, as it sent it: nothing to send back
            to_json = self.trait_metadata(key, "to_json", self._trait_to_json)
            if json.loads(json.dumps(to_json(value, self))) == self._property_lock[key]:
                return False
        if relay.changed(self, key):
            return False
        return bool(base._should_send_property(self, key, value))  # type: ignore[attr-defined]

    namespace = {"_should_send_property": _should_send_property, "__module__": base.__module__}
    return type(base)(base.__name__, (base,), {**namespace, "__qualname__": base.__qualname__})
