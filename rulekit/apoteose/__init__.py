"""The Apoteose effect system: effect text, Previsão (lookahead) and the response chain.

Public API (names are loaded lazily, so ``import rulekit.apoteose`` stays light)::

    parse_effect(text) -> Effect            format_effect(effect_or_text) -> str
    load_scenario(name_or_path) -> Scenario list_scenarios() -> list[str]
    run_chain(scenario, decisions=None) -> ChainTrace
    ChainSession(scenario)                  # interactive driver for widgets
    explain_text(text, lang) -> list[str]   # what was read, in the seed's words, explained in ``lang``

The trace types live in :mod:`rulekit.apoteose.trace`; every house ruling (R-01..R-23) lives in
:mod:`rulekit.apoteose.rulings`.
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose.trace import ChainEvent, ChainTrace, Decision, HeroState, TraceError
from rulekit.lazy import LazyNames

_LAZY = {
    "parse_effect": "rulekit.apoteose.text",
    "format_effect": "rulekit.apoteose.text",
    "Effect": "rulekit.apoteose.text",
    "Requirement": "rulekit.apoteose.text",
    "load_scenario": "rulekit.apoteose.scenario",
    "list_scenarios": "rulekit.apoteose.scenario",
    "Scenario": "rulekit.apoteose.scenario",
    "run_chain": "rulekit.apoteose.chain",
    "explain_text": "rulekit.apoteose.canonical",
    "reading_lines": "rulekit.apoteose.canonical",
    "ChainSession": "rulekit.apoteose.session",
    "DecisionPoint": "rulekit.apoteose.session",
}

__all__ = [
    "ChainEvent",
    "ChainTrace",
    "Decision",
    "HeroState",
    "TraceError",
    *sorted(_LAZY),
]


_NAMES = LazyNames(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _NAMES.get(name)


def __dir__() -> list[str]:
    return _NAMES.listed()
