"""The ``remove_all_abilities`` kind (613.1f): "<affected> loses all abilities", and with
``keep: mana abilities`` "loses all abilities except mana abilities" (605.1a: an activated ability
that could add mana and has no target; a basic land type's intrinsic one, 305.6)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: elf, name: Test Elf, types: [Creature], power: 1, toughness: 1,
     abilities: [Trample, "{T}: Add {G}.", "{T}: Tap target creature."]}
  - {id: forest, name: Forest, types: [Land], subtypes: [Forest], supertypes: [Basic]}
  - {id: hush, name: Test Hush, types: [Enchantment],
     abilities: [{text: "Permanents lose all abilities except mana abilities.",
                  static: {affects: "creatures and lands", abilities: {remove_all: true, KEEP}}}]}
"""


def test_every_ability_goes() -> None:
    trace = solve_text(BOARD.replace(", KEEP", ""))
    assert trace.final["elf"].abilities == ()
    assert trace.final["forest"].abilities == ()


def test_mana_abilities_stay_with_keep() -> None:
    """605.1a: "{T}: Add {G}." is a mana ability; "{T}: Tap target creature." has a target and adds
    no mana; the Forest's intrinsic "{T}: Add {G}." (305.6) is one too."""
    trace = solve_text(BOARD.replace("KEEP", "keep: mana abilities"))
    assert trace.final["elf"].abilities == ("{T}: Add {G}.",)
    assert trace.final["forest"].abilities == ("{T}: Add {G}.",)


def test_keep_without_remove_all_is_refused_where_it_is_written() -> None:
    bad = BOARD.replace("remove_all: true, KEEP", "keep: mana abilities")
    with pytest.raises(
        ScenarioError, match=r"scenario\.yaml:10: .*abilities\.keep: 'keep' goes with 'remove_all: true'"
    ):
        scenario(bad)
