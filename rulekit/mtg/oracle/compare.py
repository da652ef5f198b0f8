"""Compare two effect specs as the scenario language means them, not as they are spelled.

Two specs are the same when every selector, condition and expression parses to the same data
(``rulekit.mtg.selectors``, ``rulekit.mtg.expressions``: "All creatures" and "creatures" are one
selector) and every list of types or abilities holds the same words in any order. The reader's
measure against the library (``tests/mtg_library/test_oracle_reader.py``, ``benchmarks/bench_oracle.py``)
uses it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rulekit.mtg.expressions import parse_expr, parse_target_rule
from rulekit.mtg.selectors import parse_condition, parse_selector

_DROP = {"text"}


def _plain(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (
            type(obj).__name__,
            tuple(
                (f.name, _plain(getattr(obj, f.name))) for f in dataclasses.fields(obj) if f.name not in _DROP
            ),
        )
    if isinstance(obj, tuple | list):
        return tuple(_plain(x) for x in obj)
    if isinstance(obj, frozenset | set):
        return tuple(sorted(map(repr, obj)))
    return obj


def canonical(spec: Any, key: str = "") -> Any:
    """``spec`` (an effect spec, or a part of one) in a form where spelling does not matter."""
    if isinstance(spec, dict):  # an ability's key is its name, not what it does
        return tuple(sorted((k, canonical(v, k)) for k, v in spec.items() if k != "key"))
    if isinstance(spec, list):
        items = [canonical(x, key) for x in spec]
        return tuple(sorted(items, key=repr))
    if isinstance(spec, str):
        try:
            if key in ("affects", "activated_of", "full_text"):
                return tuple(sorted(map(repr, _plain(parse_selector(spec).parts))))  # a union is unordered
            if key == "targets_must":
                return _plain(parse_target_rule(spec))
            if key == "condition":
                return _plain(parse_condition(spec))
            if key in ("power", "toughness"):
                return _plain(parse_expr(spec))
        except Exception:  # noqa: BLE001 - a spec the language refuses compares as its words
            return ("unparsed", spec)
        return spec.strip()
    if key in ("power", "toughness") and isinstance(spec, int):
        return _plain(parse_expr(spec))
    return spec


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two effect specs mean the same (see the module)."""
    return bool(canonical(a) == canonical(b))
