"""``--lang`` on ``rulekit solve``, ``explain`` and ``chain``."""

from __future__ import annotations

import pytest

from rulekit.cli import main
from rulekit.i18n import translated_languages


def _run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pt-BR", ("Aplicados, em ordem", "selo temporal", "Características finais", "Tabela de camadas")),
        ("es", ("Aplicados, en orden", "sello temporal", "Características finales", "Tabla de capas")),
    ],
)
def test_solve_and_explain_speak_the_language(capsys, lang, words):
    code, out, _ = _run(capsys, "solve", "seed/humility-then-gideon", "--lang", lang)
    assert code == 0 and all(w in out for w in words[:3])
    assert "Night of Souls' Betrayal" in out  # card names stay English
    code, out, _ = _run(capsys, "explain", "classic/lattice-and-march", "--lang", lang)
    assert code == 0 and words[3] in out and ("depende de" in out)


def test_english_output_is_unchanged_by_default(capsys):
    from rulekit.mtg import solve
    from rulekit.views.text import solve_text as render_text

    code, out, _ = _run(capsys, "solve", "seed/humility-then-gideon")
    assert code == 0 and out == render_text(solve("seed/humility-then-gideon")) + "\n"
    _, again, _ = _run(capsys, "solve", "seed/humility-then-gideon", "--lang", "en")
    assert again == out


def test_json_is_data_in_every_language(capsys):
    _, en, _ = _run(capsys, "solve", "seed/blood-moon", "--json")
    _, pt, _ = _run(capsys, "solve", "seed/blood-moon", "--json", "--lang", "pt-BR")
    assert en == pt


def test_chain_in_portuguese_and_spanish(capsys):
    code, out, _ = _run(capsys, "chain", "apoteose/nested-responses", "--lang", "pt-BR")
    assert code == 0 and "Ordem de resolução: escudo, bencao, raio, pocao." in out
    assert "a ativação de #0" in out and "activate@0" not in out
    code, out, _ = _run(capsys, "explain", "apoteose/nested-responses", "--lang", "es")
    assert code == 0 and "Registro de la cadena" in out and "la activación de #0" in out


@pytest.mark.parametrize("command", ["solve", "explain", "chain"])
def test_an_unknown_language_is_one_line_and_exit_2(capsys, command):
    scenario = "apoteose/nested-responses" if command == "chain" else "seed/blood-moon"
    code, out, err = _run(capsys, command, scenario, "--lang", "pt_PT")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--lang" in err and "did you mean 'pt-BR'" in err


def _english_sentences() -> set[str]:
    """Every catalogue message's fixed words (between its placeholders) of three words or more."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    import rulekit

    pot = Path(rulekit.__file__).resolve().parent / "locale" / "rulekit.pot"
    out: set[str] = set()
    with pot.open("rb") as fh:
        for m in read_po(fh):
            for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
                for piece in re.split(r"\{[^{}]*\}|%(?:\([^)]*\))?[a-z]", msgid or ""):
                    piece = piece.strip(" :;,.()—'\"")
                    if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3:
                        out.add(piece)
    return out


@pytest.mark.parametrize("lang", translated_languages())
@pytest.mark.parametrize(
    "argv",
    [
        ["new", "{dir}/board.yaml"],
        ["new", "{dir}/board.yaml", "--help"],
        ["cards", "--search", "gideon"],
        ["cards", "--search", "zzyzx"],
        ["scenarios"],
        ["parse-effect", "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE; Descarte uma carta 】 Cure o zorp"],
        ["parse-effect", "--help"],
        ["chain", "--help"],
        ["solve", "--help"],
    ],
    ids=[
        "new",
        "new --help",
        "cards",
        "cards none",
        "scenarios",
        "parse-effect",
        "parse-effect --help",
        "chain --help",
        "solve --help",
    ],
)
def test_the_new_lang_options_leave_no_english_sentence(capsys, tmp_path, lang, argv):
    """``--lang`` on ``new``, ``cards``, ``scenarios`` and ``parse-effect`` (and every ``--help``): no
    catalogue message's English words are left in the output."""
    argv = [a.replace("{dir}", str(tmp_path)) for a in argv]
    try:
        code = main([*argv, "--lang", lang])
    except SystemExit as done:  # --help
        code = int(done.code or 0)
    out = capsys.readouterr().out
    assert code == 0 and out.strip()
    flat = " ".join(out.split())
    left = sorted(s for s in _english_sentences() if s in flat)
    assert left == [], out


def test_rulekit_new_exists_error_in_portuguese(capsys, tmp_path):
    target = str(tmp_path / "b.yaml")
    assert main(["new", target, "--lang", "pt-BR"]) == 0
    assert capsys.readouterr().out.startswith(f"{target} escrito")
    assert main(["new", target, "--lang", "pt-BR"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "já existe" in err and "rulekit: erro:" in err


def test_a_usage_error_in_spanish_is_exit_2(capsys):
    with pytest.raises(SystemExit) as done:
        main(["cards", "--lang", "es", "--zzyzx"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: rulekit ") and err.rstrip().endswith("argumentos no reconocidos: --zzyzx")


@pytest.mark.parametrize("lang", translated_languages())
def test_rulekit_new_writes_its_comments_in_the_language_asked_for(capsys, tmp_path, lang):
    """The skeleton's comments and description are in ``--lang``; the YAML itself (keys, card names,
    the commented-out examples) is data, and the board solves the same."""
    from rulekit.mtg import load_scenario, solve

    path = tmp_path / "b.yaml"
    assert main(["new", str(path), "--lang", lang]) == 0
    text = path.read_text(encoding="utf-8")
    flat = " ".join(text.split())
    assert sorted(s for s in _english_sentences() if s in flat) == []
    assert solve(load_scenario(str(path))).final["bears"].pt == "5/5"


@pytest.mark.parametrize(
    ("lang", "sentences"),
    [
        ("en", ("run: heal 25 VIDA", "run: draw 1 card")),
        ("pt-BR", ("executa: cura 25 de VIDA", "executa: compra 1 carta")),
        ("es", ("ejecuta: cura 25 de VIDA", "ejecuta: roba 1 carta")),
    ],
)
def test_parse_effect_says_each_statement_as_a_sentence_then_as_data(capsys, lang, sentences):
    """Each statement of the description reads as a sentence in the language, never only as its data; the
    data a structured ``body:`` takes follows it on the next line."""
    text = "Ativar【 Descarte uma carta 】 Cure 25 de VIDA; depois, compre 1 carta."
    code, out, _ = _run(capsys, "parse-effect", text, "--lang", lang)
    lines = out.splitlines()
    assert code == 0
    for sentence in sentences:
        at = next(i for i, line in enumerate(lines) if line.strip() == sentence)
        assert lines[at + 1].strip().startswith('{"op": ')


@pytest.mark.parametrize("form", [["--lang", "es"], ["--lang=es"]])
def test_lang_before_the_command_is_the_same_as_after_it(capsys, form):
    """``rulekit --lang es solve …`` (as a learner may type it) says what ``rulekit solve … --lang es``
    says."""
    code, before, _ = _run(capsys, *form, "solve", "seed/humility-then-gideon")
    _, after, _ = _run(capsys, "solve", "seed/humility-then-gideon", "--lang", "es")
    assert code == 0 and before == after and "sello temporal" in before


def test_the_top_level_help_says_every_command_takes_lang(capsys):
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "pt-BR"])
    assert "Todo comando aceita --lang LANG (en, pt-BR, es)" in capsys.readouterr().out
