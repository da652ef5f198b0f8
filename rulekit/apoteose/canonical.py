"""What the reader understood, written back as the seed writes a card.

:func:`canonical_statement` turns one statement (its plain data, :mod:`rulekit.apoteose.statements`) into
the seed's own wording — the imperative of seed 003 («Cure 25 de VIDA», «Cause 3 de DANO a todos os
oponentes», «Descarte uma carta do seu INVENTÁRIO») — so that a card designer sees at once what the engine
read, whatever words the card used. It is card language, not a translation: Apoteose cards are written in
Portuguese in every language of rulekit, as their keywords are (LANGUAGE.md), so these words are data of
the card language and do not go through the catalogue; the explanation beside them does
(:func:`reading_lines`, in the reader's language).

A statement or a part of one that this wording does not know raises :class:`NotWorded`;
:func:`reading_lines` then shows the reading's data instead, never a guess. Reading the wording back gives
the same statements (``tests/apoteose/test_canonical.py`` checks it on the whole corpus).
"""

from __future__ import annotations

import json
from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose.text import format_effect, parse_effect
from rulekit.apoteose.wording import statement_text
from rulekit.errors import EffectTextError
from rulekit.i18n import translator
from rulekit.phrase import Phrase

#: The imperative of each statement kind that acts on cards (seed 003's verbs).
CARD_VERBS: dict[str, str] = {
    "discard": "Descarte",
    "bury": "Enterre",
    "banish": "Bane",
    "reveal": "Revele",
    "hide": "Oculte",
    "register": "Registre",
    "look": "Olhe",
    "return": "Devolva",
    "exhaust": "Consuma",
    "ready": "Recupere",
    "move": "Mova",
    "attach": "Anexe",
}
#: The imperative before an object pronoun, where it differs («bana-a»).
PRONOUN_VERBS: dict[str, str] = {"banish": "bana"}
#: A resource verb (heal, recover, consume) and the imperative the seed uses.
RESOURCE_VERBS: dict[str, str] = {"heal": "Cure", "recover": "Recupere", "consume": "Consuma"}
#: Zones and their article (for "do/da", "ao/à", "no/na").
FEMININE_ZONES = frozenset({"MESA", "BANIDAS"})
#: Zones no hero owns (no "seu" before them).
SHARED_ZONES = frozenset({"TABULEIRO", "CENÁRIO", "DESCARTE COMUM", "BARALHO COMUM", "LIMBO"})
#: Heroes by ``who``: (one, every one), as a noun phrase.
HEROES: dict[str, tuple[str, str]] = {
    "ally": ("um aliado", "todos os aliados"),
    "opponent": ("um oponente", "todos os oponentes"),
    "any": ("um Herói", "todos os Heróis"),
}
#: The noun of a counted set of heroes («2 oponentes», R-30).
HEROES_COUNTED: dict[str, str] = {"ally": "aliados", "opponent": "oponentes", "any": "Heróis"}
ONE_HERO: dict[str, str] = {
    "self": "você",
    "selected": "o alvo",
    "turn": "o Herói do turno",
    "that": "aquele Herói",
    "previous": "ele",
    "team": "você ou um aliado",
    "answered": "o Herói que ativou essa carta",
}
#: The action a ``modify`` changes, with its demonstrative.
ACTIONS: dict[str, str] = {
    "heal": "essa cura",
    "recover": "essa recuperação",
    "damage": "esse dano",
    "draw": "essa compra",
    "lose": "essa perda",
}
#: A fraction of a resource (R-26), by [numerator, denominator]: «metade da sua VIDA».
FRACTIONS: dict[tuple[int, int], str] = {(1, 2): "metade", (1, 3): "um terço", (1, 4): "um quarto"}
#: The set a hero with the most or the least of a resource is found in (R-25): (one, every one tied).
HERO_SETS: dict[str, tuple[str, str]] = {
    "ally": ("o aliado", "os aliados"),
    "opponent": ("o oponente", "os oponentes"),
    "any": ("o Herói", "os Heróis"),
}
DURATIONS: dict[str, str] = {
    "end_turn": "até o final do turno",
    "end_battle": "até o final da batalha",
    "next_turn": "até o início do seu próximo turno",
    "end_cycle": "até o final do ciclo",
}
#: A comparison of a resource state, by ``cmp``.
COMPARISONS: dict[str, str] = {
    "<": "menor que",
    "<=": "menor ou igual a",
    ">": "maior que",
    ">=": "maior ou igual a",
}
#: Prepositions joined to the article after them (seed spelling: «do seu INVENTÁRIO», «ao alvo»).
_CONTRACTIONS: dict[tuple[str, str], str] = {
    ("de", "o"): "do",
    ("de", "a"): "da",
    ("de", "os"): "dos",
    ("de", "as"): "das",
    ("de", "aquele"): "daquele",
    ("a", "o"): "ao",
    ("a", "a"): "à",
    ("a", "os"): "aos",
    ("a", "as"): "às",
    ("a", "aquele"): "àquele",
    ("em", "o"): "no",
    ("em", "a"): "na",
    ("para", "o"): "para o",
    ("para", "a"): "para a",
}


class NotWorded(ValueError):
    """A statement, or a part of one, that this wording does not know (shown as data instead)."""


def _join(prep: str, phrase: str) -> str:
    first, _, rest = phrase.partition(" ")
    joined = _CONTRACTIONS.get((prep, first))
    return f"{joined} {rest}" if joined and rest else f"{prep} {phrase}"


def _known(st: dict[str, Any], *keys: str) -> None:
    extra = sorted(set(st) - {"op", *keys})
    if extra:
        raise NotWorded(f"{st.get('op')}: {', '.join(extra)}")


def _number(v: Any) -> str:
    if isinstance(v, bool) or not isinstance(v, int):
        raise NotWorded(f"amount {v!r}")
    return str(v)


def _amount(v: Any) -> tuple[str, str]:
    """An amount and what follows its clause: ``5`` → ("5", ""); ``{"sum": [[1, "INT"], [1, 2]]}`` →
    ("( INT + 2 )", ""); a ``max`` → (…, " (máx N)"), seed «máx»; a count of your cards, ``{"per": …}`` →
    ("2", " para cada EVOCAÇÃO no seu SUPORTE") (:func:`_per`)."""
    if not isinstance(v, dict):
        return _number(v), ""
    if "per" in v:
        n, tail = _per(v)
        return str(n), tail
    if set(v) - {"sum", "max"} or not isinstance(v.get("sum"), list):
        raise NotWorded(f"amount {v!r}")
    terms = []
    for term in v["sum"]:
        if not (isinstance(term, list) and len(term) == 2 and term[0] == 1):
            raise NotWorded(f"amount {v!r}")
        terms.append(str(term[1]) if isinstance(term[1], str) else _number(term[1]))
    text = terms[0] if len(terms) == 1 and not isinstance(v["sum"][0][1], str) else f"( {' + '.join(terms)} )"
    return text, (f" (máx {_number(v['max'])})" if "max" in v else "")


def _per(v: Any) -> tuple[int, str]:
    """A count of your cards as an amount (seed «máx» example): ``{"per": {"zone": "SUPORTE", "type":
    "EVOCAÇÃO"}, "times": 1}`` → (1, " para cada EVOCAÇÃO no seu SUPORTE"), a ``max`` → (…, " (máx N)")."""
    per = v.get("per") if isinstance(v, dict) else None
    if not isinstance(per, dict) or set(v) - {"per", "times", "max"} or set(per) - {"zone", "who", "type"}:
        raise NotWorded(f"amount {v!r}")
    if per.get("who", "self") != "self" or not isinstance(per.get("zone"), str):
        raise NotWorded(f"amount {v!r}")
    zone = str(per["zone"])
    article = "a" if zone in FEMININE_ZONES else "o"
    own = "" if zone in SHARED_ZONES else ("sua " if article == "a" else "seu ")
    where = _join("em", f"{article} {own}{zone}")
    text = f" para cada {per.get('type') or 'carta'} {where}"
    if "max" in v:
        text += f" (máx {_number(v['max'])})"
    return int(_number(v.get("times", 1))), text


def hero_phrase(spec: Any) -> str:
    """A hero phrase (``target``, ``who``): «um aliado», «todos os oponentes», «o alvo», «você»…"""
    if not isinstance(spec, dict):
        raise NotWorded(f"hero {spec!r}")
    who, every, near = spec.get("who"), bool(spec.get("all")), spec.get("near")
    if "count" in spec:  # «2 oponentes»: that many different heroes, chosen (R-30); the seed writes digits
        n = spec["count"]
        if set(spec) != {"who", "count"} or who not in HEROES_COUNTED or not isinstance(n, int) or n < 2:
            raise NotWorded(f"hero {spec!r}")
        return f"{n} {HEROES_COUNTED[str(who)]}"
    if set(spec) - {"who", "all", "near", "most", "least"}:
        raise NotWorded(f"hero {spec!r}")
    extreme = next((k for k in ("most", "least") if k in spec), None)
    if extreme is not None:  # «o aliado com menos VIDA», «os oponentes com mais ESTAMINA» (R-25)
        if who not in HERO_SETS or ("most" in spec and "least" in spec):
            raise NotWorded(f"hero {spec!r}")
        phrase = HERO_SETS[str(who)][1 if every else 0]
        phrase += f" com {'mais' if extreme == 'most' else 'menos'} {spec[extreme]}"
        if near is not None:
            phrase += (" adjacentes " if every else " adjacente ") + _join("a", hero_phrase(near))
        return phrase
    if who in HEROES:
        phrase = HEROES[who][1 if every else 0]
    elif who in ONE_HERO and not every:
        phrase = ONE_HERO[who]
    else:
        raise NotWorded(f"hero {spec!r}")
    if near is not None:
        if who not in HEROES:
            raise NotWorded(f"hero {spec!r}")
        phrase += (" adjacentes " if every else " adjacente ") + _join("a", hero_phrase(near))
    return phrase


def _subject(spec: dict[str, Any], singular: str, plural: str) -> str:
    phrase = hero_phrase(spec)
    verb = plural if spec.get("all") or spec.get("count") else singular
    return f"{phrase[0].upper()}{phrase[1:]} {verb}"


#: Whose cards, of a hero other than you: one of them (``one_other``, R-32; ``other`` naming one card), «de
#: outro Herói» (seed «Escopo»: «na MESA de outro Herói do time»); of every card of them all, «de outros
#: Heróis». «Outro Herói» names no hero otherwise (no target «outro Herói»): it is worded as an owner only.
OTHER_OWNER = ("de outro Herói", "de outros Heróis")


def _owner(owner: Any, every: bool) -> str:
    """Whose cards: «de um oponente»; of every card, «de todos os oponentes»; one hero of a set, chosen
    (R-32, ``one_opponent``), «de um oponente»; a hero other than you, «de outro Herói»
    (:data:`OTHER_OWNER`)."""
    if owner == "one_other" or owner == "other":
        return OTHER_OWNER[1 if owner == "other" and every else 0]
    if owner in R.ONE_HERO_OWNERS:
        return _join("de", hero_phrase({"who": R.ONE_HERO_OWNERS[owner]}))
    spec = {"who": owner, "all": True} if every and owner in HEROES else {"who": owner}
    return _join("de", hero_phrase(spec))


def _zone(zone: str, owner: Any = None, every: bool = False) -> str:
    """«do seu INVENTÁRIO», «do TABULEIRO», «do INVENTÁRIO de um oponente»."""
    article = "a" if zone in FEMININE_ZONES else "o"
    if owner in (None, "self"):
        own = "" if zone in SHARED_ZONES else ("sua " if article == "a" else "seu ")
        return _join("de", f"{article} {own}{zone}")
    return _join("de", f"{article} {zone}") + " " + _owner(owner, every)


def card_phrase(st: dict[str, Any]) -> str:
    """The cards a statement names: «esta carta», «uma carta do seu INVENTÁRIO», «2 cartas»…"""
    card, count, kind = st.get("card"), st.get("count"), st.get("type")
    zone, owner = st.get("zone"), st.get("owner")
    fixed = {
        "self": "esta carta",
        "answered": "essa carta",
        "selected": "a carta selecionada",
        "paid": "a carta paga",
    }
    if card in fixed:
        if zone or owner or kind or count not in (None, 1):
            raise NotWorded(f"card {card!r} with more")
        return fixed[card]
    if card == "choose":
        n = int(_number(count if count is not None else 1))
        if owner == "other" and n != 1:  # cards among every other hero's: «N cartas de outro Herói» is one's
            raise NotWorded(f"card {card!r} of {owner!r}")
        noun = kind or ("carta" if n == 1 else "cartas")
        phrase = "uma carta" if n == 1 and not kind else f"{n} {noun}"
    elif card == "all" and owner == "self" and zone and not kind:  # «Descarte suas cartas do INVENTÁRIO»
        return "suas cartas " + _join("de", f"{'a' if zone in FEMININE_ZONES else 'o'} {zone}")
    elif card == "all":
        phrase = f"todas as {kind}" if kind else "todas as cartas"
    else:
        raise NotWorded(f"card {card!r}")
    if zone:
        phrase += " " + _zone(zone, owner, card == "all")
    elif owner is not None:
        phrase += " " + _owner(owner, card == "all")
    return phrase


def _card_statement(st: dict[str, Any]) -> str:
    op = st["op"]
    verb = CARD_VERBS[op]
    _known(st, "card", "count", "type", "zone", "owner", "dest", "to")
    if st.get("card") == "previous":  # «Revele uma carta e bana-a»: the card of the clause before
        if set(st) - {"op", "card", "count"}:
            raise NotWorded("previous card with more")
        if "count" in st:  # «Compre três cartas e descarte duas delas»
            return f"{verb} {_number(st['count'])} delas"
        return f"{PRONOUN_VERBS.get(op, verb)}-a"
    if op == "return":
        if st.get("dest") or st.get("to"):
            raise NotWorded("return with a destination")
        return f"{verb} {card_phrase(st)} ao INVENTÁRIO"
    if op == "move":
        dest = st.get("dest")
        if not isinstance(dest, str) or st.get("to"):
            raise NotWorded("move without a destination")
        return f"{verb} {card_phrase(st)} " + _join(
            "para", f"{'a' if dest in FEMININE_ZONES else 'o'} {dest}"
        )
    if op == "attach":
        to = st.get("to")
        if not isinstance(to, dict) or st.get("dest"):
            raise NotWorded("attach without a host")
        return f"{verb} {card_phrase(st)} " + _join("a", card_phrase(to))
    if st.get("dest") or st.get("to"):
        raise NotWorded(f"{op} with a destination")
    return f"{verb} {card_phrase(st)}"


def canonical_statement(st: Any) -> str:
    """One statement in the seed's wording (raises :class:`NotWorded` when it cannot be worded).

    >>> canonical_statement({"op": "heal", "amount": 10, "resource": "VIDA", "target": {"who": "ally"}})
    'Cure 10 de VIDA de um aliado'
    >>> canonical_statement({"op": "damage", "amount": 3, "resource": "VIDA",
    ...                      "target": {"who": "opponent", "all": True}})
    'Cause 3 de DANO a todos os oponentes'
    """
    if hasattr(st, "to_dict"):
        st = st.to_dict()
    if not isinstance(st, dict):
        raise NotWorded(repr(st))
    op = st.get("op")
    target = st.get("target", {"who": "self"})
    if isinstance(st.get("amount"), dict) and "part" in st["amount"] and op in (*RESOURCE_VERBS, "lose"):
        return _part_statement(st, target)
    if op in RESOURCE_VERBS:
        _known(st, "amount", "resource", "target")
        amount, bound = _amount(st["amount"])
        text = f"{RESOURCE_VERBS[op]} {amount} de {st['resource']}"
        text = text if target == {"who": "self"} else f"{text} " + _join("de", hero_phrase(target))
        return text + bound
    if op == "damage":
        _known(st, "amount", "resource", "target")
        if st.get("resource") != "VIDA":
            raise NotWorded("damage to another resource")
        amount, bound = _amount(st["amount"])
        return f"Cause {amount} de DANO " + _join("a", hero_phrase(target)) + bound
    if op == "lose":
        _known(st, "amount", "resource", "target")
        amount, bound = _amount(st["amount"])
        return f"{_subject(target, 'perde', 'perdem')} {amount} de {st['resource']}{bound}"
    if op == "draw":
        _known(st, "count", "target")
        count = st.get("count", 1)
        n, per = _per(count) if isinstance(count, dict) else (int(_number(count)), "")
        cards = ("1 carta" if n == 1 else f"{n} cartas") + per
        return (
            f"Compre {cards}"
            if target == {"who": "self"}
            else f"{_subject(target, 'compra', 'compram')} {cards}"
        )
    if op == "gain":
        _known(st, "amount", "attribute", "target", "until")
        written = _number(st["amount"])  # a signed change: «+1 de AGI», «-1 de AGI» (glossary «Notation»)
        signed = written if written.startswith("-") else "+" + written
        text = f"{_subject(target, 'recebe', 'recebem')} {signed} de {st['attribute']}"
        until = st.get("until")
        if until is not None:
            if until not in DURATIONS:
                raise NotWorded(f"until {until!r}")
            text += " " + DURATIONS[until]
        return text
    if op in CARD_VERBS:
        return _card_statement(st)
    if op == "select":
        _known(st, "count", "what", "who", "near", "type", "zone")
        n = int(_number(st.get("count", 1)))
        if st.get("what") == "hero":
            noun = {"opponent": "oponente", "ally": "aliado", "any": "Herói"}.get(st.get("who") or "any")
            if noun is None or st.get("type") or st.get("zone"):
                raise NotWorded("select of heroes")
            plural = {"oponente": "oponentes", "aliado": "aliados", "Herói": "Heróis"}[noun]
            text = f"Selecione {n} {noun if n == 1 else plural}"
            if st.get("near") is not None:
                text += (" adjacente " if n == 1 else " adjacentes ") + _join("a", hero_phrase(st["near"]))
            return text
        if st.get("what") == "card" and not st.get("who") and not st.get("near"):
            return "Selecione " + card_phrase(
                {"card": "choose", **{k: st[k] for k in ("count", "type", "zone") if k in st}}
            )
        raise NotWorded("select")
    if op == "roll":
        _known(st, "count")
        return "Role os dados" if st.get("count") is None else f"Role {_number(st['count'])} dados"
    if op == "step":
        _known(st, "text")
        return "Mova-se para uma casa adjacente"
    if op == "negate":
        _known(st)
        return "Negue a ativação"
    if op == "modify":
        _known(st, "action", "delta")
        delta = int(_number(st["delta"]))
        if st.get("action") not in ACTIONS or delta == 0:
            raise NotWorded("modify")
        return f"{'Aumente' if delta > 0 else 'Reduza'} {ACTIONS[st['action']]} em {abs(delta)}"
    if op == "table":
        _known(st, "cells")
        return " ❙ ".join(str(c) for c in st["cells"])
    if op == "choose":
        _known(st, "options")
        options = [" e ".join(canonical_statement(s) for s in opt) for opt in st["options"]]
        return "Escolha um: " + " ".join(f"● {o}" for o in options)
    if op == "if":
        _known(st, "cond", "then", "text")
        return f"se {canonical_condition(st['cond'])}, " + " e ".join(
            _lower_first(canonical_statement(s)) for s in st["then"]
        )
    raise NotWorded(str(op))


def _part_statement(st: dict[str, Any], target: Any) -> str:
    """«Cure metade da sua VIDA», «Recupere um terço da MANA de um aliado», «Um oponente perde metade da
    MANA»: a fraction of the resource of the hero the statement acts on (R-26)."""
    _known(st, "amount", "resource", "target")
    amount = st["amount"]
    if set(amount) - {"part", "of", "of_max", "max"} or amount.get("of") != st.get("resource"):
        raise NotWorded(f"amount {amount!r}")
    words = FRACTIONS.get(tuple(amount["part"]))
    if words is None:
        raise NotWorded(f"amount {amount!r}")
    whole = f"{st['resource']} máxima" if amount.get("of_max") else st["resource"]
    bound = f" (máx {_number(amount['max'])})" if "max" in amount else ""  # seed «máx»
    if st["op"] == "lose":
        return f"{_subject(target, 'perde', 'perdem')} {words} " + _join("de", f"a {whole}") + bound
    if target == {"who": "self"}:
        return f"{RESOURCE_VERBS[st['op']]} {words} da sua {whole}{bound}"
    if st["op"] == "consume":
        raise NotWorded("consume of another hero")
    return (
        f"{RESOURCE_VERBS[st['op']]} {words} "
        + _join("de", f"a {whole}")
        + " "
        + _join("de", hero_phrase(target))
        + bound
    )


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and text[1:2].islower() else text


def _who(who: Any) -> str:
    return hero_phrase(who if isinstance(who, dict) else {"who": who})


def canonical_condition(cond: Any) -> str:
    """A state or a condition without its first word: «sua VIDA for menor que 20», «o alvo ficar sem VIDA»,
    «você tiver uma EVOCAÇÃO no SUPORTE», «houver um inimigo adjacente a você». A kind it does not know
    raises :class:`NotWorded`."""
    if not isinstance(cond, dict):
        raise NotWorded(repr(cond))
    kind = cond.get("cond")
    if kind in ("compare", "share"):
        return _compare_condition(cond)
    if kind == "compare_cards" and set(cond) <= {"cond", "who", "cmp", "than", "than_all", "type", "zone"}:
        than = hero_phrase({"who": cond["than"], **({"all": True} if cond.get("than_all") else {})})
        zone = cond.get("zone")
        where = " " + _join("em", f"{'a' if zone in FEMININE_ZONES else 'o'} {zone}") if zone else ""
        more = {">": "mais", "<": "menos"}[cond["cmp"]]
        return (
            f"{_who(cond.get('who', 'self'))} tiver {more} {cond.get('type') or 'cartas'}{where} que {than}"
        )
    if kind == "resource" and set(cond) <= {
        "cond",
        "who",
        "resource",
        "cmp",
        "value",
        "near",
        "most",
        "least",
    }:
        who = {
            k: v
            for k, v in (
                ("who", cond.get("who", "self")),
                ("near", cond.get("near")),
                ("most", cond.get("most")),
                ("least", cond.get("least")),
            )
            if v is not None
        }
        res, cmp, value = cond["resource"], cond["cmp"], cond["value"]
        if cmp == "==" and value == 0:
            return f"{_who(who)} estiver sem {res}"
        if who == {"who": "self"} and cmp in COMPARISONS:
            return f"sua {res} for {COMPARISONS[cmp]} {_number(value)}"
        if cmp in COMPARISONS:
            return f"a {res} " + _join("de", _who(who)) + f" for {COMPARISONS[cmp]} {_number(value)}"
        raise NotWorded(f"cmp {cmp!r}")
    if kind == "has" and set(cond) <= {"cond", "who", "count", "cmp", "type", "zone"}:
        n = int(_number(cond.get("count", 1)))
        noun = cond.get("type") or ("carta" if n == 1 else "cartas")
        what = {">=": f"{n} ou mais {noun}", "<": f"menos de {n} {noun}"}.get(cond.get("cmp", ">="))
        if what is None:
            raise NotWorded("has")
        if n == 1 and cond.get("cmp", ">=") == ">=":
            what = f"uma {noun}" if cond.get("type") else "uma carta"
        zone = cond.get("zone")
        where = " " + _join("em", f"{'a' if zone in FEMININE_ZONES else 'o'} {zone}") if zone else ""
        return f"{_who(cond.get('who', 'self'))} tiver {what}{where}"
    if kind == "exists" and set(cond) <= {"cond", "count", "type", "zone"} and cond.get("count", 1) == 1:
        zone = cond.get("zone", "TABULEIRO")
        return f"houverem {cond.get('type') or 'cartas'} " + _join("em", f"o {zone.lower()}")
    if kind == "heroes" and set(cond) <= {"cond", "count", "who", "near"} and cond.get("count", 1) == 1:
        return "houver " + hero_phrase({k: cond[k] for k in ("who", "near") if k in cond})
    if kind == "not" and set(cond) == {"cond", "what"} and isinstance(cond["what"], dict):
        return _negated(cond["what"])
    if kind == "during" and set(cond) == {"cond", "what"}:
        what = cond["what"]
        if what.get("cond") == "turn" and what.get("of") == "self":
            return "o seu turno"
        if what.get("cond") == "turn" and what.get("of") == "opponent":
            return "o turno dos oponentes"
        if what == {"cond": "battle"}:
            return "a batalha"
        if what.get("cond") == "test" and set(what) <= {"cond", "attribute", "who"}:  # R-29
            of = f" de {what['attribute']}" if what.get("attribute") else ""
            return {"self": f"seus testes{of}", "any": f"um teste{of}", None: f"um teste{of}"}[
                what.get("who")
            ]
    if kind == "until" and cond.get("what") == {"card": "self", "cond": "until_event", "event": "discard"}:
        return "que esta carta seja descartada"
    if kind == "trigger" and set(cond) == {"cond", "trigger"}:
        return canonical_trigger(cond["trigger"])
    raise NotWorded(str(kind))


def _compare_condition(cond: dict[str, Any]) -> str:
    """«você tiver menos MANA que o alvo», «sua VIDA for menor ou igual à VIDA do alvo» (R-24); «sua VIDA
    estiver acima da metade», «a MANA de um aliado estiver abaixo de um terço» (R-26)."""
    kind, res, cmp = cond["cond"], cond["resource"], cond["cmp"]
    fields = {"cond", "who", "resource", "cmp", "near", "most", "least"}
    who = {k: cond[k] for k in ("who", "near", "most", "least") if k in cond} or {"who": "self"}
    whose = f"sua {res}" if who == {"who": "self"} else f"a {res} " + _join("de", _who(who))
    if kind == "compare" and set(cond) <= fields | {"than", "than_all"}:
        than = hero_phrase({"who": cond["than"], **({"all": True} if cond.get("than_all") else {})})
        if cmp in ("<", ">"):
            return f"{_who(who)} tiver {'mais' if cmp == '>' else 'menos'} {res} que {than}"
        if cmp in ("<=", ">="):
            return f"{whose} for {COMPARISONS[cmp][:-2]} " + _join("a", f"a {res}") + " " + _join("de", than)
    if kind == "share" and set(cond) <= fields | {"part"}:
        words = FRACTIONS.get(tuple(cond["part"]))
        if words is not None and cmp in ("<", ">"):
            where = "acima" if cmp == ">" else "abaixo"
            return f"{whose} estiver {where} " + _join("de", "a metade" if words == "metade" else words)
        if words is not None and cmp in ("<=", ">="):
            return f"{whose} for {COMPARISONS[cmp][:-2]} " + _join(
                "a", "a metade" if words == "metade" else words
            )
    raise NotWorded(str(kind))


def _negated(what: dict[str, Any]) -> str:
    """A state negated (LANGUAGE.md §2): «não houver um aliado adjacente a você», «não houverem COMPANHEIRO no
    tabuleiro», «nenhum aliado estiver sem ESTAMINA» (the hero «um X» of the state written «nenhum X»)."""
    some = _who({"who": what.get("who")}) if what.get("who") in ("ally", "opponent", "any") else ""
    if (
        what.get("cond") == "heroes"
        and some.startswith("um ")
        and what.get("near")
        and what.get("count", 1) == 1
    ):
        return f"nenhum{some[2:]} estiver adjacente " + _join("a", hero_phrase(what["near"]))
    if what.get("cond") in ("heroes", "exists"):
        return "não " + canonical_condition(what)
    if what.get("cond") in ("resource", "has") and some:
        words = canonical_condition(what)
        if some.startswith(("um ", "uma ")) and some in words:
            return words.replace(
                some, "nenhum" + some[2:] if some.startswith("um ") else "nenhuma" + some[3:], 1
            )
    raise NotWorded("not")


def _trigger_card(card: Any) -> str:
    if not isinstance(card, dict) or card.get("card") != "any" or set(card) - {"card", "type", "owner"}:
        raise NotWorded(f"trigger card {card!r}")
    phrase = f"uma {card['type']}" if card.get("type") else "uma carta"
    return phrase + (" " + _join("de", _who(card["owner"])) if card.get("owner") else "")


def canonical_trigger(tr: Any) -> str:
    """An event a trigger waits for, after «Quando»: «um oponente ativar uma carta», «uma carta for
    ativada», «um aliado sofrer dano», «for ser atacado», «um inimigo se mover»…"""
    if not isinstance(tr, dict):
        raise NotWorded(repr(tr))
    event, moment = tr.get("event"), tr.get("moment")
    actor, patient, card, res = tr.get("actor"), tr.get("patient"), tr.get("card"), tr.get("resource")
    if set(tr) - {"event", "moment", "actor", "patient", "card", "resource", "attribute"}:
        raise NotWorded("trigger with more")
    attribute = tr.get("attribute")
    if attribute is not None and event != "test":
        return _no(tr)
    if event == "step" and actor and not (patient or card or res) and moment in ("during", "after"):
        return f"{_who(actor)} se mover"
    if event in ("activate", "discard") and card and not (patient or res):
        verb, done = {"activate": ("ativar", "ativada"), "discard": ("descartar", "descartada")}[event]
        if actor and moment == "during":
            return f"{_who(actor)} {verb} {_trigger_card(card)}"
        if not actor and moment == "after":
            return f"{_trigger_card(card)} for {done}"
    if event == "damage" and moment == "after" and not (actor or res) and patient and not card:
        return "sofrer dano" if patient == {"who": "self"} else f"{_who(patient)} sofrer dano"
    if event == "test" and moment == "before" and actor == {"who": "self"} and not (patient or card or res):
        return "for fazer um teste" + (f" de {attribute}" if attribute else "")
    if event == "exhaust" and moment == "after" and card and not (actor or patient or res):
        return f"{_trigger_card(card)} for consumida"
    if event == "recover" and moment == "before" and res and patient and not (actor or card):
        return f"a {res} " + _join("de", _who(patient)) + " for ser recuperada"
    if event == "attack" and patient and not (actor or card or res):
        if patient == {"who": "self"}:
            return {"before": "for ser atacado", "after": "ser atacado"}.get(moment or "") or _no(tr)
        if moment == "after":
            return f"{_who(patient)} for atacado"
    if event == "heal" and not (actor or card):
        if moment == "before" and res and not patient:
            return f"{res} for ser curado"
        if moment == "before" and res and patient:
            return f"a {res} " + _join("de", _who(patient)) + " for ser curada"
        if moment == "before" and patient and not res:  # «Quando (um aliado) for ser curado»
            return "for ser curado" if patient == {"who": "self"} else f"{_who(patient)} for ser curado"
        if moment == "after" and patient and not res:
            return f"{_who(patient)} for curado"
    return _no(tr)


def _no(tr: Any) -> str:
    raise NotWorded(f"trigger {tr!r}")


def canonical_requirement(req: Any) -> str:
    """One requirement in the seed's wording: a cost or an action as its statement, a state or a condition
    after its own first word (Se, Enquanto…)."""
    if req.statement is not None:
        return canonical_statement(req.statement)
    if req.ast.get("cond") == "trigger":  # «Depois de ser atacado»: the opener that gives its moment
        words, tr = canonical_condition(req.ast), req.ast["trigger"]
        after = words == "ser atacado" or (tr.get("event") == "step" and tr.get("moment") == "after")
        return f"Depois de {words}" if after else f"Quando {words}"
    if req.ast.get("cond") == "during":
        return f"Durante {canonical_condition(req.ast)}"
    return f"{req.verb} {canonical_condition(req.ast)}"


def canonical_description(body: Any) -> str:
    """A whole description in the seed's wording: its statements joined by «e», a «se …» opening a new
    sentence (it governs the clauses after it up to the end of its sentence)."""
    out = ""
    for st in body:
        data = st.to_dict() if hasattr(st, "to_dict") else st
        words = canonical_statement(data)
        if not out:
            out = words[:1].upper() + words[1:]
        elif data.get("op") == "if":
            out += ". " + words[:1].upper() + words[1:]
        else:
            out += " e " + _lower_first(words)
    return out + "." if out else ""


def reading_lines(effect: Any, lang: str = "en") -> list[str]:
    """What was read, one line per requirement and statement: the seed's wording, then « — » and what it
    does in ``lang`` (a statement's sentence from the catalogue; a requirement's kind, and for a cost or an
    action its sentence too); a part the wording does not know is shown as its reading's data, marked so."""
    t = translator(lang)
    lines = []
    for r in effect.requirements:
        try:
            words = canonical_requirement(r)
        except NotWorded:
            words = t(
                "{text} (as written; read as {data})", text=r.text, data=json.dumps(r.ast, ensure_ascii=False)
            )
        kind = (
            t.p("requirement kind", r.kind) if r.kind in ("cost", "action", "state", "condition") else r.kind
        )
        data = r.ast if r.kind in ("cost", "action") and isinstance(r.ast, dict) else {}
        if data.get("op") not in (None, "unknown"):  # what a cost or action does, as a statement is worded
            kind = t("{kind}: {what}", kind=kind, what=statement_text(data, lang))
        lines.append(f"【 {words} 】 — {kind}")
    for st in effect.body:
        data = st.to_dict() if hasattr(st, "to_dict") else st
        if data.get("op") == "unknown":  # not read: said so, never guessed
            lines.append(t("✗ “{text}” is not read", text=data.get("text", "")))
            continue
        try:
            words = canonical_statement(data)
        except NotWorded:
            words = t("(not worded; read as {data})", data=json.dumps(data, ensure_ascii=False))
        lines.append(f"{words} — {statement_text(data, lang)}")
    return lines


def explain_text(text: str, lang: str = "en") -> list[str]:
    """An effect text as a card designer checks it: its canonical form and :func:`reading_lines`; a text
    the notation refuses gives one line, its position and the reason in ``lang`` (no error code)."""
    t = translator(lang)
    try:
        effect = parse_effect(text)
    except EffectTextError as err:
        message = t.phrase(Phrase(err.msgid, **err.params)) if err.msgid else err.message
        return [t("✗ position {position}: {message}", position=err.position, message=message)]
    return [format_effect(effect), *("  " + line for line in reading_lines(effect, lang))]
