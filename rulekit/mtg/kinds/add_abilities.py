"""613.1f: "<affected> gains / has <abilities>" (``abilities: {add: [...]}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_
from rulekit.mtg.kinds.granting import grant

_WRITES: frozenset[Key] = frozenset({("abilities+", ANY)})


class AddAbilities(Kind):
    """Abilities added; a granted one may itself be static and act in this same layer (rules-notes
    "Abilities granted in a layer that act in the same layer")."""

    name = "add_abilities"
    section = "abilities"
    fields = {"add": (list[Any], [])}
    sublayer = "abilities"
    order = 40
    rule = "613.1f"
    forms = "`add: [abilities...]` (strings or mappings as in §2, so a granted ability may itself be static)"
    examples = (
        {"add": ["Flying"]},
        {"add": ["Hexproof"]},
        {"add": ["{T}: Add {G}."]},
        {"add": ["Cycling {2}"]},
        {"add": ["Equip {1}"]},
        {
            "add": [
                {
                    "text": "Other creatures you control get +1/+1.",
                    "static": {
                        "affects": "other creatures you control",
                        "modify_pt": {"power": 1, "toughness": 1},
                    },
                }
            ]
        },
        {
            "add": [
                {"text": "This has flying.", "static": {"affects": "this", "abilities": {"add": ["Flying"]}}}
            ]
        },
    )

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return tuple(make.ability(x) for x in (section.get("add") or ()))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        for i, item in enumerate(section.get("add") or ()):
            checks.granted((*path, "add", i), item)

    def check_written(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        for i, item in enumerate(section.get("add") or ()):
            if not isinstance(item, str):
                checks.ability((*path, "add", i), item)

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def by_text(self, value: Any) -> bool:
        """A granted ability carries its granter's id and timestamp (613.7a): an effect that
        grants abilities does something only it does."""
        return False

    def grants(self, value: Any) -> tuple[Any, ...]:
        return tuple(value)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for ab in value:
            grant(obj, ab, eff)


register(AddAbilities())
