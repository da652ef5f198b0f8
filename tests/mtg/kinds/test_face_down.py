"""The ``face_down`` kind: a face-down permanent is a nameless 2/2 creature with no text, mana
cost, colour or subtypes (708.2a), in layer 1 (seed edition) / 1b (current, 613.2b); its section
holds its value itself (``face_down: true``). Expected values come from 708.2a, not from the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg._util import pt, scenario, solve_text

LORD = """
game: mtg
players: [Ann]
objects:
  - {id: king, name: Test King, types: [Creature], subtypes: [Goblin], colors: [red], mana_value: 3,
     power: 2, toughness: 2, timestamp: 1, FACE
     abilities: [{text: "Other Goblins get +1/+1.",
                  static: {affects: other Goblins, modify_pt: {power: 1, toughness: 1}}}]}
  - {id: gob, name: Test Goblin, types: [Creature], subtypes: [Goblin], power: 1, toughness: 1,
     timestamp: 2}
"""


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_a_face_down_lord_is_a_nameless_2_2_and_pumps_nothing(ruleset: str) -> None:
    """708.2a: listed face down, the King has no name, subtypes, colour, mana cost or abilities:
    the other Goblin is its own 1/1 (face up it is 2/2)."""
    up = solve_text(LORD.replace("FACE", ""), ruleset=ruleset)
    assert pt(up, "gob") == (2, 2)
    t = solve_text(LORD.replace("FACE", "face_down: true,"), ruleset=ruleset)
    v = t.final["king"]
    assert (v.name, v.types, v.subtypes, v.colors, v.mana_value, v.power, v.toughness) == (
        "",
        ("Creature",),
        (),
        (),
        0,
        2,
        2,
    )
    assert pt(t, "gob") == (1, 1)


WRITTEN = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Test Bears, types: [Creature], subtypes: [Bear], colors: [green], power: 3,
     toughness: 3, timestamp: 3, abilities: [Flying]}
  - {id: anthem, name: Test Anthem, types: [Enchantment], timestamp: 1,
     abilities: [{text: "Creatures get +1/+1.",
                  static: {affects: creatures, modify_pt: {power: 1, toughness: 1}}}]}
  - {id: paint, name: Test Paint, types: [Enchantment], timestamp: 2,
     abilities: [{text: "Creatures are artifacts in addition.",
                  static: {affects: creatures, type: {add: [Artifact]}}}]}
events:
  - resolve: {effect: {affects: targets, face_down: FLAG}, targets: [bears], id: hide}
"""


def test_a_written_face_down_effect_applies_in_layer_1_under_the_later_layers() -> None:
    """708.2a in layer 1 (1b in the current edition): the resolved effect makes the 3/3 flying Bear a
    2/2 with no abilities, and the layer-4 type and the 7c +1/+1 (earlier timestamps, later
    layers, 613.1) apply on top of it: a 3/3 Artifact Creature with no subtypes or abilities."""
    for ruleset, layer in (("seed", "1"), ("current", "1b")):
        t = solve_text(WRITTEN.replace("FLAG", "true"), ruleset=ruleset)
        v = t.final["bears"]
        assert (v.name, sorted(v.types), v.subtypes, v.colors, v.abilities, pt(t, "bears")) == (
            "",
            ["Artifact", "Creature"],
            (),
            (),
            (),
            (3, 3),
        )
        assert {s.layer for s in t.steps if s.effect == "hide"} == {layer}


def test_false_says_nothing() -> None:
    t = solve_text(WRITTEN.replace("FLAG", "false"))
    assert t.final["bears"].name == "Test Bears" and pt(t, "bears") == (4, 4)


def test_its_value_is_a_flag() -> None:
    with pytest.raises(ScenarioError, match=r"face_down"):
        scenario(WRITTEN.replace("FLAG", "sideways"))
