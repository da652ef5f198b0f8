"""613.1d, 205.1a: "<affected> loses all creature types" (``type: {remove_all_creature_types: true}``)."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Key, Kind
from rulekit.mtg.vocab import subtype_family

_WRITES: frozenset[Key] = frozenset({("subtypes", ANY), ("abilities+", ANY)})


class RemoveAllCreatureTypes(Kind):
    """Its creature types go, "every creature type" too."""

    name = "remove_all_creature_types"
    section = "type"
    fields = {"remove_all_creature_types": (bool, False)}
    sublayer = "type"
    order = 60
    rule = "613.1d"
    forms = "`remove_all_creature_types: true`"
    examples = ({"remove_all_creature_types": True},)

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.all_types = False
        obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "creature")


register(RemoveAllCreatureTypes())
