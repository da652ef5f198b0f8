"""Every example text of the seed, glossary and rulings parses AND runs.

Each example is put on a card of Ana in a small table that produces the events the examples talk
about (an activated HABILIDADE that selects a hero and heals, a discard + MANA recovery, a test,
an attack), and the chain is driven so that the example card answers whenever it may.
"""

from __future__ import annotations

import pytest
from helpers import card, hero, scenario
from test_text import EXAMPLES

from rulekit.apoteose import ChainSession, parse_effect

#: The seed's example block of *states* is not a playable card on one's own turn ("Durante o turno
#: dos oponentes"): it must be refused with the Previsão reason, before anything is paid.
REFUSED = {
    "Ativar【 Até que esta carta seja descartada; Enquanto houverem COMPANHEIRO no tabuleiro; "
    "Durante o turno dos oponentes 】 Cure 1 de VIDA": "PREVISAO",
}


def table(text: str):
    e = parse_effect(text)
    ana = hero(
        "ana",
        "azul",
        5,
        INVENTARIO=["extra1", "extra2"],
        SUPORTE=["evo"],
        MESA=["hab", "disc", "mover"],
        BARALHO=["d1", "d2", "d3"],
    )
    ana["attributes"] = {"AGI": 1, "INT": 2}
    heroes = [ana, hero("carla", "azul", 4), hero("bruno", "vermelho", 3)]
    extra = {}
    zones = {"TABULEIRO": ["c1", "c2"]}
    if "Do Anexo" in e.scopes:
        zones["TABULEIRO"].append("ex")
        extra = {"attached_to": "c1"}
    elif "Do Descarte" in e.scopes:
        ana["zones"]["DESCARTE"] = ["ex"]
    elif "Ao Entrar" in e.timings:
        ana["zones"]["INVENTÁRIO"].insert(0, "ex")
    else:
        ana["zones"]["MESA"].insert(0, "ex")
    cards = [
        card("ex", "ana", text, types=("ARTEFATO",), **extra),
        card("hab", "ana", "Ativar【 Selecione um herói 】 Cure 5 de VIDA.", types=("HABILIDADE",)),
        card("disc", "ana", "Ativar Descarte uma carta. Depois, Recupere 1 de MANA."),
        card("mover", "ana", "Ativar Mova uma carta do INVENTÁRIO para a MESA."),
        card("extra1", "ana"),
        card("extra2", "ana"),
        card("evo", "ana", types=("EVOCAÇÃO",)),
        card("d1", "ana"),
        card("d2", "ana"),
        card("d3", "ana"),
        card("c1", "ana", types=("COMPANHEIRO",)),
        card("c2", "ana", types=("COMPANHEIRO",)),
    ]
    script = [{"activate": "ex"}] if e.activation == "Ativar" and not e.trigger() else []
    script += [
        {"activate": "mover"},
        {"activate": "hab"},
        {"activate": "disc"},
        {"test": {"hero": "ana", "attribute": "AGI"}},
        {"attack": {"hero": "bruno", "target": "ana", "damage": 3}},
    ]
    return scenario(
        heroes, cards, script, zones=zones, turn={"order": ["ana", "carla", "bruno"], "hero": "ana"}
    )


@pytest.mark.parametrize("text", EXAMPLES)
def test_example_runs(text):
    s = ChainSession(table(text))
    while not s.done:
        mine = [o for o in s.legal if o.card == "ex"]
        s.choose(mine[0] if mine else s.point.default)
    t = s.trace
    e = parse_effect(text)
    if text in REFUSED:
        assert [r.detail["code"] for r in t.of("refused") if r.card == "ex"] == [REFUSED[text]]
        return
    if e.activation == "Passivo":
        assert any(ev.event == "passive" and ev.card == "ex" and ev.detail["applies"] for ev in t.events)
        return
    assert "ex" in t.resolution_order, [(r.card, r.detail) for r in t.of("refused")]
    assert not [err for err in t.errors if err.card == "ex"]
