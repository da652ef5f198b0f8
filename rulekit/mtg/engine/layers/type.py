"""Layer 4: type-changing effects (613.1d, 205.1, 305.7)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import NOTHING, LayerPart, add_words
from rulekit.mtg.engine.select import ANY, Key
from rulekit.mtg.engine.state import sync_intrinsic_abilities
from rulekit.mtg.vocab import BASIC_LAND_TYPES, subtype_family, type_kind

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import Obj
    from rulekit.mtg.model import EffectSpec

LAND: frozenset[Key] = frozenset({("types", "Land")})
#: 205.3d: the card types that carry each kind of subtype (creature types: Creature and Kindred).
CARRIERS: dict[str, tuple[str, ...]] = {
    "land": ("Land",),
    "creature": ("Creature", "Kindred", "Tribal"),
    "artifact": ("Artifact",),
    "enchantment": ("Enchantment",),
    "planeswalker": ("Planeswalker",),
    "spell": ("Instant", "Sorcery"),
}


@lru_cache(maxsize=512)
def carried(types: tuple[str, ...]) -> frozenset[str]:
    """The kinds of subtype these card types carry.

    >>> sorted(carried(("Artifact", "Creature")))
    ['artifact', 'creature']
    """
    return frozenset(kind for kind, carriers in CARRIERS.items() if any(t in types for t in carriers))


def drop_orphaned_subtypes(obj: Obj, before: frozenset[str]) -> None:
    """205.1a / 205.3d: an object has only the subtypes that go with its card types. When an
    effect takes away the card type that carried a kind of subtype (a land that is no longer a
    land, a creature that is no longer a creature or kindred), those subtypes go too."""
    lost = before - carried(obj.types)
    if not lost:
        return
    obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) not in lost)
    if "creature" in lost:
        obj.all_types = False


def set_basic_land_type(obj: Obj, new_land_types: tuple[str, ...]) -> None:
    """305.7: setting a land's subtype to basic land types removes its old land types and every
    ability from its rules text, old land types and copy effects, and gives it the new types'
    intrinsic mana abilities; its supertypes (nonbasic, legendary) do not change.
    (Abilities granted by other effects come in layer 6, after this.)"""
    obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "land") + tuple(new_land_types)
    obj.abilities = ()
    sync_intrinsic_abilities(obj)


class TypePart(LayerPart):
    """205.1: add, remove or set card types, subtypes and supertypes; 205.1b a new subtype
    replaces the old subtypes of its kind; 305.7 setting a land's basic land type."""

    sub = "type"
    rule = "613.1d, 205.1, 305.7"
    shows = ("types", "subtypes", "supertypes", "abilities", "power", "toughness")
    snapshot = ("types", "subtypes", "supertypes", "abilities", "all_types", "power", "toughness")
    shared = ("types", "subtypes", "supertypes", "all_types", "abilities")

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        w: set[Key] = set()
        for word in (*spec.type_add, *spec.type_remove):
            w.add((type_kind(word), word))
        if spec.set_types is not None:
            w.add(("types", ANY))
        if spec.set_subtypes is not None:
            w.add(("subtypes", ANY))
            w.add(("abilities-", ANY))  # 305.7
        if spec.all_creature_types or spec.remove_all_creature_types:
            w.add(("subtypes", ANY))
        if spec.set_types is not None or any(type_kind(t) == "types" for t in spec.type_remove):
            w.add(("subtypes", ANY))  # 205.1a: subtypes follow card types
            w.add(("abilities-", ANY))  # ... and a land's intrinsic abilities its land types (305.6)
        if ("subtypes", ANY) in w or any(t in BASIC_LAND_TYPES for t in spec.type_add):
            w.add(("abilities+", ANY))  # 305.6: a new basic land type brings its mana ability
        if any(t in BASIC_LAND_TYPES for t in spec.type_remove):
            w.add(("abilities-", ANY))  # 305.6: a basic land type taken away takes its mana ability
        return frozenset(w)

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        """305.7 applies only to lands."""
        if spec is not None and spec.set_subtypes is not None:
            return LAND
        return NOTHING

    def shared_key(self, values: Any) -> Any:
        return (values[0], values[1], values[2], values[3], id(values[4]))

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        kinds_before = carried(obj.types)
        if spec.set_types is not None:
            obj.types = tuple(spec.set_types)
        if spec.set_subtypes is not None:
            new = tuple(spec.set_subtypes)
            families = {subtype_family(s) for s in new}
            land_basic = tuple(s for s in new if s in BASIC_LAND_TYPES)
            if (
                "Land" in obj.types
                and land_basic
                and all(s in BASIC_LAND_TYPES for s in new if subtype_family(s) == "land")
            ):
                set_basic_land_type(obj, tuple(s for s in new if subtype_family(s) == "land"))
                new = tuple(s for s in new if subtype_family(s) != "land")
                families.discard("land")
            # 205.1b: a new subtype replaces the old subtypes of the same kind
            kept = tuple(s for s in obj.subtypes if subtype_family(s) not in families)
            obj.subtypes = kept + tuple(s for s in new if s not in kept)
            if "creature" in families:
                obj.all_types = False
        for w in spec.type_add:
            kind = type_kind(w)
            setattr(obj, kind, add_words(getattr(obj, kind), (w,)))
        for w in spec.type_remove:
            kind = type_kind(w)
            setattr(obj, kind, tuple(x for x in getattr(obj, kind) if x != w))
        if spec.all_creature_types:
            obj.all_types = True
        if spec.remove_all_creature_types:
            obj.all_types = False
            obj.subtypes = tuple(s for s in obj.subtypes if subtype_family(s) != "creature")
        drop_orphaned_subtypes(obj, kinds_before)
        sync_intrinsic_abilities(obj)
