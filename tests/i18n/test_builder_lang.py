"""A pt-BR or es BoardBuilder shows its own labels (``TEXT``) in its language."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from rulekit.i18n import translated_languages
from rulekit.widgets import builder as b  # noqa: E402
from rulekit.widgets.builder import BuilderError  # noqa: E402


def _shown(widget: Any) -> list[str]:
    """Every string the widget tree shows: descriptions, tooltips, placeholders, values of labels
    and HTML, option labels."""
    out: list[str] = []
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    if type(widget).__name__ in ("Label", "HTML", "HTMLMath"):
        out.append(str(widget.value))
    for opt in getattr(widget, "options", ()) or ():
        out.append(str(opt[0] if isinstance(opt, tuple) else opt))
    for child in getattr(widget, "children", ()) or ():
        out.extend(_shown(child))
    return out


#: English labels that are the same word in the other language (or are data: the YAML example).
SAME = {"X", "Resolve", "Cards", "Subtypes", "Types", "Object", "Zone", "Attached to", "Search cards"}


def _english_labels() -> set[str]:
    return {v for v in b.TEXT.values() if "{" not in v and v not in SAME and len(v) > 2}


@pytest.mark.parametrize("lang", translated_languages())
def test_builder_shows_no_english_label(lang: str) -> None:
    builder = b.BoardBuilder(lang=lang)
    builder.add_card("Glorious Anthem")
    builder.add_card("Grizzly Bears")
    shown = _shown(builder.widget)
    english = _english_labels()
    leaks = sorted({s for s in shown for e in english if s == e or re.fullmatch(re.escape(e) + r"\W*", s)})
    assert not leaks, leaks
    assert b.TEXT["title"] not in " ".join(shown)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("pt-BR", "não é uma carta da biblioteca"), ("es", "no es una carta de la biblioteca")],
)
def test_builder_messages_follow_lang(lang: str, words: str) -> None:
    builder = b.BoardBuilder(lang=lang)
    with pytest.raises(BuilderError):  # the helpers' messages speak the builder's language too
        builder.add_card("Nope Card")
    assert words in builder.error.value and "is not a card" not in builder.error.value
    assert b._t("title") == "Build a board"  # outside a builder's method: English


def test_english_builder_unchanged() -> None:
    builder = b.BoardBuilder()
    shown = _shown(builder.widget)
    assert any(b.TEXT["title"] in s for s in shown) and b.TEXT["search"] in shown
    with pytest.raises(BuilderError):
        builder.add_card("Nope Card")
    assert "&#x27;Nope Card&#x27; is not a card in the library" in builder.error.value


@pytest.mark.parametrize(
    ("lang", "cast", "animate", "english"),
    [("pt-BR", "conjuração", "animar", "se resolve"), ("es", "lanzamiento", "animar", "se resuelve")],
)
def test_event_list_shows_the_tables_effect_label(lang: str, cast: str, animate: str, english: str) -> None:
    """The board's event list names an ability by its catalogue label (``label_text``, the same words
    as the layer tables' effect names), never by its library key (``cast``, ``animate``)."""
    from rulekit.mtg.messages import label_text

    assert label_text("cast", lang) == cast and label_text("animate", lang) == animate
    builder = b.BoardBuilder(lang=lang)
    builder.add_resolution("Turn to Frog", "cast", targets=[builder.add_card("Grizzly Bears")])
    builder.add_resolution(builder.add_card("Mutavault"), "animate")
    shown = [str(o[0] if isinstance(o, tuple) else o) for o in builder.board_list.options]
    assert any(f"Turn to Frog: {cast} {english}" in s for s in shown), shown
    assert any(f"Mutavault: {animate} {english}" in s for s in shown), shown
    assert not any(re.search(r": (cast|animate) ", s) for s in shown), shown


@pytest.mark.parametrize(
    ("lang", "blue", "red"),
    [
        ("en", "e.g. color: blue (choice: value)", "e.g. color: red (choice: value)"),
        ("pt-BR", "p. ex. color: blue (escolha: valor)", "p. ex. color: red (escolha: valor)"),
        ("es", "p. ej. color: blue (elección: valor)", "p. ej. color: red (elección: valor)"),
    ],
)
def test_choices_placeholder_frames_the_data(lang: str, blue: str, red: str) -> None:
    """The choices boxes' hint says which part is the choice and which its value, in the builder's
    language; the data (``color: blue``, typed as is) stays as written."""
    builder = b.BoardBuilder(lang=lang)
    assert builder.choices.placeholder == blue
    assert builder.res_choices.placeholder == red
    assert builder.choices.layout.width == builder.res_choices.layout.width == "32em"
