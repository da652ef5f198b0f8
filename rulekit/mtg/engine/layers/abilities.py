"""Layer 6: ability-adding and ability-removing effects (613.1f), "loses all abilities except
mana abilities" (605.1a) and "has all activated abilities of <selector>" (602.1, re-read in
layer 6 as those objects are then: Necrotic Ooze)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.engine.layers.base import LayerPart, add_words
from rulekit.mtg.engine.select import ANY, Key, read_keys, select

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import Ability, EffectSpec

_ADDS_MANA = re.compile(r"\badd\b", re.I)


def is_activated(a: Ability) -> bool:
    """602.1: an activated ability is written "[Cost]: [Effect.]": a colon outside any quoted
    ability, in an ability that is not a keyword and does not trigger ("When", "Whenever", "At");
    and a keyword ability that 702 defines as an activated ability (Equip 702.6a, Cycling 702.29a,
    Unearth 702.84a..., :data:`rulekit.mtg.vocab.ACTIVATED_KEYWORDS`), bare or with reminder text."""
    return a.activated


def is_mana_ability(a: Ability) -> bool:
    """605.1a: an activated ability that could add mana, with no target (and not a loyalty
    ability: those have no "{" cost here)."""
    if a.kind == AbilityKind.INTRINSIC:
        return True
    if not is_activated(a):
        return False
    cost, _, effect = a.text.partition(":")
    return bool(_ADDS_MANA.search(effect)) and "target" not in effect.lower() and "{" in cost


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
        if spec.ab_add or spec.ab_activated_of is not None:
            w.add(("abilities+", ANY))
        return frozenset(w)

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        """ "Has all activated abilities of <selector>" reads what the selector reads, where
        objects are, and those objects' abilities."""
        if spec.ab_activated_of is None:
            return frozenset()
        chars = spec.ab_activated_of.characteristics | {("abilities", ANY), ("zone", ANY)}
        return read_keys(chars)

    def params_vary(self, spec: EffectSpec) -> bool:
        return spec.ab_activated_of is not None

    def uses_params(self, spec: EffectSpec | None) -> bool:
        return spec is not None and spec.ab_activated_of is not None

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """The activated abilities the selector's objects have now (their texts, in listing
        order, once each), not counting the object itself."""
        spec = eff.spec
        if spec is None or spec.ab_activated_of is None:
            return None
        out: list[Ability] = []
        for oid in select(spec.ab_activated_of, state, ctx):
            if oid == obj.id:
                continue
            for a in state.objs[oid].abilities:
                if is_activated(a) and all(b.text != a.text for b in out):
                    out.append(a)
        return tuple(out)

    def shared_key(self, values: Any) -> Any:
        return (id(values[0]), values[1])

    def by_text(self, spec: EffectSpec | None) -> bool:
        """A granted ability carries its granter's id and timestamp (613.7a): an effect that
        grants abilities does something only it does."""
        return spec is None or not spec.ab_add

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        if spec.ab_remove_all:
            keep = is_mana_ability if spec.ab_keep == "mana abilities" else None
            obj.abilities = tuple(a for a in obj.abilities if keep is not None and keep(a))
        if spec.ab_remove:
            obj.abilities = tuple(
                a for a in obj.abilities if not any(same_ability(a, w) for w in spec.ab_remove)
            )
        if spec.ab_cant_have:
            obj.cant_have = add_words(obj.cant_have, spec.ab_cant_have)
        gained = tuple(param or ())
        for ab in (*spec.ab_add, *gained):
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
