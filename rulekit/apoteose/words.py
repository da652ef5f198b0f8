"""The words of Apoteose noun phrases: the vocabulary tables of the description reader, the contractions
written out before parsing (:func:`expand`), and what an effect's phrases can point at (:class:`Refs`,
LANGUAGE.md §3.1). Plain data and text functions; :mod:`rulekit.apoteose.grammar` reads clauses with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekit.apoteose.reading import fold, lexicon, read

__all__ = ["expand", "fold", "Refs", "EVENT_STEMS"]

#: Event verbs (folded stems) -> the kind of game event a trigger names ("um oponente ativar…", "uma carta for
#: descartada", "sofrer dano"); the requirement grammar's verb terminals are made from these stems.
EVENT_STEMS: dict[str, str] = {}  # filled below from the lexicon (:func:`_event_stems`)
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
    ("acima de", ">"),
    ("abaixo de", "<"),
    ("superior a", ">"),
    ("inferior a", "<"),
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
#: The article read as the number 1 where a number goes ("Descarte uma carta"); every other number written in
#: words is a number already (:mod:`rulekit.apoteose.reading`, text2num).
NUMWORDS = {"um": 1, "uma": 1}
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
#: A duration («até o final do turno»), written as its moment and its span ("fim"/"inicio", "seu proximo",
#: "turno"/"batalha"/"ciclo") -> when the effect ends (glossary «Duração»: «Até o final do turno», «até o
#: final da batalha», «o início do seu próximo turno»). Any other duration is refused, never read as a near
#: one («até o final do seu próximo turno» is not the end of this turn).
DURATIONS = (
    ("fim turno", "end_turn"),
    ("fim batalha", "end_battle"),
    ("inicio seu proximo turno", "next_turn"),
    ("fim ciclo", "end_cycle"),
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


@dataclass(frozen=True)
class Refs:
    """What an effect's phrases can point at (LANGUAGE.md §3.1), known from its keywords and requirements.

    ``known`` is false when a clause is read alone (``parse_clause``): references then keep their
    plain meaning and are not checked."""

    known: bool = False
    #: kinds of game event the effect answers (its Quando/Depois de/Antes de trigger, its timings)
    events: tuple[str, ...] = ()
    #: of those, the ones it answers before they happen (R-21 "before"; seed «antes»: it may modify them)
    before: tuple[str, ...] = ()
    #: the card type of each activation it answers ("" for any card): what "essa HABILIDADE" may negate
    activated: tuple[str, ...] = ()
    #: the event answered has a card ("essa carta", "a carta descartada" in a response)
    event_card: bool = False
    #: the event answered has a hero ("aquele oponente")
    event_hero: bool = False
    #: (kind of card event, requirement text) of each card the effect's own requirements pay
    paid: tuple[tuple[str, str], ...] = ()
    #: ("hero" or "card", requirement text) of each Selecione requirement
    chosen: tuple[tuple[str, str], ...] = ()
    #: (the kind of hero it names: ``opponent``, ``ally``, ``any``…; the words that name it) of each hero the
    #: description may point back at: ``event_sides`` the hero of each event answered (its trigger's patient,
    #: else its actor, else whose card; a timing keyword's hero), ``chosen_sides`` each Selecione of heroes.
    #: A hero noun pointing back ("aquele aliado", "o oponente selecionado") must name that kind (§3.1).
    event_sides: tuple[tuple[str, str], ...] = ()
    chosen_sides: tuple[tuple[str, str], ...] = ()
    #: the nearest card and hero mentions before this clause (a ``card`` value / a ``who`` value)
    last_card: str | None = None
    last_hero: str | None = None
    #: with ``last_hero`` ``previous`` (R-33): (the kind of hero, the words) the clause before acted on
    last_sides: tuple[tuple[str, str], ...] = ()
    #: whether ``last_hero`` is several heroes ("dois inimigos", "todos os oponentes", "Escolha dois
    #: inimigos"): a pointer must agree in number (``ele`` one, ``eles`` several)
    last_plural: bool = False
    #: how many heroes each Selecione of heroes chooses (in the order of ``chosen_sides``)
    chosen_counts: tuple[int, ...] = ()
    #: the subject a clause without one shares with the clause before it in its sentence ("Cada inimigo
    #: perde 1 de MANA e sofre 2 de DANO": the hero phrase as JSON), set only when this clause's verb is in
    #: the third person (an imperative has no subject: it is the activating hero's)
    subject: str | None = None


def expand(text: str) -> tuple[str, list[int]]:
    """``text`` as the grammars read it (:func:`rulekit.apoteose.reading.read`: folded, contractions written
    out, verbs as their concept's canonical word, numbers in digits), and for each character of the result
    the index of the character of ``text`` it came from (one more entry: the end).

    >>> expand("Cure 1 de VIDA daquele aliado")[0]
    'Curar 1 de VIDA de aquele aliado'
    """
    r = read(text)
    return r.text, list(r.where)


def _event_stems() -> dict[str, str]:
    """Event verbs' stems (folded: the canonical infinitive and each lemma without -ar/-er/-ir) -> the kind of
    game event (the lexicon's ``event``); the requirement grammar's verb and participle terminals are made
    from them ("ativ" + "ada", "descart" + "ar")."""
    lex = lexicon()
    out: dict[str, str] = {}
    for entry in lex.verbs.values():
        if "event" not in entry or entry.get("needs"):
            continue
        for word in (entry["canonical"], *entry["lemmas"]):
            if word.endswith(("ar", "er", "ir")) and len(word) > 3:
                out.setdefault(fold(word[:-2]).lower(), entry["event"])
    out.setdefault("fiz", "test")  # "fizer": the future subjunctive of fazer
    return out


EVENT_STEMS.update(_event_stems())
