"""The built-in scenarios: traces, resources and zones against the seed's stated results."""

from __future__ import annotations

import json

import pytest

from rulekit.apoteose import list_scenarios, load_scenario, run_chain
from rulekit.views.chain import reason_text

BUILTIN = [
    "apoteose/seed-activation",
    "apoteose/nested-responses",
    "apoteose/evocacao-refused",
    "apoteose/priority-seven",
    "apoteose/stopped",
    "apoteose/truncated",
]


def test_builtins_listed():
    assert set(BUILTIN) <= set(list_scenarios())


def test_seed_activation():
    """Seed «Encadeamento de Resposta» example: discard a card, consume 2 ESTAMINA, nobody responds,
    then "Cure 25 de VIDA e Recupere 2 de MANA"."""
    t = run_chain("apoteose/seed-activation")
    assert [e.event for e in t.events] == [
        "activate",
        "pay",
        "pay",
        "halt",
        "resolve",
        "post",
        "remove",
        "end",
    ]
    assert [e.stage for e in t.events[:6]] == [
        "activating",
        "activating",
        "activating",
        "halt",
        "resolving",
        "post",
    ]
    assert t.events[2].resources == {"ana": {"ESTAMINA": [4, 2]}}
    assert t.events[4].resources == {"ana": {"VIDA": [50, 75], "MANA": [3, 5]}}
    ana = t.heroes["ana"]
    assert ana.resources == {"VIDA": [75, 100], "MANA": [5, 10], "ESTAMINA": [2, 6]}
    assert ana.zones["DESCARTE"] == ["adaga"] and ana.zones["INVENTÁRIO"] == ["pocao"]  # card stays
    assert t.resolution_order == ("pocao",)


def test_nested_three_deep_spotlight_returns():
    """Seed: responses go in at N+1, resolve depth-first, the spotlight returns to the parent and
    its window opens again (R-06)."""
    t = run_chain("apoteose/nested-responses")
    acts = [(e.index, e.responds_to) for e in t.of("activate")]
    assert acts == [(0, None), (1, 0), (2, 1), (3, 2)]
    assert t.resolution_order == ("escudo", "bencao", "raio", "pocao")
    removes = [(e.index, e.spotlight) for e in t.of("remove")]
    assert removes == [(3, 2), (2, 1), (1, 0), (0, None)]
    # after each removal the parent is resolved only after its window was offered again
    keys = [d.key for d in t.decisions if d.kind == "respond"]
    assert keys.index("halt@2#1") > keys.index("halt@3#0")
    assert max(e.depth for e in t.events) == 4
    assert t.heroes["ana"].resources["VIDA"] == [75, 100]  # +10 (Bênção) -10 (Raio) +25
    assert t.heroes["bruno"].resources["MANA"] == [5, 5]  # paid 1, recovered 1 by Escudo


def test_evocacao_refused():
    """Seed «Previsão» example: 【 Descarte uma carta; Se você tiver uma EVOCAÇÃO no SUPORTE 】 with one
    EVOCAÇÃO and nothing else to discard is refused before anything is paid (R-15)."""
    t = run_chain("apoteose/evocacao-refused")
    assert [e.event for e in t.events] == ["refused"]
    assert t.events[0].detail["code"] == "PREVISAO"
    assert "Previsão" in reason_text(t.events[0].detail)
    assert t.heroes["ana"].zones["SUPORTE"] == ["fenix"] and t.heroes["ana"].resources["MANA"] == [2, 10]
    assert [(e.card, e.code) for e in t.errors] == [("ritual", "PREVISAO")]


def test_priority_seven_categories():
    """Seed «Prioridade de Resposta»: Campanha > Cenário > Oponentes > Time > Turno > Descarte > Mestre,
    all Auto effects each resolved before the next (R-05, R-06, R-07)."""
    t = run_chain("apoteose/priority-seven")
    assert t.resolution_order == (
        "profecia",
        "templo",
        "espinhos",
        "elo",
        "amuleto",
        "eco",
        "sentenca",
        "golpe",
    )
    assert all(e.responds_to == 0 for e in t.of("respond"))
    assert t.heroes["ana"].resources["VIDA"] == [48, 100]  # -1 +2 -3 +1 -1
    assert t.heroes["bruno"].resources["VIDA"] == [75, 80]


def test_stopped():
    """Seed «Nos Requerimentos» + R-03: a state broken in halt stops the activation; costs kept, no post."""
    t = run_chain("apoteose/stopped")
    base = [e.event for e in t.events if e.index == 0]
    assert base == ["activate", "pay", "halt", "stopped", "remove"]
    assert t.of("stopped")[0].detail["costs_refunded"] is False
    assert t.heroes["ana"].resources["MANA"] == [2, 10] and t.heroes["ana"].resources["VIDA"] == [50, 100]
    assert t.shared_zones["BANIDAS"] == ["lobo"] and t.shared_zones["TABULEIRO"] == []
    assert t.resolution_order == ("exilio",)


def test_truncated():
    """Seed «Na Descrição»: what was done stays, the rest is skipped; counted as activated."""
    t = run_chain("apoteose/truncated")
    base = [e.event for e in t.events if e.index == 0]
    assert base == ["activate", "pay", "halt", "truncated", "resolve", "post", "remove"]
    tr = t.of("truncated")[0]
    assert len(tr.detail["done"]) == 1 and len(tr.detail["skipped"]) == 2
    assert t.heroes["ana"].resources["VIDA"] == [60, 100] and t.heroes["ana"].resources["MANA"] == [1, 10]
    assert t.heroes["bruno"].resources["VIDA"] == [80, 80]
    assert "rito" in t.resolution_order


@pytest.mark.parametrize("name", BUILTIN)
def test_json_contract_and_determinism(name):
    """Exactly the JSON keys; same scenario -> byte-identical JSON."""
    a = run_chain(name).to_json()
    b = run_chain(load_scenario(name)).to_json()
    assert a == b
    data = json.loads(a)
    assert list(data) == ["events", "resolution_order", "heroes", "errors"]
    for ev in data["events"]:
        assert list(ev) == ["event", "index", "card", "effect", "hero", "responds_to", "detail"]
    for h in data["heroes"].values():
        assert list(h) == ["resources", "attributes", "zones"]
    for err in data["errors"]:
        assert list(err) == ["card", "code", "message"]


def test_the_loaders_models_are_built_once() -> None:
    """The pydantic models of a scenario file are built once, in ``rulekit.apoteose.schema``, not on
    every load (they took 0.2 s of each ``load_scenario_text``: most of an explorer's load; found
    by tools/fuzz.py)."""
    from rulekit.apoteose import scenario, schema

    before = schema.ScenarioM
    for name in list_scenarios()[:2]:
        load_scenario(name)
    assert schema.ScenarioM is before
    assert not hasattr(scenario, "_models")
