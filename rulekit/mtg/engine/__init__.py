"""The continuous-effects engine (CR 611, 613), one module per concern.

The engine reads effect *data* (:mod:`rulekit.mtg.model`): no card is named here. Each rule
lives in one named place, whose docstring cites the CR rule, the seed passage or rules-notes:

* :mod:`.state`: the object state, its copy and its view (the one list of characteristics is
  :data:`rulekit.mtg.trace.CHARACTERISTICS`); 305.6 intrinsic abilities.
* :mod:`.effects`: static, CDA, resolved and face-down effects and their durations (604, 611, 708).
* :mod:`.timestamps`: every 613.7 rule.
* :mod:`.edits`: the scenario edits that replay it (its effects, switching off, reordering).
* :mod:`.replay`: the scenario's events replayed (zones, attachments, timestamps).
* :mod:`.select`: selection and expressions (611.3a), and what a selector reads.
* :mod:`.layers`: one class per layer part (copy, face-down, control, text, type, colour,
  abilities, each P/T sublayer, counters, switch, players, rules).
* :mod:`.apply`: the set an effect applies to (611.2c, 613.6) and applying a part to it.
* :mod:`.dependency`: 613.8a and c (judging again after every step); :mod:`.pair`, its
  counterfactual test of one pair; :mod:`.pruning`,
  the read/write sets in front of its test; :mod:`.whatif`, its counterfactual (an effect
  applied to the current state); :mod:`.groups`, its objects grouped by signature
  (only a cache); :mod:`.order`, which effect applies next (613.7, 613.8b loops).
* :mod:`.locking`: 611.2c locking and 608.2b target checks; :mod:`.history`, the layered game
  before each event that they read, and :mod:`.carry`, that game carried forward over a
  ``resolve`` event when that is exact (only a cache).
* :mod:`.loop`: the layer loop and :func:`solve`.
* :mod:`.record`: recording the trace.
* :mod:`.caches`: the caches, each only a cache.
* :mod:`.accelerator`: one switch for the speed-ups (:func:`accelerated`); traces never depend on it.

>>> from rulekit.mtg import load_scenario
>>> solve(load_scenario("seed/humility-then-gideon")).final["gideon"].pt
'5/5'
"""

from __future__ import annotations

from rulekit.mtg.engine.accelerator import accelerated
from rulekit.mtg.engine.compiled import Compiled
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.loop import known_effect_ids, solve, solve_compiled
from rulekit.mtg.engine.replay import compile_scenario
from rulekit.mtg.engine.state import Obj, State

__all__ = [
    "accelerated",
    "Compiled",
    "Eff",
    "Obj",
    "State",
    "compile_scenario",
    "known_effect_ids",
    "solve",
    "solve_compiled",
]
