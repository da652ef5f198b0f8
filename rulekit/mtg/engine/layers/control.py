"""Layer 2: control-changing effects (613.1b): the ``control`` kind
(:mod:`rulekit.mtg.kinds.control`)."""

from __future__ import annotations

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.kinds.control import CONTROLLER


class ControlPart(KindsPart):
    """613.1b: the object's controller becomes the player the effect names (``you``, a player,
    ``controller of X``; ``its owner`` gives it back)."""

    sub = "control"
    rule = "613.1b"
    shows = ("controller",)
    snapshot = ("controller",)
    has_params = True


__all__ = ["CONTROLLER", "ControlPart"]
