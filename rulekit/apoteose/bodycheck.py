"""The structured form: what a hand-written ``body:`` statement may hold (LANGUAGE.md §3).

A scenario may write a card's description as data when the description reader cannot express it (the
structured ``body:``). :func:`check_statement` checks one such statement against the schema read from the
statement dataclasses (:data:`STATEMENT_FIELDS`, :data:`rulekit.apoteose.statements.SCHEMA`), and each
condition given as data against :data:`COND_FIELDS`, when the file loads: a missing or wrong field is one
located message, never a failure when the card runs.

>>> check_statement({"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "self"}}) is None
True
>>> check_statement({"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "everyone"}})[0]
('target', 'who')
"""

from __future__ import annotations

from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.codes import HERO_SETS
from rulekit.apoteose.lang import ACTION_NOUNS, DURATION_KEYS, ZONES, is_supported
from rulekit.errors import N_, Phrase
from rulekit.yamlsrc import suggest

#: Values of ``target.who`` (a hero phrase, :func:`parse_target`).
WHO_VALUES: tuple[str, ...] = (
    "self",
    "opponent",
    "ally",
    "any",
    "selected",
    "answered",
    "turn",
    "name",
    "that",
    "previous",
    "team",
)
#: Values of ``card`` in a card phrase (:func:`parse_card`).
CARD_VALUES: tuple[str, ...] = ("self", "answered", "selected", "choose", "all", "paid", "previous")
#: Values of ``owner`` in a card phrase: whose cards ("suas cartas", "de um oponente", "do seu time"…).
OWNER_VALUES: tuple[str, ...] = (
    "self",
    "opponent",
    "ally",
    "team",
    "other",
    "any",
    "selected",
    "that",
    "previous",
    *R.ONE_HERO_OWNERS,  # "o INVENTÁRIO de um oponente": one of them, chosen
)
_CARD_FIELDS = {"card": "card", "count?": "int", "type?": "str", "zone?": "zone", "owner?": "owner"}
#: Every statement ``op`` and its fields (``?``: optional) — the schema of the structured ``body:``, read
#: from the statement dataclasses' fields (:data:`rulekit.apoteose.statements.SCHEMA`).
STATEMENT_FIELDS: dict[str, dict[str, str]] = S.SCHEMA
#: Fields every statement may carry.
_COMMON_FIELDS = {"op": "str", "until?": "until"}
#: Bound on a hand-written number (a bound on integer size).
MAX_NUMBER = 10**6
#: The most heroes a count names ("dois inimigos", R-30): more than any table holds.
MAX_COUNTED_HEROES = 12


def check_statement(st: Any, depth: int = 0) -> tuple[tuple[str | int, ...], str, str | None] | None:
    """Validate one structured statement. ``None`` if it is well formed, else ``(path, message, suggestion)``
    where ``path`` is relative to the statement.

    >>> check_statement({"op": "heal", "amount": 5, "resource": "VIDA"}) is None
    True
    >>> check_statement({"op": "heal", "amount": 5})
    ((), "statement 'heal' is missing 'resource'", None)
    >>> check_statement({"op": "heall"})[1:]
    ("unknown statement op 'heall'", 'heal')
    """
    if not isinstance(st, dict):
        return (), Phrase(N_("a statement is a mapping with an 'op'")), None
    op = st.get("op")
    if not isinstance(op, str):
        return (), Phrase(N_("a statement needs an 'op'")), None
    if op not in STATEMENT_FIELDS:
        return ("op",), Phrase(N_("unknown statement op '{op}'"), op=op), suggest(op, list(STATEMENT_FIELDS))
    spec = {**_COMMON_FIELDS, **STATEMENT_FIELDS[op]}
    names = {k.rstrip("?"): v for k, v in spec.items()}
    for key in st:
        if key not in names:
            return (
                (key,),
                Phrase(N_("'{key}' is not a field of '{op}'"), key=key, op=op),
                suggest(str(key), list(names)),
            )
    for key, kind in spec.items():
        name = key.rstrip("?")
        if name not in st:
            if not key.endswith("?"):
                return (), Phrase(N_("statement '{op}' is missing '{name}'"), op=op, name=name), None
            continue
        bad = _check_value(kind, st[name], depth)
        if bad is not None:
            sub, msg, sug = bad
            return (name, *sub), msg, sug
    return None


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_NUMBER


#: The fields of each condition kind the engine evaluates (``matching.Matching.holds``), as
#: :func:`rulekit.apoteose.lang.parse_condition` writes them: ``name`` required, ``name?`` optional, with
#: the kind of value. The
#: fields every condition about one hero's state may carry: its hero, next to whom, the most/least of a set.
_STATE_HERO = {"who?": "who_state", "near?": "near", "most?": "resource", "least?": "resource"}
_THAN = {"cmp": "cmp", "than": "who_state", "than_all?": "bool"}
COND_FIELDS: dict[str, dict[str, str]] = {
    "resource": {**_STATE_HERO, "resource": "resource", "cmp": "cmp", "value": "int"},
    "has": {**_STATE_HERO, "count?": "int", "cmp?": "cmp", "type?": "str", "zone?": "zone"},
    # "você tiver menos MANA (cartas no INVENTÁRIO) que o alvo": a hero against another
    "compare": {**_STATE_HERO, **_THAN, "resource": "resource"},
    "compare_cards": {**_STATE_HERO, **_THAN, "type?": "str", "zone?": "zone"},
    # "sua VIDA estiver acima da metade": a resource against a fraction of its maximum
    "share": {**_STATE_HERO, "resource": "resource", "cmp": "cmp", "part": "fraction"},
    "heroes": {"who": "who_state", "near?": "near", "count?": "int"},
    "exists": {"count?": "int", "zone": "zone", "type?": "str"},
    "turn": {"of": "turn_of"},
    "battle": {},
    "test": {"attribute?": "str", "who?": "who_state"},
    "attached": {},
    "until_event": {"event": "until_event", "card?": "card"},
    "until_time": {"when": "str"},
    "during": {"what": "cond"},
    "until": {"what": "cond"},
    "not": {"what": "cond"},
}
_CMP_OPS = ("<", ">", "<=", ">=", "==")


def _check_cond(v: dict[str, Any], depth: int) -> tuple[tuple[str | int, ...], str, str | None] | None:
    """A condition given as data (a ``body:`` ``if``): its kind, and each field that kind reads
    (LANGUAGE.md §2-§3), so a missing or wrong one is refused when the file loads, not when it runs."""
    kind = v["cond"]
    if kind == "trigger":  # a requirement's own form; its fields are the trigger reader's
        return (
            None
            if isinstance(v.get("trigger"), dict)
            else (("trigger",), Phrase(N_("expected a trigger mapping")), None)
        )
    fields = COND_FIELDS.get(kind)
    if fields is None:
        return (
            ("cond",),
            Phrase(N_("{kind} is not a condition ({kinds})"), kind=repr(kind), kinds=", ".join(COND_FIELDS)),
            suggest(kind, list(COND_FIELDS)),
        )
    names = {f.rstrip("?") for f in fields}
    for key in v:
        if key not in names and key not in ("cond", "text"):
            return (
                (key,),
                Phrase(N_("'{key}' is not a field of a {kind} condition"), key=key, kind=repr(kind)),
                suggest(str(key), sorted(names)),
            )
    for field, value_kind in fields.items():
        name = field.rstrip("?")
        if name not in v:
            if field.endswith("?"):
                continue
            return (), Phrase(N_("a {kind} condition needs '{name}'"), kind=repr(kind), name=name), None
        val = v[name]
        bad: tuple[tuple[str | int, ...], str, str | None] | None
        if value_kind == "cmp":
            bad = (
                None
                if val in _CMP_OPS
                else (
                    (),
                    Phrase(
                        N_("{value} is not a comparison ({values})"),
                        value=repr(val),
                        values=", ".join(_CMP_OPS),
                    ),
                    None,
                )
            )
        elif value_kind == "who_state":
            bad = (
                None
                if val in WHO_VALUES
                else (
                    (),
                    Phrase(
                        N_("{value} is not a hero reference ({values})"),
                        value=repr(val),
                        values=", ".join(WHO_VALUES),
                    ),
                    suggest(str(val), list(WHO_VALUES)),
                )
            )
        elif value_kind == "turn_of":
            bad = (
                None
                if val in ("self", "opponent", "ally")
                else ((), Phrase(N_("{value} is not self, opponent or ally"), value=repr(val)), None)
            )
        elif value_kind == "until_event":
            events = ("discard", "banish", "bury", "exhaust", "reveal", "hide")
            bad = (
                None
                if val in events
                else (
                    (),
                    Phrase(N_("{value} is not one of {values}"), value=repr(val), values=", ".join(events)),
                    None,
                )
            )
        elif value_kind == "near":  # "um aliado adjacente a você": a set of heroes next to one hero
            bad = _check_value("target", {"who": v.get("who", "self"), "near": val}, depth)
            if bad is not None and bad[0][:1] == ("near",):
                bad = (bad[0][1:], bad[1], bad[2])
        elif value_kind == "cond":
            if depth > 8:
                return (name,), Phrase(N_("conditions nested too deeply")), None
            bad = _check_value("cond", val, depth + 1)
        else:
            bad = _check_value(value_kind, val, depth)
        if bad is not None:
            return (name, *bad[0]), bad[1], bad[2]
    return None


def _check_value(kind: str, v: Any, depth: int) -> tuple[tuple[str | int, ...], str, str | None] | None:
    def enum(values: Any, what: str) -> tuple[tuple[str | int, ...], str, str | None] | None:
        if isinstance(v, str) and v in values:
            return None
        return (
            (),
            Phrase(
                N_("{value} is not {what} ({values})"),
                value=repr(v),
                what=Phrase(what),
                values=", ".join(values),
            ),
            suggest(str(v), list(values)),
        )

    if kind == "count":  # a number of cards: a whole number, or "uma carta para cada EVOCAÇÃO" ({"per": …})
        return _check_value("amount" if isinstance(v, dict) and "per" in v else "int", v, depth)
    if kind == "int":
        return (
            None
            if _is_int(v) and v >= 0
            else (
                (),
                Phrase(N_("expected a whole number 0..{most}, got {value}"), most=MAX_NUMBER, value=repr(v)),
                None,
            )
        )
    if kind == "str":
        return (
            None
            if isinstance(v, str) and v.strip()
            else ((), Phrase(N_("expected a text, got {value}"), value=repr(v)), None)
        )
    if kind == "bool":
        return (
            None
            if isinstance(v, bool)
            else ((), Phrase(N_("'{value}' is true or false"), value=repr(v)), None)
        )
    if kind == "fraction":
        ok = isinstance(v, list) and len(v) == 2 and all(_is_int(x) for x in v) and 0 < v[0] <= v[1]
        return (
            None if ok else ((), Phrase(N_("a fraction is [numerator, denominator]: {e}"), e="[1, 2]"), None)
        )
    if kind == "strlist":
        return (
            None
            if isinstance(v, list) and all(isinstance(x, str) for x in v)
            else ((), Phrase(N_("expected a list of texts")), None)
        )
    if kind == "resource":
        return enum(("VIDA", "MANA", "ESTAMINA"), N_("a resource"))
    if kind == "zone":
        return enum(tuple(dict.fromkeys(ZONES.values())) + ("DESCARTE COMUM", "BARALHO COMUM"), N_("a zone"))
    if kind == "card":
        return enum(CARD_VALUES, N_("a card reference"))
    if kind == "owner":
        return enum(OWNER_VALUES, N_("whose cards"))
    if kind == "who":
        return enum(HERO_SETS, N_("a kind of hero"))
    if kind == "what":
        return enum(("hero", "card"), N_("what 'select' picks"))
    if kind == "action":
        return enum(tuple(ACTION_NOUNS.values()), N_("an action"))
    if kind == "until":
        return enum(DURATION_KEYS, N_("a duration"))
    if kind == "target":
        if not isinstance(v, dict):
            return (), Phrase(N_("a target is a mapping like {example}"), example="{who: opponent}"), None
        for key in v:
            if key not in ("who", "name", "all", "text", "near", "most", "least", "count"):
                return (
                    (key,),
                    Phrase(N_("'{key}' is not a field of a target"), key=key),
                    suggest(str(key), ["who", "name", "all", "near", "most", "least", "count"]),
                )
        if "count" in v:  # "dois inimigos": that many different heroes of a set, chosen
            n = v["count"]
            if (
                isinstance(n, bool)
                or not isinstance(n, int)
                or not 2 <= n <= MAX_COUNTED_HEROES
                or v.get("who") not in HERO_SETS
                or any(k in v for k in ("all", "near", "most", "least"))
            ):
                return (
                    ("count",),
                    Phrase(
                        N_("'count' is 2 to {most} heroes of opponent, ally or any, alone"),
                        most=MAX_COUNTED_HEROES,
                    ),
                    None,
                )
        for key in ("most", "least"):  # "o aliado que tiver menos VIDA": among a set of heroes
            if key in v:
                bad = _check_value("resource", v[key], depth)
                if bad is not None:
                    return (key, *bad[0]), bad[1], bad[2]
                if v.get("who") not in HERO_SETS or ("most" in v and "least" in v):
                    return (
                        (key,),
                        Phrase(N_("'{key}' picks among opponent, ally or any, once"), key=key),
                        None,
                    )
        if v.get("who") not in WHO_VALUES:
            return (
                ("who",),
                Phrase(
                    N_("{value} is not a hero reference ({values})"),
                    value=repr(v.get("who")),
                    values=", ".join(WHO_VALUES),
                ),
                suggest(str(v.get("who")), list(WHO_VALUES)),
            )
        if v["who"] == "name" and not (isinstance(v.get("name"), str) and v["name"].strip()):
            return ("name",), Phrase(N_("a target with who: name needs a 'name'")), None
        if "all" in v and not isinstance(v["all"], bool):
            return ("all",), Phrase(N_("'all' is true or false")), None
        if "near" in v:  # "um aliado adjacente a você": a set of heroes, next to one hero
            if v["who"] not in HERO_SETS:
                return (
                    ("near",),
                    Phrase(N_("'near' narrows opponent, ally or any, not {value}"), value=repr(v["who"])),
                    None,
                )
            if depth > 8:
                return ("near",), Phrase(N_("conditions nested too deeply")), None
            bad = _check_value("target", v["near"], depth + 1)
            if bad is not None:
                return ("near", *bad[0]), bad[1], bad[2]
            if v["near"].get("all") or v["near"].get("who") in HERO_SETS or "near" in v["near"]:
                return (
                    ("near",),
                    Phrase(N_("'near' names one hero (self, selected, turn, that, answered or name)")),
                    None,
                )
        return None
    if kind == "cardspec":
        if not isinstance(v, dict):
            return (
                (),
                Phrase(N_("expected a card phrase like {example}"), example="{card: choose, count: 1}"),
                None,
            )
        for key, val in v.items():
            if key not in ("card", "count", "type", "zone", "owner"):
                return (
                    (key,),
                    Phrase(N_("'{key}' is not a field of a card phrase"), key=key),
                    suggest(str(key), list(_CARD_FIELDS)),
                )
            bad = _check_value(_CARD_FIELDS.get(key, _CARD_FIELDS.get(key + "?", "str")), val, depth)
            if bad is not None:
                return (key, *bad[0]), bad[1], bad[2]
        return None if "card" in v else ((), Phrase(N_("a card phrase needs 'card'")), None)
    if kind == "amount":
        if _is_int(v):
            return None
        if (
            isinstance(v, dict)
            and set(v) in ({"sum"}, {"sum", "max"})
            and _is_int(v.get("max", 0))
            and isinstance(v["sum"], list)
            and v["sum"]
            and all(
                isinstance(t, list)
                and len(t) == 2
                and _is_int(t[0])
                and (_is_int(t[1]) or (isinstance(t[1], str) and t[1].strip()))
                for t in v["sum"]
            )
        ):
            return None
        if isinstance(v, dict) and "part" in v and set(v) <= {"part", "of", "of_max", "max"}:
            # "metade da sua VIDA": a fraction of the resource of the hero acted on
            for key, kind2 in (("part", "fraction"), ("of", "resource"), ("of_max", "bool"), ("max", "int")):
                if key in v or key not in ("of_max", "max"):
                    bad = _check_value(kind2, v.get(key), depth)
                    if bad is not None:
                        return (key, *bad[0]), bad[1], bad[2]
            return None
        if isinstance(v, dict) and "per" in v and set(v) <= {"per", "times", "max"}:
            per = v["per"]
            if (
                not isinstance(per, dict)
                or not isinstance(per.get("zone"), str)
                or not set(per) <= {"zone", "who", "type"}
            ):
                return (
                    ("per",),
                    Phrase(N_("'per' is a mapping {example}"), example="{zone: <ZONE>, type: <TYPE>}"),
                    None,
                )
            bad = _check_value("zone", per["zone"], depth)
            if bad is not None:
                return ("per", "zone"), bad[1], bad[2]
            if (
                per.get("who", "self") != "self"
            ):  # the cards of the effect's hero are counted (matching.amount)
                return (
                    ("per", "who"),
                    Phrase(
                        N_("only your own cards are counted: 'who' is self, got {value}"),
                        value=repr(per["who"]),
                    ),
                    None,
                )
            for key in ("times", "max"):
                if key in v and not _is_int(v[key]):
                    return (
                        (key,),
                        Phrase(N_("expected a whole number, got {value}"), value=repr(v[key])),
                        None,
                    )
            return None
        return (
            (),
            Phrase(
                N_("{value} is not an amount (a number, {sum} or {per})"),
                value=repr(v),
                sum="{sum: [[1, INT], [1, 5]]}",
                per="{per: {zone: INVENTÁRIO}, times: 1, max: 5}",
            ),
            None,
        )
    if kind == "cond":
        if not isinstance(v, dict) or not isinstance(v.get("cond"), str) or not is_supported(v):
            return (
                (),
                Phrase(
                    N_("a condition is a mapping like {example}"),
                    example="{cond: resource, who: self, resource: MANA, cmp: '<', value: 3}",
                ),
                None,
            )
        return _check_cond(v, depth)
    if kind == "statements":
        if depth > 8:
            return (), Phrase(N_("statements nested too deeply")), None
        if not isinstance(v, list) or not v:
            return (), Phrase(N_("'then' is a list of statements")), None
        for j, sub in enumerate(v):
            bad = check_statement(sub, depth + 1)
            if bad is not None:
                return (j, *bad[0]), bad[1], bad[2]
        return None
    if kind == "options":
        if depth > 8:
            return (), Phrase(N_("options nested too deeply")), None
        if not isinstance(v, list) or not v:
            return (), Phrase(N_("'options' is a list of statement lists")), None
        for i, opt in enumerate(v):
            if not isinstance(opt, list) or not opt:
                return (i,), Phrase(N_("each option is a list of statements")), None
            for j, sub in enumerate(opt):
                bad = check_statement(sub, depth + 1)
                if bad is not None:
                    return (i, j, *bad[0]), bad[1], bad[2]
        return None
    raise AssertionError(kind)
