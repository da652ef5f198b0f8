"""Every timing keyword (R-01, seed «Temporização») is both a word the notation reads
(``rulings.TIMINGS``) and a test on a game event (``matching._TIMING_MATCH``): adding one to
only one of the two places fails here, not in the middle of a chain (ARCHITECTURE.md)."""

from __future__ import annotations

from rulekit.apoteose.matching import _TIMING_MATCH
from rulekit.apoteose.rulings import TIMINGS
from rulekit.apoteose.text import parse_effect


def test_every_timing_keyword_has_its_event_test_and_back() -> None:
    assert sorted(TIMINGS) == sorted(_TIMING_MATCH)


def test_every_timing_keyword_parses() -> None:
    for word in TIMINGS:
        assert parse_effect(f"Auto · {word} Compre 1 carta.").timings == (word,)
