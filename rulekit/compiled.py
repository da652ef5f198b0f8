"""Compiled data files: the reading of some source files, stored as JSON beside them with the SHA-256
of each source, and used only while every source is byte for byte the one it was made from.

The MTG card library is one (``rulekit/data/mtg/library.json``, written by
``tools/compile_library.py``; :func:`rulekit.mtg.loader.library`). A compiled file is package data,
but it is read like any input: one over :data:`MAX_BYTES`, not UTF-8 JSON, not of the layout
``{"format": n, "sources": {file: sha256}, <payload>: ...}`` or of another format is not used; the
caller checks the payload's own shape and reads the sources instead.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

#: A compiled file larger than this is not read.
MAX_BYTES = 8_000_000


def digests(paths: list[Path]) -> dict[str, str]:
    """Each file's name -> the SHA-256 (hex) of its bytes, in the order given."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def read_compiled(path: Path, fmt: int, sources: dict[str, str], payload: str) -> Any | None:
    """The ``payload`` of the compiled file ``path``, or None when there is none, it is larger than
    :data:`MAX_BYTES`, it is not UTF-8 JSON (or too deeply nested, or holds a too long number), its
    keys are not exactly ``format``, ``sources`` and ``payload``, its format is not ``fmt`` or its
    sources' digests are not ``sources`` (the same files, the same bytes)."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # ValueError: bad JSON, bad UTF-8, huge integers
        return None
    if not isinstance(data, dict) or data.keys() != {"format", "sources", payload}:
        return None
    if data["format"] != fmt or data["sources"] != sources:
        return None
    return data[payload]
