"""Sizes a newcomer can read: the BoardBuilder's parts stay under 900 lines each, and no function of
the scenario loaders passes 80 lines (a longer one is split into named steps)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The BoardBuilder's parts: the words, the board model (data and edits), the form and the view.
BUILDER = (
    "rulekit/widgets/builder_words.py",
    "rulekit/widgets/builder_board.py",
    "rulekit/widgets/builder_edits.py",
    "rulekit/widgets/builder_form.py",
    "rulekit/widgets/builder.py",
)
MAX_MODULE_LINES = 900

#: The scenario loaders (MTG and Apoteose).
LOADERS = (
    "rulekit/mtg/loader.py",
    "rulekit/mtg/events.py",
    "rulekit/apoteose/scenario.py",
    "rulekit/apoteose/script_checks.py",
)
MAX_FUNCTION_LINES = 80


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_functions(path: Path, limit: int) -> list[tuple[str, int, int]]:
    """``(name, first line, length)`` of every function or method (nested ones too) over ``limit``
    lines, decorators and docstring included."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > limit:
                out.append((node.name, first, length))
    return sorted(out, key=lambda hit: hit[1])


def test_every_part_of_the_builder_is_under_900_lines() -> None:
    over = {f: n for f in BUILDER if (n := lines_of(ROOT / f)) > MAX_MODULE_LINES}
    assert over == {}


def test_the_builder_parts_are_the_whole_builder() -> None:
    """A new builder module joins the list above (so the size test sees it)."""
    found = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rulekit/widgets").glob("builder*.py"))
    assert found == sorted(BUILDER)


def test_no_loader_function_passes_80_lines() -> None:
    over = [
        f"{f}:{line}: {name} is {n} lines"
        for f in LOADERS
        for name, line, n in long_functions(ROOT / f, MAX_FUNCTION_LINES)
    ]
    assert over == []


def test_the_measure_counts_methods_nested_functions_and_decorators(tmp_path: Path) -> None:
    """The test of the test: each kind of function is measured, from its first decorator."""
    body = "\n".join(f"    x{i} = {i}" for i in range(81))
    src = tmp_path / "m.py"
    src.write_text(
        f"def short():\n    pass\n\n@staticmethod\ndef long():\n{body}\n\n"
        f"class C:\n    def method(self):\n    {body.replace(chr(10), chr(10) + '    ')}\n\n"
        f"def outer():\n    def inner():\n    {body.replace(chr(10), chr(10) + '    ')}\n",
        encoding="utf-8",
    )
    names = [name for name, _line, _n in long_functions(src, MAX_FUNCTION_LINES)]
    assert names == ["long", "method", "outer", "inner"]
    assert long_functions(src, 200) == []


def test_every_visible_string_of_every_builder_part_is_in_the_one_table() -> None:
    """Every ``_t("key")`` of the builder's parts has its entry in ``TEXT`` (the translators' table)."""
    from rulekit.widgets.builder_words import TEXT

    used: set[str] = set()
    for f in BUILDER:
        used |= set(re.findall(r'_t\(\s*"([a-z_]+)"', (ROOT / f).read_text(encoding="utf-8")))
    assert len(used) > 100 and used <= set(TEXT), sorted(used - set(TEXT))


#: Functions once too long to read, held under 80 lines where they are (not whole modules).
NAMED = {"rulekit/views/mtg.py": ("dependency_dot",), "rulekit/widgets/builder.py": ("__init__",)}


def test_the_functions_once_too_long_stay_under_80_lines() -> None:
    over = [
        f"{f}:{line}: {name} is {n} lines"
        for f, names in NAMED.items()
        for name, line, n in long_functions(ROOT / f, MAX_FUNCTION_LINES)
        if name in names
    ]
    assert over == []
