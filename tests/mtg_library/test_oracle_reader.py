"""The Oracle reader (rulekit/mtg/oracle) against the library's parallel corpus, and its refusals.

Every library ability with a continuous effect has its Oracle ``text:`` beside its data: the reader reads
the text and the result is compared with the data (same meaning: ``rulekit.mtg.oracle.compare``), and
for static abilities and CDAs also by solving a small board with each. The abilities that differ are listed
with a reason in ``data/oracle-differences.yaml``; the list is checked both ways.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekit import mtg
from rulekit.errors import RulekitError
from rulekit.mtg.loader import library
from rulekit.mtg.oracle import read_ability, read_text
from rulekit.mtg.oracle.compare import same
from rulekit.mtg.oracle.measure import measure

DIFFS = Path(__file__).parent / "data" / "oracle-differences.yaml"
REASONS = {"template not read yet", "one of two kinds"}


@pytest.fixture(scope="module")
def cases() -> list[Any]:
    return measure()


def _listed() -> dict[str, str]:
    doc = yaml.safe_load(DIFFS.read_text(encoding="utf-8"))
    return {d["card"]: d["reason"] for d in doc["differences"]}


def test_every_difference_is_listed_with_a_reason(cases: list[Any]) -> None:
    listed = _listed()
    assert set(listed.values()) <= REASONS
    differ = {c.card for c in cases if not c.same}
    assert differ - set(listed) == set(), "differs but not listed"
    assert set(listed) - differ == set(), "listed but now read the same: remove it from the list"


def test_unread_ones_are_listed_as_not_read_yet(cases: list[Any]) -> None:
    listed = _listed()
    for c in cases:
        if c.reading.status != "read":
            assert listed[c.card] in ("template not read yet", "one of two kinds"), c.card
            assert c.reading.status == "unread"  # never plain: it is a continuous effect
            assert 0 <= c.reading.position < len(c.text) and c.reading.phrase


def test_library_rate(cases: list[Any]) -> None:
    """The rate the reader reaches (the issue's target is 95 %); it may only go up."""
    rate = sum(c.same for c in cases) / len(cases)
    assert len(cases) >= 370
    assert rate >= 0.95


_CHOICES = {"color": "blue", "creature type": "Bear", "basic land type": "Island", "object": "bears"}


def _board(card: str, ability: dict[str, Any] | str, kind: str) -> str:
    """A small board: the card (its library definition with only this ability), Grizzly Bears, a Forest and
    a Mountain; a resolving ability resolves targeting the Bears."""
    lib = library()[card]
    keep = ("mana_value", "types", "subtypes", "supertypes", "colors", "power", "toughness", "loyalty")
    obj = {k: v for k, v in lib.items() if k in keep}
    ab = dict(ability) if isinstance(ability, dict) else {"text": ability}
    ab["key"] = "read"
    wanted = set(re.findall(r"\{chosen ([a-z ]+)\}", json.dumps(ab)))
    choices = {k: v for k, v in _CHOICES.items() if k in wanted}
    objects = [
        {"id": "me", "name": card, **obj, "abilities": [ab], "controller": "Ann", "choices": choices},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Bo"},
        {"id": "forest", "card": "Forest", "controller": "Ann"},
        {"id": "mountain", "card": "Mountain", "controller": "Bo"},
    ]
    events: list[Any] = [{"enter": ["me", "bears", "forest", "mountain"]}]
    if kind == "resolves":
        events.append({"resolve": {"source": "me", "ability": "read", "targets": ["bears"], "x": 2}})
    return yaml.safe_dump({"game": "mtg", "players": ["Ann", "Bo"], "objects": objects, "events": events})


def _final(card: str, ability: Any, kind: str) -> Any:
    trace = mtg.solve(mtg.scenario_from_text(_board(card, ability, kind), "<oracle>"))
    return {oid: v.to_json_dict() for oid, v in trace.final.items()}


def test_read_abilities_load_and_solve_as_the_data(cases: list[Any]) -> None:
    """Every reading that equals the data goes through the loader and solves a small board the same
    (the stronger check); a board the loader refuses for both is skipped (counted below)."""
    checked = refused = 0
    for c in cases:
        if not c.same:
            continue
        mine = {"text": c.text, c.kind: c.reading.spec}
        theirs = {"text": c.text, c.kind: c.spec}
        try:
            want = _final(c.card, theirs, c.kind)
        except RulekitError:
            refused += 1
            continue
        assert _final(c.card, mine, c.kind) == want, c.card
        checked += 1
    assert checked >= 300, (checked, refused)


# ------------------------------------------------------------------ what is not a continuous effect
@pytest.mark.parametrize(
    "text",
    [
        "{T}: Add {G}.",
        "Flying",
        "First strike, vigilance",
        "When this creature enters, draw a card.",
        "Whenever a creature dies, you gain 1 life.",
        "Sacrifice this creature: Counter target spell.",
        "Draw two cards.",
    ],
)
def test_not_a_continuous_effect_is_plain_text(text: str) -> None:
    r = read_ability(text)
    assert r.status == "plain" and r.spec == {}


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("All creatures are blach.", "blach."),
        ("Other Elf creatures you control get +1/+1 and have flyng.", "flyng."),
        ("Creatures you control get +1/+1 while it rains.", "while it rains."),
        ("Enchanted creature gets +2/+2 for each Elf you control and sings.", "sings."),
    ],
)
def test_an_unread_continuous_effect_is_located(text: str, phrase: str) -> None:
    r = read_ability(text)
    assert r.status == "unread"
    assert r.phrase == phrase and text[r.position :].startswith(phrase)


def test_bad_input_is_one_error() -> None:
    for bad in ("", "   ", "x" * 5000):
        with pytest.raises(RulekitError):
            read_ability(bad)
    with pytest.raises(RulekitError):
        read_text("")


# ------------------------------------------------------------------ readings from the CR and rulings
@pytest.mark.parametrize(
    ("text", "kind", "spec"),
    [
        # 613.4c / lords: "other" excludes the source (LANGUAGE.md §4)
        (
            "Other Elf creatures you control get +1/+1.",
            "static",
            {"affects": "other Elf creatures you control", "modify_pt": {"power": 1, "toughness": 1}},
        ),
        (
            "Creatures your opponents control get -1/-0.",
            "static",
            {"affects": "creatures your opponents control", "modify_pt": {"power": -1, "toughness": 0}},
        ),
        # 205.1b "in addition to its other types"
        (
            "All permanents are enchantments in addition to their other types.",
            "static",
            {"affects": "all permanents", "type": {"add": ["Enchantment"]}},
        ),
        # 205.1b: "becomes an artifact creature" keeps every prior card type and subtype
        (
            "Target artifact becomes an artifact creature with base power and toughness 5/5.",
            "resolves",
            {
                "affects": "targets",
                "type": {"add": ["Artifact", "Creature"]},
                "set_pt": {"power": 5, "toughness": 5},
            },
        ),
        # 205.1a: an effect that sets card types replaces the old ones
        (
            "Enchanted permanent is a colorless Forest land.",
            "static",
            {
                "affects": "enchanted permanent",
                "type": {"set_types": ["Land"], "set_subtypes": ["Forest"]},
                "color": {"set": []},
            },
        ),
        # 305.7: a land made a basic land type loses its old land types
        ("Each land is a Forest.", "static", {"affects": "each land", "type": {"set_subtypes": ["Forest"]}}),
        (
            "Creatures with flying get -1/-1.",
            "static",
            {"affects": "creatures with flying", "modify_pt": {"power": -1, "toughness": -1}},
        ),
        (
            "Nontoken creatures you control have base power and toughness 3/3.",
            "static",
            {"affects": "nontoken creatures you control", "set_pt": {"power": 3, "toughness": 3}},
        ),
        (
            "Target creature gets +2/+2 until your next turn.",
            "resolves",
            {
                "affects": "targets",
                "duration": "until your next turn",
                "modify_pt": {"power": 2, "toughness": 2},
            },
        ),
        (
            "Each opponent's maximum hand size is reduced by two.",
            "static",
            {"players": "each opponent", "rules": {"max_hand_size": {"add": -2}}},
        ),
    ],
)
def test_readings(text: str, kind: str, spec: dict[str, Any]) -> None:
    r = read_ability(text)
    assert r.status == "read" and r.kind == kind
    assert same(r.spec, spec), r.spec


def test_card_text_reads_line_by_line() -> None:
    got = read_text("Flying\nOther Zombie creatures you control get +1/+1.\n{T}: Add {B}.", name="Lord")
    assert [r.status for r in got] == ["plain", "read", "plain"]


def test_the_card_name_is_the_card() -> None:
    r = read_ability("Kird Ape gets +1/+2 as long as you control a Forest.", name="Kird Ape")
    assert r.spec["affects"] == "this" and r.spec["condition"] == "you control one or more Forests"


def test_readings_are_deterministic(cases: list[Any]) -> None:
    again = measure()
    assert [c.reading.to_dict() for c in cases] == [c.reading.to_dict() for c in again]


@pytest.mark.parametrize(
    "text",
    [
        'All creatures have "{T}: Add {G}.',  # an unclosed quote
        "((((((((((",
        "Creatures you control get +1/+1\x1b[2J and have flying.",
        "Creatures you control get +999999999999/+1.",
        "Creatures you control get +1/+1 and have flying" + ", flying" * 60 + ".",
        ("All Forests and all Saprolings and " * 20) + "all Elves are black.",
        "~~~~ gets +1/+1.",
    ],
)
def test_hostile_text_reads_or_is_refused_never_crashes(text: str) -> None:
    r = read_ability(text)
    assert r.status in ("read", "plain", "unread")
    if r.status == "unread":
        assert 0 <= r.position <= len(text)
    assert r.to_dict()["text"] == text
