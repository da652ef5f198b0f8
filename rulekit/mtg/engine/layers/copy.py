"""Layer 1: copy effects (613.2a, 707.2) with their exceptions (707.9), and face-down permanents
(613.2b current / layer 1 seed, 708.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.engine.layers.base import KindsPart, LayerPart, add_words
from rulekit.mtg.engine.select import EVERYTHING, Key, select
from rulekit.mtg.kinds.face_down import FACE_DOWN
from rulekit.mtg.trace import COPIABLE
from rulekit.mtg.vocab import type_kind

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import Ability, EffectSpec

#: The copiable values a copy effect takes, as its parameter tuple holds them (707.2).
COPIED = (*COPIABLE, "all_types")


_MV = COPIED.index("mana_value")


def copiable_values(t: Obj) -> tuple[Any, ...]:
    """``t``'s copiable values, in the order :data:`COPIED` names them: as layer 1 has made them
    so far (707.2); a face-down permanent's are its face-down values (708.10), so its copy is face
    up; a double-faced permanent's are those of the face that is up (707.8), and a copy of a
    transforming card's back face has mana value 0 (202.3b: the back face has no mana cost; only
    the card itself counts its front face's, 712.8e)."""
    if t.face_down:
        return tuple(FACE_DOWN[name] for name in COPIED)
    values = tuple(getattr(t, name) for name in COPIED)
    if t.front_mv:
        values = (*values[:_MV], 0, *values[_MV + 1 :])
    return values


def _defines_pt(a: Ability) -> bool:
    """Whether an ability is a characteristic-defining ability that defines power/toughness."""
    return a.kind == AbilityKind.CDA and a.spec is not None and "pt_cda" in a.spec.sublayers


def apply_exceptions(spec: EffectSpec, obj: Obj) -> None:
    """707.9: the copy's exceptions, applied as part of the copy effect, so they are part of the
    copy's copiable values and a later copy of it takes them too (707.9b): types "in addition to
    its other types" (707.9a), set power/toughness ("except it's 7/7"; 707.9d: a copied ability
    that defines P/T is then not copied), abilities it also has ("except it has ..."), its name
    ("except its name is ..."), its colours ("except it's blue"), types it does not have ("except
    it isn't legendary"), and last those that apply only "if it's a <type>" (the copy as the rest
    has made it); "except it doesn't copy that creature's color" is kept in :meth:`CopyPart.apply`."""
    for w in spec.copy_types:
        kind = type_kind(w)
        setattr(obj, kind, add_words(getattr(obj, kind), (w,)))
    if spec.copy_power is not None or spec.copy_toughness is not None:
        obj.abilities = tuple(a for a in obj.abilities if not _defines_pt(a))
        if spec.copy_power is not None:
            obj.power = spec.copy_power
        if spec.copy_toughness is not None:
            obj.toughness = spec.copy_toughness
    if spec.copy_abilities:
        obj.abilities = obj.abilities + spec.copy_abilities
    if spec.copy_name is not None:  # "except its name is ..."
        obj.name = spec.copy_name
    if spec.copy_colors is not None:  # "except it's blue"
        obj.colors = spec.copy_colors
    for w in spec.copy_remove_types:  # "except it isn't legendary"
        kind = type_kind(w)
        setattr(obj, kind, tuple(x for x in getattr(obj, kind) if x != w))
    for words, block in spec.copy_if:
        # "and, if it's a creature, it ...": tested on the copy as the copying and the exceptions
        # before it have made it (its copiable values), then applied as part of the copy too
        if all(w in getattr(obj, type_kind(w)) for w in words):
            apply_exceptions(block, obj)


def makes_entry_choices(eff: Eff) -> bool:
    """707.5, 707.6: whether ``eff`` copies as its object enters (its own "enters as a copy"
    ability, or an ``enter`` event's ``as``), so that the object makes the copied abilities'
    "as [this] enters" choices itself; a resolved "becomes a copy" effect makes none."""
    return eff.origin == "static" or eff.name_code == "enters_as"


class _CopiableValuesPart(LayerPart):
    """A layer-1 part that overwrites an object's copiable values (707.2): it may write, and read,
    anything a selector or another effect looks at, and it shows as a change of those values."""

    shows = COPIABLE
    snapshot = COPIED

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        return EVERYTHING


class CopyPart(_CopiableValuesPart):
    """707.2 / 613.2a: a copy effect overwrites the copiable values (not control, counters...);
    its exceptions (707.9) are applied with it (:func:`apply_exceptions`)."""

    sub = "copy"
    rule = "613.2a, 707.2"
    has_params = True

    def params_vary(self, spec: EffectSpec) -> bool:
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """The copiable values of the first object the copy selector names (not itself); those
        of a face-down permanent are its face-down values (708.10), so its copy is face up."""
        held = state.held.get(eff.id)
        if held is not None:
            return held  # 707.2: the values it took when it began (Clone rulings)
        spec = eff.spec
        assert spec is not None
        if spec.copy is None:
            return None  # its own "as [this] enters" values take no parameter
        ids = tuple(i for i in select(spec.copy, state, ctx) if i != obj.id)
        if not ids:
            return None
        return copiable_values(state.objs[ids[0]])

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        if spec.as_enters is not None and spec.copy is None:
            # 208.2b, 707.2: what its own "as [this] enters" ability set for itself modifies its
            # copiable values (so a copy of it has them too)
            apply_exceptions(spec.as_enters, obj)
            return
        if param is None:
            return
        values = dict(zip(COPIED, param, strict=True))
        # 707.6: the choices made for the original are not copied; an object entering as a copy
        # makes its own "as [this] enters" choices (its `choices:`), one that becomes a copy
        # without entering makes none
        choices = obj.choices if makes_entry_choices(eff) else None
        # the copied abilities generate the copy's own effects: give them their own ids
        values["abilities"] = tuple(
            replace(a, key=f"{a.key}-copy" if a.key else "copy")
            if a.generates and not a.key.endswith("copy")
            else a
            for a in (ab.refilled(choices) for ab in values["abilities"])
        )
        if "color" in spec.copy_not_copied:  # "except it doesn't copy that creature's color"
            values["colors"] = obj.colors
        for name, value in values.items():
            setattr(obj, name, value)
        obj.front_mv = False  # its mana value is now the copied one (202.3b, 707.8)
        apply_exceptions(spec, obj)


def copiable_snapshot(state: State) -> dict[str, tuple[Any, ...]]:
    """Every object's copiable values as layer 1 has made them (707.2, 707.9b, 708.10): after
    copy effects, their exceptions and face-down status; in the order :data:`COPIED` names."""
    return {oid: copiable_values(o) for oid, o in state.objs.items()}


class FaceDownPart(KindsPart):
    """708.2a: a face-down permanent is a nameless 2/2 colourless creature with no subtypes or
    abilities (layer 1 in the seed edition, 1b in the current one): the ``face_down`` kind
    (:mod:`rulekit.mtg.kinds.face_down`). As every layer-1 part, it overwrites copiable values:
    what it may read, and what decides its result, is anything (707.2, 708.10)."""

    sub = "face_down"
    rule = "708.2a"
    judged = False
    shows = COPIABLE
    snapshot = COPIED

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def reads_resolved(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        return EVERYTHING
