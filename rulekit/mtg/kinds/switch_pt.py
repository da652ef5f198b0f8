"""613.4e seed / 613.4d current: "switch <affected>'s power and toughness" (``switch_pt: true``)."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Key, Kind
from rulekit.mtg.kinds.pt_numbers import PT_WRITES


class SwitchPt(Kind):
    """Power and toughness switched, as the layers before have made them."""

    name = "switch_pt"
    section = "switch_pt"
    fields = {"": (bool, False)}
    sublayer = "pt_switch"
    order = 10
    rule = "613.4e seed, 613.4d current"
    forms = "`true`"
    examples = ({"": True},)

    def writes(self, value: Any) -> frozenset[Key]:
        return PT_WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.power, obj.toughness = obj.toughness, obj.power


register(SwitchPt())
