"""613.4c: "<affected> gets +N/+M" (``modify_pt: {power: N, toughness: M}``), without setting it;
a permanent's power/toughness counters are written as such an effect in the current edition."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.pt_numbers import PtNumbers


class ModifyPt(PtNumbers):
    """Power and/or toughness raised or lowered by a number phrase's value (a missing one by 0)."""

    name = "modify_pt"
    section = "modify_pt"
    fields = {"power": (int | str | None, None), "toughness": (int | str | None, None)}
    sublayer = "pt_modify"
    order = 10
    rule = "613.4c"
    forms = (
        "`{power: <expr>, toughness: <expr>}`, e.g. `{power: 1, toughness: 1}` or "
        "`{power: -1, toughness: -1}`"
    )
    missing = 0
    examples = (
        {"power": 1, "toughness": 1},
        {"power": -1, "toughness": -1},
        {"power": "number of Forests you control", "toughness": 0},
        {"power": 2},
    )

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        dp, dt = param
        obj.power = (obj.power or 0) + dp
        obj.toughness = (obj.toughness or 0) + dt


register(ModifyPt())
