"""How well the reading pipeline's tools read Apoteose verbs and numbers (figures, not tests).

    python benchmarks/bench_apoteose_reading.py

Verbs: each form below (imperative, third person singular and plural, infinitive, personal infinitive, past,
the synonyms players use) with the concept it names; a reader is right when it gives that concept. Compared:
simplemma (default and greedy mode) through the lexicon, and the hand-written stem table the reader had before
(a word is the concept whose stem starts it; it knows no synonym). Numbers: number phrases with their value,
read by text2num over runs of number words (the pipeline), by text2num's ``alpha2digit``, and by the old table
of the words one to ten.
"""

from __future__ import annotations

import time

VERBS: dict[str, str] = {
    **{f: "discard" for f in ("descarte", "descarta", "descartam", "descartar", "descartarem", "descartou")},
    **{f: "heal" for f in ("cure", "cura", "curam", "curar", "curou")},
    **{f: "consume" for f in ("consuma", "consome", "consomem", "consumir", "consumiu")},
    **{f: "damage" for f in ("cause", "causa", "causam", "causar", "inflija", "inflige")},
    **{f: "suffer" for f in ("sofra", "sofre", "sofrem", "sofrer")},
    **{f: "lose" for f in ("perca", "perde", "perdem", "perder")},
    **{f: "draw" for f in ("compre", "compra", "compram", "comprar", "puxe", "puxa", "puxar", "saque")},
    **{f: "banish" for f in ("bana", "bane", "banem", "banir")},
    **{f: "reveal" for f in ("revele", "revela", "revelar")},
    **{f: "return" for f in ("devolva", "devolve", "devolver")},
    **{f: "select" for f in ("selecione", "seleciona", "selecionar", "escolha", "escolhe", "escolher")},
    **{f: "negate" for f in ("negue", "nega", "negar", "anule", "anula", "anular")},
    **{f: "activate" for f in ("ative", "ativa", "ativar", "use", "usa", "usar", "usou", "utilize")},
    **{f: "recover" for f in ("recupere", "recupera", "recuperam", "recuperar")},
    **{f: "move" for f in ("mova", "move", "mover", "movimente")},
    **{f: "put" for f in ("coloque", "coloca", "ponha", "põe")},
}
NUMBERS: dict[str, int] = {
    "uma carta": 1,
    "duas cartas": 2,
    "dois inimigos": 2,
    "três vezes": 3,
    "cinco de ESTAMINA": 5,
    "dez de VIDA": 10,
    "doze de VIDA": 12,
    "vinte e cinco de VIDA": 25,
    "cem de DANO": 100,
    "quatro cartas": 4,
}
OLD_STEMS = {
    "descart": "discard", "enterr": "bury", "ban": "banish", "revel": "reveal", "ocult": "hide",
    "consum": "consume", "recuper": "recover", "devolv": "return", "cur": "heal", "caus": "damage",
    "sofr": "suffer", "perd": "lose", "compr": "draw", "selecion": "select", "escolh": "select",
    "neg": "negate", "ativ": "activate", "mov": "move", "coloc": "put", "ponh": "put", "poe": "put",
}  # fmt: skip
OLD_NUMWORDS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6,
                "sete": 7, "oito": 8, "nove": 9, "dez": 10}  # fmt: skip


def verbs() -> None:
    from simplemma import lemmatize

    from rulekit.apoteose.reading import _verb_form, fold, lexicon

    lex = lexicon()

    def by_simplemma(word: str, greedy: bool) -> str | None:
        return lex.by_lemma.get(lex.forms.get(fold(word), "") or lemmatize(word, lang="pt", greedy=greedy))

    def old(word: str) -> str | None:
        w = fold(word)
        stems = sorted(OLD_STEMS.items(), key=lambda kv: -len(kv[0]))
        return next((c for s, c in stems if w.startswith(s)), None)

    def pipeline(word: str) -> str | None:
        tok = _verb_form(word)
        return None if tok is None else {"suffer_casual": "suffer"}.get(str(tok.concept), tok.concept)

    readers = {
        "simplemma + lexicon (default)": lambda w: by_simplemma(w, False),
        "simplemma + lexicon (greedy)": lambda w: by_simplemma(w, True),
        "the pipeline (simplemma, lexicon forms, participles)": pipeline,
        "old stem table": old,
    }
    for name, read in readers.items():
        start = time.perf_counter()
        right = sum(read(w) == c for w, c in VERBS.items())
        ms = (time.perf_counter() - start) * 1000
        wrong = [w for w, c in VERBS.items() if read(w) != c]
        print(f"{name:<52} {right}/{len(VERBS)}  ({ms:.1f} ms)  wrong: {', '.join(wrong[:8])}")


def numbers() -> None:
    from text_to_num import alpha2digit

    from rulekit.apoteose.reading import fold, read

    def pipeline(text: str) -> int | None:
        first = read(text).text.split()[0]
        return int(first) if first.isdigit() else 1 if first in ("um", "uma") else None

    def a2d(text: str) -> int | None:
        first = alpha2digit(text, "pt").split()[0]
        return int(first) if first.isdigit() else None

    def old(text: str) -> int | None:
        return OLD_NUMWORDS.get(fold(text.split()[0]).lower())

    readers = (("text2num over runs (pipeline)", pipeline), ("alpha2digit", a2d), ("old table", old))
    for name, reader in readers:
        right = sum(reader(t) == v for t, v in NUMBERS.items())
        wrong = [t for t, v in NUMBERS.items() if reader(t) != v]
        print(f"{name:<52} {right}/{len(NUMBERS)}  wrong: {', '.join(wrong)}")


if __name__ == "__main__":
    verbs()
    numbers()
