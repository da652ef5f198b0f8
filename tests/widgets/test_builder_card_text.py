"""The BoardBuilder takes a card the library lacks by its text (LANGUAGE.md §11.2): the reading shows as
the text is typed (as data and in words, in the builder's language), a line that looks like a continuous
effect but cannot be read shows its located warning, and "Add this card" adds what was shown."""

from __future__ import annotations

import pytest

from tests.widgets.builder_util import assert_round_trip, fresh_builder, pt_of, refused

pytest.importorskip("ipywidgets")


@pytest.fixture
def builder():
    return fresh_builder()


LORD = "Other Elf creatures you control get +1/+1 and have forestwalk."
UNREAD = "Creatures you control get +1/+1 for each frobnicated wizard."


def typed(b, text: str, name: str = "Elvish Lord") -> None:
    b.c_name.value = name
    b.c_subtypes.value = "Elf"
    b.c_power.value = "2"
    b.c_toughness.value = "2"
    b.c_oracle.value = text


def test_the_reading_shows_as_the_text_is_typed_as_data_and_in_words(builder) -> None:
    b = builder
    b.add_card("Llanowar Elves")
    typed(b, f"{LORD}\n{{T}}: Add {{G}}.")
    html = b.c_reading.value
    assert "Line 1: Other Elf creatures" in html and "Line 2: {T}: Add {G}." in html
    assert "read as a continuous effect (static)" in html  # in words
    assert "layer 6 (abilities): add Forestwalk" in html
    assert "layer 7c (modify power/toughness): +1/+1" in html
    assert "affects: other Elf creatures you control" in html and "modify_pt:" in html  # as data
    assert "kept as plain text" in html and "rulekit-text-warning" not in html
    assert "reads well" in b.c_status.value
    assert len(b.board.objects) == 1  # nothing is added by typing


def test_add_puts_the_reading_on_the_board_and_the_lord_applies(builder) -> None:
    b = builder
    b.add_card("Llanowar Elves")
    typed(b, f"Flying\n{LORD}\n\n{{T}}: Add {{G}}.")
    b.c_add.click()
    assert b.last_exception is None, b.error.value
    lord = b.board.objects[-1]
    assert lord["abilities"][0] == "Flying" and lord["abilities"][2] == "{T}: Add {G}."
    assert lord["abilities"][1]["static"]["modify_pt"] == {"power": 1, "toughness": 1}
    assert pt_of(b.final_html.value, "Llanowar Elves") == "2/2"
    assert "Forestwalk" in b.trace.final["llanowar-elves"].abilities
    assert_round_trip(b)
    assert b.scenario.text_notes == ()  # what was read is data on the board: nothing is read again


def test_an_unreadable_line_shows_its_located_warning_and_is_kept_as_text(builder) -> None:
    b = builder
    b.add_card("Llanowar Elves")
    typed(b, f"Flying\n{UNREAD}")
    html = b.c_reading.value
    assert "rulekit-text-warning" in html
    assert "⚠ line 2: looks like a continuous effect but cannot be read" in html
    assert "&#x27;frobnicated wizard.&#x27; at position 41" in html
    b.c_add.click()
    assert b.last_exception is None
    assert b.board.objects[-1]["abilities"][1] == {"text": UNREAD}
    assert pt_of(b.final_html.value, "Llanowar Elves") == "1/1"  # never guessed
    [note] = b.scenario.text_notes  # the loader warns again, whenever the board is read
    assert note.warning and note.field.endswith("abilities[1].text")


@pytest.mark.parametrize(
    ("lang", "said", "warned"),
    [
        ("pt-BR", "lida como um efeito contínuo", "parece um efeito contínuo, mas não pode ser lida"),
        ("es", "leída como un efecto continuo", "parece un efecto continuo, pero no se puede leer"),
    ],
)
def test_the_reading_speaks_the_builders_language(lang: str, said: str, warned: str) -> None:
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang=lang)
    typed(b, f"{LORD}\n{UNREAD}")
    html = b.c_reading.value
    assert said in html and warned in html
    assert "Line 1" not in html and "What the card" not in html  # the builder's own words too
    assert "affects: other Elf creatures you control" in html  # the data stays the language's own


def test_the_card_name_in_its_text_is_the_card_itself(builder) -> None:
    b = builder
    b.add_card("Llanowar Elves")
    typed(b, "Elvish Lord gets +1/+1 for each other Elf you control.")
    b.c_add.click()
    assert b.last_exception is None, b.error.value
    assert pt_of(b.final_html.value, "Elvish Lord") == "3/3"


def test_a_reading_that_needs_a_choice_is_refused_beside_the_button(builder) -> None:
    b = builder
    typed(b, "Creatures of the chosen color get +1/+1.")
    assert "chosen color" in b.c_status.value
    b.c_add.click()
    assert b.last_exception is not None and b.near_errors["custom"].value
    assert b.board.objects == []  # nothing half-applied
    b.choices.value = "color: green"
    b.c_add.click()
    assert b.last_exception is None, b.error.value
    assert len(b.board.objects) == 1


def test_the_python_api_takes_the_text_too(builder) -> None:
    b = builder
    b.add_card("Llanowar Elves")
    oid = b.add_custom("Elvish Lord", subtypes="Elf", power=2, toughness=2, oracle=LORD)
    assert oid == "elvish-lord" and b.trace.final["llanowar-elves"].pt == "2/2"
    refused(b.add_custom, "Huge", oracle="Creatures get +1/+1. " * 300)  # over the builder's bound
    assert len(b.board.objects) == 2


def test_hostile_text_is_escaped_and_never_raises(builder) -> None:
    b = builder
    typed(b, "<img src=x onerror=alert(1)> gets +1/+1 until <b>end</b> of turn.\n" + "x" * 5000)
    assert "<img" not in b.c_reading.value and "<b>" not in b.c_reading.value
    assert "4,000" in b.c_reading.value or "4000" in b.c_reading.value  # over the bound: its message
    b.c_oracle.value = "<script>alert(1)</script> gets +1/+1."
    assert "<script>" not in b.c_reading.value and "&lt;script&gt;" in b.c_reading.value
    b.c_oracle.value = ""
    assert "<p" not in b.c_reading.value  # an empty field reads nothing


def test_the_text_field_is_in_the_forms_tab_order_and_scales(builder) -> None:
    b = builder
    inputs = b._custom_inputs()
    assert inputs.index(b.c_keywords) < inputs.index(b.c_oracle) < inputs.index(b.c_rules)
    assert b.c_oracle in b._controls()
    assert type(b.c_oracle).__name__ == "Textarea" and b.c_oracle.tooltip
    b.set_scale(2.0)
    typed(b, LORD)
    assert "font-size:200%" in b.c_reading.value


def test_read_card_text_gives_the_forms_reading_as_plain_text() -> None:
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang="es")
    text = b.read_card_text(f"{LORD}\n{{T}}: Add {{G}}.\n{UNREAD}", name="Elvish Lord")
    lines = text.splitlines()
    assert lines[0].startswith("Cómo se lee") and lines[1] == f"Línea 1: {LORD}"
    assert "  leída como un efecto continuo (static)" in lines and "    static:" in lines
    assert "  ⚠ línea 3: parece un efecto continuo, pero no se puede leer: " in text
    b.c_name.value = "Elvish Lord"
    b.c_oracle.value = f"{LORD}\n{{T}}: Add {{G}}.\n{UNREAD}"
    for line in lines:  # the form shows the same parts
        assert line.strip().replace("'", "&#x27;").split(":")[0] in b.c_reading.value
    refused(b.read_card_text, "x" * 5000)  # one line, in the widget too
    assert "4,000" in b.error.value or "4000" in b.error.value


def test_a_board_read_from_a_file_shows_what_its_text_abilities_were_read_as(tmp_path) -> None:
    from rulekit.widgets import BoardBuilder

    path = tmp_path / "typed.yaml"
    path.write_text(
        "game: mtg\nplayers: [Ann]\nobjects:\n"
        "  - id: lord\n    name: Elvish Lord\n    types: [Creature]\n    subtypes: [Elf]\n"
        "    power: 2\n    toughness: 2\n    abilities:\n"
        f"      - text: {LORD}\n      - text: {UNREAD}\n"
        "  - {id: elves, card: Llanowar Elves}\n",
        encoding="utf-8",
    )
    b = BoardBuilder(str(path), lang="pt-BR")
    assert b.last_exception is None, b.error.value
    html = b.board_html.value
    assert "lida do seu texto como um efeito contínuo (static)" in html
    assert (
        "rulekit-text-warning" in html
        and "frobnicated wizard." in html
        and "objects[0].abilities[1].text" in html
    )
    assert b.trace.final["elves"].pt == "2/2"
