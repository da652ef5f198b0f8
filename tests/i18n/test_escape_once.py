"""Every value in the stack's HTML is escaped exactly once, in English and in the translated stack.

The stack's entries name a card, a hero and what the entry answers; a name such as
``Tom & Jerry <b>"x"</b>`` must read as itself: ``&amp;`` in the HTML, never ``&amp;amp;`` (escaped
twice, the reader sees ``&amp;``) nor a raw ``<b>`` (not escaped, markup).
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from rulekit.apoteose.trace import ChainEvent, ChainTrace
from rulekit.i18n import complete_languages
from rulekit.views import chain as cv
from rulekit.views import localized as lv
from rulekit.views.markup import escape

NAME = 'Tom & Jerry <b>"x"</b>'
ONCE = "Tom &amp; Jerry &lt;b&gt;&quot;x&quot;&lt;/b&gt;"
TWICE = "Tom &amp;amp; Jerry &amp;lt;b&amp;gt;&amp;quot;x&amp;quot;&amp;lt;/b&amp;gt;"
LANGS = complete_languages()


def _event(event: str, index: int | None, responds_to: int | None = None, **detail: object) -> ChainEvent:
    return ChainEvent(
        event=event,
        index=index,
        card=f"{NAME}·card{index}",
        effect=f"{NAME}·card{index}#0",
        hero=f"{NAME}·hero",
        responds_to=responds_to,
        detail=dict(detail),
        spotlight=index,
        stage="activating",
        resources={},
        depth=(index or 0) + 1,
    )


def _trace() -> ChainTrace:
    """Two frames; the response answers a moment that is not a chain id (a turn event names a hero id),
    so its words are the value itself."""
    answers = f"turn_end:{NAME}"
    events = (
        _event("activate", 0, answers=None),
        _event("respond", 1, responds_to=0, answers=answers),
        _event("activate", 1, responds_to=0, answers=answers),
    )
    return ChainTrace(scenario=NAME, events=events, resolution_order=(), heroes={})


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.titles: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.titles += [v or "" for k, v in attrs if k == "title"]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _stack(lang: str) -> str:
    trace = _trace()
    upto = len(trace.events) - 1
    return cv.stack_html(trace, upto) if lang == "en" else lv.stack_html(trace, upto, lang=lang)


def test_the_forms_are_what_the_one_escape_makes():
    assert escape(NAME) == ONCE
    assert escape(escape(NAME)) == TWICE


@pytest.mark.parametrize("lang", LANGS)
def test_stack_escapes_every_value_once(lang):
    html = _stack(lang)
    assert ONCE in html
    assert "&amp;amp;" not in html and "&amp;lt;" not in html and "&amp;quot;" not in html, html
    assert "<b>" not in html
    parsed = _Text()
    parsed.feed(html)
    text = "".join(parsed.text)
    assert "b" not in parsed.tags
    assert f"{NAME}·card1" in text and f"{NAME}·hero" in text  # the names read as themselves
    assert f"turn_end:{NAME}" in text + "".join(parsed.titles)  # what the entry answers, too


@pytest.mark.parametrize("lang", LANGS)
def test_empty_stack_escapes_once(lang):
    trace = ChainTrace(scenario=NAME, events=(), resolution_order=(), heroes={})
    html = cv.stack_html(trace) if lang == "en" else lv.stack_html(trace, lang=lang)
    assert "&amp;amp;" not in html and "<b>" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_empty_table_line_escapes_once_and_cleans(lang):
    """The "…: none" line of an empty table (the translated one is built apart from ``Table.to_html``)
    escapes with the one escaping: once, with control characters shown as their pictures."""
    trace = ChainTrace(scenario=f"{NAME}\x07", events=(), resolution_order=(), heroes={})
    html = lv.to_html(lv.chain_log_table(trace, lang=lang), lang)
    assert ONCE + "\u2407" in html, html
    assert "\x07" not in html and "&amp;amp;" not in html


@pytest.mark.parametrize("lang", LANGS)
def test_legends_are_escaped_by_the_one_escaping(lang):
    for html in (lv.chain_legend_html(lang), lv.dependency_legend_html(lang)):
        parsed = _Text()
        parsed.feed(html)
        assert "&amp;amp;" not in html
        assert set(parsed.tags) <= {"details", "summary", "ul", "li", "span"}
