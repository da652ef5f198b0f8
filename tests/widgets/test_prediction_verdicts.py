"""A verdict the learner can trust: it judges what is in the box, names it, goes when the answer changes."""

from __future__ import annotations

import pytest

pytest.importorskip("rulekit.mtg")


@pytest.fixture
def moon():
    """Urborg under Blood Moon: its subtypes are Mountain."""
    from rulekit.widgets import PredictionCheck

    return PredictionCheck("classic/urborg-then-blood-moon", "subtypes", "urborg")


@pytest.fixture
def clock(monkeypatch):
    """The verdict's clock, moved by hand."""
    from rulekit.widgets import prediction

    now = [1000.0]
    monkeypatch.setattr(prediction, "_clock", lambda: now[0])
    return now


def _judged(p) -> str | None:
    """The answer the verdict shown names (the text of its rulekit-judged element)."""
    import html
    import re

    found = re.search(r'<span class="rulekit-judged">(.*?)</span>', p.result.value)
    return html.unescape(found.group(1)) if found else None


def test_the_box_sends_every_keystroke(moon):
    assert moon.answer.continuous_update is True


def test_the_verdict_names_the_answer_it_judged(moon):
    moon.answer.value = "mountain"
    moon.check.click()
    assert moon.correct is True
    assert _judged(moon) == "mountain"
    assert "✔ Right:</strong> <span" in moon.result.value
    moon.answer.value = "Swamp"
    moon.check.click()
    assert moon.correct is False and "✘" in moon.result.value
    assert _judged(moon) == "Swamp" and "you said <span" in moon.result.value


def test_a_new_answer_clears_the_old_verdict(moon, clock):
    moon.answer.value = "Mountain"
    moon.check.click()
    assert "✔" in moon.result.value
    clock[0] += 5  # the learner reads the verdict, then types another answer
    moon.answer.value = "Swamp"
    assert moon.result.value == '<div style="font-size:100%"></div>' and moon.correct is None
    assert "✔" not in moon.result.value


def test_a_text_that_arrives_just_after_the_click_is_judged(moon, clock):
    """The browser sends the click at once and the held-back keystrokes after it: the verdict is then
    about the whole text, not about the first letter."""
    seen = []
    moon.on_verdict(lambda correct, again: seen.append((correct, again)))
    moon.answer.value = "M"  # the first keystroke reaches the kernel
    moon.check.click()  # the click overtakes the rest
    assert moon.correct is False
    clock[0] += 0.2
    moon.answer.value = "Mountain"  # the rest arrives
    assert moon.correct is True and _judged(moon) == "Mountain"
    assert seen == [(False, False), (True, True)]


def test_a_different_text_soon_after_the_click_does_not_inherit_it(moon, clock):
    moon.answer.value = "Mountain"
    moon.check.click()
    clock[0] += 0.2
    moon.answer.value = "Swamp"  # not a continuation of the judged text: a new answer
    assert moon.correct is None and "✔" not in moon.result.value


def test_enter_in_the_box_checks(moon):
    moon.answer.value = "Mountain"
    moon.submit()
    assert moon.correct is True and _judged(moon) == "Mountain"


def test_a_hostile_answer_is_escaped_in_the_verdict(moon):
    moon.answer.value = '"><script>x</script>'
    moon.check.click()
    assert "<script>" not in moon.result.value and _judged(moon) == '"><script>x</script>'
    assert "&lt;script&gt;" in moon.result.value


def test_the_late_text_window_starts_when_the_verdict_is_shown(moon, clock, monkeypatch):
    """A busy kernel: judging takes 0.9 s, and the text the click was meant for arrives 0.5 s after the
    verdict (1.4 s after the click began): it is judged, not dropped with the verdict (it was, once in 1,000
    checks in the browser: benchmarks/stale_verdicts.py)."""
    from rulekit.widgets import prediction

    real = prediction.PredictionCheck._matches

    def slow(self, guess):
        clock[0] += 0.9
        return real(self, guess)

    monkeypatch.setattr(prediction.PredictionCheck, "_matches", slow)
    moon.answer.value = "Land — Mo"
    moon.check.click()
    assert _judged(moon) == "Land — Mo"
    clock[0] += 0.5
    moon.answer.value = "Land — Mountain"
    assert _judged(moon) == "Land — Mountain"
