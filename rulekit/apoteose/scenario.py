"""Apoteose scenarios: YAML setup + a script of actions + scripted decisions (LANGUAGE.md §4).

A scenario file has ``game: apoteose``. Errors point at ``file:line: field`` (:mod:`rulekit.yamlsrc`).
Built-in scenarios live in ``rulekit/data/scenarios/apoteose/<name>.yaml`` and are named
``apoteose/<name>``. The format is documented in ``LANGUAGE.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

from rulekit import limits
from rulekit.apoteose import schema
from rulekit.apoteose.bodycheck import check_statement
from rulekit.apoteose.deciders import ScriptDecider, ScriptHost
from rulekit.apoteose.rulings import ONE_HERO_PER_CASA, cycle_order, norm
from rulekit.apoteose.script_checks import ALL_ZONES as ALL_ZONES  # re-exported: the checks live there
from rulekit.apoteose.script_checks import CASA_RE as CASA_RE
from rulekit.apoteose.script_checks import KEY_RE as KEY_RE
from rulekit.apoteose.script_checks import (
    MAX_CASA,
    MAX_COUNT,
    _canon_zone,
    _check_attribute,
    _check_casa,
    _check_hero,
    _decision,
    _Ids,
    _step,
)
from rulekit.apoteose.script_checks import WINDOW_RE as WINDOW_RE
from rulekit.apoteose.script_checks import choice_keys as choice_keys
from rulekit.apoteose.state import HERO_ZONES, RESOURCE_NAMES, SEED_ATTRIBUTES, SHARED_ZONES, Card, Game, Hero
from rulekit.apoteose.statements import Statement, from_dict
from rulekit.apoteose.text import Effect, Warning_, parse_effect
from rulekit.errors import N_, EffectTextError, Phrase, RulekitError, ScenarioError, shown
from rulekit.i18n import check_lang, pick
from rulekit.scenarios import SCENARIO_DIR as SCENARIO_DIR  # re-exported; the folder lives there
from rulekit.scenarios import builtin_file, list_builtin
from rulekit.yamlsrc import Distinct, Mistakes, YamlDoc, check_look_alike, described, exists, suggest


@dataclass
class Scenario:
    """A loaded scenario: validated data + parsed effects + the script; ``build_game()`` gives a fresh
    state."""

    name: str
    title: str
    description: str
    assumptions: list[str]
    data: dict[str, Any]
    effects: dict[str, list[Effect]]
    script: list[dict[str, Any]]
    decisions: list[dict[str, Any]]
    #: the loader's notes, each a :class:`~rulekit.errors.Phrase` (``translator(lang).phrase(w)``)
    warnings: list[str] = field(default_factory=list)
    doc: YamlDoc | None = None
    #: the title and the description by language (``{"en": …, "pt-BR": …, "es": …}``), when the file
    #: gives them per language; ``title`` and ``description`` are then the English (or the first) ones
    titles: dict[str, str] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)

    def title_in(self, lang: str = "en") -> str:
        """The title in ``lang``: the file's own for that language, else its English, else the one it has."""
        return in_language(self.titles, lang) or self.title

    def description_in(self, lang: str = "en") -> str:
        """The description in ``lang`` (as :meth:`title_in`)."""
        return in_language(self.descriptions, lang) or self.description

    def build_game(self) -> Game:
        d = self.data
        heroes: dict[str, Hero] = {}
        for h in d["heroes"]:
            res = {r: [int(v[0]), int(v[1] if len(v) > 1 else v[0])] for r, v in h["resources"].items()}
            hero = Hero(
                h["id"], h.get("name") or h["id"], h["team"], int(h["iniciativa"]), res, dict(h["attributes"])
            )
            for z, ids in h["zones"].items():
                hero.zones[z] = list(ids)
            if h.get("casa") is not None:
                hero.casa = (int(h["casa"][0]), int(h["casa"][1]))
            heroes[hero.id] = hero
        cards = {}
        for c in d["cards"]:
            cards[c["id"]] = Card(
                c["id"],
                c.get("name") or c["id"],
                tuple(c["types"]),
                c["owner"],
                list(self.effects[c["id"]]),
                c["consumed"],
                c["revealed"],
                c["attached_to"],
                c["registered"],
                c["companion_of"],
                c.get("bar"),
                [int(c["vida"][0]), int(c["vida"][-1])] if c.get("vida") else None,
            )
        g = Game(heroes=heroes, cards=cards)
        for z, ids in d["zones"].items():
            g.shared[z] = list(ids)
        placed = {cid for h in heroes.values() for ids in h.zones.values() for cid in ids} | {
            cid for ids in g.shared.values() for cid in ids
        }
        for c in d["cards"]:
            if c["id"] not in placed:
                g.shared["CAMPANHA" if c["owner"] == "campanha" else "MESTRE"].append(c["id"])
        t = d["turn"]
        g.order = (
            list(t["order"])
            if t.get("order")
            else cycle_order([(h.id, h.iniciativa) for h in heroes.values()])
        )
        if t.get("hero"):
            g.turn_pos = g.order.index(t["hero"])
        g.cycle = int(t.get("cycle", 1))
        g.in_battle = bool(t.get("battle"))
        g.battle = 1 if g.in_battle else 0
        g.dice = list(d.get("dice", []))
        if d.get("board") is not None:
            g.board = (int(d["board"][0]), int(d["board"][1]))
        return g

    def decider(self, engine: ScriptHost, overrides: list[str] | dict[str, str] | None = None) -> Any:
        """The scenario's scripted decisions (:class:`~rulekit.apoteose.deciders.ScriptDecider`)."""
        return ScriptDecider(self, engine, overrides)


def _check_game(doc: YamlDoc) -> None:
    """The file is a mapping that says ``game: apoteose``."""
    raw = doc.data
    if not isinstance(raw, dict):
        raise doc.error((), Phrase(N_("a scenario is a mapping")), code="INVALID_VALUE")
    if raw.get("game") != "apoteose":
        raise doc.error(
            ("game",),
            Phrase(
                N_("expected '{expected}', got {got}"),
                expected="game: apoteose",
                got=described(raw.get("game")),
            ),
            code="WRONG_GAME",
        )


def load_scenario_doc(doc: YamlDoc, name: str) -> Scenario:
    """The scenario of a parsed file, checked step by step (every error names file, line and field):
    its shape and sizes, the heroes, the cards and their effects, where the cards are, the turn, the
    script, then the decisions."""
    _check_game(doc)
    m = doc.validate(schema.ScenarioM)
    _check_sizes(doc, m)
    data: dict[str, Any] = {
        "heroes": [],
        "cards": [],
        "zones": {},
        "turn": m.turn.model_dump(),
        "dice": m.dice,
    }
    board = _check_board(doc, m)
    if board is not None:
        data["board"] = board
    mistakes = Mistakes()  # each hero, then each card, checked on its own: all their errors at once
    hero_ids = _heroes(doc, m, data, board, mistakes)
    card_ids: list[str] = []
    effects: dict[str, list[Effect]] = {}
    warnings: list[str] = []
    known = {norm(h["id"]) for h in data["heroes"]} | {norm(h["name"]) for h in data["heroes"] if h["name"]}
    for i, c in enumerate(m.cards):
        with mistakes.each():
            _check_card_id(doc, i, c, card_ids, hero_ids)
            card_ids.append(c.id)
            effects[c.id] = [_card_effect(doc, i, j, c, e, warnings, known) for j, e in enumerate(c.effects)]
            data["cards"].append({**c.model_dump(), "types": [t.upper() for t in c.types]})
    mistakes.stop()  # what follows reads every hero and card
    for z, ids in m.zones.items():
        data["zones"][_canon_zone(doc, ("zones", z), z, SHARED_ZONES)] = ids
    seen = _check_places(doc, m, card_ids)
    with mistakes.each():  # the cards' own fields and the turn: two independent checks
        _check_cards(doc, m, seen, card_ids, hero_ids)
    with mistakes.each():
        _check_turn(doc, m, card_ids, hero_ids)
    choice_ids = [*card_ids, *hero_ids]
    attributes = known_attributes(data["heroes"], effects)
    for i, c in enumerate(m.cards):
        if c.bar is not None and c.bar.test is not None:
            with mistakes.each():
                _check_attribute(doc, ("cards", i, "bar", "test"), c.bar.test, attributes)
    named = _Ids(card_ids, hero_ids, choice_ids, attributes)
    script: list[dict[str, Any]] = []
    for k, a in enumerate(m.script):  # each step and each decision on its own
        with mistakes.each():
            script.append(_step(doc, k, a, m, effects, named))
    decisions: list[dict[str, Any]] = []
    for k, d in enumerate(m.decisions):
        with mistakes.each():
            decisions.append(_decision(doc, k, d, effects, named))
    titles: dict[str, str] = {}
    with mistakes.each():
        titles = _by_language(doc, "title", m.title)
    descriptions: dict[str, str] = {}
    with mistakes.each():
        descriptions = _by_language(doc, "description", m.description)
    mistakes.stop()
    return Scenario(
        name=name,
        title=in_language(titles, "en") or name,
        description=in_language(descriptions, "en"),
        assumptions=list(m.assumptions),
        data=data,
        effects=effects,
        script=script,
        decisions=decisions,
        warnings=warnings,
        doc=doc,
        titles=titles,
        descriptions=descriptions,
    )


def _heroes(
    doc: YamlDoc, m: Any, data: dict[str, Any], board: list[int] | None, mistakes: Mistakes
) -> list[str]:
    """Each hero, checked (a new id, known resources, VIDA, MANA and ESTAMINA each [current, max],
    its zones, its casa on the board), appended to ``data["heroes"]``; returns the heroes' ids. A
    hero's mistake is kept in ``mistakes`` and the next hero checked (its id stays known, so that a
    card naming it is not refused for it)."""
    hero_ids: list[str] = []
    # "adjacente a ana" names a hero by id or name, case and accents aside (matching.py): no two
    # heroes may answer to names a reader cannot tell apart
    refs = Distinct(doc, "the hero id", fold=norm)
    for i, h in enumerate(m.heroes):
        with mistakes.each():
            _hero(doc, i, h, data, board, refs, hero_ids)
    taken: list[tuple[int, ...]] = []
    for i, h in enumerate(m.heroes):  # one hero per casa (an engine assumption: rulings.ONE_HERO_PER_CASA)
        if h.casa is not None and tuple(h.casa) in taken and ONE_HERO_PER_CASA:
            with mistakes.each():
                raise doc.error(
                    ("heroes", i, "casa"),
                    Phrase(N_("two heroes stand on casa {casa} — one hero per casa"), casa=list(h.casa)),
                    code="INVALID_VALUE",
                )
        if h.casa is not None:
            taken.append(tuple(h.casa))
    return hero_ids


def _hero(
    doc: YamlDoc,
    i: int,
    h: Any,
    data: dict[str, Any],
    board: list[int] | None,
    refs: Distinct,
    hero_ids: list[str],
) -> None:
    """One hero of :func:`_heroes`."""
    if h.id in hero_ids:
        raise doc.error(
            ("heroes", i, "id"), Phrase(N_("duplicate hero id '{id}'"), id=h.id), code="DUPLICATE_ID"
        )
    hero_ids.append(h.id)
    refs.add(("heroes", i, "id"), h.id, owner=i)
    refs.add(("heroes", i, "name"), h.name, owner=i, what="the name", name=True)
    res = {}
    for r, v in h.resources.items():
        rn = r.upper().replace("HP", "VIDA")
        if rn not in RESOURCE_NAMES:
            raise doc.error(
                ("heroes", i, "resources", r),
                Phrase(N_("unknown resource '{name}'"), name=r),
                code="UNKNOWN_RESOURCE",
                suggestion=suggest(r, list(RESOURCE_NAMES)),
            )
        if not (1 <= len(v) <= 2) or not 0 <= v[0] <= v[-1] <= MAX_COUNT:  # a pool of points, never below 0
            raise doc.error(
                ("heroes", i, "resources", r),
                Phrase(
                    N_("a resource is [current, max] with 0 <= current <= max <= {most} (got {value})"),
                    most=MAX_COUNT,
                    value=v,
                ),
                code="INVALID_VALUE",
            )
        res[rn] = v
    missing = [r for r in RESOURCE_NAMES if r not in res]
    if missing:  # every effect may touch VIDA, MANA or ESTAMINA (LANGUAGE.md §4)
        raise doc.error(
            ("heroes", i, "resources"),
            Phrase(
                N_("hero '{id}' has no {resource} — a hero has VIDA, MANA and ESTAMINA, each [current, max]"),
                id=h.id,
                resource=missing[0],
            ),
            code="MISSING_RESOURCE",
        )
    zones = {_canon_zone(doc, ("heroes", i, "zones", z), z, HERO_ZONES): ids for z, ids in h.zones.items()}
    data["heroes"].append(
        {
            "id": h.id,
            "name": h.name,
            "team": h.team,
            "iniciativa": h.iniciativa,
            "resources": res,
            "attributes": {k.upper(): v for k, v in h.attributes.items()},
            "zones": zones,
        }
    )
    if h.casa is not None:
        data["heroes"][-1]["casa"] = _check_casa(doc, ("heroes", i, "casa"), h.casa, board)


def _check_card_id(doc: YamlDoc, i: int, c: Any, card_ids: list[str], hero_ids: list[str]) -> None:
    """A card's id is new (no card or hero has it) and its owner a hero, campanha or mestre."""
    if c.id in card_ids or c.id in hero_ids:
        raise doc.error(("cards", i, "id"), Phrase(N_("duplicate id '{id}'"), id=c.id), code="DUPLICATE_ID")
    check_look_alike(doc, ("cards", i, "id"), c.id, "the card id")
    check_look_alike(doc, ("cards", i, "name"), c.name, "the name", name=True)
    if c.owner and c.owner not in hero_ids and c.owner not in ("campanha", "mestre"):
        raise doc.error(
            ("cards", i, "owner"),
            Phrase(N_("unknown owner '{owner}' (a hero id, campanha or mestre)"), owner=c.owner),
            code="UNKNOWN_HERO",
            suggestion=suggest(c.owner, [*hero_ids, "campanha", "mestre"]),
        )


def _unknown_names(eff: Effect, known: set[str]) -> list[str]:
    """The hero names (``{who: name}``) of ``eff``'s requirements and statements that are no hero's id or
    name in ``known`` (normalised): a word read as a name that names no one."""
    found: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            name = x.get("name")
            if x.get("who") == "name" and isinstance(name, str) and norm(name) not in known:
                found.append(name)
            for v in x.values():
                walk(v)
        elif isinstance(x, (list, tuple)):
            for v in x:
                walk(v)

    walk([r.ast for r in eff.requirements])
    walk([st.to_dict() if hasattr(st, "to_dict") else st for st in eff.body])
    return found


def _card_effect(
    doc: YamlDoc, i: int, j: int, c: Any, e: Any, warnings: list[str], known: set[str] | None = None
) -> Effect:
    """Effect ``j`` of card ``i``: its text parsed (and its structured ``body:``, if given, checked);
    an effect outside the runnable vocabulary loads with a warning and is refused when used, and so is
    one that names a hero the scenario does not have (a word read as a name: «Cure 5 de VIDA de Kael»)."""
    text = e if isinstance(e, str) else e.text
    path = ("cards", i, "effects", j) if isinstance(e, str) else ("cards", i, "effects", j, "text")
    try:
        eff = parse_effect(text, strict=False)  # an unknown requirement: refused when used
    except EffectTextError as exc:
        raise doc.error(
            path,
            Phrase(
                N_("{problem} [{code} at position {position}]"),
                problem=Phrase(exc.msgid, **exc.params) if exc.msgid else exc.message,
                code=exc.code,
                position=exc.position,
            ),
            code=exc.code,
            suggestion=exc.suggestion,
        ) from None
    if not isinstance(e, str) and e.body is not None:
        for k, st in enumerate(e.body):
            wrong = check_statement(st)
            if wrong is not None:
                sub, msg, sug = wrong
                raise doc.error(
                    ("cards", i, "effects", j, "body", k, *sub), msg, code="BAD_STATEMENT", suggestion=sug
                )
        eff = replace(eff, body=tuple(from_dict(st) for st in e.body))
    nobody = _unknown_names(eff, known) if known is not None else []
    if nobody:
        problem = Phrase(N_("'{name}' names no hero of this scenario (a hero's id or name)"), name=nobody[0])
        at = max(text.find(nobody[0]), 0)
        eff = replace(eff, warnings=(*eff.warnings, Warning_("UNSUPPORTED_TEXT", problem, at)))
    if not eff.supported():  # the card loads; this effect is refused when it is used (LANGUAGE.md)
        bad = [w.message for w in eff.warnings if w.code == "UNSUPPORTED_TEXT"]
        problem = Phrase(
            N_("{problem}; this effect is refused when used (or write a structured 'body:')"),
            problem=bad[0] if bad else Phrase(N_("text outside the runnable vocabulary")),
        )
        warnings.append(loader_warning(doc, path, c.id, j, "UNSUPPORTED_TEXT", problem))
    if eff.activation == "Passivo":
        bad_ops = [st.op for st in eff.body if st.op not in ("gain", "table", "compute", "noop")]
        targets = [getattr(st, "target", None) or {} for st in eff.body if st.op == "gain"]
        bad_ops += [
            f"gain for one {t['who']} hero"
            for t in targets
            if t.get("who", "self") != "self" and not t.get("all")
        ]
        if bad_ops:
            raise doc.error(
                path,
                Phrase(
                    N_(
                        "a Passivo effect applies continuously (R-23); '{op}' is a one-off "
                        "action — only attribute changes (+N de X) can be passive"
                    ),
                    op=bad_ops[0],
                ),
                code="UNSUPPORTED_TEXT",
            )
    for w in eff.warnings:
        if w.code != "UNSUPPORTED_TEXT":
            warnings.append(
                Phrase(
                    N_("{card}#{index}: {code}: {problem}"),
                    card=c.id,
                    index=j,
                    code=w.code,
                    problem=w.message,
                )
            )
    return eff


def loader_warning(
    doc: YamlDoc, path: tuple[Any, ...], card: str, index: int, code: str, problem: str
) -> str:
    """A loader's note on effect ``index`` of ``card``, as a :class:`~rulekit.errors.Phrase` (its English
    is the string; ``translator(lang).phrase(w)`` renders it): ``card#index: CODE: file:line: field:
    problem``, the place as data."""
    err = doc.error(path, problem, code=code)
    place = ": ".join(x for x in (err.where(), err.field) if x)
    return Phrase(
        N_("{card}#{index}: {code}: {place}: {problem}"),
        card=card,
        index=index,
        code=code,
        place=place,
        problem=problem,
    )


def _check_places(doc: YamlDoc, m: Any, card_ids: list[str]) -> dict[str, tuple[Any, ...]]:
    """Every card placed at most once, every placed id a card; returns where each placed card is."""
    seen: dict[str, tuple[Any, ...]] = {}
    places: list[tuple[tuple[Any, ...], list[str]]] = [
        (("heroes", i, "zones", z), ids) for i, h in enumerate(m.heroes) for z, ids in h.zones.items()
    ]
    places += [(("zones", z), ids) for z, ids in m.zones.items()]
    for path, ids in places:
        for k, cid in enumerate(ids):
            if cid not in card_ids:
                raise doc.error(
                    (*path, k),
                    Phrase(N_("unknown card '{id}'"), id=cid),
                    code="UNKNOWN_CARD",
                    suggestion=suggest(cid, card_ids),
                )
            if cid in seen:
                raise doc.error(
                    (*path, k), Phrase(N_("card '{id}' is placed twice"), id=cid), code="DUPLICATE_ID"
                )
            seen[cid] = path
    return seen


def _check_cards(
    doc: YamlDoc, m: Any, seen: dict[str, tuple[Any, ...]], card_ids: list[str], hero_ids: list[str]
) -> None:
    """Each card: in a zone (unless the campanha's or the mestre's), its activation bar, a
    COMPANHEIRO's vida and Hero, what it is attached to."""
    for i, c in enumerate(m.cards):
        if c.id not in seen and c.owner not in ("campanha", "mestre"):
            raise doc.error(
                ("cards", i, "id"), Phrase(N_("card '{id}' is in no zone"), id=c.id), code="NO_ZONE"
            )
        if c.bar is not None and ((c.bar.attack is None) == (c.bar.test is None) or c.effects):
            raise doc.error(
                ("cards", i, "bar"),
                Phrase(
                    N_("an activation bar is {attack} or {test}, on a card without effect text"),
                    attack="{attack: N, target: hero}",
                    test="{test: ATTR}",
                ),
                code="INVALID_VALUE",
            )
        if c.bar is not None and c.bar.attack is not None and not 0 <= c.bar.attack <= MAX_COUNT:
            raise doc.error(
                ("cards", i, "bar", "attack"),
                Phrase(N_("damage is a whole number 0..{most}"), most=MAX_COUNT),
                code="INVALID_VALUE",
            )
        if c.bar is not None and c.bar.target is not None:
            _check_hero(doc, ("cards", i, "bar", "target"), c.bar.target, hero_ids)
        if c.vida is not None and (
            not 1 <= len(c.vida) <= 2
            or not 0 <= c.vida[0] <= c.vida[-1] <= MAX_COUNT
            or "COMPANHEIRO" not in [t.upper() for t in c.types]
        ):
            raise doc.error(
                ("cards", i, "vida"),
                Phrase(N_("a COMPANHEIRO's vida is [current, max] with 0 <= current <= max")),
                code="INVALID_VALUE",
            )
        if c.companion_of is not None and c.companion_of not in hero_ids:
            raise doc.error(
                ("cards", i, "companion_of"),
                Phrase(N_("unknown hero '{id}' (a COMPANHEIRO's Hero)"), id=c.companion_of),
                code="UNKNOWN_HERO",
                suggestion=suggest(c.companion_of, hero_ids),
            )
        if c.attached_to and c.attached_to not in card_ids:
            raise doc.error(
                ("cards", i, "attached_to"),
                Phrase(N_("unknown card '{id}'"), id=c.attached_to),
                code="UNKNOWN_CARD",
            )
        if c.attached_to == c.id:
            raise doc.error(
                ("cards", i, "attached_to"),
                Phrase(N_("card '{id}' cannot be attached to itself"), id=c.id),
                code="INVALID_VALUE",
            )


def _check_turn(doc: YamlDoc, m: Any, card_ids: list[str], hero_ids: list[str]) -> None:
    """The turn: an order of heroes and COMPANHEIRO cards (R-05), never one twice in a row (R-20), the
    hero whose turn it is, the cycle number."""
    t = m.turn
    companions = [c.id for c in m.cards if "COMPANHEIRO" in (x.upper() for x in c.types)]
    for k, who in enumerate(t.order or []):
        if who in card_ids and who not in companions:  # a COMPANHEIRO card takes turns, no other card
            raise doc.error(
                ("turn", "order", k),
                Phrase(
                    N_(
                        "card '{id}' is not a COMPANHEIRO, so it has no turn (the "
                        "order lists heroes and COMPANHEIRO cards)"
                    ),
                    id=who,
                ),
                code="NOT_A_COMPANION",
                suggestion=suggest(who, [*hero_ids, *companions]),
            )
        if who not in hero_ids and who not in card_ids:
            raise doc.error(
                ("turn", "order", k),
                Phrase(N_("unknown hero or COMPANHEIRO '{id}'"), id=who),
                code="UNKNOWN_HERO",
                suggestion=suggest(who, [*hero_ids, *companions]),
            )
        if k and t.order and t.order[k - 1] == who:  # extra turns exist, but two in a row are one turn
            raise doc.error(
                ("turn", "order", k),
                Phrase(
                    N_(
                        "'{id}' is listed twice in a row — a hero's extra turns "
                        "in a cycle (R-20) come between other turns"
                    ),
                    id=who,
                ),
                code="DUPLICATE_ID",
            )
    if t.hero and t.hero not in (t.order or hero_ids):
        raise doc.error(
            ("turn", "hero"),
            Phrase(N_("'{id}' is not in the turn order"), id=t.hero),
            code="UNKNOWN_HERO",
            suggestion=suggest(t.hero, t.order or hero_ids),
        )
    if t.hero and t.order and t.order.count(t.hero) > 1:
        raise doc.error(
            ("turn", "hero"),
            Phrase(
                N_(
                    "'{id}' has {n} turns in the order, so the starting turn is "
                    "ambiguous — start at another hero's turn"
                ),
                id=t.hero,
                n=t.order.count(t.hero),
            ),
            code="AMBIGUOUS_TURN",
        )
    if t.cycle < 1 or t.cycle > MAX_COUNT:
        raise doc.error(
            ("turn", "cycle"), Phrase(N_("a cycle number is 1..{most}"), most=MAX_COUNT), code="INVALID_VALUE"
        )


def _by_language(doc: YamlDoc, key: str, value: str | dict[str, str] | None) -> dict[str, str]:
    """A learner-facing text of the file (``title``, ``description``) by language: a plain text is the
    same in every language (``{"": text}``); a mapping is keyed by rulekit's languages (``en``, ``pt-BR``,
    ``es``; a key no language has is one error line)."""
    if value is None:
        return {}
    if isinstance(value, str):
        return {"": value}

    out: dict[str, str] = {}
    for lang, text in value.items():
        try:
            out[check_lang(lang)] = text
        except RulekitError as exc:
            raise doc.error(
                (key, lang),
                Phrase(exc.msgid, **exc.params) if exc.msgid else exc.message,
                code="UNKNOWN_LANGUAGE",
                suggestion=exc.suggestion,
            ) from None
    return out


def in_language(texts: dict[str, str], lang: str = "en") -> str:
    """The text of ``texts`` (:func:`_by_language`) in ``lang``: that language's, else the English, else
    the one text there is ("" if none) — :func:`rulekit.i18n.pick`.

    >>> in_language({"en": "A stop", "pt-BR": "Uma interrupção"}, "pt-BR"), in_language({"": "Só"}, "es")
    ('Uma interrupção', 'Só')
    """

    return pick(texts, check_lang(lang))


def _check_board(doc: YamlDoc, m: Any) -> list[int] | None:
    """``board: [columns, rows]`` (optional): the size of the grid of casas heroes stand on."""
    if m.board is None:
        return None
    if len(m.board) != 2 or not all(1 <= v <= MAX_CASA for v in m.board):
        raise doc.error(
            ("board",),
            Phrase(
                N_("the board is [columns, rows], each 1..{most} (got {value})"), most=MAX_CASA, value=m.board
            ),
            code="INVALID_VALUE",
        )
    return list(m.board)


def _check_sizes(doc: YamlDoc, m: Any) -> None:
    """The cost bounds of :mod:`rulekit.limits`, before any effect text is read: heroes, cards,
    effect texts over all cards, script actions and decisions."""
    for key, items, most in (
        ("heroes", m.heroes, limits.MAX_PLAYERS),
        ("cards", m.cards, limits.MAX_CARDS),
        ("script", m.script, limits.MAX_SCRIPT),
        ("decisions", m.decisions, limits.MAX_SCRIPT),
    ):
        if len(items) > most:
            raise doc.error(
                (key, most),
                Phrase(N_("more than {most:,} {section} in one scenario"), most=most, section=key),
                code="TOO_MANY",
            )
    n = chars = 0
    for i, c in enumerate(m.cards):
        n += len(c.effects)
        if n > limits.MAX_CARD_EFFECTS:
            raise doc.error(
                ("cards", i, "effects"),
                Phrase(N_("more than {most:,} effect texts in one scenario"), most=limits.MAX_CARD_EFFECTS),
                code="TOO_MANY",
            )
        chars += sum(len(e if isinstance(e, str) else e.text) for e in c.effects)
        if chars > limits.MAX_CARD_TEXT_CHARS:
            raise doc.error(
                ("cards", i, "effects"),
                Phrase(
                    N_("more than {most:,} characters of effect text in one scenario"),
                    most=limits.MAX_CARD_TEXT_CHARS,
                ),
                code="TOO_MANY",
            )


def known_attributes(heroes: list[dict[str, Any]], effects: dict[str, list[Effect]]) -> list[str]:
    """The attributes a scenario knows: those the seed names
    (:data:`~rulekit.apoteose.state.SEED_ATTRIBUTES`), those a hero has (``attributes:``) and those an
    effect of a card gives or tests (``+1 de X``, ``Teste de X``), upper case, in that order.
    A test of anything else is a typo, refused."""
    found: list[str] = list(SEED_ATTRIBUTES)
    for h in heroes:
        found += [str(a).upper() for a in h["attributes"]]
    todo: list[Any] = [st for effs in effects.values() for eff in effs for st in eff.body]
    while todo:
        item = todo.pop()
        if isinstance(item, Statement):
            name = getattr(item, "attribute", None)
            if isinstance(name, str):
                found.append(name.upper())
            todo += [getattr(item, f.name) for f in dataclass_fields(item)]
        elif isinstance(item, list | tuple):
            todo += list(item)
    return list(dict.fromkeys(found))


def list_scenarios() -> list[str]:
    """Names of the built-in Apoteose scenarios (``apoteose/...``)."""
    return list(list_builtin("apoteose"))  # a fresh list: the shared tuple is cached


def load_scenario(name_or_path: str | Path) -> Scenario:
    """Load a built-in scenario by name (``apoteose/seed-activation``) or a YAML file by path."""
    s = str(name_or_path)
    p = Path(s)
    if p.suffix in (".yaml", ".yml") and exists(p):
        return load_scenario_doc(YamlDoc.from_path(p), s)
    # a built-in name never leaves the data folder; "apoteose/" may be dropped (rulekit.scenarios)
    builtin = builtin_file(s, game="apoteose")
    if builtin is not None:
        path, s = builtin
        return load_scenario_doc(YamlDoc.from_path(path, display=f"{s}.yaml"), s)
    raise ScenarioError(
        Phrase(N_("no such scenario: {name}"), name=shown(s)),
        code="NO_SUCH_SCENARIO",
        suggestion=suggest(s, list_scenarios()),
    )


def load_scenario_text(text: str, name: str = "<string>") -> Scenario:
    """Load a scenario from YAML text (tests, notebooks)."""
    return load_scenario_doc(YamlDoc.from_text(text, name), name)
