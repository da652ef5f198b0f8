"""613.1e, 105.3: "<affected> is <colours>" (``color: {set: [green]}``), and "is colourless"
(``color: {set: []}``, or ``color: colorless``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, strs

_WRITES: frozenset[Key] = frozenset({("colors", ANY)})


class SetColor(Kind):
    """Its colours become these, whatever they were (none: colourless)."""

    name = "set_color"
    section = "color"
    fields = {"set": (list[str] | None, None)}
    shorthands = ("colorless",)
    sublayer = "color"
    order = 10
    rule = "613.1e, 105.3"
    forms = "`set: [green]`; `set: []` or `color: colorless` (colourless)"
    examples = ({"set": ["green"]}, {"set": []}, {"set": ["white", "blue"]})

    def read_shorthand(self, text: str) -> Mapping[str, Any] | None:
        return {"set": []} if text == "colorless" else {"set": [text]}

    def present(self, section: Mapping[str, Any]) -> bool:
        return section.get("set") is not None  # "set: []" is colourless

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section["set"])

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("set"):
            checks.words((*path, "set"), section["set"], "colors")

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.colors = tuple(value)


register(SetColor())
