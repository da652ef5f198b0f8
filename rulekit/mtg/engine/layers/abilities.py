"""Layer 6: ability-adding and ability-removing effects (613.1f)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart, add_words
from rulekit.mtg.engine.select import ANY, Key

if TYPE_CHECKING:
    from rulekit.mtg.engine.effects import Eff
    from rulekit.mtg.engine.state import Obj
    from rulekit.mtg.model import Ability, EffectSpec


def same_ability(a: Ability, word: str) -> bool:
    """Whether an ability is the one a word names (its text, a final full stop aside)."""
    w = word.lower()
    return a.text.lower() == w or a.text.lower().rstrip(".") == w.rstrip(".")


class AbilitiesPart(LayerPart):
    """613.1f: add, remove, remove all; "can't have" wins regardless of order. A granted ability
    remembers its granter's timestamp (613.7a, :func:`rulekit.mtg.engine.timestamps.static_timestamp`)."""

    sub = "abilities"
    rule = "613.1f"
    shows = ("abilities",)
    snapshot = ("abilities",)
    sig_neutral = True
    shared = ("abilities", "cant_have")

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        w: set[Key] = set()
        if spec.ab_remove or spec.ab_remove_all or spec.ab_cant_have:
            w.add(("abilities-", ANY))
        if spec.ab_add:
            w.add(("abilities+", ANY))
        return frozenset(w)

    def shared_key(self, values: Any) -> Any:
        return (id(values[0]), values[1])

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        if spec.ab_remove_all:
            obj.abilities = ()
        if spec.ab_remove:
            obj.abilities = tuple(
                a for a in obj.abilities if not any(same_ability(a, w) for w in spec.ab_remove)
            )
        if spec.ab_cant_have:
            obj.cant_have = add_words(obj.cant_have, spec.ab_cant_have)
        for ab in spec.ab_add:
            if any(same_ability(ab, w) for w in obj.cant_have):
                continue
            if any(a.text == ab.text and a.granted_by == eff.id for a in obj.abilities):
                continue
            granted = replace(ab, granted_ts=eff.timestamp, granted_by=eff.id, key=ab.key or f"from-{eff.id}")
            obj.abilities = obj.abilities + (granted,)
        if obj.cant_have:
            obj.abilities = tuple(
                a for a in obj.abilities if not any(same_ability(a, w) for w in obj.cant_have)
            )
