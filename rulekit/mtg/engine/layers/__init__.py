"""One class per layer part (613.1-613.4, 613.10, 613.11), in application order.

``PARTS[sub]`` is the :class:`~rulekit.mtg.engine.layers.base.LayerPart` of an internal sublayer
id (:data:`rulekit.mtg.model.SUBLAYERS`): copy and face-down (layer 1, :mod:`.copy`), control
(2, :mod:`.control`), text (3, :mod:`.text`), type (4, :mod:`.type`), colour (5, :mod:`.color`),
abilities (6, :mod:`.abilities`), the P/T sublayers (7, :mod:`.pt`), players and rules
(:mod:`.players`). To change what one layer does, open its module.
"""

from __future__ import annotations

from rulekit.mtg.engine.layers.abilities import AbilitiesPart
from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.layers.color import ColorPart
from rulekit.mtg.engine.layers.control import ControlPart
from rulekit.mtg.engine.layers.copy import CopyPart, FaceDownPart
from rulekit.mtg.engine.layers.players import PlayersPart, RulesPart
from rulekit.mtg.engine.layers.pt import CountersPart, PtCdaPart, PtModifyPart, PtSetPart, SwitchPart
from rulekit.mtg.engine.layers.text import TextPart
from rulekit.mtg.engine.layers.type import TypePart
from rulekit.mtg.model import SUBLAYERS

PARTS: dict[str, LayerPart] = {
    p.sub: p
    for p in (
        CopyPart(),
        FaceDownPart(),
        ControlPart(),
        TextPart(),
        TypePart(),
        ColorPart(),
        AbilitiesPart(),
        PtCdaPart(),
        PtSetPart(),
        PtModifyPart(),
        CountersPart(),
        SwitchPart(),
        PlayersPart(),
        RulesPart(),
    )
}
if tuple(PARTS) != SUBLAYERS:  # one class per sublayer, in order
    raise TypeError("rulekit.mtg.engine.layers.PARTS must follow rulekit.mtg.model.SUBLAYERS")

__all__ = ["PARTS", "LayerPart"]
