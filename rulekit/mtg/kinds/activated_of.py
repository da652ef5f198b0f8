"""602.1, 613.1f: "<affected> has all activated abilities of <selector>" (Necrotic Ooze:
``abilities: {activated_of: creature cards in all graveyards}``), re-read in layer 6 as those
objects are then."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Game, Key, Kind, Make, Path_, read_keys
from rulekit.mtg.kinds.granting import grant, is_activated
from rulekit.mtg.selectors import parse_selector

_WRITES: frozenset[Key] = frozenset({("abilities+", ANY)})


class ActivatedOf(Kind):
    """The activated abilities ("[cost]: [effect]", 602.1) the selector's objects have when layer 6
    applies: an earlier layer-6 effect on those objects changes what it gives, so it depends on that
    effect (613.8a)."""

    name = "activated_of"
    section = "abilities"
    fields = {"activated_of": (str | None, None)}
    sublayer = "abilities"
    order = 50
    rule = "602.1, 613.1f"
    forms = (
        '`activated_of: <selector>` ("has all activated abilities of <selector>": the activated abilities '
        '— "[cost]: [effect]", 602.1 — the selector\'s objects have when layer 6 applies, so an earlier '
        "layer-6 effect on those objects changes what it gives and it depends on that effect; Necrotic "
        "Ooze: `{affects: this, abilities: {activated_of: creature cards in all graveyards}}`)"
    )
    examples = (
        {"activated_of": "creature cards in all graveyards"},
        {"activated_of": "creatures"},
        {"activated_of": "artifacts you control"},
    )

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return parse_selector(str(section["activated_of"]))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("activated_of"):
            checks.selector((*path, "activated_of"), str(section["activated_of"]))

    def writes(self, value: Any) -> frozenset[Key]:
        return _WRITES

    def reads(self, value: Any) -> frozenset[Key]:
        """What the selector reads, where objects are, and those objects' abilities."""
        return read_keys(value.characteristics | {("abilities", ANY), ("zone", ANY)})

    def params_vary(self, value: Any) -> bool:
        return True

    def uses_params(self, value: Any) -> bool:
        return True

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        """The activated abilities the selector's objects have now (their texts, in listing
        order, once each), not counting the object itself."""
        out: list[Any] = []
        for other in game.objects(value):
            if other.id == obj.id:
                continue
            for a in other.abilities:
                if is_activated(a) and all(b.text != a.text for b in out):
                    out.append(a)
        return tuple(out)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for ab in param or ():
            grant(obj, ab, eff)


register(ActivatedOf())
