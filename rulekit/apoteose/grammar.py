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
{'op': 'discard', 'card': 'choose', 'count': 2, 'type': 'EVOCAÇÃO', 'owner': 'one_opponent'}
>>> try:
...     parse_clause("Cure muito de VIDA")
... except ClauseError as e:
...     print(e.position, e.word, "|", e.suggestion)
5 muito | Cure 25 de VIDA
"""

from __future__ import annotations

import copy
import difflib
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulekit.apoteose.builder import RefError
from rulekit.apoteose.builder_amounts import Build as _Build
from rulekit.apoteose.reading import construction_reason, lexicon, refused_construction
from rulekit.apoteose.words import (
    Refs,
    expand,
    fold,
)
from rulekit.i18n import translator
from rulekit.phrase import N_, Phrase, one_of

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

#: What the reader expected where it stopped, by the grammar's terminal: a catalogue :class:`Phrase` (the kind
#: of word, translated where it is shown, its Apoteose examples kept) or the Apoteose words themselves
#: (Portuguese in every language: data, shown as written, like the anonymous literals ``que``, ``time``).
_A_NUMBER = Phrase(N_("a number"))
_A_VERB = Phrase(N_("a verb"))
_EXPECTED_WORDS: dict[str, str] = {
    "INT": _A_NUMBER,
    "NUMWORD": _A_NUMBER,
    "VIDA": "VIDA",
    "RESOURCE": one_of(["VIDA", "MANA", "ESTAMINA"]),
    "CARDWORD": "carta(s)",
    "TYPE": Phrase(N_("a card type in capitals")),
    "NAME": Phrase(N_("a name")),
    "ZONENAME": Phrase(N_("a zone")),
    "PREP": Phrase(N_("a preposition ({examples})"), examples="a, ao, de, em, para…"),
    "SIGNED": Phrase(N_("+N or -N")),
    "HNOUN": Phrase(N_("a hero ({examples})"), examples="oponente, aliado…"),
    "SELF": "você",
    "DET": Phrase(N_("a determiner ({examples})"), examples="o, um, esse, cada…"),
    "DURATION": "até o final do turno…",
    "ACTIONNOUN": "cura, dano, recuperação…",
    "DICE": "dados",
    "LPAR": "'('",
    "RPAR": "')'",
    "LOSEV": "perde",
    "PARTICIPLE": "selecionada(s)",
    "COMMA": "','",
    "PRONOUN": "ele, ela",
    "SIGN": "+, -",
    "ADJ": "rival, aliado…",
    "CARDVERB": _A_VERB,
    "MODVERB": "aumente / reduza",
    "LOOKVERB": "olhe",
    "HERONAME": Phrase(N_("a hero")),
    "ADJACENT": "adjacente",
    "VERBPAST": _A_VERB,
    "ACTIVATEV": _A_VERB,
    "CLITIC": _A_VERB,
    # the verbs of the statements (``grammar.lark``: HEALV, DAMAGEV…): "a verb", never their names
    **{
        name: _A_VERB
        for name in [
            "HEALV",
            "RECOVERV",
            "CONSUMEV",
            "DAMAGEV",
            "SUFFERV",
            "DRAWV",
            "PUTV",
            "RETURNV",
            "MOVEV",
            "STEPV",
            "ATTACHV",
            "SELECTV",
            "ROLLV",
            "NEGATEV",
            "GAINV",
        ]
    },
}
#: The word shown where a clause ends before the reader found what it expected.
END = Phrase(N_("(end)"))


class Located:
    """A located catalogue message (an unreadable clause, a warning on an effect text): its stable
    ``code``, the 0-based ``position`` it is about and its ``message``, a catalogue
    :class:`~rulekit.phrase.Phrase` whose English is its string."""

    code: str
    position: int
    message: Any

    def text_in(self, lang: Any = "en") -> str:
        """The message in ``lang`` (a language name or a :class:`~rulekit.i18n.Translator`)."""
        return translator(lang).phrase(self.message)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: the code, the position, the message's parameters and its English sentence."""
        params = getattr(self.message, "params", {})
        return {
            "code": self.code,
            "position": self.position,
            "params": {k: v if type(v) is int else str(v) for k, v in params.items()},
            "message": str(self.message),
        }


class ClauseError(Located, ValueError):
    """A clause the grammar cannot read: ``position`` (0-based, in the clause) of the first word it could
    not read, that ``word``, what it ``expected`` there, and the nearest known phrase (``suggestion``).

    ``reason`` is set instead when the clause reads but a phrase in it points at nothing, or at two
    things (LANGUAGE.md §3.1). Every word of it is a catalogue :class:`~rulekit.phrase.Phrase` (the
    expected kinds of word, the reason, the ``message``: :meth:`text_in` renders it in a language); the
    clause, its words and the Apoteose words expected are data.
    """

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
        self.word: str = rest[0] if rest else END
        self.expected = expected
        self.suggestion = suggestion
        self.reason = reason
        self.code = "CANNOT_RESOLVE" if reason else "CANNOT_READ"
        why = reason or (
            Phrase(N_("expected {words}"), words=one_of(expected[:4]))
            if expected
            else Phrase(N_("not a known phrase"))
        )
        self.message = Phrase(
            N_("cannot resolve '{word}' at position {position} of '{clause}' ({why})")
            if reason
            else N_("cannot read '{word}' at position {position} of '{clause}' ({why})"),
            word=self.word,
            position=position,
            clause=clause,
            why=why,
        )
        super().__init__(str(self.message))


_STARTS = ["start", "hero_start", "card_start"]


@lru_cache(maxsize=1)
def grammar_source() -> str:
    """``grammar.lark`` with its verb terminals made from the lexicon (``@heal@`` -> the canonical word of the
    concept ``heal``; ``@VERBS@`` -> every canonical verb): the grammar reads concepts, the lexicon says which
    words name them (:mod:`rulekit.apoteose.reading`)."""
    lex = lexicon()
    text = (Path(__file__).with_name("grammar.lark")).read_text(encoding="utf-8")
    verbs = sorted({v["canonical"] for v in lex.verbs.values()}, key=len, reverse=True)
    text = text.replace("@VERBS@", "|".join(re.escape(v) for v in verbs))
    fractions = sorted(lex.fractions, key=len, reverse=True)
    text = text.replace("@FRACTIONS@", "|".join(re.escape(f).replace("\\ ", " ") for f in fractions))
    return re.sub(r"@(\w+)@", lambda m: re.escape(lex.canonical(m.group(1))), text)


@lru_cache(maxsize=1)
def _parser() -> Any:
    """The Earley parser: reads every clause the grammar allows, and says where one goes wrong."""
    from lark import Lark

    return Lark(
        grammar_source(),
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

    return Lark(grammar_source(), parser="lalr", lexer="contextual", propagate_positions=True, start=_STARTS)


def _fast_tree(folded: str, start: str) -> Any:
    from lark.exceptions import LarkError

    try:
        return _fast_parser().parse(folded, start=start)
    except LarkError:
        return None


@lru_cache(maxsize=1)
def fronted_re() -> re.Pattern[str]:
    """The adjuncts the rule ``fronted`` of ``grammar.lark`` reads before a statement (its terminals)."""
    parser = _fast_parser()
    names = ["DURATION"]
    return re.compile(
        "(?:" + "|".join(parser.get_terminal(n).pattern.to_regexp() for n in names) + r")\s*,?\s*",
        re.IGNORECASE,
    )


def is_fronted_adjunct(piece: str) -> bool:
    """Whether ``piece`` is only an adjunct written before its statement ("Até o final do turno,"): not a
    clause of its own, it governs the clause after it (``lang.split_sentences``).

    >>> is_fronted_adjunct("Até o final do turno,"), is_fronted_adjunct("Cure 2 de VIDA")
    (True, False)
    """
    return fronted_re().fullmatch(expand(piece)[0]) is not None


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
        raise ClauseError(
            text, MAX_CLAUSE, [Phrase(N_("a clause of at most {n} characters"), n=MAX_CLAUSE)], None
        )
    hit = refused_construction(text)

    def refuse(tree: Any) -> None:
        """A construction of the lexicon's ``refused`` that this reading did not read with its own rule:
        refused by name, never read as something near (``reading.refused_construction``)."""
        left = refused_construction(text, rules_of(tree)) if tree is not None else hit
        if left is not None:
            raise ClauseError(text, left[1], [], None, reason=construction_reason(left[0], left[2]))

    folded, where = expand(text)
    fast = _fast_tree(folded, "start")
    if fast is not None:
        try:
            stmt = _Build(text, where, refs).clause(fast)
        except Exception:  # noqa: BLE001 - a shape Earley reads otherwise: let Earley decide
            pass
        else:
            if hit is None or refused_construction(text, rules_of(fast)) is None:
                return stmt
    try:
        tree = _ambiguous_parser().parse(folded, start="start")
    except UnexpectedEOF as exc:
        if hit is not None:
            refuse(None)
        raise ClauseError(text, len(text), _expected(exc.expected), suggest_phrase(text)) from None
    except UnexpectedCharacters as exc:
        if hit is not None:
            refuse(None)
        pos = _word_start(text, where[min(exc.pos_in_stream or 0, len(folded))])
        raise ClauseError(text, pos, _expected(exc.allowed or set()), suggest_phrase(text)) from None
    except UnexpectedInput as exc:
        if hit is not None:
            refuse(None)
        pos = _word_start(text, where[min(getattr(exc, "pos_in_stream", 0) or 0, len(folded))])
        raise ClauseError(text, pos, [], suggest_phrase(text)) from None
    alternatives = _alternatives(tree)
    if hit is not None:  # only the readings that read the construction with its own rule
        alternatives = [a for a in alternatives if refused_construction(text, rules_of(a)) is None] or [None]
        if alternatives == [None]:
            refuse(None)
    readings: list[Stmt] = []
    for alt in alternatives:
        try:
            stmt = _Build(text, where, refs).clause(alt)
        except Exception:  # noqa: BLE001 - a reading the builder has no meaning for
            continue
        if stmt not in readings:
            readings.append(stmt)
    if len(readings) > 1:  # two readings left: refused, naming both (never one of them silently)
        first, second = (json.dumps(r, ensure_ascii=False, sort_keys=True) for r in readings[:2])
        raise ClauseError(
            text,
            0,
            [],
            None,
            reason=Phrase(N_("two readings: {first} or {second}"), first=first, second=second),
        )
    if readings:
        return readings[0]
    build = _Build(text, where, refs)  # no reading builds: the one Earley prefers says where and why
    try:
        preferred = alternatives[0] if hit is not None else tree
        if len(alternatives) > 1 and hit is None:
            preferred = _parser().parse(folded, start="start")
        return build.clause(preferred)
    except RefError as exc:
        raise ClauseError(text, build.at, [], None, reason=exc.message) from None
    except (AttributeError, KeyError, IndexError, StopIteration, TypeError, ValueError):
        # a reading the builder has no meaning for: reported as unreadable, never a crash
        raise ClauseError(
            text,
            build.at,
            [],
            suggest_phrase(text),
            reason=Phrase(N_("this phrase reads, but has no meaning the engine can run")),
        ) from None


def rules_of(tree: Any) -> frozenset[str]:
    """The names of the grammar rules (and aliases) a parse tree went through."""
    return frozenset(str(t.data) for t in tree.iter_subtrees())


#: Most parse trees of one clause compared for a second reading (a bound on cost).
MAX_READINGS = 16


@lru_cache(maxsize=1)
def _ambiguous_parser() -> Any:
    """The Earley parser keeping every reading (``ambiguity="explicit"``): a clause the grammar reads in two
    ways that mean two things is refused, naming both."""
    from lark import Lark

    return Lark(
        grammar_source(),
        parser="earley",
        lexer="dynamic",
        ambiguity="explicit",
        propagate_positions=True,
        start=_STARTS,
    )


def _alternatives(tree: Any) -> list[Any]:
    """The parse trees an explicit Earley forest holds (at most :data:`MAX_READINGS`)."""
    from lark.visitors import CollapseAmbiguities

    if not any(t.data == "_ambig" for t in tree.iter_subtrees()):
        return [tree]
    return list(CollapseAmbiguities().transform(tree))[:MAX_READINGS]


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
    """What the grammar would have read where it stopped: the kinds of word first (catalogue Phrases), then
    the Apoteose words (:data:`_EXPECTED_WORDS`, or a literal of ``grammar.lark`` such as ``que``: data); a
    terminal without words of its own (an internal regex) is left out, never shown by its name."""
    names = set(names)
    if len(names) > 1:  # "Cure perde 1 de VIDA" (a hero named Cure) is grammatical but never meant
        names.discard("LOSEV")
    if "INT" in names:  # the seed's order first: "Cure 25 de VIDA", not "Cure a um aliado 25 de VIDA"
        names.discard("PREP")
    words: list[str] = []
    for n in sorted(names):
        w = _EXPECTED_WORDS.get(n) or _literal(n)
        if w is not None and w not in words:
            words.append(w)
    return [w for w in words if isinstance(w, Phrase)] + [w for w in words if not isinstance(w, Phrase)]


def _literal(name: str) -> str | None:
    """The Apoteose word a literal terminal of the grammar reads (``QUE`` -> ``que``), else ``None``."""
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return None
    return str(pattern.value).lower() if pattern.type == "str" else None
