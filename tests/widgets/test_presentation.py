"""Presentation mode: every explorer's "Fit to width" and "Full width" switches, beside the
text size, in each language; the choice is kept when the board, the step or the size changes.

The browser side (nothing cut on the right at 1024×768 and 150 %) is tests/e2e/test_presentation_browser.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

from rulekit.widgets import BoardBuilder, ChainExplorer, LayerExplorer  # noqa: E402
from rulekit.widgets._base import PAGE_CSS, PRESENT_CSS, WIDGET_CSS  # noqa: E402

WORDS = {
    "en": ("Fit to width", "Full width"),
    "pt-BR": ("Ajustar à largura", "Largura total"),
    "es": ("Ajustar al ancho", "Ancho completo"),
}


def _explorers(lang: str) -> list[Any]:
    return [
        LayerExplorer("seed/humility-then-gideon", lang=lang),
        ChainExplorer("apoteose/priority-seven", lang=lang),
        BoardBuilder(lang=lang),
    ]


def _walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_every_explorer_has_the_switches_in_its_toolbar_in_its_language(lang: str) -> None:
    for ex in _explorers(lang):
        toolbar = ex.widget.children[1]
        assert ex.text_size in toolbar.children and ex.fit_width in toolbar.children, type(ex).__name__
        assert ex.full_width in toolbar.children
        assert (ex.fit_width.description, ex.full_width.description) == WORDS[lang]
        assert ex.fit_width.tooltip and ex.full_width.tooltip
        # keyboard: a button (Tab, then Space or Enter), in the explorer's own controls (sized with the text)
        assert isinstance(ex.fit_width, ipywidgets.ToggleButton) and ex.fit_width in ex._controls()
        assert ex.key_guard._css == PAGE_CSS and WIDGET_CSS not in ex.style_html.value  # once a page


def test_the_switches_add_classes_the_css_reads_and_show_their_state_by_a_shape() -> None:
    ex = LayerExplorer("seed/humility-then-gideon")
    assert "rulekit-fit" not in ex.widget._dom_classes and ex.fit_width.icon == "square-o"
    ex.fit_width.value = True
    assert "rulekit-fit" in ex.widget._dom_classes and ex.fit_width.icon == "check-square-o"
    ex.full_width.value = True
    assert "rulekit-full" in ex.widget._dom_classes and ex.full_width.icon == "check-square-o"
    ex.set_presentation(fit=False)
    assert "rulekit-fit" not in ex.widget._dom_classes and "rulekit-full" in ex.widget._dom_classes
    # the CSS: the diagram loses its readable-size floor, tables stay within the output, Okabe–Ito outline
    assert re.search(r"\.rulekit-fit \.rulekit-diagram svg \{min-width: 0 !important", PRESENT_CSS)
    assert ".rulekit-fit table {max-width: 100%}" in PRESENT_CSS
    from rulekit.widgets.keys import ESM, MIN_TABLE_ZOOM

    assert "rulekit-fit" in ESM and "max-content" in ESM and f"MIN_ZOOM = {MIN_TABLE_ZOOM}" in ESM
    assert ":has(.rulekit-full)" in PRESENT_CSS and "#0072B2" in PRESENT_CSS


def test_the_choice_is_kept_when_the_board_the_step_and_the_size_change() -> None:
    ex = LayerExplorer("seed/humility-then-gideon")
    ex.set_presentation(fit=True, full=True)
    ex.step.value = ex.step.max
    ex.text_size.value = 1.5
    ex.load("classic/opalescence-then-humility")
    ex.ruleset.value = "current"
    assert {"rulekit-fit", "rulekit-full", "rulekit-scale-150"} <= set(ex.widget._dom_classes)
    assert ex.fit_width.value and ex.full_width.value and ex.last_exception is None

    ch = ChainExplorer("apoteose/priority-seven")
    ch.fit_width.value = True
    ch.run_to_end()
    ch.do_reset()
    ch.text_size.value = 2.0
    assert "rulekit-fit" in ch.widget._dom_classes and ch.fit_width.value

    b = BoardBuilder()
    b.fit_width.value = True
    b.add_card("Grizzly Bears")
    b.text_size.value = 1.25
    assert "rulekit-fit" in b.widget._dom_classes and "Grizzly Bears" in b.final_html.value
