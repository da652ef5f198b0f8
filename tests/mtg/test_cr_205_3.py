"""CR 205.3: the type lists of ``rulekit/data/mtg/types.yaml`` equal the Comprehensive Rules' lists
word for word.

``tests/mtg/data/cr-205-3.txt`` is a copy of the rules' own sentences (205.3g artifact, 205.3h
enchantment, 205.3i land, 205.3j planeswalker, 205.3k spell, 205.3m creature, 205.3q battle types),
kept apart from the data the engine reads, so that a word missing from (or added to) either side
fails here. Before this test, Cephalid, Naga and Viashino (205.3m) were refused as unknown words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulekit.mtg import vocab
from rulekit.mtg.selectors import parse_selector

CR_TEXT = Path(__file__).resolve().parent / "data" / "cr-205-3.txt"

#: rule number -> the vocabulary's list for it
FAMILIES = {
    "205.3g": vocab.ARTIFACT_TYPES,
    "205.3h": vocab.ENCHANTMENT_TYPES,
    "205.3i": vocab.LAND_TYPES,
    "205.3j": vocab.PLANESWALKER_TYPES,
    "205.3k": vocab.SPELL_TYPES,
    "205.3m": vocab.CREATURE_TYPES,
    "205.3q": vocab.BATTLE_TYPES,
}


def _cr_lists() -> dict[str, list[str]]:
    """Each rule's list, read from its sentence "The ... types are A, B, ..., and Z." """
    out: dict[str, list[str]] = {}
    for para in CR_TEXT.read_text(encoding="utf-8").split("\n\n"):
        para = " ".join(para.split())
        m = re.match(r"(205\.3[a-z]) .*? The [a-z ]+ (?:types are|type is) (.*)\.$", para)
        assert m, para[:60]
        words = [w.strip() for w in re.split(r", (?:and )?| and ", m.group(2))]
        out[m.group(1)] = words
    return out


def test_the_copy_of_the_rules_has_every_list() -> None:
    assert set(_cr_lists()) == set(FAMILIES)


@pytest.mark.parametrize("rule", sorted(FAMILIES))
def test_type_list_equals_the_rules(rule: str) -> None:
    cr = _cr_lists()[rule]
    ours = FAMILIES[rule]
    assert len(cr) == len(set(cr))
    missing = sorted(set(cr) - set(ours))
    extra = sorted(set(ours) - set(cr))
    assert (missing, extra) == ([], []), f"{rule}: missing {missing}, not in the CR {extra}"


@pytest.mark.parametrize("word", ["Cephalid", "Naga", "Viashino"])
def test_creature_types_refused_before_are_words(word: str) -> None:
    assert vocab.subtype_family(word) == "creature"
    sel = parse_selector(f"{word} creatures you control")
    assert sel is not None


@pytest.mark.parametrize("text", ["Viashino creatures you control", "other Cephalids", "Naga you control"])
def test_language_md_examples(text: str) -> None:
    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    assert f"`{text}`" in doc
    assert parse_selector(text) is not None
