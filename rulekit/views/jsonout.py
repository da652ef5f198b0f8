"""JSON output in proportion to the file: what ``rulekit solve --json`` and ``rulekit chain --json``
print, at most a fixed multiple of the scenario's size (:class:`rulekit.limits.Budget`, unit
``chars``, as the text outputs), and always valid JSON.

:func:`bounded_json` writes the object as :func:`json.dumps` would, one top-level value (and one
item of a top-level list or mapping) at a time, so a long output costs no more than what it keeps.
When the next item would pass the limit it stops there, closes what is open and adds one last key,
``"truncated"``: a record naming the file, the limit, where it stopped (``at``, ``kept`` of
``of`` items) and the located note in the reader's language. An output within the limit is
byte-identical to :func:`json.dumps` and has no such key.

>>> from rulekit import limits
>>> with limits.budget(file="s.yaml"):
...     print(bounded_json({"a": [1, 2], "b": "x"}))
{
  "a": [
    1,
    2
  ],
  "b": "x"
}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rulekit import limits
from rulekit.i18n import translator

#: The key of the record a cut output ends with (LANGUAGE.md §10).
TRUNCATED = "truncated"


def bounded_json(
    data: dict[str, Any],
    lang: Any = "en",
    *,
    indent: int | None = 2,
    sort_keys: bool = False,
    default: Callable[[Any], Any] | None = None,
    most: int | None = None,
) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=indent, sort_keys=sort_keys, default=default)``
    within the call's budget (``most`` characters if given): cut with a ``"truncated"`` record
    beyond it (see the module doc)."""
    budget = limits.current()
    limit = budget.left("chars") if most is None else most
    if not data:
        return "{}"

    def dumps(value: Any, level: int) -> str:
        text = json.dumps(value, ensure_ascii=False, indent=indent, sort_keys=sort_keys, default=default)
        return text.replace("\n", newline(level)) if indent is not None and level else text

    def newline(level: int) -> str:
        return "\n" + " " * (indent * level) if indent is not None else ""

    sep = "," if indent is not None else ", "
    parts: list[str] = ["{"]
    size = 1
    cut: tuple[str, int, int] | None = None
    # room kept for closing what is open and for the record (a generous upper bound of its length)
    reserve = 2_000 + (len(budget.file) if budget.file else 0) * 2
    keys = sorted(data) if sort_keys else list(data)
    for i, key in enumerate(keys):
        value = data[key]
        head = (sep if i else "") + newline(1) + json.dumps(key, ensure_ascii=False) + ": "
        if isinstance(value, list | dict) and value:
            items = (sorted(value) if sort_keys else list(value)) if isinstance(value, dict) else value
            is_map = isinstance(value, dict)
            chunk = [head, "{" if is_map else "["]
            n = len(head) + 1
            kept = 0
            for j, item in enumerate(items):
                if is_map:
                    piece = json.dumps(item, ensure_ascii=False) + ": " + dumps(value[item], 2)
                else:
                    piece = dumps(item, 2)
                piece = (sep if j else "") + newline(2) + piece
                if size + n + len(piece) + reserve > limit:
                    cut = (str(key), kept, len(items))
                    break
                chunk.append(piece)
                n += len(piece)
                kept += 1
            chunk.append((newline(1) if kept else "") + ("}" if is_map else "]"))
            parts.extend(chunk)
            size += n + len(chunk[-1])
            if cut is not None:
                break
        else:
            piece = head + dumps(value, 1)
            if size + len(piece) + reserve > limit:
                cut = (str(key), 0, 1)
                break
            parts.append(piece)
            size += len(piece)
    if cut is None:
        parts.append(newline(0) + "}")
        text = "".join(parts)
        budget.spend("chars", len(text))
        return text
    at, kept, of = cut
    note = budget.refusal("chars", size + reserve)
    note.params["most"] = limit
    if note.file is None:
        note.file = "<scenario>"
    record = {
        "file": budget.file,
        "most": limit,
        "at": at,
        "kept": kept,
        "of": of,
        "message": note.text_in(translator(lang)),
    }
    parts.append(
        (sep if len(parts) > 1 else "") + newline(1) + json.dumps(TRUNCATED) + ": " + dumps(record, 1)
    )
    parts.append(newline(0) + "}")
    text = "".join(parts)
    budget.spent["chars"] = budget.spent.get("chars", 0) + len(text)
    return text


__all__ = ["TRUNCATED", "bounded_json"]
