"""708.2a: a face-down permanent (``face_down: true``): layer 1 in the seed edition, 1b in the
current one (613.2b). The engine makes this effect for every face-down permanent (listed
``face_down: true`` or turned face down: ``engine/effects.py`` ``face_down_effect``); a resolved
effect may write it too."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Key, Kind

EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})
#: 708.2a: a face-down permanent's characteristics: a nameless 2/2 creature with no text, no
#: colour, no subtypes, no mana cost. 708.10: they are also its copiable values.
FACE_DOWN: dict[str, Any] = {
    "name": "",
    "types": ("Creature",),
    "subtypes": (),
    "supertypes": (),
    "colors": (),
    "abilities": (),
    "power": 2,
    "toughness": 2,
    "mana_value": 0,
    "loyalty": None,
    "all_types": False,
}


class FaceDown(Kind):
    """Its characteristics become those of :data:`FACE_DOWN` (708.2a): everything it had goes,
    so it may change anything another effect reads."""

    name = "face_down"
    section = "face_down"
    fields = {"": (bool, False)}
    sublayer = "face_down"
    order = 10
    rule = "708.2a, 613.2b"
    forms = (
        "`true` (layer 1b in the current edition): a 2/2 creature with no name, mana cost, colour, "
        "subtypes or abilities (708.2a); a face-down object (listed `face_down: true`, or turned face down) "
        "has it from the engine, a resolved effect may write it"
    )
    examples = ({"": True},)

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for name, v in FACE_DOWN.items():
            setattr(obj, name, v)
        obj.front_mv = False  # its mana value is the face-down one (202.3b, 708.2a)


register(FaceDown())
