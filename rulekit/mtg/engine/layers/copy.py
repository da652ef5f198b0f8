"""Layer 1: copy effects (613.2a, 707.2) with their exceptions (707.9), and face-down permanents
(613.2b current / layer 1 seed, 708.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.engine.select import EVERYTHING, Key, select
from rulekit.mtg.kinds.face_down import FACE_DOWN
from rulekit.mtg.trace import COPIABLE

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import EffectSpec

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


class _LayerOnePart(KindsPart):
    """A layer-1 part: it overwrites copiable values, so what it may read, and what decides its
    result, is anything (707.2, 708.10)."""

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def reads_resolved(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        return EVERYTHING


class CopyPart(_LayerOnePart):
    """707.2 / 613.2a: a copy effect overwrites the copiable values (not control, counters...): the
    ``copy`` kind (:mod:`rulekit.mtg.kinds.copy`), with its exceptions applied as part of it (707.9,
    the ``copy_except`` kind) and an object's own "as [this] enters" values (208.2b, the
    ``as_enters`` kind). What layer 1 itself says is here: the values a copy takes (those of the
    first object its selector names, as layer 1 has made them, held from the moment it began);
    as it overwrites copiable values it may read anything, and it takes them object by object."""

    sub = "copy"
    rule = "613.2a, 707.2"
    has_params = True
    shows = COPIABLE
    snapshot = COPIED

    def params_vary(self, spec: EffectSpec) -> bool:
        return True

    def uses_params(self, spec: EffectSpec | None) -> bool:
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """The copiable values of the first object the copy selector names (not itself); those
        of a face-down permanent are its face-down values (708.10), so its copy is face up."""
        held = state.held.get(eff.id)
        if held is not None:
            return held  # 707.2: the values it took when it began (Clone rulings)
        spec = eff.spec
        assert spec is not None
        copied = spec.value("copy")
        if copied is None:
            return None  # its own "as [this] enters" values take no parameter
        ids = tuple(i for i in select(copied, state, ctx) if i != obj.id)
        if not ids:
            return None
        return copiable_values(state.objs[ids[0]])

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Each kind in its order, handed the values taken by their names (``None``: none)."""
        spec = eff.spec
        assert spec is not None
        values = dict(zip(COPIED, param, strict=True)) if param is not None else None
        for kind, value in spec.kinds_in(self.sub):
            kind.apply(value, eff, obj, values)


def copiable_snapshot(state: State) -> dict[str, tuple[Any, ...]]:
    """Every object's copiable values as layer 1 has made them (707.2, 707.9b, 708.10): after
    copy effects, their exceptions and face-down status; in the order :data:`COPIED` names."""
    return {oid: copiable_values(o) for oid, o in state.objs.items()}


class FaceDownPart(_LayerOnePart):
    """708.2a: a face-down permanent is a nameless 2/2 colourless creature with no subtypes or
    abilities (layer 1 in the seed edition, 1b in the current one): the ``face_down`` kind
    (:mod:`rulekit.mtg.kinds.face_down`). As every layer-1 part, it overwrites copiable values:
    what it may read, and what decides its result, is anything (707.2, 708.10)."""

    sub = "face_down"
    rule = "708.2a"
    judged = False
    shows = COPIABLE
    snapshot = COPIED
