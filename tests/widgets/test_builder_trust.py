"""BoardBuilder: the form forgets one card's settings, the list shows every state, counters that
mean nothing are refused, errors go when a later change works, "did you mean", redo, a name, raising API."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")

from .builder_util import assert_round_trip  # noqa: E402


@pytest.fixture
def b():
    from rulekit.widgets import BoardBuilder

    return BoardBuilder()


def _labels(b) -> str:
    return "\n".join(label for label, _v in b.board_list.options)


def test_the_form_forgets_one_cards_settings_after_add(b):
    b.search.value = "grizzly"
    b.player.value = "Bo"
    b.counters.value = "+1/+1: 2"
    b.choices.value = ""
    b.tapped.value = True
    b.face_down.value = True
    b.add_button.click()
    assert b.error.value == "", b.error.value
    assert (b.counters.value, b.tapped.value, b.face_down.value, b.attach.value) == ("", False, False, "")
    assert b.player.value == "Bo"  # the player stays: the next card is often the same player's
    b.add_button.click()  # the next bears get no counters, untapped, face up
    second = b.board.objects[-1]
    assert "counters" not in second and "tapped" not in second and "face_down" not in second


def test_reset_clears_the_form(b):
    b.search.value = "grizzly"
    b.add_button.click()
    b.player.value = "Bo"
    b.counters.value = "+1/+1: 3"
    b.tapped.value = True
    b.zone.value = "graveyard"
    b.reset_button.click()
    assert b.board.objects == []
    assert (b.counters.value, b.tapped.value, b.player.value, b.zone.value) == (
        "",
        False,
        "Ann",
        "battlefield",
    )


def test_the_board_list_shows_every_state(b):
    bears = b.add_card("Grizzly Bears", counters={"+1/+1": 2}, tapped=True)
    b.add_card("Rancor", attached_to=bears)
    b.add_card("Grizzly Bears", face_down=True)
    b.add_card("Gideon Jura", zone="graveyard", counters={"loyalty": 3})
    text = _labels(b)
    assert "Grizzly Bears (grizzly-bears) [counters +1/+1 ×2; tapped]" in text
    assert "[attached to Grizzly Bears (grizzly-bears)]" in text
    assert "[face down]" in text
    assert "[counters loyalty ×3]" in text  # an object in another zone shows its state too
    assert_round_trip(b)


def test_the_board_list_speaks_the_language():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang="pt-BR")
    b.add_card("Grizzly Bears", tapped=True, face_down=True)
    text = _labels(b)
    assert "virado" in text.casefold() and "[tapped" not in text


@pytest.mark.parametrize("counters", [{"+1/+1": 1}, "-1/-1: 2"])
def test_pt_counters_on_a_non_creature_are_refused(b, counters):
    from rulekit.widgets.builder import BuilderError

    before = b.to_yaml()
    with pytest.raises(BuilderError, match=r"not a creature.*122\.1a"):
        b.add_card("Glorious Anthem", counters=counters)
    assert b.to_yaml() == before and "not a creature" in b.error.value
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 1"
    b.add_button.click()  # the button shows the message, never raises
    assert "not a creature" in b.error.value and b.to_yaml() == before


def test_a_loyalty_counter_on_a_creature_is_refused(b):
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError, match=r"not a planeswalker.*306\.5b"):
        b.add_card("Grizzly Bears", counters={"loyalty": 3})
    assert b.board.objects == []
    assert b.add_card("Gideon Jura", counters={"loyalty": 6}) == "gideon-jura"


def test_counters_on_what_an_effect_makes_a_creature_are_kept(b):
    """March of the Machines makes an artifact a creature: +1/+1 counters on it mean something."""
    b.add_card("March of the Machines")
    assert b.add_card("Ornithopter", counters={"+1/+1": 1}) == "ornithopter"
    assert b.error.value == ""


def test_an_old_error_goes_after_a_later_change_works(b):
    b.search.value = "grizzly"
    b.counters.value = "two"
    b.add_button.click()
    assert "counter" in b.error.value
    b.counters.value = ""
    b.add_button.click()
    assert b.error.value == ""
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 1"
    b.add_button.click()
    assert b.error.value
    b.search.value = "grizzly"
    b.counters.value = ""
    b.add_button.click()
    assert b.error.value == "" and len(b.board.objects) == 2


def test_search_says_did_you_mean(b):
    b.search.value = "Grizly Bears"
    assert "Did you mean “Grizzly Bears”?" in b.preview_html.value
    b.search.value = "humilty"
    assert "Did you mean “Humility”?" in b.preview_html.value


def test_redo(b):
    b.add_card("Grizzly Bears")
    b.add_card("Glorious Anthem")
    two = b.to_yaml()
    b.undo()
    one = b.to_yaml()
    b.redo()
    assert b.to_yaml() == two
    b.undo_button.click()
    b.redo_button.click()
    assert b.to_yaml() == two
    b.redo_button.click()
    assert "nothing to redo" in b.status_html.value
    b.undo()
    b.add_card("Humility")  # a new change forgets what was undone
    b.redo()
    assert "nothing to redo" in b.status_html.value and b.to_yaml() != one
    assert_round_trip(b)


def test_the_board_has_a_name(b):
    from rulekit.widgets.builder import BuilderError

    b.add_card("Grizzly Bears")
    b.name_field.value = "Bears and anthem"
    assert b.board.name == "Bears and anthem" and "name: Bears and anthem" in b.to_yaml()
    assert b.save_path.value == "bears-and-anthem.yaml"  # the file follows the name
    b.undo()
    assert b.board.name == "my-board" and b.name_field.value == "my-board"
    b.name_field.value = "   "
    assert "board name" in b.error.value and b.name_field.value == "my-board"
    with pytest.raises(BuilderError):
        b.rename("x" * 500)
    b.rename("<b>evil</b>")
    assert "<b>evil" not in b.board_html.value
    assert_round_trip(b)


def test_a_scenario_keeps_its_name():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder("seed/humility-then-gideon")
    assert b.name_field.value == b.board.name != "my-board"


def test_the_api_raises_a_clear_error(b):
    from rulekit.errors import ScenarioError
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError) as info:
        b.add_card("Grizly Bears")
    err = info.value
    assert isinstance(err, ScenarioError) and isinstance(err, ValueError)
    assert "'Grizly Bears' is not a card in the library" in str(err) and err.suggestion == "Grizzly Bears"
    assert err._render_traceback_() == [f"BuilderError: {err}"]  # one line in IPython, no traceback
    assert "not a card in the library" in b.error.value
    for call in (lambda: b.remove("nothing"), lambda: b.move("nothing"), lambda: b.add_event("bogus")):
        with pytest.raises(BuilderError):
            call()


def test_a_refused_add_says_why_by_the_button_and_adds_nothing(b):
    """The message shows in the add button's row (the error box below is hidden meanwhile), and goes when a
    later change works."""
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 1"
    b.add_button.click()
    near = b.near_errors["add"]
    assert "not a creature" in near.value and b.board.objects == []
    add_row = next(c for c in b.widget.children if b.add_button in getattr(c, "children", ()))
    assert near in add_row.children
    assert b.error.layout.display == "none"  # shown once, where the learner looks
    assert all(box.value == "" for key, box in b.near_errors.items() if key != "add")
    b.counters.value = ""
    b.add_button.click()
    assert near.value == "" and b.error.value == "" and b.error.layout.display is None
    assert [o["card"] for o in b.board.objects] == [b.results.value]


def test_a_refused_cards_settings_do_not_go_to_the_next_card(b):
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 2"
    b.tapped.value = True
    b.add_button.click()
    assert b.board.objects == []
    assert b.counters.value == "+1/+1: 2"  # kept while the refused card is picked: they are to be fixed
    b.search.value = "grizzly"  # another card: it starts with a blank form
    assert (b.counters.value, b.tapped.value) == ("", False)
    b.add_button.click()
    bears = b.board.objects[-1]
    assert bears["card"] == "Grizzly Bears" and "counters" not in bears and "tapped" not in bears


def test_an_error_not_from_a_form_button_shows_in_the_error_box(b):
    import pytest as _pytest

    from rulekit.widgets.builder import BuilderError

    with _pytest.raises(BuilderError):
        b.add_card("Glorious Anthem", counters={"+1/+1": 1})
    assert "not a creature" in b.error.value and b.error.layout.display is None
    assert all(box.value == "" for box in b.near_errors.values())


def test_the_message_by_the_button_follows_the_text_size(b):
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 1"
    b.add_button.click()
    b.text_size.value = 2.0
    assert "font-size:200%" in b.near_errors["add"].value


def test_a_players_name_mistyped_is_asked_about_not_added(b):
    """'Bob' for 'Bo' would silently add a third player: the builder asks, as the CLI does."""
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError, match=r"no player “Bob”.*did you mean 'Bo'\?"):
        b.add_card("Grizzly Bears", "Bob")
    assert b.board.player_names() == ["Ann", "Bo"] and b.board.objects == []
    assert b.add_card("Grizzly Bears", "bo") and b.board.objects[-1]["controller"] == "Bo"
    assert b.add_card("Grizzly Bears", "Cassandra")  # a name close to no player's is a new player
    assert b.board.player_names() == ["Ann", "Bo", "Cassandra"]


def test_the_player_field_asks_and_new_player_adds(b):
    b.search.value = "grizzly"
    b.player.value = "Bob"
    b.add_button.click()
    near = b.near_errors["add"]
    assert "did you mean" in near.value and "Bo" in near.value and b.board.objects == []
    b.new_player_button.click()  # the explicit way: Bob is a new player
    assert b.board.player_names() == ["Ann", "Bo", "Bob"] and near.value == ""
    assert "Bob" in b.player.options
    b.add_button.click()
    assert b.board.objects[-1]["controller"] == "Bob"
    b.undo()
    b.undo()  # the player goes with Undo too
    assert b.board.player_names() == ["Ann", "Bo"]


def test_the_question_speaks_the_builders_language():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang="es")
    b.search.value = "grizzly"
    b.player.value = "Bob"
    b.add_button.click()
    text = b.near_errors["add"].value
    assert "Bob" in text and "Bo" in text and "did you mean" not in text and "New player" not in text


@pytest.mark.parametrize(
    ("lang", "name", "word"), [("pt-BR", "meu-tabuleiro", "tabuleiro"), ("es", "mi-tablero", "tablero")]
)
def test_the_saved_file_and_the_new_boards_name_speak_the_language(lang, name, word):
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang=lang)
    assert b.board.name == name and b.save_path.value == f"{name}.yaml"
    b.add_card("Grizzly Bears")
    text = b.to_yaml()
    comments = [line for line in text.splitlines() if line.startswith("#")]
    assert len(comments) == 3 and word in comments[0].casefold() and "built with" not in text
    assert "my-board" not in text and "my-board" not in b.final_html.value
    assert_round_trip(b)


def test_a_board_read_from_a_file_is_saved_back_to_it(tmp_path):
    from rulekit.widgets import BoardBuilder

    first = BoardBuilder()
    first.add_card("Grizzly Bears")
    path = tmp_path / "bears.yaml"
    first.save(str(path))
    again = BoardBuilder(str(path))
    assert again.save_path.value == str(path)  # re-importing keeps the file, not "my-board.yaml"
    assert BoardBuilder("seed/blood-moon").save_path.value == "seed-blood-moon.yaml"  # a built-in: by name


def test_a_refused_fields_name_speaks_the_language():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang="pt-BR")
    b.search.value = "anthem"
    b.counters.value = "+1/+1: 1"
    b.add_button.click()
    shown = b.near_errors["add"].value
    assert "Marcadores:" in shown and "counters:" not in shown
