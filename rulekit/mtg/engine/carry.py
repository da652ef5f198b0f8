"""The game carried forward one ``resolve`` event at a time (611.2c, 613.1, 613.7, 613.8): when the
effect a ``resolve`` event makes can only be applied last in its sublayer and changes nothing a
later sublayer reads or writes, the layered game after that event is the game before it with the
effect applied once more, instead of the whole prefix solved again.

A long history whose resolved effects' sets read values earlier effects change (power, for
instance: "creatures with power 2 or less get +1/+0") needs the layered game before every
``resolve`` event (611.2c: each set is fixed from the game just before it resolves). Solving each
of those prefixes from scratch costs the number of events squared; carried forward, each event
costs one effect's application. :class:`History` asks :func:`forward_check` whether an event may
be carried forward, and the layer loop (:func:`rulekit.mtg.engine.loop.forward_prefix`) applies it.

Only a cache: the state carried forward is the state the full prefix solve gives, by these rules
(each checked with the read and write sets the pruning trusts, :mod:`.pruning`; anything else is
solved in full):

* **Applied last in its sublayer** (613.7, 613.8b): the new effect acts in one object sublayer
  after layer 1, has the latest timestamp there, and no two effects of that sublayer can depend on
  each other (613.8a: no one's writes meet another's reads, the new effect's included). The
  layer loop then applies them in timestamp order, the new effect last.
* **Nothing later sees it** (613.1, 613.6): no effect of a later sublayer (through the depth
  solved) reads or writes what it writes, or writes what it reads; it removes no ability, and
  adds none that generates a continuous effect (604.1, 611.3: only static abilities do; a basic
  land type's mana ability, 305.6, and a keyword such as flying do not), so no static effect
  comes or goes. So applying it to the game after the later sublayers gives the same game as
  applying it before them.
* **Nothing else changes** (611.2b, 514.2, 400.7): a ``resolve`` event moves no object, ends no
  duration and changes no timestamp but its own effect's; the effects made before it keep their
  status and their locks (:attr:`History.locks`).
* **A turn end that ends nothing solved** (514.2, 613.1): an ``end_of_turn`` event moves no
  object and changes no timestamp; it only ends the "until end of turn" effects made before it.
  When each of those acts only after the depth solved (it is not in the carried game at all),
  the game after it is the game before it (:func:`forward_turn_end`).

:class:`History` walks from the nearest earlier prefix it has solved to the one it is asked for,
event by event, each one carried over by these rules (or that prefix is solved in full).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rulekit.mtg.engine.compiled import Compiled, Situation
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.history import OBJECT_SUBLAYERS, History, first_sublayer
from rulekit.mtg.engine.pruning import ReadIndex, overlaps, reads_of, writes_of
from rulekit.mtg.engine.replay import MOVES_SITUATIONS
from rulekit.mtg.engine.select import ANY, EVERYTHING, Key
from rulekit.mtg.engine.state import State

#: the sublayers of layer 1 (copiable values: what a copy made later takes is read after them)
_LAYER_ONE = frozenset({"copy", "face_down"})
#: what changes which static effects exist (their abilities) or what every other reader reads
_ABILITIES = frozenset({"abilities+", "abilities-"})
_NONE: frozenset[Key] = frozenset()


@dataclass
class Carried:
    """What a prefix solve leaves for the next event to be carried forward from it: its compiled
    events, every effect its layer loop saw, the objects its steps affected (both bounded per
    solve, :mod:`rulekit.limits`), and per object sublayer what its effects read and write, whether
    two of them may depend on each other, and the latest timestamp among them."""

    comp: Compiled
    depth: int
    seen: dict[str, Eff]
    step_objects: int
    reads: dict[str, frozenset[Key]] = field(default_factory=dict)
    writes: dict[str, frozenset[Key]] = field(default_factory=dict)
    meets: dict[str, bool] = field(default_factory=dict)
    last: dict[str, tuple[float, str]] = field(default_factory=dict)


def summarise(comp: Compiled, depth: int, seen: dict[str, Eff], step_objects: int) -> Carried:
    """The :class:`Carried` of a prefix solved in full through ``depth`` object sublayers, from
    the effects its layer loop saw. Counters (the 7d step, or 613.4c's in 7c) read and write
    everything here: no event is carried past a sublayer that applies them."""
    out = Carried(comp, depth, dict(seen), step_objects)
    parts: dict[str, list[tuple[frozenset[Key], frozenset[Key]]]] = {}
    for eff in seen.values():
        if eff.origin == "counters" or eff.spec is None:
            for sub in ("pt_modify", "pt_counters"):
                parts.setdefault(sub, []).append((EVERYTHING, EVERYTHING))
            continue
        for sub in eff.spec.sublayers:
            if sub in OBJECT_SUBLAYERS[:depth]:
                parts.setdefault(sub, []).append((reads_of(eff, sub, False), writes_of(eff, sub)))
                key = eff.sort_key
                if sub not in out.last or key > out.last[sub]:
                    out.last[sub] = key
    for sub, pairs in parts.items():
        out.reads[sub] = frozenset().union(*(r for r, _ in pairs))
        out.writes[sub] = frozenset().union(*(w for _, w in pairs))
        index = ReadIndex([r for r, _ in pairs])
        out.meets[sub] = any(index.meeting(w) - {k} for k, (_, w) in enumerate(pairs))
    return out


def forward_check(carried: Carried, eff: Eff) -> str | None:
    """The object sublayer in which ``eff`` (active, made by the next ``resolve`` event, locked)
    may be applied to the carried game, or ``None`` when that prefix must be solved in full (see
    the module docstring)."""
    spec = eff.spec
    if spec is None:
        return None
    within = OBJECT_SUBLAYERS[: carried.depth]
    subs = [s for s in spec.sublayers if s in within]
    if len(subs) != 1 or subs[0] in _LAYER_ONE:
        return None
    sub = subs[0]
    writes = writes_of(eff, sub)
    if (ANY, ANY) in writes or not _adds_no_effect(spec, sub, writes):
        return None
    reads = reads_of(eff, sub, False)
    if carried.meets.get(sub, False):
        return None
    if overlaps(carried.reads.get(sub, _NONE), writes) or overlaps(reads, carried.writes.get(sub, _NONE)):
        return None
    last = carried.last.get(sub)
    if last is not None and not eff.sort_key > last:
        return None
    for later in within[within.index(sub) + 1 :]:
        theirs = carried.writes.get(later, _NONE)
        if overlaps(carried.reads.get(later, _NONE), writes) or overlaps(reads, theirs):
            return None
        if _write_both(writes, theirs):
            return None
    return sub


#: the kinds that may add abilities only as :func:`_adds_no_effect` knows them: a basic land
#: type's intrinsic mana ability (305.6, for ``add_types``), the abilities granted (``add_abilities``)
_ADDING_KINDS = frozenset({"add_types", "add_abilities"})


def _adds_no_effect(spec: Any, sub: str, writes: frozenset[Key]) -> bool:
    """Whether a part that writes ``writes`` in ``sub`` leaves every object's static abilities as
    they were (604.1, 611.3b): it removes no ability, and every ability it may add is an activated,
    triggered or keyword ability that generates no continuous effect. Adding a basic land type
    adds only that type's intrinsic mana ability (305.6, an activated mana ability: 605.1a)."""
    if not any(attr in _ABILITIES for attr, _ in writes):
        return True
    if any(attr == "abilities-" for attr, _ in writes):
        return False
    for kind, value in spec.kinds_in(sub):
        if not any(attr in _ABILITIES for attr, _ in kind.writes(value)):
            continue
        if kind.name not in _ADDING_KINDS or any(ab.generates for ab in kind.grants(value)):
            return False
    return True


def _write_both(mine: frozenset[Key], theirs: frozenset[Key]) -> bool:
    """Whether two write sets may change one characteristic (the later one would overwrite or
    add to what the earlier wrote)."""
    return bool(mine) and bool(theirs) and any(attr == a for attr, _ in mine for a, _ in theirs)


def carried_on(carried: Carried, comp: Compiled, eff: Eff | None, sub: str | None, run: Any) -> Carried:
    """The :class:`Carried` of the next prefix: ``eff`` applied in ``sub`` by ``run`` (or nothing
    applied: ``eff`` ``None``)."""
    if eff is None or sub is None:
        return Carried(
            comp,
            carried.depth,
            carried.seen,
            carried.step_objects,
            carried.reads,
            carried.writes,
            carried.meets,
            carried.last,
        )
    reads, writes, last = dict(carried.reads), dict(carried.writes), dict(carried.last)
    reads[sub] = reads.get(sub, _NONE) | reads_of(eff, sub, False)
    writes[sub] = writes.get(sub, _NONE) | writes_of(eff, sub)
    last[sub] = eff.sort_key
    return Carried(comp, carried.depth, run.seen, run.step_objects, reads, writes, dict(carried.meets), last)


def snapshot_before(comp: Compiled, i: int) -> dict[str, Situation]:
    """The objects' situations before event ``i`` as the replay of the next prefix records them
    (:attr:`Compiled.base_at`): shared with the event before when that one moved nothing."""
    events = comp.scenario.events
    snap = comp.base_at.get(i - 1) if i >= 1 and events[i - 1].kind not in MOVES_SITUATIONS else None
    if snap is None:
        snap = {oid: (o.zone, o.tapped, o.counters) for oid, o in comp.base.items()}
    return snap


def forward_turn_end(
    i: int, state: State, carried: Carried, history: History
) -> tuple[State, Carried] | None:
    """The game before event ``i + 1`` from the game before the ``end_of_turn`` event ``i``
    (514.2): the same game, when every "until end of turn" effect it ends acts only after the
    depth solved (613.1: such an effect is not in the carried game, so it changes nothing there);
    ``None`` otherwise. The replay's record only takes the turn end and the situations before it
    (nothing moves: the objects' situations are those before it)."""
    if any(first_sublayer(e) < carried.depth for e in history.resolves.get(i, ())):
        return None
    prev = carried.comp
    comp = replace(
        prev, eot_marks=[*prev.eot_marks, i], base_at={**prev.base_at, i: snapshot_before(prev, i)}
    )
    return state, carried_on(carried, comp, None, None, None)
