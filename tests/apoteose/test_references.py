"""Noun phrases as players write them, and what each one points at (LANGUAGE.md §3.1)."""

from __future__ import annotations

import pytest
from helpers import card, hero, run

from rulekit.apoteose.grammar import ClauseError, _referents, parse_clause, suggest_phrase
from rulekit.apoteose.text import parse_effect

TURN = {"order": ["ana", "bruno"], "hero": "ana"}


def heroes(**ana: list[str]) -> list[dict]:
    return [
        hero("ana", "azul", 5, vida=(50, 100), **ana),
        hero("bruno", "vermelho", 3, vida=(50, 100), MESA=["b1"]),
    ]


def body(text: str) -> list[dict]:
    return [st.to_dict() for st in parse_effect(text).body]


# ---------------------------------------------------------------- the misreads -----------
def test_o_alvo_is_the_hero_the_requirement_chose_not_a_hero_named_alvo() -> None:
    text = "Ativar【 Selecione 1 oponente 】 Cause 3 de DANO ao alvo."
    assert body(text)[0]["target"] == {"who": "selected"}
    t = run(heroes(MESA=["x"]), [card("x", "ana", text), card("b1", "bruno")], [{"activate": "x"}], turn=TURN)
    assert t.heroes["bruno"].resources["VIDA"] == [47, 100]


def test_do_alvo_heals_the_chosen_ally() -> None:
    text = "Ativar【 Selecione 1 aliado 】 Cure 10 de VIDA do alvo."
    hs = [*heroes(MESA=["x"]), hero("carla", "azul", 4, vida=(20, 100))]
    t = run(
        hs,
        [card("x", "ana", text), card("b1", "bruno")],
        [{"activate": "x"}],
        turn={"order": ["ana", "carla", "bruno"], "hero": "ana"},
    )
    assert t.heroes["carla"].resources["VIDA"] == [30, 100]
    assert t.heroes["ana"].resources["VIDA"] == [50, 100]


def test_a_companheiro_damage_trigger_fires_for_the_companheiro_not_the_hero() -> None:
    text = "Auto【 Depois de um COMPANHEIRO aliado sofrer dano 】 Compre 1 carta."
    trig = parse_effect(text).trigger()
    assert trig is not None and "patient" not in trig and trig["card"]["type"] == "COMPANHEIRO"
    cards = [
        card("g", "ana", text),
        card("b1", "bruno"),
        card("d1", "ana"),
        card("lobo", "ana", types=("COMPANHEIRO",), companion_of="ana", vida=[10, 10]),
    ]
    hero_hit = run(
        heroes(MESA=["g"], BARALHO=["d1"]),
        cards,
        [{"attack": {"hero": "bruno", "target": "ana", "damage": 3}}],
        zones={"TABULEIRO": ["lobo"]},
        turn=TURN,
    )
    assert "g" not in hero_hit.resolution_order
    lobo_hit = run(
        heroes(MESA=["g"], BARALHO=["d1"]),
        cards,
        [{"attack": {"hero": "bruno", "target": "lobo", "damage": 3}}],
        zones={"TABULEIRO": ["lobo"]},
        turn=TURN,
    )
    assert "g" in lobo_hit.resolution_order


def test_a_subject_the_reader_cannot_name_is_not_read_as_voce() -> None:
    effect = parse_effect("Auto【 Depois de um lobo qualquer sofrer dano 】 Compre 1 carta.")
    assert not effect.supported()


def test_a_carta_descartada_in_a_response_is_the_card_discarded_in_the_event_answered() -> None:
    text = "Auto【 Quando um oponente descartar uma carta 】 Bana a carta descartada."
    assert body(text) == [{"op": "banish", "card": "answered"}]
    t = run(
        heroes(MESA=["x"]),
        [card("x", "ana", text), card("b1", "bruno")],
        [{"discard": {"card": "b1"}}],
        turn=TURN,
    )
    assert "x" in t.resolution_order
    assert t.shared_zones.get("BANIDAS") == ["b1"] or "b1" in t.heroes["bruno"].zones.get("BANIDAS", [])


def test_a_carta_descartada_without_an_event_is_the_card_this_effects_cost_paid() -> None:
    assert body("Ativar【 Descarte uma carta 】 Bane a carta descartada.") == [
        {"op": "banish", "card": "paid"}
    ]
    assert body("Ativar · Consumir Recupere a carta consumida.") == [{"op": "ready", "card": "self"}]


def test_two_readings_are_refused_naming_both() -> None:
    effect = parse_effect("Ativar【 Descarte uma carta; Descarte uma HABILIDADE 】 Bane a carta descartada.")
    [w] = [w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "'Descarte uma carta'" in w.message and "'Descarte uma HABILIDADE'" in w.message
    assert effect.source[w.position :].startswith("a carta descartada")
    effect = parse_effect("Ativar【 Selecione 1 oponente; Selecione 1 aliado 】 Cure 3 de VIDA do alvo.")
    [w] = [w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "'Selecione 1 oponente'" in w.message and "'Selecione 1 aliado'" in w.message


def test_nothing_to_point_at_is_refused_with_a_located_line() -> None:
    effect = parse_effect("Ativar Cure 3 de VIDA do alvo.")
    [w] = [w for w in effect.warnings if w.code == "UNSUPPORTED_TEXT"]
    assert "\n" not in w.message and "selects no hero" in w.message
    assert effect.source[w.position :].startswith("do alvo")


@pytest.mark.parametrize(
    "clause",
    [
        "Recupere 2 de MANA daquele aliado agora",
        "Cure 5 de VIDA de cada aliado depressa",
        "Descarte a carta mais forte do INVENTÁRIO",
        "Cause 2 de DANO a um oponente e a um aliado juntos",
        "Bane a EVOCAÇÃO mais cara",
        "Compre cartas do BARALHO de um oponente",
        "Cure muito de VIDA",
        "Recupere 2 de MANA de um aliado muito",
        "Revele aquela carta rapidamente",
    ],
)
def test_did_you_mean_never_changes_who_or_what_is_affected(clause: str) -> None:
    with pytest.raises(ClauseError) as exc:
        parse_clause(clause)
    hint = exc.value.suggestion
    assert hint is None or _referents(hint) == _referents(clause), hint


def test_the_issues_suggestion_is_gone() -> None:
    assert suggest_phrase("Recupere 2 de MANA daquele aliado") != "Recupere 2 de MANA"


# ---------------------------------------------------------------- noun phrases -------------
@pytest.mark.parametrize(
    "clause,stmt",
    [
        (
            "Recupere 2 de MANA daquele aliado",
            {"op": "recover", "amount": 2, "resource": "MANA", "target": {"who": "that"}},
        ),
        (
            "Cause 2 de DANO àquele oponente",
            {"op": "damage", "amount": 2, "resource": "VIDA", "target": {"who": "that"}},
        ),
        (
            "Cure 4 de VIDA desse aliado",
            {"op": "heal", "amount": 4, "resource": "VIDA", "target": {"who": "that"}},
        ),
        (
            "Cause 1 de DANO a cada Herói rival",
            {"op": "damage", "amount": 1, "resource": "VIDA", "target": {"who": "opponent", "all": True}},
        ),
        (
            "Cure 2 de VIDA dos aliados",
            {"op": "heal", "amount": 2, "resource": "VIDA", "target": {"who": "ally", "all": True}},
        ),
        (
            "Cause 3 de DANO ao oponente selecionado",
            {"op": "damage", "amount": 3, "resource": "VIDA", "target": {"who": "selected"}},
        ),
        (
            "Um aliado cura 5 de VIDA",
            {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "ally"}},
        ),
        ("Cura 5 de VIDA", {"op": "heal", "amount": 5, "resource": "VIDA", "target": {"who": "self"}}),
        (
            "Você ganha 2 de MANA",
            {"op": "recover", "amount": 2, "resource": "MANA", "target": {"who": "self"}},
        ),
        (
            "O alvo perde 2 de ESTAMINA",
            {"op": "lose", "amount": 2, "resource": "ESTAMINA", "target": {"who": "selected"}},
        ),
        (
            "O alvo sofre 3 de DANO",
            {"op": "damage", "amount": 3, "resource": "VIDA", "target": {"who": "selected"}},
        ),
        (
            "Esse COMPANHEIRO sofre 2 de DANO",
            {"op": "damage", "amount": 2, "resource": "VIDA", "card": "answered"},
        ),
        (
            "Um oponente descarta uma carta",
            {"op": "discard", "card": "choose", "count": 1, "owner": "opponent"},
        ),
        ("Um oponente compra 1 carta", {"op": "draw", "count": 1, "target": {"who": "opponent"}}),
        (
            "Revele o INVENTÁRIO de um oponente",  # one opponent's, chosen (R-32; was every opponent's)
            {"op": "reveal", "card": "all", "zone": "INVENTÁRIO", "owner": "one_opponent"},
        ),
        (
            "Revele o INVENTÁRIO de cada oponente",
            {"op": "reveal", "card": "all", "zone": "INVENTÁRIO", "owner": "opponent"},
        ),
        # one card of each ally, or one among theirs? refused naming «cada» (was: one card of an ally)
        ("Descarte 1 carta de cada aliado", None),
        ("Devolva essa carta ao BARALHO de seu dono", {"op": "move", "card": "answered", "dest": "BARALHO"}),
        ("Bana as cartas reveladas", {"op": "banish", "card": "paid"}),
        ("Bane a carta que foi revelada", {"op": "banish", "card": "paid"}),
        ("Bana-a", {"op": "banish", "card": "answered"}),
        ("Revele-o", {"op": "reveal", "card": "answered"}),
        ("Bane daquela carta", None),
        (
            "Cause 2 de DANO ao Herói que descartou essa carta",
            {"op": "damage", "amount": 2, "resource": "VIDA", "target": {"who": "that"}},
        ),
        (
            "Cure 2 de VIDA do Herói do turno",
            {"op": "heal", "amount": 2, "resource": "VIDA", "target": {"who": "turn"}},
        ),
        ("Selecione 1 Herói rival", {"op": "select", "count": 1, "what": "hero", "who": "opponent"}),
        ("Selecione 2 aliados", {"op": "select", "count": 2, "what": "hero", "who": "ally"}),
        ("Consuma as cartas selecionadas", {"op": "exhaust", "card": "selected"}),
    ],
)
def test_noun_phrases(clause: str, stmt: dict | None) -> None:
    if stmt is None:
        with pytest.raises(ClauseError):
            parse_clause(clause)
    else:
        assert parse_clause(clause) == stmt


def test_adjacent_heroes_are_read_as_heroes_next_to_you_and_one_hero_is_needed() -> None:
    assert parse_clause("Cure 2 de VIDA dos aliados adjacentes")["target"] == {
        "who": "ally",
        "all": True,
        "near": {"who": "self"},
    }
    with pytest.raises(ClauseError) as exc:
        parse_clause("Cure 2 de VIDA dos aliados adjacentes a um oponente")
    assert exc.value.reason is not None and "one hero" in exc.value.reason


def test_a_pronoun_on_the_verb_is_the_card_mentioned_before_without_an_event() -> None:
    text = "Ativar Revele uma carta do seu INVENTÁRIO e bana-a."
    assert body(text) == [
        {"op": "reveal", "card": "choose", "count": 1, "zone": "INVENTÁRIO"},
        {"op": "banish", "card": "previous"},
    ]
    t = run(
        heroes(MESA=["x"], INVENTARIO=["i1"]),
        [card("x", "ana", text), card("i1", "ana"), card("b1", "bruno")],
        [{"activate": "x"}],
        turn=TURN,
    )
    assert "i1" in t.heroes["ana"].zones.get("BANIDAS", []) or "i1" in t.shared_zones.get("BANIDAS", [])


def test_esse_in_a_response_is_the_card_of_the_event() -> None:
    text = "Auto【 Quando um oponente descartar uma carta 】 Devolva essa carta ao INVENTÁRIO."
    t = run(
        heroes(MESA=["x"]),
        [card("x", "ana", text), card("b1", "bruno")],
        [{"discard": {"card": "b1"}}],
        turn=TURN,
    )
    assert "b1" in t.heroes["bruno"].zones["INVENTÁRIO"] or "b1" in t.heroes["ana"].zones["INVENTÁRIO"]


# ---------------------------------------------------------------- refused only when used ----
def test_a_card_loads_its_readable_effects_and_refuses_the_unreadable_one_when_used() -> None:
    from helpers import scenario

    bad = "Ativar【 Selecione 1 Herói adjacente a um aliado 】 Cure 1 de VIDA do alvo."  # next to which one?
    x = card("x", "ana", bad, "Ativar Cure 5 de VIDA.")
    sc = scenario(heroes(MESA=["x"]), [x, card("b1", "bruno")], [{"activate": "x", "effect": 1}], turn=TURN)
    [w] = [w for w in sc.warnings if "UNSUPPORTED_TEXT" in w]
    assert w.startswith("x#0: ") and "cards[0].effects[0]" in w and "\n" not in w
    from rulekit.apoteose.chain import run_chain

    t = run_chain(sc)
    assert t.heroes["ana"].resources["VIDA"] == [55, 100]
    used = run(heroes(MESA=["x"]), [x, card("b1", "bruno")], [{"activate": "x", "effect": 0}], turn=TURN)
    [r] = used.of("refused")
    assert r.detail["code"] == "UNREADABLE" and r.detail["params"]["effect"] == "x#0"
    params = r.detail["params"]
    assert bad[params["position"] :].startswith("um aliado") and params["word"] == "um"


def test_an_unreadable_auto_is_refused_when_its_moment_comes() -> None:
    text = "Auto【 Quando um oponente descartar uma carta 】 Bana aquela carta mais forte."
    t = run(
        heroes(MESA=["x"]),
        [card("x", "ana", text), card("b1", "bruno")],
        [{"discard": {"card": "b1"}}],
        turn=TURN,
    )
    [r] = t.of("refused")
    assert r.card == "x" and r.detail["code"] == "UNREADABLE"
    quiet = run(heroes(MESA=["x"]), [card("x", "ana", text), card("b1", "bruno")], [], turn=TURN)
    assert quiet.of("refused") == []


# ---------------------------------------------------------------- LALR first, Earley behind ----
def test_where_the_lalr_parser_reads_a_clause_it_means_what_earley_reads() -> None:
    from pathlib import Path

    import yaml

    from rulekit.apoteose import grammar as G
    from rulekit.apoteose.lang import split_clauses

    texts = [
        e["text"]
        for f in ("corpus.yaml", "corpus_np.yaml")
        for e in yaml.safe_load((Path(__file__).parent / f).read_text(encoding="utf-8"))
    ]
    clauses = sorted(
        {
            c.strip().rstrip(".").strip()
            for t in texts
            for c in split_clauses(parse_effect(t).description)
            if c.strip() and not c.lower().startswith(("se ", "escolha"))
        }
    )
    fast = 0
    for c in clauses:
        folded, where = G.expand(c)
        tree = G._fast_tree(folded, "start")
        if tree is None:
            continue
        try:
            lalr = G._Build(c, where, G.Refs()).clause(tree)
        except Exception:  # noqa: BLE001 - Earley decides these
            continue
        fast += 1
        earley = G._Build(c, where, G.Refs()).clause(G._parser().parse(folded, start="start"))
        assert lalr == earley, c
    assert fast >= len(clauses) * 3 // 4  # most clauses take the fast path


def test_every_timing_keyword_has_its_matcher_checked_at_import() -> None:
    from rulekit.apoteose import matching
    from rulekit.apoteose import rulings as R

    assert set(matching._TIMING_MATCH) == set(R.KEYWORD_KINDS["timing"])
    saved = matching._TIMING_MATCH.pop("Ao Banir")
    try:
        with pytest.raises(ImportError, match="Ao Banir"):
            matching._check_timing_table()
    finally:
        matching._TIMING_MATCH["Ao Banir"] = saved


def test_one_vocabulary_for_the_reader() -> None:
    from rulekit.apoteose import lang, words

    assert (
        lang.ZONES is words.ZONES and lang.RESOURCES is words.RESOURCES and lang.ACTION_NOUNS is words.ACTIONS
    )
    assert not hasattr(lang, "parse_target") and not hasattr(lang, "parse_card")


def test_the_cli_names_the_unreadable_effect_on_stderr(tmp_path, capsys) -> None:
    import yaml

    from rulekit.cli import main

    data = {
        "game": "apoteose",
        "heroes": [
            {
                "id": "ana",
                "team": "azul",
                "iniciativa": 5,
                "zones": {"MESA": ["x"]},
                "resources": {"VIDA": [50, 100], "MANA": [5, 10], "ESTAMINA": [4, 6]},
            }
        ],
        "cards": [
            {
                "id": "x",
                "owner": "ana",
                "effects": ["Ativar Cure 1 de VIDA do alvo.", "Ativar Cure 5 de VIDA."],
            }
        ],
        "script": [{"activate": "x", "effect": 1}],
    }
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert main(["chain", str(path)]) == 0
    out = capsys.readouterr()
    [line] = [x for x in out.err.splitlines() if "UNSUPPORTED_TEXT" in x]
    assert "x#0" in line and "s.yaml:" in line and "cards[0].effects[0]" in line
    assert "VIDA 50->55" in out.out
