"""A number printed beside a star (CR 208.2a, 604.3, 613.4a): Tarmogoyf and Lhurgoyf are ``*/1+*``.
Their characteristic-defining ability gives the star's value; the printed 1 is the card's own
toughness. So a goyf that loses all its abilities (layer 6, before the CDA's layer 7a) keeps the
printed number: 0/1, while a ``*/*`` Mortivore is 0/0. The ruling (Merfolk Trickster, 2018-04-27):
"If the target creature has power and toughness written as */* with an ability that defines its
power and toughness, it's 0/0 when it loses all abilities. If its power and toughness are written
as */*+1, it's 0/1, and so on." Tarmogoyf's rulings (2021-03-19): with only an artifact creature in
all graveyards it is 2/3.

Expected values come from those rulings and the cards' Oracle texts, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.mtg.commands import pt_box
from rulekit.mtg.loader import library

from ._helpers import pt, solve_text

GRAVEYARD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: goyf, card: Tarmogoyf, controller: Ann}
  - {id: lhurgoyf, card: Lhurgoyf, controller: Ann}
  - {id: mortivore, card: Mortivore, controller: Ann}
  - {id: myr, name: Dead Myr, types: [Artifact, Creature], subtypes: [Myr], power: 1, toughness: 1,
     mana_value: 2, controller: Bo, zone: graveyard}
"""


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_with_their_abilities(ruleset: str) -> None:
    """One artifact creature card in all graveyards: Tarmogoyf 2/3 (its ruling), Lhurgoyf 1/2,
    Mortivore 1/1."""
    t = solve_text(GRAVEYARD, ruleset)
    assert pt(t, "goyf") == (2, 3) and pt(t, "lhurgoyf") == (1, 2) and pt(t, "mortivore") == (1, 1)


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_losing_all_abilities_keeps_the_printed_number(ruleset: str) -> None:
    """Dress Down ("Creatures lose all abilities", layer 6): the goyfs are 0/1, Mortivore 0/0."""
    text = GRAVEYARD + "  - {id: dress, card: Dress Down, controller: Bo}\n"
    t = solve_text(text, ruleset)
    assert pt(t, "goyf") == (0, 1) and pt(t, "lhurgoyf") == (0, 1) and pt(t, "mortivore") == (0, 0)


def test_merfolk_trickster_the_ruling_itself() -> None:
    """Merfolk Trickster's trigger ("It loses all abilities until end of turn") on Tarmogoyf: 0/1;
    after the turn ends it is 2/3 again."""
    trick = (
        "  - {id: trickster, card: Merfolk Trickster, controller: Bo}\n"
        "events:\n  - resolve: {source: trickster, ability: etb, targets: [goyf]}\n"
    )
    assert pt(solve_text(GRAVEYARD + trick), "goyf") == (0, 1)
    assert pt(solve_text(GRAVEYARD + trick + "  - end_of_turn\n"), "goyf") == (2, 3)


def test_humility_sets_one_one_anyway() -> None:
    """Humility: the CDA is gone in layer 6 and 7b sets base 1/1: the goyf is 1/1."""
    t = solve_text(GRAVEYARD + "  - {id: hum, card: Humility, controller: Bo}\n")
    assert pt(t, "goyf") == (1, 1)


def test_a_clone_copies_both_parts() -> None:
    """707.2: the copiable values are the printed "*/1+*" and the CDA: a Clone of Tarmogoyf is 2/3."""
    text = GRAVEYARD + "  - {id: clone, card: Clone, controller: Ann, choices: {object: goyf}}\n"
    assert pt(solve_text(text), "clone") == (2, 3)


def test_every_library_card_writes_the_star_apart() -> None:
    """No P/T CDA writes the printed number into the star ("... plus N" inside the ability): the
    printed part goes in power/toughness (the two cards that have one, Tarmogoyf and Lhurgoyf)."""
    lib = library()
    for name, card in lib.items():
        for a in card.get("abilities") or ():
            cda = a.get("cda") if isinstance(a, dict) else None
            set_pt = (cda or {}).get("set_pt") or {}
            for k in ("power", "toughness"):
                assert " plus " not in str(set_pt.get(k, "")), (name, k)
    assert pt_box(lib["Tarmogoyf"]) == "*/1+*" and pt_box(lib["Lhurgoyf"]) == "*/1+*"
    assert pt_box(lib["Mortivore"]) == "*/*" and pt_box(lib["Grizzly Bears"]) == "2/2"
