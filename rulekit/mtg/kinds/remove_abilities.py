"""613.1f: "<affected> loses <abilities>" (``abilities: {remove: [...]}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Key, Kind, Make, strs
from rulekit.mtg.kinds.granting import same_ability

_WRITES: frozenset[Key] = frozenset({("abilities-", ANY)})


class RemoveAbilities(Kind):
    """The abilities a word names are removed (their text, a final full stop aside)."""

    name = "remove_abilities"
    section = "abilities"
    fields = {"remove": (list[str], [])}
    sublayer = "abilities"
    order = 20
    rule = "613.1f"
    forms = "`remove: [Flying]`"
    examples = ({"remove": ["Flying"]},)

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("remove"))

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.abilities = tuple(a for a in obj.abilities if not any(same_ability(a, w) for w in value))


register(RemoveAbilities())
