"""613.11: a requirement on objects ("attacks each combat if able": ``rules: {requirement: ...}``
with ``affects:``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Kind, Make, Rules


class Requirement(Kind):
    """The objects it names get the requirement (once each), as they are now (611.2c)."""

    name = "requirement"
    section = "rules"
    fields = {"requirement": (str | None, None)}
    sublayer = "rules"
    order = 20
    rule = "613.11"
    forms = "`{requirement: attacks each combat if able}` (with `affects:` for objects)"
    examples = ({"requirement": "attacks each combat if able"},)

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return str(section["requirement"])

    def names_objects(self, value: Any, named: bool) -> bool:
        return True

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        rules.touched = rules.affected
        reqs = rules.rules.setdefault("requirements", {})
        for oid in rules.affected:
            old = tuple(reqs.get(oid, ()))
            if value not in old:
                reqs[oid] = (*old, value)
                rules.change(f"requirements.{oid}", old, reqs[oid])


register(Requirement())
