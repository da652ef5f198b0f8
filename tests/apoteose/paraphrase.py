"""Rewordings of Apoteose card texts along named axes, and the reading they must keep.

A paraphrase rewrites the requirements and the description of a corpus text (never its keywords) the way
players write the same card: another person or mood of the verb, a synonym, a number in words, a
contraction or a casual spelling ("tá", "vc", "pra"), another trigger opener, adjuncts in another order (whom
before the amount, a duration first, where a card goes before the card), an object pronoun for a card
pointed back at ("Devolva-a"), accents and case dropped. ``reading``
is what the engine understood (the statements, the requirements and the keywords); a paraphrase must read
to the same, and a *mutation* (a meaningful word swapped for another: a resource, a number, a hero, a verb)
must read to something else or be refused.

Every axis is a function ``text, rng -> str | None`` (``None``: nothing on that axis to rewrite in this
text); ``variants(axis, text)`` lists every rewording the axis can make of a text (the benchmark counts
them all), and ``paraphrases(axis)`` is a hypothesis strategy over the corpus texts. The tables below are
each axis's data (the reader's own lexicon will hold the synonyms; until then they are written here).

Used by ``test_paraphrase.py`` and ``benchmarks/bench_apoteose_text.py``.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rulekit.apoteose.text import parse_effect

HERE = Path(__file__).parent

# ------------------------------------------------------------------ the axes' data -----------------
#: A clause's verb: imperative, third person singular, infinitive (seed 003 writes the imperative; players
#: write all three). Only verbs that start a clause without a subject are rewritten.
VERB_FORMS: tuple[tuple[str, str, str], ...] = (
    ("Cure", "Cura", "Curar"),
    ("Cause", "Causa", "Causar"),
    ("Recupere", "Recupera", "Recuperar"),
    ("Compre", "Compra", "Comprar"),
    ("Descarte", "Descarta", "Descartar"),
    ("Consuma", "Consome", "Consumir"),
    ("Enterre", "Enterra", "Enterrar"),
    ("Bane", "Bane", "Banir"),
    ("Revele", "Revela", "Revelar"),
    ("Olhe", "Olha", "Olhar"),
    ("Oculte", "Oculta", "Ocultar"),
    ("Registre", "Registra", "Registrar"),
    ("Devolva", "Devolve", "Devolver"),
    ("Mova", "Move", "Mover"),
    ("Anexe", "Anexa", "Anexar"),
    ("Role", "Rola", "Rolar"),
    ("Selecione", "Seleciona", "Selecionar"),
    ("Negue", "Nega", "Negar"),
    ("Aumente", "Aumenta", "Aumentar"),
    ("Reduza", "Reduz", "Reduzir"),
    ("Ganhe", "Ganha", "Ganhar"),
)
#: Words of one meaning (a synonym swaps within a group; a mutation swaps across groups).
SYNONYMS: dict[str, tuple[tuple[str, ...], ...]] = {
    # hero nouns (seed 003 and its glossary use all four for the other side)
    "enemy": (("oponente", "inimigo", "adversário"), ("oponentes", "inimigos", "adversários")),
    # any hero: the seed's Herói and personagem, and the player who plays one (common use)
    "hero": (("Herói", "personagem", "jogador"), ("Heróis", "personagens", "jogadores")),
    # verbs and phrases players use for the seed's ("tomar dano", "puxar", "anular", "tá")
    "damage": (("sofrer dano", "tomar dano", "levar dano"),),
    "draw": (("Compre", "Puxe"), ("compre", "puxe")),
    "negate": (("Negue", "Anule"),),
    "is": (("estiver", "tiver ficado"),),
    # more verbs players use for the seed's (common use; each the same action in the game)
    "draw+": (("Compre", "Saque"), ("compre", "saque")),
    "damage+": (("Cause", "Inflija"), ("cause", "inflija")),
    "hide": (("Oculte", "Esconda"), ("oculte", "esconda")),
    "look": (("Olhe", "Veja"),),
    "decrease": (("Reduza", "Diminua"),),
    "return": (("Devolva", "Retorne"), ("devolva", "retorne")),
    "activate": (("ativar", "usar"), ("ativou", "usou")),
    # comparisons between heroes, the most/least of a set, fractions, relative amounts (R-24…R-27)
    "comparison": (
        ("que tiver menos", "com menos", "que tem menos", "com a menor"),
        ("que tiver mais", "com mais", "que tem mais", "com a maior"),
        ("mais VIDA que", "mais VIDA do que"),
        ("menos VIDA que", "menos VIDA do que"),
        ("menor que a VIDA do alvo", "menor que a do alvo", "menor do que a VIDA do alvo"),
        ("estiver acima de um terço", "for maior que um terço"),
        ("estiver abaixo da metade", "for menor que a metade"),
        ("Cure metade", "Cure a metade"),
        ("perde um terço", "perde a terça parte"),
        ("mais 2 de DANO", "2 de DANO a mais"),
        ("Cure 2 de VIDA a mais", "Cure mais 2 de VIDA"),
    ),
}
#: Numbers written out (masculine; "uma"/"duas" before a feminine noun).
NUMBER_WORDS = {
    1: "um",
    2: "dois",
    3: "três",
    4: "quatro",
    5: "cinco",
    6: "seis",
    7: "sete",
    8: "oito",
    9: "nove",
    10: "dez",
    12: "doze",
    15: "quinze",
    20: "vinte",
    25: "vinte e cinco",
}
FEMININE = {1: "uma", 2: "duas"}
FEMININE_NOUNS = ("carta", "cartas", "vez", "vezes", "casa", "casas")
#: Contractions players write, each with its full form.
CONTRACTIONS: tuple[tuple[str, str], ...] = (
    ("em um", "num"),
    ("em uma", "numa"),
    ("para o", "pro"),
    ("para a", "pra"),
    ("para os", "pros"),
    ("para as", "pras"),
)
#: Casual spellings players type (one way: the seed's word -> the casual one; the lexicon's ``contractions``
#: writes them out): "tá" for está and for the state's estiver ("se um aliado tá sem VIDA"), "vc" for você,
#: "pra" for para before a word that is no article ("pra cada carta", "pra uma casa"; "pro"/"pra" for "para
#: o"/"para a" are the contraction axis).
CASUAL: dict[str, str] = {"está": "tá", "estiver": "tá", "você": "vc", "Você": "Vc", "para": "pra"}
#: Card verbs with an object pronoun (seed: "Registre esta carta e oculte-a"): the imperative as written.
CLITIC_VERBS = ("Descarte", "Enterre", "Bane", "Bana", "Revele", "Registre", "Oculte", "Consuma", "Devolva")
#: Words players write where the seed joins two clauses with "depois" (seed «Resolução do Efeito»: resolved in
#: the order written; seed «Prioridade de Resposta»: «podem então responder»; the rest common use), with and
#: without accents: each says the next clause follows, and reads as "depois" does.
JOINERS = (
    "em seguida",
    "então",
    "entao",
    "a seguir",
    "logo depois",
    "logo em seguida",
    "depois disso",
    "após isso",
    "também",
    "além disso",
)
#: Openers of a trigger with the seed's "Quando".
OPENERS = ("Sempre que", "Toda vez que", "Assim que")
#: Words that mean something on the board: a mutation swaps one for another of its kind.
RESOURCES = ("VIDA", "MANA", "ESTAMINA")
#: Zones (seed «Zonas»; MÃO is the INVENTÁRIO's other name, so never swapped for it): a place before or after
#: a card, written with or without accents, is still that place.
ZONE_WORDS = ("INVENTÁRIO", "MESA", "SUPORTE", "BARALHO", "DESCARTE")
ATTRIBUTES = ("AGI", "FOR", "INT")
HERO_KINDS = (("aliado", "oponente"), ("aliados", "oponentes"))
VERB_SWAPS = (
    ("Cure", "Cause"),
    ("Compre", "Descarte"),
    ("Revele", "Oculte"),
    ("Enterre", "Bane"),
    ("Recupere", "Consuma"),
)


# ------------------------------------------------------------------ the corpus ----------------------
@cache
def corpus() -> tuple[dict[str, Any], ...]:
    """The entries of ``corpus.yaml`` and ``corpus_np.yaml`` whose text the reader runs today."""
    out = []
    for name in ("corpus.yaml", "corpus_np.yaml"):
        for e in yaml.safe_load((HERE / name).read_text(encoding="utf-8")):
            if not e.get("unreadable") and parse_effect(e["text"]).supported():
                out.append(e)
    return tuple(out)


def _strip_text(node: Any) -> Any:
    """A reading without the words it keeps for display (``text``: a clause or a requirement as written)."""
    if isinstance(node, dict):
        return {k: _strip_text(v) for k, v in node.items() if k != "text"}
    if isinstance(node, list):
        return [_strip_text(v) for v in node]
    return node


def reading(text: str) -> dict[str, Any] | None:
    """What the engine understood of ``text``: its keywords, its requirements (kind and meaning) and its
    statements; ``None`` when the text is refused (an error, or a part the engine cannot run)."""
    try:
        e = parse_effect(text)
    except Exception:  # a paraphrase the notation refuses is a different reading, reported as such
        return None
    if not e.supported():
        return None
    return {
        "keywords": list(e.keywords),
        "requirements": [(r.kind, _strip_text(r.ast)) for r in e.requirements],
        "body": _strip_text([st.to_dict() for st in e.body]),
        "has_options": e.has_options,
    }


# ------------------------------------------------------------------ where a rewrite may happen -------
def _regions(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` that hold words (requirements and description), never the keywords."""
    if "【" in text and "】" in text:
        o, c = text.index("【"), text.index("】")
        return [(o + 1, c), (c + 1, len(text))]
    desc = parse_effect(text).description
    at = text.rfind(desc) if desc else -1
    return [(at, len(text))] if at >= 0 else []


#: Marks where a word region starts, so that a pattern can say "at the start" (``(?<=\x00)``).
START = "\x00"


def _sub_in_regions(
    text: str,
    pattern: str,
    repl: Callable[[re.Match[str]], str],
    pick: int | None,
    where: str = "all",
) -> str | None:
    """Replace the ``pick``-th match of ``pattern`` inside the word regions (every one if ``None``):
    ``where`` is ``all``, ``requirements`` (between 【 】) or ``description``. A pattern sees each region
    with :data:`START` before it."""
    regions = _regions(text)
    if where == "requirements":
        regions = regions[:1] if "【" in text else []
    elif where == "description":
        regions = regions[-1:]
    spans = []
    for a, b in regions:
        view = START + text[a:b]
        spans.extend((a + m.start() - 1, a + m.end() - 1, m) for m in re.finditer(pattern, view))
    if not spans:
        return None
    chosen = spans if pick is None else [spans[pick % len(spans)]]
    out = text
    for start, end, m in sorted(chosen, key=lambda s: -s[0]):
        new = repl(m)
        if new == m.group(0):
            continue
        out = out[:start] + new + out[end:]
    return out if out != text else None


# A clause starts a word region, or follows ". ", ", ", "; ", " e ", "● ", ": ".
_CLAUSE_START = r"(?:(?<=\x00)|(?<=\x00 )|(?<=; )|(?<=\. )|(?<=, )|(?<= e )|(?<=● )|(?<=: ))"


def _verb_axis(form: int, where: str) -> Callable[[str, random.Random], str | None]:
    """Rewrite clause-initial verbs (imperative or third person) into ``form`` (0 imperative, 1 third
    person, 2 infinitive), keeping the capital, in the requirements or the description."""
    table = {f.lower(): forms for forms in VERB_FORMS for f in forms[:2]}
    words = "|".join(sorted(table, key=len, reverse=True))

    def axis(text: str, rng: random.Random) -> str | None:
        def repl(m: re.Match[str]) -> str:
            word = m.group(1)
            new = table[word.lower()][form]
            return new if word[0].isupper() else new.lower()

        return _sub_in_regions(text, rf"{_CLAUSE_START}(?i:({words}))(?![\w-])", repl, None, where)

    return axis


def _table_axis(pairs: list[tuple[str, str]]) -> Callable[[str, random.Random], str | None]:
    """Swap one occurrence of a word of ``pairs`` for its partner (both ways), chosen by ``rng``."""
    table = dict(pairs) | {b: a for a, b in pairs}
    words = "|".join(sorted(map(re.escape, table), key=len, reverse=True))

    def axis(text: str, rng: random.Random) -> str | None:
        return _sub_in_regions(
            text, rf"(?<![\w-])({words})(?![\w-])", lambda m: table[m.group(1)], rng.randrange(99)
        )

    return axis


def _synonym(*kinds: str) -> Callable[[str, random.Random], str | None]:
    """Swap one word of a :data:`SYNONYMS` group of ``kinds`` for another of its group."""
    pairs: dict[str, list[str]] = {}
    for kind in kinds:
        for group in SYNONYMS[kind]:
            for w in group:
                pairs[w] = [x for x in group if x != w]
    words = "|".join(sorted(map(re.escape, pairs), key=len, reverse=True))

    def axis(text: str, rng: random.Random) -> str | None:
        return _sub_in_regions(
            text, rf"(?<![\w-])({words})(?![\w-])", lambda m: rng.choice(pairs[m.group(1)]), rng.randrange(99)
        )

    return axis


def _number_words(text: str, rng: random.Random) -> str | None:
    """A number in digits written as a word ("3 de MANA" → "três de MANA", "2 cartas" → "duas cartas")."""

    def repl(m: re.Match[str]) -> str:
        n, after = int(m.group(1)), m.group(2)
        noun = after.split()[0] if after.split() else ""
        word = FEMININE.get(n) if noun in FEMININE_NOUNS else None
        return (word or NUMBER_WORDS.get(n, m.group(1))) + after

    return _sub_in_regions(
        text, r"(?<![\w+\-(])(\d+)( (?!de AGI|de FOR|de INT)[\wÁ-ú]+)", repl, rng.randrange(99)
    )


def _number_one(text: str, rng: random.Random) -> str | None:
    """ "uma carta" ↔ "1 carta" (the article-number of one)."""
    return _table_axis([("uma carta", "1 carta")])(text, rng)


def _opener(text: str, rng: random.Random) -> str | None:
    """The seed's "Quando" of a trigger written "Sempre que", "Toda vez que", "Assim que"."""
    return _sub_in_regions(
        text, r"(?:(?<=\x00)|(?<=\x00 )|(?<=; ))Quando\b", lambda m: rng.choice(OPENERS), 0, "requirements"
    )


#: The seed's "Depois de" of a trigger as players also write it (the lexicon's openers)
AFTER_OPENERS = ("Depois que", "Logo depois que", "Após")


def _opener_after(text: str, rng: random.Random) -> str | None:
    """The seed's "Depois de" of a trigger written "Depois que", "Logo depois que", "Após"."""
    return _sub_in_regions(
        text,
        r"(?:(?<=\x00)|(?<=\x00 )|(?<=; ))Depois de\b",
        lambda m: rng.choice(AFTER_OPENERS),
        0,
        "requirements",
    )


def _order(text: str, rng: random.Random) -> str | None:
    """Adjuncts moved: a duration to the front of its sentence, "a <herói>" before the amount."""
    m = re.search(
        r"(?P<verb>(?:Você recebe|Recebe|Receba)) (?P<what>\+\d+ de \w+) (?P<when>até o final d[oa] \w+)\.",
        text,
    )
    if m is not None:
        verb = m.group("verb")
        lead = verb[0].lower() + verb[1:]
        return (
            text[: m.start()]
            + f"{m.group('when')[0].upper()}{m.group('when')[1:]}, {lead} {m.group('what')}."
            + text[m.end() :]
        )
    return _sub_in_regions(
        text,
        r"(Cause \d+ de DANO) (a (?:um|uma|todos os|cada|o) [\wé ]+?|aos? \w+)(?=[.;,]|$| e )",
        lambda m: f"Cause {m.group(2)} {m.group(1)[len('Cause ') :]}",
        rng.randrange(99),
    )


_DURATION = r"até o (?:final|fim|início) d[oa] (?:seu )?(?:próximo )?(?:turno|batalha|ciclo)"


def _duration_first(text: str, rng: random.Random) -> str | None:
    """A duration moved to the front of its clause without a comma, whoever receives ("O alvo recebe +2 de AGI
    até o final do turno" -> "Até o final do turno o alvo recebe +2 de AGI")."""

    def repl(m: re.Match[str]) -> str:
        head, when = m.group("head"), m.group("when")
        if head[:1].isupper():
            when, head = when[0].upper() + when[1:], head[0].lower() + head[1:]
        return f"{when} {head} {m.group('what')}"

    return _sub_in_regions(
        text,
        rf"{_CLAUSE_START}(?P<head>(?:[\wÀ-ú]+ ){{0,3}}(?:recebe|recebem|Recebe|Receba))"
        rf" (?P<what>[+-]\d+ de \w+) (?P<when>{_DURATION})(?=[.;]|$)",
        repl,
        rng.randrange(99),
    )


def _place_first(text: str, rng: random.Random) -> str | None:
    """Where a card goes written before the card ("Mova esta carta para o SUPORTE" -> "Mova para o SUPORTE
    esta carta", "Devolva uma carta do seu DESCARTE ao seu INVENTÁRIO" -> "Devolva ao seu INVENTÁRIO uma
    carta do seu DESCARTE"): players put the shorter phrase first."""
    return _sub_in_regions(
        text,
        r"(?P<verb>\b(?:Mova|Devolva|mova|devolva)) (?P<card>(?:esta|essa|uma|a) carta(?: [\wÀ-ú]+)*?)"
        r" (?P<to>(?:para o|para a|ao|à) (?:seu |sua )?[A-ZÀ-Ú]{2,})(?=[.;]|$| e )",
        lambda m: f"{m.group('verb')} {m.group('to')} {m.group('card')}",
        rng.randrange(99),
    )


def _order_more(text: str, rng: random.Random) -> str | None:
    """More places players put an adjunct (:func:`_duration_first`, :func:`_place_first`): one of those this
    text has, chosen by ``rng``."""
    made = [v for f in (_duration_first, _place_first) if (v := f(text, rng)) is not None]
    return rng.choice(made) if made else None


def _casual(text: str, rng: random.Random) -> str | None:
    """One word written the casual way (:data:`CASUAL`): "Se você estiver sem VIDA" -> "Se vc estiver…"."""
    words = "|".join(sorted(map(re.escape, CASUAL), key=len, reverse=True))
    return _sub_in_regions(
        text,
        rf"(?<![\w-])({words})(?![\w-])(?! (?:o|a|os|as)\b)",
        lambda m: CASUAL[m.group(1)],
        rng.randrange(99),
    )


def _clitic(text: str, rng: random.Random) -> str | None:
    """A card pointed back at named by the object pronoun instead of the demonstrative ("Devolva essa carta
    ao INVENTÁRIO" -> "Devolva-a ao INVENTÁRIO"); "esta carta" (this card itself) only where it was named
    before in the same text ("Registre esta carta e oculte esta carta" -> "… e oculte-a")."""
    verbs = "|".join(CLITIC_VERBS + tuple(v.lower() for v in CLITIC_VERBS))

    def repl(m: re.Match[str]) -> str:
        return f"{m.group(1)}-a"

    out = _sub_in_regions(text, rf"(?<![\w-])({verbs}) (?:essa|aquela) carta\b", repl, rng.randrange(99))
    if out is not None:
        return out
    return _sub_in_regions(
        text,
        rf"(esta carta\b.*?(?<![\w-]))({verbs}) esta carta\b",
        lambda m: f"{m.group(1)}{m.group(2)}-a",
        rng.randrange(99),
    )


def _joiner(text: str, rng: random.Random) -> str | None:
    """A "depois" between two clauses (never the requirement's "Depois de") written as another joiner of
    :data:`JOINERS` ("Compre 1 carta. Depois, descarte" -> "Compre 1 carta. Em seguida, descarte")."""

    def repl(m: re.Match[str]) -> str:
        new = rng.choice(JOINERS)
        return new[0].upper() + new[1:] if m.group(1)[0].isupper() else new

    return _sub_in_regions(
        text, r"(?<![\w-])([Dd]epois)(?![\w-])(?! de\b)", repl, rng.randrange(99), "description"
    )


#: estar in a relative clause before "adjacente": every tense and mood players write it in
_BEING = (("está", "estiver", "esteja"), ("estão", "estiverem", "estejam"))


def _relative(text: str, rng: random.Random) -> str | None:
    """A hero's "adjacente" written as a relative clause with estar ("um aliado adjacente a você" -> "um
    aliado que esteja adjacente a você", "os oponentes adjacentes" -> "os oponentes que estiverem
    adjacentes")."""
    forms = rng.randrange(3)

    def relative(m: re.Match[str]) -> str:
        plural = m.group(2).endswith("s")
        return f"{m.group(1)} que {_BEING[plural][forms]} {m.group(2)}"

    hero = r"her[oó]is?|aliad[oa]s?|oponentes?|inimig[oa]s?|rivais|rival"
    return _sub_in_regions(text, rf"(?i)\b({hero})\s+(adjacentes?)\b", relative, None)


#: the hero who activates, as a relative clause: you (seed «Efeito»: the hero who activates the effect)
_WHO_ACTIVATES = (
    "Quem ativar esta carta",
    "Quem ativou esta carta",
    "O Herói que ativar esta carta",
    "Quem usar esta carta",
)


def _who_activates(text: str, rng: random.Random) -> str | None:
    """ "Você" as the subject of a clause written as the hero who activates this card ("Você recebe +2 de AGI"
    -> "Quem ativar esta carta recebe +2 de AGI")."""
    who = _WHO_ACTIVATES[rng.randrange(len(_WHO_ACTIVATES))]
    return _sub_in_regions(
        text, rf"{_CLAUSE_START}(?i:voc[eê])(?=\s+[a-zà-ú])", lambda m: who, None, "description"
    )


def _points(text: str, rng: random.Random) -> str | None:
    """An amount of a resource counted in points ("2 de DANO" -> "2 pontos de DANO", "1 de MANA" -> "1 ponto
    de MANA"), as players often write it."""

    def repl(m: re.Match[str]) -> str:
        return f"{m.group(1)} {'ponto' if m.group(1) == '1' else 'pontos'} de {m.group(2)}"

    return _sub_in_regions(
        text, r"(?<![\w+-])(\d+) de (VIDA|MANA|ESTAMINA|DANO)(?![\w-])", repl, rng.randrange(99)
    )


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def _accents(capitals: bool) -> Callable[[str, random.Random], str | None]:
    """Every accent dropped in the lower-case words (players type "voce", "heroi"), or in the game's words
    in capitals ("INVENTARIO", "EVOCACAO")."""
    pattern = r"\b[A-ZÁÉÍÓÚÂÊÔÃÕÇ]{2,}\b" if capitals else r"\b\w*[a-záéíóúâêôãõç]\w*\b"

    def axis(text: str, rng: random.Random) -> str | None:
        return _sub_in_regions(text, pattern, lambda m: _fold(m.group(0)), None)

    return axis


def _case(text: str, rng: random.Random) -> str | None:
    """Lower-case words that are not the game's own words in capitals ("Cure" → "cure", "Você" → "você")."""
    return _sub_in_regions(
        text, r"\b([A-ZÁÉÍÓÚÂÊÔÃÕÇ][a-záéíóúâêôãõç]+)\b", lambda m: m.group(1).lower(), None
    )


def _case_resources(text: str, rng: random.Random) -> str | None:
    """A resource or an attribute of an amount in lower case ("5 de VIDA" -> "5 de vida", "+2 de AGI" ->
    "+2 de agi"): players do not always type the capitals of these (card types and zones keep theirs)."""
    words = "|".join((*RESOURCES, "DANO", *ATTRIBUTES))
    return _sub_in_regions(
        text, rf"(?<=\d de )({words})(?![\w-])", lambda m: m.group(1).lower(), rng.randrange(99)
    )


#: axis name → rewriter. Named after the rewording axes players use (a sub-axis after ":").
AXES: dict[str, Callable[[str, random.Random], str | None]] = {
    "mood:third-person": _verb_axis(1, "description"),
    "mood:third-person-requirement": _verb_axis(1, "requirements"),
    "mood:imperative": _verb_axis(0, "all"),
    "mood:infinitive": _verb_axis(2, "all"),
    "synonym:hero": _synonym("enemy"),
    "synonym:hero+": _synonym("hero"),
    "synonym:verb": _synonym("damage", "draw", "negate", "is"),
    "synonym:verb+": _synonym("draw+", "damage+", "hide", "look", "decrease", "return", "activate"),
    "synonym:comparison": _synonym("comparison"),
    "number:words": _number_words,
    "number:one": _number_one,
    "contraction": _table_axis(list(CONTRACTIONS)),
    "opener": _opener,
    "opener:after": _opener_after,
    "order": _order,
    "order:more": _order_more,
    "relative": _relative,
    "relative:who": _who_activates,
    "casual": _casual,
    "casual:points": _points,
    "clitic": _clitic,
    "joiner": _joiner,
    "accents": _accents(capitals=False),
    "accents:capitals": _accents(capitals=True),
    "case": _case,
    "case:resources": _case_resources,
}


def variants(axis: str, text: str, tries: int = 8) -> list[str]:
    """The distinct rewordings of ``text`` on ``axis`` (``tries`` seeds of its random choices)."""
    out: dict[str, None] = {}
    for seed in range(tries):
        v = AXES[axis](text, random.Random(seed))
        if v is not None and v != text:
            out[v] = None
    return list(out)


def applicable(axis: str) -> list[str]:
    """The corpus texts that ``axis`` can reword."""
    return list(_applicable(axis))


@cache
def _applicable(axis: str) -> tuple[str, ...]:
    return tuple(e["text"] for e in corpus() if variants(axis, e["text"], tries=3))


def paraphrases(axis: str) -> Any:
    """A hypothesis strategy of ``(source, paraphrase)`` on ``axis`` over the corpus."""
    from hypothesis import strategies as st

    texts = applicable(axis)

    def make(pair: tuple[str, random.Random]) -> tuple[str, str | None]:
        return pair[0], AXES[axis](pair[0], pair[1])

    return (
        st.tuples(st.sampled_from(texts), st.randoms(use_true_random=False))
        .map(make)
        .filter(lambda p: p[1] is not None and p[1] != p[0])
    )


# ------------------------------------------------------------------ mutations -----------------------
def _swap_within(groups: tuple[tuple[str, ...], ...] | tuple[str, ...]) -> list[tuple[str, str]]:
    if groups and isinstance(groups[0], str):
        groups = (groups,)  # type: ignore[assignment]
    return [(a, b) for g in groups for a in g for b in g if a != b]  # type: ignore[union-attr]


MUTATIONS: dict[str, list[tuple[str, str]]] = {
    "resource": _swap_within(RESOURCES) + _swap_within(ATTRIBUTES),
    "zone": _swap_within(ZONE_WORDS),
    "hero": [(a, b) for pair in HERO_KINDS for a, b in (pair, pair[::-1])]
    + [(e, "aliado") for e in ("inimigo", "adversário")],
    "verb": [(a, b) for pair in VERB_SWAPS for a, b in (pair, pair[::-1])],
    # "menos MANA que o alvo" / "mais", "acima da metade" / "abaixo", "metade" / "terça parte" (R-24…R-27)
    "comparison": _swap_within(("mais", "menos"))
    + _swap_within(("acima", "abaixo"))
    + [("metade", "terça parte")],
}


def _points_back(text: str, mutant: str) -> bool:
    """Whether the word ``mutant`` changed in ``text`` is a hero noun pointing back ("aquele oponente",
    "o aliado selecionado"): its referent is the event's hero or what the Selecione chose."""
    at = next(i for i, (x, y) in enumerate(zip(text, mutant, strict=False)) if x != y)
    before = re.search(r"(?i)\b(?:d|n)?(?:àquel|aquel|ess)[ea]s? \w*$", text[:at] + "x")
    after = re.match(r"\w+ selecionad", text[at:])
    return before is not None or after is not None


def mutants(text: str) -> Iterator[tuple[str, str]]:
    """``(kind, mutant)``: ``text`` with one meaningful word swapped (in the word regions only): a resource
    or attribute for another, a number for the next, an ally for an opponent, a verb for another."""
    for kind, pairs in MUTATIONS.items():
        for a, b in pairs:
            for k in range(4):
                v = _sub_in_regions(text, rf"(?<![\w-]){re.escape(a)}(?![\w-])", lambda m, b=b: b, k)
                if v is not None:
                    yield (f"{kind}:pointing-back" if kind == "hero" and _points_back(text, v) else kind), v
    for k in range(4):
        v = _sub_in_regions(text, r"(?<![\w])(\d+)(?![\w])", lambda m: str(int(m.group(1)) + 1), k)
        if v is not None:
            yield "number", v
