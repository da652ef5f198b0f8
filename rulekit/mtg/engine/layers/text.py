"""Layer 3: text-changing effects (613.1c, 612.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import ANY, Key
from rulekit.mtg.selectors import rewrite_words

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


class TextPart(LayerPart):
    """612.2: replace a word inside the object's abilities, text and data alike (the rewritten
    abilities generate rewritten effects, :meth:`rulekit.mtg.model.Ability.rewritten`)."""

    sub = "text"
    rule = "613.1c, 612.2"
    shows = ("abilities",)
    snapshot = ("abilities",)
    sig_neutral = True
    shared = ("abilities",)

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return TEXT_WRITES

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        return TEXT_READS

    def params_vary(self, spec: EffectSpec) -> bool:
        """Another text change applied first can give it more (or fewer) words to replace."""
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """What it does to the object: how many times its word occurs in each ability (text and data)."""
        spec = eff.spec
        assert spec is not None and spec.text_change is not None
        old = spec.text_change[0]
        return tuple(rewrite_words(f"{a.text}\n{a.raw}", old, _MARK).count(_MARK) for a in obj.abilities)

    def shared_key(self, values: Any) -> Any:
        return id(values)

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None and spec.text_change is not None
        old, new = spec.text_change
        obj.abilities = tuple(a.rewritten(old, new) for a in obj.abilities)
