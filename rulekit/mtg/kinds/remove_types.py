"""613.1d, 205.1: "<affected> isn't a <type>" (``type: {remove: [...]}``): card types, subtypes
and supertypes, each word sorted into its kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, strs
from rulekit.mtg.vocab import BASIC_LAND_TYPES, type_kind


class RemoveTypes(Kind):
    """Each word is taken from its kind; a card type taken away takes the subtypes that went with
    it (205.1a), a basic land type its mana ability (305.6), by the layer part after every kind."""

    name = "remove_types"
    section = "type"
    fields = {"remove": (list[str], [])}
    sublayer = "type"
    order = 40
    rule = "613.1d, 205.1a"
    forms = "`remove: [...]`"
    examples = ({"remove": ["Creature"]}, {"remove": ["Legendary"]})

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("remove"))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("remove"):
            checks.words((*path, "remove"), section["remove"], "any")

    def writes(self, value: Any) -> frozenset[Key]:
        w = {(type_kind(word), word) for word in value}
        if any(type_kind(t) == "types" for t in value):
            w |= {("subtypes", ANY), ("abilities-", ANY), ("abilities+", ANY)}  # 205.1a, 305.6
        if any(t in BASIC_LAND_TYPES for t in value):
            w.add(("abilities-", ANY))  # 305.6: a basic land type taken away takes its mana ability
        return frozenset(w)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for w in value:
            kind = type_kind(w)
            setattr(obj, kind, tuple(x for x in getattr(obj, kind) if x != w))


register(RemoveTypes())
