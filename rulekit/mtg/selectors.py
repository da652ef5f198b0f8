"""Selectors and conditions: English phrases parsed into data (LANGUAGE.md §4, §3, §6).

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

Number phrases and target rules are :mod:`rulekit.mtg.expressions`.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any

from rulekit import limits
from rulekit.mtg.vocab import (
    CARD_TYPES,
    COLORS,
    KEYWORDS,
    NUMBER_WORDS,
    SUBTYPES,
    SUPERTYPES,
    counter_name,
    plural,
    pt_counter,
    singular,
    suggest_close,
)
from rulekit.phrase import N_, Phrase

__all__ = [
    "Cond",
    "Condition",
    "Part",
    "Selector",
    "SelectorError",
    "parse_condition",
    "parse_selector",
]


class SelectorError(ValueError):
    """A phrase the grammar does not know; ``word`` is the offending word, ``suggestion`` a fix
    (only a close spelling, never a different real word), ``position`` the word's character
    offset in the phrase (0-based; -1 when the whole phrase is wrong)."""

    def __init__(
        self, message: str, word: str = "", suggestion: str | None = None, position: int = -1
    ) -> None:
        super().__init__(message)
        # a Phrase message keeps its catalogue message: the located error shows it translated
        self.msgid = message.msgid if isinstance(message, Phrase) else None
        self.params = dict(message.params) if isinstance(message, Phrase) else {}
        self.word = word
        self.suggestion = suggestion
        self.position = position


#: The layer that sets each characteristic a selector or expression can read (CR 613.1): what a
#: selector reads says which layers' effects can change what it applies to (613.8a).
CHARACTERISTIC_LAYERS: dict[str, str] = {
    "name": "1",
    "mana_value": "1",
    "controller": "2",
    "owner": "-",
    "types": "4",
    "subtypes": "4",
    "supertypes": "4",
    "colors": "5",
    "abilities": "6",
    "power": "7",
    "toughness": "7",
    "counters": "7",
    "tapped": "-",
    "face_down": "-",
    "on_top": "-",
    "token": "-",
    "targeted": "-",
    "attached_to": "-",
    "zone": "-",
}
#: Conditions on these characteristics test an object's numbers or abilities (not its types,
#: colours, controller...): ``Cond.test`` evaluates them (and ``targeted``, "other than the target").
NUMBER_ATTRS = ("power", "toughness", "mana_value")


@dataclass(frozen=True)
class Cond:
    """One test on an object: ``attr`` (a characteristic), ``op`` (has/lacks/is/none), ``value``."""

    attr: str
    op: str
    value: Any

    def test(self, obj: Any, ctx: Any = None) -> bool:
        """The tests on abilities and numbers (LANGUAGE.md §4 "with"): ``abilities`` has/lacks a
        keyword, or ``none`` (no abilities at all); ``power``/``toughness``/``mana_value``
        ``<=``/``>=``/``<``/``>``/``==`` a number. An object without the number (a noncreature's
        power) never matches. Other attributes are the engine's (``False`` here).

        >>> class O: abilities = (); power = 2; toughness = 2; mana_value = 2
        >>> Cond("power", "<=", 2).test(O()), Cond("abilities", "none", None).test(O())
        (True, True)
        """
        if self.attr == "abilities":
            abilities = getattr(obj, "abilities", ())
            if self.op == "none":
                return not abilities
            if self.op == "activated":
                return any(getattr(a, "activated", False) for a in abilities) == self.value
            want = str(self.value).lower()
            has = any(getattr(a, "text", a).lower() == want for a in abilities)
            return has == (self.op == "has")
        if self.attr in NUMBER_ATTRS:
            value = getattr(obj, self.attr, None)
            return value is not None and compare(int(value), self.op, int(self.value))
        if self.attr == "targeted":  # "other than the target" (Mirrorweave)
            return (obj.id in tuple(getattr(ctx, "targets", ()) or ())) == self.value
        return False


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

    @cached_property
    def by_signature(self) -> bool:
        """Whether the part tests only what objects alike share (types, colours, controller,
        zone, tapped, counters...): then the engine may test one object per group of alike
        objects. Parts naming objects, or testing abilities or numbers, are tested one by one."""
        return self.special is None and not any(
            c.attr in ("abilities", "targeted") or c.attr in NUMBER_ATTRS for c in self.conds
        )


@dataclass(frozen=True)
class Selector:
    """A parsed selector: the union of its parts. ``text`` is what was parsed."""

    text: str
    parts: tuple[Part, ...]
    reads: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_this(self) -> bool:
        return len(self.parts) == 1 and self.parts[0].special == "this"

    @cached_property
    def by_signature(self) -> bool:
        """Whether what the selector names depends on nothing but the objects' signatures,
        "you" and the target player: every part is :attr:`Part.by_signature` and none leaves
        out its source ("other"). Effects of such a selector name the same objects when they
        have the same "you" and target player, or whoever they are when it reads neither
        (:attr:`reads_players`)."""
        return all(p.by_signature and not p.other for p in self.parts)

    @cached_property
    def attached_untyped(self) -> Selector:
        """This selector with "enchanted creature", "equipped creature"... naming the attached-to
        object whatever its card types (303.4b, 301.5a: "enchanted"/"equipped" is the object the
        Aura or Equipment is attached to): for layers 1-3, where card types are not yet settled
        (layer 4), so "You control enchanted creature" takes an animated land (Mutavault)."""
        if not any(p.special in ("enchanted", "equipped") and p.conds for p in self.parts):
            return self
        parts = tuple(
            replace(p, conds=()) if p.special in ("enchanted", "equipped") else p for p in self.parts
        )
        return Selector(self.text, parts, self.reads)

    @cached_property
    def reads_players(self) -> bool:
        """Whether what the selector names may depend on "you" or the target player (a part
        about a player's zone, or a controller or owner test). Effects of a selector that reads
        neither name the same objects whoever controls them."""
        return any(
            p.zone_owner is not None or any(c.attr in ("controller", "owner") for c in p.conds)
            for p in self.parts
        )

    @cached_property
    def characteristics(self) -> frozenset[tuple[str, str]]:
        """What the selector reads: ``(characteristic, value)`` pairs, ``value`` being ``"*"``
        when any change of that characteristic may matter. The engine asks this to know which
        effects can change what the selector applies to (613.8a); :data:`CHARACTERISTIC_LAYERS`
        gives the layer of each (abilities 6, power/toughness 7, types 4, colours 5, control 2).

        >>> sorted(parse_selector("Sliver creatures you control").characteristics)
        [('controller', '*'), ('subtypes', 'Sliver'), ('types', 'Creature')]
        >>> sorted(parse_selector("creatures with flying").characteristics)
        [('abilities', 'Flying'), ('types', 'Creature')]
        >>> sorted(parse_selector("creatures with power 2 or less").characteristics)
        [('power', '*'), ('types', 'Creature')]
        """
        out: set[tuple[str, str]] = set()
        for p in self.parts:
            for c in p.conds:
                if c.op in ("has", "lacks") and isinstance(c.value, str):
                    out.add((c.attr, c.value))
                else:
                    out.add((c.attr, "*"))
            if p.zone_owner:
                out.add(("owner", "*"))
            if p.special in ("enchanted", "equipped"):
                out.add(("attached_to", "*"))
        return frozenset(out)

    @property
    def layers(self) -> tuple[str, ...]:
        """The layers whose effects can change what this selector applies to (sorted).

        >>> parse_selector("creatures with flying you control").layers
        ('2', '4', '6')
        """
        return tuple(sorted({CHARACTERISTIC_LAYERS[a] for a, _ in self.characteristics} - {"-"}))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parts if p.special == "named")


_CARD_TYPE_WORDS: dict[str, str] = {}
for _t in CARD_TYPES:
    _CARD_TYPE_WORDS[_t.lower()] = _t
    _CARD_TYPE_WORDS[plural(_t).lower()] = _t
_SUBTYPE_WORDS: dict[str, str] = {}
for _t in SUBTYPES:  # "Time Lord" is one word to the parser: "time~lord"
    _SUBTYPE_WORDS[_t.lower().replace(" ", "~")] = _t
    _SUBTYPE_WORDS[plural(_t).lower().replace(" ", "~")] = _t
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
    ("in graveyards", (), {"zone": "graveyard"}),
    ("in your graveyard", (), {"zone": "graveyard", "zone_owner": "you"}),
    ("in all zones", (), {"zone": "any"}),
    ("in your hand", (), {"zone": "hand", "zone_owner": "you"}),
    ("that aren't on the battlefield", (), {"zone": "not_battlefield"}),
    ("that are not on the battlefield", (), {"zone": "not_battlefield"}),
    ("you own", (Cond("owner", "is", "you"),), {}),
    ("on the battlefield", (), {"zone": "battlefield"}),
    ("in exile", (), {"zone": "exile"}),
    ("other than the target", (Cond("targeted", "is", False),), {}),
    ("other than target creature", (Cond("targeted", "is", False),), {}),
    ("other than that creature", (Cond("targeted", "is", False),), {}),
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
_COUNTER_RE = re.compile(r"\s+with (?:(?:a|an|one or more) )?([\w+/\-\u2212]+) counters? on (?:it|them)$")


def _attached_type(phrase: str) -> tuple[Cond, ...]:
    """ "Enchanted creature", "enchanted land", "equipped creature": the object the source is
    attached to, if it is of that card type now (301.5, 303.4: an Aura's or Equipment's words name
    the type; the object must have it, so "enchanted creature" names nothing once the enchanted
    permanent stops being a creature). "Enchanted permanent" tests no type; "enchanted artifact
    creature" (Domineer's "Enchant artifact creature") tests both.

    >>> _attached_type("the enchanted land"), _attached_type("enchanted permanent")
    ((Cond(attr='types', op='has', value='Land'),), ())
    >>> [c.value for c in _attached_type("enchanted artifact creature")]
    ['Artifact', 'Creature']
    """
    words_ = phrase.split()[1:] if phrase.startswith("the ") else phrase.split()
    return tuple(Cond("types", "has", _CARD_TYPE_WORDS[w]) for w in words_[1:] if w in _CARD_TYPE_WORDS)


#: "enchanted artifact creature", "the equipped artifact creature": the attached-to object, of those card
#: types (two or more card-type words; one word is in _SPECIALS)
_TYPE_WORD_ALT = "|".join(sorted(_CARD_TYPE_WORDS, key=len, reverse=True))
_ATTACHED_TYPES = re.compile(r"(?:the )?(enchanted|equipped)((?: (?:" + _TYPE_WORD_ALT + r")){2,})")


def vocabulary() -> list[str]:
    """Every word the selector grammar knows, spelt as a selector writes it (for "did you mean").

    >>> v = vocabulary(); "Slivers" in v and "creatures" in v and "with" in v
    True
    """
    return list(_DISPLAY)


#: Grammar words of selectors (not types): an unknown word next to them is named, not them.
_GRAMMAR = (
    "with",
    "without",
    "you",
    "control",
    "own",
    "your",
    "opponents",
    "opponent",
    "controls",
    "an",
    "other",
    "another",
    "each",
    "all",
    "every",
    "no",
    "abilities",
    "power",
    "toughness",
    "mana",
    "value",
    "or",
    "less",
    "greater",
    "more",
    "fewer",
    "in",
    "on",
    "the",
    "battlefield",
    "graveyards",
    "graveyard",
    "hand",
    "exile",
    "zones",
    "target",
    "player",
    "that",
    "don't",
)


def _vocab() -> list[str]:
    words = list(_CARD_TYPE_WORDS) + list(_SUBTYPE_WORDS) + list(_SUPERTYPE_WORDS) + list(_NOUNS)
    words += list(COLORS) + ["nonbasic", "tapped", "untapped", "token", "nontoken", "other", "colorless"]
    words += ["face-down", "face-up"]
    return words


def _display_words() -> dict[str, None]:
    out: dict[str, None] = {}
    for t in SUBTYPES:  # subtypes as printed: "Sliver", "Slivers"
        out[t] = None
        out[plural(t)] = None
    for t in CARD_TYPES:
        out[t.lower()] = None
        out[plural(t).lower()] = None
    for w in (*(x.lower() for x in SUPERTYPES), *_NOUNS, *COLORS, *_GRAMMAR):
        out[w] = None
    adjectives = ("nonbasic", "tapped", "untapped", "face-down", "face-up", "token", "nontoken", "colorless")
    for w in (*adjectives, "multicolored"):
        out[w] = None
    return out


@lru_cache(maxsize=4096)
def parse_selector(text: str) -> Selector:
    """Parse a selector phrase (LANGUAGE.md §4). Raises :class:`SelectorError` on unknown words,
    naming the word and its position.

    >>> [c.value for c in parse_selector("each other Elf").parts[0].conds]
    ['Elf']
    >>> parse_selector("creatures with power 2 or less").parts[0].conds[1]
    Cond(attr='power', op='<=', value=2)
    >>> try:
    ...     parse_selector("Slivr creatures you control")
    ... except SelectorError as exc:
    ...     print(exc)
    ...     print("did you mean", exc.suggestion)
    'Slivr' (word 1, character 1) in 'Slivr creatures you control' is not a type or selector word
    did you mean Sliver
    """
    raw = " ".join(str(text).split())
    if not raw:
        raise SelectorError(Phrase(N_("empty selector")))
    parts: list[Part] = []
    start = 0
    for sep in [*_SEPARATOR.finditer(raw), None]:
        end = sep.start() if sep is not None else len(raw)
        if raw[start:end]:
            parts.append(_parse_part(raw[start:end], raw, start))
        if sep is not None:
            start = sep.end()
    reads: set[str] = set()
    for p in parts:
        reads.update(c.attr for c in p.conds)
        if p.special in ("enchanted", "equipped"):
            reads.add("attached_to")
        if p.special == "named":
            reads.add("name")
        if any(c.attr == "controller" for c in p.conds):
            reads.add("controller")
    return Selector(raw, tuple(parts), frozenset(reads))


_DISPLAY = _display_words()
_SEPARATOR = re.compile(r",\s*(?:and\s+)?|\s+and\s+")


def _unknown(word: str, raw: str, at: int, choices: list[str] | None = None) -> SelectorError:
    """The error for an unknown word of a selector: it names the word, its place (word number,
    1-based, and character, 1-based) and at most a close spelling (never another real word)."""
    pos = _find_word(raw, word, at)
    n = len(raw[:pos].split()) + 1 if pos >= 0 else 0
    hint = suggest_close(word, choices if choices is not None else _DISPLAY)
    if pos >= 0:
        message = Phrase(
            N_("'{word}' (word {n}, character {at}) in '{raw}' is not a type or selector word"),
            word=word,
            n=n,
            at=pos + 1,
            raw=raw,
        )
    else:
        message = Phrase(N_("'{word}' in '{raw}' is not a type or selector word"), word=word, raw=raw)
    return SelectorError(message, word, hint, pos)


def _find_word(raw: str, word: str, start: int) -> int:
    m = re.compile(rf"(?<![\w'-]){re.escape(word)}(?![\w'-])", re.I).search(raw, max(0, start))
    if m is None:
        m = re.compile(re.escape(word), re.I).search(raw)
    return m.start() if m else -1


#: "top card of your graveyard", "top card of each graveyard" (404.2)
_TOP_OF_GRAVEYARD = re.compile(r"top cards? of (your|each|each player's|a) graveyards?")
_WITH_RE = re.compile(r"(?:^|\s)(with|without)\s+(.+)$")
_NUMBER_CLAUSE = re.compile(
    r"^(power|toughness|mana value)\s+(?:(\S+)\s+or\s+(less|fewer|greater|more)|"
    r"(?:is\s+)?("
    + "|".join(
        sorted(
            [
                "less than or equal to",
                "at most",
                "greater than or equal to",
                "at least",
                "less than",
                "greater than",
                "equal to",
                "exactly",
            ],
            key=len,
            reverse=True,
        )
    )
    + r")\s+(\S+))$"
)
_KEYWORD_WORDS = {k.lower(): k for k in KEYWORDS}


def _with_clause(kind: str, clause: str, raw: str, at: int) -> Cond:
    """``with <keyword>`` / ``without <keyword>`` / ``with no abilities`` / ``with power N or
    less`` (toughness, mana value; ``or greater``/``or more``; ``less than N``...)."""
    c = clause.strip()
    if kind == "with" and c in ("no abilities", "no ability"):
        return Cond("abilities", "none", None)
    if c in ("an activated ability", "activated abilities"):  # 602.1, with 702's keywords
        return Cond("abilities", "activated", kind == "with")
    m = _NUMBER_CLAUSE.match(c)
    if m and kind == "with":
        attr = m.group(1).replace(" ", "_")
        word = m.group(2) or m.group(5)
        n = parse_number(word)
        if n is None:
            raise _unknown(word, raw, at, list(NUMBER_WORDS))
        if m.group(3):
            op = "<=" if m.group(3) in ("less", "fewer") else ">="
        else:
            op = TARGET_COMPARISONS[m.group(4)]
        return Cond(attr, op, n)
    if c in _KEYWORD_WORDS:
        return Cond("abilities", "has" if kind == "with" else "lacks", _KEYWORD_WORDS[c])
    first = c.split()[0] if c.split() else c
    if first in ("power", "toughness", "mana"):
        raise SelectorError(
            Phrase(
                N_("'{phrase}' in '{raw}' compares a number without a known form (use {forms}...)"),
                phrase=f"{kind} {c}",
                raw=raw,
                forms=f"'{first} N or less', '{first} N or greater', '{first} less than N'",
            ),
            first,
            None,
            _find_word(raw, first, at),
        )
    choices = [*_KEYWORD_WORDS.values(), "no abilities", "power", "toughness", "mana value"]
    hint = suggest_close(c, [x.lower() for x in choices])
    pos = raw.lower().rfind(c)
    pos = pos if pos >= at else _find_word(raw, c.split()[0] if c else c, at)
    n = len(raw[:pos].split()) + 1 if pos >= 0 else 0
    more = ", 'with no abilities', 'with power 2 or less'" if kind == "with" else ""
    examples = f"'{kind} flying'" + more
    raise SelectorError(
        Phrase(
            N_(
                "'{word}' (word {n}, character {at}) in '{raw}' is not a keyword ability selectors know "
                "after '{kind}' (e.g. {examples})"
            ),
            word=c,
            n=n,
            at=pos + 1,
            raw=raw,
            kind=kind,
            examples=examples,
        ),
        c,
        hint,
        pos,
    )


def _parse_part(chunk: str, raw: str = "", at: int = 0) -> Part:
    raw = raw or chunk
    if chunk.strip().startswith("@"):  # "@bears": the object with this id (or card name)
        return Part(special="named", name=chunk.strip()[1:])
    low = chunk.lower().strip()
    if low in _SPECIALS:
        special = _SPECIALS[low]
        attached = _attached_type(low) if special in ("enchanted", "equipped") else ()
        return Part(special=special, conds=attached)
    words_all = low.split()
    quantified = False
    while words_all and words_all[0] in _QUANTIFIERS:
        words_all = words_all[1:]
        quantified = True
    rest = " ".join(words_all)
    top = _TOP_OF_GRAVEYARD.fullmatch(rest)
    if top:
        # 404.2: "the top card of your graveyard": a graveyard is a pile in order, the card put
        # there last on top (the engine marks it: Obj.on_top)
        owner = "you" if top.group(1) == "your" else None
        return Part(conds=(Cond("on_top", "is", True),), zone="graveyard", zone_owner=owner)
    if rest in _SPECIALS:
        special = _SPECIALS[rest]
        attached = _attached_type(rest) if special in ("enchanted", "equipped") else ()
        return Part(special=special, conds=attached)
    several = _ATTACHED_TYPES.fullmatch(rest)
    if several:
        return Part(special=several.group(1), conds=_attached_type(rest))
    conds: list[Cond] = []
    extra: dict[str, Any] = {}
    structured = quantified
    m = _COUNTER_RE.search(" " + rest)
    if m:
        conds.append(Cond("counters", "has", _counter_kind(m.group(1))))
        rest = (" " + rest)[: m.start()].strip()
        structured = True
    rest, more = _strip_suffixes(rest, extra)
    structured = structured or bool(more) or bool(extra)
    conds.extend(more)
    w = _WITH_RE.search(rest)
    if w:
        conds.append(_with_clause(w.group(1), w.group(2), raw, at))
        rest = rest[: w.start()].strip()
        rest, more = _strip_suffixes(rest, extra)
        conds.extend(more)
        structured = True
    rest = re.sub(r"\btime lord(s?)\b", r"time~lord\1", rest)
    words = rest.split()
    other = False
    if words and words[0] in ("other", "another"):
        other = True
        words = words[1:]
        structured = True
    if not words:
        raise SelectorError(
            Phrase(
                N_("'{chunk}' names no kind of object (e.g. {examples})"),
                chunk=chunk,
                examples="'creatures', 'lands'",
            )
        )
    noun_zone: str | None = None
    body: list[Cond] = []
    unknown: list[str] = []
    for i, word in enumerate(words):
        last = i == len(words) - 1
        cond, zone = _word_cond(word, last)
        if cond is None and zone is None:
            unknown.append(word)
            continue
        if zone is not None:
            noun_zone = zone
        if cond is not None:
            body.append(cond)
    if unknown:
        typed = structured or noun_zone is not None or any(c.attr == "types" for c in body)
        if not typed:
            return _named_or_error(chunk, unknown[0], raw, at)
        named = next((u for u in unknown if u not in _GRAMMAR), unknown[0])
        raise _unknown(_original(chunk, named), raw, at)
    zone = extra.get("zone") or noun_zone or "battlefield"
    if noun_zone == "stack" and "zone" not in extra:
        zone = "stack"
    return Part(conds=tuple(body + conds), other=other, zone=zone, zone_owner=extra.get("zone_owner"))


def _original(chunk: str, word: str) -> str:
    """``word`` (lowercased by the parser) as the author spelt it in ``chunk``."""
    w = word.replace("~", " ")
    m = re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", chunk, flags=re.I)
    return m.group(0) if m else w


def _strip_suffixes(rest: str, extra: dict[str, Any]) -> tuple[str, list[Cond]]:
    conds: list[Cond] = []
    changed = True
    while changed:
        changed = False
        for suffix, sconds, skw in _SUFFIXES_LONGEST_FIRST:
            if rest.endswith(" " + suffix) or rest == suffix:
                rest = rest[: -len(suffix)].strip()
                conds.extend(sconds)
                extra.update(skw)
                changed = True
    return rest, conds


def _named_or_error(chunk: str, word: str, raw: str = "", at: int = 0) -> Part:
    original = chunk.strip()
    single_token = " " not in original and original.lower() not in _vocab()
    if original[:1].isupper() or original[:1].isdigit() or "-" in original or "_" in original or single_token:
        # A capitalised phrase the grammar does not know: an object id or card name.
        return Part(special="named", name=original)
    raise _unknown(_original(chunk, word), raw or chunk, at)


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
    if w in ("face-down", "face-up"):  # 708.2: a face-down permanent ("face-down creatures you control")
        return Cond("face_down", "is", w == "face-down"), None
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


def _counter_kind(word: str) -> str:
    """A counter kind a selector or a condition names, as :func:`counter_name` writes it; a
    power/toughness-like kind with mixed signs (``+1/-1``) is no counter of the rules (122.1a), as
    the loader refuses it in ``counters:``, so a phrase naming it is refused too."""
    name = counter_name(word)
    if re.fullmatch(r"[+-]\d+/[+-]\d+", name) and pt_counter(name) is None:
        raise SelectorError(
            f"'{word}' is not a counter kind (122.1a: a power/toughness counter is +X/+Y or -X/-Y, "
            "both signs alike)",
            word,
        )
    return name


def parse_number(word: str) -> int | None:
    """A number word or digits (``two``, ``3``, ``-1``), else None. Digits are bounded as a number
    written in the file is (``limits.MAX_INT_DIGITS``): more is a :class:`SelectorError`, so a
    number inside a phrase can neither slip past the bound nor reach ``int()``'s 4,300-digit limit."""
    w = word.lower().lstrip("+")
    if re.fullmatch(r"-?\d+", w):
        digits = len(w.lstrip("-"))
        if digits > limits.MAX_INT_DIGITS:
            raise SelectorError(
                f"a number of {digits:,} digits is too large (at most {limits.MAX_INT_DIGITS} digits)",
                word[:20],
            )
        return int(w)
    return NUMBER_WORDS.get(w)


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


_COMPARE_OPS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt, "==": operator.eq}


def compare(value: int, op: str, bound: int) -> bool:
    """``value <op> bound`` for a target rule operator (:class:`rulekit.mtg.expressions.TargetRule`).

    >>> compare(5, "<=", 2), compare(5, "<=", 5), compare(1, ">", 0), compare(3, "==", 3)
    (False, True, True, True)
    """
    return _COMPARE_OPS.get(op, operator.eq)(value, bound)


# ---------------------------------------------------------------------------------- conditions
@dataclass(frozen=True)
class Condition:
    """A "for as long as"/"as long as" clause: ``kind`` is ``on_battlefield``, ``tapped``,
    ``untapped``, ``controls``, ``count_at_least`` (``n`` and ``selector``) or ``has_counter``
    ("it has a time counter on it": ``counter`` is the kind; ``obj`` ``"it"`` is the effect's
    first target, else its source).

    >>> c = parse_condition("for as long as it has a time counter on it")
    >>> c.kind, c.obj, c.counter
    ('has_counter', 'it', 'time')
    """

    kind: str
    obj: str = "this"
    n: int = 0
    selector: Selector | None = None
    text: str = ""
    counter: str = ""

    @property
    def reads(self) -> frozenset[str]:
        if self.selector is not None:
            return self.selector.reads | {"zone"}
        if self.kind == "controls":
            return frozenset({"controller"})
        if self.kind == "has_counter":
            return frozenset({"counters"})
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
    m = re.fullmatch(
        r"(.+?) has (?:a|an|one or more) ([\w+/\-\u2212]+) counters? on (?:it|them)", raw, flags=re.I
    )
    if m:
        who = m.group(1).strip()
        return Condition(
            "has_counter",
            "it" if who.lower() == "it" else _objref(who),
            text=raw,
            counter=_counter_kind(m.group(2)),
        )
    m = re.fullmatch(r"(.+?) (?:remains|is) on the battlefield", raw, flags=re.I)
    if m:
        return Condition("on_battlefield", _objref(m.group(1)), text=raw)
    m = re.fullmatch(r"(.+?) (?:remains|is|stays) (tapped|untapped)", raw, flags=re.I)
    if m:
        return Condition(m.group(2).lower(), _objref(m.group(1)), text=raw)
    m = re.fullmatch(r"(.+?) is (?:a|an) (\w+)(?: card)?", raw, flags=re.I)
    if m and m.group(2).lower() in _CARD_TYPE_WORDS:
        # "as long as enchanted permanent is a creature": the object, if it has that type now;
        # "as long as the top card of your graveyard is a creature card" (Volrath's Shapeshifter)
        sel = parse_selector(m.group(1))
        typed = Cond("types", "has", _CARD_TYPE_WORDS[m.group(2).lower()])
        parts = tuple(replace(p, conds=(*p.conds, typed)) for p in sel.parts)
        sel = Selector(sel.text, parts, sel.reads | {"types"})
        return Condition("count_at_least", n=1, selector=sel, text=raw)
    m = re.fullmatch(r"you control (\S+) or more (.+)", raw, flags=re.I)
    if m:
        n = parse_number(m.group(1))
        if n is None:
            raise SelectorError(Phrase(N_("'{value}' is not a number"), value=m.group(1)), m.group(1))
        return Condition(
            "count_at_least", n=n, selector=parse_selector(m.group(2) + " you control"), text=raw
        )
    m = re.fullmatch(r"you control (.+)", raw, flags=re.I)
    if m:
        return Condition("controls", _objref(m.group(1)), text=raw)
    raise SelectorError(
        Phrase(
            N_("'{raw}' is not a condition (use {forms})"),
            raw=raw,
            forms="'<object> remains on the battlefield', '<object> remains tapped', 'you control <object>', "
            "'you control N or more <selector>', 'it has a <kind> counter on it'",
        ),
        raw,
    )


__all__ += ["compare", "singular"]
