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

import sys
from collections.abc import Iterator
from contextlib import contextmanager

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

MAX_SOLVE_EFFECTS = 2_000
"""Most continuous effects one MTG solve may hold, counting those that the abilities granted
while solving generate: an ability that grants an ability that grants an ability multiplies them
(five levels over ten creatures make 111,111), which :data:`MAX_EFFECTS` cannot see in the file.
Checked as each effect appears; ten times the file's own bound."""

MAX_STEP_OBJECTS = 50_000
"""Most object changes one MTG solve may make: the objects each applied effect affects, added up
over every step (200 anthems over 1,000 creatures make 200,000). Every output (the trace, its
JSON, the text tables, the explanation, the diagram's notes) grows with this number, so bounding
it bounds them all: 50,000 are solved and explained in a few seconds. The largest benchmark board
(4,000 objects, 480 effects) makes about 315,000 and lifts it, as it lifts the object and effect
bounds."""

MAX_CARDS = 1_000
"""Most cards in one Apoteose scenario."""

MAX_CARD_EFFECTS = 1_000
"""Most effect texts in one Apoteose scenario, over all its cards: each is read by the grammar
(about a millisecond or two each), and a chain may test every one of them in every window."""

MAX_CARD_TEXT_CHARS = 100_000
"""Most characters of effect text in one Apoteose scenario, over all its cards (a card's effect is
a few hundred): the grammar reads them clause by clause, a few milliseconds each."""

MAX_SCRIPT = 1_000
"""Most script actions and decisions in one Apoteose scenario."""

MAX_COUNTERS = 1_000_000
"""Most counters of one kind on one object."""

MAX_CACHE_BYTES = 64 * 1024 * 1024
"""Largest compiled-Graphviz cache file read (``~/.cache/rulekit/*.cwasm``; today's is about
2.6 MB). A larger file is not read at all: the module is compiled again and the file replaced."""

#: The bounds a trusted board of the project's own (``benchmarks/``, ``tools/engine_traces.py --big``)
#: goes over: how many objects and effects its file holds, and how much its solve makes.
TRUSTED_LIFTS = ("MAX_OBJECTS", "MAX_EFFECTS", "MAX_SOLVE_EFFECTS", "MAX_STEP_OBJECTS")


@contextmanager
def lifted(names: tuple[str, ...] = TRUSTED_LIFTS) -> Iterator[None]:
    """Inside, the named bounds do not apply (for the project's own large boards only, never for a
    file from a user); they are put back on the way out.

    >>> from rulekit import limits
    >>> with limits.lifted(("MAX_OBJECTS",)):
    ...     limits.MAX_OBJECTS > 10**9
    True
    >>> limits.MAX_OBJECTS
    1000
    """
    module = sys.modules[__name__]
    saved = {name: getattr(module, name) for name in names}
    try:
        for name in names:
            setattr(module, name, sys.maxsize)
        yield
    finally:
        for name, value in saved.items():
            setattr(module, name, value)


__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_CACHE_BYTES",
    "MAX_CARDS",
    "MAX_CARD_EFFECTS",
    "MAX_CARD_TEXT_CHARS",
    "MAX_COUNTERS",
    "MAX_DEPTH",
    "MAX_EFFECTS",
    "MAX_EVENTS",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "MAX_OBJECTS",
    "MAX_PLAYERS",
    "MAX_SCRIPT",
    "MAX_SOLVE_EFFECTS",
    "MAX_STEP_OBJECTS",
    "MAX_STRING_CHARS",
]
