"""What a file makes while it is solved is bounded too (rulekit.limits): effects granted by granted
abilities, object changes (and so every output), and the Apoteose effect texts. Each bound is one
located line; a file inside them gives outputs whose size follows the trace, never its square."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from rulekit import limits, mtg
from rulekit.apoteose import scenario as apo_scenario
from rulekit.errors import ScenarioError


def nested_grant(depth: int) -> dict[str, Any]:
    """An ability granting (to every creature) an ability granting ... ``depth`` levels deep."""
    if depth == 0:
        return {"text": "This creature gets +1/+0.", "static": {"affects": "this", "modify_pt": {"power": 1}}}
    return {
        "text": f"Creatures have grant {depth}.",
        "static": {"affects": "creatures", "abilities": {"add": [nested_grant(depth - 1)]}},
    }


def creatures(n: int, ability: dict[str, Any] | None = None, name: str = "C") -> list[dict[str, Any]]:
    return [
        {
            "id": f"c{i}",
            "name": f"{name}{i}",
            "types": ["Creature"],
            "power": 1,
            "toughness": 1,
            "controller": "Ann",
            **({"abilities": [ability]} if ability is not None else {}),
        }
        for i in range(n)
    ]


def text_of(objects: list[dict[str, Any]]) -> str:
    return json.dumps({"game": "mtg", "players": ["Ann"], "objects": objects}, indent=1)


def test_granted_abilities_that_grant_abilities_are_bounded_by_what_they_make() -> None:
    """Ten creatures whose ability grants an ability that grants ... three levels make 11,110
    effects while solving (five levels 111,111): refused at the bound, naming the object."""
    shallow = mtg.solve(mtg.scenario_from_text(text_of(creatures(10, nested_grant(2)))))
    assert len(shallow.effects) == 1110 and shallow.final["c0"].power == 1 + 100
    scn = mtg.scenario_from_text(text_of(creatures(10, nested_grant(3))), "deep.yaml")
    with pytest.raises(ScenarioError) as exc:
        mtg.solve(scn)
    message = str(exc.value)
    assert message.startswith("deep.yaml:") and ": objects[" in message and "].abilities: " in message
    assert f"more than {limits.MAX_SOLVE_EFFECTS:,} effects" in message
    assert exc.value.code == "TOO_MANY" and "\n" not in message


def anthems(n_objects: int, n_anthems: int, name_length: int = 0) -> str:
    anthem = {"text": "Creatures get +1/+1.", "static": {"affects": "creatures", "modify_pt": {"power": 1}}}
    objects = creatures(n_objects, name="N" + "x" * name_length)
    for o in objects[:n_anthems]:
        o["abilities"] = [anthem]
    return text_of(objects)


def test_object_changes_are_bounded_for_every_output() -> None:
    """200 anthems over 1,000 creatures (a file inside the object and effect bounds) would change
    objects 200,000 times: every output grew with it (the text solve printed gigabytes)."""
    scn = mtg.scenario_from_text(anthems(1000, 200), "wide.yaml")
    with pytest.raises(ScenarioError) as exc:
        mtg.solve(scn)
    assert str(exc.value).startswith("wide.yaml:")
    assert f"more than {limits.MAX_STEP_OBJECTS:,} times" in str(exc.value)


def test_text_outputs_grow_with_the_trace_not_its_square() -> None:
    """The text `solve` padded every change line to a cell listing every object of its step, and
    `explain` replayed the whole trace for each step: with long names over many objects both grew
    with the square of the board. Now their size follows the number of changes."""
    from rulekit.views.commands import explain_text
    from rulekit.views.text import solve_text

    sizes = []
    for n in (100, 400):
        trace = mtg.solve(mtg.scenario_from_text(anthems(n, 10, name_length=200)))
        changes = sum(len(s.changes) for s in trace.steps)
        sizes.append((changes, len(solve_text(trace)), len(explain_text(trace))))
    (c1, s1, e1), (c2, s2, e2) = sizes
    assert c2 == 4 * c1
    assert s2 < 5 * s1 and e2 < 5 * e1  # linear (16x would be the square)
    assert max(len(line) for line in solve_text(trace).splitlines()) < 1000


def test_explain_reads_the_trace_once_per_step_not_from_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulekit.mtg.trace import Trace
    from rulekit.views.commands import explain_text

    trace = mtg.solve(mtg.scenario_from_text(anthems(30, 8)))
    calls: list[int] = []
    real = Trace.state_after
    monkeypatch.setattr(Trace, "state_after", lambda self, k: calls.append(k) or real(self, k))
    for lang in ("en", "pt-BR"):
        assert explain_text(trace, lang)
    assert calls == []


APO_HEAD = {
    "game": "apoteose",
    "heroes": [
        {
            "id": "ana",
            "team": "azul",
            "iniciativa": 5,
            "resources": {"VIDA": [50, 100], "MANA": [3, 10], "ESTAMINA": [4, 6]},
            "zones": {"INVENTÁRIO": []},
        }
    ],
    "turn": {"order": ["ana"], "hero": "ana"},
}


def apoteose_text(n_cards: int, effect: str, per_card: int = 1) -> str:
    doc = json.loads(json.dumps(APO_HEAD))
    doc["cards"] = [
        {
            "id": f"k{i}",
            "name": f"K{i}",
            "types": ["HABILIDADE"],
            "owner": "ana",
            "effects": [effect] * per_card,
        }
        for i in range(n_cards)
    ]
    doc["heroes"][0]["zones"]["INVENTÁRIO"] = [f"k{i}" for i in range(n_cards)]
    return yaml.safe_dump(doc, allow_unicode=True)


EFFECT = "Ativar【 Consuma 1 de MANA 】 Cure 20 de VIDA."


@pytest.mark.parametrize(
    ("n_cards", "per_card", "effect", "bound"),
    [
        (limits.MAX_CARDS + 1, 1, EFFECT, "cards"),
        (500, 3, EFFECT, "effect texts"),
        (
            300,
            2,
            "Ativar【 Consuma 1 de MANA 】 " + "Cure 20 de VIDA; " * 12 + "Cure 1 de VIDA.",
            "characters",
        ),
    ],
)
def test_apoteose_effect_texts_are_bounded_before_any_is_read(
    n_cards: int, per_card: int, effect: str, bound: str
) -> None:
    """A 2 MB file of readable clauses took minutes in `chain`: every effect text is read by the
    grammar. Cards, effect texts and their characters are bounded, checked before reading any."""
    with pytest.raises(ScenarioError) as exc:
        apo_scenario.load_scenario_text(apoteose_text(n_cards, effect, per_card), "many.yaml")
    assert str(exc.value).startswith("many.yaml:") and bound in str(exc.value)
    assert exc.value.code == "TOO_MANY"


def test_an_apoteose_file_under_the_bounds_loads() -> None:
    sc = apo_scenario.load_scenario_text(apoteose_text(50, EFFECT), "few.yaml")
    assert len(sc.effects) >= 50
