"""CR 613.3: in layers 2 to 6, effects of characteristic-defining abilities apply first, then the
others in timestamp order. Chameleon Colossus's changeling (702.73a: a CDA, "is every creature
type") applies in layer 4 before Conspiracy ("creatures you control are the chosen type"), even
when the Colossus entered later: Conspiracy then sets its creature type, and it is only an Elf
(the Conspiracy rulings: a changeling creature you control is only the chosen type)."""

from __future__ import annotations

import pytest

from tests.mtg_library._helpers import solve_text, view

CONSPIRACY = "  - {id: conspiracy, card: Conspiracy, controller: Ann, choices: {creature type: Elf}}\n"
COLOSSUS = "  - {id: colossus, card: Chameleon Colossus, controller: Ann}\n"


@pytest.mark.parametrize("colossus_later", [True, False])
def test_a_changeling_under_conspiracy_is_only_the_chosen_type(colossus_later: bool) -> None:
    listed = CONSPIRACY + COLOSSUS if colossus_later else COLOSSUS + CONSPIRACY
    for ruleset in ("seed", "current"):
        t = solve_text("game: mtg\nplayers: [Ann]\nobjects:\n" + listed, ruleset)
        assert view(t, "colossus").subtypes == ("Elf",)


def test_without_conspiracy_the_changeling_has_every_creature_type() -> None:
    t = solve_text("game: mtg\nplayers: [Ann]\nobjects:\n" + COLOSSUS)
    assert "(all creature types)" in view(t, "colossus").subtypes
