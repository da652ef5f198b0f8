"""The benchmark board generator (benchmarks/board.py) gives valid, deterministic scenarios.

No timing here: the figures are taken by ``benchmarks/run.py``. These tests only prove that the
board the benchmark solves is a real scenario with the effects it claims to have.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from rulekit import mtg

BOARD_PY = Path(__file__).resolve().parents[2] / "benchmarks" / "board.py"


@cache
def board_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulekit_benchmarks_board", BOARD_PY)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


@cache
def default_board() -> tuple[str, Any, mtg.Trace]:
    """The benchmark's board (text, scenario, trace), loaded and solved once for this module."""
    text = board_module().generate_board()
    sc = mtg.scenario_from_text(text, "benchmarks/board.yaml")
    return text, sc, mtg.solve(sc)


def test_board_is_deterministic() -> None:
    gen = board_module().generate_board
    assert gen(500, 60, seed=0) == gen(500, 60, seed=0)
    assert gen(120, 30, seed=3) == gen(120, 30, seed=3)
    assert gen(120, 30, seed=3) != gen(120, 30, seed=4)


def test_default_board_has_500_objects_and_60_effects() -> None:
    text, sc, _ = default_board()
    data = yaml.safe_load(text)
    assert data["game"] == "mtg"
    assert len(sc.objects) == 500
    assert len(mtg.effects(sc)) == 60


def test_default_board_solves_with_dependencies_and_loops() -> None:
    """The board exercises what the benchmark claims: dependencies in layer 4 (land-type changers)
    and layer 6 (Humility/Opalescence pairs), and dependency loops (Yavimaya with Life and Limb,
    613.8b; animated Humilities removing each other's ability)."""
    _, _, t = default_board()
    layers = {d.layer for d in t.dependencies}
    assert {"4", "6"} <= layers
    assert t.loops
    assert any(
        any(e.startswith("yavimaya") for e in loop) and any(e.startswith("life-and-limb") for e in loop)
        for loop in t.loops
    )
    assert len(t.final) == 500


def test_urborg_under_spreading_seas_on_the_board() -> None:
    """On the board the first Spreading Seas enchants an Urborg: 305.7 makes it an Island that lost
    its ability, so that Urborg's effect depends on Seas (613.8a) and never applies."""
    text, _, t = default_board()
    objects = yaml.safe_load(text)["objects"]
    seas = next(o for o in objects if o.get("card") == "Spreading Seas")
    urborg = seas["attached_to"]
    assert next(o for o in objects if o["id"] == urborg)["card"] == "Urborg, Tomb of Yawgmoth"
    assert (urborg, seas["id"]) in {(d.effect, d.depends_on) for d in t.dependencies}
    assert urborg not in t.applied
    assert "Island" in t.final[urborg].subtypes  # other effects may add more land types after Seas
    assert t.final[urborg].supertypes == ("Legendary",)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("moon", [False, True])
def test_small_boards_load_and_solve(seed: int, moon: bool) -> None:
    text = board_module().generate_board(90, 24, seed=seed, moon=moon)
    sc = mtg.scenario_from_text(text, f"board-{seed}.yaml")
    assert len(sc.objects) == 90 and len(mtg.effects(sc)) == 24
    t = mtg.solve(sc)
    assert len(t.final) == 90 and t.steps
    if moon:
        assert any(e.id.startswith("blood-moon") for e in t.effects)


def test_board_solve_is_deterministic_and_equal_in_both_editions() -> None:
    """Same board, same JSON; the editions differ only in layer labels."""
    sc = mtg.scenario_from_text(board_module().generate_board(90, 24, seed=5), "board.yaml")
    a, b = mtg.solve(sc), mtg.solve(sc)
    assert a.to_json() == b.to_json()
    cur = mtg.solve(sc, ruleset="current")
    assert {k: (v.power, v.toughness, v.subtypes) for k, v in a.final.items()} == {
        k: (v.power, v.toughness, v.subtypes) for k, v in cur.final.items()
    }


def test_too_few_objects_is_an_error() -> None:
    with pytest.raises(ValueError):
        board_module().generate_board(10, 20)
