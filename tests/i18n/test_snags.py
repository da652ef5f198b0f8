"""Learners' snags that are not self-checks: typos in without=, jargon, empty boards, languages."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _text_backend(monkeypatch):
    monkeypatch.setenv("RULEKIT_GRAPHVIZ", "text")


def test_prediction_check_refuses_an_unknown_effect_with_did_you_mean():
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck("seed/humility-then-gideon", ask="pt", object="gideon", without=["nigth"])
    assert (
        "no effect &#x27;nigth&#x27;" in p.error.value and "did you mean &#x27;night&#x27;" in p.error.value
    )
    assert p.question.value == ""  # nothing half-applied: no question to answer wrongly


def test_prediction_check_without_on_a_solved_trace_is_refused():
    from rulekit.mtg import solve
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(solve("seed/humility-then-gideon"), ask="pt", object="gideon", without=["night"])
    assert "without=" in p.error.value


def test_layer_explorer_without_unticks_and_refuses_typos():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", without=["night"])
    assert ex.error.value == "" and ex.effect_boxes["night"].value is False
    assert ex.disabled == ("night",)
    bad = LayerExplorer("seed/humility-then-gideon", without=["moon"])
    assert "no effect &#x27;moon&#x27;" in bad.error.value
    hint = LayerExplorer("seed/blood-moon", without=["bloodmoon"])
    assert "did you mean" in hint.error.value


def test_a_hostile_effect_id_is_escaped():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", without=["<img src=x onerror=alert(1)>"])
    assert "<img" not in ex.error.value and "&lt;img" in ex.error.value


def test_chain_moments_in_plain_words_with_ids_in_tooltips():
    from rulekit.widgets import ChainExplorer

    c = ChainExplorer("apoteose/nested-responses")
    window = c.window_html.value
    text = re.sub(r"<[^>]+>", "", window)
    assert "the activation of #0" in text and "the discard paid for #0" in text
    assert "before the healing of #0" in text
    assert "activate@0" not in text and "before:heal@0.0" not in text
    assert 'title="activate@0"' in window and 'title="before:heal@0.0"' in window
    c.choose(c.options()[1][1])
    stack = re.sub(r"<[^>]+>", "", c.stack_html.value)
    assert "answers the activation of #0" in stack and "activate@0" not in stack
    log = re.sub(r"<[^>]+>", "", c.log_html.value)
    assert "activate@0" not in log and "the activation of #0" in log


def test_chain_explorer_speaks_spanish():
    from rulekit.widgets import ChainExplorer

    c = ChainExplorer("apoteose/nested-responses", lang="es")
    assert c.choose_button.description == "Elegir" and c.text_size.description == "Tamaño del texto"
    text = re.sub(r"<[^>]+>", "", c.window_html.value)
    assert "la activación de #0" in text and "Foco ★ en #0" in text
    assert "Registro de la cadena" in c.log_html.value


def test_layer_explorer_speaks_portuguese():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", lang="pt-BR")
    assert ex.move_up.description == "Subir" and ex.step.description == "Passo"
    assert "Características finais" in ex.final_html.value and "camada" in ex.layers_html.value
    assert "Passo 5 de 5 — camada 7c" in ex.explain_html.value
    ex.effect_boxes["night"].value = False
    assert "1 efeito desligado" in ex.board_html.value


@pytest.mark.parametrize("factory", ["LayerExplorer", "ChainExplorer", "PredictionCheck"])
def test_an_unknown_language_shows_a_message(factory):
    import rulekit.widgets as rw

    scenario = "apoteose/nested-responses" if factory == "ChainExplorer" else "seed/humility-then-gideon"
    kw = {"kind": "pt", "target": "gideon"} if factory == "PredictionCheck" else {}
    ex = getattr(rw, factory)(scenario, lang="pt_PT", **kw)
    assert (
        "not a language of rulekit" in ex.error.value and "did you mean &#x27;pt-BR&#x27;" in ex.error.value
    )


def _practice():
    name = "rulekit_lessons_practice_snags"
    spec = importlib.util.spec_from_file_location(name, ROOT / "lessons" / "practice.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_puzzle_with_every_effect_off_says_so():
    from rulekit.mtg import effect_ids, load_scenario, solve, without

    practice = _practice()
    board = load_scenario("seed/humility-then-gideon")
    ids = effect_ids(board)
    off = solve(without(board, ids))
    puzzle = practice.Puzzle("seed/humility-then-gideon", "pt", "gideon", ids, ids, off)
    text = puzzle.describe()
    assert "first: ." not in text and text.startswith("Every effect is switched off: ")
    assert "Todos os efeitos estão desligados" in puzzle.describe("pt-BR")


def test_practice_in_spanish():
    game = _practice().Practice(seed=4, lang="es")
    assert game.next.description == "Siguiente reto" and "Puntuación" in game.score.value
    assert game.check.check.description == "Comprobar"


def test_checked_cells_show_html_tables_and_a_short_text_line():
    from rulekit.mtg import solve
    from rulekit.views.localized import checked, final_table, layer_table

    trace = solve("seed/humility-then-gideon")
    shown = checked(layer_table(trace), final_table(trace))
    html = shown._repr_html_()
    assert html.count("<table") == 2 and 'id="T_rk-layers-' in html
    assert html == checked(layer_table(trace), final_table(trace))._repr_html_()  # fixed uuid: same bytes
    lines = repr(shown).splitlines()
    assert len(lines) == 2 and all(len(line) < 120 for line in lines)
    assert lines[1] == "Final characteristics — seed/humility-then-gideon (seed layers): 3 rows"


def test_localized_tables_translate_headers_and_why():
    from rulekit.mtg import solve
    from rulekit.views.localized import dependency_table, layer_table

    trace = solve("classic/lattice-and-march")
    es = layer_table(trace, lang="es")
    assert es.columns[1] == "capa" and "sello temporal" in es.columns
    assert any("esperó a" in row[5] for row in es.rows)
    assert dependency_table(trace, lang="pt-BR").rows[0][1] == "depende de"


def test_the_legend_is_a_compact_collapsible_box_not_part_of_the_diagram():
    from rulekit.mtg import solve
    from rulekit.views import mtg as mv
    from rulekit.widgets import ChainExplorer, LayerExplorer

    trace = solve("classic/lattice-and-march")
    assert "cluster_legend" in mv.dependency_dot(trace)  # the CLI and saved diagrams keep theirs
    assert "cluster_legend" not in mv.dependency_dot(trace, legend=False)
    ex = LayerExplorer("classic/lattice-and-march", backend="text")
    assert "cluster_legend" not in ex.diagram_html.value
    assert "<details" in ex.legend_html.value and "<summary" in ex.legend_html.value
    assert "613.8b" in ex.legend_html.value
    es = ChainExplorer("apoteose/nested-responses", backend="text", lang="es")
    assert "cluster_legend" not in es.diagram_html.value and "Leyenda" in es.legend_html.value


def test_diagrams_speak_the_explorer_language():
    from rulekit.widgets import ChainExplorer, LayerExplorer

    ex = LayerExplorer("classic/dependency-loop", backend="text", lang="pt-BR")
    assert (
        "camada 4 · st 1" in ex.diagram_html.value
        and "ciclo 1: aplicado por selo temporal" in ex.diagram_html.value
    )
    assert "Life and Limb" in ex.diagram_html.value  # card names stay English
    ch = ChainExplorer("apoteose/nested-responses", backend="text", lang="es")
    ch.choose(ch.options()[1][1])  # bruno's raio answers the activation of #0
    assert "índice 0" in ch.diagram_html.value and "responde a la activación de #0" in ch.diagram_html.value


def test_a_teachers_typo_is_reported_in_the_lesson_language():
    from rulekit.widgets import LayerExplorer, PredictionCheck

    p = PredictionCheck(
        "seed/humility-then-gideon", ask="pt", object="gideon", without=["nigth"], lang="pt-BR"
    )
    assert "Não deu certo" in p.error.value and "não há efeito &#x27;nigth&#x27;" in p.error.value
    assert "você quis dizer &#x27;night&#x27;" in p.error.value
    ex = LayerExplorer("seed/humility-then-gideon", without=["moon"], lang="es")
    assert "no hay ningún efecto &#x27;moon&#x27;" in ex.error.value
