"""YAML merge keys: ``<<: *card`` brings an anchored mapping's keys,
an explicit key overrides the merged one, and a key repeated in the mapping itself is still an
error."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._helpers import load_text, pt, solve_text, view

MERGED = """
game: mtg
players: [Ann]
objects:
  - &bear {id: b1, name: Bear, types: [Creature], subtypes: [Bear], power: 2, toughness: 2, controller: Ann}
  - <<: *bear
    id: b2
    name: Big Bear
    power: 3
"""


def test_merge_key_with_overrides() -> None:
    t = solve_text(MERGED)
    assert (view(t, "b2").name, view(t, "b2").subtypes) == ("Big Bear", ("Bear",))
    assert pt(t, "b2") == (3, 2) and pt(t, "b1") == (2, 2)


def test_a_key_repeated_in_one_mapping_is_still_an_error() -> None:
    with pytest.raises(ScenarioError) as err:
        load_text(MERGED + "    power: 4\n")
    assert "duplicate key 'power'" in str(err.value)
