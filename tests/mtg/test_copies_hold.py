"""Copies hold the values they copied (CR 707.2 and the Clone rulings) and take the copied object's
"as it enters" abilities (614.1c, 707.2).

707.2: "When copying an object, the copy acquires the copiable values of the original object's
characteristics ..." — the values as they are when the copy effect begins (as the copy enters, or
when the effect resolves). When the original's copiable values change later (it becomes a copy of
something else, or that copy effect ends), an existing copy does not change; a copy made later
copies the original as it is then. Before this the engine re-read the original continuously and
reported a layer-1 dependency between the copy and the later copy effect.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann}
  - {id: giant, name: Hill Giant, types: [Creature], subtypes: [Giant], colors: [red], power: 3,
     toughness: 3, mana_value: 4, controller: Ann}
  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: bears}}
  - {id: clone2, card: Clone, controller: Ann, zone: hand, choices: {object: bears}}
events:
  - enter: clone
  - resolve: {effect: {affects: targets, copy: "@giant", duration: %s}, targets: [bears], controller: Ann,
      id: shape}
  - enter: clone2
%s"""


def _name_pt(t: object, oid: str) -> tuple[str, int, int]:
    v = t.final[oid]  # type: ignore[attr-defined]
    return (v.name, v.power, v.toughness)


def test_an_existing_copy_keeps_what_it_copied() -> None:
    """The Bears become a copy of Hill Giant after the first Clone entered: that Clone stays a
    Grizzly Bears; the second Clone, entering later, copies the Bears as they are then (a Hill
    Giant). No layer-1 dependency of the Clones on the later copy effect."""
    for ruleset in ("seed", "current"):
        t = solve_text(BOARD % ("indefinite", ""), ruleset)
        assert _name_pt(t, "bears") == ("Hill Giant", 3, 3)
        assert _name_pt(t, "clone") == ("Grizzly Bears", 2, 2)
        assert _name_pt(t, "clone2") == ("Hill Giant", 3, 3)
        assert not [d for d in t.dependencies if d.depends_on == "shape"]


def test_when_the_originals_copy_effect_ends_the_copy_stays() -> None:
    """The Bears' copy effect ends at end of turn: the Bears are Grizzly Bears again, the Clone that
    entered while it lasted stays a Hill Giant."""
    t = solve_text(BOARD % ("until end of turn", "  - end_of_turn\n"))
    assert _name_pt(t, "bears") == ("Grizzly Bears", 2, 2)
    assert _name_pt(t, "clone2") == ("Hill Giant", 3, 3)
    assert _name_pt(t, "clone") == ("Grizzly Bears", 2, 2)


def test_a_clone_enters_with_the_copied_creatures_counters() -> None:
    """614.1c, 707.2: a Clone copying a creature that "enters with three +1/+1 counters" enters with
    them."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: tri, name: Counter Construct, types: [Artifact, Creature], subtypes: [Construct], power: 1,
         toughness: 1, controller: Ann, abilities: [{text: This creature enters with three +1/+1 counters
         on it., enters_with: {+1/+1: 3}}]}
      - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: tri}}
    events:
      - enter: clone
    """
    t = solve_text(text)
    assert t.final["clone"].counters == (("+1/+1", 3),)
    assert _name_pt(t, "clone") == ("Counter Construct", 4, 4)


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 707.2 example")
    example = doc[start : doc.index("```", start)]
    t = solve_text(example)
    assert _name_pt(t, "clone") == ("Grizzly Bears", 2, 2)
