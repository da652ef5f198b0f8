"""Loading the card library and scenario files (format in LANGUAGE.md).

Files are read with :mod:`rulekit.yamlsrc` (``yaml.safe_load`` plus line numbers) and validated
with pydantic models declared ``extra="forbid"``; then a semantic pass checks every type word,
colour, selector, expression and object reference. Any problem is one
:class:`~rulekit.errors.ScenarioError` naming ``file:line: field`` with a "did you mean".
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from rulekit import limits
from rulekit.errors import N_, Phrase, RulekitError, ScenarioError, shown
from rulekit.i18n import check_lang
from rulekit.mtg.checks import (
    check_ability,
    check_counters,
    check_effect,
    check_effect_data,
    check_words,
    err,
    err_message,
)
from rulekit.mtg.model import Ability, Event, ObjectDef, Scenario, ability_from_data
from rulekit.mtg.schema import (
    CardModel,
    EventModel,
    LibraryModel,
    ObjectModel,
    ScenarioModel,
)
from rulekit.mtg.vocab import (
    COLORS,
    CREATURE_TYPES,
    ZONES,
    counter_name,
)
from rulekit.scenarios import builtin_file, list_builtin, scenario_root
from rulekit.yamlsrc import YamlDoc, check_look_alike, exists, kind_of, suggest

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
    *("begin_turn", "untap_step", "end_of_combat", "counters"),  # durations' ends (LANGUAGE.md §3)
)
_WORD_EVENTS = ("end_of_turn", "end_of_combat")  # the events written as a bare word


# ====================================================================================== checks
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
                # a chosen object is referred to by id ("@bears"), never read as a selector word;
                # the value is written JSON-escaped, so quotes or control characters stay text
                filled = f"@{v}" if k == "object" else v
                text = text.replace("{chosen " + k + "}", json.dumps(filled)[1:-1])
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
                raise err(
                    doc,
                    (*cards_path, "name"),
                    N_("card '{name}' is already defined in {file}"),
                    params={"name": model.name, "file": where[model.name]},
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
            check_words(doc, (*path, k), card[k], k)
    return card


def list_cards() -> list[str]:
    """Names of every card in the library, sorted."""
    return sorted(library())


# ====================================================================================== scenarios
# the built-in folder, its listing and name resolution live in rulekit.scenarios


def load_scenario(name_or_path: str | Path) -> Scenario:
    """A scenario from a path or a built-in name (e.g. ``seed/humility-then-gideon``).

    A built-in name never leaves ``rulekit/data/scenarios`` (:func:`rulekit.scenarios.builtin_file`);
    a path must name a regular file of at most :data:`rulekit.limits.MAX_FILE_BYTES`.
    """
    s = str(name_or_path)
    p = Path(s)
    if p.suffix in (".yaml", ".yml") and exists(p):
        doc = YamlDoc.from_path(p, display=s)
        return scenario_from_doc(doc, default_name=p.stem)
    builtin = builtin_file(s, game="mtg")
    if builtin is not None:
        doc = YamlDoc.from_path(builtin[0], display=f"{s}.yaml")
        return scenario_from_doc(doc, default_name=s)
    if exists(p):
        doc = YamlDoc.from_path(p, display=s)
        return scenario_from_doc(doc, default_name=p.stem)
    names = list_builtin("mtg")
    raise ScenarioError(
        N_("no scenario file or built-in scenario named '{name}'"),
        params={"name": shown(s)},
        code="NO_SUCH_SCENARIO",
        suggestion=suggest(s, names),
    )


def scenario_from_text(text: str, file: str = "<scenario>") -> Scenario:
    """A scenario from YAML text (``file`` is the name used in error messages)."""
    doc = YamlDoc.from_text(text, file)
    return scenario_from_doc(doc, default_name=Path(file).stem)


def scenario_from_doc(doc: YamlDoc, default_name: str) -> Scenario:
    data = doc.data
    if not isinstance(data, dict):
        raise ScenarioError(
            N_("a scenario is a mapping with keys game, players, objects, events"),
            params={},
            file=doc.file,
            line=1,
            code="NOT_A_MAPPING",
        )
    if data.get("game") == "apoteose":
        raise doc.error(
            ("game",),
            N_("this is an Apoteose scenario; use the Apoteose commands"),
            params={},
            code="WRONG_GAME",
        )
    model = doc.validate(ScenarioModel)
    for section, items, most in (
        ("objects", model.objects, limits.MAX_OBJECTS),
        ("events", model.events, limits.MAX_EVENTS),
    ):
        if len(items) > most:
            raise doc.error(
                (section, most),
                N_("more than {most:,} {section} in one scenario"),
                params={"most": most, "section": section},
                code="TOO_MANY",
            )
    players: list[str] = []
    pabilities: list[tuple[str, tuple[str, ...]]] = []
    for n, pl in enumerate(model.players):
        if isinstance(pl, str):
            check_look_alike(doc, ("players", n), pl, "the player name")
            players.append(pl)
        else:
            check_look_alike(doc, ("players", n, "name"), pl.name, "the player name")
            players.append(pl.name)
            pabilities.append((pl.name, tuple(pl.abilities)))
    if not players:
        raise doc.error(("players",), N_("a scenario needs at least one player"), params={})
    if len(players) > limits.MAX_PLAYERS:
        raise doc.error(
            ("players", limits.MAX_PLAYERS),
            N_("more than {most} players"),
            params={"most": limits.MAX_PLAYERS},
            code="TOO_MANY",
        )
    if len(set(players)) != len(players):
        raise doc.error(("players",), N_("player names must be different"), params={})
    if model.active_player is not None and model.active_player not in players:
        raise err_message(
            doc,
            ("active_player",),
            "not_a_player",
            suggest(model.active_player, players),
            "INVALID",
            name=model.active_player,
        )
    lib = library()
    lib_lower = {k.lower(): k for k in lib}
    # first pass: ids and names (for selectors naming objects)
    ids: list[str] = []
    names: set[str] = set()
    for i, raw in enumerate(model.objects):
        if not isinstance(raw, dict):
            raise doc.error(("objects", i), N_("an object is a mapping with at least 'id'"), params={})
        oid = raw.get("id")
        if "id" not in raw:
            raise doc.error(
                ("objects", i), N_("missing required key '{key}'"), params={"key": "id"}, code="MISSING_KEY"
            )
        if not isinstance(oid, str):
            raise doc.error(
                ("objects", i, "id"),
                N_("an id is text, got {kind} (write id: '{value}')"),
                params={"kind": kind_of(oid), "value": shown(oid)},
                code="WRONG_TYPE",
            )
        if not oid.strip():
            raise doc.error(("objects", i, "id"), N_("an id cannot be empty"), params={})
        check_look_alike(doc, ("objects", i, "id"), oid, "the id")
        check_look_alike(doc, ("objects", i, "name"), raw.get("name"), "the name", name=True)
        if oid in ids:
            raise doc.error(("objects", i, "id"), N_("object id '{id}' is used twice"), params={"id": oid})
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
                raise err_message(
                    doc,
                    (*path, "card"),
                    "not_a_card",
                    suggest(om.card, list(lib)),
                    "UNKNOWN_CARD",
                    name=om.card,
                )
            base = dict(lib[key])
        elif om.name is None:
            raise doc.error(
                path,
                N_("an object needs 'card' (a library card) or 'name' (an inline definition)"),
                params={},
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
                check_words(doc, (*path, k), getattr(om, k), k)
        if om.abilities is not None:
            base["abilities"] = [
                check_ability(doc, (*path, "abilities", j), a, names, players)
                for j, a in enumerate(raw["abilities"])
            ]
        for k, who in (("owner", om.owner), ("controller", om.controller)):
            if who is not None and who not in players:
                raise err_message(doc, (*path, k), "not_a_player", suggest(who, players), name=who)
        controller = om.controller or om.owner or players[0]
        owner = om.owner or controller
        check_counters(doc, (*path, "counters"), om.counters)
        _check_timestamp(doc, (*path, "timestamp"), om.timestamp)
        if om.attached_to is not None and om.attached_to == om.id:
            raise doc.error(
                (*path, "attached_to"),
                N_("'{id}' cannot be attached to itself (301.5c, 303.4d)"),
                params={"id": om.id},
            )
        if om.zone not in ZONES:
            _check_zone(doc, (*path, "zone"), om.zone)
        if om.attached_to is not None and om.attached_to not in ids:
            raise doc.error(
                (*path, "attached_to"),
                N_("no object '{id}'"),
                params={"id": om.attached_to},
                suggestion=suggest(om.attached_to, ids),
            )
        counters = {counter_name(str(k)): n for k, n in om.counters.items()}
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
    _check_attachment_cycles(doc, objects)
    n_effects = 0
    for i, o in enumerate(objects):
        n_effects += sum(a.kind in ("static", "cda", "resolves") for a in o.abilities)
        if n_effects > limits.MAX_EFFECTS:
            raise doc.error(
                ("objects", i),
                N_("more than {most:,} effect-making abilities in one scenario"),
                params={"most": limits.MAX_EFFECTS},
                code="TOO_MANY",
            )
        for ab in o.abilities:
            if ab.generates and "{chosen " in ab.raw:
                raise _missing_choice(doc, ("objects", i), o, ab.raw)
    # a choice may serve another object's ability (a Clone copying a Painter's Servant needs a colour)
    every_ability = [a for items in raw_abilities.values() for a in items]
    wanted: set[str] | None = None  # every ability's placeholders, read once (not once per object)
    for i, o in enumerate(objects):
        _check_choice_values(doc, ("objects", i, "choices"), dict(o.choices), ids, players)
        if o.choices:
            if wanted is None:
                wanted = _placeholders(every_ability)
            _check_choice_keys(
                doc, ("objects", i, "choices"), dict(o.choices), wanted, Phrase(N_("in this scenario"))
            )
        if o.choices:
            for j, ab in enumerate(o.abilities):
                if ab.kind in ("static", "cda", "resolves"):
                    where = ("objects", i, "abilities", j, ab.kind)  # the effect, under its kind
                    _check_filled(doc, where, ab.raw, names, players, ab.kind == "resolves")
    by_id = {o.id: o for o in objects}
    events = tuple(
        _event(doc, ("events", i), raw, by_id, players, names, raw_abilities)
        for i, raw in enumerate(model.events)
    )
    _check_event_attachments(doc, objects, events)
    descriptions = _descriptions(doc, model.description)
    return Scenario(
        name=model.name or default_name,
        players=tuple(players),
        objects=tuple(objects),
        events=events,
        active_player=model.active_player or players[0],
        description=descriptions[0][1] if descriptions else str(model.description),
        descriptions=descriptions,
        source_note=model.source,
        file=doc.file,
        player_abilities=tuple(pabilities),
    )


def _descriptions(doc: YamlDoc, raw: Any) -> tuple[tuple[str, str], ...]:
    """A description given per language (``{en: …, pt-BR: …}``): ``(lang, text)`` pairs, English
    first; each key must be a language of rulekit (:data:`rulekit.i18n.REGISTRY`)."""

    if not isinstance(raw, dict):
        return ()
    out: dict[str, str] = {}
    for key, text in raw.items():
        try:
            lang = check_lang(key)
        except RulekitError as exc:
            raise err(
                doc, ("description", key), exc.msgid or exc.message, exc.suggestion, exc.code, exc.params
            ) from None
        out[lang] = " ".join(str(text).split())
    return tuple(sorted(out.items(), key=lambda kv: kv[0] != "en"))


#: "'x' is not a colour", by the kind of choice (each language says "a" / "an" / "um" / "una" its way).
_NOT_A: dict[str, str] = {
    "color": N_("'{value}' is not a color"),
    "creature type": N_("'{value}' is not a creature type"),
    "object": N_("'{value}' is not an object"),
    "player": N_("'{value}' is not a player"),
}


def _not_a(value: str, what: str, ok: Any) -> tuple[str, str | None, str, dict[str, Any]]:
    """The message, suggestion, code and params of "'x' is not a <what>" (for :func:`err`)."""
    return _NOT_A[what], suggest(value, list(ok)), "INVALID_VALUE", {"value": value}


def _check_timestamp(doc: YamlDoc, path: Path_, ts: float | None) -> None:
    import math

    if ts is not None and not math.isfinite(ts):
        raise err(doc, path, N_("a timestamp is a finite number (got {value})"), params={"value": ts})


def _check_attachment_cycles(doc: YamlDoc, objects: list[ObjectDef]) -> None:
    """An object cannot be attached to itself or, through others, to itself (301.5c, 303.4d)."""
    to = {o.id: o.attached_to for o in objects if o.attached_to is not None}
    for i, o in enumerate(objects):
        seen = [o.id]
        cur = to.get(o.id)
        while cur is not None:
            if cur == o.id:
                chain = " → ".join([*seen, cur])
                raise doc.error(
                    ("objects", i, "attached_to"),
                    N_("attachments go round in a circle ({chain})"),
                    params={"chain": chain},
                    code="ATTACH_CYCLE",
                )
            if cur in seen:
                break  # a cycle that does not pass through this object: reported at its own members
            seen.append(cur)
            cur = to.get(cur)


def _check_event_attachments(doc: YamlDoc, objects: list[ObjectDef], events: tuple[Event, ...]) -> None:
    """Follow attach and leave events in order: no attach event may make an object hold itself."""
    to = {o.id: o.attached_to for o in objects if o.attached_to is not None}
    for i, ev in enumerate(events):
        if ev.kind == "leave":
            gone = ev.objects[0]
            to.pop(gone, None)
            for k in [k for k, v in to.items() if v == gone]:
                del to[k]  # 303.4c/301.5c: what was attached to it is no longer attached
        if ev.kind != "attach" or ev.to is None:
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


_CHOICE_VALUES = {"color": COLORS, "creature type": CREATURE_TYPES}


def _check_choice_values(
    doc: YamlDoc, path: Path_, choices: dict[str, str], ids: list[str], players: list[str]
) -> None:
    """A colour, creature type, object or player choice must name one (LANGUAGE.md §3)."""
    allowed: dict[str, tuple[str, ...]] = {**_CHOICE_VALUES, "object": tuple(ids), "player": tuple(players)}
    for what, value in choices.items():
        ok = allowed.get(what)
        if ok is not None and value not in ok:
            raise err(doc, (*path, what), *_not_a(value, what, ok))


def _placeholders(items: Any) -> set[str]:
    import re

    return set(re.findall(r"\{chosen ([^}]+)\}", json.dumps(items, ensure_ascii=False)))


def _check_choice_keys(
    doc: YamlDoc, path: Path_, choices: dict[str, str], wanted: set[str], name: str
) -> None:  # name: where, with its preposition ("in this scenario")
    """Every choice fills a ``{chosen <what>}`` placeholder that is there (else it is a typo):
    ``wanted``, the placeholders of the abilities it may serve (:func:`_placeholders`)."""
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


def _check_filled(
    doc: YamlDoc,
    path: Path_,
    raw: str,
    names: set[str] | None,
    players: list[str],
    resolving: bool,
    exact: bool = False,
) -> None:
    """An effect spec once its ``{chosen ...}`` placeholders are filled in: the words, selectors
    and expressions the choices made must be good too (``blue`` is no selector; 612.2 text
    changes). Errors name ``path`` and the field, or ``path`` itself when ``exact`` (the choices
    that filled an ability written elsewhere)."""
    if not raw or "{chosen " in raw:
        return  # nothing was filled, or a placeholder is still open (reported where it matters)
    spec = json.loads(raw)
    if not isinstance(spec, dict):
        return
    try:
        check_effect_data(doc, path, spec, names, players, resolving, filled=True)
    except ScenarioError as exc:
        if not exact:
            raise
        inner = Phrase(exc.msgid, **exc.params) if exc.msgid else exc.message
        raise doc.error(
            path, N_("with these choices: {problem}"), params={"problem": inner}, code=exc.code
        ) from None


_X_WORD = re.compile(r"(?<![\w'])X(?![\w'])")


def _uses_x(raw: str) -> bool:
    """Whether a canonical effect spec reads X in a power/toughness part."""
    stack: list[Any] = [json.loads(raw)] if raw else []
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for k in ("set_pt", "modify_pt"):
                part = v.get(k)
                if isinstance(part, dict):
                    for f in ("power", "toughness"):
                        e = part.get(f)
                        if isinstance(e, str) and "{chosen" not in e and _X_WORD.search(e):
                            return True  # "X", "twice X", "half X, rounded up", "X plus 1"
            stack.extend(x for key, x in v.items() if key != "abilities")
        elif isinstance(v, list):
            stack.extend(v)
    return False


def _check_zone(doc: YamlDoc, path: Path_, zone: str | None) -> None:
    if zone is not None and zone not in ZONES:
        raise doc.error(
            path, N_("'{zone}' is not a zone"), params={"zone": zone}, suggestion=suggest(zone, ZONES)
        )


def _missing_choice(doc: YamlDoc, path: Path_, obj: ObjectDef, raw: str) -> ScenarioError:
    import re

    m = re.search(r"\{chosen ([^}]+)\}", raw)
    what = m.group(1) if m else "?"
    return doc.error(
        path,
        N_("{name} needs a choice for '{placeholder}': add choices: {example}"),
        params={"name": obj.name, "placeholder": f"{{chosen {what}}}", "example": f"{{{what}: ...}}"},
        code="MISSING_CHOICE",
    )


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
    _check_timestamp(doc, (*path, "timestamp"), em.timestamp)
    _check_zone(doc, (*path, "to"), em.to)
    if kind == "enter":
        items = [em.enter] if isinstance(em.enter, str) else list(em.enter or [])
        objs = tuple(_ref(doc, (*path, "enter"), o, by_id) for o in items)
        as_ = ""
        if em.as_ is not None:  # 614.12: "put onto the battlefield as an enchantment"
            as_ = json.dumps(check_effect(doc, (*path, "as"), em.as_, names), sort_keys=True)
        check_counters(doc, (*path, "with_counters"), em.with_counters)
        wc = tuple(sorted((counter_name(str(k)), n) for k, n in em.with_counters.items()))
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
        _check_zone(doc, (*path, "leave", "to"), lv.to)
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
        if at.object == at.to:
            raise doc.error(
                (*path, "attach", "to"),
                N_("'{id}' cannot be attached to itself"),
                params={"id": at.to},
                code="ATTACH_CYCLE",
            )
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
            raise err_message(
                doc, (*path, kind), "not_a_player", suggest(who, players), "UNKNOWN_PLAYER", name=who
            )
        return Event(kind, controller=who, line=line)
    if kind == "counters":
        cm = em.counters
        assert cm is not None
        oid = _ref(doc, (*path, "counters", "object"), cm.object, by_id)
        check_counters(doc, (*path, "counters"), {cm.kind: cm.add}, signed=True)
        return Event("counters", (oid,), name=counter_name(cm.kind), x=cm.add, line=line)
    rm = em.resolve
    assert rm is not None
    rpath: Path_ = (*path, "resolve")
    spec_raw = ""
    text = ""
    check_look_alike(doc, (*rpath, "id"), rm.id, "the effect id")
    check_look_alike(doc, (*rpath, "name"), rm.name, "the name", name=True)
    if rm.source is not None:
        _ref(doc, (*rpath, "source"), rm.source, by_id)
    _check_choices(doc, (*rpath, "choices"), rm.choices, by_id, players)
    _check_timestamp(doc, (*rpath, "timestamp"), rm.timestamp)
    if rm.effect is not None:
        clean = check_effect(doc, (*rpath, "effect"), rm.effect, names, players, resolving=True)
        spec_raw = json.dumps(clean, sort_keys=True, ensure_ascii=False)
        if rm.choices:
            _check_choice_keys(
                doc, (*rpath, "choices"), rm.choices, _placeholders(clean), Phrase(N_("in this effect"))
            )
        if rm.choices:
            spec_raw = _fill_choices(spec_raw, rm.choices)
            _check_filled(doc, (*rpath, "effect"), spec_raw, names, players, True)
        if "{chosen " in spec_raw:
            what = spec_raw.split("{chosen ", 1)[1].split("}", 1)[0]
            raise doc.error(
                (*rpath, "choices"),
                N_("this effect needs a choice for '{placeholder}': add choices: {example}"),
                params={"placeholder": f"{{chosen {what}}}", "example": f"{{{what}: ...}}"},
                code="MISSING_CHOICE",
            )
        if rm.ability is not None:
            raise doc.error((*rpath, "ability"), N_("give either 'ability' or 'effect', not both"), params={})
    else:
        if rm.source is None or rm.ability is None:
            raise doc.error(
                rpath,
                N_("a resolve event needs 'source' and 'ability' (or an inline 'effect')"),
                params={},
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
        if str(rm.ability) in keys and rm.choices and raw_abilities is not None:
            every = [a for items in raw_abilities.values() for a in items]
            _check_choice_keys(
                doc, (*rpath, "choices"), rm.choices, _placeholders(every), Phrase(N_("in this scenario"))
            )
            _check_filled(doc, (*rpath, "choices"), spec_raw, names, players, True, exact=True)
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
    for j, t in enumerate(rm.targets):
        if t not in by_id and t not in players:
            raise doc.error(
                (*rpath, "targets", j),
                N_("no object or player '{name}'"),
                params={"name": t},
                suggestion=suggest(t, [*by_id, *players]),
            )
    resolved = (
        spec_raw
        or next(
            (a.raw for a in by_id[rm.source].abilities if a.kind == "resolves" and a.key == str(rm.ability)),
            "",
        )
        if rm.source is not None
        else spec_raw
    )
    if rm.x is None and _uses_x(resolved):
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
            raise err(doc, (*path, what), *_not_a(value, what, ok))


def _fill_choices(raw: str, choices: dict[str, str]) -> str:
    """``raw`` (canonical JSON) with ``{chosen <what>}`` replaced by the choices (LANGUAGE.md §3)."""
    data = json.loads(build_abilities([{"resolves": json.loads(raw)}], choices)[0].raw)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


__all__ = [
    "CREATURE_TYPES",
    "library",
    "list_builtin",  # re-exported from rulekit.scenarios
    "list_cards",
    "load_scenario",
    "scenario_from_text",
    "scenario_root",  # re-exported from rulekit.scenarios
]
