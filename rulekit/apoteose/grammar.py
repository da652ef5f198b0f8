"""The description reader on a real grammar (``grammar.lark``, parsed with lark's Earley parser).

:func:`parse_clause` reads one clause of a description (``lang.split_clauses`` cuts a description
into clauses in linear time) into the statement dict that :mod:`rulekit.apoteose.lang` documents.
Phrases compose: a verb, then a quantity, a card noun, an optional possessive and an optional zone
(``Descarte 2 EVOCAÇÃO de um oponente do TABULEIRO``), or a hero phrase (``todos os oponentes``).

A clause the grammar cannot read raises :class:`ClauseError`, which points at the first word it
could not read, says what it expected there and suggests the nearest phrase it knows.

lark is imported on first use, so ``import rulekit`` stays light.

>>> parse_clause("Cure 25 de VIDA de um aliado")
{'op': 'heal', 'amount': 25, 'resource': 'VIDA', 'target': {'who': 'ally'}}
>>> parse_clause("Descarte 2 EVOCAÇÃO de um oponente")
{'op': 'discard', 'card': 'choose', 'count': 2, 'type': 'EVOCAÇÃO', 'owner': 'opponent'}
>>> try:
...     parse_clause("Cure muito de VIDA")
... except ClauseError as e:
...     print(e.position, e.word, "|", e.suggestion)
5 muito | Cure 25 de VIDA
"""

from __future__ import annotations

import copy
import difflib
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any

Stmt = dict[str, Any]

#: Longest clause the grammar reads (a bound on cost). Longer ones are an error.
MAX_CLAUSE = 160

#: One example of each phrase the reader knows, for "did you mean" (LANGUAGE.md lists them all).
KNOWN_PHRASES: tuple[str, ...] = (
    "Cure 25 de VIDA", "Cure 10 de VIDA de um aliado", "Recupere 2 de MANA", "Recupere esta carta",
    "Consuma 2 de ESTAMINA", "Consuma uma carta", "Cause 5 de DANO a um oponente",
    "Cause 3 de DANO a todos os oponentes", "Um oponente perde 1 de MANA", "Compre 1 carta",
    "Descarte uma carta", "Descarte 2 EVOCAÇÃO de um oponente", "Enterre esta carta", "Bane essa carta",
    "Revele uma carta do seu INVENTÁRIO", "Oculte esta carta", "Registre esta carta",
    "Olhe 2 cartas do BARALHO", "Devolva essa carta ao INVENTÁRIO", "Mova esta carta para a MESA",
    "Anexe esta carta a uma carta", "Selecione 1 oponente", "Selecione 2 COMPANHEIRO no TABULEIRO",
    "Role 2 dados", "Negue a ativação dessa carta", "Aumente essa cura em 5", "Reduza esse dano em 2",
    "Você recebe +1 de AGI", "Em um teste você recebe +2 de INT", "+1 de AGI",
    "Você causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)", "( CONHECIMENTO + INT + 5 )",
    "Mova-se para uma casa adjacente",
)

_VERBS = {"descarte": "discard", "enterre": "bury", "bane": "banish", "bana": "banish", "revele": "reveal",
          "registre": "register", "oculte": "hide"}
_ZONES = {"inventario": "INVENTÁRIO", "mao": "INVENTÁRIO", "mesa": "MESA", "suporte": "SUPORTE",
          "cenario": "CENÁRIO", "tabuleiro": "TABULEIRO", "descarte": "DESCARTE", "baralho": "BARALHO",
          "banidas": "BANIDAS", "limbo": "LIMBO"}
_NUMWORDS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
             "sete": 7, "oito": 8, "nove": 9, "dez": 10}
_RESOURCES = {"vida": "VIDA", "hp": "VIDA", "mana": "MANA", "estamina": "ESTAMINA"}
_ACTIONS = {"cura": "heal", "recuperacao": "recover", "dano": "damage", "perda": "lose", "compra": "draw",
            "consumo": "consume", "ativacao": "activate"}
_DURATIONS = (("turno", "end_turn"), ("batalha", "end_battle"), ("proximo", "next_turn"),
              ("ciclo", "end_cycle"))
#: Possessive rule -> ``owner`` value of a card phrase.
_OWNERS = {"of_opponent": "opponent", "of_ally": "ally", "of_other": "other", "of_team": "team",
           "of_any": "any", "of_self": "self", "of_self_all": "self"}
_HERO_KINDS = {"oponente": "opponent", "inimigo": "opponent", "adversario": "opponent", "rival": "opponent",
               "aliado": "ally", "alvo": "any", "heroi": "any", "personagem": "any"}
#: English words for the grammar's terminals, for "expected …" in errors.
_EXPECTED_WORDS = {
    "INT": "a number", "NUMWORD": "a number", "VIDA": "VIDA", "RESOURCE": "VIDA, MANA or ESTAMINA",
    "CARDWORD": "carta(s)", "TYPE": "a card type in capitals", "NAME": "a name", "ZONENAME": "a zone",
    "TOPREP": "a preposition (a, ao, em, para…)", "INPREP": "do/da/no/na/em", "SIGNED": "+N or -N",
    "FOE": "oponente", "FOES": "oponentes", "SELF": "você", "ALL": "todas as / todos os / cada",
    "THIS_CARD": "esta carta", "ANSWERED_CARD": "essa carta", "DURATION": "até o final do turno…",
    "ACTIONNOUN": "cura, dano, recuperação…", "DICE": "dados", "LPAR": "(", "RPAR": ")", "LOSE": "perde",
    "CHOSENADJ": "selecionada(s)", "PAIDADJ": "consumida, descartada…", "COMMA": ",", "PAIDNOUN": "a carta",
    "CHOSEN": "a carta selecionada", "ANSWERED_HERO": "o herói que ativou essa carta", "CARDVERB": "a verb",
    "MODVERB": "aumente / reduza", "LOOKVERB": "olhe", "ZONEDET": "o, a, seu, sua", "NUMWORD_": "",
}


class ClauseError(ValueError):
    """A clause the grammar cannot read: ``position`` (0-based, in the clause) of the first word it could
    not read, that ``word``, what it ``expected`` there, and the nearest known phrase (``suggestion``)."""

    def __init__(self, clause: str, position: int, expected: list[str], suggestion: str | None) -> None:
        self.clause = clause
        self.position = position
        rest = clause[position:].split()
        self.word = rest[0] if rest else "(end)"
        self.expected = expected
        self.suggestion = suggestion
        what = f"expected {', '.join(expected[:4])}" if expected else "not a known phrase"
        super().__init__(f"cannot read '{self.word}' at position {position} of '{clause}' ({what})")


def fold(text: str) -> str:
    """Accents stripped, case kept, *same length* (so positions in the fold are positions in the text)."""
    out = []
    for c in text:
        d = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
        out.append(d[:1] or c)
    return "".join(out)


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark

    grammar = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="earley", lexer="dynamic", ambiguity="resolve", propagate_positions=True)


def suggest_phrase(clause: str) -> str | None:
    """The known phrase nearest to ``clause`` (same verb first), or ``None``."""
    low = fold(clause).lower()
    first = low.split()[0] if low.split() else ""
    pool = [p for p in KNOWN_PHRASES if fold(p).lower().split()[0] == first] or list(KNOWN_PHRASES)
    best = difflib.get_close_matches(low, [fold(p).lower() for p in pool], n=1, cutoff=0.0)
    if not best:
        return None
    return next(p for p in pool if fold(p).lower() == best[0])


def parse_clause(clause: str) -> Stmt:
    """One clause -> a statement dict; :class:`ClauseError` if the grammar cannot read it.

    Results are cached by text (card texts repeat across scenarios); each call returns a fresh copy."""
    return copy.deepcopy(_parse_cached(clause.strip().rstrip(".").strip()))


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Stmt:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

    if len(text) > MAX_CLAUSE:
        raise ClauseError(text, MAX_CLAUSE, [f"a clause of at most {MAX_CLAUSE} characters"], None)
    folded = fold(text)
    try:
        tree = _parser().parse(folded)
    except UnexpectedEOF as exc:
        raise ClauseError(text, len(text), _expected(exc.expected), suggest_phrase(text)) from None
    except UnexpectedCharacters as exc:
        pos = _word_start(folded, exc.pos_in_stream or 0)
        raise ClauseError(text, pos, _expected(exc.allowed or set()), suggest_phrase(text)) from None
    except UnexpectedInput as exc:
        pos = _word_start(folded, getattr(exc, "pos_in_stream", 0) or 0)
        raise ClauseError(text, pos, [], suggest_phrase(text)) from None
    return _Build(text).clause(tree)


def _word_start(text: str, pos: int) -> int:
    pos = max(0, min(pos, len(text)))
    while pos > 0 and not text[pos - 1].isspace():
        pos -= 1
    return pos


def _expected(names: Any) -> list[str]:
    names = set(names)
    if len(names) > 1:  # "Cure perde 1 de VIDA" (a hero named Cure) is grammatical but never meant
        names.discard("LOSE")
    words = []
    for n in sorted(names):
        w = _EXPECTED_WORDS.get(n) or (n.strip('"').lower() if not n.isupper() else None)
        if w is None and n.startswith("__ANON"):
            continue
        w = w or n.lower()
        if w not in words:
            words.append(w)
    return words


class _Build:
    """Tree -> statement dict. Upper-case names are taken back from the original clause by position."""

    def __init__(self, text: str) -> None:
        self.text = text

    # ---- helpers ------------------------------------------------------------------------
    def orig(self, tok: Any) -> str:
        return self.text[tok.start_pos:tok.end_pos]

    @staticmethod
    def toks(node: Any) -> list[Any]:
        from lark import Token

        return [c for c in node.children if isinstance(c, Token)]

    @staticmethod
    def subs(node: Any) -> list[Any]:
        from lark import Tree

        return [c for c in node.children if isinstance(c, Tree)]

    def tok(self, node: Any, kind: str) -> Any:
        return next((t for t in self.toks(node) if t.type == kind), None)

    def sub(self, node: Any, data: str) -> Any:
        return next((t for t in self.subs(node) if t.data == data), None)

    # ---- clause ---------------------------------------------------------------------------
    def clause(self, tree: Any) -> Stmt:
        stmt_tree, *rest = self.subs(tree)
        stmt = getattr(self, "s_" + stmt_tree.data.rstrip("_"))(stmt_tree)
        mx = next((r for r in rest if r.data == "max"), None)
        if mx is not None:  # seed «(máx N)»: a limit on the statement's amount
            limit = int(self.tok(mx, "INT"))
            key = "amount" if "amount" in stmt else "delta" if "delta" in stmt else "count"
            value = stmt.get(key)
            if isinstance(value, int):
                stmt[key] = {"sum": [[1, value]], "max": limit} if key != "count" else min(value, limit)
            elif isinstance(value, dict):
                stmt[key] = {**value, "max": limit}
        rest = [r for r in rest if r.data == "duration"]
        if rest:
            low = str(self.tok(rest[0], "DURATION")).lower()
            stmt["until"] = next(key for word, key in _DURATIONS if word in low.split()[-1] or word in low)
        return stmt

    # ---- pieces -----------------------------------------------------------------------------
    def amount(self, node: Any) -> Any:
        terms = self.sub(node, "terms")
        mx = self.sub(node, "max")
        value: Any = self.terms(terms) if terms is not None else int(self.tok(node, "INT"))
        if mx is not None:
            limit = int(self.tok(mx, "INT"))
            value = {"sum": [[1, value]], "max": limit} if isinstance(value, int) else {**value, "max": limit}
        return value

    def terms(self, node: Any) -> dict[str, Any]:
        out: list[list[Any]] = []
        sign = 1
        for c in node.children:
            if getattr(c, "type", None) == "SIGN":
                sign = -1 if str(c) == "-" else 1
                continue
            tok = c.children[0]
            out.append([sign, int(tok) if tok.type == "INT" else self.orig(tok).upper()])
            sign = 1
        return {"sum": out}

    def count(self, node: Any) -> int:
        tok = node.children[0]
        return int(tok) if tok.type == "INT" else _NUMWORDS[str(tok).lower()]

    def zone(self, node: Any) -> str:
        return _ZONES[str(self.tok(node, "ZONENAME")).lower()]

    def hero(self, node: Any) -> dict[str, Any]:
        d = node.data
        simple = {"self_": "self", "opponent": "opponent", "ally": "ally", "any_hero": "any",
                  "selected_hero": "selected", "answered_hero": "answered", "turn_hero": "turn",
                  "that_opponent": "that", "that_ally": "that", "that_hero": "that"}
        if d in simple:
            return {"who": simple[d]}
        if d == "named_hero":
            return {"who": "name", "name": self.orig(node.children[0])}
        sets = {"all_opponents": "opponent", "all_allies": "ally", "all_heroes": "any"}
        return {"who": sets[d], "all": True}

    def cardnoun(self, node: Any) -> str | None:
        tok = node.children[0]
        return None if tok.type == "CARDWORD" else self.orig(tok).upper()

    def cards(self, node: Any) -> dict[str, Any]:
        d = node.data
        if d == "this_card":
            return {"card": "self"}
        if d == "answered_card":
            return {"card": "answered"}
        if d == "chosen_card":
            return {"card": "selected"}
        if d == "paid_card":
            return {"card": "paid"}
        out: dict[str, Any] = {}
        q = self.sub(node, "quantity")
        noun = self.cardnoun(self.sub(node, "cardnoun"))
        owner = next((s for s in self.subs(node) if s.data.startswith("of_")), None)
        if d == "owned_cards" and owner is not None:
            word = fold(self.text[owner.meta.start_pos:owner.meta.end_pos]).lower().split()
            plural = bool(word) and word[-1].endswith("s")
            out = {"card": "all"} if plural else {"card": "choose", "count": 1}
        elif q is not None and self.sub(q, "count") is not None:
            out = {"card": "choose", "count": self.count(self.sub(q, "count"))}
        else:
            out = {"card": "all"}
        if noun:
            out["type"] = noun
        z = self.sub(node, "zone")
        if z is not None:
            out["zone"] = self.zone(z)
        if owner is not None:
            out["owner"] = _OWNERS[owner.data]
        return out

    def card_at(self, node: Any, i: int = 0) -> dict[str, Any]:
        trees = [s for s in self.subs(node) if s.data not in ("zone", "amount", "count", "quantity")]
        return self.cards(trees[i])

    def target(self, node: Any) -> dict[str, Any]:
        hs = [s for s in self.subs(node) if s.data not in ("amount",)]
        return self.hero(hs[0]) if hs else {"who": "self"}

    def resource(self, node: Any) -> str:
        tok = self.tok(node, "RESOURCE") or self.tok(node, "VIDA")
        return _RESOURCES[str(tok).lower()]

    # ---- statements -------------------------------------------------------------------------
    def s_heal(self, n: Any) -> Stmt:
        return {"op": "heal", "amount": self.amount(self.sub(n, "amount")), "resource": "VIDA",
                "target": self.target(n)}

    def s_recover(self, n: Any) -> Stmt:
        return {"op": "recover", "amount": self.amount(self.sub(n, "amount")), "resource": self.resource(n),
                "target": self.target(n)}

    def s_consume(self, n: Any) -> Stmt:
        return {"op": "consume", "amount": self.amount(self.sub(n, "amount")), "resource": self.resource(n),
                "target": {"who": "self"}}

    def s_damage(self, n: Any) -> Stmt:
        hit = [s for s in self.subs(n) if s.data != "amount"]
        if hit and hit[0].data in ("some_cards", "owned_cards", "this_card", "answered_card", "chosen_card"):
            return {"op": "damage", "amount": self.amount(self.sub(n, "amount")), "resource": "VIDA",
                    **self.cards(hit[0])}  # a COMPANHEIRO with its own VIDA
        return {"op": "damage", "amount": self.amount(self.sub(n, "amount")), "resource": "VIDA",
                "target": self.target(n)}

    def s_lose(self, n: Any) -> Stmt:
        return {"op": "lose", "amount": self.amount(self.sub(n, "amount")), "resource": self.resource(n),
                "target": self.target(n)}

    def s_draw(self, n: Any) -> Stmt:
        return {"op": "draw", "count": self.count(self.sub(n, "count")), "target": {"who": "self"}}

    def s_cardop(self, n: Any) -> Stmt:
        return {"op": _VERBS[str(self.tok(n, "CARDVERB")).lower()], **self.card_at(n)}

    def s_exhaust(self, n: Any) -> Stmt:
        return {"op": "exhaust", **self.card_at(n)}

    def s_ready(self, n: Any) -> Stmt:
        return {"op": "ready", **self.card_at(n)}

    def s_return(self, n: Any) -> Stmt:
        dest = self.zone(self.sub(n, "zone"))
        if dest == "INVENTÁRIO":
            return {"op": "return", **self.card_at(n)}
        return {"op": "move", **self.card_at(n), "dest": dest}

    def s_move(self, n: Any) -> Stmt:
        return {"op": "move", **self.card_at(n), "dest": self.zone(self.sub(n, "zone"))}

    def s_attach(self, n: Any) -> Stmt:
        return {"op": "attach", **self.card_at(n, 0), "to": self.card_at(n, 1)}

    def s_look(self, n: Any) -> Stmt:
        return {"op": "look", **self.card_at(n)}

    def s_select(self, n: Any) -> Stmt:
        count = self.count(self.sub(n, "count"))
        what = self.sub(n, "selectable")
        z = self.sub(n, "zone")
        noun = self.sub(what, "cardnoun")
        if noun is None:
            said = self.text[what.meta.start_pos:what.meta.end_pos]
            word = fold(said).lower().rstrip("s")
            word = {"rivai": "rival"}.get(word, word)
            if z is None:
                return {"op": "select", "count": count, "what": "hero", "who": _HERO_KINDS.get(word, "any")}
            out: Stmt = {"op": "select", "count": count, "what": "card", "type": said.upper()}
        else:
            out = {"op": "select", "count": count, "what": "card"}
            typ = self.cardnoun(noun)
            if typ:
                out["type"] = typ
        owner = next((s for s in self.subs(what) if s.data.startswith("of_")), None)
        if owner is not None:
            out["owner"] = _OWNERS[owner.data]
        if z is not None:
            out["zone"] = self.zone(z)
        return out

    def s_roll(self, n: Any) -> Stmt:
        c = self.sub(n, "count")
        return {"op": "roll", "count": self.count(c) if c is not None else 1}

    def s_negate(self, n: Any) -> Stmt:
        return {"op": "negate"}

    def s_modify(self, n: Any) -> Stmt:
        sign = 1 if str(self.tok(n, "MODVERB")).lower() == "aumente" else -1
        amt = self.amount(self.sub(n, "amount"))
        delta = sign * amt if isinstance(amt, int) else amt
        return {"op": "modify", "action": _ACTIONS[str(self.tok(n, "ACTIONNOUN")).lower()], "delta": delta}

    def s_gain(self, n: Any) -> Stmt:
        out: Stmt = {"op": "gain", "attribute": self.orig(self.tok(n, "NAME")).upper(),
                     "amount": int(self.tok(n, "SIGNED")), "target": {"who": "self"}}
        if fold(self.text).lower().startswith("em um teste"):
            out["during"] = "test"
        return out

    def s_perk(self, n: Any) -> Stmt:
        return {"op": "gain", "attribute": self.orig(self.tok(n, "NAME")).upper(),
                "amount": int(self.tok(n, "SIGNED")), "target": {"who": "self"}}

    def s_percard(self, n: Any) -> Stmt:
        z = self.sub(n, "zone")
        per: dict[str, Any] = {"zone": self.zone(z) if z is not None else "INVENTÁRIO", "who": "self"}
        typ = self.cardnoun(self.sub(n, "cardnoun"))
        if typ:
            per["type"] = typ
        owner = next((s for s in self.subs(n) if s.data.startswith("of_")), None)
        if owner is not None:
            per["who"] = _OWNERS[owner.data]
        amount: dict[str, Any] = {"per": per, "times": int(self.tok(n, "SIGNED"))}
        mx = self.sub(n, "max")
        if mx is not None:
            amount["max"] = int(self.tok(mx, "INT"))
        return {"op": "gain", "attribute": "DANO", "amount": amount, "target": {"who": "self"}}

    def s_compute(self, n: Any) -> Stmt:
        return {"op": "compute", "amount": self.terms(self.sub(n, "terms"))}

    def s_step(self, n: Any) -> Stmt:
        return {"op": "step", "text": self.text}
