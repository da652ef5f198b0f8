"""Views of an Apoteose chain trace: the chain log table, the frames, the chain diagram, the stack.

They only *read* a :class:`rulekit.apoteose.trace.ChainTrace` (or any object with the same
attributes): frames are reconstructed from ``activate`` / ``remove`` events and the stage each
event reports. No rule of the chain is re-implemented here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from rulekit.i18n import N_, contract, translator
from rulekit.views.dot import Digraph
from rulekit.views.markup import escape
from rulekit.views.palette import EDGE_ANSWERS, HIGHLIGHT, OKABE_ITO, SPOTLIGHT, stage_fill
from rulekit.views.table import Table

#: Outcome words an event can give a frame (the stage column shows them as they happen).
_OUTCOMES = {"stopped", "truncated", "negated", "refused"}


def format_resources(resources: dict[str, dict[str, Sequence[int]]] | None) -> str:
    """``{"ana": {"VIDA": [40, 65]}}`` -> ``"ana VIDA 40→65"`` (sorted, deterministic).

    >>> format_resources({"ana": {"VIDA": [40, 65], "ESTAMINA": [5, 3]}})
    'ana ESTAMINA 5→3, ana VIDA 40→65'
    """
    parts = []
    data = resources or {}
    for hero in sorted(data):
        for res in sorted(data[hero]):
            before, after = list(data[hero][res])[:2]
            parts.append(f"{hero} {res} {before}→{after}")
    return ", ".join(parts)


def reason_text(item: Any) -> str:
    """The English words of a reason kept as data: an event's ``detail`` (``code`` + ``params``), a
    :class:`~rulekit.apoteose.deciders.Refusal`, or any object with ``code`` and ``params``. ``""`` if none.

    >>> reason_text({"code": "ONCE_PER_BATTLE", "params": {"battle": 1}})
    'Uma Vez por Batalha: already activated in battle 1'
    """
    from rulekit.apoteose.reasons import render

    if isinstance(item, dict):
        if "params" not in item or "code" not in item:
            return str(item.get("reason") or "")
        return render(item["code"], item["params"])
    code, params = getattr(item, "code", None), getattr(item, "params", None)
    return render(code, params) if code and params is not None else ""


# ---- words of what the engine keeps as data (issue 10 §4) ----------------------------------------
def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's convention, with a context
    """Mark ``message`` (in ``context``) for extraction; translate later with ``Translator.p``."""
    return message


def NNP_(context: str, singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as NP_, with a plural
    """Mark a singular and a plural (in ``context``) for extraction; translate with ``Translator.np``."""
    return singular, plural



#: Decision prompts by code (the English equals :data:`rulekit.apoteose.wording.PROMPTS`; a test checks).
PROMPTS: dict[str, str] = {
    "RESPOND": N_("respond to {effect} ({stage})"),
    "RESPOND_CLOSED": N_("respond to {effect} ({stage}: closed, R-10)"),
    "NO_RESPONSES": N_("{stage} {effect}: no responses"),
    "AUTO_TIE": N_("tie between Auto effects (R-05)"),
    "TASK": N_("task {task}"),
}
#: A game event's kind in words, by kind (msgctxt "game event"; the English equals ``wording.EVENT_WORDS``).
EVENT_WORDS: dict[str, str] = {
    "heal": NP_("game event", "heal"), "recover": NP_("game event", "recovery"),
    "damage": NP_("game event", "damage"), "lose": NP_("game event", "loss"),
    "consume": NP_("game event", "consume"), "discard": NP_("game event", "discard"),
    "bury": NP_("game event", "bury"), "banish": NP_("game event", "banish"),
    "target": NP_("game event", "target"), "attack": NP_("game event", "attack"),
    "test": NP_("game event", "test"), "roll": NP_("game event", "roll"), "draw": NP_("game event", "draw"),
    "resolve": NP_("game event", "resolution"), "enter": NP_("game event", "entering play"),
    "leave": NP_("game event", "leaving play"), "exhaust": NP_("game event", "exhaust"),
    "reveal": NP_("game event", "reveal"),
}
#: Statement ops (msgctxt "statement") and field names (msgctxt "statement field") in words; the English
#: is the op or field name itself.
STATEMENT_OPS: frozenset[str] = frozenset((
    NP_("statement", "heal"), NP_("statement", "recover"), NP_("statement", "consume"),
    NP_("statement", "damage"), NP_("statement", "lose"), NP_("statement", "attack"),
    NP_("statement", "test"), NP_("statement", "draw"), NP_("statement", "discard"),
    NP_("statement", "bury"), NP_("statement", "banish"), NP_("statement", "return"),
    NP_("statement", "exhaust"), NP_("statement", "ready"), NP_("statement", "reveal"),
    NP_("statement", "hide"), NP_("statement", "register"), NP_("statement", "look"),
    NP_("statement", "move"), NP_("statement", "attach"), NP_("statement", "select"),
    NP_("statement", "roll"), NP_("statement", "step"), NP_("statement", "negate"),
    NP_("statement", "modify"), NP_("statement", "gain"), NP_("statement", "compute"),
    NP_("statement", "table"), NP_("statement", "noop"), NP_("statement", "choose"),
    NP_("statement", "if"),
))
STATEMENT_FIELDS: frozenset[str] = frozenset((
    NP_("statement field", "amount"), NP_("statement field", "resource"), NP_("statement field", "target"),
    NP_("statement field", "card"), NP_("statement field", "count"), NP_("statement field", "type"),
    NP_("statement field", "zone"), NP_("statement field", "owner"), NP_("statement field", "attribute"),
    NP_("statement field", "dest"), NP_("statement field", "to"), NP_("statement field", "what"),
    NP_("statement field", "who"), NP_("statement field", "text"), NP_("statement field", "action"),
    NP_("statement field", "delta"), NP_("statement field", "during"), NP_("statement field", "cells"),
    NP_("statement field", "until"),
))


def event_text(ev: dict[str, Any] | None, lang: str = "en") -> str:
    """A game event (``detail["answers_event"]``, ``Option.label_params["event"]``) in words in ``lang``.

    >>> event_text({"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None,
    ...             "patient": "ana"}, "pt-BR")
    'antes de cura VIDA para ana (#0)'
    """
    from rulekit.views.reasons import CHAIN

    if not ev:
        return ""
    t = translator(lang)
    frame = ev.get("frame")
    if ev.get("kind") == "activate":
        return t(CHAIN["activate"], frame=frame)
    kind = str(ev.get("kind"))
    word = t.p("game event", EVENT_WORDS[kind]) if kind in EVENT_WORDS else kind
    bits = [str(b) for b in (ev.get("resource"), ev.get("card")) if b]
    if ev.get("patient"):
        bits.append(t("to {hero}", hero=ev["patient"]))
    what = " ".join([word, *bits])
    if ev.get("moment") == "before":
        what = contract(t(CHAIN["before"], what=what), lang)
    return what + (f" (#{frame})" if frame is not None else "")


def statement_label(st: Any, lang: str = "en") -> str:
    """A statement (its plain data) as a data label in ``lang``: the op and the field names in words, the
    values as data — the form every statement falls back to when its sentence cannot be made (a kind or a
    value this view does not know). In English it is the engine's own label
    (:func:`rulekit.apoteose.wording.statement_words`, ``detail["statements"]``).

    >>> statement_label({"op": "draw", "count": 2}, "es")
    'robar(cantidad=2)'
    """
    st = _plain_statement(st)
    if not isinstance(st, dict):
        return str(st)
    t = translator(lang)
    op = str(st.get("op"))
    rest = ", ".join(f"{t.p('statement field', k) if k in STATEMENT_FIELDS else k}={v}"
                     for k, v in st.items() if k not in ("op", "options"))
    word = t.p("statement", op) if op in STATEMENT_OPS else op
    return f"{word}({rest})" if rest else word


def _plain_statement(st: Any) -> Any:
    """A typed statement's plain data (``to_dict()``); anything else as it is."""
    to_dict = getattr(st, "to_dict", None)
    if not isinstance(st, dict) and callable(to_dict):
        try:
            return to_dict()
        except (TypeError, ValueError, AttributeError):
            return st
    return st


#: One sentence per statement kind, by ``op`` (msgctxt "statement sentence"): the first is the plain
#: form, the others the same statement with its optional parts (a hero other than "you", a number of
#: dice…). The values fill the placeholders as data: resources, attributes, zones and card types stay
#: as written on the cards (Portuguese keywords). Every kind of :mod:`rulekit.apoteose.statements`
#: has one (a test checks); an op not listed here is shown as its :func:`statement_label`.
SENTENCES: dict[str, tuple[str | tuple[str, str], ...]] = {
    "heal": (NP_("statement sentence", "heal {amount} {resource}"),
             NP_("statement sentence", "heal {target} for {amount} {resource}")),
    "recover": (NP_("statement sentence", "recover {amount} {resource}"),
                NP_("statement sentence", "recover {amount} {resource} for {target}")),
    "consume": (NP_("statement sentence", "consume {amount} {resource}"),
                NP_("statement sentence", "consume {amount} {resource} of {target}")),
    "damage": (NP_("statement sentence", "deal {amount} DANO"),
               NP_("statement sentence", "deal {amount} DANO to {target}")),
    "lose": (NP_("statement sentence", "lose {amount} {resource}"),
             NP_("statement sentence", "{target} loses {amount} {resource}")),
    "attack": (NP_("statement sentence", "attack {target} ({amount} DANO)"),),
    "test": (NP_("statement sentence", "make a test of {attribute}"),),
    "draw": (NNP_("statement sentence", "draw {n} card", "draw {n} cards"),
             NNP_("statement sentence", "{target} draws {n} card", "{target} draws {n} cards")),
    "discard": (NP_("statement sentence", "discard {card}"),),
    "bury": (NP_("statement sentence", "bury {card}"),),
    "banish": (NP_("statement sentence", "banish {card}"),),
    "return": (NP_("statement sentence", "return {card} to the INVENTÁRIO"),),
    "exhaust": (NP_("statement sentence", "exhaust {card}"),),
    "ready": (NP_("statement sentence", "ready {card}"),),
    "reveal": (NP_("statement sentence", "reveal {card}"),),
    "hide": (NP_("statement sentence", "hide {card}"),),
    "register": (NP_("statement sentence", "register {card}"),),
    "look": (NP_("statement sentence", "look at {card}"),),
    "move": (NP_("statement sentence", "move {card} {dest}"),),
    "attach": (NP_("statement sentence", "attach {card} to {host}"),),
    "select": (NP_("statement sentence", "select {what}"),
               NNP_("statement sentence", "select {n} opponent", "select {n} opponents"),
               NNP_("statement sentence", "select {n} ally", "select {n} allies"),
               NNP_("statement sentence", "select {n} hero", "select {n} heroes")),
    "roll": (NP_("statement sentence", "roll the dice"),
             NNP_("statement sentence", "roll {n} die", "roll {n} dice")),
    "step": (NP_("statement sentence", "move"), NP_("statement sentence", "move: {text}")),
    "negate": (NP_("statement sentence", "negate the activation"),),
    "modify": (NP_("statement sentence", "increase {action} by {amount}"),
               NP_("statement sentence", "reduce {action} by {amount}"),
               NP_("statement sentence", "change {action} by {amount}")),
    "gain": (NP_("statement sentence", "gain {amount} {attribute}"),
             NP_("statement sentence", "{target} gains {amount} {attribute}")),
    "compute": (NP_("statement sentence", "compute {amount}"),),
    "table": (NP_("statement sentence", "table: {cells}"),),
    "noop": (NP_("statement sentence", "nothing"),),
    "choose": (NP_("statement sentence", "choose one: {options}"),),
    "if": (NP_("statement sentence", "if “{condition}”: {statements}"),),
    "unknown": (NP_("statement sentence", "unreadable clause: “{text}”"),),
}
#: Parts a sentence is built from: a number's bound, a "for each" amount, when a gain applies.
SENTENCE_PARTS: dict[str, str] = {
    "max": NP_("statement sentence", "{sentence} (max {max})"),
    "per": NP_("statement sentence", "{sentence} for each {thing}"),
    "test": NP_("statement sentence", "{sentence} during a test"),
    "during": NP_("statement sentence", "{sentence} (during: {during})"),
}
#: Heroes a statement names (``target``; msgctxt "hero phrase"): by ``who``, then ``who`` with ``all``.
HERO_PHRASES: dict[str, str] = {
    "self": NP_("hero phrase", "yourself"), "opponent": NP_("hero phrase", "an opponent"),
    "ally": NP_("hero phrase", "an ally"), "any": NP_("hero phrase", "a hero"),
    "selected": NP_("hero phrase", "the target"),
    "answered": NP_("hero phrase", "the hero who activated that card"),
    "turn": NP_("hero phrase", "the hero of the turn"), "that": NP_("hero phrase", "that hero"),
}
HERO_PHRASES_ALL: dict[str, str] = {
    "opponent": NP_("hero phrase", "every opponent"), "ally": NP_("hero phrase", "every ally"),
    "any": NP_("hero phrase", "every hero"),
}
#: The heroes a ``select`` picks, by ``who``: which of ``SENTENCES["select"]`` words them.
_SELECT_HEROES = {"opponent": 1, "ally": 2, "any": 3}
#: Cards a statement names (``card``, msgctxt "card phrase"); ``choose`` is counted (``{n} card(s)``).
CARD_PHRASES: dict[str, str] = {
    "self": NP_("card phrase", "this card"), "answered": NP_("card phrase", "that card"),
    "selected": NP_("card phrase", "the selected card"),
    "paid": NP_("card phrase", "the card paid as a cost"),
    "all": NP_("card phrase", "every card"), "each": NP_("card phrase", "card"),
}
#: Cards to choose (``card: choose``), by their number; ``card: all`` with a ``type``.
CARD_COUNT = NNP_("card phrase", "{n} card", "{n} cards")
CARD_ALL_OF_TYPE = NP_("card phrase", "every {type}")
#: Whose cards (``owner``, msgctxt "card owner").
OWNER_PHRASES: dict[str, str] = {
    "self": NP_("card owner", "that you own"), "opponent": NP_("card owner", "of an opponent"),
    "ally": NP_("card owner", "of an ally"), "team": NP_("card owner", "of your team"),
    "other": NP_("card owner", "of another hero"), "any": NP_("card owner", "of any hero"),
}
#: Zones after a preposition, each zone its own message (its article agrees with it in Portuguese and
#: Spanish): where cards come from ("from zone"), where they go ("to zone"), where they are ("in zone").
ZONE_FROM: dict[str, str] = {
    "INVENTÁRIO": NP_("from zone", "from the INVENTÁRIO"), "MESA": NP_("from zone", "from the MESA"),
    "SUPORTE": NP_("from zone", "from the SUPORTE"), "CENÁRIO": NP_("from zone", "from the CENÁRIO"),
    "TABULEIRO": NP_("from zone", "from the TABULEIRO"), "DESCARTE": NP_("from zone", "from the DESCARTE"),
    "BARALHO": NP_("from zone", "from the BARALHO"), "BANIDAS": NP_("from zone", "from the BANIDAS"),
    "LIMBO": NP_("from zone", "from the LIMBO"),
    "DESCARTE COMUM": NP_("from zone", "from the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("from zone", "from the BARALHO COMUM"),
}
ZONE_TO: dict[str, str] = {
    "INVENTÁRIO": NP_("to zone", "to the INVENTÁRIO"), "MESA": NP_("to zone", "to the MESA"),
    "SUPORTE": NP_("to zone", "to the SUPORTE"), "CENÁRIO": NP_("to zone", "to the CENÁRIO"),
    "TABULEIRO": NP_("to zone", "to the TABULEIRO"), "DESCARTE": NP_("to zone", "to the DESCARTE"),
    "BARALHO": NP_("to zone", "to the BARALHO"), "BANIDAS": NP_("to zone", "to the BANIDAS"),
    "LIMBO": NP_("to zone", "to the LIMBO"),
    "DESCARTE COMUM": NP_("to zone", "to the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("to zone", "to the BARALHO COMUM"),
}
ZONE_IN: dict[str, str] = {
    "INVENTÁRIO": NP_("in zone", "in the INVENTÁRIO"), "MESA": NP_("in zone", "in the MESA"),
    "SUPORTE": NP_("in zone", "in the SUPORTE"), "CENÁRIO": NP_("in zone", "in the CENÁRIO"),
    "TABULEIRO": NP_("in zone", "in the TABULEIRO"), "DESCARTE": NP_("in zone", "in the DESCARTE"),
    "BARALHO": NP_("in zone", "in the BARALHO"), "BANIDAS": NP_("in zone", "in the BANIDAS"),
    "LIMBO": NP_("in zone", "in the LIMBO"),
    "DESCARTE COMUM": NP_("in zone", "in the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("in zone", "in the BARALHO COMUM"),
}
#: A zone this view has no message for, after its preposition.
ZONE_ANY: dict[str, str] = {
    "from": NP_("from zone", "from {zone}"), "to": NP_("to zone", "to {zone}"),
    "in": NP_("in zone", "in {zone}"),
}
#: How long a statement lasts (``until``, msgctxt "duration"; seed «Duração»).
DURATION_PHRASES: dict[str, str] = {
    "end_turn": NP_("duration", "until the end of the turn"),
    "end_battle": NP_("duration", "until the end of the battle"),
    "next_turn": NP_("duration", "until the start of your next turn"),
    "end_cycle": NP_("duration", "until the end of the cycle"),
}
#: The action a ``modify`` changes ("Aumente essa cura em 5"), with its demonstrative (msgctxt "modified
#: action").
ACTION_PHRASES: dict[str, str] = {
    "heal": NP_("modified action", "that healing"), "recover": NP_("modified action", "that recovery"),
    "damage": NP_("modified action", "that damage"), "lose": NP_("modified action", "that loss"),
    "draw": NP_("modified action", "that draw"), "consume": NP_("modified action", "that consumption"),
    "activate": NP_("modified action", "that activation"),
}
#: How deep ``choose`` options are worded before their labels are used (the data bounds the depth too).
_MAX_DEPTH = 4


class _NoWords(ValueError):
    """A value the sentence cannot word: the statement is shown as its label instead."""


def _is_count(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class _Words:
    """Words for one statement's values in one language (each raises :class:`_NoWords` on a value it
    does not know)."""

    def __init__(self, lang: str, depth: int = 0) -> None:
        self.t = translator(lang)
        self.lang = lang
        self.depth = depth
        #: what an amount adds after the sentence: "for each card in the INVENTÁRIO", "(max 5)"
        self.tails: list[tuple[str, dict[str, Any]]] = []

    def s(self, op: str, i: int, **params: Any) -> str:
        """The sentence ``SENTENCES[op][i]`` filled with ``params``."""
        message = SENTENCES[op][i]
        if not isinstance(message, str):
            raise _NoWords(op)
        return self.t.p("statement sentence", message, **params)

    def n(self, op: str, i: int, count: Any, **params: Any) -> str:
        """The sentence ``SENTENCES[op][i]`` (a singular and a plural) for ``count``, as ``{n}``."""
        message = SENTENCES[op][i]
        if not _is_count(count) or isinstance(message, str):
            raise _NoWords(count)
        return self.t.np("statement sentence", *message, count, **params)

    def number(self, v: Any, signed: bool = False) -> str:
        """An amount: a number (``+2`` when ``signed``), ``( A + B + 5 )`` (seed «Operações»), or a "for each"
        number; its bound ("(max 5)") and its "for each" follow the sentence (:attr:`tails`)."""
        if _is_count(v):
            return f"{v:+d}" if signed else str(v)
        if not isinstance(v, dict):
            raise _NoWords(v)
        if set(v) <= {"sum", "max"} and isinstance(v.get("sum"), list) and v["sum"]:
            terms = []
            for term in v["sum"]:
                if not (isinstance(term, list | tuple) and len(term) == 2 and _is_count(term[0])):
                    raise _NoWords(term)
                factor, value = term
                sign = "-" if factor < 0 else "+"
                scale = "" if abs(factor) == 1 else f"{abs(factor)}×"
                terms.append((sign, f"{scale}{value}"))
            text = " ".join(f"{sign} {value}" for sign, value in terms)
            text = text[2:] if terms[0][0] == "+" else text
            text = text if len(terms) == 1 else f"( {text} )"
        elif set(v) <= {"per", "times", "max"} and isinstance(v.get("per"), dict):
            per = v["per"]
            if not set(per) <= {"zone", "who", "type"}:
                raise _NoWords(per)
            thing = self.cards({"card": "each", "type": per.get("type"), "zone": per.get("zone"),
                                "owner": None if per.get("who") in (None, "self") else per.get("who")},
                               where="in")
            text = self.number(v.get("times", 1), signed)
            self.tails.append(("per", {"thing": thing}))
        else:
            raise _NoWords(v)
        if "max" in v:
            if not _is_count(v["max"]):
                raise _NoWords(v)
            self.tails.append(("max", {"max": v["max"]}))
        return text

    def hero(self, spec: Any) -> str:
        """A hero phrase (``target``)."""
        if not isinstance(spec, dict) or not set(spec) <= {"who", "all", "name", "text"}:
            raise _NoWords(spec)
        who = spec.get("who")
        if who == "name" and isinstance(spec.get("name"), str):
            return str(spec["name"])
        if spec.get("all") and who in HERO_PHRASES_ALL:
            return self.t.p("hero phrase", HERO_PHRASES_ALL[str(who)])
        if who in HERO_PHRASES and not spec.get("all"):
            return self.t.p("hero phrase", HERO_PHRASES[str(who)])
        if isinstance(spec.get("text"), str):  # a phrase the reader kept as written
            return str(spec["text"])
        raise _NoWords(spec)

    def zone(self, zone: Any, where: str) -> str:
        """A zone after its preposition: ``where`` is ``from``, ``to`` or ``in`` (msgctxt "<where> zone")."""
        if not isinstance(zone, str):
            raise _NoWords(zone)
        table = {"from": ZONE_FROM, "to": ZONE_TO, "in": ZONE_IN}[where]
        context = where + " zone"
        if zone in table:
            return self.t.p(context, table[zone])
        return self.t.p(context, ZONE_ANY[where], zone=zone)

    def cards(self, phrase: Any, where: str = "from") -> str:
        """A card phrase (``card``, ``count``, ``type``, ``zone``, ``owner``): "1 card from the MESA"."""
        if not isinstance(phrase, dict) or not set(phrase) <= _CARD_KEYS:
            raise _NoWords(phrase)
        card, count, typ = phrase.get("card"), phrase.get("count"), phrase.get("type")
        if typ is not None and not isinstance(typ, str):
            raise _NoWords(typ)
        if card == "each":  # "for each <card|TYPE>" (an amount's "per")
            words = typ or self.t.p("card phrase", CARD_PHRASES["each"])
        elif card == "choose":
            n = 1 if count is None else count
            if not _is_count(n):
                raise _NoWords(count)
            words = f"{n} {typ}" if typ else self.t.np("card phrase", *CARD_COUNT, n)
        elif card == "all" and typ:
            words = self.t.p("card phrase", CARD_ALL_OF_TYPE, type=typ)
        elif card in CARD_PHRASES and count is None and not typ:
            words = self.t.p("card phrase", CARD_PHRASES[str(card)])
        else:
            raise _NoWords(phrase)
        parts = [words]
        if phrase.get("zone") is not None:
            parts.append(self.zone(phrase["zone"], where))
        owner = phrase.get("owner")
        if owner is not None:
            if owner not in OWNER_PHRASES:
                raise _NoWords(owner)
            parts.append(self.t.p("card owner", OWNER_PHRASES[str(owner)]))
        return " ".join(parts)

    def statements(self, sts: Any) -> str:
        if not isinstance(sts, list | tuple):
            raise _NoWords(sts)
        return "; ".join(statement_text(s, self.lang, depth=self.depth + 1) for s in sts)


#: The fields of a card phrase (:meth:`rulekit.apoteose.statements.Statement.card_phrase`).
_CARD_FIELDS = ("card", "count", "type", "zone", "owner")
_CARD_KEYS = frozenset(_CARD_FIELDS)


def _card_phrase_of(st: dict[str, Any]) -> dict[str, Any]:
    return {k: st[k] for k in _CARD_FIELDS if k in st}
#: The statements whose sentence is a verb and a card phrase.
_CARD_OPS = frozenset(("discard", "bury", "banish", "return", "exhaust", "ready", "reveal", "hide",
                       "register", "look"))


def _sentence(w: _Words, st: dict[str, Any]) -> tuple[str, frozenset[str]]:
    """The sentence of one statement and the fields it worded (the rest are shown as data after it)."""
    op = st.get("op")
    target = st.get("target")
    others = target is not None and target != {"who": "self"}
    if op in ("heal", "recover", "consume"):
        words = {"amount": w.number(st.get("amount")), "resource": str(st.get("resource"))}
        if others:
            return w.s(op, 1, target=w.hero(target), **words), frozenset(("amount", "resource", "target"))
        return w.s(op, 0, **words), frozenset(("amount", "resource", "target"))
    if op == "damage":
        used = {"amount", "target"} | ({"resource"} if st.get("resource") in (None, "VIDA") else set())
        if target is not None:  # "a um oponente"; "a você mesmo" too: the damage names its hero
            return w.s(op, 1, amount=w.number(st.get("amount")), target=w.hero(target)), frozenset(used)
        if "card" in st:
            return (w.s(op, 1, amount=w.number(st.get("amount")), target=w.cards(_card_phrase_of(st))),
                    frozenset(used | _CARD_KEYS))
        return w.s(op, 0, amount=w.number(st.get("amount"))), frozenset(used)
    if op == "lose":
        words = {"amount": w.number(st.get("amount")), "resource": str(st.get("resource"))}
        if others:
            return w.s(op, 1, target=w.hero(target), **words), frozenset(("amount", "resource", "target"))
        return w.s(op, 0, **words), frozenset(("amount", "resource", "target"))
    if op == "attack":
        return (w.s(op, 0, target=w.hero(target), amount=w.number(st.get("amount"))),
                frozenset(("amount", "target")))
    if op == "test":
        return w.s(op, 0, attribute=str(st.get("attribute"))), frozenset(("attribute",))
    if op == "draw":
        count = st.get("count", 1)
        if others:
            return w.n(op, 1, count, target=w.hero(target)), frozenset(("count", "target"))
        return w.n(op, 0, count), frozenset(("count", "target"))
    if op in _CARD_OPS:
        return w.s(str(op), 0, card=w.cards(_card_phrase_of(st))), _CARD_KEYS
    if op == "move":
        return (w.s(op, 0, card=w.cards(_card_phrase_of(st)), dest=w.zone(st.get("dest"), "to")),
                _CARD_KEYS | {"dest"})
    if op == "attach":
        return w.s(op, 0, card=w.cards(_card_phrase_of(st)), host=w.cards(st.get("to"))), _CARD_KEYS | {"to"}
    if op == "select":
        return _selected(w, st), frozenset(("count", "what", "who", "type", "owner", "zone"))
    if op == "roll":
        if st.get("count") is None:
            return w.s(op, 0), frozenset(("count",))
        return w.n(op, 1, st.get("count")), frozenset(("count",))
    if op == "step":
        if st.get("text") is None:
            return w.s(op, 0), frozenset(("text",))
        return w.s(op, 1, text=str(st["text"])), frozenset(("text",))
    if op == "negate":
        return w.s(op, 0), frozenset()
    if op == "modify":
        action, delta = st.get("action"), st.get("delta")
        if action not in ACTION_PHRASES:
            raise _NoWords(action)
        what = w.t.p("modified action", ACTION_PHRASES[str(action)])
        if _is_count(delta):
            which = 0 if delta >= 0 else 1
            return w.s(op, which, action=what, amount=abs(delta)), frozenset(("action", "delta"))
        return w.s(op, 2, action=what, amount=w.number(delta)), frozenset(("action", "delta"))
    if op == "gain":
        words = {"amount": w.number(st.get("amount"), signed=True), "attribute": str(st.get("attribute"))}
        text = w.s(op, 1, target=w.hero(target), **words) if others else w.s(op, 0, **words)
        during = st.get("during")
        if during == "test":
            text = w.t.p("statement sentence", SENTENCE_PARTS["test"], sentence=text)
        elif during is not None:
            text = w.t.p("statement sentence", SENTENCE_PARTS["during"], sentence=text, during=during)
        return text, frozenset(("amount", "attribute", "target", "during"))
    if op == "compute":
        return w.s(op, 0, amount=w.number(st.get("amount"))), frozenset(("amount",))
    if op == "table":
        cells = st.get("cells") or []
        if not isinstance(cells, list | tuple):
            raise _NoWords(cells)
        return w.s(op, 0, cells=" ❙ ".join(str(c) for c in cells)), frozenset(("cells",))
    if op == "noop":
        return w.s(op, 0), frozenset()
    if op == "choose":
        options = st.get("options")
        if not isinstance(options, list | tuple) or not options:
            raise _NoWords(options)
        return w.s(op, 0, options=" ".join(f"● {w.statements(o)}" for o in options)), frozenset(("options",))
    if op == "if":  # the condition as the card writes it, then the statements it governs
        then = st.get("then")
        if not isinstance(then, list | tuple) or not then or not isinstance(st.get("text"), str):
            raise _NoWords(st)
        sentence = w.s(op, 0, condition=st["text"], statements=w.statements(then))
        return sentence, frozenset(("cond", "then", "text"))
    if op == "unknown":
        return w.s(op, 0, text=str(st.get("text"))), frozenset(("text", "position", "expected", "suggestion"))
    raise _NoWords(op)


def _selected(w: _Words, st: dict[str, Any]) -> str:
    """A ``select``: "select 1 opponent", "select 2 heroes", "select 1 COMPANHEIRO from the TABULEIRO"."""
    count, what = st.get("count"), st.get("what")
    if not _is_count(count):
        raise _NoWords(count)
    if what == "hero":
        which = _SELECT_HEROES.get(str(st.get("who") or "any"))
        if which is None or st.get("type") or st.get("zone") or st.get("owner"):
            raise _NoWords(st)
        return w.n("select", which, count)
    if what == "card" and st.get("who") is None:
        phrase = {k: st[k] for k in ("count", "type", "zone", "owner") if k in st}
        return w.s("select", 0, what=w.cards({"card": "choose", **phrase}))
    raise _NoWords(st)


def statement_text(st: Any, lang: str = "en", depth: int = 0) -> str:
    """A statement (its plain data: ``detail["statements_data"]``, a decision's ``statement``) as a short
    sentence in ``lang``, made from its kind's template in :data:`SENTENCES` and its values. Resources,
    attributes, zones and card types stay as the cards write them.

    A field the sentence does not word (a newer engine's) follows it as data; a kind or a value it cannot
    word gives the statement's :func:`statement_label`. It never raises. The text is plain: escape it
    for HTML, as every value.

    >>> statement_text({"op": "heal", "amount": 5, "resource": "VIDA"})
    'heal 5 VIDA'
    >>> statement_text({"op": "heal", "amount": 5, "resource": "VIDA"}, "pt-BR")
    'cura 5 de VIDA'
    >>> statement_text({"op": "draw", "count": 2, "target": {"who": "self"}}, "es")
    'roba 2 cartas'
    >>> statement_text({"op": "damage", "amount": 3, "resource": "VIDA",
    ...                 "target": {"who": "selected"}}, "pt-BR")
    'causa 3 de DANO ao alvo'
    >>> statement_text({"op": "warp", "speed": 9}, "pt-BR")  # a kind this view does not know
    'warp(speed=9)'

    A typed statement (:mod:`rulekit.apoteose.statements`) is read as its plain data.
    """
    st = _plain_statement(st)
    if not isinstance(st, dict):
        return str(st)
    if depth > _MAX_DEPTH:
        return statement_label(st, lang)
    w = _Words(lang, depth)
    try:
        text, used = _sentence(w, st)
        for part, params in w.tails:
            text = w.t.p("statement sentence", SENTENCE_PARTS[part], sentence=text, **params)
        rest = {k: v for k, v in st.items() if k not in used and k not in ("op", "until")}
        until = st.get("until")
        if until is not None:
            if until in DURATION_PHRASES:
                text = f"{text} {w.t.p('duration', DURATION_PHRASES[str(until)])}"
            else:
                rest["until"] = until
    except (_NoWords, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return statement_label(st, lang)
    if rest:
        t = w.t
        text += " (" + ", ".join(f"{t.p('statement field', k) if k in STATEMENT_FIELDS else k}={v}"
                                 for k, v in rest.items()) + ")"
    return contract(text, lang)


def statements_text(sts: Sequence[Any], lang: str = "en") -> str:
    """Statements' sentences, ``; ``-joined (an option of "Escolha um")."""
    return "; ".join(statement_text(s, lang) for s in sts)


def prompt_text(point: Any, lang: str = "en") -> str:
    """A decision point's prompt in ``lang``, from its ``prompt_code`` and ``prompt_params`` (the prompt as
    the engine worded it in English when there is no code)."""
    t = translator(lang)
    code, params = getattr(point, "prompt_code", ""), dict(getattr(point, "prompt_params", {}) or {})
    if code in ("PAY", "CHOOSE_ONE"):  # the card's own words
        return str(params.get("requirement", "Escolha um"))
    if code == "STATEMENT":
        return statement_text(params.get("statement") or {}, lang)
    if code in PROMPTS:
        if "stage" in params:
            params["stage"] = t(str(params["stage"]))
        return t(PROMPTS[code], **params)
    return str(getattr(point, "prompt", "") or "")


def option_text(option: Any, lang: str = "en") -> str:
    """An option's label in ``lang``, from its ``label_code`` and ``label_params`` (its label otherwise)."""
    t = translator(lang)
    code, params = getattr(option, "label_code", ""), dict(getattr(option, "label_params", {}) or {})
    if code == "PASS":
        return t("pass")
    if code == "ANSWERS":
        event = event_text(params.get("event"), lang)
        return t("{hero}: {name} ({effect}) — answers {event}", hero=params.get("hero"),
                 name=params.get("name"), effect=params.get("effect"), event=event)
    if code == "STATEMENTS":
        return statements_text(params.get("statements") or [], lang)
    return str(getattr(option, "label", "") or getattr(option, "id", ""))


def _answers(ev: Any) -> str:
    detail = ev.detail or {}
    ans = detail.get("answers")
    if ev.responds_to is None:
        return ""
    if ans:
        return f"#{ev.responds_to}: {ans}"
    return f"#{ev.responds_to}"


def _card(ev: Any) -> str:
    return ev.card or ev.effect or ""


def resolved_text(ev: Any, lang: str = "en") -> str:
    """What a ``resolve`` event resolved, in ``lang``: its statements' sentences (:func:`statements_text`
    of ``detail["statements_data"]``), ``; ``-joined; the engine's labels (``detail["statements"]``) when
    the trace has no data (an older trace). ``""`` for any other event, or when nothing resolved.

    >>> from types import SimpleNamespace
    >>> ev = SimpleNamespace(event="resolve", detail={"statements_data": [
    ...     {"op": "heal", "amount": 25, "resource": "VIDA", "target": {"who": "self"}},
    ...     {"op": "recover", "amount": 2, "resource": "MANA", "target": {"who": "self"}}]})
    >>> resolved_text(ev)
    'heal 25 VIDA; recover 2 MANA'
    >>> resolved_text(ev, "es")
    'cura 25 de VIDA; recupera 2 de MANA'
    """
    if getattr(ev, "event", None) != "resolve":
        return ""
    detail = getattr(ev, "detail", None) or {}
    data = detail.get("statements_data")
    if isinstance(data, list | tuple):
        return statements_text(data, lang)
    labels = detail.get("statements")
    return "; ".join(str(x) for x in labels) if isinstance(labels, list | tuple) else ""


def _log_detail(ev: Any) -> str:
    """The chain log's detail cell (English): a reason in words, a requirement, what a response answers,
    or what a resolution resolved."""
    detail = ev.detail or {}
    extra = reason_text(detail) or detail.get("requirement") or detail.get("answers") or resolved_text(ev)
    return str(extra or "")


def chain_log_table(trace: Any, upto: int | None = None) -> Table:
    """The chain log: one row per event (index, spotlight, stage, card, hero, responds to, resources,
    detail). The detail is a refusal's or a stop's reason in words, the requirement paid, the moment a
    response answers, or — for a resolution — the statements it resolved as sentences
    (:func:`resolved_text`).

    ``upto`` (an event position) highlights that row — the ChainExplorer's current event.

    >>> from rulekit.apoteose import run_chain
    >>> log = chain_log_table(run_chain("apoteose/nested-responses"))
    >>> [row[9] for row in log.rows if row[1] == "resolve"][-1]
    'heal 25 VIDA; recover 2 MANA'
    """
    rows = []
    for n, ev in enumerate(trace.events):
        spot = "game" if ev.spotlight is None else f"★ #{ev.spotlight}"
        extra = _log_detail(ev)
        rows.append(
            (
                str(n + 1),
                ev.event,
                "" if ev.index is None else f"#{ev.index}",
                spot,
                ev.stage or "",
                _card(ev),
                ev.hero or "",
                _answers(ev),
                format_resources(ev.resources),
                extra,
            )
        )
    changed = frozenset((r, 8) for r, row in enumerate(rows) if row[8])
    return Table(
        "chainlog",
        f"Chain log — {trace.scenario}",
        ("#", "event", "index", "spotlight", "stage", "card", "hero", "responds to", "resources", "detail"),
        tuple(rows),
        changed=changed,
        highlight_row=upto,
    )


@dataclass
class Frame:
    """One activation's frame, as reconstructed from the trace."""

    key: int  # order of activation (0-based), unique in the trace
    index: int
    card: str
    effect: str
    hero: str
    responds_to: int | None
    answers: str
    stage: str = "activating"
    outcome: str = ""  # resolved / stopped / truncated / negated
    removed: bool = False
    resolved_order: int | None = None  # set once its resolution is over (post window or removal)
    parent_key: int | None = None
    events: list[int] = field(default_factory=list)


def frames(trace: Any, upto: int | None = None) -> tuple[list[Frame], int | None]:
    """Frames reconstructed from the events up to position ``upto`` (inclusive; ``None`` = all).

    Returns the frames in activation order and the spotlight index after the last event read.
    """
    out: list[Frame] = []
    live: dict[int, Frame] = {}
    pending_answer: dict[int, str] = {}
    spotlight: int | None = None
    resolved = 0
    finishing: dict[int, int] = {}  # frame key -> its resolution's number, while it is resolving
    events = list(trace.events)
    last = len(events) - 1 if upto is None else min(upto, len(events) - 1)
    for pos in range(last + 1):
        ev = events[pos]
        spotlight = ev.spotlight
        if ev.event == "respond" and ev.responds_to is not None:
            pending_answer[ev.responds_to] = str((ev.detail or {}).get("answers") or "")
        if ev.event == "activate" and ev.index is not None:
            parent = live.get(ev.responds_to) if ev.responds_to is not None else None
            new = Frame(
                key=len(out),
                index=ev.index,
                card=_card(ev),
                effect=ev.effect or "",
                hero=ev.hero or "",
                responds_to=ev.responds_to,
                answers=pending_answer.pop(ev.responds_to, "") if ev.responds_to is not None else "",
                parent_key=parent.key if parent else None,
            )
            out.append(new)
            live[ev.index] = new
        frame = live.get(ev.index) if ev.index is not None else None
        if frame is None:
            continue
        frame.events.append(pos)
        if ev.stage:
            frame.stage = ev.stage
        if frame.key in finishing and ev.event != "resolve":
            # the resolution is over only once an event after it (post window, removal) happened:
            # at the resolve event itself the frame is resolving, not yet resolved
            frame.resolved_order = finishing.pop(frame.key)
        if ev.event == "resolve":
            resolved += 1
            finishing[frame.key] = resolved
            frame.outcome = frame.outcome or "resolved"
        if ev.event in _OUTCOMES:
            frame.outcome = ev.event
        if ev.event == "remove":
            frame.removed = True
            live.pop(ev.index, None)
    return out, spotlight


def chain_dot(trace: Any, upto: int | None = None, scale: float = 1.0, legend: bool = True) -> str:
    """The chain diagram (DOT): frames stacked by index (index 0 at the bottom), the spotlight
    marked ``★`` with a thick outline, each frame's stage or outcome, and dashed edges to what it
    answers. ``upto`` draws the chain as it stood after that event (the ChainExplorer's step).
    ``legend=False`` leaves the legend out (the explorer shows it as a compact HTML box).
    """
    from rulekit.views.reasons import moment_text

    fs, spotlight = frames(trace, upto)
    g = Digraph("chain", comment="rulekit chain")
    g.attr(
        rankdir="BT",
        fontname="Helvetica",
        fontsize=str(round(14 * scale)),
        labelloc="t",
        label=f"Chain — {trace.scenario}",
        newrank="true",
        nodesep="0.3",
        ranksep="0.35",
    )
    g.attr(
        "node",
        shape="box",
        style="rounded,filled",
        fontname="Helvetica",
        fontsize=str(round(12 * scale)),
        color=OKABE_ITO["black"],
        penwidth="1.2",
    )
    g.attr("edge", fontname="Helvetica", fontsize=str(round(10 * scale)))
    on_game = spotlight is None
    g.node(
        "game",
        "★ the game\n(spotlight: the chain is empty)" if on_game else "the game\n(the chain is open)",
        shape="box" if on_game else "plaintext",
        style="rounded,filled" if on_game else "",
        fillcolor=SPOTLIGHT if on_game else "#FFFFFF",
        color=HIGHLIGHT if on_game else OKABE_ITO["black"],
        penwidth="3.5" if on_game else "1",
        fontcolor=OKABE_ITO["black"] if on_game else "#555555",
    )
    by_index: dict[int, list[Frame]] = {}
    for f in fs:
        by_index.setdefault(f.index, []).append(f)
    live_top = {f.index: f for f in fs if not f.removed}
    for index in sorted(by_index):
        with g.subgraph(name=f"rank{index}") as sub:
            sub.attr(rank="same")
            sub.node(f"idx{index}", f"index {index}", shape="plaintext", style="")
            for f in by_index[index]:
                spot = spotlight == f.index and live_top.get(f.index) is f
                state = (f.outcome or f.stage) if f.removed else _live_state(f)
                if f.removed:
                    state = f"{state}, removed" if f.outcome else "removed"
                lines = [f"{'★ ' if spot else ''}#{f.index} {f.card}", f"{f.hero} — {state}"]
                if f.resolved_order is not None:
                    lines.append(f"resolved {ordinal(f.resolved_order)}")
                words = moment_text(f.answers) if f.answers else ""
                if words and words != f.answers:  # a moment id in words; the id stays in the tooltip
                    lines.append(f"answers {words}")
                elif f.answers:
                    lines.append(f"answers: {f.answers}")
                attrs = {
                    "fillcolor": SPOTLIGHT
                    if spot
                    else stage_fill(f.outcome if f.outcome in _OUTCOMES else f.stage),
                    "tooltip": f"{f.effect} ({state})"
                    + (f" — answers {f.answers}" if words != f.answers else ""),
                }
                if spot:
                    attrs.update(penwidth="3.5", color=HIGHLIGHT)
                if f.removed:
                    attrs.update(style="rounded,filled,dashed")
                sub.node(f"f{f.key}", "\n".join(lines), **attrs)
    indices = sorted(by_index)
    prev = "game"
    for index in indices:
        g.edge(prev, f"idx{index}", style="invis")
        prev = f"idx{index}"
    for f in fs:
        if f.parent_key is not None:
            g.edge(
                f"f{f.key}",
                f"f{f.parent_key}",
                label="answers",
                style="dashed",
                color=EDGE_ANSWERS,
                tooltip=f"#{f.index} answers #{f.responds_to}"
                + (f": {f.answers}" if moment_text(f.answers) == f.answers else "")
                + (
                    f": {moment_text(f.answers)} ({f.answers})" if moment_text(f.answers) != f.answers else ""
                ),
                constraint="false",
            )
    if not legend:
        return g.source
    with g.subgraph(name="cluster_legend") as leg:
        leg.attr(label="legend", fontsize=str(round(10 * scale)), style="dashed", color="#888888")
        leg.node(
            "legend_spot",
            "★ spotlight (holofote)",
            fillcolor=SPOTLIGHT,
            penwidth="3.5",
            color=HIGHLIGHT,
            fontsize=str(round(10 * scale)),
        )
        leg.node(
            "legend_removed",
            "dashed box: frame removed",
            style="rounded,dashed",
            fontsize=str(round(10 * scale)),
        )
        leg.node("legend_a", "response", shape="plaintext", style="", fontsize=str(round(10 * scale)))
        leg.node(
            "legend_b", "the frame it answers", shape="plaintext", style="", fontsize=str(round(10 * scale))
        )
        leg.edge(
            "legend_a",
            "legend_b",
            label="answers (dashed)",
            style="dashed",
            color=EDGE_ANSWERS,
            fontsize=str(round(10 * scale)),
        )
    return g.source


def _live_state(f: Frame) -> str:
    """What a frame still on the chain is doing: its stage, unless it was stopped/truncated/negated."""
    return f.outcome if f.outcome in _OUTCOMES else f.stage


def ordinal(n: int) -> str:
    """``1 -> '1st'``, ``2 -> '2nd'``, ``11 -> '11th'``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def stack_list_html(
    trace: Any,
    upto: int | None,
    scale: float,
    *,
    head: str,
    note: str,
    empty: Callable[[int | None], str],
    entry: Callable[[Frame, str], str],
) -> str:
    """The live stack after event ``upto`` as an HTML list, top of the stack first, the spotlight's entry
    outlined and marked ``★``: the one layout of :func:`stack_html` and its translated twin
    (:func:`rulekit.views.localized.stack_html`), which give the words.

    ``head`` and ``note`` are text (escaped here); ``empty(spotlight)`` is the HTML of an empty stack and
    ``entry(frame, mark)`` an entry's HTML (``mark`` is ``"★ "`` on the spotlight): both escape their values.
    """
    fs, spotlight = frames(trace, upto)
    live = sorted((f for f in fs if not f.removed), key=lambda f: -f.index)
    size = f"font-size:{100 * scale:.0f}%"
    if not live:
        return f'<div style="{size}">{empty(spotlight)}</div>'
    items = []
    for f in live:
        spot = f.index == spotlight
        style = (
            f"border:3px solid {HIGHLIGHT};background:{SPOTLIGHT};" if spot else "border:1px solid #555;"
        ) + "padding:2px 6px;margin:2px 0;list-style:none;"
        items.append(f'<li style="{style}">{entry(f, "★ " if spot else "")}</li>')
    return (
        f'<div style="{size}"><strong>{escape(head)}</strong> {escape(note)}'
        f'<ul style="padding-left:0">{"".join(items)}</ul></div>'
    )


def stack_html(trace: Any, upto: int | None = None, scale: float = 1.0) -> str:
    """The live stack after event ``upto`` as an HTML list, top of the stack first, spotlight ``★``."""

    def empty(spotlight: int | None) -> str:
        where = "the game" if spotlight is None else f"#{spotlight}"
        return f"<strong>Stack:</strong> empty — spotlight on {escape(where)}"

    def entry(f: Frame, mark: str) -> str:
        answers = f" — answers {f.answers}" if f.answers else ""  # text: escaped once, with the rest
        return escape(f"{mark}#{f.index} {f.card} ({f.hero}) — stage: {_live_state(f)}{answers}")

    return stack_list_html(trace, upto, scale, head="Stack", note="(top first; ★ = spotlight)", empty=empty,
                           entry=entry)


def stack_text(trace: Any, upto: int | None = None) -> str:
    """Plain-text twin of :func:`stack_html`."""
    fs, spotlight = frames(trace, upto)
    live = sorted((f for f in fs if not f.removed), key=lambda f: -f.index)
    if not live:
        return "Stack: empty — spotlight on " + ("the game" if spotlight is None else f"#{spotlight}")
    lines = ["Stack (top first; ★ = spotlight)"]
    for f in live:
        mark = "★ " if f.index == spotlight else "  "
        lines.append(f"{mark}#{f.index} {f.card} ({f.hero}) — stage: {_live_state(f)}")
    return "\n".join(lines)


def heroes_table(trace: Any, caption: str | None = None) -> Table:
    """Heroes: resources ``current/max``, attributes, zones (after the chain, unless ``caption`` says)."""
    rows = []
    for hero in sorted(trace.heroes):
        st = trace.heroes[hero]
        res = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(st.resources.items()))
        attrs = ", ".join(f"{k} {v}" for k, v in sorted(st.attributes.items()))
        zones = "; ".join(f"{z}: {', '.join(cards)}" for z, cards in sorted(st.zones.items()) if cards)
        rows.append((hero, res, attrs, zones))
    return Table(
        "heroes",
        caption or f"Heroes after the chain — {trace.scenario}",
        ("hero", "resources", "attributes", "zones"),
        tuple(rows),
    )
