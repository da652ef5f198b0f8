"""ipywidgets explorers for the lessons (Qiskit-textbook style: objects holding their controls).

* :class:`LayerExplorer` — MTG layers: effects on/off, timestamp order, ruleset, stepper.
* :class:`ChainExplorer` — the Apoteose chain: step, choose legal responses, undo, reset.
* :class:`PredictionCheck` — predict, check against the trace, reveal.
* :class:`BoardBuilder` — put library cards (or your own) on a board, resolve spells, save the file.

Each renders by setting ``.value`` of HTML widgets (never ``Output`` widgets), so it can be driven
in plain pytest. No exception reaches the notebook: errors show inside the widget.
Each has a "Text size" knob (``text_size``, one button per size: 100 %, 125 %, 150 %, 200 %; the
``scale=`` argument sets its starting value) that re-renders every output and the controls live.
Importing this package does not import ipywidgets; building a widget does.
"""

from __future__ import annotations

from typing import Any

from rulekit.lazy import LazyNames

_LAZY = {
    "LayerExplorer": "rulekit.widgets.layers",
    "BoardBuilder": "rulekit.widgets.builder",
    "ChainExplorer": "rulekit.widgets.chain",
    "PredictionCheck": "rulekit.widgets.prediction",
}

__all__ = sorted(_LAZY)


_NAMES = LazyNames(__name__, _LAZY, globals())


def __getattr__(name: str) -> Any:
    return _NAMES.get(name)


def __dir__() -> list[str]:
    return _NAMES.listed()
