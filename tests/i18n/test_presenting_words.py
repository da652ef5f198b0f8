"""On a projector the words agree with each other and with the lessons: the diagram's legend abbreviates the
timestamp as its nodes do, and pt-BR says HDC (habilidade definidora de característica) as lesson 01 does."""

from __future__ import annotations

import pytest

from rulekit.i18n import translator


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_the_legend_abbreviates_the_timestamp_as_the_nodes_do(lang):
    t = translator(lang)
    node = t("layer {layer} · ts {ts}", layer="7b", ts=3)
    short = node.rsplit("·", 1)[1].split()[0]  # "ts" / "st"
    assert t("N. = application order; ts = timestamp").split("; ")[1].startswith(f"{short} = ")


def test_pt_br_says_hdc_as_the_lesson_does():
    from pathlib import Path

    lesson = (Path(__file__).parents[2] / "tools/lesson_src/pt-BR/01-layers.md").read_text(encoding="utf-8")
    assert "(HDC;" in lesson
    t = translator("pt-BR")
    assert t("CDA") == "HDC" and t("ellipse: CDA") == "elipse: HDC" and t.p("why", "cda") == "HDC"


@pytest.mark.parametrize(
    ("lang", "edition", "file"), [("pt-BR", "EDIÇÃO", "ARQUIVO"), ("es", "EDICIÓN", "ARCHIVO")]
)
def test_the_cli_help_names_its_arguments_in_the_language(lang, edition, file, capsys):
    from rulekit.cli import main

    for argv in (["solve", "--lang", lang, "--help"], ["new", "--lang", lang, "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
    out = capsys.readouterr().out
    assert f"--ruleset {edition}" in out and "{seed,current}" not in out
    assert f"rulekit solve {file}" in out and " FILE" not in out


def test_es_says_traza_and_abilities_none_agrees():
    t = translator("es")
    assert "traza" in t("a trace or a scenario") and t.p("abilities", "(none)") == "(ninguna)"
