"""An Apoteose engine a newcomer can change — no giant module, no import cycle, no sim flag."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "rulekit" / "apoteose"


def _top_level_imports(path: Path) -> set[str]:
    """rulekit.apoteose modules imported when ``path`` is imported (not inside functions or TYPE_CHECKING)."""
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == "rulekit.apoteose":
                    out.update(f"rulekit.apoteose.{a.name}" for a in node.names)
                else:
                    out.add(node.module)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return out


#: The most lines one module of rulekit/apoteose may have.
MAX_LINES = 900


def test_no_module_is_giant() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in PKG.glob("*.py")}
    assert {n: s for n, s in sizes.items() if s > MAX_LINES} == {}


def test_no_import_cycle_in_rulekit_apoteose() -> None:
    modules = {f"rulekit.apoteose.{p.stem}": p for p in PKG.glob("*.py") if p.stem != "__init__"}
    graph = {m: {i for i in _top_level_imports(p) if i in modules and i != m} for m, p in modules.items()}
    done: set[str] = set()

    def walk(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(m) :], m]))
        if m in done:
            return
        for n in sorted(graph[m]):
            walk(n, [*path, m])
        done.add(m)

    for m in sorted(graph):
        walk(m, [])


def test_no_handler_or_engine_method_takes_a_sim_flag() -> None:
    """Previsão runs the same handlers against a PreviewWorld: no ``sim`` argument, attribute or branch."""
    for p in PKG.glob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.arg):
                assert node.arg != "sim", f"{p.name}:{node.lineno}"
            if isinstance(node, ast.Attribute):
                assert node.attr != "sim", f"{p.name}:{node.lineno}"


def _all_imports(path: Path) -> set[str]:
    """Every rulekit.apoteose module ``path`` imports: top level, ``if TYPE_CHECKING:``, in functions."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "rulekit.apoteose":
                out.update(f"rulekit.apoteose.{a.name}" for a in node.names)
            else:
                out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_no_import_cycle_even_at_type_checking_level() -> None:
    """Steps depend on ``host.ChainHost`` (below them), never on ``chain.Engine`` (above them)."""
    modules = {f"rulekit.apoteose.{p.stem}": p for p in PKG.glob("*.py") if p.stem != "__init__"}
    graph = {m: {i for i in _all_imports(p) if i in modules and i != m} for m, p in modules.items()}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]
