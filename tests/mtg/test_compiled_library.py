"""The compiled card library (``rulekit/data/mtg/library.json``, written by ``tools/compile_library.py``):
it is exactly the full reading of the ``cards*.yaml`` files, it is up to date (the tool's ``--check``,
run here for CI), ``library()`` uses it only when every source's SHA-256 matches, and a corrupt or
hostile compiled file is ignored in favour of the full reading."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from rulekit import compiled
from rulekit.mtg import loader

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rulekit" / "data" / "mtg"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("compile_library", ROOT / "tools" / "compile_library.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tool = _tool()


@pytest.fixture(scope="module")
def full() -> dict[str, dict[str, Any]]:
    """The library read from the sources, in full."""
    return loader.read_library(DATA)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A copy of the library's sources and compiled file."""
    out = tmp_path / "mtg"
    out.mkdir()
    for p in [*loader.card_files(DATA), DATA / loader.COMPILED_FILE]:
        shutil.copy(p, out / p.name)
    return out


@pytest.fixture
def use_data(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Point ``library()`` at another data folder (its cache cleared before and after)."""

    def point(mtg_dir: Path) -> None:
        monkeypatch.setattr(loader, "_data_root", lambda: mtg_dir.parent)
        loader.library.cache_clear()

    yield point
    loader.library.cache_clear()


# ------------------------------------------------------------------------------ exact and up to date
def test_the_compiled_library_is_up_to_date() -> None:
    """``tools/compile_library.py --check``: the shipped file is what the tool makes of today's sources."""
    assert tool.problems() == [], "run: python tools/compile_library.py"


def test_the_check_command_exits_0() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "compile_library.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_the_fast_path_is_the_full_reading_with_its_types_and_order(full: dict[str, Any]) -> None:
    compiled = loader.compiled_library(DATA)
    assert compiled is not None
    assert tool.same(compiled, full)
    assert list(compiled) == list(full)  # the reading's card order (the board generator walks it)
    loader.library.cache_clear()
    try:
        assert tool.same(loader.library(), full)
    finally:
        loader.library.cache_clear()


def test_library_uses_the_compiled_file_when_the_digests_match(data_dir: Path, use_data: Any, monkeypatch):
    def no_reading(root: Path) -> None:
        raise AssertionError("the sources were read")

    use_data(data_dir)
    monkeypatch.setattr(loader, "read_library", no_reading)
    assert "Quicksilver Gargantuan" in loader.library()


def test_the_compiled_file_records_every_source_s_digest() -> None:
    data = json.loads((DATA / loader.COMPILED_FILE).read_text(encoding="utf-8"))
    assert list(data["sources"]) == [p.name for p in loader.card_files(DATA)]
    assert data["sources"] == loader.source_digests(DATA)
    assert all(len(d) == 64 for d in data["sources"].values())


def test_the_compiled_file_is_deterministic_text() -> None:
    text = tool.render()
    assert text == tool.render()
    assert text.endswith("}}\n") and "\r" not in text
    assert (DATA / loader.COMPILED_FILE).read_bytes() == text.encode("utf-8")
    assert len(text.splitlines()) == len(json.loads(text)["cards"]) + 4  # one card a line


def test_same_tells_types_and_order_apart() -> None:
    assert tool.same({"a": [1, None, "x"]}, {"a": [1, None, "x"]})
    assert not tool.same({"a": 1}, {"a": True})
    assert not tool.same({"a": 1}, {"a": 1.0})
    assert not tool.same([1, 2], (1, 2))
    assert not tool.same({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert not tool.same([[1]], [[1, 2]])


def test_values_json_cannot_give_back_are_refused() -> None:
    assert tool.not_plain({"a": [1, "x", None, True, {"b": []}]}) == []
    assert tool.not_plain({"a": (1, 2)}) == ["/a: a tuple ((1, 2)) has no exact JSON form"]
    assert tool.not_plain({"a": [0.5]}) == ["/a/0: a float (0.5) has no exact JSON form"]
    assert tool.not_plain({1: "x"}) == [": key 1 is not a string"]


def test_render_refuses_a_reading_json_would_change(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    monkeypatch.setattr(loader, "read_library", lambda root: {"X": {"name": "X", "types": ("Creature",)}})
    with pytest.raises(ValueError, match="tuple"):
        tool.render(data_dir)


# ------------------------------------------------------------------------------ a changed source
def test_an_edited_source_is_read_in_full(data_dir: Path, use_data: Any) -> None:
    src = data_dir / "cards-copy.yaml"
    text = src.read_text(encoding="utf-8")
    assert "mana_value: 7\n" in text
    src.write_text(text.replace("mana_value: 7\n", "mana_value: 8\n", 1), encoding="utf-8")
    assert loader.compiled_library(data_dir) is None
    use_data(data_dir)
    assert loader.library()["Quicksilver Gargantuan"]["mana_value"] == 8
    (problem,) = tool.problems(data_dir)
    assert problem.startswith("library.json is stale") and problem.endswith(
        "run python tools/compile_library.py"
    )


@pytest.mark.parametrize("change", ["comment", "new file", "removed file"])
def test_the_digests_decide(data_dir: Path, use_data: Any, change: str) -> None:
    """Any change of the source files' bytes or set (even a comment) sends library() to the sources."""
    if change == "comment":
        with (data_dir / "cards-faces.yaml").open("a", encoding="utf-8") as f:
            f.write("# an added comment\n")
    elif change == "new file":
        (data_dir / "cards-zz.yaml").write_text("cards: []\n", encoding="utf-8")
    else:
        (data_dir / "cards-copy.yaml").unlink()
    assert loader.compiled_library(data_dir) is None
    use_data(data_dir)
    assert tool.same(loader.library(), loader.read_library(data_dir))
    assert ("Quicksilver Gargantuan" in loader.library()) is (change != "removed file")


def test_no_compiled_file_reads_the_sources(data_dir: Path, use_data: Any, full: dict[str, Any]) -> None:
    (data_dir / loader.COMPILED_FILE).unlink()
    assert loader.compiled_library(data_dir) is None
    use_data(data_dir)
    assert tool.same(loader.library(), full)
    assert tool.problems(data_dir) == ["library.json is missing: run python tools/compile_library.py"]


# ------------------------------------------------------------------------------ a corrupt or hostile file
def _mutated(change: str) -> str | bytes:
    data = json.loads((DATA / loader.COMPILED_FILE).read_text(encoding="utf-8"))
    cards = data["cards"]
    first = next(iter(cards))
    if change == "format 2":
        data["format"] = 2
    elif change == "extra key":
        data["more"] = 1
    elif change == "no sources":
        del data["sources"]
    elif change == "a wrong digest":
        data["sources"]["cards.yaml"] = "0" * 64
    elif change == "a source left out":
        del data["sources"]["cards-copy.yaml"]
    elif change == "sources a list":
        data["sources"] = list(data["sources"].items())
    elif change == "cards a list":
        data["cards"] = list(cards.values())
    elif change == "a card not a mapping":
        cards[first] = "Forest"
    elif change == "a card under another name":
        cards["Something Else"] = cards.pop(first)
    elif change == "a card missing a field":
        del cards[first]["types"]
    elif change == "a card with an extra field":
        cards[first]["evil"] = True
    elif change == "abilities not a list":
        cards[first]["abilities"] = "flying"
    elif change == "back a string":
        cards[first]["back"] = "x"
    elif change == "a back face missing a field":
        del next(c for c in cards.values() if c["back"])["back"]["power"]
    elif change == "a back face's abilities not a list":
        next(c for c in cards.values() if c["back"])["back"]["abilities"] = None
    elif change == "top level a list":
        return json.dumps([data])
    elif change == "not JSON":
        return '{"format": 1, "sources": '
    elif change == "not UTF-8":
        return b'{"format": 1\xff\xfe}'
    elif change == "deeply nested":
        return "[" * 200_000 + "]" * 200_000
    elif change == "a huge number":
        return '{"format": ' + "9" * 50_000 + "}"
    else:
        raise AssertionError(change)
    return json.dumps(data)


CHANGES = [
    "format 2",
    "extra key",
    "no sources",
    "a wrong digest",
    "a source left out",
    "sources a list",
    "cards a list",
    "a card not a mapping",
    "a card under another name",
    "a card missing a field",
    "a card with an extra field",
    "abilities not a list",
    "back a string",
    "a back face missing a field",
    "a back face's abilities not a list",
    "top level a list",
    "not JSON",
    "not UTF-8",
    "deeply nested",
    "a huge number",
]


@pytest.mark.parametrize("change", CHANGES)
def test_a_corrupt_compiled_file_is_ignored(
    change: str, data_dir: Path, use_data: Any, full: dict[str, Any]
) -> None:
    content = _mutated(change)
    path = data_dir / loader.COMPILED_FILE
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    assert loader.compiled_library(data_dir) is None
    use_data(data_dir)
    assert tool.same(loader.library(), full)


def test_a_compiled_file_over_the_size_bound_is_not_read(data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    size = (data_dir / loader.COMPILED_FILE).stat().st_size
    monkeypatch.setattr(compiled, "MAX_BYTES", size)
    assert loader.compiled_library(data_dir) is not None
    monkeypatch.setattr(compiled, "MAX_BYTES", size - 1)

    def no_parse(*_: Any, **__: Any) -> None:
        raise AssertionError("a file over the bound was parsed")

    monkeypatch.setattr(compiled.json, "loads", no_parse)
    assert loader.compiled_library(data_dir) is None


def test_a_compiled_file_that_is_a_folder_is_ignored(data_dir: Path) -> None:
    (data_dir / loader.COMPILED_FILE).unlink()
    (data_dir / loader.COMPILED_FILE).mkdir()
    assert loader.compiled_library(data_dir) is None


# ------------------------------------------------------------------------------ shipped and documented
def test_the_compiled_file_is_package_data() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["*"]
    assert any(fnmatch(f"data/mtg/{loader.COMPILED_FILE}", p) for p in patterns)


def test_the_docs_say_to_recompile_after_editing_the_cards() -> None:
    for doc in ("ARCHITECTURE.md", "rulekit/mtg/LANGUAGE.md"):
        assert "tools/compile_library.py" in (ROOT / doc).read_text(encoding="utf-8"), doc
