"""Names a reader cannot tell apart, pydantic's words, Python spellings, file
names for ``rulekit new``, and values that were accepted without meaning anything.

Each test here failed before the change that made it pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulekit.apoteose.scenario import load_scenario_text
from rulekit.errors import RulekitError, ScenarioError
from rulekit.i18n import translator
from rulekit.mtg import scenario_from_text
from rulekit.textclean import skeleton
from rulekit.yamlsrc import suggest

HERO = "{{id: {id}, {name}team: {team}, resources: {{VIDA: [10, 10], MANA: [5, 5], ESTAMINA: [5, 5]}}}}"


def _heroes(*heroes: tuple[str, str | None, str]) -> str:
    lines = ["game: apoteose", "heroes:"]
    for hid, name, team in heroes:
        shown = f'name: "{name}", ' if name is not None else ""
        lines.append("  - " + HERO.format(id=hid, name=shown, team=team))
    return "\n".join(lines) + "\n"


def _mtg(players: str, objects: str = "") -> str:
    return f"game: mtg\nplayers: {players}\n" + (f"objects:\n{objects}" if objects else "")


def _error(load, text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        load(text, "board.yaml")
    return info.value


# ---- §6 look-alikes, by Unicode's data --------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Bo", "\u0412\u043e"),  # Latin, then the whole word in Cyrillic
        ("Bo", "Bo\u00a0"),  # a trailing no-break space
        ("Ann Bo", "Ann\u2003Bo"),  # an em space inside
        ("Jo\u00e3o", "Joa\u0303o"),  # one name in two normal forms (NFC, NFD)
        ("Ann", "\u0410nn"),  # a Cyrillic А
    ],
)
def test_players_that_look_alike_are_refused_as_a_pair(first: str, second: str) -> None:
    e = _error(scenario_from_text, _mtg(f'["{first}", "{second}"]'))
    assert e.code == "LOOK_ALIKE"
    assert e.field == "players[1]"


def test_a_look_alike_pair_names_the_other_and_its_line_in_each_language() -> None:
    e = _error(scenario_from_text, _mtg('["Bo", "\u0412\u043e"]'))
    assert "could be taken for 'Bo' (players[0], line 2)" in str(e)
    for lang in ("pt-BR", "es"):
        text = e.text_in(translator(lang))
        assert "could be taken" not in text and "line 2" not in text, text


def test_names_that_merely_differ_still_load() -> None:
    sc = scenario_from_text(_mtg('["Ann", "Anna", "Медведь", "João", "漢字"]'))
    assert len(sc.players) == 5


def test_object_ids_that_look_alike_are_refused() -> None:
    objects = (
        "  - {id: bears, card: Grizzly Bears, controller: Ann}\n"
        '  - {id: "b\u0435ars2", card: Grizzly Bears, controller: Ann}\n'  # mixed script: alone
        '  - {id: "\u0432ears", card: Grizzly Bears, controller: Ann}\n'
    )
    e = _error(scenario_from_text, _mtg("[Ann, Bo]", objects))
    assert e.code == "LOOK_ALIKE" and e.field == "objects[1].id"


def test_skeleton_is_unicodes() -> None:
    assert skeleton("Bo") == skeleton("\u0412\u043e") == skeleton("B\u200bo")
    assert skeleton("paypal") == skeleton("p\u0430yp\u0430l")
    assert skeleton("Ann") != skeleton("Anne")


def test_a_mixed_script_word_of_a_script_the_old_list_lacked_is_refused() -> None:
    # Cherokee Ꭺ (U+13AA) and Latin: in Unicode's confusables, not in any hand-made list of ours
    e = _error(scenario_from_text, _mtg('["\u13aann", "Bo"]'))
    assert e.code == "LOOK_ALIKE" and "Cherokee" in str(e)


def test_a_heros_name_may_not_be_another_heros_id() -> None:
    """ "adjacente a ana" names a hero by id or by name (case and accents aside): with a hero
    named "Ana" beside the hero whose id is ana it silently meant the wrong one."""
    e = _error(load_scenario_text, _heroes(("ana", None, "A"), ("bia", "Ána", "B")))
    assert e.code == "LOOK_ALIKE" and e.field == "heroes[1].name"
    assert "heroes[0].id" in str(e)
    # a hero's name may be its own id, as players write it
    load_scenario_text(_heroes(("ana", "Ana", "A"), ("bia", "Bia", "B")), "board.yaml")


def test_two_heroes_of_one_name_are_refused() -> None:
    e = _error(load_scenario_text, _heroes(("ana", "Ana", "A"), ("bia", "ANA", "B")))
    assert e.code == "LOOK_ALIKE"


# ---- §7 words a reader reads: pydantic's, Python's -------------------------------------------


RULES = """game: mtg
players: [Ann, Bo]
objects:
  - {{id: x, name: Thing, types: [Enchantment], controller: Ann,
     abilities: [{{text: "t", static: {{affects: spells, rules: {rules}}}}}]}}
"""


@pytest.mark.parametrize("value", ["3", "true", "[all]"])
def test_a_wrong_kind_of_value_for_a_word_is_a_catalogue_message(value: str) -> None:
    e = _error(scenario_from_text, RULES.format(rules=f"{{prevent_damage: {value}}}"))
    for lang in ("en", "pt-BR", "es"):
        text = e.text_in(translator(lang))
        assert "Input should" not in text, text
        assert "None" not in text and "True" not in text, text
    assert "'all'" in str(e) and "'combat'" in str(e)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("game: apoteose\nheroes: []\n", None),
        ("game: null\nheroes: []\n", "game"),
        ("game: true\nheroes: []\n", "game"),
    ],
)
def test_no_python_spelling_in_a_wrong_game(text: str, field: str | None) -> None:
    if field is None:
        return
    e = _error(load_scenario_text, text)
    for lang in ("en", "pt-BR", "es"):
        shown = e.text_in(translator(lang))
        assert "None" not in shown and "True" not in shown, shown


@pytest.mark.parametrize("value", ["null", "true"])
def test_an_id_that_is_not_text_gives_no_python_word(value: str) -> None:
    e = _error(scenario_from_text, _mtg("[Ann]", f"  - {{id: {value}, card: Grizzly Bears}}\n"))
    assert "None" not in str(e) and "True" not in str(e) and "write id:" not in str(e)
    e3 = _error(scenario_from_text, _mtg("[Ann]", "  - {id: 3, card: Grizzly Bears}\n"))
    assert "write id: '3'" in str(e3)


def test_a_suggestion_is_never_the_word_itself() -> None:
    assert suggest("power", ["power", "toughness"]) is None
    assert suggest("Power", ["power", "toughness"]) == "power"
    assert suggest("powr", ["power", "toughness"]) == "power"


# ---- §7 values accepted without meaning ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # booleans where numbers go
        "game: mtg\nplayers: [Ann]\nobjects:\n  - {id: b, card: Grizzly Bears, counters: {+1/+1: true}}\n",
        RULES.format(rules="{max_hand_size: true}"),
        "game: mtg\nplayers: [Ann]\nobjects:\n"
        "  - {id: b, name: B, types: [Creature], power: true, toughness: 2}\n",
    ],
)
def test_true_is_not_a_number(text: str) -> None:
    e = _error(scenario_from_text, text)
    assert "true" in str(e)


def test_true_is_not_a_number_in_apoteose() -> None:
    text = _heroes(("ana", None, "A")).replace("VIDA: [10, 10]", "VIDA: [true, 10]")
    e = _error(load_scenario_text, text)
    assert "true" in str(e) and "heroes[0].resources" in str(e)


def test_a_cost_change_on_permanents_is_refused() -> None:
    e = _error(
        scenario_from_text,
        RULES.format(rules="{cost: {add: 1}}").replace("affects: spells", "affects: creatures"),
    )
    assert "601.2f" in str(e) and e.field.endswith("affects")
    scenario_from_text(RULES.format(rules="{cost: {add: 1}}"), "ok.yaml")  # spells: fine


def test_cant_gain_life_on_objects_is_refused() -> None:
    e = _error(scenario_from_text, RULES.format(rules="{cant_gain_life: true}"))
    assert "119.7" in str(e)


FACE_DOWN = (
    "game: mtg\nplayers: [Ann]\nobjects:\n  - {{id: m, card: Grizzly Bears, zone: {zone}, face_down: true}}\n"
)


@pytest.mark.parametrize("zone", ["graveyard", "hand", "library"])
def test_a_face_down_card_in_a_zone_where_cards_are_not_face_down(zone: str) -> None:
    text = FACE_DOWN.format(zone=zone)
    e = _error(scenario_from_text, text)
    assert e.field == "objects[0].face_down" and "708.2" in str(e)


@pytest.mark.parametrize("zone", ["battlefield", "exile", "stack"])
def test_face_down_where_it_can_be(zone: str) -> None:
    text = FACE_DOWN.format(zone=zone)
    scenario_from_text(text, "ok.yaml")


# ---- §7 rulekit new ---------------------------------------------------------------------------


def _new(tmp_path: Path, name: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "rulekit.cli", "new", name],
        cwd=tmp_path,
        capture_output=True,
        env=env,
        check=False,
    )


@pytest.mark.parametrize("name", [b"bad\xff.yaml", b"bell\x07.yaml", "rtl\u202e.yaml".encode()])
def test_new_refuses_a_file_name_it_could_not_read_back(tmp_path: Path, name: bytes) -> None:
    r = _new(tmp_path, name)
    assert r.returncode == 2, r.stderr
    assert b"Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # no empty file left behind


def test_new_writes_a_plain_name(tmp_path: Path) -> None:
    r = _new(tmp_path, "meu tabuleiro é.yaml".encode())
    assert r.returncode == 0, r.stderr
    from rulekit.mtg import load_scenario

    load_scenario(str(tmp_path / "meu tabuleiro é.yaml"))


def test_errors_render_in_each_language() -> None:
    e = _error(scenario_from_text, _mtg('["Bo", "Bo\u00a0"]'))
    assert isinstance(e, RulekitError)
    assert e.text_in(translator("es")) != e.text_in(translator("en"))
