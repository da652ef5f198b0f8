"""612.6, 613.1c: "<affected> has the full text of <object>" (``full_text: <selector naming one
object>``): the first object the selector names, as it is when layer 3 applies."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Game, Key, Kind, Make, Path_
from rulekit.mtg.selectors import parse_selector

EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})
#: 612.6: what "the full text" of an object is: its name, mana cost (mana value, colour), type line,
#: rules text, power, toughness and loyalty, as they are when layer 3 applies
FULL_TEXT = (
    "name",
    "mana_value",
    "colors",
    "types",
    "subtypes",
    "supertypes",
    "abilities",
    "power",
    "toughness",
    "loyalty",
)


class FullText(Kind):
    """The other object's full text replaces its own; the abilities it then has generate its own
    effects (they get their own ids)."""

    name = "full_text"
    section = "full_text"
    fields = {"": (str | None, None)}
    sublayer = "text"
    order = 10
    rule = "612.6, 613.1c"
    forms = (
        '`<selector naming one object>` (612.6 "has the full text of"): the object gets that object\'s '
        "name, mana value, colours, type line, abilities, power, toughness and loyalty as they are when "
        "layer 3 applies; its new abilities generate its own effects. Example: "
        '`{affects: this, full_text: "{chosen object}"}`'
    )
    examples = ({"": "creatures"},)

    def build(self, section: Any, make: Make) -> Any:
        return parse_selector(str(section))

    def check(self, section: Any, path: Path_, checks: Checks) -> None:
        if section:
            checks.selector(path, str(section))

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def reads(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def keeps_signature(self, value: Any) -> bool:
        return False

    def params_vary(self, value: Any) -> bool:
        return True

    def uses_params(self, value: Any) -> bool:
        return True

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        """The full text of the first object the selector names (not the object itself)."""
        others = [o for o in game.objects(value) if o.id != obj.id]
        if not others:
            return None
        other = others[0]
        return tuple(getattr(other, name) for name in FULL_TEXT) + (other.all_types,)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        if param is None:
            return
        for name, v in zip((*FULL_TEXT, "all_types"), param, strict=True):
            setattr(obj, name, v)
        obj.abilities = tuple(
            replace(a, key=f"{a.key}-text" if a.key else "text") if a.generates else a for a in obj.abilities
        )


register(FullText())
