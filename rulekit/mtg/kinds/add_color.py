"""613.1e, 105.3: "<affected> is <colour> in addition to its other colours" (``color: {add: [blue]}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Key, Kind, Make, Path_, add_words, strs


class AddColor(Kind):
    """These colours are added to those it has."""

    name = "add_color"
    section = "color"
    fields = {"add": (list[str], [])}
    sublayer = "color"
    order = 20
    rule = "613.1e, 105.3"
    forms = "`add: [blue]`"
    examples = ({"add": ["blue"]}, {"add": ["red", "black"]})

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("add"))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("add"):
            checks.words((*path, "add"), section["add"], "colors")

    def writes(self, value: Any) -> frozenset[Key]:
        return frozenset(("colors", c) for c in value)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.colors = add_words(obj.colors, value)


register(AddColor())
