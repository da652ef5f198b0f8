"""BoardBuilder: put cards on a table, watch the layers work, save the board as a scenario file.

The builder keeps the board as scenario-file data (LANGUAGE.md §5): players, objects and events.
Every change builds the scenario text (:meth:`BoardBuilder.to_yaml`), reads it back with the
loader (:func:`rulekit.mtg.scenario_from_text`, so every check and every located error is the
loader's own) and shows it in an embedded :class:`~rulekit.widgets.layers.LayerExplorer`'s outputs:
the final table, the layer table, the dependency diagram and the step-through. The builder draws
none of them itself. A change that the loader or the engine refuses is not applied: the board
stays as it was and the message shows in the widget.

Usage in a notebook::

    from rulekit.widgets import BoardBuilder
    b = BoardBuilder()
    b.add_card("Grizzly Bears")            # 'grizzly-bears', for Ann (the first player)
    b.add_card("Glorious Anthem")
    b.add_resolution("Giant Growth", "cast", targets=["grizzly-bears"])
    b                                      # displays the builder
    b.save("my-board.yaml")                # `rulekit solve my-board.yaml` gives the same trace

A call that fails raises :class:`BuilderError` (a :class:`~rulekit.errors.ScenarioError` and a
``ValueError``) with the message, which also shows in the widget; in a notebook it shows as that one
line, without a traceback. The widget's own buttons never raise: their messages show in the widget.

Every visible string is in :data:`TEXT` (one place, for translation).
"""

from __future__ import annotations

import copy
import functools
import inspect
import json
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from rulekit import (
    i18n,  # the language registry: the languages rulekit speaks
    mtg,
)
from rulekit.errors import RulekitError, ScenarioError
from rulekit.i18n import LANGUAGES, N_, translator
from rulekit.mtg.commands import type_line as _type_line
from rulekit.mtg.loader import library, scenario_from_doc
from rulekit.mtg.messages import label_text, zone_in_text
from rulekit.mtg.vocab import COLORS, EFFECT_KINDS, KEYWORDS, SUPERTYPES, ZONES
from rulekit.scenarios import builtin_file, scenario_root
from rulekit.widgets._base import Guarded, error_html, guarded, row
from rulekit.widgets.layers import LayerExplorer
from rulekit.yamlsrc import YamlDoc, check_data_bounds, suggest

#: Languages the builder accepts (``lang=``); its labels come from the gettext catalogs.
#: The languages rulekit speaks (the registry's, :data:`rulekit.i18n.LANGUAGES`, read when checked).
LANGS = LANGUAGES
#: The players of an empty board.
DEFAULT_PLAYERS = ("Ann", "Bo")
#: Bounds on untrusted input typed into the builder.
MAX_TEXT = 4000
MAX_OBJECTS = 500
MAX_EVENTS = 1000
MAX_UNDO = 100
#: The longest board name (the scenario's ``name``).
MAX_NAME = 100
#: Counters that change power and toughness (122.1a): ``+1/+1``, ``-0/-2``…
PT_COUNTER = re.compile(r"^[+-]\d+/[+-]\d+$")

#: Every string the builder shows (labels, tooltips, messages): one place, easy to translate.
TEXT: dict[str, str] = {
    "title": N_("Build a board"),
    "intro": N_(
        "Search the card library, add cards for a player, resolve spells and abilities: "
        "the tables and the diagram below follow every change."
    ),
    "text_size": N_("Text size"),
    "search": N_("Search cards"),
    "search_tip": N_("Part of a card's name or rules text; the list below updates as you type"),
    "search_ph": N_("e.g. anthem, +1/+1, Humility"),
    "results": N_("Cards"),
    "results_tip": N_("Matching library cards; pick one to see it and add it"),
    "no_match": N_(
        "No card in the library matches “{query}”. The form “A card the library lacks” below makes one."
    ),
    "head_add": N_("Add the card"),
    "player": N_("Player"),
    "player_tip": N_("Who controls it (type a new name to add a player)"),
    "zone": N_("Zone"),
    "counters": N_("Counters"),
    "counters_tip": N_("e.g. +1/+1: 2, loyalty: 6"),
    "choices": N_("Choices"),
    "choices_tip": N_("As it enters, choose …: e.g. color: blue, creature type: Elf, object: grizzly-bears"),
    "tapped": N_("Tapped"),
    "face_down": N_("Face down"),
    "attach": N_("Attached to"),
    "attach_tip": N_("An Aura or Equipment: the object it is attached to"),
    "nothing": N_("(nothing)"),
    "add": N_("Add to board"),
    "add_tip": N_("Add the selected card with these settings"),
    "head_resolve": N_("Resolve a spell or ability"),
    "ability": N_("Ability"),
    "ability_tip": N_("A spell or ability that creates a continuous effect when it resolves"),
    "no_ability": N_("(pick a card with such an ability, or add one to the board)"),
    "new_source": N_("new"),
    "targets": N_("Targets"),
    "targets_tip": N_("Its targets (Ctrl/Shift-click or Shift+arrows for several)"),
    "x": N_("X"),
    "x_tip": N_("X, fixed when it resolves (blank if it has none)"),
    "res_choices": N_("Choices"),
    "res_choices_tip": N_("This resolution's choices, e.g. color: red"),
    "position": N_("When"),
    "position_tip": N_("Where it goes in the order of events"),
    "at_end": N_("after everything else"),
    "before": N_("before {n}. {label}"),
    "resolve": N_("Resolve"),
    "resolve_tip": N_("Add this resolution to the order of events"),
    "head_event": N_("Other events"),
    "event": N_("Event"),
    "event_tip": N_("Something that happens to an object (or the end of the turn), in the order of events"),
    "ev_kind_tap": N_("tap"),
    "ev_kind_untap": N_("untap"),
    "ev_kind_leave": N_("leave the battlefield"),
    "ev_kind_attach": N_("attach"),
    "ev_kind_turn_face_up": N_("turn face up"),
    "ev_kind_turn_face_down": N_("turn face down"),
    "ev_kind_transform": N_("transform"),
    "ev_kind_end_of_turn": N_("end of turn"),
    "ev_object": N_("Object"),
    "ev_object_tip": N_("The object it happens to"),
    "ev_to": N_("To"),
    "ev_to_tip": N_("attach: the object it becomes attached to; leave: the zone it goes to"),
    "add_event": N_("Add event"),
    "add_event_tip": N_("Add this event to the order of events"),
    "err_event": N_("'{kind}' is not an event the builder adds"),
    "err_event_object": N_("the event '{kind}' needs an object on the board"),
    "head_custom": N_("A card the library lacks"),
    "c_name": N_("Name"),
    "c_types": N_("Types"),
    "c_types_tip": N_("Card types and supertypes, e.g. Legendary Creature"),
    "c_subtypes": N_("Subtypes"),
    "c_subtypes_tip": N_("e.g. Elf Warrior"),
    "c_colors": N_("Colours"),
    "c_power": N_("Power"),
    "c_toughness": N_("Toughness"),
    "c_keywords": N_("Keywords"),
    "c_keywords_tip": N_("Keyword abilities, comma-separated: Flying, Trample"),
    "c_rules": N_("Rules text"),
    "c_rules_tip": N_("The ability's printed text (shown in the tables)"),
    "c_kind": N_("Effect kind"),
    "c_kind_static": N_("static ability (while on the battlefield)"),
    "c_kind_resolves": N_("resolves (a spell or ability: use Resolve)"),
    "c_kind_cda": N_("characteristic-defining (604.3)"),
    "c_effect": N_("Effect"),
    "c_effect_tip": N_("The effect in the scenario language (LANGUAGE.md §3), checked as you type"),
    "c_effect_ph": N_("affects: other creatures you control\nmodify_pt: {power: 1, toughness: 1}"),
    "c_ok": N_("✓ The card reads well."),
    "c_ok_empty": N_("Type a name (and, if you like, an effect)."),
    "c_add": N_("Add this card"),
    "c_add_tip": N_("Add the card of this form to the board"),
    "head_board": N_("The board, in the order of events"),
    "board": N_("Board"),
    "board_tip": N_("Objects and events, earliest first; pick one to move or remove it"),
    "move_up": N_("Move up"),
    "move_up_tip": N_("Earlier in the order of events (an earlier timestamp)"),
    "move_down": N_("Move down"),
    "move_down_tip": N_("Later in the order of events (a later timestamp)"),
    "remove": N_("Remove"),
    "remove_tip": N_("Remove it (and the events that need it)"),
    "undo": N_("Undo"),
    "undo_tip": N_("Undo the last change"),
    "reset": N_("Reset"),
    "reset_tip": N_("Back to the board you started with"),
    "redo": N_("Redo"),
    "redo_tip": N_("Redo the last change you undid"),
    "nothing_to_redo": N_("nothing to redo"),
    "board_name": N_("Board name"),
    "board_name_tip": N_("The scenario's name (what Save writes as its name)"),
    "err_board_name": N_("a board name is a non-empty line of at most {n} characters, not {name!r}"),
    "did_you_mean": N_("Did you mean “{name}”?"),
    "st_counters": N_("counters {list}"),
    "st_tapped": N_("tapped"),
    "st_face_down": N_("face down"),
    "st_attached": N_("attached to {name}"),
    "err_pt_counters": N_(
        "{name} is not a creature on this board: {kinds} counters change only a creature's power and "
        "toughness (122.1a)"
    ),
    "err_loyalty": N_(
        "{name} is not a planeswalker on this board: loyalty counters are a planeswalker's loyalty (306.5b)"
    ),
    "save_path": N_("File"),
    "save_path_tip": N_("Where to save the scenario file"),
    "save": N_("Save"),
    "save_tip": N_("Save the board as a scenario file (rulekit solve reads it back)"),
    "saved": N_("Saved {path}: `rulekit solve {path}` reproduces this board."),
    "show_yaml": N_("Show the scenario file"),
    "show_yaml_tip": N_("The board as scenario YAML (what Save writes)"),
    "empty_board": N_("The board is empty: search a card above and add it."),
    "ev_enter_one": N_("{names} enters"),
    "ev_enter_many": N_("{names} enter together"),
    "ev_resolve": N_("{source}: {ability} resolves"),
    "ev_targets": N_(" → {targets}"),
    "ev_x": N_(" (X={x})"),
    "ev_choices": N_(" ({choices})"),
    "ev_other": N_("{kind} {what}"),
    "ev_end": N_("end of turn"),
    "zone_entry": N_("{name} ({id}) in the {zone}"),
    "zone_entry_in": N_("{name} ({id}) {in_zone}"),
    "field_new": N_("the new object"),
    "obj_label": N_("{name} ({id}), {player}"),
    "player_label": N_("player {name}"),
    "type_none": N_("(no type)"),
    "err_lang": N_("lang must be one of {langs}, not {lang!r}"),
    "err_card": N_("'{name}' is not a card in the library"),
    "err_field": N_("'{name}' is not something add_card sets (it sets: {fields})"),
    "err_zone": N_("'{zone}' is not a zone"),
    "err_handle": N_("nothing on the board is called '{id}'"),
    "err_pick": N_("pick something in the board list first"),
    "err_pick_card": N_("pick a card in the search results first"),
    "err_pick_ability": N_("pick an ability to resolve first"),
    "err_no_event": N_("{id} is in the {zone}, not in the order of events: there is nothing to move"),
    "err_ability": N_("'{ability}' is not an ability of {name} that resolves (its abilities: {keys})"),
    "err_no_resolves": N_("{name} has no ability that resolves"),
    "err_which": N_("{name} has several abilities that resolve ({keys}): say which"),
    "err_x": N_("X must be a whole number, not {x!r}"),
    "err_pairs": N_("write {what} as 'kind: value, kind: value', not {text!r}"),
    "err_count": N_("a counter count is a whole number, not {value!r}"),
    "err_pt": N_("{what} must be a whole number (or blank), not {value!r}"),
    "err_keyword": N_("'{word}' is not a keyword ability"),
    "err_name": N_("a card needs a name"),
    "err_player": N_("a player name is a non-empty line of at most 60 characters, not {name!r}"),
    "err_too_long": N_("{what} is too long (at most {n} characters)"),
    "err_too_many": N_("a board holds at most {n} {what}"),
    "err_position": N_("'at' must be an event number from 0 to {n}, not {at!r}"),
    "err_source": N_("'{source}' is neither an object on the board nor a card in the library"),
    "err_scenario": N_(
        "BoardBuilder starts from a scenario name or path (or a scenario loaded from one and "
        "not edited since), not {kind}"
    ),
    "nothing_to_undo": N_("nothing to undo"),
    "err_alias": N_("anchors and aliases (& and *) are not allowed in an effect: write it out"),
    "err_kind": N_("'{kind}' is not an effect kind (static, resolves, cda)"),
    # words that go into the messages above
    "w_counters": N_("counters"),
    "w_choices": N_("choices"),
    "w_x": N_("X"),
    "w_power": N_("power"),
    "w_toughness": N_("toughness"),
    "w_count": N_("a counter count"),
    "w_name": N_("the name"),
    "w_text": N_("the rules text"),
    "w_effect": N_("the effect"),
    "w_objects": N_("objects"),
    "w_events": N_("events"),
    "w_effect_file": N_("effect text"),
    "w_new_card": N_("the new card"),
    "w_board": N_("the board"),
    # colours and zones as the controls show them (the values stay the language's words)
    "color_white": N_("white"),
    "color_blue": N_("blue"),
    "color_black": N_("black"),
    "color_red": N_("red"),
    "color_green": N_("green"),
    "zone_battlefield": N_("battlefield"),
    "zone_graveyard": N_("graveyard"),
    "zone_hand": N_("hand"),
    "zone_library": N_("library"),
    "zone_exile": N_("exile"),
    "zone_stack": N_("stack"),
    "zone_command": N_("command zone"),
}

#: What ``add_card`` sets besides name, controller and zone (object keys of LANGUAGE.md §5).
ADD_FIELDS = ("counters", "tapped", "face_down", "attached_to", "choices", "owner", "token", "id", "at")
#: The "When" lists' value for "after everything else" (a Dropdown cannot select ``None``).
AT_END = -1
#: Events :meth:`BoardBuilder.add_event` adds (besides entering and resolving).
EVENT_KINDS = (
    "tap",
    "untap",
    "leave",
    "attach",
    "turn_face_up",
    "turn_face_down",
    "transform",
    "end_of_turn",
)
#: Key order of an object in the exported file.
OBJECT_KEYS = (
    "id",
    "card",
    "name",
    "controller",
    "owner",
    "zone",
    "token",
    "mana_value",
    "supertypes",
    "types",
    "subtypes",
    "colors",
    "power",
    "toughness",
    "loyalty",
    "abilities",
    "counters",
    "tapped",
    "face_down",
    "attached_to",
    "choices",
    "timestamp",
    "note",
)
RESOLVE_KEYS = (
    "source",
    "ability",
    "effect",
    "targets",
    "x",
    "choices",
    "controller",
    "id",
    "name",
    "timestamp",
)


#: The language :func:`_t` speaks: a :class:`BoardBuilder` sets it to its ``lang`` for the time of each
#: of its methods (so the module's helpers and the messages they raise speak the builder's language).
_LANG: ContextVar[str] = ContextVar("rulekit_builder_lang", default="en")


def _t(key: str, **kw: Any) -> str:
    """The visible string ``key`` with its fields filled, in the current builder's language (the one
    door to :data:`TEXT`; the English strings are the catalog's msgids)."""
    return translator(_LANG.get())(TEXT[key], **kw)


def _word(kind: str, word: str) -> str:
    """A language word (a zone, a colour) as the controls show it: ``TEXT["zone_hand"]``, else the word."""
    key = f"{kind}_{word}"
    return _t(key) if key in TEXT else word


def _speaking(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (a method of the builder) run with :func:`_t` in ``self.lang``."""

    @functools.wraps(fn)
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        token = _LANG.set(getattr(self, "lang", "en"))
        try:
            return fn(self, *args, **kwargs)
        finally:
            _LANG.reset(token)

    return method


def check_lang(lang: Any) -> str:
    """A supported language code, or a :class:`RulekitError` saying what is wrong.

    >>> check_lang("en")
    'en'
    """

    try:
        return i18n.check_lang(lang)
    except RulekitError:
        langs = ", ".join(i18n.LANGUAGES)
        raise RulekitError(_t("err_lang", langs=langs, lang=lang), code="BAD_LANG") from None


#: The object keys an error's field may name, shown with the builder's label for them.
_FIELD_KEYS = frozenset({"counters", "choices", "zone", "tapped"})


def _label(key: Any) -> str:
    """An ability's label (``cast``, ``etb``) in the builder's language (rulekit.mtg.messages.LABEL)."""

    return label_text(str(key), _LANG.get())


def _zone_in(zone: str) -> str:
    """``in the graveyard`` in the builder's language (the zone's own phrase: "no cemitério")."""

    return zone_in_text(str(zone), _LANG.get())


def _suggest(word: str, choices: Any) -> str | None:

    return suggest(word, list(choices))


def slug(name: str) -> str:
    """An object id from a card name: ``"Urborg, Tomb of Yawgmoth"`` → ``"urborg-tomb-of-yawgmoth"``.

    >>> slug("Night of Souls' Betrayal")
    'night-of-souls-betrayal'
    """
    s = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
    return s[:40].strip("-") or "object"


def type_line(card: dict[str, Any]) -> str:
    """``Legendary Planeswalker — Gideon  loyalty 6`` (the CLI's ``rulekit cards`` line)."""

    return _type_line(card) or _t("type_none")


def _ability_text(a: Any) -> str:
    if isinstance(a, str):
        return a
    if isinstance(a, dict):
        return str(a.get("text") or "")
    return ""


def search_cards(query: str, limit: int = 60) -> list[str]:
    """Library cards whose name, type line or rules text contain every word of ``query`` (any case);
    cards whose name contains the whole query come first, then the rest, each group by name.

    >>> search_cards("glorious")
    ['Glorious Anthem']
    """

    lib = library()
    q = " ".join(str(query).lower().split())[:200]
    words = q.split()
    first: list[str] = []
    rest: list[str] = []
    for name in sorted(lib):
        card = lib[name]
        hay = " ".join(
            [name, type_line(card), *(_ability_text(a) for a in card.get("abilities") or ())]
        ).lower()
        if all(w in hay for w in words):
            (first if q and q in name.lower() else rest).append(name)
    return (first + rest)[:limit]


def _near_card(query: str, lib: Any) -> str | None:
    """The library card a search that found nothing probably meant, as the Python API's "did you mean":
    the closest name, else the card with the closest word of a name."""
    q = " ".join(str(query).split())[:200]
    if not q:
        return None
    near = _suggest(q, lib)
    if near is not None:
        return near
    by_word: dict[str, str] = {}
    for name in sorted(lib):
        for word in name.lower().replace(",", " ").split():
            by_word.setdefault(word, name)
    for word in q.lower().split():
        hit = _suggest(word, by_word)
        if hit is not None:
            return by_word.get(hit)
    return None


def card_html(name: str) -> str:
    """A library card shown before it is added: name, type line, rules text (all escaped)."""

    card = library()[name]
    texts = [_ability_text(a) for a in card.get("abilities") or ()]
    items = "".join(f"<li>{escape(t)}</li>" for t in texts if t)
    return (
        f"<div style='border-left:4px solid #0072B2;padding:2px 8px'><strong>{escape(name)}</strong>"
        f"<br>{escape(type_line(card))}"
        + (f"<ul style='margin:2px 0'>{items}</ul>" if items else "")
        + "</div>"
    )


def resolving_keys(abilities: Any) -> list[tuple[str, str]]:
    """``(key, text)`` of the abilities that resolve, keyed as the loader keys them (LANGUAGE.md §2)."""
    out = []
    n = 0
    for a in abilities or ():
        if isinstance(a, dict) and a.get("resolves") is not None:
            n += 1
            key = str(a["key"]) if a.get("key") is not None else str(n)
            out.append((key, str(a.get("text") or "")))
    return out


def parse_pairs(text: str, what: str, numbers: bool = False) -> dict[str, Any]:
    """``"+1/+1: 2, loyalty: 6"`` → ``{"+1/+1": 2, "loyalty": 6}`` (``numbers``) or string values.

    >>> parse_pairs("color: blue, creature type: Elf", "choices")
    {'color': 'blue', 'creature type': 'Elf'}
    """
    text = str(text or "").strip()
    if len(text) > MAX_TEXT:
        raise RulekitError(_t("err_too_long", what=what, n=MAX_TEXT), code="TOO_LONG")
    out: dict[str, Any] = {}
    if not text:
        return out
    for part in text.split(","):
        if not part.strip():
            continue
        key, sep, value = part.rpartition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise RulekitError(_t("err_pairs", what=what, text=text), code="BAD_PAIRS")
        if numbers:
            try:
                out[key] = int(value)
            except ValueError:
                raise RulekitError(_t("err_count", value=value), code="BAD_NUMBER") from None
        else:
            out[key] = value
    return out


def _int_or_none(value: Any, what: str) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise RulekitError(_t("err_pt", what=what, value=value), code="BAD_NUMBER")
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise RulekitError(_t("err_pt", what=what, value=value), code="BAD_NUMBER") from None


# ============================================================================ the board (pure data)
@dataclass
class Board:
    """The board as scenario-file data. ``events`` holds ``(key, raw event)`` pairs: the key is the
    builder's handle on the event (stable while it exists), the raw event is what the file says."""

    name: str = "my-board"
    description: str = ""
    source: str = ""
    players: list[Any] = field(default_factory=lambda: list(DEFAULT_PLAYERS))
    active_player: str | None = None
    objects: list[dict[str, Any]] = field(default_factory=list)
    events: list[tuple[str, Any]] = field(default_factory=list)
    counter: int = 0

    def copy(self) -> Board:
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ names
    def player_names(self) -> list[str]:
        return [p if isinstance(p, str) else str(p.get("name")) for p in self.players]

    def ids(self) -> set[str]:
        out = {str(o.get("id")) for o in self.objects}
        for _k, ev in self.events:
            r = ev.get("resolve") if isinstance(ev, dict) else None
            if isinstance(r, dict) and r.get("id"):
                out.add(str(r["id"]))
        return out

    def new_key(self) -> str:
        self.counter += 1
        return f"event-{self.counter}"

    def fresh_id(self, base: str) -> str:
        taken = self.ids() | set(self.player_names())
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    def obj(self, oid: str) -> dict[str, Any] | None:
        for o in self.objects:
            if o.get("id") == oid:
                return o
        return None

    # ------------------------------------------------------------------ events
    @staticmethod
    def mentions(ev: Any) -> list[str]:
        """The object ids an event names (entering, leaving, attaching, resolving, targeting)."""
        if not isinstance(ev, dict):
            return []
        out: list[str] = []
        for kind, val in ev.items():
            if kind == "enter":
                out += [val] if isinstance(val, str) else [str(v) for v in val or ()]
            elif kind in ("tap", "untap", "turn_face_up", "turn_face_down", "transform") and isinstance(
                val, str
            ):
                out.append(val)
            elif kind == "leave":
                out.append(val if isinstance(val, str) else str((val or {}).get("object")))
            elif kind == "attach" and isinstance(val, dict):
                out += [str(val.get("object")), str(val.get("to"))]
            elif kind == "resolve" and isinstance(val, dict):
                if val.get("source"):
                    out.append(str(val["source"]))
                out += [str(t) for t in val.get("targets") or ()]
                ch = val.get("choices") or {}
                if ch.get("object"):
                    out.append(str(ch["object"]))
        return out

    def index_of(self, handle: str) -> int | None:
        """The event index of a handle: an event key, a resolution's id, or an object id (the
        event that puts it on the battlefield)."""
        for i, (key, ev) in enumerate(self.events):
            if key == handle:
                return i
            r = ev.get("resolve") if isinstance(ev, dict) else None
            if isinstance(r, dict) and r.get("id") == handle:
                return i
        for i, (_key, ev) in enumerate(self.events):
            if isinstance(ev, dict) and "enter" in ev and handle in self.mentions({"enter": ev["enter"]}):
                return i
        return None

    def remove_object(self, oid: str) -> None:
        """Remove an object, every event that needs it, and every object that chose it."""
        todo = [oid]
        while todo:
            cur = todo.pop()
            if self.obj(cur) is None:
                continue
            self.objects = [o for o in self.objects if o.get("id") != cur]
            for o in self.objects:
                if o.get("attached_to") == cur:
                    del o["attached_to"]
                if (o.get("choices") or {}).get("object") == cur:
                    todo.append(str(o.get("id")))
            kept: list[tuple[str, Any]] = []
            for key, ev in self.events:
                if not isinstance(ev, dict) or cur not in self.mentions(ev):
                    kept.append((key, ev))
                    continue
                if "enter" in ev:
                    left = [x for x in self.mentions({"enter": ev["enter"]}) if x != cur]
                    if left:
                        kept.append((key, {**ev, "enter": left if len(left) > 1 else left[0]}))
                    continue
                r = ev.get("resolve")
                if (
                    isinstance(r, dict)
                    and r.get("source") != cur
                    and (r.get("choices") or {}).get("object") != cur
                ):
                    targets = [t for t in r.get("targets") or () if t != cur]
                    if targets:  # a resolution whose every target went goes too
                        kept.append((key, {**ev, "resolve": {**r, "targets": targets}}))
                # any other event about the object goes with it
            self.events = kept

    # ------------------------------------------------------------------ export
    def data(self) -> dict[str, Any]:
        """The scenario mapping, keys in a fixed order."""
        out: dict[str, Any] = {"game": "mtg", "name": self.name}
        if self.description:
            out["description"] = self.description
        if self.source:
            out["source"] = self.source
        out["players"] = copy.deepcopy(self.players)
        if self.active_player:
            out["active_player"] = self.active_player
        out["objects"] = [_ordered(o, OBJECT_KEYS) for o in self.objects]
        out["events"] = [_ordered_event(ev) for _k, ev in self.events]
        return out


def _ordered(d: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    out = {k: copy.deepcopy(d[k]) for k in keys if k in d}
    for k in sorted(set(d) - set(keys)):
        out[k] = copy.deepcopy(d[k])
    return out


def _ordered_event(ev: Any) -> Any:
    if isinstance(ev, dict) and isinstance(ev.get("resolve"), dict):
        r = dict(ev["resolve"])
        if not r.get("targets"):
            r.pop("targets", None)
        return {**ev, "resolve": _ordered(r, RESOLVE_KEYS)}
    return copy.deepcopy(ev)


HEADER = (
    "# A board built with rulekit's BoardBuilder (rulekit.widgets.BoardBuilder).\n"
    "# Solve it with:  rulekit solve FILE  (add --ruleset current for the 2020 layer labels).\n"
    "# The language of this file: rulekit/mtg/LANGUAGE.md.\n"
)


def board_yaml(board: Board) -> str:
    """The scenario file of ``board`` (PyYAML ``safe_dump``, keys in a fixed order)."""
    import yaml

    body = yaml.safe_dump(
        board.data(), sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )
    return HEADER + body


def board_from_source(source: str | Path) -> Board:
    """A board from a scenario name or path: the loader checks it, the file's own data is kept."""

    sc = mtg.load_scenario(source)  # every check, every located error
    path = Path(source)
    if not (path.suffix in (".yaml", ".yml") and path.exists()):
        builtin = builtin_file(str(source), game="mtg")  # the loader's own resolution
        path = builtin[0] if builtin is not None else path
    raw = YamlDoc.from_path(path).data  # read as the loader reads it (no YAML 1.1 base-60 numbers)
    # a description given per language: the English one (the board is written in one language)
    desc = sc.description if isinstance(raw.get("description"), dict) else raw.get("description")
    board = Board(
        name=str(raw.get("name") or sc.name),
        description=" ".join(str(desc or "").split()),
        source=str(raw.get("source") or ""),
        players=list(raw.get("players") or []),
        active_player=raw.get("active_player"),
        objects=[dict(o) for o in raw.get("objects") or []],
    )
    for ev in raw.get("events") or []:
        board.events.append((board.new_key(), ev))
    return board


# ============================================================================ the widget
class BuilderError(ScenarioError, ValueError):
    """A BoardBuilder call that failed: the message (located, with "did you mean" when there is one).

    In IPython it shows as its one line, not as a traceback (``_render_traceback_``).
    """

    @classmethod
    def of(cls, exc: RulekitError) -> BuilderError:
        return cls(
            exc.message,
            file=exc.file,
            line=exc.line,
            field=exc.field,
            code=exc.code,
            suggestion=exc.suggestion,
            msgid=exc.msgid,  # its catalogue message: the widget shows it in the builder's language
            params=exc.params if exc.msgid else None,  # (a message without one is already in its words)
        )

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def api(method: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a method of the builder's Python API: a failure shows in the widget (``error``) and is
    raised as a :class:`BuilderError`; the board stays as it was."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except BuilderError as exc:
            self._set_error(exc)
            raise
        except RulekitError as exc:
            self._set_error(exc)
            raise BuilderError.of(exc) from None
        except Exception as exc:
            self._set_error(exc)
            raise

    return wrapper


class BoardBuilder(Guarded):
    """Build a board in the notebook (see the module doc).

    Args:
        scenario: ``None`` (an empty board with players Ann and Bo), or a scenario name or path
            to start from (``"seed/humility-then-gideon"``).
        lang: ``"en"``, ``"pt-BR"`` or ``"es"``: the labels, tooltips and messages (through the catalogs).
        scale: the text-size knob's starting value (1.5 = 150 %), as in the explorers.
        backend: force a diagram backend (``dot``/``wasm``/``text``).

    Python API: :meth:`add_card`, :meth:`add_custom`, :meth:`add_resolution`, :meth:`add_event`,
    :meth:`remove`,
    :meth:`move`, :meth:`undo`, :meth:`redo`, :meth:`reset`, :meth:`rename`, :attr:`scenario`,
    :attr:`trace`, :meth:`to_yaml`, :meth:`save`. A refused change leaves the board as it was, shows its
    message in ``error`` (and in ``last_exception``) and raises it as a :class:`BuilderError`. The
    widget's buttons never raise.

    Handles (controls): ``search``, ``results``, ``player``, ``zone``, ``counters``, ``choices``,
    ``tapped``, ``face_down``, ``attach``, ``add_button``; ``ability``, ``targets``, ``x``,
    ``res_choices``, ``position``, ``resolve_button``; ``event_kind``, ``event_object``, ``event_to``,
    ``event_position``, ``add_event_button``; the custom form ``c_name``, ``c_types``,
    ``c_subtypes``, ``c_colors`` (colour → Checkbox), ``c_power``, ``c_toughness``, ``c_keywords``,
    ``c_rules``, ``c_kind``, ``c_effect``, ``c_add``; ``board_list``, ``move_up``, ``move_down``,
    ``remove_button``, ``undo_button``, ``redo_button``, ``reset_button``, ``name_field``, ``save_path``,
    ``save_button``,
    ``show_yaml``; ``ruleset``, ``step``, ``prev``, ``next`` and ``text_size``.
    Handles (outputs): ``preview_html`` (the picked card), ``c_status`` (the custom form's check),
    ``board_html``, ``yaml_html``, ``error``, ``status_html``; and the explorer's ``final_html``,
    ``layers_html``, ``diagram_html``, ``explain_html``, ``deps_html``, ``players_html``
    (``view`` is the embedded :class:`~rulekit.widgets.layers.LayerExplorer`).
    """

    def __init__(
        self,
        scenario: Any = None,
        lang: str = "en",
        scale: float = 1.0,
        *,
        backend: str | None = None,
    ) -> None:
        import ipywidgets as w


        self._init_error_box()
        self.lang = "en"
        lang_error: RulekitError | None = None
        try:
            self.lang = check_lang(lang)
            _LANG.set(self.lang)  # undone when __init__ returns (see _speaking)
        except RulekitError as exc:
            lang_error = exc
        self._init_text_size(scale, translator(self.lang))
        self.board = Board()
        self._initial = self.board.copy()
        self._undo: list[Board] = []
        self._redo: list[Board] = []
        self.scenario: Any = None
        self._busy = False
        st = {"description_width": "initial"}

        def lab(widget: Any, tip: str) -> Any:
            widget.tooltip = _t(tip)
            return widget

        # search and add
        self.title_html = w.HTML(value="")
        self.search = lab(
            w.Text(
                value="",
                description=_t("search"),
                placeholder=_t("search_ph"),
                continuous_update=True,
                style=st,
            ),
            "search_tip",
        )
        self.results = lab(
            w.Select(options=[], rows=6, description=_t("results"), layout=w.Layout(width="34em"), style=st),
            "results_tip",
        )
        self.preview_html = w.HTML(value="")
        self.player = lab(
            w.Combobox(
                value=DEFAULT_PLAYERS[0],
                options=list(DEFAULT_PLAYERS),
                description=_t("player"),
                ensure_option=False,
                style=st,
            ),
            "player_tip",
        )
        self.zone = w.Dropdown(
            options=[(_word("zone", z), z) for z in ZONES],
            value="battlefield",
            description=_t("zone"),
            style=st,
        )
        self.counters = lab(
            w.Text(value="", description=_t("counters"), placeholder="+1/+1: 1", style=st), "counters_tip"
        )
        self.choices = lab(
            w.Text(value="", description=_t("choices"), placeholder="color: blue", style=st), "choices_tip"
        )
        self.tapped = w.Checkbox(value=False, description=_t("tapped"), indent=False)
        self.face_down = w.Checkbox(value=False, description=_t("face_down"), indent=False)
        self.attach = lab(
            w.Dropdown(options=[(_t("nothing"), "")], value="", description=_t("attach"), style=st),
            "attach_tip",
        )
        self.add_button = lab(w.Button(description=_t("add"), icon="plus", button_style="primary"), "add_tip")

        # resolve
        self.ability = lab(
            w.Dropdown(
                options=[(_t("no_ability"), "")],
                value="",
                description=_t("ability"),
                layout=w.Layout(width="34em"),
                style=st,
            ),
            "ability_tip",
        )
        self.targets = lab(
            w.SelectMultiple(
                options=[], rows=4, description=_t("targets"), layout=w.Layout(width="32em"), style=st
            ),
            "targets_tip",
        )
        self.x = lab(w.Text(value="", description=_t("x"), layout=w.Layout(width="8em"), style=st), "x_tip")
        self.res_choices = lab(
            w.Text(value="", description=_t("res_choices"), placeholder="color: red", style=st),
            "res_choices_tip",
        )
        self.position = lab(
            w.Dropdown(options=[(_t("at_end"), AT_END)], value=AT_END, description=_t("position"), style=st),
            "position_tip",
        )
        self.resolve_button = lab(w.Button(description=_t("resolve"), icon="bolt"), "resolve_tip")

        # other events
        self.event_kind = lab(
            w.Dropdown(
                options=[(_t(f"ev_kind_{k}"), k) for k in EVENT_KINDS],
                value="tap",
                description=_t("event"),
                style=st,
            ),
            "event_tip",
        )
        self.event_object = lab(
            w.Dropdown(options=[(_t("nothing"), "")], value="", description=_t("ev_object"), style=st),
            "ev_object_tip",
        )
        self.event_to = lab(w.Text(value="", description=_t("ev_to"), style=st), "ev_to_tip")
        self.event_position = lab(
            w.Dropdown(options=[(_t("at_end"), AT_END)], value=AT_END, description=_t("position"), style=st),
            "position_tip",
        )
        self.add_event_button = lab(w.Button(description=_t("add_event"), icon="plus"), "add_event_tip")

        # custom card
        self.c_name = w.Text(value="", description=_t("c_name"), continuous_update=True, style=st)
        self.c_types = lab(
            w.Text(value="Creature", description=_t("c_types"), continuous_update=True, style=st),
            "c_types_tip",
        )
        self.c_subtypes = lab(
            w.Text(value="", description=_t("c_subtypes"), continuous_update=True, style=st), "c_subtypes_tip"
        )
        self.c_colors = {
            c: w.Checkbox(value=False, description=_word("color", c), indent=False) for c in COLORS
        }
        self.c_colors_head = w.Label(value=_t("c_colors"))
        self.c_power = w.Text(value="", description=_t("c_power"), layout=w.Layout(width="10em"), style=st)
        self.c_toughness = w.Text(
            value="", description=_t("c_toughness"), layout=w.Layout(width="11em"), style=st
        )
        self.c_keywords = lab(
            w.Text(value="", description=_t("c_keywords"), continuous_update=True, style=st), "c_keywords_tip"
        )
        self.c_rules = lab(
            w.Text(value="", description=_t("c_rules"), layout=w.Layout(width="34em"), style=st),
            "c_rules_tip",
        )
        self.c_kind = w.Dropdown(
            options=[(_t(f"c_kind_{k}"), k) for k in EFFECT_KINDS],
            value="static",
            description=_t("c_kind"),
            layout=w.Layout(width="auto"),
            style=st,
        )
        self.c_effect = lab(
            w.Textarea(
                value="",
                description=_t("c_effect"),
                placeholder=_t("c_effect_ph"),
                continuous_update=True,
                rows=4,
                layout=w.Layout(width="34em"),
                style=st,
            ),
            "c_effect_tip",
        )
        self.c_status = w.HTML(value="")
        self.c_add = lab(w.Button(description=_t("c_add"), icon="plus"), "c_add_tip")

        # board
        self.board_list = lab(
            w.Select(options=[], rows=8, description=_t("board"), layout=w.Layout(width="34em"), style=st),
            "board_tip",
        )
        # What the learner sees and uses: one row per entry of the board, each with its own Earlier / Later
        # / Remove buttons, so that a keyboard reaches every entry (Tab, then Enter or Space); a list's arrow
        # keys are JupyterLab's. ``board_list`` and its three buttons stay as handles, hidden.
        self.board_rows: list[tuple[Any, ...]] = []  # (row, label, earlier, later, remove) per place
        self.board_box = w.VBox([])
        self.board_box.add_class("rulekit-board-rows")
        self.move_up = lab(w.Button(description=_t("move_up"), icon="arrow-up"), "move_up_tip")
        self.move_down = lab(w.Button(description=_t("move_down"), icon="arrow-down"), "move_down_tip")
        self.remove_button = lab(w.Button(description=_t("remove"), icon="trash"), "remove_tip")
        self.undo_button = lab(w.Button(description=_t("undo"), icon="undo"), "undo_tip")
        self.redo_button = lab(w.Button(description=_t("redo"), icon="repeat"), "redo_tip")
        self.reset_button = lab(w.Button(description=_t("reset"), icon="refresh"), "reset_tip")
        self.name_field = lab(
            w.Text(value=self.board.name, description=_t("board_name"), continuous_update=False, style=st),
            "board_name_tip",
        )
        self.save_path = lab(
            w.Text(value="my-board.yaml", description=_t("save_path"), style=st), "save_path_tip"
        )
        self.save_button = lab(w.Button(description=_t("save"), icon="save"), "save_tip")
        for control in (self.board_list, self.move_up, self.move_down, self.remove_button):
            control.layout.display = "none"
        self.show_yaml = lab(w.ToggleButton(value=False, description=_t("show_yaml")), "show_yaml_tip")
        self.board_html = w.HTML(value="")
        self.yaml_html = w.HTML(value="")
        self.status_html = w.HTML(value="")
        self._heads = {
            k: w.HTML(value="")
            for k in ("head_add", "head_resolve", "head_event", "head_custom", "head_board")
        }
        for k, h in self._heads.items():
            self._put(h, f"<h4 style='margin:6px 0 2px'>{escape(_t(k))}</h4>")

        # the explorer whose outputs (and ruleset and step controls) the builder shows
        self.view = LayerExplorer(
            self._build(self.board), scale=self.scale, backend=backend, effect_switches=False, lang=self.lang
        )
        self.ruleset = self.view.ruleset
        self.step = self.view.step
        self.prev = self.view.prev
        self.next = self.view.next
        self.final_html = self.view.final_html
        self.layers_html = self.view.layers_html
        self.diagram_html = self.view.diagram_html
        self.explain_html = self.view.explain_html
        self.deps_html = self.view.deps_html
        self.players_html = self.view.players_html

        self.search.observe(lambda _c: self._on_search(), names="value")
        self.results.observe(lambda _c: self._on_pick(), names="value")
        self.add_button.on_click(lambda _b: self._add_clicked())
        self.resolve_button.on_click(lambda _b: self._resolve_clicked())
        self.add_event_button.on_click(lambda _b: self._event_clicked())
        for wdg in (*self._custom_inputs(), self.choices):  # the choices it would be added with
            wdg.observe(lambda _c: self._check_custom(), names="value")
        self.c_add.on_click(lambda _b: self._custom_clicked())
        self.move_up.on_click(lambda _b: self._move_clicked(True))
        self.move_down.on_click(lambda _b: self._move_clicked(False))
        self.remove_button.on_click(lambda _b: self._remove_clicked())
        self.undo_button.on_click(lambda _b: self._button(self.undo))
        self.redo_button.on_click(lambda _b: self._button(self.redo))
        self.reset_button.on_click(lambda _b: self._button(self.reset))
        self.save_button.on_click(lambda _b: self._button(self.save, self.save_path.value))
        self.name_field.observe(lambda _c: self._name_changed(), names="value")
        self.show_yaml.observe(lambda _c: self._show_yaml(), names="value")
        self.ruleset.observe(lambda _c: self._after_view(), names="value")

        self.widget = w.VBox(
            [
                self.style_html,
                row(self.text_size, justify_content="flex-end"),
                self.title_html,
                row(w.VBox([self.search, self.results]), self.preview_html),
                self._heads["head_add"],
                row(self.player, self.zone, self.attach),
                row(self.counters, self.choices, self.tapped, self.face_down),
                row(self.add_button),
                self._heads["head_resolve"],
                row(self.ability, self.position),
                row(self.targets, w.VBox([self.x, self.res_choices])),
                row(self.resolve_button),
                self._heads["head_event"],
                row(self.event_kind, self.event_object, self.event_to, self.event_position),
                row(self.add_event_button),
                self._heads["head_custom"],
                row(self.c_name, self.c_types, self.c_subtypes),
                row(self.c_colors_head, *self.c_colors.values()),
                row(self.c_power, self.c_toughness, self.c_keywords),
                self.c_rules,
                row(self.c_kind),
                self.c_effect,
                self.c_status,
                row(self.c_add),
                self._heads["head_board"],
                self.board_box,
                row(self.board_list, w.VBox([self.move_up, self.move_down, self.remove_button])),
                row(
                    self.undo_button,
                    self.redo_button,
                    self.reset_button,
                    self.name_field,
                    self.save_path,
                    self.save_button,
                    self.show_yaml,
                ),
                self.status_html,
                self.error,
                self.view.error,
                self.board_html,
                self.yaml_html,
                self.ruleset,
                row(self.prev, self.step, self.next),
                self.explain_html,
                self.final_html,
                self.players_html,
                self.diagram_html,
                self.deps_html,
                self.layers_html,
            ]
        )
        self.widget.add_class("rulekit-board-builder")
        self._put(
            self.title_html,
            f"<h3 style='margin:4px 0'>{escape(_t('title'))}</h3><p>{escape(_t('intro'))}</p>",
        )
        if scenario is not None:
            self._start_from(scenario)
        else:
            self._commit(self.board, self.view.scenario, record=False)
        self._initial = self.board.copy()
        self._on_search()
        self._check_custom()
        self._finish_init()
        if lang_error is not None and self.last_exception is None:
            self._set_error(lang_error)

    # ------------------------------------------------------------------ building and committing
    @staticmethod
    def _build(board: Board) -> Any:
        """The loader's scenario of ``board`` (raises the loader's error, located by field).

        The loader reads the board's data directly, as it reads a parsed file: the same checks
        and the same scenario as :meth:`to_yaml`'s text gives (the tests compare the two), without
        writing and parsing YAML on every change.
        """

        if len(board.objects) > MAX_OBJECTS:
            raise RulekitError(_t("err_too_many", n=MAX_OBJECTS, what=_t("w_objects")), code="TOO_MANY")
        if len(board.events) > MAX_EVENTS:
            raise RulekitError(_t("err_too_many", n=MAX_EVENTS, what=_t("w_events")), code="TOO_MANY")
        data = board.data()
        # the bounds a file is read with (rulekit.limits): what `rulekit solve` would refuse in the saved file
        check_data_bounds(data, _t("w_board"), lambda: board_yaml(board))
        return scenario_from_doc(YamlDoc(data=data, file=_t("w_board")), board.name)

    @guarded
    def _start_from(self, scenario: Any) -> None:

        source: Any = scenario
        if not isinstance(scenario, str | Path):
            # a loaded Scenario: start from its file, if the file still gives the same board
            file = str(getattr(scenario, "file", "") or "")
            found = [
                p for p in (Path(file), scenario_root() / file) if file and p.suffix == ".yaml" and p.exists()
            ]
            if not found:
                raise RulekitError(_t("err_scenario", kind=type(scenario).__name__), code="BAD_SCENARIO")
            source = found[0]
            try:
                same = mtg.solve(mtg.load_scenario(source)) == mtg.solve(scenario)
            except Exception:  # noqa: BLE001 - anything else than the file's scenario is refused below
                same = False
            if not same:
                raise RulekitError(_t("err_scenario", kind=type(scenario).__name__), code="BAD_SCENARIO")
        board = board_from_source(source)
        sc = self._build(board)
        self._commit(board, sc, record=False)

    def _apply(self, board: Board) -> None:
        """Make ``board`` the board, or raise and keep the old one (nothing half-applied)."""
        sc = self._build(board)
        self._commit(board, sc, record=True)

    def _commit(self, board: Board, sc: Any, record: bool) -> None:
        old_board, old_sc = self.board, self.scenario
        self.view.load(sc)
        if self.view.last_exception is not None:
            exc = self.view.last_exception
            if old_sc is not None:
                self.view.load(old_sc)
            raise exc
        if record:
            self._undo.append(old_board)
            del self._undo[:-MAX_UNDO]
            self._redo.clear()
        self.board = board
        self.scenario = sc
        self._set_error(None)
        self.status_html.value = ""
        self._sync()

    def _after_view(self) -> None:
        """After the explorer re-solved (ruleset): its error, if any, shows in the builder."""
        if self.view.last_exception is not None:
            self._set_error(self.view.last_exception)

    @property
    def trace(self) -> Any:
        """The trace shown (the current board, solved with the current ruleset)."""
        return self.view.trace

    # ------------------------------------------------------------------ Python API
    @api
    def add_card(
        self, name: str, controller: str | None = None, zone: str = "battlefield", **fields: Any
    ) -> str:
        """Add the library card ``name`` (any case) and return the new object's id.

        ``controller``: a player's name (a new name adds the player); ``None`` = the first player.
        ``zone``: ``battlefield`` (default; it enters as the last event, or at event number ``at=``)
        or another zone (no event). ``fields``: ``counters`` (``{"+1/+1": 2}``), ``tapped``,
        ``face_down``, ``attached_to`` (an object id), ``choices`` (``{"color": "blue"}``),
        ``owner``, ``token``, ``id``, ``at``.
        """

        lib = library()
        key = {k.lower(): k for k in lib}.get(str(name).strip().lower())
        if key is None:
            raise RulekitError(
                _t("err_card", name=name), code="UNKNOWN_CARD", suggestion=_suggest(str(name), lib)
            )
        return self._add_object({"card": key}, key, controller, zone, fields)

    @api
    def add_custom(
        self, name: str, *args: Any, controller: str | None = None, zone: str = "battlefield", **fields: Any
    ) -> str:
        """Add an object the library lacks and return its id.

        The card's fields (``types``, ``subtypes``, ``colors``, ``power``, ``toughness``, ``keywords``,
        ``effect``, ``kind``, ``text``: :data:`CUSTOM_FIELDS`) are :meth:`custom_object`'s, positional
        or by name; ``effect`` is one effect in the scenario language (LANGUAGE.md §3), as YAML text or
        a mapping; ``kind`` is ``static``, ``resolves`` (then :meth:`add_resolution` resolves it,
        ability ``effect``) or ``cda``. ``controller``, ``zone`` and the other ``fields`` are
        :meth:`add_card`'s.
        """
        card = {k: fields.pop(k) for k in CUSTOM_FIELDS if k in fields}
        raw = self.custom_object(name, *args, **card, choices=fields.get("choices"))
        return self._add_object(raw, str(raw["name"]), controller, zone, fields)

    def custom_object(
        self,
        name: str,
        types: Any = ("Creature",),
        subtypes: Any = (),
        colors: Any = (),
        power: Any = None,
        toughness: Any = None,
        keywords: Any = (),
        effect: str | dict[str, Any] | None = None,
        kind: str = "static",
        text: str = "",
        *,
        choices: Any = None,
    ) -> dict[str, Any]:
        """The object mapping of a card the library lacks, checked by the loader on this board.

        Raises a :class:`RulekitError`; an error inside the effect is located in the effect text
        (``effect text:2: modify_pt.power: …``), as the custom form shows it while you type.
        ``choices`` (``{"color": "blue"}`` or ``"color: blue"``) are the choices it will be added
        with, so that an "as it enters, choose" card is checked with them.
        """
        import yaml


        name = str(name or "").strip()
        if not name:
            raise RulekitError(_t("err_name"), code="MISSING_KEY")
        for what, value in ((_t("w_name"), name), (_t("w_text"), text)):
            if len(str(value)) > MAX_TEXT:
                raise RulekitError(_t("err_too_long", what=what, n=MAX_TEXT), code="TOO_LONG")

        raw: dict[str, Any] = {"name": name}
        words = _words(types)
        supers = [w for w in words if w in SUPERTYPES]
        if supers:
            raw["supertypes"] = supers
        raw["types"] = [w for w in words if w not in SUPERTYPES]
        if _words(subtypes):
            raw["subtypes"] = _words(subtypes)
        raw["colors"] = _words(colors)
        for key, value in (("power", power), ("toughness", toughness)):
            n = _int_or_none(value, _t(f"w_{key}"))
            if n is not None:
                raw[key] = n
        abilities: list[Any] = []
        for word in _keywords(keywords):
            if word not in KEYWORDS and not word.lower().startswith("protection from"):
                raise RulekitError(
                    _t("err_keyword", word=word), code="BAD_KEYWORD", suggestion=_suggest(word, KEYWORDS)
                )
            abilities.append(word)
        if kind not in EFFECT_KINDS:
            raise RulekitError(
                _t("err_kind", kind=kind), code="BAD_KIND", suggestion=_suggest(str(kind), EFFECT_KINDS)
            )
        effect_text = (
            effect
            if isinstance(effect, str)
            else (yaml.safe_dump(effect, sort_keys=False, allow_unicode=True) if effect else "")
        )
        if len(effect_text) > MAX_TEXT:
            raise RulekitError(_t("err_too_long", what=_t("w_effect"), n=MAX_TEXT), code="TOO_LONG")
        _no_aliases(effect_text)
        raw["abilities"] = abilities
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        self._check_in_board(raw, effect_text, kind, str(text), dict(choices or {}))
        if effect_text.strip():
            spec = yaml.safe_load(effect_text)
            ab: dict[str, Any] = {"text": str(text) or " ".join(effect_text.split())}
            if kind == "resolves":
                ab["key"] = "effect"
            ab[kind] = spec
            raw["abilities"] = [*abilities, ab]
        if not raw["abilities"]:
            del raw["abilities"]
        return raw

    def _check_in_board(
        self, raw: dict[str, Any], effect_text: str, kind: str, text: str, choices: dict[str, Any]
    ) -> None:
        """Read ``raw`` (plus the effect text) with the loader, on this board's objects, so that a
        selector may name them; map the loader's located error back into the form."""
        import yaml


        head = yaml.safe_dump(
            {"game": "mtg", "players": self.board.data()["players"]}, sort_keys=False, allow_unicode=True
        )
        objs = [
            *(_ordered(o, OBJECT_KEYS) for o in self.board.objects),
            {
                "id": "the-new-card",
                **{k: v for k, v in raw.items() if k != "abilities"},
                **({"choices": {str(k): str(v) for k, v in choices.items()}} if choices else {}),
            },
        ]
        body = head + "objects:\n" + yaml.safe_dump(objs, sort_keys=False, allow_unicode=True)
        n_obj = len(objs) - 1
        abilities = list(raw.get("abilities") or ())
        lines = ["  abilities:"]
        if abilities:
            lines.append(_indent(yaml.safe_dump(abilities, allow_unicode=True), "  "))
        has_effect = bool(effect_text.strip())
        if has_effect:
            lines.append(f"  - text: {json.dumps(text, ensure_ascii=False)}")
            if kind == "resolves":
                lines.append("    key: effect")
            lines.append(f"    {kind}:")
        elif not abilities:
            lines = []
        prefix = body + "".join(line.rstrip("\n") + "\n" for line in lines)
        offset = prefix.count("\n")
        full = prefix + (_indent(effect_text, "      ") + "\n" if has_effect else "")
        try:
            mtg.scenario_from_text(full, _t("w_new_card"))
        except RulekitError as exc:
            fieldname = exc.field or ""
            fieldname = re.sub(rf"^objects\[{n_obj}\]\.?", "", fieldname)
            in_effect = has_effect and exc.line is not None and exc.line > offset
            if in_effect:
                fieldname = re.sub(r"^abilities\[\d+\]\.(static|cda|resolves)\.?", "", fieldname)
            else:  # the form's field, as the form names it ("Types", not "types[0]")
                first = re.match(r"(types|supertypes|subtypes|colors|power|toughness)(\[\d+\])?$", fieldname)
                if first:
                    key = {"supertypes": "types", "power": "w_power", "toughness": "w_toughness"}.get(
                        first.group(1), first.group(1)
                    )
                    fieldname = _t(key if key.startswith("w_") else f"c_{key}")
            raise RulekitError(
                exc.message,
                file=_t("w_effect_file") if in_effect else None,
                line=(exc.line - offset) if in_effect and exc.line is not None else None,
                field=fieldname or None,
                code=exc.code,
                suggestion=exc.suggestion,
                msgid=getattr(exc, "msgid", None),
                params=getattr(exc, "params", None),
            ) from None

    def _add_object(
        self, raw: dict[str, Any], name: str, controller: str | None, zone: str, fields: dict[str, Any]
    ) -> str:

        unknown = [k for k in fields if k not in ADD_FIELDS]
        if unknown:
            raise RulekitError(
                _t("err_field", name=unknown[0], fields=", ".join(ADD_FIELDS)),
                code="UNKNOWN_KEY",
                suggestion=_suggest(unknown[0], ADD_FIELDS),
            )
        if zone not in ZONES:
            raise RulekitError(
                _t("err_zone", zone=zone), code="BAD_ZONE", suggestion=_suggest(str(zone), ZONES)
            )
        board = self.board.copy()
        who = self._player(board, controller)
        oid = board.fresh_id(slug(str(fields.get("id") or name)))
        obj: dict[str, Any] = {"id": oid, **raw, "controller": who}
        if fields.get("owner"):
            obj["owner"] = self._player(board, str(fields["owner"]))
        if zone != "battlefield":
            obj["zone"] = zone
        for key in ("token", "tapped", "face_down"):
            if fields.get(key):
                obj[key] = True
        counters = fields.get("counters")
        if isinstance(counters, str):
            counters = parse_pairs(counters, _t("w_counters"), numbers=True)
        if counters:
            obj["counters"] = {str(k): _int_or_none(v, _t("w_count")) for k, v in dict(counters).items()}
        choices = fields.get("choices")
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        if choices:
            obj["choices"] = {str(k): str(v) for k, v in dict(choices).items()}
        if fields.get("attached_to"):
            obj["attached_to"] = str(fields["attached_to"])
        board.objects.append(obj)
        if zone == "battlefield":
            self._insert(board, {"enter": oid}, fields.get("at"))
        redo = list(self._redo)
        self._apply(board)
        problem = self._counter_problem(oid, obj.get("counters") or {})
        if problem is not None:  # take the add back, then say why
            old = self._undo.pop()
            self._commit(old, self._build(old), record=False)
            self._redo = redo
            raise problem
        return oid

    def _counter_problem(self, oid: str, counters: dict[str, Any]) -> RulekitError | None:
        """Counters that mean nothing on what the object is on this board (after every effect): P/T
        counters on a non-creature (122.1a), loyalty counters on a non-planeswalker (306.5b)."""
        view = (getattr(self.trace, "final", None) or {}).get(oid)
        if view is None or not counters:
            return None
        name = f"{view.name or oid} ({oid})"
        pt = [k for k in counters if PT_COUNTER.match(str(k))]
        if pt and "Creature" not in view.types:
            return RulekitError(
                _t("err_pt_counters", name=name, kinds=", ".join(pt)), field="counters", code="BAD_COUNTERS"
            )
        if "loyalty" in counters and "Planeswalker" not in view.types:
            return RulekitError(_t("err_loyalty", name=name), field="counters", code="BAD_COUNTERS")
        return None

    @staticmethod
    def _player(board: Board, name: str | None) -> str:
        names = board.player_names()
        if name is None or (isinstance(name, str) and not name.strip() and names):
            return names[0]
        text = str(name).strip()
        if not text or len(text) > 60 or "\n" in text:
            raise RulekitError(_t("err_player", name=name), code="BAD_PLAYER")
        for n in names:
            if n.lower() == text.lower():
                return n
        board.players.append(text)
        return text

    @staticmethod
    def _insert(board: Board, event: Any, at: Any) -> str:
        n = len(board.events)
        if at is None:
            pos = n
        else:
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= n:
                raise RulekitError(_t("err_position", n=n, at=at), code="BAD_POSITION")
            pos = at
        key = board.new_key()
        board.events.insert(pos, (key, event))
        return key

    @api
    def add_resolution(
        self,
        source: str,
        ability: str | int | None = None,
        targets: Any = (),
        x: Any = None,
        choices: Any = None,
        *,
        at: int | None = None,
        controller: str | None = None,
    ) -> str:
        """A spell or ability resolves: its continuous effect starts at event number ``at``
        (default: after everything else). Returns the effect's id.

        ``source``: an object on the board (its id), or a library card's name: an instant or
        sorcery is put in its controller's graveyard (where it goes once resolved), another card
        is the first such object on the board, else it is added to the battlefield first.
        ``ability``: the key of its ability that resolves (``cast``, ``"0"``, ``etb``…; may be
        left out when it has one). ``targets``: object ids or player names. ``x``: X.
        ``choices``: this resolution's choices (``{"color": "red"}`` or ``"color: red"``).
        """

        board = self.board.copy()
        src = str(source)
        obj = board.obj(src)
        if obj is None:
            lib = library()
            key = {k.lower(): k for k in lib}.get(src.strip().lower())
            if key is None:
                raise RulekitError(
                    _t("err_source", source=src),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(src, [*board.ids(), *lib]),
                )
            card = lib[key]
            spell = bool({"Instant", "Sorcery"} & set(card.get("types") or ()))
            found = None if spell else next((o for o in board.objects if o.get("card") == key), None)
            if found is None:
                who = self._player(board, controller)
                oid = board.fresh_id(slug(key))
                found = {"id": oid, "card": key, "controller": who}
                if spell:
                    found["zone"] = "graveyard"
                board.objects.append(found)
                if not spell:
                    self._insert(board, {"enter": oid}, at)
                    at = None if at is None else at + 1
            obj = found
        abilities = self._abilities_of(obj)
        keys = resolving_keys(abilities)
        name = str(obj.get("name") or obj.get("card") or obj.get("id"))
        if not keys:
            raise RulekitError(_t("err_no_resolves", name=name), code="UNKNOWN_ABILITY")
        if ability is None:
            if len(keys) > 1:
                raise RulekitError(
                    _t("err_which", name=name, keys=", ".join(k for k, _ in keys)), code="UNKNOWN_ABILITY"
                )
            ability = keys[0][0]
        ability = str(ability)
        if ability not in [k for k, _ in keys]:
            raise RulekitError(
                _t("err_ability", ability=ability, name=name, keys=", ".join(k for k, _ in keys)),
                code="UNKNOWN_ABILITY",
                suggestion=_suggest(ability, [k for k, _ in keys]),
            )
        res: dict[str, Any] = {"source": str(obj["id"]), "ability": ability}
        tlist = [targets] if isinstance(targets, str) else list(targets or ())
        if tlist:
            res["targets"] = [str(t) for t in tlist]
        xv = _int_or_none(x, _t("w_x")) if not isinstance(x, int) or isinstance(x, bool) else x
        if x is not None and not (isinstance(x, str) and not x.strip()) and xv is None:
            raise RulekitError(_t("err_x", x=x), code="BAD_NUMBER")
        if xv is not None:
            res["x"] = xv
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        if choices:
            res["choices"] = {str(k): str(v) for k, v in dict(choices).items()}
        res["id"] = board.fresh_id(f"{obj['id']}.{ability}")
        self._insert(board, {"resolve": res}, at)
        self._apply(board)
        return str(res["id"])

    @api
    def add_event(
        self, kind: str, id: str | None = None, to: str | None = None, *, at: int | None = None
    ) -> str:  # noqa: A002
        """Add an event (LANGUAGE.md §5) at event number ``at`` (default: last); returns its key.

        ``kind``: ``tap``, ``untap``, ``leave`` (``to``: a zone, default graveyard), ``attach``
        (``to``: the object it becomes attached to), ``turn_face_up``, ``turn_face_down``,
        ``transform`` (each about the object ``id``), or ``end_of_turn``.
        """

        kind = str(kind).strip().replace(" ", "_")
        if kind not in EVENT_KINDS:
            raise RulekitError(
                _t("err_event", kind=kind), code="BAD_EVENT", suggestion=_suggest(kind, EVENT_KINDS)
            )
        board = self.board.copy()
        event: Any
        if kind == "end_of_turn":
            event = "end_of_turn"
        else:
            if not id or board.obj(str(id)) is None:
                raise RulekitError(
                    _t("err_event_object", kind=kind),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(str(id or ""), board.ids()),
                )
            oid = str(id)
            if kind == "attach":
                event = {"attach": {"object": oid, "to": str(to or "")}}
            elif kind == "leave":
                zone = str(to or "graveyard")
                if zone not in ZONES:
                    raise RulekitError(
                        _t("err_zone", zone=zone), code="BAD_ZONE", suggestion=_suggest(zone, ZONES)
                    )
                event = {"leave": {"object": oid, "to": zone}}
            else:
                event = {kind: oid}
        key = self._insert(board, event, at)
        self._apply(board)
        return key

    @staticmethod
    def _abilities_of(obj: dict[str, Any]) -> list[Any]:

        if obj.get("abilities") is not None:
            return list(obj["abilities"])
        card = library().get(str(obj.get("card")))
        return list((card or {}).get("abilities") or ())

    @api
    def remove(self, id: str) -> None:  # noqa: A002 - the issue's name for the argument
        """Remove an object (with the events that need it), a resolution, or an event (by its key
        in the board list; removing an entering removes what enters)."""
        board = self.board.copy()
        handle = str(id)
        if handle.startswith("object:"):
            handle = handle[len("object:") :]
        if board.obj(handle) is not None:
            board.remove_object(handle)
        else:
            i = board.index_of(handle)
            if i is None:
                raise RulekitError(
                    _t("err_handle", id=handle),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(handle, board.ids()),
                )
            ev = board.events[i][1]
            if isinstance(ev, dict) and "enter" in ev:
                for oid in Board.mentions({"enter": ev["enter"]}):  # an entering goes with what enters
                    board.remove_object(oid)
            else:
                del board.events[i]
        self._apply(board)

    @api
    def move(self, id: str, up: bool = True) -> None:  # noqa: A002 - the issue's name for the argument
        """Move an object's entering (or a resolution, or an event) one place earlier (``up``) or
        later in the order of events: it takes the neighbour's timestamp (613.7). At either end,
        nothing changes."""
        board = self.board.copy()
        handle = str(id)
        if handle.startswith("object:"):
            handle = handle[len("object:") :]
        i = board.index_of(handle)
        if i is None:
            obj = board.obj(handle)
            if obj is not None:
                raise RulekitError(
                    _t("err_no_event", id=handle, zone=obj.get("zone", "battlefield")), code="NOT_AN_EVENT"
                )
            raise RulekitError(
                _t("err_handle", id=handle), code="UNKNOWN_OBJECT", suggestion=_suggest(handle, board.ids())
            )
        j = i - 1 if up else i + 1
        if not 0 <= j < len(board.events):
            return
        board.events[i], board.events[j] = board.events[j], board.events[i]
        self._apply(board)
        self._select(handle)

    @api
    def undo(self) -> None:
        """Undo the last change (add, remove, move, reset, rename); :meth:`redo` brings it back."""
        if self._step_history(self._undo, self._redo, "nothing_to_undo"):
            return

    @api
    def redo(self) -> None:
        """Make again the last change :meth:`undo` undid (a new change forgets what was undone)."""
        if self._step_history(self._redo, self._undo, "nothing_to_redo"):
            return
        del self._undo[:-MAX_UNDO]

    def _step_history(self, take: list[Any], keep: list[Any], empty: str) -> bool:
        """Go to the board last put on ``take`` and put the current one on ``keep`` (undo and redo);
        with nothing to take, say ``empty`` and return True."""
        if not take:
            self.status_html.value = f"<p role='status'>{escape(_t(empty))}</p>"
            return True
        board = take.pop()
        current = self.board
        self._commit(board, self._build(board), record=False)
        keep.append(current)
        return False

    @api
    def reset(self) -> None:
        """Back to the board the builder started with (undo brings the changes back); the form's fields
        go back to their first values too."""
        board = self._initial.copy()
        sc = self._build(board)
        self._commit(board, sc, record=True)
        self._clear_add_form(everything=True)

    @api
    def rename(self, name: str) -> None:
        """Call the board ``name`` (the scenario's name, what :meth:`save` writes)."""
        text = str(name if name is not None else "").strip()
        if not text or len(text) > MAX_NAME or "\n" in text:
            raise RulekitError(_t("err_board_name", n=MAX_NAME, name=name), code="BAD_NAME")
        if text == self.board.name:
            return
        old = self.board.name
        board = self.board.copy()
        board.name = text
        self._apply(board)
        if self.save_path.value in ("", f"{slug(old)}.yaml"):  # the file follows the name unless changed
            self.save_path.value = f"{slug(text)}.yaml"

    def _name_changed(self) -> None:
        if self._busy or self.name_field.value == self.board.name:
            return
        self._button(self.rename, self.name_field.value)
        if self.name_field.value.strip() != self.board.name:  # refused: the field shows the name again
            self._busy = True
            try:
                self.name_field.value = self.board.name
            finally:
                self._busy = False

    @guarded
    def _button(self, method: Callable[..., Any], *args: Any) -> Any:
        """A button's call of the Python API: its error shows in the widget, nothing is raised."""
        return method(*args)

    def _clear_add_form(self, everything: bool = False) -> None:
        """After an add, the fields that belong to one card go blank (the next card must not silently get
        the same counters); ``everything`` (Reset): the player, zone and resolution fields too."""
        self.counters.value = ""
        self.choices.value = ""
        self.tapped.value = False
        self.face_down.value = False
        self.attach.value = ""
        if everything:
            players = self.board.player_names()
            self.player.value = players[0] if players else ""
            self.zone.value = "battlefield"
            self.x.value = ""
            self.res_choices.value = ""
            self.targets.value = ()
            self.event_to.value = ""

    def to_yaml(self) -> str:
        """The board as a scenario file: ``rulekit solve`` reads it back to the same trace."""
        return board_yaml(self.board)

    @api
    def save(self, path: str | Path) -> str:
        """Write :meth:`to_yaml` to ``path`` (UTF-8) and return the path written."""
        p = Path(str(path)).expanduser()
        if p.suffix not in (".yaml", ".yml"):
            p = p.with_suffix(p.suffix + ".yaml") if p.suffix else p.with_suffix(".yaml")
        p.write_text(self.to_yaml(), encoding="utf-8")
        self.status_html.value = self._wrap_status(_t("saved", path=str(p)))
        return str(p)

    def _wrap_status(self, text: str) -> str:
        return (
            "<p role='status' style='border-left:4px solid #009E73;padding:2px 8px;"
            f"font-size:{100 * self.scale:.0f}%'>"
            f"✓ {escape(text)}</p>"
        )

    # ------------------------------------------------------------------ controls
    @guarded
    def _on_search(self) -> None:

        names = search_cards(self.search.value)
        lib = library()
        keep = self.results.value
        self._busy = True
        try:
            self.results.options = [(f"{n} — {type_line(lib[n])}", n) for n in names]
            if keep in names:
                self.results.value = keep
            elif names:
                self.results.value = names[0]
        finally:
            self._busy = False
        if not names:
            text = _t("no_match", query=self.search.value)
            near = _near_card(self.search.value, lib)
            if near is not None:
                text += " " + _t("did_you_mean", name=near)
            self._put(self.preview_html, f"<p role='status'>{escape(text)}</p>")
            self._sync_abilities()
        else:
            self._on_pick()

    @guarded
    def _on_pick(self) -> None:
        if self._busy:
            return
        name = self.results.value
        self._put(self.preview_html, card_html(name) if name else "")
        self._sync_abilities()

    @guarded
    def _add_clicked(self) -> None:
        name = self.results.value
        if not name:
            raise RulekitError(_t("err_pick_card"), code="NO_SELECTION")
        self.add_card(name, **self._add_settings())
        self._clear_add_form()

    @guarded
    def _resolve_clicked(self) -> None:
        pick = self.ability.value
        if not pick:
            raise RulekitError(_t("err_pick_ability"), code="NO_SELECTION")
        _kind, source, key = pick
        self.add_resolution(
            source,
            key,
            targets=list(self.targets.value),
            x=self.x.value,
            choices=self.res_choices.value,
            at=_at(self.position.value),
            controller=self.player.value or None,
        )

    @guarded
    def _event_clicked(self) -> None:
        self.add_event(
            self.event_kind.value,
            self.event_object.value or None,
            self.event_to.value.strip() or None,
            at=_at(self.event_position.value),
        )

    def _add_settings(self) -> dict[str, Any]:
        """The "Add the card" form's settings, for a library card and a card the library lacks."""
        return {
            "controller": self.player.value or None,
            "zone": self.zone.value,
            "counters": parse_pairs(self.counters.value, _t("w_counters"), numbers=True),
            "tapped": self.tapped.value,
            "face_down": self.face_down.value,
            "attached_to": self.attach.value or None,
            "choices": parse_pairs(self.choices.value, _t("w_choices")),
        }

    def _custom_inputs(self) -> list[Any]:
        """The inputs of the form "A card the library lacks", in tab order (:meth:`_custom_fields`
        reads them)."""
        return [
            self.c_name,
            self.c_types,
            self.c_subtypes,
            *self.c_colors.values(),
            self.c_power,
            self.c_toughness,
            self.c_keywords,
            self.c_rules,
            self.c_kind,
            self.c_effect,
        ]

    def _custom_fields(self) -> dict[str, Any]:
        """The form "A card the library lacks": its name and :data:`CUSTOM_FIELDS`."""
        return {
            "name": self.c_name.value,
            "types": self.c_types.value,
            "subtypes": self.c_subtypes.value,
            "colors": [c for c, box in self.c_colors.items() if box.value],
            "power": self.c_power.value,
            "toughness": self.c_toughness.value,
            "keywords": self.c_keywords.value,
            "effect": self.c_effect.value,
            "kind": self.c_kind.value,
            "text": self.c_rules.value,
        }

    def _check_custom(self) -> None:
        """The custom form's live check (never raises: the message shows under the form)."""

        try:
            if not self.c_name.value.strip():
                self._put(self.c_status, f"<p role='status'>{escape(_t('c_ok_empty'))}</p>")
                return
            self.custom_object(**self._custom_fields(), choices=self.choices.value)
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._wrapped.pop(id(self.c_status), None)
            self.c_status.value = error_html(exc, self.scale)
            return
        self._put(self.c_status, f"<p role='status' style='color:#009E73'>{escape(_t('c_ok'))}</p>")

    @guarded
    def _custom_clicked(self) -> None:
        self.add_custom(**self._custom_fields(), **self._add_settings())
        self._clear_add_form()

    @guarded
    def _move_clicked(self, up: bool) -> None:
        if not self.board_list.value:
            raise RulekitError(_t("err_pick"), code="NO_SELECTION")
        self.move(self.board_list.value, up=up)

    @guarded
    def _remove_clicked(self) -> None:
        if not self.board_list.value:
            raise RulekitError(_t("err_pick"), code="NO_SELECTION")
        self.remove(self.board_list.value)

    def _select(self, handle: str) -> None:
        values = [v for _label, v in self.board_list.options]
        i = self.board.index_of(handle)
        if i is not None and self.board.events[i][0] in values:
            self.board_list.value = self.board.events[i][0]

    def _show_yaml(self) -> None:
        if self.show_yaml.value:
            self._put(self.yaml_html, f"<pre style='white-space:pre-wrap'>{escape(self.to_yaml())}</pre>")
        else:
            self._put(self.yaml_html, "")

    # ------------------------------------------------------------------ keeping the controls in step
    def _names(self) -> dict[str, str]:
        return {str(o["id"]): str(o.get("name") or o.get("card") or o["id"]) for o in self.board.objects}

    def _set_error(self, exc: BaseException | None) -> None:
        """The error box, the board's internal field path (``objects[3].counters.+1/+1``) named in the
        builder's words (``Grizzly Bears (grizzly-bears-2) › Counters › +1/+1``); ``last_exception``
        keeps the error as raised."""
        shown = exc
        if isinstance(exc, RulekitError) and exc.field and exc.field.startswith("objects["):
            import copy

            shown = copy.copy(exc)
            shown.field = self._field_words(exc.field)
        token = _LANG.set(getattr(self, "lang", "en"))
        try:
            super()._set_error(shown)
        finally:
            _LANG.reset(token)
        self.last_exception = exc

    def _field_words(self, field: str) -> str:
        """``objects[3].counters.+1/+1`` → ``Grizzly Bears (grizzly-bears-2) › Counters › +1/+1``."""
        import re

        hit = re.match(r"objects\[(\d+)\]\.?(.*)", field)
        if hit is None:
            return field
        i, rest = int(hit.group(1)), hit.group(2)
        objects = self.board.objects
        head = _t("field_new")  # the object being added is not on the board (yet)
        if i < len(objects):
            oid = str(objects[i]["id"])
            head = f"{self._names().get(oid, oid)} ({oid})"
        parts = [head]
        for key in re.split(r"\.(?![^\[]*\])", rest) if rest else ():
            base = re.sub(r"\[\d+\]$", "", key)
            parts.append(_t(base) if base in TEXT and base in _FIELD_KEYS else key)
        return " › ".join(parts)

    def event_label(self, ev: Any, names: dict[str, str] | None = None) -> str:
        """One line for an event in the board list (``names``: object id → name, if known)."""
        names = self._names() if names is None else names
        if isinstance(ev, str) or (isinstance(ev, dict) and "end_of_turn" in ev):
            return _t("ev_end")
        if not isinstance(ev, dict):
            return str(ev)
        if "enter" in ev:
            ids = Board.mentions({"enter": ev["enter"]})
            return _t(
                "ev_enter_one" if len(ids) == 1 else "ev_enter_many",
                names=", ".join(f"{names.get(i, i)} ({i}){_state(self.board.obj(i), names)}" for i in ids),
            )
        r = ev.get("resolve")
        if isinstance(r, dict):
            src = str(r.get("source") or "")
            text = _t(
                "ev_resolve",
                source=names.get(src, src) or str(r.get("name") or "effect"),
                ability=str(r.get("ability") or "effect"),
            )
            if r.get("targets"):
                text += _t("ev_targets", targets=", ".join(names.get(str(t), str(t)) for t in r["targets"]))
            if r.get("x") is not None:
                text += _t("ev_x", x=r["x"])
            if r.get("choices"):
                text += _t("ev_choices", choices=", ".join(f"{k}: {v}" for k, v in r["choices"].items()))
            return text
        kind = next(iter(ev), "")
        return _t(
            "ev_other",
            kind=TEXT.get(f"ev_kind_{kind}", kind.replace("_", " ")),
            what=", ".join(names.get(i, i) for i in Board.mentions(ev)),
        )

    def _sync(self) -> None:
        """Every list that shows the board: board list, attach, targets, abilities, positions, players.

        Each list's options and value go in one message (``hold_sync``), and an unchanged one sends none."""
        import contextlib

        lists = (
            self.board_list,
            self.attach,
            self.targets,
            self.player,
            self.position,
            self.event_position,
            self.event_object,
            self.ability,
        )
        with contextlib.ExitStack() as stack:
            for control in lists:
                stack.enter_context(control.hold_sync())
            self._sync_lists()

    def _sync_lists(self) -> None:
        board = self.board
        names = self._names()
        labels = [self.event_label(ev, names) for _key, ev in board.events]
        entries = [(f"{n + 1}. {labels[n]}", key) for n, (key, _ev) in enumerate(board.events)]
        in_events = {i for _k, ev in board.events for i in Board.mentions(ev)}
        for o in board.objects:
            oid = str(o["id"])
            if o.get("zone", "battlefield") != "battlefield" or oid not in in_events:
                where = _zone_in(str(o.get("zone", "battlefield")))
                entries.append(
                    (
                        _t("zone_entry_in", name=names[oid], id=oid, in_zone=where) + _state(o, names),
                        f"object:{oid}",
                    )
                )
        keep = self.board_list.value
        self.board_list.options = entries
        if keep in [v for _l, v in entries]:
            self.board_list.value = keep
        self._sync_board_rows(entries)
        objs = [
            (
                _t("obj_label", name=names[str(o["id"])], id=o["id"], player=o.get("controller", "")),
                str(o["id"]),
            )
            for o in board.objects
        ]
        keep_a = self.attach.value
        self.attach.options = [(_t("nothing"), ""), *objs]
        self.attach.value = keep_a if keep_a in [v for _l, v in self.attach.options] else ""
        players = board.player_names()
        keep_t = tuple(v for v in self.targets.value if v in {*names, *players})
        self.targets.options = [*objs, *((_t("player_label", name=p), p) for p in players if p not in names)]
        self.targets.value = keep_t
        self.player.options = players
        positions = [(_t("at_end"), AT_END)] + [
            (_t("before", n=n + 1, label=label), n) for n, label in enumerate(labels)
        ]
        for control in (self.position, self.event_position):
            keep_p = control.value
            control.options = positions
            control.value = keep_p if isinstance(keep_p, int) and 0 <= keep_p < len(board.events) else AT_END
        keep_o = self.event_object.value
        self.event_object.options = [(_t("nothing"), ""), *objs]
        self.event_object.value = keep_o if keep_o in [v for _l, v in self.event_object.options] else ""
        self._sync_abilities()
        if self.name_field.value != board.name:
            self._busy = True
            try:
                self.name_field.value = board.name
            finally:
                self._busy = False
        self._put(self.board_html, "" if board.objects else f"<p><em>{escape(_t('empty_board'))}</em></p>")
        if self.show_yaml.value:
            self._show_yaml()

    def _sync_board_rows(self, entries: list[tuple[str, str]]) -> None:
        """One row per entry of the board list: its label, Earlier / Later (an event; disabled at the ends and
        for an object in another zone) and Remove."""
        import ipywidgets as w

        while len(self.board_rows) < len(entries):
            place = len(self.board_rows)
            label = w.HTML(value="", layout=w.Layout(width="auto", min_width="24em"))
            earlier = w.Button(description=_t("move_up"), icon="arrow-up", layout=w.Layout(width="auto"))
            later = w.Button(description=_t("move_down"), icon="arrow-down", layout=w.Layout(width="auto"))
            gone = w.Button(description=_t("remove"), icon="trash", layout=w.Layout(width="auto"))
            earlier.on_click(lambda _b, i=place: self._row_clicked(i, "up"))
            later.on_click(lambda _b, i=place: self._row_clicked(i, "down"))
            gone.on_click(lambda _b, i=place: self._row_clicked(i, "remove"))
            self.board_rows.append((row(label, earlier, later, gone), label, earlier, later, gone))
        n_events = len(self.board.events)
        for place, (text, handle) in enumerate(entries):
            _box, label, earlier, later, gone = self.board_rows[place]
            label.value = escape(text)
            is_event = not handle.startswith("object:")
            for button, tip, off in (
                (earlier, _t("move_up_tip"), not is_event or place == 0),
                (later, _t("move_down_tip"), not is_event or place >= n_events - 1),
                (gone, _t("remove_tip"), False),
            ):
                with button.hold_sync():
                    button.tooltip = f"{tip}: {text}"
                    button.disabled = off
        shown = tuple(box for box, *_rest in self.board_rows[: len(entries)])
        if tuple(self.board_box.children) != shown:
            self.board_box.children = shown

    def _row_clicked(self, place: int, what: str) -> None:
        """A board row's button: move or remove its entry; the keyboard's focus stays with the entry moved
        (or, after a removal, on the row that took its place)."""
        handles = [v for _label, v in self.board_list.options]
        if not 0 <= place < len(handles):
            return
        handle = handles[place]
        if what == "remove":
            self._button(self.remove, handle)
            to, pick = min(place, len(self.board_list.options) - 1), 4
        else:
            up = what == "up"
            self._button(self.move, handle, up)
            to, pick = place + (-1 if up else 1), 2 if up else 3
        if 0 <= to < len(self.board_list.options) and to < len(self.board_rows):
            buttons = self.board_rows[to]
            order = (pick, 5 - pick, 4) if pick in (2, 3) else (4,)  # this button, the other move, Remove
            next(buttons[i] for i in order if not buttons[i].disabled or i == 4).focus()

    def _sync_abilities(self) -> None:

        opts: list[tuple[str, Any]] = []
        names = self._names()
        for o in self.board.objects:
            for key, text in resolving_keys(self._abilities_of(o)):
                opts.append(
                    (
                        f"{names[str(o['id'])]} ({o['id']}): {_label(key)} — {_clip(text)}",
                        ("object", str(o["id"]), key),
                    )
                )
        pick = self.results.value
        if pick:
            for key, text in resolving_keys(library()[pick].get("abilities")):
                label = f"{_t('new_source')} {pick}: {_label(key)} — {_clip(text)}"
                opts.append((label, ("card", pick, key)))
        keep = self.ability.value
        if not opts:
            opts = [(_t("no_ability"), "")]
        self.ability.options = opts
        values = [v for _l, v in opts]
        self.ability.value = keep if keep in values else values[-1] if pick and values[-1] else values[0]

    # ------------------------------------------------------------------ text size
    def _controls(self) -> list[Any]:
        return [
            self.text_size,
            self.search,
            self.results,
            self.player,
            self.zone,
            self.counters,
            self.choices,
            self.tapped,
            self.face_down,
            self.attach,
            self.add_button,
            self.ability,
            self.targets,
            self.x,
            self.res_choices,
            self.position,
            self.resolve_button,
            self.event_kind,
            self.event_object,
            self.event_to,
            self.event_position,
            self.add_event_button,
            *self._custom_inputs(),
            self.c_add,
            self.board_list,
            self.move_up,
            self.move_down,
            self.remove_button,
            self.undo_button,
            self.redo_button,
            self.reset_button,
            self.name_field,
            self.save_path,
            self.save_button,
            self.show_yaml,
        ]

    def _apply_scale_classes(self) -> None:
        """As in the explorers, then: labels are never cut (every description column fits its label)
        and buttons and check boxes are as wide as their text, at every size."""
        super()._apply_scale_classes()
        for wdg in self._controls():
            if "description_width" in getattr(wdg.style, "keys", []) and wdg.description:
                wdg.style.description_width = "initial"
            if type(wdg).__name__ in ("Button", "ToggleButton", "Checkbox") and wdg is not self.text_size:
                wdg.layout.width = "auto"

    def _rescale(self) -> None:
        """The explorer's outputs follow the builder's knob."""
        view = getattr(self, "view", None)
        if view is not None:
            view.set_scale(self.scale)

    def __repr__(self) -> str:
        return (
            f"<BoardBuilder {self.board.name!r} players={self.board.player_names()} "
            f"objects={len(self.board.objects)} events={len(self.board.events)}>"
        )


def _custom_signature() -> tuple[tuple[str, ...], inspect.Signature]:
    """The card fields of :meth:`BoardBuilder.custom_object` (its signature is their one table) and
    :meth:`BoardBuilder.add_custom`'s full signature: those fields, then ``controller``, ``zone`` and
    :meth:`~BoardBuilder.add_card`'s fields."""
    card = list(inspect.signature(BoardBuilder.custom_object).parameters.values())
    adding = inspect.signature(BoardBuilder.add_custom)
    rest = [p for p in adding.parameters.values() if p.kind in (p.KEYWORD_ONLY, p.VAR_KEYWORD)]
    fields = tuple(p.name for p in card[2:] if p.kind == p.POSITIONAL_OR_KEYWORD)  # card[:2]: self, name
    card = [p for p in card if p.kind == p.POSITIONAL_OR_KEYWORD]  # its choices are add_card's too
    return fields, adding.replace(parameters=[*card, *rest])


#: The fields of a card the library lacks (after its name), as :meth:`BoardBuilder.custom_object` takes them.
CUSTOM_FIELDS, BoardBuilder.add_custom.__signature__ = _custom_signature()  # type: ignore[attr-defined]

# Every method of the builder speaks its ``lang`` (labels, tooltips and the messages of the helpers it calls).
for _name, _fn in list(vars(BoardBuilder).items()):
    if inspect.isfunction(_fn):
        setattr(BoardBuilder, _name, _speaking(_fn))


def _no_aliases(text: str) -> None:
    """Refuse YAML anchors and aliases in typed effect text: a few lines of aliases can stand for
    billions of nodes (the cost of checking them would have no bound). Scanning is linear."""
    import yaml

    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.AliasToken | yaml.AnchorToken):
                line = token.start_mark.line + 1
                raise RulekitError(_t("err_alias"), file=_t("w_effect_file"), line=line, code="YAML_ALIAS")
    except yaml.YAMLError:
        return  # a syntax error: the loader locates it


def _state(obj: dict[str, Any] | None, names: dict[str, str]) -> str:
    """What the board list says of an object besides its name: counters, tapped, face down, attached.

    >>> _state({"counters": {"+1/+1": 2}, "tapped": True, "attached_to": "b"}, {"b": "Bears"})
    ' [counters +1/+1 ×2; tapped; attached to Bears (b)]'
    """
    if not obj:
        return ""
    parts = []
    counters = obj.get("counters") or {}
    if counters:
        parts.append(_t("st_counters", list=", ".join(f"{k} ×{v}" for k, v in counters.items())))
    if obj.get("tapped"):
        parts.append(_t("st_tapped"))
    if obj.get("face_down"):
        parts.append(_t("st_face_down"))
    if obj.get("attached_to"):
        to = str(obj["attached_to"])
        parts.append(_t("st_attached", name=f"{names.get(to, to)} ({to})"))
    return f" [{'; '.join(parts)}]" if parts else ""


def _at(value: Any) -> int | None:
    return None if value == AT_END else value


def _clip(text: str, n: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _indent(text: str, pad: str) -> str:
    return "\n".join(pad + line if line.strip() else "" for line in str(text).rstrip("\n").split("\n"))


def _words(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [w for w in re.split(r"[\s,]+", value) if w]
    return [str(v) for v in value if str(v).strip()]


def _keywords(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    return [str(v).strip() for v in value if str(v).strip()]
