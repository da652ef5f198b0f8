"""ARCHITECTURE.md stays true: every file it names exists, and every name it gives (a class, a
function, a constant) is defined in the code, so a rename that forgets the page fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "ARCHITECTURE.md"
#: paths of the worked example "a new language" (French), which do not exist until it is done
EXAMPLE = re.compile(r"(^|/)fr(/|$)")
FILE = re.compile(r".*\.(py|md|lark|yaml|po|mo|pot|ipynb)$")


def _backticked() -> list[str]:
    return re.findall(r"`([^`\n]+)`", PAGE.read_text(encoding="utf-8"))


def _source() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for d in ("rulekit", "tools", "tests") for p in (ROOT / d).rglob("*.py")
    )


def test_every_file_it_names_exists() -> None:
    skip = {".git", ".venv", "node_modules"}
    every = [p for p in ROOT.rglob("*") if not skip & set(p.relative_to(ROOT).parts)]
    names = {p.relative_to(ROOT).as_posix() for p in every}
    missing = []
    for token in _backticked():
        path = token.split()[0].rstrip(",").rstrip("/")
        if ("/" not in path and not FILE.match(path)) or path.startswith(("@", "(")) or EXAMPLE.search(path):
            continue
        # a path is given from the repository root, or from where the sentence is (engine/..., classic/)
        pattern = re.compile(r"(^|/)" + re.escape(path).replace(r"\*", "[^/]*") + "$")
        if not any(pattern.search(n) for n in names):
            missing.append(path)
    assert missing == []


def test_every_name_it_gives_is_defined() -> None:
    source = _source()
    undefined = []
    for token in _backticked():
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", token) or FILE.match(token):
            continue
        name = token.rsplit(".", 1)[-1]
        if len(name) < 4 or name in ("rulekit",):
            continue
        defined = rf"(def|class) {name}\b|^\s*{name}\s*[:=]"
        if not re.search(defined, source, re.M):
            undefined.append(token)
    assert undefined == []
