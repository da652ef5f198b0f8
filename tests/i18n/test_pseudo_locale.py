"""The pseudo-locale test (MTG side). Every built-in MTG scenario is rendered through the
LayerExplorer (every step, both editions) and ``rulekit solve`` / ``rulekit explain`` in a generated
locale whose every message is bracketed (``tests/i18n/pseudo.py``); any run of letters left outside the
brackets that is not data (card and player names, ids, rules text, type words) is a word that bypassed
the catalogue."""

from __future__ import annotations

import contextlib
import io
import os

import pytest

from rulekit.errors import ScenarioError
from tests.i18n.pseudo import leaks, pseudo_language, visible

pytest.importorskip("babel")


def mtg_data() -> set[str]:
    """What the MTG views show as written: card names and rules text of the library, type words,
    and per built-in its name, players, objects' ids and names, effects' ids and texts, and its
    description (given per language in the data; another test checks each language is there)."""
    from rulekit import mtg
    from rulekit.mtg import vocab
    from rulekit.mtg.loader import library

    out: set[str] = set()
    for name, card in library().items():
        out.add(str(name))
        for ab in card.get("abilities", ()) or ():
            out.add(str(ab.get("text", "")) if isinstance(ab, dict) else str(ab))
    for attr in ("CARD_TYPES", "SUPERTYPES", "LAND_TYPES", "ARTIFACT_TYPES", "ENCHANTMENT_TYPES"):
        out |= {str(w) for w in getattr(vocab, attr, ())}
    out |= {str(w) for w in getattr(vocab, "CREATURE_TYPES", ())}
    out |= {str(w) for words in getattr(vocab, "_SUB", {}).values() for w in words}
    for name in mtg.list_scenarios():
        sc = mtg.load_scenario(name)
        out |= {name, sc.name, sc.description, *(text for _, text in sc.descriptions), *sc.players}
        for ruleset in ("seed", "current"):
            tr = mtg.solve(sc, ruleset=ruleset)
            for e in tr.effects:
                out |= {e.id, e.text, e.affects}
                out |= {str(v) for k, v in e.name_params if k in ("card", "by") and isinstance(v, str)}
                if not e.name_code:  # a name written by hand in the scenario is data
                    out.add(str(e.name))
            for view in (*tr.initial.values(), *tr.final.values()):
                out |= {view.id, view.name, *map(str, view.abilities), str(view.controller), str(view.owner)}
                out |= {*view.types, *view.subtypes, *view.supertypes}
                out |= {str(k) for k, _ in view.counters}
            for p in tr.players.values():
                out |= {p.name, *map(str, p.abilities)}
            out |= set(tr.rules)
    return {s for s in out if s}


def mtg_renders(lang: str) -> list[tuple[str, str]]:
    """(where, visible text) for every MTG built-in, both editions: the LayerExplorer at every step,
    and ``rulekit solve`` / ``rulekit explain``."""
    from rulekit import mtg
    from rulekit.cli import main
    from rulekit.widgets import LayerExplorer

    out: list[tuple[str, str]] = []
    for name in mtg.list_scenarios():
        for ruleset in ("seed", "current"):
            where = f"{name} ({ruleset})"
            ex = LayerExplorer(name, ruleset=ruleset, lang=lang, backend="text")
            assert not ex.error.value, ex.error.value
            out.append((f"{where} title", visible(ex.title_html.value)))
            out.append((f"{where} controls", "\n".join(_control_words(ex))))
            out.append((f"{where} dependencies", visible(ex.deps_html.value)))
            out.append((f"{where} legend", visible(ex.legend_html.value)))
            for k in range(ex.step.max + 1):
                ex.step.value = k
                for part in ("final_html", "layers_html", "explain_html", "players_html", "diagram_html"):
                    out.append((f"{where} step {k} {part}", _diagram_or_html(getattr(ex, part).value)))
            for command in ("solve", "explain"):
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf):
                    assert main([command, name, "--lang", lang, "--ruleset", ruleset]) == 0
                out.append((f"rulekit {command} {where}", buf.getvalue()))
    return out


def prediction_renders(lang: str) -> list[tuple[str, str]]:
    """PredictionCheck on MTG built-ins: every kind, its question, a wrong answer's feedback and the
    revealed answer (each step explained)."""
    from rulekit import mtg
    from rulekit.widgets import PredictionCheck

    out: list[tuple[str, str]] = []
    for name in mtg.list_scenarios():
        for ruleset in ("seed", "current"):
            trace = mtg.solve(name, ruleset=ruleset)
            # every object of the board, every kind: each wrong answer and each revealed answer
            asked = [("order", None)] + [(k, oid) for oid in trace.final for k in _VIEW_KINDS]
            for kind, target in asked:
                p = PredictionCheck(trace, kind, target, lang=lang)
                where = f"PredictionCheck {name} ({ruleset}) {kind} {target or ''}"
                assert not p.error.value, (where, p.error.value)
                out.append((f"{where} question", visible(p.question.value)))
                p.answer.value = "Zzyzx"  # a wrong answer: data-free, so any word left is the widget's
                p.do_check()
                out.append((f"{where} wrong", visible(p.result.value).replace("Zzyzx", " ")))
                p.do_reveal()
                out.append((f"{where} reveal", visible(p.result.value).replace("Zzyzx", " ")))
    return out


_VIEW_KINDS = ("pt", "controller", "types", "subtypes", "colors")


def _diagram_or_html(value: str) -> str:
    if "rulekit-dot-fallback" in value:  # the text backend: the DOT's labels and tooltips
        import html
        import re

        pre = re.search(r"<pre[^>]*>(.*?)</pre>", value, flags=re.S)
        note = re.search(r"<p>(.*?)</p>", value, flags=re.S)  # how to get pictures, in the language
        dot = visible(html.unescape(pre.group(1))) if pre else ""
        return visible(note.group(1) if note else "") + "\n" + dot
    return visible(value)


def _control_words(ex) -> list[str]:
    words = []
    for w in ex._controls():
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(w, attr, None)
            if isinstance(value, str):
                words.append(value)
        for opt in getattr(w, "options", ()) or ():
            words.append(str(opt[0] if isinstance(opt, tuple) else opt))
        words.extend(str(t) for t in getattr(w, "tooltips", ()) or ())
    for rows in (getattr(ex, "rows_widget", None), getattr(ex, "board_rows_widget", None)):
        if rows is not None:  # the timestamp or board rows as one widget: its buttons' words and tooltips
            keys = [kind["key"] for kind in rows.kinds]
            words += [kind["word"] for kind in rows.kinds] + [row[k] for row in rows.rows for k in keys]
    return words


def test_the_pseudo_locale_brackets_every_message() -> None:
    from rulekit.i18n import translator

    with pseudo_language() as lang:
        t = translator(lang)
        assert t("layer {layer}", layer="7b") == "⟦láýér 7b⟧"
        assert t.n("{n} row", "{n} rows", 3) == "⟦3 róws⟧" and t.p("zone", "graveyard") == "⟦grávéýárd⟧"
    from rulekit.i18n import LANGUAGES

    assert "qps" not in LANGUAGES


def test_mtg_prediction_checks_show_no_word_outside_the_catalogue() -> None:
    pytest.importorskip("ipywidgets")
    data = mtg_data()
    with pseudo_language() as lang:
        renders = prediction_renders(lang)
    found = []
    for where, text in renders:
        found += [f"{where}: …{leak}…" for leak in leaks(text, data)[:3]]
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", ["pt-BR", "es"])
def test_a_wrong_answer_names_every_effect_as_the_explorer_does(lang: str) -> None:
    """A wrong answer lists every effect of the board, each named as the explorer above names it in the
    lesson's language ("Artificial Evolution: conjuração", not "…: cast"), for every object of every built-in
    (a leak of an English name can hide from the pseudo-locale test: "cast" is also an effect id's word)."""
    pytest.importorskip("ipywidgets")
    from rulekit import mtg
    from rulekit.views import mtg as mv
    from rulekit.widgets import PredictionCheck

    translated = 0
    for name in mtg.list_scenarios():
        trace = mtg.solve(name)
        for oid in trace.final:
            for kind in _VIEW_KINDS:
                p = PredictionCheck(trace, kind, oid, lang=lang)
                p.answer.value = "Zzyzx"
                p.do_check()
                text = visible(p.result.value)
                for step in trace.steps:
                    local, english = (
                        mv.effect_name(trace, step.effect, lang),
                        mv.effect_name(trace, step.effect),
                    )
                    assert local in text, (name, oid, kind, local)
                    if english != local and english not in local:
                        translated += 1
                        assert english not in text, (name, oid, kind, english)
    assert translated > 0  # the check is not vacuous: some effects' names differ in the language


def test_mtg_explorer_and_cli_show_no_word_outside_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipywidgets")
    if "RULEKIT_GRAPHVIZ" not in os.environ:  # for this test only (later tests draw with their own backend)
        monkeypatch.setenv("RULEKIT_GRAPHVIZ", "text")
    data = mtg_data()
    with pseudo_language() as lang:
        renders = mtg_renders(lang)
    found = []
    for where, text in renders:
        found += [f"{where}: …{leak}…" for leak in leaks(text, data)[:3]]
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:40])


def builder_renders(lang: str) -> list[tuple[str, str]]:
    """A BoardBuilder in ``lang``: its controls, a board with cards on the battlefield and in other
    zones, a resolution, and its own errors (an unknown card, an unknown zone)."""
    from rulekit.widgets.builder import BoardBuilder

    b = BoardBuilder(lang=lang)
    out: list[tuple[str, str]] = []

    def snap(where: str) -> None:
        for part in ("error", "status_html", "board_html", "title_html", "final_html", "explain_html"):
            out.append((f"BoardBuilder {where} {part}", visible(getattr(b, part).value)))
        out.append((f"BoardBuilder {where} list", "\n".join(str(o[0]) for o in b.board_list.options)))
        out.append((f"BoardBuilder {where} controls", "\n".join(_widget_words(b.widget))))

    snap("empty")
    b.add_card("Grizzly Bears")
    b.add_card("Glorious Anthem")
    b.add_card("Grizzly Bears", zone="graveyard")
    b.add_card("Humility", zone="hand")
    snap("cards")
    for call, where in (
        (lambda: b.add_card("Zzyzx Card"), "unknown card"),
        (lambda: b.add_card("Grizzly Bears", zone="zzyzx"), "unknown zone"),
        # the loader's check, in the builder's words
        (lambda: b.add_card("Grizzly Bears", counters={"+1/+1": 5_000_000}), "too many counters"),
        (lambda: b.add_custom("Zzyzx Card", "zzyzx"), "custom card"),  # a type word the loader checks
    ):
        with contextlib.suppress(ScenarioError):  # the API raises; the widget shows the same message
            call()
        snap(where)
    return out


def _widget_words(widget) -> list[str]:
    out: list[str] = []
    for attr in ("description", "tooltip"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    if type(widget).__name__ in ("Label",):
        out.append(str(widget.value))
    if type(widget).__name__ in ("ButtonRows", "OrderRows"):  # rows as one widget: its buttons' words, tips
        keys = [kind["key"] for kind in widget.kinds]
        out += [kind["word"] for kind in widget.kinds] + [row[k] for row in widget.rows for k in keys]
    for opt in getattr(widget, "options", ()) or ():
        out.append(str(opt[0] if isinstance(opt, tuple) else opt))
    for child in getattr(widget, "children", ()) or ():
        out.extend(_widget_words(child))
    return out


def test_board_builder_shows_no_word_outside_the_catalogue() -> None:
    pytest.importorskip("ipywidgets")
    data = mtg_data() | {"Zzyzx Card", "zzyzx"}
    from rulekit.mtg.loader import library

    data |= set(library())  # the search list shows the library's cards
    with pseudo_language() as lang:
        renders = builder_renders(lang)
    found = []
    for where, text in renders:
        found += [f"{where}: …{leak}…" for leak in leaks(text, data)[:3]]
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:40])


def test_practice_shows_no_word_outside_the_catalogue() -> None:
    """Lesson 06's practice puzzles: the board in words, the question and a wrong answer's feedback."""
    pytest.importorskip("ipywidgets")
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "lessons" / "practice.py"
    spec = importlib.util.spec_from_file_location("rulekit_lessons_practice_pseudo", path)
    assert spec is not None and spec.loader is not None
    import sys

    practice = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = practice  # dataclasses look their module up
    spec.loader.exec_module(practice)
    data = mtg_data()
    found = []
    with pseudo_language() as lang:
        for seed in range(8):
            game = practice.Practice(seed=seed, lang=lang)
            game.check.answer.value = "Zzyzx"
            game.check.do_check()
            for part in (game.board, game.score, game.check.question, game.check.result):
                text = visible(part.value).replace("Zzyzx", " ")
                found += [f"Practice seed {seed}: …{leak}…" for leak in leaks(text, data)[:3]]
    assert not found, f"{len(found)} leaks, e.g.\n" + "\n".join(found[:40])


def test_the_check_is_not_vacuous() -> None:
    """A word that bypasses the catalogue is found: English rendered as it is, and one English word
    put into an otherwise bracketed render."""
    from tests.i18n.pseudo import outside_brackets

    data = {"Grizzly Bears", "bears"}
    assert leaks("⟦Fíñál çháráçtéristíçs⟧ Grizzly Bears (bears): ⟦láýér {n}⟧ 7b", data) == []
    found = leaks("⟦Fíñál çháráçtéristíçs⟧ Grizzly Bears: layer 7b", data)
    assert len(found) == 1 and "layer" in found[0]
    assert outside_brackets("a ⟦b ⟦c⟧ d⟧ e").split() == ["a", "e"]
    assert leaks("All creatures lose all abili…", {"All creatures lose all abilities."}) == []
