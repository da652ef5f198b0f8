"""The built-in scenarios are listed and typed in one place: every loader agrees with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulekit import apoteose, mtg, scenarios
from rulekit.cli import main
from rulekit.errors import ScenarioError


def _cli_scenarios(capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    assert main(["scenarios", "--json"]) == 0
    return {row["name"]: row["game"] for row in json.loads(capsys.readouterr().out)}


def test_loaders_and_cli_agree_on_the_builtins(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(
        p.relative_to(scenarios.SCENARIO_DIR).with_suffix("").as_posix()
        for p in scenarios.SCENARIO_DIR.rglob("*.yaml")
    )
    everything = scenarios.list_builtin(None)
    assert list(everything) == files and len(files) > 10
    by_game = {name: scenarios.scenario_game(name) for name in everything}
    assert set(by_game.values()) == {"mtg", "apoteose"}

    # the MTG loader's list, the Apoteose loader's list and the module's own split
    assert (
        mtg.list_scenarios()
        == list(scenarios.list_builtin("mtg"))
        == sorted(n for n, g in by_game.items() if g == "mtg")
    )
    assert (
        apoteose.list_scenarios()
        == list(scenarios.list_builtin("apoteose"))
        == sorted(n for n, g in by_game.items() if g == "apoteose")
    )
    # `rulekit scenarios` lists each built-in once, with the same game
    assert _cli_scenarios(capsys) == by_game
    # each built-in loads in its own game's loader, is refused by the other, and its object agrees
    for name, game in by_game.items():
        right, wrong = (mtg, apoteose) if game == "mtg" else (apoteose, mtg)
        loaded = right.load_scenario(name)
        assert scenarios.scenario_game(loaded) == game
        with pytest.raises(ScenarioError):
            wrong.load_scenario(name)


def test_the_re_exported_names_are_the_module_s() -> None:
    from rulekit.apoteose import scenario as apoteose_scenario
    from rulekit.mtg import loader
    from rulekit.views import commands

    assert loader.list_builtin is scenarios.list_builtin and loader.scenario_root is scenarios.scenario_root
    assert commands.scenario_game is scenarios.scenario_game and commands.GAMES is scenarios.GAMES
    assert commands.SCENARIO_DIR == apoteose_scenario.SCENARIO_DIR == scenarios.scenario_root()


def test_the_apoteose_shorthand_is_one_rule() -> None:
    short = apoteose.list_scenarios()[0].removeprefix("apoteose/")
    assert scenarios.builtin_file(short, game="apoteose") == scenarios.builtin_file(f"apoteose/{short}")
    assert scenarios.builtin_file(short, game="mtg") is None
    assert scenarios.scenario_game(short) == "apoteose"
    assert apoteose.load_scenario(short).name == apoteose.load_scenario(f"apoteose/{short}").name
    with pytest.raises(ScenarioError) as exc:
        mtg.load_scenario(short)
    assert exc.value.code == "NO_SUCH_SCENARIO"


@pytest.mark.parametrize(
    "name", ["seed/../../../etc/passwd", "/etc/passwd", "apoteose/../seed/blood-moon", "seed\\blood-moon", ""]
)
def test_a_builtin_name_never_leaves_the_data_folder(name: str) -> None:
    found = scenarios.builtin_file(name)
    assert found is None or found[0].resolve().is_relative_to(scenarios.SCENARIO_DIR.resolve())


def test_which_game_errors_are_located(tmp_path: Path) -> None:
    missing = tmp_path / "no-game.yaml"
    missing.write_text("players: [a]\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        scenarios.scenario_game(str(missing))
    assert str(exc.value) == f"{missing}:1: game: a scenario needs a top-level 'game:' key (mtg or apoteose)"
    unknown = tmp_path / "chess.yaml"
    unknown.write_text("players: [a]\ngame: mgt\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        scenarios.scenario_game(str(unknown))
    assert str(exc.value).startswith(f"{unknown}:2: game: 'mgt' is not a game rulekit knows (mtg, apoteose)")
    assert "mtg" in str(exc.value).split("—")[-1]


def test_the_listing_is_read_once_and_cannot_be_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    scenarios._builtin_index.cache_clear()
    first = scenarios.list_builtin("mtg")
    assert isinstance(first, tuple) and first

    def no_reading(*args: object, **kwargs: object) -> None:
        raise AssertionError("the built-in folder was read again")

    monkeypatch.setattr(scenarios.YamlDoc, "from_path", no_reading)
    monkeypatch.setattr(scenarios.Path, "rglob", no_reading)
    assert scenarios.list_builtin("mtg") == first
    assert set(scenarios.list_builtin(None)) >= set(first) | set(scenarios.list_builtin("apoteose"))
    mine = mtg.list_scenarios()
    mine.clear()  # a caller's own list: the next caller still sees every built-in
    assert mtg.list_scenarios() == list(first)
