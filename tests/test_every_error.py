"""Every mistake of a file in one run: pydantic's shape
errors all located, the loaders' per-object, per-event, per-hero and per-card checks each kept
and the next one checked, one line per mistake (never a cascade of lines caused by the first),
sorted by line; the CLI prints them all in ``--lang`` and exits 2, at most
``limits.MAX_ERRORS_SHOWN`` and then "and N more"; the API raises one ScenarioError (the first)
carrying them all in ``.errors``; a widget lists them."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import cli, limits
from rulekit.apoteose.scenario import load_scenario_text
from rulekit.errors import ScenarioError
from rulekit.mtg.loader import scenario_from_text

MTG_FOUR = """\
game: mtg
players: [Ann, Bo]
objects:
  - {id: a, card: Grizly Bears}
  - {id: b, card: Grizzly Bears, owner: Bob}
  - {id: c, card: Grizzly Bears, colr: [red]}
  - {id: d, card: Grizzly Bears, timestamp: many}
events: []
"""

MTG_FOUR_LINES = {
    "en": [
        "rulekit: error: four.yaml:4: objects[0].card: 'Grizly Bears' is not a card in the library"
        " — did you mean 'Grizzly Bears'?",
        "rulekit: error: four.yaml:5: objects[1].owner: 'Bob' is not a player — did you mean 'Bo'?",
        "rulekit: error: four.yaml:6: objects[2].colr: unknown key 'colr' — did you mean 'colors'?",
        "rulekit: error: four.yaml:7: objects[3].timestamp: expected a number, got text 'many'",
    ],
    "pt-BR": [
        "rulekit: erro: four.yaml:4: objects[0].card: 'Grizly Bears' não é uma carta da biblioteca de"
        " cartas — você quis dizer 'Grizzly Bears'?",
        "rulekit: erro: four.yaml:5: objects[1].owner: 'Bob' não é um jogador — você quis dizer 'Bo'?",
        "rulekit: erro: four.yaml:6: objects[2].colr: chave desconhecida 'colr' — você quis dizer 'colors'?",
        "rulekit: erro: four.yaml:7: objects[3].timestamp: esperava-se um número, veio texto 'many'",
    ],
    "es": [
        "rulekit: error: four.yaml:4: objects[0].card: 'Grizly Bears' no es una carta de la biblioteca de"
        " cartas — ¿quisiste decir 'Grizzly Bears'?",
        "rulekit: error: four.yaml:5: objects[1].owner: 'Bob' no es un jugador — ¿quisiste decir 'Bo'?",
        "rulekit: error: four.yaml:6: objects[2].colr: clave desconocida 'colr' — ¿quisiste decir 'colors'?",
        "rulekit: error: four.yaml:7: objects[3].timestamp: se esperaba un número, llegó texto 'many'",
    ],
}

APO_FOUR = """\
game: apoteose
heroes:
  - {id: ana, name: Ana, team: azul, iniciativa: 5,
     resources: {VIDA: [50, 100], MAAN: [3, 10], ESTAMINA: [4, 6]}}
  - {id: bruno, name: Bruno, team: vermelho, iniciativa: 3, resources: {VIDA: [80, 80], MANA: [5, 5]}}
cards:
  - {id: pocao, name: Poção, types: [ITEM], owner: anna}
  - {id: ana, name: Adaga, types: [ITEM], owner: ana}
turn: {order: [ana, bruno], hero: ana}
"""


def _run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> list[str]:
    monkeypatch.chdir(tmp_path)
    status = cli.main(list(args))
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert "Traceback" not in err
    return err.splitlines()


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_four_independent_mtg_mistakes_give_four_located_lines_in_one_run(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "four.yaml").write_text(MTG_FOUR, encoding="utf-8")
    assert _run(tmp_path, monkeypatch, capsys, "solve", "four.yaml", "--lang", lang) == MTG_FOUR_LINES[lang]


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "unknown resource"), ("pt-BR", "recurso desconhecido"), ("es", "recurso desconocido")],
)
def test_four_independent_apoteose_mistakes_give_four_located_lines(
    lang: str, word: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "apo.yaml").write_text(APO_FOUR, encoding="utf-8")
    lines = _run(tmp_path, monkeypatch, capsys, "chain", "apo.yaml", "--lang", lang)
    assert [line.split(": ")[2] for line in lines] == [
        "apo.yaml:4",  # heroes[0]: an unknown resource (and so no "has no MANA" after it)
        "apo.yaml:5",  # heroes[1]: no ESTAMINA
        "apo.yaml:7",  # cards[0]: an owner that is no hero
        "apo.yaml:8",  # cards[1]: an id a hero already has
    ]
    assert word in lines[0]
    assert [line.split(": ")[3] for line in lines] == [
        "heroes[0].resources.MAAN",
        "heroes[1].resources",
        "cards[0].owner",
        "cards[1].id",
    ]


def test_shape_errors_are_all_reported_sorted_by_line() -> None:
    text = "game: mtg\nsorce: x\nplayers: Ann\nactive_player: [1]\nobjects: []\n"
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text, "shape.yaml")
    assert [str(e) for e in info.value.errors] == [
        "shape.yaml:2: sorce: unknown key 'sorce' — did you mean 'source'?",
        "shape.yaml:3: players: expected a list, got text 'Ann'",
        "shape.yaml:4: active_player: expected text, got a list",
    ]
    # the API raises the first: a caller that reads one error reads what it always did
    assert str(info.value) == str(info.value.errors[0])


def test_a_union_that_fails_is_one_line() -> None:
    text = "game: mtg\nplayers: [Ann, {nam: Bo}]\n"
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text, "u.yaml")
    assert len(info.value.errors) == 1, [str(e) for e in info.value.errors]
    assert info.value.line == 2


def test_a_cascade_gives_one_line() -> None:
    # the Bears' card is misspelt: the Aura on it and the event resolving it are not refused for it
    text = (
        "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"
        "  - {id: a, card: Grizly Bears}\n"
        "  - {id: b, card: Holy Strength, attached_to: a}\n"
        "events:\n  - {type: resolve, object: a}\n"
    )
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text, "c.yaml")
    assert [e.field for e in info.value.errors] == ["objects[0].card"]


def test_an_apoteose_cascade_gives_one_line() -> None:
    # one hero's unknown resource is not also "hero has no MANA"
    text = APO_FOUR.replace("MANA: [5, 5]", "MANA: [5, 5], ESTAMINA: [3, 3]").replace(
        "owner: anna", "owner: ana"
    )
    text = text.replace("id: ana, name: Adaga", "id: adaga, name: Adaga")
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(text, "a.yaml")
    assert [e.field for e in info.value.errors] == ["heroes[0].resources.MAAN"]


def test_a_mistake_repeated_by_a_merge_key_is_one_line() -> None:
    text = (
        "game: mtg\nplayers: [Ann]\nobjects:\n"
        "  - &b {id: b1, card: Grizzly Bears, colr: [red]}\n  - <<: *b\n    id: b2\n"
    )
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text, "m.yaml")
    assert len(info.value.errors) == 1


def test_the_cli_caps_the_lines_and_counts_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    many = limits.MAX_ERRORS_SHOWN + 7
    objects = "".join(f"  - {{id: o{i}, card: Grizzly Bears, colr: [red]}}\n" for i in range(many))
    (tmp_path / "many.yaml").write_text(f"game: mtg\nplayers: [Ann]\nobjects:\n{objects}", encoding="utf-8")
    lines = _run(tmp_path, monkeypatch, capsys, "solve", "many.yaml", "--lang", "pt-BR")
    assert len(lines) == limits.MAX_ERRORS_SHOWN + 1
    assert lines[0].startswith("rulekit: erro: many.yaml:4: objects[0].colr:")
    assert lines[-1] == "rulekit: erro: … e mais 7"
    with pytest.raises(ScenarioError) as info:
        scenario_from_text((tmp_path / "many.yaml").read_text(encoding="utf-8"), "many.yaml")
    assert len(info.value.errors) == many


def test_a_widget_lists_every_error() -> None:
    from rulekit.widgets._base import error_html

    with pytest.raises(ScenarioError) as info:
        scenario_from_text(MTG_FOUR, "four.yaml")
    html = error_html(info.value, 1.0)
    assert html.count("<li>") == 4
    assert "four.yaml:7: objects[3].timestamp" in html


@pytest.mark.parametrize(("lang", "word"), [("pt-BR", "não é um jogador"), ("es", "no es un jugador")])
def test_the_builder_given_a_file_lists_every_error(lang: str, word: str, tmp_path: Path) -> None:
    from rulekit.widgets import BoardBuilder

    path = tmp_path / "four.yaml"
    path.write_text(MTG_FOUR, encoding="utf-8")
    b = BoardBuilder(str(path), lang=lang)
    assert b.error.value.count("<li>") == 4, b.error.value
    assert word in b.error.value
    assert "objects[3].timestamp" in b.error.value


def test_an_explorer_given_a_path_lists_every_error(tmp_path: Path) -> None:
    from rulekit.widgets import LayerExplorer

    path = tmp_path / "four.yaml"
    path.write_text(MTG_FOUR, encoding="utf-8")
    x = LayerExplorer(str(path))
    assert x.error.value.count("<li>") == 4, x.error.value


def test_apoteose_script_steps_and_decisions_are_checked_one_by_one() -> None:
    text = (
        "game: apoteose\nheroes:\n"
        "  - {id: ana, name: Ana, team: azul, iniciativa: 5,\n"
        "     resources: {VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]}, zones: {INVENTÁRIO: [pocao]}}\n"
        "cards:\n"
        "  - {id: pocao, name: Poção, types: [ITEM], owner: ana, effects: ['Ativar Cure 5 de VIDA.']}\n"
        "turn: {order: [ana], hero: ana}\n"
        "script:\n  - activate: poção\n  - activate: pocao\n  - activate: adaga\n"
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(text, "s.yaml")
    assert [(e.line, e.field) for e in info.value.errors] == [
        (9, "script[0].activate"),
        (11, "script[2].activate"),
    ]
