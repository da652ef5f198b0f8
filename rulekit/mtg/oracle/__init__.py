"""Read Oracle text into the scenario language's continuous effects (a first step).

>>> from rulekit.mtg.oracle import read_ability
>>> r = read_ability("Other Elf creatures you control get +1/+1.")
>>> r.status, r.kind, r.spec
('read', 'static', {'affects': 'other Elf creatures you control', 'modify_pt': {'power': 1, 'toughness': 1}})
>>> read_ability("{T}: Add {G}.").status
'plain'

The names are loaded lazily (PEP 562): the reader (its grammar and ``lark``) is imported when a text
is first read, so a scenario with no ability written by its text never loads it
(``tests/test_lazy_imports.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.lazy import LazyNames

if TYPE_CHECKING:
    from rulekit.mtg.oracle.reader import Reading, read_ability, read_text

_LAZY = {
    "Reading": "rulekit.mtg.oracle.reader",
    "read_ability": "rulekit.mtg.oracle.reader",
    "read_text": "rulekit.mtg.oracle.reader",
}

__all__ = ["Reading", "read_ability", "read_text"]


_NAMES = LazyNames(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _NAMES.get(name)


def __dir__() -> list[str]:
    return _NAMES.listed()
