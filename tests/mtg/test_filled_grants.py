"""Choices that fill an ability which grants an ability: the filled spec is checked as data.

A card with ``choices:`` whose static ability grants a static ability (``abilities: {add: [...]}``),
and a copy written with a chosen object whose exception grants an ability (``except: {abilities:
[...]}``, 707.9a), are solved; a bad value that a choice fills into the granted ability is one
located error naming the field under its ``static`` level, exit status 2 on the CLI, never a
``KeyError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.cli import main
from rulekit.errors import ScenarioError

GRANT = """\
game: mtg
players: [Ann, Bo]
objects:
  - id: bears
    card: Grizzly Bears
    controller: Ann
  - id: lord
    name: Lord
    types: [Enchantment]
    controller: Ann
    choices: {color: COLOR}
    abilities:
      - text: Creatures of the chosen colour have "Creatures get +1/+1".
        static:
          affects: "{chosen color} creatures"
          abilities:
            add:
              - text: Creatures get +1/+1.
                static: {affects: creatures, modify_pt: {power: POWER, toughness: 1}}
events:
  - enter: [bears, lord]
"""

COPY = """\
game: mtg
players: [Ann, Bo]
objects:
  - id: bears
    card: Grizzly Bears
    controller: Ann
  - id: clone
    name: Clone
    types: [Creature]
    power: 0
    toughness: 0
    controller: Ann
    choices: {object: bears}
    abilities:
      - text: Enter as a copy of a creature, except it has "Creatures get +1/+1".
        static:
          affects: this
          copy: "{chosen object}"
          except:
            abilities:
              - text: Creatures get +1/+1.
                static: {affects: AFFECTS, modify_pt: {power: 1, toughness: 1}}
events:
  - enter: [bears, clone]
"""


def _grant(color: str, power: str = "1") -> str:
    return GRANT.replace("COLOR", color).replace("POWER", power)


def test_a_choice_and_a_granted_static_ability_solve() -> None:
    # green: the Bears (green) gain "Creatures get +1/+1", which pumps them (613.4c): 3/3
    trace = mtg.solve(mtg.scenario_from_text(_grant("green"), "grant.yaml"))
    assert trace.final["bears"].pt == "3/3"
    assert "Creatures get +1/+1." in trace.final["bears"].abilities
    # blue: no blue creature, nothing granted
    trace = mtg.solve(mtg.scenario_from_text(_grant("blue"), "grant.yaml"))
    assert trace.final["bears"].pt == "2/2"


def test_a_bad_value_filled_into_a_granted_ability_is_located() -> None:
    with pytest.raises(ScenarioError) as info:
        mtg.scenario_from_text(_grant("green", '"{chosen color}"'), "grant.yaml")
    text = str(info.value)
    assert text.startswith(
        "grant.yaml:19: objects[1].abilities[0].static.abilities.add[0].static.modify_pt.power: 'green'"
    ), text


def test_a_copy_exception_granting_a_mapping_ability_solves() -> None:
    trace = mtg.solve(mtg.scenario_from_text(COPY.replace("AFFECTS", "creatures"), "copy.yaml"))
    # the clone is a Grizzly Bears with "Creatures get +1/+1" (707.9a): both creatures are 3/3
    assert trace.final["clone"].name == "Grizzly Bears"
    assert trace.final["clone"].pt == "3/3"
    assert trace.final["bears"].pt == "3/3"


def test_a_bad_selector_in_a_filled_copy_exception_is_located() -> None:
    text = COPY.replace("AFFECTS", '"{chosen object} creatures"')
    with pytest.raises(ScenarioError) as info:
        mtg.scenario_from_text(text, "copy.yaml")
    assert str(info.value).startswith(
        "copy.yaml:22: objects[1].abilities[0].static.except.abilities[0].static.affects: 'bears creatures'"
    ), str(info.value)


def test_the_cli_gives_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "copy.yaml"
    path.write_text(COPY.replace("AFFECTS", '"{chosen object} creatures"'), encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "KeyError" not in err
    good = tmp_path / "grant.yaml"
    good.write_text(_grant("green"), encoding="utf-8")
    assert main(["solve", str(good), "--json"]) == 0


def test_the_layer_explorer_shows_the_board_or_the_located_message(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    good = tmp_path / "grant.yaml"
    good.write_text(_grant("green"), encoding="utf-8")
    ex = LayerExplorer(str(good), backend="text")
    assert "Unexpected problem" not in ex.error.value and "That did not work" not in ex.error.value
    bad = tmp_path / "copy.yaml"
    bad.write_text(COPY.replace("AFFECTS", '"{chosen object} creatures"'), encoding="utf-8")
    html = LayerExplorer(str(bad), backend="text").error.value
    assert "That did not work" in html and "Unexpected problem" not in html, html
    assert "static.except.abilities[0].static.affects" in html, html
