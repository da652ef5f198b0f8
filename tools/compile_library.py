"""Compile the MTG card library: ``rulekit/data/mtg/cards*.yaml`` -> ``rulekit/data/mtg/library.json``.

    python tools/compile_library.py           # read the sources in full, write the compiled file
    python tools/compile_library.py --check   # exit 1 (naming why) if it is missing or stale

Reading the sources (parse with line numbers, validate every card, check every ability) costs a
fresh process about 0.2 s of CPU; :func:`rulekit.mtg.loader.library` reads the compiled file instead
when every source file's SHA-256 matches the one it records, and reads the sources otherwise. So
after editing a ``cards*.yaml`` file, run this tool (``tests/mtg/test_compiled_library.py`` runs
``--check``); a stale file only costs time, never a stale library.

The compiled file is :func:`rulekit.mtg.loader.read_library`'s own result, as JSON with no
conversion: ``{"format": 1, "sources": {file: sha256}, "cards": {name: card}}``, one card a line, in
the reading's order (keys too), UTF-8. This works because the reading holds only strings, whole
numbers, booleans, None, lists and string-keyed mappings; :func:`problems` refuses anything else
(a tuple, a float, another type), and the file is written only if reading it back gives the same
values with the same types and order (:func:`same`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulekit.mtg import loader  # noqa: E402 (the checkout's package, whatever is installed)

DATA = ROOT / "rulekit" / "data" / "mtg"
COMPILED = DATA / loader.COMPILED_FILE
_PLAIN = (str, int, bool, type(None))


def not_plain(value: Any, where: str = "") -> list[str]:
    """Where ``value`` holds something JSON does not give back as itself (a tuple, a float, a
    set, a non-string key...)."""
    if isinstance(value, dict):
        out = [f"{where}: key {k!r} is not a string" for k in value if not isinstance(k, str)]
        for k, v in value.items():
            out += not_plain(v, f"{where}/{k}")
        return out
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in not_plain(v, f"{where}/{i}")]
    if type(value) in _PLAIN:
        return []
    return [f"{where}: a {type(value).__name__} ({value!r:.40}) has no exact JSON form"]


def same(a: Any, b: Any) -> bool:
    """``a == b`` with the same types everywhere (``1``, ``1.0`` and ``True`` differ; a list is no
    tuple) and mappings in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def render(data_dir: Path = DATA) -> str:
    """The compiled file's text for the sources in ``data_dir`` (read in full)."""
    cards = loader.read_library(data_dir)
    bad = not_plain(cards)
    if bad:
        raise ValueError("the library has values JSON cannot give back exactly:\n" + "\n".join(bad[:20]))
    lines = [
        "{" + f'"format": {loader.COMPILED_FORMAT},',
        f'"sources": {_line(loader.source_digests(data_dir))},',
        '"cards": {',
        ",\n".join(f"{_line(name)}: {_line(card)}" for name, card in cards.items()),
        "}}",
    ]
    text = "\n".join(lines) + "\n"
    back = json.loads(text)
    if not same(back["cards"], cards):  # the file is the reading, or nothing is written
        raise ValueError("the compiled library does not read back as the library")
    return text


def problems(data_dir: Path = DATA) -> list[str]:
    """Why ``data_dir``'s compiled file is not the one :func:`render` makes (empty: up to date)."""
    path = data_dir / loader.COMPILED_FILE
    if not path.is_file():
        return [f"{path.name} is missing: run python tools/compile_library.py"]
    if path.read_text(encoding="utf-8") != render(data_dir):
        why = "a cards*.yaml file or the reader changed"
        return [f"{path.name} is stale ({why}): run python tools/compile_library.py"]
    return []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check (exit 1 if missing or stale)")
    args = ap.parse_args(argv)
    if args.check:
        found = problems()
        for p in found:
            print(p, file=sys.stderr)
        return 1 if found else 0
    text = render()
    COMPILED.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {COMPILED.relative_to(ROOT)} ({len(text.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
