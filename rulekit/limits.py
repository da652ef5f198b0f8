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
from contextvars import ContextVar
from dataclasses import dataclass, field

from rulekit.errors import N_, Phrase, RulekitError

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

MAX_READ_TEXT_CHARS = 10_000
"""Most characters of ability text one MTG scenario may have read by the Oracle reader (its abilities
written by their text alone, LANGUAGE.md §11.1). Reading costs about a third of a millisecond a character
at worst (a grammar parse per sentence), so this is a few seconds; a board of thirty typed cards needs
about a third of it. Longer texts are written as data."""

MAX_PLAYERS = 20
"""Most players in one MTG scenario."""

MAX_ERRORS_SHOWN = 30
"""Most located errors of one file the CLI prints (a widget shows as many); the rest are counted
on one last line ("and 12 more"). Every error is still in ``ScenarioError.errors``."""

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

MAX_PAIR_WORK = 100_000
"""Most work one call may spend judging which effects depend on which (613.8a; unit ``pairs``):
each pair of effects judged by the counterfactual test counts one, and one more for each object
the effect it is judged against applies to (the test looks at each of them with and without that
effect). Verdicts kept between steps, or shared by effects alike, are not judged again and cost
nothing; the prefixes of a history solved again spend from the same call. Effects that change what
each other apply to under a condition (so that no verdict may be kept) are judged again after
every step (613.8c), about K⁴ work for K of them: 100 in a 36 kB file took 100 s. A unit costs
about 6 µs, so the bound keeps the worst such board under a second; the 500-object benchmark board
(60 effects) spends about 15,000, the 500 random boards of the trace recordings less, the built-in
scenarios at most ten (most verdicts are kept or shared)."""

MAX_CHAIN_EVENTS = 20_000
"""Most events one Apoteose chain run may record (unit ``chain events``): a loop of Auto effects
that answer one another is refused at the event that crosses it, naming its card."""

MAX_RESPONSE_CHECKS = 50_000
"""Most times one Apoteose call may ask whether an effect answers an event (unit ``responses``): at
every response window each Auto and Ativar effect in play is tried against the window's events,
so the work grows as the windows times the effects (200 Auto effects answering each of 20 steps
took 69 s before the events ran out). One check costs from about 10 µs (a handful of cards) to
about 25 µs (hundreds, on a loaded machine), so the bound keeps a run near a second; the built-in
scenarios ask at most a few hundred."""

MAX_COUNTERS = 1_000_000
"""Most counters of one kind on one object."""

MAX_CACHE_BYTES = 64 * 1024 * 1024
"""Largest compiled-Graphviz cache file read (``~/.cache/rulekit/*.cwasm``; today's is about
2.6 MB). A larger file is not read at all: the module is compiled again and the file replaced."""

READABLE_DIAGRAM_NODES = 40
"""Most effect parts (nodes) a dependency diagram draws one by one. Beyond it, or beyond
:data:`READABLE_DIAGRAM_EDGES`, the diagram is drawn summarised: the effects grouped by what they
do (their layer and origin), one edge per pair of groups labelled with how many dependencies it
stands for, and the title says so. Why 40: a projected slide or a notebook cell shows about
forty labelled boxes before their words fall below a readable size, and the largest built-in
scenario draws 14; Graphviz lays out such a graph in well under a second."""

READABLE_DIAGRAM_EDGES = 60
"""Most dependency edges a diagram draws one by one (see :data:`READABLE_DIAGRAM_NODES`): beyond
about sixty crossing arrows no one follows one of them, and the layout's cost grows with the
edges' crossings (K effects that each change the others' type make K² edges: at K = 25 the full
drawing took 50 s in the wasm Graphviz). The largest built-in scenario draws 12."""

MAX_DIAGRAM_ITEMS = 5_000
"""Most nodes and edges (together) one diagram's DOT text may hold, summarised or not: a work
bound on the drawing itself (:class:`Budget`, unit ``diagram``). The summary of the largest board
the other bounds allow holds a few hundred."""

OUTPUT_FACTOR = 50
"""Text output (``solve``, ``explain``, ``chain``, the diagram's DOT) is at most this many
characters per byte of the scenario file (or :data:`MIN_OUTPUT_CHARS`, whichever is more); what
goes over is cut at a line with a located note (:class:`Budget`, unit ``chars``). The built-in
scenarios print at most 4 characters per byte; a dense board (300 creatures under 40 anthems)
explains itself in about 66."""

MIN_OUTPUT_CHARS = 1_000_000
"""Text output a small file may always make, in characters (about 12,000 lines of 80)."""

#: The bounds a trusted board of the project's own (``benchmarks/``, ``tools/engine_traces.py --big``)
#: goes over: how many objects and effects its file holds, and how much its solve makes.
TRUSTED_LIFTS = (
    "MAX_OBJECTS",
    "MAX_EFFECTS",
    "MAX_SOLVE_EFFECTS",
    "MAX_STEP_OBJECTS",
    "MAX_DIAGRAM_ITEMS",
    "MIN_OUTPUT_CHARS",
    "MAX_PAIR_WORK",
)


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


# ---------------------------------------------------------------------------- the cost model
@dataclass(frozen=True)
class Unit:
    """One kind of work a call counts: its name, the module bound that limits it (read when it is
    spent, so :func:`lifted` lifts it too) and its refusal, a catalogue message with ``{n}`` (what
    the call would reach), ``{most}`` (the limit) and the spender's own parameters."""

    name: str
    bound: str
    message: str

    @property
    def limit(self) -> int:
        return int(getattr(sys.modules[__name__], self.bound))


#: Every unit of work, one record each (the house rule "one concept, one record"): the solve's
#: (effects made while solving, object changes: counted by the solve's own record,
#: :class:`rulekit.mtg.engine.record.Run`; pairs judged for dependency, counted by the same record
#: against the call's :class:`Budget`; each refused naming the object whose ability made them),
#: and those counted against a :class:`Budget` (diagram nodes and edges, characters of text).
UNITS: dict[str, Unit] = {
    unit.name: unit
    for unit in (
        Unit(
            "effects",
            "MAX_SOLVE_EFFECTS",
            N_(
                "abilities granted while solving make more than {most:,} effects "
                "(at most {most:,} in one solve; the last: '{name}'): "
                "does an ability grant abilities that grant abilities?"
            ),
        ),
        Unit(
            "objects",
            "MAX_STEP_OBJECTS",
            N_(
                "the effects change objects more than {most:,} times in one solve "
                "(at most {most:,}; reached while applying '{name}'): "
                "a board this large is beyond what rulekit can show"
            ),
        ),
        Unit(
            "pairs",
            "MAX_PAIR_WORK",
            N_(
                "judging which effects depend on which (613.8a) takes more than {most:,} steps "
                "in one call (a pair of effects judged counts one, and one for each object it is "
                "judged on; reached judging what depends on '{name}'): too many effects change "
                "what the others apply to"
            ),
        ),
        Unit(
            "chain events",
            "MAX_CHAIN_EVENTS",
            N_(
                "the chain would record more than {most:,} events (reached at '{name}'): "
                "do Auto effects answer one another without end?"
            ),
        ),
        Unit(
            "responses",
            "MAX_RESPONSE_CHECKS",
            N_(
                "the chain asks more than {most:,} times whether an effect answers an event "
                "(reached at '{name}'): too many effects answer too many events"
            ),
        ),
        Unit(
            "diagram",
            "MAX_DIAGRAM_ITEMS",
            N_(
                "the diagram '{graph}' would draw more than {most:,} nodes and edges (reached at "
                "'{name}'): a board this large is beyond what rulekit can draw"
            ),
        ),
        Unit(
            "chars",
            "MIN_OUTPUT_CHARS",
            N_(
                "the text stops here: it would be longer than {most:,} characters "
                "({factor} per byte of the file, at least {least:,})"
            ),
        ),
    )
}


class OverBudget(RulekitError):
    """A call went over its :class:`Budget` in one unit: one located line naming what grew and its
    limit, in the reader's language (``text_in``); exit 2 on the CLI, a message in a widget."""

    def __init__(self, unit: Unit, n: int, most: int, file: str | None, **params: object) -> None:
        super().__init__(
            Phrase(unit.message, n=n, most=most, **params), file=file, field=None, code="OVER_BUDGET"
        )
        self.unit = unit.name
        self.n = n
        self.most = most


@dataclass
class Budget:
    """The work one call (a command, an explorer's render) may do, counted in deterministic units
    (:data:`UNITS`), never in seconds: the same input is refused at the same place on every machine.

    ``file`` names the scenario in a refusal; ``input_bytes`` is its size, which sets how much text
    it may print (:meth:`most`).

    >>> b = Budget(file="s.yaml", input_bytes=100)
    >>> b.most("chars") == MIN_OUTPUT_CHARS
    True
    >>> b.spend("diagram", 10, graph="dependencies", name="x")
    >>> b.spent["diagram"]
    10
    """

    file: str | None = None
    input_bytes: int = 0
    spent: dict[str, int] = field(default_factory=dict)

    def most(self, unit: str) -> int:
        """How many units of ``unit`` this call may spend."""
        if unit == "chars":
            return max(UNITS["chars"].limit, OUTPUT_FACTOR * self.input_bytes)
        return UNITS[unit].limit

    def left(self, unit: str) -> int:
        return self.most(unit) - self.spent.get(unit, 0)

    def spend(self, unit: str, n: int = 1, **params: object) -> None:
        """Count ``n`` units; over the limit, :class:`OverBudget` (``params`` fill its message)."""
        total = self.spent.get(unit, 0) + n
        self.spent[unit] = total
        most = self.most(unit)
        if total > most:
            raise self.refusal(unit, total, **params)

    def refusal(self, unit: str, n: int, **params: object) -> OverBudget:
        """The located refusal for ``unit`` at ``n`` (the chars unit's figures filled in)."""
        if unit == "chars":
            params = {"factor": OUTPUT_FACTOR, "least": UNITS["chars"].limit, **params}
        return OverBudget(UNITS[unit], n, self.most(unit), self.file, **params)


_CURRENT: ContextVar[Budget | None] = ContextVar("rulekit_budget", default=None)


@contextmanager
def budget(file: str | None = None, input_bytes: int = 0) -> Iterator[Budget]:
    """One budget per call: inside, :func:`current` is this budget. A call made inside another's
    budget (a view built by a command that opened one) spends from the outer budget, so a command,
    an explorer's render and a library call count alike; opened with no budget around, it is fresh.

    >>> with budget("a.yaml") as outer, budget("b.yaml") as inner:
    ...     inner is outer
    True
    """
    open_ = _CURRENT.get()
    if open_ is not None:
        if not open_.file and file:
            open_.file = file
        open_.input_bytes = max(open_.input_bytes, input_bytes)
        yield open_
        return
    fresh = Budget(file=file, input_bytes=input_bytes)
    token = _CURRENT.set(fresh)
    try:
        yield fresh
    finally:
        _CURRENT.reset(token)


def current() -> Budget:
    """The budget of the call under way (a fresh one, counted nowhere, outside any)."""
    return _CURRENT.get() or Budget()


__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_CACHE_BYTES",
    "MAX_DIAGRAM_ITEMS",
    "MIN_OUTPUT_CHARS",
    "OUTPUT_FACTOR",
    "READABLE_DIAGRAM_EDGES",
    "READABLE_DIAGRAM_NODES",
    "UNITS",
    "Budget",
    "OverBudget",
    "Unit",
    "budget",
    "current",
    "MAX_CARDS",
    "MAX_CARD_EFFECTS",
    "MAX_CARD_TEXT_CHARS",
    "MAX_CHAIN_EVENTS",
    "MAX_COUNTERS",
    "MAX_DEPTH",
    "MAX_EFFECTS",
    "MAX_EVENTS",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "MAX_OBJECTS",
    "MAX_PAIR_WORK",
    "MAX_PLAYERS",
    "MAX_RESPONSE_CHECKS",
    "MAX_SCRIPT",
    "MAX_SOLVE_EFFECTS",
    "MAX_STEP_OBJECTS",
    "MAX_STRING_CHARS",
]
