"""Words of the game: card types, supertypes, subtypes, colours, basic land types (CR 205, 305.6).

These lists let the engine sort a word into card type / subtype / supertype (205.1-205.4),
recognise a colour word (105.1), and know each basic land type's intrinsic mana ability
(305.6). They are vocabulary, not card rules. The type lists themselves are data:
``rulekit/data/mtg/types.yaml`` holds every card type, supertype and subtype of CR 205 (every
creature type of 205.3m, land type of 205.3i, ...) and the irregular plurals selectors use;
this module reads it once.

>>> "Sliver" in CREATURE_TYPES and "Elk" in CREATURE_TYPES and "Time Lord" in CREATURE_TYPES
True
>>> plural("Mouse"), plural("Octopus"), plural("Sphinx"), plural("Dwarf"), plural("Merfolk")
('Mice', 'Octopuses', 'Sphinxes', 'Dwarves', 'Merfolk')
>>> subtype_family("Juggernaut"), subtype_family("Town"), subtype_family("Siege")
('creature', 'land', 'battle')
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml


def _read_types() -> dict[str, Any]:
    path = Path(__file__).resolve().parent.parent / "data" / "mtg" / "types.yaml"
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with path.open(encoding="utf-8") as fh:
        data: dict[str, Any] = yaml.load(fh, Loader=loader)  # noqa: S506 - a safe loader
    return data


_TYPES = _read_types()
#: Which edition of the Comprehensive Rules the type lists follow (types.yaml ``edition``).
CR_EDITION: str = _TYPES["edition"]
#: CR 205.2a card types.
CARD_TYPES: tuple[str, ...] = tuple(_TYPES["card_types"])
#: CR 205.4a supertypes.
SUPERTYPES: tuple[str, ...] = tuple(_TYPES["supertypes"])
#: CR 105.1 colours, lowercase English (the JSON contract's spelling).
COLORS = ("white", "blue", "black", "red", "green")
#: CR 305.6: basic land types and their intrinsic "{T}: Add {X}." abilities.
BASIC_LAND_TYPES = {
    "Plains": "{T}: Add {W}.",
    "Island": "{T}: Add {U}.",
    "Swamp": "{T}: Add {B}.",
    "Mountain": "{T}: Add {R}.",
    "Forest": "{T}: Add {G}.",
}
_SUB: dict[str, list[str]] = _TYPES["subtypes"]
#: CR 205.3i land types (basic ones first).
LAND_TYPES: tuple[str, ...] = (*BASIC_LAND_TYPES, *(t for t in _SUB["land"] if t not in BASIC_LAND_TYPES))
#: CR 205.3g artifact types.
ARTIFACT_TYPES: tuple[str, ...] = tuple(_SUB["artifact"])
#: CR 205.3h enchantment types.
ENCHANTMENT_TYPES: tuple[str, ...] = tuple(_SUB["enchantment"])
#: CR 205.3k spell types.
SPELL_TYPES: tuple[str, ...] = tuple(_SUB["spell"])
#: CR 205.3j planeswalker types.
PLANESWALKER_TYPES: tuple[str, ...] = tuple(_SUB["planeswalker"])
#: CR 205.3m creature types: every one ("Time Lord" is the only two-word type).
CREATURE_TYPES: tuple[str, ...] = tuple(_SUB["creature"])
#: CR 205.3q battle types.
BATTLE_TYPES: tuple[str, ...] = tuple(_SUB["battle"])
#: CR 309 dungeon types.
DUNGEON_TYPES: tuple[str, ...] = tuple(_SUB["dungeon"])
#: Every subtype, by family (205.3): the family a subtype belongs to is the card type it goes with.
SUBTYPE_FAMILIES: dict[str, tuple[str, ...]] = {
    "land": LAND_TYPES,
    "artifact": ARTIFACT_TYPES,
    "enchantment": ENCHANTMENT_TYPES,
    "planeswalker": PLANESWALKER_TYPES,
    "spell": SPELL_TYPES,
    "battle": BATTLE_TYPES,
    "dungeon": DUNGEON_TYPES,
    "creature": CREATURE_TYPES,
}
SUBTYPES: tuple[str, ...] = (
    *LAND_TYPES,
    *ARTIFACT_TYPES,
    *ENCHANTMENT_TYPES,
    *SPELL_TYPES,
    *PLANESWALKER_TYPES,
    *BATTLE_TYPES,
    *DUNGEON_TYPES,
    *CREATURE_TYPES,
)
#: CR 122.1a: the power/toughness counter kinds, "+X/+Y" or "-X/-Y" (both signs alike), written as
#: the rules write them (+1/+1, +1/+0, +0/+1, +2/+2, -1/-1, -0/-1, -1/-0, -2/-2 ...). A minus sign
#: typed as U+2212 is read as "-".
_PT_COUNTER_RE = re.compile(r"([+-])(\d{1,3})/([+-])(\d{1,3})")


def counter_name(kind: str) -> str:
    """A counter kind as the rules write it: a power/toughness kind in its 122.1a form (ASCII signs,
    no leading zeros); any other kind unchanged.

    >>> counter_name("\u22120/\u22121"), counter_name("+01/+0"), counter_name("time")
    ('-0/-1', '+1/+0', 'time')
    """
    k = kind.strip().replace("\u2212", "-")
    m = _PT_COUNTER_RE.fullmatch(k)
    if m is None:
        return kind
    return f"{m.group(1)}{int(m.group(2))}/{m.group(3)}{int(m.group(4))}"


def pt_counter(kind: str) -> tuple[int, int] | None:
    """122.1a: what one counter of this kind adds to power and toughness, or ``None`` when the kind
    is not a power/toughness counter (a "+X/+Y" counter adds X and Y, a "-X/-Y" one subtracts;
    mixed signs are no counter of the rules).

    >>> pt_counter("+1/+1"), pt_counter("-0/-2"), pt_counter("+1/+2"), pt_counter("-2/-1")
    ((1, 1), (0, -2), (1, 2), (-2, -1))
    >>> pt_counter("+1/-1"), pt_counter("loyalty")
    (None, None)
    """
    m = _PT_COUNTER_RE.fullmatch(counter_name(kind))
    if m is None or m.group(1) != m.group(3):
        return None
    sign = 1 if m.group(1) == "+" else -1
    return sign * int(m.group(2)), sign * int(m.group(4))


#: CR 702: keyword abilities that are activated abilities ("Equip is an activated ability of
#: Equipment cards", 702.6a), by keyword, with the rule that says so. A keyword written bare
#: ("Equip {2}") or with its reminder text is then an activated ability (602.1) for "has all
#: activated abilities of" and for selectors. Keywords that are static or triggered abilities, or
#: special actions (morph's turning face up, 702.37, 116.2b; foretell, plot), are not here; nor
#: ability words such as channel (207.2c). "<type>cycling" (landcycling, Swampcycling...) is cycling
#: (702.29e).
ACTIVATED_KEYWORDS: dict[str, str] = {
    "equip": "702.6a",
    "cycling": "702.29a",
    "ninjutsu": "702.49a",
    "commander ninjutsu": "702.49d",
    "transmute": "702.53a",
    "forecast": "702.57a",
    "aura swap": "702.65a",
    "fortify": "702.67a",
    "transfigure": "702.71a",
    "reinforce": "702.77a",
    "unearth": "702.84a",
    "level up": "702.87a",
    "bloodrush": "702.92a",
    "scavenge": "702.97a",
    "outlast": "702.107a",
    "crew": "702.122a",
    "embalm": "702.128a",
    "eternalize": "702.129a",
    "encore": "702.141a",
    "reconfigure": "702.151a",
    "craft": "702.167a",
    "saddle": "702.171a",
    "station": "702.184a",
}
_ACTIVATED_KEYWORD_RE = re.compile(
    r"(?:("
    + "|".join(sorted((re.escape(k) for k in ACTIVATED_KEYWORDS), key=len, reverse=True))
    + r")|((?:basic )?[a-z']*cycling))"
    # then its cost, number or reminder text (a quality may come first: "Equip Knight {1}")
    + r"(?=\s*(?:$|[{(\d\u2014-]|(?:[a-z']+ ){1,2}\{))",
    re.I,
)


def activated_keyword(text: str) -> str | None:
    """The keyword of 702 that makes this ability an activated ability ("equip", "cycling"...),
    whether written bare or with its cost and reminder text, else ``None``.

    >>> kw = activated_keyword
    >>> kw("Equip {2}"), kw("Cycling {2} ({2}, Discard this card: Draw a card.)")
    ('equip', 'cycling')
    >>> kw("Swampcycling {2}"), kw("Level up {1}{W}"), kw("Flying")
    ('cycling', 'level up', None)
    >>> kw("Equip legendary creature {3}"), kw("Crew 3"), kw("Morph {2}")
    ('equip', 'crew', None)
    >>> activated_keyword("Equip abilities you activate cost {1} less to activate.")
    >>> activated_keyword("Whenever you cycle a card, draw a card.")
    """
    m = _ACTIVATED_KEYWORD_RE.match(text.strip())
    if m is None:
        return None
    return m.group(1).lower() if m.group(1) else "cycling"


#: Shown among subtypes for an object that has every creature type (Changeling, Mutavault).
ALL_CREATURE_TYPES = "(all creature types)"
ZONES = ("battlefield", "graveyard", "hand", "library", "exile", "stack", "command")
#: Where a card may be face down (708.2: a face-down permanent or spell; 406.3: exiled face down);
#: a graveyard is a public zone whose cards are face up (400.2), a hand or library hides them.
FACE_DOWN_ZONES = ("battlefield", "stack", "exile")
#: The keys of an ability that hold its effect (LANGUAGE.md §2): a static ability, a spell or ability
#: that resolves, a characteristic-defining ability (604.3).
EFFECT_KINDS = ("static", "resolves", "cda")
#: Keyword abilities the loader recognises (spelled as printed); other strings are rules text.
KEYWORDS = (
    "Deathtouch",
    "Defender",
    "Double strike",
    "First strike",
    "Flash",
    "Flying",
    "Haste",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Reach",
    "Shroud",
    "Split second",
    "Trample",
    "Vigilance",
    "Changeling",
    "Infect",
    "Mountainwalk",
    "Islandwalk",
    "Swampwalk",
    "Forestwalk",
    "Plainswalk",
    "Enchant creature",
    "Enchant land",
    "Enchant permanent",
    "Morph",
)
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "zero": 0,
}


def type_kind(word: str) -> str:
    """``"types"``, ``"supertypes"`` or ``"subtypes"`` for a type word (205.1).

    >>> type_kind("Creature"), type_kind("Legendary"), type_kind("Goblin")
    ('types', 'supertypes', 'subtypes')
    """
    if word in CARD_TYPES:
        return "types"
    if word in SUPERTYPES:
        return "supertypes"
    return "subtypes"


def subtype_family(word: str) -> str:
    """Which card type a subtype belongs to (205.3): ``land``, ``creature``, ``artifact``...

    >>> subtype_family("Forest"), subtype_family("Aura"), subtype_family("Sliver")
    ('land', 'enchantment', 'creature')
    """
    fam = _FAMILY_OF.get(word)
    return fam if fam is not None else "creature"


_FAMILY_OF: dict[str, str] = {}
for _fam in ("creature", "dungeon", "battle", "spell", "planeswalker", "enchantment", "artifact", "land"):
    for _w in SUBTYPE_FAMILIES[_fam]:
        _FAMILY_OF[_w] = _fam  # the lists of 205.3 are disjoint; none is overwritten

_IRREGULAR: dict[str, str] = dict(_TYPES["irregular_plurals"])
for _w in _TYPES["same_plural"]:
    _IRREGULAR[_w] = _w
_SINGULAR = {v: k for k, v in _IRREGULAR.items()}


def plural(word: str) -> str:
    """English plural of a type word: ``Goblin -> Goblins``, ``Elf -> Elves`` (types.yaml lists
    the irregular ones).

    >>> plural("Goblin"), plural("Ally"), plural("Fox"), plural("Kithkin"), plural("Time Lord")
    ('Goblins', 'Allies', 'Foxes', 'Kithkin', 'Time Lords')
    """
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def singular(word: str) -> str:
    """Inverse of :func:`plural` for the words above (best effort)."""
    if word in _SINGULAR:
        return _SINGULAR[word]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


#: Every word of the type vocabulary (any case, singular or plural) -> its canonical spelling.
_KNOWN: dict[str, str] = {}
for _w in (*CARD_TYPES, *SUPERTYPES, *SUBTYPES, *KEYWORDS, *COLORS):
    _KNOWN[_w.lower()] = _w
    _KNOWN[plural(_w).lower()] = _w


def is_known_word(word: str) -> bool:
    """Whether ``word`` (any case, singular or plural) is a real type, supertype, colour or keyword.

    >>> is_known_word("Elk"), is_known_word("elves"), is_known_word("Slivr")
    (True, True, False)
    """
    return word.lower() in _KNOWN


def suggest_close(word: str, choices: Iterable[str], cutoff: float = 0.75) -> str | None:
    """A close spelling of an unknown ``word`` among ``choices``, or ``None``.

    Never suggests anything for a word that is itself real (a real type that doesn't fit here must
    not be "corrected" into a different real type: Elk is not a misspelt Elf), and only suggests
    spellings at least ``cutoff`` alike (so "with" is never "white"). A plural of a known singular
    is suggested in its right spelling ("Elfs" -> "Elves").

    >>> suggest_close("Slivr", CREATURE_TYPES), suggest_close("Elk", ["Elf"])
    ('Sliver', None)
    >>> suggest_close("with", ["white", "blue"]) is None
    True
    >>> suggest_close("Elfs", ["Elf", "Elves", "Goblins"])
    'Elves'
    """
    if is_known_word(word):
        return None
    options = list(choices)
    lowered = {c.lower(): c for c in options}
    base = singular(word.strip())
    if base.lower() in _KNOWN and word.lower() != base.lower():
        right = plural(_KNOWN[base.lower()])
        if right.lower() in lowered:
            return lowered[right.lower()]
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=cutoff)
    return lowered[hits[0]] if hits else None


def rewrite_words(text: str, old: str, new: str) -> str:
    """Replace a word and its plural inside ``text`` (layer 3 text change, 612.2).

    >>> rewrite_words("Other Goblin creatures you control get +1/+1.", "Goblin", "Elf")
    'Other Elf creatures you control get +1/+1.'
    >>> rewrite_words("Swamps you control", "Swamp", "Island")
    'Islands you control'

    A land type is also the land type of a landwalk keyword (702.14), Magical Hack's own example:

    >>> rewrite_words("Swampwalk; other creatures have swampwalk.", "Swamp", "Plains")
    'Plainswalk; other creatures have plainswalk.'
    """
    if not old:
        return text
    pairs = [(plural(old), plural(new)), (old, new)]
    if old.islower():
        pairs.append((old.capitalize(), new.capitalize()))
        pairs.append((plural(old).capitalize(), plural(new).capitalize()))
    if old in LAND_TYPES:
        for a, b in ((old, new), (old.lower(), new.lower())):
            pairs.append((f"{a}walk", f"{b}walk"))
    out = text
    for a, b in pairs:
        out = re.sub(rf"(?<![\w-]){re.escape(a)}(?![\w])", b, out)
    return out
