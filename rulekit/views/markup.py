"""The one place where text from a scenario becomes HTML: :func:`escape` and :func:`clean`.

Scenario files come from strangers (a Binder demo, a board pasted from a forum), so every name,
ability text, id, player or hero name and every caption built from them is *text*, never markup.
Every HTML output of rulekit — the tables (:meth:`rulekit.views.table.Table.styler` formats
every cell, header and caption with :func:`escape`), the widgets' HTML values, the stack, the
notes, the error box — escapes such values here.

:func:`clean` is shared with the DOT writer (:mod:`rulekit.views.dot`) and the text tables: it is
:func:`rulekit.textclean.visible`, the one text cleaner. Control characters (which XML, and so
SVG, forbids) are shown as their visible Unicode pictures (``\\x07`` → ``␇``); characters that are
invisible, reorder text or are not allowed in XML (``\\u202e``, ``\\u200b``, ``\\ufffe``, lone
surrogates) as their codes, so every output stays well-formed and shows what is there. Newlines
and tabs are kept.

>>> escape('<img src=x onerror=alert(1)>')
'&lt;img src=x onerror=alert(1)&gt;'
>>> escape("Night of Souls' Betrayal & \\"friends\\"")
'Night of Souls&#x27; Betrayal &amp; &quot;friends&quot;'
>>> clean("bell\\x07") == "bell\\u2407"
True
"""

from __future__ import annotations

import html
from typing import Any

from rulekit.textclean import visible


def clean(value: Any) -> str:
    """``str(value)`` with every character that would act or hide made visible (XML-safe);
    newlines and tabs kept: :func:`rulekit.textclean.visible`, the one text cleaner.

    >>> clean("a\\tb\\nc\\x1b\\u202e\\ufffe")
    'a\\tb\\nc␛\\\\u202e\\\\ufffe'
    """
    return visible(value)


def escape(value: Any) -> str:
    """``value`` as HTML text (``& < > " '`` escaped, control characters made visible).

    Safe inside element content and inside a quoted attribute value.
    """
    return html.escape(clean(value), quote=True)
