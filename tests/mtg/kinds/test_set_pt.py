"""The ``set_pt`` kind: 613.4b "has base power and toughness N/M" (layer 7b), and in a
characteristic-defining ability 613.4a (7a, 604.3), whose value is added to a number printed beside
the star (208.2)."""

from __future__ import annotations

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.model import build_spec
from tests.mtg._util import pt, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2}
  - {id: elf, name: Test Elf, types: [Creature], power: 1, toughness: 1}
  - {id: ray, name: Test Ray, types: [Enchantment],
     abilities: [{text: "Creatures have base power and toughness 0/4.",
                  static: {affects: creatures, set_pt: {power: 0, toughness: 4}}}]}
  - {id: anthem, name: Test Anthem, types: [Enchantment],
     abilities: [{text: "Creatures get +1/+1.",
                  static: {affects: creatures, modify_pt: {power: 1, toughness: 1}}}]}
"""

GOYF = """
game: mtg
players: [Ann]
objects:
  - {id: star, name: Test Star, types: [Creature], power: 1, toughness: 1,
     abilities: [{text: "Its power and toughness are each equal to the number of creatures you control.",
                  cda: {affects: this, set_pt: {power: number of creatures you control,
                                                toughness: number of creatures you control}}}]}
  - {id: bears, name: Grizzly Bears, types: [Creature], power: 2, toughness: 2}
"""


def test_it_sets_and_a_later_layer_modifies() -> None:
    """613.4b before 613.4c: 0/4 set, then +1/+1, whatever the timestamps."""
    trace = solve_text(BOARD)
    assert pt(trace, "bears") == (1, 5) and pt(trace, "elf") == (1, 5)
    assert next(s.layer for s in trace.steps if s.effect == "ray") == "7b"


def test_in_a_cda_it_is_layer_7a_and_adds_to_the_printed_number() -> None:
    """604.3, 613.4a; 208.2: "1+*" printed: the star's value (2 creatures) is added to 1."""
    trace = solve_text(GOYF)
    assert pt(trace, "star") == (3, 3)
    assert next(s.layer for s in trace.steps if s.effect == "star") == "7a"


def test_its_parameters_are_its_numbers_and_what_they_read() -> None:
    spec = build_spec({"affects": "this", "set_pt": {"power": "number of Forests you control"}})
    part = PARTS["pt_set"]
    assert spec.value("set_pt")[1] is None and len(spec.exprs) == 1
    assert ("subtypes", "Forest") in part.reads(spec) and part.params_vary(spec)
    assert not part.params_vary(build_spec({"affects": "this", "set_pt": {"power": 1}}))
    assert build_spec({"affects": "this", "set_pt": {"power": 1}}, cda=True).sublayers == ("pt_cda",)
