"""Helpers for the BoardBuilder tests: the P/T a final table shows, and the round trip through the file."""

from __future__ import annotations

import re
from typing import Any

import pytest


def pt_of(html: str, name: str) -> str:
    """The P/T cell of ``name``'s row in a final-table HTML (the part after any arrow)."""
    m = re.search(rf">{re.escape(name)}</td>\s*<td[^>]*>([^<]*)</td>", html)
    assert m, f"no row for {name}"
    return m.group(1).split("→")[-1].strip()


def assert_round_trip(b: Any) -> None:
    """The board's export, read back by the loader and solved afresh, gives the trace shown."""
    from rulekit import mtg

    assert b.trace is not None
    fresh = mtg.solve(mtg.scenario_from_text(b.to_yaml(), "roundtrip.yaml"), ruleset=b.ruleset.value)
    assert fresh == b.trace
    assert fresh.to_json() == b.trace.to_json()
    assert b.scenario is not None
    assert mtg.solve(b.scenario, ruleset=b.ruleset.value) == fresh


def refused(call: Any, *args: Any, **kwargs: Any) -> None:
    """A Python API call that fails raises BuilderError (the message also shows in the widget)."""
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError):
        call(*args, **kwargs)


def fresh_builder() -> Any:
    """A new BoardBuilder that shows no error (the ``builder`` fixture of the builder tests)."""
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    assert b.error.value == "", b.error.value
    return b
