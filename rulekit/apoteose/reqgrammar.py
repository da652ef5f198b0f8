"""The requirement reader: the event of a trigger (after Quando / Depois de / Antes de) and a state or
condition (after Se / Enquanto / Durante / Até, or "se …," in a description), read by a grammar
(``requirements.lark``) over the noun phrases of the description grammar (``grammar.lark``): one reader,
one noun-phrase rule (LANGUAGE.md §2, §3.1). The event verbs and the comparison words are the tables of
:mod:`rulekit.apoteose.words` (``EVENT_STEMS``, ``COMPARISONS``); the grammar's terminals are made from them.

>>> parse_trigger_text("uma HABILIDADE de um oponente for ativada")["card"]
{'card': 'any', 'type': 'HABILIDADE', 'owner': 'opponent'}
>>> parse_condition_text("um oponente tiver 3 ou mais cartas no INVENTÁRIO")["cmp"]
'>='
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulekit.apoteose.antecedents import NONE_ONLY_IN_A_STATE
from rulekit.apoteose.builder import HERO_TREES, RefError, _Build, _low
from rulekit.apoteose.cardrefs import every_owner
from rulekit.apoteose.codes import HERO_SETS
from rulekit.apoteose.grammar import MAX_CLAUSE, _expected, _word_start, grammar_source, rules_of
from rulekit.apoteose.reading import construction_reason, fraction, lexicon, refused_construction
from rulekit.apoteose.rulings import moment_of
from rulekit.apoteose.words import (
    _POSSESSIVES,
    _THIS,
    COMPARISONS,
    EVENT_STEMS,
    RESOURCES,
    Refs,
    expand,
    fold,
)
from rulekit.phrase import N_, Phrase

__all__ = ["Unread", "condition_unread", "parse_condition_text", "parse_trigger_text", "trigger_unread"]

#: A phrase a trigger waits for that says more than one card, hero or resource of a kind: how many ("duas
#: cartas"), which ("todas as cartas", "cada HABILIDADE", "o aliado com menos VIDA") or where from ("uma carta
#: do BARALHO"). A trigger answers each event on its own (seed «Quando»: the situation that activates the
#: effect), with no count of events, no choice among cards and no zone: such a word is refused by name,
#: never dropped (a trigger read without it would answer events the card does not mean).
NOT_IN_A_TRIGGER = N_(
    "'{word}' in '{phrase}' is not read: a trigger answers each event on one card, hero or resource of a "
    "kind, and does not count, choose among or place them"
)
#: "um teste de SORTE": no attribute of the lexicon (a trigger never waits for a word it cannot check).
NOT_AN_ATTRIBUTE = N_("'{word}' is not an attribute ({attributes})")
#: Determiners that name one of a kind, as a trigger reads it ("uma carta", "um aliado").
_ONE_OF_A_KIND = ("um", "uma")
#: Determiners of a resource that name it as it is ("a VIDA", "sua MANA").
_ARTICLES = ("o", "a", "os", "as")


@lru_cache(maxsize=1)
def _cmp() -> dict[str, str]:
    """Comparison words as the grammar sees them (contractions written out) -> the operator. Made
    when first read (the reading pipeline loads its lemma data: about two seconds that every
    command paid at start, Apoteose or not)."""
    return {expand(word)[0].lower(): op for word, op in COMPARISONS}


#: Kinds of the events "esta carta seja <participle>" waits for (R-04 «Até»).
_UNTIL_EVENTS = {
    "descart": "discard",
    "ban": "banish",
    "enterr": "bury",
    "consum": "exhaust",
    "revel": "reveal",
    "ocult": "hide",
}


def _req_grammar() -> str:
    """``grammar.lark`` + ``requirements.lark``, the verb and comparison terminals made from the tables."""
    here = Path(__file__)
    extra = here.with_name("requirements.lark").read_text(encoding="utf-8")
    extra = extra.replace("@EVENT_STEMS@", "|".join(sorted(EVENT_STEMS, key=len, reverse=True)))
    extra = extra.replace(
        "@CMP_WORDS@", "|".join(re.escape(w) for w in sorted(_cmp(), key=len, reverse=True))
    )
    return grammar_source() + "\n" + extra


@lru_cache(maxsize=1)
def _req_parser() -> Any:
    """The requirement grammar (``requirements.lark``) over the description grammar's noun phrases, with
    Earley: reads every text the grammar allows."""
    from lark import Lark

    return Lark(
        _req_grammar(),
        parser="earley",
        lexer="dynamic",
        ambiguity="resolve",
        propagate_positions=True,
        start=["trigger_start", "cond_start"],
    )


@lru_cache(maxsize=1)
def _req_fast_parser() -> Any:
    """The same grammar under LALR(1), tried first (as for descriptions); where it fails, or gives a tree the
    builder cannot read, Earley reads the text."""
    from lark import Lark

    return Lark(
        _req_grammar(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        start=["trigger_start", "cond_start"],
    )


def _event_stem(word: str) -> str:
    """The stem of an event verb or participle ("ativada" -> "ativ", "fizer" -> "fiz")."""
    low = fold(word).lower()
    return next(stem for stem in sorted(EVENT_STEMS, key=len, reverse=True) if low.startswith(stem))


def parse_trigger_text(text: str) -> dict[str, Any]:
    """The event after Quando / Depois de / Antes de -> ``{"event", "moment", "actor", "patient", ...}``
    (LANGUAGE.md §2): ``actor`` who did it, ``patient`` to whom (hero filters ``{"who": …}``), ``card`` a card
    filter (``{"card": "self"|"any", "type", "owner"}``), ``resource`` the resource concerned. A text the
    grammar cannot read, or whose hero it cannot name, is ``{"event": "unknown"}`` (never "você").

    >>> parse_trigger_text("um oponente ativar uma carta")
    {'moment': 'during', 'event': 'activate', 'actor': {'who': 'opponent'}, 'card': {'card': 'any'}}
    >>> parse_trigger_text("a MANA de um aliado for ser recuperada")
    {'moment': 'before', 'event': 'recover', 'resource': 'MANA', 'patient': {'who': 'ally'}}
    """
    return copy.deepcopy(_trigger_cached(" ".join(text.split())))


def parse_condition_text(text: str) -> dict[str, Any]:
    """A state or condition (after Se / Enquanto / Durante / Até) -> a condition dict (LANGUAGE.md §2), or
    ``{"cond": "unknown", "text": …}``.

    >>> parse_condition_text("sua MANA for maior que 3")
    {'cond': 'resource', 'who': 'self', 'resource': 'MANA', 'cmp': '>', 'value': 3}
    >>> parse_condition_text("um aliado estiver sem ESTAMINA")
    {'cond': 'resource', 'who': 'ally', 'resource': 'ESTAMINA', 'cmp': '==', 'value': 0}
    """
    return copy.deepcopy(_condition_cached(" ".join(text.split()).rstrip(".").strip()))


@dataclass(frozen=True)
class Unread:
    """Why a requirement's words are not read, located: ``position`` (0-based, in the text as written) of
    the ``word`` not read, and the ``reason`` (a catalogue :class:`~rulekit.phrase.Phrase`: the phrase
    reads but names nothing a requirement can wait for) or what the grammar ``expected`` there."""

    position: int
    word: str
    reason: Any = None
    expected: tuple[Any, ...] = ()


def _read(text: str, start: str, build: Any) -> tuple[Any, Unread | None]:
    """``build(builder, tree)`` over the LALR tree, else over Earley's: the reading, or ``None`` and why
    (:class:`Unread`: where Earley stopped, or the phrase the builder refused, naming its word)."""
    from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF

    if not text or len(text) > MAX_CLAUSE:
        return None, None
    folded, where = expand(text)
    hit = refused_construction(text)
    why: Unread | None = None
    for parser in (_req_fast_parser, _req_parser):
        try:
            tree = parser().parse(folded, start=start)
        except UnexpectedEOF as exc:
            why = Unread(len(text), "", None, tuple(_expected(exc.expected)))
            continue
        except UnexpectedCharacters as exc:
            pos = _word_start(text, where[min(exc.pos_in_stream or 0, len(folded))])
            why = Unread(pos, _word_at(text, pos), None, tuple(_expected(exc.allowed or set())))
            continue
        except LarkError:
            continue
        if hit is not None and refused_construction(text, rules_of(tree)) is not None:
            name, at, words = hit
            why = Unread(at, words, construction_reason(name, words))
            continue  # a construction read by no rule of its own: refused by name (text.py), never near
        b = _ReqBuild(text, where, Refs())
        try:
            out = build(b, tree.children[0])
        except RefError as exc:  # a phrase that reads but names nothing a requirement can wait for
            why, out = Unread(b.at, _word_at(text, b.at), exc.message), None
        except Exception:  # noqa: BLE001 - a phrase that reads but names nothing the engine knows
            out = None
        if out is not None:
            return out, None
    return None, why


def _word_at(text: str, pos: int) -> str:
    rest = text[pos:].split()
    return rest[0] if rest else ""


def trigger_unread(text: str) -> Unread | None:
    """Why the event after Quando / Depois de / Antes de is not read (``None``: it is read, or nothing
    located can be said)."""
    return _trigger_read(" ".join(text.split()))[1]


def condition_unread(text: str) -> Unread | None:
    """Why a state or condition is not read (as :func:`trigger_unread`)."""
    return _condition_read(" ".join(text.split()).rstrip(".").strip())[1]


def _trigger_cached(text: str) -> dict[str, Any]:
    moment = moment_of("quando " + expand(text)[0].lower())  # read as the grammar reads it ("prestes a")
    out = _trigger_read(text)[0]
    return out if out is not None else {"moment": moment, "event": "unknown", "text": text}


@lru_cache(maxsize=1024)
def _trigger_read(text: str) -> tuple[dict[str, Any] | None, Unread | None]:
    moment = moment_of("quando " + expand(text)[0].lower())
    return _read(text, "trigger_start", lambda b, node: b.event(node, moment))


def _condition_cached(text: str) -> dict[str, Any]:
    out = _condition_read(text)[0]
    return out if out is not None else {"cond": "unknown", "text": text}


@lru_cache(maxsize=1024)
def _condition_read(text: str) -> tuple[dict[str, Any] | None, Unread | None]:
    return _read(text, "cond_start", lambda b, node: b.state(node))


#: States that "nenhum <herói>" / "não …" negate (LANGUAGE.md §2): a state of some hero, or of cards in play.
_NEGATABLE = ("resource", "has", "heroes", "exists")


class _ReqBuild(_Build):
    """Requirement tree -> trigger or condition dict (the noun phrases as :class:`_Build` reads them)."""

    #: how many "nenhum" the phrases read so far held: a state of no hero (:meth:`state`)
    nones = 0
    #: the first "nenhum" read (where a trigger refuses it)
    none_at: Any = None

    def det_word(self, node: Any, word: str) -> str:
        """ "nenhum aliado": read as "um aliado", the state it is in then negated (:meth:`state`)."""
        if word in ("nenhum", "nenhuma"):
            self.nones += 1
            if self.none_at is None:
                self.none_at = (node, word)
            return "um" if word == "nenhum" else "uma"
        return word

    def event(self, node: Any, moment: str) -> dict[str, Any] | None:
        """A trigger (:meth:`trigger`); "nenhum" in it names no event ("Quando nenhum aliado sofrer dano"):
        refused naming it."""
        out = self.trigger(node, moment)
        if self.nones:
            at, word = self.none_at
            self.fail(at, Phrase(NONE_ONLY_IN_A_STATE, word=word))
        return out

    def unread(self, node: Any) -> Any:
        """Refuse ``node``, a phrase a trigger cannot wait for (:data:`NOT_IN_A_TRIGGER`), naming its first
        word that says more than one of a kind: a determiner other than um/uma ("todas", "cada", "duas",
        "as"), else the first modifier ("do BARALHO", "com menos VIDA"), else a plural noun ("aliados")."""
        phrase = node.children[0] if node.data == "party" and self.subs(node) else node
        part: Any = None
        dets = self.sub(phrase, "dets")
        for d in self.subs(dets) if dets is not None else ():
            if _low(d.children[0]) not in _ONE_OF_A_KIND:
                part = d.children[0]
                break
        if part is None:
            part = next((c for c in self.subs(phrase) if c.data not in ("dets", "cardnoun")), None)
        if part is None:
            part = self.tok(phrase, "HNOUN") or phrase
        return self.fail(part, Phrase(NOT_IN_A_TRIGGER, word=self.span(part), phrase=self.span(phrase)))

    def state(self, node: Any) -> dict[str, Any] | None:
        """A state or condition (:meth:`condition`). "nenhum aliado estiver adjacente a você" is the negation
        of "um aliado estiver adjacente a você": ``{"cond": "not", "what": …}``, as is "não houver …"; a state
        of two negations, or a negation of what is not a state of heroes or cards (:data:`_NEGATABLE`), is
        not read (never guessed)."""
        out = self.condition(node)
        if out is None or not self.nones:
            return out
        if self.nones > 1 or out.get("cond") not in _NEGATABLE:
            return None
        return {"cond": "not", "what": out}

    def _some(self, node: Any) -> dict[str, Any] | None:
        """ "houver aliados adjacentes": a bare plural after houver is some such heroes (one at least)."""
        hero = self.hero(node)
        if node.data != "hero_phrase" or self.sub(node, "dets") is not None or not hero.get("all"):
            return None
        return {k: hero[k] for k in ("who", "near") if k in hero}

    # ---- what a trigger's subject or object names -------------------------------------------
    def party(self, node: Any) -> dict[str, Any]:
        """A hero (``{"who"}``), a card (``{"card", "type", "owner"}``) or a resource
        (``{"resource", "who"}``); a phrase that names more than one of a kind, or nothing a trigger can
        filter on, is refused naming its word (:meth:`unread`), never dropped."""
        every = every_owner(self, node)
        if every is not None:  # "uma carta de todos os oponentes", "a MANA de cada aliado": whose, of which?
            return self.fail(every, Phrase(NOT_IN_A_TRIGGER, word=self.orig(every), phrase=self.span(node)))
        if node.data == "card_of_kind":  # "um COMPANHEIRO aliado": your team's; "… rival": another team's
            noun = self.sub(node, "cardnoun")
            if noun is None:  # "este efeito" (this card's), "um efeito" (any card's)
                return {"card": "self"} if _low(self.tok(node, "DET")) in _THIS else {"card": "any"}
            tok = noun.children[0]
            group = self.sub(node, "dets")
            dets = [d.children[0] for d in self.subs(group)] if group is not None else []
            if any(_low(t) not in _ONE_OF_A_KIND for t in dets):
                return self.unread(node)  # "cada COMPANHEIRO rival", "todos os COMPANHEIROS aliados"
            if not dets and self.orig(tok).lower().endswith("s"):
                return self.fail(tok, Phrase(NOT_IN_A_TRIGGER, word=self.orig(tok), phrase=self.span(node)))
            out: dict[str, Any] = {"card": "any"}
            if tok.type != "CARDWORD":
                out["type"] = self.card_type(tok)
            adj = self.tok(node, "ADJ")
            if adj is not None:
                out["owner"] = "team" if _low(adj).startswith("aliad") else "opponent"
            return out
        child = node.children[0]
        if child.data in HERO_TREES:
            if child.data == "named_hero" and fold(self.orig(child.children[0])).lower() == "alguem":
                return {"who": "any"}
            hero = self.hero(child)
            if "most" in hero or "least" in hero:  # a trigger does not filter on it: unread, never dropped
                return self.unread(node)
            if "near" in hero:  # "um aliado adjacente a você": the kind, and next to whom (checked then)
                return (
                    {"who": hero["who"], "near": hero["near"]} if not hero.get("all") else self.unread(node)
                )
            if hero.get("who") in ("self", *HERO_SETS, "turn") and not hero.get("all"):
                return {"who": hero["who"]}
            return self.unread(node)
        if child.data == "res_amount":  # "consumir 2 de ESTAMINA": an event has no amount to wait for
            return self.unread(node)
        if child.data == "res_np":
            out = {"resource": RESOURCES[_low(self.tok(child, "RESOURCE"))]}
            words, _ = self.dets(child)
            if any(w not in _POSSESSIVES and w not in _ARTICLES for w in words):
                return self.unread(node)  # "cada MANA": one resource of a hero is all there is to name
            if any(w in _POSSESSIVES for w in words):
                out["who"] = "self"
            of = self.sub(child, "of_hero")
            if of is not None:
                out["who"] = self.owner(of)
                hs = self.heroes_in(of)  # "a VIDA de um aliado adjacente a você": next to whom, too
                near = self.hero(hs[0]).get("near") if hs and hs[0].data == "hero_phrase" else None
                if near is not None:
                    out["near"] = near
            return out
        card = self.card_ref(child)
        if card.get("card") == "self":
            return {"card": "self"}
        if card.get("card") == "all" and self.dets(child) == ([], None) and "zone" not in card:
            card = {**card, "card": "choose", "count": 1}  # "for comprar cartas": any card, as "uma carta"
        if card.get("card") == "choose" and card.get("count") == 1 and "zone" not in card:
            out = {"card": "any"}
            if "type" in card:
                out["type"] = card["type"]
            if card.get("owner") in ("self", *HERO_SETS, "team", "other"):
                out["owner"] = card["owner"]
            elif "owner" in card:  # "uma carta do alvo": whose card, of a hero a trigger does not name
                return self.unread(node)
            return out
        return self.unread(node)

    def _party_of(self, node: Any) -> Any:
        return self.sub(node, "party") or self.sub(node, "card_of_kind")

    def _subject(self, node: Any) -> dict[str, Any]:
        p = self._party_of(node)
        return {"who": "self"} if p is None else self.party(p)

    # ---- triggers --------------------------------------------------------------------------------
    def _object(self, out: dict[str, Any], node: Any, stem: str, kind: str) -> None:
        """The object of an event verb ("ativar uma HABILIDADE", "curar a VIDA de um aliado", "atacar um
        aliado") into ``out``: a card, a resource (and whose: the patient) or a hero (the patient). What
        the trigger cannot wait for is refused naming its word (:meth:`unread`), never dropped: an amount
        or a count, a quantifier, a zone, the object of "sofrer" other than its damage, of a test or a
        roll, and "sua" after another hero ("um oponente curar sua VIDA": whose is not said)."""
        o = self.party(node)
        if stem == "sofr" or kind in ("test", "roll"):
            if o != {"resource": "DANO"}:  # "sofrer DANO" is "sofrer dano"
                self.unread(node)
            return
        if "resource" in o:
            out["resource"] = o["resource"]
            if "who" in o:
                child = node.children[0] if self.subs(node) else node
                of_hero = self.sub(child, "of_hero") is not None
                if not of_hero and out.get("actor", {"who": "self"}) != {"who": "self"}:
                    self.unread(node)
                out["patient"] = {k: o[k] for k in ("who", "near") if k in o}
        elif "card" in o:
            out["card"] = o
        else:
            out["patient"] = o

    def trigger(self, node: Any, moment: str) -> dict[str, Any] | None:
        out: dict[str, Any] = {"moment": moment}
        subj = self._subject(node)
        if node.data == "t_step":  # a hero moved on the board (LANGUAGE.md §4.1)
            tail = self.sub(node, "steptail")
            if tail is not None and self.subs(tail):  # "… adjacente a você": the mover next to him once there
                near = self.near(tail)
                if near != {"who": "self"}:  # what a Selecione chooses is chosen after the trigger
                    self.fail(
                        tail,
                        Phrase(
                            N_("'{phrase}': a trigger reads only 'adjacente a você'"), phrase=self.span(tail)
                        ),
                    )
                subj = {**subj, "near": near}
            return {**out, "event": "step", "actor": subj} if "who" in subj else None
        verb = self.tok(node, "EVPART") or self.tok(node, "EVINF")
        kind = EVENT_STEMS[_event_stem(str(verb))]
        out["event"] = kind
        obj = self.sub(node, "obj") or self.sub(node, "obj_test_of")
        if obj is not None and obj.data == "obj_test_of":  # "fazer um teste de AGI": a test of that attribute
            name = self.tok(obj, "NAME")
            attribute = lexicon().declared["attributes"].get(fold(self.orig(name)).upper())
            if kind != "test":
                self.fail(name, Phrase(NOT_IN_A_TRIGGER, word=self.orig(name), phrase=self.span(obj)))
            if attribute is None:
                attributes = ", ".join(lexicon().declared["attributes"].values())
                self.fail(name, Phrase(NOT_AN_ATTRIBUTE, word=self.orig(name), attributes=attributes))
            out["attribute"] = attribute
        obj_party = self._party_of(obj) if obj is not None else None
        if node.data == "t_going":  # "for atacar", "for fazer um teste": the subject is about to act
            out["actor"] = subj if "who" in subj else {"who": "self"}
            if obj_party is not None:  # "for atacar um aliado", "for ativar uma HABILIDADE"
                self._object(out, obj_party, _event_stem(str(verb)), kind)
                if "card" in out and kind != "activate":  # "for comprar uma carta": no card is known yet
                    if out["card"] != {"card": "any"}:
                        self.unread(obj_party)  # "for comprar uma HABILIDADE": which, before it is drawn?
                    out["object"] = out.pop("card")  # any card: the event itself
        elif node.data == "t_passive":  # "uma carta for descartada", "você for curado", "MANA for ser curada"
            if (
                kind in ("heal", "damage", "attack", "target", "recover", "lose")
                and "who" in subj
                and ("resource" not in subj)
            ):
                out["patient"] = subj
            elif "resource" in subj:
                out["resource"] = subj["resource"]
                if "who" in subj:
                    out["patient"] = {k: subj[k] for k in ("who", "near") if k in subj}
            elif "card" in subj:
                out["card"] = subj
            else:
                out["patient"] = subj
            by = self.sub(node, "by")
            if by is not None:
                out["actor"] = self.party(self._party_of(by))
        else:  # "um oponente ativar uma carta", "sofrer dano", "um COMPANHEIRO sofrer dano"
            stem = _event_stem(str(verb))
            who = subj if "who" in subj else {"who": "self"}
            if stem == "sofr" and "card" in subj:  # a card with its own VIDA is hit
                out["card"] = subj
            elif stem == "sofr":
                out["patient"] = who
            else:
                out["actor"] = who
            if obj_party is not None:
                self._object(out, obj_party, stem, kind)
        if out["event"] == "consume" and "card" in out:
            out["event"] = "exhaust"
        if out["event"] == "recover" and "card" in out:
            out["event"] = "ready"
        return out

    # ---- states and conditions -----------------------------------------------------------------
    def _who(self, node: Any) -> dict[str, Any] | None:
        """The hero a state is about: one hero phrase ("um aliado", "o alvo"), never a name or every hero;
        ``{"who": …}``, with ``near`` for "um aliado adjacente a você" (the heroes next to one hero)."""
        hero = self.hero(node)
        if hero.get("all") or hero.get("who") == "name":
            return None
        return {"who": str(hero["who"]), **{k: hero[k] for k in ("near", "most", "least") if k in hero}}

    def _resource_cond(
        self, who: dict[str, Any] | None, node: Any, cmp: str, value: int
    ) -> dict[str, Any] | None:
        """A resource condition of ``who`` (``None``: no hero this reader knows, so no condition)."""
        if who is None:
            return None
        out = {
            "cond": "resource",
            "who": who["who"],
            "resource": self.resource(node),
            "cmp": cmp,
            "value": value,
        }
        return {**out, **{k: who[k] for k in ("near", "most", "least") if k in who}}

    def _cmp(self, node: Any, default: str) -> str:
        more = self.sub(node, "more")
        if more is not None:
            return ">=" if _low(self.tok(more, "MOREWORD")) == "mais" else "<="
        cmp = self.sub(node, "cmp")
        if cmp is None:
            return default
        return _cmp()[" ".join(_low(self.tok(cmp, "CMPWORD")).split())]

    def _than(self, node: Any) -> dict[str, Any] | None:
        """The hero on the other side of a comparison: one hero ("o alvo", "aquele oponente"), some hero of a
        set ("um oponente") or every one ("todos os oponentes": ``than_all``)."""
        hero = self.hero(node)
        if hero.get("who") == "name" or "near" in hero or "most" in hero or "least" in hero:
            return None
        return {"than": str(hero["who"]), **({"than_all": True} if hero.get("all") else {})}

    def _compare(self, node: Any, d: str) -> dict[str, Any] | None:
        """ "você tiver menos MANA que o alvo", "sua VIDA for maior que a VIDA do alvo", "um aliado tiver mais
        VIDA que todos os oponentes": a hero's resource against another hero's, both read when the requirement
        is asked (``rulings.compare_heroes``, R-24)."""
        if d == "c_compare_have":
            first, second = [s for s in self.subs(node) if s.data in HERO_TREES]
            who = self._who(first)
            cmp = ">" if _low(self.tok(node, "MOREWORD")) == "mais" else "<"
            resource = self.resource(node)
            than = self._than(second)
        else:
            owners = [s for s in self.subs(node) if s.data == "of_hero"]
            resources = [t for t in self.toks(node) if t.type == "RESOURCE"]
            words, _ = self.dets(node)
            if len(owners) == 2:
                who = self._who(self.heroes_in(owners[0])[0])
            elif any(w in _POSSESSIVES for w in words) or not words:
                who = {"who": "self"}
            else:
                return None  # "a VIDA for menor que a do alvo": whose VIDA is not said
            if len(resources) == 2 and RESOURCES[_low(resources[0])] != RESOURCES[_low(resources[1])]:
                return None  # two resources compared: not a comparison between heroes this reader knows
            resource = RESOURCES[_low(resources[0])]
            cmp = _cmp()[" ".join(_low(self.tok(self.sub(node, "cmp"), "CMPWORD")).split())]
            if cmp not in ("<", ">", "<=", ">="):
                return None
            than = self._than(self.heroes_in(owners[-1])[0])
        if who is None or than is None or who.get("who") == than["than"] and not than.get("than_all"):
            return None  # a hero against itself says nothing
        return {"cond": "compare", **who, "resource": resource, "cmp": cmp, **than}

    def _share(self, node: Any, d: str) -> dict[str, Any] | None:
        """ "sua VIDA estiver acima da metade", "você tiver menos da metade da sua VIDA", "a MANA do alvo for
        menor que um terço": a hero's resource against a fraction of its maximum
        (``rulings.fraction_in_state``, R-26)."""
        if d == "c_share_have":
            who = self._who(self.heroes_in(node)[0])
        else:
            of = self.sub(node, "of_hero")
            who = {"who": "self"} if of is None else self._who(self.heroes_in(of)[0])
            words, _ = self.dets(node)
            if of is None and words and not any(w in _POSSESSIVES for w in words):
                return None  # "a VIDA estiver acima da metade": whose VIDA is not said
        resources = {RESOURCES[_low(t)] for t in self.toks(node) if t.type == "RESOURCE"}
        if who is None or len(resources) != 1:
            return None  # "sua VIDA acima da metade da MANA": two resources
        cmp = _cmp()[" ".join(_low(self.tok(self.sub(node, "cmp"), "CMPWORD")).split())]
        num, den = fraction(_low(self.tok(node, "FRACTION")))
        return {"cond": "share", **who, "resource": resources.pop(), "cmp": cmp, "part": [num, den]}

    def condition(self, node: Any) -> dict[str, Any] | None:
        d = node.data
        heroes = [s for s in self.subs(node) if s.data in HERO_TREES]
        if d == "c_exists":
            c = self.sub(node, "count")
            out: dict[str, Any] = {
                "cond": "exists",
                "count": self.count(c) if c is not None else 1,
                "zone": self.zone(self.sub(node, "zone")),
            }
            tok = self.sub(node, "cardnoun").children[0]
            if tok.type != "CARDWORD":
                out["type"] = self.card_type(tok)
            return {k: out[k] for k in ("cond", "count", "type", "zone") if k in out}
        if d == "c_turn_of":
            noun = _low(self.tok(node, "HNOUN"))
            rival = noun.startswith(("op", "riv", "ini", "adv"))
            return {"cond": "turn", "of": "opponent" if rival else "ally"}
        if d == "c_own_turn":
            words, _ = self.dets(node)
            return {"cond": "turn", "of": "self"} if any(w in _POSSESSIVES for w in words) else None
        if d == "c_battle":
            return {"cond": "battle"}
        if d == "c_test":
            return {"cond": "test"}
        if (
            d == "c_test_of"
        ):  # "seus testes de AGI": a test of that attribute, yours ("um teste de AGI": anyone's)
            attr = lexicon().declared["attributes"].get(fold(self.orig(self.tok(node, "NAME"))).upper())
            words, _ = self.dets(node)
            whose = "self" if any(w in _POSSESSIVES for w in words) else "any"
            return {"cond": "test", "attribute": attr, "who": whose} if attr else None
        if d == "c_until_event":
            if _low(self.tok(node, "DET")) not in _THIS:
                return None
            event = _UNTIL_EVENTS.get(_event_stem(str(self.tok(node, "EVPART"))))
            return {"cond": "until_event", "event": event, "card": "self"} if event else None
        if d == "c_time":
            unit = {"turno": "turn", "batalha": "battle", "ciclo": "cycle"}[_low(self.tok(node, "TIMEUNIT"))]
            return {
                "cond": "until_time",
                "when": ("next_" if _low(self.tok(node, "TIMEWORD")) == "inicio" else "end_") + unit,
            }
        if d == "c_attached":
            return {"cond": "attached"} if _low(self.tok(node, "DET")) in _THIS else None
        if d == "c_without":  # "sem MANA": none of it
            return self._resource_cond(self._who(heroes[0]), node, "==", 0)
        if d == "c_res_have":
            who = self._who(heroes[0])
            value = self.count(self.sub(node, "count"))
            return self._resource_cond(who, node, self._cmp(node, ">="), value)
        if d == "c_res_is":
            of = self.sub(node, "of_hero")
            who = {"who": "self"} if of is None else self._who(self.heroes_in(of)[0])
            value = self.count(self.sub(node, "count"))
            return self._resource_cond(who, node, self._cmp(node, "=="), value)
        if d == "c_has":
            spec = self._who(heroes[0])
            if spec is None:
                return None
            out = {"cond": "has", "who": spec["who"], "count": self.count(self.sub(node, "count"))}
            plain = self.sub(node, "cmp") is None and self.sub(node, "more") is None
            if not (
                plain and spec == {"who": "self"} and _low(self.tok(node, "HAVE")) in ("tiver", "possuir")
            ):
                out["cmp"] = self._cmp(node, ">=")
            tok = self.sub(node, "cardnoun").children[0]
            if tok.type != "CARDWORD":
                out["type"] = self.card_type(tok)
            z = self.sub(node, "zone")
            if z is not None:
                out["zone"] = self.zone(z)
            return {**out, "near": spec["near"]} if "near" in spec else out
        if d in ("c_compare_have", "c_compare_is"):
            return self._compare(node, d)
        if d == "c_compare_cards":  # "você tiver menos cartas no INVENTÁRIO que o alvo" (R-24)
            first, second = self.heroes_in(node)
            who, than = self._who(first), self._than(second)
            if who is None or than is None or who.get("who") == than["than"] and not than.get("than_all"):
                return None
            out = {
                "cond": "compare_cards",
                **who,
                "cmp": ">" if _low(self.tok(node, "MOREWORD")) == "mais" else "<",
            }
            tok = self.sub(node, "cardnoun").children[0]
            if tok.type != "CARDWORD":
                out["type"] = self.card_type(tok)
            z = self.sub(node, "zone")
            if z is not None:
                out["zone"] = self.zone(z)
            return {**out, **than}
        if d in ("c_share", "c_share_have"):
            return self._share(node, d)
        if d == "c_hero_near":  # "houver um inimigo adjacente a você": such a hero stands next to that one
            spec = self._who(heroes[0]) if self.sub(heroes[0], "dets") is not None else self._some(heroes[0])
            if spec is None or "near" not in spec:
                return None  # "houver um inimigo" alone says nothing a game can be without
            return {"cond": "heroes", **spec, "count": 1}
        if d == "c_is_near":  # "um aliado estiver adjacente a você": such a hero next to that one (R-03: now)
            spec = self._who(heroes[0])
            if spec is None or "near" in spec:
                return None
            return {"cond": "heroes", **spec, "near": self.near(self.sub(node, "near_pred")), "count": 1}
        if d == "c_not":  # "não houver aliados adjacentes": the state negated
            inner = self.condition(self.subs(node)[0])
            if inner is None or self.nones or inner.get("cond") not in _NEGATABLE:
                return None
            return {"cond": "not", "what": inner}
        return None
