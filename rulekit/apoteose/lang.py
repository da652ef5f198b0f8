"""The controlled Portuguese vocabulary: descriptions, conditions and triggers -> plain data.

Every sentence the engine can run is turned into a typed *statement*
(:mod:`rulekit.apoteose.statements`, one frozen dataclass per kind), and every state or condition
into a small JSON-able dict (a *requirement AST*). A statement's plain-data form
(:meth:`~rulekit.apoteose.statements.Statement.to_dict`) is what a scenario may write by hand
(the structured ``body:``, checked by :mod:`rulekit.apoteose.bodycheck`) when the vocabulary cannot
express a card. ``LANGUAGE.md`` documents the vocabulary with examples; this module is its only
implementation.

Matching is case- and accent-insensitive (R-01); upper-case names (types, zones, resources) are
taken back from the original text.

>>> for st in parse_description("Cure 25 de VIDA e Recupere 2 de MANA.")[0]:
...     print(st.to_dict())
{'op': 'heal', 'amount': 25, 'resource': 'VIDA', 'target': {'who': 'self'}}
{'op': 'recover', 'amount': 2, 'resource': 'MANA', 'target': {'who': 'self'}}
>>> parse_trigger("uma HABILIDADE for ativada")["event"]
'activate'
"""

from __future__ import annotations

import dataclasses
import functools
import re
import unicodedata
from typing import Any

from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose import words as W
from rulekit.apoteose.antecedents import FAR, POINTER_RE, point_back, points_at
from rulekit.apoteose.builder_lists import AFTER_A_LIST, LISTED, SHARES_A_LIST
from rulekit.apoteose.cardrefs import NOTHING_BEFORE
from rulekit.apoteose.codes import HERO_SETS
from rulekit.apoteose.grammar import (
    ClauseError,
    fronted_re,
    is_fronted_adjunct,
    parse_clause,
    parse_hero_phrase,
)
from rulekit.apoteose.reading import lexicon, opener, read, spelled
from rulekit.apoteose.reqgrammar import (
    condition_unread,
    parse_condition_text,
    parse_trigger_text,
    trigger_unread,
)
from rulekit.apoteose.rulings import norm
from rulekit.apoteose.statements import Statement
from rulekit.phrase import N_, Phrase

Stmt = dict[str, Any]

#: The vocabulary the reader shares with the grammar (one place: :mod:`rulekit.apoteose.words`).
RESOURCES = W.RESOURCES
ZONES = W.ZONES
#: words of "essa <ação>" -> the event kind it modifies
ACTION_NOUNS = W.ACTIONS
#: the values a statement's ``until`` takes
DURATION_KEYS: tuple[str, ...] = tuple(dict.fromkeys(key for _, key in W.DURATIONS))


def _fold(text: str) -> str:
    """Accent-stripped, lower-cased, *same length* copy of ``text`` (for span-preserving matches)."""
    out = []
    for c in text:
        d = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
        out.append((d[:1] or c).lower())
    return "".join(out)


def clean(text: str) -> str:
    """NFC + collapsed whitespace: the canonical spelling of free text."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()


class _T:
    """A clause with its folded twin, so regex spans on the fold slice the original."""

    def __init__(self, text: str) -> None:
        self.orig = clean(text).rstrip(".").strip()
        self.low = _fold(self.orig)

    def m(self, pattern: str) -> re.Match[str] | None:
        return re.fullmatch(pattern, self.low)

    def span(self, match: re.Match[str], group: int | str) -> str:
        s, e = match.span(group)
        return self.orig[s:e]


def parse_statement(text: str, refs: Any = None) -> Statement:
    """One clause of a description -> a typed statement, read by the grammar
    (:mod:`rulekit.apoteose.grammar`).

    A clause the grammar cannot read gives an :class:`~rulekit.apoteose.statements.Unknown` statement:
    the first word it could not read (0-based position in the clause), what it expected there and the
    nearest phrase it knows.

    >>> parse_statement("Compre 2 cartas")
    Draw(until=None, count=2, target={'who': 'self'})
    """
    d = _parse_statement(text, refs)
    d.pop("_also", None)
    d.pop("_times", None)
    return S.from_dict(d)


def parse_statements(text: str, refs: Any = None) -> list[Statement]:
    """One clause -> its statements: one, or several where the clause says so ("Consuma 4 de ESTAMINA e 1
    de MANA": one per amount; "Cause 1 de DANO a um oponente três vezes": the statement that many times, one
    after the other).

    >>> [st.to_dict()["resource"] for st in parse_statements("Consuma 4 de ESTAMINA e 1 de MANA")]
    ['ESTAMINA', 'MANA']
    >>> len(parse_statements("Cause 1 de DANO a um oponente três vezes"))
    3
    """
    d = _parse_statement(text, refs)
    also = d.pop("_also", [])
    times = d.pop("_times", 1)
    return [S.from_dict(x) for _ in range(times) for x in (d, *also)]


def _parse_statement(text: str, refs: Any = None) -> Stmt:
    t = _T(text)
    if not t.low:
        return {"op": "noop"}
    if "❙" in t.orig or "|" in t.orig:
        return {"op": "table", "cells": [spelled(clean(c)) for c in re.split(r"[❙|]", t.orig)]}
    try:
        return parse_clause(t.orig, refs)
    except ClauseError as exc:
        out: Stmt = {
            "op": "unknown",
            "text": t.orig,
            "position": exc.position,
            "expected": exc.expected,
            "suggestion": exc.suggestion,
        }
        if exc.reason is not None:
            out["reason"] = exc.reason
        elif exc.position > 0 and _unread_lead(t.orig, refs):
            # "frobnicar, role 2 dados": the clause reads without its first words, so they are what is not
            # read (a word in a joiner's place), named; never the verb after them
            out.update(position=0, expected=[Phrase(N_("a verb"))], suggestion=None)
        return out


#: The most words at the head of a refused clause that :func:`_unread_lead` leaves out.
_LEAD_WORDS = 2


def _unread_lead(text: str, refs: Any = None) -> bool:
    """Whether the clause ``text``, which the grammar refuses, reads once its first word or two (and a comma
    after them) are left out, those words being no hero phrase but a name ("frobnicar role 2 dados", "Em
    frobnicar, compre 1 carta"; never "o alvo compre 1 carta", whose subject is read): a word where a joiner
    goes, which a refusal names instead of the verb after it."""
    heads = list(re.finditer(r"\S+", text))[:_LEAD_WORDS]
    for head in heads:
        rest = text[head.end() :].lstrip(" ,")
        if not rest:
            return False
        hero = parse_hero_phrase(text[: head.end()].rstrip(","))
        if hero is not None and hero.get("who") != "name":
            continue
        try:
            parse_clause(rest, refs)
        except ClauseError:
            continue
        return True
    return False


@functools.lru_cache(maxsize=1)
def _clause_res() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The two tests of where a clause starts, on the text as the grammar reads it (verbs as their concept's
    canonical word, :mod:`rulekit.apoteose.reading`): a verb of the lexicon (any person or mood, followed by a
    space, a comma or the end; a joiner of the lexicon's ``joiners`` that opens a clause, "depois", "em
    seguida", never before "de"; "se", "voce ganhar"), or a short subject and a verb ("um aliado curar 5", "o
    alvo perder 2", "ele sofrer 3")."""
    verbs = sorted({v["canonical"] for v in lexicon().verbs.values()}, key=len, reverse=True)
    then = _joiner_res().then + r"(?! de\b)"
    starts = [re.escape(v) for v in verbs] + [then, "se", "voce ganhar", "voce causar"]
    verb_re = re.compile(r"\s*(?:" + "|".join(starts) + r")(?:-(?:se|os|as|o|a|los|las|lo|la))?(?=[ ,]|$)")
    third = "|".join(re.escape(v) for v in verbs)
    perde_re = re.compile(r"\s*[\w-]+(?: [\w-]+){0,7} (?:" + third + r") (?:\d|\(|um |uma |\w+ cartas?)")
    return verb_re, perde_re


_GAIN_RE = re.compile(r"\s*[+-]\d+ de ")
#: a clause that opens with its duration ("Até o final do turno, você recebe…")
_FRONTED_RE = re.compile(r"(?i)\s*at[eé]\b")
_CLAUSE_LOOKAHEAD = 120


@dataclasses.dataclass(frozen=True)
class _JoinerRes:
    """The lexicon's ``joiners`` as patterns over the folded, lower-case text: ``then`` (a word that opens the
    next clause: "depois", "em seguida", "entao"; never "depois de"), ``opening`` (one at the start of a
    sentence or a clause, its comma and space: "Depois, compre"), ``join`` (where one clause ends and the next
    begins: a mark, the conjunction, or a ``then`` word after either, "; depois,", ", em seguida,", "e
    entao", "e, depois,")."""

    then: str
    opening: str
    join: re.Pattern[str]


@functools.lru_cache(maxsize=1)
def _joiner_res() -> _JoinerRes:
    """Where one clause ends and the next begins, made from the lexicon's ``joiners`` (LANGUAGE.md §3.2):
    «Resolução do Efeito» resolves the description in the order written, so a joiner only says the next
    clause comes after (a joined "depois" is never a clause of its own)."""
    joiners = lexicon().joiners
    assert joiners is not None  # the lexicon's loader always makes them
    then = sorted(joiners.then, key=len, reverse=True)
    then_re = "(?:" + "|".join(re.escape(w).replace("\\ ", r"\s+") for w in then) + ")"
    marks = "[" + "".join(re.escape(m) for m in joiners.marks) + "]"
    words = "(?:" + "|".join(re.escape(w) for w in joiners.words) + ")"
    no_de = r"(?!\s+de\b)"  # "depois de atacar": a requirement's opener, never a joiner
    # the conjunction may take a comma of its own: "e, depois, role 2 dados", "e, role 2 dados"
    join = (
        rf"((?:{marks}\s*|\s+)(?:{words},?\s+)?{then_re}{no_de},?\s+"
        rf"|{marks}\s*{words},?\s+|\s+{words},?\s+|{marks}\s*)"
    )
    return _JoinerRes(then=then_re, opening=rf"{then_re}{no_de},?\s+", join=re.compile(join))


def _starts_clause(low: str, pos: int = 0) -> bool:
    """Does a clause start at ``low[pos:]``? Looks at a bounded window only (linear splitting)."""
    window = low[pos : pos + _CLAUSE_LOOKAHEAD]
    if pos + _CLAUSE_LOOKAHEAD < len(low):  # keep "$" meaning the real end of the text
        window += "\x00"
    verb_re, perde_re = _clause_res()
    fronted = fronted_re().match(window)
    if fronted is not None:  # "… e até o fim da batalha, você recebe +1 de FOR": the clause after its adjunct
        window = window[fronted.end() :]
    return bool(verb_re.match(window) or perde_re.match(window) or _GAIN_RE.match(window))


def _unread_joiner(low: str, pos: int) -> int:
    """Where a word or two of no meaning to the reader, in a joiner's place, end (after their comma):
    ``low[pos:]`` is such words ("frobnicar, role 2 dados", "em frobnicar, compre"), then a comma and a
    clause; the words start no clause, read as no clause, and are no hero phrase but a name. ``0`` if not:
    the words are then kept with the clause after them, which is refused naming them (a joiner the lexicon
    does not know is never read as a clause break)."""
    m = re.match(r"([\w-]+(?: [\w-]+)?),\s*", low[pos : pos + _CLAUSE_LOOKAHEAD])
    if m is None or _starts_clause(low, pos) or not _starts_clause(low, pos + m.end()):
        return 0
    words = m.group(1)
    hero = parse_hero_phrase(words)
    if (hero is not None and hero.get("who") != "name") or is_fronted_adjunct(words + ","):
        return 0
    try:
        parse_clause(words)
    except ClauseError:
        return pos + m.end(1) + 1
    return 0


def split_clauses(text: str) -> list[str]:
    """Split a description into clauses: sentences, then ``e`` / ``,`` / ``;`` / ``Depois,`` before a verb.

    Linear in the length of the text (a bound on cost).

    >>> split_clauses("Cure 5 de VIDA e Compre 1 carta. Depois, role os dados")
    ['Cure 5 de VIDA', 'Compre 1 carta', 'role os dados']
    """
    return [c for sentence in split_sentences(text) for c in sentence]


def split_sentences(text: str) -> list[list[str]]:
    """The clauses of each sentence (a ``se <condição>,`` clause governs the rest of its sentence)."""
    text = clean(text)
    out: list[list[str]] = []
    depth = 0
    start = 0
    sentences: list[str] = []
    for i, c in enumerate(text):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "." and depth == 0 and not (i + 1 < len(text) and text[i + 1].isdigit()):
            sentences.append(text[start:i])
            start = i + 1
    sentences.append(text[start:])
    opening_re = re.compile(_joiner_res().opening)
    for s in sentences:
        s = s.strip()
        # "Cure 5 de VIDA. Depois, compre 1 carta": a joiner says the clause after follows the one before;
        # with no clause before it (the description's first words) it joins nothing, and is refused by name
        if out and (opening := opening_re.match(_fold(s))):
            s = s[opening.end() :]
        if not s:
            continue
        r = read(s)
        low = r.text.lower()
        cuts = [0]
        first = opening_re.match(low) if not out else None  # kept whole with its clause, never a clause
        # a word in a joiner's place stays with the clause after it
        keep = first.end() if first is not None else _unread_joiner(low, 0)
        for m in _joiner_res().join.finditer(low):
            if m.start() < keep:
                continue
            starts = _starts_clause(low, m.end())
            after = 0 if starts else _unread_joiner(low, m.end())
            if starts or after:
                cuts.append(r.where[m.start()])
                cuts.append(r.where[m.end()])
                keep = after
        cuts.append(len(s))
        spans = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]
        # an adjunct written first ("Até o final do turno, você recebe…") is no clause: it joins the next
        spans = _join_fronted(s, spans)
        clauses = [s[a:b].strip() for a, b in spans if s[a:b].strip()]
        # "Compre 1 carta, e, depois, role 2 dados": a clause opened by a joiner is the clause after it
        clauses = [_after_joiner(c, opening_re) if out or i else c for i, c in enumerate(clauses)]
        clauses = [c for c in clauses if c]
        if clauses:
            out.append(clauses)
    return out


def _after_joiner(clause: str, opening_re: re.Pattern[str]) -> str:
    """``clause`` without the joiner that opens it ("depois, role 2 dados" -> "role 2 dados")."""
    opening = opening_re.match(_fold(clause))
    return clause if opening is None else clause[opening.end() :].strip()


def _join_fronted(s: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` (the clauses of sentence ``s``) with each that is only a fronted adjunct joined to the clause
    after it (its comma kept: the grammar reads "Até o final do turno, você recebe +2 de AGI")."""
    out: list[tuple[int, int]] = []
    start: int | None = None  # where the clause begins when adjuncts came before it
    for i, (a, b) in enumerate(spans):
        a = a if start is None else start
        if i + 1 < len(spans) and is_fronted_adjunct(s[a : spans[i + 1][0]]):
            start = a
            continue
        out.append((a, b))
        start = None
    # a subject alone before an adjunct and its verb ("Você, até o final do turno, recebe +1 de AGI"): one
    # clause, the adjunct between the subject and the verb (grammar.lark `_subject`); so is a subject alone
    # before "e" and the subject of a verb ("Você e seus aliados recuperam…": a list of heroes, `more_heroes`)
    joined: list[tuple[int, int]] = []
    for a, b in out:
        if (
            joined
            and (
                fronted_re().match(W.expand(s[a:b])[0])
                or re.fullmatch(r"\s*e\s*", s[joined[-1][1] : a], re.IGNORECASE) is not None
            )
            and _subject_alone(s[joined[-1][0] : joined[-1][1]])
        ):
            joined[-1] = (joined[-1][0], b)
        else:
            joined.append((a, b))
    return joined


def _subject_alone(piece: str) -> bool:
    """Whether ``piece`` (a clause with its comma) is only a hero phrase: a subject whose verb comes later."""
    head = piece.strip().rstrip(",").strip()
    return bool(head) and parse_hero_phrase(head) is not None


def parse_description(text: str, refs: Any = None) -> tuple[list[Statement], bool]:
    """A description -> (statements, has_options). ``Escolha um: ● A ● B`` gives a ``choose`` statement.

    >>> stmts, has_options = parse_description("Escolha um: ● Cure 5 de VIDA ● Compre 1 carta")
    >>> [st.op for st in stmts], has_options
    (['choose'], True)
    >>> for option in stmts[0].to_dict()["options"]:
    ...     print(option)
    [{'op': 'heal', 'amount': 5, 'resource': 'VIDA', 'target': {'who': 'self'}}]
    [{'op': 'draw', 'count': 1, 'target': {'who': 'self'}}]
    """
    text = clean(text)
    if not text:
        return [], False
    if "●" in text:
        head, *items = text.split("●")
        if len(items) > MAX_CLAUSES:
            return _statements([""] * (MAX_CLAUSES + 1)), False
        head_stmts: list[Statement] = []
        hl = _fold(head).strip()
        if re.match(r"escolha (um|uma)", hl):
            before = re.split(r"(?i)escolha", head)[0]
            head_stmts = _statements(split_clauses(before), refs)
            options = [parse_description(i, refs)[0] for i in items if clean(i)]
            return [*head_stmts, S.Choose(options=tuple(tuple(o) for o in options))], True
        seq = _statements(split_clauses(head), refs)
        for item in items:
            seq.extend(parse_description(item, refs)[0])
        return seq, False
    sentences = split_sentences(text)
    if sum(len(x) for x in sentences) > MAX_CLAUSES:
        return _statements(split_clauses(text), refs), False
    out: list[Statement] = []
    pointers: dict[str, Any] = {}  # the nearest hero named before, from sentence to sentence
    for sentence in sentences:
        out.extend(_conditional(sentence, refs, pointers))
    return out, False


def _conditional(clauses: list[str], refs: Any, pointers: dict[str, Any] | None = None) -> list[Statement]:
    """A sentence whose clause ``se <condição>`` governs the clauses after it: an :class:`If` statement
    ("…; se o alvo ficar sem MANA, bana esta carta"). ``pointers``: the hero a sentence without a condition
    leaves for the next one to point back at (the description is applied in the order written, R-33); after
    a condition, none (what it did depends on the condition)."""
    at = next((i for i, c in enumerate(clauses) if re.match(r"se\s", _fold(c))), None)
    if at is None:
        return _statements(clauses, refs, pointers)
    local = dict(pointers or {})  # the nearest hero, for the condition's "ele" (then none after it)
    if pointers is not None:
        pointers.clear()
    before = _statements(clauses[:at], refs, local)
    head = clauses[at]
    hit = POINTER_RE.search(head)  # the word that points back, if any ("Se ele ficar sem VIDA")
    word = hit.group(0) if hit else head
    cond, why = _condition_points(parse_condition(head[3:].strip()), refs, local.get("hero"), word)
    then = _statements(clauses[at + 1 :], refs)
    if why is not None:  # it points at nothing, or at one of several
        unread = {"op": "unknown", "text": head, "position": hit.start() if hit else 3, "expected": []}
        return [*before, S.from_dict({**unread, "reason": why}), *then]
    if cond.get("cond") == "unknown" or not then:
        expected = ("a condition: 'se sua MANA for menor que 3, …', 'se um aliado estiver sem VIDA, …'",)
        return [*before, S.Unknown(text=head, position=3, expected=expected, suggestion=None), *then]
    return [*before, S.If(cond=cond, then=tuple(then), text=head[3:].strip())]


def _condition_points(
    cond: dict[str, Any], refs: Any, nearest: str | None, word: str
) -> tuple[dict[str, Any], Any]:
    """A «se …» of the description pointing back at a hero ("Se ele ficar sem VIDA"): the hero of the event
    answered, else the nearest hero named before it, else what the one Selecione of heroes chose
    (:func:`.antecedents.point_back`); ``(cond, None)``, or ``(cond, why)`` when it points at nothing, at one
    of several heroes listed, or at one of two Selecione. A clause read alone keeps its words' reading."""
    if refs is None or not refs.known:
        return cond, None
    chosen = [t for k, t in refs.chosen if k == "hero"]
    if nearest == LISTED and not refs.event_hero and points_at(cond, "that"):
        return cond, Phrase(AFTER_A_LIST, phrase=word)  # "Cure … em você e em um aliado. Se ele …": which?
    out, why = point_back(cond, chosen, bool(chosen), refs.event_hero, None if nearest == LISTED else nearest)
    return (out, None) if why is None else (cond, Phrase(why[0], phrase=word, **why[1]))


#: Most clauses one description may have (a bound on the reader's cost).
MAX_CLAUSES = 40


def _statements(
    clauses: list[str], refs: Any = None, pointers: dict[str, Any] | None = None
) -> list[Statement]:
    """Each clause in order; with ``refs`` (what the effect can point at), each clause also knows the
    nearest card and hero mentioned before it (LANGUAGE.md §3.1); the nearest hero from the sentences before
    too when ``pointers`` carries it (it is updated with this one's; R-33)."""

    if len(clauses) > MAX_CLAUSES:
        return [
            S.Unknown(
                text=clauses[MAX_CLAUSES][:80],
                position=0,
                expected=(f"at most {MAX_CLAUSES} clauses in one description",),
                suggestion=None,
            )
        ]
    if refs is None:
        return _shared_duration(clauses, [parse_statements(c) for c in clauses])
    import json

    out: list[Statement] = []
    made: list[list[Statement]] = []
    last_card: str | None = None  # the cards before: in the same sentence only
    last_hero: str | None = (pointers or {}).get("hero")
    last_sides: tuple[tuple[str, str], ...] = (pointers or {}).get("sides", ())  # with "previous"
    last_plural: bool = (pointers or {}).get("plural", False)  # last_hero is several heroes
    chosen_plural = any(n > 1 for n in getattr(refs, "chosen_counts", ()))  # what "selected" is
    subject: str | None = None  # the explicit subject of the clause before (its hero phrase, as JSON)
    for c in clauses:
        tokens = read(c).tokens
        third = bool(tokens) and tokens[0].kind == "verb" and tokens[0].mood == "third"
        here = dataclasses.replace(
            refs,
            last_card=last_card,
            last_hero=last_hero,
            last_sides=last_sides,
            last_plural=last_plural,
            subject=subject if third else None,
        )
        sts = [_shares_a_list(c)] if here.subject == LISTED else parse_statements(c, here)
        out.extend(sts)
        made.append(sts)
        st = sts[-1]
        d = st.to_dict()
        if tokens and tokens[0].kind != "verb" and isinstance(d.get("target"), dict):
            # "Cada inimigo perde…": shared by "e sofre…"; the subject's own words when the verb has an object
            # ("Um oponente cura 2 de VIDA de um aliado e compra 1 carta": the opponent draws)
            verb = next((t for t in tokens if t.kind == "verb"), None)
            own = None if verb is None else parse_hero_phrase(c[: verb.start].strip(" ,"), refs)
            subject = json.dumps(_shared_subject(own, d["target"]))
        elif tokens and tokens[0].kind != "verb" and _owner_one(d):  # "Um oponente descarta 1 carta e…"
            subject = json.dumps({"who": "previous"})
        elif tokens and tokens[0].kind != "verb" and d.get("owner") in _SUBJECT_OWNERS:
            subject = json.dumps({"who": d["owner"]})
        elif not third:
            subject = None
        card = "choose" if d.get("op") == "draw" else d.get("card")  # "Compre três cartas e descarte-as"
        if card in ("self", "selected", "answered", "paid"):
            last_card = card
        elif card in ("choose", "all"):
            last_card = "previous"  # the cards that statement acted on
        elif last_card == "previous":
            last_card = None  # "previous" is only the statement right before
        target = d.get("target") or {}
        who = target.get("who")
        if who in ("selected", "answered", "turn", "that") and not target.get("all"):
            last_hero, last_plural = who, who == "selected" and chosen_plural
        elif d.get("op") == "select" and d.get("what") == "hero":  # "escolha dois inimigos; cada um deles…"
            chosen_plural = int(d.get("count", 1)) > 1
            last_hero, last_plural = "selected", chosen_plural
        elif _chosen_one(target):  # "Cause 2 de DANO a um oponente e ele…": that hero
            last_hero, last_sides = "previous", ((str(who) if who != "name" else "any", c),)
            last_plural = False
        elif _chosen_several(target):  # "Cause 1 de DANO a dois inimigos e eles…": those heroes
            last_hero, last_sides, last_plural = "previous", ((str(who), c),), True
        elif _owner_one(d):  # "Descarte 1 carta de um oponente. Ele…": the hero whose card it was
            last_hero, last_sides = "previous", ((R.ONE_HERO_OWNERS.get(d["owner"], d["owner"]), c),)
            last_plural = False
        elif last_hero == "previous" and who != "previous":
            last_hero, last_sides, last_plural = FAR, (), False  # only the clause right before
        chosen_again = len(sts) > 1 and _chosen_one(target)  # "… a um inimigo três vezes": one choice each
        if chosen_again or len({json.dumps(x.to_dict().get("target"), sort_keys=True) for x in sts}) > 1:
            # several heroes in one clause ("Cure 5 de VIDA em você e em um aliado", "Você e seus aliados
            # recuperam…", a hero chosen at each of its times): a pronoun after it, or a verb sharing that
            # subject ("… e compram 1 carta"), would point back at one of them, which is never guessed
            # (refused where it is written)
            last_hero = LISTED
            subject = LISTED if tokens and tokens[0].kind != "verb" else None
    if pointers is not None:
        pointers.update(hero=last_hero, sides=last_sides, plural=last_plural)
    return _shared_duration(clauses, made)


def _chosen_one(target: dict[str, Any]) -> bool:
    """Whether a statement acts on **one** hero of a set, chosen when it resolves ("um oponente", "um aliado
    adjacente", "Bo"): what a pronoun in the clause right after points back at (R-33)."""
    return (
        R.POINTING_BACK_AT_A_CHOSEN_HERO
        and target.get("who") in R.CHOSEN_HERO_SETS
        and not target.get("all")
        and "count" not in target
    )


#: Whose cards, as the subject a verb after them shares ("Aquele oponente descarta 1 carta e perde 1 de
#: VIDA": that opponent loses it).
_SUBJECT_OWNERS = (*HERO_SETS, "selected", "that", "previous")


def _chosen_several(target: dict[str, Any]) -> bool:
    """Whether a statement acts on several heroes of a set ("dois inimigos", R-30; "todos os oponentes"): what
    a plural pronoun in the clause right after points back at (R-33, "eles")."""
    return (
        R.POINTING_BACK_AT_A_CHOSEN_HERO
        and target.get("who") in HERO_SETS
        and ("count" in target or bool(target.get("all")))
    )


def _owner_one(st: dict[str, Any]) -> bool:
    """Whether a card statement acts on the cards of **one** hero of a set, chosen when it resolves: one card
    of a set's heroes ("Um oponente descarta 1 carta", "Descarte 1 carta de um oponente": the card names its
    hero) or the cards of one hero chosen (R-32, ``one_opponent``); a clause after it may point back at that
    hero (R-33)."""
    owner = st.get("owner")
    one_card = st.get("card") == "choose" and st.get("count", 1) == 1 and owner in HERO_SETS
    return R.POINTING_BACK_AT_A_CHOSEN_HERO and (one_card or owner in R.ONE_HERO_OWNERS)


def _shared_subject(own: dict[str, Any] | None, target: dict[str, Any]) -> dict[str, Any]:
    """The subject a verb without one shares with the clause before ("Um oponente perde 2 de VIDA e compra 1
    carta"): the same hero(es) that clause acted on when its verb acted on its subject, chosen among a set
    (R-33: ``previous``, not a second choice); else the subject's own words (an opponent who heals an ally
    and draws: the opponent)."""
    if own is not None and own != target:
        return own
    if _chosen_one(target):
        return {"who": "previous"}
    if _chosen_several(target) and "count" in target:  # "Dois oponentes perdem … e compram": those two
        return {"who": "previous", "all": True}
    return target


def _shares_a_list(clause: str) -> Statement:
    """A verb in the third person with no subject after a clause whose subject lists several heroes ("Você e
    seus aliados recuperam 1 de ESTAMINA e compram 1 carta"): refused, naming it (which of them, or each, is
    never guessed)."""
    reason = Phrase(SHARES_A_LIST, phrase=clause)
    return S.from_dict({"op": "unknown", "text": clause, "position": 0, "expected": [], "reason": reason})


def _shared_duration(clauses: list[str], made: list[list[Statement]]) -> list[Statement]:
    """The statements of the clauses, in order; a list of gains ("Você recebe +1 de AGI e +1 de INT até o
    final do turno": a clause that is only its amount continues the gain before it) shares the duration
    written after its last amount, as one adjunct of the coordination. A gain of the list with a duration
    of its own keeps it."""
    runs: list[list[int]] = []
    starts: list[str] = []  # the clause each run begins with
    flat: list[Statement] = []
    for c, sts in zip(clauses, made, strict=True):
        gains = [len(flat) + i for i, st in enumerate(sts) if isinstance(st, S.Gain)]
        if _GAIN_RE.match(c) and runs and gains:
            runs[-1].extend(gains)
        else:
            runs.append(gains)
            starts.append(c)
        flat.extend(sts)
    for run, first in zip(runs, starts, strict=True):
        if not run:
            continue
        # written after the last amount, or first in the sentence ("Até o final do turno, você recebe +1 de
        # AGI e +1 de INT"): the whole list's
        until = flat[run[-1]].until or (flat[run[0]].until if _FRONTED_RE.match(first) else None)
        for i in run if until is not None else ():
            if flat[i].until is None:
                flat[i] = dataclasses.replace(flat[i], until=until)
    return flat


# --------------------------------------------------------------------------------------------
# Requirements: costs / actions (statements), states and conditions.
# --------------------------------------------------------------------------------------------

REQ_VERBS: dict[str, str] = {
    "descarte": "cost",
    "consuma": "cost",
    "enterre": "cost",
    "bane": "cost",
    "revele": "cost",
    "pague": "cost",
    "devolva": "cost",
    "anexe": "cost",
    "oculte": "cost",
    "registre": "cost",
    "recupere": "cost",
    "selecione": "action",
    "mova": "action",
    "mova-se": "action",
    "role": "action",
    "compre": "action",
    "cause": "action",
    "cure": "action",
    "ate": "state",
    "enquanto": "state",
    "durante": "state",
    "quando": "condition",
    "se": "condition",
    "depois": "condition",
    "antes": "condition",
}


def requirement_word(text: str) -> tuple[str, str, int] | None:
    """How a requirement starts: (its kind, the seed's word for its first word, the length of the words as
    written), read through the pipeline (:mod:`rulekit.apoteose.reading`): "Descarta", "descartar" ->
    ``descarte``; the openers of the lexicon ("Sempre que" -> ``quando``, "Logo após" -> ``depois``); else
    ``None``.

    >>> requirement_word("Descarta uma carta"), requirement_word("Sempre que um oponente atacar")
    (('cost', 'descarte', 8), ('condition', 'quando', 10))
    """
    op = opener(text)
    if op is not None:
        word = op[0].split()[0]
        return REQ_VERBS[word], word, op[1]
    m = re.match(r"[^\s,]+", text)
    if m is None:
        return None
    key = norm(m.group(0))
    if key not in REQ_VERBS:
        # the word read in its clause: a verb of the lexicon may hold only before what follows it ("Gaste 2 de
        # MANA" is consumir, lexicon ``then``)
        in_clause = [t for t in read(text).tokens if t.start == 0 and t.end == m.end()]
        tokens = in_clause or read(m.group(0)).tokens
        key = _req_canonical().get(tokens[0].norm.lower(), key) if tokens else key
    if key not in REQ_VERBS:
        return None
    return REQ_VERBS[key], key, m.end()


@functools.lru_cache(maxsize=1)
def _req_canonical() -> dict[str, str]:
    """The canonical word of each requirement verb (``descartar``) -> the seed's word (``descarte``)."""
    out: dict[str, str] = {}
    for word in REQ_VERBS:
        tokens = read(word).tokens
        if tokens and tokens[0].kind == "verb":
            out.setdefault(tokens[0].norm.lower(), word)
    return out


def parse_condition(text: str) -> dict[str, Any]:
    """A state/condition body (after Se/Enquanto/Durante/Até) -> a condition dict, read by the requirement
    grammar (:func:`rulekit.apoteose.grammar.parse_condition_text`, LANGUAGE.md §2)."""
    return parse_condition_text(text)


def parse_trigger(text: str) -> dict[str, Any]:
    """The event after Quando / Depois de / Antes de -> ``{"event", "moment", "actor", "patient", ...}``, read
    by the requirement grammar (:func:`rulekit.apoteose.grammar.parse_trigger_text`, LANGUAGE.md §2).

    >>> parse_trigger("um oponente ativar uma carta")["actor"]
    {'who': 'opponent'}
    >>> parse_trigger("VIDA for ser curado")["moment"]
    'before'
    """
    return parse_trigger_text(text)


def parse_requirement_ast(
    kind: str, verb: str, text: str, written: int | None = None
) -> dict[str, Any] | Statement:
    """The AST of one requirement, given its kind and the seed's word for its first word (see
    :func:`text.classify`; ``written``: how long that word, or opener, is as written): a typed statement for a
    cost or an action, a condition dict for a state or a condition."""
    t = _T(text)
    v = norm(verb)
    if written is None:
        written = len(verb)
    if kind in ("cost", "action"):
        if v == "descarte" and t.m(r"descarte uma carta"):
            return S.Discard(card="choose", count=1)
        sts = [_nothing_before(st, text) for st in parse_statements(text)]
        return sts[0] if len(sts) == 1 else sts  # type: ignore[return-value]
    rest = _rest(v, t.orig, written)[0]
    if v == "quando" or v == "depois" or v == "antes":
        trig = parse_trigger(rest)
        if v == "quando" and trig.get("event") == "unknown" and R.QUANDO_STATE_IS_A_CONDITION:
            state = parse_condition(rest)  # "Quando não houver aliados adjacentes" is a state, as a Se
            if state.get("cond") in ("resource", "has", "heroes", "exists", "not"):
                return state
        if v == "depois":
            trig["moment"] = "after"
        elif v == "antes":
            trig["moment"] = "before"
        return {"cond": "trigger", "trigger": trig}
    if v == "durante":
        return {"cond": "during", "what": parse_condition(rest)}
    if v == "ate":
        return {"cond": "until", "what": parse_condition(rest)}
    return parse_condition(rest)


def _nothing_before(st: Statement, text: str) -> Statement:
    """A cost or an action counting the cards a clause before it acted on ("Descarte duas delas", R-31
    "Descarte duas"): a requirement has no clause before it, so it is refused naming its count."""
    if getattr(st, "card", None) != "previous":
        return st
    count = next(
        (t for t in read(text).tokens if t.kind == "number" or t.norm.lower() in ("um", "uma")), None
    )
    at = count.start if count is not None else 0
    phrase = text[at:].strip()
    reason = Phrase(NOTHING_BEFORE, phrase=phrase)
    return S.Unknown(text=text, position=at, expected=(), suggestion=None, reason=reason)  # type: ignore[arg-type]


def _rest(v: str, text: str, written: int) -> tuple[str, int]:
    """The words of a state or condition after its opener (``v``, the seed's word; ``written``: how long
    the opener is as written), and where they start in ``text``: "Depois de …" without its "de", "Até que
    …" without its "que"."""
    m = re.match(r"\s*", text[written:])
    at = written + (m.end() if m else 0)
    if v in ("depois", "antes", "ate"):
        m = re.match(r"(?i)(de|que)\s+", text[at:])
        if m is not None and (m.group(1).lower() == "de") == (v != "ate"):
            at += m.end()
    return text[at:].strip(), at


def requirement_unread(verb: str, text: str, written: int) -> tuple[int, str, Any, list[Any]] | None:
    """Why a trigger, state or condition requirement (``text``, opened by the seed's word ``verb`` written
    ``written`` characters long) is not read, located: (position in ``text``, the word there, the reason
    or ``None``, what was expected there); ``None`` when nothing located can be said (LANGUAGE.md §2)."""
    v = norm(verb)
    rest, at = _rest(v, text, written)
    trigger = v in ("quando", "depois", "antes")
    why = trigger_unread(rest) if trigger else condition_unread(rest)
    if why is None:
        return None
    return at + why.position, why.word, why.reason, list(why.expected)


def is_supported(node: Any) -> bool:
    """Does a statement / AST contain no ``unknown`` part?"""
    if isinstance(node, Statement):
        return is_supported(node.to_dict())
    if isinstance(node, dict):
        if node.get("op") == "unknown" or node.get("cond") == "unknown" or node.get("event") == "unknown":
            return False
        if node.get("who") == "unknown" or node.get("card") == "unknown" or "unknown" in node:
            return False
        return all(is_supported(v) for v in node.values())
    if isinstance(node, list):
        return all(is_supported(v) for v in node)
    return True
