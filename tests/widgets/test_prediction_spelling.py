"""The learner's own spelling passes: accents and case ignored; types, subtypes, colours in their language."""

from __future__ import annotations

import pytest

from rulekit.i18n import complete_languages, translated_languages

pytest.importorskip("rulekit.mtg")

LANGS = complete_languages()


def _answer(p, text):
    p.answer.value = text
    p.check.click()
    return p.correct


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("said", ["exílio", "EXILIO", "Exílio", " exilio "])
def test_an_id_with_or_without_accents(lang, said):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/stopped", ask="resolution_order", lang=lang)
    assert _answer(p, said) is True
    assert _answer(p, "exilo") is False


@pytest.mark.parametrize("lang", LANGS)
def test_a_mountain_in_every_language(lang):
    """Wasteland under Blood Moon is a Land — Mountain."""
    from rulekit.widgets import PredictionCheck

    types = PredictionCheck("seed/blood-moon", "types", "wasteland", lang=lang)
    for said in (
        "Land — Mountain",
        "Terreno — Montanha",
        "Tierra — Montaña",
        "tierra montana",
        "TERRENO, MONTANHA",
    ):
        assert _answer(types, said) is True, said
    for said in ("Terreno — Pântano", "Tierra — Pantano", "Terreno", "Land — Mountain — Swamp"):
        assert _answer(types, said) is False, said
    subtypes = PredictionCheck("seed/blood-moon", "subtypes", "wasteland", lang=lang)
    for said in ("Mountain", "montanha", "Montaña", "MONTANA"):
        assert _answer(subtypes, said) is True, said
    assert _answer(subtypes, "Pântano") is False


@pytest.mark.parametrize("lang", LANGS)
def test_colours_and_supertypes_in_every_language(lang):
    from rulekit.mtg.trace import ObjectView, Trace
    from rulekit.widgets import PredictionCheck

    angel = ObjectView(
        id="x",
        name="X",
        owner="A",
        controller="A",
        zone="battlefield",
        types=("Creature",),
        supertypes=("Legendary",),
        subtypes=("Soldier",),
        colors=("white", "blue"),
        power=2,
        toughness=2,
    )
    t = Trace("seed", "demo", initial={"x": angel}, final={"x": angel})
    colours = PredictionCheck(t, "colors", "x", lang=lang)
    for said in ("white, blue", "Branco, Azul", "blanca, azul", "AZUL BRANCA"):
        assert _answer(colours, said) is True, said
    assert _answer(colours, "branco, vermelho") is False
    types = PredictionCheck(t, "types", "x", lang=lang)
    for said in (
        "Legendary Creature — Soldier",
        "Criatura Lendária — Soldado",
        "Criatura Legendaria — Soldado",
    ):
        assert _answer(types, said) is True, said


def test_a_type_of_several_words():
    from rulekit.mtg.trace import ObjectView, Trace
    from rulekit.widgets import PredictionCheck

    bolt = ObjectView(id="b", name="B", owner="A", controller="A", zone="stack", types=("Instant",))
    t = Trace("seed", "demo", initial={"b": bolt}, final={"b": bolt})
    p = PredictionCheck(t, "types", "b", lang="pt-BR")
    assert _answer(p, "Mágica Instantânea") is True
    assert _answer(p, "instantaneo") is True
    assert _answer(p, "Feitiço") is False


def test_a_controller_with_accents():
    from rulekit.mtg.trace import ObjectView, Trace
    from rulekit.widgets import PredictionCheck

    bears = ObjectView(
        id="x",
        name="X",
        owner="Zoë",
        controller="Zoë",
        zone="battlefield",
        types=("Creature",),
        power=2,
        toughness=2,
    )
    t = Trace("seed", "demo", initial={"x": bears}, final={"x": bears})
    p = PredictionCheck(t, "controller", "x")
    assert _answer(p, "zoe") is True and _answer(p, "ZOË") is True and _answer(p, "Zo") is False


def test_the_words_are_data():
    """Every word of type-names.yaml stands for a word of the type vocabulary or a colour."""
    import yaml

    from rulekit.mtg import vocab
    from rulekit.widgets.spelling import _aliases

    path = vocab.Path(vocab.__file__).resolve().parent.parent / "data" / "mtg" / "type-names.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(data) == set(translated_languages())
    known = {*vocab.CARD_TYPES, *vocab.SUPERTYPES, *vocab.SUBTYPES, *vocab.COLORS}
    for groups in data.values():
        for table in groups.values():
            assert set(table) <= known, set(table) - known
    assert _aliases()
