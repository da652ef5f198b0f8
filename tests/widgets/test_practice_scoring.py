"""lessons/practice.py: Reveal ends the scoring of a puzzle, Enter counts like Check, no puzzle twice."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("rulekit.mtg")


def _practice_module():
    path = Path(__file__).parent.parent.parent / "lessons" / "practice.py"
    spec = importlib.util.spec_from_file_location("rulekit_lessons_practice_scoring", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_reveal_then_check_scores_nothing():
    game = _practice_module().Practice(seed=5)
    game.check.reveal.click()
    assert (game.right, game.tried) == (0, 1)  # revealed before trying: a miss
    assert game.answer(game.puzzle.expected()) is True  # the verdict still says right...
    assert (game.right, game.tried) == (0, 1)  # ...but it scores nothing
    assert "0 / 1" in game.score.value
    assert "a revealed puzzle scores no point" in game.check.result.value  # said, not silent


def test_reveal_after_a_check_changes_nothing():
    game = _practice_module().Practice(seed=5)
    assert game.answer("no such answer") is False
    game.check.reveal.click()
    game.answer(game.puzzle.expected())
    assert (game.right, game.tried) == (0, 1)


def test_enter_counts_like_check():
    game = _practice_module().Practice(seed=5)
    game.check.answer.value = game.puzzle.expected()
    game.check.submit()
    assert (game.right, game.tried) == (1, 1)


def test_a_late_text_replaces_the_counted_verdict(monkeypatch):
    from rulekit.widgets import prediction

    now = [50.0]
    monkeypatch.setattr(prediction, "_clock", lambda: now[0])
    game = _practice_module().Practice(seed=5)
    right = game.puzzle.expected()
    game.check.answer.value = right[0]  # the first keystroke
    game.check.check.click()  # the click overtakes the others
    assert (game.right, game.tried) == (0, 1)
    now[0] += 0.1
    game.check.answer.value = right  # the rest of the text arrives
    assert game.check.correct is True
    assert (game.right, game.tried) == (1, 1)


def _key(p):
    return (p.base, p.kind, p.target, p.describe())


def test_no_puzzle_twice_in_a_session():
    mod = _practice_module()
    game = mod.Practice(seed=1)
    keys = [_key(game.puzzle)]
    for _ in range(40):
        game.next.click()
        keys.append(_key(game.puzzle))
    assert len(set(keys)) == len(keys)
    listed = [_key(p) for p in mod.puzzles(seed=1, count=40)]
    assert len(set(listed)) == len(listed)
