"""Every message of the MTG engine's codes, in one place, rendered in the language asked for.

The MTG trace holds codes and parameters, never sentences: a dependency's reason (613.8a) is
``Dependency.kind`` + ``Dependency.params``, an effect that did not apply says why with
``EffectInfo.note_code`` + ``note_params``, a step says why it came when it did with ``Step.why``,
an effect's name is ``EffectInfo.name_code`` + ``name_params`` and its duration is the data it was
written with. This module is the one place that turns them into words: each code has one English
msgid (named placeholders) here, looked up in the gettext catalogue (:mod:`rulekit.i18n`); plural
forms go through ``ngettext`` and words that agree with a noun through ``pgettext`` contexts.

``rulekit solve --json`` still gives a dependency's English ``reason``: :func:`dependency_text` in
English, from the same message. A test (``tests/i18n/test_mtg_messages.py``) fails when a code
the engine can record has no message here, or a message has no translation in some language.

>>> dependency_text("text", (("by", "Artificial Evolution"), ("effect", "Goblin King")))
"Artificial Evolution changes the text of Goblin King's ability"
>>> note_text("ended", (("until", "end_of_turn"),), "pt-BR")
'terminou no final do turno'
>>> names(["A", "B", "C", "D", "E", "F"], 6, "es")
'A, B, C, D, 2 más'

This module imports :mod:`rulekit.i18n` only (the standard library's gettext): the trace can use it.
"""

from __future__ import annotations

from typing import Any

from rulekit.i18n import N_, Translator, translator
from rulekit.mtg.codes import DependencyKind, Label, NameCode, NoteCode, Origin, Reason, Until, Why
from rulekit.mtg.selectors import SelectorError, parse_condition


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's convention, with a context
    """Mark ``message`` (in ``context``) for the catalogue; translate later with ``Translator.p``."""
    return message


# ---------------------------------------------------------------------------- 613.8a dependencies
#: A dependency's reason (613.8a), by ``Dependency.kind`` (``existence`` has two forms: the ability
#: removed, or the condition changed).
DEPENDENCY: dict[str, str] = {
    DependencyKind.EXISTENCE: N_("{b} removes {source}'s ability, so {a}'s effect no longer exists"),
    "existence_condition": N_(
        "{b} changes whether {a}'s condition ('{condition}') holds, so whether its effect exists"
    ),
    DependencyKind.TEXT: N_("{b} changes the text of {a}'s ability"),
    DependencyKind.APPLIES_TO: N_("{b} changes what {a} applies to: {changes}"),
    "applies_to_gained": N_("it would also apply to {objects}"),
    "applies_to_lost": N_("it would no longer apply to {objects}"),
    DependencyKind.WHAT_IT_DOES: N_("{b} changes what {a} does to {objects}"),
}
#: The dependency diagram's edge label, by kind (a short word; "depends on" when there is none).
DEPENDENCY_KIND: dict[str, str] = {
    DependencyKind.EXISTENCE: NP_("dependency kind", "existence"),
    DependencyKind.TEXT: NP_("dependency kind", "text"),
    DependencyKind.APPLIES_TO: NP_("dependency kind", "applies to"),
    DependencyKind.WHAT_IT_DOES: NP_("dependency kind", "what it does"),
    "": NP_("dependency kind", "depends on"),
}

# ---------------------------------------------------------------------------- a scenario's errors
#: The scenario checks' messages a learner meets most (the BoardBuilder's), by key; the error keeps
#: its English ``message`` and carries the msgid and its values for the other languages.
ERRORS: dict[str, str] = {
    "not_card_type": N_("'{word}' is not a card type"),
    "not_supertype": N_("'{word}' is not a supertype"),
    "not_subtype": N_("'{word}' is not a subtype"),
    "not_colour": N_("'{word}' is not a colour (white, blue, black, red, green)"),
    "not_type_word": N_("'{word}' is not a card type, subtype or supertype"),
    "negative_counters": N_("a number of counters cannot be negative (got {n})"),
    "too_many_counters": N_("more than {most} counters"),
    "not_a_card": N_("'{name}' is not a card in the library"),
    "not_a_player": N_("'{name}' is not a player"),
}

# ---------------------------------------------------------------------------- why an effect did not apply
#: Why an effect did not apply, or applied only in part, by ``EffectInfo.note_code`` (and form).
NOTE: dict[str, str] = {
    NoteCode.SWITCHED_OFF: N_("switched off"),
    f"{NoteCode.ENDED}_until": N_("ended at {until}"),
    f"{NoteCode.ENDED}_condition": N_("ended: '{condition}' no longer holds"),
    f"{NoteCode.NEVER_STARTED}_condition": N_(
        "never started: '{condition}' was already false when it resolved (611.2b)"
    ),
    NoteCode.NEVER_STARTED: N_("never started: its duration had already ended when it would begin (611.2b)"),
    f"{NoteCode.ABILITY_REMOVED}_by": N_("{by} removed its ability before it applied (layer {layer})"),
    NoteCode.ABILITY_REMOVED: N_("its ability was gone before it applied in layer {layer}"),
    f"{NoteCode.ILLEGAL_TARGET}_all": N_(
        "608.2b: did nothing, every target was illegal on resolution (targets must be '{rule}'): {failures}"
    ),
    f"{NoteCode.ILLEGAL_TARGET}_some": N_("608.2b: illegal target not affected: {failures}"),
    "bad_value": N_("{name} has {characteristic} {value}, not {op} {bound} ({expr})"),
    "not_a": N_("{name} is not a {selector}"),
    "not_a_in": N_("{name} is not a {selector} ({zone})"),
    NoteCode.DID_NOT_APPLY: N_("did not apply"),
}
#: When a duration ended (the ``until`` of an ``ended`` note), by code.
UNTIL: dict[str, str] = {
    Until.END_OF_TURN: NP_("until", "end of turn"),
    Until.NEXT_TURN: NP_("until", "the start of {player}'s next turn"),
    Until.UNTAP_STEP: NP_("until", "{player}'s next untap step"),
    Until.END_OF_COMBAT: NP_("until", "end of combat"),
}
#: Zones, as a note names them.
ZONE: dict[str, str] = {
    "battlefield": NP_("zone", "battlefield"),
    "graveyard": NP_("zone", "graveyard"),
    "hand": NP_("zone", "hand"),
    "library": NP_("zone", "library"),
    "exile": NP_("zone", "exile"),
    "stack": NP_("zone", "stack"),
    "command": NP_("zone", "command zone"),
}

#: Where an object is, as a phrase (the article and preposition agree with the zone).
ZONE_IN: dict[str, str] = {
    "battlefield": NP_("in zone", "on the battlefield"),
    "graveyard": NP_("in zone", "in the graveyard"),
    "hand": NP_("in zone", "in the hand"),
    "library": NP_("in zone", "in the library"),
    "exile": NP_("in zone", "in exile"),
    "stack": NP_("in zone", "on the stack"),
    "command": NP_("in zone", "in the command zone"),
}
#: The subtype value a changeling has (702.73a: every creature type).
ALL_CREATURE_TYPES = N_("(all creature types)")

# ---------------------------------------------------------------------------- durations and conditions
#: An effect's duration (611.2, 514.2), by the words it is written with in the scenario language.
DURATION: dict[str, str] = {
    "indefinite": N_("indefinitely"),
    "until end of turn": N_("until end of turn"),
    "while source on battlefield": N_("while the source is on the battlefield"),
    "while the source is on the battlefield": N_("while the source is on the battlefield"),
    "until your next turn": N_("until your next turn"),
    "until its controller's next untap step": N_("until its controller's next untap step"),
    "until end of combat": N_("until end of combat"),
    "always (characteristic-defining)": N_("always (characteristic-defining)"),
    "as long as": N_("for as long as {condition}"),
}
#: A "for as long as" condition (LANGUAGE.md §6), by :class:`rulekit.mtg.selectors.Condition` kind.
CONDITION: dict[str, str] = {
    "on_battlefield": N_("{object} remains on the battlefield"),
    "tapped": N_("{object} remains tapped"),
    "untapped": N_("{object} remains untapped"),
    "controls": N_("you control {object}"),
    "count_at_least": N_("you control {n} or more {selector}"),
    "has_counter": N_("{object} has a {counter} counter on it"),
}
#: Who a condition's ``this`` / ``it`` is, when the source is not known by name.
CONDITION_OBJECT: dict[str, str] = {
    "this": N_("its source"),
    "it": N_("the object it affects"),
}

# ---------------------------------------------------------------------------- effects' names and origins
#: An effect's name, by ``EffectInfo.name_code`` (the card and rules words stay as written).
NAME: dict[str, str] = {
    NameCode.STATIC: N_("{card} ({label})"),
    NameCode.GRANTED: N_("{card} (granted by {by})"),
    NameCode.ABILITY: N_("{card}: {label}"),
    NameCode.ENTERS_AS: N_("{card} enters as"),
    NameCode.FACE_DOWN: N_("{card} (face down)"),
    NameCode.COUNTERS: N_("Counters (+1/+1, -1/-1)"),
    "choices": N_("{name} ({choices})"),
}
#: The labels of abilities in the card library (``key:``), when they are words; other labels
#: (loyalty costs "+1", "0", ids) are shown as written.
LABEL: dict[str, str] = {
    Label.CAST: NP_("effect label", "cast"),
    Label.SPELL: NP_("effect label", "spell"),
    Label.ETB: NP_("effect label", "enters"),
    Label.STEAL: NP_("effect label", "steal"),
    Label.ANIMATE: NP_("effect label", "animate"),
    Label.PUMP: NP_("effect label", "pump"),
    Label.MINE: NP_("effect label", "mine"),
    Label.THEIRS: NP_("effect label", "theirs"),
    Label.LORD: NP_("effect label", "lord"),
    Label.GAIN: NP_("effect label", "gain"),
    Label.LOSE: NP_("effect label", "lose"),
    Label.DISCARD: NP_("effect label", "discard"),
    Label.TAP: NP_("effect label", "tap"),
    Label.WALK: NP_("effect label", "walk"),
    Label.REGEN: NP_("effect label", "regenerate"),
    Label.PT: NP_("effect label", "P/T"),
    Label.WHITE: NP_("effect label", "white"),
    Label.BLACK: NP_("effect label", "black"),
    Label.NONBLACK: NP_("effect label", "nonblack"),
    Label.COLORLESS: NP_("effect label", "colorless"),
    Label.ARTIFACTS: NP_("effect label", "artifacts"),
    Label.PLAINS: NP_("effect label", "Plains"),
    Label.FORESTS: NP_("effect label", "Forests"),
    Label.CHANGELING: NP_("effect label", "changeling"),
}
#: A choice made when an ability resolved (``choices:``), by its name.
CHOICE: dict[str, str] = {
    "color": NP_("choice", "color"),
    "colour": NP_("choice", "color"),
    "type": NP_("choice", "type"),
    "creature_type": NP_("choice", "creature type"),
    "creature type": NP_("choice", "creature type"),
    "land_type": NP_("choice", "land type"),
    "land type": NP_("choice", "land type"),
    "player": NP_("choice", "player"),
    "card_type": NP_("choice", "card type"),
}
#: Where an effect comes from (``EffectInfo.origin``).
ORIGIN: dict[str, str] = {
    Origin.STATIC: N_("static"),
    Origin.CDA: N_("cda"),
    Origin.RESOLVED: N_("resolved"),
    Origin.COUNTERS: N_("counters"),
    Origin.FACE_DOWN: N_("face down"),
}
#: The colours (105.1), as values.
COLOR: dict[str, str] = {c: c for c in (N_("white"), N_("blue"), N_("black"), N_("red"), N_("green"))}
#: The editions of the layer rules (``Trace.ruleset``), as the explorers name them.
EDITION: dict[str, str] = {
    "seed": N_("the seeds' edition"),
    "current": N_("the current rules"),
}
#: The editions' short names (the explorer's toggle, table captions).
EDITION_SHORT: dict[str, str] = {
    "seed": NP_("edition", "seed"),
    "current": NP_("edition", "current"),
}

#: The editions on the explorer's toggle.
EDITION_BUTTON: dict[str, str] = {
    "seed": NP_("edition button", "seed"),
    "current": NP_("edition button", "current"),
}

# ---------------------------------------------------------------------------- why a step came when it did
#: The layer table's short "why" column, by the step's ``why`` code.
WHY: dict[str, str] = {
    Why.CDA: N_("CDA"),
    Why.TIMESTAMP: N_("timestamp"),
    Why.DEPENDENCY: N_("waited on {names}"),
    Why.WAITED_ON: N_("{names} waited on it"),
    Why.LOOP: N_("loop ({members}) → timestamp"),
    "loop_empty": N_("loop → timestamp"),
    Why.COUNTERS: N_("counters (no timestamp)"),
}
#: The step's ``why`` code as one word (``rulekit solve``'s table).
WHY_CODE: dict[str, str] = {
    Why.CDA: NP_("why", "cda"),
    Why.TIMESTAMP: NP_("why", "timestamp"),
    Why.DEPENDENCY: NP_("why", "dependency"),
    Why.WAITED_ON: NP_("why", "waited_on"),
    Why.LOOP: NP_("why", "loop"),
    Why.COUNTERS: NP_("why", "counters"),
}
#: A step's explanation (why it came when it did), by reason code.
STEP: dict[str, str] = {
    Reason.CDA_FIRST: N_("Characteristic-defining abilities apply first in their layer (613.3)."),
    Reason.LOOP: N_(
        "Every remaining effect waited on another — a dependency loop ({members}) — so dependency "
        "is ignored and the earliest timestamp goes first (613.8b)."
    ),
    Reason.DEPENDS_ON: N_("It depends on {waited}{because}, so it waited until that applied (613.8a)."),
    Reason.WAITED_BY: N_(
        "{waiting} waited on it (613.8a), so it applies before them although their timestamps are earlier; "
        "among the effects that wait on nothing, it has the earliest timestamp, {ts}."
    ),
    Reason.TIMESTAMP: N_(
        "No effect it depends on is waiting, so timestamp order holds: timestamp {ts} (613.7)."
    ),
    Reason.TIMESTAMP_AMONG: N_("{place} Among them, timestamp order holds: timestamp {ts}."),
    Reason.PLAYERS_AFTER_OBJECTS: N_(
        "Effects on players apply after all effects on objects, layers 1–7 (613.10)."
    ),
    Reason.RULES_LAST: N_(
        "Effects that change the game rules apply after all other continuous effects (613.11)."
    ),
    Reason.COUNTERS_SEED: N_(
        "Power/toughness counters change power and toughness in their own sublayer, {layer} (613.4d), "
        "after the effects that set or modify them; counters have no timestamp."
    ),
    Reason.COUNTERS_CURRENT: N_(
        "Power/toughness counters change power and toughness in sublayer {layer}, in timestamp order "
        "with the effects that modify them (613.4c): counters have the timestamp of the moment they "
        "were put on."
    ),
}

# ---------------------------------------------------------------------------- rendering
Params = Any


def _t(lang: Any) -> Translator:
    return translator(lang)


def _p(params: Params) -> dict[str, Any]:
    return dict(params or ())


def names(items: Any, count: int | None = None, lang: Any = "en") -> str:
    """At most four names, then how many more: ``A, B, C, D, 2 more`` (in ``lang``)."""
    t = _t(lang)
    shown = [str(n) for n in items][:4]
    total = len(shown) if count is None else int(count)
    if total > len(shown):
        shown.append(t.n("{n} more", "{n} more", total - len(shown)))
    return ", ".join(shown)


def dependency_text(
    kind: str, params: Params, lang: Any = "en", by: str | None = None, effect: str | None = None
) -> str:
    """A dependency's reason (``Dependency.kind`` and ``params``) as a sentence in ``lang``; ``by`` and
    ``effect`` name the two effects in ``lang`` when the caller knows them (their names as recorded
    otherwise)."""
    t = _t(lang)
    p = _p(params)
    by = p.get("by", "") if by is None else by
    effect = p.get("effect", "") if effect is None else effect
    if kind == DependencyKind.EXISTENCE:
        if "condition" in p:
            return t(DEPENDENCY["existence_condition"], b=by, a=effect, condition=p["condition"])
        return t(DEPENDENCY[DependencyKind.EXISTENCE], b=by, a=effect, source=p.get("source", ""))
    if kind == DependencyKind.TEXT:
        return t(DEPENDENCY[DependencyKind.TEXT], b=by, a=effect)
    if kind == DependencyKind.APPLIES_TO:
        bits = []
        if p.get("gained_count"):
            bits.append(t(DEPENDENCY["applies_to_gained"], objects=names(p["gained"], p["gained_count"], t)))
        if p.get("lost_count"):
            bits.append(t(DEPENDENCY["applies_to_lost"], objects=names(p["lost"], p["lost_count"], t)))
        return t(DEPENDENCY[DependencyKind.APPLIES_TO], b=by, a=effect, changes=t(N_(" and ")).join(bits))
    if kind == DependencyKind.WHAT_IT_DOES:
        return t(
            DEPENDENCY[DependencyKind.WHAT_IT_DOES],
            b=by,
            a=effect,
            objects=names(p.get("objects", ()), p.get("count"), t),
        )
    return kind


def dependency_kind(kind: str, lang: Any = "en") -> str:
    """The short word of a dependency's kind (the diagram's edge label, the table's column)."""
    t = _t(lang)
    return t.p("dependency kind", DEPENDENCY_KIND[kind]) if kind in DEPENDENCY_KIND else kind


def zone_text(zone: str, lang: Any = "en") -> str:
    t = _t(lang)
    return t.p("zone", ZONE[zone]) if zone in ZONE else zone


def zone_in_text(zone: str, lang: Any = "en") -> str:
    """Where an object is, as a phrase in ``lang``: ``in the graveyard``, ``no cemitério``."""
    t = _t(lang)
    return t.p("in zone", ZONE_IN[zone]) if zone in ZONE_IN else zone


def until_text(params: dict[str, Any], lang: Any = "en") -> str:
    """When an ended duration ended: ``end of turn``, ``the start of Ann's next turn``…"""
    t = _t(lang)
    until = str(params.get("until", ""))
    if until in UNTIL:
        return t.p("until", UNTIL[until], player=params.get("player", ""))
    return until


def condition_text(text: str, lang: Any = "en", this: str | None = None, it: str | None = None) -> str:
    """A "for as long as" condition, written in the scenario's words (``this remains tapped``), in
    ``lang``: its kind is read by the condition grammar (LANGUAGE.md §6); ``this`` is the source's
    name when given. Object names, counter kinds and selectors stay as written (they are data)."""

    t = _t(lang)
    try:
        cond = parse_condition(text)
    except SelectorError:
        return text
    if cond.kind not in CONDITION:
        return text
    obj = cond.obj
    if obj == "this":
        obj = this or t(CONDITION_OBJECT["this"])
    elif obj == "it":
        obj = it or t(CONDITION_OBJECT["it"])
    selector = text
    if cond.kind == "count_at_least":
        import re

        hit = re.search(r"or more (.+)$", " ".join(text.split()), flags=re.I)
        selector = hit.group(1) if hit else text
    return t(CONDITION[cond.kind], object=obj, n=cond.n, selector=selector, counter=cond.counter)


def duration_text(duration: str, lang: Any = "en", this: str | None = None) -> str:
    """An effect's duration in ``lang`` (``for as long as …`` through :func:`condition_text`)."""
    t = _t(lang)
    key = str(duration or "").strip()
    if key in DURATION:
        return t(DURATION[key])
    low = key.lower()
    for prefix in ("for as long as ", "as long as "):
        if low.startswith(prefix):
            return t(DURATION["as long as"], condition=condition_text(key[len(prefix) :], t, this=this))
    return key


def note_text(code: str, params: Params, lang: Any = "en", this: str | None = None) -> str:
    """Why an effect did not apply (``EffectInfo.note_code`` and ``note_params``) in ``lang``."""
    t = _t(lang)
    p = _p(params)
    if code == NoteCode.ENDED:
        if p.get("until"):  # "terminou em" + "o final do turno": "terminou no final do turno"
            return t.contract(t(NOTE[f"{NoteCode.ENDED}_until"], until=until_text(p, t)))
        return t(
            NOTE[f"{NoteCode.ENDED}_condition"],
            condition=condition_text(str(p.get("condition", "")), t, this=this),
        )
    if code == NoteCode.NEVER_STARTED:
        if "condition" in p:
            cond = condition_text(str(p["condition"]), t, this=this)
            return t(NOTE[f"{NoteCode.NEVER_STARTED}_condition"], condition=cond)
        return t(NOTE[NoteCode.NEVER_STARTED])
    if code == NoteCode.ABILITY_REMOVED:
        if p.get("by"):
            return t(NOTE[f"{NoteCode.ABILITY_REMOVED}_by"], by=p["by"], layer=p.get("layer", ""))
        return t(NOTE[NoteCode.ABILITY_REMOVED], layer=p.get("layer", ""))
    if code == NoteCode.ILLEGAL_TARGET:
        failures = "; ".join(_target_failure(f, t) for f in p.get("failures", ()))
        if p.get("all"):
            return t(NOTE[f"{NoteCode.ILLEGAL_TARGET}_all"], rule=p.get("rule", ""), failures=failures)
        return t(NOTE[f"{NoteCode.ILLEGAL_TARGET}_some"], failures=failures)
    if code in NOTE:
        return t(NOTE[code])
    return code


def _target_failure(f: Params, t: Translator) -> str:
    f = _p(f)
    if f.get("code") == "bad_value":
        return t(
            NOTE["bad_value"],
            name=f["name"],
            characteristic=f["characteristic"],
            value=f["value"],
            op=f["op"],
            bound=f["bound"],
            expr=f["expr"],
        )
    where = f.get("where", "battlefield")
    if where == "battlefield":
        return t(NOTE["not_a"], name=f["name"], selector=f["selector"])
    return t(NOTE["not_a_in"], name=f["name"], selector=f["selector"], zone=zone_text(str(where), t))


def label_text(label: str, lang: Any = "en") -> str:
    """An ability's label (``key:`` in the library) in ``lang`` when it is a word, else as written."""
    t = _t(lang)
    return t.p("effect label", LABEL[label]) if label in LABEL else label


def choice_text(name: str, value: Any, lang: Any = "en") -> str:
    """``color: blue`` in ``lang`` (a colour is a word; a type stays as written)."""
    t = _t(lang)
    word = t.p("choice", CHOICE[name]) if name in CHOICE else name
    shown = t(COLOR[value]) if value in COLOR else str(value)
    return t(N_("{choice}: {value}"), choice=word, value=shown)


def effect_name_text(name_code: str, params: Params, fallback: str, lang: Any = "en") -> str:
    """An effect's name (``EffectInfo.name_code`` and ``name_params``) in ``lang``; a name written by
    hand in the scenario (no code) stays as written."""
    t = _t(lang)
    p = _p(params)
    if name_code not in NAME:
        return fallback
    if name_code in (NameCode.STATIC, NameCode.ABILITY):
        if not p.get("label"):
            text = str(p.get("card", fallback))
        else:
            text = t(NAME[name_code], card=p.get("card", ""), label=label_text(str(p["label"]), t))
    else:
        text = t(NAME[name_code], card=p.get("card", ""), by=p.get("by", ""))
    choices = p.get("choices") or ()
    if choices:
        shown = ", ".join(choice_text(str(k), v, t) for k, v in choices)
        text = t(NAME["choices"], name=text, choices=shown)
    return text


def why_code_text(why: str, lang: Any = "en") -> str:
    """A step's ``why`` code as one word in ``lang`` (``rulekit solve``'s table)."""
    t = _t(lang)
    return t.p("why", WHY_CODE[why]) if why in WHY_CODE else why


def origin_text(origin: str, lang: Any = "en") -> str:
    t = _t(lang)
    return t(ORIGIN[origin]) if origin in ORIGIN else origin


def edition_text(ruleset: str, lang: Any = "en", short: bool = False) -> str:
    """The edition of the layer rules in ``lang``: ``the seeds' edition`` (``short``: ``seed``)."""
    t = _t(lang)
    if short:
        return t.p("edition", EDITION_SHORT[ruleset]) if ruleset in EDITION_SHORT else ruleset
    return t(EDITION[ruleset]) if ruleset in EDITION else ruleset


# ---------------------------------------------------------------------------- 613.11 rules
#: The rules' own keys beyond hand size and requirements (``Trace.rules``; a rule step's change is
#: ``<key>.<player or object id>``): 615 damage prevention, 119.7 "can't gain life", 601.2f cost
#: changes.
RULE_KEY: dict[str, str] = {
    "prevent_damage": N_("damage prevented"),
    "cant_gain_life": N_("can't gain life"),
    "cost_change": N_("cost change"),
}
#: What damage a source would deal is prevented (615): ``rules.prevent_damage`` values.
PREVENTED: dict[str, str] = {"all": N_("all damage"), "combat": N_("combat damage")}
#: The source of ``prevent_damage.*``: "prevent all combat damage that would be dealt" names none.
EVERY_SOURCE = N_("every source")


def rule_key_text(key: str, lang: Any = "en") -> str | None:
    """``damage prevented (bears)``, ``damage prevented (every source)``, ``can't gain life (Bo)``
    in ``lang``; ``None`` for a key not in :data:`RULE_KEY`."""
    t = _t(lang)
    base, _, who = key.partition(".")
    if base not in RULE_KEY:
        return None
    shown = t(EVERY_SOURCE) if who == "*" else who
    return t(RULE_KEY[base]) + (f" ({shown})" if shown else "")


def rule_value_text(key: str, value: Any, lang: Any = "en") -> str | None:
    """A prevention's kind (``all damage``, ``combat damage``) in ``lang``; ``None`` otherwise."""
    if key.partition(".")[0] == "prevent_damage" and value in PREVENTED:
        return _t(lang)(PREVENTED[value])
    return None


#: Every code the MTG engine records, by where it is recorded (the message test walks these).
CODES: dict[str, tuple[str, ...]] = {
    "Dependency.kind": tuple(DependencyKind),
    "EffectInfo.note_code": tuple(NoteCode),
    "Step.why": tuple(Why),
    "EffectInfo.name_code": tuple(NameCode),
    "EffectInfo.origin": tuple(Origin),
    "until": tuple(Until),
    "rules": tuple(RULE_KEY),
    "rules.prevent_damage": tuple(PREVENTED),
}
