"""Double-faced cards (CR 712) and the objects a zone change makes (400.7, 708.9): which face's
characteristics an object starts the layers from.

The replay (:func:`rulekit.mtg.engine.replay.compile_scenario`) calls these as the events happen;
the layers then start from what they set (613.1: the printed values of the face that is up, then
copy effects in layer 1, 707.8):

* 712.8a, 712.8d: a double-faced card has its front face's characteristics in every zone but the
  battlefield and the stack, and on the battlefield with its front face up (:func:`show_face`);
* 712.8e: a transforming double-faced permanent with its back face up has its back face's
  characteristics, but its mana value is its front face's (:attr:`Obj.front_mv`); 712.8f: a modal
  one has all the characteristics of the face up, mana value included;
* 712.9, 712.10: only a double-faced card transforms, and not into an instant or sorcery face
  (:func:`transform`); 712.18: it stays the same object, so effects that applied to it still do;
* 712.14, 712.14a, 712.13: it enters front face up, unless put there "transformed" or cast with
  its back face up (:func:`entering`), and not at all with an instant or sorcery face up (712.14b,
  :func:`stays_out`); it can't be turned face down (:func:`can_turn_face_down`);
* 400.7, 708.9, 712.8a: an object that leaves the battlefield is a new object in its new zone,
  face up and front face up, with its card's own characteristics (:func:`leaving`).
"""

from __future__ import annotations

from rulekit.mtg.engine.state import Obj, sync_intrinsic_abilities
from rulekit.mtg.model import FACE_FIELDS, ObjectDef
from rulekit.mtg.vocab import ALL_CREATURE_TYPES

#: 712.10: the card types of a face that a permanent can't transform into
NOT_A_PERMANENT_FACE = ("Instant", "Sorcery")


def show_face(obj: Obj, d: ObjectDef, face: str) -> None:
    """Give ``obj`` the printed characteristics of its ``face`` (712.8d-f): the front face's are
    its own fields, the back face's :attr:`ObjectDef.back`. A transforming card back face up keeps
    its front face's mana value (712.8e); a modal one has its back face's own (712.8f)."""
    if d.back is None:
        return
    values = d.face_values(face)
    for name in FACE_FIELDS:
        if name != "subtypes":
            setattr(obj, name, getattr(values, name))
    obj.subtypes = tuple(s for s in values.subtypes if s != ALL_CREATURE_TYPES)
    obj.all_types = ALL_CREATURE_TYPES in values.subtypes
    obj.face = face
    obj.front_mv = face == "back" and not d.modal
    if obj.front_mv:
        obj.mana_value = d.mana_value  # 712.8e (202.3b): calculated from the front face's mana cost
    obj.sig = None
    sync_intrinsic_abilities(obj)


def transform(obj: Obj, d: ObjectDef) -> bool:
    """712.9: turn a double-faced permanent over to its other face; ``False`` (nothing happens)
    when it isn't a double-faced card on the battlefield (a copy of one, 707.8, or a token that
    copies one, is not), when it is face down (it shows neither face, 708.2), or when the other
    face is an instant or sorcery face (712.10). It stays the same object (712.18): its counters,
    attachments and the effects that apply to it stay; only its printed values change."""
    if d.back is None or obj.zone != "battlefield" or obj.face_down:
        return False
    other = "front" if obj.face == "back" else "back"
    if any(t in NOT_A_PERMANENT_FACE for t in d.face_values(other).types):
        return False
    show_face(obj, d, other)
    return True


def can_turn_face_down(obj: Obj, d: ObjectDef) -> bool:
    """Whether an instruction to turn ``obj`` face down does anything. 708.2b: a permanent that is
    already face down can't be turned face down again. 712.16: a double-faced permanent on the
    battlefield can't be turned face down (the Fate Reforged rulings on manifest, e.g. Whisperwood
    Elemental's: "A double-faced permanent on the battlefield still can't be turned face down").
    Either way nothing happens, and it gets no new timestamp (613.7f)."""
    if obj.face_down:
        return False
    return d.back is None or obj.zone != "battlefield"


def stays_out(d: ObjectDef, face: str, to: str | None) -> bool:
    """712.14b: a modal double-faced card put onto the battlefield with a face up that is an
    instant or sorcery face (its front face, unless it is put there with its back face up) is not
    put there: it stays in the zone it is in, so the ``enter`` does nothing for it."""
    if d.back is None or to not in (None, "battlefield"):
        return False
    return any(t in NOT_A_PERMANENT_FACE for t in d.face_values(face).types)


def entering(obj: Obj, d: ObjectDef, face: str) -> None:
    """712.14: a double-faced card put onto the battlefield enters front face up; 712.14a "put
    onto the battlefield transformed", and 712.13 a modal card cast with its back face up, enter
    with the back face up (an ``enter`` event's ``face: back``). Into any other zone: the front
    face (712.8a)."""
    zone_face = face if obj.zone in ("battlefield", "stack") else "front"
    show_face(obj, d, zone_face)


def leaving(obj: Obj, d: ObjectDef) -> None:
    """400.7: an object that leaves the battlefield is a new object in its new zone. A face-down
    permanent is revealed as it moves (708.9) and is face up there, with its card's own
    characteristics; a double-faced card has its front face's (712.8a)."""
    obj.face_down = False
    show_face(obj, d, "front")
