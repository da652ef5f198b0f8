"""Turning permanents face down and face up (CR 708.2b, 708.8, 708.10, 702.37e, 708.7).

Expected values come from the Comprehensive Rules and the rulings quoted in each test, never from
running the engine:

* 708.2b: a permanent that is already face down can't be turned face down again: an instruction
  to do so does nothing, so it gets no new timestamp (613.7f gives one only when it *is* turned).
* 708.8: turned face up, its copiable values revert to its normal ones; effects applied to it
  while it was face down still apply.
* 708.10: a face-down permanent that becomes a copy keeps its face-down characteristics; turned
  face up, it has the values it copied.
* Only a face-down permanent is turned face up (702.37e: morph's special action turns "a face-down
  permanent you control" face up; 708.7: the ability or rules that let it be face down say how;
  effects name "face-down" permanents, as Break Open's "Turn target face-down creature an
  opponent controls face up"). No game instruction turns a face-up permanent face up, so a
  ``turn_face_up`` event on one is a slip in the scenario, refused with its line.
"""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

MORPH = """
game: mtg
players: [Ann]
objects:
  - {id: morph, card: Grizzly Bears, controller: Ann, face_down: true}
  - {id: king, card: Goblin King, controller: Ann}
"""


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_turning_a_face_down_permanent_face_down_again_does_nothing(ruleset: str) -> None:
    """708.2b: the face-down 2/2 stays as it was, with the timestamp it had (no 613.7f timestamp)."""
    t0 = solve_text(MORPH, ruleset)
    t = solve_text(MORPH + "events:\n  - turn_face_down: morph\n", ruleset)
    v, v0 = t.final["morph"], t0.final["morph"]
    assert (v.face_down, v.name, v.power, v.toughness) == (True, "", 2, 2)
    assert v.timestamp == v0.timestamp


def test_turned_face_down_once_it_gets_a_new_timestamp() -> None:
    """The control (613.7f): a face-up Bears turned face down gets a new timestamp, later than the
    King's; turning it face down a second time does not move it again (708.2b)."""
    face_up = MORPH.replace(", face_down: true", "")
    once = solve_text(face_up + "events:\n  - turn_face_down: morph\n")
    twice = solve_text(face_up + "events:\n  - turn_face_down: morph\n  - turn_face_down: morph\n")
    assert once.final["morph"].face_down and once.final["morph"].timestamp > once.final["king"].timestamp
    assert twice.final["morph"].timestamp == once.final["morph"].timestamp


def test_an_effect_from_while_it_was_face_down_still_applies_face_up() -> None:
    """708.8: a +3/+3 that resolved for the face-down creature still applies once it is turned
    face up: Grizzly Bears 5/5 (its own 2/2 again, plus the +3/+3)."""
    text = MORPH + (
        "events:\n"
        "  - resolve: {effect: {affects: targets, duration: until end of turn,"
        " modify_pt: {power: 3, toughness: 3}}, targets: [morph], id: pump}\n"
        "  - turn_face_up: morph\n"
    )
    v = solve_text(text).final["morph"]
    assert (v.face_down, v.name, v.power, v.toughness) == (False, "Grizzly Bears", 5, 5)


COPY = """
game: mtg
players: [Ann]
objects:
  - {id: morph, card: Goblin King, controller: Ann, face_down: true}
  - {id: bears, card: Grizzly Bears, controller: Ann}
events:
  - resolve: {effect: {affects: targets, copy: "@bears"}, targets: [morph], id: shape}
"""


def test_a_face_down_permanent_that_becomes_a_copy_stays_a_face_down_2_2() -> None:
    """708.10: the face-down Goblin King becomes a copy of Grizzly Bears, but its characteristics
    are still the face-down ones: a nameless 2/2 with no subtypes."""
    v = solve_text(COPY).final["morph"]
    assert (v.face_down, v.name, v.subtypes, v.power, v.toughness) == (True, "", (), 2, 2)


def test_turned_face_up_it_has_the_values_it_copied() -> None:
    """708.10: turned face up, it has the copied values: Grizzly Bears, a 2/2 Bear, not Goblin King."""
    v = solve_text(COPY + "  - turn_face_up: morph\n").final["morph"]
    assert (v.face_down, v.name, v.subtypes, v.power, v.toughness) == (
        False,
        "Grizzly Bears",
        ("Bear",),
        2,
        2,
    )
    assert v.abilities == ()


def test_turning_a_face_up_permanent_face_up_is_one_located_line() -> None:
    """Only a face-down permanent is turned face up (702.37e, 708.7): one line naming the event."""
    with pytest.raises(ScenarioError) as e:
        load_text(MORPH + "events:\n  - turn_face_up: king\n")
    msg = str(e.value)
    assert ":8:" in msg and "turn_face_up" in msg and "'king'" in msg and "702.37e" in msg
    assert "\n" not in msg


def test_face_up_again_after_turning_it_up_once_is_refused() -> None:
    """The status is followed through the events: turned face up once, it is face up."""
    with pytest.raises(ScenarioError) as e:
        load_text(MORPH + "events:\n  - turn_face_up: morph\n  - turn_face_up: morph\n")
    assert ":9:" in str(e.value) and "'morph'" in str(e.value)


def test_face_down_then_face_up_is_accepted() -> None:
    """Turned face down by an event, it may be turned face up; after it left the battlefield it is
    face up (708.9), so turning it face up there is refused."""
    face_up = MORPH.replace(", face_down: true", "")
    v = solve_text(face_up + "events:\n  - turn_face_down: morph\n  - turn_face_up: morph\n").final["morph"]
    assert (v.face_down, v.name) == (False, "Grizzly Bears")
    with pytest.raises(ScenarioError):
        load_text(MORPH + "events:\n  - leave: {object: morph, to: exile}\n  - turn_face_up: morph\n")


def test_a_double_faced_permanent_turned_face_down_stays_face_up() -> None:
    """712.16 with the check: the Delver was not turned face down, so it cannot be turned face up."""
    text = """
game: mtg
players: [Ann]
objects:
  - {id: delver, card: Delver of Secrets, controller: Ann}
events:
  - turn_face_down: delver
  - turn_face_up: delver
"""
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    assert ":8:" in str(e.value)


# ------------------------------------------------------------------ 110.5, 611.1: face down is a status
#: A static ability that says its creatures are face down (no card does: face up or face down is a
#: permanent's status, 110.5, which a continuous effect does not change, 611.1; 613.2b applies the
#: face-down values to permanents that are face down, it does not turn them).
MASK = """\
game: mtg
players: [Ann]
objects:
  - {id: mask, name: Mask, types: [Artifact], controller: Ann,
     abilities: [{text: "Creatures are face down.", static: {affects: creatures, face_down: true}}]}
  - {id: bears, card: Grizzly Bears, controller: Ann}
"""


def test_a_static_ability_cannot_turn_a_permanent_face_down() -> None:
    """110.5, 611.1, 611.3: refused with one line naming the file, line and field (not ignored)."""
    with pytest.raises(ScenarioError) as e:
        load_text(MASK, "mask.yaml")
    msg = str(e.value)
    assert msg.startswith("mask.yaml:5: objects[0].abilities[0].static.face_down: ")
    assert "110.5" in msg and "turn_face_down" in msg and "\n" not in msg
    assert e.value.code == "FACE_DOWN_NOT_STATIC"


def test_a_characteristic_defining_or_granted_static_ability_cannot_either() -> None:
    """604.3: a characteristic-defining ability is a static ability; an ability granted by an
    effect is checked as written too."""
    cda = MASK.replace("static: {affects: creatures, face_down: true}", "cda: {face_down: true}")
    granted = MASK.replace(
        "static: {affects: creatures, face_down: true}",
        "static: {affects: creatures, abilities: {add: [{text: Hidden,"
        " static: {affects: this, face_down: true}}]}}",
    )
    for text, field in ((cda, "abilities[0].cda.face_down"), (granted, "abilities.add[0].static.face_down")):
        with pytest.raises(ScenarioError) as e:
            load_text(text, "mask.yaml")
        assert e.value.code == "FACE_DOWN_NOT_STATIC", text
        assert field in str(e.value) and str(e.value).startswith("mask.yaml:5: ")


def test_a_resolving_effect_or_event_still_turns_it_face_down() -> None:
    """The controls: a turn_face_down event and a resolved effect that writes face_down (an
    instruction carried out once, as a resolving spell or ability does) are accepted."""
    plain = MASK.replace(
        '{text: "Creatures are face down.", static: {affects: creatures, face_down: true}}', "Flying"
    )
    turned = solve_text(plain + "events:\n  - turn_face_down: bears\n").final["bears"]
    assert (turned.face_down, turned.name, turned.power) == (True, "", 2)
    resolved = solve_text(plain + 'events:\n  - resolve: {effect: {affects: "@bears", face_down: true}}\n')
    assert (resolved.final["bears"].name, resolved.final["bears"].abilities) == ("", ())
    ability = plain.replace("Flying", '{text: "Hide it.", resolves: {affects: "@bears", face_down: true}}')
    load_text(ability)


def test_the_command_line_refuses_it_with_exit_2(tmp_path, capsys) -> None:
    from rulekit.cli import main

    path = tmp_path / "mask.yaml"
    path.write_text(MASK, encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"rulekit: error: {path}:5: objects[0].abilities[0].static.face_down: ")
