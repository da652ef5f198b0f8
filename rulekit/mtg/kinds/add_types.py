"""613.1d, 205.1: "<affected> is a <type> in addition to its other types" (``type: {add: [...]}``):
card types, subtypes and supertypes, each word sorted into its kind."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, add_words, strs
from rulekit.mtg.vocab import BASIC_LAND_TYPES, type_kind


class AddTypes(Kind):
    """Each word is added to its kind (card type, subtype or supertype); a basic land type brings
    its intrinsic mana ability (305.6, by the layer part after every kind)."""

    name = "add_types"
    section = "type"
    fields = {"add": (list[str], [])}
    sublayer = "type"
    order = 30
    rule = "613.1d, 205.1"
    forms = "`add: [...]` (words are sorted into card types / subtypes / supertypes automatically)"
    examples = (
        {"add": ["Artifact"]},
        {"add": ["Creature"]},
        {"add": ["Goblin"]},
        {"add": ["Legendary", "Snow"]},
    )

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("add"))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("add"):
            checks.words((*path, "add"), section["add"], "any")

    def writes(self, value: Any) -> frozenset[Key]:
        w = {(type_kind(word), word) for word in value}
        if any(t in BASIC_LAND_TYPES for t in value):
            w.add(("abilities+", ANY))  # 305.6: a new basic land type brings its mana ability
        return frozenset(w)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for w in value:
            kind = type_kind(w)
            setattr(obj, kind, add_words(getattr(obj, kind), (w,)))


register(AddTypes())
