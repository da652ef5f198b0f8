"""What the layers and the chain explorers share (rulekit.widgets._base): the start of ``__init__``
(error box, language, text-size knob) and the cache of drawn diagrams."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from rulekit.widgets import _base  # noqa: E402
from rulekit.widgets._base import DiagramExplorer  # noqa: E402
from rulekit.widgets.chain import ChainExplorer  # noqa: E402
from rulekit.widgets.layers import LayerExplorer  # noqa: E402

MAKERS = {
    "layers": lambda **kw: LayerExplorer("seed/humility-then-gideon", backend="text", **kw),
    "chain": lambda **kw: ChainExplorer("apoteose/nested-responses", backend="text", **kw),
}


@pytest.mark.parametrize("which", sorted(MAKERS))
def test_both_explorers_are_diagram_explorers(which):
    ex = MAKERS[which](lang="pt-BR")
    assert isinstance(ex, DiagramExplorer)
    assert ex.lang == "pt-BR" and ex._("Text size") == ex.text_size.description != "Text size"
    assert ex.backend == "text" and ex.last_exception is None


@pytest.mark.parametrize("which", sorted(MAKERS))
def test_an_unknown_language_falls_back_to_english_and_says_so(which):
    ex = MAKERS[which](lang="xx")
    assert ex.lang == "en" and ex.text_size.description == "Text size"
    assert ex.last_exception is not None and "xx" in ex.error.value
    assert ex.trace is None  # nothing was loaded


@pytest.mark.parametrize("which", sorted(MAKERS))
def test_a_diagram_is_drawn_once_per_dot_and_scale(which, monkeypatch):
    ex = MAKERS[which]()
    drawn: list[tuple[str, float]] = []
    real = _base.diagram_html

    def counting(dot, backend, scale, lang="en"):
        drawn.append((dot, scale))
        return real(dot, backend, scale)

    monkeypatch.setattr(_base, "diagram_html", counting)
    ex._svgs.clear()
    first = ex._svg_html("digraph { a -> b }")
    assert ex._svg_html("digraph { a -> b }") == first
    assert len(drawn) == 1
    ex.scale = 1.5
    ex._svg_html("digraph { a -> b }")
    assert len(drawn) == 2


def test_the_cache_keeps_the_most_recently_shown(monkeypatch):
    ex = MAKERS["chain"]()
    monkeypatch.setattr(DiagramExplorer, "MAX_DIAGRAMS", 2)
    monkeypatch.setattr(_base, "diagram_html", lambda dot, backend, scale, lang="en": f"<p>{dot}</p>")
    ex._svgs.clear()
    for dot in ("a", "b", "a", "c"):  # "a" was shown again, so "b" goes
        ex._svg_html(dot)
    assert [dot for dot, _ in ex._svgs] == ["a", "c"]
