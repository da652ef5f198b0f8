"""The Oracle reader's vocabulary: the grammar's word terminals, made from the game's data.

Card types, subtypes and their plurals come from ``rulekit/data/mtg/types.yaml`` through
:mod:`rulekit.mtg.vocab`; keywords, colours and number words from :mod:`rulekit.mtg.vocab`; the
reader's own words (self-references, status adjectives, zones, trigger words, cue words) from
``lexicon.yaml`` beside this module. Nothing here names a card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rulekit.mtg import vocab


@lru_cache(maxsize=1)
def words() -> dict[str, Any]:
    """``lexicon.yaml`` as data."""
    path = Path(__file__).with_name("lexicon.yaml")
    with path.open(encoding="utf-8") as fh:
        data: dict[str, Any] = yaml.safe_load(fh)
    return data


def _alt(items: list[str]) -> str:
    """A lark regex terminal matching any of ``items`` as whole words, in any case, longest first."""
    uniq = sorted(set(items), key=lambda w: (-len(w), w))
    body = "|".join(re.escape(w).replace("/", "\\/") for w in uniq)
    return f"/(?:{body})(?![\\w-])/i"


@lru_cache(maxsize=1)
def canonical() -> dict[str, tuple[str, str]]:
    """Every vocabulary word, lower-cased -> (its kind, its canonical singular spelling).

    Kinds: ``cardtype`` (``Creature``), ``subtype`` (``Elf``), ``color`` (``black``), ``keyword``
    (``First strike``)."""
    out: dict[str, tuple[str, str]] = {}
    for t in vocab.SUBTYPES:
        out[t.lower()] = ("subtype", t)
        out[vocab.plural(t).lower()] = ("subtype", t)
    for t in vocab.CARD_TYPES:
        out[t.lower()] = ("cardtype", t)
        out[vocab.plural(t.lower())] = ("cardtype", t)
    for c in vocab.COLORS:
        out[c] = ("color", c)
    out["colorless"] = ("color", "colorless")
    for k in (*vocab.KEYWORDS, *words()["more_keywords"], *words()["numbered_keywords"]):
        out[k.lower()] = ("keyword", k)
    for s in vocab.SUPERTYPES:
        out[s.lower()] = ("supertype", s)
    return out


@lru_cache(maxsize=1)
def terminals() -> dict[str, str]:
    """The grammar's ``@NAME@`` placeholders and the regex each one stands for."""
    lex = words()
    subs_sg = list(vocab.SUBTYPES)
    subs_pl = [vocab.plural(t) for t in vocab.SUBTYPES]
    types_sg = [t.lower() for t in vocab.CARD_TYPES]
    types_pl = [vocab.plural(t) for t in types_sg]
    colors = [*vocab.COLORS, "colorless"]
    return {
        "ZONE": _alt(lex["zones"]),
        "STATUS": _alt(lex["status"]),
        "GENERIC_PL": _alt(list(lex["generic_nouns"])),
        "GENERIC_SG": _alt(list(lex["generic_nouns"].values())),
        "NUMWORD": _alt(list(vocab.NUMBER_WORDS)),
        "COLOR": _alt(colors),
        "NONCOLOR": _alt([f"non{c}" for c in vocab.COLORS]),
        "KEYWORD": _alt([k for k in vocab.KEYWORDS if not k.startswith("Enchant ")] + lex["more_keywords"]),
        "KEYWORD_N": _alt(lex["numbered_keywords"]),
        "SUPERTYPE": _alt([s.lower() for s in vocab.SUPERTYPES]),
        "SUBTYPE_SG": _alt(subs_sg),
        "SUBTYPE_PL": _alt(subs_pl),
        "CARDTYPE_SG": _alt(types_sg),
        "CARDTYPE_PL": _alt(types_pl),
        "NONTYPE": _alt([f"non{t}" for t in types_sg] + [f"non-{t}" for t in subs_sg]),
    }


def grammar_text() -> str:
    """``oracle.lark`` with its vocabulary terminals filled in."""
    text = Path(__file__).with_name("oracle.lark").read_text(encoding="utf-8")
    for name, regex in terminals().items():
        text = text.replace(f"@{name}@", regex)
    return text
