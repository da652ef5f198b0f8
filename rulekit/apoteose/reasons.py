"""Why something was refused, stopped, cut short or ended: the reason codes.

The engine records a reason as data, a stable ``code`` and its ``params``; their one message in every
language is in the catalogue, :mod:`rulekit.apoteose.wording` (:data:`~rulekit.apoteose.wording.REASONS`).
``render`` gives the English words the engine keeps next to the data (``detail["reason"]``,
``TraceError.message``, ``Refusal.reason``).

>>> render("ONCE_PER_CYCLE", {"cycle": 2})
'Uma Vez por Ciclo: already activated in cycle 2 (R-20)'
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose.wording import REASONS, reason_words

__all__ = ["REASONS", "render"]


def render(code: str, params: dict[str, Any] | None = None) -> str:
    """The English words of a reason (``code`` + ``params``); an unknown code is shown as itself."""
    return reason_words(code, params, "en")
