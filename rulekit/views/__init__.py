"""Views of rulekit traces: tables, DOT diagrams, SVG rendering and rich notebook display.

Views only *read* traces (:mod:`rulekit.mtg.trace`, :mod:`rulekit.apoteose.trace`); they never
re-implement a rule. Heavy libraries (pandas, graphviz) are imported only when a view is built,
so importing this package stays light. Public API (loaded lazily)::

    show(trace)                       # LayerReport or ChainReport, displays itself in a notebook
    LayerReport(trace) / ChainReport(trace) / DependencyGraph(trace) / LayerFlow(trace) / ChainDiagram(trace)
    final_table, layer_table, dependency_table, loop_table, players_table, effects_table, layer_flow_table
    dependency_dot, layer_flow_dot, explain_step          # MTG
    chain_log_table, chain_dot, stack_html, heroes_table  # Apoteose
    render(dot) -> Rendered, choose_backend(), available_backends(), warm_up()
    Table                              # Styler with fixed uuid + caption + plain-text twin
"""

from __future__ import annotations

from typing import Any

from rulekit.lazy import LazyNames

_LAZY = {
    "show": "rulekit.views.display",
    "LayerReport": "rulekit.views.display",
    "ChainReport": "rulekit.views.display",
    "DependencyGraph": "rulekit.views.display",
    "LayerFlow": "rulekit.views.display",
    "ChainDiagram": "rulekit.views.display",
    "final_table": "rulekit.views.mtg",
    "layer_table": "rulekit.views.mtg",
    "dependency_table": "rulekit.views.mtg",
    "loop_table": "rulekit.views.mtg",
    "players_table": "rulekit.views.mtg",
    "effects_table": "rulekit.views.mtg",
    "layer_flow_table": "rulekit.views.mtg",
    "dependency_dot": "rulekit.views.mtg",
    "layer_flow_dot": "rulekit.views.mtg",
    "explain_step": "rulekit.views.mtg",
    "chain_log_table": "rulekit.views.chain",
    "chain_dot": "rulekit.views.chain",
    "stack_html": "rulekit.views.chain",
    "stack_text": "rulekit.views.chain",
    "heroes_table": "rulekit.views.chain",
    "render": "rulekit.views.render",
    "Rendered": "rulekit.views.render",
    "choose_backend": "rulekit.views.render",
    "available_backends": "rulekit.views.render",
    "warm_up": "rulekit.views.render",
    "Table": "rulekit.views.table",
    "OKABE_ITO": "rulekit.views.palette",
}

__all__ = sorted(_LAZY)


_NAMES = LazyNames(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _NAMES.get(name)


def __dir__() -> list[str]:
    return _NAMES.listed()
