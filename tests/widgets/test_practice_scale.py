"""lessons/practice.py: the Text-size knob survives "Next puzzle" (learner review)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("rulekit.mtg")


def _practice_module():
    path = Path(__file__).parent.parent.parent / "lessons" / "practice.py"
    spec = importlib.util.spec_from_file_location("rulekit_lessons_practice", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_text_size_is_kept_at_next_puzzle():
    game = _practice_module().Practice(seed=3)
    assert game.check.scale == 1.0
    game.check.text_size.value = 1.5  # the learner turns the knob on this puzzle
    assert game.check.scale == 1.5
    game.next.click()
    assert game.number == 2
    assert game.check.scale == 1.5 and game.check.text_size.value == 1.5
    assert "font-size:150%" in game.check.question.value
