"""The ``text_change`` kind (613.1c, 612.2): a word replaced in the object's abilities, text and
data alike (a lord of one type becomes a lord of another), and a subtype on its type line (612.1)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import pt, scenario, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: lord, name: Test Lord, types: [Creature], subtypes: [Goblin], power: 1, toughness: 1,
     abilities: [{text: "Other Goblins get +1/+1.",
                  static: {affects: other Goblins, modify_pt: {power: 1, toughness: 1}}}]}
  - {id: elf, name: Llanowar Elves, types: [Creature], subtypes: [Elf], power: 1, toughness: 1}
  - {id: goblin, name: Test Goblin, types: [Creature], subtypes: [Goblin], power: 1, toughness: 1}
  - {id: hack, name: Test Hack, types: [Enchantment],
     abilities: [{text: "Replace Goblin with Elf on the Lord.",
                  static: {affects: "@lord", text_change: {from: Goblin, to: Elf}}}]}
"""


def test_the_lord_of_goblins_becomes_a_lord_of_elves_and_an_elf() -> None:
    trace = solve_text(BOARD)
    assert pt(trace, "elf") == (2, 2) and pt(trace, "goblin") == (1, 1)
    assert trace.final["lord"].abilities == ("Other Elves get +1/+1.",)  # the word's plural too
    assert trace.final["lord"].subtypes == ("Elf",)  # 612.1: on the type line too


def test_a_word_of_another_kind_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"text_change"):
        scenario(BOARD.replace("to: Elf", "to: blue"))


def test_on_the_type_line_it_changes_what_selectors_read() -> None:
    part = PARTS["text"]
    goblin = build_spec({"affects": "creatures", "text_change": {"from": "Goblin", "to": "Elf"}})
    red = build_spec({"affects": "creatures", "text_change": {"from": "red", "to": "blue"}})
    assert not part.keeps_signature(goblin) and part.keeps_signature(red)
    assert ("subtypes", "Goblin") in part.writes(goblin) and ("subtypes", "Elf") in part.writes(goblin)
    assert part.params_vary(red) and not part.uses_params(red)
