"""Keyword abilities that are activated abilities (CR 702) count as activated abilities.

702.6a: "Equip is an activated ability of Equipment cards." 702.29a: "Cycling is an activated
ability that functions only while the card with cycling is in a player's hand." 702.84a: "Unearth
is an activated ability that functions while the card with unearth is in a graveyard." Written bare
("Cycling {2}") or with reminder text, they are activated abilities for "has all activated abilities
of" (Necrotic Ooze) and for selectors ("creatures with an activated ability"). Before this, only a
text with ":" counted. Morph is not one: turning a face-down permanent face up is a special action
(702.37, 116.2b); channel is an ability word (207.2c), its abilities have a colon.
"""

from __future__ import annotations

import pytest

from rulekit.mtg.model import Ability
from rulekit.mtg.vocab import ACTIVATED_KEYWORDS
from tests.mtg_library._helpers import solve_text

OOZE = """
game: mtg
players: [Ann]
objects:
  - {id: ooze, card: Necrotic Ooze, controller: Ann}
  - {id: tusker, name: Tusker, types: [Creature], subtypes: [Beast], power: 6, toughness: 5,
     zone: graveyard, abilities: ["Cycling {2}{G}",
     "When you cycle this card, search your library for a land."]}
  - {id: zombie, name: Dregs Zombie, types: [Creature], subtypes: [Zombie], power: 2, toughness: 1,
     zone: graveyard,
     abilities: ["Unearth {B} ({B}: Return this card from your graveyard to the battlefield.)"]}
  - {id: student, name: Student, types: [Creature], subtypes: [Human], power: 1, toughness: 1,
     zone: graveyard, abilities: ["Level up {W}", "Morph {3}"]}
"""


def test_necrotic_ooze_gets_keyword_activated_abilities() -> None:
    abilities = solve_text(OOZE).final["ooze"].abilities
    assert "Cycling {2}{G}" in abilities
    assert "Unearth {B} ({B}: Return this card from your graveyard to the battlefield.)" in abilities
    assert "Level up {W}" in abilities
    assert "Morph {3}" not in abilities  # static ability; turning face up is a special action
    assert not any(a.startswith("When you cycle") for a in abilities)  # triggered


@pytest.mark.parametrize(
    ("text", "activated"),
    [
        ("Equip {2}", True),
        ("Equip legendary creature {3}", True),
        ("Fortify {1}", True),
        ("Ninjutsu {1}{U}", True),
        ("Outlast {1}{W}", True),
        ("Reconfigure {2}", True),
        ("Crew 3", True),
        ("Swampcycling {2}", True),
        ("Basic landcycling {1}{G}", True),
        ("Transmute {1}{B}{B}", True),
        ("Scavenge {3}{G}{G}", True),
        ("Embalm {3}{W}", True),
        ("Eternalize {4}{U}{U}", True),
        ("Reinforce 2\u2014{2}{W}", True),
        ("Morph {2}{U}", False),
        ("Flashback {2}{R}", False),
        ("Persist", False),
        ("Equipped creature gets +2/+2.", False),
        ("Equip abilities you activate cost {1} less to activate.", False),
        ("Whenever you cycle a card, draw a card.", False),
        ("{T}: Add {G}.", True),
    ],
)
def test_which_abilities_are_activated(text: str, activated: bool) -> None:
    assert Ability(text).activated is activated


def test_every_keyword_cites_its_rule() -> None:
    assert all(rule.startswith("702.") for rule in ACTIVATED_KEYWORDS.values())


def test_selector_with_an_activated_ability() -> None:
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: knight, name: Sword Knight, types: [Creature], subtypes: [Knight], power: 2, toughness: 2,
         controller: Ann, abilities: ["Outlast {1}{W}"]}
      - {id: mentor, name: Mentor Stone, types: [Enchantment], controller: Ann, abilities: [{text:
         Creatures with an activated ability get +1/+1., static: {affects: creatures with an
         activated ability, modify_pt: {power: 1, toughness: 1}}}]}
    """
    t = solve_text(text)
    assert (t.final["knight"].power, t.final["bears"].power) == (3, 2)


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# activated-keyword example")
    example = doc[start : doc.index("```", start)]
    assert "Cycling {2}{G}" in solve_text(example).final["ooze"].abilities
