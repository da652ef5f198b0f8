"""The one error family rulekit raises for bad input.

Every error a user can cause (a bad scenario file, an unknown card, a malformed Apoteose
effect text, an illegal scripted choice) is a :class:`RulekitError`. Its message names *where*
the problem is: the file, line and field for YAML input, or the character position for an
effect text. The CLI prints ``str(error)`` on stderr and exits with status 2; widgets show it
inside themselves. Nothing else is expected to escape the engines for bad input.

Every message is one line: a control character or a newline in a value from the input is
written as an escape (``\\n``, ``\\u0007``), never printed as it is, and so is any character
that is invisible or reorders text (``\\u202e``, ``\\u200b``: :func:`rulekit.textclean.one_line`);
a quoted value longer than 120 characters is cut short.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rulekit.phrase import N_ as N_  # the catalogue marker and the translatable value (rulekit.phrase)
from rulekit.phrase import Phrase as Phrase
from rulekit.textclean import one_line as one_line  # the one cleaner (rulekit.textclean)

_LONG_QUOTE = re.compile(r"'([^']{120,})'")


def _in(value: object, translate: Callable[..., str]) -> object:
    """``value`` with every :class:`Phrase` in it rendered through ``translate``."""
    if isinstance(value, Phrase):
        return translate(value.msgid, **{k: _in(v, translate) for k, v in value.params.items()})
    return value


def _cut_quotes(text: str) -> str:
    """Quoted values longer than 120 characters are cut to 100 and an ellipsis."""
    return _LONG_QUOTE.sub(lambda m: f"'{m.group(1)[:100]}…'", text)


def shown(value: object, limit: int = 80) -> str:
    """``value`` as text for a message: one line, and cut to ``limit`` characters.

    >>> shown("x" * 100, 10)
    'xxxxxxxxx…'
    """
    text = one_line(str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RulekitError(Exception):
    """Base class for every user-facing error.

    Attributes:
        message: what is wrong, in plain words.
        file: the file the input came from (``None`` for in-memory input).
        line: 1-based line in ``file`` (``None`` when unknown).
        field: dotted path of the offending field, e.g. ``objects[2].types``.
        code: a stable machine-readable code, e.g. ``UNKNOWN_KEY``.
        suggestion: an obvious fix, shown as "did you mean ...?".
        msgid, params: the message as a catalogue message and its values (a value may be a
            :class:`Phrase`, itself translated): a reader in another language sees it translated
            (:meth:`text_in`, ``rulekit.views.reasons.error_text``); ``message`` is its English.
            Giving ``params`` without ``msgid`` makes ``message`` the msgid (marked with
            :func:`N_`): ``RulekitError(N_("'{name}' is not a player"), params={"name": who})``;
            so does a :class:`Phrase` message: ``RulekitError(Phrase(N_("…{name}…"), name=who))``.

    >>> str(RulekitError("'Creture' is not a card type", file="s.yaml", line=14,
    ...                  field="effects[2]", suggestion="Creature"))
    "s.yaml:14: effects[2]: 'Creture' is not a card type — did you mean 'Creature'?"
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
        code: str = "INVALID",
        suggestion: str | None = None,
        msgid: str | None = None,
        params: dict[str, object] | None = None,
    ) -> None:
        if msgid is None and isinstance(message, Phrase):  # a Phrase is its own msgid and params
            msgid, params = message.msgid, {**message.params, **(params or {})}
        if msgid is None and params is not None:
            msgid, message = message, message.format(**params)
        self.msgid = msgid
        self.params = dict(params or {})
        self.message = _cut_quotes(one_line(str(message)))
        self.file = one_line(str(file)) if file is not None else None
        self.line = line
        self.field = one_line(str(field)) if field is not None else None
        self.code = code
        self.suggestion = one_line(str(suggestion)) if suggestion is not None else None
        #: every error found in the same input, this one first (:func:`gathered`); alone: ``[self]``
        self.errors: list[RulekitError] = [self]
        super().__init__(str(self))

    def where(self) -> str:
        """``file:line`` (or the parts that are known), without the message."""
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.line is not None:
            parts.append(str(self.line))
        return ":".join(parts)

    def __str__(self) -> str:
        head = self.where()
        text = self.message
        if self.field:
            text = f"{self.field}: {text}"
        if head:
            text = f"{head}: {text}"
        if self.suggestion:
            text = f"{text} — did you mean '{self.suggestion}'?"
        return text

    def text_in(self, translate: Callable[..., str]) -> str:
        """This error as one line in the language of ``translate`` (a :class:`rulekit.i18n.Translator`,
        or any ``translate(msgid, **params)``): the place and field as they are (they are data), the
        message from its msgid and params, and "did you mean" around the suggestion. Without a msgid
        the message is as written (its English; never read back).

        >>> e = RulekitError(N_("'{name}' is not a player"), params={"name": "Bob"}, file="s.yaml",
        ...                  line=3, field="objects[0].owner", suggestion="Bo")
        >>> e.text_in(lambda m, **p: "<" + m.format(**p) + ">")
        "s.yaml:3: objects[0].owner: <'Bob' is not a player>< — did you mean 'Bo'?>"
        """
        text = self.message
        if self.msgid:
            params = {k: _in(v, translate) for k, v in self.params.items()}
            text = _cut_quotes(one_line(translate(self.msgid, **params)))
        if self.field:
            text = f"{self.field}: {text}"
        head = self.where()
        if head:
            text = f"{head}: {text}"
        if self.suggestion:
            text += translate(N_(" — did you mean '{suggestion}'?"), suggestion=self.suggestion)
        return text

    def to_dict(self) -> dict[str, object]:
        """Plain-data form, for JSON output and widgets."""
        return {
            "code": self.code,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "field": self.field,
            "suggestion": self.suggestion,
        }


class ScenarioError(RulekitError):
    """A scenario or card-library file is invalid (unknown key, bad value, unknown card...)."""


def _line_key(exc: RulekitError) -> tuple[str, int]:
    return (exc.file or "", exc.line if exc.line is not None else 0)


def gathered(errors: list[RulekitError]) -> RulekitError:
    """One error standing for every error in ``errors`` (each one located), for the callers that
    catch one: the first by file and line is raised, and its ``errors`` holds them all in that
    order (a stable sort: errors on one line keep the order they were found in). Its message is the
    first's, so a caller that reads one error reads what it always did.

    >>> a = ScenarioError("bad b", file="s.yaml", line=9)
    >>> b = ScenarioError("bad a", file="s.yaml", line=3)
    >>> e = gathered([a, b])
    >>> str(e), [x.line for x in e.errors]
    ('s.yaml:3: bad a', [3, 9])
    """
    flat: list[RulekitError] = []
    written: set[tuple[object, ...]] = set()
    for one in (one for exc in errors for one in exc.errors):
        # one mistake written once and repeated by YAML (an anchor's alias, a merge key) is one line
        key = (one.file, one.line, one.code, one.message, one.suggestion)
        if one.line is None or key not in written:
            written.add(key)
            flat.append(one)
    ordered = sorted(flat, key=_line_key)
    first = ordered[0]
    first.errors = ordered
    return first


class EffectTextError(RulekitError):
    """An Apoteose effect text cannot be parsed.

    ``position`` is the 0-based character offset in the text where the rule was broken, and
    ``code`` is one of the stable codes (``MISSING_ACTIVATION_KEYWORD``, ``UNKNOWN_KEYWORD``...).
    """

    def __init__(self, message: str, *, code: str, position: int, text: str = "", **kw: object) -> None:
        self.position = position
        self.text = text
        super().__init__(message, code=code, **kw)  # type: ignore[arg-type]

    def __str__(self) -> str:
        base = super().__str__()
        return f"{base} [{self.code} at position {self.position}]"

    def text_in(self, translate: Callable[..., str]) -> str:
        """:meth:`RulekitError.text_in`, with the code and the position."""
        where = translate(N_(" [{code} at position {position}]"), code=self.code, position=self.position)
        return super().text_in(translate) + where

    def to_dict(self) -> dict[str, object]:
        data = super().to_dict()
        data["position"] = self.position
        return data
