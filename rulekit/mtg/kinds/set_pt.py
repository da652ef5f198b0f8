"""613.4b: "<affected> has base power and toughness N/M" (``set_pt: {power: N, toughness: M}``);
in a characteristic-defining ability (``cda: {set_pt: ...}``) layer 7a, 613.4a, 604.3."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.pt_numbers import PtNumbers


class SetPt(PtNumbers):
    """Power and/or toughness set to a number phrase's value (either may be left out): its
    parameters are the values for each object, read before anything changes; a CDA's part adds
    them to a number printed beside the star (208.2, :class:`rulekit.mtg.engine.layers.pt.PtCdaPart`)."""

    name = "set_pt"
    section = "set_pt"
    fields = {"power": (int | str | None, None), "toughness": (int | str | None, None)}
    sublayer = "pt_set"
    order = 10
    rule = "613.4b, 613.4a"
    forms = (
        "`{power: <expr>, toughness: <expr>}` (either may be omitted); inside `cda:` it is layer 7a "
        "(604.3), its value added to a number printed beside the star (208.2)"
    )
    examples = ({"power": 0, "toughness": 1}, {"power": "number of creatures you control"}, {"toughness": 4})

    def sublayer_for(self, cda: bool) -> str:
        return "pt_cda" if cda else "pt_set"

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        p, t = param
        if p is not None:
            obj.power = p
        if t is not None:
            obj.toughness = t


register(SetPt())
