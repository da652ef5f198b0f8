"""The public API of rulekit.mtg and the trace's plain-data guarantees."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any

import pytest

from rulekit import mtg
from rulekit.mtg.trace import Trace


def test_public_api() -> None:
    assert "seed/humility-then-gideon" in mtg.list_scenarios()
    assert {"Humility", "Gideon Jura", "Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth"} <= set(
        mtg.list_cards()
    )
    for card in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
        assert card in mtg.list_cards()
    t = mtg.solve("seed/humility-then-gideon")
    assert isinstance(t, Trace) and t.final["gideon"].pt == "5/5"


def test_importing_the_engine_loads_no_view_libraries() -> None:
    code = (
        "import sys, rulekit, rulekit.mtg; from rulekit.mtg import solve, load_scenario;"
        "solve(load_scenario('seed/blood-moon'));"
        "print(sorted(m for m in ('pandas', 'ipywidgets', 'graphviz') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_scenario_editing_is_pure() -> None:
    s = mtg.load_scenario("seed/humility-then-gideon")
    effects = mtg.effects(s)
    assert [(e["id"], e["timestamp"]) for e in effects] == [("night", 1), ("humility", 2), ("gideon.0", 4)]
    off = mtg.without(s, ["night"])
    assert off.disabled == frozenset({"night"}) and s.disabled == frozenset()
    assert mtg.solve(off).final["gideon"].pt == "6/6"
    assert not mtg.solve(off).effect("night").active
    assert mtg.solve(off.with_enabled("night")).final["gideon"].pt == "5/5"
    swapped = mtg.with_order(s, ["gideon.0", "humility"])
    assert [e["id"] for e in mtg.effects(swapped)] == ["night", "gideon.0", "humility"]


def test_trace_is_plain_frozen_json_able_data() -> None:
    t = mtg.solve("classic/dependency-loop")
    for step in t.steps:
        assert dataclasses.is_dataclass(step)
    try:
        t.steps[0].__setattr__("effect", "x")
        raise AssertionError("steps must be frozen")
    except dataclasses.FrozenInstanceError:
        pass
    json.dumps(t.full_dict())  # every value JSON-able
    assert t.state_after(0) == t.initial
    assert t.state_after(len(t.steps)) == t.final
    assert repr(t).startswith("<Trace 'classic/dependency-loop'")


def test_every_dependency_has_a_plain_reason() -> None:
    for name in mtg.list_scenarios():
        t = mtg.solve(name)
        for d in t.dependencies:
            assert d.reason and d.effect != d.depends_on
            assert d.kind in ("existence", "text", "applies_to", "what_it_does")
        for s in t.steps:
            assert s.why in ("cda", "timestamp", "dependency", "waited_on", "loop", "counters")


def test_example_scenario_file_loads() -> None:
    from pathlib import Path

    path = Path(mtg.__file__).resolve().parent.parent / "data" / "mtg" / "example-scenario.yaml"
    t = mtg.solve(mtg.load_scenario(str(path)))
    assert t.final["wasteland"].subtypes == ("Mountain",)
    assert t.final["bears"].controller == "Bo"


def test_without_an_unknown_effect_is_a_clear_error() -> None:
    """``rulekit.mtg.without`` with an id that names no effect says so, with "did you mean"."""
    import pytest

    from rulekit.errors import ScenarioError

    s = mtg.load_scenario("seed/humility-then-gideon")
    with pytest.raises(ScenarioError, match=r"no effect 'humilty'.*did you mean 'humility'"):
        mtg.without(s, ["humilty"])
    assert mtg.without(s, ["humility"]).disabled == frozenset({"humility"})


def test_benchmark_scale_row_has_its_json_shape() -> None:
    """Benchmarks/run.py's scaling row: objects, effects, ms, timestamp_only_ms (a
    shape check on a tiny board; the figures themselves are measured, never tested)."""
    import importlib
    import sys
    from pathlib import Path

    bench = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(bench))
    try:
        run = importlib.import_module("run")
        rows = run.measure_scale(((60, 12),), repeat=1)
    finally:
        sys.path.remove(str(bench))
    assert [set(r) for r in rows] == [{"objects", "effects", "ms", "timestamp_only_ms"}]
    assert rows[0]["objects"] == 60 and rows[0]["effects"] == 12
    assert run.SCALE_SIZES == ((1000, 120), (2000, 240), (4000, 480))


def test_a_solve_leaves_the_garbage_collector_as_it_found_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cyclic collector is paused during a solve (speed only) and left as it was after,
    also when the solve fails, and also when it was off before."""
    import gc

    from rulekit.mtg.engine import loop

    seen: list[bool] = []
    real = loop.solve_compiled

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(loop, "solve_compiled", spy)
    assert gc.isenabled()
    mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    assert seen == [False] and gc.isenabled()

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(loop, "solve_compiled", boom)
    with pytest.raises(RuntimeError):
        mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    assert gc.isenabled()
    gc.disable()
    try:
        monkeypatch.setattr(loop, "solve_compiled", real)
        mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_solve_moves_what_it_kept_to_the_oldest_generation() -> None:
    """What a solve built and kept is not left young (the next young collection would walk all of
    it), and objects someone else froze stay frozen."""
    import gc

    from rulekit.mtg.generate import board as make_board

    board = make_board(120, 20, seed=1)
    trace = mtg.solve(board)
    assert len(trace.steps) > 10 and gc.isenabled()
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(trace.steps[0]) in oldest and id(trace) in oldest
    kept = [[] for _ in range(3)]  # tracked objects someone else froze, alive throughout
    gc.freeze()
    try:
        mtg.solve(board)
        # still frozen: in no generation the collector walks (a count would also fall when a frozen
        # object dies, e.g. the context's mapping a budget's ContextVar.set replaces)
        walked = {id(o) for o in gc.get_objects()}
        assert not any(id(k) in walked for k in kept)
    finally:
        gc.unfreeze()


@pytest.mark.parametrize(
    "kind, params",
    [
        ("existence", (("by", "Humility"), ("effect", "Anthem"), ("source", "Glorious Anthem"))),
        ("existence", (("by", "A"), ("effect", "B"), ("condition", "you control an Elf"))),
        ("text", (("by", "Mind Bend"), ("effect", "Urborg"))),
        (
            "applies_to",
            (
                ("by", "A"),
                ("effect", "B"),
                ("gained", ("x", "y")),
                ("gained_count", 7),
                ("lost", ()),
                ("lost_count", 0),
            ),
        ),
        ("what_it_does", (("by", "A"), ("effect", "B"), ("objects", ("x",)), ("count", 1))),
    ],
)
def test_the_engines_fast_dependency_equals_the_constructed_one(kind: str, params: Any) -> None:
    """The engine builds trace dependencies without the dataclass ``__init__`` (speed); each is
    equal to, hashes as and reads as the constructed one, reason included."""
    from rulekit.mtg.engine.state import dependency
    from rulekit.mtg.trace import Dependency

    fast, slow = dependency("e", "d", "4", kind, params), Dependency("e", "d", "4", kind, params)
    assert fast == slow and hash(fast) == hash(slow) and fast.reason == slow.reason != ""
    assert dataclasses.asdict(fast) == dataclasses.asdict(slow)
