"""The live text-size knob of every explorer (native, keyboard-usable controls with
descriptions, and a scale for projectors): driven by setting ``.value``, like a teacher would."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

ipywidgets = pytest.importorskip("ipywidgets")
mtg = pytest.importorskip("rulekit.mtg")


LAYERS = "seed/humility-then-gideon"
CHAIN = "apoteose/nested-responses"


def _has_chain_session() -> bool:
    try:
        from rulekit.apoteose import ChainSession  # noqa: F401
    except (ImportError, AttributeError):
        return False
    return True


needs_chain = pytest.mark.skipif(
    not _has_chain_session(), reason="the Apoteose ChainSession is not available"
)


def make_layers(**kw: Any) -> Any:
    from rulekit.widgets import LayerExplorer

    return LayerExplorer(LAYERS, show_flow=True, **kw)


def make_chain(**kw: Any) -> Any:
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(CHAIN, **kw)
    ex.choose(next(v for _label, v in ex.response.options if v != "pass"))  # mid-chain: a stack to show
    return ex


def make_prediction(**kw: Any) -> Any:
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(LAYERS, "pt", "gideon", **kw)
    p.answer.value = "6/6"
    p.check.click()
    return p


#: (factory, names of the HTML outputs that must show something at every size)
EXPLORERS: dict[str, tuple[Callable[..., Any], tuple[str, ...]]] = {
    "layers": (
        make_layers,
        ("title_html", "explain_html", "final_html", "layers_html", "diagram_html", "deps_html", "flow_html"),
    ),
    "chain": (
        make_chain,
        ("title_html", "window_html", "status_html", "stack_html", "diagram_html", "log_html"),
    ),
    "prediction": (make_prediction, ("question", "result")),
}
PARAMS = [
    pytest.param(name, marks=needs_chain) if name == "chain" else pytest.param(name) for name in EXPLORERS
]


def _pct(scale: float) -> str:
    return f"{round(scale * 100)}%"


def _walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


def _text(html: str) -> str:
    """The words of an HTML output without its size wrapper, styles or tags (what the learner reads)."""
    html = re.sub(r"<style.*?</style>", "", html, flags=re.S)
    html = re.sub(r'font-size:\d+%|font-size="[\d.]+"|fontsize=\d+', "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.mark.parametrize("name", PARAMS)
def test_every_knob_value_rerenders_every_output(name: str) -> None:
    factory, outputs = EXPLORERS[name]
    ex = factory()
    assert ex.error.value == "", ex.error.value
    assert ex.text_size.value == 1.0
    seen: dict[float, dict[str, str]] = {}
    for _label, scale in [*ex.text_size.options[1:], ex.text_size.options[0]]:  # end back at 100 %
        before = {o: getattr(ex, o).value for o in outputs}
        ex.text_size.value = scale
        assert ex.scale == scale
        assert ex.last_exception is None and ex.error.value == ""
        after = {o: getattr(ex, o).value for o in outputs}
        for o in outputs:
            assert after[o], f"{o} is empty at {scale}"
            assert after[o] != before[o], f"{o} was not re-rendered at {scale}"
            if o != "diagram_html" and "<svg" not in after[o]:
                assert f"font-size:{_pct(scale)}" in after[o], f"{o} at {scale}: {after[o][:200]}"
        seen[scale] = after
    # same content at every size: only the sizes changed (the step, the window, the result stayed)
    for o in outputs:
        if o in ("diagram_html", "flow_html"):
            continue
        texts = {_text(v[o]) for v in seen.values()}
        assert len(texts) == 1, f"{o} says something else at another size: {texts}"


@pytest.mark.parametrize("name", PARAMS)
def test_controls_follow_the_knob(name: str) -> None:
    ex = EXPLORERS[name][0]()
    buttons = [wd for wd in _walk(ex.widget) if isinstance(wd, ipywidgets.Button)]
    assert buttons
    ex.text_size.value = 2.0
    assert "rulekit-scale-200" in ex.widget._dom_classes and "rulekit-scaled" in ex.widget._dom_classes
    css = ex.style_html.value
    assert css.startswith("<style>") and ".rulekit-scale-200 button" in css and "* 2)" in css
    big = {b.description: b.style.font_size for b in buttons}
    assert all(size and size.endswith("px") for size in big.values()), big
    ex.text_size.value = 1.5
    assert "rulekit-scale-200" not in ex.widget._dom_classes and "rulekit-scale-150" in ex.widget._dom_classes
    for b in buttons:
        assert float(b.style.font_size[:-2]) < float(big[b.description][:-2])
    ex.text_size.value = 1.0
    assert ex.style_html.value == "" and "rulekit-scaled" not in ex.widget._dom_classes
    rows = [wd for wd in _walk(ex.widget) if isinstance(wd, ipywidgets.HBox)]
    assert rows and all(r.layout.flex_flow == "row wrap" for r in rows)  # big controls wrap, not clip
    assert all(b.style.font_size is None for b in buttons)  # the notebook's own size again


def test_layer_diagram_is_redrawn_bigger_and_fits_the_width_at_every_size() -> None:
    ex = make_layers()
    small = ex.diagram_html.value
    sizes = {float(x) for x in re.findall(r'font-size="([\d.]+)"', small)} or {
        float(x) for x in re.findall(r"fontsize=(\d+)", small)
    }
    assert sizes, small[:300]
    if "<svg" in small:
        assert "max-width:100%;height:auto" in small  # shrinks to fit at 100 %
    ex.text_size.value = 2.0
    big = ex.diagram_html.value
    big_sizes = {float(x) for x in re.findall(r'font-size="([\d.]+)"', big)} or {
        float(x) for x in re.findall(r"fontsize=(\d+)", big)
    }
    assert max(big_sizes) >= 1.9 * max(sizes)  # the DOT was rebuilt at the new scale
    if "<svg" in big:
        # a projector's 150-200 %: the diagram fits the output's width (viewBox kept, height in proportion),
        # never a box with its right-hand layers cut off
        assert "max-width:100%;height:auto" in big and "viewBox=" in big
        assert "75vh" not in big and "overflow:auto" not in big
        assert "<title>night@7c</title>" in big
    ex.text_size.value = 1.0
    assert ex.diagram_html.value == small  # back to the fitted picture


def test_the_step_shown_is_kept() -> None:
    ex = make_layers()
    ex.step.value = 1
    explain = _text(ex.explain_html.value)
    final = _text(ex.final_html.value)
    ex.text_size.value = 1.5
    assert ex.step.value == 1
    assert _text(ex.explain_html.value) == explain and _text(ex.final_html.value) == final
    assert "▶" in ex.diagram_html.value


def test_scale_argument_still_works_and_sets_the_knob() -> None:
    ex = make_layers(scale=1.5)
    assert ex.text_size.value == 1.5 and ex.scale == 1.5
    assert "font-size:150%" in ex.final_html.value and "rulekit-scaled" in ex.widget._dom_classes
    odd = make_layers(scale=1.75)
    assert ("175 %", 1.75) in odd.text_size.options and odd.text_size.value == 1.75
    labels = [label for label, _v in odd.text_size.options]
    assert {"100 %", "125 %", "150 %", "200 %"} <= set(labels)
    odd.set_scale(1.3)  # from code: the knob follows
    assert odd.text_size.value == 1.3 and "font-size:130%" in odd.layers_html.value


@pytest.mark.parametrize("bad", ["big", 0, -1, float("nan"), None])
def test_a_bad_scale_is_a_message_not_an_exception(bad: Any) -> None:
    ex = make_layers(scale=bad)
    assert ex.scale == 1.0 and ex.text_size.value == 1.0
    assert "scale must be a number" in ex.error.value
    assert ex.trace is not None and "5/5" in ex.final_html.value
    ex.set_scale(bad)
    assert "scale must be a number" in ex.error.value and ex.scale == 1.0


def test_the_error_box_is_resized_too() -> None:
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/no-such-scenario")
    message = _text(ex.error.value)
    assert "⚠" in message and "font-size:100%" in ex.error.value
    ex.text_size.value = 2.0
    assert "font-size:200%" in ex.error.value and _text(ex.error.value) == message
    ex.text_size.value = 1.25  # nothing loaded: still nothing raises
    assert "font-size:125%" in ex.error.value


def test_two_explorers_keep_their_own_sizes() -> None:
    a, b = make_layers(), make_layers()
    a.text_size.value = 2.0
    assert "font-size:100%" in b.final_html.value and b.style_html.value == ""
    assert not set(a.widget._dom_classes) & set(b.widget._dom_classes) - {
        "rulekit-layer-explorer",
        "rulekit-widget",
    }


@pytest.mark.parametrize("name", PARAMS)
def test_every_control_is_native_and_labelled(name: str) -> None:
    """Keyboard usability: only native ipywidgets controls (no custom JS, no Output widgets), each
    with a description (the visible, accessible label); the knob also has a tooltip."""
    ex = EXPLORERS[name][0]()
    tree = list(_walk(ex.widget))
    assert not [wd for wd in tree if isinstance(wd, ipywidgets.Output)]
    controls = [
        wd
        for wd in tree
        if isinstance(wd, ipywidgets.ValueWidget | ipywidgets.Button) and not isinstance(wd, ipywidgets.HTML)
    ]
    assert ex.text_size in controls
    unlabelled = [type(c).__name__ for c in controls if not str(c.description).strip()]
    assert not unlabelled, f"controls without a description: {unlabelled}"
    for c in controls:
        assert type(c).__module__.startswith("ipywidgets."), type(c)
    assert ex.text_size.description == "Text size" and ex.text_size.tooltip
    for scale in (1.0, 2.0):
        ex.text_size.value = scale
        for wd in tree:
            if isinstance(wd, ipywidgets.HTML):
                assert "<script" not in wd.value.lower() and "javascript:" not in wd.value.lower()
