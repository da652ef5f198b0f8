"""613.4b: "<affected> has base power and toughness N/M" (``set_pt: {power: N, toughness: M}``);
in a characteristic-defining ability (``cda: {set_pt: ...}``) layer 7a, 613.4a, 604.3."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.expressions import parse_expr
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Game, Key, Kind, Make, Path_, read_keys

PT_WRITES: frozenset[Key] = frozenset({("pt", "*")})


class SetPt(Kind):
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
    numbers = ("power", "toughness")
    examples = ({"power": 0, "toughness": 1}, {"power": "number of creatures you control"}, {"toughness": 4})

    def sublayer_for(self, cda: bool) -> str:
        return "pt_cda" if cda else "pt_set"

    def present(self, section: Any) -> bool:
        return True  # "set_pt: {}" still makes its (empty) part, as it always did

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        """``(power, toughness)`` as number phrases (``None``: not set)."""
        return tuple(
            parse_expr(section[f]) if section.get(f) is not None else None for f in ("power", "toughness")
        )

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        for f in ("power", "toughness"):
            if section.get(f) is not None:
                checks.number((*path, f), section[f])

    def writes(self, value: Any) -> frozenset[Key]:
        return PT_WRITES

    def reads(self, value: Any) -> frozenset[Key]:
        out: frozenset[Key] = frozenset()
        for e in self.exprs(value):
            out |= read_keys(e.characteristics)
        return out

    def exprs(self, value: Any) -> tuple[Any, ...]:
        return tuple(e for e in value if e)

    def params_vary(self, value: Any) -> bool:
        return any(not e.constant for e in self.exprs(value))

    def uses_params(self, value: Any) -> bool:
        return True

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        return tuple(game.number(e, obj) if e else None for e in value)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        p, t = param
        if p is not None:
            obj.power = p
        if t is not None:
            obj.toughness = t


register(SetPt())
