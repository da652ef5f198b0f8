"""707.9: a copy effect's exceptions (``copy: <selector>`` with ``except: {...}``): "except it's an
artifact in addition to its other types", "except it's 7/7", "except it has ...", "except its name
is ...", "except it's blue", "except it isn't legendary", "except it doesn't copy that creature's
color", "except it enters with N additional <kind> counters" (707.9e) and those that apply only
"if it's a <type>". They apply as part of the copy effect (the ``copy`` kind, before them in the
copy part), so they are part of the copy's copiable values (707.9b)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekit.errors import N_
from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_, add_words, strs
from rulekit.mtg.vocab import counter_name, type_kind

EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


class Exceptions(_M):
    """The shape of one block of 707.9 exceptions (``except:``, an ``if:`` block, an option of an
    "as [this] enters" ability)."""

    types: list[str] = []
    power: int | None = None
    toughness: int | None = None
    abilities: list[Any] = []
    #: "except its name is ..." (Sakashima the Impostor)
    name: str | None = None
    #: "except it's blue" (the colours it has instead)
    colors: list[str] | None = None
    #: "except it isn't legendary" (types, supertypes or subtypes it does not have)
    remove_types: list[str] = []
    #: "except it doesn't copy that creature's color" (Vesuvan Doppelganger): it keeps its own
    not_copied: list[Literal["color"]] = []
    #: 707.9e "except it enters with N additional <kind> counters" (Spark Double, Altered Ego):
    #: an effect of that entry, not a copiable value
    enters_with: dict[str, int] | None = None


class CopyIf(Exceptions):
    """707.9: exceptions that apply only "if it's a <type>" (Moritte of the Frost: "and, if it's a
    creature, it ... has changeling"): ``is`` names the type words the copy must have."""

    is_: str | list[str] = Field(alias="is")


@dataclass(frozen=True)
class Except:
    """One block of exceptions, built (:func:`build_exceptions`); ``if_``: the blocks that apply
    only if the copy has every type word of theirs, ``((words, block), ...)``."""

    types: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[Any, ...] = ()
    name: str | None = None
    colors: tuple[str, ...] | None = None
    remove_types: tuple[str, ...] = ()
    not_copied: tuple[str, ...] = ()
    #: 707.9e: ``((kind, n), ...)``, by kind
    enters_with: tuple[tuple[str, int], ...] = ()
    if_: tuple[tuple[tuple[str, ...], Except], ...] = ()


def build_exceptions(ex: Mapping[str, Any], make: Make) -> Except:
    """A block of exceptions from its validated mapping (its abilities keyed ``except-N``)."""
    blocks = []
    for block in ex.get("if") or ():
        block = dict(block)
        words = block.pop("is")
        blocks.append((strs([words] if isinstance(words, str) else words), build_exceptions(block, make)))
    return Except(
        types=strs(ex.get("types")),
        power=int(ex["power"]) if ex.get("power") is not None else None,
        toughness=int(ex["toughness"]) if ex.get("toughness") is not None else None,
        abilities=tuple(make.ability(x, f"except-{i + 1}") for i, x in enumerate(ex.get("abilities") or ())),
        name=str(ex["name"]) if ex.get("name") is not None else None,
        colors=strs(ex["colors"]) if ex.get("colors") is not None else None,
        remove_types=strs(ex.get("remove_types")),
        not_copied=strs(ex.get("not_copied")),
        enters_with=tuple(
            sorted((counter_name(str(k)), int(n)) for k, n in dict(ex.get("enters_with") or {}).items())
        ),
        if_=tuple(blocks),
    )


def check_exceptions(block: Mapping[str, Any], path: Path_, checks: Checks) -> None:
    """707.9: the words of one block of exceptions."""
    if block.get("types"):
        checks.words((*path, "types"), list(block["types"]), "any")
    if block.get("remove_types"):
        checks.words((*path, "remove_types"), list(block["remove_types"]), "any")
    if block.get("colors"):
        checks.words((*path, "colors"), list(block["colors"]), "colors")
    for i, item in enumerate(block.get("abilities") or ()):
        checks.granted((*path, "abilities", i), item)
    if block.get("enters_with"):  # 707.9e: counters it enters with
        checks.counters((*path, "enters_with"), dict(block["enters_with"]))


def _defines_pt(a: Any) -> bool:
    """Whether an ability is a characteristic-defining ability that defines power/toughness."""
    return a.kind == AbilityKind.CDA and a.spec is not None and "pt_cda" in a.spec.sublayers


def apply_exceptions(ex: Except, obj: Any) -> None:
    """707.9: the exceptions, applied as part of the copy effect, so they are part of the copy's
    copiable values and a later copy of it takes them too (707.9b): types "in addition to its
    other types" (707.9a), set power/toughness ("except it's 7/7"; 707.9d: a copied ability that
    defines P/T is then not copied), abilities it also has ("except it has ..."), its name, its
    colours, types it does not have ("except it isn't legendary"), and last those that apply only
    "if it's a <type>" (the copy as the rest has made it); "except it doesn't copy that
    creature's color" is kept by the ``copy`` kind as it copies."""
    for w in ex.types:
        kind = type_kind(w)
        setattr(obj, kind, add_words(getattr(obj, kind), (w,)))
    if ex.power is not None or ex.toughness is not None:
        obj.abilities = tuple(a for a in obj.abilities if not _defines_pt(a))
        if ex.power is not None:
            obj.power = ex.power
        if ex.toughness is not None:
            obj.toughness = ex.toughness
    if ex.abilities:
        obj.abilities = obj.abilities + ex.abilities
    if ex.name is not None:  # "except its name is ..."
        obj.name = ex.name
    if ex.colors is not None:  # "except it's blue"
        obj.colors = ex.colors
    for w in ex.remove_types:  # "except it isn't legendary"
        kind = type_kind(w)
        setattr(obj, kind, tuple(x for x in getattr(obj, kind) if x != w))
    for words, block in ex.if_:
        # "and, if it's a creature, it ...": tested on the copy as the copying and the exceptions
        # before it have made it (its copiable values), then applied as part of the copy too
        if all(w in getattr(obj, type_kind(w)) for w in words):
            apply_exceptions(block, obj)


class CopyExcept(Kind):
    """The copy's exceptions, applied right after it copies (the copy part hands them the values
    it took: ``None`` when it took none, and then they do nothing either)."""

    name = "copy_except"
    section = "except"
    fields = {
        **{key: (f.annotation, f.default) for key, f in Exceptions.model_fields.items()},
        "if": (list[CopyIf], []),
    }
    sublayer = "copy"
    order = 20
    rule = "707.9"
    forms = (
        "with `copy:` (707.9): `types: [Artifact]` (in addition to its other types), `power: 7, "
        "toughness: 7` (707.9d: a copied ability that defines P/T is then not copied), `abilities: [...]` "
        "(it also has), `name: Sakashima the Impostor`, `colors: [blue]`, `remove_types: [Legendary]` "
        "(it isn't legendary), `not_copied: [color]` (it keeps its own colour, Vesuvan Doppelganger), "
        "`enters_with: {+1/+1: 1}` (707.9e: counters it enters with, not copiable), `if: [{is: Creature, "
        "abilities: [Changeling]}]` (only if the copy has those types); they are copiable values (707.9b)"
    )
    examples = (
        {"types": ["Artifact"]},
        {"power": 7, "toughness": 7},
        {"remove_types": ["Legendary"], "enters_with": {"+1/+1": 1}},
        {"not_copied": ["color"], "abilities": ["Flying"]},
        {"if": [{"is": "Creature", "abilities": ["Changeling"]}]},
    )

    def present(self, section: Any) -> bool:
        return True  # "except: {}" is read as it always was: no exception

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return build_exceptions(section, make)

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if checks.effect.get("except") is None:
            return
        if not checks.effect.get("copy"):
            checks.refuse(path, N_("'except' is the exceptions of a copy effect: add 'copy'"), {})
        blocks = [(path, section)]
        for i, block in enumerate(section.get("if") or ()):  # 707.9: "if it's a creature, it ..."
            where = (*path, "if", i)
            words = block["is"]
            checks.words((*where, "is"), [words] if isinstance(words, str) else list(words), "any")
            blocks.append((where, block))
        for where, block in blocks:
            check_exceptions(block, where, checks)

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        if param is not None:
            apply_exceptions(value, obj)


register(CopyExcept())
