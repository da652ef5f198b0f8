"""What a phrase pointing back must agree with, and what a requirement's pointer means (LANGUAGE.md §3.1).

"aquele aliado", "o oponente selecionado", "daquele inimigo": the noun names a kind of hero, and what it
points at (the hero of the event answered, what a Selecione chose) has a kind of its own, known from the
words that name it ("Quando um aliado sofrer dano", "Selecione 1 inimigo"). They must be the same kind
(:func:`mismatch`) and the same number, one hero or several (:func:`number_mismatch`: "ele" after "Selecione 2
inimigos"), else the phrase is refused naming both: seed «Efeito» (an effect describes itself and leaves no
doubt how it applies), never the antecedent taken whatever the noun says. A state or condition that points
back ("Se você tiver menos VIDA que ele") means what :func:`point_back` says. Plain functions over kinds,
words and plain data; :mod:`.builder`, :mod:`.lang` and :mod:`.text` call them.
"""

from __future__ import annotations

import re
from typing import Any

from rulekit.phrase import N_, Phrase

__all__ = [
    "NAMING_KINDS",
    "NONE_ONLY_IN_A_STATE",
    "FAR",
    "NOTHING_BEFORE",
    "TOO_FAR",
    "SELECTS_NO_HERO",
    "TWO_READINGS",
    "mismatch",
    "number_mismatch",
    "point_back",
    "points_at",
    "side_words",
]

#: A phrase pointing back at a hero in an effect with nothing it could mean.
NOTHING_BEFORE = N_(
    "'{phrase}' points back at a hero, and this effect answers no event and names no hero before it"
)

#: "nenhum aliado" names no hero: it is read in a state ("Se nenhum aliado estiver adjacente a você", the
#: negation of the state of "um aliado"), never as a hero a statement acts on or a trigger waits for.
NONE_ONLY_IN_A_STATE = N_("'{word}' is read only in a state: Se nenhum aliado estiver adjacente a você")

#: The kinds of hero a noun names that narrow what it points at ("aliado", "oponente"); "Herói", "ele", "o
#: alvo" name any hero and agree with every antecedent.
NAMING_KINDS = ("opponent", "ally")
#: The kinds of hero a phrase can name, in words (a refusal names both sides of a mismatch).
_SIDES = {
    "opponent": N_("an opponent"),
    "ally": N_("an ally"),
    "any": N_("any hero"),
    "self": N_("you"),
    "team": N_("you or an ally"),
    "companion": N_("this card's hero"),
}


def side_words(side: str) -> Phrase:
    """A kind of hero in words (``ally`` -> "an ally"), translated where it is shown."""
    return Phrase(_SIDES.get(side, N_("another kind of hero")))


def mismatch(phrase: str, side: str, antecedents: tuple[tuple[str, str], ...]) -> Phrase | None:
    """Why ``phrase`` (naming the kind ``side``) cannot point at its ``antecedents`` (each: its kind,
    the words that name it), or ``None`` when they agree. An antecedent that may be another kind ("um
    Herói", "você") does not agree with "aliado": the noun would add a test the engine never makes.

    >>> str(mismatch("aquele aliado", "ally", (("opponent", "Quando um oponente for atacado"),)))[:46]
    "'aquele aliado' names an ally, but the hero it"
    >>> mismatch("aquele aliado", "ally", (("ally", "Quando um aliado sofrer dano"),)) is None
    True
    """
    if side not in NAMING_KINDS:
        return None
    for other, words in antecedents:
        if other != side:
            return Phrase(
                N_("'{phrase}' names {kind}, but the hero it points back at ('{antecedent}') is {other}"),
                phrase=phrase,
                kind=side_words(side),
                antecedent=words,
                other=side_words(other),
            )
    return None


#: The words of a requirement that point back at a hero ("ele", "daquele oponente", "o alvo").
POINTER_RE = re.compile(
    r"(?i)\b(?:(?:d|n)?(?:eles?|elas?|aquel[ea]s?|ess[ea]s?)"  # a pronoun, a demonstrative
    r"|[oa]s? alvos?|[oa]s? (?:\w+ )?(?:selecionad|escolhid)[oa]s?)\b"  # what a Selecione chose
)
#: ``Refs.last_hero`` when the hero a clause chose is no longer the nearest (a clause acting on another hero,
#: or on cards, came between: R-33 points back only at the clause right before), and what a pointer says then.
FAR = "far"
TOO_FAR = N_(
    "'{phrase}' points back at a hero, and the clause right before it chose none (one named earlier is too "
    "far back: R-33)"
)
#: Two Selecione of heroes a phrase could point back at.
TWO_READINGS = N_("'{phrase}' has two readings: what '{first}' chose or what '{second}' chose")
#: "o alvo" with no Selecione of heroes.
SELECTS_NO_HERO = N_("'{phrase}' names what a Selecione requirement chose, and this effect selects no hero")


def point_back(
    ast: Any, chosen_before: list[str], chooses: bool, event_hero: bool, nearest: str | None = None
) -> tuple[Any, tuple[str, dict[str, str]] | None]:
    """A state or condition naming a hero it points back at, made what it means: ``(ast, None)``, or ``(None,
    (msgid, params))``, why (its ``{phrase}`` left to fill), when it points at nothing or at one of two.

    * "ele", "aquele oponente" (read as ``who: that``, the hero of the event answered) in an effect that
      answers no event: the hero its one Selecione of heroes before it chose (``selected``, as in the
      description; seed «Requerimentos de Ativação»: a Selecione is carried out before the requirements after
      it are checked); with none before it, or two, refused.
    * in a «se …» of the description, the nearest hero named before it there (``nearest``: ``previous``,
      R-33, ``selected``…) comes before a Selecione: "Cause 3 de DANO a um inimigo. Se ele ficar sem VIDA, …".
    * "o alvo" (``selected``) in an effect with no Selecione of heroes (``chooses`` false): refused.

    >>> point_back({"cond": "compare", "than": "that"}, ["Selecione um inimigo"], True, False)[0]
    {'cond': 'compare', 'than': 'selected'}
    >>> point_back({"cond": "compare", "than": "that"}, [], False, False)[1] == (NOTHING_BEFORE, {})
    True
    """
    if points_at(ast, "selected") and not chooses:
        return None, (SELECTS_NO_HERO, {})
    if event_hero or not points_at(ast, "that"):
        return ast, None
    if nearest == FAR:
        return None, (TOO_FAR, {})
    if nearest is not None:
        return _as(ast, nearest), None
    if len(chosen_before) == 1:
        return _as(ast, "selected"), None
    if len(chosen_before) > 1:
        return None, (TWO_READINGS, {"first": chosen_before[0], "second": chosen_before[1]})
    return None, (NOTHING_BEFORE, {})


#: The fields of a condition (and of the hero phrases in it) that name one hero (``bodycheck.COND_FIELDS``).
_HERO_FIELDS = ("who", "owner", "than")


def points_at(v: Any, who: str) -> bool:
    """Whether a condition (plain data) names the hero ``who`` anywhere in it (``that``: it points back)."""
    if isinstance(v, dict):
        return any(v.get(k) == who for k in _HERO_FIELDS) or any(points_at(x, who) for x in v.values())
    return isinstance(v, list) and any(points_at(x, who) for x in v)


def _as(v: Any, who: str) -> Any:
    """``v`` with each hero it points back at (``that``) made ``who``."""
    if isinstance(v, dict):
        out = {k: _as(x, who) for k, x in v.items()}
        for key in _HERO_FIELDS:
            if out.get(key) == "that":
                out[key] = who
        return out
    return [_as(x, who) for x in v] if isinstance(v, list) else v


#: A pointer that names several heroes ("eles", "esses inimigos", "cada um deles").
_PLURAL_RE = re.compile(r"(?i)\b(?:d|n)?(?:eles|elas|ess[ea]s|aquel[ea]s)\b")


def number_mismatch(phrase: str, several: bool | None) -> Phrase | None:
    """Why ``phrase`` cannot point back at one hero (``several`` false: "eles" after "um inimigo") or at
    several (true: "ele" after "dois inimigos", "Selecione 2 inimigos"), or ``None`` when they agree or the
    number is not known. Which of several, or the one as several, is never guessed (seed «Efeito»).

    >>> number_mismatch("ele", True) is not None, number_mismatch("deles", True), number_mismatch("ele", None)
    (True, None, None)
    """
    if several is None or bool(_PLURAL_RE.search(phrase)) == several:
        return None
    if several:
        return Phrase(
            N_("'{phrase}' names one hero, and what it points back at is several: which is never guessed"),
            phrase=phrase,
        )
    return Phrase(N_("'{phrase}' names several heroes, and what it points back at is one"), phrase=phrase)
