"""The events of an MTG scenario file (LANGUAGE.md §5), checked: each becomes an
:class:`~rulekit.mtg.model.Event`. :func:`rulekit.mtg.loader.scenario_from_doc` reads the objects
first, then hands every event to :func:`event`; every error names file, line and field.
"""

from __future__ import annotations

from typing import Any

from rulekit.errors import N_, Phrase
from rulekit.mtg.checks import (
    Path_,
    check_choice_keys,
    check_counters,
    check_effect,
    check_filled,
    check_timestamp,
    check_zone,
    err,
    err_message,
    missing_choice,
    not_a,
    placeholders,
    uses_x,
)
from rulekit.mtg.codes import AbilityKind, EventKind
from rulekit.mtg.model import EffectSpec, Event, ObjectDef, build_abilities, build_spec
from rulekit.mtg.schema import EventModel, ResolveModel
from rulekit.mtg.vocab import COLORS, CREATURE_TYPES, counter_name
from rulekit.yamlsrc import YamlDoc, check_look_alike, suggest

#: the event kinds, in the order the error messages list them (one record: rulekit.mtg.codes)
_EVENT_KINDS: tuple[EventKind, ...] = tuple(EventKind)
_WORD_EVENTS = (EventKind.END_OF_TURN, EventKind.END_OF_COMBAT)  # the events written as a bare word


def _ref(doc: YamlDoc, path: Path_, oid: str, by_id: dict[str, ObjectDef]) -> str:
    if oid not in by_id:
        raise doc.error(
            path,
            N_("no object '{id}' in this scenario"),
            params={"id": oid},
            code="UNKNOWN_OBJECT",
            suggestion=suggest(oid, list(by_id)),
        )
    return oid


def event(
    doc: YamlDoc,
    path: Path_,
    raw: Any,
    by_id: dict[str, ObjectDef],
    players: list[str],
    names: set[str],
    raw_abilities: dict[str, list[Any]] | None = None,
) -> Event:
    """One event of ``events`` (LANGUAGE.md §5), checked: a bare word, or a mapping with exactly one kind."""
    line = doc.line_of(path)
    if isinstance(raw, str):
        word = raw.replace(" ", "_").lower()
        if word in _WORD_EVENTS:
            return Event(EventKind(word), line=line)
        raise doc.error(
            path,
            N_("'{word}' is not an event"),
            params={"word": raw},
            suggestion=suggest(raw, list(_WORD_EVENTS)),
        )
    if not isinstance(raw, dict):
        raise doc.error(
            path,
            N_("an event is a mapping such as {example} or the word {word}"),
            params={"example": "{enter: id}", "word": "end_of_turn"},
        )
    em = doc.validate(EventModel, path)
    kinds = [k for k in _EVENT_KINDS if getattr(em, k) is not None]
    if len(kinds) != 1:
        raise doc.error(
            path,
            N_("an event has exactly one of {kinds} (got {given})")
            if kinds
            else N_("an event has exactly one of {kinds}"),
            params={"kinds": ", ".join(_EVENT_KINDS), "given": ", ".join(kinds)},
            code="BAD_EVENT",
        )
    kind = kinds[0]
    check_timestamp(doc, (*path, "timestamp"), em.timestamp)
    check_zone(doc, (*path, "to"), em.to)
    if kind == EventKind.ENTER:
        return _enter_event(doc, path, em, by_id, names, line)
    if kind == EventKind.LEAVE:
        return _leave_event(doc, path, em, by_id, line)
    if kind == EventKind.ATTACH:
        return _attach_event(doc, path, em, by_id, line)
    if kind in (
        EventKind.TAP,
        EventKind.UNTAP,
        EventKind.TURN_FACE_UP,
        EventKind.TURN_FACE_DOWN,
        EventKind.TRANSFORM,
    ):
        return Event(
            kind, (_ref(doc, (*path, kind), getattr(em, kind), by_id),), timestamp=em.timestamp, line=line
        )
    if kind in _WORD_EVENTS:
        return Event(kind, line=line)
    if kind in (EventKind.BEGIN_TURN, EventKind.UNTAP_STEP):
        who = str(getattr(em, kind))
        if who not in players:
            raise err_message(
                doc, (*path, kind), "not_a_player", suggest(who, players), "UNKNOWN_PLAYER", name=who
            )
        return Event(kind, controller=who, line=line)
    if kind == EventKind.COUNTERS:
        cm = em.counters
        assert cm is not None
        oid = _ref(doc, (*path, "counters", "object"), cm.object, by_id)
        check_counters(doc, (*path, "counters"), {cm.kind: cm.add}, signed=True)
        return Event(EventKind.COUNTERS, (oid,), name=counter_name(cm.kind), x=cm.add, line=line)
    return _resolve_event(doc, path, em, by_id, players, names, raw_abilities, line)


def _enter_event(
    doc: YamlDoc,
    path: Path_,
    em: EventModel,
    by_id: dict[str, ObjectDef],
    names: set[str],
    line: int | None,
) -> Event:
    """``enter``: objects put onto the battlefield together, perhaps "as" something (614.12) or with counters
    (122.6)."""
    items = [em.enter] if isinstance(em.enter, str) else list(em.enter or [])
    objs = tuple(_ref(doc, (*path, "enter"), o, by_id) for o in items)
    as_ = None
    if em.as_ is not None:  # 614.12: "put onto the battlefield as an enchantment"
        as_ = build_spec(check_effect(doc, (*path, "as"), em.as_, names))
    check_counters(doc, (*path, "with_counters"), em.with_counters)
    wc = tuple(sorted((counter_name(str(k)), n) for k, n in em.with_counters.items()))
    if em.face == "back":  # 712.14a "transformed", 712.13: only a double-faced card, onto the battlefield
        for o in objs:
            if by_id[o].back is None:
                raise doc.error(
                    (*path, "face"),
                    N_("'{name}' has no back face (712.1): only a double-faced card can be back face up"),
                    params={"name": by_id[o].name},
                    code="INVALID",
                )
        if em.to not in (None, "battlefield"):
            raise doc.error(
                (*path, "face"),
                N_("a card in the {zone} has only its front face's characteristics (712.8a)"),
                params={"zone": em.to},
                code="INVALID",
            )
    return Event(
        EventKind.ENTER,
        objs,
        to=em.to,
        timestamp=em.timestamp,
        line=line,
        enters_as=as_,
        with_counters=wc,
        face=em.face or "front",
    )


def _leave_event(
    doc: YamlDoc, path: Path_, em: EventModel, by_id: dict[str, ObjectDef], line: int | None
) -> Event:
    """``leave``: an object leaves the battlefield (``leave: id`` to the graveyard, or ``{object, to}``)."""
    lv = em.leave
    if isinstance(lv, str):
        return Event(
            EventKind.LEAVE,
            (_ref(doc, (*path, "leave"), lv, by_id),),
            to=em.to or "graveyard",
            timestamp=em.timestamp,
            line=line,
        )
    assert lv is not None
    check_zone(doc, (*path, "leave", "to"), lv.to)
    return Event(
        EventKind.LEAVE,
        (_ref(doc, (*path, "leave", "object"), lv.object, by_id),),
        to=lv.to,
        timestamp=em.timestamp,
        line=line,
    )


def _attach_event(
    doc: YamlDoc, path: Path_, em: EventModel, by_id: dict[str, ObjectDef], line: int | None
) -> Event:
    """``attach``: an object becomes attached to another (never to itself)."""
    at = em.attach
    assert at is not None
    if at.object == at.to:
        raise doc.error(
            (*path, "attach", "to"),
            N_("'{id}' cannot be attached to itself"),
            params={"id": at.to},
            code="ATTACH_CYCLE",
        )
    return Event(
        EventKind.ATTACH,
        (_ref(doc, (*path, "attach", "object"), at.object, by_id),),
        to=_ref(doc, (*path, "attach", "to"), at.to, by_id),
        timestamp=em.timestamp,
        line=line,
    )


def _resolve_event(
    doc: YamlDoc,
    path: Path_,
    em: EventModel,
    by_id: dict[str, ObjectDef],
    players: list[str],
    names: set[str],
    raw_abilities: dict[str, list[Any]] | None,
    line: int | None,
) -> Event:
    """``resolve``: a spell or ability resolves, given inline (``effect``) or as an object's ability."""
    rm = em.resolve
    assert rm is not None
    rpath: Path_ = (*path, "resolve")
    text = ""
    check_look_alike(doc, (*rpath, "id"), rm.id, "the effect id")
    check_look_alike(doc, (*rpath, "name"), rm.name, "the name", name=True)
    if rm.source is not None:
        _ref(doc, (*rpath, "source"), rm.source, by_id)
    _check_choices(doc, (*rpath, "choices"), rm.choices, by_id, players)
    check_timestamp(doc, (*rpath, "timestamp"), rm.timestamp)
    spec: EffectSpec | None
    if rm.effect is not None:
        spec = _inline_resolution(doc, rpath, rm, names, players)
    else:
        spec, text = _ability_resolution(doc, rpath, rm, by_id, names, players, raw_abilities)
    _check_resolution(doc, rpath, rm, spec, by_id, players)
    return Event(
        EventKind.RESOLVE,
        source=rm.source,
        ability=str(rm.ability) if rm.ability is not None else None,
        spec=spec,
        targets=tuple(rm.targets),
        x=rm.x,
        id=rm.id,
        controller=rm.controller,
        timestamp=rm.timestamp,
        name=rm.name,
        line=line,
        choices=tuple(sorted(rm.choices.items())),
        text=text,
    )


def _inline_resolution(
    doc: YamlDoc, rpath: Path_, rm: ResolveModel, names: set[str], players: list[str]
) -> EffectSpec:
    """The spec of a resolution's inline ``effect``, its ``{chosen …}`` filled by its choices."""
    assert rm.effect is not None
    clean = check_effect(doc, (*rpath, "effect"), rm.effect, names, players, resolving=True)
    if rm.choices:
        check_choice_keys(
            doc, (*rpath, "choices"), rm.choices, placeholders(clean), Phrase(N_("in this effect"))
        )
        # the choices fill it as they fill an object's ability (LANGUAGE.md §3)
        spec = build_abilities([{"resolves": clean}], rm.choices)[0].spec
        assert spec is not None
        check_filled(doc, (*rpath, "effect"), spec, names, players, True)
    else:
        spec = build_spec(clean)
    if "{chosen " in spec.canon:
        what = spec.canon.split("{chosen ", 1)[1].split("}", 1)[0]
        raise doc.error(
            (*rpath, "choices"),
            N_("this effect needs a choice for '{placeholder}': add choices: {example}"),
            params={"placeholder": f"{{chosen {what}}}", "example": f"{{{what}: ...}}"},
            code="MISSING_CHOICE",
        )
    if rm.ability is not None:
        raise doc.error((*rpath, "ability"), N_("give either 'ability' or 'effect', not both"), params={})
    return spec


def _ability_resolution(
    doc: YamlDoc,
    rpath: Path_,
    rm: ResolveModel,
    by_id: dict[str, ObjectDef],
    names: set[str],
    players: list[str],
    raw_abilities: dict[str, list[Any]] | None,
) -> tuple[EffectSpec | None, str]:
    """``(spec, text)`` of a resolution of an object's ability that resolves: filled again when the
    resolution has its own choices (else ``(None, "")``: the object's ability is read when solved)."""
    spec: EffectSpec | None = None
    text = ""
    if rm.source is None or rm.ability is None:
        raise doc.error(
            rpath,
            N_("a resolve event needs 'source' and 'ability' (or an inline 'effect')"),
            params={},
            code="MISSING_KEY",
        )
    abilities = by_id[rm.source].abilities
    if by_id[rm.source].back is not None:  # 712.8: an ability of either face
        abilities = by_id[rm.source].all_abilities
    if rm.choices and raw_abilities is not None:
        # this resolution's choices fill the placeholders, over the object's own choices
        merged = {**dict(by_id[rm.source].choices), **rm.choices}
        abilities = build_abilities(raw_abilities[rm.source], merged)
        for a in abilities:
            if a.kind == AbilityKind.RESOLVES and a.key == str(rm.ability):
                spec, text = a.spec, a.text
    keys = [a.key for a in abilities if a.kind == AbilityKind.RESOLVES]
    for a in abilities:
        if a.kind == AbilityKind.RESOLVES and a.key == str(rm.ability) and "{chosen " in a.canon:
            raise missing_choice(doc, (*rpath, "ability"), by_id[rm.source], a.canon)
    if str(rm.ability) in keys and rm.choices and raw_abilities is not None:
        every = [a for items in raw_abilities.values() for a in items]
        check_choice_keys(
            doc, (*rpath, "choices"), rm.choices, placeholders(every), Phrase(N_("in this scenario"))
        )
        check_filled(doc, (*rpath, "choices"), spec, names, players, True, exact=True)
    if str(rm.ability) not in keys:
        raise doc.error(
            (*rpath, "ability"),
            N_("'{ability}' is not an ability of {name} that resolves (its abilities: {abilities})")
            if keys
            else N_("'{ability}' is not an ability of {name} that resolves (it has none)"),
            params={"ability": rm.ability, "name": by_id[rm.source].name, "abilities": ", ".join(keys)},
            code="UNKNOWN_ABILITY",
            suggestion=suggest(str(rm.ability), keys),
        )
    return spec, text


def _check_resolution(
    doc: YamlDoc,
    rpath: Path_,
    rm: ResolveModel,
    spec: EffectSpec | None,
    by_id: dict[str, ObjectDef],
    players: list[str],
) -> None:
    """A resolution's targets (objects or players), its X when the effect uses X, and its controller."""
    for j, t in enumerate(rm.targets):
        if t not in by_id and t not in players:
            raise doc.error(
                (*rpath, "targets", j),
                N_("no object or player '{name}'"),
                params={"name": t},
                suggestion=suggest(t, [*by_id, *players]),
            )
    resolved = (
        spec
        or next(
            (
                a.spec
                for a in by_id[rm.source].all_abilities
                if a.kind == AbilityKind.RESOLVES and a.key == str(rm.ability)
            ),
            None,
        )
        if rm.source is not None
        else spec
    )
    if rm.x is None and uses_x(resolved):
        raise doc.error(
            rpath, N_("the effect uses X but the event gives no value: add x: N"), params={}, code="NO_X"
        )
    if rm.controller is not None and rm.controller not in players:
        raise err_message(
            doc,
            (*rpath, "controller"),
            "not_a_player",
            suggest(rm.controller, players),
            "INVALID",
            name=rm.controller,
        )


def _check_choices(
    doc: YamlDoc, path: Path_, choices: dict[str, str], by_id: dict[str, ObjectDef], players: list[str]
) -> None:
    """A resolve event's ``choices``: a colour, creature type, object or player must be one."""
    allowed: dict[str, tuple[str, ...]] = {
        "color": COLORS,
        "creature type": CREATURE_TYPES,
        "object": tuple(by_id),
        "player": tuple(players),
    }
    for what, value in choices.items():
        ok = allowed.get(what)
        if ok is not None and value not in ok:
            raise err(doc, (*path, what), *not_a(value, what, ok))


def check_event_attachments(doc: YamlDoc, objects: list[ObjectDef], events: tuple[Event, ...]) -> None:
    """Follow attach and leave events in order: no attach event may make an object hold itself."""
    to = {o.id: o.attached_to for o in objects if o.attached_to is not None}
    for i, ev in enumerate(events):
        if ev.kind == EventKind.LEAVE:
            gone = ev.objects[0]
            to.pop(gone, None)
            for k in [k for k, v in to.items() if v == gone]:
                del to[k]  # 303.4c/301.5c: what was attached to it is no longer attached
        if ev.kind != EventKind.ATTACH or ev.to is None:
            continue
        obj = ev.objects[0]
        chain = [obj, ev.to]
        cur: str | None = ev.to
        while cur is not None and cur != obj and len(chain) <= len(objects) + 1:
            cur = to.get(cur)
            if cur is not None:
                chain.append(cur)
        if cur == obj:
            params: dict[str, object]
            if ev.to == obj:
                msg, params = N_("'{id}' cannot be attached to itself"), {"id": obj}
            else:
                msg = N_("'{id}' cannot be attached to itself ({chain})")
                params = {"id": obj, "chain": " → ".join(chain)}
            raise doc.error(("events", i, "attach", "to"), msg, params=params, code="ATTACH_CYCLE")
        to[obj] = ev.to


def check_face_up_events(doc: YamlDoc, objects: list[ObjectDef], events: tuple[Event, ...]) -> None:
    """Follow each object's face-down status through the events: a ``turn_face_up`` event names an
    object that is face down at that moment. In a game only a face-down permanent is ever turned
    face up: by the special action of the ability that let it be face down (702.37e morph, 708.7)
    or by an effect that names "face-down" permanents (Break Open: "turn target face-down
    creature ... face up"); so an event turning a face-up object face up can only be a slip in the
    scenario, and is refused with its line. (Turning a face-down permanent face down again can
    happen, and does nothing: 708.2b, in the engine.)"""
    by_id = {o.id: o for o in objects}
    down = {o.id: o.face_down for o in objects}
    zone = {o.id: o.zone for o in objects}
    for i, ev in enumerate(events):
        for oid in ev.objects:
            if ev.kind == "enter":
                zone[oid] = ev.to or "battlefield"
            elif ev.kind == "leave":  # 400.7, 708.9: a new object, face up
                down[oid], zone[oid] = False, ev.to or "graveyard"
            elif ev.kind == "turn_face_down" and (by_id[oid].back is None or zone[oid] != "battlefield"):
                down[oid] = True  # (712.16: a double-faced permanent is not turned face down)
            elif ev.kind == "turn_face_up":
                if not down[oid]:
                    raise doc.error(
                        ("events", i, "turn_face_up"),
                        N_(
                            "'{id}' is face up here, so it cannot be turned face up: only a face-down"
                            " permanent is (702.37e, 708.7)"
                        ),
                        params={"id": oid},
                        code="INVALID",
                    )
                down[oid] = False
