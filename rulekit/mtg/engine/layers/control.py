"""Layer 2: control-changing effects (613.1b)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import ANY, Key, resolve_player

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import EffectSpec

CONTROLLER: frozenset[Key] = frozenset({("controller", ANY)})


class ControlPart(LayerPart):
    """613.1b: the object's controller becomes the player the effect names (``you``, a player,
    ``controller of X``; ``its owner`` gives it back)."""

    sub = "control"
    rule = "613.1b"
    shows = ("controller",)
    snapshot = ("controller",)
    has_params = True

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return CONTROLLER

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        """ "you" (a static ability's controller, after this layer) and "controller of X" read a
        controller; a player named outright and "its owner" read none."""
        word = (spec.control or "").lower()
        return CONTROLLER if word == "you" or word.startswith("controller of ") else frozenset()

    def reads_resolved(self, spec: EffectSpec) -> frozenset[Key]:
        """A resolved effect's "you" is fixed: only "controller of X" reads a controller."""
        word = (spec.control or "").lower()
        return CONTROLLER if word.startswith("controller of ") else frozenset()

    def params_vary(self, spec: EffectSpec) -> bool:
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        spec = eff.spec
        assert spec is not None and spec.control is not None
        return resolve_player(spec.control, ctx, state) or obj.owner

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        obj.controller = param
