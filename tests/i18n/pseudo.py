"""A pseudo-locale for tests: the standard check that no word bypasses the catalogue.

:func:`pseudo_language` builds, at test time, a gettext catalogue ``qps`` from ``rulekit.pot`` in which
every message is its msgid accented and bracketed, ``⟦Stép {k} óf {n}⟧`` (placeholders kept as they
are, so values still fill them), and registers it in the language registry (``rulekit.i18n``) for the
duration of a ``with`` block. Rendered in it, every word that went through the catalogue is inside
``⟦…⟧``; :func:`leaks` finds any run of Latin letters left outside the brackets once the data (card and
hero names, ids, rules text, type words) is taken out. Both games use it:

    with pseudo_language() as lang:            # "qps"
        text = render_everything(lang)
        assert not leaks(text, data_strings)

The Apoteose side adds its renders and its data with the same two functions.
"""

from __future__ import annotations

import contextlib
import html
import re
import string
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = "qps"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTS = str.maketrans("aeiouAEIOUcnCNyY", "áéíóúÁÉÍÓÚçñÇÑýÝ")
#: a word a learner could read: two or more Latin letters (one letter, a variable such as X, is not)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")


#: argparse's own placeholders (``%(prog)s``, ``%s``, ``%r``) in its words (``rulekit.cli.ARGPARSE_WORDS``)
_PERCENT = re.compile(r"(%(?:\([^)]*\))?[a-z%])")


def _accent(literal: str) -> str:
    return "".join(p if _PERCENT.fullmatch(p) else p.translate(_ACCENTS) for p in _PERCENT.split(literal))


def pseudo(message: str) -> str:
    """``"Step {k} of {n}"`` → ``"⟦Stép {k} óf {n}⟧"``: accented, bracketed, placeholders kept (argparse's
    ``%(name)s`` too: ``"invalid choice: %(value)r"`` → ``"⟦ínválíd çhóíçé: %(value)r⟧"``)."""
    out = []
    for literal, field, spec, conv in string.Formatter().parse(message):
        out.append(_accent(literal.replace("{", "{{").replace("}", "}}")))
        if field is not None:
            out.append("{" + field + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return OPEN + "".join(out) + CLOSE


def build_catalog(directory: Path) -> Path:
    """Write ``<directory>/qps/LC_MESSAGES/rulekit.mo`` from ``rulekit/locale/rulekit.pot``."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (ROOT / "rulekit" / "locale" / "rulekit.pot").open("rb") as fh:
        template = read_po(fh)
    catalog = Catalog(locale="en", domain="rulekit")  # English plural rule: two forms
    for m in template:
        if not m.id:
            continue
        text = tuple(pseudo(i) for i in m.id) if isinstance(m.id, tuple) else pseudo(m.id)
        catalog.add(m.id, text, context=m.context)
    target = directory / CODE / "LC_MESSAGES" / "rulekit.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as fh:
        write_mo(fh, catalog)
    return target


@contextlib.contextmanager
def pseudo_language() -> Iterator[str]:
    """Register the pseudo-locale for the block (its code, ``"qps"``, is what it yields)."""
    from rulekit.i18n import Language, register_language, unregister_language

    with tempfile.TemporaryDirectory() as tmp:
        build_catalog(Path(tmp))
        register_language(Language(CODE, "Pseudo", CODE, (), (), "{n}º", "", locale_dir=Path(tmp)))
        try:
            yield CODE
        finally:
            unregister_language(CODE)


def visible(value: str) -> str:
    """What a reader sees of an output: HTML without tags and styles (entities decoded); a diagram's
    DOT (a text fallback) by its labels and tooltips only."""
    value = html.unescape(value) if "digraph" in value else value
    if "digraph" in value:
        dot = re.sub(r"<[^>]+>", " ", value)
        parts = re.findall(r'(?:label|tooltip|xlabel)="((?:[^"\\]|\\.)*)"', dot)
        return "\n".join(p.replace("\\n", "\n").replace('\\"', '"') for p in parts)
    value = re.sub(r"<style[^>]*>.*?</style>", " ", value, flags=re.S)
    value = re.sub(r"<[^>]+>", " ", value)
    return html.unescape(value)


def _drop_clipped(text: str, items: list[str]) -> str:
    """Take out the values a view clipped to fit (``"All creatures lose all abili…"``): the text
    before an ellipsis, from some word on, that is the start of a data string (or of a list of them)."""
    import bisect

    def is_start(piece: str) -> bool:
        piece = piece.rstrip()
        if len(piece) < 3:
            return False
        i = bisect.bisect_left(items, piece)
        if i < len(items) and items[i].startswith(piece):
            return True
        # a list of values clipped in its last one: "Flying, Sacrifice Judge's Fam…"
        *whole, last = piece.split(", ")
        return bool(whole) and all(w in items for w in whole) and is_start(last)

    out = []
    pos = 0
    for m in re.finditer("…", text):
        before = text[pos : m.start()]
        line_start = max(before.rfind("\n"), before.rfind("  ")) + 1
        cut = None
        for k in range(max(line_start, len(before) - 90), len(before)):
            if (k == 0 or not before[k - 1].isalnum()) and is_start(before[k:]):
                cut = k
                break
        out.append(before if cut is None else before[:cut] + " ")
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def outside_brackets(text: str) -> str:
    """``text`` with every ``⟦…⟧`` (nested too) taken out."""
    pattern = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    while True:
        shorter = pattern.sub(" ", text)
        if shorter == text:
            return text
        text = shorter


def leaks(text: str, data: Iterable[str], context: int = 50) -> list[str]:
    """The runs of Latin letters outside the brackets that are not data, each with its surroundings.

    ``data`` are the strings shown as written (names, ids, rules text, type words): they are taken out
    first, longest first, and so are the clipped forms a table cell shows (``"All creatures lose…"``).
    """
    rest = outside_brackets(text)
    items = sorted({" ".join(d.split()) for d in data if d and len(d) > 1})
    rest = _drop_clipped(rest, items)
    for d in sorted(items, key=len, reverse=True):
        if d in rest:
            rest = rest.replace(d, " ")
    found = []
    for m in _WORD.finditer(rest):
        found.append(rest[max(0, m.start() - context) : m.end() + context].replace("\n", " ⏎ "))
    return found
