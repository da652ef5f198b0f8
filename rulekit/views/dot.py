r"""The one place where DOT is written: :func:`quote` and a small :class:`Digraph` builder.

Diagrams carry names and texts from scenario files, which strangers write. Every identifier and
every attribute value goes through :func:`quote`, which returns either a plain DOT ID (letters,
digits and ``_``, not starting with a digit, or a number — exactly as the ``graphviz`` package
would leave it) or a double-quoted string in which

* ``\`` is doubled and ``"`` escaped, so a value can never end the string early (a trailing
  backslash included) nor smuggle in Graphviz's escapes (``\N``, ``\G``, ``\l``…);
* a newline becomes DOT's centred line break ``\n`` (a label's lines are joined with real
  newlines), control characters become their visible pictures (:func:`rulekit.views.markup.clean`);
* ``&`` is written ``&amp;``, so Graphviz shows entity-like text (``&lt;``) as written.

It never returns an HTML-like label (``<...>``): a value starting with ``<`` and ending with
``>`` is a quoted string like any other. Scenario text never goes into a ``//`` comment (the
builder's comment is a fixed string), and no attribute that makes a link (``URL``, ``href`` and
their head/tail/label/edge variants) can be set at all. Edge ends are whole node ids (never read
as ``node:port``). The output has the same layout as the ``graphviz`` package's ``.source``
(tab-indented, attributes sorted after the label), so the diagrams' DOT and SVG bytes did not
change for ordinary names. This module imports nothing outside the standard library.

>>> quote("gideon.0@7b"), quote("layer"), quote("12"), quote('ends in \\')
('"gideon.0@7b"', 'layer', '12', '"ends in \\\\"')
>>> quote("<b>x</b>"), quote("two\nlines"), quote("node")
('"<b>x</b>"', '"two\\nlines"', '"node"')
>>> g = Digraph("demo", comment="rulekit demo")
>>> g.attr("node", shape="box")
>>> g.node("a", 'say "hi"\nnow', tooltip="<x>")
>>> g.edge("a", "b:c")
>>> print(g.source.expandtabs(2), end="")
// rulekit demo
digraph demo {
  node [shape=box]
  a [label="say \"hi\"\nnow" tooltip="<x>"]
  a -> "b:c"
}
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from rulekit import limits
from rulekit.errors import shown
from rulekit.views.markup import clean

_ID = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*|-?(\.[0-9]+|[0-9]+(\.[0-9]*)?)")
_KEYWORDS = {"node", "edge", "graph", "digraph", "subgraph", "strict"}
_RECORD_SPECIAL = re.compile(r"([{}|<>])")
_KEY = re.compile(r"[a-zA-Z_][a-zA-Z0-9_]*")


class Escaped(str):
    """A string that is already the *inside* of a DOT quoted string (see :func:`record`)."""

    __slots__ = ()


def escape(value: Any) -> str:
    r"""``value`` as the inside of a DOT double-quoted string, shown by Graphviz as written.

    >>> escape('a "b" \\N & c\nd')
    'a \\"b\\" \\\\N &amp; c\\nd'
    """
    text = clean(value)
    text = text.replace("\\", "\\\\").replace('"', '\\"').replace("&", "&amp;")
    return text.replace("\n", "\\n")


def quote(value: Any) -> str:
    """A DOT ID or quoted string for ``value`` (see the module doc). The only quoting in rulekit."""
    if isinstance(value, Escaped):
        return f'"{value}"'
    text = str(value)
    if _ID.fullmatch(text) and text.lower() not in _KEYWORDS:
        return text
    return f'"{escape(text)}"'


def record(columns: list[list[str]]) -> Escaped:
    """A ``shape=record`` label: columns side by side, each a stack of fields (text as written).

    >>> record([["a|b", "<c>"], ["{d}"]])
    '{a\\\\|b|\\\\<c\\\\>}|{\\\\{d\\\\}}'
    """
    return Escaped("|".join("{" + "|".join(_field(f) for f in col) + "}" for col in columns))


def _field(text: str) -> str:
    return _RECORD_SPECIAL.sub(r"\\\1", escape(text))


def _attrs(label: Any, attrs: Mapping[str, Any]) -> str:
    parts = [f"label={quote(label)}"] if label is not None else []
    for key, value in sorted(attrs.items()):
        if value is None:
            continue
        if not _KEY.fullmatch(key):
            raise ValueError(f"not a DOT attribute name: {key!r}")
        low = key.lower()
        if low.endswith("url") or low.endswith("href"):
            raise ValueError(f"rulekit diagrams carry no links: {key!r}")
        parts.append(f"{key}={quote(value)}")
    return " ".join(parts)


class Digraph:
    """A directed graph written line by line, every id and value through :func:`quote`.

    The calls mirror the ``graphviz`` package's (``attr``, ``node``, ``edge``, ``subgraph`` as a
    context manager, ``source``), without its port syntax, HTML labels or free comments.
    """

    def __init__(self, name: str, comment: str = "") -> None:
        self.name = name
        self.comment = comment.replace("\n", " ")
        self.body: list[str] = []

    def attr(self, kw: str | None = None, **attrs: Any) -> None:
        """A graph attribute statement (``kw=None``) or default attributes for ``node``/``edge``/``graph``."""
        if kw is not None and kw not in ("graph", "node", "edge"):
            raise ValueError(f"attr statement must target graph, node, or edge: {kw!r}")
        if not attrs:
            return
        text = _attrs(None, attrs)
        self.body.append(f"\t{text}\n" if kw is None else f"\t{kw} [{text}]\n")

    def _count(self, name: str) -> None:
        """One node or edge drawn, counted against the call's budget (:data:`rulekit.limits.UNITS`,
        ``diagram``): a graph too large to draw is one located refusal naming where it grew."""
        limits.current().spend("diagram", graph=self.name, name=shown(name))

    def node(self, name: str, label: Any = None, **attrs: Any) -> None:
        """A node ``name`` (any text) with its label and attributes."""
        self._count(name)
        text = _attrs(label, attrs)
        self.body.append(f"\t{quote(name)}" + (f" [{text}]" if text else "") + "\n")

    def edge(self, tail: str, head: str, label: Any = None, **attrs: Any) -> None:
        """An edge between two node ids (whole ids: ``a:b`` is a node, not a port)."""
        self._count(f"{tail} -> {head}")
        text = _attrs(label, attrs)
        self.body.append(f"\t{quote(tail)} -> {quote(head)}" + (f" [{text}]" if text else "") + "\n")

    @contextmanager
    def subgraph(self, name: str) -> Iterator[Digraph]:
        """``with g.subgraph(name="cluster_x") as sub:`` — added to this graph when the block ends."""
        sub = Digraph(name)
        yield sub
        self.body.append(f"\tsubgraph {quote(name)} {{\n")
        self.body += [f"\t{line}" for line in sub.body]
        self.body.append("\t}\n")

    @property
    def source(self) -> str:
        """The DOT text (deterministic: the same calls give the same bytes)."""
        head = f"// {self.comment}\n" if self.comment else ""
        return head + f"digraph {quote(self.name)} {{\n" + "".join(self.body) + "}\n"
