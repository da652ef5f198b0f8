"""613.1d, 205.1: "<affected> is a <card type>", replacing its card types
(``type: {set_types: [Artifact]}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, strs

#: its card types; 205.1a: the subtypes that go with the old ones go too, and a land's intrinsic
#: abilities with its land types (305.6), which a new basic land type would bring back
_WRITES: frozenset[Key] = frozenset(
    {("types", ANY), ("subtypes", ANY), ("abilities-", ANY), ("abilities+", ANY)}
)


class SetTypes(Kind):
    """Its card types become these (its subtypes that no longer go with them go, 205.1a, by the
    layer part after every kind)."""

    name = "set_types"
    section = "type"
    fields = {"set_types": (list[str] | None, None)}
    sublayer = "type"
    order = 10
    rule = "613.1d, 205.1a"
    forms = "`set_types: [...]` (replaces card types)"
    examples = ({"set_types": ["Artifact"]}, {"set_types": ["Enchantment"]}, {"set_types": ["Land"]})

    def present(self, section: Mapping[str, Any]) -> bool:
        return section.get("set_types") is not None

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section["set_types"])

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("set_types"):
            checks.words((*path, "set_types"), section["set_types"], "types")

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.types = tuple(value)


register(SetTypes())
