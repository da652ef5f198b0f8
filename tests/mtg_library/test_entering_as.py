"""Entering as something (CR 614.1c, 614.12, 611.3c): "enters with N counters" (an
ability's ``enters_with`` and an ``enter`` event's ``with_counters``), and an ``enter`` event's
``as``: a resolved effect that puts an object onto the battlefield "as an enchantment" applies
to it as it enters (with its entering timestamp), so it is never a creature on the battlefield."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._helpers import deps, load_text, pt, solve_text, view

CONSTRUCT = (
    "{id: tri, name: Counter Construct, types: [Artifact, Creature], subtypes: [Construct], power: 1,"
    " toughness: 1, controller: Ann, abilities: [{text: This creature enters with three +1/+1 counters"
    " on it., enters_with: {+1/+1: 3}}]}"
)


def test_enters_with_counters() -> None:
    """614.1c: it enters with three +1/+1 counters: a 4/4 after the counters step (7c/7d)."""
    t = solve_text(f"game: mtg\nplayers: [Ann]\nobjects:\n  - {CONSTRUCT}\nevents:\n  - enter: tri\n")
    assert view(t, "tri").counters == (("+1/+1", 3),) and pt(t, "tri") == (4, 4)


def test_listed_objects_keep_the_counters_the_scenario_gives() -> None:
    """An object listed on the battlefield without an enter event is described as it is now: its
    listed counters, no more."""
    t = solve_text(f"game: mtg\nplayers: [Ann]\nobjects:\n  - {CONSTRUCT}\n")
    assert view(t, "tri").counters == () and pt(t, "tri") == (1, 1)


def test_enter_event_with_counters() -> None:
    t = solve_text(
        "game: mtg\nplayers: [Ann]\nobjects:\n"
        "  - {id: bears, card: Grizzly Bears, controller: Ann, zone: hand}\n"
        "events:\n  - {enter: bears, with_counters: {+1/+1: 2}}\n"
    )
    assert pt(t, "bears") == (4, 4)


ENCHANTMENT = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, zone: graveyard}
  - {id: anthem, card: Glorious Anthem, controller: Ann}
events:
  - {enter: bears, as: {type: {set_types: [Enchantment]}}}
"""


def test_put_onto_the_battlefield_as_an_enchantment() -> None:
    """614.12: returned "as an enchantment" it is an enchantment (not a creature) from the moment
    it enters: its creature type goes (205.1a) and Glorious Anthem never pumps it."""
    t = solve_text(ENCHANTMENT)
    v = view(t, "bears")
    assert (v.types, v.subtypes, v.zone) == (("Enchantment",), (), "battlefield")
    assert "bears" not in next(s.objects for s in t.steps if s.effect == "anthem")
    e = t.effect("bears.enters-as")
    assert e.active and e.timestamp == v.timestamp


@pytest.mark.parametrize("opalescence_first", [True, False])
def test_enters_as_opens_a_type_dependency(opalescence_first: bool) -> None:
    """Opalescence ("each other non-Aura enchantment is a creature ... base P/T equal to its mana
    value") depends on the entering-as effect in layer 4 (applying it changes what Opalescence
    applies to, 613.8a): whatever the timestamps the Bears are an Enchantment Creature, 2/2 from
    Opalescence, 3/3 with Glorious Anthem."""
    opal = "  - {id: opal, card: Opalescence, controller: Ann}\n"
    text = (
        ENCHANTMENT.replace("events:\n", opal + "events:\n")
        if opalescence_first
        else ENCHANTMENT.replace("  - {enter: bears", "  - {enter: opal}\n  - {enter: bears").replace(
            "events:\n", "  - {id: opal, card: Opalescence, controller: Ann, zone: hand}\nevents:\n"
        )
    )
    t = solve_text(text)
    v = view(t, "bears")
    assert v.types == ("Enchantment", "Creature") and pt(t, "bears") == (3, 3)
    if opalescence_first:
        assert ("opal", "bears.enters-as") in deps(t, "4")


def test_bad_enters_as_is_a_clean_error() -> None:
    with pytest.raises(ScenarioError) as err:
        load_text(ENCHANTMENT.replace("set_types: [Enchantment]", "set_types: [Enchantmant]"))
    assert "Enchantmant" in str(err.value)
