"""Every self-check of every lesson: its right answer, a wrong one and the empty box.

The PredictionCheck cells are read from the English lesson sources and run as the notebook would;
each widget is then answered three ways. A wrong answer must not give the answer away.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from rulekit.i18n import REGISTRY, translated_languages

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "tools" / "lesson_src"


@functools.cache
def _practice():
    name = "rulekit_lessons_practice_i18n"
    spec = importlib.util.spec_from_file_location(name, ROOT / "lessons" / "practice.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def _blocks(path: Path) -> list[str]:
    return re.findall(r"```python[^\n]*\n(.*?)\n```", path.read_text(encoding="utf-8"), flags=re.S)


def _cells(src: Path = SRC) -> list[tuple[str, int, str]]:
    out = []
    for path in sorted(src.glob("*.md")):
        for n, code in enumerate(_blocks(path)):
            if "PredictionCheck(" in code:
                out.append((path.stem, n, code))
    return out


CELLS = _cells()


def _run(code: str, env: dict) -> object:
    tree = ast.parse(code)
    last = tree.body.pop()
    exec(compile(tree, "<cell>", "exec"), env)  # noqa: S102 - the lessons' own cells
    assert isinstance(last, ast.Expr)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), env)  # noqa: S307


def _env(lesson: str, n: int, cells: list[tuple[str, int, str]] = CELLS, src: Path = SRC) -> dict:
    """What the cell sees: the lesson's imports, and the set-up lines of its earlier self-check cells."""
    from rulekit.mtg import solve
    from rulekit.widgets import BoardBuilder, PredictionCheck

    practice = _practice()
    env = {
        "BoardBuilder": BoardBuilder,
        "PredictionCheck": PredictionCheck,
        "solve": solve,
        "puzzles": practice.puzzles,
    }
    for stem, m, code in cells:
        if stem == lesson and m < n:
            tree = ast.parse(code)
            tree.body.pop()
            exec(compile(tree, "<cell>", "exec"), env)  # noqa: S102
    # an earlier cell (not a self-check) that makes a name this one uses: lesson 06's board4 = BoardBuilder()
    this = next(code for stem, m, code in cells if stem == lesson and m == n)
    used = {node.id for node in ast.walk(ast.parse(this)) if isinstance(node, ast.Name)}
    for m, code in enumerate(_blocks(src / f"{lesson}.md")):
        if m < n and "PredictionCheck(" not in code:
            tree = ast.parse(code)
            made = {
                t.id
                for node in tree.body
                if isinstance(node, ast.Assign)
                for t in node.targets
                if isinstance(t, ast.Name)
            }
            if made & used - set(env):
                exec(compile(tree, "<cell>", "exec"), env)  # noqa: S102
    return env


def _answer(p, text):
    p.answer.value = text
    p.check.click()
    return p.correct


def test_the_lessons_have_self_checks():
    assert len(CELLS) >= 12
    assert {stem for stem, _, _ in CELLS} >= {"01-layers", "05-apoteose-chain", "06-practice"}


@pytest.mark.parametrize(("lesson", "n", "code"), CELLS, ids=[f"{s}-cell{n}" for s, n, _ in CELLS])
def test_right_wrong_and_empty(lesson, n, code, monkeypatch):
    monkeypatch.setenv("RULEKIT_GRAPHVIZ", "text")
    monkeypatch.chdir(ROOT / "lessons")  # the notebooks' working directory (scenarios/...)
    p = _run(code, _env(lesson, n))
    assert p.error.value == "", p.error.value
    right = p.expected()
    assert right.strip(), "the right answer must be something one can type"
    assert _answer(p, right) is True and "✔" in p.result.value
    assert _answer(p, "zz-not-an-answer") is False
    assert "✘" in p.result.value
    if p.kind == "order" and "," in right:
        assert right not in p.result.value  # the order is not given away
    if p.kind in ("pt", "controller"):
        assert f"→ {right}" not in p.result.value  # no values after a wrong answer
    assert _answer(p, "") is None and "Type a prediction first" in p.result.value
    p.reveal.click()
    assert "Answer:" in p.result.value and right in p.result.value
    assert "None" not in p.result.value  # no Python None showing through


@pytest.mark.parametrize("word", ["none", "None", "nenhuma", "nenhum", "ninguna", "ninguno"])
def test_none_is_an_answer_when_no_card_resolves(word):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/evocacao-refused", ask="resolution_order")
    assert _answer(p, word) is True
    assert _answer(p, "ritual") is False
    assert "Previsão" in p.result.value  # the rule that decides the board is named


def test_none_is_wrong_when_cards_resolve():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/nested-responses", ask="resolution_order")
    assert _answer(p, "none") is False


def test_reveal_with_nothing_resolved_has_no_python_none():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/evocacao-refused", ask="resolution_order")
    p.reveal.click()
    assert "Answer:</strong> none" in p.result.value
    assert "#None" not in p.result.value and "ritual: refused" in p.result.value


def test_a_wrong_order_names_the_priority_rule_without_the_order():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/priority-seven", ask="resolution_order")
    assert _answer(p, "golpe") is False
    html = p.result.value
    assert "lesson 05, section 4: priority" in html and "seed 003" not in html
    assert "Campanha" in html and "Mestre de Jogo" in html
    assert "profecia" not in html and "sentenca" not in html  # no card of the answer
    assert "Press Reveal".casefold() in html.casefold()


def test_a_wrong_mtg_order_names_the_rules_not_the_order():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("seed/humility-then-gideon", "order", layer="7b")
    assert _answer(p, "nothing, at all") is False
    assert "timestamp order" in p.result.value
    assert "Humility" not in p.result.value and "Gideon" not in p.result.value


def test_the_self_checks_speak_the_lesson_language():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("apoteose/priority-seven", ask="resolution_order", lang="pt-BR")
    assert p.check.description == "Verificar"
    assert _answer(p, "golpe") is False
    assert "lição 05, seção 4: prioridade" in p.result.value and "Não está certo" in p.result.value
    e = PredictionCheck("apoteose/evocacao-refused", ask="resolution_order", lang="es")
    assert _answer(e, "ninguna") is True and "Correcto" in e.result.value


#: the translated lessons' self-checks (same cells, the learner's words and ``lang=``)
TRANSLATED = [
    (lang, *cell) for lang in translated_languages() for cell in _cells(SRC / REGISTRY[lang].lessons)
]
#: words of the English feedback that must not show through in a translated self-check
ENGLISH_ONLY = (
    "timestamp order",
    "Type a prediction first",
    "Not right",
    "Right:",
    "Answer:",
    "press Reveal",
)


@pytest.mark.parametrize(
    ("lang", "lesson", "n", "code"), TRANSLATED, ids=[f"{lang}-{s}-cell{n}" for lang, s, n, _ in TRANSLATED]
)
def test_right_wrong_and_empty_in_the_lesson_language(lang, lesson, n, code, monkeypatch):
    """Each translated self-check answered right, wrong and empty, then revealed: it judges as the
    English one does, and no English feedback shows through."""
    monkeypatch.setenv("RULEKIT_GRAPHVIZ", "text")
    monkeypatch.chdir(ROOT / "lessons" / lang)  # a translated notebook runs one folder down
    p = _run(code, _env(lesson, n, [c[1:] for c in TRANSLATED if c[0] == lang], SRC / REGISTRY[lang].lessons))
    assert p.error.value == "", p.error.value
    said = []
    for answer, verdict in ((p.expected(), True), ("zz-not-an-answer", False), ("", None)):
        assert _answer(p, answer) is verdict
        said.append(p.result.value)
    p.reveal.click()
    said.append(p.result.value)
    for html in said:
        assert not [w for w in ENGLISH_ONLY if w in html], html


@pytest.mark.parametrize(
    ("scenario", "kind", "obj", "lang", "word"),
    [
        ("classic/urborg-then-blood-moon", "subtypes", "urborg", "pt-BR", "(nenhum,"),
        ("classic/urborg-then-blood-moon", "subtypes", "urborg", "es", "(ninguno,"),
        ("seed/blood-moon", "order", None, "pt-BR", "(nenhum,"),  # efeitos
        ("seed/blood-moon", "order", None, "es", "(ninguno,"),
        ("apoteose/nested-responses", "resolution_order", None, "pt-BR", "(nenhuma,"),  # cartas
        ("apoteose/nested-responses", "resolution_order", None, "es", "(ninguna,"),
        ("classic/urborg-then-blood-moon", "subtypes", "urborg", "en", "(none if you think it has none)"),
    ],
)
def test_the_empty_box_hint_says_none_as_the_answer_would(scenario, kind, obj, lang, word) -> None:
    """An empty answer is told to type "none" if nothing is the answer: the word agrees with what the check
    asks about (subtipos, efeitos: "nenhum"; cartas: "nenhuma"), as the revealed answer does;
    the hint said "nenhuma" for subtypes and effects."""
    from rulekit.widgets import PredictionCheck

    args = {"object": obj} if obj else {}
    p = PredictionCheck(scenario, ask=kind, lang=lang, **args)
    assert _answer(p, "") is None and word in p.result.value
    none = word.strip("(,").split()[0]
    assert (
        _answer(p, none) is False
    )  # the word is read as "none" (judged, not refused): these boards have an answer
