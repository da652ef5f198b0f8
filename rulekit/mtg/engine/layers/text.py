"""Layer 3: text-changing effects (613.1c, 612.2) and "has the full text of <object>" (612.6)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import ANY, EVERYTHING, Key, select
from rulekit.mtg.selectors import rewrite_words
from rulekit.mtg.trace import COPIABLE

if TYPE_CHECKING:
    from rulekit.mtg.engine.effects import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import EffectSpec

#: a rewritten ability is another ability: "creatures with islandwalk" may gain or lose members
TEXT_WRITES: frozenset[Key] = frozenset({("abilities-", ANY), ("abilities+", ANY), ("text", ANY)})
#: what a text change does to an object depends on that object's text (613.8a applies in layer 3)
TEXT_READS: frozenset[Key] = frozenset({("text", ANY)})
_MARK = "\x00"
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


class TextPart(LayerPart):
    """612.2: replace a word inside the object's abilities, text and data alike (the rewritten
    abilities generate rewritten effects, :meth:`rulekit.mtg.model.Ability.rewritten`)."""

    sub = "text"
    rule = "613.1c, 612.2"
    shows = COPIABLE
    snapshot = (*COPIABLE, "all_types")
    sig_neutral = True
    shared = ("abilities",)

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING if spec.full_text is not None else TEXT_WRITES

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return EVERYTHING if spec.full_text is not None else TEXT_READS

    def keeps_signature(self, spec: EffectSpec | None) -> bool:
        return spec is None or spec.full_text is None

    def uses_params(self, spec: EffectSpec | None) -> bool:
        return spec is not None and spec.full_text is not None

    def params_vary(self, spec: EffectSpec) -> bool:
        """Another text change applied first can give it more (or fewer) words to replace."""
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """What it does to the object: how many times its word occurs in each ability (text and data)."""
        spec = eff.spec
        assert spec is not None
        if spec.full_text is not None:
            ids = [i for i in select(spec.full_text, state, ctx) if i != obj.id]
            if not ids:
                return None
            other = state.objs[ids[0]]
            return tuple(getattr(other, name) for name in FULL_TEXT) + (other.all_types,)
        assert spec.text_change is not None
        old = spec.text_change[0]
        return tuple(rewrite_words(f"{a.text}\n{a.canon}", old, _MARK).count(_MARK) for a in obj.abilities)

    def shared_key(self, values: Any) -> Any:
        return id(values)

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        if spec.full_text is not None:
            if param is not None:  # 612.6: the other object's full text replaces its own
                for name, value in zip((*FULL_TEXT, "all_types"), param, strict=True):
                    setattr(obj, name, value)
                # the abilities it now has generate its own effects: give them their own ids
                obj.abilities = tuple(
                    replace(a, key=f"{a.key}-text" if a.key else "text") if a.generates else a
                    for a in obj.abilities
                )
            if spec.text_change is None:
                return
        assert spec.text_change is not None
        old, new = spec.text_change
        obj.abilities = tuple(a.rewritten(old, new) for a in obj.abilities)
