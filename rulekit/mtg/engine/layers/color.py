"""Layer 5: colour-changing effects (613.1e, 105.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.vocab import COLORS

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import Obj

_COLOR_ORDER = {c: i for i, c in enumerate(COLORS)}


class ColorPart(KindsPart):
    """105.3: set the colours, add colours, or make colourless (colours kept in WUBRG order); each
    a kind of :mod:`rulekit.mtg.kinds` (``set_color``, ``add_color``)."""

    sub = "color"
    rule = "613.1e, 105.3"
    shows = ("colors",)
    snapshot = ("colors",)
    shared = ("colors",)

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Each kind in its order (``set_color``, ``add_color``); the colours kept in WUBRG order."""
        super().apply(eff, obj, param)
        obj.colors = tuple(sorted(obj.colors, key=lambda c: _COLOR_ORDER.get(c, 9)))
