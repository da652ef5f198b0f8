"""Loading the card library and scenario files (format in LANGUAGE.md).

Files are read with :mod:`rulekit.yamlsrc` (``yaml.safe_load`` plus line numbers) and validated
with pydantic models declared ``extra="forbid"``; then a semantic pass checks every type word,
colour, selector, expression and object reference. Any problem is one
:class:`~rulekit.errors.ScenarioError` naming ``file:line: field`` with a "did you mean".
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from rulekit import limits
from rulekit.compiled import digests, read_compiled
from rulekit.errors import N_, Phrase, RulekitError, ScenarioError, shown
from rulekit.i18n import check_lang
from rulekit.mtg.checks import (
    Path_,
    check_ability,
    check_choice_keys,
    check_choice_values,
    check_counters,
    check_filled,
    check_timestamp,
    check_words,
    check_zone,
    err,
    err_message,
    missing_choice,
    placeholders,
)
from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.events import check_event_attachments, check_face_up_events, event
from rulekit.mtg.model import EffectSpec, Event, Face, ObjectDef, Scenario, build_abilities
from rulekit.mtg.schema import (
    CardModel,
    FaceModel,
    LibraryModel,
    ObjectModel,
    ScenarioModel,
)
from rulekit.mtg.textread import TextNote, is_text_only, read_written, with_value
from rulekit.mtg.vocab import (
    CREATURE_TYPES,
    FACE_DOWN_ZONES,
    ZONES,
    counter_name,
)
from rulekit.scenarios import builtin_file, list_builtin, scenario_root
from rulekit.yamlsrc import Distinct, Mistakes, YamlDoc, check_look_alike, described, exists, kind_of, suggest


# ====================================================================================== library
def _data_root() -> Path:
    return Path(str(resources.files("rulekit") / "data"))


#: The compiled library (``tools/compile_library.py`` writes it, ``--check`` pins it): the full
#: reading of :func:`read_library` as JSON, with the SHA-256 of every source file it was read from
#: (:mod:`rulekit.compiled`).
COMPILED_FILE = "library.json"
#: The compiled file's layout; a file of another format is not read.
COMPILED_FORMAT = 1


def card_files(root: Path) -> list[Path]:
    """The library's source files: ``cards.yaml`` first, then the other ``cards*.yaml`` by name."""
    return sorted(root.glob("cards*.yaml"), key=lambda p: (p.name != "cards.yaml", p.name))


def source_digests(root: Path) -> dict[str, str]:
    """Each source file's name -> the SHA-256 (hex) of its bytes, in :func:`card_files` order."""
    return digests(card_files(root))


@lru_cache(maxsize=1)
def library() -> dict[str, dict[str, Any]]:
    """The card library: name -> validated card data.

    Every ``rulekit/data/mtg/cards*.yaml`` file is read (``cards.yaml`` first, then the others in
    name order); a card name may appear in only one of them. The compiled form
    (:data:`COMPILED_FILE`) is used when every source file's digest matches the one it records;
    otherwise (a source edited and not recompiled, or no compiled file) the sources are read.
    """
    root = _data_root() / "mtg"
    compiled = compiled_library(root)
    return compiled if compiled is not None else read_library(root)


def compiled_library(root: Path) -> dict[str, dict[str, Any]] | None:
    """The library from ``root``'s :data:`COMPILED_FILE`, or None when
    :func:`rulekit.compiled.read_compiled` refuses it (none, too large, not JSON of the layout, a
    source's digest differs) or its cards are not of a library card's shape (a mapping of exactly
    :class:`CardModel`'s fields under its own name, ``abilities`` a list, ``back`` None or a mapping
    of :class:`FaceModel`'s fields): then only :func:`read_library` knows the library. The JSON is
    the reading itself: the reading holds only strings, whole numbers, booleans, None, lists and
    string-keyed mappings (``tools/compile_library.py`` refuses anything else), which JSON gives
    back with their types and their order."""
    cards = read_compiled(root / COMPILED_FILE, COMPILED_FORMAT, source_digests(root), "cards")
    if not isinstance(cards, dict):
        return None
    fields, face_fields = _fields()
    for name, card in cards.items():
        if not isinstance(card, dict) or card.keys() != fields or card["name"] != name:
            return None
        back = card["back"]
        if not isinstance(card["abilities"], list):
            return None
        if back is not None and not (
            isinstance(back, dict) and back.keys() == face_fields and isinstance(back["abilities"], list)
        ):
            return None
    return cards


@lru_cache(maxsize=1)
def _fields() -> tuple[frozenset[str], frozenset[str]]:
    """The fields of a library card and of a back face (what the full reading's ``model_dump`` gives)."""
    return frozenset(CardModel.model_fields), frozenset(FaceModel.model_fields)


def read_library(root: Path) -> dict[str, dict[str, Any]]:
    """The card library read from ``root``'s source files (:func:`card_files`): each parsed,
    validated and every ability checked. The one definition of what a library card is: the
    compiled form is this reading, written by ``tools/compile_library.py``."""
    cards: dict[str, dict[str, Any]] = {}
    where: dict[str, str] = {}
    for path in card_files(root):
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
            if card.get("back") is not None:  # 712.1: the back face of a double-faced card
                back_path: Path_ = (*cards_path, "back")
                card["back"] = check_card_fields(doc, back_path, dict(card["back"]))
                card["back"]["abilities"] = [
                    check_ability(doc, (*back_path, "abilities", j), a, None)
                    for j, a in enumerate(raw["back"].get("abilities") or [])
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
    """The scenario of a parsed file, checked step by step (every error names file, line and field):
    its shape and sizes, the players, the objects' ids and names, each object, the effects and
    choices the objects make, then the events."""
    model = _scenario_model(doc)
    players, pabilities = _players(doc, model)
    lib = library()
    lib_lower = {k.lower(): k for k in lib}
    ids, names = _ids_and_names(doc, model, lib_lower)
    objects: list[ObjectDef] = []
    raw_abilities: dict[str, list[Any]] = {}  # unfilled, for a resolve event's own choices
    notes: list[TextNote] = []  # what was made of the abilities written by their text (§11)
    mistakes = Mistakes()  # each object, then each event, checked on its own: all their errors at once
    for i, raw in enumerate(model.objects):
        with mistakes.each():
            obj, unfilled = _object(doc, ("objects", i), raw, lib, lib_lower, names, players, ids, notes)
            raw_abilities[obj.id] = unfilled
            objects.append(obj)
    mistakes.stop()  # what follows reads every object
    _check_attachment_cycles(doc, objects)
    _check_effect_abilities(doc, objects)
    _check_object_choices(doc, objects, raw_abilities, ids, names, players)
    by_id = {o.id: o for o in objects}
    built: list[Event] = []
    for i, raw in enumerate(model.events):
        with mistakes.each():
            built.append(event(doc, ("events", i), raw, by_id, players, names, raw_abilities))
    descriptions: tuple[tuple[str, str], ...] = ()
    with mistakes.each():
        descriptions = _descriptions(doc, model.description)
    ranges: tuple[tuple[str, int], ...] = ()
    with mistakes.each():
        ranges = _range_of_influence(doc, model.range_of_influence, players)
    mistakes.stop()
    events = tuple(built)
    check_event_attachments(doc, objects, events)
    check_face_up_events(doc, objects, events)
    _check_copy_choices(doc, objects, raw_abilities, events)
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
        size=doc.size,
        player_abilities=tuple(pabilities),
        range_of_influence=ranges,
        text_notes=tuple(notes),
    )


def _scenario_model(doc: YamlDoc) -> ScenarioModel:
    """The file's shape (a mapping, an MTG scenario, the keys the model knows) and its sizes."""
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
    return model


def _players(doc: YamlDoc, model: ScenarioModel) -> tuple[list[str], list[tuple[str, tuple[str, ...]]]]:
    """The players' names (at least one, all different, the active one among them) and the
    abilities players have (``{name, abilities}``)."""
    players: list[str] = []
    pabilities: list[tuple[str, tuple[str, ...]]] = []
    distinct = Distinct(doc, "the player name")
    for n, pl in enumerate(model.players):
        if isinstance(pl, str):
            distinct.add(("players", n), pl)
            players.append(pl)
        else:
            distinct.add(("players", n, "name"), pl.name)
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
    return players, pabilities


def _ids_and_names(
    doc: YamlDoc, model: ScenarioModel, lib_lower: dict[str, str]
) -> tuple[list[str], set[str]]:
    """The first pass over the objects: their ids (each text, once) and every name a selector may
    give one of them (its id, its card's name, its own name)."""
    ids: list[str] = []
    names: set[str] = set()
    distinct = Distinct(doc, "the id")
    mistakes = Mistakes()  # each object's id on its own; the objects are read once all are right
    for i, raw in enumerate(model.objects):
        with mistakes.each():
            _id_and_names(doc, i, raw, distinct, ids, names, lib_lower)
    mistakes.stop()
    return ids, names


def _id_and_names(
    doc: YamlDoc,
    i: int,
    raw: Any,
    distinct: Distinct,
    ids: list[str],
    names: set[str],
    lib_lower: dict[str, str],
) -> None:
    """One object's id (kept in ``ids``) and the names a selector may give it (kept in ``names``)."""
    if not isinstance(raw, dict):
        raise doc.error(("objects", i), N_("an object is a mapping with at least 'id'"), params={})
    oid = raw.get("id")
    if "id" not in raw:
        raise doc.error(
            ("objects", i), N_("missing required key '{key}'"), params={"key": "id"}, code="MISSING_KEY"
        )
    if not isinstance(oid, str):
        # a number reads as the id it looks like once quoted; nothing or true/false is no id at all
        quoted = isinstance(oid, int | float) and not isinstance(oid, bool)
        raise doc.error(
            ("objects", i, "id"),
            N_("an id is text, got {kind} (write id: '{value}')")
            if quoted
            else N_("an id is text, got {got}"),
            params={"kind": kind_of(oid), "value": shown(oid)} if quoted else {"got": described(oid)},
            code="WRONG_TYPE",
        )
    if not oid.strip():
        raise doc.error(("objects", i, "id"), N_("an id cannot be empty"), params={})
    distinct.add(("objects", i, "id"), oid)
    check_look_alike(doc, ("objects", i, "name"), raw.get("name"), "the name", name=True)
    if oid in ids:
        raise doc.error(("objects", i, "id"), N_("object id '{id}' is used twice"), params={"id": oid})
    ids.append(oid)
    names.add(oid)
    if raw.get("card"):
        card = lib_lower.get(str(raw["card"]).lower(), str(raw["card"]))
        names.add(card)
        back = (library().get(card) or {}).get("back")
        if back:  # a double-faced card is named by either face's name (712.8)
            names.add(str(back["name"]))
    if raw.get("name"):
        names.add(str(raw["name"]))
    if isinstance(raw.get("back"), dict) and raw["back"].get("name"):
        names.add(str(raw["back"]["name"]))


def _object(
    doc: YamlDoc,
    path: Path_,
    raw: dict[str, Any],
    lib: dict[str, dict[str, Any]],
    lib_lower: dict[str, str],
    names: set[str],
    players: list[str],
    ids: list[str],
    notes: list[TextNote],
) -> tuple[ObjectDef, list[Any]]:
    """One object, checked, and its abilities as written (unfilled: for a resolve event's choices)."""
    om = doc.validate(ObjectModel, path)
    base = _object_base(doc, path, om, raw, lib, lib_lower, names, players, notes)
    for k, who in (("owner", om.owner), ("controller", om.controller)):
        if who is not None and who not in players:
            raise err_message(doc, (*path, k), "not_a_player", suggest(who, players), name=who)
    controller = om.controller or om.owner or players[0]
    owner = om.owner or controller
    check_counters(doc, (*path, "counters"), om.counters)
    check_timestamp(doc, (*path, "timestamp"), om.timestamp)
    if om.attached_to is not None and om.attached_to == om.id:
        raise doc.error(
            (*path, "attached_to"),
            N_("'{id}' cannot be attached to itself (301.5c, 303.4d)"),
            params={"id": om.id},
        )
    if om.zone not in ZONES:
        check_zone(doc, (*path, "zone"), om.zone)
    if om.face_down and om.zone not in FACE_DOWN_ZONES:
        raise doc.error(
            (*path, "face_down"),
            N_(
                "a card is face down only on the battlefield, on the stack or in exile (708.2, 406.3); "
                "in '{zone}' it is face up (400.2) or hidden"
            ),
            params={"zone": om.zone},
            code="INVALID_VALUE",
        )
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
    unfilled = list(base.get("abilities") or ())
    obj = ObjectDef(
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
        back=_back_face(doc, path, om, base),
        modal=bool(base.get("modal")),
        face=om.face,
    )
    return obj, unfilled


def _back_face(doc: YamlDoc, path: Path_, om: ObjectModel, base: dict[str, Any]) -> Face | None:
    """712.1: an object's back face (its card's, or its own ``back``), and a check of ``face``: only
    a double-faced card has a back face to show, and only on the battlefield or the stack (712.8a:
    in any other zone it has only its front face's characteristics)."""
    back = base.get("back")
    if om.face == "back":
        if back is None:
            raise doc.error(
                (*path, "face"),
                N_("'{name}' has no back face (712.1): only a double-faced card can be back face up"),
                params={"name": str(base.get("name") or om.id)},
                code="INVALID",
            )
        if om.zone not in ("battlefield", "stack"):
            raise doc.error(
                (*path, "face"),
                N_("a card in the {zone} has only its front face's characteristics (712.8a)"),
                params={"zone": om.zone},
                code="INVALID",
            )
    if back is None:
        return None
    return Face(
        name=str(back["name"]),
        types=tuple(back.get("types") or ()),
        subtypes=tuple(back.get("subtypes") or ()),
        supertypes=tuple(back.get("supertypes") or ()),
        colors=tuple(back.get("colors") or ()),
        mana_value=int(back.get("mana_value") or 0),
        abilities=build_abilities(list(back.get("abilities") or ()), dict(om.choices)),
        power=back.get("power"),
        toughness=back.get("toughness"),
        loyalty=back.get("loyalty"),
    )


def _object_base(
    doc: YamlDoc,
    path: Path_,
    om: ObjectModel,
    raw: dict[str, Any],
    lib: dict[str, dict[str, Any]],
    lib_lower: dict[str, str],
    names: set[str],
    players: list[str],
    notes: list[TextNote],
) -> dict[str, Any]:
    """An object's characteristics: its library card's (``card``), overridden by those it gives
    itself (an inline definition needs a ``name``); the words and abilities checked."""
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
    if om.back is not None:  # an inline double-faced card (712.1)
        back_path: Path_ = (*path, "back")
        back = check_card_fields(doc, back_path, om.back.model_dump(exclude_none=False))
        back_name = str(back.get("name") or "")
        back_raw = raw["back"].get("abilities") or []
        back["abilities"] = _abilities(doc, back_path, back_raw, back_name, names, players, notes)
        base["back"] = back
    if om.modal is not None:
        base["modal"] = om.modal
    if om.abilities is not None:
        name = str(base.get("name") or om.id)
        base["abilities"] = _abilities(doc, path, raw["abilities"], name, names, players, notes)
    return base


def _abilities(
    doc: YamlDoc,
    path: Path_,
    raws: list[Any],
    name: str,
    names: set[str],
    players: list[str],
    notes: list[TextNote],
) -> list[Any]:
    """A scenario object's (or back face's) own abilities, checked; one written by its text alone is
    read first (``rulekit.mtg.textread``, LANGUAGE.md §11): its reading is checked as a typed one."""
    out = []
    for j, raw in enumerate(raws):
        at: Path_ = (*path, "abilities", j)
        if is_text_only(raw):
            read, found = read_written(doc, at, raw, name, notes)
            notes.extend(found)
            out.append(check_ability(with_value(doc, at, read), at, read, names, players))
        else:
            out.append(check_ability(doc, at, raw, names, players))
    return out


def _check_effect_abilities(doc: YamlDoc, objects: list[ObjectDef]) -> None:
    """At most :data:`rulekit.limits.MAX_EFFECTS` effect-making abilities, and none that still
    needs a choice (``{chosen …}``) its object does not make."""
    n_effects = 0
    for i, o in enumerate(objects):
        n_effects += sum(a.kind in _EFFECT_ABILITIES for a in o.abilities)
        if n_effects > limits.MAX_EFFECTS:
            raise doc.error(
                ("objects", i),
                N_("more than {most:,} effect-making abilities in one scenario"),
                params={"most": limits.MAX_EFFECTS},
                code="TOO_MANY",
            )
        for ab in o.abilities:
            if ab.generates and "{chosen " in ab.canon:
                raise missing_choice(doc, ("objects", i), o, ab.canon)


def _check_object_choices(
    doc: YamlDoc,
    objects: list[ObjectDef],
    raw_abilities: dict[str, list[Any]],
    ids: list[str],
    names: set[str],
    players: list[str],
) -> None:
    """Each object's ``choices``: values that exist, keys some ability of the scenario asks for, and
    the effects they fill still valid."""
    # a choice may serve another object's ability (a Clone copying a Painter's Servant needs a colour)
    every_ability = [a for items in raw_abilities.values() for a in items]
    wanted: set[str] | None = None  # every ability's placeholders, read once (not once per object)
    for i, o in enumerate(objects):
        check_choice_values(doc, ("objects", i, "choices"), dict(o.choices), ids, players)
        if o.choices:
            if wanted is None:
                wanted = placeholders(every_ability)
            check_choice_keys(
                doc, ("objects", i, "choices"), dict(o.choices), wanted, Phrase(N_("in this scenario"))
            )
        if o.choices:
            for j, ab in enumerate(o.abilities):
                if ab.kind in _EFFECT_ABILITIES:
                    where = ("objects", i, "abilities", j, ab.kind)  # the effect, under its kind
                    check_filled(doc, where, ab.spec, names, players, ab.kind == AbilityKind.RESOLVES)


def _copies_of(o: ObjectDef, events: tuple[Event, ...]) -> list[EffectSpec]:
    """The copy effects ``o`` enters with: its own "enters as a copy" abilities (707.5) and the
    ``as`` of the ``enter`` events that put it onto the battlefield as a copy."""
    out = [
        a.spec
        for a in o.abilities
        if a.kind == AbilityKind.STATIC
        and a.spec is not None
        and a.spec.value("copy") is not None
        and (a.spec.affects is None or a.spec.affects.is_this)
    ]
    out += [
        e.enters_as for e in events if e.kind == "enter" and o.id in e.objects and e.enters_as is not None
    ]
    return [s for s in out if s.value("copy") is not None]


def _check_copy_choices(
    doc: YamlDoc, objects: list[ObjectDef], raw_abilities: dict[str, list[Any]], events: tuple[Event, ...]
) -> None:
    """707.6: choices made for a permanent ("as this enters, choose a creature type") are not
    copied: an object that enters as a copy of it makes its own, so its ``choices`` must give
    every ``{chosen …}`` the copied abilities ask for (the original's own, or, when it is a copy
    itself, those of what it copies, 707.3). One located line names the missing choice."""
    by_id = {o.id: o for o in objects}
    by_name = {o.name.lower(): o for o in reversed(objects)}

    def named(spec: EffectSpec, o: ObjectDef) -> ObjectDef | None:
        copied = spec.value("copy")
        assert copied is not None
        parts = copied.parts
        if len(parts) != 1 or parts[0].special != "named":
            return None
        got = by_id.get(parts[0].name) or by_name.get(parts[0].name.lower())
        return got if got is not None and got is not o else None

    def printed_source(o: ObjectDef, depth: int = 0) -> ObjectDef:
        for spec in _copies_of(o, ()) if depth < 8 else ():
            orig = named(spec, o)
            if orig is not None:
                return printed_source(orig, depth + 1)
        return o

    for i, o in enumerate(objects):
        mine = dict(o.choices)
        for spec in _copies_of(o, events):
            orig = named(spec, o)
            if orig is None:
                continue
            src = printed_source(orig)
            missing = sorted(placeholders(raw_abilities.get(src.id, [])) - set(mine))
            if missing:
                what = missing[0]
                raise doc.error(
                    ("objects", i, "choices") if o.choices else ("objects", i),
                    N_(
                        "{name} enters as a copy of {original}, whose '{placeholder}' is chosen as it "
                        "enters: a copy makes its own choice (707.6); add choices: {example}"
                    ),
                    params={
                        "name": o.name,
                        "original": src.name,
                        "placeholder": f"{{chosen {what}}}",
                        "example": f"{{{what}: ...}}",
                    },
                    code="MISSING_CHOICE",
                )


#: 801.2a: a range of influence is a number of seats, at least one (the most common are 1 and 2);
#: a larger one than the table has seats is the whole table
#: the abilities that make an effect (a static ability, a CDA, one that resolves)
_EFFECT_ABILITIES = (AbilityKind.STATIC, AbilityKind.CDA, AbilityKind.RESOLVES)
RANGE_MAX = 100


def _range_of_influence(doc: YamlDoc, raw: Any, players: list[str]) -> tuple[tuple[str, int], ...]:
    """801.2: ``range_of_influence: 1`` (every player) or ``{Ann: 1, Bo: 2}`` (801.2a: players may
    have different ranges; one left out has no limit). Each a whole number of seats from 1 to
    :data:`RANGE_MAX`, each key a player."""
    if raw is None:
        return ()
    given = {p: raw for p in players} if isinstance(raw, int) else dict(raw)
    out: list[tuple[str, int]] = []
    for p, n in given.items():
        where = ("range_of_influence",) if isinstance(raw, int) else ("range_of_influence", p)
        if p not in players:
            raise err_message(doc, where, "not_a_player", suggest(p, players), "INVALID", name=p)
        if isinstance(n, bool) or not 1 <= n <= RANGE_MAX:
            raise doc.error(
                where,
                N_("a range of influence is a number of seats from 1 to {most} (801.2a), not {value}"),
                params={"most": RANGE_MAX, "value": n},
            )
        out.append((p, int(n)))
    return tuple(sorted(out, key=lambda x: players.index(x[0])))


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


__all__ = [
    "CREATURE_TYPES",
    "library",
    "list_builtin",  # re-exported from rulekit.scenarios
    "list_cards",
    "load_scenario",
    "scenario_from_text",
    "scenario_root",  # re-exported from rulekit.scenarios
]
