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

**The language registry** (:data:`REGISTRY`, one :class:`Language` row per language: its code, catalog
folder, aliases, contractions, ordinals and lessons folder) is what the widgets, the CLI, the tools and
the tests read; adding a language is its catalogs and one row (README, "Adding a language").

>>> get_language("pt_br").lessons, translator("es").ordinal(2), translator("en").ordinal(2)
('pt-BR', '2.º', '2nd')
>>> t.contract("holofote em o jogo"), t.n("{n} effect part", "{n} effect parts", 1)
('holofote no jogo', '1 effect part')

Only the standard library's :mod:`gettext` is used at run time; importing this module loads no
catalog (the first :func:`translator` call for a language does, once).
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rulekit.errors import N_ as N_  # the marker, defined where the errors use it too
from rulekit.errors import RulekitError
from rulekit.phrase import Phrase
from rulekit.yamlsrc import suggest

#: The gettext domain (the catalogs' file name).
DOMAIN = "rulekit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def _ordinal_en(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Language:
    """One row of the language registry: everything rulekit needs to speak a language.

    Attributes:
        code: the BCP 47 name the ``lang=`` / ``--lang`` arguments and the data use (``"pt-BR"``).
        name: the language's name in itself, for menus (``"Português (Brasil)"``).
        catalog: its gettext folder under ``rulekit/locale`` (``"pt_BR"``); ``None`` for English,
            whose msgids are the text.
        aliases: other spellings accepted (case and ``_``/``-`` are ignored anyway).
        contractions: preposition + article joins, applied by :func:`contract` where a phrase is put
            after a preposition (``(" de a ", " da ")``).
        ordinal: how a position is written (``{n}`` is the number): ``"{n}º"``; English is computed
            (``1st``, ``2nd``) when it is ``""``.
        lessons: the lessons' folder of the language, relative to ``lessons/`` and to
            ``tools/lesson_src/`` (``""`` for English, whose lessons are at the top).
        locale_dir: where its catalog lives, when not in the package (a test's generated locale).
        complete: whether every message is translated. The completeness checks (``compile_catalogs
            --check``, the lesson translations, the pseudo-locale) hold a complete language to them;
            a partial one lands step by step: each message it lacks falls back to English (gettext's
            own fallback to the msgid), its lessons folder may be missing, and its tests pass.
    """

    code: str
    name: str
    catalog: str | None = None
    aliases: tuple[str, ...] = ()
    contractions: tuple[tuple[str, str], ...] = ()
    ordinal: str = "{n}."
    lessons: str = ""
    locale_dir: Path | None = None
    complete: bool = True

    def mo_path(self) -> Path:
        """Its compiled catalog (``.../locale/pt_BR/LC_MESSAGES/rulekit.mo``)."""
        if self.catalog is None:
            raise KeyError(self.code)
        return (self.locale_dir or LOCALE_DIR) / self.catalog / "LC_MESSAGES" / f"{DOMAIN}.mo"

    def ordinal_of(self, n: int) -> str:
        """``n`` as a position in this language: ``1st``, ``1º``, ``1.º``."""
        return self.ordinal.format(n=n) if self.ordinal else _ordinal_en(n)


#: The language registry: adding a language is its catalogs and one row here (README, "Adding a
#: language"). The first row is the source language (the msgids').
REGISTRY: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", None, ("en-us", "en-gb", "english"), (), "", ""),
        Language(
            "pt-BR",
            "Português (Brasil)",
            "pt_BR",
            ("ptbr", "br", "portugues", "português"),
            (
                (" de a ", " da "),
                (" de o ", " do "),
                (" a a ", " à "),
                (" a o ", " ao "),
                (" de as ", " das "),
                (" de os ", " dos "),
                (" a as ", " às "),
                (" a os ", " aos "),
                (" em a ", " na "),
                (" em o ", " no "),
                (" em as ", " nas "),
                (" em os ", " nos "),
                (" por a ", " pela "),
                (" por o ", " pelo "),
                (" por as ", " pelas "),
                (" por os ", " pelos "),
            ),
            "{n}º",
            "pt-BR",
        ),
        Language(
            "es",
            "Español",
            "es",
            ("es-es", "es-419", "es-ar", "es-mx", "spanish", "español"),
            ((" de el ", " del "), (" a el ", " al ")),
            "{n}.º",
            "es",
        ),
    )
}
#: The languages' codes, as the lessons and the ``lang=`` / ``--lang`` arguments name them (BCP 47).
LANGUAGES: tuple[str, ...] = tuple(REGISTRY)


def complete_languages() -> tuple[str, ...]:
    """The codes of the languages every message is translated into (the source language first): what
    the tests that compare languages parametrize over.

    >>> complete_languages()
    ('en', 'pt-BR', 'es')
    """
    return tuple(code for code, lang in REGISTRY.items() if lang.complete)


def translated_languages(*, partial: bool = False) -> tuple[str, ...]:
    """The codes of the languages with a catalogue (all but the source language): the complete ones,
    and the partial ones too with ``partial=True``.

    >>> translated_languages()
    ('pt-BR', 'es')
    """
    return tuple(
        code for code, lang in REGISTRY.items() if lang.catalog is not None and (lang.complete or partial)
    )


#: Their gettext catalog directories under ``rulekit/locale`` (English has none: msgid = text).
CATALOG_DIRS: dict[str, str] = {code: lang.catalog for code, lang in REGISTRY.items() if lang.catalog}


@cache
def _aliases() -> dict[str, str]:
    """Every accepted spelling (casefolded, ``-`` for ``_``) -> its registry code; made once (a click checks
    languages some eighty times), remade when the registry changes."""
    out: dict[str, str] = {}
    for code, lang in REGISTRY.items():
        for name in (code, *lang.aliases):
            out[name.replace("_", "-").casefold()] = code
    return out


def get_language(lang: Any) -> Language:
    """The registry's row for ``lang`` (any accepted spelling), or a :class:`RulekitError`.

    >>> get_language("pt_br").catalog, get_language("es-MX").ordinal_of(3)
    ('pt_BR', '3.º')
    """
    return REGISTRY[check_lang(lang)]


def register_language(lang: Language) -> None:
    """Add (or replace) a registry row at run time: a test's generated pseudo-locale
    (``tests/i18n/pseudo.py``). Forgets the translators made so far."""
    global LANGUAGES
    REGISTRY[lang.code] = lang
    LANGUAGES = tuple(REGISTRY)
    if lang.catalog:
        CATALOG_DIRS[lang.code] = lang.catalog
    _aliases.cache_clear()
    _catalog.cache_clear()
    _translator.cache_clear()


def unregister_language(code: str) -> None:
    """Remove a row added by :func:`register_language` (the source language stays)."""
    global LANGUAGES
    if code in REGISTRY and code != "en":
        del REGISTRY[code]
        CATALOG_DIRS.pop(code, None)
        LANGUAGES = tuple(REGISTRY)
        _aliases.cache_clear()
        _catalog.cache_clear()
        _translator.cache_clear()


def pick(value: Any, lang: Any = "en") -> str:
    """Learner-facing data given per language (``{en: …, pt-BR: …, es: …}``) in ``lang``, falling back
    to English, then to the first one given; a plain string is the same in every language.

    >>> pick({"en": "Two bears", "pt-BR": "Dois ursos"}, "pt-BR"), pick({"en": "Two bears"}, "es")
    ('Dois ursos', 'Two bears')
    >>> pick("Written once", "es")
    'Written once'
    """
    if isinstance(value, Mapping):
        code = lang.lang if isinstance(lang, Translator) else str(lang)
        for key in (code, "en"):
            if key in value and value[key] is not None:
                return str(value[key])
        return next((str(v) for v in value.values() if v is not None), "")
    return "" if value is None else str(value)


def check_lang(lang: Any) -> str:
    """The canonical name of ``lang`` (``"en"``, ``"pt-BR"`` or ``"es"``), or a :class:`RulekitError`.

    Case and ``_``/``-`` do not matter (``"pt_br"`` is ``"pt-BR"``); a regional Spanish is ``"es"``.
    """
    if isinstance(lang, Translator):
        return lang.lang
    key = str(lang).strip().replace("_", "-").casefold() if isinstance(lang, str) else None
    aliases = _aliases()
    if key is not None and key in aliases:
        return aliases[key]

    hint = suggest(str(lang), LANGUAGES)
    if hint is None and key:
        hint = next((name for name in LANGUAGES if key.split("-")[0] == name.split("-")[0].casefold()), None)
    raise RulekitError(
        N_("'{lang}' is not a language of rulekit ({languages})"),
        params={"lang": lang, "languages": ", ".join(LANGUAGES)},
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
    return REGISTRY[lang].mo_path()


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if REGISTRY[lang].catalog is None:
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

    def phrase(self, value: Any) -> str:
        """A :class:`~rulekit.phrase.Phrase` (its values too, when they are Phrases) in this language;
        any other value as it is (it is data).

        >>> from rulekit.phrase import Phrase
        >>> translator("pt-BR").phrase(Phrase(N_("Event {k} of {n}: {event}"), k=2, n=5, event="halt"))
        'Evento 2 de 5: halt'
        """
        if isinstance(value, Phrase):
            return self(value.msgid, **{k: self.phrase(v) for k, v in value.params.items()})
        return "" if value is None else str(value)

    # the standard gettext names, for readers who know them
    def gettext(self, message: str, /, **params: Any) -> str:
        """``t.gettext(msgid, **params)`` is ``t(msgid, **params)``."""
        return self(message, **params)

    def ngettext(self, singular: str, plural: str, count: int, /, **params: Any) -> str:
        """``t.ngettext(...)`` is :meth:`n`."""
        return self.n(singular, plural, count, **params)

    def pgettext(self, context: str, message: str, /, **params: Any) -> str:
        """``t.pgettext(...)`` is :meth:`p`."""
        return self.p(context, message, **params)

    def npgettext(self, context: str, singular: str, plural: str, count: int, /, **params: Any) -> str:
        """``t.npgettext(...)`` is :meth:`np`."""
        return self.np(context, singular, plural, count, **params)

    @property
    def language(self) -> Language:
        """Its row of the registry."""
        return REGISTRY[self.lang]

    @property
    def is_source(self) -> bool:
        """Whether it speaks the msgids' own language (English): nothing to look up."""
        return self.language.catalog is None

    def contract(self, text: str) -> str:
        """:func:`contract` in this language."""
        return contract(text, self.lang)

    def ordinal(self, n: int) -> str:
        """``n`` as a position in this language (``1st``, ``1º``, ``1.º``)."""
        return self.language.ordinal_of(n)

    def pick(self, value: Any) -> str:
        """:func:`pick` in this language (data given per language)."""
        return pick(value, self.lang)

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


def contract(text: str, lang: str) -> str:
    """Join a preposition and the article after it, as the language requires.

    >>> contract("antes de a cura de #0", "pt-BR"), contract("responde a el daño de #1", "es")
    ('antes da cura de #0', 'responde al daño de #1')
    """
    out = f" {text} "
    for a, b in get_language(lang).contractions:
        out = out.replace(a, b)
    return out[1:-1]
