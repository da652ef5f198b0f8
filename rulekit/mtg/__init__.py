"""MTG continuous effects (CR 611/613): layers, timestamps, dependency, loops.

The public API (``load_scenario``, ``solve``...) is filled in by :mod:`rulekit.mtg.api`.
The trace data types live in :mod:`rulekit.mtg.trace`.
"""

from rulekit.mtg.trace import Change, Dependency, EffectInfo, ObjectView, PlayerView, Step, Trace

__all__ = ["Change", "Dependency", "EffectInfo", "ObjectView", "PlayerView", "Step", "Trace"]
