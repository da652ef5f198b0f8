"""613.4c: "<affected> gets +N/+M" (``modify_pt: {power: N, toughness: M}``), without setting it;
a permanent's power/toughness counters are written as such an effect in the current edition."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.expressions import parse_expr
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Game, Key, Kind, Make, Path_, read_keys

PT_WRITES: frozenset[Key] = frozenset({("pt", "*")})


class ModifyPt(Kind):
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
    numbers = ("power", "toughness")
    examples = (
        {"power": 1, "toughness": 1},
        {"power": -1, "toughness": -1},
        {"power": "number of Forests you control", "toughness": 0},
        {"power": 2},
    )

    def present(self, section: Any) -> bool:
        return True  # "modify_pt: {}" still makes its (empty) part, as it always did

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        """``(power, toughness)`` as number phrases (``None``: not changed)."""
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
        return tuple(game.number(e, obj) if e else 0 for e in value)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        dp, dt = param
        obj.power = (obj.power or 0) + dp
        obj.toughness = (obj.toughness or 0) + dt


register(ModifyPt())
