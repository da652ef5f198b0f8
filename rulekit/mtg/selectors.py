"""Selectors, expressions and conditions: English phrases parsed into data (LANGUAGE.md §4, §3, §6).

A selector such as ``"other Goblin creatures you control"`` is parsed once into a
:class:`Selector` (a union of :class:`Part`\\ s, each a list of :class:`Cond`\\ itions) and
evaluated in its layer against the state at that moment (CR 611.3a / 613: a static effect
applies to whatever qualifies now). The attributes a selector reads (``types``,
``controller``...) are derived from the conditions, which is what the dependency pruning uses.

>>> sel = parse_selector("other Goblin creatures you control")
>>> [(c.attr, c.op, c.value) for c in sel.parts[0].conds]
[('subtypes', 'has', 'Goblin'), ('types', 'has', 'Creature'), ('controller', 'is', 'you')]
>>> sel.parts[0].other, sorted(sel.reads)
(True, ['controller', 'subtypes', 'types'])
>>> parse_selector("nonbasic lands").parts[0].conds[0]
Cond(attr='supertypes', op='lacks', value='Basic')
>>> parse_expr("number of card types among cards in all graveyards plus one").add
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rulekit.mtg.vocab import (
    CARD_TYPES,
    COLORS,
    NUMBER_WORDS,
    SUBTYPES,
    SUPERTYPES,
    plural,
    singular,
)

__all__ = [
    "Cond",
    "Condition",
    "Expr",
    "Part",
    "Selector",
    "SelectorError",
    "TargetRule",
    "parse_condition",
    "parse_expr",
    "parse_selector",
]


class SelectorError(ValueError):
    """A phrase the grammar does not know; ``word`` is the offending word, ``suggestion`` a fix."""

    def __init__(self, message: str, word: str = "", suggestion: str | None = None) -> None:
        super().__init__(message)
        self.word = word
        self.suggestion = suggestion


@dataclass(frozen=True)
class Cond:
    """One test on an object: ``attr`` (a characteristic), ``op`` (has/lacks/is/none), ``value``."""

    attr: str
    op: str
    value: Any


@dataclass(frozen=True)
class Part:
    """One member of a union selector.

    ``special`` is ``None`` for a filter, else ``"this"``, ``"enchanted"``, ``"equipped"``,
    ``"targets"`` or ``"named"`` (``name`` holds the object id or card name).
    ``zone`` is ``"battlefield"``, ``"graveyard"``, ``"hand"``, ``"library"``, ``"exile"``,
    ``"stack"``, ``"any"`` or ``"not_battlefield"``; ``zone_owner`` is ``"you"`` for "your graveyard".
    """

    conds: tuple[Cond, ...] = ()
    special: str | None = None
    name: str = ""
    other: bool = False
    zone: str = "battlefield"
    zone_owner: str | None = None


@dataclass(frozen=True)
class Selector:
    """A parsed selector: the union of its parts. ``text`` is what was parsed."""

    text: str
    parts: tuple[Part, ...]
    reads: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_this(self) -> bool:
        return len(self.parts) == 1 and self.parts[0].special == "this"

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parts if p.special == "named")


_CARD_TYPE_WORDS: dict[str, str] = {}
for _t in CARD_TYPES:
    _CARD_TYPE_WORDS[_t.lower()] = _t
    _CARD_TYPE_WORDS[plural(_t).lower()] = _t
_SUBTYPE_WORDS: dict[str, str] = {}
for _t in SUBTYPES:
    _SUBTYPE_WORDS[_t.lower()] = _t
    _SUBTYPE_WORDS[plural(_t).lower()] = _t
_SUPERTYPE_WORDS = {s.lower(): s for s in SUPERTYPES}
_NOUNS = {
    "permanent": "battlefield",
    "permanents": "battlefield",
    "card": "any",
    "cards": "any",
    "spell": "stack",
    "spells": "stack",
    "object": "any",
    "objects": "any",
}
_QUANTIFIERS = {"each", "all", "every", "the", "a", "an", "any"}
_SUFFIXES: tuple[tuple[str, tuple[Cond, ...], dict[str, Any]], ...] = (
    ("you control", (Cond("controller", "is", "you"),), {}),
    ("you don't control", (Cond("controller", "is", "opponent"),), {}),
    ("your opponents control", (Cond("controller", "is", "opponent"),), {}),
    ("an opponent controls", (Cond("controller", "is", "opponent"),), {}),
    ("target player controls", (Cond("controller", "is", "target player"),), {}),
    ("that player controls", (Cond("controller", "is", "target player"),), {}),
    ("in all graveyards", (), {"zone": "graveyard"}),
    ("in your graveyard", (), {"zone": "graveyard", "zone_owner": "you"}),
    ("in all zones", (), {"zone": "any"}),
    ("in your hand", (), {"zone": "hand", "zone_owner": "you"}),
    ("that aren't on the battlefield", (), {"zone": "not_battlefield"}),
    ("that are not on the battlefield", (), {"zone": "not_battlefield"}),
    ("you own", (Cond("owner", "is", "you"),), {}),
    ("on the battlefield", (), {"zone": "battlefield"}),
    ("in exile", (), {"zone": "exile"}),
)
_SUFFIXES_LONGEST_FIRST = tuple(sorted(_SUFFIXES, key=lambda t: -len(t[0])))
_SPECIALS = {
    "this": "this",
    "itself": "this",
    "it": "this",
    "~": "this",
    "this permanent": "this",
    "this creature": "this",
    "this land": "this",
    "this card": "this",
    "source": "this",
    "the enchanted creature": "enchanted",
    "enchanted creature": "enchanted",
    "enchanted land": "enchanted",
    "enchanted permanent": "enchanted",
    "the enchanted land": "enchanted",
    "the enchanted permanent": "enchanted",
    "enchanted artifact": "enchanted",
    "equipped creature": "equipped",
    "the equipped creature": "equipped",
    "target": "targets",
    "targets": "targets",
    "target creature": "targets",
    "target permanent": "targets",
    "target land": "targets",
    "target artifact": "targets",
    "target enchantment": "targets",
}
_COUNTER_RE = re.compile(r"\s+with (?:a|an|one or more) ([\w+/\-]+) counters? on (?:it|them)$")


def vocabulary() -> list[str]:
    """Every word the selector grammar knows (for "did you mean")."""
    return _vocab()


def _vocab() -> list[str]:
    words = list(_CARD_TYPE_WORDS) + list(_SUBTYPE_WORDS) + list(_SUPERTYPE_WORDS) + list(_NOUNS)
    words += list(COLORS) + ["nonbasic", "tapped", "untapped", "token", "nontoken", "other", "colorless"]
    return words


@lru_cache(maxsize=4096)
def parse_selector(text: str) -> Selector:
    """Parse a selector phrase (LANGUAGE.md §4). Raises :class:`SelectorError` on unknown words."""
    raw = " ".join(str(text).split())
    if not raw:
        raise SelectorError("empty selector")
    chunks = [c for c in re.split(r",\s*(?:and\s+)?|\s+and\s+", raw) if c]
    parts = tuple(_parse_part(c) for c in chunks)
    reads: set[str] = set()
    for p in parts:
        reads.update(c.attr for c in p.conds)
        if p.special in ("enchanted", "equipped"):
            reads.add("attached_to")
        if p.special == "named":
            reads.add("name")
        if any(c.attr == "controller" for c in p.conds):
            reads.add("controller")
    return Selector(raw, parts, frozenset(reads))


def _parse_part(chunk: str) -> Part:
    if chunk.strip().startswith("@"):  # "@bears": the object with this id (or card name)
        return Part(special="named", name=chunk.strip()[1:])
    low = chunk.lower().strip()
    if low in _SPECIALS:
        return Part(special=_SPECIALS[low])
    words_all = low.split()
    while words_all and words_all[0] in _QUANTIFIERS:
        words_all = words_all[1:]
    rest = " ".join(words_all)
    if rest in _SPECIALS:
        return Part(special=_SPECIALS[rest])
    conds: list[Cond] = []
    extra: dict[str, Any] = {}
    m = _COUNTER_RE.search(" " + rest)
    if m:
        conds.append(Cond("counters", "has", m.group(1)))
        rest = (" " + rest)[: m.start()].strip()
    changed = True
    while changed:
        changed = False
        for suffix, sconds, skw in _SUFFIXES_LONGEST_FIRST:
            if rest.endswith(" " + suffix) or rest == suffix:
                rest = rest[: -len(suffix)].strip()
                conds.extend(sconds)
                extra.update(skw)
                changed = True
    words = rest.split()
    other = False
    if words and words[0] in ("other", "another"):
        other = True
        words = words[1:]
    if not words:
        raise SelectorError(f"'{chunk}' names no kind of object (e.g. 'creatures', 'lands')")
    noun_zone: str | None = None
    body: list[Cond] = []
    for i, word in enumerate(words):
        last = i == len(words) - 1
        cond, zone = _word_cond(word, last)
        if cond is None and zone is None:
            return _named_or_error(chunk, word)
        if zone is not None:
            noun_zone = zone
        if cond is not None:
            body.append(cond)
    zone = extra.get("zone") or noun_zone or "battlefield"
    if noun_zone == "stack" and "zone" not in extra:
        zone = "stack"
    return Part(conds=tuple(body + conds), other=other, zone=zone, zone_owner=extra.get("zone_owner"))


def _named_or_error(chunk: str, word: str) -> Part:
    original = chunk.strip()
    single_token = " " not in original and original.lower() not in _vocab()
    if original[:1].isupper() or original[:1].isdigit() or "-" in original or "_" in original or single_token:
        # A capitalised phrase the grammar does not know: an object id or card name.
        return Part(special="named", name=original)
    from rulekit.yamlsrc import suggest

    raise SelectorError(
        f"'{word}' is not a word selectors know (in '{chunk}')", word, suggest(word, _vocab())
    )


def _word_cond(word: str, last: bool) -> tuple[Cond | None, str | None]:
    """One adjective/noun -> (condition, zone of the noun)."""
    w = word.strip(",")
    if w in _NOUNS:
        return None, _NOUNS[w]
    if w in _CARD_TYPE_WORDS:
        return Cond("types", "has", _CARD_TYPE_WORDS[w]), None
    if w in _SUBTYPE_WORDS:
        return Cond("subtypes", "has", _SUBTYPE_WORDS[w]), None
    if w in _SUPERTYPE_WORDS:
        return Cond("supertypes", "has", _SUPERTYPE_WORDS[w]), None
    if w in COLORS:
        return Cond("colors", "has", w), None
    if w == "colorless":
        return Cond("colors", "none", None), None
    if w == "multicolored":
        return Cond("colors", "multi", None), None
    if w in ("tapped", "untapped"):
        return Cond("tapped", "is", w == "tapped"), None
    if w in ("token", "tokens", "nontoken"):
        return Cond("token", "is", w != "nontoken"), None
    if w.startswith("non"):
        base = w[3:].lstrip("-")
        if base in _SUPERTYPE_WORDS:
            return Cond("supertypes", "lacks", _SUPERTYPE_WORDS[base]), None
        if base in _CARD_TYPE_WORDS:
            return Cond("types", "lacks", _CARD_TYPE_WORDS[base]), None
        if base in _SUBTYPE_WORDS:
            return Cond("subtypes", "lacks", _SUBTYPE_WORDS[base]), None
        if base in COLORS:
            return Cond("colors", "lacks", base), None
    return None, None


# ---------------------------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Expr:
    """A number phrase: ``kind`` is ``const``, ``x``, ``mana_value``, ``count`` or ``card_types``.

    ``selector`` is the counted selector for ``count``/``card_types``; ``add`` is the
    ``plus N``/``minus N`` tail; ``sign`` is -1 for a leading minus ("-X").
    """

    kind: str
    value: int = 0
    selector: Selector | None = None
    add: int = 0
    sign: int = 1
    text: str = ""

    @property
    def reads(self) -> frozenset[str]:
        if self.selector is not None:
            extra = {"types"} if self.kind == "card_types" else set()
            return self.selector.reads | extra | {"zone"}
        if self.kind == "mana_value":
            return frozenset({"mana_value"})
        return frozenset()

    @property
    def constant(self) -> bool:
        return self.kind == "const"


def _number(word: str) -> int | None:
    w = word.lower().lstrip("+")
    if re.fullmatch(r"-?\d+", w):
        return int(w)
    return NUMBER_WORDS.get(w)


@lru_cache(maxsize=2048)
def parse_expr(text: Any) -> Expr:
    """Parse a number phrase (LANGUAGE.md §3 "Expressions")."""
    if isinstance(text, bool):
        raise SelectorError(f"'{text}' is not a number or expression")
    if isinstance(text, int):
        return Expr("const", value=text, text=str(text))
    raw = " ".join(str(text).split())
    low = raw.lower()
    add = 0
    m = re.search(r"\s+(plus|minus)\s+(\S+)$", low)
    if m:
        n = _number(m.group(2))
        if n is None:
            raise SelectorError(f"'{m.group(2)}' is not a number (in '{raw}')", m.group(2))
        add = n if m.group(1) == "plus" else -n
        low = low[: m.start()]
    sign = 1
    if low.startswith("-") and not re.fullmatch(r"-\d+", low):
        sign, low = -1, low[1:]
    elif low.startswith("+") and not re.fullmatch(r"\+\d+", low):
        low = low[1:]
    n = _number(low)
    if n is not None:
        return Expr("const", value=n + add, text=raw)
    if low == "x":
        return Expr("x", add=add, sign=sign, text=raw)
    if low in ("mana value", "its mana value", "their mana value", "that permanent's mana value"):
        return Expr("mana_value", add=add, sign=sign, text=raw)
    m2 = re.fullmatch(
        r"(?:the )?number of card types among (.+)",
        raw[: len(low)] if not m else raw[: m.start()],
        flags=re.I,
    )
    if m2:
        return Expr("card_types", selector=parse_selector(m2.group(1)), add=add, sign=sign, text=raw)
    m3 = re.fullmatch(r"(?:the )?number of (.+)", raw[: m.start()] if m else raw, flags=re.I)
    if m3:
        return Expr("count", selector=parse_selector(m3.group(1)), add=add, sign=sign, text=raw)
    raise SelectorError(
        f"'{raw}' is not an expression (use a number, X, 'its mana value', 'number of <selector>', "
        "'number of card types among <selector>', optionally with 'plus N')",
        raw,
    )


# ---------------------------------------------------------------------------------- target rules
#: comparison words of a target rule -> operator (LANGUAGE.md §3 ``targets_must``)
TARGET_COMPARISONS: dict[str, str] = {
    "less than or equal to": "<=",
    "at most": "<=",
    "greater than or equal to": ">=",
    "at least": ">=",
    "less than": "<",
    "greater than": ">",
    "equal to": "==",
    "exactly": "==",
}
_TARGET_ATTRS = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}
_TARGET_RE = re.compile(
    r"^(?P<sel>.+?)\s+with\s+(?:a\s+)?(?P<attr>power|toughness|mana value)\s+(?:is\s+)?"
    r"(?P<cmp>" + "|".join(sorted(TARGET_COMPARISONS, key=len, reverse=True)) + r")\s+(?P<expr>.+)$",
    flags=re.I,
)


@dataclass(frozen=True)
class TargetRule:
    """What each target of a resolving spell or ability must be (601.2c, checked again on
    resolution, 608.2b): a selector the target must match, optionally with a comparison of one of
    its numbers (``attr``: ``power``, ``toughness`` or ``mana_value``; ``op``: ``<=``, ``>=``,
    ``<``, ``>``, ``==``) with an expression (LANGUAGE.md §3).

    >>> r = parse_target_rule(
    ...     "target creature with power less than or equal to the number of Islands you control"
    ... )
    >>> r.selector.text, r.attr, r.op, r.expr.kind, r.expr.selector.text
    ('creature', 'power', '<=', 'count', 'Islands you control')
    >>> parse_target_rule("nonland permanent").attr is None
    True
    """

    text: str
    selector: Selector
    attr: str | None = None
    op: str = ""
    expr: Expr | None = None


def compare(value: int, op: str, bound: int) -> bool:
    """``value <op> bound`` for a :class:`TargetRule` operator.

    >>> compare(5, "<=", 2), compare(5, "<=", 5), compare(1, ">", 0), compare(3, "==", 3)
    (False, True, True, True)
    """
    if op == "<=":
        return value <= bound
    if op == ">=":
        return value >= bound
    if op == "<":
        return value < bound
    if op == ">":
        return value > bound
    return value == bound


@lru_cache(maxsize=512)
def parse_target_rule(text: str) -> TargetRule:
    """Parse a ``targets_must`` phrase: ``[target] <selector> [with <power|toughness|mana value>
    <comparison> <expression>]``; comparisons are the keys of :data:`TARGET_COMPARISONS`."""
    raw = " ".join(str(text).split())
    body = raw[len("target ") :] if raw.lower().startswith("target ") else raw
    m = _TARGET_RE.match(body)
    if m is None:
        if re.search(r"\swith\s+(?:a\s+)?(?:power|toughness|mana value)\b", body, flags=re.I):
            raise SelectorError(
                f"'{raw}' compares a number without a known comparison (use one of: "
                + ", ".join(TARGET_COMPARISONS)
                + ")",
                raw,
            )
        return TargetRule(raw, parse_selector(body))
    return TargetRule(
        raw,
        parse_selector(m.group("sel")),
        _TARGET_ATTRS[m.group("attr").lower()],
        TARGET_COMPARISONS[m.group("cmp").lower()],
        parse_expr(m.group("expr")),
    )


# ---------------------------------------------------------------------------------- conditions
@dataclass(frozen=True)
class Condition:
    """A "for as long as"/"as long as" clause: ``kind`` is ``on_battlefield``, ``tapped``,
    ``untapped``, ``controls`` or ``count_at_least`` (``n`` and ``selector``)."""

    kind: str
    obj: str = "this"
    n: int = 0
    selector: Selector | None = None
    text: str = ""

    @property
    def reads(self) -> frozenset[str]:
        if self.selector is not None:
            return self.selector.reads | {"zone"}
        if self.kind == "controls":
            return frozenset({"controller"})
        return frozenset({"zone", "tapped"})


def _objref(text: str) -> str:
    low = text.lower().strip()
    if low in _SPECIALS and _SPECIALS[low] == "this":
        return "this"
    return text.strip()


@lru_cache(maxsize=1024)
def parse_condition(text: str) -> Condition:
    """Parse a condition phrase (LANGUAGE.md §6)."""
    raw = " ".join(str(text).split())
    low = raw.lower()
    for prefix in ("for as long as ", "as long as ", "while "):
        if low.startswith(prefix):
            raw, low = raw[len(prefix) :], low[len(prefix) :]
    m = re.fullmatch(r"(.+?) (?:remains|is) on the battlefield", raw, flags=re.I)
    if m:
        return Condition("on_battlefield", _objref(m.group(1)), text=raw)
    m = re.fullmatch(r"(.+?) (?:remains|is|stays) (tapped|untapped)", raw, flags=re.I)
    if m:
        return Condition(m.group(2).lower(), _objref(m.group(1)), text=raw)
    m = re.fullmatch(r"you control (\S+) or more (.+)", raw, flags=re.I)
    if m:
        n = _number(m.group(1))
        if n is None:
            raise SelectorError(f"'{m.group(1)}' is not a number", m.group(1))
        return Condition(
            "count_at_least", n=n, selector=parse_selector(m.group(2) + " you control"), text=raw
        )
    m = re.fullmatch(r"you control (.+)", raw, flags=re.I)
    if m:
        return Condition("controls", _objref(m.group(1)), text=raw)
    raise SelectorError(
        f"'{raw}' is not a condition (use '<object> remains on the battlefield', "
        "'<object> remains tapped', 'you control <object>', 'you control N or more <selector>')",
        raw,
    )


def rewrite_words(text: str, old: str, new: str) -> str:
    """Replace a word and its plural inside ``text`` (layer 3 text change, 612.2).

    >>> rewrite_words("Other Goblin creatures you control get +1/+1.", "Goblin", "Elf")
    'Other Elf creatures you control get +1/+1.'
    >>> rewrite_words("Swamps you control", "Swamp", "Island")
    'Islands you control'
    """
    if not old:
        return text
    pairs = [(plural(old), plural(new)), (old, new)]
    if old.islower():
        pairs.append((old.capitalize(), new.capitalize()))
        pairs.append((plural(old).capitalize(), plural(new).capitalize()))
    out = text
    for a, b in pairs:
        out = re.sub(rf"(?<![\w-]){re.escape(a)}(?![\w])", b, out)
    return out


__all__ += ["compare", "parse_target_rule", "rewrite_words", "singular"]
