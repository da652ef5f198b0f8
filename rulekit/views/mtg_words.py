"""The words of MTG values and steps, in every language: a value (``fmt_value``), a change
(``fmt_change``, ``change_lines``), an effect's and an object's names, a dependency's reason, a step's
short "why" (``why_text``) and a layer's label. The tables and diagrams of :mod:`rulekit.views.mtg`
and the step paragraphs of :mod:`rulekit.views.reasons` both read them from here; this module reads
only the trace and the message catalogue, so neither view needs the other to word a value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit.i18n import N_, Translator, translator
from rulekit.mtg import messages
from rulekit.mtg.messages import COLOR, NP_

#: The words that agree with the characteristic they describe (msgctxt = the characteristic):
#: "habilidades perdidas", "tipos perdidos"; "habilidades: nenhuma", "subtipos: nenhum".
AGREEING = (
    NP_("abilities", "none"),
    NP_("abilities", "lost"),
    NP_("abilities", "gained"),
    NP_("abilities", "reordered"),
    NP_("types", "none"),
    NP_("types", "lost"),
    NP_("types", "gained"),
    NP_("types", "reordered"),
    NP_("subtypes", "none"),
    NP_("subtypes", "lost"),
    NP_("subtypes", "gained"),
    NP_("subtypes", "reordered"),
    NP_("supertypes", "none"),
    NP_("supertypes", "lost"),
    NP_("supertypes", "gained"),
    NP_("supertypes", "reordered"),
    NP_("colors", "none"),
    NP_("colors", "lost"),
    NP_("colors", "gained"),
    NP_("colors", "reordered"),
)
_AGREEING_CONTEXTS = {"abilities", "types", "subtypes", "supertypes", "colors"}
#: Characteristic names of change lines, the layer-column values of the players' and the rules'
#: steps, and the rules' keys.
CHARACTERISTIC_WORDS = {
    "name": N_("name"),
    "mana_value": N_("mana value"),
    "power": N_("power"),
    "toughness": N_("toughness"),
    "controller": N_("controller"),
    "abilities": N_("abilities"),
    "types": N_("types"),
    "subtypes": N_("subtypes"),
    "supertypes": N_("supertypes"),
    "colors": N_("colors"),
    "counters": N_("counters"),
    "loyalty": N_("loyalty"),
    "P/T": N_("P/T"),
    "colours": N_("colours"),
    "controller_": N_("controller"),
}
LAYER_WORDS = {"players": N_("players"), "rules": N_("rules")}
#: The same layers' words after the word "layer" ("layer {layer}", CR 613.10 and 613.11): pt-BR
#: "camada dos jogadores", es "capa de las reglas" (a digit layer stays as it is: "camada 7b").
LAYER_OF_WORDS = {"players": NP_("layer {layer}", "players"), "rules": NP_("layer {layer}", "rules")}
RULE_KEYS = {"max_hand_size": N_("max hand size"), "requirements": N_("requirements")}


def _t(lang: Any) -> Translator:
    return translator(lang)


def _agree(t: Translator, characteristic: str, word: str) -> str:
    """``word`` (none, lost, gained, reordered) agreeing with ``characteristic``."""
    if characteristic in _AGREEING_CONTEXTS:
        return t.p(characteristic, word)
    return t(word)


# ---------------------------------------------------------------------------- small formatting
def fmt_value(value: Any, characteristic: str = "", lang: Any = "en") -> str:
    """A characteristic value as short text: tuples joined with commas, ``None`` as ``—``, colours
    and "none" (agreeing with ``characteristic``) in ``lang``.

    >>> fmt_value(("Creature", "Artifact")), fmt_value(None), fmt_value(()), fmt_value(3)
    ('Creature, Artifact', '—', 'none', '3')
    >>> fmt_value(("white", "blue"), "colors", "pt-BR"), fmt_value((), "abilities", "pt-BR")
    ('branco, azul', 'nenhuma')
    """
    t = _t(lang)
    if value is None:
        # 402.2: "no maximum hand size" is no number
        return t("no maximum") if characteristic.partition(".")[0] == "max_hand_size" else "—"
    if isinstance(value, tuple | list):
        if not value:
            return _agree(t, characteristic, "none")
        if all(isinstance(v, tuple | list) and len(v) == 2 for v in value):  # counters
            return ", ".join(f"{n} {k}" for k, n in value)
        if characteristic == "colors":
            return ", ".join(t(COLOR[v]) if v in COLOR else str(v) for v in value)
        if characteristic == "subtypes":
            return ", ".join(subtype_word(v, t) for v in value)
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    rule = messages.rule_value_text(characteristic, value, t)  # "all damage" (615)
    return rule if rule is not None else str(value)


def colours_text(colors: Any, lang: Any = "en") -> str:
    """An object's colours in ``lang``: ``white, blue`` or ``colourless``."""
    return fmt_value(colors, "colors", lang) if colors else _t(lang)("colourless")


def short(text: Any, width: int = 30) -> str:
    """Shorten long text (ability wording) for a table cell: ``"0: Until end of turn, Gideon…"``.

    >>> short("0: Until end of turn, Gideon Jura becomes a 6/6", 20)
    '0: Until end of tur…'
    """
    text = str(text)
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def fmt_list(value: Any, width: int = 30, characteristic: str = "abilities", lang: Any = "en") -> str:
    """A tuple of abilities (or types) as short text, each item shortened."""
    if isinstance(value, tuple | list) and value and all(isinstance(v, str) for v in value):
        return "; ".join(short(v, width) for v in value)
    return fmt_value(value, characteristic, lang)


def characteristic_text(characteristic: str, lang: Any = "en") -> str:
    """A characteristic's (or a rule's) name in ``lang``: ``abilities``, ``max hand size (Bo)``."""
    t = _t(lang)
    base, _, who = characteristic.partition(".")
    if base in RULE_KEYS:
        return t(RULE_KEYS[base]) + (f" ({who})" if who else "")
    rule = messages.rule_key_text(characteristic, t)  # 615, 119.7, 601.2f
    if rule is not None:
        return rule
    if characteristic in CHARACTERISTIC_WORDS:
        return t(CHARACTERISTIC_WORDS[characteristic])
    return characteristic


def fmt_change(characteristic: str, before: Any, after: Any, lang: Any = "en") -> str:
    """One characteristic's change: ``types Creature → Creature, Artifact`` or, for long lists,
    what was lost and gained: ``abilities lost “Flying”; gained “Haste”`` (in ``lang``).

    >>> fmt_change("colors", ("white",), ("black",))
    'colors white → black'
    >>> fmt_change("abilities", ("Flying", "Vigilance", "Lifelink", "First strike", "Trample"), ("Flying",))
    'abilities lost “Vigilance”, “Lifelink”, “First strike”, “Trample”'
    >>> fmt_change("abilities", ("Flying", "Vigilance", "Lifelink", "First strike", "Trample"), (), "pt-BR")
    'habilidades perdidas “Flying”, “Vigilance”, “Lifelink”, “First strike”, “Trample”'
    """
    t = _t(lang)
    head = characteristic_text(characteristic, t)
    is_list = isinstance(before, tuple | list) and isinstance(after, tuple | list)
    if is_list and len(fmt_value(before)) + len(fmt_value(after)) > 48:
        lost = [v for v in before if v not in after]
        gained = [v for v in after if v not in before]
        parts = []
        if lost:
            parts.append(
                _agree(t, characteristic, "lost") + " " + ", ".join(f"“{short(v, 28)}”" for v in lost)
            )
        if gained:
            parts.append(
                _agree(t, characteristic, "gained") + " " + ", ".join(f"“{short(v, 28)}”" for v in gained)
            )
        if not parts:
            parts.append(_agree(t, characteristic, "reordered"))
        return f"{head} " + "; ".join(parts)
    return f"{head} {fmt_value(before, characteristic, t)} → {fmt_value(after, characteristic, t)}"


def subtype_word(subtype: Any, lang: Any = "en") -> str:
    """A subtype as printed, but a changeling's "all creature types" (702.73a) in ``lang``.

    >>> subtype_word("Goblin", "pt-BR"), subtype_word("(all creature types)", "pt-BR")
    ('Goblin', '(todos os tipos de criatura)')
    """
    return _t(lang)(messages.ALL_CREATURE_TYPES) if subtype == messages.ALL_CREATURE_TYPES else str(subtype)


def type_line(view: Any, lang: Any = "en") -> str:
    """``Legendary Planeswalker Creature — Gideon Human Soldier`` (type words as printed; a
    changeling's "all creature types" in ``lang``)."""
    left = " ".join([*view.supertypes, *view.types]) or "—"
    if view.subtypes:
        return f"{left} — {' '.join(subtype_word(s, lang) for s in view.subtypes)}"
    return left


def arrow(before: str, after: str) -> str:
    """``"2/2 → 1/1"``, or just the value when it did not change."""
    return after if before == after else f"{before} → {after}"


def object_name(trace: Any, oid: str) -> str:
    view = trace.final.get(oid) or trace.initial.get(oid)
    if view is not None:
        return str(view.name)
    return oid


def has_effect(trace: Any, eid: str) -> bool:
    return any(e.id == eid for e in trace.effects)


def effect_name(trace: Any, eid: str, lang: Any = "en") -> str:
    """An effect's name in ``lang`` (from its name code: the card's name stays as printed)."""
    try:
        info = trace.effect(eid)
    except KeyError:
        return eid
    return effect_label(info, lang)


def effect_label(info: Any, lang: Any = "en") -> str:
    """:func:`effect_name` of an :class:`~rulekit.mtg.trace.EffectInfo`."""
    return messages.effect_name_text(
        getattr(info, "name_code", ""), getattr(info, "name_params", ()), str(info.name), lang
    )


def dependency_reason(trace: Any, d: Any, lang: Any = "en") -> str:
    """A dependency's reason in ``lang``, from its code, the two effects named in ``lang``."""
    return messages.dependency_text(
        d.kind,
        d.params,
        lang,
        by=effect_name(trace, d.depends_on, lang),
        effect=effect_name(trace, d.effect, lang),
    )


def effect_note(trace: Any, info: Any, lang: Any = "en") -> str:
    """Why an effect did not apply, in ``lang`` (from its note code)."""
    src = object_name(trace, info.source) if info.source else None
    return messages.note_text(info.note_code, info.note_params, lang, this=src) if info.note_code else ""


def effect_duration(trace: Any, info: Any, lang: Any = "en") -> str:
    """An effect's duration in ``lang`` (``for as long as Vedalken Shackles remains tapped``)."""
    src = object_name(trace, info.source) if info.source else None
    return messages.duration_text(info.duration, lang, this=src)


def ruleset_text(trace: Any, lang: Any = "en") -> str:
    """The edition's short name in ``lang`` (the captions' "(seed layers)")."""
    return messages.edition_text(trace.ruleset, lang, short=True)


def why_text(trace: Any, step: Any, lang: Any = "en") -> str:
    """Why a step came when it did, short (the layer table's column): ``CDA``, ``timestamp``,
    ``waited on X``, ``X waited on it``, ``loop (A, B) → timestamp`` or ``counters (no timestamp)``,
    from the step's code (:data:`rulekit.mtg.messages.WHY`) in ``lang``."""
    t = _t(lang)
    why = messages.WHY
    origin = next((e.origin for e in getattr(trace, "effects", ()) if e.id == step.effect), None)
    if origin == "counters" or step.why == "counters":
        return t(why["counters"])
    if step.why == "cda":
        return t(why["cda"])
    if step.why == "waited_on":
        waited_by = getattr(step, "waited_by", ())
        names = ", ".join(effect_name(trace, e, t) for e in waited_by) or t("another effect")
        return t(why["waited_on"], names=names)
    if step.why == "dependency" or (step.waited_on and step.why != "loop"):
        names = ", ".join(effect_name(trace, e, t) for e in step.waited_on) or t("another effect")
        return t(why["dependency"], names=names)
    if step.why == "loop":
        members = ", ".join(effect_name(trace, e, t) for e in step.loop)
        return t(why["loop"], members=members) if members else t(why["loop_empty"])
    return t(why[step.why]) if step.why in why else str(step.why)


def states(trace: Any) -> list[dict[str, Any]]:
    """``states(trace)[k]`` = the object views after the first ``k`` steps (replayed once: one new
    view per object a step changes, with all of that step's changes to it)."""
    views = dict(trace.initial)
    out = [dict(views)]
    names = set(getattr(next(iter(views.values()), None), "__dataclass_fields__", {}) or {})
    for step in trace.steps:
        changed: dict[str, dict[str, Any]] = {}
        for ch in step.changes:
            if ch.object_id in views and (not names or ch.characteristic in names):
                changed.setdefault(ch.object_id, {})[ch.characteristic] = ch.after
        for oid, values in changed.items():
            views[oid] = replace(views[oid], **values)
        out.append(dict(views))
    return out


def change_lines(
    trace: Any,
    step: Any,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    lang: Any = "en",
) -> list[str]:
    """``["Gideon Jura: P/T 6/6 → 1/1", ...]`` for one step (power and toughness merged as P/T),
    in ``lang`` (names, types and rules text stay as written)."""
    t = _t(lang)
    by_obj: dict[str, list[Any]] = {}
    for ch in step.changes:
        by_obj.setdefault(ch.object_id, []).append(ch)
    lines = []
    for oid in sorted(by_obj):
        chs = by_obj[oid]
        parts = []
        chars = [c.characteristic for c in chs]
        if "power" in chars or "toughness" in chars:
            b = before.get(oid) if before else None
            a = after.get(oid) if after else None
            if b is not None and a is not None and hasattr(b, "pt"):
                parts.append(f"{t('P/T')} {b.pt} → {a.pt}")
            else:
                for c in chs:
                    if c.characteristic in ("power", "toughness"):
                        parts.append(fmt_change(c.characteristic, c.before, c.after, t))
        for c in chs:
            if c.characteristic in ("power", "toughness"):
                continue
            parts.append(fmt_change(c.characteristic, c.before, c.after, t))
        if oid in trace.initial or oid in trace.final:
            name = object_name(trace, oid)
        else:
            name = t(LAYER_WORDS[oid]) if oid in LAYER_WORDS else oid
        lines.append(f"{name}: " + "; ".join(parts))
    return lines


def layer_text(layer: str, lang: Any = "en", *, after_layer: bool = False) -> str:
    """A layer label in ``lang``: ``7b`` as it is, ``players`` and ``rules`` in words.

    ``after_layer``: the label follows the word "layer" (``"layer {layer}"``), so ``players`` is
    "dos jogadores" in pt-BR ("camada dos jogadores"), "de los jugadores" in es.

    >>> layer_text("rules", "pt-BR"), layer_text("rules", "pt-BR", after_layer=True), layer_text("7b", "es")
    ('regras', 'das regras', '7b')
    """
    if layer not in LAYER_WORDS:
        return layer
    t = _t(lang)
    return t.p("layer {layer}", LAYER_OF_WORDS[layer]) if after_layer else t(LAYER_WORDS[layer])
