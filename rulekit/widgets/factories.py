"""Factory functions (the lessons' one-liners); each returns the explorer object with its handles."""

from __future__ import annotations

from typing import Any


def layer_explorer(scenario: Any, ruleset: str = "seed", **kw: Any) -> Any:
    """``LayerExplorer(scenario, ruleset, **kw)``."""
    from rulekit.widgets.layers import LayerExplorer

    return LayerExplorer(scenario, ruleset, **kw)


def chain_explorer(scenario: Any, **kw: Any) -> Any:
    """``ChainExplorer(scenario, **kw)``."""
    from rulekit.widgets.chain import ChainExplorer

    return ChainExplorer(scenario, **kw)


def prediction_check(trace: Any, kind: str = "pt", target: str | None = None, **kw: Any) -> Any:
    """``PredictionCheck(trace, kind, target, **kw)``."""
    from rulekit.widgets.prediction import PredictionCheck

    return PredictionCheck(trace, kind, target, **kw)


def board_builder(scenario: Any = None, **kw: Any) -> Any:
    """``BoardBuilder(scenario, **kw)``."""
    from rulekit.widgets.builder import BoardBuilder

    return BoardBuilder(scenario, **kw)
