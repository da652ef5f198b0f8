"""The BoardBuilder takes a copy's own choices (CR 707.6) and refuses, in the widget's message, a
copy added without the choice the copied card asks for as it enters."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")


def test_a_clone_of_an_automaton_needs_its_own_creature_type() -> None:
    from rulekit.widgets import BoardBuilder
    from rulekit.widgets.builder import BuilderError

    b = BoardBuilder()
    auto = b.add_card("Adaptive Automaton", "Ann", choices={"creature type": "Elf"})
    with pytest.raises(BuilderError):
        b.add_card("Clone", "Ann", choices={"object": auto})
    assert "707.6" in b.error.value and "creature type" in b.error.value
    clone = b.add_card("Clone", "Ann", choices=f"object: {auto}, creature type: Goblin")
    assert b.error.value == ""
    assert b.trace.final[clone].subtypes == ("Construct", "Goblin")
    assert b.trace.final[auto].subtypes == ("Construct", "Elf")
