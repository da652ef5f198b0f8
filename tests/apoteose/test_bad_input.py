"""Every bad input is one located RulekitError line, never a traceback or silence."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, run, scenario

from rulekit.apoteose.chain import run_chain
from rulekit.errors import RulekitError
from rulekit.views.chain import error_words, reason_text

H = [hero("ana", "A", 5, MESA=["c1"]), hero("bruno", "B", 3)]
C = [card("c1", "ana", "Ativar Cure 5 de VIDA.")]
H2 = [hero("ana", "A", 5, MESA=["c1"], INVENTARIO=["c2"]), hero("bruno", "B", 3)]
C2 = [card("c1", "ana", "Ativar【 Descarte uma carta 】 Cure 5 de VIDA."), card("c2", "ana")]


def _no_mana() -> list[dict[str, Any]]:
    h = hero("ana", "A", 5, MESA=["c1"])
    del h["resources"]["MANA"]
    return [h, hero("bruno", "B", 3)]


def _body(*stmts: dict[str, Any]) -> list[dict[str, Any]]:
    return [card("c1", "ana", {"text": "Ativar Cure 5 de VIDA.", "body": list(stmts)})]


CASES = [
    (
        "hero without MANA",
        lambda: run(_no_mana(), C, []),
        "test.yaml:6: heroes[0].resources: hero 'ana' has no MANA — a hero has VIDA, MANA and ESTAMINA, "
        "each [current, max]",
    ),
    (
        "test: unknown hero",
        lambda: run(H, C, [{"test": {"hero": "zed"}}]),
        "test.yaml:42: script[0].test.hero: unknown hero 'zed'",
    ),
    (
        "attack: unknown hero",
        lambda: run(H, C, [{"attack": {"hero": "bruna", "target": "ana"}}]),
        "test.yaml:42: script[0].attack.hero: unknown hero 'bruna' — did you mean 'bruno'?",
    ),
    (
        "attack: negative damage",
        lambda: run(H, C, [{"attack": {"target": "bruno", "damage": -5}}]),
        "test.yaml:43: script[0].attack.damage: damage is a whole number 0..1000000",
    ),
    (
        "effect: -1",
        lambda: run(H, C, [{"activate": "c1", "effect": -1}]),
        "test.yaml:42: script[0].effect: card 'c1' has no effect #-1",
    ),
    (
        "body missing a field",
        lambda: run(H, _body({"op": "heal", "amount": 5}), []),
        "test.yaml:41: cards[0].effects[0].body[0]: statement 'heal' is missing 'resource'",
    ),
    (
        "body unknown op",
        lambda: run(H, _body({"op": "heall", "amount": 5}), []),
        "test.yaml:41: cards[0].effects[0].body[0].op: unknown statement op 'heall' — did you mean 'heal'?",
    ),
    (
        "body bad amount",
        lambda: run(H, _body({"op": "heal", "amount": "x", "resource": "VIDA"}), []),
        "test.yaml:42: cards[0].effects[0].body[0].amount: 'x' is not an amount (a number, {sum: [[1, "
        "INT], [1, 5]]} or {per: {zone: INVENTÁRIO}, times: 1, max: 5})",
    ),
    (
        "body unknown field",
        lambda: run(H, _body({"op": "heal", "amount": 5, "resource": "VIDA", "targt": {"who": "self"}}), []),
        "test.yaml:44: cards[0].effects[0].body[0].targt: 'targt' is not a field of 'heal' — did you mean "
        "'target'?",
    ),
    (
        "body bad target",
        lambda: run(
            H, _body({"op": "damage", "amount": 5, "resource": "VIDA", "target": {"who": "oponent"}}), []
        ),
        "test.yaml:45: cards[0].effects[0].body[0].target.who: 'oponent' is not a hero reference (self, "
        "opponent, ally, any, selected, answered, turn, name, that, previous, team)"
        " — did you mean 'opponent'?",
    ),
    (
        "body bad option",
        lambda: run(
            H, _body({"op": "choose", "options": [[{"op": "noop"}], [{"op": "draw", "count": -1}]]}), []
        ),
        "test.yaml:45: cards[0].effects[0].body[0].options[1][0].count: expected a whole number "
        "0..1000000, got -1",
    ),
    (
        "companion_of unknown",
        lambda: run(H, [card("c1", "ana", "Ativar Cure 5 de VIDA.", companion_of="zzz")], []),
        "test.yaml:40: cards[0].companion_of: unknown hero 'zzz' (a COMPANHEIRO's Hero)",
    ),
    (
        "attached to itself",
        lambda: run(H, [card("c1", "ana", "Ativar Cure 5 de VIDA.", attached_to="c1")], []),
        "test.yaml:40: cards[0].attached_to: card 'c1' cannot be attached to itself",
    ),
    (
        "choices: unknown key",
        lambda: run(H2, C2, [{"activate": "c1", "choices": {"req1": "c2"}}]),
        "test.yaml:50: script[0].choices.req1: 'req1' is not a choice of this effect (it has: req0, body0) "
        "— did you mean 'req0'?",
    ),
    (
        "choices: unknown id",
        lambda: run(H2, C2, [{"activate": "c1", "choices": {"req0": "c3"}}]),
        "test.yaml:50: script[0].choices.req0: 'c3' is neither a card nor a hero",
    ),
    (
        "window malformed",
        lambda: run(H, C, [], decisions=[{"window": "halt#0", "pass": True}]),
        "test.yaml:42: decisions[0].window: 'halt#0' is not a window — write halt@<index>, post@<index>, "
        "activating@<index> or resolving@<index>, e.g. halt@0",
    ),
    (
        "window without respond",
        lambda: run(H, C, [], decisions=[{"window": "halt@0"}]),
        "test.yaml:42: decisions[0]: a window decision needs 'respond' or 'pass: true'",
    ),
    (
        "key malformed",
        lambda: run(H, C, [], decisions=[{"key": "choose@0-req0", "pick": "c2"}]),
        "test.yaml:42: decisions[0].key: 'choose@0-req0' is not a decision key (halt@<i>#<n>, "
        "post@<i>#<n>, choose@<i>.req<k>, choose@<i>.body<k>, option@<i>.body<k>, order@<stage>@<i>#<n>)",
    ),
    (
        "pick unknown card",
        lambda: run(H, C, [], decisions=[{"key": "choose@0.req0", "pick": "c9"}]),
        "test.yaml:43: decisions[0].pick: 'c9' is neither a card nor a hero",
    ),
    (
        "turn order twice in a row",
        lambda: run(H, C, [], turn={"order": ["ana", "ana", "bruno"]}),
        "test.yaml:46: turn.order[1]: 'ana' is listed twice in a row — a hero's extra turns in a cycle "
        "(R-20) come between other turns",
    ),
    (
        "turn hero ambiguous",
        lambda: run(H, C, [], turn={"order": ["ana", "bruno", "ana"], "hero": "ana"}),
        "test.yaml:48: turn.hero: 'ana' has 2 turns in the order, so the starting turn is ambiguous — "
        "start at another hero's turn",
    ),
]


@pytest.mark.parametrize("name,make,message", CASES, ids=[c[0] for c in CASES])
def test_bad_scenario_is_one_located_line(name: str, make: Any, message: str) -> None:
    with pytest.raises(RulekitError) as exc:
        make()
    assert str(exc.value) == message
    assert "\n" not in str(exc.value)


def test_extra_turns_in_a_cycle_are_allowed() -> None:
    """R-20: a hero may have more than one turn in a cycle, as the scenario states."""
    t = run(H, C, [{"end_turn": True}, {"end_turn": True}], turn={"order": ["ana", "bruno", "ana"]})
    assert [e.detail["hero"] for e in t.events if e.event == "turn"] == ["bruno", "ana"]


SC = scenario(
    [hero("ana", "A", 5, MESA=["c1"], INVENTARIO=["c2", "c3"]), hero("bruno", "B", 3)],
    [*C2, card("c3", "ana")],
    [{"activate": "c1"}],
)


@pytest.mark.parametrize(
    "decisions,message",
    [
        ([1], "decisions[0]: expected an option id (a text), got 1"),
        ("pass", "decisions: expected a list of option ids or a {key: option id} mapping, got str"),
        ({"halt@0#0": 5}, "decisions: expected decision key -> option id (texts), got 'halt@0#0': 5"),
        (["c4"], "decisions[0]: 'c4' is not a legal choice at choose@0.req0 (legal: c2, c3)"),
        (
            ["c2", "more"],
            "decisions[1]: 'more' was never used: the run had only 1 decision point(s) with a real choice",
        ),
        (
            {"choose@0.req0": "c1"},
            "decisions['choose@0.req0']: 'c1' is not a legal choice at choose@0.req0 (legal: c2, c3)",
        ),
        (
            {"post@9#0": "pass"},
            "decisions: no decision point 'post@9#0' came up in this run — did you mean 'post@0#0'?",
        ),
    ],
)
def test_run_chain_decisions_are_checked(decisions: Any, message: str) -> None:
    with pytest.raises(RulekitError) as exc:
        run_chain(SC, decisions=decisions)
    assert str(exc.value) == message


def test_run_chain_good_decisions_still_work() -> None:
    t = run_chain(SC, decisions={"choose@0.req0": "c3"})
    assert t.resolution_order == ("c1",) and "c3" in t.heroes["ana"].zones["DESCARTE"]


def test_hero_without_a_resource_in_a_hand_built_state_says_why() -> None:
    """A state built without the loader (no MANA) truncates the effect with the reason."""
    from rulekit.apoteose.chain import Engine

    sc = scenario(H, [card("c1", "ana", "Ativar Recupere 2 de MANA.")], [{"activate": "c1"}])
    engine = Engine(sc)
    del engine.g.heroes["ana"].resources["MANA"]
    t = engine.run()
    trunc = [e for e in t.events if e.event == "truncated"]
    assert trunc and "hero 'ana' has no MANA" in reason_text(trunc[0].detail)


def test_a_choice_with_too_many_ways_is_refused_not_run() -> None:
    """Choosing 10 of 30 cards would be 30 million ways; the engine says so instead."""
    many = [f"k{i}" for i in range(30)]
    cards = [
        card(
            "c1",
            "ana",
            {"text": "Ativar Cure 5 de VIDA.", "body": [{"op": "discard", "card": "choose", "count": 10}]},
        ),
        *[card(k, "ana") for k in many],
    ]
    with pytest.raises(RulekitError) as exc:
        run(
            [hero("ana", "A", 5, MESA=["c1"], INVENTARIO=many), hero("bruno", "B", 3)],
            cards,
            [{"activate": "c1"}],
        )
    assert exc.value.code == "TOO_MANY_CHOICES"


_HEAL = {"op": "heal", "amount": 1, "resource": "VIDA"}
BAD_CONDS = [
    {"cond": "resource", "who": "selected", "resource": "VIDA", "value": 0},  # no cmp: a KeyError in the run
    {"cond": "resource", "resource": "VIDA", "cmp": "<"},
    {"cond": "resource", "resource": "BANANA", "cmp": "<", "value": 1},
    {"cond": "resource", "resource": "VIDA", "cmp": "~", "value": 1},
    {"cond": "resource", "who": "zzz", "resource": "VIDA", "cmp": "<", "value": 3},
    {"cond": "has", "count": "x"},
    {"cond": "has", "zone": "LUA"},
    {"cond": "exists"},
    {"cond": "turn", "of": "x"},
    {"cond": "until_event", "event": "x"},
    {"cond": "during", "what": 5},
    {"cond": "banana"},
]


@pytest.mark.parametrize("cond", BAD_CONDS, ids=[str(c) for c in BAD_CONDS])
def test_a_structured_condition_is_checked_when_the_file_loads(cond: dict[str, Any]) -> None:
    """A ``body:`` ``if`` whose ``cond`` lacks a field or holds a wrong value is one located line at
    load (a resource condition without ``cmp`` gave ``KeyError: 'cmp'`` when it ran; found by
    tools/fuzz.py)."""
    with pytest.raises(RulekitError) as exc:
        run(H, _body({"op": "if", "cond": cond, "then": [_HEAL]}), [{"activate": "c1"}])
    message = str(exc.value)
    assert "cards[0].effects[0].body[0].cond" in message and "\n" not in message


GOOD_CONDS = [
    {"cond": "resource", "who": "self", "resource": "VIDA", "cmp": "<", "value": 80},
    {"cond": "has", "who": "self", "count": 1, "zone": "MESA"},
    {"cond": "has", "count": 2, "cmp": ">=", "type": "ITEM"},
    {"cond": "exists", "count": 1, "zone": "TABULEIRO"},
    {"cond": "turn", "of": "self"},
    {"cond": "battle"},
    {"cond": "until_event", "event": "discard", "card": "self"},
]


@pytest.mark.parametrize("cond", GOOD_CONDS, ids=[str(c) for c in GOOD_CONDS])
def test_a_well_formed_structured_condition_runs(cond: dict[str, Any]) -> None:
    t = run(H, _body({"op": "if", "cond": cond, "then": [_HEAL]}), [{"activate": "c1"}])
    assert t.resolution_order == ("c1",)


def test_an_illegal_scripted_choice_is_a_trace_error_worded_in_the_readers_language() -> None:
    """A scripted ``choices:`` value the statement cannot take is reported, never silently replaced, and
    its message comes from the catalogue (the JSON keeps the English)."""
    heroes = [hero("ana", "azul", 5, MESA=["c1"]), hero("bruno", "vermelho", 3), hero("carla", "vermelho", 2)]
    t = run(
        heroes,
        [card("c1", "ana", "Ativar Cause 2 de DANO a um oponente.")],
        [{"activate": "c1", "choices": {"body0": "ana"}}],
    )
    (err,) = t.errors
    assert (err.code, err.message) == (
        "ILLEGAL_CHOICE",
        "choose@0.body0: 'ana' is not a legal choice (bruno, carla)",
    )
    assert error_words(err, "pt-BR") == "choose@0.body0: 'ana' não é uma escolha válida (bruno, carla)"
    assert error_words(err, "es") == "choose@0.body0: 'ana' no es una elección válida (bruno, carla)"
