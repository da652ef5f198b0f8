"""``widget_ms``: one LayerExplorer toggle, through every output updating, wasm renderer warm.

One measured toggle = set one effect checkbox's ``.value`` on a lesson-scale scenario, which
solves the scenario variant (engine), rebuilds the final table and the layer table (pandas
Styler HTML), builds the dependency DOT and renders it to SVG (wasm Graphviz, already compiled),
and writes the explanation. The explorer's own caches (solved variants, rendered SVGs and outputs) are
cleared before every toggle, so each one does the full work — the figure is not a cache hit.

``builder_add_ms``: one ``BoardBuilder.add_card`` on a 20-object board built from the
library, through the loader, the explorer's solve and every output (same target: p95 ≤ 50 ms), the
caches cleared before each add, the board put back (``undo``, not timed) after it. ``views_ms``
beside it is the explorer's own re-render of that board (tables and diagram, no solve): the part
of an add that the LayerExplorer's views cost, whoever triggers them.

``measure()`` returns ``{"widget_ms": {"median", "p95", "runs", "scenario", "backend"},
"builder_add_ms": {"median", "p95", "runs", "objects", "effects", "views_ms", "backend"}}`` (ms).
Run directly: ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import json
import statistics
import time

#: Lesson-scale scenarios, tried in order (the first one that loads is used).
SCENARIOS = ("classic/kormus-bell-urborg-fountain", "seed/humility-then-gideon")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


#: The benchmark board: 20 library cards (anthems, a lord, land changers, Humility, Opalescence...).
BOARD = (
    "Glorious Anthem",
    "Honor of the Pure",
    "Goblin King",
    "Blood Moon",
    "Urborg, Tomb of Yawgmoth",
    "Humility",
    "Grizzly Bears",
    "Grizzly Bears",
    "Island",
    "Island",
    "Mountain",
    "Forest",
    "Painter's Servant",
    "Control Magic",
    "Mycosynth Lattice",
    "Opalescence",
    "Wasteland",
    "Grizzly Bears",
    "Chained Throatseeker",
    "Sower of Temptation",
)
#: What some cards need as they enter.
FIELDS: dict[str, dict[str, object]] = {
    "Painter's Servant": {"choices": {"color": "blue"}},
    "Control Magic": {"attached_to": "grizzly-bears"},
}


def measure_builder(runs: int = 30) -> dict[str, object]:
    """Median and p95 (ms) of one uncached ``add_card`` on the 20-object board; see the module doc."""
    from rulekit import mtg
    from rulekit.views.render import choose_backend, warm_up, wasm_available
    from rulekit.widgets.builder import BoardBuilder

    warm_up()
    backend = "wasm" if wasm_available() else choose_backend()
    b = BoardBuilder(backend=backend)
    library = set(mtg.list_cards())
    for n, name in enumerate(c for c in BOARD if c in library):
        b.add_card(name, "Bo" if n % 3 == 0 else None, **FIELDS.get(name, {}))  # type: ignore[arg-type]
        if b.last_exception is not None:
            raise RuntimeError(f"the benchmark board could not be built: {b.last_exception}")
    view = b.view

    def one_add() -> float:
        view._traces.clear()
        view._svgs.clear()
        view._rendered.clear()
        start = time.perf_counter()
        b.add_card("Grizzly Bears")
        took = (time.perf_counter() - start) * 1000
        if b.last_exception is not None:
            raise RuntimeError(f"the add failed: {b.last_exception}")
        b.undo()
        return took

    def one_render() -> float:
        view._svgs.clear()
        view._rendered.clear()
        start = time.perf_counter()
        view._render(len(view.trace.steps))
        view.deps_html.value = view._deps(view.trace)
        return (time.perf_counter() - start) * 1000

    for _ in range(3):
        one_add()
    times: list[float] = []
    renders: list[float] = []
    for _ in range(runs):  # interleaved, so that a busy machine weighs on both figures alike
        times.append(one_add())
        renders.append(one_render())
    return {
        "builder_add_ms": {
            "median": round(statistics.median(times), 2),
            "p95": round(_percentile(times, 0.95), 2),
            "runs": runs,
            "objects": len(b.board.objects),
            "effects": len(b.trace.effects),
            "views_ms": round(statistics.median(renders), 2),
            "backend": backend,
        }
    }


def measure(runs: int = 40) -> dict[str, object]:
    """Median and p95 (ms) of one uncached toggle; see the module doc."""
    from rulekit.views.render import choose_backend, warm_up, wasm_available
    from rulekit.widgets.layers import LayerExplorer

    warm_up()
    backend = "wasm" if wasm_available() else choose_backend()
    ex = None
    name = ""
    for name in SCENARIOS:
        ex = LayerExplorer(name, backend=backend)
        if ex.trace is not None and ex.effect_boxes:
            break
    if ex is None or ex.trace is None:
        raise RuntimeError(f"no benchmark scenario could be loaded: {ex.error.value if ex else ''}")
    box = next(iter(ex.effect_boxes.values()))
    for _ in range(3):  # warm Python paths too
        ex._traces.clear()
        ex._svgs.clear()
        ex._rendered.clear()
        box.value = not box.value
    times = []
    for _ in range(runs):
        ex._traces.clear()
        ex._svgs.clear()
        ex._rendered.clear()
        start = time.perf_counter()
        box.value = not box.value
        times.append((time.perf_counter() - start) * 1000)
        if ex.last_exception is not None:
            raise RuntimeError(f"the toggle failed: {ex.last_exception}")
    return {
        "widget_ms": {
            "median": round(statistics.median(times), 2),
            "p95": round(_percentile(times, 0.95), 2),
            "runs": runs,
            "scenario": name,
            "backend": backend,
        }
    }


if __name__ == "__main__":
    print(json.dumps(measure(), indent=2))
    print(json.dumps(measure_builder(), indent=2))
