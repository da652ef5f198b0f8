"""Extract, update and compile rulekit's gettext catalogs (uses Babel, a dev/test dependency).

    python tools/compile_catalogs.py            # extract -> rulekit.pot, merge into each .po, compile .mo
    python tools/compile_catalogs.py --compile  # only compile each .po to its .mo (after editing a .po)
    python tools/compile_catalogs.py --check    # exit 1: a stale .mo, a complete language lacking a msgid

The msgids are the English strings passed to ``_(...)``, ``t(...)``, ``N_(...)`` (first argument),
``.n(singular, plural, count)``, and with a context ``NP_``/``.p(context, message)`` and
``NNP_``/``.np(context, singular, plural, count)``, in ``rulekit/`` and ``lessons/practice.py``.
Translators edit ``rulekit/locale/<pt_BR|es>/LC_MESSAGES/rulekit.po`` with any PO editor (Poedit,
Lokalize, Weblate…); the compiled ``rulekit.mo`` ships in the package and is what rulekit reads at run
time (stdlib gettext).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.i18n import REGISTRY  # noqa: E402 (the checkout's package, whatever is installed)

LOCALE = ROOT / "rulekit" / "locale"
POT = LOCALE / "rulekit.pot"
#: Where the reader-facing words live (the engines' own ``t(...)`` / ``_`` names are not messages).
SOURCES = [
    ROOT / "rulekit" / "i18n.py",
    ROOT / "rulekit" / "views",
    ROOT / "rulekit" / "widgets",
    ROOT / "rulekit" / "mtg" / "commands.py",
    ROOT / "rulekit" / "mtg" / "messages.py",
    ROOT / "rulekit" / "mtg" / "oracle",  # the Oracle reader: statuses, notes, its parts in words
    ROOT / "rulekit" / "mtg" / "textread.py",  # what the loader made of abilities written by their text
    ROOT / "rulekit" / "apoteose" / "commands.py",
    ROOT / "rulekit" / "apoteose" / "wording.py",  # the Apoteose engine's one catalogue of codes
    ROOT / "rulekit" / "apoteose" / "phrasing.py",  # its statement sentences and phrase tables
    ROOT / "rulekit" / "apoteose" / "canonical.py",  # a reading in the seed's words, explained
    ROOT / "lessons" / "practice.py",
]
#: Where bad input's messages live, marked ``N_`` (or a ``Phrase(N_(…))``) where they are raised: only
#: ``N_`` is read there (their ``t`` and ``_`` are ordinary names).
ERROR_SOURCES = [
    ROOT / "rulekit" / "errors.py",
    ROOT / "rulekit" / "phrase.py",  # the list joints ("{a}, {b}", "{a} or {b}")
    ROOT / "rulekit" / "textclean.py",
    ROOT / "rulekit" / "yamlsrc.py",
    ROOT / "rulekit" / "limits.py",  # the cost model's refusals (one per unit of work)
    ROOT / "rulekit" / "scenarios.py",
    ROOT / "rulekit" / "cli.py",
    ROOT / "rulekit" / "mtg" / "loader.py",
    ROOT / "rulekit" / "mtg" / "checks.py",
    ROOT / "rulekit" / "mtg" / "kinds",  # the effect kinds' own checks
    ROOT / "rulekit" / "mtg" / "events.py",
    ROOT / "rulekit" / "mtg" / "selectors.py",
    ROOT / "rulekit" / "mtg" / "expressions.py",
    ROOT / "rulekit" / "mtg" / "engine" / "loop.py",
    ROOT / "rulekit" / "apoteose" / "scenario.py",
    ROOT / "rulekit" / "apoteose" / "script_checks.py",
    ROOT / "rulekit" / "apoteose" / "bodycheck.py",  # what a hand-written body: statement may hold
    ROOT / "rulekit" / "apoteose" / "grammar.py",  # what the description reader expected
    ROOT / "rulekit" / "apoteose" / "builder.py",  # why a phrase cannot be resolved
    ROOT / "rulekit" / "apoteose" / "builder_amounts.py",  # why a fraction or a relative amount cannot
    ROOT / "rulekit" / "apoteose" / "builder_lists.py",  # why a list of heroes or amounts cannot be read
    ROOT / "rulekit" / "apoteose" / "antecedents.py",  # a noun pointing back at another kind of hero
    ROOT / "rulekit" / "apoteose" / "cardrefs.py",  # why a card phrase cannot be resolved
    ROOT / "rulekit" / "apoteose" / "reading.py",  # the constructions refused by name
    ROOT / "rulekit" / "apoteose" / "reqgrammar.py",  # why a trigger's phrase is not read
    ROOT / "rulekit" / "apoteose" / "text.py",
    ROOT / "rulekit" / "apoteose" / "chain.py",
    ROOT / "rulekit" / "apoteose" / "actions.py",
    ROOT / "rulekit" / "apoteose" / "activation.py",
    ROOT / "rulekit" / "apoteose" / "responses.py",
    ROOT / "rulekit" / "apoteose" / "session.py",
    ROOT / "rulekit" / "apoteose" / "deciders.py",
    ROOT / "rulekit" / "apoteose" / "matching.py",
]
KEYWORDS = {
    "_": None,
    "t": None,
    "N_": None,
    "n": (1, 2),
    "p": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
    "np": ((1, "c"), 2, 3),
    "NNP_": ((1, "c"), 2, 3),
}
#: The catalogue folders of the language registry's rows (:data:`rulekit.i18n.REGISTRY`; English has
#: none: its msgids are the text). A generated or test-only row (its own ``locale_dir``) is not one.
LANGS = {lang.catalog: lang.catalog for lang in REGISTRY.values() if lang.catalog and lang.locale_dir is None}
#: Those the registry calls complete: ``--check`` holds them to every message (``Language.complete``).
COMPLETE = {lang.catalog for lang in REGISTRY.values() if lang.catalog and lang.complete}
#: Fixed header dates and names, so that the catalogs are byte-identical run after run.
HEADER = {
    "project": "rulekit",
    "version": "0.1",
    "copyright_holder": "rulekit team",
    "msgid_bugs_address": "https://github.com/rulekit-team/rulekit/issues",
    "last_translator": "rulekit team",
    "creation_date": dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    "revision_date": dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
    "charset": "utf-8",
    "fuzzy": False,
}


def extract() -> object:
    """A Babel catalog of every msgid in the sources (deterministic order: by msgid)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalog = Catalog(**HEADER)
    files: list[tuple[Path, Any]] = []
    for src in SOURCES:
        files.extend((f, KEYWORDS) for f in (sorted(src.rglob("*.py")) if src.is_dir() else [src]))
    for src in ERROR_SOURCES:
        files.extend((f, {"N_": None}) for f in (sorted(src.rglob("*.py")) if src.is_dir() else [src]))
    for path, keywords in files:
        for lineno, message, comments, context in extract_from_file(
            "python", str(path), keywords=keywords, comment_tags=("TRANSLATORS:",)
        ):
            if not message or (isinstance(message, tuple) and not all(message)):
                continue
            rel = path.relative_to(ROOT).as_posix()
            catalog.add(message, locations=[(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "rulekit.po"


def read_po(path: Path) -> object:
    from babel.messages.pofile import read_po as _read

    with path.open("rb") as fh:
        return _read(fh)


def mo_bytes(catalog: object) -> bytes:
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)  # type: ignore[arg-type]
    return buf.getvalue()


def write_po(path: Path, catalog: object) -> None:
    from babel.messages.pofile import write_po as _write

    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    _write(buf, catalog, width=100, sort_output=True, omit_header=False, include_lineno=False)  # type: ignore[arg-type]
    path.write_bytes(buf.getvalue())


def update() -> None:
    from babel.messages.catalog import Catalog

    template = extract()
    write_po(POT, template)
    for lang in LANGS:
        path = po_path(lang)
        cat = read_po(path) if path.exists() else Catalog(locale=lang, language_team=lang, **HEADER)
        cat.update(template, no_fuzzy_matching=True, update_creation_date=False)  # type: ignore[attr-defined]
        cat.obsolete.clear()  # type: ignore[attr-defined]
        for key, value in HEADER.items():
            if key in ("creation_date", "revision_date", "last_translator", "copyright_holder"):
                setattr(cat, key, value)
        write_po(path, cat)


def compile_all() -> None:
    for lang in LANGS:
        path = po_path(lang)
        path.with_suffix(".mo").write_bytes(mo_bytes(read_po(path)))


def check(langs: dict[str, Any] | None = None) -> list[str]:
    """Problems: a stale .mo; a msgid of the code missing or untranslated in the .po of a language
    the registry calls complete (a partial one falls back to English per message: :func:`missing`
    counts what it lacks, and that is no problem)."""
    problems = []
    wanted = {(m.id, m.context) for m in extract() if m.id}  # type: ignore[attr-defined]
    for lang in langs if langs is not None else LANGS:
        path = po_path(lang)
        cat = read_po(path)
        if path.with_suffix(".mo").read_bytes() != mo_bytes(cat):
            problems.append(
                f"{path.with_suffix('.mo').relative_to(ROOT)} is stale: run tools/compile_catalogs.py"
            )
        if lang in COMPLETE:
            problems += [f"{lang}: no translation for {msgid!r}" for msgid in _untranslated(cat, wanted)]
    return problems


def missing(lang: str) -> list[str]:
    """The msgids of the code that the .po of catalogue folder ``lang`` does not translate yet."""
    wanted = {(m.id, m.context) for m in extract() if m.id}  # type: ignore[attr-defined]
    return _untranslated(read_po(po_path(lang)), wanted)


def _untranslated(cat: Any, wanted: set[tuple[Any, Any]]) -> list[str]:
    have = {(m.id, m.context): m for m in cat if m.id}
    out = []
    for key in sorted(wanted, key=str):
        m = have.get(key)
        strings = m.string if m is not None else None
        if not strings or (isinstance(strings, tuple) and not all(strings)) or m.fuzzy:
            out.append(key[0] if key[1] is None else f"{key[1]}|{key[0]}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compile", action="store_true", help="only compile the .po files")
    ap.add_argument("--check", action="store_true", help="only check (exit 1 on a problem)")
    args = ap.parse_args(argv)
    if args.check:
        problems = check()
        for p in problems:
            print(p, file=sys.stderr)
        for lang in sorted(set(LANGS) - COMPLETE):  # a partial language: how far it has come
            print(f"{lang}: partial, {len(missing(lang))} messages fall back to English", file=sys.stderr)
        return 1 if problems else 0
    if not args.compile:
        update()
    compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
