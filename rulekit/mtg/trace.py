"""The MTG engine's trace: plain, frozen, JSON-able data that every view and widget reads.

A :class:`Trace` is what :func:`rulekit.mtg.solve` returns. It records, in application order,
every applied effect part (a :class:`Step`): its layer label, the objects it touched, and the
before -> after of each characteristic it changed (:class:`Change`); the dependencies judged
among the effects still waiting just before the step (:class:`Dependency`, each with a reason
in plain English); the loops found; and why the step came when it did.

Every value stored here is a ``str``, ``int``, ``bool``, ``None`` or a tuple of those (or of
other trace dataclasses), so ``to_json_dict()`` is a straight conversion. Nothing in this module
knows any rule: :meth:`Trace.state_after` only replays the recorded changes.

Layer labels depend on the edition (``ruleset``): ``seed`` uses ``1 2 3 4 5 6 7a 7b 7c 7d 7e``,
``current`` uses ``1a 1b 2 3 4 5 6 7a 7b 7c 7d`` (counters are in 7c, switching is 7d). After
the object layers come ``players`` (613.10) and ``rules`` (613.11). ``Step.rank`` is an
edition-independent position, so two traces of the same scenario in the two editions can be
compared step by step.

>>> v = ObjectView(id="bears", name="Grizzly Bears", owner="Ann", controller="Ann",
...                zone="battlefield", types=("Creature",), subtypes=("Bear",),
...                colors=("green",), power=2, toughness=2)
>>> step = Step(index=0, effect="anthem", source="anthem", layer="7c", timestamp=2,
...             why="timestamp", objects=("bears",),
...             changes=(Change("bears", "power", 2, 3), Change("bears", "toughness", 2, 3)))
>>> t = Trace(ruleset="seed", scenario="demo", steps=(step,), initial={"bears": v},
...           final={"bears": replace(v, power=3, toughness=3)})
>>> t.state_after(0)["bears"].power, t.state_after(1)["bears"].power
(2, 3)
>>> t.to_json_dict()["applied"]
[{'effect': 'anthem', 'layer': '7c', 'objects': ['bears']}]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rulekit.mtg import messages

__all__ = [
    "CHARACTERISTICS",
    "COPIABLE",
    "Change",
    "Dependency",
    "EffectInfo",
    "ObjectView",
    "PlayerView",
    "Step",
    "Trace",
]

#: What a Change may hold: JSON scalars or tuples of them (tuples become JSON lists).
Value = Any

#: The one list of an object's characteristics and situation (what an :class:`ObjectView` holds,
#: in its field order). The engine's object state (``rulekit.mtg.engine.state``) has these slots,
#: its copy copies them, and the views read them.
CHARACTERISTICS: tuple[str, ...] = (
    "id",
    "name",
    "owner",
    "controller",
    "zone",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "power",
    "toughness",
    "loyalty",
    "counters",
    "mana_value",
    "token",
    "face_down",
    "tapped",
    "attached_to",
    "timestamp",
)
#: 707.2: the copiable values among them (what a copy effect, 613.2a, and a face-down
#: permanent, 708.2a, overwrite), in the order a step lists its changes.
COPIABLE: tuple[str, ...] = (
    "name",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "abilities",
    "power",
    "toughness",
    "mana_value",
    "loyalty",
)


@dataclass(frozen=True)
class EffectInfo:
    """One continuous effect known to the solve (applied or not).

    Attributes:
        id: stable id, usable with ``--without`` (e.g. ``humility``, ``gideon.0``).
        name: human name, e.g. ``"Humility"`` or ``"Gideon Jura: 0"``.
        source: id of the object whose ability generated it, or ``None``.
        origin: ``"static"`` (static ability), ``"cda"`` (characteristic-defining ability),
            ``"resolved"`` (a resolved spell or ability) or ``"counters"`` (the game's
            counters step, 613.4d seed / 613.4c current).
        timestamp: its timestamp (613.7); ``None`` for the counters step.
        layers: the layer labels it has a part in, in layer order.
        text: the rules text that generates it.
        duration: ``"indefinite"``, ``"until end of turn"``, ``"for as long as ..."``,
            ``"while the source is on the battlefield"``.
        active: whether it applied at all in this solve.
        affects: the selector text (or ``"targets"``), for display.
        locked: the objects of a set fixed when the effect began (611.2c), else ``None``.
        note_code: why it is inactive, when it is (``ended``, ``never_started``,
            ``ability_removed``, ``switched_off``, ``illegal_target`` when every target was illegal
            on resolution, 608.2b; for an active resolved effect, ``illegal_target`` when some
            target was), or ``did_not_apply``; ``""`` when it applied. A code of
            :data:`rulekit.mtg.messages.NOTE`, rendered in any language by
            :func:`rulekit.mtg.messages.note_text`.
        note_params: its parameters, as ``(key, value)`` pairs.
        name_code: ``name`` as a code of :data:`rulekit.mtg.messages.NAME` (``ability``,
            ``static``, ``face_down``, ``enters_as``, ``counters``...; ``""``: written by hand).
        name_params: its parameters (the card's name, the ability's label, the choices made).
    """

    id: str
    name: str
    source: str | None
    origin: str
    timestamp: int | float | None
    layers: tuple[str, ...] = ()
    text: str = ""
    duration: str = "indefinite"
    active: bool = True
    affects: str = ""
    locked: tuple[str, ...] | None = None
    note_code: str = ""
    note_params: tuple[tuple[str, Any], ...] = ()
    name_code: str = ""
    name_params: tuple[tuple[str, Any], ...] = ()

    @property
    def note(self) -> str:
        """The note in English (:func:`rulekit.mtg.messages.note_text`); views render the code in
        the reader's language instead."""
        return messages.note_text(self.note_code, self.note_params) if self.note_code else ""

    def to_json_dict(self) -> dict[str, Any]:
        return _plain(self)


@dataclass(frozen=True)
class Change:
    """One characteristic of one object (or player, or rule) before and after a step.

    ``object_id`` is an object id; for player steps it is the player's name and for rules
    steps it is ``"rules"`` (with ``characteristic`` such as ``"max_hand_size.Ann"``).
    """

    object_id: str
    characteristic: str
    before: Value
    after: Value


@dataclass(frozen=True)
class Dependency:
    """``effect`` depends on ``depends_on`` in ``layer`` (613.8a), for a reason given as data.

    ``kind`` is the reason's stable code, which clause of 613.8a(b) held: ``"existence"``,
    ``"text"``, ``"applies_to"`` or ``"what_it_does"``; ``params`` its parameters as
    ``(key, value)`` pairs (the names involved, the condition's text...). The sentence is made
    from them in any language by :func:`rulekit.mtg.messages.dependency_text`; :attr:`reason`
    is its English (the ``--json`` output's ``reason``).
    """

    effect: str
    depends_on: str
    layer: str
    kind: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def code(self) -> str:
        """The reason's stable code (``kind``)."""
        return self.kind

    @property
    def reason(self) -> str:
        """The reason in English, made from its code when read (a big board's solve judges
        thousands of dependencies whose sentence nobody reads)."""
        return messages.dependency_text(self.kind, self.params) if self.kind else ""


@dataclass(frozen=True)
class Step:
    """One applied effect part, in application order.

    Attributes:
        index: 0-based position in the application order.
        effect: the effect id.
        source: the effect's source object id (or ``None``).
        layer: the layer label in this edition ("1".."6", "7a".."7e", "1a", "players", "rules").
        timestamp: the effect's timestamp.
        why: a code: ``"cda"`` (CDAs first), ``"timestamp"`` (earliest independent effect),
            ``"dependency"`` (it had waited on the effects in ``waited_on``), ``"waited_on"``
            (it went first only because earlier-timestamped effects, ``waited_by``, waited on
            it), ``"loop"`` (every remaining effect waited on another; applied as the earliest
            loop member) or ``"counters"`` (the counters step, which has no timestamp).
        waited_on: ids of effects this one had waited for in this layer.
        waited_by: for ``why == "waited_on"``, the earlier-timestamped effects that waited on it.
        objects: ids of the objects (or players) it applied to, sorted.
        changes: before -> after for every characteristic it changed.
        dependencies: the dependencies among the not-yet-applied effects of this layer, judged
            just before this step (613.8c re-judges them after every step).
        loop: members of the loop this step was taken from, when ``why == "loop"``.
        rank: an edition-independent sort key of the layer (equal in both editions).
    """

    index: int
    effect: str
    source: str | None
    layer: str
    timestamp: int | float | None
    why: str
    waited_on: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()
    dependencies: tuple[Dependency, ...] = ()
    loop: tuple[str, ...] = ()
    rank: int = 0
    waited_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class ObjectView:
    """The characteristics of one object at one moment.

    Power and toughness are ``None`` for a non-creature. Colours are lowercase English words;
    types, subtypes and keywords are spelled as printed. ``counters`` is a tuple of
    ``(kind, number)`` pairs sorted by kind; ``abilities`` holds each ability's text.
    """

    id: str
    name: str
    owner: str
    controller: str
    zone: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    mana_value: int = 0
    token: bool = False
    face_down: bool = False
    tapped: bool = False
    attached_to: str | None = None
    timestamp: int | float | None = None

    def to_json_dict(self) -> dict[str, Any]:
        """The object as in the CLI contract (LANGUAGE.md §10, ``rulekit solve --json``)."""
        return {
            "name": self.name,
            "owner": self.owner,
            "controller": self.controller,
            "zone": self.zone,
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "supertypes": list(self.supertypes),
            "colors": list(self.colors),
            "abilities": list(self.abilities),
            "power": self.power,
            "toughness": self.toughness,
            "counters": dict(self.counters),
            "tapped": self.tapped,
            "attached_to": self.attached_to,
            "face_down": self.face_down,
            "mana_value": self.mana_value,
        }

    @property
    def pt(self) -> str:
        """``"2/2"``, or ``"—"`` for a non-creature."""
        if self.power is None or self.toughness is None:
            return "—"
        return f"{self.power}/{self.toughness}"


@dataclass(frozen=True)
class PlayerView:
    """A player after (or before) the player effects (613.10)."""

    name: str
    abilities: tuple[str, ...] = ()
    life: int = 20


def _advance(views: dict[str, ObjectView], step: Step) -> None:
    """``views`` after ``step``: one new view per object it changes, with all of its changes."""
    changed: dict[str, dict[str, Any]] = {}
    for ch in step.changes:
        if ch.object_id in views and ch.characteristic in _VIEW_FIELDS:
            changed.setdefault(ch.object_id, {})[ch.characteristic] = ch.after
    for oid, values in changed.items():
        views[oid] = replace(views[oid], **values)


@dataclass(frozen=True)
class Trace:
    """The whole solve, as plain data. See the module docstring."""

    ruleset: str
    scenario: str
    effects: tuple[EffectInfo, ...] = ()
    steps: tuple[Step, ...] = ()
    dependencies: tuple[Dependency, ...] = ()
    loops: tuple[tuple[str, ...], ...] = ()
    initial: dict[str, ObjectView] = field(default_factory=dict)
    final: dict[str, ObjectView] = field(default_factory=dict)
    players: dict[str, PlayerView] = field(default_factory=dict)
    initial_players: dict[str, PlayerView] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    initial_rules: dict[str, Any] = field(default_factory=dict)
    active_player: str | None = None
    dependency: bool = True

    # ----------------------------------------------------------------- navigation
    def effect(self, effect_id: str) -> EffectInfo:
        """The :class:`EffectInfo` with this id (``KeyError`` if unknown)."""
        for e in self.effects:
            if e.id == effect_id:
                return e
        raise KeyError(effect_id)

    @property
    def applied(self) -> tuple[str, ...]:
        """Effect ids in application order (one entry per applied layer part)."""
        return tuple(s.effect for s in self.steps)

    def state_after(self, k: int) -> dict[str, ObjectView]:
        """Object views after the first ``k`` steps, replayed from the recorded changes.

        ``state_after(0)`` is :attr:`initial`; ``state_after(len(steps))`` equals :attr:`final`.
        """
        if k < 0:
            k = max(0, len(self.steps) + k)
        views = dict(self.initial)
        for step in self.steps[:k]:
            _advance(views, step)
        return views

    def states_around(self, k: int) -> tuple[dict[str, ObjectView], dict[str, ObjectView]]:
        """``(state_after(k - 1), state_after(k))``, replayed once."""
        if not 1 <= k <= len(self.steps):
            return self.state_after(k - 1), self.state_after(k)
        before = self.state_after(k - 1)
        after = dict(before)
        _advance(after, self.steps[k - 1])
        return before, after

    def players_after(self, k: int) -> dict[str, PlayerView]:
        """Player views after the first ``k`` steps."""
        views = dict(self.initial_players)
        for step in self.steps[:k]:
            for ch in step.changes:
                view = views.get(ch.object_id)
                if view is None or ch.characteristic != "abilities" or ch.object_id in self.initial:
                    continue
                views[ch.object_id] = replace(view, abilities=ch.after)
        return views

    # ----------------------------------------------------------------- JSON
    def to_json_dict(self) -> dict[str, Any]:
        """Exactly the ``rulekit solve --json`` contract (LANGUAGE.md §10)."""
        return {
            "ruleset": self.ruleset,
            "objects": {oid: self.final[oid].to_json_dict() for oid in sorted(self.final)},
            "players": {
                name: {"abilities": list(self.players[name].abilities)} for name in sorted(self.players)
            },
            "rules": {key: _sorted_plain(value) for key, value in sorted(self.rules.items())},
            "applied": [
                {"effect": s.effect, "layer": s.layer, "objects": list(s.objects)} for s in self.steps
            ],
            "dependencies": [
                {
                    "effect": d.effect,
                    "depends_on": d.depends_on,
                    "layer": d.layer,
                    "reason": d.reason,
                    "code": d.kind,
                }
                for d in self.dependencies
            ],
            "loops": [list(loop) for loop in self.loops],
        }

    def to_json(self, indent: int | None = 2) -> str:
        """Deterministic JSON text of :meth:`to_json_dict` (sorted keys inside objects)."""
        return json.dumps(self.to_json_dict(), indent=indent, sort_keys=True, ensure_ascii=False)

    def full_dict(self) -> dict[str, Any]:
        """Everything in the trace as plain data (steps with changes, effects, initial views)."""
        return _plain(self)

    def __repr__(self) -> str:
        return (
            f"<Trace {self.scenario!r} ruleset={self.ruleset} effects={len(self.effects)} "
            f"steps={len(self.steps)} dependencies={len(self.dependencies)} loops={len(self.loops)}>"
        )


_VIEW_FIELDS = frozenset(f.name for f in fields(ObjectView))
if tuple(f.name for f in fields(ObjectView)) != CHARACTERISTICS:  # the one list, kept true
    raise TypeError("ObjectView's fields and CHARACTERISTICS differ: change both together")


def _sorted_plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted_plain(value[k]) for k in sorted(value)}
    if isinstance(value, tuple | list):
        return [_sorted_plain(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    """Dataclasses -> dicts, tuples -> lists, recursively."""
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
