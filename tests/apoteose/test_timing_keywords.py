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


def test_a_timing_keyword_without_a_matcher_fails_at_import_not_in_a_game() -> None:
    """One keyword -> matcher table, checked when ``matching`` is imported: a timing keyword added to the
    glossary's names without its matcher stops the import (here in a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "import rulekit.apoteose.rulings as R\n"
        "R.KEYWORD_KINDS['timing'] = (*R.KEYWORD_KINDS['timing'], 'Ao Voar')\n"
        "import rulekit.apoteose.matching\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "ImportError: timing keywords without a matcher: ['Ao Voar']" in run.stderr
    ok = subprocess.run(
        [sys.executable, "-c", "import rulekit.apoteose.matching"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stderr
