"""Fixtures for the widget tests: the hand-made traces of tests/views, and engine availability."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location(
    "rulekit_views_handmade", Path(__file__).parent.parent / "views" / "conftest.py"
)
assert _spec is not None and _spec.loader is not None
handmade = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(handmade)


@pytest.fixture
def mtg_trace():
    return handmade.make_mtg_trace()


@pytest.fixture
def chain_trace():
    return handmade.make_chain_trace()
