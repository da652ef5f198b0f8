"""Mutation test of the Oracle reader: changing a meaningful word of a library text that reads
-- a number, a type, a keyword, "other", "you control" -- changes the reading or is refused; it is never
read the same. Every library text that reads as its data is mutated in every way that applies."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from rulekit.mtg import vocab
from rulekit.mtg.oracle import Reading, read_ability
from rulekit.mtg.oracle.compare import same
from rulekit.mtg.oracle.measure import measure

_NUMBER_WORDS = {
    "one": "two",
    "two": "three",
    "three": "four",
    "four": "five",
    "five": "six",
    "six": "seven",
    "seven": "eight",
}


def _pt(text: str) -> Iterator[str]:
    """Each number of a "+N/+N" or "N/N" changed by one."""
    for m in re.finditer(r"(?<![{\d])(\d)(?=/|\b)", text):
        if "/" not in text[max(0, m.start() - 3) : m.end() + 3]:
            continue
        d = int(m.group(1))
        yield text[: m.start()] + str(d + 1 if d < 9 else d - 1) + text[m.end() :]


def _number_word(text: str) -> Iterator[str]:
    for m in re.finditer(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", text):
        yield text[: m.start()] + _NUMBER_WORDS[m.group(1)] + text[m.end() :]


_SUBTYPES = sorted(set(vocab.SUBTYPES) - {"Time Lord"}, key=len, reverse=True)


def _subtype(text: str) -> Iterator[str]:
    """A subtype word changed for another of its family (Elf -> Goblin, Forest -> Island)."""
    for m in re.finditer(r"\b(" + "|".join(map(re.escape, _SUBTYPES)) + r")\b", text):
        word = m.group(1)
        family = vocab.SUBTYPE_FAMILIES[vocab.subtype_family(word)]
        other = next(w for w in (family[0], family[1]) if w != word)
        yield text[: m.start()] + other + text[m.end() :]


_KEYWORDS = [
    "flying",
    "trample",
    "haste",
    "vigilance",
    "lifelink",
    "deathtouch",
    "hexproof",
    "shroud",
    "first strike",
    "double strike",
    "indestructible",
    "reach",
    "menace",
]


def _keyword(text: str) -> Iterator[str]:
    for m in re.finditer(r"\b(" + "|".join(_KEYWORDS) + r")\b", text, flags=re.I):
        word = m.group(1).lower()
        other = _KEYWORDS[(_KEYWORDS.index(word) + 1) % len(_KEYWORDS)]
        yield text[: m.start()] + other + text[m.end() :]


def _other(text: str) -> Iterator[str]:
    for m in re.finditer(r"\b[Oo]ther ", text):
        if text[m.start() - 4 : m.start()].lower() in ("its ", "eir "):  # "in addition to its other types"
            continue
        yield text[: m.start()] + text[m.end() :]


def _you_control(text: str) -> Iterator[str]:
    for m in re.finditer(r"\byou control\b", text):
        yield text[: m.start()] + "your opponents control" + text[m.end() :]


MUTATIONS: dict[str, Callable[[str], Iterator[str]]] = {
    "number": _pt,
    "number word": _number_word,
    "type": _subtype,
    "keyword": _keyword,
    "other": _other,
    "you control": _you_control,
}


def _same_reading(a: Reading, b: Reading) -> bool:
    """Read the same: same status and kind, the same spec (in meaning), and the same cost, trigger and
    located notes (a part kept as plain text is shown, so a change there shows)."""
    return (
        a.status == b.status == "read"
        and a.kind == b.kind
        and same(a.spec, b.spec)
        and a.prefix == b.prefix
        and [n[2] for n in a.notes] == [n[2] for n in b.notes]
        and a.printed == b.printed
    )


@pytest.fixture(scope="module")
def read_cases() -> list:  # type: ignore[type-arg]
    return [c for c in measure() if c.same]


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_meaningful_change_is_never_read_the_same(read_cases: list, kind: str) -> None:  # type: ignore[type-arg]
    tried = 0
    for c in read_cases:
        rules_text = re.sub(r"\s*\([^()]*\)", "", c.text)  # reminder text is not rules text (207.2)
        for mutant in MUTATIONS[kind](rules_text):
            r = read_ability(mutant, c.card)
            tried += 1
            assert not _same_reading(r, c.reading), (
                c.card,
                mutant,
            )
    assert tried >= 5, (kind, tried)


@pytest.mark.parametrize("kind", list(MUTATIONS))
def test_a_meaningful_change_of_an_outsider_text_is_never_read_the_same(kind: str) -> None:
    """The same on the cards not in the library (tests/mtg_library/test_oracle_outsiders.py): every
    modelled outsider ability that reads, mutated in every way that applies (not inside the card's own name,
    which names the card, 201.5: "Dragon Whelp" holds no creature type)."""
    from .test_oracle_outsiders import MODELLED, lines, reading

    tried = 0
    for case in MODELLED:
        base = reading(case.card, case.line)
        if base.status != "read":
            continue
        rules_text = re.sub(r"\s*\([^()]*\)", "", lines(case.card)[case.line]).replace(case.card, "\x00")
        for mutant in MUTATIONS[kind](rules_text):
            mutant = mutant.replace("\x00", case.card)
            assert not _same_reading(read_ability(mutant, case.card), base), (case.card, mutant)
            tried += 1
    assert tried >= (0 if kind == "number word" else 3), (kind, tried)
