"""Layer 6: ability-adding and ability-removing effects (613.1f), "loses all abilities except
mana abilities" (605.1a) and "has all activated abilities of <selector>" (602.1, re-read in
layer 6 as those objects are then: Necrotic Ooze). Each is an effect kind, one record in
:mod:`rulekit.mtg.kinds` (``add_abilities``, ``remove_abilities``, ``remove_all_abilities``,
``cant_have``, ``activated_of``); the part applies them in order and holds what the layer itself
says: "can't have" wins regardless of order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.kinds.granting import is_activated, is_mana_ability, same_ability

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import Obj


class AbilitiesPart(KindsPart):
    """613.1f: add, remove, remove all; "can't have" wins regardless of order. A granted ability
    remembers its granter's timestamp (613.7a, :func:`rulekit.mtg.engine.timestamps.static_timestamp`)."""

    sub = "abilities"
    rule = "613.1f"
    shows = ("abilities",)
    snapshot = ("abilities",)
    sig_neutral = True
    shared = ("abilities", "cant_have")

    def shared_key(self, values: Any) -> Any:
        return (id(values[0]), values[1])

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Each kind in its order (:mod:`rulekit.mtg.kinds`: ``remove_all_abilities``,
        ``remove_abilities``, ``cant_have``, ``add_abilities``, ``activated_of``...); then what the
        object can't have goes, whatever added it (613.1f)."""
        super().apply(eff, obj, param)
        if obj.cant_have:
            obj.abilities = tuple(
                a for a in obj.abilities if not any(same_ability(a, w) for w in obj.cant_have)
            )


__all__ = ["AbilitiesPart", "is_activated", "is_mana_ability", "same_ability"]
