"""The engine's bases (World, Legality, Windows) are abstract: a base alone cannot be made, and a
subclass that leaves out a method the engine needs fails when it is made, not mid-chain."""

from __future__ import annotations

import inspect

import pytest

from rulekit.apoteose import run_chain
from rulekit.apoteose.chain import Engine
from rulekit.apoteose.handlers import LiveWorld, PreviewWorld, World
from rulekit.apoteose.legality import Legality
from rulekit.apoteose.windows import Windows

WORLD_METHODS = {"g", "record", "roll", "choose", "negate", "modify", "test_total"}


@pytest.mark.parametrize("base", [World, Legality, Windows])
def test_a_base_cannot_be_made(base):
    assert inspect.isabstract(base)
    with pytest.raises(TypeError, match="abstract"):
        base()


def test_the_abstract_methods_are_the_ones_the_engine_gives():
    assert World.__abstractmethods__ == WORLD_METHODS
    assert Legality.__abstractmethods__ == {"apply"}
    assert Windows.__abstractmethods__ == {"apply", "ev", "decide", "refuse_unreadable"}
    for concrete in (Engine, LiveWorld, PreviewWorld):
        assert not inspect.isabstract(concrete), concrete


def test_a_world_missing_a_method_cannot_be_made():
    methods = {name: getattr(PreviewWorld, name) for name in WORLD_METHODS - {"roll"}}
    half = type("HalfWorld", (World,), methods)
    with pytest.raises(TypeError, match="roll"):
        half()


def test_the_engine_still_runs():
    assert run_chain("apoteose/nested-responses").resolution_order == ("escudo", "bencao", "raio", "pocao")
