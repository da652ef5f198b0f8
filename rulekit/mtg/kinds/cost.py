"""601.2f, 613.11: "<affects> cost {N} more / less to cast" (``rules: {cost: {add: 1}}`` or
``{add: -1}`` with ``affects:`` naming spells)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Kind, Make, Path_, Rules

#: the largest generic amount a cost change may add or remove (an untrusted number stays small)
COST_CHANGE_MAX = 99


class CostChange(BaseModel):
    """601.2f: "spells cost {1} more to cast" (``add: 1``), "cost {1} less" (``add: -1``)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)
    add: StrictInt = Field(ge=-COST_CHANGE_MAX, le=COST_CHANGE_MAX)


class Cost(Kind):
    """The rules hold each spell's net generic change; its mana value does not change."""

    name = "cost"
    section = "rules"
    fields = {"cost": (CostChange | None, None)}
    sublayer = "rules"
    order = 50
    rule = "601.2f, 613.11"
    forms = (
        '`{cost: {add: 1}}` / `{cost: {add: -1}}` with `affects:` naming spells ("noncreature spells cost '
        '{1} more to cast", "creature spells you cast cost {1} less" is `creature spells you control`; the '
        "rules hold each spell's net generic change, at most 99 either way; its mana value does not change)"
    )
    examples = ({"cost": {"add": 1}}, {"cost": {"add": -1}})

    def present(self, section: Mapping[str, Any]) -> bool:
        return section.get("cost") is not None

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return int(section["cost"]["add"])

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        affects = checks.effect.get("affects")
        if section.get("cost") is not None and affects is not None:
            checks.spells((*path[:-1], "affects"), str(affects))

    def names_objects(self, value: Any, named: bool) -> bool:
        return True

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        rules.touched = rules.affected
        costs = rules.rules.setdefault("cost_change", {})
        for oid in rules.affected:
            old = costs.get(oid, 0)
            if value:
                costs[oid] = old + value
                rules.change(f"cost_change.{oid}", old, costs[oid])


register(Cost())
