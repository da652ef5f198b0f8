"""Every cost bounded by one budget per call (rulekit.limits: Budget, UNITS): the dependency
diagram drawn in proportion (summarised beyond what a person reads, every node and edge counted),
and text output at most a fixed multiple of the file (cut at a line with a located note), in every
language, the same in the CLI and the widgets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from families import (
    anthems_over_long_names,
    artifacts_and_enchantments,
    autos_answering_steps,
    conditional_types_each_way,
    dot_items,
    each_makes_the_others_type,
)

from rulekit import limits, mtg
from rulekit.cli import main
from rulekit.errors import RulekitError
from rulekit.i18n import translator
from rulekit.views import mtg as mv
from rulekit.views.text import explain_text, solve_text

LANGS = ("en", "pt-BR", "es")


@pytest.mark.parametrize("k", [25, 40])
def test_k_squared_dependencies_are_drawn_summarised(k: int) -> None:
    """K effects that each make the others' type: K² dependencies. Beyond what a person reads the
    diagram groups the effects by layer and origin, labels each arrow with its count, and says so."""
    trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(k), "k2.yaml"))
    assert len({(d.effect, d.depends_on) for d in trace.dependencies}) == k * (k - 1)
    assert mv.is_summarised(trace)
    with limits.budget() as budget:
        dot = mv.dependency_dot(trace, legend=False)
    assert budget.spent["diagram"] == dot_items(dot) < 10  # one group, one arrow
    assert f"{k * (k - 1)} dependencies" in dot and "summarised:" in dot
    assert dot == mv.dependency_dot(trace, legend=False)  # deterministic bytes
    groups, edges = mv.summary_groups(trace)
    assert sum(edges.values()) == k * (k - 1) and sum(len(m) for m in groups.values()) == k


@pytest.mark.parametrize("lang", ["pt-BR", "es"])
def test_the_summary_says_so_in_the_readers_language(lang: str) -> None:
    trace = mtg.solve(mtg.scenario_from_text(artifacts_and_enchantments(30)))
    dot = mv.dependency_dot(trace, lang=lang)
    t = translator(lang)
    assert "summarised" not in dot
    n = len({(d.effect, d.depends_on, d.layer) for d in trace.dependencies})
    assert n > limits.READABLE_DIAGRAM_EDGES and t.n("{n} dependency", "{n} dependencies", n) in dot


def test_a_readable_board_is_drawn_in_full() -> None:
    trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(6)))
    assert not mv.is_summarised(trace)
    dot = mv.dependency_dot(trace, legend=False)
    assert "summarised" not in dot and dot.count(" -> ") == 30


def test_a_diagram_over_its_budget_is_one_located_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The units are counted as the DOT is written: a diagram with more nodes and edges than the
    budget allows stops there, naming the file, what grew and the limit, in the reader's language."""
    monkeypatch.setattr(limits, "READABLE_DIAGRAM_NODES", 10**6)
    monkeypatch.setattr(limits, "READABLE_DIAGRAM_EDGES", 10**6)
    monkeypatch.setattr(limits, "MAX_DIAGRAM_ITEMS", 100)
    trace = mtg.solve(mtg.scenario_from_text(each_makes_the_others_type(12), "k2.yaml"))
    with pytest.raises(limits.OverBudget) as exc, limits.budget(file="k2.yaml") as budget:
        mv.dependency_dot(trace)
    assert budget.spent["diagram"] == 101 and exc.value.n == 101 and exc.value.most == 100
    err = exc.value
    assert str(err).startswith("k2.yaml: the diagram 'dependencies' would draw more than 100 nodes and edges")
    assert err.code == "OVER_BUDGET" and "\n" not in str(err)
    for lang in ("pt-BR", "es"):
        text = err.text_in(translator(lang))
        assert text.startswith("k2.yaml: ") and "would draw" not in text and "100" in text


def test_the_cli_refuses_a_diagram_over_its_budget_with_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(limits, "READABLE_DIAGRAM_EDGES", 10**6)
    monkeypatch.setattr(limits, "MAX_DIAGRAM_ITEMS", 100)
    path = tmp_path / "k2.yaml"
    path.write_text(each_makes_the_others_type(12), encoding="utf-8")
    for lang in LANGS:
        code = main(["diagram", str(path), "--dot", "-", "--lang", lang])
        out = capsys.readouterr()
        assert code == 2 and out.out == ""
        assert out.err.count("\n") == 1 and f"{path}: " in out.err and "Traceback" not in out.err


@pytest.fixture(scope="module")
def dense() -> tuple[str, mtg.Trace]:
    """The 99.9 kB reproducer: 250 creatures with long names under 199 anthems."""
    text = anthems_over_long_names(250, 199, 208)
    assert 99_000 < len(text.encode()) < 100_000
    return text, mtg.solve(mtg.scenario_from_text(text, "dense.yaml"))


@pytest.mark.parametrize("lang", LANGS)
def test_text_output_is_at_most_a_multiple_of_the_file(dense: tuple[str, mtg.Trace], lang: str) -> None:
    """A 99.9 kB scenario explained itself in 38 MB: now every text output stops at
    OUTPUT_FACTOR characters per byte of the file, at a whole line, with one located note."""
    text, trace = dense
    size = len(text.encode())
    most = limits.OUTPUT_FACTOR * size
    note_en = "dense.yaml: the text stops here"
    for render in (solve_text, explain_text):
        with limits.budget(file="dense.yaml", input_bytes=size):
            out = render(trace, lang)
        body, note = out.rstrip("\n").rsplit("\n", 1)
        assert len(body) <= most < len(out) + 10_000
        assert note.startswith("dense.yaml: ") and str(f"{most:,}") in note.replace(".", ",")
        assert (note.startswith(note_en)) == (lang == "en")


def test_the_cli_cuts_text_with_a_located_note(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "dense.yaml"
    path.write_text(anthems_over_long_names(120, 100, 208), encoding="utf-8")
    size = path.stat().st_size
    code = main(["explain", str(path), "--lang", "es"])
    out = capsys.readouterr().out
    assert code == 0 and len(out) <= limits.OUTPUT_FACTOR * size + 1_000
    assert out.rstrip("\n").rsplit("\n", 1)[1].startswith(f"{path}: ")


def test_a_small_board_prints_in_full() -> None:
    trace = mtg.solve(mtg.load_scenario("classic/lattice-and-march"))
    with limits.budget(input_bytes=10):
        out = explain_text(trace)
    assert "text stops here" not in out and out.endswith("\n")


def test_the_explorer_opens_a_k_squared_board_with_the_summary() -> None:
    """LayerExplorer drew the full K² diagram on opening (12 s at K = 15): now the summary."""
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    x = LayerExplorer(mtg.scenario_from_text(each_makes_the_others_type(20), "k2.yaml"), backend="text")
    assert "Unexpected" not in x.error.value and x.error.value == ""
    assert "380 dependencies" in x.diagram_html.value
    assert x.final_html.value and x.layers_html.value


def test_a_widget_over_its_budget_shows_the_message(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    monkeypatch.setattr(limits, "MAX_DIAGRAM_ITEMS", 1)
    x = LayerExplorer(
        mtg.scenario_from_text(each_makes_the_others_type(20), "k2.yaml"), backend="text", lang="es"
    )
    assert "k2.yaml: " in x.error.value and "Unexpected" not in x.error.value


def test_the_explorer_shows_the_tables_before_the_diagram(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables are sent to the notebook as soon as they are built, while the diagram is still
    being drawn (the drawing below waits for them: before, it waited in vain until its timeout)."""
    pytest.importorskip("ipywidgets")
    import threading

    from rulekit.widgets import LayerExplorer, layers

    x = LayerExplorer(mtg.scenario_from_text(each_makes_the_others_type(3), "k3.yaml"), backend="text")
    shown = threading.Event()
    x.final_html.observe(lambda change: shown.set(), names="value")
    waited: list[bool] = []
    real = layers.diagram_html

    def drawing(*args: Any) -> str:
        waited.append(shown.wait(timeout=5))
        return real(*args)

    monkeypatch.setattr(layers, "diagram_html", drawing)
    x.load(mtg.scenario_from_text(each_makes_the_others_type(20), "k20.yaml"))
    assert waited == [True] and x.error.value == "" and "380" in x.diagram_html.value


# ------------------------------------------------------------- pairs judged for dependency
def test_pairs_judged_are_counted_against_the_call() -> None:
    """Every pair the counterfactual test judges (613.8a) spends one unit and one per object of the
    effect it is judged against, from the call's budget: the same count on every run (units, not
    seconds), and a solve opened outside any budget counts in its own."""
    sc = mtg.scenario_from_text(conditional_types_each_way(10), "c10.yaml")
    spent = []
    for _ in range(2):
        with limits.budget() as budget:
            trace = mtg.solve(sc)
        spent.append(budget.spent["pairs"])
    assert spent[0] == spent[1] > 0
    assert len({(d.effect, d.depends_on) for d in trace.dependencies}) == 2 * 5 * 5  # each way
    with limits.budget() as budget:  # two solves in one call: twice the work
        mtg.solve(sc)
        mtg.solve(sc)
    assert budget.spent["pairs"] == 2 * spent[0]


def test_the_bound_changes_no_verdict_below_it(monkeypatch: pytest.MonkeyPatch) -> None:
    sc = mtg.scenario_from_text(conditional_types_each_way(12), "c12.yaml")
    with limits.budget() as budget:
        trace = mtg.solve(sc)
    monkeypatch.setattr(limits, "MAX_PAIR_WORK", budget.spent["pairs"])
    assert mtg.solve(sc).to_json_dict() == trace.to_json_dict()
    monkeypatch.setattr(limits, "MAX_PAIR_WORK", budget.spent["pairs"] - 1)
    with pytest.raises(RulekitError):
        mtg.solve(sc)


def test_a_board_over_the_pairs_budget_is_refused_where_it_grew() -> None:
    """100 effects that change what each other apply to, under a condition: 100 s before; now one
    located line naming the object whose effect was being judged, the bound and what grew."""
    text = conditional_types_each_way(100)
    assert len(text.encode()) < 100_000
    with pytest.raises(RulekitError) as exc, limits.budget() as budget:
        mtg.solve(mtg.scenario_from_text(text, "c100.yaml"))
    err = exc.value
    assert budget.spent["pairs"] > limits.MAX_PAIR_WORK >= budget.spent["pairs"] - 200
    line = str(err)
    assert line.startswith("c100.yaml:") and ": objects[" in line and "\n" not in line
    assert f"{limits.MAX_PAIR_WORK:,}" in line and "613.8a" in line and "'E" in line
    for lang in ("pt-BR", "es"):
        text_l = err.text_in(translator(lang))
        assert text_l.startswith("c100.yaml:") and "judging" not in text_l and "613.8a" in text_l


def test_the_cli_refuses_too_many_pairs_with_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "c60.yaml"
    path.write_text(conditional_types_each_way(60), encoding="utf-8")
    seen = set()
    for command, lang in [(["solve"], lang) for lang in LANGS] + [
        (["explain"], "es"),
        (["diagram", "--dot", "-"], "es"),
    ]:
        code = main([command[0], str(path), *command[1:], "--lang", lang])
        out = capsys.readouterr()
        assert code == 2 and out.out == "", (command, lang)
        assert out.err.count("\n") == 1 and f"{path}:" in out.err and "Traceback" not in out.err
        assert "613.8a" in out.err
        seen.add(out.err.split(f"{path}:", 1)[1])
    assert len(seen) == 3  # one sentence per language, the same in every command


def test_an_explorer_over_the_pairs_budget_shows_the_message() -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    x = LayerExplorer(
        mtg.scenario_from_text(conditional_types_each_way(60), "c60.yaml"), backend="text", lang="es"
    )
    assert "c60.yaml:" in x.error.value and "613.8a" in x.error.value and "Unexpected" not in x.error.value
    assert "juzgar" in x.error.value


# ------------------------------------------------------------- the Apoteose chain's work
def _chain(text: str, name: str) -> Any:
    from rulekit import apoteose
    from rulekit.apoteose import scenario as apo_scenario

    return apoteose.run_chain(apo_scenario.load_scenario_text(text, name))


def test_response_checks_are_counted_against_the_call() -> None:
    """Each time the chain asks whether an effect answers an event counts one: the same count on
    every run, and a run outside any budget counts in its own."""
    text = autos_answering_steps(6, 3)
    spent = []
    for _ in range(2):
        with limits.budget() as budget:
            trace = _chain(text, "a.yaml")
        spent.append(budget.spent["responses"])
    assert spent[0] == spent[1] > 0 and not trace.errors


def test_autos_answering_many_steps_are_refused_where_they_grew(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """200 Autos answering 20 steps: 69 s before; now one located line naming the file and the
    card, in the reader's language, the same in every command."""
    path = tmp_path / "autos.yaml"
    path.write_text(autos_answering_steps(200, 20), encoding="utf-8")
    seen = set()
    for command, lang in [("chain", lang) for lang in LANGS] + [("explain", "pt-BR")]:
        code = main([command, str(path), "--lang", lang])
        out = capsys.readouterr()
        assert code == 2 and "Traceback" not in out.err, (command, lang)
        line = out.err.strip().splitlines()[-1]
        assert f"{path}: " in line and "'v" in line and f"{limits.MAX_RESPONSE_CHECKS:,}"[:2] in line
        seen.add(line.split(f"{path}: ", 1)[1])
    assert len(seen) == 3


def test_a_chain_that_never_ends_is_refused_at_its_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """The events of a run are a unit too: past the bound, a located line naming the card (it was
    "the chain produced too many events", with no file)."""
    monkeypatch.setattr(limits, "MAX_CHAIN_EVENTS", 300)
    with pytest.raises(limits.OverBudget) as exc:
        _chain(autos_answering_steps(10, 20), "loop.yaml")
    err = exc.value
    assert err.unit == "chain events" and err.n == 301
    assert str(err).startswith("loop.yaml: the chain would record more than 300 events (reached at '")
    assert err.text_in(translator("es")).startswith("loop.yaml: la cadena registraría más de 300 eventos")


# ------------------------------------------------------------- JSON output in proportion
def test_json_within_its_budget_is_exactly_json_dumps() -> None:
    """Written one item at a time, the JSON is byte-identical to json.dumps, key order and all."""
    import json

    from rulekit import apoteose
    from rulekit.apoteose.trace import json_default
    from rulekit.views.jsonout import bounded_json

    for name in mtg.list_scenarios()[:25]:
        trace = mtg.solve(mtg.load_scenario(name))
        with limits.budget():
            assert bounded_json(trace.to_json_dict(), sort_keys=True) == trace.to_json()
        data = trace.to_json_dict()
        assert bounded_json(data, sort_keys=True, indent=None) == json.dumps(
            data, sort_keys=True, ensure_ascii=False
        )
    for name in apoteose.list_scenarios():
        chain = apoteose.run_chain(name)
        assert bounded_json(chain.to_json_dict(), default=json_default) + "\n" == chain.to_json()


@pytest.mark.parametrize("lang", LANGS)
def test_solve_json_is_cut_with_a_truncation_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    """`solve --json` is at most OUTPUT_FACTOR characters per byte of the file (the floor lowered
    here), and stays one valid JSON object: what fits, then a "truncated" record naming the file,
    where it stopped and why, in the reader's language."""
    import json

    monkeypatch.setattr(limits, "MIN_OUTPUT_CHARS", 20_000)
    monkeypatch.setattr(limits, "OUTPUT_FACTOR", 3)
    path = tmp_path / "wide.yaml"
    path.write_text(anthems_over_long_names(60, 40, 20), encoding="utf-8")
    most = max(20_000, 3 * path.stat().st_size)
    code = main(["solve", str(path), "--json", "--lang", lang])
    out = capsys.readouterr().out
    assert code == 0 and len(out) <= most + 1
    data = json.loads(out)
    cut = data["truncated"]
    assert cut["file"] == str(path) and cut["most"] == most and cut["kept"] < cut["of"]
    assert cut["message"].startswith(f"{path}: ") and ("text stops here" in cut["message"]) == (lang == "en")
    assert set(data) - {"truncated"} <= {
        "applied",
        "dependencies",
        "loops",
        "objects",
        "players",
        "rules",
        "ruleset",
    }


def test_chain_json_is_cut_with_a_truncation_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import json

    monkeypatch.setattr(limits, "MIN_OUTPUT_CHARS", 20_000)
    monkeypatch.setattr(limits, "OUTPUT_FACTOR", 3)
    path = tmp_path / "autos.yaml"
    path.write_text(autos_answering_steps(8, 6), encoding="utf-8")
    most = max(20_000, 3 * path.stat().st_size)
    code = main(["chain", str(path), "--json", "--lang", "es"])
    out = capsys.readouterr().out
    assert code == 0 and len(out) <= most + 1
    cut = json.loads(out)["truncated"]
    assert cut["at"] == "events" and 0 < cut["kept"] < cut["of"] and cut["message"].startswith(f"{path}: ")


def test_a_historys_prefix_games_spend_from_the_same_call(monkeypatch: pytest.MonkeyPatch) -> None:
    """A resolved effect whose set reads power is fixed from the game before it (611.2c): that game
    is solved again, its pairs judged again, and they count against the one call, so a history
    cannot multiply the bound by its events."""
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from history import generate_power_history

    def board(n: int) -> str:
        doc = json.loads(generate_power_history(n, 6))
        doc["objects"] += json.loads(conditional_types_each_way(8))["objects"]
        return json.dumps(doc)

    spent = {}
    for n in (0, 4):
        with limits.budget() as budget:
            mtg.solve(mtg.scenario_from_text(board(n), "h.yaml"))
        spent[n] = budget.spent["pairs"]
    assert spent[4] > spent[0]
    monkeypatch.setattr(limits, "MAX_PAIR_WORK", spent[0])
    mtg.solve(mtg.scenario_from_text(board(0), "h.yaml"))
    with pytest.raises(RulekitError) as exc:
        mtg.solve(mtg.scenario_from_text(board(4), "h.yaml"))
    assert str(exc.value).startswith("h.yaml:") and "613.8a" in str(exc.value)


def test_a_chain_explorer_over_its_budget_shows_the_located_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """The interactive chain (ChainExplorer's session) counts as run_chain does: the refusal names
    the file and the card, in the explorer's language."""
    pytest.importorskip("ipywidgets")
    from rulekit.apoteose import scenario as apo_scenario
    from rulekit.widgets import ChainExplorer

    monkeypatch.setattr(limits, "MAX_RESPONSE_CHECKS", 500)
    sc = apo_scenario.load_scenario_text(autos_answering_steps(30, 5), "autos.yaml")
    x = ChainExplorer(sc, backend="text", lang="pt-BR")
    x.run_to_end()
    assert "autos.yaml: a cadeia pergunta mais de 500 vezes" in x.error.value
    assert "Unexpected" not in x.error.value
