"""Layer 1: copy effects (613.2a, 707.2) and face-down permanents (613.2b current / layer 1 seed, 708.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import EVERYTHING, Key, select
from rulekit.mtg.trace import COPIABLE

if TYPE_CHECKING:
    from rulekit.mtg.engine.effects import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import EffectSpec

#: The copiable values a copy effect takes, as its parameter tuple holds them (707.2).
COPIED = (*COPIABLE, "all_types")
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


class CopyPart(LayerPart):
    """707.2 / 613.2a: a copy effect overwrites the copiable values (not control, counters...)."""

    sub = "copy"
    rule = "613.2a, 707.2"
    shows = COPIABLE
    snapshot = COPIED
    has_params = True

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        return EVERYTHING

    def params_vary(self, spec: EffectSpec) -> bool:
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """The copiable values of the first object the copy selector names (not itself); those
        of a face-down permanent are its face-down values (708.10), so its copy is face up."""
        spec = eff.spec
        assert spec is not None and spec.copy is not None
        ids = tuple(i for i in select(spec.copy, state, ctx) if i != obj.id)
        if not ids:
            return None
        t = state.objs[ids[0]]
        if t.face_down:
            return tuple(FACE_DOWN[name] for name in COPIED)
        return tuple(getattr(t, name) for name in COPIED)

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        if param is None:
            return
        values = dict(zip(COPIED, param, strict=True))
        # the copied abilities generate the copy's own effects: give them their own ids
        values["abilities"] = tuple(
            replace(a, key=f"{a.key}-copy" if a.key else "copy")
            if a.generates and not a.key.endswith("copy")
            else a
            for a in values["abilities"]
        )
        for name, value in values.items():
            setattr(obj, name, value)


class FaceDownPart(LayerPart):
    """708.2a: a face-down permanent is a nameless 2/2 colourless creature with no subtypes or
    abilities (layer 1 in the seed edition, 1b in the current one)."""

    sub = "face_down"
    rule = "708.2a"
    shows = COPIABLE
    snapshot = COPIED
    judged = False

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        return EVERYTHING

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        for name, value in FACE_DOWN.items():
            setattr(obj, name, value)
