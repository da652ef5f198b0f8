"""613.1d, 205.1b: "<affected> is a <subtype>" replacing its subtypes of that kind
(``type: {set_subtypes: [Swamp]}``); 305.7: a land's basic land type set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, strs
from rulekit.mtg.vocab import BASIC_LAND_TYPES, subtype_family

#: its subtypes; 305.7: the land's abilities from rules text go, its new types' come (305.6)
_WRITES: frozenset[Key] = frozenset({("subtypes", ANY), ("abilities-", ANY), ("abilities+", ANY)})
#: 305.7 applies only to lands
LAND: frozenset[Key] = frozenset({("types", "Land")})


def set_basic_land_type(obj: Any, new_land_types: tuple[str, ...]) -> None:
    """305.7: setting a land's subtype to basic land types removes its old land types and every
    ability from its rules text, old land types and copy effects, and gives it the new types'
    intrinsic mana abilities; its supertypes (nonbasic, legendary) do not change.
    (Abilities granted by other effects come in layer 6, after this.)"""
    obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "land") + tuple(new_land_types)
    obj.abilities = ()
    obj.sync_intrinsic()


class SetSubtypes(Kind):
    """205.1b: a new subtype replaces the old subtypes of its kind (a creature type the creature
    types, "all creature types" included); on a land, basic land types follow 305.7."""

    name = "set_subtypes"
    section = "type"
    fields = {"set_subtypes": (list[str] | None, None)}
    sublayer = "type"
    order = 20
    rule = "613.1d, 205.1b, 305.7"
    forms = (
        "`set_subtypes: [...]` (replaces subtypes of the same kind; basic land types on a land follow "
        "**305.7**: old land types and all abilities from rules text go, the intrinsic mana abilities "
        "of the new types come, supertypes stay)"
    )
    examples = ({"set_subtypes": ["Swamp"]}, {"set_subtypes": ["Island"]}, {"set_subtypes": ["Goblin"]})

    def present(self, section: Mapping[str, Any]) -> bool:
        return section.get("set_subtypes") is not None

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section["set_subtypes"])

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("set_subtypes"):
            checks.words((*path, "set_subtypes"), section["set_subtypes"], "subtypes")

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def decision_inputs(self, value: Any) -> frozenset[Key]:
        return LAND

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        new = tuple(value)
        families = {subtype_family(s) for s in new}
        land_basic = tuple(s for s in new if s in BASIC_LAND_TYPES)
        if (
            "Land" in obj.types
            and land_basic
            and all(s in BASIC_LAND_TYPES for s in new if subtype_family(s) == "land")
        ):
            set_basic_land_type(obj, tuple(s for s in new if subtype_family(s) == "land"))
            new = tuple(s for s in new if subtype_family(s) != "land")
            families.discard("land")
        kept = tuple(s for s in obj.subtypes if subtype_family(s) not in families)
        obj.subtypes = kept + tuple(s for s in new if s not in kept)
        if "creature" in families:
            obj.all_types = False


register(SetSubtypes())
