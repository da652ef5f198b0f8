"""The BoardBuilder's words: every string it shows (:data:`TEXT`, the catalogue's msgids) and the
language it speaks them in.

A builder sets :data:`_LANG` to its ``lang`` for the time of each of its methods (:func:`speaking`),
so the board model's helpers and the messages they raise speak the builder's language too.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from rulekit import i18n  # the language registry: the languages rulekit speaks
from rulekit.errors import RulekitError
from rulekit.i18n import LANGUAGES, N_, translator
from rulekit.mtg.messages import label_text, zone_in_text

#: Languages the builder accepts (``lang=``); its labels come from the gettext catalogs.
#: The languages rulekit speaks (the registry's, :data:`rulekit.i18n.LANGUAGES`, read when checked).
LANGS = LANGUAGES


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
    # the saved file's first lines (comments), and the name of a new board (its file: the name, .yaml)
    "file_head_built": N_("A board built with rulekit's BoardBuilder (rulekit.widgets.BoardBuilder)."),
    "file_head_solve": N_(
        "Solve it with:  rulekit solve FILE  (add --ruleset current for the 2020 layer labels)."
    ),
    "file_head_language": N_("The language of this file: rulekit/mtg/LANGUAGE.md."),
    "default_name": N_("my-board"),
    "player_tip": N_("Who controls it (type a new name to add a player)"),
    "new_player": N_("New player"),
    "new_player_tip": N_("Add the name typed in Player as a new player"),
    "zone": N_("Zone"),
    "counters": N_("Counters"),
    "counters_tip": N_("e.g. +1/+1: 2, loyalty: 6"),
    "choices": N_("Choices"),
    "choices_tip": N_("As it enters, choose …: e.g. color: blue, creature type: Elf, object: grizzly-bears"),
    "tapped": N_("Tapped"),
    "face_down": N_("Face down"),
    "back_face": N_("Back face up"),
    "back_face_tip": N_("A double-faced card with its back face up (it enters transformed, 712.14a)"),
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
    # the placeholder of both choices boxes: {example} is data typed as is ("color: blue": the key a
    # card's {chosen color} names, an MTG colour word); the parenthesis says which part is which
    "choices_ph": N_("e.g. {example} (choice: value)"),
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
    "ev_kind_enter": N_("enter the battlefield"),
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
    "c_back": N_("Back face"),
    "c_back_tip": N_(
        "A double-faced card's back face (712.1), in the scenario language: name, types, subtypes, colors, "
        "power, toughness, abilities; empty for a card with one face"
    ),
    "c_modal": N_("Modal double-faced"),
    "c_modal_tip": N_("Its back face has a mana cost of its own and can be cast (712.2)"),
    "c_effect": N_("Effect"),
    "c_effect_tip": N_("The effect in the scenario language (LANGUAGE.md §3), checked as you type"),
    "c_effect_ph": N_("affects: other creatures you control\nmodify_pt: {power: 1, toughness: 1}"),
    "c_oracle": N_("Card text"),
    "c_oracle_tip": N_(
        "The card's rules text as printed (its Oracle text), one ability a line: each line is read into the "
        "effect it makes (LANGUAGE.md §11), shown below as you type"
    ),
    "c_reading_head": N_("What the card's text is read as (each line is added so):"),
    "c_reading_line": N_("Line {line}: {text}"),
    "c_reading_warning": N_("⚠ line {line}: {warning}"),
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
    "st_back_face": N_("back face up"),
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
    "ev_effect": N_("effect"),  # a resolution with no source or no ability key
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
    "err_face": N_("'{face}' is not a face: a card is front face up or back face up (712.8)"),
    "err_enters_already": N_("'{id}' already enters the battlefield: only a card in another zone can enter"),
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
    "err_player_near": N_(
        "there is no player “{name}” (players: {players}); to add a new player, press “New player”"
    ),
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
    "w_oracle": N_("the card's text"),
    "w_effect": N_("the effect"),
    "w_objects": N_("objects"),
    "w_events": N_("events"),
    "w_effect_file": N_("effect text"),
    "w_back": N_("the back face"),
    "w_back_file": N_("back face text"),
    "err_back_yaml": N_("the back face is not readable YAML: write one key per line, as 'power: 3'"),
    "err_back_mapping": N_(
        "a back face is a list of its characteristics ('name: …', 'types: …'), not one value"
    ),
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


def speaking(cls: type) -> type:
    """Every method ``cls`` defines (not the ones it inherits) speaks ``self.lang``: its labels,
    tooltips and the messages of the helpers it calls."""
    for name, fn in list(vars(cls).items()):
        if inspect.isfunction(fn):
            setattr(cls, name, _speaking(fn))
    return cls


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
