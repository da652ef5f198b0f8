"""MTG continuous effects (CR 611/613): layers, timestamps, dependency, loops.

Public API::

    load_scenario(name_or_path) -> Scenario      # a path, or a built-in name like "seed/blood-moon"
    scenario_from_text(text, file) -> Scenario
    solve(scenario, ruleset="seed", without=(), dependency=True) -> Trace
    list_scenarios() -> list[str]                 # built-in MTG scenarios
    list_cards() -> list[str]                     # the card library

A :class:`Scenario` is immutable; ``scenario.effects()`` lists its effects (id, name, timestamp...)
and ``scenario.with_order([...])``, ``scenario.without([...])``, ``scenario.with_timestamps({...})``
return edited copies. The :class:`Trace` (:mod:`rulekit.mtg.trace`) is plain data for views.
The language of cards, effects, selectors and scenarios is described in ``LANGUAGE.md``.

>>> from rulekit.mtg import load_scenario, solve
>>> t = solve(load_scenario("seed/humility-then-gideon"))
>>> t.final["gideon"].pt
'5/5'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.trace import Change, Dependency, EffectInfo, ObjectView, PlayerView, Step, Trace

if TYPE_CHECKING:
    from pathlib import Path

    from rulekit.mtg.model import Scenario

RULESETS = ("seed", "current")


def load_scenario(name_or_path: str | Path) -> Scenario:
    """Load a scenario from a YAML path or a built-in name (``seed/...``, ``classic/...``)."""
    from rulekit.mtg.loader import load_scenario as _load

    return _load(name_or_path)


def scenario_from_text(text: str, file: str = "<scenario>") -> Scenario:
    """Parse scenario YAML text; errors name ``file:line: field``."""
    from rulekit.mtg.loader import scenario_from_text as _from_text

    return _from_text(text, file)


def solve(
    scenario: Scenario | str, ruleset: str = "seed", without: Any = (), dependency: bool = True
) -> Trace:
    """Apply every continuous effect (613) and return the trace. A string is loaded first."""
    from rulekit.mtg.engine import solve as _solve

    if isinstance(scenario, str):
        scenario = load_scenario(scenario)
    return _solve(scenario, ruleset=ruleset, without=without, dependency=dependency)


def list_scenarios() -> list[str]:
    """Names of the built-in MTG scenarios."""
    from rulekit.scenarios import list_builtin

    return list(list_builtin("mtg"))  # a fresh list: the shared tuple is cached


def list_cards() -> list[str]:
    """Names of the cards in the library."""
    from rulekit.mtg.loader import list_cards as _list

    return _list()


def card(name: str) -> dict[str, Any]:
    """A library card's data (as in ``rulekit/data/mtg/cards.yaml``)."""
    from rulekit.mtg.loader import library

    return dict(library()[name])


__all__ = [
    "RULESETS",
    "Change",
    "Dependency",
    "EffectInfo",
    "ObjectView",
    "PlayerView",
    "Step",
    "Trace",
    "card",
    "list_cards",
    "list_scenarios",
    "load_scenario",
    "scenario_from_text",
    "solve",
]
