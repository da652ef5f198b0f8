"""What the layer-6 kinds share (613.1f): which ability a word names, mana abilities (605.1a) and
granting one ability to an object (613.7a: it remembers its granter). A helper, no kind."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rulekit.mtg.codes import AbilityKind

_ADDS_MANA = re.compile(r"\badd\b", re.I)


def is_activated(a: Any) -> bool:
    """602.1: an activated ability is written "[Cost]: [Effect.]": a colon outside any quoted
    ability, in an ability that is not a keyword and does not trigger ("When", "Whenever", "At");
    and a keyword ability that 702 defines as an activated ability (Equip 702.6a, Cycling 702.29a,
    Unearth 702.84a..., :data:`rulekit.mtg.vocab.ACTIVATED_KEYWORDS`), bare or with reminder text
    (:attr:`rulekit.mtg.model.Ability.activated`)."""
    return bool(a.activated)


def is_mana_ability(a: Any) -> bool:
    """605.1a: an activated ability that could add mana, with no target (and not a loyalty
    ability: those have no "{" cost here)."""
    if a.kind == AbilityKind.INTRINSIC:
        return True
    if not is_activated(a):
        return False
    cost, _, effect = a.text.partition(":")
    return bool(_ADDS_MANA.search(effect)) and "target" not in effect.lower() and "{" in cost


def same_ability(a: Any, word: str) -> bool:
    """Whether an ability is the one a word names (its text, a final full stop aside)."""
    w = word.lower()
    return bool(a.text.lower() == w or a.text.lower().rstrip(".") == w.rstrip("."))


def grant(obj: Any, ab: Any, eff: Any) -> None:
    """Give ``obj`` the ability ``ab`` from the effect ``eff``: not one it can't have (613.1f, the
    part takes those away again at its end), not twice from one effect; the granted ability
    remembers its granter's id and timestamp (613.7a)."""
    if any(same_ability(ab, w) for w in obj.cant_have):
        return
    if any(a.text == ab.text and a.granted_by == eff.id for a in obj.abilities):
        return
    granted = replace(ab, granted_ts=eff.timestamp, granted_by=eff.id, key=ab.key or f"from-{eff.id}")
    obj.abilities = obj.abilities + (granted,)
