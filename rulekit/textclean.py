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
* :func:`look_alike` — why a name or id would be mistaken for another (a word mixing scripts
  whose letters look alike, like ``Аnn`` with a Cyrillic ``А``; a character that shows nothing; a
  space that is not a plain one, or one at either end), or ``None``; the loaders refuse such ids
  and names with a located error.
* :func:`skeleton` — what a name looks like (Unicode's UTS #39 skeleton: NFC, invisible characters
  dropped, spaces folded, each letter replaced by the prototype of its confusables class), so that
  two names a reader cannot tell apart (``Bo`` and Cyrillic ``Во``) can be refused as a pair
  (:class:`rulekit.yamlsrc.Distinct`).

Applying any of the first three twice gives the same text as applying it once. The look-alike
data is Unicode's, through the maintained ``confusable_homoglyphs`` package (its ``confusables``
and script tables, UTS #39 and UAX #24); it is loaded on the first name that is not plain ASCII,
never by ``import rulekit`` (the engines, the loaders and the views all use this module).

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
#: the same, for a text of ASCII letters only (what most outputs are: found far faster)
_UNSAFE_ASCII = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_UNSAFE_LINE_ASCII = re.compile("[\x00-\x1f\x7f]")
_JOINERS = frozenset("\u200c\u200d")
_PICTURES = {**{chr(c): chr(0x2400 + c) for c in range(0x20)}, "\x7f": "\u2421"}

#: Scripts whose letters look like one another's (Latin ``A``, Greek ``Α``, Cyrillic ``А``…): where
#: a joiner or variation selector can only hide (:func:`_keeps`). Whether a word mixes look-alike
#: letters is Unicode's confusables data (:func:`mixed_script`), not this list.
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


def _unsafe_in(text: str, line: bool = False) -> bool:
    """Whether ``text`` holds a character :data:`_UNSAFE` (``line``: :data:`_UNSAFE_LINE`) finds:
    the same answer, found in the distinct characters of a long text (matching the large class of
    every character of a 5 MB output took half a second) or by the ASCII class in an ASCII one."""
    if text.isascii():
        return (_UNSAFE_LINE_ASCII if line else _UNSAFE_ASCII).search(text) is not None
    if len(text) > 4096:
        text = "".join(set(text))
    return (_UNSAFE_LINE if line else _UNSAFE).search(text) is not None


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

    return _UNSAFE.sub(sub, text) if _unsafe_in(text) else text


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

    return _UNSAFE_LINE.sub(sub, text) if _unsafe_in(text, line=True) else text


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

    return _UNSAFE.sub(sub, text) if _unsafe_in(text) else text


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

    A character that shows nothing or reorders the text (:func:`hidden_character`); a space other
    than the plain one (a no-break or ideographic space looks the same), or a space at either end;
    a word (a run of letters) mixing scripts with a letter that looks like one of the other
    script's (:func:`mixed_script`). A name wholly in one script, or whose words are each in one
    script (``Ann's Медведь``), or in any other script (漢字のカード), is fine.

    >>> "NO-BREAK SPACE" in look_alike("Bo\u00a0")
    True
    >>> look_alike(" Bo"), look_alike("Ann Bo")
    ('it begins or ends with a space', None)
    """
    ch = hidden_character(text)
    if ch is not None:
        name = unicodedata.name(ch, "") or "?"
        return Phrase(
            N_("it holds {code} ({name}), which shows nothing or reorders the text"),
            code=_code(ch),
            name=name,
        )
    # a space separator other than the plain one (controls such as a tab are shown as symbols)
    odd_space = next((c for c in text if unicodedata.category(c) == "Zs" and c != " "), None)
    if odd_space is not None:
        return Phrase(
            N_("it holds {code} ({name}), a space that looks like another or like none"),
            code=_code(odd_space),
            name=unicodedata.name(odd_space, "") or "?",
        )
    if text.startswith(" ") or text.endswith(" "):
        return Phrase(N_("it begins or ends with a space"))
    return mixed_script(text)


#: Scripts written together in one word (UTS #39 §5.1's augmented script sets: Japanese writes Han,
#: Hiragana and Katakana together, Korean Han and Hangul, Chinese Han and Bopomofo), and the
#: script properties that belong to no script (punctuation, digits, combining marks).
_CJK = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})
_NO_SCRIPT = frozenset({"COMMON", "INHERITED"})


def mixed_script(text: str) -> str | None:
    """Why a word of ``text`` mixes look-alike letters, or ``None``: a word in two scripts with a
    letter that passes for one of the other script's (Unicode's mixed-script confusable test,
    UTS #39 §5, on each word), or a letter in a variant form (fullwidth, mathematical, a sign
    such as KELVIN SIGN) among plain ones.

    >>> mixed_script("Gr\u0456zzly Bears")[:40], mixed_script("Ann's Медведь")
    ("its letter 'і' (U+0456 CYRILLIC SMALL LE", None)
    >>> "is Cherokee" in mixed_script("\u13aann"), "KELVIN SIGN" in mixed_script("\u212aing")
    (True, True)
    >>> mixed_script("漢字のカード Tシャツ"), mixed_script("Joa\u0303o")
    (None, None)
    """
    if text.isascii():
        return None
    from confusable_homoglyphs import categories, confusables

    def script_of(ch: str) -> str:
        alias = categories.alias(ch)
        return "HAN" if alias in _CJK else alias

    for m in re.finditer(r"[^\W\d_]+", text):
        word = m.group()
        if word.isascii():
            continue
        letters = [c for c in word if c.isalpha()]
        variant = [c for c in letters if unicodedata.normalize("NFKC", c) != c]
        if variant and len(variant) < len(letters):
            odd, odd_script = variant[0], script(variant[0]) or "?"
            main = script_of(next(c for c in letters if c not in variant))
        else:
            scripts = [script_of(c) for c in letters if script_of(c) not in _NO_SCRIPT]
            if len(set(scripts)) < 2:
                continue
            main = max(set(scripts), key=lambda s: (scripts.count(s), s == "LATIN"))
            if not confusables.is_confusable(word, preferred_aliases=[main.lower()]):
                continue  # two scripts, but no letter that passes for another's (Latin and Han)
            odd = next(c for c in letters if script_of(c) not in (main, *_NO_SCRIPT))
            odd_script = script_of(odd)
        return Phrase(
            N_("its letter '{letter}' ({code} {name}) is {script}, the others in '{word}' {main}"),
            letter=odd,
            code=f"U+{ord(odd):04X}",
            name=unicodedata.name(odd, ""),
            script=odd_script.title(),
            word=word,
            main=main.title(),
        )
    return None


def shown_plain(text: str) -> str:
    """``text`` as a reader sees its spacing: NFC, characters that show nothing dropped, every
    space a plain one, runs folded, ends trimmed (the first steps of :func:`skeleton`).

    >>> shown_plain(" Bo\u00a0 \u200bAnn ") == "Bo Ann"
    True
    """
    kept = "".join(
        " " if c.isspace() else c
        for c in unicodedata.normalize("NFC", text)
        if c.isspace() or not _UNSAFE.match(c)
    )
    return " ".join(kept.split())


def skeleton(text: str) -> str:
    """What ``text`` looks like to a reader: two names with the same skeleton cannot be told apart.

    Unicode's skeleton (UTS #39 §4) of the name as shown (:func:`shown_plain`): each character
    replaced by the prototype of its class of confusables (the ASCII one where the class has
    one), in NFD. It loads Unicode's confusables data on its first call (about a quarter of a
    second): :class:`rulekit.yamlsrc.Distinct` calls it only when a name is not plain ASCII.

    >>> skeleton("Bo") == skeleton("\u0412\u043e") == skeleton("Bo\u00a0") == skeleton("B\u200bo")
    True
    >>> skeleton("Jo\u00e3o") == skeleton("Joa\u0303o"), skeleton("Ann") == skeleton("Anna")
    (True, False)
    """
    protos = _prototypes()
    out = "".join(protos.get(c, c) for c in unicodedata.normalize("NFD", shown_plain(text)))
    return unicodedata.normalize("NFD", out)


_PROTOTYPES: dict[str, str] | None = None


def _prototypes() -> dict[str, str]:
    """Each character of Unicode's confusables data → its class's prototype (ASCII first, then the
    lowest code point); classes joined over the data's pairs (union-find)."""
    global _PROTOTYPES
    if _PROTOTYPES is None:
        from confusable_homoglyphs import confusables

        parent: dict[str, str] = {}

        def find(c: str) -> str:
            while parent.setdefault(c, c) != c:
                parent[c] = parent[parent[c]]
                c = parent[c]
            return c

        def rank(c: str) -> tuple[bool, int]:
            return (not c.isascii(), ord(c))

        for ch, glyphs in confusables.confusables_data.items():  # {char: [{"c": glyph, "n": name}]}
            for glyph in glyphs:
                other = glyph.get("c", "")
                if len(ch) == 1 and len(other) == 1:
                    a, b = find(ch), find(other)
                    if a != b:
                        a, b = sorted((a, b), key=rank)
                        parent[b] = a
        _PROTOTYPES = {c: find(c) for c in parent if find(c) != c}
    return _PROTOTYPES
