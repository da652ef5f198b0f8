"""Numbers written inside text are bounded like numbers written as numbers (found by tools/fuzz.py).

A YAML integer of more than ``limits.MAX_INT_DIGITS`` digits is refused with its line; the same
number written inside an expression, a selector or a condition (``"number of lands plus 999…"``,
``creatures with power less than 999…``, ``Se sua VIDA for menor que 999…``) went through
``int()``: with more than 4,300 digits Python refuses it (a ``ValueError`` traceback), and below
that it slipped past the bound. MTG refuses it with one located line; Apoteose reads numbers of
at most seven digits in conditions, as its grammar reads amounts, so such a condition is
unreadable (a located warning, refused when used).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rulekit import limits
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.scenario import load_scenario_text
from rulekit.errors import RulekitError
from rulekit.mtg import scenario_from_text, solve

HUGE = "9" * 5000  # over Python's 4,300-digit limit for int()
LARGE = "9" * (limits.MAX_INT_DIGITS + 1)  # over the file bound, under Python's

MTG_HEAD = (
    "game: mtg\nplayers: [Ann]\nobjects:\n"
    "  - {id: a, name: A, types: [Creature], power: 1, toughness: 1, controller: Ann}\n"
)


def _mtg(spec: str) -> str:
    return MTG_HEAD + (
        "  - {id: b, name: B, types: [Enchantment], controller: Ann,"
        f" abilities: [{{text: t, static: {spec}}}]}}\n"
    )


SPECS = {
    "expression": '{affects: creatures, modify_pt: {power: "NUM"}}',
    "expression plus": '{affects: creatures, modify_pt: {power: "number of lands plus NUM"}}',
    "negative expression": '{affects: creatures, set_pt: {toughness: "-NUM"}}',
    "twice": '{affects: creatures, modify_pt: {power: "twice NUM"}}',
    "selector": '{affects: "creatures with power less than NUM", modify_pt: {power: 1}}',
    "selector or less": '{affects: "creatures with toughness NUM or less", modify_pt: {power: 1}}',
    "condition": '{affects: creatures, condition: "you control NUM or more lands", modify_pt: {power: 1}}',
}


@pytest.mark.parametrize("digits", [HUGE, LARGE], ids=["5000 digits", "10 digits"])
@pytest.mark.parametrize("name", list(SPECS))
def test_mtg_numbers_in_text_are_bounded(name: str, digits: str) -> None:
    text = _mtg(SPECS[name].replace("NUM", digits))
    with pytest.raises(RulekitError) as exc:
        solve(scenario_from_text(text, "f.yaml"))
    message = str(exc.value)
    assert message.startswith("f.yaml:5: objects[1].abilities[0].static.")
    assert f"at most {limits.MAX_INT_DIGITS} digits" in message and "\n" not in message
    assert len(message) < 400  # the number is not written out whole


def test_mtg_numbers_in_text_within_the_bound_still_read() -> None:
    nine = "9" * limits.MAX_INT_DIGITS
    trace = solve(scenario_from_text(_mtg(SPECS["selector"].replace("NUM", nine)), "f.yaml"))
    assert trace.final["a"].power == 2
    trace = solve(scenario_from_text(_mtg(SPECS["condition"].replace("NUM", "two")), "f.yaml"))
    assert trace.final["a"].power == 1


def test_the_command_refuses_a_huge_number_in_a_selector(tmp_path: Path) -> None:
    (tmp_path / "f.yaml").write_text(_mtg(SPECS["selector"].replace("NUM", HUGE)), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "rulekit.cli", "solve", "f.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.startswith("rulekit: error: f.yaml:5: objects[1].abilities[0].static.affects: ")
    assert run.stderr.count("\n") == 1


RES = "{VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]}"


def _apoteose(effect: str) -> str:
    return (
        "game: apoteose\nheroes:\n"
        f"  - {{id: ana, team: azul, iniciativa: 5, resources: {RES}, zones: {{MESA: [c]}}}}\n"
        f"  - {{id: bo, team: vermelho, iniciativa: 3, resources: {RES}}}\n"
        f'cards:\n  - {{id: c, owner: ana, types: [ITEM], effects: ["{effect}"]}}\n'
        "turn: {order: [ana, bo], hero: ana}\nscript: [{activate: c}]\n"
    )


CONDITIONS = {
    "resource below": "Ativar【 Se sua VIDA for menor que NUM 】 Cure 1 de VIDA.",
    "resource at least": "Ativar【 Se você tiver pelo menos NUM de MANA 】 Cure 1 de VIDA.",
    "cards": "Ativar【 Se um oponente tiver NUM ou mais cartas 】 Compre 1 carta.",
    "se statement": "Ativar Cure 1 de VIDA; se você tiver NUM ou mais cartas no INVENTÁRIO, compre 1 carta.",
}


@pytest.mark.parametrize("digits", [HUGE, "9" * 8], ids=["5000 digits", "8 digits"])
@pytest.mark.parametrize("name", list(CONDITIONS))
def test_apoteose_numbers_in_conditions_are_bounded(name: str, digits: str) -> None:
    sc = load_scenario_text(_apoteose(CONDITIONS[name].replace("NUM", digits)), "f.yaml")
    assert any("f.yaml:6: cards[0].effects[0]: " in w for w in sc.warnings)
    trace = run_chain(sc)
    assert [e.detail["code"] for e in trace.of("refused")] == ["UNREADABLE"]


@pytest.mark.parametrize("name", list(CONDITIONS))
def test_apoteose_conditions_with_seven_digits_still_read(name: str) -> None:
    sc = load_scenario_text(_apoteose(CONDITIONS[name].replace("NUM", "9999999")), "f.yaml")
    assert not any("cannot read" in w for w in sc.warnings)
