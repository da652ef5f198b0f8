"""The engine is composed, not a tower of bases: a game state and functions over it.

``World`` stays abstract (a world that leaves out a method fails when it is made, not mid-chain); reading the
game is functions over a game state (``rulekit.apoteose.matching``); the legality checks and a window's
events and candidates are functions too, each given a narrow context; handlers get the narrow ``Rules``
context, never the engine's other methods."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from rulekit.apoteose import handlers, legality, matching, run_chain, windows
from rulekit.apoteose.chain import Engine
from rulekit.apoteose.handlers import LiveWorld, PreviewWorld, Rules, World
from rulekit.apoteose.scenario import load_scenario
from rulekit.apoteose.state import Game

WORLD_METHODS = {"g", "record", "roll", "choose", "negate", "modify", "test_total"}


def test_a_world_cannot_be_made_and_its_abstract_methods_are_the_worlds():
    assert inspect.isabstract(World)
    with pytest.raises(TypeError, match="abstract"):
        World()
    assert World.__abstractmethods__ == WORLD_METHODS
    for concrete in (LiveWorld, PreviewWorld):
        assert not inspect.isabstract(concrete), concrete


def test_a_world_missing_a_method_cannot_be_made():
    methods = {name: getattr(PreviewWorld, name) for name in WORLD_METHODS - {"roll"}}
    half = type("HalfWorld", (World,), methods)
    with pytest.raises(TypeError, match="roll"):
        half()


def test_the_engine_is_a_state_and_functions_over_it():
    """Reading the game (matching), judging an activation (legality) and listing a window's events and
    candidates (windows) are functions; legality and windows define only their narrow context (a Protocol)."""
    assert Engine.__mro__ == (Engine, object)
    for module in (matching, legality, windows):
        own = [v for v in vars(module).values() if inspect.isclass(v) and v.__module__ == module.__name__]
        assert all(getattr(c, "_is_protocol", False) for c in own), (module.__name__, own)
    assert inspect.signature(matching.heroes_for).parameters["g"].annotation in ("Game", matching.Game)
    assert inspect.signature(legality.legal).parameters["cx"].annotation in ("Judge", legality.Judge)
    assert inspect.signature(windows.gather_ativar).parameters["cx"].annotation in ("Host", windows.Host)
    engine = Engine(load_scenario("apoteose/nested-responses"))
    assert isinstance(engine.g, Game) and engine.stack == []


def test_handlers_see_only_the_narrow_rules_context():
    """Every ``s.rules.<name>`` a handler uses is a member of :class:`Rules` (no engine method beyond it)."""
    allowed = {n for n in dir(Rules) if not n.startswith("_")} | set(Rules.__annotations__)
    tree = ast.parse(Path(handlers.__file__).read_text(encoding="utf-8"))
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "rules"
    }
    assert used and used <= allowed, used - allowed
    assert "engine" not in {f for f in handlers.Step.__dataclass_fields__}


def test_the_engine_still_runs():
    assert run_chain("apoteose/nested-responses").resolution_order == ("escudo", "bencao", "raio", "pocao")
