"""The semantic checks of a scenario or card file, after its shape is validated (rulekit/mtg/schema.py).

Every type word, colour, selector, expression, condition, counter, text change (612.2) and control
value is checked here; a problem is one :class:`~rulekit.errors.ScenarioError` naming
``file:line: field`` with a "did you mean". :mod:`rulekit.mtg.loader` calls these while it builds
the model.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from rulekit import limits
from rulekit.errors import N_, Phrase, ScenarioError
from rulekit.mtg.expressions import parse_expr, parse_target_rule
from rulekit.mtg.kinds import section_mapping, sections
from rulekit.mtg.messages import ERRORS
from rulekit.mtg.model import DURATIONS, EffectSpec, ObjectDef
from rulekit.mtg.schema import (
    AbilityModel,
    effect_model,
)
from rulekit.mtg.selectors import SelectorError, parse_condition, parse_selector, vocabulary
from rulekit.mtg.vocab import (
    CARD_TYPES,
    COLORS,
    CREATURE_TYPES,
    SUBTYPES,
    SUPERTYPES,
    ZONES,
    counter_name,
    pt_counter,
    subtype_family,
    suggest_close,
)
from rulekit.yamlsrc import YamlDoc, suggest

Path_ = tuple[str | int, ...]


def err(
    doc: YamlDoc,
    path: Path_,
    msg: str,
    suggestion: str | None = None,
    code: str = "INVALID_VALUE",
    params: dict[str, Any] | None = None,
) -> ScenarioError:
    """The one located error of a check: ``file:line: field: msg — did you mean …`` (with ``params``,
    ``msg`` is a catalogue message, marked ``N_``, and its values: :class:`~rulekit.errors.RulekitError`)."""
    return doc.error(path, msg, code=code, suggestion=suggestion, params=params)


def err_message(
    doc: YamlDoc,
    path: Path_,
    key: str,
    suggestion: str | None = None,
    code: str = "INVALID_VALUE",
    **params: Any,
) -> ScenarioError:
    """:func:`err` with the message :data:`rulekit.mtg.messages.ERRORS` ``[key]`` filled with ``params``
    (its English; a reader in another language sees it translated)."""

    msgid = ERRORS[key]
    return doc.error(
        path, msgid.format(**params), code=code, suggestion=suggestion, msgid=msgid, params=params
    )


#: A subtype's family, as a text change names it (612.2).
_FAMILY = {
    "creature": N_("a creature type"),
    "land": N_("a land type"),
    "artifact": N_("an artifact type"),
    "enchantment": N_("an enchantment type"),
    "planeswalker": N_("a planeswalker type"),
    "spell": N_("a spell type"),
    "battle": N_("a battle type"),
    "dungeon": N_("a dungeon type"),
}


def _selector_err(doc: YamlDoc, path: Path_, exc: Any, code: str = "INVALID_VALUE") -> ScenarioError:
    """A selector's or an expression's own error, located at ``path`` (its catalogue message kept)."""
    if getattr(exc, "msgid", None):
        return err(doc, path, exc.msgid, exc.suggestion, code, dict(exc.params))
    return err(doc, path, str(exc), exc.suggestion, code)


def check_words(doc: YamlDoc, path: Path_, words: list[str], kind: str) -> None:
    allowed: tuple[str, ...]
    if kind == "types":
        allowed, key = CARD_TYPES, "not_card_type"
    elif kind == "supertypes":
        allowed, key = SUPERTYPES, "not_supertype"
    elif kind == "subtypes":
        allowed, key = (*SUBTYPES, "(all creature types)"), "not_subtype"
    elif kind == "colors":
        allowed, key = COLORS, "not_colour"
    else:  # any type word
        allowed, key = (*CARD_TYPES, *SUPERTYPES, *SUBTYPES), "not_type_word"
    for i, w in enumerate(words):
        if "{chosen" in w:
            continue
        if w not in allowed:
            raise err_message(doc, (*path, i), key, suggest_close(w, allowed), word=w)


def _check_selector(doc: YamlDoc, path: Path_, text: str, names: set[str] | None) -> None:
    if "{chosen" in text:
        return
    try:
        sel = parse_selector(text)
    except SelectorError as exc:
        raise _selector_err(doc, path, exc, code="BAD_SELECTOR") from None
    _check_names(doc, path, sel.names, names)


def _check_spells(doc: YamlDoc, path: Path_, text: str) -> None:
    """A cost change is paid when a spell is cast (601.2f): its selector names spells or cards, not
    permanents on the battlefield (an object it names by id may be on the stack)."""
    try:
        sel = parse_selector(text)
    except SelectorError as exc:
        raise _selector_err(doc, path, exc, code="BAD_SELECTOR") from None
    if any(p.special is None and p.zone == "battlefield" for p in sel.parts):
        raise err(
            doc,
            path,
            N_(
                "a cost change applies to spells as they are cast (601.2f): '{value}' names permanents; "
                "write e.g. 'creature spells'"
            ),
            params={"value": text},
        )


def _check_names(doc: YamlDoc, path: Path_, sel_names: tuple[str, ...], names: set[str] | None) -> None:
    """Every name a selector reads must be an object of the scenario (a library card may name cards)."""
    for name in sel_names:
        known = names is not None and (name in names or name.lower() in {n.lower() for n in names})
        if known:
            continue
        if names is None and name[:1].isupper():
            continue  # a card name inside a library card: checked when a scenario uses it
        choices = [*vocabulary(), *sorted(names or ())]
        raise err(
            doc,
            path,
            N_("'{name}' is neither a selector nor an object in this scenario"),
            suggest_close(name, choices),
            code="BAD_SELECTOR",
            params={"name": name},
        )


def _check_condition(doc: YamlDoc, path: Path_, text: str, names: set[str] | None) -> None:
    """A condition parses, and the object or selector it names is in the scenario."""
    try:
        cond = parse_condition(text)
    except SelectorError as exc:
        raise _selector_err(doc, path, exc) from None
    if cond.selector is not None:
        _check_names(doc, path, cond.selector.names, names)
    obj = cond.obj.removeprefix("@")
    named = cond.selector is None and obj not in ("this", "it") and names is not None and "{chosen" not in obj
    if named and names is not None and obj not in names and obj.lower() not in {n.lower() for n in names}:
        raise err(
            doc,
            path,
            N_("no object '{id}' in this scenario"),
            suggest(obj, sorted(names)),
            code="UNKNOWN_OBJECT",
            params={"id": obj},
        )


def check_effect(
    doc: YamlDoc,
    path: Path_,
    raw: dict[str, Any],
    names: set[str] | None,
    players: list[str] | None = None,
    resolving: bool = False,
) -> dict[str, Any]:
    """Validate one effect spec (structure, words, selectors, expressions); returns it cleaned.

    ``players`` (``None`` in the card library) are the scenario's players, for ``control``;
    ``resolving`` says whether the effect comes from a resolving ability (only those know X).
    """
    model = doc.validate(effect_model(), path)
    data = model.model_dump(by_alias=True, exclude_defaults=True)
    check_effect_data(doc, path, data, names, players, resolving)
    checks = _Checks(doc, names, players, False, resolving, data)
    for section, kinds in sections().items():
        for kind in kinds:
            kind.check_written(section_mapping(section, data.get(section)) or {}, (*path, section), checks)
    return data


def check_effect_data(
    doc: YamlDoc,
    path: Path_,
    data: dict[str, Any],
    names: set[str] | None,
    players: list[str] | None,
    resolving: bool,
    filled: bool = False,
) -> None:
    """The words, selectors, expressions and references of an effect spec of a known shape.

    Run on the file's own spec, and again (``filled``) once ``{chosen ...}`` placeholders are
    filled in, where granted abilities are checked the same way."""
    if data.get("affects") is not None and str(data["affects"]).strip().lower() not in (
        "targets",
        "target",
        "target player",
    ):
        _check_selector(doc, (*path, "affects"), str(data["affects"]), names)
    if data.get("targets_must") is not None:
        try:
            parse_target_rule(str(data["targets_must"]))
        except SelectorError as exc:
            raise _selector_err(doc, (*path, "targets_must"), exc, code="BAD_SELECTOR") from None
    for key in ("condition", "duration"):
        val = data.get(key)
        if val is None:
            continue
        if key == "duration":
            low = val.lower()
            if low in DURATIONS:
                continue
            if not low.startswith("for as long as"):
                raise err(
                    doc,
                    (*path, key),
                    N_("'{value}' is not a duration"),
                    suggest(val, list(DURATIONS)),
                    params={"value": val},
                )
        _check_condition(doc, (*path, key), val, names)
    checks = _Checks(doc, names, players, filled, resolving, data)
    for section, kinds in sections().items():
        part = section_mapping(section, data.get(section))
        for kind in kinds:
            kind.check(part or {}, (*path, section), checks)
    if data.get("players") is not None:
        ok = ("you", "each opponent", "each player", "target player")
        if data["players"].lower() not in ok:
            raise err(
                doc,
                (*path, "players"),
                N_("'{value}' is not one of {options}"),
                suggest(data["players"], ok),
                params={"value": data["players"], "options": ", ".join(ok)},
            )


class _Checks:
    """The checks an effect kind's :meth:`~rulekit.mtg.kinds.base.Kind.check` calls
    (:class:`rulekit.mtg.kinds.base.Checks`), on one document."""

    def __init__(
        self,
        doc: YamlDoc,
        names: set[str] | None,
        players: list[str] | None,
        filled: bool,
        resolving: bool,
        effect: Mapping[str, Any],
    ) -> None:
        self.effect = effect
        self.doc, self.names, self.players, self.filled, self.resolving = (
            doc,
            names,
            players,
            filled,
            resolving,
        )

    def words(self, path: Path_, words: list[str], kind: str) -> None:
        check_words(self.doc, path, words, kind)

    def selector(self, path: Path_, text: str) -> None:
        _check_selector(self.doc, path, text, self.names)

    def granted(self, path: Path_, item: Any) -> None:
        _check_granted(self.doc, path, item, self.names, self.players, self.filled)

    def ability(self, path: Path_, item: Any) -> None:
        check_ability(self.doc, path, item, self.names, self.players)

    def text_change(self, path: Path_, old: str, new: str) -> None:
        check_text_change(self.doc, path, old, new)

    def player(self, path: Path_, who: str) -> None:
        _check_control(self.doc, path, who, self.names, self.players)

    def number(self, path: Path_, value: Any) -> None:
        if isinstance(value, str) and "{chosen" in value:
            return
        try:
            expr = parse_expr(value)
        except SelectorError as exc:
            raise _selector_err(self.doc, path, exc) from None
        for sel in expr.selectors:  # a counted selector's object names are checked too
            _check_names(self.doc, path, sel.names, self.names)
        if expr.kind == "x" and not self.resolving:
            raise err(
                self.doc,
                path,
                N_("'{value}' uses X, which only a resolving ability has (its resolve event gives x:)"),
                code="NO_X",
                params={"value": value},
            )

    def spells(self, path: Path_, text: str) -> None:
        if "{chosen" not in text:
            _check_spells(self.doc, path, text)

    def counters(self, path: Path_, counters: dict[str, int]) -> None:
        check_counters(self.doc, path, counters)

    def suggest(self, word: str, choices: list[str]) -> str | None:
        return suggest(word, choices)

    def refuse(
        self,
        path: Path_,
        message: str,
        params: Mapping[str, Any],
        suggestion: str | None = None,
        code: str = "INVALID_VALUE",
    ) -> None:
        raise err(self.doc, path, message, suggestion, code=code, params=dict(params))


def _check_granted(
    doc: YamlDoc,
    path: Path_,
    item: Any,
    names: set[str] | None,
    players: list[str] | None,
    filled: bool,
) -> None:
    """An ability an effect grants (``abilities: {add: [...]}``, a copy's ``except: {abilities: [...]}``).

    The file's own ability is validated where it is written (:func:`check_ability`). A *filled*
    spec is data built from the file (its ``{chosen ...}`` placeholders replaced), whose shape was
    validated before filling and whose path may not exist in the document (a library card's
    ability, the ``static`` level of the path): only its effects' words, selectors and expressions
    are checked again, with the filled values, and errors name ``path``. An item that is neither a
    string nor a mapping is no ability (LANGUAGE.md §2): :func:`check_ability` refuses it."""
    if isinstance(item, str):
        return
    if not filled:
        check_ability(doc, path, item, names)
        return
    if not isinstance(item, dict):
        return
    for k in ("static", "cda", "resolves"):
        if isinstance(item.get(k), dict):
            check_effect_data(doc, (*path, k), item[k], names, players, k == "resolves", filled=True)
    cond = item.get("condition")
    if isinstance(cond, str) and "{chosen" not in cond:
        _check_condition(doc, (*path, "condition"), cond, names)


#: Counter kinds the engine reads: the power/toughness counters of 122.1a (every "+X/+Y" and "-X/-Y"
#: kind, :func:`rulekit.mtg.vocab.pt_counter`) and loyalty; any other kind is a plain lowercase word
#: (``flood``, ``charge``) that only selectors ("with a flood counter") and conditions read.
PT_COUNTERS = ("+1/+1", "-1/-1", "+1/+0", "+0/+1", "-1/-0", "-0/-1", "+2/+2", "-2/-2")


def check_counters(doc: YamlDoc, path: Path_, counters: dict[str, int], signed: bool = False) -> None:
    """Every counter kind is a 122.1a power/toughness kind, loyalty or a lowercase word; every number
    is bounded (``signed``: a ``counters`` event's ``add`` may be negative)."""
    for kind, n in counters.items():
        name = counter_name(str(kind))
        if pt_counter(name) is None and not re.fullmatch(r"[a-z][a-z-]{0,39}", name):
            pt_like = re.fullmatch(r"[+-]\d+/[+-]\d+", name) is not None
            why = (
                Phrase(N_("122.1a: a power/toughness counter is +X/+Y or -X/-Y, both signs alike"))
                if pt_like
                else Phrase(N_("a counter kind is +X/+Y, -X/-Y, loyalty or a lowercase word such as flood"))
            )
            raise err(
                doc,
                (*path, kind),
                N_("'{kind}' is not a counter kind ({why})"),
                suggest(str(kind), [*PT_COUNTERS, "loyalty"]),
                params={"kind": kind, "why": why},
            )
        if n < 0 and not signed:
            raise err_message(doc, (*path, kind), "negative_counters", n=n)
        if abs(n) > limits.MAX_COUNTERS:
            raise err_message(
                doc, (*path, kind), "too_many_counters", code="TOO_MANY", most=f"{limits.MAX_COUNTERS:,}"
            )


def _word_kind(word: str) -> str | None:
    """What kind of word a text change may replace (612.2): a colour word or a subtype family."""
    if word in COLORS:
        return Phrase(N_("a colour word"))
    if word in SUBTYPES:
        family = subtype_family(word)
        return Phrase(_FAMILY[family]) if family in _FAMILY else f"a {family} type"
    return None


def check_text_change(doc: YamlDoc, path: Path_, old: str, new: str, exact: bool = False) -> None:
    """612.2: a text-changing effect replaces a word with another of the same kind (a colour word
    with a colour word, a land type with a land type, a creature type with a creature type)."""
    if "{chosen" in old or "{chosen" in new:
        return  # checked again once the choices are filled in
    kinds = []
    for key, word in (("from", old), ("to", new)):
        kind = _word_kind(word)
        if kind is None:
            raise err(
                doc,
                path if exact else (*path, key),
                N_(
                    "'{word}' is neither a colour word nor a subtype: a text change cannot replace it (612.2)"
                ),
                suggest(word, [*COLORS, *SUBTYPES]),
                params={"word": word},
                code="BAD_TEXT_CHANGE",
            )
        kinds.append(kind)
    if kinds[0] != kinds[1]:
        raise err(
            doc,
            path if exact else (*path, "to"),
            N_(
                "'{old}' is {old_kind} and '{new}' is {new_kind}: a text change replaces a word "
                "with one of the same kind (612.2)"
            ),
            code="BAD_TEXT_CHANGE",
            params={"old": old, "old_kind": kinds[0], "new": new, "new_kind": kinds[1]},
        )


def _check_control(
    doc: YamlDoc, path: Path_, who: str, names: set[str] | None, players: list[str] | None
) -> None:
    """A control part names ``you``, a player, ``its owner`` or ``controller of <object>``."""
    low = who.lower()
    if low in ("you", "owner", "its owner") or "{chosen" in who:
        return
    if low.startswith("controller of "):
        ref = who[len("controller of ") :]
        if names is None or ref in names or ref.lower() in {n.lower() for n in names}:
            return
        raise err(
            doc,
            path,
            N_("no object '{id}' in this scenario"),
            suggest(ref, sorted(names)),
            code="UNKNOWN_OBJECT",
            params={"id": ref},
        )
    if players is not None and who in players:
        return
    choices = ["you", "its owner", *(players or ())]
    raise err(
        doc,
        path,
        N_("'{who}' is not a player (control takes you, a player, its owner or '{form}')"),
        suggest(who, choices),
        params={"who": who, "form": "controller of <object>"},
    )


def check_ability(
    doc: YamlDoc, path: Path_, raw: Any, names: set[str] | None, players: list[str] | None = None
) -> Any:
    if isinstance(raw, str):
        return raw
    if not isinstance(raw, dict):
        raise err(doc, path, N_("an ability is a string or a mapping with 'text'"), params={})
    model = doc.validate(AbilityModel, path)
    kinds = [k for k in ("static", "cda", "resolves") if getattr(model, k) is not None]
    if len(kinds) > 1:
        raise err(
            doc,
            path,
            N_("an ability has at most one of static/cda/resolves (got {kinds})"),
            params={"kinds": ", ".join(kinds)},
        )
    out = dict(raw)
    if model.key is not None:
        out["key"] = str(model.key)
    for k in kinds:
        out[k] = check_effect(doc, (*path, k), raw[k], names, players, resolving=k == "resolves")
    if model.zone is not None and model.zone not in ZONES:
        raise err(
            doc,
            (*path, "zone"),
            N_("'{zone}' is not a zone"),
            suggest(model.zone, ZONES),
            params={"zone": model.zone},
        )
    if model.condition:
        _check_condition(doc, (*path, "condition"), model.condition, names)
    if model.enters_with:
        check_counters(doc, (*path, "enters_with"), model.enters_with)
    return out


# ---------------------------------------------------------------- choices, timestamps, X (objects and events)
#: "'x' is not a colour", by the kind of choice (each language says "a" / "an" / "um" / "una" its way).
_NOT_A: dict[str, str] = {
    "color": N_("'{value}' is not a color"),
    "creature type": N_("'{value}' is not a creature type"),
    "object": N_("'{value}' is not an object"),
    "player": N_("'{value}' is not a player"),
}


def not_a(value: str, what: str, ok: Any) -> tuple[str, str | None, str, dict[str, Any]]:
    """The message, suggestion, code and params of "'x' is not a <what>" (for :func:`err`)."""
    return _NOT_A[what], suggest(value, list(ok)), "INVALID_VALUE", {"value": value}


def check_timestamp(doc: YamlDoc, path: Path_, ts: float | None) -> None:
    """A timestamp, if one is given, is a finite number."""
    if ts is not None and not math.isfinite(ts):
        raise err(doc, path, N_("a timestamp is a finite number (got {value})"), params={"value": ts})


_CHOICE_VALUES = {"color": COLORS, "creature type": CREATURE_TYPES}


def check_choice_values(
    doc: YamlDoc, path: Path_, choices: dict[str, str], ids: list[str], players: list[str]
) -> None:
    """A colour, creature type, object or player choice must name one (LANGUAGE.md §3)."""
    allowed: dict[str, tuple[str, ...]] = {**_CHOICE_VALUES, "object": tuple(ids), "player": tuple(players)}
    for what, value in choices.items():
        ok = allowed.get(what)
        if ok is not None and value not in ok:
            raise err(doc, (*path, what), *not_a(value, what, ok))


def placeholders(items: Any) -> set[str]:
    """The ``{chosen <what>}`` placeholders written anywhere in ``items``."""
    return set(re.findall(r"\{chosen ([^}]+)\}", json.dumps(items, ensure_ascii=False)))


def check_choice_keys(
    doc: YamlDoc, path: Path_, choices: dict[str, str], wanted: set[str], name: str
) -> None:  # name: where, with its preposition ("in this scenario")
    """Every choice fills a ``{chosen <what>}`` placeholder that is there (else it is a typo):
    ``wanted``, the placeholders of the abilities it may serve (:func:`placeholders`)."""
    for what in choices:
        if what not in wanted:
            if wanted:
                msg = N_("'{what}' fills no {placeholder} placeholder {where} (its placeholders: {names})")
            else:
                msg = N_("'{what}' fills no {placeholder} placeholder {where} (it has none)")
            raise err(
                doc,
                (*path, what),
                msg,
                suggest(what, sorted(wanted)),
                code="UNKNOWN_CHOICE",
                params={
                    "what": what,
                    "placeholder": "{chosen ...}",
                    "where": name,
                    "names": ", ".join(sorted(wanted)),
                },
            )


def check_filled(
    doc: YamlDoc,
    path: Path_,
    spec: EffectSpec | None,
    names: set[str] | None,
    players: list[str],
    resolving: bool,
    exact: bool = False,
) -> None:
    """An effect spec once its ``{chosen ...}`` placeholders are filled in: the words, selectors
    and expressions the choices made must be good too (``blue`` is no selector; 612.2 text
    changes). Errors name ``path`` and the field, or ``path`` itself when ``exact`` (the choices
    that filled an ability written elsewhere)."""
    if spec is None or "{chosen " in spec.canon:
        return  # nothing was filled, or a placeholder is still open (reported where it matters)
    try:
        check_effect_data(doc, path, spec.data(), names, players, resolving, filled=True)
    except ScenarioError as exc:
        if not exact:
            raise
        inner = Phrase(exc.msgid, **exc.params) if exc.msgid else exc.message
        raise doc.error(
            path, N_("with these choices: {problem}"), params={"problem": inner}, code=exc.code
        ) from None


_X_WORD = re.compile(r"(?<![\w'])X(?![\w'])")


def uses_x(spec: EffectSpec | None) -> bool:
    """Whether an effect spec reads X in a number phrase of one of its kinds (:attr:`Kind.numbers`:
    a power/toughness part)."""
    numbers = [
        (section, kind.numbers) for section, kinds in sections().items() for kind in kinds if kind.numbers
    ]
    stack: list[Any] = [spec.mapping] if spec is not None else []
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k, keys in numbers:
                part = v.get(k)
                if isinstance(part, dict):
                    for f in keys:
                        e = part.get(f)
                        if isinstance(e, str) and "{chosen" not in e and _X_WORD.search(e):
                            return True  # "X", "twice X", "half X, rounded up", "X plus 1"
            stack.extend(x for key, x in v.items() if key != "abilities")
        elif isinstance(v, list):
            stack.extend(v)
    return False


def check_zone(doc: YamlDoc, path: Path_, zone: str | None) -> None:
    """A zone, if one is given."""
    if zone is not None and zone not in ZONES:
        raise doc.error(
            path, N_("'{zone}' is not a zone"), params={"zone": zone}, suggestion=suggest(zone, ZONES)
        )


def missing_choice(doc: YamlDoc, path: Path_, obj: ObjectDef, raw: str) -> ScenarioError:
    """The error of an ability whose ``{chosen <what>}`` no choice of its object fills."""
    m = re.search(r"\{chosen ([^}]+)\}", raw)
    what = m.group(1) if m else "?"
    return doc.error(
        path,
        N_("{name} needs a choice for '{placeholder}': add choices: {example}"),
        params={"name": obj.name, "placeholder": f"{{chosen {what}}}", "example": f"{{{what}: ...}}"},
        code="MISSING_CHOICE",
    )
