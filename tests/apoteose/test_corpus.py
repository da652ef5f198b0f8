"""A corpus of card texts in the seed's style, each read by the grammar and run on a board.

``corpus.yaml`` covers every activation, timing, limit, scope and task keyword and every requirement
kind; this test checks the coverage too, so the corpus cannot silently shrink.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import card, hero, scenario

from rulekit.apoteose import rulings as R
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.text import parse_effect

CORPUS: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "corpus.yaml").read_text(encoding="utf-8")
)

#: The rest of the board: something for every phrase to find.
OTHERS = [
    card("m1", "ana", "Ativar Cure 1 de VIDA."),
    card("i1", "ana"),
    card("i2", "ana"),
    card("ev1", "ana", types=("EVOCAÇÃO",)),
    card("d1", "ana"),
    card("d2", "ana"),
    card("d3", "ana"),
    card("g1", "ana"),
    card("c1", "carla"),
    card("d4", "carla"),
    card("b1", "bruno", types=("HABILIDADE",)),
    card("b2", "bruno"),
    card("lobo", "ana", types=("COMPANHEIRO",), companion_of="ana"),
]
#: After the card itself: Ana heals (a HABILIDADE of Bruno's answers nothing), both attack, Ana tests,
#: a battle, then every turn of the cycle and the restoration.
GAME = [
    {"activate": "m1"},
    {"attack": {"hero": "bruno", "target": "ana", "damage": 5}},
    {"attack": {"hero": "ana", "target": "bruno", "damage": 5}},
    {"test": {"hero": "ana", "attribute": "AGI"}},
    {"battle_start": True},
    {"battle_end": True},
    {"end_turn": True},
    {"end_turn": True},
    {"end_turn": True},
    {"end_turn": True},
]


def board(entry: dict[str, Any]) -> Any:
    zone = entry.get("zone", "MESA")
    extra: dict[str, Any] = {}
    if entry.get("attached"):
        extra["attached_to"] = "m1"
    if entry.get("consumed"):
        extra["consumed"] = True
    types = ("COMPANHEIRO",) if entry.get("companion") else ("HABILIDADE",)
    if entry.get("companion"):
        extra["companion_of"] = "ana"
    x = card("x", "ana", entry["text"], types=types, **extra)
    ana = {
        "MESA": ["m1"],
        "INVENTARIO": ["i1", "i2"],
        "SUPORTE": ["ev1"],
        "BARALHO": ["d1", "d2", "d3"],
        "DESCARTE": ["g1"],
    }
    zones: dict[str, list[str]] = {"TABULEIRO": ["lobo"]}
    if entry.get("companion"):
        zones["TABULEIRO"].append("x")
    else:
        key = {"INVENTÁRIO": "INVENTARIO"}.get(zone, zone)
        ana[key] = [*ana.get(key, []), "x"]
    heroes = [
        hero("ana", "azul", 5, vida=(50, 100), **ana),
        hero("carla", "azul", 4, vida=(30, 60), MESA=["c1"], BARALHO=["d4"]),
        hero("bruno", "vermelho", 3, MESA=["b1"], INVENTARIO=["b2"]),
    ]
    order = ["ana", "x", "carla", "bruno"] if entry.get("companion") else ["ana", "carla", "bruno"]
    effect = parse_effect(entry["text"])
    plain = effect.activation == "Ativar" and not effect.timings
    script = [{"activate": "x"}] if plain else GAME
    extra: dict[str, Any] = {}
    if entry.get(
        "board"
    ):  # heroes on casas (``board: true``, or {size: [c, r], <hero>: [c, r]} to change them)
        where = {"size": [4, 4], "ana": [1, 1], "carla": [0, 0], "bruno": [3, 3]}
        where.update(entry["board"] if isinstance(entry["board"], dict) else {})
        extra["board"] = where.pop("size")
        for h in heroes:
            if where.get(h["id"]) is not None:
                h["casa"] = where[h["id"]]
        script = [*({"step": s} for s in entry.get("steps", [])), *script]
    cards = [x, *OTHERS]
    if entry.get("attempt"):  # Bruno tries to answer x's activation at that point (LANGUAGE.md §4.1)
        cards.append(card("r1", "bruno", "Ativar【 Quando uma carta for ativada 】 Recupere 1 de MANA."))
        heroes[2]["zones"]["MESA"].append("r1")
        extra["decisions"] = [{"window": entry["attempt"], "respond": {"card": "r1"}}]
    return scenario(heroes, cards, script, zones=zones, turn={"order": order, "hero": "ana"}, **extra)


#: A corpus id: lower-case ASCII words joined by "-" (``np-`` first in corpus_np.yaml).
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def test_every_corpus_case_has_a_stable_id_of_its_own() -> None:
    """A case is named by its ``id:`` (test ids, ``tools/chain_traces.py``), never by its line,
    so inserting a case renames no other. A new case needs one: the slug of its text is the convention."""
    np_corpus = yaml.safe_load((Path(__file__).parent / "corpus_np.yaml").read_text(encoding="utf-8"))
    ids = [e.get("id") for e in [*CORPUS, *np_corpus]]
    missing = [e["text"] for e in [*CORPUS, *np_corpus] if not e.get("id")]
    assert missing == [], f"give these corpus cases an id: {missing[:3]}"
    assert all(ID.fullmatch(i) for i in ids), [i for i in ids if not ID.fullmatch(i)]
    assert len(set(ids)) == len(ids), sorted(i for i in ids if ids.count(i) > 1)
    assert all(e["id"].startswith("np-") for e in np_corpus)


def test_the_corpus_is_large_enough() -> None:
    assert len(CORPUS) >= 80


def test_the_corpus_covers_every_keyword_and_requirement_kind() -> None:
    effects = [parse_effect(e["text"]) for e in CORPUS]
    used = {k for e in effects for k in e.keywords}
    every = {n for names in R.KEYWORD_KINDS.values() for n in names}
    assert sorted(every - used) == []
    assert {r.kind for e in effects for r in e.requirements} == set(R.REQUIREMENT_ORDER)


@pytest.mark.parametrize("entry", CORPUS, ids=[e["id"] for e in CORPUS])
def test_corpus_card_reads_and_runs(entry: dict[str, Any]) -> None:
    effect = parse_effect(entry["text"])
    assert effect.supported(), [w.message for w in effect.warnings]
    assert [s.op for s in effect.body] == entry["ops"]
    trace = run_chain(board(entry))
    refused = [e.detail["code"] for e in trace.of("refused") if e.card == "x"]
    if "refused" in entry:
        assert entry["refused"] in refused
        assert "x" not in trace.resolution_order
    if entry.get("resolves"):
        assert "x" in trace.resolution_order, refused
