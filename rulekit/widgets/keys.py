"""The explorers keep their keys: JupyterLab's shortcuts stay out of a rulekit widget.

In JupyterLab's command mode a notebook shortcut runs for a key pressed on any focused element of a cell's
output: the arrow keys in a list or on a button move the cell selection, and a letter typed in the card list
inserts a cell (``A``, ``B``) or changes one (``M``, ``Y``). Lumino, JupyterLab's toolkit, looks for the key's
shortcut from the focused element upwards and stops at the first element carrying the attribute
``data-lm-suppress-shortcuts``: a shortcut whose selector matches the focused element itself (the notebook's
``… :focus``) is stopped only when the focused element carries it.

:class:`KeyGuard` is an invisible `anywidget <https://anywidget.dev>`_ (a widget shipping its few lines of
JavaScript with it, no front-end extension of ours) placed in an explorer's box. In the browser it finds the
box (the nearest element of class ``rulekit-widget``) and the cell output holding it, and gives every element
focused in them the attribute: the keys then do what the control does (a list's arrows and type-ahead, a
slider's arrows, Space and Enter on a button) and no shortcut runs. Nothing is sent to the kernel.
:func:`key_guard` makes one, or returns ``None`` when ``anywidget`` is not installed (the ``lessons`` extra
installs it): the explorers then work as before, with JupyterLab's shortcuts.
"""

from __future__ import annotations

import functools
from typing import Any

#: The front end (an ES module, anywidget's ``render``): mark the explorer's box and its cell output, then
#: every element focused in them. The box may not be in the page yet when the view renders: retried 10 s.
ESM = """
const MARK = "data-lm-suppress-shortcuts";
function guard(scope) {
  if (scope.hasAttribute("data-rulekit-keys")) return;
  scope.setAttribute("data-rulekit-keys", "");
  scope.setAttribute(MARK, "true");
  scope.addEventListener("focusin", (event) => {
    if (event.target instanceof Element) event.target.setAttribute(MARK, "true");
  });
  const now = document.activeElement;
  if (now && scope.contains(now)) now.setAttribute(MARK, "true");
}
function render({ el }) {
  el.style.display = "none";
  let tries = 0;
  const find = () => {
    const box = el.isConnected ? el.closest(".rulekit-widget") : null;
    if (!box) {
      if (++tries < 200) setTimeout(find, 50);
      return;
    }
    guard(box);
    const output = box.closest(".jp-OutputArea-output, .output_subarea");
    if (output) guard(output);
  };
  find();
}
export default { render };
"""


def key_guard() -> Any:
    """A :class:`KeyGuard` to put in an explorer's box, or ``None`` without ``anywidget``."""
    cls = _guard_class()
    return None if cls is None else cls()


@functools.cache
def _guard_class() -> Any:
    """The widget class, made once; ``None`` without ``anywidget``."""
    try:
        import anywidget
    except ImportError:  # the explorers work without it, with JupyterLab's shortcuts (see the module doc)
        return None

    class KeyGuard(anywidget.AnyWidget):  # type: ignore[misc]
        """See :mod:`rulekit.widgets.keys`."""

        _esm = ESM

    return KeyGuard
