"""A scripted browser run of self-checks that counts stale verdicts. A script, not a test: it
takes long (about a second a check) and prints its figures; its last result is under "Last run" below.

JupyterLab in Debian's chromium (Playwright, as ``benchmarks/bench_browser.py``; skipped with the reason
when chromium or playwright is missing) runs a notebook holding the self-checks of the lessons (lesson 01's
P/T and type-line checks, lesson 02's controller check, lesson 05's resolution-order checks) and lesson 06's
``Practice``. Then, ``--checks`` times (1,000 by default), on one of them in turn:

* click in the answer box, select all, and put a new answer in it (one of a pool: the right answer in the
  engine's and in the learner's spelling, wrong answers, and an answer that extends the previous one, the
  case where a late keystroke changes what a click meant), in one of three ways: **typed at human speed**
  (40-160 ms between keys), **typed at once** (no delay between keys), or **pasted** (one input event);
* then **click Check** or **press Enter**, right after the last key;
* wait until a verdict names that text (5 s at most), then 400 ms more, and read the verdict.

A **stale verdict** is one that does not name what is in the box once it has settled (``.rulekit-judged``,
the answer the verdict judged, differs from the box's text; a check that shows no verdict at all is counted
too), or whose ✔ / ✘ is not the verdict the engine gives that text (computed in this process with the
same PredictionCheck). In Practice, *Next puzzle* is pressed every 25 checks (the same puzzles as in this
process: same seed).

    python benchmarks/stale_verdicts.py [--checks 1000] [--json]

Last run (2026-12-03, 2 shared cores, JupyterLab 4.6, ipywidgets 8.1, Debian chromium): 1,000 checks, 0 stale
verdicts, 0 lost checks, 0 wrong ✔/✘ (22 min). The run before it found 1 lost check; see CHANGELOG.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "lessons"))

import bench_browser as bb  # noqa: E402

#: The self-checks (constructor arguments as the lessons write them).
CHECKS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("seed/humility-then-gideon", {"ask": "pt", "object": "gideon", "without": ["night"]}),
    ("seed/blood-moon", {"ask": "types", "object": "wasteland"}),
    (
        "seed/sower-then-shackles",
        {"ask": "controller", "object": "throatseeker", "without": ["shackles.steal"]},
    ),  # fmt: skip
    ("apoteose/nested-responses", {"ask": "resolution_order"}),
)
PRACTICE_SEED = 5
#: Wrong answers tried beside the right one (per kind of question).
WRONG = {
    "pt": ["5/5", "1/1", "0/0", "7/7", "6/5"],
    "types": ["Land", "Land — Forest", "Basic Land — Mountain", "Enchantment", "Artifact Land"],
    "controller": ["Sorin", "Gideon", "nobody", "bo", "al"],
    "resolution_order": ["raio", "none", "a, b", "1, 2, 3", "x"],
    "subtypes": ["none", "Goblin", "Human Soldier", "Elf", "Mountain"],
}
#: The learner's own spelling of right answers (must be judged right too).
RESPELL = {"Land — Mountain": ["land - mountain", "Terreno — Montanha", "Tierra — Montaña"]}


def _notebook() -> dict[str, Any]:
    sources = ["from rulekit.widgets import PredictionCheck\nfrom practice import Practice"]
    for scenario, kw in CHECKS:
        args = ", ".join(f"{k}={v!r}" for k, v in kw.items())
        sources.append(f"PredictionCheck({scenario!r}, {args})")
    sources.append(f"Practice(seed={PRACTICE_SEED})")
    cells: list[dict[str, Any]] = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
        for src in sources
    ]
    return {"cells": cells, "metadata": bb._notebook((), ())["metadata"], "nbformat": 4, "nbformat_minor": 5}


RUN_ALL_JS = f"""async (path) => {{
  const app = window.jupyterapp;
  const w = ({bb._PANEL})(path);
  app.shell.activateById(w.id);
  await app.commands.execute('notebook:run-all-cells');
  return true;
}}"""

ALL_RUN_JS = f"""(path) => {{
  const w = ({bb._PANEL})(path);
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return cells.every(c => typeof c.model.executionCount === 'number') && !!k && k.status === 'idle';
}}"""

VERDICT_JS = """(root) => {
  const box = root.querySelector('input[type=text]');
  const v = root.querySelector('.rulekit-verdict');
  const j = v && v.querySelector('.rulekit-judged');
  return {box: box ? box.value : null, judged: j ? j.innerText : null,
          right: v ? v.innerText.trim().startsWith('✔') : null};
}"""


class _Oracle:
    """The same self-checks in this process: the verdict the engine gives a text."""

    def __init__(self) -> None:
        from practice import Practice

        from rulekit.widgets import PredictionCheck

        self.checks = [PredictionCheck(s, **kw) for s, kw in CHECKS]
        self.practice = Practice(seed=PRACTICE_SEED)

    def check(self, i: int) -> Any:
        return self.checks[i] if i < len(self.checks) else self.practice.check

    def pool(self, i: int) -> list[str]:
        pc = self.check(i)
        right = pc.expected()
        return [right, *RESPELL.get(right, []), *WRONG.get(pc.kind, WRONG["pt"])]


def _put_text(page: Any, box: Any, text: str, how: str, rng: random.Random) -> None:
    box.click()
    page.keyboard.press("Control+a")
    if how == "pasted":
        page.keyboard.insert_text(text)
    elif how == "at once":
        page.keyboard.type(text, delay=0)
    else:  # human speed
        for ch in text:
            page.keyboard.type(ch)
            page.wait_for_timeout(rng.randint(40, 160))


def run(n_checks: int = 1000, seed: int = 0) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    oracle = _Oracle()
    lab = bb._Lab(_notebook(), extra=(HERE.parent / "lessons" / "practice.py",))
    stale: list[dict[str, Any]] = []
    counts: dict[str, int] = {}
    started = time.perf_counter()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=bb.CHROMIUM, args=bb.CHROMIUM_ARGS, headless=True)
            page = browser.new_context(viewport={"width": 1280, "height": 1600}).new_page()
            page.goto(f"{lab.base}/lab/tree/bench.ipynb?reset", wait_until="domcontentloaded", timeout=90_000)
            page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=90_000)
            page.wait_for_function(bb.KERNEL_JS, arg="bench.ipynb", timeout=90_000, polling=100)
            page.evaluate(RUN_ALL_JS, "bench.ipynb")
            page.wait_for_function(ALL_RUN_JS, arg="bench.ipynb", timeout=120_000, polling=200)
            cells = page.locator(".jp-Notebook .jp-CodeCell")
            n_widgets = len(CHECKS) + 1
            for w_i in range(n_widgets):
                cells.nth(1 + w_i).locator(".rulekit-prediction-check").first.wait_for(timeout=60_000)
            last: dict[int, str] = {}
            practice_checks = 0
            for n in range(n_checks):
                i = n % n_widgets
                if i == n_widgets - 1:
                    practice_checks += 1
                    if practice_checks % 25 == 0:  # a new puzzle, here and in the browser
                        old = cells.nth(1 + i).locator(".rulekit-prediction-check").first.element_handle()
                        cells.nth(1 + i).get_by_role("button", name="Next puzzle").click()
                        page.wait_for_function("(el) => !el.isConnected", arg=old, timeout=20_000)
                        oracle.practice.new_puzzle()
                        last.pop(i, None)
                root = cells.nth(1 + i).locator(".rulekit-prediction-check").first
                box = root.locator("input[type=text]").first
                pool = oracle.pool(i)
                prev = last.get(i, "")
                text = rng.choice([t for t in pool if t != prev] + ([prev + "0"] if prev else []))
                how = rng.choice(("human speed", "at once", "pasted"))
                press = rng.choice(("click Check", "Enter"))
                _put_text(page, box, text, how, rng)
                if press == "Enter":
                    page.keyboard.press("Enter")
                else:
                    root.get_by_role("button", name="Check").click()
                last[i] = text
                want = text.strip()
                got: dict[str, Any] = {}
                waited = 0
                while waited < 5000:
                    got = root.evaluate(VERDICT_JS)
                    if got["judged"] == want:
                        break
                    page.wait_for_timeout(25)
                    waited += 25
                page.wait_for_timeout(400)  # and it stays: no late keystroke turns it into another's verdict
                got = root.evaluate(VERDICT_JS)
                right = oracle.check(i)._matches(want)
                key = f"{how}, {press}"
                counts[key] = counts.get(key, 0) + 1
                seen = {"n": n, "text": text, "how": key, **got}
                if got["box"] is None or got["box"].strip() != want:
                    stale.append({"problem": "the box lost the text", **seen})
                elif got["judged"] is None:
                    stale.append({"problem": "no verdict (the check was lost)", **seen})
                elif got["judged"] != want:
                    stale.append({"problem": "names another answer", **seen})
                elif got["right"] != right:
                    stale.append({"problem": "wrong ✔/✘", "engine": right, **seen})
            browser.close()
    finally:
        lab.stop()
    return {
        "checks": n_checks,
        "stale": len(stale),
        "stale_examples": stale[:10],
        "by_way": dict(sorted(counts.items())),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    reason = bb.browser_missing_reason()
    if reason:
        print(json.dumps({"skipped": f"stale-verdict run skipped: {reason}"}))
        return 0
    result = run(args.checks, args.seed)
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 1 if result["stale"] else 0


if __name__ == "__main__":
    sys.exit(main())
