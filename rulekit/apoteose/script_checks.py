"""An Apoteose scenario's script and decisions, checked (LANGUAGE.md §4): each script step (activate, a
step on one card, attack, test, step, a flag) and each scripted decision (a window's answer or a decision
key's pick), the casas and zones they name, and the choices they make. Errors point at
``file:line: field`` like the rest of the loader (:mod:`rulekit.apoteose.scenario`, which calls these).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rulekit.apoteose import schema
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.state import HERO_ZONES, SHARED_ZONES
from rulekit.apoteose.text import Effect
from rulekit.errors import N_, Phrase, shown
from rulekit.yamlsrc import YamlDoc, suggest

ALL_ZONES = {norm(z): z for z in (*HERO_ZONES, *SHARED_ZONES)}


def _canon_zone(doc: YamlDoc, path: tuple[Any, ...], z: str, allowed: tuple[str, ...]) -> str:
    key = norm(z)
    if key in ALL_ZONES and ALL_ZONES[key] in allowed:
        return ALL_ZONES[key]
    raise doc.error(
        path,
        Phrase(N_("'{zone}' is not a zone here (allowed: {zones})"), zone=z, zones=", ".join(allowed)),
        code="UNKNOWN_ZONE",
        suggestion=suggest(z, list(allowed)),
    )


@dataclass(frozen=True)
class _Ids:
    """What a script step or a decision may name: the cards, the heroes, either (a choice's value),
    and the attributes the scenario knows."""

    cards: list[str]
    heroes: list[str]
    choices: list[str]
    attributes: list[str]


def _step(
    doc: YamlDoc, k: int, a: Any, m: Any, effects: dict[str, list[Effect]], named: _Ids
) -> dict[str, Any]:
    """Script step ``k``, checked: activate, a step on one card, attack, test, or one flag."""
    if isinstance(a, schema.ActivateM):
        return _activate_step(doc, k, a, m, effects, named)
    if isinstance(a, schema.CARD_ACTIONS):
        return _card_step(doc, k, a, named)
    if isinstance(a, schema.AttackM):
        return _attack_step(doc, k, a, m, named)
    if isinstance(a, schema.StepM):
        _check_hero(doc, ("script", k, "step", "hero"), a.step.hero, named.heroes)
        _check_casa(doc, ("script", k, "step", "to"), a.step.to, m.board)
        return {"do": "step", "hero": a.step.hero, "to": list(a.step.to)}
    if isinstance(a, schema.TestM):
        _check_hero(doc, ("script", k, "test", "hero"), a.test.hero, named.heroes)
        _check_attribute(doc, ("script", k, "test", "attribute"), a.test.attribute, named.attributes)
        return {"do": "test", **a.test.model_dump()}
    flags = [f for f, v in a.model_dump().items() if v]
    if len(flags) != 1:
        raise doc.error(
            ("script", k),
            Phrase(
                N_("a script step is one of {steps}"),
                steps="activate, attack, test, step, put, take, move, reveal, hide, discard, "
                "bury, banish, end_turn, battle_start, battle_end",
            ),
            code="INVALID_VALUE",
        )
    return {"do": flags[0]}


def _activate_step(
    doc: YamlDoc, k: int, a: Any, m: Any, effects: dict[str, list[Effect]], ids: _Ids
) -> dict[str, Any]:
    """Script step ``k``, ``activate``: a card's effect (or its activation bar), by a hero, with its
    choices and target."""
    card_ids, hero_ids = ids.cards, ids.heroes
    if a.activate not in card_ids:
        raise doc.error(
            ("script", k, "activate"),
            Phrase(N_("unknown card '{id}'"), id=a.activate),
            code="UNKNOWN_CARD",
            suggestion=suggest(a.activate, card_ids),
        )
    bar_only = not effects[a.activate] and m.cards[card_ids.index(a.activate)].bar is not None
    if a.effect < 0 or (a.effect >= len(effects[a.activate]) and not (bar_only and a.effect == 0)):
        raise doc.error(
            ("script", k, "effect"),
            Phrase(N_("card '{id}' has no effect #{n}"), id=a.activate, n=a.effect),
            code="UNKNOWN_EFFECT",
        )
    if a.hero and a.hero not in hero_ids:
        raise doc.error(
            ("script", k, "hero"),
            Phrase(N_("unknown hero '{id}'"), id=a.hero),
            code="UNKNOWN_HERO",
            suggestion=suggest(a.hero, hero_ids),
        )
    if not bar_only:
        _check_choices(doc, ("script", k, "choices"), a.choices, effects[a.activate][a.effect], ids.choices)
    _check_hero(doc, ("script", k, "target"), a.target, hero_ids)
    bar = m.cards[card_ids.index(a.activate)].bar
    if bar_only and bar is not None and bar.attack is not None and not (a.target or bar.target):
        raise doc.error(
            ("script", k),
            Phrase(N_("'{id}' attacks with its bar: give 'target'"), id=a.activate),
            code="MISSING_KEY",
        )
    return {
        "do": "activate",
        "card": a.activate,
        "hero": a.hero,
        "effect": a.effect,
        "choices": a.choices,
        "target": a.target,
    }


def _card_step(doc: YamlDoc, k: int, a: Any, ids: _Ids) -> dict[str, Any]:
    """Script step ``k`` that acts on one card: put, take, move, reveal, hide, discard, bury, banish."""
    card_ids = ids.cards
    kind = next(iter(a.model_fields_set))
    body = getattr(a, kind)
    where = ("script", k, kind)
    if body.card not in card_ids:
        raise doc.error(
            (*where, "card"),
            Phrase(N_("unknown card '{id}'"), id=body.card),
            code="UNKNOWN_CARD",
            suggestion=suggest(body.card, card_ids),
        )
    _check_hero(doc, (*where, "hero"), body.hero, ids.heroes)
    to = _canon_zone(doc, (*where, "to"), body.to, (*HERO_ZONES, *SHARED_ZONES)) if body.to else None
    if body.attach_to is not None and (
        kind != "put" or body.attach_to not in card_ids or body.attach_to == body.card
    ):
        raise doc.error(
            (*where, "attach_to"),
            Phrase(N_("attach_to names another card, in a 'put' step")),
            code="INVALID_VALUE",
            suggestion=suggest(body.attach_to, card_ids),
        )
    if kind in ("reveal", "hide") and to:
        raise doc.error(
            (*where, "to"), Phrase(N_("'{step}' does not move the card"), step=kind), code="INVALID_VALUE"
        )
    return {"do": kind, "card": body.card, "hero": body.hero, "to": to, "attach_to": body.attach_to}


def _attack_step(doc: YamlDoc, k: int, a: Any, m: Any, ids: _Ids) -> dict[str, Any]:
    """Script step ``k``, ``attack``: damage to a hero or to a COMPANHEIRO with vida."""
    hero_ids = ids.heroes
    vida_cards = [c.id for c in m.cards if c.vida is not None]
    if a.attack.target not in hero_ids and a.attack.target not in vida_cards:
        raise doc.error(
            ("script", k, "attack", "target"),
            Phrase(N_("unknown hero '{id}' (or a COMPANHEIRO with vida)"), id=a.attack.target),
            code="UNKNOWN_HERO",
            suggestion=suggest(a.attack.target, [*hero_ids, *vida_cards]),
        )
    _check_hero(doc, ("script", k, "attack", "hero"), a.attack.hero, hero_ids)
    if not 0 <= a.attack.damage <= MAX_COUNT:
        raise doc.error(
            ("script", k, "attack", "damage"),
            Phrase(N_("damage is a whole number 0..{most}"), most=MAX_COUNT),
            code="INVALID_VALUE",
        )
    return {"do": "attack", **a.attack.model_dump()}


def _decision(doc: YamlDoc, k: int, d: Any, effects: dict[str, list[Effect]], ids: _Ids) -> dict[str, Any]:
    """Scripted decision ``k``: a window's answer (``respond`` with its choices, or ``pass``) or a
    decision key's ``pick``."""
    card_ids, hero_ids = ids.cards, ids.heroes
    dd: dict[str, Any] = d.model_dump(by_alias=True)
    if d.respond is not None and d.respond.card not in card_ids:
        raise doc.error(
            ("decisions", k, "respond", "card"),
            Phrase(N_("unknown card '{id}'"), id=d.respond.card),
            code="UNKNOWN_CARD",
            suggestion=suggest(d.respond.card, card_ids),
        )
    if d.respond is not None and d.respond.hero and d.respond.hero not in hero_ids:
        raise doc.error(
            ("decisions", k, "respond", "hero"),
            Phrase(N_("unknown hero '{id}'"), id=d.respond.hero),
            code="UNKNOWN_HERO",
            suggestion=suggest(d.respond.hero, hero_ids),
        )
    if d.key is None and d.window is None:
        raise doc.error(
            ("decisions", k),
            Phrase(N_("a decision needs 'window' (with respond/pass) or 'key' + 'pick'")),
            code="MISSING_KEY",
        )
    if d.window is not None and not WINDOW_RE.fullmatch(norm(d.window)):
        raise doc.error(
            ("decisions", k, "window"),
            Phrase(
                N_("'{window}' is not a window — write {forms} or {last}, e.g. {example}"),
                window=d.window,
                example="halt@0",
                last="resolving@<index>",
                forms="halt@<index>, post@<index>, activating@<index>",
            ),
            code="INVALID_VALUE",
        )
    if d.window is not None and d.respond is None and not d.pass_:
        raise doc.error(
            ("decisions", k),
            Phrase(N_("a window decision needs 'respond' or 'pass: true'")),
            code="MISSING_KEY",
        )
    if d.key is not None:
        if not KEY_RE.fullmatch(d.key):
            raise doc.error(
                ("decisions", k, "key"),
                Phrase(
                    N_("'{key}' is not a decision key ({forms})"),
                    key=d.key,
                    forms="halt@<i>#<n>, post@<i>#<n>, choose@<i>.req<k>, "
                    "choose@<i>.body<k>, option@<i>.body<k>, "
                    "order@<stage>@<i>#<n>",
                ),
                code="INVALID_VALUE",
            )
        if d.pick is None:
            raise doc.error(("decisions", k), Phrase(N_("a 'key' decision needs 'pick'")), code="MISSING_KEY")
        _check_pick(doc, ("decisions", k, "pick"), d.key, d.pick, card_ids, hero_ids)
    if d.respond is not None:
        reffs = effects[d.respond.card]
        if not 0 <= d.respond.effect < len(reffs):
            raise doc.error(
                ("decisions", k, "respond", "effect"),
                Phrase(N_("card '{id}' has no effect #{n}"), id=d.respond.card, n=d.respond.effect),
                code="UNKNOWN_EFFECT",
            )
        _check_choices(doc, ("decisions", k, "choices"), d.choices, reffs[d.respond.effect], ids.choices)
    elif d.choices:
        raise doc.error(
            ("decisions", k, "choices"), Phrase(N_("'choices' go with 'respond'")), code="INVALID_VALUE"
        )
    return dd


#: A window a scripted decision answers: ``halt@<index>`` or ``post@<index>``; an attempt while
#: ``activating@<index>`` pays its requirements (``activating@0.req1``: between paying the step before
#: ``req1`` and ``req1``), or while ``resolving@<index>`` resolves (``resolving@0.body1``: between
#: statements 0 and 1).
WINDOW_RE = re.compile(
    r"(halt|post)@\d{1,4}|activating@\d{1,4}(\.req\d{1,3})?|resolving@\d{1,4}(\.body\d{1,3})?"
)


#: A casa as a choice or a decision's pick: ``column,row`` ("Mova-se para uma casa adjacente").
CASA_RE = re.compile(r"\d{1,4},\d{1,4}")


#: Largest column or row of a casa (a bound on the board).
MAX_CASA = 1000


def _check_casa(doc: YamlDoc, path: tuple[Any, ...], casa: list[int], board: list[int] | None) -> list[int]:
    """A casa is ``[column, row]``, on the board when it has a size."""
    top = board or [MAX_CASA, MAX_CASA]
    if len(casa) != 2 or not all(0 <= v < t for v, t in zip(casa, top, strict=False)):
        raise doc.error(
            path,
            Phrase(
                N_(
                    "a casa is [column, row] with 0 <= column < {columns} and 0 <= row < {rows} (got {value})"
                ),
                columns=top[0],
                rows=top[1],
                value=casa,
            ),
            code="INVALID_VALUE",
        )
    return list(casa)


#: Every decision key the engine asks (see ``LANGUAGE.md`` «Decision keys»).
KEY_RE = re.compile(
    r"(?:halt|post)@\d{1,4}#\d{1,6}|choose@\d{1,4}\.(?:task|req\d{1,3}|body\d{0,3})"
    r"|option@\d{1,4}\.body\d{0,3}|order@(?:flow|halt|post)@\d{1,4}#\d{1,6}"
)


#: Bound on script numbers (damage, cycle): a bound on cost.
MAX_COUNT = 10**6


def _check_attribute(doc: YamlDoc, path: tuple[Any, ...], name: str, known: list[str]) -> None:
    if name.upper() not in known:
        listed = ", ".join(shown(k, 40) for k in known[:20]) + (", …" if len(known) > 20 else "")
        raise doc.error(
            path,
            Phrase(
                N_("unknown attribute '{name}' (known here: {known})"), name=shown(name, 40), known=listed
            ),
            code="UNKNOWN_ATTRIBUTE",
            suggestion=suggest(name, known),
        )


def _check_hero(doc: YamlDoc, path: tuple[Any, ...], who: str | None, hero_ids: list[str]) -> None:
    if who is not None and who not in hero_ids:
        raise doc.error(
            path,
            Phrase(N_("unknown hero '{id}'"), id=who),
            code="UNKNOWN_HERO",
            suggestion=suggest(who, hero_ids),
        )


def choice_keys(effect: Effect) -> list[str]:
    """The keys a ``choices:`` mapping may use for ``effect``: ``task``, ``req<i>`` (costs and actions),
    ``body<i>`` (statements of the description)."""
    keys = ["task"] if effect.task else []
    keys += [f"req{i}" for i, r in enumerate(effect.requirements) if r.kind in ("cost", "action")]
    keys += [f"body{i}" for i in range(len(effect.body))]
    return keys


def _check_value_ids(doc: YamlDoc, path: tuple[Any, ...], value: str, ids: list[str]) -> None:
    for part in str(value).split("+"):
        if part.isdigit() and 0 < int(part) <= 99:  # an option number of Escolha um
            continue
        if CASA_RE.fullmatch(part):  # a casa a hero steps to ("Mova-se para uma casa adjacente")
            continue
        if part not in ids:
            raise doc.error(
                path,
                Phrase(N_("'{id}' is neither a card nor a hero"), id=part),
                code="UNKNOWN_CARD",
                suggestion=suggest(part, ids),
            )


def _check_choices(
    doc: YamlDoc, path: tuple[Any, ...], choices: dict[str, str], effect: Effect, ids: list[str]
) -> None:
    """A ``choices:`` key names a step of this effect, and each value a card or hero (LANGUAGE.md §4)."""
    keys = choice_keys(effect)
    for key, value in choices.items():
        if key not in keys:
            raise doc.error(
                (*path, key),
                (
                    Phrase(
                        N_("'{key}' is not a choice of this effect (it has: {keys})"),
                        key=key,
                        keys=", ".join(keys),
                    )
                    if keys
                    else Phrase(N_("'{key}' is not a choice of this effect (it has no choices)"), key=key)
                ),
                code="UNKNOWN_KEY",
                suggestion=suggest(key, keys),
            )
        _check_value_ids(doc, (*path, key), value, ids)


def _check_pick(
    doc: YamlDoc, path: tuple[Any, ...], key: str, pick: str, card_ids: list[str], hero_ids: list[str]
) -> None:
    if key.startswith(("choose@", "option@")):
        _check_value_ids(doc, path, pick, [*card_ids, *hero_ids])
        return
    if key.startswith("order@"):
        m = re.fullmatch(r"(.+)#\d+", pick)
        if not m or m.group(1) not in card_ids:
            raise doc.error(
                path,
                Phrase(N_("'{pick}' is not an effect id ({form})"), pick=pick, form="<card>#<n>"),
                code="UNKNOWN_EFFECT",
                suggestion=suggest(pick, [f"{c}#0" for c in card_ids]),
            )
        return
    m = re.fullmatch(r"([^:]+):(.+)#\d+>.+", pick)
    if pick != "pass" and (not m or m.group(1) not in hero_ids or m.group(2) not in card_ids):
        raise doc.error(
            path,
            Phrase(
                N_("'{pick}' is not a response ({form})"), pick=pick, form="pass, <hero>:<card>#<n>><event>"
            ),
            code="INVALID_VALUE",
        )
