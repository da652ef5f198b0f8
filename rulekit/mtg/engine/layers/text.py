"""Layer 3: text-changing effects (613.1c, 612.1, 612.2), on the rules text and the type line, and
"has the full text of <object>" (612.6): the ``full_text`` and ``text_change`` kinds
(:mod:`rulekit.mtg.kinds.full_text`, :mod:`rulekit.mtg.kinds.text_change`)."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.kinds.full_text import FULL_TEXT
from rulekit.mtg.kinds.text_change import TEXT_READS, TEXT_WRITES, change_type_line, on_type_line
from rulekit.mtg.trace import COPIABLE


class TextPart(KindsPart):
    """612.2: replace a word inside the object's abilities, text and data alike (the rewritten
    abilities generate rewritten effects, :meth:`rulekit.mtg.model.Ability.rewritten`), and a
    subtype on its type line too (612.1, :func:`change_type_line`); 612.6 the full text of another
    object, first."""

    sub = "text"
    rule = "613.1c, 612.1, 612.2"
    shows = COPIABLE
    snapshot = (*COPIABLE, "all_types")
    sig_neutral = True
    shared = ("abilities", "subtypes")

    def shared_key(self, values: Any) -> Any:
        abilities, subtypes = values
        return (id(abilities), subtypes)


__all__ = ["FULL_TEXT", "TEXT_READS", "TEXT_WRITES", "TextPart", "change_type_line", "on_type_line"]
