"""What the P/T kinds that take two number phrases share (613.4b, 613.4c): ``{power: <expr>,
toughness: <expr>}``, either left out, each a number phrase read for each object before anything
changes; they write power and toughness. A helper, no kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.expressions import parse_expr
from rulekit.mtg.kinds.base import Checks, Game, Key, Kind, Make, Path_, read_keys

#: what every P/T kind writes
PT_WRITES: frozenset[Key] = frozenset({("pt", "*")})


class PtNumbers(Kind):
    """A kind whose section is a power and a toughness number phrase. A subclass says what a
    missing one is for each object (:attr:`missing`) and how the values change the object
    (:meth:`apply`)."""

    numbers = ("power", "toughness")
    #: the parameter of a number phrase left out (``None``: not set; ``0``: changed by nothing)
    missing: int | None = None

    def present(self, section: Any) -> bool:
        return True  # an empty section still makes its (empty) part, as it always did

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        """``(power, toughness)`` as number phrases (``None``: left out)."""
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
        return tuple(game.number(e, obj) if e else self.missing for e in value)
