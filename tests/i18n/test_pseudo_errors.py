"""The pseudo-locale, bad input: the loaders' and the CLI's errors go through the catalogue too.

In the pseudo-locale (``tests/i18n/pseudo.py``: every message bracketed and accented), every error line
keeps its place as data — the file, the line, the field path, the values it quotes, "did you mean" — and
every word around them comes from the catalogue. Rendered here:

* every file of the hostile corpus (``tests/hostile/bad``: MTG scenarios and YAML itself) through
  ``rulekit solve FILE --lang qps`` (stderr);
* every Apoteose bad-scenario case of ``tests/apoteose/test_bad_input.py``, and a few malformed effect
  texts and statements, as the explorers show them (:func:`rulekit.views.reasons.error_text`);
* the CLI's own errors (an unknown scenario, ``--without`` an unknown effect, ``rulekit diagram`` without
  an output) in ``--lang qps``;
* ``rulekit diagram --dot - --lang qps`` for every built-in (MTG dependency and layer-flow diagrams, the
  Apoteose chain diagram).

What is data is taken from the error itself: its file, field, suggestion and code, and the values of its
parameters (never its English message, which would make the check vacuous).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
from pathlib import Path
from typing import Any

import pytest

from rulekit import cli
from rulekit.errors import Phrase, RulekitError
from tests.i18n.pseudo import leaks, pseudo, pseudo_language, visible

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "hostile" / "bad"
FILES = sorted(BAD.glob("*.yaml"))


def error_data(exc: RulekitError) -> set[str]:
    """What an error shows as written: its place, field, suggestion, code and its parameters' values
    (a :class:`~rulekit.errors.Phrase` value is words, not data: only its own values are)."""
    out: set[str] = {str(x) for x in (exc.file, exc.field, exc.suggestion, exc.code) if x}

    def add(value: Any) -> None:
        if isinstance(value, Phrase):
            for v in value.params.values():
                add(v)
        elif value is not None:
            out.add(str(value))

    for value in exc.params.values():
        add(value)
    if hasattr(exc, "position"):
        out.add(str(exc.position))
    # a value quoted inside another (the field's last key, a list of keys) is data too
    return out | {w for s in list(out) for w in re.split(r"[\s,.:\[\]]+", s) if w}


def _unwrap_cli(err: str) -> str:
    """The message inside the CLI's pseudo-translated ``rulekit: error: {message}`` (so that the
    message's own words are checked, not hidden inside the outer brackets)."""
    before, after = pseudo("rulekit: error: {message}").split("{message}")
    line = err.rstrip("\n")
    assert line.startswith(before) and line.endswith(after), line
    return line[len(before) : len(line) - len(after)]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_hostile_corpus_is_refused_in_the_language_asked_for(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulekit import mtg

    monkeypatch.chdir(BAD)
    with pytest.raises(RulekitError) as exc:
        mtg.load_scenario(path.name)
    with pseudo_language() as lang:
        assert cli.main(["solve", path.name, "--lang", lang]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    message = _unwrap_cli(err)
    assert message.startswith(f"{path.name}:"), message  # the place stays data
    found = leaks(message, error_data(exc.value))
    assert not found, f"{path.name}: {err}"


def _apoteose_cases() -> list[tuple[str, Any]]:
    spec = importlib.util.spec_from_file_location(
        "rulekit_test_bad_input_cases", ROOT / "tests" / "apoteose" / "test_bad_input.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(ROOT / "tests" / "apoteose"))  # its helpers
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "tests" / "apoteose"))
    return [(name, make) for name, make, _ in module.CASES]


APOTEOSE = _apoteose_cases()


@pytest.mark.parametrize("make", [m for _, m in APOTEOSE], ids=[n for n, _ in APOTEOSE])
def test_apoteose_scenario_errors_are_rendered_in_the_language_asked_for(make: Any) -> None:
    from rulekit.views.reasons import error_text

    with pytest.raises(RulekitError) as exc:
        make()
    with pseudo_language() as lang:
        text = error_text(exc.value, lang)
    assert "\n" not in text
    found = leaks(text, error_data(exc.value))
    assert not found, f"{text}\n(English: {exc.value})"


EFFECT_TEXTS = [
    "",
    "Ativar 】 Cure 5 de VIDA.",
    "Ativar 【 Consuma 1 de MANA.",
    "Atvar: Cure 5 de VIDA.",
    "Cure 5 de VIDA.",
    "Ativar 【 ; 】 Cure 5 de VIDA.",
    "Ativar 【 Xyzzy 1 de MANA 】 Cure 5 de VIDA.",
]


@pytest.mark.parametrize("text", EFFECT_TEXTS)
def test_effect_text_errors_are_rendered_in_the_language_asked_for(text: str) -> None:
    from rulekit.apoteose.text import parse_effect
    from rulekit.views.reasons import error_text

    with pytest.raises(RulekitError) as exc:
        parse_effect(text)
    with pseudo_language() as lang:
        line = error_text(exc.value, lang)
    found = leaks(line, error_data(exc.value))
    assert not found, f"{line}\n(English: {exc.value})"


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "seed/no-such-board"],
        ["explain", "seed/blood-moon", "--without", "zzyzx"],
        ["diagram", "seed/blood-moon"],
        ["chain", "apoteose/no-such-chain"],
        ["solve", "Zzyzx.yaml"],
    ],
    ids=["unknown scenario", "unknown effect", "diagram without output", "unknown chain", "no such file"],
)
def test_the_cli_s_own_errors_are_in_the_language_asked_for(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pseudo_language() as lang:
        assert cli.main([*argv, "--lang", lang]) == 2
    _, err = capsys.readouterr()
    message = _unwrap_cli(err)
    data = {*argv, "Zzyzx", "blood-moon", "seed", "--svg", "--dot", "FILE", "DOT", "rulekit"}
    from rulekit import mtg

    data |= {*mtg.list_scenarios(), *(mtg.effect_ids(mtg.load_scenario("seed/blood-moon")))}
    found = leaks(message, data | {w for s in data for w in re.split(r"[/, ]+", s)})
    assert not found, err


def _diagram(argv: list[str]) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert cli.main(argv) == 0
    return buf.getvalue()


def test_rulekit_diagram_speaks_the_language_asked_for() -> None:
    """``rulekit diagram --lang``: the same words as the explorer's diagram, in every language."""
    en = _diagram(["diagram", "classic/lattice-and-march", "--dot", "-"])
    pt = _diagram(["diagram", "classic/lattice-and-march", "--dot", "-", "--lang", "pt-BR"])
    es = _diagram(["diagram", "classic/lattice-and-march", "--dot", "-", "--lang", "es"])
    assert "depends on" in en or "applies to" in en or "existence" in en
    assert en != pt and en != es and pt != es
    from rulekit import mtg
    from rulekit.views import mtg as mv

    trace = mtg.solve("classic/lattice-and-march")
    assert pt == mv.dependency_dot(trace, lang="pt-BR")  # the explorer's diagram, not a rendering of its own
    flow = _diagram(["diagram", "seed/blood-moon", "--dot", "-", "--flow", "--lang", "es"])
    assert flow == mv.layer_flow_dot(mtg.solve("seed/blood-moon"), lang="es")
    from rulekit.apoteose import run_chain
    from rulekit.views.chain import chain_dot

    chain = _diagram(["diagram", "apoteose/nested-responses", "--dot", "-", "--lang", "pt-BR"])
    assert chain == chain_dot(run_chain("apoteose/nested-responses"), lang="pt-BR")
    assert chain != _diagram(["diagram", "apoteose/nested-responses", "--dot", "-"])


def test_rulekit_diagram_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["diagram", "seed/blood-moon", "--dot", "-", "--lang", "pt_PT"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--lang" in err and "did you mean 'pt-BR'" in err


def _apoteose_data(name: str, text: str) -> set[str]:
    from rulekit.apoteose import load_scenario
    from rulekit.apoteose.rulings import PRIORITY_CATEGORIES

    sc = load_scenario(name)
    out = {name, *PRIORITY_CATEGORIES, "Escolha um"}
    for item in [*sc.data["heroes"], *sc.data["cards"]]:
        out |= {str(v) for v in (item.get("id"), item.get("name"), *(item.get("effects") or ())) if v}
    out |= set(re.findall(r"\b[A-ZÀ-Ý]{2,}\b", text))  # Apoteose keywords, in capitals
    out |= set(re.findall(r"\b[\w-]+#\d+\b|\b[\w:]+@[\d.]+", text))  # frame and moment ids
    return out


def _cells(dot: str, data: set[str]) -> str:
    """The layer-flow diagram's record cells, a cell cut to fit (``"Enchantment Artifact Cr…"``,
    ``"Each land is a Sw…"``) dropped when what it starts is data: type words, rules text."""
    words = {w for d in data for w in d.split()}
    out = []
    for cell in re.split(r"(?<!\\)[|{}]", dot):  # a record's fields (an escaped one is rules text: {T})
        cell = re.sub(r"\\([{}|<>])", r"\1", cell)
        stem = cell.strip().removeprefix("●").strip()
        if stem.endswith("…"):
            *whole, last = stem[:-1].split("; ")
            last_words = last.split()
            typed = (
                bool(last_words)
                and all(w in words for w in last_words[:-1])
                and any(w.startswith(last_words[-1]) for w in words)
            )
            if all(w in data for w in whole) and (typed or any(d.startswith(last) for d in data)):
                continue
        out.append(cell)
    return "|".join(out)


def test_every_diagram_of_the_cli_goes_through_the_catalogue() -> None:
    from rulekit import apoteose, mtg
    from tests.i18n.test_pseudo_locale import mtg_data

    data = mtg_data()
    found: list[str] = []
    with pseudo_language() as lang:
        for name in mtg.list_scenarios():
            for flow in ([], ["--flow"]):
                dot = visible(_diagram(["diagram", name, "--dot", "-", "--lang", lang, *flow]))
                dot = _cells(dot, data) if flow else dot  # a record's fields: the layer-flow strip
                found += [f"{name} {flow}: …{x}…" for x in leaks(dot, data)[:3]]
        for name in apoteose.list_scenarios():
            dot = visible(_diagram(["diagram", name, "--dot", "-", "--lang", lang]))
            found += [f"{name}: …{x}…" for x in leaks(dot, _apoteose_data(name, dot))[:3]]
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:40])


def test_the_error_check_is_not_vacuous(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An error whose words bypass the catalogue is found: an English message without a msgid."""
    exc = RulekitError("object 'bears' is used twice", file="s.yaml", line=3, field="objects[1].id")
    from rulekit.views.reasons import error_text

    with pseudo_language() as lang:
        text = error_text(exc, lang)
    assert leaks(text, error_data(exc))
    translated = RulekitError(
        "object id '{id}' is used twice", params={"id": "bears"}, file="s.yaml", line=3, field="objects[1].id"
    )
    with pseudo_language() as lang:
        assert not leaks(error_text(translated, lang), error_data(translated))


def _box(widget: Any) -> str:
    """An explorer's message box as the reader sees it (its text, the error line inside)."""
    return visible(widget.error.value)


def test_the_explorers_own_errors_speak_the_widget_s_language() -> None:
    """A teacher's typo in a lesson cell (an unknown effect id, a wrong argument) shows in the explorer's
    language: LayerExplorer, PredictionCheck, ChainExplorer; and a script's decisions that do not fit."""
    pytest.importorskip("ipywidgets")
    from rulekit.apoteose import run_chain
    from rulekit.views.reasons import error_text
    from rulekit.widgets import ChainExplorer, LayerExplorer, PredictionCheck

    found: list[str] = []
    with pseudo_language() as lang:
        ex = LayerExplorer("seed/humility-then-gideon", lang=lang, backend="text")
        boxes = []
        ex.move(+1, effect_id="humilty")
        boxes.append(("move unknown", _box(ex), {"'humilty'", "humility", *ex._group_of}))
        ex.move(3, effect_id="humility")
        boxes.append(("move 3", _box(ex), {"move()", "-1", "+1", "3"}))
        bad = LayerExplorer("seed/humility-then-gideon", ruleset="curent", lang=lang, backend="text")
        boxes.append(("ruleset", _box(bad), {"ruleset", "seed", "current", "'curent'"}))
        check = PredictionCheck("seed/humility-then-gideon", "pt", "gideon", without=["nope"], lang=lang)
        names = {"nope", "seed/humility-then-gideon", "without", "humility", "gideon"}
        boxes.append(("without", _box(check), names))
        layer = PredictionCheck("seed/humility-then-gideon", "order", layer="9z", lang=lang)
        boxes.append(("layer", _box(layer), {"'9z'", "7b", "7c", "7d", "7e", "6", "4"}))
        chain = ChainExplorer("apoteose/nested-responses", lang=lang, backend="text")
        chain.choose("zzyzx")
        boxes.append(("choose", _box(chain), {"zzyzx", *(i for _, i in chain.options())}))
        for where, text, data in boxes:
            assert text.strip(), where
            found += [f"{where}: …{x}…" for x in leaks(text, data)]
        with pytest.raises(RulekitError) as exc:
            run_chain("apoteose/nested-responses", decisions=["pass", "pass", "pass", "zz-unused"])
        line = error_text(exc.value, lang)
        found += [f"decisions: …{x}…" for x in leaks(line, error_data(exc.value))]
    assert not found, "\n".join(found)


#: Errors of the language forms and checks that live in main's split loader (rulekit.mtg.events,
#: rulekit.mtg.checks): 801 range of influence, 707.9 conditional copy exceptions, the events' own
#: checks (attachments, resolve choices and abilities), an object's choices, 611.2c rules effects.
_CLONE = (
    "{id: clone, name: Clone, types: [Creature], controller: Ann, abilities: [{text: copy,"
    " static: {affects: this, copy: bears, except: {if: [{is: Creature, colors: [blu]}]}}}]}"
)


def _board(option: str = "", event: str = "", bears: str = "", extra: str = "") -> str:
    """Two players, a Grizzly Bears (``bears``: more of its keys) with an Aura on it, ``extra`` objects,
    a scenario ``option`` and one ``event``."""
    lines = ["game: mtg", "players: [Ann, Bo]", option, "objects:"]
    lines.append(f"  - {{id: bears, card: Grizzly Bears, controller: Ann{bears}}}")
    lines.append("  - {id: aura, name: Aura, types: [Enchantment], subtypes: [Aura], attached_to: bears}")
    lines += [f"  - {extra}"] if extra else []
    lines += ["events:", f"  - {event}"] if event else []
    return "\n".join(lines) + "\n"


_SET = "{affects: bears, set_pt: {power: 1}}"


def _static(effect: str) -> str:
    """An artifact with one static ability making ``effect`` (611.2c rules effects)."""
    return f"{{id: x, name: X, types: [Artifact], abilities: [{{text: t, static: {effect}}}]}}"


SPLIT_LOADER_CASES = {
    "range of influence: not a player": _board("range_of_influence: {Anne: 1}"),
    "range of influence: not a number of seats": _board("range_of_influence: 0"),
    "copy exception if: a colour": _board(extra=_CLONE),
    "event: attached to itself": _board(event="attach: {object: bears, to: aura}"),
    "event: a resolve choice": _board(event=f"resolve: {{effect: {_SET}, choices: {{color: bleu}}}}"),
    "event: a choice that fills nothing": _board(event=f"resolve: {{effect: {_SET}, choices: {{zz: blue}}}}"),
    "event: not an ability that resolves": _board(event="resolve: {source: bears, ability: zap}"),
    "event: begin_turn of no player": _board(event="begin_turn: Anne"),
    "event: no such event": _board(event="end_of_tern"),
    "object: a zone": _board(bears=", zone: hnad"),
    "rules: prevent_damage": _board(extra=_static("{affects: creatures, rules: {prevent_damage: often}}")),
    "rules: cant_gain_life": _board(extra=_static("{players: each player, rules: {cant_gain_life: maybe}}")),
    "rules: a cost too large": _board(extra=_static("{affects: creatures, rules: {cost: {add: 1000}}}")),
    "rules: a cost without add": _board(extra=_static("{affects: creatures, rules: {cost: {sub: 1}}}")),
}


@pytest.mark.parametrize("text", list(SPLIT_LOADER_CASES.values()), ids=list(SPLIT_LOADER_CASES))
def test_the_split_loader_s_errors_are_rendered_in_the_language_asked_for(text: str) -> None:
    from rulekit import mtg
    from rulekit.views.reasons import error_text

    with pytest.raises(RulekitError) as exc:
        mtg.scenario_from_text(text, "board")
    assert exc.value.msgid, str(exc.value)  # a catalogue message, not English words
    with pseudo_language() as lang:
        line = error_text(exc.value, lang)
    assert "\n" not in line
    found = leaks(line, error_data(exc.value))
    assert not found, f"{line}\n(English: {exc.value})"


# ---- the command line's own words: every --help, usage errors, new, cards, scenarios, parse-effect


def _parser_data() -> set[str]:
    """What ``--help`` and a usage line show as written: the commands, their option strings, metavars,
    choices and the program's name (taken from the parser, never from its help texts)."""
    import argparse

    from rulekit.i18n import LANGUAGES

    out: set[str] = {"rulekit", "-h", "--help", *LANGUAGES}

    def walk(parser: argparse.ArgumentParser) -> None:
        out.add(parser.prog)
        for action in parser._actions:
            out.update(action.option_strings)
            out.update(str(m) for m in (action.metavar, action.dest) if m)
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    out.add(name)
                    walk(sub)
            elif action.choices:
                out.update(str(c) for c in action.choices)

    walk(cli.build_parser())
    return out | {w for s in list(out) for w in re.split(r"[\s\[\]{},|]+", s) if w}


#: Values the help texts quote as written: built-in names, a file name, rule labels (data, not words).
HELP_DATA = {
    "seed/humility-then-gideon",
    "apoteose/seed-activation",
    "my-board.yaml",
    "rulekit solve",
    "rulekit scenarios",
    "rulekit new",
}

SUBCOMMANDS = ["solve", "scenarios", "new", "cards", "parse-effect", "chain", "explain", "diagram"]


def _exit(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        cli.main(argv)
    out, err = capsys.readouterr()
    return int(done.value.code or 0), out, err


@pytest.mark.parametrize("command", [None, *SUBCOMMANDS])
def test_every_subcommand_s_help_is_in_the_language_asked_for(
    command: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rulekit [COMMAND] --help --lang LANG``: the descriptions, the options' help and argparse's own
    words (usage, section titles, -h) all come from the catalogue."""
    data = _parser_data() | HELP_DATA
    with pseudo_language() as lang:
        code, out, err = _exit([*([command] if command else []), "--help", "--lang", lang], capsys)
    assert code == 0 and err == "" and out.count("⟦") >= 3, out
    found = leaks(out, data)
    assert not found, out


@pytest.mark.parametrize(
    "argv",
    [["new"], ["cards", "--zzyzx"], ["solve", "seed/blood-moon", "--ruleset", "zzyzx"], ["zzyzx"]],
    ids=["missing argument", "unknown option", "bad choice", "unknown command"],
)
def test_usage_errors_are_in_the_language_asked_for(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A usage error: exit status 2, the usage line and one error line, argparse's words translated."""
    data = _parser_data() | {"zzyzx", "'zzyzx'", "seed/blood-moon"}
    with pseudo_language() as lang:
        code, out, err = _exit([*argv, "--lang", lang], capsys)
    *usage, error = err.rstrip("\n").split("\n")  # the usage (wrapped to fit), then one error line
    assert code == 2 and out == "" and usage and error.startswith("⟦rulekit"), err
    found = leaks(err, data)
    assert not found, err


def test_rulekit_new_speaks_the_language_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pseudo_language() as lang:
        assert cli.main(["new", "board.yaml", "--lang", lang]) == 0
        out, _ = capsys.readouterr()
        assert (tmp_path / "board.yaml").exists()
        assert not leaks(out, {"board.yaml"}), out
        assert cli.main(["new", "board.yaml", "--lang", lang]) == 2
    _, err = capsys.readouterr()
    found = leaks(_unwrap_cli(err), {"board.yaml"})
    assert not found, err


def test_rulekit_cards_and_scenarios_speak_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """``rulekit cards`` (names and type lines are the cards' data; "loyalty" is a word) and ``rulekit
    scenarios`` (names, games; descriptions and titles are data given per language)."""
    from rulekit import apoteose
    from tests.i18n.test_pseudo_locale import mtg_data

    data = mtg_data() | {"mtg", "apoteose"}
    for name in apoteose.list_scenarios():
        sc = apoteose.load_scenario(name)
        data |= {name, *sc.titles.values(), sc.title}
    found: list[str] = []
    with pseudo_language() as lang:
        for argv in (["cards"], ["cards", "--search", "zzyzx"], ["scenarios"]):
            assert cli.main([*argv, "--lang", lang]) == 0
            out, _ = capsys.readouterr()
            assert out.strip()
            shown = out.replace("...", "…")  # a description cut to fit
            found += [f"{argv}: …{x}…" for x in leaks(shown, data | {"zzyzx"})[:5]]
    assert not found, "\n".join(found)


PARSE_EFFECT_TEXTS = [
    "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA e Recupere 2 de MANA.",
    "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE; Descarte uma carta 】 Recupere 1 de MANA",
    "Ativar · Da Mesa · Uma Vez por Ciclo Cure 1 de VIDA.",
    "Ativar【 Quando zorp 】 Cure 1 de VIDA.",
]


@pytest.mark.parametrize("text", PARSE_EFFECT_TEXTS)
def test_rulekit_parse_effect_speaks_the_language_asked_for(
    text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The labels, the requirement kinds and moments and the warnings are words; the text, its keywords
    and statements (the JSON of each), the codes and positions are data."""
    import json

    from rulekit.apoteose import canonical
    from rulekit.apoteose.text import format_effect, parse_effect

    e = parse_effect(text)
    data = {text, format_effect(e), e.description, *e.keywords, *(r.text for r in e.requirements)}
    data |= {json.dumps(st.to_dict(), ensure_ascii=False) for st in e.body}
    data |= {json.dumps(r.ast, ensure_ascii=False) for r in e.requirements}
    # what was read, in the seed's words: card language (Portuguese in every language), data like the text
    for part in [*e.requirements, *e.body]:
        with contextlib.suppress(canonical.NotWorded):
            words = (
                canonical.canonical_requirement(part)
                if hasattr(part, "kind")
                else canonical.canonical_statement(part)
            )
            data |= {words, *words.split()}
    for w in e.warnings:
        data |= {w.code, str(w.position), *(str(v) for v in w.params.values() if not isinstance(v, Phrase))}
    with pseudo_language() as lang:
        assert cli.main(["parse-effect", text, "--lang", lang]) == 0
    out, _ = capsys.readouterr()
    found = leaks(out, data | {w for d in list(data) for w in d.split()})
    assert not found, out
