"""No value from a scenario file ever becomes markup in an HTML output.

Every table (through :meth:`Table.styler`), the reports of ``show(trace)``, the stack, and every
HTML value of the three widgets are built from hostile scenarios (see :mod:`hostile`) and parsed
with :mod:`html.parser`: the elements and attributes must be exactly those of the same output
built from a harmless string, and the hostile text must come back as text.
"""

from __future__ import annotations

import pytest
from conftest import Markup, assert_inert
from hostile_strings import CORPUS, load_apoteose, load_mtg, loaded, object_id

from rulekit import apoteose, mtg
from rulekit.views import chain as cv
from rulekit.views import display
from rulekit.views import mtg as mv
from rulekit.views.markup import clean

BENIGN = "plain"
TAGS = sorted(CORPUS)


def _mtg_outputs(s: str) -> dict[str, str]:
    sc = loaded(load_mtg("x", s), s)
    trace = mtg.solve(sc)
    k = len(trace.steps) // 2
    return {
        "final_table": mv.final_table(trace).to_html(),
        "final_table_upto": mv.final_table(trace, upto=k).to_html(),
        "layer_table": mv.layer_table(trace, highlight=k).to_html(),
        "dependency_table": mv.dependency_table(trace).to_html(),
        "loop_table": mv.loop_table(trace).to_html(),
        "players_table": mv.players_table(trace).to_html(),
        "effects_table": mv.effects_table(trace).to_html(),
        "layer_flow_table": mv.layer_flow_table(trace).to_html(),
        "styler": mv.final_table(trace).styler().to_html(),
        "show": display.show(trace, backend="text")._repr_html_(),
    }


def _chain_outputs(s: str) -> dict[str, str]:
    sc = loaded(load_apoteose("x", s), s)
    trace = apoteose.run_chain(sc)
    k = len(trace.events) // 2
    return {
        "chain_log_table": cv.chain_log_table(trace, upto=k).to_html(),
        "heroes_table": cv.heroes_table(trace).to_html(),
        "stack_html": cv.stack_html(trace, k),
        "show": display.show(trace, backend="text")._repr_html_(),
    }


def _check(outputs: dict[str, str], benign: dict[str, str], s: str, must_show: set[str]) -> None:
    for name, html in outputs.items():
        m = assert_inert(html, name)
        assert m.structure() == Markup(benign[name]).structure(), f"{name}: the markup changed"
        if name in must_show:
            assert clean(s) in m.text, f"{name}: the name does not come back as text"


@pytest.fixture(scope="module")
def benign_mtg() -> dict[str, str]:
    return _mtg_outputs(BENIGN)


@pytest.fixture(scope="module")
def benign_chain() -> dict[str, str]:
    return _chain_outputs(BENIGN)


@pytest.mark.parametrize("tag", TAGS)
def test_mtg_tables_escape_everything(tag, benign_mtg):
    s = CORPUS[tag]
    _check(_mtg_outputs(s), benign_mtg, s, {"final_table", "effects_table", "show", "styler"})


@pytest.mark.parametrize("tag", TAGS)
def test_chain_tables_escape_everything(tag, benign_chain):
    s = CORPUS[tag]
    _check(_chain_outputs(s), benign_chain, s, {"chain_log_table", "heroes_table", "stack_html", "show"})


def _values(widget) -> dict[str, str]:
    import ipywidgets as w

    return {
        name: value.value
        for name, value in vars(widget).items()
        if isinstance(value, w.HTML) and name != "style_html"
    }


def _layer_explorer(s: str) -> dict[str, str]:
    from rulekit.widgets import LayerExplorer

    sc = loaded(load_mtg("x", s), s)
    ex = LayerExplorer(sc, backend="text", show_flow=True)
    assert ex.last_exception is None, ex.last_exception
    out = {f"end.{k}": v for k, v in _values(ex).items()}
    ex.step.value = 2
    out.update({f"step2.{k}": v for k, v in _values(ex).items()})
    first = next(iter(ex.effect_boxes))
    ex.effect_boxes[first].value = False
    out.update({f"off.{k}": v for k, v in _values(ex).items()})
    ex.move(+1, effect_id=f"{s}·unknown-effect")  # an unknown id: a message, with the id as text
    out["move.error"] = ex.error.value
    return out


def _chain_explorer(s: str) -> dict[str, str]:
    from rulekit.widgets import ChainExplorer

    sc = loaded(load_apoteose("x", s), s)
    ex = ChainExplorer(sc, backend="text")
    assert ex.last_exception is None, ex.last_exception
    out = {f"open.{k}": v for k, v in _values(ex).items()}
    ex.choose(f"{s}·not-an-option")
    out["choose.error"] = ex.error.value
    ex.run_to_end()
    out.update({f"end.{k}": v for k, v in _values(ex).items()})
    ex.event.value = 3
    out.update({f"ev3.{k}": v for k, v in _values(ex).items()})
    return out


def _prediction(s: str) -> dict[str, str]:
    from rulekit.widgets import PredictionCheck

    trace = mtg.solve(loaded(load_mtg("x", s), s))
    out = {}
    a_id, gideon_id = object_id(trace, s), object_id(trace, "Gideon Jura")
    for kind, target in (("pt", a_id), ("controller", gideon_id), ("order", None)):
        p = PredictionCheck(trace, kind, target, question=f"What about {s}?")
        assert p.last_exception is None, p.last_exception
        # an order with a separator, hostile or not: an order typed with spaces gets another markup (a hint)
        p.answer.value = f"{s}, 9/9" if kind == "order" else f"{s} 9/9"
        p.check.click()
        out.update({f"{kind}.check.{k}": v for k, v in _values(p).items()})
        p.reveal.click()
        out.update({f"{kind}.reveal.{k}": v for k, v in _values(p).items()})
    bad = PredictionCheck(trace, "pt", f"{s}·missing")
    out["missing.error"] = bad.error.value
    chain = apoteose.run_chain(loaded(load_apoteose("x", s), s))
    p = PredictionCheck(chain, "order", question=s)
    p.answer.value = s + ","  # a separator: the hint for an order typed with spaces is another markup
    p.check.click()
    out.update({f"chain.{k}": v for k, v in _values(p).items()})
    return out


@pytest.fixture(scope="module")
def benign_widgets() -> dict[str, dict[str, str]]:
    return {
        "layers": _layer_explorer(BENIGN),
        "chain": _chain_explorer(BENIGN),
        "prediction": _prediction(BENIGN),
    }


def _cells_unclassed(m: Markup) -> list[tuple[str, tuple[str, ...]]]:
    """The markup's elements and attribute names, a table cell's ``class`` aside: a column is kept on one
    line (``class="rk-nw"``) only while every cell is short, so a long hostile name may drop it."""
    return [
        (t, tuple(a for a in attrs if not (t in ("th", "td") and a == "class"))) for t, attrs in m.structure()
    ]


@pytest.mark.parametrize("tag", TAGS)
def test_widgets_escape_everything(tag, benign_widgets):
    s = CORPUS[tag]
    for kind, make in (("layers", _layer_explorer), ("chain", _chain_explorer), ("prediction", _prediction)):
        values = make(s)
        benign = benign_widgets[kind]
        assert set(values) == set(benign)
        for name, html in values.items():
            m = assert_inert(html, f"{kind}.{name}")
            assert _cells_unclassed(m) == _cells_unclassed(Markup(benign[name])), (
                f"{kind}.{name}: the markup changed"
            )
    # the titles and the error boxes show the hostile text as text
    assert clean(s) in Markup(_layer_explorer(s)["end.title_html"]).text


def test_error_messages_are_text():
    """A message that repeats a hostile value (here: the loader's) is escaped in the error box."""
    from rulekit.errors import RulekitError
    from rulekit.widgets._base import error_html

    s = CORPUS["img"]
    html = error_html(RulekitError(f"unknown card {s!r}"))
    m = assert_inert(html, "error box")
    assert s in m.text


@pytest.mark.parametrize("tag", TAGS)
def test_loader_messages_quoting_hostile_text_are_escaped(tag, tmp_path):
    """A file the loader refuses because of a hostile value (an Apoteose effect text, an unknown MTG
    card) shows the loader's message — which repeats the value — as text in the explorer."""
    import yaml
    from hostile_strings import apoteose_text, mtg_text

    from rulekit.widgets import ChainExplorer, LayerExplorer

    s = CORPUS[tag]
    data = yaml.safe_load(apoteose_text(tag, s))
    data["cards"][0]["effects"] = [f"Ativar【 {s} 】 Cure 1 de VIDA."]
    bad_chain = tmp_path / "chain.yaml"
    bad_chain.write_text(yaml.safe_dump(data, allow_unicode=True, width=10**6), encoding="utf-8")
    data = yaml.safe_load(mtg_text(tag, s))
    data["objects"][0] = {"id": data["objects"][0]["id"], "card": s}
    bad_mtg = tmp_path / "mtg.yaml"
    bad_mtg.write_text(yaml.safe_dump(data, allow_unicode=True, width=10**6), encoding="utf-8")
    for widget in (
        ChainExplorer(str(bad_chain), backend="text"),
        LayerExplorer(str(bad_mtg), backend="text"),
    ):
        html = widget.error.value
        assert "That did not work" in html, html[:300]
        m = assert_inert(html, f"{type(widget).__name__} error")
        assert [t for t, _ in m.tags] == ["div", "strong"], m.tags


def test_control_labels_are_text():
    """Checkbox descriptions, list options and tooltips hold names; ipywidgets shows them as text
    unless ``description_allow_html`` is set, which no rulekit control does."""
    import ipywidgets as w

    from rulekit.widgets import ChainExplorer, LayerExplorer

    s = CORPUS["img"]
    explorers = [
        LayerExplorer(loaded(load_mtg("img", s), s), backend="text"),
        ChainExplorer(loaded(load_apoteose("img", s), s), backend="text"),
    ]
    for ex in explorers:
        stack, seen = [ex.widget], 0
        while stack:
            node = stack.pop()
            seen += 1
            assert not getattr(node, "description_allow_html", False), node
            stack += [c for c in getattr(node, "children", ()) if isinstance(c, w.Widget)]
        assert seen > 10
    assert any(s in cb.description for cb in explorers[0].effect_boxes.values())


@pytest.mark.parametrize("game", ["mtg", "apoteose"])
def test_text_outputs_carry_no_terminal_escapes(game, tmp_path, capsys):
    """``rulekit explain`` and the tables' text twins show control characters as pictures."""
    from hostile_strings import text_that_loads

    from rulekit import cli

    s = "\x1b[2J\x1b]0;pwned\x07 cleared " + CORPUS["controls"]
    src = tmp_path / "hostile.yaml"
    src.write_text(text_that_loads(game, "esc", s), encoding="utf-8")
    code = cli.main(["explain", str(src)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "␛[2J" in out and not any(c in out for c in "\x1b\x07\x7f")
    if game == "mtg":
        text = mv.final_table(mtg.solve(loaded(load_mtg("esc", s), s))).to_text()
        assert "\x1b" not in text and "␛" in text
