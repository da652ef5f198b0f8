"""Loading the card library and scenario files (issue 2 §4; format in LANGUAGE.md).

Files are read with :mod:`rulekit.yamlsrc` (``yaml.safe_load`` plus line numbers) and validated
with pydantic models declared ``extra="forbid"``; then a semantic pass checks every type word,
colour, selector, expression and object reference. Any problem is one
:class:`~rulekit.errors.ScenarioError` naming ``file:line: field`` with a "did you mean".
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from rulekit.errors import ScenarioError
from rulekit.mtg.expressions import parse_expr, parse_target_rule
from rulekit.mtg.model import DURATIONS, Ability, Event, ObjectDef, Scenario, ability_from_data
from rulekit.mtg.schema import (
    AbilityModel,
    CardModel,
    EffectModel,
    EventModel,
    LibraryModel,
    ObjectModel,
    ScenarioModel,
)
from rulekit.mtg.selectors import SelectorError, parse_condition, parse_selector
from rulekit.mtg.vocab import (
    CARD_TYPES,
    COLORS,
    CREATURE_TYPES,
    SUBTYPES,
    SUPERTYPES,
    ZONES,
    suggest_close,
)
from rulekit.yamlsrc import YamlDoc, suggest

Path_ = tuple[str | int, ...]


_EVENT_KINDS = (
    "enter",
    "leave",
    "attach",
    "resolve",
    "tap",
    "untap",
    "turn_face_up",
    "turn_face_down",
    "transform",
    "end_of_turn",
    *("begin_turn", "untap_step", "end_of_combat", "counters"),  # issue 9 durations
)
_WORD_EVENTS = ("end_of_turn", "end_of_combat")  # the events written as a bare word


# ====================================================================================== checks
def _err(
    doc: YamlDoc, path: Path_, msg: str, suggestion: str | None = None, code: str = "INVALID_VALUE"
) -> ScenarioError:
    return doc.error(path, msg, code=code, suggestion=suggestion)


def _check_words(doc: YamlDoc, path: Path_, words: list[str], kind: str) -> None:
    allowed: tuple[str, ...]
    if kind == "types":
        allowed, label = CARD_TYPES, "a card type"
    elif kind == "supertypes":
        allowed, label = SUPERTYPES, "a supertype"
    elif kind == "subtypes":
        allowed, label = (*SUBTYPES, "(all creature types)"), "a subtype"
    elif kind == "colors":
        allowed, label = COLORS, "a colour (white, blue, black, red, green)"
    else:  # any type word
        allowed, label = (*CARD_TYPES, *SUPERTYPES, *SUBTYPES), "a card type, subtype or supertype"
    for i, w in enumerate(words):
        if "{chosen" in w:
            continue
        if w not in allowed:
            raise _err(doc, (*path, i), f"'{w}' is not {label}", suggest_close(w, allowed))


def _check_selector(doc: YamlDoc, path: Path_, text: str, names: set[str] | None) -> None:
    if "{chosen" in text:
        return
    try:
        sel = parse_selector(text)
    except SelectorError as exc:
        raise _err(doc, path, str(exc), exc.suggestion, code="BAD_SELECTOR") from None
    from rulekit.mtg.selectors import vocabulary

    for name in sel.names:
        known = names is not None and (name in names or name.lower() in {n.lower() for n in names})
        if known:
            continue
        if names is None and name[:1].isupper():
            continue  # a card name inside a library card: checked when a scenario uses it
        choices = [*vocabulary(), *sorted(names or ())]
        raise _err(
            doc,
            path,
            f"'{name}' is neither a selector nor an object in this scenario",
            suggest_close(name, choices),
            code="BAD_SELECTOR",
        )


def check_effect(doc: YamlDoc, path: Path_, raw: dict[str, Any], names: set[str] | None) -> dict[str, Any]:
    """Validate one effect spec (structure, words, selectors, expressions); returns it cleaned."""
    model = doc.validate(EffectModel, path)
    data = model.model_dump(by_alias=True, exclude_defaults=True)
    if data.get("affects") and str(data["affects"]).strip().lower() not in (
        "targets",
        "target",
        "target player",
    ):
        _check_selector(doc, (*path, "affects"), str(data["affects"]), names)
    for k in ("copy", "full_text"):
        if data.get(k):
            _check_selector(doc, (*path, k), str(data[k]), names)
    if data.get("except") is not None:
        if not data.get("copy"):
            raise _err(doc, (*path, "except"), "'except' is the exceptions of a copy effect: add 'copy'")
        exc_ = data["except"]
        if exc_.get("types"):
            _check_words(doc, (*path, "except", "types"), exc_["types"], "any")
        for i, item in enumerate(exc_.get("abilities") or ()):
            if not isinstance(item, str):
                check_ability(doc, (*path, "except", "abilities", i), item, names)
    if data.get("targets_must"):
        try:
            parse_target_rule(str(data["targets_must"]))
        except SelectorError as exc:
            raise _err(doc, (*path, "targets_must"), str(exc), exc.suggestion, code="BAD_SELECTOR") from None
    for key in ("condition", "duration"):
        val = data.get(key)
        if not val:
            continue
        if key == "duration":
            low = val.lower()
            if low in DURATIONS:
                continue
            if not low.startswith("for as long as"):
                raise _err(doc, (*path, key), f"'{val}' is not a duration", suggest(val, list(DURATIONS)))
        try:
            parse_condition(val)
        except SelectorError as exc:
            raise _err(doc, (*path, key), str(exc), exc.suggestion) from None
    t = data.get("type") or {}
    for k in ("add", "remove", "set_subtypes"):
        if t.get(k):
            _check_words(doc, (*path, "type", k), t[k], "any" if k != "set_subtypes" else "subtypes")
    if t.get("set_types"):
        _check_words(doc, (*path, "type", "set_types"), t["set_types"], "types")
    c = data.get("color")
    if isinstance(c, dict):
        for k in ("set", "add"):
            if c.get(k):
                _check_words(doc, (*path, "color", k), c[k], "colors")
    ab = data.get("abilities") or {}
    if ab.get("activated_of"):
        _check_selector(doc, (*path, "abilities", "activated_of"), str(ab["activated_of"]), names)
    if ab.get("keep") and not ab.get("remove_all"):
        raise _err(doc, (*path, "abilities", "keep"), "'keep' goes with 'remove_all: true'")
    for i, item in enumerate(ab.get("add") or ()):
        if not isinstance(item, str):
            check_ability(doc, (*path, "abilities", "add", i), item, names)
    for k in ("set_pt", "modify_pt"):
        for f in ("power", "toughness"):
            v = (data.get(k) or {}).get(f)
            if v is None:
                continue
            try:
                expr = parse_expr(v)
            except SelectorError as exc:
                raise _err(doc, (*path, k, f), str(exc), exc.suggestion) from None
            for sel in expr.selectors:  # a counted selector's object names are checked too
                _check_selector(doc, (*path, k, f), sel.text, names)
    if data.get("players"):
        ok = ("you", "each opponent", "each player", "target player")
        if data["players"].lower() not in ok:
            raise _err(
                doc,
                (*path, "players"),
                f"'{data['players']}' is not one of {', '.join(ok)}",
                suggest(data["players"], ok),
            )
    return data


def check_ability(doc: YamlDoc, path: Path_, raw: Any, names: set[str] | None) -> Any:
    if isinstance(raw, str):
        return raw
    if not isinstance(raw, dict):
        raise _err(doc, path, "an ability is a string or a mapping with 'text'")
    model = doc.validate(AbilityModel, path)
    kinds = [k for k in ("static", "cda", "resolves") if getattr(model, k) is not None]
    if len(kinds) > 1:
        raise _err(doc, path, f"an ability has at most one of static/cda/resolves (got {', '.join(kinds)})")
    out = dict(raw)
    if model.key is not None:
        out["key"] = str(model.key)
    for k in kinds:
        out[k] = check_effect(doc, (*path, k), raw[k], names)
    if model.zone is not None and model.zone not in ZONES:
        raise _err(doc, (*path, "zone"), f"'{model.zone}' is not a zone", suggest(model.zone, ZONES))
    if model.condition:
        try:
            parse_condition(model.condition)
        except SelectorError as exc:
            raise _err(doc, (*path, "condition"), str(exc), exc.suggestion) from None
    return out


def build_abilities(items: list[Any], choices: dict[str, str]) -> tuple[Ability, ...]:
    """Abilities of an object, with keys (LANGUAGE.md §2) and ``{chosen ...}`` filled in."""
    generating = [i for i, a in enumerate(items) if isinstance(a, dict) and (a.get("static") or a.get("cda"))]
    out = []
    n_res = 0
    for i, item in enumerate(items):
        data = item
        if choices and not isinstance(item, str):
            text = json.dumps(item)
            for k, v in choices.items():
                # a chosen object is referred to by id ("@bears"), never read as a selector word
                text = text.replace("{chosen " + k + "}", f"@{v}" if k == "object" else v)
            data = json.loads(text)
        key = ""
        if isinstance(data, dict):
            if data.get("key") is not None:
                key = str(data["key"])
            elif data.get("resolves") is not None:
                n_res += 1
                key = str(n_res)
            elif i in generating and len(generating) > 1:
                key = str(generating.index(i) + 1)
        out.append(ability_from_data(data, key))
    return tuple(out)


# ====================================================================================== library
def _data_root() -> Path:
    return Path(str(resources.files("rulekit") / "data"))


@lru_cache(maxsize=1)
def library() -> dict[str, dict[str, Any]]:
    """The card library: name -> validated card data.

    Every ``rulekit/data/mtg/cards*.yaml`` file is read (``cards.yaml`` first, then the others in
    name order); a card name may appear in only one of them.
    """
    root = _data_root() / "mtg"
    files = sorted(root.glob("cards*.yaml"), key=lambda p: (p.name != "cards.yaml", p.name))
    cards: dict[str, dict[str, Any]] = {}
    where: dict[str, str] = {}
    for path in files:
        display = f"rulekit/data/mtg/{path.name}"
        doc = YamlDoc.from_path(path, display=display)
        doc.validate(LibraryModel)
        for i, raw in enumerate(doc.data["cards"]):
            cards_path: Path_ = ("cards", i)
            model = doc.validate(CardModel, cards_path)
            if model.name in cards:
                raise _err(
                    doc,
                    (*cards_path, "name"),
                    f"card '{model.name}' is already defined in {where[model.name]}",
                )
            card = check_card_fields(doc, cards_path, model.model_dump(exclude_none=False))
            card["abilities"] = [
                check_ability(doc, (*cards_path, "abilities", j), a, None)
                for j, a in enumerate(raw.get("abilities") or [])
            ]
            cards[model.name] = card
            where[model.name] = display
    return cards


def check_card_fields(doc: YamlDoc, path: Path_, card: dict[str, Any]) -> dict[str, Any]:
    for k in ("types", "subtypes", "supertypes", "colors"):
        if card.get(k):
            _check_words(doc, (*path, k), card[k], k)
    return card


def list_cards() -> list[str]:
    """Names of every card in the library, sorted."""
    return sorted(library())


# ====================================================================================== scenarios
def scenario_root() -> Path:
    return _data_root() / "scenarios"


def list_builtin(game: str | None = "mtg") -> list[str]:
    """Built-in scenario names (``seed/...``, ``classic/...``) whose ``game`` matches."""
    root = scenario_root()
    out = []
    for p in sorted(root.rglob("*.yaml")):
        name = p.relative_to(root).with_suffix("").as_posix()
        if game is not None:
            try:
                head = p.read_text(encoding="utf-8")
            except OSError:
                continue
            if f"game: {game}" not in head:
                continue
        out.append(name)
    return out


def load_scenario(name_or_path: str | Path) -> Scenario:
    """A scenario from a path or a built-in name (e.g. ``seed/humility-then-gideon``)."""
    p = Path(name_or_path)
    if p.suffix in (".yaml", ".yml") and p.exists():
        doc = YamlDoc.from_path(p, display=str(name_or_path))
        return scenario_from_doc(doc, default_name=p.stem)
    builtin = scenario_root() / f"{name_or_path}.yaml"
    if builtin.exists():
        doc = YamlDoc.from_path(builtin, display=f"{name_or_path}.yaml")
        return scenario_from_doc(doc, default_name=str(name_or_path))
    if p.exists():
        doc = YamlDoc.from_path(p, display=str(name_or_path))
        return scenario_from_doc(doc, default_name=p.stem)
    names = list_builtin("mtg")
    raise ScenarioError(
        f"no scenario file or built-in scenario named '{name_or_path}'",
        code="NO_SUCH_SCENARIO",
        suggestion=suggest(str(name_or_path), names),
    )


def scenario_from_text(text: str, file: str = "<scenario>") -> Scenario:
    """A scenario from YAML text (``file`` is the name used in error messages)."""
    doc = YamlDoc.from_text(text, file)
    return scenario_from_doc(doc, default_name=Path(file).stem)


def scenario_from_doc(doc: YamlDoc, default_name: str) -> Scenario:
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError(
            "a scenario is a mapping with keys game, players, objects, events",
            file=doc.file,
            line=1,
            code="NOT_A_MAPPING",
        )
    if data.get("game") == "apoteose":
        raise doc.error(
            ("game",), "this is an Apoteose scenario; use the Apoteose commands", code="WRONG_GAME"
        )
    model = doc.validate(ScenarioModel)
    players: list[str] = []
    pabilities: list[tuple[str, tuple[str, ...]]] = []
    for pl in model.players:
        if isinstance(pl, str):
            players.append(pl)
        else:
            players.append(pl.name)
            pabilities.append((pl.name, tuple(pl.abilities)))
    if not players:
        raise doc.error(("players",), "a scenario needs at least one player")
    if len(set(players)) != len(players):
        raise doc.error(("players",), "player names must be different")
    if model.active_player is not None and model.active_player not in players:
        raise doc.error(
            ("active_player",),
            f"'{model.active_player}' is not a player",
            suggestion=suggest(model.active_player, players),
        )
    lib = library()
    lib_lower = {k.lower(): k for k in lib}
    # first pass: ids and names (for selectors naming objects)
    ids: list[str] = []
    names: set[str] = set()
    for i, raw in enumerate(model.objects):
        if not isinstance(raw, dict):
            raise doc.error(("objects", i), "an object is a mapping with at least 'id'")
        oid = raw.get("id")
        if not isinstance(oid, str) or not oid:
            raise doc.error(("objects", i), "missing required key 'id'", code="MISSING_KEY")
        if oid in ids:
            raise doc.error(("objects", i, "id"), f"object id '{oid}' is used twice")
        ids.append(oid)
        names.add(oid)
        if raw.get("card"):
            names.add(lib_lower.get(str(raw["card"]).lower(), str(raw["card"])))
        if raw.get("name"):
            names.add(str(raw["name"]))
    objects: list[ObjectDef] = []
    raw_abilities: dict[str, list[Any]] = {}  # unfilled, for a resolve event's own choices
    for i, raw in enumerate(model.objects):
        path: Path_ = ("objects", i)
        om = doc.validate(ObjectModel, path)
        base: dict[str, Any] = {}
        if om.card is not None:
            key = lib_lower.get(om.card.lower())
            if key is None:
                raise doc.error(
                    (*path, "card"),
                    f"'{om.card}' is not a card in the library",
                    code="UNKNOWN_CARD",
                    suggestion=suggest(om.card, list(lib)),
                )
            base = dict(lib[key])
        elif om.name is None:
            raise doc.error(
                path,
                "an object needs 'card' (a library card) or 'name' (an inline definition)",
                code="MISSING_KEY",
            )
        fields = {
            k: getattr(om, k)
            for k in (
                "name",
                "mana_value",
                "types",
                "subtypes",
                "supertypes",
                "colors",
                "power",
                "toughness",
                "loyalty",
            )
        }
        for k, v in fields.items():
            if v is not None:
                base[k] = v
        for k in ("types", "subtypes", "supertypes", "colors"):
            if getattr(om, k):
                _check_words(doc, (*path, k), getattr(om, k), k)
        if om.abilities is not None:
            base["abilities"] = [
                check_ability(doc, (*path, "abilities", j), a, names) for j, a in enumerate(raw["abilities"])
            ]
        controller = om.controller or om.owner or players[0]
        owner = om.owner or controller
        for k, who in (("controller", controller), ("owner", owner)):
            if who not in players:
                raise doc.error((*path, k), f"'{who}' is not a player", suggestion=suggest(who, players))
        if om.zone not in ZONES:
            raise doc.error((*path, "zone"), f"'{om.zone}' is not a zone", suggestion=suggest(om.zone, ZONES))
        if om.attached_to is not None and om.attached_to not in ids:
            raise doc.error(
                (*path, "attached_to"),
                f"no object '{om.attached_to}'",
                suggestion=suggest(om.attached_to, ids),
            )
        counters = dict(om.counters)
        loyalty = base.get("loyalty")
        if "loyalty" in counters:
            loyalty = counters["loyalty"]
        raw_abilities[om.id] = list(base.get("abilities") or ())
        objects.append(
            ObjectDef(
                id=om.id,
                name=str(base.get("name") or om.id),
                owner=owner,
                controller=controller,
                zone=om.zone,
                types=tuple(base.get("types") or ()),
                subtypes=tuple(base.get("subtypes") or ()),
                supertypes=tuple(base.get("supertypes") or ()),
                colors=tuple(base.get("colors") or ()),
                mana_value=int(base.get("mana_value") or 0),
                abilities=build_abilities(list(base.get("abilities") or ()), dict(om.choices)),
                power=base.get("power"),
                toughness=base.get("toughness"),
                loyalty=loyalty,
                counters=tuple(sorted(counters.items())),
                token=om.token or bool(base.get("token")),
                face_down=om.face_down,
                tapped=om.tapped,
                attached_to=om.attached_to,
                timestamp=om.timestamp,
                choices=tuple(sorted(om.choices.items())),
                card=om.card,
                line=doc.line_of(path),
            )
        )
    for i, o in enumerate(objects):
        for ab in o.abilities:
            if ab.generates and "{chosen " in ab.raw:
                raise _missing_choice(doc, ("objects", i), o, ab.raw)
    by_id = {o.id: o for o in objects}
    events = tuple(
        _event(doc, ("events", i), raw, by_id, players, names, raw_abilities)
        for i, raw in enumerate(model.events)
    )
    return Scenario(
        name=model.name or default_name,
        players=tuple(players),
        objects=tuple(objects),
        events=events,
        active_player=model.active_player or players[0],
        description=model.description,
        source_note=model.source,
        file=doc.file,
        player_abilities=tuple(pabilities),
    )


def _missing_choice(doc: YamlDoc, path: Path_, obj: ObjectDef, raw: str) -> ScenarioError:
    import re

    m = re.search(r"\{chosen ([^}]+)\}", raw)
    what = m.group(1) if m else "?"
    return doc.error(
        path,
        f"{obj.name} needs a choice for '{{chosen {what}}}': add choices: {{{what}: ...}}",
        code="MISSING_CHOICE",
    )


def _ref(doc: YamlDoc, path: Path_, oid: str, by_id: dict[str, ObjectDef]) -> str:
    if oid not in by_id:
        raise doc.error(
            path,
            f"no object '{oid}' in this scenario",
            code="UNKNOWN_OBJECT",
            suggestion=suggest(oid, list(by_id)),
        )
    return oid


def _event(
    doc: YamlDoc,
    path: Path_,
    raw: Any,
    by_id: dict[str, ObjectDef],
    players: list[str],
    names: set[str],
    raw_abilities: dict[str, list[Any]] | None = None,
) -> Event:
    line = doc.line_of(path)
    if isinstance(raw, str):
        word = raw.replace(" ", "_").lower()
        if word in _WORD_EVENTS:
            return Event(word, line=line)
        raise doc.error(path, f"'{raw}' is not an event", suggestion=suggest(raw, list(_WORD_EVENTS)))
    if not isinstance(raw, dict):
        raise doc.error(path, "an event is a mapping such as {enter: id} or the word end_of_turn")
    em = doc.validate(EventModel, path)
    kinds = [k for k in _EVENT_KINDS if getattr(em, k) is not None]
    if len(kinds) != 1:
        raise doc.error(
            path,
            f"an event has exactly one of {', '.join(_EVENT_KINDS)}"
            + (f" (got {', '.join(kinds)})" if kinds else ""),
            code="BAD_EVENT",
        )
    kind = kinds[0]
    if kind == "enter":
        items = [em.enter] if isinstance(em.enter, str) else list(em.enter or [])
        objs = tuple(_ref(doc, (*path, "enter"), o, by_id) for o in items)
        as_ = ""
        if em.as_ is not None:  # 614.12: "put onto the battlefield as an enchantment"
            as_ = json.dumps(check_effect(doc, (*path, "as"), em.as_, names), sort_keys=True)
        wc = tuple(sorted(em.with_counters.items()))
        return Event(
            "enter", objs, to=em.to, timestamp=em.timestamp, line=line, enters_as=as_, with_counters=wc
        )
    if kind == "leave":
        lv = em.leave
        if isinstance(lv, str):
            return Event(
                "leave",
                (_ref(doc, (*path, "leave"), lv, by_id),),
                to=em.to or "graveyard",
                timestamp=em.timestamp,
                line=line,
            )
        assert lv is not None
        return Event(
            "leave",
            (_ref(doc, (*path, "leave", "object"), lv.object, by_id),),
            to=lv.to,
            timestamp=em.timestamp,
            line=line,
        )
    if kind == "attach":
        at = em.attach
        assert at is not None
        return Event(
            "attach",
            (_ref(doc, (*path, "attach", "object"), at.object, by_id),),
            to=_ref(doc, (*path, "attach", "to"), at.to, by_id),
            timestamp=em.timestamp,
            line=line,
        )
    if kind in ("tap", "untap", "turn_face_up", "turn_face_down", "transform"):
        return Event(
            kind, (_ref(doc, (*path, kind), getattr(em, kind), by_id),), timestamp=em.timestamp, line=line
        )
    if kind in _WORD_EVENTS:
        return Event(kind, line=line)
    if kind in ("begin_turn", "untap_step"):
        who = str(getattr(em, kind))
        if who not in players:
            msg = f"'{who}' is not a player"
            raise doc.error((*path, kind), msg, code="UNKNOWN_PLAYER", suggestion=suggest(who, players))
        return Event(kind, controller=who, line=line)
    if kind == "counters":
        cm = em.counters
        assert cm is not None
        oid = _ref(doc, (*path, "counters", "object"), cm.object, by_id)
        return Event("counters", (oid,), name=cm.kind, x=cm.add, line=line)
    rm = em.resolve
    assert rm is not None
    rpath: Path_ = (*path, "resolve")
    spec_raw = ""
    text = ""
    if rm.source is not None:
        _ref(doc, (*rpath, "source"), rm.source, by_id)
    _check_choices(doc, (*rpath, "choices"), rm.choices, by_id, players)
    if rm.effect is not None:
        clean = check_effect(doc, (*rpath, "effect"), rm.effect, names)
        spec_raw = json.dumps(clean, sort_keys=True, ensure_ascii=False)
        if rm.choices:
            spec_raw = _fill_choices(spec_raw, rm.choices)
        if rm.ability is not None:
            raise doc.error((*rpath, "ability"), "give either 'ability' or 'effect', not both")
    else:
        if rm.source is None or rm.ability is None:
            raise doc.error(
                rpath,
                "a resolve event needs 'source' and 'ability' (or an inline 'effect')",
                code="MISSING_KEY",
            )
        abilities = by_id[rm.source].abilities
        if rm.choices and raw_abilities is not None:
            # this resolution's choices fill the placeholders, over the object's own choices
            merged = {**dict(by_id[rm.source].choices), **rm.choices}
            abilities = build_abilities(raw_abilities[rm.source], merged)
            for a in abilities:
                if a.kind == "resolves" and a.key == str(rm.ability):
                    spec_raw, text = a.raw, a.text
        keys = [a.key for a in abilities if a.kind == "resolves"]
        for a in abilities:
            if a.kind == "resolves" and a.key == str(rm.ability) and "{chosen " in a.raw:
                raise _missing_choice(doc, (*rpath, "ability"), by_id[rm.source], a.raw)
        if str(rm.ability) not in keys:
            raise doc.error(
                (*rpath, "ability"),
                f"'{rm.ability}' is not an ability of {by_id[rm.source].name} that resolves"
                + (f" (its abilities: {', '.join(keys)})" if keys else " (it has none)"),
                code="UNKNOWN_ABILITY",
                suggestion=suggest(str(rm.ability), keys),
            )
    for j, t in enumerate(rm.targets):
        if t not in by_id and t not in players:
            raise doc.error(
                (*rpath, "targets", j),
                f"no object or player '{t}'",
                suggestion=suggest(t, [*by_id, *players]),
            )
    if rm.controller is not None and rm.controller not in players:
        raise doc.error(
            (*rpath, "controller"),
            f"'{rm.controller}' is not a player",
            suggestion=suggest(rm.controller, players),
        )
    return Event(
        "resolve",
        source=rm.source,
        ability=str(rm.ability) if rm.ability is not None else None,
        spec=spec_raw,
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
            raise _err(doc, (*path, what), f"'{value}' is not a {what}", suggest(value, list(ok)))


def _fill_choices(raw: str, choices: dict[str, str]) -> str:
    """``raw`` (canonical JSON) with ``{chosen <what>}`` replaced by the choices (LANGUAGE.md §3)."""
    data = json.loads(build_abilities([{"resolves": json.loads(raw)}], choices)[0].raw)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


__all__ = ["CREATURE_TYPES", "library", "list_builtin", "list_cards", "load_scenario", "scenario_from_text"]
