"""The players' and the rules' layers (CR 613.10, 613.11) after the word "layer": "camada dos
jogadores", "capa de las reglas" — never "camada jogadores" — in step text, diagrams and the
prediction widget; alone (a table's layer column) they stay "jogadores", "reglas"."""

from __future__ import annotations

import pytest

from rulekit import mtg
from rulekit.views import mtg as mv
from rulekit.views import reasons
from rulekit.views.mtg_words import layer_text

CASES = [
    ("pt-BR", "seed/witchbane-orb", "camada dos jogadores", "camada jogadores"),
    ("pt-BR", "seed/gnat-miser", "camada das regras", "camada regras"),
    ("es", "seed/witchbane-orb", "capa de los jugadores", "capa jugadores"),
    ("es", "seed/gnat-miser", "capa de las reglas", "capa reglas"),
    ("en", "seed/witchbane-orb", "layer players", "layer of"),
]


@pytest.mark.parametrize(("lang", "scenario", "right", "wrong"), CASES)
def test_step_text_and_diagram_name_the_layer(lang: str, scenario: str, right: str, wrong: str) -> None:
    trace = mtg.solve(mtg.load_scenario(scenario))
    steps = " ".join(reasons.explain_step(trace, k, lang=lang) for k in range(1, len(trace.steps) + 1))
    dot = mv.dependency_dot(trace, lang=lang)
    for text in (steps, dot):
        assert right in text and wrong not in text


@pytest.mark.parametrize(("lang", "scenario", "right", "wrong"), CASES)
def test_prediction_reveal_names_the_layer(lang: str, scenario: str, right: str, wrong: str) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import PredictionCheck

    layer = "players" if "witchbane" in scenario else "rules"
    p = PredictionCheck(mtg.solve(mtg.load_scenario(scenario)), "order", layer=layer, lang=lang)
    assert p.error.value == ""
    assert right in p.question.value and wrong not in p.question.value
    p.do_reveal()
    assert right in p.result.value and wrong not in p.result.value


def test_alone_the_layer_is_its_word() -> None:
    assert layer_text("players", "pt-BR") == "jogadores" and layer_text("rules", "es") == "reglas"
    assert layer_text("7b", "pt-BR", after_layer=True) == "7b"
