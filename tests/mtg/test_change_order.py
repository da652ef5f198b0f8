"""A step lists its changes in the scenario's listing order of the objects (the order the engine
found an affected set in never shows in a trace)."""

from __future__ import annotations

import pytest

from rulekit import mtg


@pytest.mark.parametrize("name", mtg.list_scenarios())
def test_changes_follow_listing_order(name: str) -> None:
    trace = mtg.solve(mtg.load_scenario(name))
    position = {oid: i for i, oid in enumerate(trace.initial)}
    for step in trace.steps:
        seen = [position[c.object_id] for c in step.changes if c.object_id in position]
        assert seen == sorted(seen), (step.effect, [c.object_id for c in step.changes])


def test_lattice_and_march_lists_lattice_in_its_place() -> None:
    """Mycosynth Lattice makes itself an artifact first; March's changes still come in listing
    order, not with the lattice first because its signature changed."""
    trace = mtg.solve(mtg.load_scenario("classic/lattice-and-march"))
    order = list(trace.initial)
    march = next(s for s in trace.steps if s.effect == "march")
    firsts = list(dict.fromkeys(c.object_id for c in march.changes))
    assert firsts == [o for o in order if o in firsts]
