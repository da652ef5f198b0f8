"""CR 712.14b: a modal double-faced card whose front face is an instant or sorcery face, put onto
the battlefield (front face up), is not put there: it stays in the zone it was in. Put there with
its back face up (a land face, 712.14a's form: the ``enter`` event's ``face: back``), it enters.

Emeria's Call // Emeria, Shattered Skyclave (Zendikar Rising) is a sorcery // land modal card;
the values below come from the rule and the card, not from running the engine.
"""

from __future__ import annotations

import pytest

from tests.mtg_library._helpers import solve_text

CALL = """
game: mtg
players: [Ann]
objects:
  - {id: call, name: Emeria's Call, types: [Sorcery], colors: [white], mana_value: 7, controller: Ann,
     zone: %s, modal: true,
     back: {name: "Emeria, Shattered Skyclave", types: [Land], abilities: ["{T}: Add {W}."]}}
  - {id: anthem, card: Glorious Anthem, controller: Ann}
events:
"""


@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile"])
def test_a_sorcery_front_face_stays_where_it_is(zone: str) -> None:
    """712.14b: "put it onto the battlefield" does nothing for it; it is still the sorcery card
    Emeria's Call in its zone."""
    t = solve_text(CALL % zone + "  - enter: call\n")
    v = t.final["call"]
    assert (v.zone, v.name, v.types) == (zone, "Emeria's Call", ("Sorcery",))


def test_with_its_land_face_up_it_enters() -> None:
    """The control: put onto the battlefield with its back face up it is the land Emeria, Shattered
    Skyclave (712.8f), mana value 0."""
    v = solve_text(CALL % "hand" + "  - {enter: call, face: back}\n").final["call"]
    assert (v.zone, v.name, v.types, v.mana_value) == (
        "battlefield",
        "Emeria, Shattered Skyclave",
        ("Land",),
        0,
    )


def test_the_others_entering_with_it_still_enter() -> None:
    """Only the card that can't enter stays: Grizzly Bears put onto the battlefield by the same
    event enters (and the Anthem makes it 3/3)."""
    text = (CALL % "hand").replace(
        "events:\n", "  - {id: bears, card: Grizzly Bears, controller: Ann, zone: hand}\nevents:\n"
    )
    t = solve_text(text + "  - enter: [call, bears]\n")
    assert t.final["call"].zone == "hand"
    assert (t.final["bears"].zone, t.final["bears"].power) == ("battlefield", 3)
