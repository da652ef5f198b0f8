"""PredictionCheck: an unknown target, and order answers whose ids hold separators.

An unknown target is one clear message (naming the known objects, with "did you mean") at once,
and again on Check and Reveal instead of "Unexpected problem: KeyError". An id or a name holding
``,`` ``;`` ``>`` or ``→`` (a real card: "Urborg, Tomb of Yawgmoth") can be answered.
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from rulekit import mtg  # noqa: E402
from rulekit.widgets.prediction import PredictionCheck, split_order  # noqa: E402


def _check(p: PredictionCheck, text: str) -> bool | None:
    p.answer.value = text
    p.check.click()
    return p.correct


@pytest.mark.parametrize("kind", ["pt", "controller", "types", "subtypes", "colors"])
def test_unknown_target_is_one_message_on_every_button(kind: str) -> None:
    p = PredictionCheck("seed/blood-moon", kind, "blood moon")
    message = (
        "target: unknown object &#x27;blood moon&#x27; (objects: blood-moon, forest, mutavault, "
        "wasteland) — did you mean &#x27;blood-moon&#x27;?"
    )
    assert message in p.error.value
    for button in (p.check, p.reveal):
        p.answer.value = "2/2"
        button.click()
        assert message in p.error.value
        assert "Unexpected" not in p.error.value and "KeyError" not in p.error.value
    assert p.correct is None and p.result.value == ""


def test_a_known_target_still_checks() -> None:
    p = PredictionCheck("seed/blood-moon", "types", "wasteland")
    assert p.error.value == ""
    assert _check(p, "Land — Mountain") is True


SEPARATED = """\
game: mtg
players: [Ann, Bo]
objects:
  - {id: "anthem,1", card: Glorious Anthem, controller: Ann}
  - {id: "honor>2", card: Honor of the Pure, controller: Ann}
  - {id: "lord→3;x", name: "Lord; of > Things, Too", types: [Enchantment],
     abilities: [{static: {affects: creatures you control, modify_pt: {power: 1, toughness: 1}}}]}
  - {id: knight, card: Grizzly Bears, controller: Ann}
"""


@pytest.fixture(scope="module")
def separated():
    return mtg.solve(mtg.scenario_from_text(SEPARATED, "sep.yaml"))


def test_order_ids_holding_separators_match(separated) -> None:
    p = PredictionCheck(separated, "order")
    assert p.error.value == ""
    order = p._order()
    assert len(order) == 3 and any("," in e for e in order) and any("→" in e for e in order)
    assert _check(p, ", ".join(order)) is True
    assert _check(p, " → ".join(order)) is True
    assert _check(p, "; ".join(reversed(order))) is False


def test_order_names_holding_separators_match(separated) -> None:
    p = PredictionCheck(separated, "order")
    names = [separated.effect(e).name for e in p._order()]
    assert "Lord; of > Things, Too" in names
    assert _check(p, " > ".join(names)) is True
    assert _check(p, ", ".join(names[:-1])) is False


def test_a_real_card_name_with_a_comma() -> None:
    text = (
        "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"
        "  - {id: urborg, card: 'Urborg, Tomb of Yawgmoth', controller: Ann}\n"
        "  - {id: forest, card: Forest, controller: Ann}\n"
    )
    p = PredictionCheck(mtg.solve(mtg.scenario_from_text(text, "u.yaml")), "order")
    assert _check(p, "Urborg, Tomb of Yawgmoth") is True
    assert _check(p, "urborg") is True


def test_split_order_reads_known_ids_first_and_else_splits() -> None:
    known = ["a,b", "c", "x→y"]
    assert split_order("a,b, c", known) == ["a,b", "c"]
    assert split_order("c → x→y → a,b", known) == ["c", "x→y", "a,b"]
    assert split_order("a, b, c", known) == ["a", "b", "c"]  # "a, b" is not the id "a,b"
    assert split_order("q, r", known) == ["q", "r"]
    assert split_order("a,bc", known) == ["a", "bc"]  # a token must end at a separator
    assert split_order(", ".join(["c"] * 3000), known) == ["c"] * 3000  # long answers stay cheap
