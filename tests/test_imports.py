"""No rulekit import hides inside a function: every module says at its top what it depends on,
so the import graph the cycle test checks (tests/mtg/test_structure.py) is the real one.

Heavy optional libraries (pandas, graphviz, ipywidgets) are still imported lazily where they are
used: they are not rulekit modules, and no rulekit module imports one at its top, so nothing
below needs an exception for them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The exceptions, each with its reason.
ALLOWED: dict[str, int] = {
    # The package's API (load_scenario, solve, with_order...): a package's __init__ runs before
    # any of its modules, so importing rulekit.mtg.model or rulekit.mtg.trace must load neither
    # the loader (pydantic) nor the engine (tests/mtg/test_structure.py::test_model_is_pure_data).
    "rulekit/mtg/__init__.py": 11,
}


def function_imports(path: Path) -> list[tuple[int, str]]:
    """The ``import rulekit...`` / ``from rulekit... import`` statements inside a function."""
    out: set[tuple[int, str]] = set()
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom):  # a relative import is a rulekit import
                names = ["." * node.level + (node.module or "")]
            else:
                names = [a.name for a in node.names]
            for n in names:
                if n == "rulekit" or n.startswith(("rulekit.", ".")):
                    out.add((node.lineno, n))
    return sorted(out)


def found() -> dict[str, list[tuple[int, str]]]:
    got = {}
    for path in sorted((ROOT / "rulekit").rglob("*.py")):
        hits = function_imports(path)
        if hits:
            got[path.relative_to(ROOT).as_posix()] = hits
    return got


def test_no_rulekit_import_inside_a_function() -> None:
    allowed = ALLOWED
    over = [
        f"{f}:{line}: import of {mod} inside a function"
        for f, hits in found().items()
        if len(hits) > allowed.get(f, 0)
        for line, mod in hits
    ]
    assert not over, "\n".join(over)


def test_the_scan_sees_imports_in_functions_methods_and_nested_blocks(tmp_path: Path) -> None:
    """The test of the test: the scan finds each kind of hidden import, and nothing at the top."""
    src = tmp_path / "m.py"
    src.write_text(
        "from rulekit.errors import RulekitError\n"
        "import json\n"
        "def f():\n"
        "    from rulekit.mtg import solve\n"
        "    import json\n"
        "class C:\n"
        "    def g(self):\n"
        "        if True:\n"
        "            import rulekit.views\n"
        "        try:\n"
        "            from . import x\n"
        "        except ImportError:\n"
        "            pass\n",
        encoding="utf-8",
    )
    assert function_imports(src) == [(4, "rulekit.mtg"), (9, "rulekit.views"), (11, ".")]
