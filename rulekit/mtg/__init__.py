"""MTG continuous effects (CR 611/613): layers, timestamps, dependency, loops.

Public API::

    load_scenario(name_or_path) -> Scenario      # a path, or a built-in name like "seed/blood-moon"
    scenario_from_text(text, file) -> Scenario
    solve(scenario, ruleset="seed", without=(), dependency=True) -> Trace
    list_scenarios() -> list[str]                 # built-in MTG scenarios
    list_cards() -> list[str]                     # the card library

    effects(scenario) -> list[dict]               # its effects (id, name, timestamp...), in order
    effect_ids(scenario) -> list[str]
    with_order(scenario, ids) -> Scenario          # these effects' timestamps in this order
    with_timestamps(scenario, {id: ts}) -> Scenario
    without(scenario, ids) -> Scenario             # these effects switched off

A :class:`Scenario` is immutable data; the edits above return edited copies (they replay the
scenario, so they are the engine's: :mod:`rulekit.mtg.engine.edits`). The :class:`Trace`
(:mod:`rulekit.mtg.trace`) is plain data for views.
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


def effects(scenario: Scenario) -> list[dict[str, Any]]:
    """The scenario's effects (id, name, source, origin, timestamp, layers), timestamp order:
    those the printed objects and the events generate before any layer applies (a static
    ability granted by an effect is not listed)."""
    from rulekit.mtg.engine.edits import scenario_effects

    return scenario_effects(scenario)


def effect_ids(scenario: Scenario) -> list[str]:
    """The ids of :func:`effects`."""
    from rulekit.mtg.engine.edits import effect_ids as _ids

    return _ids(scenario)


def without(scenario: Scenario, effect_ids: Any) -> Scenario:
    """A copy with these effects switched off; an id naming no effect of the scenario is a
    :class:`~rulekit.errors.ScenarioError` (``UNKNOWN_EFFECT``, with "did you mean")."""
    from rulekit.mtg.engine.edits import without as _without

    return _without(scenario, effect_ids)


def with_timestamps(scenario: Scenario, stamps: dict[str, float]) -> Scenario:
    """A copy where effect ``id`` gets timestamp ``stamps[id]``: a static effect's timestamp is
    its object's (613.7a), so setting it moves the object's; a resolved effect's is its
    ``resolve`` event's (613.7b)."""
    from rulekit.mtg.engine.edits import with_timestamps as _with_timestamps

    return _with_timestamps(scenario, stamps)


def with_order(scenario: Scenario, effect_ids: list[str]) -> Scenario:
    """A copy where the listed effects take their (existing) timestamps in this order.

    >>> s = with_order(load_scenario("seed/humility-then-gideon"), ["gideon.0", "humility"])
    >>> [e["id"] for e in effects(s)]
    ['night', 'gideon.0', 'humility']
    """
    from rulekit.mtg.engine.edits import with_order as _with_order

    return _with_order(scenario, effect_ids)


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
    "effect_ids",
    "effects",
    "list_cards",
    "list_scenarios",
    "load_scenario",
    "scenario_from_text",
    "solve",
    "with_order",
    "with_timestamps",
    "without",
]
