"""Scenario files: every error names file:line: field, with a "did you mean" when one is obvious."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._util import scenario

CASES = [
    (
        "objects:\n  - id: x\n    name: X\n    types: [Creture]\n",
        "scenario.yaml:6: objects[0].types[0]: 'Creture' is not a card type — did you mean 'Creature'?",
    ),
    (
        "objects:\n  - id: bears\n    crad: Grizzly Bears\n",
        "scenario.yaml:5: objects[0].crad: unknown key 'crad' — did you mean 'card'?",
    ),
    (
        "objects:\n  - {id: bears, card: Grizly Bears}\n",
        "scenario.yaml:4: objects[0].card: 'Grizly Bears' is not a card in the library — "
        "did you mean 'Grizzly Bears'?",
    ),
    (
        "objects:\n  - {id: bears, card: Grizzly Bears, colors: [gren]}\n",
        "scenario.yaml:4: objects[0].colors[0]: 'gren' is not a colour (white, blue, black, red, green) "
        "— did you mean 'green'?",
    ),
    (
        "objects:\n  - {id: bears, card: Grizzly Bears}\nevents:\n  - enter: bear\n",
        "scenario.yaml:6: events[0].enter: no object 'bear' in this scenario — did you mean 'bears'?",
    ),
    (
        "objects:\n  - {id: g, card: Grizzly Bears}\nevents:\n"
        "  - resolve: {source: g, effect: {modfy_pt: {power: 1}}}\n",
        "scenario.yaml:6: events[0].resolve.effect.modfy_pt: unknown key 'modfy_pt' "
        "— did you mean 'modify_pt'?",
    ),
    (
        "objects:\n  - id: a\n    name: A\n    types: [Enchantment]\n    abilities:\n      - text: t\n"
        "        static: {affects: creaturs you control, modify_pt: {power: 1}}\n",
        "scenario.yaml:9: objects[0].abilities[0].static.affects: 'creaturs' (word 1, character 1) in "
        "'creaturs you control' is not a type or selector word — did you mean 'creatures'?",
    ),
    (
        "objects:\n  - {id: g, card: Gideon Jura}\nevents:\n  - resolve: {source: g, ability: '1'}\n",
        "scenario.yaml:6: events[0].resolve.ability: '1' is not an ability of Gideon Jura that resolves (its "
        "abilities: +2, 0)",
    ),
    (
        "objects:\n  - {id: g, card: Grizzly Bears, controller: Bob}\n",
        "scenario.yaml:4: objects[0].controller: 'Bob' is not a player",
    ),
    (
        "objects:\n  - {id: g, card: Grizzly Bears}\n  - {id: g, card: Forest}\n",
        "scenario.yaml:5: objects[1].id: object id 'g' is used twice",
    ),
    (
        "objects:\n  - id: a\n    name: A\n    types: [Enchantment]\n    abilities:\n      - text: t\n"
        "        static: {affects: bers, modify_pt: {power: 1}}\n  - {id: bears, card: Grizzly Bears}\n",
        "scenario.yaml:9: objects[0].abilities[0].static.affects: 'bers' is neither a selector nor an "
        "object in this scenario — did you mean 'bears'?",
    ),
]


@pytest.mark.parametrize(("body", "message"), CASES)
def test_error_names_file_line_field(body: str, message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario("game: mtg\nplayers: [Ann]\n" + body)
    assert str(exc.value) == message


def test_yaml_syntax_error_has_a_line() -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario("game: mtg\nplayers: [Ann\n")
    assert str(exc.value).startswith("scenario.yaml:3: invalid YAML")


def test_missing_game_key() -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario("players: [Ann]\n")
    assert str(exc.value) == "scenario.yaml:1: missing required key 'game'"


def test_apoteose_file_is_refused_clearly() -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario("game: apoteose\nplayers: [Ann]\n")
    assert "Apoteose" in str(exc.value)


def test_duplicate_key() -> None:
    with pytest.raises(ScenarioError) as exc:
        scenario("game: mtg\nplayers: [Ann]\nplayers: [Bo]\n")
    assert str(exc.value).startswith("scenario.yaml:3:") and "duplicate key 'players'" in str(exc.value)
