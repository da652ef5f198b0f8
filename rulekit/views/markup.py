"""The one place where text from a scenario becomes HTML: :func:`escape` and :func:`clean`.

Scenario files come from strangers (a Binder demo, a board pasted from a forum), so every name,
ability text, id, player or hero name and every caption built from them is *text*, never markup.
Every HTML output of rulekit — the tables (:meth:`rulekit.views.table.Table.styler` formats
every cell, header and caption with :func:`escape`), the widgets' HTML values, the stack, the
notes, the error box — escapes such values here.

:func:`clean` is shared with the DOT writer (:mod:`rulekit.views.dot`): control characters
(which XML, and so SVG, forbids) are shown as their visible Unicode pictures (``\\x07`` → ``␇``)
and lone surrogates as ``�``, so every output stays well-formed. Newlines and tabs are kept.

>>> escape('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> escape("Night of Souls' Betrayal & \\"friends\\"")
'Night of Souls&#x27; Betrayal &amp; &quot;friends&quot;'
>>> clean("bell\\x07") == "bell\\u2407"
True
"""

from __future__ import annotations

import html
import re
from typing import Any

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # C1 controls and lone surrogates


def clean(value: Any) -> str:
    """``str(value)`` with control characters made visible (XML-safe); newlines and tabs kept.

    >>> clean("a\\tb\\nc\\x1b")
    'a\\tb\\nc␛'
    """
    text = str(value)
    return _CONTROL.sub(_picture, text) if _CONTROL.search(text) else text


def escape(value: Any) -> str:
    """``value`` as HTML text (``& < > " '`` escaped, control characters made visible).

    Safe inside element content and inside a quoted attribute value.
    """
    return html.escape(clean(value), quote=True)
