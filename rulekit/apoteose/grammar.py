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
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulekit.apoteose.builder import RefError, _Build
from rulekit.apoteose.words import (
    Refs,
    expand,
    fold,
)

Stmt = dict[str, Any]

#: Longest clause the grammar reads (a bound on cost). Longer ones are an error.
MAX_CLAUSE = 160

#: One example of each phrase the reader knows, for "did you mean" (LANGUAGE.md lists them all).
KNOWN_PHRASES: tuple[str, ...] = (
    "Cure 25 de VIDA",
    "Cure 10 de VIDA de um aliado",
    "Recupere 2 de MANA",
    "Recupere esta carta",
    "Consuma 2 de ESTAMINA",
    "Consuma uma carta",
    "Cause 5 de DANO a um oponente",
    "Cause 3 de DANO a todos os oponentes",
    "Um oponente perde 1 de MANA",
    "Compre 1 carta",
    "Descarte uma carta",
    "Descarte 2 EVOCAÇÃO de um oponente",
    "Enterre esta carta",
    "Bane essa carta",
    "Revele uma carta do seu INVENTÁRIO",
    "Oculte esta carta",
    "Registre esta carta",
    "Olhe 2 cartas do BARALHO",
    "Devolva essa carta ao INVENTÁRIO",
    "Mova esta carta para a MESA",
    "Anexe esta carta a uma carta",
    "Selecione 1 oponente",
    "Selecione 2 COMPANHEIRO no TABULEIRO",
    "Role 2 dados",
    "Negue a ativação dessa carta",
    "Aumente essa cura em 5",
    "Reduza esse dano em 2",
    "Você recebe +1 de AGI",
    "Em um teste você recebe +2 de INT",
    "+1 de AGI",
    "Você causa +1 de DANO para cada carta no seu INVENTÁRIO (máx 5)",
    "( CONHECIMENTO + INT + 5 )",
    "Mova-se para uma casa adjacente",
)

#: English words for the grammar's terminals, for "expected …" in errors.
_EXPECTED_WORDS = {
    "INT": "a number",
    "NUMWORD": "a number",
    "VIDA": "VIDA",
    "RESOURCE": "VIDA, MANA or ESTAMINA",
    "CARDWORD": "carta(s)",
    "TYPE": "a card type in capitals",
    "NAME": "a name",
    "ZONENAME": "a zone",
    "PREP": "a preposition (a, ao, de, em, para…)",
    "SIGNED": "+N or -N",
    "HNOUN": "a hero (oponente, aliado…)",
    "SELF": "você",
    "DET": "a determiner (o, um, esse, cada…)",
    "DURATION": "até o final do turno…",
    "ACTIONNOUN": "cura, dano, recuperação…",
    "DICE": "dados",
    "LPAR": "(",
    "RPAR": ")",
    "LOSEV": "perde",
    "PARTICIPLE": "selecionada(s)",
    "COMMA": ",",
    "ADJ": "rival, aliado…",
    "CARDVERB": "a verb",
    "MODVERB": "aumente / reduza",
    "LOOKVERB": "olhe",
    "HERONAME": "a hero",
    "ADJACENT": "adjacente",
    "VERBPAST": "a verb",
    "CLITIC": "a verb",
}


class ClauseError(ValueError):
    """A clause the grammar cannot read: ``position`` (0-based, in the clause) of the first word it could
    not read, that ``word``, what it ``expected`` there, and the nearest known phrase (``suggestion``).

    ``reason`` is set instead when the clause reads but a phrase in it points at nothing, or at two
    things (LANGUAGE.md §3.1)."""

    def __init__(
        self,
        clause: str,
        position: int,
        expected: list[str],
        suggestion: str | None,
        reason: str | None = None,
    ) -> None:
        self.clause = clause
        self.position = position
        rest = clause[position:].split()
        self.word = rest[0] if rest else "(end)"
        self.expected = expected
        self.suggestion = suggestion
        self.reason = reason
        what = reason or (f"expected {', '.join(expected[:4])}" if expected else "not a known phrase")
        verb = "cannot resolve" if reason else "cannot read"
        super().__init__(f"{verb} '{self.word}' at position {position} of '{clause}' ({what})")


_STARTS = ["start", "hero_start", "card_start"]


@lru_cache(maxsize=1)
def _parser() -> Any:
    """The Earley parser: reads every clause the grammar allows, and says where one goes wrong."""
    from lark import Lark

    grammar = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="earley",
        lexer="dynamic",
        ambiguity="resolve",
        propagate_positions=True,
        start=_STARTS,
    )


@lru_cache(maxsize=1)
def _fast_parser() -> Any:
    """The same grammar under LALR(1) with a contextual lexer: tried first, ten times faster. Where the
    grammar is not LALR (a place phrase after a card that may be the card's or the verb's, a word two
    terminals read), it fails and the Earley parser reads the clause; where it succeeds it gives the
    tree Earley gives (``tests/apoteose/test_references.py`` checks the corpora)."""
    from lark import Lark

    grammar = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=True, start=_STARTS)


def _fast_tree(folded: str, start: str) -> Any:
    from lark.exceptions import LarkError

    try:
        return _fast_parser().parse(folded, start=start)
    except LarkError:
        return None


#: Words that say who or what a clause affects; a suggestion must keep every one of them.
_REFERENT_RE = re.compile(
    r"\b(voce|heroi|personagem|aliad|oponente|inimig|adversari|rival|alvo|dono|carta|vida|hp|mana|estamina"
    r"|dano|inventario|mao|mesa|suporte|cenario|tabuleiro|descarte|baralho|banidas|limbo|time|turno"
    r"|ess|aquel|est|ele|ela|selecionad|escolhid|consumid|descartad|revelad|banid|enterrad|todo|toda|cada|outr)"
)


def _referents(text: str) -> frozenset[str]:
    """Who and what a clause names: hero and card nouns, types, zones, resources, demonstratives."""
    words = expand(text)[0].split()
    out = {m.group(1) for w in words if (m := _REFERENT_RE.match(w.lower()))}
    out |= {w for w in words if len(w) > 1 and w.isupper()}
    out = {{"hp": "vida", "mao": "inventario"}.get(w, w) for w in out}
    return frozenset(out)


def suggest_phrase(clause: str) -> str | None:
    """The known phrase nearest to ``clause`` that names the same heroes, cards, zones and resources
    (same verb first), or ``None``: a suggestion never changes who or what is affected.

    >>> suggest_phrase("Cure muito de VIDA")
    'Cure 25 de VIDA'
    >>> suggest_phrase("Recupere 2 de MANA daquele aliado agora") is None
    True
    """
    low = fold(clause).lower()
    first = low.split()[0] if low.split() else ""
    pool = [p for p in KNOWN_PHRASES if fold(p).lower().split()[0] == first] or list(KNOWN_PHRASES)
    want = _referents(clause)
    pool = [p for p in pool if _referents(p) == want]
    best = difflib.get_close_matches(low, [fold(p).lower() for p in pool], n=1, cutoff=0.0)
    if not best:
        return None
    return next(p for p in pool if fold(p).lower() == best[0])


def parse_clause(clause: str, refs: Refs | None = None) -> Stmt:
    """One clause -> a statement dict; :class:`ClauseError` if the grammar cannot read it.

    ``refs`` says what the effect's phrases can point at (LANGUAGE.md §3.1); without it references keep
    their plain meaning. Results are cached by text and refs; each call returns a fresh copy."""
    return copy.deepcopy(_parse_cached(clause.strip().rstrip(".").strip(), refs or Refs()))


@lru_cache(maxsize=4096)
def _parse_cached(text: str, refs: Refs) -> Stmt:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

    if len(text) > MAX_CLAUSE:
        raise ClauseError(text, MAX_CLAUSE, [f"a clause of at most {MAX_CLAUSE} characters"], None)
    folded, where = expand(text)
    fast = _fast_tree(folded, "start")
    if fast is not None:
        try:
            return _Build(text, where, refs).clause(fast)
        except Exception:  # noqa: BLE001 - a shape Earley reads otherwise: let Earley decide
            pass
    try:
        tree = _parser().parse(folded, start="start")
    except UnexpectedEOF as exc:
        raise ClauseError(text, len(text), _expected(exc.expected), suggest_phrase(text)) from None
    except UnexpectedCharacters as exc:
        pos = _word_start(text, where[min(exc.pos_in_stream or 0, len(folded))])
        raise ClauseError(text, pos, _expected(exc.allowed or set()), suggest_phrase(text)) from None
    except UnexpectedInput as exc:
        pos = _word_start(text, where[min(getattr(exc, "pos_in_stream", 0) or 0, len(folded))])
        raise ClauseError(text, pos, [], suggest_phrase(text)) from None
    build = _Build(text, where, refs)
    try:
        return build.clause(tree)
    except RefError as exc:
        raise ClauseError(text, build.at, [], None, reason=exc.message) from None
    except (AttributeError, KeyError, IndexError, StopIteration, TypeError, ValueError):
        # a reading the builder has no meaning for: reported as unreadable, never a crash
        raise ClauseError(
            text,
            build.at,
            [],
            suggest_phrase(text),
            reason="this phrase reads, but has no meaning the engine can run",
        ) from None


def parse_hero_phrase(text: str, refs: Refs | None = None) -> dict[str, Any] | None:
    """A hero phrase alone ("um aliado", "o alvo", "aquele oponente", "você") -> ``{"who": …}``, or
    ``None`` if it is not one (the same noun-phrase rule the verbs use)."""
    return _phrase(text.strip(), "hero_start", refs or Refs())


def parse_card_phrase(text: str, refs: Refs | None = None) -> dict[str, Any] | None:
    """A card phrase alone ("uma EVOCAÇÃO", "esta carta", "3 cartas") -> ``{"card": …}``, or ``None``."""
    return _phrase(text.strip(), "card_start", refs or Refs())


@lru_cache(maxsize=1024)
def _phrase(text: str, start: str, refs: Refs) -> dict[str, Any] | None:
    from lark.exceptions import UnexpectedInput

    if not text or len(text) > MAX_CLAUSE:
        return None
    folded, where = expand(text)
    for tree in (_fast_tree(folded, start), None):
        if tree is None:
            try:
                tree = _parser().parse(folded, start=start)
            except UnexpectedInput:
                return None
        build = _Build(text, where, refs)
        node = tree.children[0]
        try:
            return build.hero(node) if start == "hero_start" else build.card_ref(node)
        except Exception:  # noqa: BLE001 - try Earley's reading, then give up
            continue
    return None


def _word_start(text: str, pos: int) -> int:
    pos = max(0, min(pos, len(text)))
    while pos > 0 and not text[pos - 1].isspace():
        pos -= 1
    return pos


def _expected(names: Any) -> list[str]:
    names = set(names)
    if len(names) > 1:  # "Cure perde 1 de VIDA" (a hero named Cure) is grammatical but never meant
        names.discard("LOSEV")
    words = []
    for n in sorted(names):
        w = _EXPECTED_WORDS.get(n) or (n.strip('"').lower() if not n.isupper() else None)
        if w is None and n.startswith("__ANON"):
            continue
        w = w or n.lower()
        if w not in words:
            words.append(w)
    return words
