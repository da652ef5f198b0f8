"""613.1f: "<affected> loses all abilities" (``abilities: {remove_all: true}``), and "loses all
abilities except mana abilities" (``keep: mana abilities``, 605.1a)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rulekit.errors import N_
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_
from rulekit.mtg.kinds.granting import is_mana_ability

_WRITES: frozenset[Key] = frozenset({("abilities-", ANY)})


class RemoveAllAbilities(Kind):
    """Every ability goes; with ``keep: mana abilities`` (605.1a) an activated ability whose effect
    adds mana and has no target, and a basic land type's intrinsic one, stay."""

    name = "remove_all_abilities"
    section = "abilities"
    fields = {"remove_all": (bool, False), "keep": (Literal["mana abilities"] | None, None)}
    sublayer = "abilities"
    order = 10
    rule = "613.1f, 605.1a"
    forms = (
        '`remove_all: true` (with `keep: mana abilities`: "loses all abilities except mana abilities", '
        "605.1a: an activated ability whose effect adds mana and has no target, and a basic land type's "
        "intrinsic one)"
    )
    examples = ({"remove_all": True}, {"remove_all": True, "keep": "mana abilities"})

    def present(self, section: Mapping[str, Any]) -> bool:
        return bool(section.get("remove_all"))

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        """The test of the abilities it keeps (``None``: none)."""
        return is_mana_ability if section.get("keep") == "mana abilities" else None

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("keep") and not section.get("remove_all"):
            checks.refuse((*path, "keep"), N_("'keep' goes with 'remove_all: true'"), {})

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.abilities = tuple(a for a in obj.abilities if value is not None and value(a))


register(RemoveAllAbilities())
