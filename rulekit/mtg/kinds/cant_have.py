"""613.1f: "<affected> can't have <abilities>" (``abilities: {cant_have: [...]}``): it wins
regardless of order (the layer part takes them away again after every kind has applied)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Key, Kind, Make, add_words, strs

_WRITES: frozenset[Key] = frozenset({("abilities-", ANY)})


class CantHave(Kind):
    """The object can't have the abilities it names: they go, and none is granted later."""

    name = "cant_have"
    section = "abilities"
    fields = {"cant_have": (list[str], [])}
    sublayer = "abilities"
    order = 30
    rule = "613.1f"
    forms = "`cant_have: [Hexproof]`"
    examples = ({"cant_have": ["Hexproof", "Flying"]},)

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("cant_have"))

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.cant_have = add_words(obj.cant_have, value)


register(CantHave())
