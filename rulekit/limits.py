"""Every cost bound on untrusted input, in one place (the house rule "bound every cost").

Scenario files come from strangers (Binder demos, forum posts). Each limit below is checked
before the work it bounds is done, and going over it is one located
:class:`~rulekit.errors.ScenarioError` (``file:line: field: ...``), never a hang, a memory
blow-up or a traceback. The figures are generous for teaching boards (the largest built-in
scenario uses a few dozen of each) and small enough that the slowest case stays well under a
second.

>>> MAX_FILE_BYTES
2000000
>>> MAX_ALIAS_NODES < MAX_NODES
True
"""

from __future__ import annotations

MAX_FILE_BYTES = 2_000_000
"""Largest scenario or card file read, in bytes (UTF-8). Checked before the file is read."""

MAX_NODES = 50_000
"""Most YAML values (scalars, lists, mappings) in one document, counting every alias as the
full copy it stands for. This bounds the line index and validation, whatever the aliases do:
PyYAML builds about 50,000 values a second, so this is about a second. The benchmark board
(500 objects) has about 5,000."""

MAX_ALIAS_NODES = 10_000
"""Most YAML values that aliases (``*name``, including ``<<: *name`` merge keys) may add to a
document. A "billion laughs" file (aliases of aliases) reaches this in a few hundred bytes and is
refused at the alias that crosses it."""

MAX_DEPTH = 40
"""Deepest nesting of lists and mappings. The deepest real shape (an ability granting an
ability with a static effect) needs about ten levels."""

MAX_STRING_CHARS = 20_000
"""Longest single string (a name, a selector, an Apoteose effect text), in characters."""

MAX_INT_DIGITS = 9
"""Most digits in an integer written in a file (so every integer is below a billion in size).
Python refuses to read integers of more than 4,300 digits, and game numbers are small."""

MAX_PLAYERS = 20
"""Most players in one MTG scenario."""

MAX_OBJECTS = 1_000
"""Most objects in one MTG scenario (the benchmark board has 500)."""

MAX_EVENTS = 1_000
"""Most events in one MTG scenario."""

MAX_EFFECTS = 200
"""Most effect-generating abilities (static, characteristic-defining, resolving) in one MTG
scenario, counting those of every object (the benchmark board has 60). The engine's cost grows
faster than linearly in this number: 200 keep the worst board found to a few seconds."""

MAX_COUNTERS = 1_000_000
"""Most counters of one kind on one object."""

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_COUNTERS",
    "MAX_DEPTH",
    "MAX_EFFECTS",
    "MAX_EVENTS",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "MAX_OBJECTS",
    "MAX_PLAYERS",
    "MAX_STRING_CHARS",
]
