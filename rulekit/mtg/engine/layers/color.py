"""Layer 5: colour-changing effects (613.1e, 105.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart, add_words
from rulekit.mtg.engine.select import ANY, Key
from rulekit.mtg.vocab import COLORS

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import Obj
    from rulekit.mtg.model import EffectSpec

_COLOR_ORDER = {c: i for i, c in enumerate(COLORS)}


class ColorPart(LayerPart):
    """105.3: set the colours, add colours, or make colourless (colours kept in WUBRG order)."""

    sub = "color"
    rule = "613.1e, 105.3"
    shows = ("colors",)
    snapshot = ("colors",)
    shared = ("colors",)

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        if spec.color_set is not None:
            return frozenset({("colors", ANY)})
        return frozenset(("colors", c) for c in spec.color_add)

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        colors = obj.colors if spec.color_set is None else tuple(spec.color_set)
        colors = add_words(colors, spec.color_add)
        obj.colors = tuple(sorted(colors, key=lambda c: _COLOR_ORDER.get(c, 9)))
