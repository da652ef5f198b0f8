"""A reading in words, in the reader's language: its status, then one line per part of its effect spec,
each named by its layer (CR 613.1) or as a player or rules part (613.10, 613.11). Selectors, durations
and conditions stay the scenario language's English words (they are data a teacher can type back);
every other word comes from the catalogue.
"""

from __future__ import annotations

from typing import Any

from rulekit.errors import N_
from rulekit.i18n import Translator

#: What each located note of a reading says (``Reading.notes``; the loader's text notes say it too,
#: :mod:`rulekit.mtg.textread`, without loading the reader).
NOTE_WORDS = {
    "not_read": N_("sentence at position {position} not read: '{phrase}'"),
    "plain": N_("sentence at position {position} kept as plain text: '{phrase}'"),
    "choice": N_(
        "the choice at position {position} must be '{phrase}' (the scenario's choices are not checked)"
    ),
}

#: One line per effect-spec part (LANGUAGE.md §3), by its layer.
PART_WORDS = {
    "affects": N_("affects: {value}"),
    "players": N_("players: {value}"),
    "targets_must": N_("each target must be: {value}"),
    "condition": N_("only as long as {value}"),
    "duration": N_("lasts: {value}"),
    "copy": N_("layer 1 (copy): copies {value}"),
    "except": N_("layer 1 (copy): except {value}"),
    "control": N_("layer 2 (control): controlled by {value}"),
    "text_change": N_("layer 3 (text): {value}"),
    "type": N_("layer 4 (type): {value}"),
    "color": N_("layer 5 (colour): {value}"),
    "abilities": N_("layer 6 (abilities): {value}"),
    "set_pt": N_("layer 7b (set power/toughness): {value}"),
    "modify_pt": N_("layer 7c (modify power/toughness): {value}"),
    "switch_pt": N_("layer 7e: power and toughness switched"),
    "player": N_("players' part: {value}"),
    "rules": N_("rules part: {value}"),
}
#: The operations inside a part.
OP_WORDS = {
    "add": N_("add"),
    "remove": N_("remove"),
    "set": N_("set"),
    "set_types": N_("card types become"),
    "set_subtypes": N_("subtypes become"),
    "remove_all": N_("remove all"),
    "keep": N_("keep"),
    "cant_have": N_("can't have"),
    "activated_of": N_("activated abilities of"),
    "all_creature_types": N_("every creature type"),
    "remove_all_creature_types": N_("no creature type"),
    "power": N_("power"),
    "toughness": N_("toughness"),
    "types": N_("types"),
    "max_hand_size": N_("max hand size"),
    "requirement": N_("requirement"),
}
_YOU = {"you": N_("you")}


def _value(v: Any, t: Translator) -> str:
    if isinstance(v, dict):
        if set(v) == {"power", "toughness"}:  # a copy exception "except it's 7/7"
            return _pt(v, sign=False)
        out = []
        for k, x in v.items():
            word = t(OP_WORDS[k]) if k in OP_WORDS else k
            out.append(word if x is True else f"{word} {_value(x, t)}")
        return "; ".join(out)
    if isinstance(v, list):
        return ", ".join(_value(x, t) for x in v) if v else "—"
    if isinstance(v, str) and v in _YOU:
        return t(_YOU[v])
    return str(v)


def _pt(v: dict[str, Any], sign: bool) -> str:
    def one(x: Any) -> str:
        return f"{x:+d}" if sign and isinstance(x, int) else str(x)

    return f"{one(v.get('power', '—'))}/{one(v.get('toughness', '—'))}"


def spec_lines(spec: dict[str, Any], t: Translator) -> list[str]:
    """One line per part of an effect spec, in ``t``'s language."""
    lines = []
    for key in [*PART_WORDS, *(k for k in spec if k not in PART_WORDS)]:  # who, how long, then by layer
        if key not in spec:
            continue
        v = spec[key]
        if key not in PART_WORDS:
            lines.append(f"{key}: {v}")
            continue
        if key in ("set_pt", "modify_pt"):
            value = _pt(v, key == "modify_pt")
        elif isinstance(v, dict) and "text" in v:
            value = str(v["text"])
        else:
            value = _value(v, t)
        lines.append(t(PART_WORDS[key], value=value))
    return lines


def reading_lines(reading: Any, t: Translator) -> list[str]:
    """A :class:`~rulekit.mtg.oracle.reader.Reading` in words: its status, then its parts."""
    lines = reading.words(t).splitlines()
    if reading.status == "read":
        lines[1:1] = ["  " + s for s in spec_lines(reading.spec, t)]
    return lines
