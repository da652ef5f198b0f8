"""Layer 4: type-changing effects (613.1d, 205.1, 305.7)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.engine.state import sync_intrinsic_abilities
from rulekit.mtg.kinds.set_subtypes import LAND, set_basic_land_type
from rulekit.mtg.vocab import subtype_family

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import Obj

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


class TypePart(KindsPart):
    """205.1: add, remove or set card types, subtypes and supertypes; 205.1b a new subtype
    replaces the old subtypes of its kind; 305.7 setting a land's basic land type (each a kind
    of :mod:`rulekit.mtg.kinds`: ``set_subtypes`` holds :func:`set_basic_land_type`)."""

    sub = "type"
    rule = "613.1d, 205.1, 305.7"
    shows = ("types", "subtypes", "supertypes", "abilities", "power", "toughness")
    snapshot = ("types", "subtypes", "supertypes", "abilities", "all_types", "power", "toughness")
    shared = ("types", "subtypes", "supertypes", "all_types", "abilities")

    def shared_key(self, values: Any) -> Any:
        return (values[0], values[1], values[2], values[3], id(values[4]))

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Each kind in its order (:mod:`rulekit.mtg.kinds`: ``set_types``, ``set_subtypes``,
        ``add_types``, ``remove_types``, ``all_creature_types``, ``remove_all_creature_types``);
        then 205.1a / 205.3d (subtypes follow card types) and 305.6 (intrinsic mana abilities
        follow basic land types)."""
        kinds_before = carried(obj.types)
        super().apply(eff, obj, param)
        drop_orphaned_subtypes(obj, kinds_before)
        sync_intrinsic_abilities(obj)


__all__ = ["LAND", "TypePart", "carried", "drop_orphaned_subtypes", "set_basic_land_type"]
