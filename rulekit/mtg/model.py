"""The MTG model: abilities, effect specs, object definitions and the scenario (LANGUAGE.md).

Everything here is immutable data. An :class:`EffectSpec` is built once, by :func:`build_spec`,
from the same mapping a card file or a scenario file holds (LANGUAGE.md §3); :class:`Ability`
wraps one ability (its printed text plus, for static/CDA/resolving abilities, the spec built when
the ability is). The canonical JSON of the mapping (:attr:`EffectSpec.canon`) is only a key: it
identifies the spec and is never read back. Layer 3 text changes produce *new* abilities whose
text and spec have the words replaced (:meth:`Ability.rewritten`), so the effects they generate
change with them.

A :class:`Scenario` is the validated content of a scenario file: players, objects, events.
It is pure data and imports nothing from the engine: the edits that need the scenario replayed
(its effects, reordering them, switching them off) are :func:`rulekit.mtg.effects`,
:func:`rulekit.mtg.with_order`, :func:`rulekit.mtg.with_timestamps` and :func:`rulekit.mtg.without`
(:mod:`rulekit.mtg.engine.edits`); they return new scenarios.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rulekit.i18n import pick
from rulekit.mtg.codes import AbilityKind, EventKind
from rulekit.mtg.expressions import Expr, TargetRule, parse_target_rule
from rulekit.mtg.kinds import Kind, section_mapping, sections
from rulekit.mtg.kinds.base import SUBLAYERS
from rulekit.mtg.selectors import (
    Condition,
    Selector,
    parse_condition,
    parse_selector,
)
from rulekit.mtg.vocab import BASIC_LAND_TYPES, KEYWORDS, activated_keyword, counter_name, rewrite_words

#: Layer labels per edition (rules-notes "Two editions of layer 7"; 613.2 current has 1a/1b).
LAYER_LABELS: dict[str, dict[str, str]] = {
    "seed": {
        "copy": "1",
        "face_down": "1",
        "control": "2",
        "text": "3",
        "type": "4",
        "color": "5",
        "abilities": "6",
        "pt_cda": "7a",
        "pt_set": "7b",
        "pt_modify": "7c",
        "pt_counters": "7d",
        "pt_switch": "7e",
        "players": "players",
        "rules": "rules",
    },
    "current": {
        "copy": "1a",
        "face_down": "1b",
        "control": "2",
        "text": "3",
        "type": "4",
        "color": "5",
        "abilities": "6",
        "pt_cda": "7a",
        "pt_set": "7b",
        "pt_modify": "7c",
        "pt_counters": "7c",
        "pt_switch": "7d",
        "players": "players",
        "rules": "rules",
    },
}
RULESETS = tuple(LAYER_LABELS)


def layer_label(sublayer: str, ruleset: str) -> str:
    """The label of an internal sublayer in an edition.

    >>> layer_label("pt_counters", "seed"), layer_label("pt_counters", "current")
    ('7d', '7c')
    >>> layer_label("pt_switch", "seed"), layer_label("pt_switch", "current")
    ('7e', '7d')
    """
    return LAYER_LABELS[ruleset][sublayer]


#: The durations an effect may have (LANGUAGE.md §3; 611.2a, 514.2); "for as long as
#: <condition>" is read by the condition grammar (§6).
DURATIONS = (
    "indefinite",
    "until end of turn",
    "while source on battlefield",
    "while the source is on the battlefield",
    "until your next turn",
    "until its controller's next untap step",
    "until end of combat",
)


def _canon(raw: Any) -> str:
    return json.dumps(raw, sort_keys=True, ensure_ascii=False)


def _plain(value: Any) -> Any:
    """A fresh copy of a spec's mapping as JSON holds it (mappings -> dicts, sequences -> lists)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _counters(value: Any) -> tuple[tuple[str, int], ...]:
    """``{+1/+1: 2}`` as ``(("+1/+1", 2),)`` (614.1c), by kind."""
    return tuple(sorted((counter_name(str(k)), int(n)) for k, n in dict(value or {}).items()))


@dataclass(frozen=True, eq=False)
class EffectSpec:
    """An effect spec (LANGUAGE.md §3), built from its mapping by :func:`build_spec`.

    ``canon`` is the canonical JSON of the source mapping: a key (equality, hashing, caches), never
    parsed again; ``mapping`` is the mapping itself (:meth:`data`). Only the fields of the parts
    present are meaningful; ``sublayers`` lists them in order. Two specs are equal when built from
    the same mapping for the same kind of ability (a CDA's P/T is layer 7a, 604.3).
    """

    canon: str
    affects_text: str | None = None
    affects: Selector | None = None
    duration: str = ""
    condition: Condition | None = None
    players: str | None = None
    #: ``targets_must``: what each target must still be when it resolves (601.2c, 608.2b)
    target_rule: TargetRule | None = None
    sublayers: tuple[str, ...] = ()
    #: the effect kinds it holds (:mod:`rulekit.mtg.kinds`), by the sublayer that applies them:
    #: ``{sublayer: ((kind, its parameters), ...)}``, each sublayer's in the order they apply
    kinds: Mapping[str, tuple[tuple[Kind, Any], ...]] = field(default_factory=dict)
    #: the number phrases its kinds hold (:meth:`~rulekit.mtg.kinds.base.Kind.exprs`): a resolved
    #: effect fixes their values as it resolves (611.2c)
    exprs: tuple[Expr, ...] = ()
    #: the source mapping (plain dicts and lists); read through :meth:`data`
    mapping: Any = field(default=None, repr=False)
    #: why the mapping could not be read, else ``None``: an open ``{chosen …}`` placeholder (a
    #: choice fills it later), or a word a choice filled in that does not read. The loader reports
    #: it where it was written (``check_filled``); the engine makes no effect of it (:meth:`read`)
    unread: ValueError | None = field(default=None, repr=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EffectSpec):
            return NotImplemented
        return self is other or (self.canon == other.canon and self.sublayers == other.sublayers)

    def __hash__(self) -> int:
        return hash((self.canon, self.sublayers))

    def data(self) -> dict[str, Any]:
        """The source mapping (a fresh copy)."""
        return dict(_plain(self.mapping or {}))

    def read(self) -> EffectSpec:
        """This spec, to make an effect of: raises the error that kept its mapping from being read."""
        if self.unread is not None:
            raise self.unread
        return self

    def kinds_in(self, sub: str) -> tuple[tuple[Kind, Any], ...]:
        """The kinds it holds that apply in one sublayer, with their parameters, in order."""
        return self.kinds.get(sub, ())

    def value(self, name: str) -> Any:
        """The parameters of the kind named ``name`` it holds (``None``: it holds none)."""
        for pairs in self.kinds.values():
            for kind, value in pairs:
                if kind.name == name:
                    return value
        return None


#: specs already built, by (canonical JSON, CDA): one object per spec while it is in use, so the
#: engine's memos keyed by a spec's (or its selectors') identity are shared by abilities alike
_BUILT: OrderedDict[tuple[str, bool], EffectSpec] = OrderedDict()
_BUILT_MAX = 4096
_BUILT_LOCK = threading.Lock()


def build_spec(data: Mapping[str, Any], cda: bool = False) -> EffectSpec:
    """The :class:`EffectSpec` of a validated effect mapping (LANGUAGE.md §3), for a CDA's ability
    when ``cda`` (its P/T is set in layer 7a, 604.3, else 7b). The one place a spec is built: an
    :class:`Ability` (:func:`ability_from_data`), an event's effect and the engine's own effects
    (face down, counters) call it once, when they are made."""
    canon = _canon(data)
    key = (canon, cda)
    with _BUILT_LOCK:
        got = _BUILT.get(key)
        if got is not None:
            _BUILT.move_to_end(key)
            return got
    plain = _plain(data)
    try:
        spec = _build(canon, plain, cda)
    except ValueError as exc:  # a SelectorError: "{chosen color}" is no selector word yet
        spec = EffectSpec(canon=canon, mapping=plain, unread=exc.with_traceback(None))
    with _BUILT_LOCK:
        spec = _BUILT.setdefault(key, spec)
        _BUILT.move_to_end(key)
        if len(_BUILT) > _BUILT_MAX:
            _BUILT.popitem(last=False)
    return spec


def _build(canon: str, raw: dict[str, Any], cda: bool) -> EffectSpec:
    kw: dict[str, Any] = {"canon": canon, "mapping": raw}
    subs: list[str] = []
    if raw.get("affects") is not None:
        kw["affects_text"] = str(raw["affects"])
        if str(raw["affects"]).strip().lower() not in ("targets", "target", "target player"):
            kw["affects"] = parse_selector(str(raw["affects"]))
    kw["duration"] = str(raw.get("duration") or "")
    if raw.get("condition"):
        kw["condition"] = parse_condition(str(raw["condition"]))
    if kw["duration"].lower().startswith("for as long as"):
        kw["condition"] = parse_condition(kw["duration"])
    kw["players"] = raw.get("players")
    if raw.get("targets_must"):
        kw["target_rule"] = parse_target_rule(str(raw["targets_must"]))
    kw["kinds"] = kinds = _kinds(raw, cda, subs)
    kw["exprs"] = tuple(e for pairs in kinds.values() for kind, value in pairs for e in kind.exprs(value))
    kw["sublayers"] = tuple(s for s in SUBLAYERS if s in subs)
    return EffectSpec(**kw)


class _Make:
    """What the effect kinds' :meth:`~rulekit.mtg.kinds.base.Kind.build` may make (:class:`Make`)."""

    def ability(self, data: Any, key: str = "") -> Ability:
        return ability_from_data(data, key)


_MAKE = _Make()


def _kinds(raw: dict[str, Any], cda: bool, subs: list[str]) -> dict[str, tuple[tuple[Kind, Any], ...]]:
    """The registered effect kinds the mapping holds, read by each kind's own ``build``
    (:mod:`rulekit.mtg.kinds`); a section that is there puts its kinds' sublayers in ``subs``."""
    out: dict[str, list[tuple[Kind, Any]]] = {}
    for section, kinds in sections().items():
        part = section_mapping(section, raw.get(section))
        if not part:
            continue
        for kind in kinds:
            sub = kind.sublayer_for(cda)
            if sub not in subs:
                subs.append(sub)
            if kind.present(part):
                out.setdefault(sub, []).append((kind, kind.build(part, _MAKE)))
    return {sub: tuple(pairs) for sub, pairs in out.items()}


# ---------------------------------------------------------------------------------- abilities
@dataclass(frozen=True)
class Ability:
    """One ability of an object.

    ``kind``: ``keyword``, ``text`` (not modelled), ``static``, ``cda``, ``resolves``
    (activated/triggered/spell effect, used by ``resolve`` events) or ``intrinsic`` (a basic
    land type's mana ability, 305.6). ``spec`` is the effect spec of a static, CDA or resolving
    ability (built with the ability, :func:`ability_from_data`; one that still waits for a choice
    is kept unread, :attr:`EffectSpec.unread`), else ``None``.
    ``granted_ts`` is the timestamp of the effect that granted it (613.7a: a static
    ability's effect takes the later of its object's and its granter's timestamp).
    """

    text: str
    kind: AbilityKind = AbilityKind.TEXT
    key: str = ""
    spec: EffectSpec | None = None
    zone: str = "battlefield"
    intrinsic: str = ""
    granted_ts: float | None = None
    granted_by: str = ""
    #: 614.1c "This creature enters with N <kind> counters on it": ``((kind, n), ...)``
    enters_with: tuple[tuple[str, int], ...] = ()
    #: the ability as written, before its object's choices filled its ``{chosen …}``
    #: placeholders (``None``: it has none). 707.6: a copy does not copy those choices; it fills
    #: them with its own (:meth:`refilled`)
    written: Any = field(default=None, compare=False, hash=False, repr=False)

    @property
    def canon(self) -> str:
        """The canonical JSON of its effect spec ("" without one): a key, never parsed."""
        return self.spec.canon if self.spec is not None else ""

    @property
    def activated(self) -> bool:
        """602.1: an activated ability is written "[Cost]: [Effect.]" (a colon outside any quoted
        ability, in an ability that does not trigger: "When", "Whenever", "At"), or is a keyword
        ability that 702 defines as activated (Equip 702.6a, Cycling 702.29a...: written bare or
        with reminder text, :func:`rulekit.mtg.vocab.activated_keyword`). A basic land type's
        mana ability is one (305.6); static abilities and CDAs are not."""
        if self.kind in (AbilityKind.STATIC, AbilityKind.CDA):
            return False
        if self.kind == AbilityKind.INTRINSIC or activated_keyword(self.text) is not None:
            return True
        if self.kind == AbilityKind.KEYWORD:
            return False
        cost, colon, _ = self.text.partition(":")
        return bool(colon) and '"' not in cost and not cost.lower().startswith(("when ", "whenever ", "at "))

    @property
    def generates(self) -> bool:
        """Whether it generates a continuous effect by itself (static ability or CDA)."""
        return self.kind in (AbilityKind.STATIC, AbilityKind.CDA)

    def refilled(self, choices: Mapping[str, str] | None) -> Ability:
        """707.6: this ability as a copy has it: its ``{chosen …}`` placeholders filled with the
        copy's own choices (``None``: the copy made none, as an object that becomes a copy
        without entering; then an ability that needs one does nothing: its printed text only).
        Its key stays (the copy's ids)."""
        if self.written is None:
            return self
        got = build_abilities([self.written], dict(choices or {}))[0]
        if got.spec is not None and (got.spec.unread is not None or "{chosen " in got.canon):
            return replace(self, kind=AbilityKind.TEXT, spec=None, text=got.text)
        return replace(got, key=self.key, written=self.written)

    def rewritten(self, old: str, new: str) -> Ability:
        """This ability with ``old`` replaced by ``new`` in its text and its data (layer 3)."""
        text = rewrite_words(self.text, old, new)
        spec = self.spec
        if spec is not None:
            spec = build_spec(_rewrite_data(spec.mapping, old, new), self.kind == AbilityKind.CDA)
        if text == self.text and spec == self.spec:
            return self
        return replace(self, text=text, spec=spec)


def _rewrite_data(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return rewrite_words(value, old, new)
    if isinstance(value, list):
        return [_rewrite_data(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _rewrite_data(v, old, new) for k, v in value.items()}
    return value


def intrinsic_ability(land_type: str) -> Ability:
    """The intrinsic mana ability of a basic land type (305.6)."""
    return Ability(BASIC_LAND_TYPES[land_type], kind=AbilityKind.INTRINSIC, intrinsic=land_type)


def ability_from_data(data: Any, key: str = "") -> Ability:
    """An ability from its card/scenario form (LANGUAGE.md §2)."""
    if isinstance(data, Ability):
        return data
    if isinstance(data, str):
        kind = (
            AbilityKind.KEYWORD
            if data in KEYWORDS or data.lower().startswith("protection from")
            else AbilityKind.TEXT
        )
        return Ability(data, kind=kind, key=key)
    data = dict(data)
    text = str(data.get("text") or "")
    key = str(data.get("key", key) or "")
    if data.get("enters_with"):
        counters = _counters(data["enters_with"])
        return Ability(text or "enters with counters", kind=AbilityKind.TEXT, key=key, enters_with=counters)
    for kind in (AbilityKind.STATIC, AbilityKind.CDA, AbilityKind.RESOLVES):
        if data.get(kind) is not None:
            spec = dict(data[kind])
            if data.get("condition") and kind == AbilityKind.STATIC:
                spec.setdefault("condition", data["condition"])
            return Ability(
                text or kind.value,
                kind=kind,
                key=key,
                spec=build_spec(spec, kind == AbilityKind.CDA),
                zone=str(data.get("zone") or "battlefield"),
            )
    return Ability(text, kind=AbilityKind.KEYWORD if text in KEYWORDS else AbilityKind.TEXT, key=key)


# ---------------------------------------------------------------------------------- objects
def _fill(value: Any, fills: list[tuple[str, str]]) -> Any:
    """``value`` (an ability's mapping) with every ``{chosen <what>}`` replaced, in its strings and
    keys, one choice after the other (LANGUAGE.md §3)."""
    if isinstance(value, str):
        for placeholder, filled in fills:
            value = value.replace(placeholder, filled)
        return value
    if isinstance(value, Mapping):
        return {_fill(k, fills): _fill(v, fills) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_fill(v, fills) for v in value]
    return value


def build_abilities(items: list[Any], choices: dict[str, str]) -> tuple[Ability, ...]:
    """Abilities of an object, with keys (LANGUAGE.md §2) and ``{chosen ...}`` filled in."""
    generating = [i for i, a in enumerate(items) if isinstance(a, dict) and (a.get("static") or a.get("cda"))]
    out = []
    n_res = 0
    # a chosen object is referred to by id ("@bears"), never read as a selector word; a value is
    # put in as text (quotes or control characters in it stay text)
    fills = [("{chosen " + k + "}", f"@{v}" if k == "object" else v) for k, v in choices.items()]
    for i, item in enumerate(items):
        data = _fill(item, fills) if fills and not isinstance(item, str) else item
        key = ""
        if isinstance(data, dict):
            if data.get("key") is not None:
                key = str(data["key"])
            elif data.get("resolves") is not None:
                n_res += 1
                key = str(n_res)
            elif i in generating and len(generating) > 1:
                key = str(generating.index(i) + 1)
        ab = ability_from_data(data, key)
        if not isinstance(item, str) and "{chosen " in _canon(item):  # 707.6: keep it as written
            ab = replace(ab, written=item)
        out.append(ab)
    return tuple(out)


@dataclass(frozen=True)
class Face:
    """One face of a double-faced card (712.1): its own name, mana value, type line, colours,
    abilities and numbers. An :class:`ObjectDef` holds its front face in its own fields and its
    back face (if it has one) in :attr:`ObjectDef.back`; which face is up is its ``face``."""

    name: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    mana_value: int = 0
    abilities: tuple[Ability, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None


#: the characteristics a face gives (712.8): the fields of :class:`Face`
FACE_FIELDS = tuple(f.name for f in fields(Face))
#: which face of a double-faced card is up (712.8): its front face or its back face
FACES = ("front", "back")


@dataclass(frozen=True)
class ObjectDef:
    """A game object as the scenario defines it (its printed/copiable values and its situation)."""

    id: str
    name: str
    owner: str
    controller: str
    zone: str = "battlefield"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    mana_value: int = 0
    abilities: tuple[Ability, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    token: bool = False
    face_down: bool = False
    tapped: bool = False
    attached_to: str | None = None
    timestamp: float | None = None
    choices: tuple[tuple[str, str], ...] = ()
    card: str | None = None
    line: int | None = None
    #: 712.1: the back face of a double-faced card (``None``: a single-faced card)
    back: Face | None = None
    #: 712.2: a modal double-faced card (its back face has its own mana cost, 712.8f), else a
    #: transforming one (712.8e)
    modal: bool = False
    #: the face that is up as the scenario lists it (``front`` or ``back``, :data:`FACES`)
    face: str = "front"

    @property
    def all_abilities(self) -> tuple[Ability, ...]:
        """The abilities of both its faces (the front face's first): a resolving ability is found
        by its key on either face (712.8: the one up gives it)."""
        return self.abilities + (self.back.abilities if self.back is not None else ())

    def face_values(self, face: str) -> Face:
        """The printed characteristics of one of its faces (its own fields for ``front``)."""
        if face == "back" and self.back is not None:
            return self.back
        return Face(**{k: getattr(self, k) for k in FACE_FIELDS})


@dataclass(frozen=True)
class Event:
    """One scenario event (LANGUAGE.md §5). ``kind`` is ``enter``, ``attach``, ``resolve``,
    ``turn_face_up``, ``turn_face_down``, ``transform``, ``tap``, ``untap``, ``leave`` or
    ``end_of_turn``. ``objects`` lists the objects it concerns (in the active player's order
    for simultaneous entries)."""

    kind: EventKind
    objects: tuple[str, ...] = ()
    to: str | None = None
    source: str | None = None
    ability: str | None = None
    #: an inline effect spec (a ``resolve`` event's ``effect``, or its ability filled by its own
    #: choices); ``None``: the source's ability is read when solved
    spec: EffectSpec | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None
    id: str | None = None
    controller: str | None = None
    timestamp: float | None = None
    name: str | None = None
    line: int | None = None
    #: explicit timestamps this event gives some of its objects (set by rulekit.mtg.with_timestamps)
    stamps: tuple[tuple[str, float], ...] = ()
    #: an ``enter`` event's "as": an effect spec that applies to the entering objects as they
    #: enter (614.12, 611.3c), and the counters they enter with (614.1c)
    enters_as: EffectSpec | None = None
    with_counters: tuple[tuple[str, int], ...] = ()
    #: a ``resolve`` event's own choices (``{chosen color}``...), over the source object's
    choices: tuple[tuple[str, str], ...] = ()
    #: the printed text of the resolving ability with those choices filled in (else "")
    text: str = ""
    #: an ``enter`` event's face: ``back`` puts a double-faced card onto the battlefield with its
    #: back face up ("transformed", 712.14a; a modal one cast with its back face up, 712.13)
    face: str = "front"


@dataclass(frozen=True)
class Scenario:
    """A validated scenario. Build it with :func:`rulekit.mtg.load_scenario`; edit it with the
    ``with_*``/``without`` methods, which return new scenarios."""

    name: str
    players: tuple[str, ...]
    objects: tuple[ObjectDef, ...]
    events: tuple[Event, ...] = ()
    active_player: str | None = None
    description: str = ""
    source_note: str = ""
    file: str = "<scenario>"
    disabled: frozenset[str] = field(default_factory=frozenset)
    player_abilities: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: 801.2: each player's range of influence in seats, ``((player, range), ...)`` (the seats are
    #: the order of ``players``); empty: the whole game (no limited range of influence)
    range_of_influence: tuple[tuple[str, int], ...] = ()
    #: the description in each language it is given in, ``(lang, text)`` (``description`` is the
    #: English one, else the first)
    descriptions: tuple[tuple[str, str], ...] = ()
    #: the file's size in bytes: how much text its outputs may make (:class:`rulekit.limits.Budget`)
    size: int = field(default=0, compare=False)
    #: what the loader made of the abilities written by their text alone (LANGUAGE.md §11): read, kept as
    #: plain text, or a located warning (:class:`rulekit.mtg.textread.TextNote`)
    text_notes: tuple[Any, ...] = field(default=(), compare=False)

    def description_in(self, lang: Any = "en") -> str:
        """The description in ``lang``; a scenario written in one language falls back to it."""

        return pick(dict(self.descriptions), lang) if self.descriptions else self.description

    def object(self, oid: str) -> ObjectDef:
        for o in self.objects:
            if o.id == oid:
                return o
        raise KeyError(oid)

    # --------------------------------------------------------------- editing (pure)
    # Edits that need the scenario replayed (its effects, their ids and timestamps) are the
    # engine's: rulekit.mtg.effects / without / with_timestamps / with_order
    # (rulekit.mtg.engine.edits). The model imports nothing from the engine.
    def with_disabled(self, effect_ids: Any) -> Scenario:
        """A copy with these effects switched off (added to :attr:`disabled`), ids unchecked
        (:func:`rulekit.mtg.without` checks them against the scenario's effects)."""
        ids = (effect_ids,) if isinstance(effect_ids, str) else tuple(effect_ids)
        return replace(self, disabled=self.disabled | frozenset(ids))

    def with_enabled(self, effect_ids: Any) -> Scenario:
        """A copy with these effects switched back on."""
        ids = (effect_ids,) if isinstance(effect_ids, str) else tuple(effect_ids)
        return replace(self, disabled=self.disabled - frozenset(ids))
