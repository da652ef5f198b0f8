"""615, 613.11: "prevent all [combat] damage that would be dealt [by <affects>]" (``rules:
{prevent_damage: combat}`` or ``all``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Kind, Make, Rules

#: 615: the key of damage prevented whatever its source ("prevent all combat damage that would be
#: dealt this turn" names no source)
EVERY_SOURCE = "*"


class PreventDamage(Kind):
    """The damage each source it names (or :data:`EVERY_SOURCE`) would deal is prevented, ``all``
    covering ``combat``."""

    name = "prevent_damage"
    section = "rules"
    fields = {"prevent_damage": (Literal["all", "combat"] | None, None)}
    sublayer = "rules"
    order = 30
    rule = "615, 613.11"
    forms = (
        '`{prevent_damage: combat}` / `{prevent_damage: all}` ("prevent all combat damage that would be '
        'dealt this turn", Fog, names no source: the rules hold it under `*`; with `affects:` only the '
        'damage those objects would deal: "prevent all damage creatures would deal this turn")'
    )
    examples = ({"prevent_damage": "combat"}, {"prevent_damage": "all"})

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return str(section["prevent_damage"])

    def names_objects(self, value: Any, named: bool) -> bool:
        return named

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        sources = rules.affected or (EVERY_SOURCE,)
        prevented = rules.rules.setdefault("prevent_damage", {})
        for oid in sources:
            old = prevented.get(oid)
            new = "all" if "all" in (old, value) else value
            if new != old:
                prevented[oid] = new
                rules.change(f"prevent_damage.{oid}", old, new)
        rules.touched = sources


register(PreventDamage())
