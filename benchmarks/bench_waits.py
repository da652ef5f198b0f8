"""``control_waits_ms``: every control of every lesson explorer, self-check, builder and practice, timed
in the kernel (its Python handler: the callbacks, the solve, the views, the updates built), beside 1 s.

What it measures (figures only, never a test): each control is used as the learner uses it — a button's
``click()`` (its ``on_click`` handlers), a check box's, a list's or a text box's ``.value`` set (its
observers) — on the lesson's own boards: every LayerExplorer and ChainExplorer scenario of the English lessons
(the ones ``bench_browser.py`` clicks), lesson 05's seven-response self-check, lesson 06's three boards built
with the BoardBuilder each under its PredictionCheck (a board change re-judges a verdict shown), the
builder's card search typed one key at a time, and lesson 06's Practice. The explorers' kept outputs are
not cleared: the first use of a control on a board is the uncached one, and the worst of every use is what is
reported (``max``) beside the median; a control's row holds every board it was used on.

``measure()`` returns ``{"control_waits_ms": {"target", "controls", "over_target", "slowest", "rows":
[{"control", "median", "max", "uses"}]}}`` (ms). Run directly for the table:
``python benchmarks/bench_waits.py [--json]``. The browser's part of a click (the round trip, the page
updating) is ``bench_browser.py``'s.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_browser import CHAIN_SCENARIOS, LAYER_SCENARIOS  # noqa: E402

#: The wait no control may pass on a lesson board (ms).
TARGET_MS = 1000.0
#: Typed into the builder's card search, one key at a time (each key one search).
TYPED = "goblin king"


class _Waits:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)

    def use(self, control: str, action: Callable[[], Any], widget: Any = None) -> None:
        start = time.perf_counter()
        action()
        took = (time.perf_counter() - start) * 1000
        if widget is not None and getattr(widget, "last_exception", None) is not None:
            raise RuntimeError(f"{control}: {widget.last_exception}")
        self.times[control].append(took)


def _layer(w: _Waits, name: str) -> None:
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer(name, lang="en")
    if ex.last_exception is not None:
        raise RuntimeError(f"{name}: {ex.last_exception}")
    for box in list(ex.effect_boxes.values()):
        w.use("layers: effect off", lambda b=box: setattr(b, "value", False), ex)
        w.use("layers: effect on", lambda b=box: setattr(b, "value", True), ex)
    if len(ex.order) > 1:
        w.use("layers: Move down (a row)", lambda: ex._move_row(0, +1), ex)
        w.use("layers: Move up (a row)", lambda: ex._move_row(1, -1), ex)
        ex.order_list.value = ex.order[0]
        w.use("layers: Move down (list)", ex.move_down.click, ex)
        w.use("layers: Move up (list)", ex.move_up.click, ex)
    w.use("layers: ◀ Previous", ex.prev.click, ex)
    w.use("layers: Next ▶", ex.next.click, ex)
    w.use("layers: step slider", lambda: setattr(ex.step, "value", ex.step.min), ex)
    other = [v for _label, v in ex.ruleset.options if v != ex.ruleset.value]
    if other:
        first = ex.ruleset.value
        w.use("layers: ruleset", lambda: setattr(ex.ruleset, "value", other[0]), ex)
        w.use("layers: ruleset back", lambda: setattr(ex.ruleset, "value", first), ex)
    if ex.effect_boxes:
        next(iter(ex.effect_boxes.values())).value = False
    w.use("layers: Reset", ex.reset.click, ex)
    w.use("layers: text size 150 %", lambda: setattr(ex.text_size, "value", 1.5), ex)
    w.use("layers: text size 100 %", lambda: setattr(ex.text_size, "value", 1.0), ex)
    w.use("layers: Fit to width", lambda: setattr(ex.fit_width, "value", True), ex)
    w.use("layers: Full width", lambda: setattr(ex.full_width, "value", True), ex)


def _chain(w: _Waits, name: str) -> None:
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(name, lang="en")
    if ex.last_exception is not None:
        raise RuntimeError(f"{name}: {ex.last_exception}")
    for _ in range(12):  # every window to the end, a response where one is offered
        opts = ex.options()
        if not opts:
            break
        pick = next((i for _label, i in opts if i != "pass"), opts[0][1])
        w.use("chain: a response", lambda p=pick: setattr(ex.response, "value", p), ex)
        w.use("chain: Choose", ex.choose_button.click, ex)
    w.use("chain: ◀ Event", ex.prev.click, ex)
    w.use("chain: Event ▶", ex.next.click, ex)
    w.use("chain: event slider", lambda: setattr(ex.event, "value", ex.event.min), ex)
    w.use("chain: Undo", ex.undo.click, ex)
    w.use("chain: Run to the end", ex.finish.click, ex)
    w.use("chain: Reset", ex.reset.click, ex)
    w.use("chain: text size 150 %", lambda: setattr(ex.text_size, "value", 1.5), ex)
    w.use("chain: text size 100 %", lambda: setattr(ex.text_size, "value", 1.0), ex)


def _seven(w: _Waits) -> None:
    """Lesson 05's seven-response self-check: a wrong order, then the right one, then Reveal."""
    from rulekit.apoteose import load_scenario, run_chain
    from rulekit.widgets import PredictionCheck

    right = ", ".join(run_chain(load_scenario("apoteose/priority-seven")).resolution_order)
    for lang in ("en", "pt-BR", "es"):
        pc = PredictionCheck("apoteose/priority-seven", ask="resolution_order", lang=lang)
        wrong = ", ".join(reversed(right.split(", ")))
        pc.answer.value = wrong
        w.use("check (seven responses): Check, wrong", pc.check.click, pc)
        pc.answer.value = right
        w.use("check (seven responses): Check, right", pc.check.click, pc)
        w.use("check (seven responses): Reveal", pc.reveal.click, pc)


def _boards(w: _Waits) -> None:
    """Lesson 06's three boards (built as the lesson builds them), each under its self-check, then each
    builder control on them; the card search typed one key at a time."""
    from rulekit.widgets import BoardBuilder

    b1 = BoardBuilder()
    b1.add_card("Goblin King")
    b1.add_card("Goblin Piker", counters={"+1/+1": 1})
    b1.add_resolution("Twisted Image", "cast", targets=["goblin-piker"])
    b2 = BoardBuilder()
    b2.add_card("Goblin King")
    b2.add_card("Goblin Piker")
    b2.add_resolution("Turn to Frog", "cast", targets=["goblin-king"])
    b3 = BoardBuilder()
    b3.add_card("Mutavault")
    b3.add_card("Glorious Anthem")
    b3.add_card("Goblin King", "Bo")
    b3.add_resolution("mutavault", "animate")
    for b, target in ((b1, "goblin-piker"), (b2, "goblin-piker"), (b3, "mutavault")):
        _builder_controls(w, b, target)


def _builder_controls(w: _Waits, b: Any, target: str) -> None:
    """Each builder control on one of lesson 06's boards, its self-check judged first."""
    from rulekit.widgets import PredictionCheck

    pc = PredictionCheck(b, "pt", target)
    pc.answer.value = "2/2"
    w.use("check (a builder's board): Check", pc.check.click, pc)
    for n in range(1, len(TYPED) + 1):
        w.use("builder: search, one key", lambda t=TYPED[:n]: setattr(b.search, "value", t), b)
    w.use("builder: search cleared", lambda: setattr(b.search, "value", ""), b)
    b.search.value = "anthem"
    w.use("builder: pick a result", lambda: setattr(b.results, "value", b.results.options[-1][1]), b)
    w.use("builder: Add (a judged check above)", b.add_button.click, b)
    w.use("builder: Undo", b.undo_button.click, b)
    w.use("builder: Redo", b.redo_button.click, b)
    w.use("builder: Undo again", b.undo_button.click, b)
    w.use("builder: a row's Remove", lambda: b._row_clicked(0, "remove"), b)  # as the page's press
    w.use("builder: Undo (the remove)", b.undo_button.click, b)
    other = [v for _label, v in b.ruleset.options if v != b.ruleset.value]
    if other:
        first = b.ruleset.value
        w.use("builder: ruleset", lambda o=other[0]: setattr(b.ruleset, "value", o), b)
        w.use("builder: ruleset back", lambda f=first: setattr(b.ruleset, "value", f), b)
    w.use("builder: Reset", b.reset_button.click, b)
    w.use("builder: Undo (the reset)", b.undo_button.click, b)
    w.use("builder: Show YAML", lambda: setattr(b.show_yaml, "value", True), b)
    w.use("builder: Hide YAML", lambda: setattr(b.show_yaml, "value", False), b)


def _practice(w: _Waits) -> None:
    sys.path.insert(0, str(ROOT / "lessons"))
    from practice import Practice

    p = Practice(seed=1)
    for _ in range(5):
        assert p.check is not None and p.puzzle is not None
        p.check.answer.value = p.puzzle.expected()
        w.use("practice: Check", p.check.check.click, p.check)
        w.use("practice: Next puzzle", p.next.click)


def run() -> dict[str, list[float]]:
    from rulekit.views.render import warm_up

    warm_up()
    w = _Waits()
    for name in LAYER_SCENARIOS:
        _layer(w, str(ROOT / "lessons" / name) if name.startswith("scenarios/") else name)
    for name in CHAIN_SCENARIOS:
        _chain(w, name)
    _seven(w)
    _boards(w)
    _practice(w)
    return dict(w.times)


def summarize(times: dict[str, list[float]]) -> dict[str, Any]:
    rows = [
        {"control": c, "median": round(statistics.median(v), 1), "max": round(max(v), 1), "uses": len(v)}
        for c, v in times.items()
    ]
    slowest = max(rows, key=lambda r: r["max"])
    return {
        "control_waits_ms": {
            "target": TARGET_MS,
            "controls": len(rows),
            "over_target": [r["control"] for r in rows if r["max"] > TARGET_MS],
            "slowest": f"{slowest['control']}: {slowest['max']} ms",
            "rows": rows,
        }
    }


def measure() -> dict[str, Any]:
    """The figures for ``benchmarks/run.py``."""
    return summarize(run())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    summary = summarize(run())["control_waits_ms"]
    if "--json" in args:
        print(json.dumps(summary, sort_keys=True, ensure_ascii=False))
        return 0
    print(f"{'control':<42} {'median ms':>10} {'max ms':>10} {'uses':>5}  target {TARGET_MS:.0f} ms")
    for r in summary["rows"]:
        mark = "ok" if r["max"] <= TARGET_MS else "OVER"
        print(f"{r['control']:<42} {r['median']:>10} {r['max']:>10} {r['uses']:>5}  {mark}")
    print(f"slowest: {summary['slowest']}; over the target: {', '.join(summary['over_target']) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
