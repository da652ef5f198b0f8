"""One shape per effect: an ability carries its :class:`EffectSpec`, built once from its mapping by
:func:`rulekit.mtg.model.build_spec`; the canonical JSON is a key, never parsed again (LANGUAGE.md §3)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.mtg.model import ability_from_data, build_abilities, build_spec
from rulekit.mtg.selectors import SelectorError

ROOT = Path(__file__).resolve().parents[2]


def test_an_ability_carries_the_spec_built_from_its_mapping() -> None:
    ab = ability_from_data(
        {
            "text": "Other Elves get +1/+1.",
            "static": {"affects": "other Elves", "modify_pt": {"power": 1, "toughness": 1}},
        }
    )
    assert ab.spec is not None and ab.spec.sublayers == ("pt_modify",)
    assert (
        ab.canon == ab.spec.canon == '{"affects": "other Elves", "modify_pt": {"power": 1, "toughness": 1}}'
    )
    assert ab.spec.data() == {"affects": "other Elves", "modify_pt": {"power": 1, "toughness": 1}}
    # the same mapping (keys in any order) is the same spec: the engine's identity memos share it
    again = build_spec({"modify_pt": {"toughness": 1, "power": 1}, "affects": "other Elves"})
    assert again is ab.spec


def test_a_cda_sets_pt_in_7a_and_is_another_spec() -> None:
    data = {"set_pt": {"power": "number of creatures you control", "toughness": 1}}
    assert build_spec(data, cda=True).sublayers == ("pt_cda",)
    assert build_spec(data).sublayers == ("pt_set",)
    assert build_spec(data, cda=True) != build_spec(data)


def test_a_text_change_builds_the_rewritten_spec() -> None:
    """612.2 / 613.1c: the words are replaced in the ability's text and its mapping."""
    ab = ability_from_data(
        {
            "text": "Green creatures get +1/+1.",
            "static": {"affects": "green creatures", "modify_pt": {"power": 1, "toughness": 1}},
        }
    )
    new = ab.rewritten("green", "blue")
    assert new.text == "Blue creatures get +1/+1."
    assert new.spec is not None and new.spec.affects_text == "blue creatures"
    assert ab.rewritten("red", "blue") is ab


def test_a_spec_waiting_for_a_choice_is_kept_unread() -> None:
    """A ``{chosen …}`` placeholder is no selector word: the spec keeps its mapping and makes no
    effect until a choice fills it; filled, it reads."""
    item = {
        "text": "Creatures of the chosen color get +1/+1.",
        "static": {"affects": "{chosen color} creatures", "modify_pt": {"power": 1, "toughness": 1}},
    }
    (open_,) = build_abilities([item], {})
    assert open_.spec is not None and open_.spec.unread is not None
    with pytest.raises(SelectorError):
        open_.spec.read()
    (filled,) = build_abilities([item], {"color": "green"})
    assert filled.spec is not None and filled.spec.read().affects_text == "green creatures"


def test_copy_if_blocks_are_built_with_the_exceptions() -> None:
    """707.9: "if it's a creature, it ..." blocks are built with the copy's exceptions."""
    spec = build_spec(
        {
            "affects": "this",
            "copy": "target creature",
            "except": {"if": [{"is": "creature", "types": ["Zombie"]}]},
        }
    )
    ((words, block),) = spec.value("copy_except").if_
    assert words == ("creature",) and block.types == ("Zombie",)


def test_resolve_and_enter_events_carry_specs() -> None:
    """611.2a: a resolved effect, and 614.12 an object entering "as" something, carry their specs."""
    text = "\n".join(
        [
            "game: mtg",
            "players: [Ann]",
            "objects:",
            "  - {id: bears, card: Grizzly Bears, zone: hand}",
            "events:",
            "  - {enter: bears, as: {type: {add: [Artifact]}}}",
            "  - resolve: {effect: {affects: targets, modify_pt: {power: X, toughness: X}},",
            "              targets: [bears], x: 3}",
        ]
    )
    scn = mtg.scenario_from_text(text, "events.yaml")
    enter, resolve = scn.events
    assert enter.enters_as is not None and enter.enters_as.sublayers == ("type",)
    assert resolve.spec is not None and resolve.spec.sublayers == ("pt_modify",)
    final = mtg.solve(scn).final["bears"]
    assert final.pt == "5/5" and "Artifact" in final.types


def test_no_module_reads_a_canonical_key_back() -> None:
    """``json.loads`` appears in no MTG model, loader or engine module: specs are built from mappings."""
    found = []
    for path in sorted((ROOT / "rulekit" / "mtg").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "loads":
                found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}")
    assert not found, found
