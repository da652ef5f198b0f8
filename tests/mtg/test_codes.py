"""The MTG engine's codes are enums (rulekit/mtg/codes.py): declared once, read by the engine, the
scenario loader and the catalogue, and a misspelt one is a mypy error."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from enum import StrEnum
from pathlib import Path

import pytest

from rulekit.mtg import load_scenario, messages, solve
from rulekit.mtg.codes import (
    AbilityKind,
    DependencyKind,
    EventKind,
    Label,
    NameCode,
    NoteCode,
    Origin,
    Reason,
    Until,
    Why,
)
from rulekit.mtg.engine.replay import MOVES_SITUATIONS
from rulekit.mtg.engine.timestamps import NEW_TIMESTAMP
from rulekit.mtg.loader import scenario_from_text
from rulekit.mtg.schema import EventModel

ROOT = Path(__file__).resolve().parents[2]


def test_the_recorded_codes_are_the_enums() -> None:
    """``messages.CODES`` (what the message test walks) is built from the enums."""
    assert messages.CODES["Dependency.kind"] == tuple(DependencyKind)
    assert messages.CODES["EffectInfo.note_code"] == tuple(NoteCode)
    assert messages.CODES["Step.why"] == tuple(Why)
    assert messages.CODES["EffectInfo.name_code"] == tuple(NameCode)
    assert messages.CODES["EffectInfo.origin"] == tuple(Origin)
    assert messages.CODES["until"] == tuple(Until)


@pytest.mark.parametrize(
    ("enum", "catalogue"),
    [
        (DependencyKind, messages.DEPENDENCY),
        (DependencyKind, messages.DEPENDENCY_KIND),
        (Until, messages.UNTIL),
        (NameCode, messages.NAME),
        (Origin, messages.ORIGIN),
        (Why, messages.WHY_CODE),
        (Reason, messages.STEP),
        (Label, messages.LABEL),
    ],
)
def test_every_code_has_its_message_keyed_by_the_member(
    enum: type[StrEnum], catalogue: dict[str, str]
) -> None:
    assert [m for m in enum if m not in catalogue] == []
    members = [k for k in catalogue if isinstance(k, enum)]
    assert members == list(enum)  # keyed by the members, in their order


def test_a_note_code_reaches_its_sentence_in_every_form() -> None:
    assert messages.note_text(NoteCode.ENDED, (("until", Until.END_OF_TURN),)) == "ended at end of turn"
    assert messages.note_text(NoteCode.SWITCHED_OFF, ()) == "switched off"
    assert messages.note_text(NoteCode.NEVER_STARTED, (("condition", "you control Bo"),)).startswith(
        "never started: 'you control Bo'"
    )


def test_the_event_kinds_are_the_scenario_language_s_events() -> None:
    """One record: every event kind is a field of the scenario schema, and the loader's message
    lists them in the enum's order."""
    assert [k for k in EventKind if k not in EventModel.model_fields] == []
    assert set(EventKind) >= MOVES_SITUATIONS
    assert set(NEW_TIMESTAMP) <= set(EventKind)
    bad = "game: mtg\nname: t\nplayers: [A]\nobjects: []\nevents:\n  - {tap: x, untap: y}\n"
    with pytest.raises(Exception) as info:
        scenario_from_text(bad)
    assert ", ".join(EventKind) in str(info.value)


def test_the_model_holds_members_and_the_trace_the_same_words() -> None:
    """The model's events and abilities carry members; the trace's JSON has the plain words."""
    scn = load_scenario("seed/humility-then-gideon")
    assert all(isinstance(ev.kind, EventKind) for ev in scn.events)
    assert all(isinstance(a.kind, AbilityKind) for o in scn.objects for a in o.abilities)
    trace = solve(scn)
    assert {e.origin for e in trace.effects} <= set(Origin)
    assert {st.why for st in trace.steps} <= set(Why)
    shown = json.dumps([e.to_json_dict() for e in trace.effects])
    assert '"origin": "static"' in shown and "Origin" not in shown


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is a development tool")
def test_mypy_finds_a_misspelt_code(tmp_path: Path) -> None:
    """The point of the enums: a code written wrong, as a string or as a member, is a type error."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from rulekit.mtg.codes import NoteCode\n"
        "from rulekit.mtg.engine.eff import Eff\n\n\n"
        "def f(e: Eff) -> None:\n"
        '    e.note_code = "endd"\n'
        "    e.note_code = NoteCode.ENDD\n"
        "    e.note_code = NoteCode.ENDED\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, "-m", "mypy", str(snippet), "--cache-dir", str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    ).stdout
    errors = sorted(line.split(":")[1] for line in out.splitlines() if ": error:" in line)
    assert errors == ["6", "7"], out
