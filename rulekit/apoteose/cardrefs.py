"""What a card phrase points at (LANGUAGE.md §3.1): the card of the event answered, what a Selecione chose,
what a requirement paid, the cards the clause before acted on ("-a", "duas delas"), or the cards a phrase
describes (how many, of what type, where, whose). Functions of :class:`rulekit.apoteose.builder._Build`
(``b``: its tree helpers, its ``refs`` and ``fail``), kept here so each module stays one concern.
"""

from __future__ import annotations

import re
from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose.words import (
    _ALL,
    _DEMONSTRATIVES,
    _PAID_WORDS,
    _PARTICIPLES,
    _POSSESSIVES,
    _THIS,
    NUMWORDS,
    ZONES,
)
from rulekit.phrase import N_, Phrase

__all__ = ["card_ref", "counted_cards", "paid_card", "subject_owner", "that_card"]


def _low(tok: Any) -> str:
    return str(tok).lower()


#: A count of the cards acted on right before ("duas delas", R-31 "duas") with no such cards.
NOTHING_BEFORE = N_("'{phrase}' counts the cards the clause right before it acted on, and there are none")


def counted_cards(b: Any, node: Any, n: int | None = None) -> dict[str, Any]:
    """ "duas delas", "três deles": that many of the cards the clause before acted on ("Compre três cartas e
    descarte duas delas": two of the three drawn, chosen by the effect's controller; fewer than that many
    cuts the description, seed «Na Descrição»). Nothing acted on before: refused, never another card."""
    n = b.count(node) if n is None else n  # its first token: the number
    if b.refs.known and b.refs.last_card != "previous":
        b.fail(
            node,
            Phrase(NOTHING_BEFORE, phrase=b.span(node)),
        )
    return {"card": "previous", "count": n}


def _plural_count(tok: Any) -> bool:
    """A number of more than one among a phrase's determiners ("dois", "2")."""
    if tok.type == "INT":
        return int(tok) > 1
    return bool(tok.type == "NUMWORD" and NUMWORDS.get(_low(tok), 1) > 1)


def every_owner(b: Any, node: Any) -> Any:
    """The word of ``node`` (a card or resource phrase) that makes whose cards every hero of a kind, or
    several ("de cada oponente", "de todos os aliados", "dos oponentes", "de dois aliados"), or ``None``.
    Where one card is chosen, that word asks one card of each such hero, or one among all their cards:
    refused by its callers (:func:`card_ref`, the trigger reader), never read as "de um oponente"."""
    for sub in node.iter_subtrees_topdown():
        if sub.data != "of_hero":
            continue
        for h in b.heroes_in(sub):
            if h.data != "hero_phrase":
                continue
            group = b.sub(h, "dets")
            dets = [d.children[0] for d in b.subs(group)] if group is not None else []
            hit = next(
                (t for t in dets if _low(t) == "cada" or _low(t).endswith("s") or _plural_count(t)), None
            )
            if hit is not None:
                return hit
            if not dets and _low(b.tok(h, "HNOUN")).endswith("s"):
                return b.tok(h, "HNOUN")
    return None


#: R-32 flipped: every card of one hero of a set is not read.
ONE_HERO_NOT_READ = N_(
    "'{word}' in '{phrase}': the cards of one hero you choose are not read here: select the hero first "
    "(Selecione) and write do oponente selecionado"
)


#: "Todos os oponentes descartam uma carta": one card each, or one among theirs? Never read as one.
EACH_HERO_CARDS = N_(
    "'{phrase}': one card of each such hero, or one among all their cards, is not read: choose the hero "
    "first (Selecione) or write um oponente"
)


def one_owner(who: str) -> str:
    """R-32: the owner of every card of one hero of the set ``who`` ("opponent" -> ``one_opponent``)."""
    return {v: k for k, v in R.ONE_HERO_OWNERS.items()}[who]


def _one_of_set(b: Any, ow: Any) -> Any:
    """The determiner of ``ow`` (whose cards: "de um oponente", "de 1 aliado", "de outro Herói") that makes
    the owner one hero of a set, or ``None`` (every such hero: "de cada oponente", "dos oponentes")."""
    h = b.sub(ow, "hero_phrase")
    if h is None or _low(b.tok(h, "HNOUN")).endswith("s"):
        return None
    group = b.sub(h, "dets")
    dets = [d.children[0] for d in b.subs(group)] if group is not None else []
    return next((t for t in dets if _low(t) in ("um", "uma", "1", "qualquer", "outro", "outra")), None)


def one_hero_owner(b: Any, node: Any, ow: Any, out: dict[str, Any]) -> dict[str, Any]:
    """R-32: every card of one hero of a set ("o INVENTÁRIO de um oponente") or several cards of one ("duas
    cartas de um oponente"): that hero is chosen, never every such hero's cards, never cards of two heroes
    (owner ``one_opponent``). One card of one hero needs no such owner: the card chosen names its hero."""
    owner = str(out.get("owner"))
    one = _one_of_set(b, ow) if ow is not None and owner in R.ONE_HERO_OWNERS.values() else None
    if one is None:
        return out
    if out.get("card") == "choose" and int(out.get("count", 1)) == 1:
        return out  # one card of an opponent's: the card chosen names its hero (the same choice)
    if out.get("card") not in ("all", "choose"):
        return out
    if not R.ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN:
        b.fail(one, Phrase(ONE_HERO_NOT_READ, word=b.orig(one), phrase=b.span(node)))
    return {**out, "owner": one_owner(owner)}


def subject_owner(b: Any, n: Any, h: Any, who: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """Whose cards when a hero is the subject ("Um oponente descarta uma carta"): that hero's kind; every
    card or several cards of one hero of a set ("Um oponente revela seu INVENTÁRIO", "Um oponente descarta
    duas cartas"): one of them, chosen (R-32); one card each of every hero ("Todos os oponentes descartam
    uma carta"): refused, naming the subject."""
    out = {**out, "owner": who["who"]}
    if who.get("all") or who.get("count"):
        if out["card"] == "choose":  # one card each, or one among theirs?
            b.fail(h, Phrase(EACH_HERO_CARDS, phrase=b.span(h)))
        return out
    if who["who"] not in R.ONE_HERO_OWNERS.values() or (
        out["card"] == "choose" and int(out.get("count", 1)) == 1
    ):
        return out
    if not R.ONE_HERO_OWNS_EVERY_CARD_IS_CHOSEN:
        b.fail(h, Phrase(ONE_HERO_NOT_READ, word=b.span(h), phrase=b.span(n)))
    return {**out, "owner": one_owner(who["who"])}


def card_ref(b: Any, node: Any) -> dict[str, Any]:
    d = node.data
    if d == "counted_cards":
        return counted_cards(b, node)
    if d == "elided_cards":  # "Compre três cartas e descarte duas": the noun left out
        if not R.ELIDED_COUNT_IS_OF_THE_CARDS_BEFORE:
            b.fail(
                node,
                Phrase(
                    N_("'{phrase}' counts cards without naming them: write '{phrase} delas' or the cards"),
                    phrase=b.span(node),
                ),
            )
        word = _low(node.children[0])
        return counted_cards(b, node, 1 if word in ("um", "uma") else int(word))
    if d == "this_card":
        return {"card": "self"}
    if d == "zone_cards":
        zone = ZONES[" ".join(_low(b.tok(node, "ZONENAME")).split())]
        out: dict[str, Any] = {"card": "all", "zone": zone}
        ow = b.sub(node, "of_hero") or b.sub(node, "of_team")
        if ow is not None:
            out["owner"] = b.owner(ow)
        return one_hero_owner(b, node, ow, out)
    words, number = b.dets(node)
    noun = b.sub(node, "cardnoun").children[0]
    typ = None if noun.type == "CARDWORD" else b.card_type(noun)
    plural = _low(noun).endswith("s") if noun.type == "CARDWORD" else False
    out = {}
    ref: str | None = None
    owner_node = None  # the phrase that says whose cards (R-32: "de um oponente")
    for m in b.subs(node):
        if m.data == "participle":
            stem = _low(b.tok(m, "PARTICIPLE"))
            stem = re.sub(r"(os|as|o|a)$", "", stem)
            meaning = _PARTICIPLES[stem]
            if meaning == "selected":
                b.chosen("card", node)
                ref = "selected"
            elif meaning == "answered":
                ref = b.that_card(node)
            else:
                ref = b.paid_card(node, meaning)
        elif m.data in ("of_hero", "of_team"):
            if "owner" in out:  # "uma carta de um aliado de um oponente": whose? never the last one
                b.fail(m, Phrase(N_("'{phrase}' says whose cards twice"), phrase=b.span(node)))
            out["owner"] = b.owner(m)
            owner_node = m
        elif m.data == "in_zone":
            z = b.sub(m, "zone")
            if "zone" in out:  # "do DESCARTE do INVENTÁRIO": where? never the last one
                b.fail(m, Phrase(N_("'{phrase}' says where twice"), phrase=b.span(node)))
            out["zone"] = b.zone(z, owned_ok=True)
            ow = b.sub(z, "of_hero") or b.sub(z, "of_team")
            if ow is not None and "owner" not in out:
                own = b.owner(ow, allow_owner=True)
                if own is not None:
                    out["owner"] = own
                    owner_node = ow
    if ref is None:
        if any(w in _THIS for w in words):
            ref = "self"
        elif any(w in _DEMONSTRATIVES for w in words):
            ref = b.that_card(node)
        elif number is not None:
            out = {"card": "choose", "count": number, **out}
        elif any(w in ("um", "uma", "qualquer") for w in words) or (not words and not plural):
            out = {"card": "choose", "count": 1, **out}
        elif any(w in _ALL for w in words) or (plural and any(w in ("os", "as") for w in words)):
            out = {"card": "all", **out}
        elif any(w in _POSSESSIVES for w in words):
            poss = next(w for w in words if w in _POSSESSIVES)
            out = ({"card": "all"} if poss.endswith("s") else {"card": "choose", "count": 1}) | {
                **out,
                "owner": out.get("owner", "self"),
            }
        elif plural and not words:
            out = {"card": "all", **out}
        else:  # "a carta", "o COMPANHEIRO": the one meant before
            ref = b.that_card(node)
    if ref is not None:
        if "owner" in out or "zone" in out:  # "essa carta de um oponente": one card has its own place
            b.fail(
                node,
                Phrase(
                    N_("'{phrase}' points at one card: whose or where is not read for it"),
                    phrase=b.span(node),
                ),
            )
        return {"card": ref}
    if typ:
        out["type"] = typ
    if "card" not in out:
        out = {"card": "choose", "count": 1, **out}
    every = every_owner(b, node) if out.get("card") == "choose" else None
    if every is not None:  # "uma carta de cada oponente": one of each, or one among all? (never one)
        b.fail(
            every,
            Phrase(
                N_(
                    "'{word}' in '{phrase}': one card of each such hero, or one among all their cards, "
                    "is not read: choose the hero first (Selecione) or write de um oponente"
                ),
                word=b.orig(every),
                phrase=b.span(node),
            ),
        )
    if any(w in _POSSESSIVES for w in words) and "owner" not in out:
        out["owner"] = "self"
    out = one_hero_owner(b, node, owner_node, out)
    return {k: out[k] for k in ("card", "count", "type", "zone", "owner") if k in out}


def that_card(b: Any, node: Any) -> str:
    """ "essa/aquela carta", "esse COMPANHEIRO", "-a": the card of the event answered, else the nearest
    card mentioned before, else what the effect's one Selecione of cards chose ("【 Selecione 1 carta do seu
    INVENTÁRIO 】 Descarte-a", as "a carta selecionada"; two such Selecione are refused naming both)."""
    r = b.refs
    if not r.known or r.event_card:
        return "answered"
    if r.last_card is not None:
        return r.last_card
    if any(k == "card" for k, _ in r.chosen):
        b.chosen("card", node)
        return "selected"
    return str(
        b.fail(
            node,
            Phrase(
                N_(
                    "'{phrase}' points back at a card, and this effect answers no event with a "
                    "card and names no card before it"
                ),
                phrase=b.span(node),
            ),
        )
    )


def paid_card(b: Any, node: Any, kind: str) -> str:
    """ "a carta descartada/consumida/revelada": the card of the event answered (of that kind), else the
    one this effect's own requirement paid."""
    r = b.refs
    if not r.known:
        return "paid"
    if r.event_card and (kind == "any" or kind in r.events):
        return "answered"
    same = [t for k, t in r.paid if kind in ("any", k)]
    if len(same) == 1:
        return "self" if same[0] == "task" else "paid"
    word = _PAID_WORDS[kind]
    if len(same) > 1:
        return str(
            b.fail(
                node,
                Phrase(
                    N_("'{phrase}' has two readings: the card of '{first}' or the card of '{second}'"),
                    phrase=b.span(node),
                    first=same[0],
                    second=same[1],
                ),
            )
        )
    return str(
        b.fail(
            node,
            Phrase(
                N_(
                    "'{phrase}' names a card {word} by the event this effect answers or by its "
                    "own requirements, and there is none"
                ),
                phrase=b.span(node),
                word=word,
            ),
        )
    )


#: The trees of a card phrase (grammar.lark card_np).
CARD_TREES = ("card_phrase", "zone_cards", "this_card", "counted_cards", "elided_cards")


def negate_card(b: Any, n: Any) -> dict[str, Any]:
    """ "Negue essa HABILIDADE", "Anule essa carta": negating the card activated is negating its
    activation (seed «Negue essa ativação»), so the same statement, where the card points back at the
    card of an activation this effect answers, of the type named ("essa carta": of any type). Anything
    else (this card, a card chosen, a type the activation answered does not name) is refused, naming the
    words."""
    hit = next(s for s in b.subs(n) if s.data in CARD_TREES)
    ref = b.card_ref(hit)
    noun = b.sub(hit, "cardnoun")
    type_tok = b.tok(noun, "TYPE") if noun is not None else None
    kind = b.card_type(type_tok) if type_tok is not None else ""
    r = b.refs
    answered = ref.get("card") == "answered" and set(ref) <= {"card"}
    if answered and r.known:
        answered = "activate" in r.events and (not kind or kind in r.activated)
    if not answered:
        b.fail(
            hit,
            Phrase(
                N_(
                    "'{phrase}' negates only the card of an activation this effect answers, of that type "
                    "(Quando um oponente ativar uma HABILIDADE → Negue essa HABILIDADE)"
                ),
                phrase=b.span(n),
            ),
        )
    return {"op": "negate"}
