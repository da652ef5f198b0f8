"""``rulekit solve``, ``rulekit scenarios``, ``rulekit cards``, ``rulekit new`` (README, "The command line").

``rulekit solve SCENARIO [--ruleset seed|current] [--without EFFECT_ID]... [--json]`` prints a
readable layer table and the final characteristics, or with ``--json`` exactly one JSON object
(:meth:`rulekit.mtg.trace.Trace.to_json_dict`). Bad input raises a
:class:`~rulekit.errors.RulekitError`, which ``rulekit.cli`` prints as one line (exit 2).
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

from rulekit import apoteose, limits
from rulekit.errors import N_, Phrase, RulekitError
from rulekit.i18n import LANGUAGES, Translator, check_lang, translator
from rulekit.mtg import load_scenario
from rulekit.mtg.engine import solve
from rulekit.mtg.loader import library
from rulekit.mtg.textread import note_line
from rulekit.scenarios import list_builtin
from rulekit.textclean import hidden_character, one_line
from rulekit.views import text
from rulekit.views.jsonout import bounded_json


def add_scenario_options(p: argparse.ArgumentParser, t: Translator | None = None) -> None:
    """SCENARIO, ``--ruleset`` and ``--without``: shared by ``solve``, ``explain`` and ``diagram``
    (their help in the language of ``t``)."""
    t = t or translator("en")
    p.add_argument("scenario", metavar="SCENARIO", help=t("a scenario file or a built-in scenario name"))
    p.add_argument(
        "--ruleset",
        choices=("seed", "current"),
        default="seed",
        metavar=t(N_("EDITION")),  # the values stay seed and current (the help names them)
        help=t("layer labels: seed (7a-7e, default) or current (7a-7d, 1a/1b); numbers are equal"),
    )
    p.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="EFFECT_ID",
        help=t("switch an MTG effect off (repeatable); ids are listed by `rulekit solve SCENARIO`"),
    )


def add_lang_option(p: argparse.ArgumentParser, t: Translator | None = None) -> None:
    """``--lang LANG``: the language of the text output (JSON is data and never changes), one of
    the registry's (:data:`rulekit.i18n.REGISTRY`)."""
    t = t or translator("en")
    p.add_argument(
        "--lang",
        default="en",
        metavar="LANG",
        help=t("language of the text output: {languages} (default: en)", languages=", ".join(LANGUAGES)),
    )


def cli_lang(args: argparse.Namespace) -> str:
    """The checked ``--lang`` of a command (an unknown one is one clear line, exit 2)."""
    try:
        return check_lang(getattr(args, "lang", "en"))
    except RulekitError as exc:
        raise RulekitError(exc.message, field="--lang", code=exc.code, suggestion=exc.suggestion) from None


def register(sub: Any, t: Translator | None = None) -> None:
    """Add the MTG subcommands to the ``rulekit`` parser (their help in the language of ``t``)."""
    t = t or translator("en")
    p = sub.add_parser(
        "solve",
        help=t("apply an MTG scenario's continuous effects (layers 1-7, players, rules)"),
        description=t(
            "Solve an MTG scenario: a YAML path or a built-in name such as "
            "seed/humility-then-gideon (see `rulekit scenarios`)."
        ),
    )
    add_scenario_options(p, t)
    add_lang_option(p, t)
    p.add_argument(
        "--no-dependency",
        action="store_true",
        help=t("apply pure timestamp order inside each layer (for comparison)"),
    )
    p.add_argument("--json", action="store_true", help=t("print exactly one JSON object"))
    p.set_defaults(func=cmd_solve)

    s = sub.add_parser(
        "scenarios",
        help=t("list the built-in scenarios"),
        description=t("List the built-in scenarios: their names, games and descriptions."),
    )
    s.add_argument("--json", action="store_true", help=t("print a JSON list"))
    add_lang_option(s, t)
    s.set_defaults(func=cmd_scenarios)

    n = sub.add_parser(
        "new",
        help=t("write a commented MTG scenario skeleton to start from"),
        description=t(
            "Write FILE: a commented scenario with two players and a few library cards, ready for "
            "`rulekit solve FILE`. An existing file is never overwritten."
        ),
    )
    n.add_argument("file", metavar=t(N_("FILE")), help=t("the scenario file to create (e.g. my-board.yaml)"))
    add_lang_option(n, t)
    n.set_defaults(func=cmd_new)

    c = sub.add_parser(
        "cards",
        help=t("list the MTG card library"),
        description=t("List the MTG card library: each card's name and type line."),
    )
    c.add_argument("--json", action="store_true", help=t("print a JSON list"))
    c.add_argument(
        "--search",
        metavar="WORDS",
        default=None,
        help=t("only cards whose name or rules text holds every one of these words (any case)"),
    )
    add_lang_option(c, t)
    c.set_defaults(func=cmd_cards)


def print_text_notes(scenario: Any, t: Translator) -> None:
    """What the loader made of the abilities written by their text alone (LANGUAGE.md §11): one line
    each on stderr (a warning for what looks like a continuous effect and cannot be read); the exit
    status stays 0 and stdout (the table, or the one JSON object) is unchanged."""
    for note in getattr(scenario, "text_notes", ()):
        print(note_line(note, t), file=sys.stderr)


def cmd_solve(args: argparse.Namespace) -> int:
    lang = cli_lang(args)
    scenario = load_scenario(args.scenario)
    print_text_notes(scenario, translator(lang))
    with limits.budget(file=scenario.file, input_bytes=scenario.size):  # one budget for the command
        trace = solve(
            scenario, ruleset=args.ruleset, without=tuple(args.without), dependency=not args.no_dependency
        )
        if args.json:  # at most a fixed multiple of the file, then a "truncated" record
            print(bounded_json(trace.to_json_dict(), lang, sort_keys=True))
        else:
            print(text.solve_text(trace, lang))
    return 0


#: ``rulekit new``'s skeleton: YAML (data) and its comments, each one a catalogue message (:data:`NOTES`),
#: written in the language of ``--lang``. ``{name}`` is the file's stem, JSON-quoted (YAML reads it as is).
SKELETON = """\
# {head}
# {edit}
# {language}
# {notebook}
game: mtg
name: {name}
description: >                 # {description_note}
  {description}
players: [Ann, Bo]             # {players}
active_player: Ann             # {active}

objects:
  - id: bears                  # {stable_id}
    card: Grizzly Bears        # {by_name}
    controller: Ann            # {owner}
    # counters: {{"+1/+1": 1}}  # {also_keys}
  - id: anthem
    card: Glorious Anthem
    controller: Ann
  - id: humility
    card: Humility
    controller: Bo
  - id: growth
    card: Giant Growth
    controller: Ann
    zone: graveyard            # {graveyard}
  # - id: lord                 # {custom}
  #   name: Elvish Champion
  #   types: [Creature]
  #   subtypes: [Elf]
  #   colors: [green]
  #   power: 2
  #   toughness: 2
  #   controller: Bo
  #   abilities:
  #     - text: Other Elf creatures get +1/+1.
  #       static: {{affects: other Elf creatures, modify_pt: {{power: 1, toughness: 1}}}}

events:                        # {events}
  - enter: [bears, anthem]     # {together}
  - enter: humility            # {later}
  - resolve:                   # {resolves}
      source: growth
      ability: cast            # {ability}
      targets: [bears]
  # - tap: bears               # {also_events}
  # - end_of_turn              # {end_of_turn}
"""
#: The skeleton's comments (and its description), by their place in :data:`SKELETON`.
NOTES: dict[str, str] = {
    "head": N_("A rulekit MTG scenario. Solve it with:   rulekit solve {file}"),
    "edit": N_(
        "Edit it: add objects (cards of the library, `rulekit cards`, or your own), events, resolutions."
    ),
    "language": N_("The whole language (cards, effects, selectors, scenarios): rulekit/mtg/LANGUAGE.md."),
    "notebook": N_('In a notebook, rulekit.widgets.BoardBuilder("{file}") builds on it without YAML.'),
    "description_note": N_("shown by the lessons; a folded block may run over several lines"),
    "description": N_(
        "Ann's Grizzly Bears under her Glorious Anthem; Bo's Humility enters later, then Ann casts Giant "
        "Growth on the bears."
    ),
    "players": N_('the first player is "you" unless an object says otherwise'),
    "active": N_("orders simultaneous events (613.7m)"),
    "stable_id": N_("a stable id: events, --without and the trace use it"),
    "by_name": N_("a library card by name"),
    "owner": N_("the owner defaults to the controller"),
    "also_keys": N_("also: {keys}"),
    "graveyard": N_("an instant that has resolved is in the graveyard"),
    "custom": N_("an object the library lacks: the same keys as a card"),
    "events": N_("in order: each event gives the next timestamp (613.7)"),
    "together": N_("entering together: listed in the active player's order"),
    "later": N_("later than the Anthem: both apply (Humility in 7b, the Anthem in 7c)"),
    "resolves": N_("a spell or ability resolves: its effect is timestamped now"),
    "ability": N_("the key of the card's ability (see the card in rulekit/data/mtg/)"),
    "also_events": N_("also: {keys}"),
    "end_of_turn": N_('every "until end of turn" effect ends'),
}
#: What the two "also:" comments list (YAML keys and events: data).
_ALSO = {
    "also_keys": "tapped, face_down, attached_to, choices, zone, owner, token",
    "also_events": "untap, attach {object: ..., to: ...}, leave, end_of_turn",
}


def skeleton(file: str, lang: Any = "en") -> str:
    """The text ``rulekit new FILE`` writes (a scenario ``rulekit solve`` runs as it is), its comments
    and description in ``lang``.

    >>> from rulekit.mtg import scenario_from_text, solve
    >>> solve(scenario_from_text(skeleton("my-board.yaml"))).final["bears"].pt
    '5/5'
    >>> skeleton("b.yaml", "pt-BR").splitlines()[0]
    '# Um cenário de MTG do rulekit. Resolva-o com:   rulekit solve b.yaml'
    """
    t = translator(lang)
    shown = "".join(ch if ch.isprintable() else "?" for ch in file)  # it goes into comments
    notes = {key: t(msgid, file=shown, keys=_ALSO.get(key, "")) for key, msgid in NOTES.items()}
    notes["description"] = "\n  ".join(textwrap.wrap(notes["description"], 90))
    name = json.dumps(Path(file).stem or "my-board", ensure_ascii=False)
    return SKELETON.format(name=name, **notes)


def _check_new_name(file: str) -> None:
    """A file name ``rulekit new`` can write and ``rulekit solve`` can read back: UTF-8 (a byte that
    is not reaches Python as a lone surrogate), and no character that acts or hides (its stem
    becomes the scenario's ``name:``, which the loader refuses with one; :mod:`rulekit.textclean`)."""
    if any("\ud800" <= ch <= "\udfff" for ch in file):
        raise RulekitError(
            Phrase(N_("the file name {file} holds bytes that are not UTF-8; rename it"), file=one_line(file)),
            code="BAD_FILE_NAME",
        )
    odd = next((ch for ch in file if not ch.isprintable() and ch != " "), None) or hidden_character(file)
    if odd is not None:
        raise RulekitError(
            Phrase(
                N_(
                    "the file name {file} holds {code}, which shows nothing or acts on the terminal; "
                    "rename it"
                ),
                file=one_line(file),
                code=one_line(odd),
            ),
            code="BAD_FILE_NAME",
        )


def cmd_new(args: argparse.Namespace) -> int:
    """``rulekit new FILE``: write the skeleton; an existing file is an error (exit 2), never overwritten."""
    t = translator(cli_lang(args))
    path = Path(args.file)
    _check_new_name(args.file)
    text = skeleton(args.file, t)  # made whole before the file exists: nothing half-written
    try:
        with path.open("x", encoding="utf-8") as fh:
            fh.write(text)
    except FileExistsError:
        raise RulekitError(
            Phrase(N_("{file} already exists; rulekit new never overwrites a file"), file=args.file),
            code="FILE_EXISTS",
        ) from None
    except OSError as exc:
        raise RulekitError(
            Phrase(N_("cannot write {file}: {reason}"), file=args.file, reason=exc.strerror or exc),
            code="UNWRITABLE",
        ) from None
    print(t("wrote {file}: try `rulekit solve {file}`", file=args.file))
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    """``rulekit scenarios``: the built-ins, each described in ``--lang`` (JSON: the English, as data)."""
    lang = cli_lang(args)
    rows: list[tuple[str, str, str]] = []
    shown: list[tuple[str, str, str]] = []
    for name in list_builtin("mtg"):
        sc = load_scenario(name)
        rows.append((name, "mtg", " ".join(sc.description.split())))
        shown.append((name, "mtg", " ".join(sc.description_in(lang).split())))
    try:  # Apoteose scenarios, when that package offers a list
        lister = getattr(apoteose, "list_scenarios", None)
        if callable(lister):
            for name in lister():
                if all(name != r[0] for r in rows):
                    rows.append((str(name), "apoteose", ""))
                    shown.append((str(name), "apoteose", _apoteose_title(str(name), lang)))
    except Exception:  # noqa: BLE001 - the MTG list must not depend on another subsystem
        pass
    if args.json:
        print(json.dumps([{"name": n, "game": g, "description": d} for n, g, d in rows], indent=2))
        return 0
    width = max((len(n) for n, _, _ in rows), default=10)
    for name, game, desc in shown:
        short = desc if len(desc) <= 90 else desc[:87] + "..."
        print(f"{name:<{width}}  {game:<8}  {short}".rstrip())
    return 0


def _apoteose_title(name: str, lang: str) -> str:
    """An Apoteose built-in's title in ``lang`` (the file's own words for it), or ``""``."""
    try:
        sc = apoteose.load_scenario(name)
    except RulekitError:
        return ""
    title = sc.title_in(lang)
    return "" if title == name else " ".join(title.split())


def cmd_cards(args: argparse.Namespace) -> int:
    t = translator(cli_lang(args))
    lib = library()
    query = getattr(args, "search", None)
    if query is not None:
        lib = {n: c for n, c in lib.items() if card_matches(c, query)}
    if args.json:
        print(
            json.dumps(
                [{"name": n, "type_line": type_line(lib[n])} for n in sorted(lib)],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    if not lib:
        print(t("no card in the library matches '{query}'", query=query))
        return 0
    width = max(len(n) for n in lib)
    for name in sorted(lib):
        print(f"{name:<{width}}  {type_line(lib[name], t)}")
    return 0


def card_text(card: dict[str, Any]) -> str:
    """A card's name, type line and rules text (every ability's printed text), one line each; a
    double-faced card's back face after its front face."""
    lines = [str(card.get("name", "")), type_line(card)]
    for ab in card.get("abilities") or ():
        lines.append(str(ab.get("text", "")) if isinstance(ab, dict) else str(ab))
    if card.get("back"):  # a double-faced card's back face (712.1) is found by its words too
        lines.append(card_text(card["back"]))
    return "\n".join(lines)


def card_matches(card: dict[str, Any], query: str) -> bool:
    """Whether every word of ``query`` occurs (any case) in the card's name, type line or text.

    >>> card = {"name": "Muscle Sliver", "types": ["Creature"], "subtypes": ["Sliver"],
    ...         "abilities": ["All Sliver creatures get +1/+1."]}
    >>> card_matches(card, "sliver +1/+1"), card_matches(card, "flying")
    (True, False)
    """
    text = card_text(card).casefold()
    return all(word in text for word in query.casefold().split())


def pt_box(card: dict[str, Any]) -> str:
    """The power/toughness box as printed: a number, a star a CDA defines, or both (208.2a:
    ``*/1+*``); "" for a card with neither.

    >>> pt_box({"power": 2, "toughness": 2}), pt_box({"power": None, "toughness": 1, "abilities":
    ...     [{"text": "t", "cda": {"set_pt": {"power": "X", "toughness": "X"}}}]})
    ('2/2', '*/1+*')
    """
    stars: set[str] = set()
    for a in card.get("abilities") or ():
        if isinstance(a, dict) and isinstance(a.get("cda"), dict):
            set_pt = a["cda"].get("set_pt") or {}
            stars.update(k for k in ("power", "toughness") if set_pt.get(k) is not None)
    parts = []
    for k in ("power", "toughness"):
        n = card.get(k)
        if k in stars:
            parts.append("*" if n is None else f"{n}+*")
        else:
            parts.append("" if n is None else str(n))
    return "" if parts == ["", ""] else "/".join(p or "0" for p in parts)


def type_line(card: dict[str, Any], t: Translator | None = None) -> str:
    """``Legendary Planeswalker — Gideon`` (and P/T or loyalty when printed; the type words are the
    card's, "loyalty" in the language of ``t``)."""
    left = " ".join([*card.get("supertypes", []), *card.get("types", [])])
    subs = card.get("subtypes") or []
    line = f"{left} — {' '.join(subs)}" if subs else left
    box = pt_box(card)
    if box:
        line += f"  {box}"
    if card.get("loyalty") is not None:
        line += "  " + (t or translator("en"))("loyalty {n}", n=card["loyalty"])
    return line
