"""The gettext catalogs: shipped, compiled from their .po, complete, well-formed."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from rulekit.i18n import LANGUAGES, REGISTRY, complete_languages, translated_languages

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("compile_catalogs", ROOT / "tools" / "compile_catalogs.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_shipped_mo_matches_po_and_every_msgid_is_translated():
    pytest.importorskip("babel")
    assert _tool().check() == []


@pytest.mark.parametrize("lang", [REGISTRY[c].catalog for c in translated_languages(partial=True)])
def test_translations_keep_every_placeholder(lang):
    pytest.importorskip("babel")
    from rulekit.i18n import placeholders

    cat = _tool().read_po(_tool().po_path(lang))
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        want = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            assert placeholders(s) <= want and (placeholders(s) >= placeholders(ids[0]) - {"n"}), (m.id, s)


def test_catalogs_are_package_data():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = data["tool"]["setuptools"]["package-data"]["*"]
    assert "locale/*/LC_MESSAGES/*.mo" in patterns and "locale/*/LC_MESSAGES/*.po" in patterns
    for code in translated_languages(partial=True):
        assert REGISTRY[code].mo_path().is_file()


@pytest.mark.parametrize(
    ("given", "canonical"),
    [("en", "en"), ("EN", "en"), ("pt-BR", "pt-BR"), ("pt_br", "pt-BR"), ("es", "es"), ("es-MX", "es")],
)
def test_language_names(given, canonical):
    from rulekit.i18n import check_lang

    assert check_lang(given) == canonical


@pytest.mark.parametrize(
    ("bad", "hint"), [("pt", "pt-BR"), ("pt-PT", "pt-BR"), ("ES-es-x", "es"), ("tlh", None)]
)
def test_unknown_language_is_one_clear_line(bad, hint):
    from rulekit.errors import RulekitError
    from rulekit.i18n import check_lang

    with pytest.raises(RulekitError) as info:
        check_lang(bad)
    text = str(info.value)
    assert "\n" not in text and ", ".join(LANGUAGES) in text
    assert (f"did you mean '{hint}'" in text) if hint else "did you mean" not in text


@pytest.mark.parametrize("bad", [None, 3, ["pt-BR"], "<script>"])
def test_hostile_language_values(bad):
    from rulekit.errors import RulekitError
    from rulekit.i18n import check_lang

    with pytest.raises(RulekitError):
        check_lang(bad)


def test_a_value_with_braces_is_inserted_as_it_is():
    from rulekit.i18n import translator

    assert translator("es")("Who controls {name}?", name="{x} {0}") == "¿Quién controla {x} {0}?"


def test_english_is_the_msgid_itself():
    from rulekit.i18n import _

    assert (
        _("Check") == "Check"
        and _("Check", lang="pt-BR") == "Verificar"
        and _("Check", lang="es") == "Comprobar"
    )


def test_reason_codes_render_todays_english_sentences():
    """The English of each reason code is the sentence the engines write today (so wiring a code
    changes no English output)."""
    from rulekit import apoteose
    from rulekit.apoteose.wording import reason_words

    trace = apoteose.run_chain(apoteose.load_scenario("apoteose/evocacao-refused"))
    written = trace.events[0].detail["reason"]
    requirements = written[written.rindex("(") + 1 : -1]
    params = {"case": "together", "requirements": requirements}
    assert trace.events[0].detail["params"] == params
    assert reason_words("PREVISAO", params) == written
    es = reason_words("PREVISAO", params, lang="es")
    assert es.startswith("Previsão: los requisitos") and requirements in es


@pytest.mark.parametrize("lang", complete_languages())
def test_every_reason_code_renders_in_every_language(lang):
    from rulekit.i18n import placeholders
    from rulekit.views.reasons import REASONS, reason_text

    for code, msgid in REASONS.items():
        params = {name: f"<{name}>" for name in placeholders(msgid)}
        text = reason_text(code, params, lang)
        assert all(v in text for v in params.values()), (code, text)
        assert (text == msgid.format(**params)) == (lang == "en"), (code, lang)


def test_dependency_reasons_are_rendered_from_their_code():
    from rulekit.mtg.messages import dependency_text

    params = (
        ("by", "Yavimaya"),
        ("effect", "Life and Limb"),
        ("gained", ("Life and Limb",)),
        ("gained_count", 1),
    )
    en = "Yavimaya changes what Life and Limb applies to: it would also apply to Life and Limb"
    assert dependency_text("applies_to", params) == en
    assert (
        dependency_text("applies_to", params, "es")
        == "Yavimaya cambia aquello a lo que se aplica Life and Limb: también se aplicaría a Life and Limb"
    )


def test_contractions_after_a_preposition():
    from rulekit.views.chain import moment_text

    assert moment_text("before:heal@0.0", "pt-BR") == "antes da cura de #0"
    assert moment_text("before:damage@1.0", "pt-BR") == "antes do dano de #1"
    assert moment_text("before:damage@1.0", "es") == "antes del daño de #1"


def test_every_literal_message_is_passed_to_an_extracted_name():
    """``translator(lang)("…")`` translates at run time but hides the message from extraction
    (tools/compile_catalogs.py reads ``t(...)``, ``_(...)``, ``N_(...)``…): such a message is
    never put in a catalog and shows in English in every language."""
    import ast

    hidden = []
    for path in sorted((ROOT / "rulekit").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Call)
                and isinstance(node.func.func, ast.Name)
                and node.func.func.id == "translator"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert hidden == []


@pytest.mark.parametrize(
    ("lang", "words"), [("es", "orden de sello temporal"), ("pt-BR", "ordem de selo temporal")]
)
def test_a_timestamp_step_in_a_self_check_reads_in_its_language(lang, words):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("seed/sower-then-shackles", ask="controller", object="throatseeker", lang=lang)
    for answer in (p.expected(), "zz-not-an-answer"):
        p.answer.value = answer
        p.check.click()
        assert words in p.result.value and "timestamp order" not in p.result.value


@pytest.mark.parametrize(
    ("lang", "word", "not_word"), [("es", "tablero", "mesa"), ("pt_BR", "tabuleiro", "mesa")]
)
def test_a_board_is_a_tablero_never_a_mesa(lang, word, not_word):
    """An MTG board (a scenario, the BoardBuilder's) is "tablero"/"tabuleiro" as in the lessons:
    "mesa" is the Apoteose zone MESA, which stays a keyword in capitals."""
    import re

    pytest.importorskip("babel")
    cat = _tool().read_po(_tool().po_path(lang))
    boards = 0
    for m in cat:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        if not m.id or not any(re.search(r"\bboard\b", i, re.I) for i in ids):
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            assert not re.search(rf"\b{not_word}\b", s), (m.id, s)  # case-sensitive: MESA is the zone
            boards += word in s.lower()
    assert boards >= 9
