"""The engine's structure: no import cycle, no giant module, one class per layer part."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.replay import REPLAY_STAGES
from rulekit.mtg.model import SUBLAYERS

ROOT = Path(__file__).resolve().parents[2] / "rulekit"


def _module_name(path: Path, root: Path = ROOT) -> str:
    rel = path.relative_to(root.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level_imports(path: Path, modules: set[str]) -> set[str]:
    """Modules imported when the module is imported (not inside functions or TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    sub = f"{node.module}.{a.name}"
                    out.add(sub if sub in modules else node.module)
            elif isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(tree.body)
    return out


def test_no_import_cycle_in_rulekit() -> None:
    """Module-level imports form no cycle (a package's own ``__init__`` re-exporting its modules
    is not an edge back from them)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    names = set(modules)
    graph = {
        m: {i for i in _top_level_imports(p, names) if i in modules and i != m and not m.startswith(i + ".")}
        for m, p in modules.items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycle = stack[stack.index(n) :] + [n]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if n not in state:
                walk(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            walk(m)


def _every_import(path: Path, modules: set[str]) -> set[str]:
    """Every rulekit module a module names in an import: at module level, under ``if
    TYPE_CHECKING:`` and inside a function alike (a circle at type-checking level is a circle
    for the reader and for mypy)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                out.add(sub if sub in modules else node.module)
    return {m for m in out if m in modules}


def mtg_import_cycles(root: Path = ROOT) -> list[list[str]]:
    """The strongly connected parts (more than one module) of rulekit/mtg's full import graph
    (:func:`_every_import`; a package's ``__init__`` re-exporting its modules is not an edge
    back from them)."""
    modules = {_module_name(p, root): p for p in (root / "mtg").rglob("*.py")}
    names = set(modules)
    graph = {
        m: sorted(i for i in _every_import(p, names) if i != m and not m.startswith(i + "."))
        for m, p in modules.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def strong(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for m in sorted(graph):
        if m not in index:
            strong(m)
    return sorted(out)


def test_no_import_circle_in_mtg_at_any_level() -> None:
    """No circle among rulekit/mtg's modules, counting ``TYPE_CHECKING`` and function-level
    imports too: what a module shares with another lives in a module below both
    (``engine/eff.py`` the effect record, ``engine/compiled.py`` the replayed game)."""
    assert mtg_import_cycles() == []


def test_the_circle_test_sees_type_checking_and_function_imports(tmp_path: Path) -> None:
    """The test of the test: a circle closed only under ``TYPE_CHECKING`` or inside a function
    is found."""
    pkg = tmp_path / "rulekit" / "mtg"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from rulekit.mtg.b import x\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rulekit.mtg.c import y\n"
    )
    (pkg / "c.py").write_text("def f():\n    from rulekit.mtg.a import z\n")
    (pkg / "d.py").write_text("from rulekit.mtg.a import z\n")
    assert mtg_import_cycles(tmp_path / "rulekit") == [["rulekit.mtg.a", "rulekit.mtg.b", "rulekit.mtg.c"]]


def test_model_is_pure_data() -> None:
    """model.py imports no engine module when imported."""
    code = (
        "import sys, rulekit.mtg.model\n"
        "print(sorted(m for m in sys.modules if m.startswith('rulekit.mtg.engine')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _all_imports(path: Path, modules: set[str]) -> set[str]:
    """Every rulekit module a module imports, at module level or inside a function (but under
    ``TYPE_CHECKING``): what running its code may import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for n in ast.walk(node)
    }
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                sub = f"{node.module}.{a.name}"
                out.add(sub if sub in modules else node.module)
    return {m for m in out if m in modules}


def test_model_graph_never_reaches_the_engine() -> None:
    """One-way flow, scenario -> model -> engine: nothing the model's modules import, even inside
    a function, leads to rulekit.mtg.engine (the scenario edits that replay a scenario are the
    engine's, rulekit.mtg.engine.edits, offered as rulekit.mtg.with_order...)."""
    modules = {_module_name(p): p for p in ROOT.rglob("*.py")}
    names = set(modules)
    path_to: dict[str, list[str]] = {"rulekit.mtg.model": ["rulekit.mtg.model"]}
    todo = ["rulekit.mtg.model"]
    while todo:
        m = todo.pop()
        for n in sorted(_all_imports(modules[m], names)):
            if n not in path_to:
                path_to[n] = [*path_to[m], n]
                todo.append(n)
    engine = sorted(" -> ".join(p) for m, p in path_to.items() if m.startswith("rulekit.mtg.engine"))
    assert engine == []


def test_no_giant_module_in_mtg() -> None:
    big = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / "mtg").rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 900
    }
    assert not big, big


def test_one_class_per_layer_part() -> None:
    assert tuple(PARTS) == SUBLAYERS
    classes = [type(p) for p in PARTS.values()]
    assert len(set(classes)) == len(classes)
    assert all(isinstance(p, LayerPart) and p.rule and p.__doc__ for p in PARTS.values())


def test_engine_and_trace_never_import_views() -> None:
    """One-way flow: engine → trace → views. No module of rulekit/mtg (but the CLI's ``commands``)
    imports rulekit.views or rulekit.widgets, not even inside a function."""
    offenders = []
    for path in sorted((ROOT / "mtg").rglob("*.py")):
        if path.name == "commands.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            views = [n for n in names if n.startswith(("rulekit.views", "rulekit.widgets"))]
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in views]
    assert offenders == []


def test_the_replay_is_one_pipeline_called_from_one_place() -> None:
    """``compile_scenario`` calls the replay's stages (``REPLAY_STAGES``) in their order and no
    other module calls one of them, and ARCHITECTURE.md names each stage."""
    tree = ast.parse((ROOT / "mtg" / "engine" / "replay.py").read_text(encoding="utf-8"))
    compile_fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "compile_scenario")
    called = [
        n.func.id for n in ast.walk(compile_fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    ]
    assert [c for c in called if c in REPLAY_STAGES] == list(REPLAY_STAGES)
    elsewhere = [
        f"{p.relative_to(ROOT)}: {n.func.id}"
        for p in sorted(ROOT.rglob("*.py"))
        if p.name != "replay.py"
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in REPLAY_STAGES
    ]
    assert elsewhere == []
    page = (ROOT.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert [s for s in REPLAY_STAGES if f"`{s}`" not in page] == []
