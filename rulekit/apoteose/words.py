"""The words of Apoteose noun phrases: the vocabulary tables of the description reader, the contractions
written out before parsing (:func:`expand`), and what an effect's phrases can point at (:class:`Refs`,
LANGUAGE.md §3.1). Plain data and text functions; :mod:`rulekit.apoteose.grammar` reads clauses with them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_VERBS = {
    "descart": "discard",
    "enterr": "bury",
    "ban": "banish",
    "revel": "reveal",
    "registr": "register",
    "ocult": "hide",
    "consum": "exhaust",
    "recuper": "ready",
    "devolv": "return",
}
#: Event verbs (folded stems) -> the kind of game event a trigger names ("um oponente ativar…", "uma carta for
#: descartada", "sofrer dano"); the requirement grammar's verb terminals are made from these stems.
EVENT_STEMS = {
    "ativ": "activate",
    "descart": "discard",
    "consum": "consume",
    "cur": "heal",
    "recuper": "recover",
    "sofr": "damage",
    "caus": "damage",
    "atac": "attack",
    "declar": "attack",
    "selecion": "target",
    "rol": "roll",
    "compr": "draw",
    "enterr": "bury",
    "ban": "banish",
    "revel": "reveal",
    "devolv": "return",
    "entr": "enter",
    "sa": "leave",
    "resolv": "resolve",
    "neg": "negate",
    "perd": "lose",
    "ocult": "hide",
    "anex": "attach",
    "faz": "test",
    "fiz": "test",
    "registr": "register",
}
#: Comparisons in a state ("sua MANA for maior que 3", "você tiver pelo menos 2 de MANA") -> the operator.
COMPARISONS = (
    ("maior ou igual a", ">="),
    ("maior ou igual que", ">="),
    ("menor ou igual a", "<="),
    ("menor ou igual que", "<="),
    ("maior do que", ">"),
    ("maior que", ">"),
    ("menor do que", "<"),
    ("menor que", "<"),
    ("igual a", "=="),
    ("mais do que", ">"),
    ("mais que", ">"),
    ("mais de", ">"),
    ("menos do que", "<"),
    ("menos que", "<"),
    ("menos de", "<"),
    ("pelo menos", ">="),
    ("ao menos", ">="),
    ("no mínimo", ">="),
    ("no máximo", "<="),
    ("exatamente", "=="),
)
ZONES = {
    "inventario": "INVENTÁRIO",
    "mao": "INVENTÁRIO",
    "mesa": "MESA",
    "suporte": "SUPORTE",
    "cenario": "CENÁRIO",
    "tabuleiro": "TABULEIRO",
    "descarte": "DESCARTE",
    "baralho": "BARALHO",
    "banidas": "BANIDAS",
    "limbo": "LIMBO",
    "pilha de descarte": "DESCARTE",
    "pilha de cartas banidas": "BANIDAS",
}
NUMWORDS = {
    "um": 1,
    "uma": 1,
    "dois": 2,
    "duas": 2,
    "tres": 3,
    "quatro": 4,
    "cinco": 5,
    "seis": 6,
    "sete": 7,
    "oito": 8,
    "nove": 9,
    "dez": 10,
}
RESOURCES = {"vida": "VIDA", "hp": "VIDA", "mana": "MANA", "estamina": "ESTAMINA"}
ACTIONS = {
    "cura": "heal",
    "recuperacao": "recover",
    "dano": "damage",
    "perda": "lose",
    "compra": "draw",
    "consumo": "consume",
    "ativacao": "activate",
}
DURATIONS = (
    ("turno", "end_turn"),
    ("batalha", "end_battle"),
    ("proximo", "next_turn"),
    ("ciclo", "end_cycle"),
)
#: Head nouns and adjectives of a hero phrase (folded, singular) -> the kind of hero they name.
_HERO_WORDS = {
    "heroi": "any",
    "personagem": "any",
    "aliado": "ally",
    "aliada": "ally",
    "oponente": "opponent",
    "inimigo": "opponent",
    "inimiga": "opponent",
    "adversario": "opponent",
    "adversaria": "opponent",
    "rival": "opponent",
    "alvo": "selected",
    "dono": "owner",
}
#: A card phrase's participle (folded stem) -> the card it names: chosen, answered, or paid by a kind
#: of event.
_PARTICIPLES = {
    "selecionad": "selected",
    "escolhid": "selected",
    "respondid": "answered",
    "consumid": "exhaust",
    "descartad": "discard",
    "revelad": "reveal",
    "banid": "banish",
    "enterrad": "bury",
    "ocultad": "hide",
    "registrad": "register",
    "recuperad": "ready",
    "pag": "any",
}
#: Participle kinds in the seed's words, for messages ("a carta descartada").
_PAID_WORDS = {
    "exhaust": "consumida",
    "discard": "descartada",
    "reveal": "revelada",
    "banish": "banida",
    "bury": "enterrada",
    "hide": "ocultada",
    "register": "registrada",
    "ready": "recuperada",
    "any": "paga",
}
_DEMONSTRATIVES = ("esse", "essa", "esses", "essas", "aquele", "aquela", "aqueles", "aquelas")
_THIS = ("este", "esta", "estes", "estas")
_ALL = ("todos", "todas", "cada")
_POSSESSIVES = ("seu", "sua", "seus", "suas")
#: Contractions of de/em/a/por with an article or a demonstrative, written out before parsing.
CONTRACTIONS = {
    "do": "de o",
    "da": "de a",
    "dos": "de os",
    "das": "de as",
    "no": "em o",
    "na": "em a",
    "nos": "em os",
    "nas": "em as",
    "ao": "a o",
    "aos": "a os",
    "à": "a a",
    "às": "a as",
    "num": "em um",
    "numa": "em uma",
    "dum": "de um",
    "duma": "de uma",
    "pelo": "por o",
    "pela": "por a",
    "pelos": "por os",
    "pelas": "por as",
    **{
        p + d: f"{w} {d}"
        for p, w in (("d", "de"), ("n", "em"))
        for d in (
            "esse",
            "essa",
            "esses",
            "essas",
            "este",
            "esta",
            "estes",
            "estas",
            "aquele",
            "aquela",
            "aqueles",
            "aquelas",
        )
    },
    **{"à" + d[1:]: f"a {d}" for d in ("aquele", "aquela", "aqueles", "aquelas")},
    **{p + d: f"{w} {d}" for p, w in (("d", "de"), ("n", "em")) for d in ("ele", "ela", "eles", "elas")},
}
_CONTRACTION_RE = re.compile(
    r"(?<![\w-])(" + "|".join(sorted(CONTRACTIONS, key=len, reverse=True)) + r")(?![\w-])", re.IGNORECASE
)


@dataclass(frozen=True)
class Refs:
    """What an effect's phrases can point at (LANGUAGE.md §3.1), known from its keywords and requirements.

    ``known`` is false when a clause is read alone (``parse_clause``): references then keep their
    plain meaning and are not checked."""

    known: bool = False
    #: kinds of game event the effect answers (its Quando/Depois de/Antes de trigger, its timings)
    events: tuple[str, ...] = ()
    #: the event answered has a card ("essa carta", "a carta descartada" in a response)
    event_card: bool = False
    #: the event answered has a hero ("aquele oponente")
    event_hero: bool = False
    #: (kind of card event, requirement text) of each card the effect's own requirements pay
    paid: tuple[tuple[str, str], ...] = ()
    #: ("hero" or "card", requirement text) of each Selecione requirement
    chosen: tuple[tuple[str, str], ...] = ()
    #: the nearest card and hero mentions before this clause (a ``card`` value / a ``who`` value)
    last_card: str | None = None
    last_hero: str | None = None


def expand(text: str) -> tuple[str, list[int]]:
    """``text`` folded, with contractions written out, and for each character of the result the index
    of the character of ``text`` it came from (one more entry: the end).

    >>> expand("Cure 1 de VIDA daquele aliado")[0]
    'Cure 1 de VIDA de aquele aliado'
    """
    out: list[str] = []
    where: list[int] = []
    last = 0
    for m in _CONTRACTION_RE.finditer(text):
        word = m.group(0)
        if word.isupper() and len(word) > 1:  # a name in capitals, never a contraction
            continue
        out.append(text[last : m.start()])
        where.extend(range(last, m.start()))
        rep = CONTRACTIONS[word.lower()]
        if word[0].isupper():
            rep = rep[0].upper() + rep[1:]
        out.append(rep)
        where.extend(m.start() for _ in rep)  # every letter of "de aquele" comes from "daquele"
        last = m.end()
    out.append(text[last:])
    where.extend(range(last, len(text)))
    where.append(len(text))
    return fold("".join(out)), where


def fold(text: str) -> str:
    """Accents stripped, case kept, *same length* (so positions in the fold are positions in the text)."""
    out = []
    for c in text:
        d = "".join(x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x))
        out.append(d[:1] or c)
    return "".join(out)
