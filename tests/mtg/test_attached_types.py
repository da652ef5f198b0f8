""" "Enchanted creature", "enchanted land", "equipped creature" name the permanent the Aura or
Equipment is attached to only while it has that card type; "enchanted permanent" names it whatever
it is; "as long as enchanted permanent is a creature" tests the type (the layered type, after
layer 4). Before this, every one of them meant "the object it is attached to".

An Aura with "enchant permanent" can stay on a permanent that stops being a creature (303.4d:
only the enchant ability makes the attachment illegal), and its "enchanted creature" words then
name nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekit import mtg
from tests.mtg_library._helpers import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {{id: bears, card: Grizzly Bears, controller: Ann}}
  - {{id: aura, name: Wide Gift, types: [Enchantment], subtypes: [Aura], controller: Ann,
     attached_to: bears, abilities: [Enchant permanent, {{text: "{text}", static: {{affects: {affects},
     {cond}abilities: {{add: [Flying]}}}}}}]}}
events:
{events}
"""
PETRIFY = (
    "  - resolve: {effect: {affects: targets, type: {set_types: [Artifact]}}, targets: [bears],"
    " id: petrify}\n"
)


def _flying(text: str, affects: str, events: str, cond: str = "") -> bool:
    t = solve_text(BOARD.format(text=text, affects=affects, events=events or "  []", cond=cond))
    return "Flying" in t.final["bears"].abilities


def test_enchanted_creature_names_a_creature_only() -> None:
    words = "Enchanted creature has flying."
    assert _flying(words, "enchanted creature", "  - end_of_turn\n")
    assert not _flying(words, "enchanted creature", PETRIFY)  # an artifact now (layer 4): not a creature


def test_enchanted_permanent_names_it_whatever_it_is() -> None:
    assert _flying("Enchanted permanent has flying.", "enchanted permanent", PETRIFY)


def test_as_long_as_enchanted_permanent_is_a_creature() -> None:
    text = "As long as enchanted permanent is a creature, it has flying."
    cond = '"condition": "enchanted permanent is a creature", '
    assert _flying(text, "enchanted permanent", "  - end_of_turn\n", cond)
    assert not _flying(text, "enchanted permanent", PETRIFY, cond)


def test_enchanted_land_and_equipped_creature() -> None:
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: forest, card: Forest, controller: Ann}
      - {id: sword, name: Plain Sword, types: [Artifact], subtypes: [Equipment], controller: Ann,
         abilities: [{text: Equipped creature has flying., static: {affects: equipped creature,
         abilities: {add: [Flying]}}}]}
      - {id: wild, name: Wild Ground, types: [Enchantment], subtypes: [Aura], controller: Ann,
         abilities: [{text: Enchanted land has flying., static: {affects: enchanted land,
         abilities: {add: [Flying]}}}]}
    events:
      - attach: {object: sword, to: forest}
      - attach: {object: wild, to: bears}
    """
    t = solve_text(text)
    assert "Flying" not in t.final["forest"].abilities  # an Equipment on a land: not a creature
    assert "Flying" not in t.final["bears"].abilities  # "enchanted land" on a creature: not a land


def test_the_selector_reads_the_type() -> None:
    from rulekit.mtg.selectors import parse_selector

    assert ("types", "Creature") in parse_selector("enchanted creature").characteristics
    assert ("types", "Land") in parse_selector("the enchanted land").characteristics
    assert not any(k == "types" for k, _ in parse_selector("enchanted permanent").characteristics)


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# attached-type example")
    example = doc[start : doc.index("```", start)]
    assert "Flying" not in solve_text(example).final["bears"].abilities


def test_control_magic_takes_an_animated_mutavault() -> None:
    """Layers 1-3 come before card types are settled (layer 4): "You control enchanted creature"
    (layer 2) takes the Mutavault its own ability made a creature until end of turn (303.4b: the
    enchanted object is the one the Aura is attached to); its layer-6/7 words test the type."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: vault, card: Mutavault, controller: Bo}
      - {id: magic, card: Control Magic, controller: Ann, attached_to: vault}
    events:
      - resolve: {source: vault, ability: animate}
    """
    assert solve_text(text).final["vault"].controller == "Ann"


def test_an_aura_is_judged_against_its_own_land_not_every_land(monkeypatch: pytest.MonkeyPatch) -> None:
    """613.8a: whether Blood Moon changes what "enchanted land" names is asked of the enchanted
    land alone (no other object can be it), not of each of the hundreds of lands Blood Moon
    changes; the verdict is the same (the judge looked at every land before)."""
    from rulekit.mtg.engine import pair

    seen: list[str] = []
    real = pair.matches

    def counting(sel: Any, obj: Any, ctx: Any, memo: Any = None) -> bool:
        seen.append(obj.id)
        return real(sel, obj, ctx, memo)

    monkeypatch.setattr(pair, "matches", counting)
    lands = "\n".join(f"  - {{id: l{i}, name: Land {i}, types: [Land]}}" for i in range(300))
    text = f"""game: mtg
players: [Ann]
objects:
  - {{id: moon, card: Blood Moon}}
  - {{id: seas, card: Spreading Seas, attached_to: l7}}
{lands}
"""
    t = mtg.solve(mtg.scenario_from_text(text))
    assert "Island" in t.final["l7"].subtypes
    assert len(seen) <= 10, len(seen)
