"""Copy effects with exceptions (CR 707.9) and exceptions as copiable values (707.9b), with the
library's Quicksilver Gargantuan, Phantasmal Image, Phyrexian Metamorph and Copy Artifact.

Expected values come from the cards' Oracle texts and CR 707.9, never from running the engine."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._helpers import deps, load_text, pt, solve_text, view

HEAD = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, card: Grizzly Bears, controller: Bo}
  - {id: rock, name: Rock, types: [Artifact], mana_value: 2, controller: Bo}
"""


def _board(*lines: str) -> str:
    return HEAD + "".join(f"  - {line}\n" for line in lines)


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_quicksilver_gargantuan_is_a_7_7_copy(ruleset: str) -> None:
    """ "Except it's 7/7": Grizzly Bears in every copiable value but power and toughness."""
    t = solve_text(
        _board("{id: qg, card: Quicksilver Gargantuan, controller: Ann, choices: {object: bears}}"), ruleset
    )
    v = view(t, "qg")
    assert (v.name, v.types, v.subtypes, v.colors) == ("Grizzly Bears", ("Creature",), ("Bear",), ("green",))
    assert pt(t, "qg") == (7, 7)
    step = next(s for s in t.steps if s.effect.startswith("qg") and s.layer in ("1", "1a"))
    # printed 7/7 and still 7/7: the step shows what changed, and power is not among it
    changed = {c.characteristic: c.after for c in step.changes}
    assert changed["name"] == "Grizzly Bears" and changed["subtypes"] == ("Bear",) and "power" not in changed


def test_gargantuan_copying_tarmogoyf_has_no_pt_cda() -> None:
    """707.9d: an exception that sets power and toughness means a copied ability defining them is
    not copied: a Gargantuan copying Tarmogoyf is a 7/7 Lhurgoyf with no abilities."""
    t = solve_text(
        _board(
            "{id: goyf, card: Tarmogoyf, controller: Bo}",
            "{id: qg, card: Quicksilver Gargantuan, controller: Ann, choices: {object: goyf}}",
        )
    )
    v = view(t, "qg")
    assert (v.name, v.subtypes, v.abilities) == ("Tarmogoyf", ("Lhurgoyf",), ())
    assert pt(t, "qg") == (7, 7)


def test_phantasmal_image_is_an_illusion_with_the_sacrifice_trigger() -> None:
    """ "Except it's an Illusion in addition to its other types and it has ...": a Bear Illusion
    with the copied abilities and the trigger."""
    t = solve_text(_board("{id: img, card: Phantasmal Image, controller: Ann, choices: {object: bears}}"))
    v = view(t, "img")
    assert (v.name, v.subtypes) == ("Grizzly Bears", ("Bear", "Illusion"))
    assert v.abilities == ("When this creature becomes the target of a spell or ability, sacrifice it.",)
    assert pt(t, "img") == (2, 2)


def test_phyrexian_metamorph_and_copy_artifact_add_a_card_type() -> None:
    """ "Except it's an artifact / an enchantment in addition to its other types"."""
    t = solve_text(
        _board(
            "{id: meta, card: Phyrexian Metamorph, controller: Ann, choices: {object: bears}}",
            "{id: ca, card: Copy Artifact, controller: Ann, choices: {object: rock}}",
        )
    )
    assert view(t, "meta").types == ("Creature", "Artifact") and view(t, "meta").name == "Grizzly Bears"
    assert view(t, "meta").subtypes == ("Bear",)
    assert view(t, "ca").types == ("Artifact", "Enchantment") and view(t, "ca").name == "Rock"


def test_exception_is_a_copiable_value_and_opens_a_dependency() -> None:
    """707.9b: a Clone copying a Phyrexian Metamorph that copies Grizzly Bears is an artifact
    Grizzly Bears too (the exception is part of the copiable values). The Clone's copy depends on
    the Metamorph's (613.8a: applying it changes what the Clone's copy effect does), so it applies
    after it whatever the timestamps; and the added type makes the Clone one of the "other artifact
    creatures you control" Master of Etherium pumps."""
    t = solve_text(
        _board(
            "{id: clone, card: Clone, controller: Ann, choices: {object: meta}, timestamp: 1}",
            "{id: meta, card: Phyrexian Metamorph, controller: Ann, choices: {object: bears}, timestamp: 2}",
            "{id: master, card: Master of Etherium, controller: Ann, timestamp: 3}",
        )
    )
    c = view(t, "clone")
    assert (c.name, c.types) == ("Grizzly Bears", ("Creature", "Artifact"))
    assert ("clone", "meta") in deps(t)
    # artifacts Ann controls: clone, meta, master -> Master is 3/3; the other two get +1/+1
    assert pt(t, "master") == (3, 3) and pt(t, "clone") == (3, 3) and pt(t, "meta") == (3, 3)


def test_copy_of_a_gargantuan_copy_is_7_7() -> None:
    """707.9b: "except it's 7/7" is copied along: a Clone copying a Gargantuan that copies Grizzly
    Bears is a 7/7 Grizzly Bears."""
    t = solve_text(
        _board(
            "{id: qg, card: Quicksilver Gargantuan, controller: Ann, choices: {object: bears}, timestamp: 2}",
            "{id: clone, card: Clone, controller: Ann, choices: {object: qg}, timestamp: 1}",
        )
    )
    assert view(t, "clone").name == "Grizzly Bears" and pt(t, "clone") == (7, 7)


def test_copy_exception_shows_in_the_tables_and_diagram() -> None:
    from rulekit.views.mtg import dependency_dot, dependency_table, layer_table

    t = solve_text(
        _board(
            "{id: clone, card: Clone, controller: Ann, choices: {object: meta}, timestamp: 1}",
            "{id: meta, card: Phyrexian Metamorph, controller: Ann, choices: {object: bears}, timestamp: 2}",
        )
    )
    assert "Phyrexian Metamorph changes what Clone does to Clone" in dependency_table(t).to_text()
    dot = dependency_dot(t)
    assert "clone" in dot and "meta" in dot and "->" in dot
    assert "Artifact" in layer_table(t).to_text()


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("{affects: this, except: {power: 7}}", "add 'copy'"),
        ("{affects: this, copy: Rock, except: {types: [Artifcat]}}", "Artifcat"),
        ("{affects: this, copy: Rock, except: {colour: blue}}", "colour"),
    ],
)
def test_bad_exceptions_are_clean_errors(spec: str, needle: str) -> None:
    obj = "{id: x, name: X, types: [Creature], power: 1, toughness: 1, controller: Ann, "
    obj += "abilities: [{text: t, static: "
    text = _board(obj + spec + "}]}")
    with pytest.raises(ScenarioError) as err:
        load_text(text)
    assert needle in str(err.value)


def test_vesuvan_shapeshifter_copies_with_its_upkeep_trigger_and_face_down_is_a_2_2() -> None:
    """Vesuvan Shapeshifter: a copy of the chosen creature that also has the upkeep trigger
    (707.9); turned face down it is a nameless 2/2 with no abilities (708.2a)."""
    vesuvan = "{id: vs, card: Vesuvan Shapeshifter, controller: Ann, choices: {object: bears}}"
    t = solve_text(_board(vesuvan))
    v = view(t, "vs")
    assert (v.name, v.subtypes) == ("Grizzly Bears", ("Bear",)) and pt(t, "vs") == (2, 2)
    assert v.abilities == ("At the beginning of your upkeep, you may turn this creature face down.",)
    t = solve_text(_board(vesuvan) + "events:\n  - turn_face_down: vs\n")
    v = view(t, "vs")
    assert (v.name, v.abilities, v.types) == ("", (), ("Creature",)) and pt(t, "vs") == (2, 2)
