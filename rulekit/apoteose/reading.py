"""The reading pipeline of Apoteose effect text (LANGUAGE.md §3.2): what the grammars read, made from what a
player wrote, one word at a time, with every word's place in the text as written.

1. **Words** are cut from the text (letters, with hyphens: ``bana-a``, ``mova-se``); everything between them
   (spaces, digits, ``+1``, parentheses, commas) is kept as written.
2. **Contractions and casual spellings** are written out (``do`` -> ``de o``, ``pro`` -> ``para o``, ``tá`` ->
   ``está``): the lexicon's ``contractions``.
3. **The game's own words** in capitals (resources, zones, card types, attributes) are kept, and a plural is
   read as its declared singular (``ITENS`` -> ``ITEM``, through the lemmatiser); a word in capitals that is
   no declared word is kept as written and marked (``Token.declared`` false): a reader that needs a card type
   refuses it (:func:`card_type`), never makes a new type of it.
4. **Verbs** are lemmatised with ``simplemma`` (Portuguese) and written as their concept's canonical word (the
   lexicon's ``verbs``: ``Descarta``, ``descartar``, ``descarte`` -> ``descartar``; ``puxe`` -> ``comprar``),
   with the person or mood the writer used kept in ``Token.mood`` (``imperative``, ``third``, ``infinitive``,
   ``past``); a participle (``descartada``) stays as written, an adjective to the grammar. A word right
   after a determiner or a preposition is a noun (``essa cura``, ``o descarte``), never lemmatised as a verb.
5. **Numbers written in words** become digits (``text2num``: ``cinco`` -> ``5``, ``vinte e cinco`` -> ``25``);
   ``um``/``uma`` alone stay the article the grammar reads as 1 where a number goes.

Everything is folded (accents stripped; case kept, so names in capitals stay names).
:func:`read` returns the tokens and the text the grammars read, with a map from each of its characters back
to the text as written (every error and warning points at the text as written).

>>> r = read("Ele tá puxando duas cartas do BARALHO")
>>> r.text
'Ele esta puxando 2 cartas de o BARALHO'
>>> [(t.text, t.norm) for t in r.tokens if t.kind == "number"]
[('duas', '2')]
>>> read("Descarta uma carta").text, read("descartar 2 ITENS").text
('Descartar uma carta', 'descartar 2 ITEM')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulekit.errors import RulekitError
from rulekit.phrase import N_, Phrase

__all__ = ["Token", "Reading", "read", "lexicon", "card_type", "fold", "refused_construction", "spelled"]

_LEXICON = Path(__file__).resolve().parents[1] / "data" / "apoteose" / "lexicon.yaml"
_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def fold(text: str) -> str:
    """Accents stripped, case kept, *same length* (so positions in the fold are positions in the text)."""
    if text.isascii():
        return text
    return "".join(_fold_char(c) for c in text)


@lru_cache(maxsize=2048)
def _fold_char(c: str) -> str:
    d = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
    return d[:1] or c


@dataclass(frozen=True)
class Token:
    """One word as read: ``text`` as written at ``start``..``end`` of the text as written, ``norm`` what the
    grammar reads for it (one word or several: a contraction), its ``kind`` (``word``, ``verb``, ``number``,
    ``name``), the ``concept`` of a verb (a key of the lexicon's ``verbs``) or the declared word a name is,
    the ``lemma`` the lemmatiser gave, the ``mood`` of a verb, and whether a name in capitals is
    ``declared``."""

    text: str
    start: int
    end: int
    norm: str
    kind: str = "word"
    concept: str | None = None
    lemma: str | None = None
    mood: str | None = None
    declared: bool = True


@dataclass(frozen=True)
class Reading:
    """A text as the grammars read it: ``text`` (normalised), ``where`` (for each character of ``text``, and
    one more for its end, the index in ``source`` it comes from) and the ``tokens`` (in order)."""

    source: str
    text: str
    where: tuple[int, ...]
    tokens: tuple[Token, ...]

    def token_at(self, pos: int) -> Token | None:
        """The token whose normalised text covers ``pos`` of :attr:`text`' source position ``where[pos]``."""
        at = self.where[min(pos, len(self.where) - 1)]
        return next((t for t in self.tokens if t.start <= at < t.end), None)


# ---------------------------------------------------------------------------------------------- the lexicon
@dataclass(frozen=True)
class Joiners:
    """Where a clause ends and the next begins (the lexicon's ``joiners``, LANGUAGE.md §3.2): the ``marks``
    that end a clause (``,``, ``;``), the conjunction ``words`` between two (``e``), and the ``then`` words
    that open the next clause after either or a sentence (folded, lower case: ``depois``, ``em seguida``,
    ``entao``), each -> its concept (``then``, ``also``). Every joiner means the same to the reader: the
    next clause follows, in the order written (seed «Resolução do Efeito»)."""

    marks: tuple[str, ...]
    words: tuple[str, ...]
    then: dict[str, str]


#: the keys a ``joiners`` entry may have
_JOINER_KEYS = frozenset({"marks", "words", "then", "source"})
_JOINER_WORD_RE = re.compile(r"[a-z]+(?: [a-z]+)*")


def _joiners(data: Any) -> Joiners:
    """The lexicon's ``joiners`` section, checked: each entry a mapping with its ``source`` and only the
    keys :data:`_JOINER_KEYS`; a mark one punctuation character; a word or ``then`` phrase letters and single
    spaces (accents folded here); no phrase declared twice. A bad entry is a
    :class:`~rulekit.errors.RulekitError` naming the lexicon file and the entry's field."""

    def bad(field: str, what: Phrase) -> RulekitError:
        return RulekitError(what, file=_LEXICON.name, field=field, code="INVALID_LEXICON")

    if not isinstance(data, dict) or not data:
        raise bad("joiners", Phrase(N_("the joiners must be a mapping of concepts to their words")))
    marks: list[str] = []
    words: list[str] = []
    then: dict[str, str] = {}
    for concept, entry in data.items():
        field = f"joiners.{concept}"
        if not isinstance(entry, dict):
            raise bad(field, Phrase(N_("a joiner must be a mapping (marks, words, then, source)")))
        unknown = sorted(set(map(str, entry)) - _JOINER_KEYS)
        if unknown:
            keys = ", ".join(sorted(_JOINER_KEYS))
            raise bad(
                f"{field}.{unknown[0]}",
                Phrase(N_("unknown key '{key}' (allowed: {keys})"), key=unknown[0], keys=keys),
            )
        if not isinstance(entry.get("source"), str) or not entry["source"].strip():
            raise bad(
                f"{field}.source",
                Phrase(N_("a joiner must say where it comes from (seed, glossary, common use)")),
            )
        for key in ("marks", "words", "then"):
            values = entry.get(key, [])
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                raise bad(f"{field}.{key}", Phrase(N_("'{key}' must be a list of words"), key=key))
            for v in values:
                if key == "marks":
                    if len(v) != 1 or v.isalnum() or v.isspace():
                        raise bad(
                            f"{field}.marks", Phrase(N_("'{value}' is not one punctuation mark"), value=v)
                        )
                    marks.append(v)
                    continue
                w = fold(v).lower()
                if not _JOINER_WORD_RE.fullmatch(w):
                    raise bad(
                        f"{field}.{key}", Phrase(N_("'{value}' is not a word or words of letters"), value=v)
                    )
                if w in then or w in words:
                    raise bad(f"{field}.{key}", Phrase(N_("'{value}' is declared twice"), value=v))
                if key == "words":
                    words.append(w)
                else:
                    then[w] = str(concept)
    return Joiners(marks=tuple(marks), words=tuple(words), then=then)


@dataclass(frozen=True)
class Lexicon:
    """The lexicon (``rulekit/data/apoteose/lexicon.yaml``) as lookup tables."""

    verbs: dict[str, dict[str, Any]]
    #: lemma (as simplemma writes it) -> concept
    by_lemma: dict[str, str]
    forms: dict[str, str]
    words: dict[str, str]
    contractions: dict[str, str]
    determiners: frozenset[str]
    openers: dict[str, str]
    #: phrases (tuples of words as the pipeline writes them) -> the words the grammar reads
    phrases: dict[tuple[str, ...], str]
    #: constructions refused by name -> their pattern (over :attr:`Reading.text`, lower case)
    refused: dict[str, re.Pattern[str]]
    #: constructions -> the grammar rules that read them (a reading through one of them is no refusal)
    read_by: dict[str, frozenset[str]]
    #: fraction words (folded, lower case) -> (numerator, denominator)
    fractions: dict[str, tuple[int, int]]
    #: folded upper-case name -> the declared spelling, per kind
    declared: dict[str, dict[str, str]]
    #: pronouns and indefinites that never name a hero (folded, lower case)
    not_names: frozenset[str] = frozenset()
    #: the joiners of clauses (:class:`Joiners`: the lexicon's ``joiners``)
    joiners: Joiners | None = None

    def canonical(self, concept: str) -> str:
        return str(self.verbs[concept]["canonical"])

    def concept_of(self, canonical: str) -> str | None:
        """The concept whose canonical word is ``canonical`` (the first declared)."""
        return next((c for c, v in self.verbs.items() if v["canonical"] == canonical), None)


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon, loaded once."""
    import yaml

    data = yaml.safe_load(_LEXICON.read_text(encoding="utf-8"))
    joiners = _joiners(data.get("joiners"))
    by_lemma: dict[str, str] = {}
    for concept, entry in data["verbs"].items():
        for lemma in entry["lemmas"]:
            by_lemma.setdefault(lemma, concept)
    declared = {
        kind: {fold(w).upper(): w for w in data[kind]}
        for kind in ("resources", "zones", "card_types", "attributes")
    }
    return Lexicon(
        verbs=data["verbs"],
        by_lemma=by_lemma,
        forms={fold(k).lower(): v for k, v in data["forms"].items()},
        words={fold(k).lower(): v["as"] for k, v in data["words"].items()},
        contractions={str(k).lower(): v for k, v in data["contractions"].items()},
        determiners=frozenset(data["determiners"]),
        openers={k: v for k, v in data["openers"].items()},
        phrases={tuple(k.split()): v["as"] for k, v in data["phrases"].items()},
        refused={k: re.compile(v["pattern"]) for k, v in data["refused"].items()},
        read_by={k: frozenset(v.get("read_by", ())) for k, v in data["refused"].items()},
        fractions={
            fold(k).lower(): (int(v["part"][0]), int(v["part"][1])) for k, v in data["fractions"].items()
        },
        declared=declared,
        # a one-word joiner ("depois", "entao") opens a clause: never a hero's name
        not_names=frozenset(fold(w).lower() for w in data.get("not_names", ()))
        | {w for w in joiners.then if " " not in w},
        joiners=joiners,
    )


def card_type(word: str) -> str | None:
    """The declared card type ``word`` (in capitals, any accents, singular or plural) names, else ``None``.

    >>> card_type("ITENS"), card_type("EVOCACOES"), card_type("EVOCAÇÃO"), card_type("ITENZ")
    ('ITEM', 'EVOCAÇÃO', 'EVOCAÇÃO', None)
    """
    return _declared(word, "card_types")


def declared_name(word: str) -> str | None:
    """The declared word (resource, zone, card type or attribute) ``word`` in capitals names, or
    ``None``."""
    for kind in ("resources", "zones", "card_types", "attributes"):
        hit = _declared(word, kind)
        if hit is not None:
            return hit
    return None


@lru_cache(maxsize=1)
def _spellings() -> dict[str, str]:
    """Every declared word's accent-folded spelling -> its declared spelling (resources, zones, card types,
    attributes; ``test_reading.py`` checks that no two declared words fold to one)."""
    return {
        k: v
        for kind in ("resources", "zones", "card_types", "attributes")
        for k, v in lexicon().declared[kind].items()
    }


_CAPITALS_RE = re.compile(r"(?<![\w-])[^\W\d_a-z]{2,}(?![\w-])")


def spelled(text: str) -> str:
    """``text`` with every word in capitals that is a declared word written without its accents (or with
    other accents) written as declared (``ASTUCIA 2`` -> ``ASTÚCIA 2``); an undeclared word, a plural and a
    word in lower case are kept as written (never a guess: only the accents may differ).

    >>> spelled("ASTUCIA 2 ❙ INSTRUCAO 2"), spelled("SORTE"), spelled("ITENS")
    ('ASTÚCIA 2 ❙ INSTRUÇÃO 2', 'SORTE', 'ITENS')
    """
    table = _spellings()
    return _CAPITALS_RE.sub(lambda m: table.get(fold(m.group(0)), m.group(0)), text)


@lru_cache(maxsize=4096)
def _declared(word: str, kind: str) -> str | None:
    table = lexicon().declared[kind]
    key = fold(word).upper()
    if key in table:
        return table[key]
    for cand in (_lemma(word.lower()), _lemma(fold(word).lower())):
        if fold(cand).upper() in table:
            return table[fold(cand).upper()]
    # a plural the lemmatiser does not know in its unaccented spelling ("EVOCACOES"): the seed's plurals
    for plural, singular in (("OES", "AO"), ("AES", "AO"), ("NS", "M"), ("IS", "L"), ("ES", ""), ("S", "")):
        if key.endswith(plural) and key[: -len(plural)] + singular in table:
            return table[key[: -len(plural)] + singular]
    return None


@lru_cache(maxsize=8192)
def _lemma(word: str) -> str:
    from simplemma import lemmatize

    return str(lemmatize(word, lang="pt"))


@lru_cache(maxsize=8192)
def _number(words: str) -> int | None:
    from text_to_num import text2num

    try:
        return int(text2num(words, "pt"))
    except ValueError:
        return None


# ---------------------------------------------------------------------------------------------- reading
_PARTICIPLE_RE = re.compile(r"(ad|id)(o|a|os|as)$")


def _mood(surface: str, base: str) -> str:
    """The person or mood of a verb form, from its ending and its conjugation (``base``, an infinitive of its
    lemma): ``-ar`` verbs: imperative ``-e``/``-em``, third person ``-a``/``-am``; ``-er``/``-ir`` verbs the
    other way round; the infinitive (``-r``, ``-rem``); the past (``-ou``/``-eu``/``-iu``, ``-aram``…)."""
    w = fold(surface).lower()
    base = fold(base.split("-")[0]).lower()
    stem, conj = base[:-2], base[-2:]
    if w in (base, base + "em", base + "es"):
        return "infinitive"
    vowel = conj[:1]
    if w in (stem + {"a": "ou", "e": "eu", "i": "iu"}.get(vowel, "ou"), stem + vowel + "ram"):
        return "past"
    if w.endswith("ndo"):
        return "gerund"
    first = conj == "ar"
    if w.endswith(("e", "em")):
        return "imperative" if first else "third"
    if w.endswith(("a", "am")):
        return "third" if first else "imperative"
    return "third"


def _verb(surface: str, prev: str | None, rest: str) -> Token | None:
    """``surface`` read as a verb of the lexicon (a :class:`Token` without its place), or ``None``."""
    lex = lexicon()
    if prev is not None and prev in lex.determiners:
        return None  # "essa cura", "o descarte": a noun
    tok = _verb_form(surface)
    if tok is None:
        return None
    needs = lex.verbs[str(tok.concept)].get("needs")
    if needs and needs not in rest:
        return None  # "levar" is sofrer only in "levar dano"
    then = lex.verbs[str(tok.concept)].get("then")
    if then and re.match(r"\s*(?:" + str(then) + ")", rest) is None:
        return None  # "ter" is ganhar only before "+N" ("que tem mais VIDA" stays ter)
    return tok


@lru_cache(maxsize=8192)
def _verb_form(surface: str) -> Token | None:
    lex = lexicon()
    low = surface.lower()
    fl = fold(low)
    if _PARTICIPLE_RE.search(fl) and fl not in lex.forms:
        return None  # "descartada": an adjective to the grammar
    lemma = lex.forms.get(fl) or _lemma(low)
    concept = lex.by_lemma.get(lemma)
    if concept is None:
        return None
    canonical = lex.canonical(concept)
    infinitives = [x for x in lex.verbs[concept]["lemmas"] if x.endswith(("ar", "er", "ir"))]
    base = (
        lemma
        if lemma.endswith(("ar", "er", "ir"))
        else next((x for x in infinitives if fl[:3] == fold(x)[:3]), canonical)
    )
    mood = _mood(surface, base)
    norm = canonical
    if mood == "past":  # "que usou essa carta": the canonical verb in the past
        stem, end = canonical[:-2], canonical[-2:]
        norm = stem + {"ar": "ou", "er": "eu", "ir": "iu"}.get(end, end)
    return Token(surface, 0, 0, norm, "verb", concept, lemma, mood)


def read(text: str) -> Reading:
    """``text`` read word by word (module docstring): the tokens, the normalised text, the map back."""
    return _read_cached(text)


@lru_cache(maxsize=4096)
def _read_cached(text: str) -> Reading:
    lex = lexicon()
    words = list(_WORD_RE.finditer(text))
    folded_all = fold(text).lower()
    tokens: list[Token] = []
    prev: str | None = None
    i = 0
    while i < len(words):
        m = words[i]
        surface = m.group(0)
        start, end = m.start(), m.end()
        low = surface.lower()
        if surface.isupper() and len(surface) > 1:  # a name in capitals: never a contraction or a verb
            hit = declared_name(surface)
            name = fold(hit) if hit is not None else fold(surface)
            tokens.append(Token(surface, start, end, name, "name", hit, None, None, hit is not None))
            prev = None
            i += 1
            continue
        if low in lex.contractions:
            full = lex.contractions[low]
            if surface[0].isupper():
                full = full[0].upper() + full[1:]
            tokens.append(Token(surface, start, end, fold(full), "word"))
            prev = fold(full).split()[-1].lower()
            i += 1
            continue
        # numbers written in words: the longest run ("vinte e cinco"); "um"/"uma" alone stay articles
        run_end = _number_run(words, i)
        if run_end > i:
            run = text[start : words[run_end - 1].end()]
            value = _number(" ".join(w.group(0).lower() for w in words[i:run_end]))
            if value is not None:
                tokens.append(Token(run, start, words[run_end - 1].end(), str(value), "number"))
                prev = None
                i = run_end
                continue
        head, dash, tail = surface.partition("-")
        if fold(low) in lex.words:
            tokens.append(Token(surface, start, end, lex.words[fold(low)], "word"))
            prev = lex.words[fold(low)]
            i += 1
            continue
        verb = _verb(head, prev, folded_all[end:])
        if verb is not None:
            norm = verb.norm + (dash + fold(tail).lower() if dash else "")
            if verb.concept == "go" and not dash:
                norm = verb.norm  # "ir para uma casa" -> "mover-se para uma casa"
            if head[0].isupper() and not dash:
                norm = norm[0].upper() + norm[1:]
            tokens.append(Token(surface, start, end, norm, "verb", verb.concept, verb.lemma, verb.mood))
            prev = None
            i += 1
            continue
        tokens.append(Token(surface, start, end, fold(surface), "word"))
        prev = fold(low)
        i += 1
    tokens = _phrases(text, tokens, lex.phrases)
    out: list[str] = []
    where: list[int] = []
    last = 0
    for t in tokens:
        out.append(fold(text[last : t.start]))
        where.extend(range(last, t.start))
        out.append(t.norm)
        where.extend([t.start] * len(t.norm))
        last = t.end
    out.append(fold(text[last:]))
    where.extend(range(last, len(text)))
    where.append(len(text))
    return Reading(text, "".join(out), tuple(where), tuple(tokens))


def _phrases(text: str, tokens: list[Token], phrases: dict[tuple[str, ...], str]) -> list[Token]:
    """Tokens with each phrase of the lexicon's ``phrases`` (whole tokens: "cada um dos" is cada, um, de os)
    made one token that reads as the phrase's replacement."""
    if not phrases:
        return tokens
    longest = max(len(p) for p in phrases)
    firsts = {p[0] for p in phrases}
    if not any(t.norm.split(" ", 1)[0].lower() in firsts for t in tokens):
        return tokens
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        if tokens[i].norm.split(" ", 1)[0].lower() not in firsts:
            out.append(tokens[i])
            i += 1
            continue
        done = False
        words: list[str] = []
        for j in range(i, min(len(tokens), i + longest)):
            words.extend(tokens[j].norm.lower().split())
            if len(words) > longest:
                break
            hit = phrases.get(tuple(words))
            if hit is not None:
                a, b = tokens[i].start, tokens[j].end
                out.append(Token(text[a:b], a, b, hit, "word"))
                i = j + 1
                done = True
                break
        if not done:
            out.append(tokens[i])
            i += 1
    return out


def _number_run(words: list[Any], i: int) -> int:
    """The end of the run of number words starting at ``words[i]`` (``i`` if none, or ``um``/``uma``
    alone)."""
    j = i
    while j < len(words):
        w = words[j].group(0).lower()
        if w == "e" and j > i and j + 1 < len(words) and _number(words[j + 1].group(0).lower()) is not None:
            j += 1
            continue
        if _number(w) is None or (w == "e"):
            break
        j += 1
    if j == i + 1 and words[i].group(0).lower() in ("um", "uma"):
        return i
    return j


def opener(text: str) -> tuple[str, int] | None:
    """A requirement's opener written for the seed's own (``Sempre que`` -> ``quando``, ``Logo após`` ->
    ``depois de``): (the seed's opener, length of the words as written), else ``None``."""
    low = fold(text).lower()
    for phrase, canon in sorted(lexicon().openers.items(), key=lambda kv: -len(kv[0])):
        if low.startswith(phrase) and (len(low) == len(phrase) or not low[len(phrase)].isalnum()):
            return canon, len(phrase)
    return None


#: What each refused construction of the lexicon is, for the message that names it.
CONSTRUCTIONS: dict[str, str] = {
    "hero_comparison": N_("a comparison between two heroes"),
    "hero_extreme": N_("the hero with the most or the least of something"),
    "fraction": N_("a fraction of an amount"),
    "relative_amount": N_("an amount relative to another (mais N, N a menos)"),
}


def refused_construction(text: str, rules: frozenset[str] = frozenset()) -> tuple[str, int, str] | None:
    """The first construction of the lexicon's ``refused`` in ``text`` that no rule of ``rules`` (the grammar
    rules a reading of ``text`` went through) reads: (its name, where it starts in ``text`` as written, its
    words as written), else ``None``. Every reader of effect text asks this, so such a construction is refused
    by name, never read as something near; a form the lexicon says a rule reads (its ``read_by``) is refused
    only when the reading did not go through that rule.

    >>> refused_construction("se você tiver menos MANA que o alvo")[:2]
    ('hero_comparison', 14)
    >>> refused_construction("se você tiver menos MANA que o alvo", frozenset({"c_compare_have"})) is None
    True
    >>> refused_construction("Cure 2 de VIDA") is None
    True
    """
    r = read(text)
    low = r.text.lower()
    lex = lexicon()
    best: tuple[int, str, int] | None = None
    for name, pattern in lex.refused.items():
        if lex.read_by[name] & rules:
            continue  # read by the rule made for it
        m = pattern.search(low)
        if m is not None and (best is None or m.start() < best[0]):
            best = (m.start(), name, m.end())
    if best is None:
        return None
    a, name, b = best
    start, end = r.where[a], r.where[b] if b < len(r.where) else len(text)
    if end <= start:
        end = r.where[b - 1] + 1
    return name, start, text[start:end].strip()


def fraction(words: str) -> tuple[int, int]:
    """The part a fraction names, its article aside: ``a metade`` -> (1, 2), ``um terco`` -> (1, 3).

    >>> fraction("a metade"), fraction("um terco"), fraction("a terca parte")
    ((1, 2), (1, 3), (1, 3))
    """
    parts = words.lower().split()
    if len(parts) > 1 and parts[0] in ("a", "um", "uma"):
        parts = parts[1:]
    return lexicon().fractions[" ".join(parts)]


def construction_reason(name: str, words: str) -> Any:
    """The catalogue message that refuses construction ``name`` written as ``words``."""
    return Phrase(
        N_("{construction} ('{words}') is not read yet: write this card in the structured YAML form"),
        construction=Phrase(CONSTRUCTIONS[name]),
        words=words,
    )
