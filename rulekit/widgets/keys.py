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

A control disabled by the kernel while it has the focus (*Run to the end*, once the chain is over) would drop
the focus to the page: it goes to the next control of the box that can take it, so a keyboard user keeps their
place (and the next click does not re-activate the whole notebook).

The answer comes first. JupyterLab makes a cell active when a press lands in it (it moves the cell
toolbar in and restyles the cell): on a slow machine that is 40–90 ms of the page's time, spent *before*
the click is even sent, on every learner's first click in an explorer. A plain press in an explorer whose
cell is not active is kept from the notebook (with the focus it gives) and handed to it, unchanged, once
the explorer has shown the click's answer (nothing changed in it for :data:`ANSWER_QUIET_MS`) or at the
latest :data:`ANSWER_LATEST_MS` after the press, unless the learner has moved the focus elsewhere
meanwhile. A press while an earlier one is still held (a response picked, whose answer changes no text,
then *Choose*) is held in its place, so the cell is made active once, after the last click's answer, and
never during a click. The cell then becomes active, in command mode, as before; a press with Shift, Ctrl,
Alt or Meta, or in an active cell, is not held.

The same few lines fit the tables in presentation mode (the box's class ``rulekit-fit``, see
:data:`rulekit.widgets._base.PRESENT_CSS`): a table wider than its output is zoomed out as a whole (CSS
``zoom``) to a comfortable width (its narrowest with words whole, ``min-content``, × 1.6, at most one
line a cell, ``max-content``), never below :data:`MIN_TABLE_ZOOM`, so its words stay whole and a cell is not
one word a line; it is measured again when the box changes or is resized.

With the box's class ``rulekit-full`` ("Full width") the same lines widen the box to the notebook's whole
scrolling area, a few px from each edge: JupyterLab's prompt column, the output's collapser bar, the cell's
and the notebook's paddings are passed over (:data:`~rulekit.widgets._base.PRESENT_CSS` hides the prompt
and the bar of this one output and lets it overflow its cell). It is measured again when the notebook is
resized, and undone when the class goes.
:func:`key_guard` makes one, or returns ``None`` when ``anywidget`` is not installed (the ``lessons`` extra
installs it): the explorers then work as before, with JupyterLab's shortcuts.

The guard also carries the style every explorer needs (:data:`rulekit.widgets._base.PAGE_CSS`, as anywidget's
``_css``): anywidget keeps one ``<style>`` in the page's head for every guard of the class, so a page of 25
explorers has the rules once. One ``<style>`` an explorer made every click's style recalculation match each
rule 25 times; without ``anywidget`` each box carries its own copy again.
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
const MIN_ZOOM = __MIN_ZOOM__;
const COMFORT = 1.6;
function fitTables(box) {
  // nothing touched (no style written, no layout forced) unless the box is or was fitted: an explorer's
  // every update passes here
  const on = box.classList.contains("rulekit-fit");
  if (!on && !box._rkFitted) return;
  box._rkFitted = on;
  for (const t of box.querySelectorAll("table")) {
    t.style.zoom = "";
    t.style.maxWidth = "";
    t.style.removeProperty("--rk-wrap");
    if (!on) continue;
    const room = t.parentElement ? t.parentElement.clientWidth - 2 : 0;
    const old = t.style.width;
    t.style.maxWidth = "none";
    const width = (w) => { t.style.width = w; return t.getBoundingClientRect().width; };
    const least = width("min-content");  // every word whole, on as many lines as it takes
    const most = width("max-content");  // every cell on one line
    t.style.width = old;
    t.style.maxWidth = "";
    // a comfortable width: room for each cell's words on a few lines, not one word a line
    const target = Math.min(most, COMFORT * least);
    if (room > 0 && target > room) {
      const zoom = Math.max(MIN_ZOOM, room / target);
      t.style.zoom = String(zoom);
      t.style.maxWidth = (room / zoom) + "px";  // the element's own px are zoomed: room once drawn
      // words stay whole unless even the smallest zoom leaves the narrowest table too wide
      t.style.setProperty("--rk-wrap", least * zoom > room + 1 ? "anywhere" : "normal");
    }
  }
}
const GAP = 8;  // room at the right edge for a focused control's ring
function fullWidth(box) {
  // "Full width": the box spans the notebook's scrolling area, 4 px from its left edge (over the output's
  // prompt column, collapser bar and the cell's and the notebook's paddings: PRESENT_CSS hides the prompt and
  // the bar of this output and lets it overflow its cell) to GAP px from its right edge
  const on = box.classList.contains("rulekit-full");
  if (!on && !box._rkFull) return;  // as fitTables: nothing touched unless it is or was on
  box._rkFull = on;
  box.style.marginLeft = "";
  box.style.width = "";
  box.style.maxWidth = "";
  const scroller = box.closest(".jp-WindowedPanel-outer, .jp-Notebook");
  if (!on || !scroller) return;
  const start = scroller.getBoundingClientRect().left + scroller.clientLeft;
  const left = start + 4;
  const width = start + scroller.clientWidth - GAP - left;
  const now = box.getBoundingClientRect();
  if (width <= now.width) return;
  box.style.marginLeft = (left - now.left) + "px";
  box.style.width = width + "px";
  box.style.maxWidth = "none";
}
function watch(box) {
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fullWidth(box); fitTables(box); });
  };
  new MutationObserver(again).observe(box, {subtree: true, childList: true, attributes: true,
                                            attributeFilter: ["class"]});
  const sizes = new ResizeObserver(again);
  sizes.observe(box);
  const scroller = box.closest(".jp-WindowedPanel-outer, .jp-Notebook");
  if (scroller) sizes.observe(scroller);  // the window or a side panel resized: measured again
  again();
}
function keepFocus(box) {
  // a focused control that the kernel disables (Run to the end, once the chain is over) drops the focus to
  // the page: a keyboard user loses their place, and the next click re-activates the whole notebook (a style
  // recalculation of every cell). The focus goes to the next control that can take it (else the last one)
  let last = null, queued = false;
  box.addEventListener("focusin", (event) => { last = event.target; });
  const move = () => {
    queued = false;
    if (!last || !last.disabled || !box.contains(last)) return;
    const now = document.activeElement;
    if (now && now !== document.body && now !== last) return;  // the focus is elsewhere on purpose
    const ready = Array.from(box.querySelectorAll("button, input, select, textarea"))
      .filter((c) => !c.disabled && c.tabIndex >= 0 && c.getClientRects().length > 0);
    const next = ready.find((c) => last.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)
      || ready[ready.length - 1];
    last = null;
    if (next) next.focus({ preventScroll: true });
  };
  new MutationObserver(() => {
    // moved in the next frame, once the whole update is in: which controls are shown needs the layout,
    // which the frame makes anyway (forced here, in the middle of an update, it was made twice)
    if (queued || !last || !last.disabled || !box.contains(last)) return;
    queued = true;
    requestAnimationFrame(move);
  }).observe(box, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
}
const QUIET_MS = __QUIET_MS__;
const LATEST_MS = __LATEST_MS__;
function answerFirst(box) {
  // JupyterLab makes a cell active on a press in it (the cell toolbar moved in, the cell restyled): on a slow
  // machine 40-90 ms of the page's time, spent before the click is even sent. A plain press in an explorer
  // whose cell is not active is kept from the notebook, with the focus it gives; the same press is handed to
  // the notebook once the explorer has shown the click's answer (nothing changed in it for QUIET_MS) or at
  // LATEST_MS, unless the learner has gone elsewhere meanwhile. The cell then becomes active as before.
  const cell = box.closest(".jp-Notebook-cell");
  if (!cell) return;
  let press = null, pressing = false, timer = 0, deadline = 0;
  const replay = () => {
    clearTimeout(timer);
    const held = press;
    press = null;
    if (!held || !box.isConnected || cell.classList.contains("jp-mod-active")) return;
    const now = document.activeElement;
    if (now && now !== document.body && !box.contains(now)) return;  // the learner has gone elsewhere
    const again = new MouseEvent("mousedown", held);
    again.rulekitReplay = true;  // an explorer around this one lets it through
    box.dispatchEvent(again);
  };
  new MutationObserver(() => {
    if (!press) return;
    clearTimeout(timer);
    timer = setTimeout(replay, Math.max(0, Math.min(QUIET_MS, deadline - performance.now())));
  }).observe(box, { subtree: true, childList: true, characterData: true });
  box.addEventListener("mousedown", (event) => {
    if (event.rulekitReplay || event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey
        || event.altKey || cell.classList.contains("jp-mod-active")) return;
    event.stopPropagation();
    // a press while an earlier one is still held (a response picked, then Choose) is held in its place: the
    // cell is made active once, after this click's answer, not in the middle of it
    clearTimeout(timer);
    press = { bubbles: true, cancelable: true, view: window, button: 0,
              clientX: event.clientX, clientY: event.clientY };
    deadline = performance.now() + LATEST_MS;
    timer = setTimeout(replay, LATEST_MS);
    pressing = true;  // the focus the press gives follows in the same task
    setTimeout(() => { pressing = false; }, 0);
  });
  // the focus the press gives, and any focus moved in the box while a press is held (keepFocus, when the
  // answer disables the focused button), stays in the box: the cell is made active by the replay only
  box.addEventListener("focusin", (event) => { if (pressing || press) event.stopPropagation(); });
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
    keepFocus(box);
    answerFirst(box);
    watch(box);
    const output = box.closest(".jp-OutputArea-output, .output_subarea");
    if (output) guard(output);
  };
  find();
}
export default { render };
"""
#: The smallest zoom a table is fitted with (a wider one then wraps between words, as without the mode).
MIN_TABLE_ZOOM = 0.55
#: The press held from the notebook is handed to it once nothing has changed in the explorer for this long
#: (ms) after the click's answer arrived ...
ANSWER_QUIET_MS = 60
#: ... or at the latest this long (ms) after the press (a click that changes nothing, a slow answer).
ANSWER_LATEST_MS = 800
ESM = (
    ESM.replace("__MIN_ZOOM__", str(MIN_TABLE_ZOOM))
    .replace("__QUIET_MS__", str(ANSWER_QUIET_MS))
    .replace("__LATEST_MS__", str(ANSWER_LATEST_MS))
)


def key_guard(css: str = "") -> Any:
    """A :class:`KeyGuard` to put in an explorer's box, or ``None`` without ``anywidget``.

    ``css``: the style rules (no ``<style>`` tag) every explorer needs, shipped as anywidget's ``_css``: the
    front end keeps ONE ``<style>`` element for all the guards of a page (keyed by the class's id), so a page
    of 25 explorers carries the rules once, not 25 times (each copy was matched again in every style
    recalculation of a click)."""
    cls = _guard_class(css)
    return None if cls is None else cls()


def available() -> bool:
    """Whether the guard (and with it the page's one shared style) can be made (``anywidget`` installed)."""
    return _guard_class("") is not None


@functools.cache
def _guard_class(css: str) -> Any:
    """The widget class, made once for ``css``; ``None`` without ``anywidget``."""
    try:
        import anywidget
    except ImportError:  # the explorers work without it, with JupyterLab's shortcuts (see the module doc)
        return None

    class KeyGuard(anywidget.AnyWidget):  # type: ignore[misc]
        """See :mod:`rulekit.widgets.keys`."""

        _esm = ESM
        _css = css

    return KeyGuard
