"""Tree -> statement dict: the transformer behind :mod:`rulekit.apoteose.grammar` (and, through
``_ReqBuild``, :mod:`rulekit.apoteose.reqgrammar`). It reads a parse tree of ``grammar.lark`` into the
statement dicts of :mod:`rulekit.apoteose.lang`, and resolves what each hero and card phrase points at
(LANGUAGE.md §3.1). A phrase that points at nothing, or at two things, raises :class:`RefError`, which
the grammar turns into a located ``ClauseError``.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from rulekit.apoteose import antecedents as A
from rulekit.apoteose import builder_lists as lists
from rulekit.apoteose import cardrefs
from rulekit.apoteose.codes import HERO_SETS
from rulekit.apoteose.reading import card_type, lexicon, spelled
from rulekit.apoteose.words import (
    _ALL,
    _DEMONSTRATIVES,
    _HERO_WORDS,
    _POSSESSIVES,
    _THIS,
    ACTIONS,
    DURATIONS,
    NUMWORDS,
    RESOURCES,
    ZONES,
    Refs,
    fold,
)
from rulekit.phrase import N_, Phrase

Stmt = dict[str, Any]

#: The heroes "adjacente" narrows (a set: "um aliado", "cada Herói"), and the one it is next to.
_NEAR_KINDS = HERO_SETS
_NEAR_ANCHORS = ("self", "selected", "turn", "that", "answered", "name")
#: The parse trees of a card phrase (``grammar.lark`` ``card_np``).
#: The articles of one hero of a set ("um aliado", "uma oponente", "qualquer Herói").
_ONE = ("um", "uma", "qualquer")
#: The sets of heroes a count is read on ("dois oponentes", "três aliados", "dois heróis"; R-30).
_COUNTED_KINDS = HERO_SETS
_CARD_TREES = cardrefs.CARD_TREES
#: The trees of a hero phrase (grammar.lark hero_np).
HERO_TREES = ("self_", "hero_phrase", "named_hero", "pronoun", "self_or")
#: Most times "N vezes" repeats a statement (a bound on what a text makes).
MAX_TIMES = 10


class RefError(Exception):
    """Why a phrase cannot be resolved: ``message`` is a catalogue :class:`~rulekit.phrase.Phrase` (its
    English is the string; the phrase quoted from the card is data), rendered in the reader's language
    where it is shown (``ClauseError``, the effect text's warnings)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _low(tok: Any) -> str:
    return str(tok).lower()


class _Build:
    """Tree -> statement dict. Upper-case names are taken back from the original clause by position;
    references are resolved with ``refs`` (LANGUAGE.md §3.1)."""

    def __init__(self, text: str, where: list[int], refs: Refs) -> None:
        self.text = text
        self.where = where
        self.refs = refs
        self.at = 0  # where the phrase being resolved starts (for a reference error)

    # ---- helpers ------------------------------------------------------------------------
    def _cut(self, start: int, end: int) -> str:
        a, b = self.where[start], self.where[end]
        if b <= a:
            b = self.where[end - 1] + 1
        return self.text[a:b].strip()

    def orig(self, tok: Any) -> str:
        return self._cut(tok.start_pos, tok.end_pos)

    def span(self, node: Any) -> str:
        if not hasattr(node, "meta"):  # a token ("bana-a")
            return self.orig(node)
        return self._cut(node.meta.start_pos, node.meta.end_pos)

    def mark(self, node: Any) -> None:
        start = node.meta.start_pos if hasattr(node, "meta") else node.start_pos
        self.at = self.where[start]

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

    def card_type(self, tok: Any) -> str:
        """A word in capitals where a card type goes: the declared type it names, singular or plural
        ("ITENS" -> ITEM, the lexicon's ``card_types``), or a :class:`RefError` naming it (never a new
        type)."""
        word = self.orig(tok)
        hit = card_type(word)
        if hit is None:
            return str(
                self.fail(
                    tok,
                    Phrase(
                        N_("'{word}' is not a card type ({types})"),
                        word=word,
                        types=", ".join(lexicon().declared["card_types"].values()),
                    ),
                )
            )
        return hit

    def fail(self, node: Any, message: str) -> Any:
        self.mark(node)
        raise RefError(message)

    # ---- clause ---------------------------------------------------------------------------
    def clause(self, tree: Any) -> Stmt:
        subs = self.subs(tree)
        # the statement, and its adjuncts before it (a duration written first) or after it
        stmt_tree = next(s for s in subs if s.data not in ("duration", "max", "times"))
        rest = [s for s in subs if s is not stmt_tree]
        # an adjunct between the subject and its verb ("Você, até o final do turno, recebe …"): the clause's
        aside = [c for c in self.subs(stmt_tree) if c.data == "duration"]
        if aside:
            stmt_tree = copy.copy(stmt_tree)
            stmt_tree.children = [c for c in stmt_tree.children if all(c is not a for a in aside)]
            rest = [*aside, *rest]
        stmt = getattr(self, "s_" + stmt_tree.data.rstrip("_"))(stmt_tree)
        lists.more_heroes(self, stmt_tree, stmt)
        mx = next((r for r in rest if r.data == "max"), None)
        if mx is not None:  # seed «(máx N)»: a limit on the statement's amount
            limit = int(self.tok(mx, "INT"))
            key = "amount" if "amount" in stmt else "delta" if "delta" in stmt else "count"
            value = stmt.get(key)
            if isinstance(value, int):
                stmt[key] = {"sum": [[1, value]], "max": limit} if key != "count" else min(value, limit)
            elif isinstance(value, dict):
                stmt[key] = {**value, "max": limit}
        times = next((r for r in rest if r.data == "times"), None)
        rest = [r for r in rest if r.data == "duration"]
        if len(rest) > 1:  # "Até o final do turno, … até o final da batalha": which one is never guessed
            self.fail(rest[1], Phrase(N_("two durations: '{phrase}'"), phrase=self.span(rest[1])))
        if rest:
            low = _low(self.tok(rest[0], "DURATION"))
            stmt["until"] = self.duration(rest[0], low)
            for also in stmt.get("_also", []):
                also["until"] = stmt["until"]
        if times is not None:  # "três vezes": done that many times, one after the other
            n = int(self.tok(times, "INT"))
            if not 1 <= n <= MAX_TIMES:
                self.fail(
                    times,
                    Phrase(N_("'{phrase}': from 1 to {most} times"), phrase=self.span(times), most=MAX_TIMES),
                )
            stmt["_times"] = n
        return stmt

    # ---- pieces -----------------------------------------------------------------------------
    def amount(self, node: Any) -> Any:
        terms = self.sub(node, "terms")
        mx = self.sub(node, "max")
        word = self.tok(node, "NUMWORD")  # "um de MANA": the article read as 1
        value: Any = (
            self.terms(terms)
            if terms is not None
            else NUMWORDS[_low(word)]
            if word is not None
            else int(self.tok(node, "INT"))
        )
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
            out.append([sign, int(tok) if tok.type == "INT" else spelled(self.orig(tok).upper())])
            sign = 1
        return {"sum": out}

    def count(self, node: Any) -> int:
        tok = node.children[0]
        return int(tok) if tok.type == "INT" else NUMWORDS[_low(tok)]

    def concept(self, tok: Any) -> str:
        """The lexicon concept of a canonical verb token (``descartar`` -> ``discard``)."""
        concept = lexicon().concept_of(_low(tok).split("-")[0])
        if concept is None:
            raise KeyError(str(tok))
        return concept

    def zone(self, node: Any, owned_ok: bool = False) -> str:
        """The zone a zone phrase names. Whose zone ("o BARALHO de um oponente") is read only where the caller
        reads it (``owned_ok``); elsewhere it is refused, never dropped ("de seu dono" is every card's own
        zone, the default)."""
        ow = self.sub(node, "of_hero") or self.sub(node, "of_team")
        if ow is not None and not owned_ok and self.owner(ow, allow_owner=True) is not None:
            self.fail(ow, Phrase(N_("'{phrase}': whose zone is not read here"), phrase=self.span(node)))
        return ZONES[" ".join(_low(self.tok(node, "ZONENAME")).split())]

    def duration(self, node: Any, low: str) -> str:
        """When an effect ends, from its duration as written (folded): its moment and its span, exactly one
        of :data:`DURATIONS` («até o final do seu próximo turno» is none of them: refused, never the end of
        this turn)."""
        m = re.search(r"(final|fim|inicio) de (?:o|a) (seu )?(proximo )?(turno|batalha|ciclo)\b", low)
        if m is not None:
            edge, own, upcoming, span = m.groups()
            words = ["fim" if edge == "final" else edge]
            if upcoming:  # «seu» matters only for the next turn: whose it is
                words += [own.strip()] if own else []
                words.append("proximo")
            key = dict(DURATIONS).get(" ".join([*words, span]))
            if key is not None:
                return key
        return self.fail(
            node,
            Phrase(
                N_(
                    "this duration is not read: write até o final do turno, até o final da batalha "
                    "or até o início do seu próximo turno"
                )
            ),
        )

    def dets(self, node: Any) -> tuple[list[str], int | None]:
        """The determiners of a noun phrase (words) and the number among them, if any."""
        words: list[str] = []
        number: int | None = None
        group = self.sub(node, "dets")
        for d in self.subs(group) if group is not None else []:
            if d.data != "det":
                continue
            tok = d.children[0]
            if tok.type == "INT":
                number = int(tok)
            elif tok.type == "NUMWORD" and _low(tok) not in ("um", "uma"):
                number = NUMWORDS[_low(tok)]
            else:
                words.append(self.det_word(d, _low(tok)))
        return words, number

    def det_word(self, node: Any, word: str) -> str:
        """A determiner as written; "nenhum" is read only in a state (``reqgrammar._ReqBuild``)."""
        if word in ("nenhum", "nenhuma"):
            self.fail(node, Phrase(A.NONE_ONLY_IN_A_STATE, word=word))
        return word

    # ---- heroes: LANGUAGE.md §3.1 ------------------------------------------------------------
    def hero(self, node: Any, counted_ok: bool = False) -> dict[str, Any]:
        """A hero phrase -> ``{"who": …}``. ``counted_ok``: where a statement acts on heroes it chooses, a
        count ("dois inimigos", R-30) is read; elsewhere (whose cards, adjacent to whom) it is refused, naming
        it."""
        d = node.data
        if d == "self_":
            return {"who": "self"}
        if d == "self_or":  # "você ou um aliado": one hero of your team, chosen when it resolves
            if self.hero(self.heroes_in(node)[0]) != {"who": "ally"}:
                self.fail(node, Phrase(lists.EITHER, phrase=self.span(node)))
            return {"who": "team"}
        if d == "pronoun":  # "ele", "dela": the hero of the event answered, else the one named before
            return self.that_hero(node)
        if d == "named_hero":
            word = fold(self.orig(node.children[0])).lower()
            if word in _HERO_WORDS or word in ("esta", "essa", "este", "esse", "carta", "cartas"):
                self.fail(
                    node,
                    Phrase(N_("'{word}' is a noun, not a hero's name"), word=self.orig(node.children[0])),
                )
            if word in lexicon().not_names:  # «Eu recupero…», «Também compre…», «por turno»: no hero's name
                self.fail(
                    node,
                    Phrase(
                        N_("'{word}' is no hero's name: write você, um aliado, um oponente… or a hero id"),
                        word=self.orig(node.children[0]),
                    ),
                )
            return {"who": "name", "name": self.orig(node.children[0])}
        words, count = self.dets(node)
        counted = count is not None and count > 1  # «a dois inimigos»: never every enemy, never one
        if counted and not counted_ok:
            self.fail(
                node,
                Phrase(
                    N_("'{phrase}' counts heroes, and a count of heroes is not read here: select them first"),
                    phrase=self.span(node),
                ),
            )
        near: dict[str, Any] | None = None
        noun = _low(self.tok(node, "HNOUN"))
        plural = noun.endswith("s") and noun not in ("alvos",) or noun == "rivais"
        sing = {"herois": "heroi", "personagens": "personagem", "rivais": "rival", "alvos": "alvo"}.get(
            noun, noun.rstrip("s") if plural else noun
        )
        kind = side = _HERO_WORDS[sing]  # side: the kind the noun and adjectives name, whatever it points at
        extreme: dict[str, str] | None = None
        for m in self.subs(node):
            if m.data == "hmod":
                adj = _low(m.children[0])
                adj = {"rivais": "rival"}.get(adj, adj.rstrip("s"))
                if adj.startswith(("selecionad", "escolhid")) or adj == "alvo":
                    kind = "selected"
                else:
                    kind = _HERO_WORDS.get(adj, kind)
                    side = _HERO_WORDS.get(adj, side)
            elif m.data == "of_turn":
                kind = "turn"
            elif m.data == "adjacent":
                near = self.near(m)
            elif m.data == "relative":
                kind = self.relative(m)
            elif m.data == "extreme":  # "o aliado que tiver menos VIDA", "o inimigo com mais ESTAMINA"
                most = _low(self.tok(m, "MOREWORD") or self.tok(m, "MOSTWORD")) in ("mais", "maior")
                extreme = {"most" if most else "least": RESOURCES[_low(self.tok(m, "RESOURCE"))]}
        if kind == "owner":
            self.fail(node, Phrase(N_("'dono' names a card's owner, not a hero to affect")))
        if self.sub(node, "your_choice") is not None and (
            kind not in _COUNTED_KINDS
            or plural
            and not counted
            or any(w not in _ONE for w in words)
            and not counted
        ):  # "à sua escolha": one (or a count) of a set, chosen by you, as "um aliado" is (seed «Efeito»)
            self.fail(
                node,
                Phrase(
                    N_(
                        "'à sua escolha' picks one hero of a set, or a count of them: um aliado à sua escolha"
                    ),
                ),
            )
        if counted and (
            extreme is not None
            or near is not None
            or kind not in _COUNTED_KINDS
            or any(w in _DEMONSTRATIVES or w in _THIS or w in _ALL for w in words)
        ):
            self.fail(
                node,
                Phrase(
                    N_(
                        "'{phrase}' counts heroes of a set that is not read with a count: write dois "
                        "oponentes, três aliados"
                    ),
                    phrase=self.span(node),
                ),
            )
        if counted:  # R-30 (rulings.heroes_counted): that many different heroes of the set, you choose
            return {"who": kind, "count": count}
        if extreme is not None:  # R-25 (rulings.heroes_with_most): among a set of heroes, found then
            if kind not in _NEAR_KINDS or any(w in _DEMONSTRATIVES or w in _THIS for w in words):
                self.fail(
                    node, Phrase(N_("the most or the least is among a set: o aliado que tiver menos VIDA"))
                )
            every = {"all": True} if plural or any(w in _ALL for w in words) else {}
            return {"who": kind, **every, **({"near": near} if near is not None else {}), **extreme}
        if near is not None:  # "um aliado adjacente a você", "cada Herói adjacente ao alvo"
            if kind not in _NEAR_KINDS or any(w in _DEMONSTRATIVES or w in _THIS for w in words):
                self.fail(node, Phrase(N_("'adjacente' narrows a set of heroes: um aliado adjacente a você")))
            if plural or any(w in _ALL for w in words):
                return {"who": kind, "all": True, "near": near}
            return {"who": kind, "near": near}
        if any(w in _POSSESSIVES for w in words) and sing in ("heroi", "personagem"):
            kind = "self"
        if any(w in _THIS for w in words) and sing in ("heroi", "personagem"):
            kind = "self"
        if any(w.startswith("outr") for w in words):
            self.fail(
                node, Phrase(N_("'outro' names every hero but you only as whose cards ('de outro Herói')"))
            )
        if any(w in _DEMONSTRATIVES for w in words) and kind not in ("selected", "turn", "answered"):
            return self.that_hero(node, side)
        if kind == "selected":
            self.chosen("hero", node, side)
            return {"who": "selected"}
        if kind in ("turn", "answered", "self", "that"):
            return {"who": kind}
        if kind == "any" and not (plural or any(w in _ALL or w in ("um", "uma", "qualquer") for w in words)):
            self.fail(
                node,
                Phrase(
                    N_(
                        "'{phrase}' does not say which hero: write um Herói, todos os heróis, "
                        "o alvo or aquele Herói"
                    ),
                    phrase=self.span(node),
                ),
            )
        if plural or any(w in _ALL for w in words):
            return {"who": kind, "all": True}
        return {"who": kind}

    def near(self, m: Any) -> dict[str, Any]:
        """ "adjacente a <herói>": the one hero the casas are next to ("adjacente" alone: to you); seed
        «Requerimentos de Ativação» names casas and "adjacente" (the board: ``rulings.ADJACENT_OFFSETS``)."""
        sub = next(iter(self.subs(m)), None)
        if sub is None:
            return {"who": "self"}
        prep = self.tok(m, "PREP")
        if prep is not None and _low(prep) != "a":
            self.fail(m, Phrase(N_("write 'adjacente a <herói>': adjacente a você, adjacente ao alvo")))
        anchor = self.hero(sub)
        if anchor.get("all") or "near" in anchor or anchor.get("who") not in _NEAR_ANCHORS:
            self.fail(sub, Phrase(N_("'adjacente a …' names one hero: adjacente a você, adjacente ao alvo")))
        return anchor

    def relative(self, m: Any) -> str:
        """ "o Herói que ativou esta carta" (you), "… que ativou essa carta" (the answered entry's hero),
        "… que descartou essa carta" (the hero of the event answered), "… que foi selecionado" (the
        target)."""
        rel = self.sub(m, "relative")
        verb = _low(self.tok(rel, "VERBPAST") or self.tok(rel, "ACTIVATEV"))
        obj = [s for s in self.subs(rel)]
        if verb.startswith(("selecionad", "escolhid")):
            return "selected"
        words = self.dets(obj[0])[0] if obj and obj[0].data == "card_phrase" else []
        if any(w in _THIS for w in words) and verb.startswith("ativ"):
            return "self"
        if any(w in _DEMONSTRATIVES for w in words):  # the entry answered / the event answered
            return "answered" if verb.startswith("ativ") else "that"
        return str(
            self.fail(
                m,
                Phrase(
                    N_("'que {verb} …' does not say which hero; write 'que ativou essa carta'"), verb=verb
                ),
            )
        )

    def that_hero(self, node: Any, side: str = "any") -> dict[str, Any]:
        """ "aquele/esse oponente", "ele/ela": the hero of the event answered, else the nearest hero mentioned
        before; the kind of hero the noun names (``side``) must agree with it (:meth:`agrees`)."""
        r = self.refs
        if not r.known or r.event_hero:
            self.agrees(node, side, r.event_sides, False if r.known else None)  # one hero per event
            return {"who": "that"}
        if r.last_hero == lists.LISTED:  # "Cure 5 de VIDA em você e em um aliado. Ele…": which of them?
            self.fail(node, Phrase(lists.AFTER_A_LIST, phrase=self.span(node)))
        if r.last_hero == A.FAR:  # "Cause 2 de DANO a um inimigo e compre 1 carta. Ele…": too far back
            self.fail(node, Phrase(A.TOO_FAR, phrase=self.span(node)))
        if r.last_hero is not None:
            sides = {"selected": r.chosen_sides, "previous": r.last_sides}.get(r.last_hero, ())
            self.agrees(node, side, sides, r.last_plural)
            return {
                "who": r.last_hero,
                **({"all": True} if r.last_hero == "previous" and r.last_plural else {}),
            }
        if any(k == "hero" for k, _ in r.chosen):  # "【 Selecione um inimigo 】 Cause 6 de DANO a ele": what
            self.chosen("hero", node, side)  # the one Selecione of heroes chose, the kind the noun names
            self.agrees(node, side, (), any(n > 1 for n in r.chosen_counts))
            return {"who": "selected"}
        return dict(self.fail(node, Phrase(A.NOTHING_BEFORE, phrase=self.span(node))))

    def agrees(
        self, node: Any, side: str, antecedents: tuple[tuple[str, str], ...], several: bool | None = None
    ) -> None:
        """What a hero noun pointing back points at is the kind it names (:func:`.antecedents.mismatch`),
        and as many heroes as it says when known (``several``: :func:`.antecedents.number_mismatch`)."""
        why = A.mismatch(self.span(node), side, antecedents) or A.number_mismatch(self.span(node), several)
        if why is not None:
            self.fail(node, why)

    def chosen(self, what: str, node: Any, side: str = "any") -> None:
        """ "o alvo", "o X selecionado": what the one Selecione of that kind chose (:meth:`agrees`)."""
        r = self.refs
        if not r.known:
            return
        same = [t for k, t in r.chosen if k == what]
        if not same and r.last_hero != "selected":  # a Selecione of the description, right before
            self.fail(
                node,
                Phrase(
                    A.SELECTS_NO_HERO
                    if what == "hero"
                    else N_(
                        "'{phrase}' names what a Selecione requirement chose, and this effect selects no card"
                    ),
                    phrase=self.span(node),
                ),
            )
        if len(same) > 1:
            self.fail(
                node,
                Phrase(A.TWO_READINGS, phrase=self.span(node), first=same[0], second=same[1]),
            )
        self.agrees(node, side if what == "hero" else "any", r.chosen_sides)

    # ---- cards: LANGUAGE.md §3.1 --------------------------------------------------------------
    def card_ref(self, node: Any) -> dict[str, Any]:
        return cardrefs.card_ref(self, node)

    def that_card(self, node: Any) -> str:
        return cardrefs.that_card(self, node)

    def paid_card(self, node: Any, kind: str) -> str:
        return cardrefs.paid_card(self, node, kind)

    def owner(self, node: Any, allow_owner: bool = False) -> Any:
        """Whose cards: "de um oponente", "de outro Herói", "do seu time", "de você"."""
        prep = self.tok(node, "PREP")
        if prep is not None and _low(prep) != "de":
            return self.fail(
                node,
                Phrase(
                    N_("whose cards: '{right}', not '{wrong}'"),
                    right="de " + self.span(node).split(" ", 1)[-1],
                    wrong=self.span(node),
                ),
            )
        if node.data == "of_team":
            return "team"
        h = (
            self.sub(node, "hero_phrase")
            or self.sub(node, "self_")
            or self.sub(node, "named_hero")
            or self.sub(node, "pronoun")
        )
        if h.data == "pronoun":
            return self.fail(
                h,
                Phrase(N_("whose cards: write de um oponente, de um aliado, do seu time or de outro Herói")),
            )
        if h.data == "self_":
            return "self"
        if h.data == "named_hero" or self.sub(h, "extreme") is not None:  # never the set without its "mais"
            return self.fail(
                h,
                Phrase(N_("whose cards: write de um oponente, de um aliado, do seu time or de outro Herói")),
            )
        words, count = self.dets(h)
        if count is not None and count > 1:  # "de dois oponentes": whose cards is one hero or a team
            return self.fail(
                h,
                Phrase(
                    N_("'{phrase}' counts heroes, and a count of heroes is not read here: select them first"),
                    phrase=self.span(h),
                ),
            )
        noun = _low(self.tok(h, "HNOUN")).rstrip("s")
        noun = {"rivai": "rival", "heroi": "heroi"}.get(noun, noun)
        if noun == "dono":
            if allow_owner:
                return None  # "ao BARALHO de seu dono": the card's own owner's zone
            return self.fail(h, Phrase(N_("'de seu dono' names the zone a card returns to, not whose cards")))
        if any(w.startswith("outr") for w in words):
            return "other"
        kind = side = _HERO_WORDS.get(noun, "any")
        for m in self.subs(h):
            if m.data == "hmod":  # "do oponente selecionado": the chosen one, who must be an opponent
                adj = _low(m.children[0]).rstrip("s")
                side = _HERO_WORDS.get({"rivai": "rival"}.get(adj, adj), side)
                kind = "selected" if kind == "selected" or adj[:8] in ("selecion", "escolhid") else side
        if kind == "selected":  # "o INVENTÁRIO do alvo": the chosen hero's cards
            self.chosen("hero", h, side)
            return "selected"
        if any(w in _DEMONSTRATIVES for w in words):  # "as cartas daquele oponente"
            who = self.that_hero(h, side)["who"]
            if who in ("selected", "that", "self", "previous"):
                return who
        if kind == "turn" or any(w in _DEMONSTRATIVES for w in words):
            return self.fail(
                h,
                Phrase(
                    N_(
                        "whose cards: '{phrase}' is not one of você, um oponente, um aliado, "
                        "do seu time, de outro Herói, de um Herói, do alvo"
                    ),
                    phrase=self.span(h),
                ),
            )
        if any(w in _POSSESSIVES for w in words) and noun in ("heroi", "personagem"):
            return "self"
        return kind

    def card_at(self, node: Any, i: int = 0) -> dict[str, Any]:
        trees = [s for s in self.subs(node) if s.data in _CARD_TREES]
        return self.card_ref(trees[i])

    def heroes_in(self, node: Any) -> list[Any]:
        return [s for s in self.subs(node) if s.data in HERO_TREES]

    def target(self, node: Any, subject_first: bool = False) -> dict[str, Any]:
        """The hero a statement affects: its object ("de um aliado"), else its subject ("O alvo cura …")."""
        hs = self.heroes_in(node)
        if not hs:
            return self.shared_subject()
        return self.hero(hs[0] if subject_first or len(hs) == 1 else hs[-1], counted_ok=True)

    def shared_subject(self) -> dict[str, Any]:
        """The hero a clause without a subject acts on: the subject of the clause before it in its sentence
        when its verb is in the third person ("Cada inimigo perde 1 de MANA e sofre 2 de DANO"), else you."""
        import json

        if self.refs.subject is not None:
            return dict(json.loads(self.refs.subject))
        return {"who": "self"}

    def resource(self, node: Any) -> str:
        tok = self.tok(node, "RESOURCE") or self.tok(node, "VIDA")
        return RESOURCES[_low(tok)]

    # ---- statements -------------------------------------------------------------------------
    def s_heal(self, n: Any) -> Stmt:
        return {
            "op": "heal",
            "amount": self.amount(self.sub(n, "amount")),
            "resource": "VIDA",
            "target": self.target(n),
        }

    def s_recover(self, n: Any) -> Stmt:
        return lists.more_amounts(
            self,
            n,
            {
                "op": "recover",
                "amount": self.amount(self.sub(n, "amount")),
                "resource": self.resource(n),
                "target": self.target(n),
            },
        )

    def s_consume(self, n: Any) -> Stmt:
        return lists.more_amounts(
            self,
            n,
            {
                "op": "consume",
                "amount": self.amount(self.sub(n, "amount")),
                "resource": self.resource(n),
                "target": {"who": "self"},
            },
        )

    def _damage_to(self, n: Any, hit: Any) -> Stmt:
        amount = self.amount(self.sub(n, "amount"))
        if hit.data in _CARD_TREES:
            return {"op": "damage", "amount": amount, "resource": "VIDA", **self.card_ref(hit)}
        target = self.hero(hit, counted_ok=True)
        return {"op": "damage", "amount": amount, "resource": "VIDA", "target": target}

    def s_damage(self, n: Any) -> Stmt:
        hits = [s for s in self.subs(n) if s.data not in ("amount", "more_heroes", "per")]
        return self._damage_to(n, hits[-1])

    def s_suffer(self, n: Any) -> Stmt:
        hits = [s for s in self.subs(n) if s.data != "amount"]
        if not hits:  # "… e sofre 2 de DANO": the subject it shares, else you ("Sofra 2 de DANO")
            amount = self.amount(self.sub(n, "amount"))
            return {"op": "damage", "amount": amount, "resource": "VIDA", "target": self.shared_subject()}
        return self._damage_to(n, hits[0])

    def s_lose(self, n: Any) -> Stmt:
        return lists.more_amounts(
            self,
            n,
            {
                "op": "lose",
                "amount": self.amount(self.sub(n, "amount")),
                "resource": self.resource(n),
                "target": self.target(n),
            },
        )

    def s_draw(self, n: Any) -> Stmt:
        return {"op": "draw", "count": self.count(self.sub(n, "count")), "target": self.target(n)}

    def _verb(self, word: str) -> str:
        """The statement a card verb makes (the lexicon's ``card_op`` of its concept)."""
        return str(lexicon().verbs[self.concept(word)]["card_op"])

    def s_cardop(self, n: Any) -> Stmt:
        out = {"op": self._verb(_low(self.tok(n, "CARDVERB"))), **self.card_at(n)}
        hs = self.heroes_in(n)
        # "Um oponente perde 2 de VIDA e descarta 1 carta": the subject's cards (yours: as with no subject)
        shared = None if hs else self.shared_subject()  # the subject it shares, when it has none of its own
        if (hs or shared != {"who": "self"}) and "owner" not in out and out["card"] in ("choose", "all"):
            who = self.hero(hs[0]) if shared is None else shared
            if who.get("who") not in ("self", *HERO_SETS, "selected", "that", "previous") or (
                "most" in who or "least" in who  # whose cards, never a set without its "com mais"
            ):
                return dict(
                    self.fail(
                        hs[0] if hs else n,
                        Phrase(
                            N_(
                                "whose cards: '{phrase}' is not one of você, um oponente, um aliado, um Herói"
                            ),
                            phrase=self.span(hs[0] if hs else n),
                        ),
                    )
                )
            out = cardrefs.subject_owner(self, n, hs[0] if hs else n, who, out)
        return out

    def s_clitic(self, n: Any) -> Stmt:
        """ "bana-a", "revele-o": the verb's object is the card pointed back at (§3.1)."""
        verb, _, _ = _low(self.tok(n, "CLITIC")).partition("-")
        op = self._verb(verb)
        ref = self.that_card(self.tok(n, "CLITIC"))
        out: Stmt = {"op": op, "card": ref}
        z = self.sub(n, "zone")
        if op == "return" and z is not None and self.zone(z) != "INVENTÁRIO":
            out = {"op": "move", "card": ref, "dest": self.zone(z)}
        return out

    def s_exhaust(self, n: Any) -> Stmt:
        return {"op": "exhaust", **self.card_at(n)}

    def s_ready(self, n: Any) -> Stmt:
        return {"op": "ready", **self.card_at(n)}

    def s_return(self, n: Any) -> Stmt:
        """Devolva <carta> <ao lugar>: the last place named is where the card goes ("Devolva uma carta do
        seu DESCARTE ao seu INVENTÁRIO"), whichever phrase the parser hung it on."""
        from lark import Tree

        z = self.sub(n, "zone")
        card = next(s for s in self.subs(n) if s.data in _CARD_TREES)
        fronted = z is not None and n.children.index(z) < n.children.index(card)
        if fronted and _low(self.tok(n, "PREP")) not in ("a", "para"):
            # "Devolva ao INVENTÁRIO essa carta": a place before the card is where it goes, never whence
            return dict(self.fail(z, Phrase(N_("Devolva needs where to: 'ao INVENTÁRIO', 'ao BARALHO'"))))
        if z is None:
            places = [c for c in card.children if isinstance(c, Tree) and c.data == "in_zone"]
            if not places:
                return dict(self.fail(n, Phrase(N_("Devolva needs where to: 'ao INVENTÁRIO', 'ao BARALHO'"))))
            z = self.sub(places[-1], "zone")
            card = Tree(card.data, [c for c in card.children if c is not places[-1]], card.meta)
        dest = self.zone(z)
        if dest == "INVENTÁRIO":
            return {"op": "return", **self.card_ref(card)}
        return {"op": "move", **self.card_ref(card), "dest": dest}

    def s_move(self, n: Any) -> Stmt:
        return {"op": "move", **self.card_at(n), "dest": self.zone(self.sub(n, "zone"))}

    def s_attach(self, n: Any) -> Stmt:
        return {"op": "attach", **self.card_at(n, 0), "to": self.card_at(n, 1)}

    def s_look(self, n: Any) -> Stmt:
        return {"op": "look", **self.card_at(n)}

    def s_select(self, n: Any) -> Stmt:
        count = self.count(self.sub(n, "count"))
        what = self.sub(n, "select_hero") or self.sub(n, "select_card")
        z = self.sub(n, "zone")
        if what.data == "select_hero":
            noun = _low(self.tok(what, "HNOUN"))
            sing = {"herois": "heroi", "personagens": "personagem", "rivais": "rival", "alvos": "alvo"}.get(
                noun, noun.rstrip("s") if noun.endswith("s") else noun
            )
            kind = _HERO_WORDS[sing]
            near: dict[str, Any] | None = None
            for m in self.subs(what):
                if m.data == "hmod":
                    adj = _low(m.children[0])
                    kind = _HERO_WORDS.get({"rivais": "rival"}.get(adj, adj.rstrip("s")), kind)
                elif m.data == "adjacent":
                    near = self.near(m)
                else:
                    self.fail(
                        m, Phrase(N_("'{phrase}' is not a kind of hero to select"), phrase=self.span(m))
                    )
            kind = {"selected": "any", "owner": "any"}.get(kind, kind)
            if z is not None:
                self.fail(z, Phrase(N_("heroes are selected anywhere: 'Selecione 1 oponente'")))
            if near is not None:
                return {"op": "select", "count": count, "what": "hero", "who": kind, "near": near}
            return {"op": "select", "count": count, "what": "hero", "who": kind}
        else:
            out: Stmt = {"op": "select", "count": count, "what": "card"}
            tok = self.sub(what, "cardnoun").children[0]
            if tok.type != "CARDWORD":
                out["type"] = self.card_type(tok)
            for m in self.subs(what):
                if m.data in ("of_hero", "of_team"):
                    out["owner"] = self.owner(m)
                elif m.data == "in_zone":
                    z2 = self.sub(m, "zone")
                    out["zone"] = self.zone(z2, owned_ok=True)
                    ow = self.sub(z2, "of_hero") or self.sub(z2, "of_team")
                    if ow is not None:  # "no DESCARTE de um oponente": whose cards
                        if "owner" in out:
                            self.fail(
                                ow, Phrase(N_("'{phrase}' says whose cards twice"), phrase=self.span(what))
                            )
                        out["owner"] = self.owner(ow)
                elif m.data == "participle":
                    self.fail(
                        m,
                        Phrase(
                            N_("'{phrase}': Selecione chooses among cards, not among chosen or paid ones"),
                            phrase=self.span(m),
                        ),
                    )
        if z is not None:
            out["zone"] = self.zone(z)
        return out

    def s_roll(self, n: Any) -> Stmt:
        c = self.sub(n, "count")
        return {"op": "roll", "count": self.count(c) if c is not None else 1}

    def s_negate(self, n: Any) -> Stmt:
        return {"op": "negate"}

    def s_negate_card(self, n: Any) -> Stmt:
        return cardrefs.negate_card(self, n)

    def s_modify(self, n: Any) -> Stmt:
        sign = 1 if self.concept(self.tok(n, "MODVERB")) == "increase" else -1
        amt = self.amount(self.sub(n, "amount"))
        delta = sign * amt if isinstance(amt, int) else amt
        return {"op": "modify", "action": ACTIONS[_low(self.tok(n, "ACTIONNOUN"))], "delta": delta}

    def s_bottom(self, n: Any) -> Stmt:
        """ "Coloque <carta> no fundo do BARALHO": bury (seed «Ao Enterrar»: «colocado no fundo de um
        baralho»)."""
        if self.zone(self.sub(n, "zone")) != "BARALHO":
            return dict(self.fail(n, Phrase(N_("only a BARALHO has a bottom ('no fundo do seu BARALHO')"))))
        return {"op": "bury", **self.card_at(n)}

    def s_gain(self, n: Any) -> Stmt:
        """ "Você recebe +1 de AGI", "Ganhe 3 de INT": a change of an attribute (glossary «Notation» +N).
        Without its sign, only of an attribute of the lexicon that is no resource: "Ganhe 3 de MANA" recovers
        MANA, and "Ganhe 3 de DANO" (more damage dealt, or damage taken?) is refused naming it."""
        name, sign = self.tok(n, "NAME"), self.tok(n, "SIGNED")
        word = fold(self.orig(name)).upper()
        if sign is None and (
            word in ("VIDA", "HP", "MANA", "ESTAMINA", "DANO")
            or not lexicon().declared["attributes"].get(word)
        ):
            self.fail(
                name,
                Phrase(
                    N_("'{word}' after a number without its sign: write +N de {word}"), word=self.orig(name)
                ),
            )
        out: Stmt = {
            "op": "gain",
            "attribute": spelled(self.orig(name).upper()),
            "amount": int(sign if sign is not None else self.tok(n, "INT")),
            "target": self.target(n),
        }
        if fold(self.text).lower().startswith("em um teste"):
            out["during"] = "test"
        return out

    def s_perk(self, n: Any) -> Stmt:
        return {
            "op": "gain",
            "attribute": spelled(self.orig(self.tok(n, "NAME")).upper()),
            "amount": int(self.tok(n, "SIGNED")),
            "target": {"who": "self"},
        }

    def s_compute(self, n: Any) -> Stmt:
        return {"op": "compute", "amount": self.terms(self.sub(n, "terms"))}

    def only_you(self, n: Any, said: str) -> None:
        """A statement only you make, "Você …" or "Quem ativar esta carta …": another subject is refused."""
        hs = self.heroes_in(n)
        if hs and self.hero(hs[0]) != {"who": "self"}:
            self.fail(
                hs[0],
                Phrase(N_("'{phrase}': only you are read here ({said})"), phrase=self.span(hs[0]), said=said),
            )

    def s_step(self, n: Any) -> Stmt:
        """ "Mova-se para uma casa adjacente" ("Vá para uma casa vizinha"…): the step, its text in the seed's
        words (what was read, whatever the wording)."""
        said = "Mova-se para uma casa adjacente" if self.tok(n, "DET") is not None else "Mova-se"
        self.only_you(n, said)
        return {"op": "step", "text": said}
