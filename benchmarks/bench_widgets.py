"""``widget_ms``: one LayerExplorer toggle, through every output updating, wasm renderer warm.

One measured toggle = set one effect checkbox's ``.value`` on a lesson-scale scenario, which
solves the scenario variant (engine), rebuilds the final table and the layer table (pandas
Styler HTML), builds the dependency DOT and renders it to SVG (wasm Graphviz, already compiled),
and writes the explanation. The explorer's own caches (solved variants, rendered SVGs) are
cleared before every toggle, so each one does the full work — the figure is not a cache hit.

``measure()`` returns ``{"widget_ms": {"median", "p95", "runs", "scenario", "backend"}}`` (ms).
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
        box.value = not box.value
    times = []
    for _ in range(runs):
        ex._traces.clear()
        ex._svgs.clear()
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
