"""The languages rulekit speaks: English, Brazilian Portuguese and Spanish, through gettext.

Everything a reader sees in an explorer or a CLI report is an English *msgid* looked up in a
standard gettext catalog: ``rulekit/locale/<pt_BR|es>/LC_MESSAGES/rulekit.po`` (edited by
translators with the usual tools), compiled to the ``rulekit.mo`` next to it, which ships in the
package (``python tools/compile_catalogs.py`` rebuilds them; a test checks that each shipped
``.mo`` matches its ``.po`` and that every msgid used in the code is translated in both).

Messages use **named placeholders** (``"Who controls {name}?"``), filled after the lookup, so a
translation can put the values in any order. English needs no catalog: the msgid is the text.

>>> t = translator("pt-BR")
>>> t("Check")
'Verificar'
>>> t("Event {k} of {n}: {event}", k=2, n=5, event="halt")
'Evento 2 de 5: halt'
>>> translator("en")("Event {k} of {n}: {event}", k=2, n=5, event="halt")
'Event 2 of 5: halt'
>>> check_lang("pt-br"), check_lang("es_ES")
('pt-BR', 'es')

A language rulekit does not have is refused with the closest one:

>>> check_lang("pt-PT")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rulekit.errors.RulekitError: lang: 'pt-PT' is not a language of rulekit (en, pt-BR, es) — did you mean...

Only the standard library's :mod:`gettext` is used at run time; importing this module loads no
catalog (the first :func:`translator` call for a language does, once).
"""

from __future__ import annotations

import gettext
import string
from functools import cache
from pathlib import Path
from typing import Any

from rulekit.errors import RulekitError
from rulekit.yamlsrc import suggest

#: The languages, as the lessons and the ``lang=`` / ``--lang`` arguments name them (BCP 47).
LANGUAGES = ("en", "pt-BR", "es")
#: Their gettext catalog directories under ``rulekit/locale`` (English has none: msgid = text).
CATALOG_DIRS = {"pt-BR": "pt_BR", "es": "es"}
#: The gettext domain (the catalogs' file name).
DOMAIN = "rulekit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: Other spellings accepted for a language (case and ``_``/``-`` are ignored anyway).
_ALIASES = {
    "en": "en",
    "en-us": "en",
    "en-gb": "en",
    "english": "en",
    "pt-br": "pt-BR",
    "ptbr": "pt-BR",
    "br": "pt-BR",
    "es": "es",
    "es-es": "es",
    "es-419": "es",
    "es-ar": "es",
    "es-mx": "es",
    "spanish": "es",
}


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark ``message`` for the catalog without translating it (for module-level tables).

    >>> N_("Check")
    'Check'
    """
    return message


def check_lang(lang: Any) -> str:
    """The canonical name of ``lang`` (``"en"``, ``"pt-BR"`` or ``"es"``), or a :class:`RulekitError`.

    Case and ``_``/``-`` do not matter (``"pt_br"`` is ``"pt-BR"``); a regional Spanish is ``"es"``.
    """
    key = str(lang).strip().replace("_", "-").casefold() if isinstance(lang, str) else None
    if key is not None and key in _ALIASES:
        return _ALIASES[key]

    hint = suggest(str(lang), LANGUAGES)
    if hint is None and key:
        hint = next((name for name in LANGUAGES if key.split("-")[0] == name.split("-")[0].casefold()), None)
    raise RulekitError(
        f"'{lang}' is not a language of rulekit ({', '.join(LANGUAGES)})",
        field="lang",
        code="UNKNOWN_LANGUAGE",
        suggestion=hint,
    )


def placeholders(message: str) -> set[str]:
    """The named placeholders of a message: ``"{n} of {total}"`` → ``{"n", "total"}``.

    >>> sorted(placeholders("Step {k} of {n}: {name!r}"))
    ['k', 'n', 'name']
    """
    return {
        field.split("!")[0].split(":")[0] for _, field, _, _ in string.Formatter().parse(message) if field
    }


def mo_path(lang: str) -> Path:
    """The compiled catalog of ``lang`` (``.../locale/pt_BR/LC_MESSAGES/rulekit.mo``)."""
    return LOCALE_DIR / CATALOG_DIRS[lang] / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    with open(mo_path(lang), "rb") as fh:
        return gettext.GNUTranslations(fh)


class Translator:
    """Looks messages up in one language's catalog and fills their named placeholders.

    Call it with a msgid and the values: ``t("Step {k} of {n}", k=1, n=3)``; :meth:`n` picks the
    plural form. Values are inserted as they are: escape them for HTML afterwards, as always.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._tr = _catalog(lang)

    def __call__(self, message: str, /, **params: Any) -> str:
        text = self._tr.gettext(message)
        return text.format(**params) if params else text

    def p(self, context: str, message: str, /, **params: Any) -> str:
        """``message`` in ``context`` (gettext's msgctxt): the same English word that takes a
        different form by the noun it goes with (``t.p("abilities", "none")`` → ``nenhuma``)."""
        text = self._tr.pgettext(context, message)
        return text.format(**params) if params else text

    def n(self, singular: str, plural: str, count: int, /, **params: Any) -> str:
        """The plural form for ``count`` (``count`` is also available as ``{n}``)."""
        text = self._tr.ngettext(singular, plural, count)
        return text.format(**{"n": count, **params})

    def np(self, context: str, singular: str, plural: str, count: int, /, **params: Any) -> str:
        """:meth:`n` in ``context`` (gettext's ``npgettext``).

        >>> translator("pt-BR").np("card phrase", "{n} card", "{n} cards", 2)
        '2 cartas'
        """
        text = self._tr.npgettext(context, singular, plural, count)
        return text.format(**{"n": count, **params})

    def __repr__(self) -> str:
        return f"<Translator {self.lang}>"


def translator(lang: Any = "en") -> Translator:
    """The :class:`Translator` for ``lang`` (validated with :func:`check_lang`; one per language)."""
    if isinstance(lang, Translator):
        return lang
    return _translator(check_lang(lang))


@cache
def _translator(name: str) -> Translator:
    return Translator(name)


def _(message: str, /, lang: str = "en", **params: Any) -> str:
    """Translate ``message`` into ``lang`` and fill its placeholders: ``_("Check", lang="es")``.

    >>> _("Reveal", lang="es")
    'Mostrar'
    """
    return translator(lang)(message, **params)


#: Preposition + article contractions, by language (applied where a phrase is put after a
#: preposition: "antes de" + "a cura" is "antes da cura"; "antes de" + "el daño", "antes del daño").
_CONTRACTIONS = {
    "pt-BR": (
        (" de a ", " da "),
        (" de o ", " do "),
        (" a a ", " à "),
        (" a o ", " ao "),
        (" de as ", " das "),
        (" de os ", " dos "),
        (" a as ", " às "),
        (" a os ", " aos "),
    ),
    "es": ((" de el ", " del "), (" a el ", " al ")),
}


def contract(text: str, lang: str) -> str:
    """Join a preposition and the article after it, as the language requires.

    >>> contract("antes de a cura de #0", "pt-BR"), contract("responde a el daño de #1", "es")
    ('antes da cura de #0', 'responde al daño de #1')
    """
    out = f" {text} "
    for a, b in _CONTRACTIONS.get(translator(lang).lang, ()):
        out = out.replace(a, b)
    return out[1:-1]
