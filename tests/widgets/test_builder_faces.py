"""BoardBuilder and double-faced cards (CR 712, LANGUAGE.md "Double-faced cards"): a card added back
face up (712.14a), the ``transform`` event (712.9, 712.18), a card in the hand that enters later, the
saved file read back (``rulekit solve``), undo/redo, and every refusal as one message in the widget.
Expected values come from the cards' printed faces (cards-faces.yaml), not from the builder."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest.importorskip("ipywidgets")
mtg = pytest.importorskip("rulekit.mtg")

from .builder_util import assert_round_trip, fresh_builder, refused  # noqa: E402


@pytest.fixture
def builder():
    return fresh_builder()


def test_a_card_added_back_face_up_enters_transformed(builder):
    """712.14a: Delver of Secrets put onto the battlefield transformed is an Insectile Aberration
    3/2 with flying; its mana value stays its front face's, 1 (712.8e)."""
    b = builder
    oid = b.add_card("Delver of Secrets", face="back")
    assert b.error.value == ""
    view = b.trace.final[oid]
    assert (view.name, view.pt, view.mana_value) == ("Insectile Aberration", "3/2", 1)
    assert {"enter": oid, "face": "back"} in [ev for _k, ev in b.board.events]
    assert "back face up" in b.event_label({"enter": oid, "face": "back"})
    assert "face: back" in b.to_yaml()
    assert_round_trip(b)
    b.undo()
    assert b.board.objects == [] and b.board.events == []
    b.redo()
    assert b.trace.final[oid].name == "Insectile Aberration"
    assert_round_trip(b)


def test_transform_keeps_the_object_and_its_effects(builder):
    """712.18: the Mayor that transforms is the same object; Giant Growth's +3/+3 still applies to
    Howlpack Alpha (3/3 printed), and the Human lord's bonus stops (the front face's static ability)."""
    b = builder
    mayor = b.add_card("Mayor of Avabruck")
    growth = b.add_card("Giant Growth", zone="graveyard")
    assert b.trace.final[mayor].pt == "1/1"
    b.add_resolution(growth, "cast", targets=[mayor])
    assert b.trace.final[mayor].pt == "4/4"
    key = b.add_event("transform", mayor)
    assert (b.trace.final[mayor].name, b.trace.final[mayor].pt) == ("Howlpack Alpha", "6/6")
    assert "transform" in b.event_label(dict([b.board.events[-1]])[key])
    assert_round_trip(b)
    b.undo()
    assert (b.trace.final[mayor].name, b.trace.final[mayor].pt) == ("Mayor of Avabruck", "4/4")
    b.redo()
    assert b.trace.final[mayor].name == "Howlpack Alpha"
    # the event list's handle removes the transform again, nothing else
    b.remove(key)
    assert b.trace.final[mayor].name == "Mayor of Avabruck" and b.board.obj(growth) is not None


def test_a_card_in_the_hand_enters_later(builder):
    """A Clone in the hand that enters after the Mayor transformed copies the face that is up (707.8):
    a Howlpack Alpha with mana value 0 (202.3b). Removing its entering leaves it in the hand."""
    b = builder
    mayor = b.add_card("Mayor of Avabruck")
    clone = b.add_card("Clone", zone="hand", choices={"object": mayor})
    assert b.trace.final[clone].zone == "hand"
    b.add_event("transform", mayor)
    key = b.add_event("enter", clone)
    view = b.trace.final[clone]
    assert (view.zone, view.name, view.mana_value) == ("battlefield", "Howlpack Alpha", 0)
    assert b.trace.final[mayor].pt == "4/4"  # 3/3, and the other Alpha's +1/+1
    assert_round_trip(b)
    refused(b.add_event, "enter", clone)  # it already enters
    assert "already enters" in b.error.value
    b.remove(key)
    assert b.board.obj(clone) is not None and b.trace.final[clone].zone == "hand"
    assert_round_trip(b)


def test_a_card_in_the_hand_may_enter_back_face_up(builder):
    b = builder
    delver = b.add_card("Delver of Secrets", zone="hand")
    b.add_event("enter", delver, face="back")
    assert b.trace.final[delver].name == "Insectile Aberration"
    assert_round_trip(b)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda b: b.add_card("Grizzly Bears", face="back"), "712.1"),  # no back face
        (lambda b: b.add_card("Delver of Secrets", zone="graveyard", face="back"), "712.8a"),
        (lambda b: b.add_card("Delver of Secrets", face="sideways"), "sideways"),
        (lambda b: b.add_event("enter", b.add_card("Grizzly Bears")), "already enters"),
        (lambda b: b.add_event("enter", b.add_card("Grizzly Bears", zone="hand"), face="back"), "712.1"),
    ],
)
def test_a_face_that_cannot_be_is_one_message_and_nothing_changes(builder, call, words):
    from rulekit.widgets.builder import BuilderError

    b = builder
    with pytest.raises(BuilderError):
        call(b)
    assert words in b.error.value and "Traceback" not in b.error.value
    assert "events[" not in b.error.value and "objects[" not in b.error.value  # the builder's words
    assert "\n" not in b.error.value.strip()
    # nothing half-applied: what is on the board solves, and the export reads back the same
    assert all(o.get("face") != "back" for o in b.board.objects)
    assert all(ev.get("face") != "back" for _k, ev in b.board.events if isinstance(ev, dict))
    assert_round_trip(b)


def test_the_form_adds_a_card_back_face_up_and_clears_the_box(builder):
    b = builder
    b.search.value = "Delver of Secrets"
    b.back_face.value = True
    b.add_button.click()
    assert b.error.value == "", b.error.value
    assert b.trace.final[b.board.objects[-1]["id"]].name == "Insectile Aberration"
    assert b.back_face.value is False  # the next card is front face up unless asked
    b.search.value = "Grizzly Bears"
    b.back_face.value = True
    b.add_button.click()  # the button shows the message; nothing reaches the notebook
    assert "712.1" in b.error.value and len(b.board.objects) == 1


def test_the_event_form_transforms_and_enters(builder):
    b = builder
    mayor = b.add_card("Mayor of Avabruck")
    b._sync()
    b.event_kind.value = "transform"
    b.event_object.value = mayor
    b.add_event_button.click()
    assert b.error.value == "" and b.trace.final[mayor].name == "Howlpack Alpha"
    assert [label for label, v in b.event_kind.options if v == "enter"] == ["enter the battlefield"]


def test_the_saved_file_solves_to_the_same_board(builder, tmp_path):
    """``rulekit solve`` reads the saved file back to the builder's result."""
    b = builder
    mayor = b.add_card("Mayor of Avabruck")
    b.add_card("Delver of Secrets", face="back")
    b.add_event("transform", mayor)
    path = tmp_path / "faces.yaml"
    path.write_text(b.to_yaml(), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "rulekit.cli", "solve", str(path), "--json", "--ruleset", b.ruleset.value],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads(b.trace.to_json())
    assert "Howlpack Alpha" in out.stdout and "Insectile Aberration" in out.stdout


BEAST = "name: Beast Side\ntypes: [Creature]\nsubtypes: [Beast]\ncolors: [green]\npower: 4\ntoughness: 4"


def test_a_card_the_library_lacks_may_have_a_back_face(builder):
    """712.1: a hand-made transforming card; it transforms (712.9) into its back face's 4/4 and
    keeps its front face's mana value (712.8e), and the saved file reads back the same."""
    b = builder
    oid = b.add_custom("Man Side", types="Creature", subtypes="Human", colors=["green"], power=1, toughness=1)
    b.remove(oid)
    oid = b.add_custom(
        "Man Side", types="Creature", subtypes="Human", colors=["green"], power=1, toughness=1, back=BEAST
    )
    assert (b.trace.final[oid].name, b.trace.final[oid].pt) == ("Man Side", "1/1")
    b.add_event("transform", oid)
    view = b.trace.final[oid]
    assert (view.name, view.pt, view.subtypes) == ("Beast Side", "4/4", ("Beast",))
    assert "back:" in b.to_yaml()
    assert_round_trip(b)
    # a mapping works as well as text, and back face up from the start
    other = b.add_custom(
        "Mapped",
        power=2,
        toughness=2,
        back={"name": "Mapped Back", "types": ["Creature"], "power": 5, "toughness": 5},
        face="back",
    )
    assert (b.trace.final[other].name, b.trace.final[other].pt) == ("Mapped Back", "5/5")
    assert_round_trip(b)


@pytest.mark.parametrize(
    ("back", "words"),
    [
        ("name: [x", "back face text:1"),  # not YAML: its line
        ("just text", "back"),  # not a mapping
        ("name: X\npower: lots", "back.power"),  # the loader's check, located
        ("types: [Creature]", "name"),  # a face has a name
        ("&a name: X", "back face text:1"),  # no anchors
        ("x" * 5000, "4000"),  # bounded
    ],
)
def test_a_back_face_that_cannot_be_read_is_one_located_message(builder, back, words):
    b = builder
    before = b.to_yaml()
    refused(b.add_custom, "Bad Card", power=1, toughness=1, back=back)
    assert words in b.error.value and "\n" not in b.error.value.strip()
    assert b.to_yaml() == before


def test_the_custom_form_takes_a_back_face_and_checks_it_as_typed(builder):
    b = builder
    b.c_name.value = "Form Card"
    b.c_power.value = "1"
    b.c_toughness.value = "1"
    b.c_back.value = "name: Form Back\ntypes: [Creature]\npower: x"
    assert "back.power" in b.c_status.value  # the live check, before any click
    b.c_add.click()
    assert "back.power" in b.error.value and b.board.objects == []
    b.c_back.value = "name: Form Back\ntypes: [Creature]\npower: 3\ntoughness: 3"
    b.c_modal.value = True
    b.c_add.click()
    assert b.error.value == "", b.error.value
    obj = b.board.objects[-1]
    assert obj["modal"] is True and obj["back"]["name"] == "Form Back"
    b.add_event("transform", obj["id"])
    assert b.trace.final[obj["id"]].name == "Form Back"
    assert_round_trip(b)
