"""A self-check given a BoardBuilder judges the board as it is now: after a change, the verdict shown is
judged again (under a note saying the board changed), and a later Check uses the new board."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")


@pytest.fixture
def board3():
    from .builder_util import lesson_board

    return lesson_board()


def _check(p, text):
    p.answer.value = text
    p.check.click()
    return p.correct


def test_a_verdict_is_judged_again_after_a_card_is_removed(board3):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3, "pt", "mutavault")
    assert p.expected() == "4/4"
    assert _check(p, "4/4") is True
    board3.remove("goblin-king")
    # the verdict shown is about the board on screen: 4/4 is now wrong, and a note says why it changed
    assert p.correct is False
    assert "✘" in p.result.value and "board changed" in p.result.value
    assert _check(p, "3/3") is True and "board changed" not in p.result.value
    board3.undo()  # the King is back
    assert p.correct is False and p.expected() == "4/4"


def test_a_check_after_the_change_uses_the_new_board(board3):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3, "pt", "mutavault")
    board3.remove("goblin-king")
    assert p.result.value == ""  # nothing was shown: nothing to judge again
    assert _check(p, "3/3") is True
    assert _check(p, "4/4") is False


def test_a_revealed_answer_follows_the_board(board3):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3, "pt", "mutavault")
    p.reveal.click()
    assert "4/4" in p.result.value
    board3.ruleset.value = "current"  # the ruleset is part of the board shown
    board3.remove("glorious-anthem")
    assert "3/3" in p.result.value and "board changed" in p.result.value


def test_the_object_asked_about_leaves_the_board_and_comes_back(board3):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3, "pt", "goblin-king")
    assert _check(p, "2/2") is True
    board3.remove("goblin-king")
    assert p.correct is None and "✔" not in p.result.value
    assert "board changed" in p.error.value and "goblin-king" in p.error.value
    p.check.click()  # says it again, never judges against a board without the object
    assert p.correct is None and "board changed" in p.error.value
    board3.undo()
    assert p.error.value == ""
    assert _check(p, "2/2") is True


def test_the_note_speaks_the_language(board3):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3, "pt", "mutavault", lang="pt-BR")
    _check(p, "4/4")
    board3.remove("goblin-king")
    assert "board changed" not in p.result.value and "tabuleiro mudou" in p.result.value


def test_a_trace_given_stays_the_trace_it_was(board3):
    """A trace (not the builder) is a fixed board: the check does not follow the builder."""
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(board3.trace, "pt", "mutavault")
    board3.remove("goblin-king")
    assert _check(p, "4/4") is True


def test_the_wrong_answer_lists_the_effects_then_the_rule_unnumbered():
    """The general rule follows the list of effects as a paragraph, not as the list's last "effect"."""
    import re

    from rulekit import mtg
    from rulekit.widgets import PredictionCheck

    trace = mtg.solve("seed/humility-then-gideon")
    p = PredictionCheck(trace, "pt", "gideon")
    p.answer.value = "9/9"
    p.check.click()
    items = re.findall(r"<li>(.*?)</li>", p.result.value)
    assert len(items) == len(trace.steps) and all("613.1)" not in x for x in items)
    assert re.search(r"</ol><p>Effects apply layer by layer \(613\.1\)", p.result.value)


def test_an_order_typed_with_spaces_gets_a_word_about_commas():
    from rulekit import apoteose
    from rulekit.widgets import PredictionCheck

    trace = apoteose.run_chain(apoteose.load_scenario("apoteose/nested-responses"))
    p = PredictionCheck(trace, "order")
    spaced = " ".join(trace.resolution_order)
    assert len(trace.resolution_order) > 1
    p.answer.value = spaced
    p.check.click()
    assert p.correct is None and "commas" in p.result.value and "✘" not in p.result.value
    p.answer.value = ", ".join(trace.resolution_order)
    p.check.click()
    assert p.correct is True
    p.answer.value = trace.resolution_order[0]  # one id alone is an answer, judged as usual
    p.check.click()
    assert p.correct is False


def test_the_subtypes_alone_are_not_a_whole_type_line():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("seed/blood-moon", "types", "wasteland", lang="pt-BR")
    assert p.expected().endswith("Mountain")
    p.answer.value = "Montanha"
    p.check.click()
    assert p.correct is False and "Mountain" not in p.result.value.split("você disse")[0]
    p.answer.value = "Terreno — Montanha"
    p.check.click()
    assert p.correct is True


def test_a_wrong_answer_does_not_tell_the_order_nor_what_waited():
    """Lesson 02 asks who wins a timestamp order, lesson 03 what a dependency does: a wrong answer lists the
    effects by layer and timestamp, never in the order they apply nor with the dependency that reorders."""
    from rulekit import mtg
    from rulekit.widgets import PredictionCheck

    trace = mtg.solve("classic/lattice-and-march")
    assert any(step.waited_on for step in trace.steps)  # a dependency reorders this board
    p = PredictionCheck(trace, "pt", next(iter(trace.final)))
    p.answer.value = "99/99"
    p.check.click()
    said = p.result.value
    assert "depend" not in said.split("</ol>")[0] and "wait" not in said
    stamps = [int(x) for x in __import__("re").findall(r"timestamp (\d+)\)</li>", said)]
    assert len(stamps) == len(trace.steps)
