"""Shared machinery of the explorers: error box, guarded callbacks, projector scale, display.

Widgets render by setting ``.value`` of ``HTML`` widgets — never through ``Output`` widgets — so
they work (and are tested) in plain pytest and stay safe under nbval: set a control's ``.value``,
read the outputs' ``.value``.
"""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable
from html import escape
from typing import Any, TypeVar

from rulekit.errors import RulekitError

F = TypeVar("F", bound=Callable[..., Any])


def error_html(exc: BaseException, scale: float = 1.0) -> str:
    """A message box for an error: a :class:`RulekitError` shows its located message; anything
    else says it is unexpected (with its type), never a traceback dump."""
    if isinstance(exc, RulekitError):
        head = "That did not work"
        text = str(exc)
    else:
        head = "Unexpected problem (please report it)"
        text = f"{type(exc).__name__}: {exc}"
    return (
        f'<div role="alert" style="border:2px solid #D55E00;padding:4px 8px;font-size:{100 * scale:.0f}%">'
        f"<strong>⚠ {escape(head)}:</strong> {escape(text)}</div>"
    )


class Guarded:
    """Base of every explorer: holds ``error`` (an HTML widget) and guards callbacks with it."""

    error: Any
    scale: float = 1.0
    last_exception: BaseException | None = None

    def _init_error_box(self) -> None:
        import ipywidgets as w

        self.error = w.HTML(value="", description="")
        self.last_exception = None

    def _set_error(self, exc: BaseException | None) -> None:
        self.last_exception = exc
        if exc is None:
            self.error.value = ""
        else:
            if not isinstance(exc, RulekitError):
                self._debug = "".join(traceback.format_exception(exc))
            self.error.value = error_html(exc, self.scale)

    def _repr_mimebundle_(self, **kw: Any) -> Any:
        """The widget view, with a short deterministic ``text/plain`` (not the whole widget tree)."""
        data = self.widget._repr_mimebundle_(**kw)
        if isinstance(data, dict):
            data = dict(data)
            data["text/plain"] = repr(self)
        return data

    widget: Any


def guarded(method: F) -> F:
    """Decorate an explorer callback: any exception becomes a message in ``self.error``."""

    @functools.wraps(method)
    def wrapper(self: Guarded, *args: Any, **kwargs: Any) -> Any:
        try:
            result = method(self, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._set_error(exc)
            return None
        return result

    return wrapper  # type: ignore[return-value]


def scale_css(cls: str, scale: float) -> str:
    """A ``<style>`` that scales every control inside the box with class ``cls`` (projector knob)."""
    pct = f"{100 * scale:.0f}%"
    return (
        f"<style>.{cls}, .{cls} .widget-label, .{cls} .widget-html-content, .{cls} button, "
        f".{cls} select, .{cls} input, .{cls} .widget-readout, .{cls} .widget-label-basic "
        f"{{font-size: {pct} !important;}} .{cls} svg text {{font-size: inherit}}</style>"
    )


def apply_scale(widgets: list[Any], scale: float) -> None:
    """Set ``style.font_size`` where the control supports it (ipywidgets 8)."""
    size = f"{14 * scale:.0f}px"
    for wdg in widgets:
        style = getattr(wdg, "style", None)
        if style is not None and "font_size" in getattr(style, "keys", []):
            style.font_size = size


def wrap(html: str, scale: float) -> str:
    return f'<div style="font-size:{100 * scale:.0f}%">{html}</div>'
