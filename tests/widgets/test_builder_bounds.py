"""The BoardBuilder applies the bounds a file is read with.

An X of 50 or 4,000 digits used to be solved and saved, and ``rulekit solve`` then refused the
saved file. The builder now refuses what the file would be refused for, with the loader's own
message (:func:`rulekit.yamlsrc.check_data_bounds`), and keeps the board it had: whatever it
shows and saves, ``rulekit solve`` reads.
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
mtg = pytest.importorskip("rulekit.mtg")

from .builder_util import assert_round_trip  # noqa: E402

PUMP = {"affects": "targets", "duration": "until end of turn", "modify_pt": {"power": "X"}}


@pytest.fixture
def board():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    bears = b.add_card("Grizzly Bears")
    pump = b.add_custom("Pump Spell", types="Instant", effect=PUMP, kind="resolves", zone="graveyard")
    assert b.error.value == "", b.error.value
    return b, bears, pump


@pytest.mark.parametrize(
    "x, message",
    [
        (10**49, "integer of 50 digits is too large (at most 9 digits)"),
        ("4" * 4000, "integer of 4,000 digits is too large (at most 9 digits)"),
        (10**9, "integer of 10 digits is too large (at most 9 digits)"),
        (-5, "must be 0 or more (got -5)"),
    ],
)
def test_an_x_out_of_bounds_is_refused_with_the_loaders_line(board, x, message):
    b, bears, pump = board
    before = b.to_yaml()
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError) as exc:  # the API raises the message; the widget shows it
        b.add_resolution(pump, "effect", targets=[bears], x=x)
    assert exc.value.field == "events[1].resolve.x" and exc.value.message == message
    assert message in b.error.value
    assert b.to_yaml() == before  # nothing half-applied
    assert_round_trip(b)


def test_the_same_x_through_the_form(board):
    b, bears, pump = board
    b.ability.value = next(v for _label, v in b.ability.options if v and v[1] == pump)
    b.targets.value = (bears,)
    b.x.value = "9" * 50
    b.resolve_button.click()
    assert "integer of 50 digits is too large (at most 9 digits)" in b.error.value
    assert len(b.board.events) == 1
    b.x.value = "123456789"  # the largest X a file may hold is still solved
    b.resolve_button.click()
    assert b.error.value == "", b.error.value
    assert_round_trip(b)


def test_what_the_builder_refuses_the_file_refuses_too(board, tmp_path):
    """The builder's message is the loader's, field for field (only the place differs: the
    builder names the board, the file names its line)."""
    from rulekit.errors import RulekitError

    b, bears, pump = board
    b.add_resolution(pump, "effect", targets=[bears], x=7)
    assert b.error.value == ""
    text = b.to_yaml().replace("x: 7", "x: " + "9" * 50)
    with pytest.raises(RulekitError) as exc:
        mtg.scenario_from_text(text, "saved.yaml")
    assert exc.value.field == "events[1].resolve.x"
    b.undo()
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError) as built:
        b.add_resolution(pump, "effect", targets=[bears], x=int("9" * 50))
    assert (built.value.field, built.value.message) == (exc.value.field, exc.value.message)
    assert exc.value.message in b.error.value
