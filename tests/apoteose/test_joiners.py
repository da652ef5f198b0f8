"""The joiners of clauses are the lexicon's data (``joiners:`` in ``rulekit/data/apoteose/lexicon.yaml``,
LANGUAGE.md §3.2): "depois" and the words players write for it ("em seguida", "então", "a seguir", "logo
depois", …) say the next clause follows (seed «Resolução do Efeito»: the description is resolved in the
order written), so a corpus text joined by "depois" reads the same joined by any of them; a word the lexicon
does not know in a joiner's place is refused by name, never read as a clause break; "depois de" stays a
requirement's opener, never a joiner.
"""

from __future__ import annotations

import re
from typing import Any

import paraphrase as P
import pytest

from rulekit.apoteose import reading as RD
from rulekit.apoteose.lang import split_clauses
from rulekit.apoteose.text import parse_effect
from rulekit.errors import RulekitError

#: "depois" between two clauses, never the requirement's "Depois de"
_DEPOIS = r"(?<![\w-])([Dd]epois)(?![\w-])(?! de\b)"


def _joined_by_depois() -> list[str]:
    """The corpus texts (read today) whose description joins two clauses with "depois"."""
    return [e["text"] for e in P.corpus() if re.search(_DEPOIS, parse_effect(e["text"]).description)]


JOINED = _joined_by_depois()


def _rewrite(text: str, joiner: str) -> str:
    """``text`` with each "depois" joining two clauses in its description written as ``joiner`` (its capital
    kept at the start of a sentence)."""
    desc = parse_effect(text).description
    at = text.rfind(desc)

    def repl(m: re.Match[str]) -> str:
        return joiner[0].upper() + joiner[1:] if m.group(1)[0].isupper() else joiner

    return text[:at] + re.sub(_DEPOIS, repl, desc)


def test_the_corpus_has_texts_joined_by_depois() -> None:
    # each form players write: a sentence opened by "Depois,", "; depois,", ", depois,", "e depois"
    assert len(JOINED) >= 5
    descs = " ".join(JOINED)
    for form in ("Depois, ", "; depois, ", ", depois, ", " e depois "):
        assert form in descs, form


@pytest.mark.parametrize("joiner", P.JOINERS)
@pytest.mark.parametrize("text", JOINED)
def test_a_text_joined_by_depois_reads_the_same_joined_by_another_joiner(text: str, joiner: str) -> None:
    source = P.reading(text)
    assert source is not None, text
    reworded = _rewrite(text, joiner)
    assert reworded != text
    assert P.reading(reworded) == source, (text, reworded)


@pytest.mark.parametrize("text", JOINED)
def test_a_joiner_replaced_by_an_unknown_word_is_refused_naming_it(text: str) -> None:
    """Mutation: the joiner swapped for a word the reader does not know is refused, and the refusal names that
    word (never a clause break read silently, never the verb after it)."""
    mutant = _rewrite(text, "frobnicar")
    assert P.reading(mutant) is None, mutant
    _, word = parse_effect(mutant).unreadable_at()
    assert word.strip(",;").lower() == "frobnicar", (mutant, word)


@pytest.mark.parametrize(
    "text",
    [
        "Ativar Compre 1 carta e frobnicar role 2 dados.",
        "Ativar Compre 1 carta; frobnicar, role 2 dados.",
        "Ativar Compre 1 carta, frobnicar, role 2 dados.",
        "Ativar Compre 1 carta. Frobnicar, role 2 dados.",
        "Ativar Cure 2 de VIDA de você e frobnicar, compre 1 carta.",
        "Ativar Compre 1 carta e, frobnicar, role 2 dados.",
    ],
)
def test_an_unknown_word_in_a_joiners_place_is_named_in_every_form(text: str) -> None:
    effect = parse_effect(text)
    assert not effect.supported()
    _, word = effect.unreadable_at()
    assert word.strip(",;").lower() == "frobnicar", (text, word)


def _commas_around(text: str) -> str | None:
    """``text`` with its description's first joined "depois" written with the conjunction, both set off by
    commas, as players often write it ("… e depois role", "…; depois, role", "…. Depois, role" ->
    "…, e, depois, role"), or ``None`` if it has no such joiner."""
    desc = parse_effect(text).description
    at = text.rfind(desc)
    new = re.sub(r"(?:[.;,]\s*|\s+e\s+)[Dd]epois,?\s+(?!de\b)", ", e, depois, ", desc, count=1)
    return None if new == desc else text[:at] + new + text[at + len(desc) :]


COMMAS = [t for t in JOINED if _commas_around(t) is not None]


def test_the_corpus_has_texts_to_set_off_by_commas() -> None:
    assert len(COMMAS) >= 3


@pytest.mark.parametrize("text", COMMAS)
def test_a_conjunction_set_off_by_commas_reads_the_same(text: str) -> None:
    """Rewording: "e depois", "; depois," and ". Depois," written ", e, depois," (commas around the
    conjunction and the joiner, as players write them) read the same."""
    source = P.reading(text)
    assert source is not None, text
    reworded = _commas_around(text)
    assert reworded is not None and reworded != text
    assert P.reading(reworded) == source, (text, reworded)


@pytest.mark.parametrize(
    ("text", "ops"),
    [
        ("Compre 1 carta e, depois, role 2 dados", ["draw", "roll"]),
        ("Compre 1 carta, e, depois, role 2 dados", ["draw", "roll"]),
        ("Compre 1 carta e, em seguida, descarte 1 carta", ["draw", "discard"]),
        ("Compre 1 carta e, role 2 dados", ["draw", "roll"]),
    ],
)
def test_a_conjunction_with_its_own_comma_still_joins(text: str, ops: list[str]) -> None:
    effect = parse_effect(f"Ativar {text}.")
    assert effect.supported(), effect.warnings
    assert [st.op for st in effect.body] == ops


@pytest.mark.parametrize(
    ("text", "ops"),
    [
        ("Compre 1 carta. Em seguida, descarte 1 carta", ["draw", "discard"]),
        ("Compre 1 carta e então role 2 dados", ["draw", "roll"]),
        ("Cure 2 de VIDA de você; a seguir, compre 1 carta", ["heal", "draw"]),
        ("Compre 1 carta, logo em seguida, descarte 1 carta", ["draw", "discard"]),
        ("Role 2 dados. Depois disso, recupere 1 de ESTAMINA", ["roll", "recover"]),
        ("Compre 1 carta e também cure 2 de VIDA", ["draw", "heal"]),
        ("Compre 1 carta. Além disso, descarte 1 carta. Então, role 2 dados", ["draw", "discard", "roll"]),
    ],
)
def test_every_joiner_keeps_the_order_written(text: str, ops: list[str]) -> None:
    """Seed «Resolução do Efeito»: the clauses in the order written, whichever joiner joins them."""
    effect = parse_effect(f"Ativar {text}.")
    assert effect.supported(), effect.warnings
    assert [st.op for st in effect.body] == ops


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Ativar Depois, compre 1 carta.", "Depois"),
        ("Ativar Em seguida, compre 1 carta.", "Em"),
        ("Ativar Então cure 5 de VIDA.", "Então"),
    ],
)
def test_a_joiner_with_no_clause_before_it_joins_nothing_and_is_refused(text: str, word: str) -> None:
    effect = parse_effect(text)
    assert not effect.supported()
    assert effect.unreadable_at()[1].strip(",") == word


def test_depois_de_is_never_a_joiner() -> None:
    """ "depois de <evento>" is a requirement's opener (lexicon ``openers``: "logo depois de" -> "depois de"):
    no joiner cuts before it, and the requirements keep reading it."""
    clauses = split_clauses("Compre 1 carta e depois de rolar os dados, cure 2 de VIDA")
    assert not any(re.match(r"(?i)de\b", c) for c in clauses), clauses
    assert clauses[0].startswith("Compre 1 carta e depois de rolar")
    seed = parse_effect("Auto【 Depois de ser atacado 】 Cause 2 de DANO a um oponente.")
    casual = parse_effect("Auto【 Logo depois de ser atacado 】 Cause 2 de DANO a um oponente.")
    assert seed.supported() and casual.supported()
    assert [r.ast for r in casual.requirements] == [r.ast for r in seed.requirements]


def test_a_one_word_joiner_never_names_a_hero() -> None:
    lex = RD.lexicon()
    assert lex.joiners is not None
    one_word = {w for w in lex.joiners.then if " " not in w}
    assert {"depois", "entao", "tambem"} <= one_word <= lex.not_names
    effect = parse_effect("Ativar Cure 5 de VIDA de entao.")
    assert not effect.supported()


def test_the_lexicon_declares_the_joiners_folded_with_their_sources() -> None:
    lex = RD.lexicon()
    assert lex.joiners is not None
    assert set(lex.joiners.marks) == {",", ";", ":"} and lex.joiners.words == ("e",)
    assert lex.joiners.then["depois"] == lex.joiners.then["em seguida"] == lex.joiners.then["entao"] == "then"
    assert "então" not in lex.joiners.then  # folded, as the lexicon's other sections


GOOD: dict[str, Any] = {"then": {"then": ["depois"], "source": "seed «Resolução do Efeito»"}}


@pytest.mark.parametrize(
    ("section", "field"),
    [
        (None, "joiners"),
        ({"then": ["depois"]}, "joiners.then"),
        ({"then": {"then": ["depois"]}}, "joiners.then.source"),
        ({"then": {"then": ["depois"], "source": " "}}, "joiners.then.source"),
        ({"then": {"then": ["depois"], "source": "x", "means": "next"}}, "joiners.then.means"),
        ({"then": {"then": "depois", "source": "x"}}, "joiners.then.then"),
        ({"then": {"then": ["depois 2"], "source": "x"}}, "joiners.then.then"),
        ({"then": {"then": ["em  seguida"], "source": "x"}}, "joiners.then.then"),
        ({"and": {"marks": [",,"], "source": "x"}}, "joiners.and.marks"),
        ({"and": {"marks": ["a"], "source": "x"}}, "joiners.and.marks"),
        ({**GOOD, "also": {"then": ["Depois"], "source": "x"}}, "joiners.also.then"),
    ],
)
def test_a_bad_joiner_entry_is_a_clear_error_at_load(section: Any, field: str) -> None:
    with pytest.raises(RulekitError) as err:
        RD._joiners(section)
    assert err.value.field == field
    assert err.value.code == "INVALID_LEXICON"
    assert "lexicon.yaml" in str(err.value) and field in str(err.value)


def test_a_good_joiner_section_folds_its_words() -> None:
    joiners = RD._joiners({"then": {"then": ["Então", "em seguida"], "source": "common use"}})
    assert joiners.then == {"entao": "then", "em seguida": "then"}


def test_a_bad_joiner_entry_is_told_in_the_learners_language() -> None:
    with pytest.raises(RulekitError) as err:
        RD._joiners({"then": {"then": ["depois"]}})
    from rulekit.i18n import translator

    assert "texto-base" in err.value.text_in(translator("pt-BR"))
    assert "texto base" in err.value.text_in(translator("es"))


def test_a_colon_ends_a_clause_and_escolha_um_still_opens_options() -> None:
    """ "Escolha um aliado: ele compra 2 cartas" is two clauses (the colon a joiner, common use); "Escolha um:
    ● A ● B" is still a choice between the options."""
    from rulekit.apoteose.text import parse_effect

    e = parse_effect("Ativar Escolha um aliado: ele compra 2 cartas.")
    assert [st.to_dict() for st in e.body] == [
        {"op": "select", "count": 1, "what": "hero", "who": "ally"},
        {"op": "draw", "count": 2, "target": {"who": "selected"}},
    ]
    options = parse_effect("Ativar Escolha um: ● Cure 5 de VIDA ● Compre 1 carta").body
    assert [st.op for st in options] == ["choose"]
