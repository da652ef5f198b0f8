"""Values that were accepted without a word: each is refused with one located line.

A negative mana value (202.3) or X (107.1b), a hero's resource below 0, a test of an attribute the
scenario does not know, a card that is not a COMPANHEIRO in the turn order, and YAML 1.1 base-60
numbers (``power: 1:30`` read as 90). Each is checked through the loader (the exact message) and
through the real command (exit 2, the same line on stderr, no traceback).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulekit import cli
from rulekit.apoteose.scenario import load_scenario_text
from rulekit.errors import RulekitError
from rulekit.mtg import scenario_from_text

MTG_HEAD = "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"

MTG = {
    "mana value -7": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears, mana_value: -7}\n",
        "f.yaml:4: objects[0].mana_value: must be 0 or more (got -7)",
    ),
    "inline mana value -1": (
        MTG_HEAD + "  - {id: g, name: Odd, types: [Artifact], mana_value: -1}\n",
        "f.yaml:4: objects[0].mana_value: must be 0 or more (got -1)",
    ),
    "x -5": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears}\nevents:\n"
        "  - resolve: {source: g, effect: {affects: targets, modify_pt: {power: X, toughness: X}},"
        " targets: [g], x: -5}\n",
        "f.yaml:6: events[0].resolve.x: must be 0 or more (got -5)",
    ),
    "power 1:30": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears, power: 1:30}\n",
        "f.yaml:4: objects[0].power: expected a whole number, got text '1:30'",
    ),
    "toughness 1:30.5": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears, toughness: 1:30.5}\n",
        "f.yaml:4: objects[0].toughness: expected a whole number, got text '1:30.5'",
    ),
    "counters 1:00": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears, counters: {+1/+1: 1:00}}\n",
        "f.yaml:4: objects[0].counters.+1/+1: expected a whole number, got text '1:00'",
    ),
    "tagged !!int 1:30": (
        MTG_HEAD + "  - {id: g, card: Grizzly Bears, power: !!int 1:30}\n",
        "f.yaml:4: invalid YAML: '1:30' is a base-60 number (YAML 1.1), which rulekit does not read: "
        "write the number itself",
    ),
}


def _hero(hid: str, vida: str = "[50, 100]", extra: str = "") -> str:
    return (
        f"  - id: {hid}\n    team: {hid}-team\n    iniciativa: 3\n"
        f"    resources: {{VIDA: {vida}, MANA: [5, 10], ESTAMINA: [4, 6]}}\n{extra}"
    )


def _apoteose(
    vida: str = "[50, 100]", order: str = "", test: str = "AGI", extra: str = "", cards: str = ""
) -> str:
    return (
        "game: apoteose\nheroes:\n"
        + _hero("ana", vida, "    zones: {MESA: [espada]}\n" + extra)
        + _hero("bruno")
        + "cards:\n  - {id: espada, owner: ana, types: [ITEM], effects: ['Ativar Cure 5 de VIDA.']}\n"
        + cards
        + (f"turn: {{order: [{order}]}}\n" if order else "")
        + f"script:\n  - test: {{hero: ana, attribute: {test}}}\n"
    )


APOTEOSE = {
    "VIDA -80": (
        _apoteose(vida="[-80, 100]"),
        "f.yaml:6: heroes[0].resources.VIDA: a resource is [current, max] with 0 <= current <= max "
        "<= 1000000 (got [-80, 100])",
    ),
    "MANA max -1": (
        _apoteose(vida="[0, -1]"),
        "f.yaml:6: heroes[0].resources.VIDA: a resource is [current, max] with 0 <= current <= max "
        "<= 1000000 (got [0, -1])",
    ),
    "test of BANANA": (
        _apoteose(test="BANANA"),
        "f.yaml:15: script[0].test.attribute: unknown attribute 'BANANA' (known here: AGI, INT, "
        "CONHECIMENTO, DANO)",
    ),
    "test of a misspelt attribute": (
        _apoteose(test="AGII"),
        "f.yaml:15: script[0].test.attribute: unknown attribute 'AGII' (known here: AGI, INT, "
        "CONHECIMENTO, DANO) — did you mean 'AGI'?",
    ),
    "bar test of BANANA": (
        _apoteose(cards="  - {id: livro, owner: ana, bar: {test: BANANA}}\n").replace(
            "MESA: [espada]", "MESA: [espada, livro]"
        ),
        "f.yaml:14: cards[1].bar.test: unknown attribute 'BANANA' (known here: AGI, INT, CONHECIMENTO, DANO)",
    ),
    "ITEM in the turn order": (
        _apoteose(order="ana, espada, bruno"),
        "f.yaml:14: turn.order[1]: card 'espada' is not a COMPANHEIRO, so it has no turn (the order "
        "lists heroes and COMPANHEIRO cards)",
    ),
    "VIDA 1:30": (
        _apoteose(vida="[1:30, 100]"),
        "f.yaml:6: heroes[0].resources.VIDA[0]: expected a whole number, got text '1:30'",
    ),
}


def _message(load, text: str) -> str:
    with pytest.raises(RulekitError) as exc:
        load(text, "f.yaml")
    return str(exc.value)


@pytest.mark.parametrize("name", list(MTG))
def test_mtg_loader_refuses(name: str) -> None:
    text, message = MTG[name]
    assert _message(scenario_from_text, text) == message


@pytest.mark.parametrize("name", list(APOTEOSE))
def test_apoteose_loader_refuses(name: str) -> None:
    text, message = APOTEOSE[name]
    assert _message(load_scenario_text, text) == message


def _command(tmp_path: Path, command: str, text: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "f.yaml").write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "rulekit.cli", command, "f.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(Path(cli.__file__).resolve().parent.parent), "PATH": "/usr/bin:/bin"},
    )


@pytest.mark.parametrize(
    "command, table, name",
    [
        ("solve", MTG, "mana value -7"),
        ("solve", MTG, "x -5"),
        ("solve", MTG, "power 1:30"),
        ("chain", APOTEOSE, "VIDA -80"),
        ("chain", APOTEOSE, "test of BANANA"),
        ("chain", APOTEOSE, "ITEM in the turn order"),
    ],
)
def test_the_command_exits_2_with_the_line(tmp_path: Path, command: str, table: dict, name: str) -> None:
    text, message = table[name]
    run = _command(tmp_path, command, text)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"rulekit: error: {message}\n")


def test_what_is_still_accepted() -> None:
    """The refusals above are narrow: zero is a mana value and an X, a resource may be empty, an
    attribute a hero has or an effect names may be tested, a COMPANHEIRO takes turns, and a name
    with a colon is text as written (YAML 1.1 would have made ``12:30`` the number 750)."""
    ok = MTG_HEAD + (
        "  - {id: g, card: Grizzly Bears, mana_value: 0}\n"
        "  - {id: n, name: 12:30, types: [Artifact]}\nevents:\n"
        "  - resolve: {source: g, effect: {affects: targets, modify_pt: {power: X, toughness: X}},"
        " targets: [g], x: 0}\n"
    )
    sc = scenario_from_text(ok, "ok.yaml")
    assert [o.name for o in sc.objects] == ["Grizzly Bears", "12:30"]
    assert sc.events[0].x == 0
    companion = "  - {id: lobo, owner: ana, types: [COMPANHEIRO], companion_of: ana}\n"
    text = _apoteose(vida="[0, 0]", order="ana, lobo, bruno", test="forca", cards=companion)
    text = text.replace("MESA: [espada]", "MESA: [espada]}\n    attributes: {FORCA: 2")
    text = text.replace("cards:\n", "zones: {TABULEIRO: [lobo]}\ncards:\n")
    sc2 = load_scenario_text(text, "ok.yaml")
    assert sc2.script[0]["attribute"] == "forca"
    effect_names_it = _apoteose(test="SORTE").replace(
        "'Ativar Cure 5 de VIDA.'", "'Passivo Você recebe +1 de SORTE.'"
    )
    load_scenario_text(effect_names_it, "ok.yaml")


def test_yaml_base_60_is_text_everywhere() -> None:
    from rulekit.yamlsrc import YamlDoc

    doc = YamlDoc.from_text("a: 1:30\nb: -1:00:00\nc: 190:20:30.15\nd: 90\ne: 1.5\n", "d.yaml")
    assert doc.data == {"a": "1:30", "b": "-1:00:00", "c": "190:20:30.15", "d": 90, "e": 1.5}


def test_the_attribute_message_stays_short() -> None:
    many = "{" + ", ".join(f"A{i}: 1" for i in range(30)) + "}"
    text = _apoteose(test="Z" * 5000, extra=f"    attributes: {many}\n")
    message = _message(load_scenario_text, text)
    assert message.startswith("f.yaml:16: script[0].test.attribute: unknown attribute 'ZZZ")
    assert message.endswith("A14, A15, …)") and len(message) < 400
