"""The learner's spelling of an answer: accents and case ignored, type and colour words in their language.

:func:`fold` is how two spellings are compared (``"Exílio"`` and ``"exilio"`` fold alike). :func:`words`
reads a type line, a list of subtypes or of colours as a set of English words, the way rulekit writes
them: each word of ``rulekit/data/mtg/type-names.yaml`` (``"Terreno"``, ``"Tierra — Montaña"``,
``"Mágica Instantânea"``, ``"vermelha"``) stands for its English word, in every language the file lists.

>>> sorted(words("Terreno — Montanha"))
['land', 'mountain']
>>> sorted(words("Tierra — Montaña")) == sorted(words("Land — Mountain"))
True
>>> fold("Exílio") == fold("exilio")
True
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

#: Separators between the words of a types/colours answer (``"Land — Swamp, Mountain"``).
SEPARATORS = r"[\s,;—–/-]+"


def fold(text: Any) -> str:
    """``text`` for comparing: accents dropped, case folded, spaces collapsed (``"Exílio"`` →
    ``"exilio"``)."""
    decomposed = unicodedata.normalize("NFKD", str(text))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", plain).strip().casefold()


@functools.cache
def _aliases() -> tuple[tuple[str, str], ...]:
    """(folded word, folded English word) for every word of type-names.yaml, longest first (so that a word
    of several words is read before its parts)."""
    import yaml

    path = Path(__file__).resolve().parent.parent / "data" / "mtg" / "type-names.yaml"
    with path.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    pairs: dict[str, str] = {}
    for groups in data.values():
        for table in (groups or {}).values():
            for english, names in (table or {}).items():
                for name in names or ():
                    pairs.setdefault(fold(name), fold(english))
    return tuple(sorted(pairs.items(), key=lambda kv: (-len(kv[0]), kv[0])))


def words(text: Any) -> set[str]:
    """The words of a types/subtypes/colours answer, folded, each read as its English word where
    type-names.yaml knows it."""
    folded = fold(text)
    out: set[str] = set()
    for alias, english in _aliases():
        if " " not in alias:
            continue
        pattern = rf"(?<!\w){re.escape(alias)}(?!\w)"
        if re.search(pattern, folded):
            out.add(english)
            folded = re.sub(pattern, " ", folded)
    single = {alias: english for alias, english in _aliases() if " " not in alias}
    for word in re.split(SEPARATORS, folded):
        if word:
            out.add(single.get(word, word))
    return out
