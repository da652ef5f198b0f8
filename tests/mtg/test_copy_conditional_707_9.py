"""CR 707.9: copy exceptions that apply only "if it's a <type>" — Moritte of the Frost: "You may
have Moritte of the Frost enter the battlefield as a copy of a permanent you control, except it's
legendary and snow in addition to its other types and, if it's a creature, it enters with two
additional +1/+1 counters on it and has changeling." The condition is read on the copy as the
copying (and the exceptions before it) made it; what it gives is part of the copy's copiable
values (707.9b), so a Clone of the copy has it too."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

MORITTE = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann}
  - {id: forest, name: Forest, types: [Land], supertypes: [Basic], subtypes: [Forest], controller: Ann}
  - {id: moritte, name: Moritte of the Frost, types: [Creature], supertypes: [Legendary, Snow],
     subtypes: [Shapeshifter], colors: [blue, green], mana_value: 5, power: 0, toughness: 0,
     controller: Ann, zone: hand, choices: {object: %s},
     abilities: [{text: "You may have Moritte of the Frost enter as a copy of a permanent you control,
                  except it's legendary and snow in addition to its other types and, if it's a creature,
                  it enters with two additional +1/+1 counters on it and has changeling.",
                  static: {affects: this, copy: "{chosen object}",
                           except: {types: [Legendary, Snow],
                                    if: [{is: Creature, abilities: [Changeling],
                                          enters_with: {+1/+1: 2}}]}}}]}
  - {id: clone, card: Clone, controller: Ann, zone: hand, choices: {object: moritte}}
events:
  - enter: moritte
  - enter: clone
"""


def test_a_copy_of_a_creature_gets_the_conditional_exception() -> None:
    t = solve_text(MORITTE % "bears")
    v = t.final["moritte"]
    assert (v.name, v.supertypes, v.types) == ("Grizzly Bears", ("Legendary", "Snow"), ("Creature",))
    assert "Changeling" in v.abilities
    assert (v.power, v.toughness) == (4, 4)  # two +1/+1 counters as it enters (614.1c)


def test_a_copy_of_a_land_does_not() -> None:
    v = solve_text(MORITTE % "forest").final["moritte"]
    assert (v.name, v.types, v.supertypes) == ("Forest", ("Land",), ("Basic", "Legendary", "Snow"))
    assert "Changeling" not in v.abilities and v.counters == ()


def test_the_exception_is_copiable() -> None:
    """707.9b: a Clone of Moritte (a Grizzly Bears with changeling) has changeling too; but the two
    additional counters are an effect of Moritte's entry (707.9e), no copiable value: the Clone is
    a legendary snow 2/2 with no counters."""
    v = solve_text(MORITTE % "bears").final["clone"]
    assert v.name == "Grizzly Bears" and "Changeling" in v.abilities
    assert v.supertypes == ("Legendary", "Snow") and v.counters == () and (v.power, v.toughness) == (2, 2)
    assert not [a for a in v.abilities if "counters" in a]


def test_the_condition_reads_the_copy_with_its_other_exceptions() -> None:
    """ "except it's an artifact creature ... and, if it's a creature": an added type counts."""
    old, new = "except: {types: [Legendary, Snow]", "except: {types: [Legendary, Snow, Creature]"
    text = (MORITTE % "forest").replace(old, new)
    v = solve_text(text).final["moritte"]
    assert "Changeling" in v.abilities


def test_a_wrong_type_word_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text((MORITTE % "bears").replace("is: Creature", "is: Creture"))
    assert "Creture" in str(e.value) and "Creature" in str(e.value) and "\n" not in str(e.value)


def test_language_md_example() -> None:
    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 707.9 conditional example")
    v = solve_text(doc[start : doc.index("```", start)]).final["moritte"]
    assert (v.name, v.power, v.toughness) == ("Grizzly Bears", 4, 4) and "Changeling" in v.abilities
