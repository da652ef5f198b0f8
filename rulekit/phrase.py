"""Words that are translated where they are shown: the catalogue marker :func:`N_` and :class:`Phrase`.

An error message (:class:`rulekit.errors.RulekitError`) and the values put into it are written in
English, the msgid; this module lets them keep their catalogue message and parameters, so that a
reader in another language sees them translated (:meth:`rulekit.errors.RulekitError.text_in`).
It imports nothing of rulekit: the text cleaner and the errors both use it.
"""

from __future__ import annotations

from collections.abc import Sequence


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark ``message`` for the catalogue without translating it (``tools/compile_catalogs.py``
    extracts it); it is translated where it is shown.

    >>> N_("Check")
    'Check'
    """
    return message


class Phrase(str):
    """English words that know their catalogue message: a value put into an error's message (``"a
    whole number"``, ``"text or a mapping"``) that a reader in another language sees translated.

    It is the English text (a ``str``), so code that only needs English uses it as it is; a
    translator renders it with :meth:`rulekit.errors.RulekitError.text_in`.

    >>> kind = Phrase(N_("a whole number"))
    >>> kind, kind.msgid
    ('a whole number', 'a whole number')
    >>> Phrase(N_("{a} or {b}"), a=kind, b=Phrase(N_("text")))
    'a whole number or text'
    """

    msgid: str
    params: dict[str, object]

    def __new__(cls, msgid: str, /, **params: object) -> Phrase:
        self = super().__new__(cls, msgid.format(**params) if params else msgid)
        self.msgid = msgid
        self.params = params
        return self


def one_of(items: Sequence[str]) -> str:
    """Alternatives as one phrase, each joint a catalogue message (``"{a}, {b}"``, ``"{a} or {b}"``), so
    that a reader sees them joined in their language ("um número ou um verbo", "un número o un verbo");
    the items are Phrases (translated too) or data (shown as they are). One item is itself; none is ``""``.

    >>> one_of([Phrase(N_("a number")), "VIDA", "("])
    'a number, VIDA or ('
    >>> one_of(["VIDA"]), one_of([])
    ('VIDA', '')
    """
    if not items:
        return ""
    *head, last = items
    if not head:
        return last
    listed = head[0]
    for item in head[1:]:
        listed = Phrase(N_("{a}, {b}"), a=listed, b=item)
    return Phrase(N_("{a} or {b}"), a=listed, b=last)
