"""rulekit: exact rules engines for learning how card games resolve interacting effects.

Two sibling engines live here:

* :mod:`rulekit.mtg` computes Magic: The Gathering's continuous effects (CR 611/613):
  layers 1-7 (7a-7e), timestamps, dependency and dependency loops, player and rules effects.
* :mod:`rulekit.apoteose` runs the Apoteose effect system: effect text, Previsao (lookahead)
  and the recursive response chain (Pilha Dinamica).

Both produce a *trace*: plain dataclasses that the views (:mod:`rulekit.views`) and the
widgets (:mod:`rulekit.widgets`) only read.

``import rulekit`` stays light: it never imports pandas, ipywidgets or graphviz.
"""

from rulekit.errors import EffectTextError, RulekitError, ScenarioError

__version__ = "0.1.0"

__all__ = ["EffectTextError", "RulekitError", "ScenarioError", "__version__"]
