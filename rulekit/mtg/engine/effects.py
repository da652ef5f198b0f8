"""Continuous effects during a solve and how long they last (CR 604, 611, 708).

* :class:`~rulekit.mtg.engine.eff.Eff` (its own module, below this one): one effect.
* 604.2/611.3: static abilities and CDAs generate effects (:func:`static_effects_of`); 611.3b a
  static ability's effect exists only while its object has the ability, in the ability's zone,
  and (for an "as long as" ability) while its condition holds (:func:`still_exists`).
* 708.2: a face-down permanent's characteristics (:func:`face_down_effect`).
* 611.2a: an effect from a resolved spell or ability (:func:`resolved_effect`); 611.2b/514.2 its
  duration: "until end of turn", "for as long as" (:func:`resolved_status`).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Literal

from rulekit.mtg.codes import AbilityKind, EventKind, NameCode, NoteCode, Origin, Until
from rulekit.mtg.engine.compiled import Compiled, Situation
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.select import ANY, Key, make_ctx, select
from rulekit.mtg.engine.state import Obj, State
from rulekit.mtg.engine.timestamps import static_timestamp
from rulekit.mtg.model import Ability, Event, ObjectDef, Scenario, build_spec
from rulekit.mtg.selectors import Condition


def effect_id(obj_id: str, ability: Ability) -> str:
    """A static ability's effect id: the object id, or ``<object>.<key>`` (LANGUAGE.md §2)."""
    return f"{obj_id}.{ability.key}" if ability.key else obj_id


def static_effects_of(obj: Obj, names: dict[str, str], sublayer: str | None) -> list[Eff]:
    """The effects the static abilities and CDAs of ``obj`` generate now (604.2, 611.3).

    611.3b / rules-notes: a static ability generates its effect only while its object has the
    ability and is in the ability's zone (the battlefield unless the ability says otherwise).
    A CDA (604.3) works in every zone. ``sublayer`` restricts to effects with a part there.
    """
    out = []
    for ab in obj.abilities:
        if not ab.generates:
            continue
        if ab.kind == AbilityKind.STATIC and obj.zone != ab.zone:
            continue
        if ab.kind == AbilityKind.CDA and obj.zone is None:
            continue
        assert ab.spec is not None
        spec = ab.spec.read()
        if sublayer is not None and sublayer not in spec.sublayers:
            continue
        eid = effect_id(obj.id, ab)
        name = names.get(obj.id, obj.name)
        name_code: NameCode | Literal[""] = NameCode.STATIC
        name_params: tuple[tuple[str, Any], ...] = (("card", name), ("label", ab.key or ""))
        if ab.granted_by:
            name_code, name_params = NameCode.GRANTED, (("card", name), ("by", ab.granted_by))
            name = f"{name} (granted by {ab.granted_by})"
        elif ab.key:
            name = f"{name} ({ab.key})"
        out.append(
            Eff(
                id=eid,
                name=name,
                name_code=name_code,
                name_params=name_params,
                source=obj.id,
                origin=Origin.CDA if ab.kind == AbilityKind.CDA else Origin.STATIC,
                timestamp=static_timestamp(obj.timestamp, ab),
                spec=spec,
                key=ab.key,
                text=ab.text,
                sublayers=spec.sublayers,
            )
        )
    return out


#: 708.2: what a face-down permanent is (:func:`face_down_effect`)
FACE_DOWN_SPEC = build_spec({"face_down": True})


def face_down_effect(obj: Obj, names: dict[str, str]) -> Eff:
    """708.2: a face-down permanent is a 2/2 creature with no name, types, colour or abilities
    (layer 1 in the seed edition, 1b in the current one)."""
    spec = FACE_DOWN_SPEC
    return Eff(
        id=f"{obj.id}.face-down",
        name=f"{names.get(obj.id, obj.name)} (face down)",
        name_code=NameCode.FACE_DOWN,
        name_params=(("card", names.get(obj.id, obj.name)),),
        source=obj.id,
        origin=Origin.FACE_DOWN,
        timestamp=obj.timestamp,
        spec=spec,
        text="Face-down: a 2/2 creature",
        sublayers=("face_down",),
    )


def resolved_effect(
    scn: Scenario,
    ev: Event,
    index: int,
    ts: float,
    base: dict[str, Obj],
    defs: dict[str, ObjectDef],
    names: dict[str, str],
    used: set[str],
) -> Eff:
    """611.2a: an effect from a resolved spell or ability, timestamped when created (613.7b)."""
    spec = ev.spec
    text = ev.text
    key = ev.ability or ""
    if spec is None and ev.source is not None:
        d = defs[ev.source]
        # 712.8: the ability of the face that is up as it resolves, else of the other face
        faces = (d.abilities, d.back.abilities) if d.back is not None else (d.abilities,)
        if base[ev.source].face == "back":
            faces = faces[::-1]
        for ab in (a for abilities in faces for a in abilities):
            if ab.kind == AbilityKind.RESOLVES and ab.key == ev.ability:
                spec, text = ab.spec, ab.text
                break
    assert spec is not None, "a resolve event names its effect (the loader checks it)"
    spec = spec.read()
    src_name = names.get(ev.source or "", ev.source or "")
    eid = ev.id or (f"{ev.source}.{key}" if ev.source and key else (ev.source or f"effect{index + 1}"))
    base_id, n = eid, 2
    while eid in used:
        eid, n = f"{base_id}#{n}", n + 1
    used.add(eid)
    name = ev.name or (f"{src_name}: {key}" if key else src_name or eid)
    name_code: NameCode | Literal[""] = ""
    name_params: tuple[tuple[str, Any], ...] = ()  # a name written by hand in the scenario stays as written
    if not ev.name:
        name_code = NameCode.ABILITY
        name_params = (("card", src_name or eid), ("label", key))
    if ev.choices and not ev.name:
        name += " (" + ", ".join(f"{k}: {v}" for k, v in ev.choices) + ")"
        name_params += (("choices", tuple(ev.choices)),)
    controller = ev.controller or (base[ev.source].controller if ev.source else scn.players[0])
    players = set(scn.players)
    target_objs = tuple(t for t in ev.targets if t not in players)
    target_players = [t for t in ev.targets if t in players]
    return Eff(
        id=eid,
        name=name,
        name_code=name_code,
        name_params=name_params,
        source=ev.source,
        origin=Origin.RESOLVED,
        timestamp=ts,
        spec=spec,
        key=key,
        controller=controller,
        targets=target_objs,
        target_player=target_players[0] if target_players else None,
        x=ev.x,
        text=text,
        event_index=index,
        sublayers=spec.sublayers,
    )


def turn_end_of(eff: Eff, eot_marks: list[int]) -> int | None:
    """514.2: the ``end_of_turn`` event (its index) that ends an "until end of turn" effect: the
    first after the effect was made; ``None`` while it lasts or for another duration.

    ``eot_marks`` are the indices of the scenario's ``end_of_turn`` events, in order."""
    spec = eff.spec
    if spec is None or spec.duration.lower() != "until end of turn":
        return None
    k = bisect_right(eot_marks, eff.event_index if eff.event_index is not None else -1)
    return eot_marks[k] if k < len(eot_marks) else None


def resolved_status(comp: Compiled, eff: Eff) -> None:
    """611.2b / 514.2: is a resolved effect still in force?

    * "until end of turn" ends at the first ``end_of_turn`` event after it was created;
    * "for as long as <condition>" never starts if the condition is false when it resolves,
      and ends once the condition becomes false;
    * a switched-off effect (``--without``) is off.
    """
    spec = eff.spec
    assert spec is not None
    if eff.id in comp.scenario.disabled:
        eff.active, eff.note_code = False, NoteCode.SWITCHED_OFF
        return
    dur = spec.duration.lower()
    index = eff.event_index if eff.event_index is not None else -1
    if turn_end_of(eff, comp.eot_marks) is not None:
        eff.active, eff.note_code, eff.note_params = False, NoteCode.ENDED, (("until", Until.END_OF_TURN),)
        return
    ended = duration_end(comp, eff, dur, index)
    if ended is not None:
        eff.active, eff.note_code, eff.note_params = False, NoteCode.ENDED, ended
        return
    cond = spec.condition
    if cond is not None and dur.startswith("for as long as"):
        if cond.kind == "controls":
            # who controls X is known only after layer 2: judged on the layered game
            # (locking.check_layered_duration)
            eff.layered_condition = True
            return
        at = comp.base_at.get(eff.event_index or 0, {})
        if not _base_condition(comp, cond, eff, at):
            eff.active, eff.note_code, eff.note_params = (
                False,
                NoteCode.NEVER_STARTED,
                (("condition", cond.text),),
            )
            return
        # 611.2b: the duration ends the first time the condition is false, and an ended duration
        # stays ended (it does not begin again when the condition is true again): the game after
        # every later event is asked, not only the game now
        later = [comp.base_at[j] for j in sorted(comp.base_at) if j > index]
        now = {oid: (o.zone, o.tapped, o.counters) for oid, o in comp.base.items()}
        if not all(_base_condition(comp, cond, eff, at) for at in (*later, now)):
            eff.active, eff.note_code, eff.note_params = False, NoteCode.ENDED, (("condition", cond.text),)


def duration_end(comp: Compiled, eff: Eff, dur: str, index: int) -> tuple[tuple[str, Any], ...] | None:
    """611.2a / 514.2 and the durations of LANGUAGE.md §3: the event that ended a resolved effect's
    duration, as the note's parameters: ``until`` (a code of :data:`rulekit.mtg.messages.UNTIL`) and
    the ``player`` it names (``None`` while it lasts).

    * "until your next turn": the start of its controller's next turn (a ``begin_turn`` event
      for the player who controlled it when it resolved);
    * "until its controller's next untap step": the next ``untap_step`` of the controller of the
      object it affects (its first target, else its source), as the scenario lists control;
    * "until end of combat": the next ``end_of_combat`` event (511.3).
    """
    if dur == "until your next turn":
        kind, who = EventKind.BEGIN_TURN, eff.controller
        params: tuple[tuple[str, Any], ...] = (("until", Until.NEXT_TURN), ("player", who))
    elif dur == "until its controller's next untap step":
        ref = eff.targets[0] if eff.targets else eff.source
        d = comp.defs.get(ref or "")
        who = d.controller if d is not None else eff.controller
        kind, params = EventKind.UNTAP_STEP, (("until", Until.UNTAP_STEP), ("player", who))
    elif dur == "until end of combat":
        kind, who, params = EventKind.END_OF_COMBAT, None, (("until", Until.END_OF_COMBAT),)
    else:
        return None
    for at, k, player in comp.marks:
        if at > index and k == kind and (who is None or player == who):
            return params
    return None


def counter_subject(cond: Condition, eff: Eff) -> str | None:
    """Whose counters "it has a <kind> counter on it" reads: ``it`` is the effect's first target,
    else its source."""
    if cond.obj == "it":
        return eff.targets[0] if eff.targets else eff.source
    return None


def resolve_ref(comp_defs: dict[str, Any], ref: str, source: str | None) -> str | None:
    """An object reference in a condition: ``this`` (the source), an id, or a card name."""
    if ref == "this":
        return source
    if ref in comp_defs:
        return ref
    low = ref.lower()
    for oid, d in comp_defs.items():
        if d.name.lower() == low:
            return oid
    return None


def _base_condition(comp: Compiled, cond: Condition, eff: Eff, at: dict[str, Situation]) -> bool:
    oid = resolve_ref(comp.defs, cond.obj, eff.source)
    if cond.kind == "has_counter":
        oid = counter_subject(cond, eff) or oid
        if oid is None or oid not in at:
            return False
        zone, _, counters = at[oid]
        return zone is not None and any(k == cond.counter and n > 0 for k, n in counters)
    if cond.kind in ("on_battlefield", "tapped", "untapped"):
        if oid is None or oid not in at:
            return False
        zone, tapped, _ = at[oid]
        if cond.kind == "on_battlefield":
            return zone == "battlefield"
        return zone == "battlefield" and (tapped if cond.kind == "tapped" else not tapped)
    if cond.kind == "controls":
        return (
            oid is not None
            and comp.base[oid].controller == eff.controller
            and at.get(oid, (None,))[0] == "battlefield"
        )
    return True


def _ability_of(state: State, eff: Eff) -> Ability | None:
    """The ability that generates ``eff`` on its source now (``None`` if gone or out of its zone)."""
    if eff.source is None:
        return None
    return ability_on(state.objs.get(eff.source), eff)


def static_condition_holds(eff: Eff, state: State) -> bool:
    """An "as long as" static ability (e.g. Starfield of Nyx) generates its effect only while the
    condition holds (611.3b)."""
    spec = eff.spec
    if spec is None or spec.condition is None or eff.origin != Origin.STATIC:
        return True
    cond = spec.condition
    ctx = make_ctx(eff, state)
    if cond.kind == "count_at_least":
        assert cond.selector is not None
        return len(select(cond.selector, state, ctx)) >= cond.n
    ref = cond.obj
    if cond.kind == "has_counter":
        ref = counter_subject(cond, eff) or ref
    if ref == "this":
        target = ctx.source
    else:
        target = next((o for o in state.objs.values() if o.id == ref or o.name.lower() == ref.lower()), None)
    if target is None:
        return False
    if cond.kind == "on_battlefield":
        return target.zone == "battlefield"
    if cond.kind == "tapped":
        return target.tapped
    if cond.kind == "untapped":
        return not target.tapped
    if cond.kind == "controls":
        return target.controller == ctx.you
    if cond.kind == "has_counter":
        return target.zone is not None and any(k == cond.counter and n > 0 for k, n in target.counters)
    return True


#: What a static effect's existence reads (611.3b): its object's abilities (a part that may remove
#: abilities writes ``("abilities-", "*")``) and their text (layer 3). Only a step that writes one
#: of these can end an effect without an "as long as" condition (:func:`still_exists`).
EXISTENCE_READS: frozenset[Key] = frozenset({("abilities-", ANY), ("text", ANY)})


def still_exists(eff: Eff, state: State, sub: str) -> bool:
    """611.3b / rules-notes: a static effect that has not begun to apply exists only while its
    object has the ability (and its "as long as" condition holds)."""
    if eff.origin != Origin.STATIC:
        return True
    ab = _ability_of(state, eff)
    if ab is None:
        return False
    spec = ab.spec.read() if ab.spec is not None else None
    if spec is None or sub not in spec.sublayers:
        return False
    eff.spec = spec  # layer 3 may have rewritten its text
    return static_condition_holds(eff, state)


def exists_until_abilities_change(eff: Eff) -> bool:
    """Whether ``eff``, found to exist, goes on existing until a step writes what
    :data:`EXISTENCE_READS` names: true unless it is a static effect with an "as long as"
    condition (which reads the rest of the game, 611.3b)."""
    return eff.origin != Origin.STATIC or eff.spec is None or eff.spec.condition is None


def ability_on(obj: Obj | None, eff: Eff) -> Ability | None:
    """The ability of ``obj`` that generates ``eff`` (611.3b: only in the ability's zone)."""
    if obj is None:
        return None
    for ab in obj.abilities:
        if ab.generates and effect_id(obj.id, ab) == eff.id:
            if ab.kind == AbilityKind.STATIC and obj.zone != ab.zone:
                return None
            return ab
    return None
