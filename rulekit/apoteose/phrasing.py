"""The words of a statement's parts: one sentence template per statement kind, and the hero, card, zone,
duration and action phrases that fill it (msgctxt "statement sentence", "hero phrase", "card phrase"…).

:mod:`rulekit.apoteose.wording` makes a statement's sentence from these (``statement_text``) and keeps the
engine's other codes; this module holds the phrase tables and :class:`Words`, which words one value in one
language. Apoteose keywords (VIDA, MANA, MESA…), card types and zones stay as the cards write them.

>>> Words("pt-BR").hero({"who": "ally", "all": True, "near": {"who": "self"}})
'cada aliado adjacente a você'
>>> Words("es").cards({"card": "choose", "count": 2, "zone": "MESA"})
'2 cartas de la MESA'
"""

from __future__ import annotations

from typing import Any, TypeGuard

from rulekit.i18n import translator


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's convention, with a context
    """Mark ``message`` (in ``context``) for extraction; translate later with ``Translator.p``."""
    return message


def NNP_(context: str, singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - as NP_, with a plural
    """Mark a singular and a plural (in ``context``) for extraction; translate with ``Translator.np``."""
    return singular, plural


#: One sentence per statement kind, by ``op`` (msgctxt "statement sentence"): the first is the plain
#: form, the others the same statement with its optional parts (a hero other than "you", a number of
#: dice…). The values fill the placeholders as data: resources, attributes, zones and card types stay
#: as written on the cards (Portuguese keywords). Every kind of :mod:`rulekit.apoteose.statements`
#: has one (a test checks); an op not listed here is shown as its :func:`statement_label`.
SENTENCES: dict[str, tuple[str | tuple[str, str], ...]] = {
    "heal": (
        NP_("statement sentence", "heal {amount} {resource}"),
        NP_("statement sentence", "heal {target} for {amount} {resource}"),
    ),
    "recover": (
        NP_("statement sentence", "recover {amount} {resource}"),
        NP_("statement sentence", "recover {amount} {resource} for {target}"),
    ),
    "consume": (
        NP_("statement sentence", "consume {amount} {resource}"),
        NP_("statement sentence", "consume {amount} {resource} of {target}"),
    ),
    "damage": (
        NP_("statement sentence", "deal {amount} DANO"),
        NP_("statement sentence", "deal {amount} DANO to {target}"),
    ),
    "lose": (
        NP_("statement sentence", "lose {amount} {resource}"),
        NP_("statement sentence", "{target} loses {amount} {resource}"),
    ),
    "attack": (NP_("statement sentence", "attack {target} ({amount} DANO)"),),
    "test": (NP_("statement sentence", "make a test of {attribute}"),),
    "draw": (
        NNP_("statement sentence", "draw {n} card", "draw {n} cards"),
        NNP_("statement sentence", "{target} draws {n} card", "{target} draws {n} cards"),
    ),
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
    "select": (
        NP_("statement sentence", "select {what}"),
        NNP_("statement sentence", "select {n} opponent", "select {n} opponents"),
        NNP_("statement sentence", "select {n} ally", "select {n} allies"),
        NNP_("statement sentence", "select {n} hero", "select {n} heroes"),
    ),
    "roll": (
        NP_("statement sentence", "roll the dice"),
        NNP_("statement sentence", "roll {n} die", "roll {n} dice"),
    ),
    "step": (NP_("statement sentence", "move"), NP_("statement sentence", "move: {text}")),
    "negate": (NP_("statement sentence", "negate the activation"),),
    "modify": (
        NP_("statement sentence", "increase {action} by {amount}"),
        NP_("statement sentence", "reduce {action} by {amount}"),
        NP_("statement sentence", "change {action} by {amount}"),
    ),
    "gain": (
        NP_("statement sentence", "gain {amount} {attribute}"),
        NP_("statement sentence", "{target} gains {amount} {attribute}"),
    ),
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
    # "metade da sua VIDA": the fraction is of the resource of the hero the statement acts on
    "part": NP_("statement sentence", "{sentence} (that part of the current {resource}, rounded down)"),
    "part_max": NP_("statement sentence", "{sentence} (that part of the maximum {resource}, rounded down)"),
}
#: Heroes a statement names (``target``; msgctxt "hero phrase"): by ``who``, then ``who`` with ``all``.
HERO_PHRASES: dict[str, str] = {
    "self": NP_("hero phrase", "yourself"),
    "opponent": NP_("hero phrase", "an opponent"),
    "ally": NP_("hero phrase", "an ally"),
    "any": NP_("hero phrase", "a hero"),
    "selected": NP_("hero phrase", "the target"),
    "answered": NP_("hero phrase", "the hero who activated that card"),
    "turn": NP_("hero phrase", "the hero of the turn"),
    "that": NP_("hero phrase", "that hero"),
    "previous": NP_("hero phrase", "that same hero"),  # the hero the clause before acted on
    "team": NP_("hero phrase", "you or an ally"),  # one hero of your team, chosen
}
HERO_PHRASES_ALL: dict[str, str] = {
    "opponent": NP_("hero phrase", "every opponent"),
    "ally": NP_("hero phrase", "every ally"),
    "any": NP_("hero phrase", "every hero"),
    "previous": NP_("hero phrase", "each of those same heroes"),
}
#: That many different heroes of a set, chosen by the controller (``count``: "dois inimigos", R-30); worded
#: with "each of" so a verb after it stays singular.
HERO_COUNTED: dict[str, tuple[str, str]] = {
    "opponent": NNP_("hero phrase", "{n} opponent you choose", "each of {n} opponents you choose"),
    "ally": NNP_("hero phrase", "{n} ally you choose", "each of {n} allies you choose"),
    "any": NNP_("hero phrase", "{n} hero you choose", "each of {n} heroes you choose"),
}
#: Heroes next to one hero (``near``: "um aliado adjacente a você"), one or every one of them; the hero
#: they stand next to is worded by :data:`NEAR_PHRASES`, else as a hero phrase.
HERO_NEAR = NP_("hero phrase", "{hero} adjacent to {near}")
HERO_NEAR_ALL = NP_("hero phrase", "{heroes} adjacent to {near}")
NEAR_PHRASES: dict[str, str] = {"self": NP_("adjacent to", "you")}
#: The hero (or every hero, tied) of a set with the most or the least of a resource (R-25: "o aliado que tiver
#: menos VIDA"), by ``most``/``least`` and whether every tied hero is meant (``all``).
HERO_EXTREMES: dict[str, str] = {
    "most": NP_("hero phrase", "{hero} with the most {resource}"),
    "least": NP_("hero phrase", "{hero} with the least {resource}"),
}
#: The set such a hero is found in, by ``who`` and ``all`` (one of them, or every one tied).
HERO_SETS: dict[tuple[str, bool], str] = {
    ("ally", False): NP_("hero phrase", "the ally"),
    ("opponent", False): NP_("hero phrase", "the opponent"),
    ("any", False): NP_("hero phrase", "the hero"),
    ("ally", True): NP_("hero phrase", "the allies"),
    ("opponent", True): NP_("hero phrase", "the opponents"),
    ("any", True): NP_("hero phrase", "the heroes"),
}
#: The heroes a ``select`` picks, by ``who``: which of ``SENTENCES["select"]`` words them.
SELECT_HEROES = {"opponent": 1, "ally": 2, "any": 3}
#: The heroes a ``select`` picks next to one hero ("Selecione 1 Herói rival adjacente a você"), by ``who``.
SELECT_NEAR: dict[str, tuple[str, str]] = {
    "opponent": NNP_(
        "statement sentence",
        "select {n} opponent adjacent to {near}",
        "select {n} opponents adjacent to {near}",
    ),
    "ally": NNP_(
        "statement sentence", "select {n} ally adjacent to {near}", "select {n} allies adjacent to {near}"
    ),
    "any": NNP_(
        "statement sentence", "select {n} hero adjacent to {near}", "select {n} heroes adjacent to {near}"
    ),
}
#: Cards a statement names (``card``, msgctxt "card phrase"); ``choose`` is counted (``{n} card(s)``).
CARD_PHRASES: dict[str, str] = {
    "self": NP_("card phrase", "this card"),
    "answered": NP_("card phrase", "that card"),
    "selected": NP_("card phrase", "the selected card"),
    "paid": NP_("card phrase", "the card paid as a cost"),
    "all": NP_("card phrase", "every card"),
    "each": NP_("card phrase", "card"),
    "previous": NP_("card phrase", "those cards"),
}
#: That many of the cards the statement before acted on (``card: previous`` with a ``count``: "duas delas").
CARD_OF_PREVIOUS = NNP_("card phrase", "{n} of those cards", "{n} of those cards")
#: Cards to choose (``card: choose``), by their number; ``card: all`` with a ``type``.
CARD_COUNT = NNP_("card phrase", "{n} card", "{n} cards")
CARD_ALL_OF_TYPE = NP_("card phrase", "every {type}")
#: Whose cards (``owner``, msgctxt "card owner").
OWNER_PHRASES: dict[str, str] = {
    "self": NP_("card owner", "that you own"),
    "opponent": NP_("card owner", "of an opponent"),
    "ally": NP_("card owner", "of an ally"),
    "team": NP_("card owner", "of your team"),
    "other": NP_("card owner", "of another hero"),
    "any": NP_("card owner", "of any hero"),
    # every card of one hero of a set, chosen
    "one_opponent": NP_("card owner", "of one opponent you choose"),
    "one_ally": NP_("card owner", "of one ally you choose"),
    "one_any": NP_("card owner", "of one hero you choose"),
    "one_other": NP_("card owner", "of one other hero you choose"),
    # one hero pointed at: the target, the hero of the event answered, the hero the clause before acted on
    "selected": NP_("card owner", "of the target"),
    "that": NP_("card owner", "of that hero"),
    "previous": NP_("card owner", "of that same hero"),
}
#: Zones after a preposition, each zone its own message (its article agrees with it in Portuguese and
#: Spanish): where cards come from ("from zone"), where they go ("to zone"), where they are ("in zone").
ZONE_FROM: dict[str, str] = {
    "INVENTÁRIO": NP_("from zone", "from the INVENTÁRIO"),
    "MESA": NP_("from zone", "from the MESA"),
    "SUPORTE": NP_("from zone", "from the SUPORTE"),
    "CENÁRIO": NP_("from zone", "from the CENÁRIO"),
    "TABULEIRO": NP_("from zone", "from the TABULEIRO"),
    "DESCARTE": NP_("from zone", "from the DESCARTE"),
    "BARALHO": NP_("from zone", "from the BARALHO"),
    "BANIDAS": NP_("from zone", "from the BANIDAS"),
    "LIMBO": NP_("from zone", "from the LIMBO"),
    "DESCARTE COMUM": NP_("from zone", "from the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("from zone", "from the BARALHO COMUM"),
}
ZONE_TO: dict[str, str] = {
    "INVENTÁRIO": NP_("to zone", "to the INVENTÁRIO"),
    "MESA": NP_("to zone", "to the MESA"),
    "SUPORTE": NP_("to zone", "to the SUPORTE"),
    "CENÁRIO": NP_("to zone", "to the CENÁRIO"),
    "TABULEIRO": NP_("to zone", "to the TABULEIRO"),
    "DESCARTE": NP_("to zone", "to the DESCARTE"),
    "BARALHO": NP_("to zone", "to the BARALHO"),
    "BANIDAS": NP_("to zone", "to the BANIDAS"),
    "LIMBO": NP_("to zone", "to the LIMBO"),
    "DESCARTE COMUM": NP_("to zone", "to the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("to zone", "to the BARALHO COMUM"),
}
ZONE_IN: dict[str, str] = {
    "INVENTÁRIO": NP_("in zone", "in the INVENTÁRIO"),
    "MESA": NP_("in zone", "in the MESA"),
    "SUPORTE": NP_("in zone", "in the SUPORTE"),
    "CENÁRIO": NP_("in zone", "in the CENÁRIO"),
    "TABULEIRO": NP_("in zone", "in the TABULEIRO"),
    "DESCARTE": NP_("in zone", "in the DESCARTE"),
    "BARALHO": NP_("in zone", "in the BARALHO"),
    "BANIDAS": NP_("in zone", "in the BANIDAS"),
    "LIMBO": NP_("in zone", "in the LIMBO"),
    "DESCARTE COMUM": NP_("in zone", "in the DESCARTE COMUM"),
    "BARALHO COMUM": NP_("in zone", "in the BARALHO COMUM"),
}
#: A zone this view has no message for, after its preposition.
ZONE_ANY: dict[str, str] = {
    "from": NP_("from zone", "from {zone}"),
    "to": NP_("to zone", "to {zone}"),
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
    "heal": NP_("modified action", "that healing"),
    "recover": NP_("modified action", "that recovery"),
    "damage": NP_("modified action", "that damage"),
    "lose": NP_("modified action", "that loss"),
    "draw": NP_("modified action", "that draw"),
    "consume": NP_("modified action", "that consumption"),
    "activate": NP_("modified action", "that activation"),
}


class NoWords(ValueError):
    """A value the sentence cannot word: the statement is shown as its label instead."""


def is_count(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class Words:
    """Words for one statement's values in one language (each raises :class:`NoWords` on a value it
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
            raise NoWords(op)
        return self.t.p("statement sentence", message, **params)

    def n(self, op: str, i: int, count: Any, **params: Any) -> str:
        """The sentence ``SENTENCES[op][i]`` (a singular and a plural) for ``count``, as ``{n}``."""
        message = SENTENCES[op][i]
        if not is_count(count) or isinstance(message, str):
            raise NoWords(count)
        return self.t.np("statement sentence", *message, count, **params)

    def number(self, v: Any, signed: bool = False) -> str:
        """An amount: a number (``+2`` when ``signed``), ``( A + B + 5 )`` (seed «Operações»), or a "for each"
        number; its bound ("(max 5)") and its "for each" follow the sentence (:attr:`tails`)."""
        if is_count(v):
            return f"{v:+d}" if signed else str(v)
        if not isinstance(v, dict):
            raise NoWords(v)
        if set(v) <= {"sum", "max"} and isinstance(v.get("sum"), list) and v["sum"]:
            terms = []
            for term in v["sum"]:
                if not (isinstance(term, list | tuple) and len(term) == 2 and is_count(term[0])):
                    raise NoWords(term)
                factor, value = term
                sign = "-" if factor < 0 else "+"
                scale = "" if abs(factor) == 1 else f"{abs(factor)}×"
                terms.append((sign, f"{scale}{value}"))
            text = " ".join(f"{sign} {value}" for sign, value in terms)
            text = text[2:] if terms[0][0] == "+" else text
            text = text if len(terms) == 1 else f"( {text} )"
        elif (
            set(v) <= {"part", "of", "of_max", "max"}
            and isinstance(v.get("part"), list)
            and len(v["part"]) == 2
        ):
            num, den = v["part"]  # "metade da sua VIDA": 1/2, then what it is a part of
            if not (is_count(num) and is_count(den) and isinstance(v.get("of"), str)):
                raise NoWords(v)
            self.tails.append(("part_max" if v.get("of_max") else "part", {"resource": v["of"]}))
            text = f"{num}/{den}"
        elif set(v) <= {"per", "times", "max"} and isinstance(v.get("per"), dict):
            per = v["per"]
            if not set(per) <= {"zone", "who", "type"}:
                raise NoWords(per)
            thing = self.cards(
                {
                    "card": "each",
                    "type": per.get("type"),
                    "zone": per.get("zone"),
                    "owner": None if per.get("who") in (None, "self") else per.get("who"),
                },
                where="in",
            )
            text = self.number(v.get("times", 1), signed)
            self.tails.append(("per", {"thing": thing}))
        else:
            raise NoWords(v)
        if "max" in v:
            if not is_count(v["max"]):
                raise NoWords(v)
            self.tails.append(("max", {"max": v["max"]}))
        return text

    def hero(self, spec: Any) -> str:
        """A hero phrase (``target``)."""
        if not isinstance(spec, dict) or not set(spec) <= {
            "who",
            "all",
            "name",
            "text",
            "near",
            "most",
            "least",
            "count",
        }:
            raise NoWords(spec)
        if "count" in spec:  # "dois inimigos"
            forms = HERO_COUNTED.get(str(spec.get("who")))
            if forms is None or set(spec) != {"who", "count"} or not is_count(spec["count"]):
                raise NoWords(spec)
            return self.t.np("hero phrase", *forms, int(spec["count"]))
        extreme = next((k for k in ("most", "least") if k in spec), None)
        if extreme is not None:  # "o aliado que tiver menos VIDA"
            rest = {k: v for k, v in spec.items() if k not in ("most", "least")}
            group = (str(spec.get("who")), bool(spec.get("all")))
            hero = self.t.p("hero phrase", HERO_SETS[group]) if "near" not in spec else self.hero(rest)
            words = self.t.p("hero phrase", HERO_EXTREMES[extreme], hero=hero, resource=spec[extreme])
            return self.t.contract(words)
        if spec.get("near") is not None:  # "um aliado adjacente a você"
            rest = {k: v for k, v in spec.items() if k not in ("near", "text")}
            if spec.get("all"):
                words = self.t.p(
                    "hero phrase", HERO_NEAR_ALL, heroes=self.hero(rest), near=self.near(spec["near"])
                )
            else:
                words = self.t.p("hero phrase", HERO_NEAR, hero=self.hero(rest), near=self.near(spec["near"]))
            return self.t.contract(words)
        who = spec.get("who")
        if who == "name" and isinstance(spec.get("name"), str):
            return str(spec["name"])
        if spec.get("all") and who in HERO_PHRASES_ALL:
            return self.t.p("hero phrase", HERO_PHRASES_ALL[str(who)])
        if who in HERO_PHRASES and not spec.get("all"):
            return self.t.p("hero phrase", HERO_PHRASES[str(who)])
        if isinstance(spec.get("text"), str):  # a phrase the reader kept as written
            return str(spec["text"])
        raise NoWords(spec)

    def near(self, spec: Any) -> str:
        """The hero others stand next to ("adjacente a você": "you"; else a hero phrase)."""
        if isinstance(spec, dict) and set(spec) == {"who"} and spec["who"] in NEAR_PHRASES:
            return self.t.p("adjacent to", NEAR_PHRASES[str(spec["who"])])
        return self.hero(spec)

    def zone(self, zone: Any, where: str) -> str:
        """A zone after its preposition: ``where`` is ``from``, ``to`` or ``in`` (msgctxt "<where> zone")."""
        if not isinstance(zone, str):
            raise NoWords(zone)
        table = {"from": ZONE_FROM, "to": ZONE_TO, "in": ZONE_IN}[where]
        context = where + " zone"
        if zone in table:
            return self.t.p(context, table[zone])
        return self.t.p(context, ZONE_ANY[where], zone=zone)

    def cards(self, phrase: Any, where: str = "from") -> str:
        """A card phrase (``card``, ``count``, ``type``, ``zone``, ``owner``): "1 card from the MESA"."""
        if not isinstance(phrase, dict) or not set(phrase) <= CARD_KEYS:
            raise NoWords(phrase)
        card, count, typ = phrase.get("card"), phrase.get("count"), phrase.get("type")
        if typ is not None and not isinstance(typ, str):
            raise NoWords(typ)
        if card == "each":  # "for each <card|TYPE>" (an amount's "per")
            words = typ or self.t.p("card phrase", CARD_PHRASES["each"])
        elif card == "choose":
            n = 1 if count is None else count
            if not is_count(n):
                raise NoWords(count)
            words = f"{n} {typ}" if typ else self.t.np("card phrase", *CARD_COUNT, n)
        elif card == "previous" and is_count(count) and not typ:
            words = self.t.np("card phrase", *CARD_OF_PREVIOUS, count)
        elif card == "all" and typ:
            words = self.t.p("card phrase", CARD_ALL_OF_TYPE, type=typ)
        elif card in CARD_PHRASES and count is None and not typ:
            words = self.t.p("card phrase", CARD_PHRASES[str(card)])
        else:
            raise NoWords(phrase)
        parts = [words]
        if phrase.get("zone") is not None:
            parts.append(self.zone(phrase["zone"], where))
        owner = phrase.get("owner")
        if owner is not None:
            if owner not in OWNER_PHRASES:
                raise NoWords(owner)
            parts.append(self.t.p("card owner", OWNER_PHRASES[str(owner)]))
        return " ".join(parts)


#: The fields of a card phrase (:meth:`rulekit.apoteose.statements.Statement.card_phrase`).
CARD_FIELDS = ("card", "count", "type", "zone", "owner")
CARD_KEYS = frozenset(CARD_FIELDS)
