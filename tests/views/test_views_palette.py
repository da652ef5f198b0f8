"""Okabe–Ito palette in one module; colour is never the only cue."""

from __future__ import annotations

from rulekit.views import palette


def test_the_eight_okabe_ito_colours():
    assert set(palette.OKABE_ITO.values()) == {
        "#000000",
        "#E69F00",
        "#56B4E9",
        "#009E73",
        "#F0E442",
        "#0072B2",
        "#D55E00",
        "#CC79A7",
    }


def test_every_colour_used_in_diagrams_comes_from_the_palette(mtg_trace, chain_trace):
    import re

    from rulekit.views import chain as cv
    from rulekit.views import mtg as mv

    allowed = (
        set(palette.OKABE_ITO.values())
        | set(palette.TINTS.values())
        | {"#FFFFFF", "#777777", "#EEEEEE", "#888888", "#555555"}
    )
    for dot in (
        mv.dependency_dot(mtg_trace, highlight=1),
        mv.layer_flow_dot(mtg_trace),
        cv.chain_dot(chain_trace),
    ):
        used = set(re.findall(r"#[0-9A-Fa-f]{6}", dot))
        assert used <= allowed, used - allowed


def test_cues_besides_colour(mtg_trace, chain_trace):
    from rulekit.views import chain as cv
    from rulekit.views import mtg as mv

    dot = mv.dependency_dot(mtg_trace, highlight=2)
    assert "▶ 3. Humility" in dot  # the current step: a marker in the text, not only an outline colour
    assert 'label="loop 1: applied by timestamp (613.8b)"' in dot  # the loop outline is labelled
    assert "layer 7b" in dot  # the layer is written, not only the fill
    assert "style=dashed" in dot and "cluster_legend" in dot  # line styles, explained in a legend
    assert "★" in cv.chain_dot(chain_trace, upto=5)  # the spotlight is a star, not only yellow
    row = next(r for r in mv.final_table(mtg_trace).rows if r[0] == "Gideon Jura")
    assert "→" in row[1]  # changed values carry an arrow, not only bold
