"""708.2a: a face-down permanent (``face_down: true``): layer 1 in the seed edition, 1b in the
current one (613.2b). The engine makes this effect for every face-down permanent (listed
``face_down: true`` or turned face down: ``engine/effects.py`` ``face_down_effect``); a resolved
effect may write it too.

A static or characteristic-defining ability may not write it (:meth:`FaceDown.check`): face up or
face down is a permanent's *status*, not a characteristic (110.5), and it keeps its status until a
spell, ability or rule changes it; what a continuous effect of a static ability changes is
characteristics, control, players or the rules (611.1, 611.3), and layer 1b applies the face-down
values to permanents that *are* face down (613.2b, 708.2), it does not make them so. Turning a
permanent face down is an instruction carried out once: by a resolving spell or ability, or as a
permanent enters (Ixidron's "As Ixidron enters, turn all other nontoken creatures face down", a
replacement effect, 614.1c); in a scenario, a ``turn_face_down`` event. (A characteristic-defining
ability is a static ability too, 604.3.)
"""

from __future__ import annotations

from typing import Any

from rulekit.errors import N_
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Path_

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
        "has it from the engine, a resolved effect may write it; a static ability may not (face down is a "
        "status, 110.5, 611.1)"
    )
    examples = ({"": True},)

    def check(self, section: Any, path: Path_, checks: Checks) -> None:
        """Only a resolving effect turns a permanent face down (110.5, 611.1, 708.2): in a static or
        characteristic-defining ability ``face_down`` is refused, naming the field."""
        if section is True and not checks.resolving:
            checks.refuse(
                path,
                N_(
                    "a static ability can't turn a permanent face down (face down is a status, not a"
                    " characteristic: 110.5, 611.1); write a turn_face_down or resolve event"
                ),
                {},
                code="FACE_DOWN_NOT_STATIC",
            )

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        for name, v in FACE_DOWN.items():
            setattr(obj, name, v)
        obj.front_mv = False  # its mana value is the face-down one (202.3b, 708.2a)


register(FaceDown())
