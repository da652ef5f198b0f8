"""What a hero noun pointing back must agree with (LANGUAGE.md §3.1).

"aquele aliado", "o oponente selecionado", "daquele inimigo": the noun names a kind of hero, and what it
points at (the hero of the event answered, what a Selecione chose) has a kind of its own, known from the
words that name it ("Quando um aliado sofrer dano", "Selecione 1 inimigo"). They must be the same kind,
else the phrase is refused naming both: seed «Efeito» (an effect describes itself and leaves no doubt how
it applies), never the antecedent taken whatever the noun says. Plain functions over kinds and words;
:mod:`.builder` calls them.
"""

from __future__ import annotations

from rulekit.phrase import N_, Phrase

__all__ = ["NAMING_KINDS", "NONE_ONLY_IN_A_STATE", "mismatch", "side_words"]

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
