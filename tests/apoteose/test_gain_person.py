"""A gain of an attribute reads the same in every person and with every verb of its concept.

Glossary «Notation» and the seed's examples (``Em um teste você recebe…``, ``+1 de AGI``): a signed change of
an attribute. "Você ganha +1 de AGI", "Ganhe +1 de AGI", "Receba +1 de AGI", "recebe", "ganhar", "tu ganhas",
"você tem +1 de AGI" are one statement: the lexicon's ``gain`` concept (ganhar, receber; ``ter`` before a
sign), whatever the person or mood (``reading._mood``); a gain without a subject is the hero of its sentence
(the subject of the clause before, else you), as every statement without one. A list of gains shares the
duration written after its last amount, or first in the sentence (``lang._shared_duration``).
"""

from __future__ import annotations

import itertools

import paraphrase as P
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekit.apoteose.text import parse_effect

#: The same gain in every person, mood and verb of the concept.
VERBS = [
    "Ganhe",
    "Ganha",
    "Ganhar",
    "Receba",
    "Recebe",
    "Receber",
    "Você ganha",
    "Você recebe",
    "Tu ganhas",
    "Você tem",
]
#: Where the duration goes: after the list, or first in the sentence.
ORDERS = ["{verb} {list} até o final do turno.", "Até o final do turno, {low} {list}."]
LISTS = ["+1 de AGI", "+1 de AGI e +2 de INT", "+1 de AGI, +2 de INT e +1 de FOR"]


def _text(verb: str, order: str, lst: str) -> str:
    low = verb[0].lower() + verb[1:] if not verb.startswith("Você") else verb
    return "Ativar " + order.format(verb=verb, low=low, list=lst)


def _expected(lst: str) -> list[dict[str, object]]:
    out = []
    for part in lst.replace(" e ", ", ").split(", "):
        amount, _, attribute = part.partition(" de ")
        out.append(
            {
                "op": "gain",
                "attribute": attribute,
                "amount": int(amount),
                "target": {"who": "self"},
                "until": "end_turn",
            }
        )
    return out


@pytest.mark.parametrize(("verb", "order", "lst"), list(itertools.product(VERBS, ORDERS, LISTS)))
def test_every_person_and_verb_of_a_gain_reads_the_same(verb: str, order: str, lst: str) -> None:
    text = _text(verb, order, lst)
    effect = parse_effect(text)
    assert effect.supported(), [w.text_in("en") for w in effect.warnings]
    assert [s.to_dict() for s in effect.body] == _expected(lst), text


def test_a_gain_without_a_subject_is_the_hero_of_its_sentence() -> None:
    """ "Um aliado cura 3 de VIDA e recebe +1 de AGI": the ally gains it (the subject before: the same ally,
    R-33, not a second choice)."""
    effect = parse_effect("Ativar Um aliado cura 3 de VIDA e recebe +1 de AGI.")
    assert [s.to_dict()["target"] for s in effect.body] == [{"who": "ally"}, {"who": "previous"}]
    effect = parse_effect("Ativar【 Selecione 1 aliado 】 O alvo recebe +1 de AGI e ganha +1 de INT.")
    assert [s.to_dict()["target"] for s in effect.body] == [{"who": "selected"}, {"who": "selected"}]


#: Words whose swap must change the reading (attribute, sign, number, the duration, the hero).
SWAPS = [("AGI", "INT"), ("INT", "FOR"), ("+1", "-1"), ("+2", "+3"), ("+1", "+4"), ("final", "início")]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    st.sampled_from(VERBS),
    st.sampled_from(ORDERS),
    st.sampled_from(LISTS),
    st.sampled_from(SWAPS),
    st.integers(0, 2),
)
def test_a_meaningful_word_swapped_in_a_gain_changes_its_reading(
    verb: str, order: str, lst: str, swap: tuple[str, str], k: int
) -> None:
    text = _text(verb, order, lst)
    parts = text.split(swap[0])
    if len(parts) < 2:
        return
    k = k % (len(parts) - 1)
    mutant = swap[0].join(parts[: k + 1]) + swap[1] + swap[0].join(parts[k + 1 :])
    assert P.reading(mutant) != P.reading(text), (text, mutant)


def test_the_hero_swapped_in_a_gain_changes_its_reading() -> None:
    for verb in ("recebe", "ganha"):
        mine = P.reading(f"Ativar Um aliado {verb} +1 de AGI.")
        theirs = P.reading(f"Ativar Um oponente {verb} +1 de AGI.")
        assert mine is not None and mine != theirs
        assert mine != P.reading(f"Ativar {verb.capitalize()} +1 de AGI.")


@pytest.mark.parametrize(
    ("written", "signed"),
    [
        ("Ganhe 3 de INT", "Ganhe +3 de INT"),
        ("Ganhe três de INT", "Ganhe +3 de INT"),
        ("Você ganha 2 de AGI", "Você recebe +2 de AGI"),
        ("Receba 1 de FOR até o final do turno", "Receba +1 de FOR até o final do turno"),
        (
            "Até o início do seu próximo turno, ganhe 3 de INT",
            "Ganhe +3 de INT até o início do seu próximo turno",
        ),
        ("Um aliado ganha 2 de DEF", "Um aliado recebe +2 de DEF"),
    ],
)
def test_a_gain_of_an_attribute_without_its_sign_is_the_signed_gain(written: str, signed: str) -> None:
    """ "Ganhe 3 de INT" is the gain +3 (ganhar: the number gained); the attribute is one of the lexicon."""
    assert P.reading(f"Ativar {written}.") == P.reading(f"Ativar {signed}.") is not None


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        # a resource after ganhar is recovered, never an attribute gain
        (
            "Ativar Ganhe 3 de MANA.",
            [{"op": "recover", "amount": 3, "resource": "MANA", "target": {"who": "self"}}],
        ),
        ("Ativar Ganhe 3 de DANO.", None),  # more damage dealt, or damage taken? refused naming DANO
        ("Ativar Ganhe 3 de SORTE.", None),  # no attribute of the lexicon: refused, never a new attribute
    ],
)
def test_without_its_sign_only_an_attribute_that_is_no_resource_is_gained(
    text: str, reading: list[dict[str, object]] | None
) -> None:
    effect = parse_effect(text)
    if reading is None:
        assert not effect.supported()
        word = text.split()[-1].rstrip(".")
        warning = next(w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT")
        assert text[warning.position :].startswith(word)
    else:
        assert [s.to_dict() for s in effect.body] == reading
