r"""The one text cleaner: what text from a scenario may not do to a terminal, a file or a reader's eye.

Scenario files come from strangers. A name or a rules text may hold characters that act instead
of showing: terminal escape sequences (clear the screen, set the window title, hide a link), a
right-to-left override that reorders what follows, a zero-width space that makes ``Ann`` and
``Ann\u200b`` look the same, code points XML forbids (U+FFFE, U+FFFF, lone surrogates) that make
an SVG file unreadable. Every output shows them as visible symbols instead, with one rule:

* a C0 control character (except newline and tab) and DEL are shown as their Unicode pictures
  (``\x1b`` → ``␛``, ``\x7f`` → ``␡``), so an escape sequence is printed as text, never run;
* every other character that is invisible, reorders text, or is not allowed in XML is written as
  its code, ``\u202e`` (``\U000e0041`` beyond the first plane), as error messages write them:
  C1 controls, format characters (bidirectional marks, embeddings, overrides and isolates;
  zero-width spaces and joiners; the word joiner; the byte-order mark; tag characters; the soft
  hyphen), the line and paragraph separators, invisible filler letters, variation selectors,
  noncharacters and lone surrogates.

A zero-width joiner or non-joiner, or a variation selector, is kept where it does a visible job:
between two characters that are not letters of an alphabet that has look-alikes (an emoji
sequence such as 🧙‍♀️, Persian or Devanagari text), never inside or beside a Latin, Greek or
Cyrillic word, where it can only hide.

* :func:`visible` — for text shown to a reader: the terminal, text tables, HTML and DOT (through
  :func:`rulekit.views.markup.clean`), SVG. Newlines and tabs are kept.
* :func:`one_line` — for error messages: the same, plus newline, carriage return and tab written
  ``\n``, ``\r``, ``\t`` and controls as codes, so a message stays one line.
* :func:`json_safe` — for JSON text: the same characters written as JSON ``\uXXXX`` escapes, so the
  data read back is exactly the same.
* :func:`look_alike` — why a name or id would be mistaken for another (a word mixing Latin,
  Greek and Cyrillic letters, like ``Аnn`` with a Cyrillic ``А``; a character that shows nothing),
  or ``None``; the loaders refuse such ids and names with a located error.

Applying any of them twice gives the same text as applying it once. This module imports only the
standard library (the engines, the loaders and the views all use it).

>>> visible("\x1b]0;pwned\x07 Ann\u202egnp.exe")
'␛]0;pwned␇ Ann\\u202egnp.exe'
>>> one_line("two\nlines\x1b")
'two\\nlines\\u001b'
>>> json_safe('{"name": "Ann\u200b"}')
'{"name": "Ann\\u200b"}'
>>> look_alike("\u0410nn")
"its letter 'А' (U+0410 CYRILLIC CAPITAL LETTER A) is Cyrillic, the others in 'Аnn' Latin"
>>> look_alike("Анна"), look_alike("Ἀλέξανδρος"), look_alike("João")
(None, None, None)
"""

from __future__ import annotations

import re
import unicodedata

from rulekit.phrase import N_, Phrase

#: Characters that are never shown as they are (see the module doc); joiners and variation
#: selectors are in :data:`_CONTEXTUAL` and kept where they join two symbols.
_HIDDEN = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab, newline), DEL, C1
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"  # soft hyphen, CGJ, format
    "\u115f\u1160\u17b4\u17b5\u180b-\u180f"  # Hangul fillers, Khmer inherent vowels, Mongolian FVS
    "\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f"  # zero width, marks, separators, bidi, invisible ops
    "\u3164\ud800-\udfff\ufdd0-\ufdef\ufeff\uffa0\ufff9-\ufffb\ufffe\uffff"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e007f"  # language tag and tag characters
    + "".join(f"{chr(p * 0x10000 + 0xFFFE)}{chr(p * 0x10000 + 0xFFFF)}" for p in range(1, 17))
)
_CONTEXTUAL = "\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef"  # ZWNJ, ZWJ, variation selectors
_UNSAFE = re.compile(f"[{_HIDDEN}{_CONTEXTUAL}]")
_UNSAFE_LINE = re.compile(f"[\t\n{_HIDDEN}{_CONTEXTUAL}]")  # one_line: newlines and tabs too
_JOINERS = frozenset("\u200c\u200d")
_PICTURES = {**{chr(c): chr(0x2400 + c) for c in range(0x20)}, "\x7f": "\u2421"}

#: Scripts whose letters look like one another's (Latin ``A``, Greek ``Α``, Cyrillic ``А``…).
LOOK_ALIKE_SCRIPTS = frozenset(
    {
        "LATIN",
        "GREEK",
        "CYRILLIC",
        "ARMENIAN",
        "CHEROKEE",
        "COPTIC",
        "FULLWIDTH",
        "MATHEMATICAL",
        "LETTERLIKE",
    }
)


def _code(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def script(ch: str) -> str | None:
    """The script of a letter as Unicode names it (``LATIN``, ``CYRILLIC``…), ``None`` for a non-letter.

    >>> script("a"), script("\u0430"), script("ａ"), script("\u212a"), script("7")
    ('LATIN', 'CYRILLIC', 'FULLWIDTH', 'LETTERLIKE', None)
    """
    if not ch.isalpha():
        return None
    if 0x2100 <= ord(ch) <= 0x214F:  # ℂ, K (Kelvin), Å (Ångström): letters that copy others
        return "LETTERLIKE"
    name = unicodedata.name(ch, "")
    return name.split(" ", 1)[0] if name else None


def _plain_letter(ch: str) -> bool:
    """A letter of a look-alike script, or a space: where a joiner or selector can only hide."""
    return ch.isspace() or script(ch) in LOOK_ALIKE_SCRIPTS


def _keeps(text: str, i: int) -> bool:
    """Whether the joiner or variation selector at ``text[i]`` does a visible job (module doc)."""
    before = text[i - 1] if i > 0 else ""
    if not before or _plain_letter(before) or _UNSAFE.match(before):
        return False
    if text[i] in _JOINERS:
        after = text[i + 1] if i + 1 < len(text) else ""
        return bool(after) and not _plain_letter(after) and not _UNSAFE.match(after)
    return True


def _contextual(ch: str) -> bool:
    return ch in _JOINERS or "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def visible(value: object) -> str:
    r"""``str(value)`` with every character that would act or hide shown as a visible symbol.

    Newlines and tabs are kept; see the module doc for the rest.

    >>> visible("a\tb\nc\x1b\x9b\ufffe")
    'a\tb\nc␛\\u009b\\ufffe'
    """
    text = str(value)

    def sub(m: re.Match[str]) -> str:
        ch = m.group()
        if ch in _PICTURES:
            return _PICTURES[ch]
        return ch if _contextual(ch) and _keeps(text, m.start()) else _code(ch)

    return _UNSAFE.sub(sub, text) if _UNSAFE.search(text) else text


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def one_line(value: object) -> str:
    r"""``str(value)`` as one line for an error message: every such character written as an escape.

    >>> one_line("evil\u202etxt\u200b")
    'evil\\u202etxt\\u200b'
    """
    text = str(value)

    def sub(m: re.Match[str]) -> str:
        ch = m.group()
        if ch in _NAMED:
            return _NAMED[ch]
        return ch if _contextual(ch) and _keeps(text, m.start()) else _code(ch)

    return _UNSAFE_LINE.sub(sub, text) if _UNSAFE_LINE.search(text) else text


def json_safe(text: str) -> str:
    r"""JSON text with every such character written as a JSON escape (the data is unchanged).

    Such a character can only stand inside a JSON string, where ``\uXXXX`` (a surrogate pair
    beyond the first plane) means the same character.

    >>> import json
    >>> s = json.dumps({"n": "a\u202eb\U000e0041\x7f"}, ensure_ascii=False)
    >>> json_safe(s)
    '{"n": "a\\u202eb\\udb40\\udc41\\u007f"}'
    >>> json.loads(json_safe(s)) == json.loads(s)
    True
    """

    def sub(m: re.Match[str]) -> str:
        ch = m.group()
        if _contextual(ch) and _keeps(text, m.start()):
            return ch
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
        return f"\\u{code:04x}"

    return _UNSAFE.sub(sub, text) if _UNSAFE.search(text) else text


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that shows nothing or reorders text (C0/C1 controls aside,
    which are shown as pictures and codes), or ``None``.

    >>> hidden_character("Ann\u200b"), hidden_character("🧙\u200d♀\ufe0f"), hidden_character("a\x07")
    ('\\u200b', None, None)
    """
    for m in _UNSAFE.finditer(text):
        ch = m.group()
        if ch <= "\x9f":
            continue
        if _contextual(ch) and _keeps(text, m.start()):
            continue
        return ch
    return None


def look_alike(text: str) -> str | None:
    """Why ``text`` (an id or a name) could be mistaken for another, or ``None``.

    A word (a run of letters) mixing letters of two look-alike scripts (:data:`LOOK_ALIKE_SCRIPTS`:
    Latin, Greek, Cyrillic…) — a Cyrillic ``А`` in ``Ann`` — or a character that shows nothing or
    reorders the text (:func:`hidden_character`). A name wholly in one script, or whose words
    are each in one script (``Ann's Медведь``), or in any other script (漢字のカード), is fine.
    """
    ch = hidden_character(text)
    if ch is not None:
        name = unicodedata.name(ch, "") or "?"
        return Phrase(
            N_("it holds {code} ({name}), which shows nothing or reorders the text"),
            code=_code(ch),
            name=name,
        )
    return mixed_script(text)


def mixed_script(text: str) -> str | None:
    """Why a word of ``text`` mixes look-alike scripts (see :func:`look_alike`), or ``None``.

    >>> mixed_script("Gr\u0456zzly Bears")[:40], mixed_script("Ann's Медведь")
    ("its letter 'і' (U+0456 CYRILLIC SMALL LE", None)
    """
    for m in re.finditer(r"[^\W\d_]+", text):
        word = m.group()
        scripts = [s for s in (script(c) for c in word) if s in LOOK_ALIKE_SCRIPTS]
        if len(set(scripts)) < 2:
            continue
        main = max(set(scripts), key=lambda s: (scripts.count(s), s == "LATIN"))
        odd = next(c for c in word if script(c) in LOOK_ALIKE_SCRIPTS and script(c) != main)
        name = unicodedata.name(odd, "")
        return Phrase(
            N_("its letter '{letter}' ({code} {name}) is {script}, the others in '{word}' {main}"),
            letter=odd,
            code=f"U+{ord(odd):04X}",
            name=name,
            script=script(odd).title(),  # type: ignore[union-attr]
            word=word,
            main=main.title(),
        )
    return None
