"""The docstring examples of the MTG modules run (they are documentation that must stay true)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "rulekit.mtg",
    "rulekit.mtg.trace",
    "rulekit.mtg.selectors",
    "rulekit.mtg.model",
    "rulekit.mtg.vocab",
    "rulekit.mtg.generate",
    "rulekit.mtg.engine",
    "rulekit.mtg.engine.accelerator",
    "rulekit.mtg.oracle",
    "rulekit.views.reasons",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
