"""Which pending effect applies next in a layer (CR 613.7, 613.8b), from the dependencies
judged before the step (:mod:`rulekit.mtg.engine.dependency`).

* 613.8b: an effect that depends on another is applied after it; among the effects that depend
  on none, the earliest timestamp goes first (613.7).
* 613.8b, loops: if every remaining effect waits on another, dependency is ignored and the
  earliest-timestamped effect on a cycle goes first (:func:`cycles`; rules-notes' reading).
"""

from __future__ import annotations

from rulekit.mtg.codes import Why
from rulekit.mtg.engine.dependency import Row, all_deps
from rulekit.mtg.engine.eff import Eff


def cycles(pending: list[Eff], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with a cycle (Tarjan), members in timestamp order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    order = {e.id: e.sort_key for e in pending}
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in order:
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, ()):
                out.append(sorted(comp, key=lambda i: order[i]))

    for e in sorted(pending, key=lambda e: e.sort_key):
        if e.id not in index:
            strong(e.id)
    return out


def choose_next(pending: list[Eff], rows: list[Row]) -> tuple[Eff, Why, tuple[str, ...]]:
    """613.8b + rules-notes' house reading of loops.

    1. Among the effects not yet applied, those that depend on no other unapplied effect: apply
       the earliest-timestamped (613.7, seed 000 "selo temporal").
    2. If there are none, every remaining effect waits on another: apply the earliest-timestamped
       effect that lies on a dependency cycle (613.8b: a loop ignores dependency).
    ``pending`` is in timestamp order (as the layer loop keeps it), so the first effect that
    depends on none is the earliest-timestamped. Returns the effect, why (``timestamp``/``loop``)
    and the loop's members.
    """
    dependents = [row.dependents() for row in rows]
    for e in pending:
        eid = e.id
        if not any(eid in d for d in dependents):
            return e, Why.TIMESTAMP, ()
    waiting: dict[str, set[str]] = {}
    for d in all_deps(rows):
        waiting.setdefault(d.effect, set()).add(d.depends_on)
    loops = cycles(pending, waiting)
    by_id = {e.id: e for e in pending}
    best = min((by_id[m] for c in loops for m in c), key=lambda e: e.sort_key)
    loop = next(c for c in loops if best.id in c)
    return best, Why.LOOP, tuple(loop)
