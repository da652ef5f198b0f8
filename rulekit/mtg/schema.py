"""The shapes of the MTG YAML files, as pydantic models declared ``extra="forbid"`` (LANGUAGE.md):
cards, abilities, effect specs, objects, events, scenarios. :mod:`rulekit.mtg.loader` validates
with them, then checks every word, selector and reference."""

from __future__ import annotations

import keyword
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, create_model

from rulekit.mtg.kinds import Kind, sections, version


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)


Num = int | str


class EffectFields(_M):
    """The keys of an effect spec (LANGUAGE.md §3). The sections the effect kinds are written
    under (``abilities``) are made from the registry of kinds (:func:`effect_model`): here they
    only keep their place among the keys (an ``Any`` that :func:`effect_model` replaces)."""

    affects: str | None = None
    duration: str | None = None
    condition: str | None = None
    players: str | None = None
    targets_must: str | None = None
    copy_: Any = Field(default=None, alias="copy")
    except_: Any = Field(default=None, alias="except")
    as_enters: Any = None
    face_down: Any = None
    control: Any = None
    text_change: Any = None
    full_text: Any = None
    type: Any = None
    color: Any = None
    abilities: Any = None
    set_pt: Any = None
    modify_pt: Any = None
    switch_pt: Any = None
    player: Any = None
    rules: Any = None


def field_name(key: str) -> str:
    """The model's name of a key the file writes: a Python keyword (``except``, ``if``) or a name
    :class:`BaseModel` has (``copy``) takes a trailing ``_``, the key itself its alias."""
    return f"{key}_" if keyword.iskeyword(key) or hasattr(BaseModel, key) else key


def _field(key: str, shape: tuple[Any, Any]) -> tuple[Any, Any]:
    """A field of a made model: ``(annotation, default)``, aliased when :func:`field_name` renames it."""
    annotation, default = shape
    return (annotation, Field(default=default, alias=key)) if field_name(key) != key else shape


def _section_shape(section: str, kinds: tuple[Kind, ...]) -> tuple[Any, Any]:
    """The shape of one section, and its default: the keys of every kind written under it (a
    model), or the value of the one kind that holds its section itself (:attr:`Kind.scalar`)."""
    if len(kinds) == 1 and kinds[0].scalar:
        return kinds[0].fields[""]
    words = tuple(w for kind in kinds for w in kind.shorthands)
    if words:
        return (_section_model(section, kinds) | Literal[words] | None, None)
    return (_section_model(section, kinds) | None, None)


def _section_model(section: str, kinds: tuple[Kind, ...]) -> type[_M]:
    """The model of a section: the keys of every kind written under it."""
    fields: dict[str, Any] = {
        field_name(key): _field(key, shape) for kind in kinds for key, shape in kind.fields.items()
    }
    name = "".join(w.title() for w in section.split("_")) + "Part"
    return create_model(name, __base__=_M, __module__=__name__, **fields)


_EFFECT_MODELS: dict[int, type[EffectFields]] = {}


def effect_model() -> type[EffectFields]:
    """The shape of an effect spec: :class:`EffectFields`, each section of the registry of effect
    kinds (:mod:`rulekit.mtg.kinds`) the shape its kinds' keys make (made again when the registry
    changes)."""
    v = version()
    got = _EFFECT_MODELS.get(v)
    if got is None:
        parts: dict[str, Any] = {
            field_name(section): _field(section, _section_shape(section, kinds))
            for section, kinds in sections().items()
        }
        got = create_model("EffectModel", __base__=EffectFields, __module__=__name__, **parts)
        _EFFECT_MODELS.clear()
        _EFFECT_MODELS[v] = got
    return got


class AbilityModel(_M):
    text: str = ""
    key: str | int | None = None
    static: dict[str, Any] | None = None
    cda: dict[str, Any] | None = None
    resolves: dict[str, Any] | None = None
    zone: str | None = None
    condition: str | None = None
    enters_with: dict[str, int] | None = None  # 614.1c "enters with N <kind> counters on it"


#: 202.3: a mana value is the total amount of mana in a mana cost, so never negative.
MANA_VALUE_MIN = 0
#: 107.1b: a player can't choose a negative number, and X (107.3) is a number chosen.
X_MIN = 0


class FaceModel(_M):
    """712.1: the back face of a double-faced card, with its own characteristics (a transforming
    card's back face has no mana cost and takes its colours from its colour indicator)."""

    name: str
    mana_cost: str | None = None
    mana_value: int = Field(default=0, ge=MANA_VALUE_MIN)
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    colors: list[str] = []
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: list[Any] = []


class CardModel(FaceModel):
    """A library card: its front face's characteristics (:class:`FaceModel`'s fields), and more."""

    token: bool = False
    note: str | None = None
    #: 712.1: a double-faced card's back face; ``modal``: a modal double-faced card (712.2)
    back: FaceModel | None = None
    modal: bool = False


class LibraryModel(_M):
    cards: list[dict[str, Any]]


class ObjectModel(_M):
    id: str
    card: str | None = None
    name: str | None = None
    owner: str | None = None
    controller: str | None = None
    zone: str = "battlefield"
    mana_value: int | None = Field(default=None, ge=MANA_VALUE_MIN)
    types: list[str] | None = None
    subtypes: list[str] | None = None
    supertypes: list[str] | None = None
    colors: list[str] | None = None
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: list[Any] | None = None
    counters: dict[str, int] = {}
    token: bool = False
    face_down: bool = False
    tapped: bool = False
    attached_to: str | None = None
    choices: dict[str, str] = {}
    timestamp: float | None = None
    note: str | None = None
    #: an inline double-faced card (712.1, 712.2), and the face that is up (712.8)
    back: FaceModel | None = None
    modal: bool | None = None
    face: Literal["front", "back"] = "front"


class AttachModel(_M):
    object: str
    to: str


class CountersModel(_M):
    """A ``counters`` event: ``{object: id, kind: time, add: -1}`` (a negative number removes)."""

    object: str
    kind: str
    add: int


class LeaveModel(_M):
    object: str
    to: str = "graveyard"


class ResolveModel(_M):
    source: str | None = None
    ability: str | int | None = None
    effect: dict[str, Any] | None = None
    targets: list[str] = []
    x: int | None = Field(default=None, ge=X_MIN)
    id: str | None = None
    name: str | None = None
    controller: str | None = None
    timestamp: float | None = None
    choices: dict[str, str] = {}


class EventModel(_M):
    enter: str | list[str] | None = None
    as_: dict[str, Any] | None = Field(default=None, alias="as")  # 614.12 "enters as ..."
    #: 712.14a "onto the battlefield transformed", 712.13 a modal card cast with its back face up
    face: Literal["front", "back"] | None = None
    with_counters: dict[str, int] = {}
    to: str | None = None
    timestamp: float | None = None
    leave: LeaveModel | str | None = None
    attach: AttachModel | None = None
    resolve: ResolveModel | None = None
    tap: str | None = None
    untap: str | None = None
    turn_face_up: str | None = None
    turn_face_down: str | None = None
    transform: str | None = None
    end_of_turn: bool | None = None
    begin_turn: str | None = None
    untap_step: str | None = None
    end_of_combat: bool | None = None
    counters: CountersModel | None = None
    note: str | None = None


class PlayerModel(_M):
    name: str
    abilities: list[str] = []


class ScenarioModel(_M):
    game: Literal["mtg"]
    name: str | None = None
    #: one text, or one per language (``{en: …, pt-BR: …, es: …}``)
    description: str | dict[str, str] = ""
    source: str = ""
    players: list[str | PlayerModel]
    active_player: str | None = None
    #: 801: limited range of influence, in seats (the order of ``players``): one range for every
    #: player, or one per player (801.2a); a player left out has no limit
    range_of_influence: StrictInt | dict[str, StrictInt] | None = None
    objects: list[dict[str, Any]] = []
    events: list[Any] = []
