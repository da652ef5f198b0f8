"""The object state during a solve, its copy, and its view in the trace.

* :class:`Obj`: one object's working characteristics. Its slots are the one list of
  characteristics (:data:`rulekit.mtg.trace.CHARACTERISTICS`) plus what the layers keep on the
  side (every creature type, 205.3m / 702.73a; "can't have" abilities, 613.1f; choices made as it
  entered; its selector signature).
* :class:`State`: every object at one moment; :meth:`State.fork` is a copy-on-write state for the
  counterfactual 613.8a test.
* 305.6: a basic land type carries its intrinsic mana ability (:func:`sync_intrinsic_abilities`).
* :func:`make_view` / :func:`view_field`: an object as the trace shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any, TypeVar

from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.engine import caches
from rulekit.mtg.model import Ability, ObjectDef, intrinsic_ability
from rulekit.mtg.trace import CHARACTERISTICS, Change, Dependency, ObjectView
from rulekit.mtg.vocab import ALL_CREATURE_TYPES, BASIC_LAND_TYPES

_T = TypeVar("_T")

#: What the layers keep beside the characteristics.
SIDE = ("all_types", "cant_have", "choices", "sig", "on_top", "face", "front_mv")
SLOTS = (*CHARACTERISTICS, *SIDE)


class Obj:
    """The working state of one object during a solve (mutable; copied on write in forks)."""

    __slots__ = SLOTS

    id: str
    name: str
    owner: str
    controller: str
    zone: str | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    abilities: tuple[Ability, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    counters: tuple[tuple[str, int], ...]
    mana_value: int
    token: bool
    face_down: bool
    tapped: bool
    attached_to: str | None
    timestamp: float
    all_types: bool
    cant_have: tuple[str, ...]
    choices: dict[str, str]
    sig: int | None
    #: 404.2: the top card of its owner's graveyard (set by the replay, read by selectors)
    on_top: bool
    #: 712.8: the face of a double-faced card that is up (``front`` for every other object)
    face: str
    #: 712.8e: its mana value is its front face's, not the face up's own (a transforming card
    #: back face up); a copy of it takes 0 (202.3b) (:mod:`rulekit.mtg.engine.faces`)
    front_mv: bool

    def __init__(self, d: ObjectDef) -> None:
        _FROM_DEF(self, d)  # every characteristic as printed, but the two below
        self.subtypes = tuple(s for s in d.subtypes if s != ALL_CREATURE_TYPES)
        self.timestamp = 0
        self.all_types = ALL_CREATURE_TYPES in d.subtypes
        self.cant_have = ()
        self.choices = dict(d.choices)
        self.sig = None
        self.on_top = False
        self.face = "front"
        self.front_mv = False
        sync_intrinsic_abilities(self)

    def copy(self) -> Obj:
        """A shallow copy (every slot; values are immutable or replaced, never mutated in place)."""
        return _COPY(self)

    def sync_intrinsic(self) -> None:
        """305.6: its basic land types' intrinsic mana abilities, as :func:`sync_intrinsic_abilities`
        (an effect kind, which sits below the engine, calls it so)."""
        sync_intrinsic_abilities(self)

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


def _make_copier() -> Callable[[Obj], Obj]:
    """``Obj.copy`` written out slot by slot from :data:`SLOTS` (a loop of setattr is several
    times slower, and objects are copied on every counterfactual write)."""
    body = "".join(f"    new.{s} = obj.{s}\n" for s in SLOTS)
    src = f"def copy(obj):\n    new = new_obj(Obj)\n{body}    return new\n"
    scope: dict[str, Any] = {"Obj": Obj, "new_obj": object.__new__}
    exec(src, scope)  # noqa: S102 - generated from the constant slot list above
    return scope["copy"]  # type: ignore[no-any-return]


_COPY = _make_copier()


def _make_reader() -> Callable[[Obj, ObjectDef], None]:
    """``Obj.__init__``'s copy of the printed characteristics (but subtypes and timestamp, which
    it sets itself), written out as :func:`_make_copier` is."""
    body = "".join(f"    obj.{n} = d.{n}\n" for n in CHARACTERISTICS if n not in ("subtypes", "timestamp"))
    scope: dict[str, Any] = {}
    exec(f"def read(obj, d):\n{body}", scope)  # noqa: S102 - generated from the constant list
    return scope["read"]  # type: ignore[no-any-return]


_FROM_DEF = _make_reader()


def _make_viewer() -> Callable[[Obj], dict[str, Any]]:
    """``{name: getattr(obj, name) for name in CHARACTERISTICS}`` written out as one dict display
    (the comprehension is several times slower, and every solve views each object twice)."""
    items = ", ".join(f"{n!r}: obj.{n}" for n in CHARACTERISTICS)
    scope: dict[str, Any] = {}
    exec(f"def values(obj):\n    return {{{items}}}\n", scope)  # noqa: S102 - from the constant list
    return scope["values"]  # type: ignore[no-any-return]


_VIEW_VALUES = _make_viewer()


class Moves(dict[tuple[int, int], str]):
    """The signature moves of one step (:meth:`State.reindex`): ``(old, new)`` -> one object that
    moved so; :attr:`movers` lists every object of each move."""

    __slots__ = ("movers", "_before")

    def __init__(self) -> None:
        super().__init__()
        self.movers: dict[tuple[int, int], list[str]] = {}
        self._before: dict[str, int] | None = None

    def before(self, oid: str) -> int | None:
        """The signature ``oid`` had before the step, when it moved (``None`` when it did not)."""
        if self._before is None:
            self._before = {o: old for (old, _), movers in self.movers.items() for o in movers}
        return self._before.get(oid)


class State:
    """All objects at one moment. ``fork()`` gives a copy-on-write state for counterfactuals.

    ``memo`` caches selector results by object *signature* (the characteristics a selector can
    read), shared with forks: it is only a cache, never a rule.
    """

    __slots__ = (
        "objs",
        "owned",
        "players",
        "memo",
        "index",
        "where",
        "order",
        "held",
        "copiable",
        "influence",
    )

    def __init__(
        self, objs: dict[str, Obj], players: tuple[str, ...], owned: bool = True, memo: dict | None = None
    ) -> None:
        self.objs = objs
        self.owned: set[str] | None = None if owned else set()
        self.players = players
        self.memo: dict[Any, Any] = {} if memo is None else memo
        #: signature -> ids of the objects that have it (main state only; forks scan objects)
        self.index: dict[int, dict[str, None]] | None = None
        self.where: dict[str, int] = {}
        self.order: dict[str, int] = {}
        #: 707.2: copy effect id -> the copiable values it took when it began (held, not re-read)
        self.held: dict[str, tuple[Any, ...]] = {}
        #: object id -> its copiable values after layer 1 (kept by the solves locking reads)
        self.copiable: dict[str, tuple[Any, ...]] = {}
        #: 801.2: each player's range of influence in seats (no entry: no limit)
        self.influence: dict[str, int] = {}

    def build_index(self) -> None:
        self.index = {}
        self.order = {oid: i for i, oid in enumerate(self.objs)}
        for oid, obj in self.objs.items():
            sig = sig_of(obj)
            self.index.setdefault(sig, {})[oid] = None
            self.where[oid] = sig

    def reindex(self, ids: Iterable[str]) -> Moves:
        """Move written objects to the bucket of their new signature. Returns the moves made:
        ``(old signature, new signature)`` -> one object that made it (and every object of
        each move, :attr:`Moves.movers`)."""
        moves = Moves()
        if self.index is None:
            return moves
        movers = moves.movers
        for oid in ids:
            old = self.where[oid]
            new = sig_of(self.objs[oid])
            if new == old:
                continue
            got = movers.get((old, new))
            if got is None:
                moves[(old, new)] = oid
                movers[(old, new)] = [oid]
            else:
                got.append(oid)
            bucket = self.index[old]
            del bucket[oid]
            if not bucket:
                del self.index[old]
            self.index.setdefault(new, {})[oid] = None
            self.where[oid] = new
        return moves

    def fork(self) -> State:
        forked = State(dict(self.objs), self.players, owned=False, memo=self.memo)
        forked.held = self.held
        return forked

    def w(self, oid: str) -> Obj:
        """The object, writable (copied first in a fork); its signature is recomputed later."""
        if self.owned is None:
            obj = self.objs[oid]
        else:
            if oid not in self.owned:
                self.objs[oid] = self.objs[oid].copy()
                self.owned.add(oid)
            obj = self.objs[oid]
        obj.sig = None
        return obj


def sig_of(obj: Obj) -> int:
    """What a selector condition can read of an object, as a small interned number (cached on
    the object until it is written): objects alike share it, so selectors test them once."""
    s = obj.sig
    if s is None:
        key = (
            obj.zone,
            obj.controller,
            obj.owner,
            obj.types,
            obj.subtypes,
            obj.supertypes,
            obj.colors,
            obj.all_types,
            obj.tapped,
            obj.face_down,
            obj.on_top,
            obj.token,
            obj.counters,
        )
        s = caches.SIG_IDS.get(key)
        if s is None:
            s = caches.SIG_IDS[key] = next(caches.SIG_COUNTER)
        obj.sig = s
    return s


def sync_intrinsic_abilities(obj: Obj) -> None:
    """305.6: an object with a basic land type has that type's intrinsic mana ability.

    Called whenever layer 4 changes subtypes: abilities of types the object no longer has go,
    those of new types come (in WUBRG order, after its other abilities).
    """
    wanted = tuple(t for t in BASIC_LAND_TYPES if t in obj.subtypes)
    key = (id(obj.abilities), wanted)
    memo = caches.SYNC_MEMO
    hit = memo.get(key)
    if hit is not None and hit[0] is obj.abilities:
        obj.abilities = hit[1]
        return
    before = obj.abilities
    have = tuple(a.intrinsic for a in before if a.kind == AbilityKind.INTRINSIC)
    if have != wanted:
        kept = tuple(a for a in before if a.kind != AbilityKind.INTRINSIC or a.intrinsic in wanted)
        present = {a.intrinsic for a in kept if a.kind == AbilityKind.INTRINSIC}
        added = tuple(intrinsic_ability(t) for t in wanted if t not in present)
        obj.abilities = kept + added
    if len(memo) > caches.SYNC_MEMO_MAX:
        memo.clear()
    memo[key] = (before, obj.abilities)


# ====================================================================================== views
def view_field(obj: Obj, name: str) -> Any:
    """One characteristic as the trace shows it (power/toughness ``None`` for non-creatures)."""
    if name == "subtypes":
        return obj.subtypes + ((ALL_CREATURE_TYPES,) if obj.all_types else ())
    if name == "abilities":
        return tuple(a.text for a in obj.abilities)
    if name in ("power", "toughness"):
        if not obj.is_creature:
            return None
        v = getattr(obj, name)
        return 0 if v is None else v
    return getattr(obj, name)


def make_view(obj: Obj) -> ObjectView:
    """The trace's view of an object (the values :func:`view_field` gives)."""
    values = _VIEW_VALUES(obj)
    if "Creature" in obj.types:
        values["power"] = 0 if obj.power is None else obj.power
        values["toughness"] = 0 if obj.toughness is None else obj.toughness
    else:
        values["power"] = values["toughness"] = None
    values["zone"] = obj.zone or "outside"
    values["subtypes"] = obj.subtypes + ((ALL_CREATURE_TYPES,) if obj.all_types else ())
    values["abilities"] = _ability_texts(obj.abilities)
    values["counters"] = tuple(sorted(obj.counters))
    values["timestamp"] = num(obj.timestamp)
    return frozen(ObjectView, values)


def num(v: Any) -> Any:
    """A timestamp as the trace shows it: ``2.0`` -> ``2``."""
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def _ability_texts(abilities: tuple[Ability, ...]) -> tuple[str, ...]:
    """``tuple(a.text for a in abilities)``, once per abilities tuple (alike objects share one)."""
    memo = caches.TEXTS
    hit = memo.get(id(abilities))
    if hit is not None and hit[0] is abilities:
        return hit[1]
    texts = tuple(a.text for a in abilities)
    if len(memo) > caches.TEXTS_MAX:
        memo.clear()
    memo[id(abilities)] = (abilities, texts)
    return texts


def frozen(cls: type[_T], values: dict[str, Any]) -> _T:
    """``cls(**values)`` for a frozen trace dataclass given *all* its fields, without the
    generated ``__init__`` (which sets each field through ``object.__setattr__``, several times
    slower; the trace is built from thousands of these). Equal to the constructed object."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def change(object_id: str, characteristic: str, before: Any, after: Any) -> Change:
    """``Change(object_id, characteristic, before, after)``, built as :func:`frozen` does."""
    obj = object.__new__(Change)
    d = obj.__dict__  # item by item: no keyword dict to build (a solve makes ~100,000 of these)
    d["object_id"] = object_id
    d["characteristic"] = characteristic
    d["before"] = before
    d["after"] = after
    return obj


def dependency(
    effect: str, depends_on: str, layer: str, kind: str, params: tuple[tuple[str, Any], ...]
) -> Dependency:
    """``Dependency(effect, depends_on, layer, kind, params)``, built as :func:`frozen` does (its
    English reason is made from the code when read, :attr:`Dependency.reason`)."""
    obj = object.__new__(Dependency)
    obj.__dict__.update(effect=effect, depends_on=depends_on, layer=layer, kind=kind, params=params)
    return obj


def _check_frozen_classes() -> None:
    """:func:`frozen` is only valid for plain dataclasses (no ``__post_init__``, no slots) given
    every field: a change to the trace classes fails loudly here, at import, not in a trace."""
    given = {
        ObjectView: frozenset(CHARACTERISTICS),
        Change: frozenset({"object_id", "characteristic", "before", "after"}),
    }
    if {f.name for f in fields(Dependency)} != {"effect", "depends_on", "layer", "kind", "params"}:
        raise TypeError("Dependency changed: update how the engine builds it (state.dependency)")
    for cls, keys in given.items():
        if (
            hasattr(cls, "__post_init__")
            or "__slots__" in cls.__dict__
            or {f.name for f in fields(cls)} != keys
        ):
            raise TypeError(f"{cls.__name__} changed: update how the engine builds it (frozen)")


_check_frozen_classes()
