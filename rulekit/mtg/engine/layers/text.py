"""Layer 3: text-changing effects (613.1c, 612.1, 612.2), on the rules text and the type line, and
"has the full text of <object>" (612.6)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import ANY, EVERYTHING, Key, select
from rulekit.mtg.engine.state import sync_intrinsic_abilities
from rulekit.mtg.selectors import rewrite_words
from rulekit.mtg.trace import COPIABLE
from rulekit.mtg.vocab import BASIC_LAND_TYPES, SUBTYPES

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
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


def on_type_line(spec: EffectSpec) -> str | None:
    """612.1, 612.2: the subtype a text change replaces on the type line as well as in the rules
    text (a creature type used as a creature type, a land type as a land type), else ``None``: a
    colour word is no word of the type line, and card types and supertypes are never replaced
    (a text change replaces a colour word or a subtype, ``checks.check_text_change``)."""
    if spec.text_change is None or spec.text_change[0] not in SUBTYPES:
        return None
    return spec.text_change[0]


def change_type_line(obj: Obj, old: str, new: str) -> None:
    """612.1: "Goblin" -> "Elf" on the type line makes the object an Elf (once, in the place the
    old word had); a basic land type changed there brings the new type's mana ability (305.6)."""
    if old not in obj.subtypes:
        return
    out: list[str] = []
    for s in obj.subtypes:
        w = new if s == old else s
        if w not in out:
            out.append(w)
    obj.subtypes = tuple(out)
    if old in BASIC_LAND_TYPES or new in BASIC_LAND_TYPES:
        sync_intrinsic_abilities(obj)


class TextPart(LayerPart):
    """612.2: replace a word inside the object's abilities, text and data alike (the rewritten
    abilities generate rewritten effects, :meth:`rulekit.mtg.model.Ability.rewritten`), and a
    subtype on its type line too (612.1, :func:`change_type_line`)."""

    sub = "text"
    rule = "613.1c, 612.1, 612.2"
    shows = COPIABLE
    snapshot = (*COPIABLE, "all_types")
    sig_neutral = True
    shared = ("abilities", "subtypes")

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        if spec.full_text is not None:
            return EVERYTHING
        old = on_type_line(spec)
        if old is None:
            return TEXT_WRITES
        assert spec.text_change is not None
        return TEXT_WRITES | {("subtypes", old), ("subtypes", spec.text_change[1])}

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        if spec.full_text is not None:
            return EVERYTHING
        old = on_type_line(spec)
        return TEXT_READS if old is None else TEXT_READS | {("subtypes", old)}

    def keeps_signature(self, spec: EffectSpec | None) -> bool:
        """A change of a subtype on the type line changes what selectors read (613.8a)."""
        return spec is None or (spec.full_text is None and on_type_line(spec) is None)

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
        counts = tuple(rewrite_words(f"{a.text}\n{a.canon}", old, _MARK).count(_MARK) for a in obj.abilities)
        return (*counts, old in obj.subtypes)

    def shared_key(self, values: Any) -> Any:
        abilities, subtypes = values
        return (id(abilities), subtypes)

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
        change_type_line(obj, old, new)
