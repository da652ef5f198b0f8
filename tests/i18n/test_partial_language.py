"""A language lands step by step: a registry row marked ``complete=False``, whose catalogue
translates only some messages, works everywhere a language is taken (the CLI, the views, the explorers'
words), falls back to English message by message, and no completeness check holds it back.

The skeleton language here is Esperanto (``eo``), built at test time with three messages translated.
"""

from __future__ import annotations

import contextlib
import importlib.util
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulekit import i18n
from rulekit.i18n import Language, register_language, translator, unregister_language

ROOT = Path(__file__).resolve().parents[2]
DONE = {
    "Check": "Kontroli",
    "language of the text output: {languages} (default: en)": (
        "lingvo de la teksta eligo: {languages} (defaŭlte: en)"
    ),
    "Every command takes --lang LANG ({languages}), before or after its name.": (
        "Ĉiu komando akceptas --lang LANG ({languages}), antaŭ aŭ post sia nomo."
    ),
}


@contextlib.contextmanager
def skeleton_language() -> Iterator[str]:
    """``eo``, partial: a .po with :data:`DONE` translated and every other msgid of ``rulekit.pot``
    left empty, compiled to a .mo in a temporary locale folder, registered for the block."""
    pytest.importorskip("babel")
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (ROOT / "rulekit" / "locale" / "rulekit.pot").open("rb") as fh:
        cat = read_po(fh, locale="eo")
    for msg in cat:
        if isinstance(msg.id, str) and msg.id in DONE:
            msg.string = DONE[msg.id]
    with tempfile.TemporaryDirectory() as tmp:
        mo = Path(tmp) / "eo" / "LC_MESSAGES" / "rulekit.mo"
        mo.parent.mkdir(parents=True)
        with mo.open("wb") as fh:
            write_mo(fh, cat)
        register_language(Language("eo", "Esperanto", "eo", locale_dir=Path(tmp), complete=False))
        try:
            yield "eo"
        finally:
            unregister_language("eo")


def test_a_partial_language_is_in_the_registry_but_not_among_the_complete_ones() -> None:
    with skeleton_language() as lang:
        assert lang in i18n.LANGUAGES
        assert lang not in i18n.complete_languages()
        assert lang not in i18n.translated_languages()
        assert lang in i18n.translated_languages(partial=True)
    assert "eo" not in i18n.LANGUAGES


def test_each_message_it_lacks_falls_back_to_english() -> None:
    with skeleton_language() as lang:
        t = translator(lang)
        assert t("Check") == "Kontroli"
        assert t("Event {k} of {n}: {event}", k=2, n=5, event="halt") == "Event 2 of 5: halt"


def test_the_cli_speaks_it_where_it_can(capsys: pytest.CaptureFixture[str]) -> None:
    from rulekit.cli import main

    with skeleton_language():
        assert main(["solve", "seed/humility-then-gideon", "--lang", "eo"]) == 0
        out = capsys.readouterr().out
        assert "Humility" in out  # data as it is; the words in English where eo has none
        with pytest.raises(SystemExit):
            main(["--help", "--lang", "eo"])
        help_text = capsys.readouterr().out
        assert "Ĉiu komando akceptas --lang LANG (en, pt-BR, es, eo)" in " ".join(help_text.split())


def test_the_views_render_in_it() -> None:
    pytest.importorskip("pandas")
    from rulekit import mtg
    from rulekit.views.mtg import final_table

    trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    with skeleton_language() as lang:
        assert final_table(trace, lang=lang) is not None


def _catalog_tool():  # noqa: ANN202 (a module loaded from tools/)
    spec = importlib.util.spec_from_file_location(
        "compile_catalogs_p", ROOT / "tools" / "compile_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_no_completeness_check_holds_a_partial_language_back(tmp_path: Path) -> None:
    """``compile_catalogs --check`` reports a complete language's missing messages as problems and a
    partial one's as none (its ``missing`` counts them)."""
    pytest.importorskip("babel")
    tool = _catalog_tool()
    po = tmp_path / "eo" / "LC_MESSAGES" / "rulekit.po"
    po.parent.mkdir(parents=True)
    from babel.messages.pofile import read_po

    with (ROOT / "rulekit" / "locale" / "rulekit.pot").open("rb") as fh:
        cat = read_po(fh, locale="eo")
    tool.write_po(po, cat)
    po.with_suffix(".mo").write_bytes(tool.mo_bytes(cat))
    tool.po_path = lambda lang: tmp_path / lang / "LC_MESSAGES" / "rulekit.po"
    assert tool.check({"eo": "eo"}) == []  # partial: not one problem
    assert len(tool.missing("eo")) > 100
    tool.COMPLETE = {*tool.COMPLETE, "eo"}
    assert len(tool.check({"eo": "eo"})) == len(tool.missing("eo"))  # complete: each is one
