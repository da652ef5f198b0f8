"""613.1d: "<affected> is every creature type" (changeling's effect,
``type: {all_creature_types: true}``)."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Key, Kind

_WRITES: frozenset[Key] = frozenset({("subtypes", ANY), ("abilities+", ANY)})


class AllCreatureTypes(Kind):
    """It has every creature type (a flag on the object, read by every creature type test)."""

    name = "all_creature_types"
    section = "type"
    fields = {"all_creature_types": (bool, False)}
    sublayer = "type"
    order = 50
    rule = "613.1d"
    forms = "`all_creature_types: true`"
    examples = ({"all_creature_types": True},)

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.all_types = True


register(AllCreatureTypes())
