"""Shared checks for the security tests: a real HTML parser over every output."""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


class Markup(HTMLParser):
    """Every start tag with its attributes, and the text, of an HTML (or inline SVG) fragment."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple[str, ...]]] = []
        self.attrs: list[tuple[str, str]] = []
        self.parts: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, tuple(name for name, _ in attrs)))
        self.attrs += [(name, value or "") for name, value in attrs]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def structure(self) -> list[tuple[str, tuple[str, ...]]]:
        return self.tags


def assert_inert(html: str, where: str) -> Markup:
    """No script, no event handler, no ``javascript:`` URL, no element rulekit does not write."""
    m = Markup(html)
    for tag, _ in m.tags:
        assert tag not in {"script", "img", "iframe", "object", "embed", "b", "x", "port", "foreignobject"}, (
            f"{where}: element <{tag}> in the output"
        )
    for name, value in m.attrs:
        assert not name.startswith("on"), f"{where}: event attribute {name}={value!r}"
        assert name not in {"src", "href", "xlink:href"}, f"{where}: link attribute {name}={value!r}"
        assert "javascript:" not in value.replace(" ", "").lower() or name in {"title", "xlink:title"}, (
            f"{where}: javascript: in {name}"
        )
    return m
