"""Two forms players write: "adjacente a <herói>" in a hero phrase (seed «Requerimentos de Ativação»:
«Mova-se para uma casa adjacente»: heroes stand on casas, and a casa has adjacent ones) and a "depois"
inside a sentence (seed «Resolução do Efeito»: the description is resolved in the order written, so
"depois" only says the next clause comes after)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import card, hero, scenario

from rulekit.apoteose import bodycheck, lang
from rulekit.apoteose import matching as M
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.wording import reason_words, statement_text
from rulekit.i18n import translator
from rulekit.phrase import Phrase

#: ana's team: ana [1,1], cai [2,1] (next to ana), dora [3,3] (far); bruno's: bruno [1,2] (next to ana),
#: eli [3,0] (far).
PLACES = {"ana": [1, 1], "cai": [2, 1], "dora": [3, 3], "bruno": [1, 2], "eli": [3, 0]}
TEAMS = {"ana": "azul", "cai": "azul", "dora": "azul", "bruno": "vermelho", "eli": "vermelho"}


def on_board(
    text: str,
    script: list[dict[str, Any]] | None = None,
    *,
    places: bool = True,
    decisions: list[dict[str, Any]] | None = None,
) -> Any:
    heroes = []
    for i, hid in enumerate(PLACES):
        h = hero(hid, TEAMS[hid], 9 - i, **({"MESA": ["x"], "BARALHO": ["d1"]} if hid == "ana" else {}))
        if places:
            h["casa"] = PLACES[hid]
        heroes.append(h)
    cards = [card("x", "ana", text), card("d1", "ana")]
    extra = {"board": [4, 4]} if places else {}
    script = script or [{"activate": "x"}]
    return scenario(heroes, cards, script, decisions, turn={"hero": "ana"}, **extra)


def vida(tr: Any) -> dict[str, int]:
    return {h: tr.heroes[h].resources["VIDA"][0] for h in PLACES}


# ---------------------------------------------------------------- reading ------------------------
@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Cure 2 de VIDA de um aliado adjacente a você", {"who": "ally", "near": {"who": "self"}}),
        ("Um aliado adjacente a você cura 2 de VIDA", {"who": "ally", "near": {"who": "self"}}),
        (
            "Cure 2 de VIDA de cada Herói adjacente a você",
            {"who": "any", "all": True, "near": {"who": "self"}},
        ),
        (
            "Cure 2 de VIDA de todos os aliados adjacentes",
            {"who": "ally", "all": True, "near": {"who": "self"}},
        ),
        ("Cure 2 de VIDA de um aliado adjacente ao alvo", {"who": "ally", "near": {"who": "selected"}}),
    ],
)
def test_adjacente_reads_as_a_near_key_of_the_hero_phrase(text: str, target: dict[str, Any]) -> None:
    (st,), _ = lang.parse_description(text)
    assert st.to_dict()["target"] == target


def test_selecione_a_hero_adjacent_to_you_reads() -> None:
    (st,), _ = lang.parse_description("Selecione 1 Herói rival adjacente a você")
    assert st.to_dict() == {
        "op": "select",
        "count": 1,
        "what": "hero",
        "who": "opponent",
        "near": {"who": "self"},
    }


@pytest.mark.parametrize(
    "text",
    [
        "Cause 1 de DANO a um oponente adjacente a um aliado",  # next to a set: which casa?
        "Cure 2 de VIDA de aquele aliado adjacente a você",  # "adjacente" narrows a set, not one hero
    ],
)
def test_adjacente_that_names_no_set_or_no_one_hero_is_refused(text: str) -> None:
    (st,), _ = lang.parse_description(text)
    assert st.op == "unknown" and "adjacente" in st.to_dict()["reason"]


@pytest.mark.parametrize(
    ("text", "trigger"),
    [
        (
            "um aliado adjacente a você sofrer dano",
            {"moment": "after", "event": "damage", "patient": {"who": "ally", "near": {"who": "self"}}},
        ),
        (
            "um Herói adjacente sofrer dano",
            {"moment": "after", "event": "damage", "patient": {"who": "any", "near": {"who": "self"}}},
        ),
        (
            "um aliado adjacente a você for curado",
            {"moment": "after", "event": "heal", "patient": {"who": "ally", "near": {"who": "self"}}},
        ),
        (
            "a VIDA de um aliado adjacente a você for ser curada",
            {
                "moment": "before",
                "event": "heal",
                "resource": "VIDA",
                "patient": {"who": "ally", "near": {"who": "self"}},
            },
        ),
        (
            "um inimigo adjacente a você se mover",
            {"moment": "during", "event": "step", "actor": {"who": "opponent", "near": {"who": "self"}}},
        ),
    ],
)
def test_a_trigger_with_adjacente_keeps_near_on_its_hero(text: str, trigger: dict[str, Any]) -> None:
    assert lang.parse_trigger(text) == trigger


@pytest.mark.parametrize(
    ("text", "cond"),
    [
        ("houver um inimigo adjacente a você", {"cond": "heroes", "who": "opponent", "count": 1}),
        (
            "um aliado adjacente estiver sem ESTAMINA",
            {"cond": "resource", "who": "ally", "resource": "ESTAMINA", "cmp": "==", "value": 0},
        ),
        (
            "a VIDA de um aliado adjacente for menor que 3",
            {"cond": "resource", "who": "ally", "resource": "VIDA", "cmp": "<", "value": 3},
        ),
        (
            "um oponente adjacente a você tiver 3 ou mais cartas no INVENTÁRIO",
            {"cond": "has", "who": "opponent", "count": 3, "cmp": ">=", "zone": "INVENTÁRIO"},
        ),
    ],
)
def test_a_state_with_adjacente_keeps_near(text: str, cond: dict[str, Any]) -> None:
    assert lang.parse_condition(text) == {**cond, "near": {"who": "self"}}


@pytest.mark.parametrize(
    "text",
    [
        "houver um inimigo",  # no "adjacente": nothing a game can be without
        "houver 2 inimigos adjacentes a você",  # a number of heroes: not read yet
        "cada aliado adjacente a você estiver sem MANA",  # every hero: a state is about one
    ],
)
def test_a_state_about_heroes_that_names_no_one_hero_next_to_you_is_not_read(text: str) -> None:
    assert lang.parse_condition(text)["cond"] == "unknown"


def test_a_condition_with_near_is_checked_when_the_file_loads() -> None:
    def check(cond: dict[str, Any]) -> Any:
        return bodycheck.check_statement({"op": "if", "cond": cond, "then": [{"op": "noop"}], "text": "x"})

    assert check({"cond": "heroes", "who": "opponent", "near": {"who": "self"}}) is None
    bad = check({"cond": "heroes", "who": "self", "near": {"who": "self"}})
    assert bad is not None and bad[0] == ("cond", "near")
    bad = check(
        {
            "cond": "resource",
            "who": "ally",
            "resource": "VIDA",
            "cmp": "<",
            "value": 3,
            "near": {"who": "ally"},
        }
    )
    assert bad is not None and bad[0] == ("cond", "near")


def test_a_body_near_is_checked_when_the_file_loads() -> None:
    good = {"op": "heal", "amount": 1, "resource": "VIDA", "target": {"who": "ally", "near": {"who": "self"}}}
    assert bodycheck.check_statement(good) is None
    bad = bodycheck.check_statement({**good, "target": {"who": "ally", "near": {"who": "opponent"}}})
    assert bad is not None and bad[0] == ("target", "near")
    bad = bodycheck.check_statement({**good, "target": {"who": "self", "near": {"who": "self"}}})
    assert bad is not None and bad[0] == ("target", "near")


# ---------------------------------------------------------------- on the board -------------------
def test_every_hero_adjacent_to_you_takes_the_damage_and_no_one_else() -> None:
    tr = run_chain(on_board("Ativar Cause 3 de DANO a cada Herói adjacente a você."))
    assert vida(tr) == {"ana": 50, "cai": 47, "dora": 50, "bruno": 47, "eli": 50}


def test_each_ally_adjacent_to_you_is_healed_not_the_far_one_nor_you() -> None:
    tr = run_chain(on_board("Ativar Cure 5 de VIDA de cada aliado adjacente a você."))
    assert vida(tr) == {"ana": 50, "cai": 55, "dora": 50, "bruno": 50, "eli": 50}


def test_one_opponent_adjacent_to_you_is_the_only_choice_in_a_description() -> None:
    tr = run_chain(on_board("Ativar Um oponente adjacente a você perde 1 de MANA."))
    assert {h: tr.heroes[h].resources["MANA"][0] for h in ("bruno", "eli")} == {"bruno": 4, "eli": 5}


def test_selecione_offers_only_the_rival_adjacent_to_you_and_the_target_is_hit() -> None:
    text = "Ativar【 Selecione 1 Herói rival adjacente a você 】 Cause 2 de DANO ao alvo."
    tr = run_chain(on_board(text, [{"activate": "x", "choices": {"req0": "bruno"}}]))
    assert vida(tr) == {"ana": 50, "cai": 50, "dora": 50, "bruno": 48, "eli": 50}
    far = run_chain(on_board(text, [{"activate": "x", "choices": {"req0": "eli"}}]))  # a rival, but far
    assert [(e.code, e.message.split(": ", 1)[1]) for e in far.errors] == [
        ("ILLEGAL_CHOICE", "'eli' is not a legal choice (bruno)")
    ]
    assert vida(far)["eli"] == 50


def test_without_a_board_adjacente_stops_the_effect_with_its_reason() -> None:
    tr = run_chain(on_board("Ativar Cause 3 de DANO a cada Herói adjacente a você.", places=False))
    assert vida(tr) == {h: 50 for h in PLACES}  # never every hero
    cut = tr.of("truncated")[0]
    assert cut.detail["code"] == "ADJACENT_NO_CASA" and cut.detail["params"] == {"hero": "ana"}
    assert "não está em nenhuma casa" in reason_words("ADJACENT_NO_CASA", cut.detail["params"], "pt-BR")
    assert "ninguna casilla" in reason_words("ADJACENT_NO_CASA", cut.detail["params"], "es")


def test_without_a_board_selecione_adjacent_cannot_be_paid_and_says_why() -> None:
    tr = run_chain(
        on_board(
            "Ativar【 Selecione 1 Herói rival adjacente a você 】 Cause 2 de DANO ao alvo.", places=False
        )
    )
    assert [(e.detail["code"], e.detail["params"]) for e in tr.of("refused")] == [
        ("ADJACENT_NO_CASA", no_casa("Selecione 1 Herói rival adjacente a você"))
    ]
    assert vida(tr) == {h: 50 for h in PLACES}


def test_on_the_board_a_selecione_with_no_rival_next_to_you_is_still_previsao() -> None:
    text = "Ativar【 Selecione 1 Herói rival adjacente a você 】 Cause 2 de DANO ao alvo."
    tr = run_chain(on_board(text, [{"step": {"hero": "bruno", "to": [0, 3]}}, {"activate": "x"}]))
    assert [e.detail["code"] for e in tr.of("refused")] == ["PREVISAO"]


# ---------------------------------------------------------------- triggers and states ------------
HURT_REQ = "Quando um aliado adjacente a você sofrer dano"
HURT = f"Auto【 {HURT_REQ} 】 Recupere 1 de MANA."


def no_casa(requirement: str) -> dict[str, str]:
    """The params of ADJACENT_NO_CASA for a requirement read without a board (ana has no casa)."""
    return {"hero": "ana", "case": "requirement", "requirement": requirement}


def attacked(target: str) -> list[dict[str, Any]]:
    return [{"attack": {"hero": "eli", "target": target, "damage": 3}}]


@pytest.mark.parametrize(
    ("target", "fires"),
    [
        ("cai", True),  # an ally next to ana
        ("dora", False),  # an ally, far
        ("bruno", False),  # next to ana, but a rival
        ("ana", False),  # ana herself: not an ally of hers
    ],
)
def test_quando_an_ally_adjacent_to_you_is_hit_fires_only_for_the_ally_next_to_you(
    target: str, fires: bool
) -> None:
    tr = run_chain(on_board(HURT, attacked(target)))
    assert ("x" in tr.resolution_order) is fires
    assert tr.heroes["ana"].resources["MANA"][0] == (6 if fires else 5)
    assert tr.heroes[target].resources["VIDA"][0] == 47


def test_the_trigger_reads_the_casas_when_the_event_happens() -> None:
    moved = [{"step": {"hero": "dora", "to": [2, 2]}}, *attacked("dora")]  # dora comes next to ana
    tr = run_chain(on_board(HURT, moved))
    assert "x" in tr.resolution_order and tr.heroes["ana"].resources["MANA"][0] == 6
    gone = [{"step": {"hero": "cai", "to": [3, 1]}}, *attacked("cai")]  # cai walks away first
    tr = run_chain(on_board(HURT, gone))
    assert "x" not in tr.resolution_order and tr.heroes["ana"].resources["MANA"][0] == 5


def test_without_a_board_the_trigger_does_not_fire_and_says_why() -> None:
    tr = run_chain(on_board(HURT, attacked("cai"), places=False))
    assert "x" not in tr.resolution_order and tr.heroes["ana"].resources["MANA"][0] == 5
    assert [(e.card, e.detail["code"], e.detail["params"]) for e in tr.of("refused")] == [
        ("x", "ADJACENT_NO_CASA", no_casa(HURT_REQ))
    ]
    far = run_chain(on_board(HURT, attacked("bruno"), places=False))  # not an ally: not its moment
    assert far.of("refused") == []


def test_an_ativar_answer_without_a_board_is_refused_with_the_same_reason() -> None:
    text = "Ativar【 Quando um Herói adjacente sofrer dano 】 Recupere 1 de MANA."
    answer = [{"window": "post@0", "respond": {"card": "x"}}]
    tr = run_chain(on_board(text, attacked("cai"), decisions=answer))
    assert tr.resolution_order == ("attack", "x")
    bare = run_chain(on_board(text, attacked("cai"), places=False, decisions=answer))
    assert bare.resolution_order == ("attack",)
    assert [(e.detail["code"], e.detail["params"]) for e in bare.of("refused")] == [
        ("ADJACENT_NO_CASA", no_casa("Quando um Herói adjacente sofrer dano"))
    ]


STILL = "Ativar【 Enquanto houver um inimigo adjacente a você 】 Cure 5 de VIDA."
MOVE = card("m", "ana", "Ativar Mova-se para uma casa adjacente.")


@pytest.mark.parametrize(
    ("to", "holds"),
    [
        ("2,0", True),  # eli [3,0] is next to ana there
        ("0,0", False),  # bruno [1,2] and eli [3,0] are both two casas away
        ("0,1", True),  # bruno [1,2] is next to ana there
    ],
)
def test_a_state_with_adjacente_is_true_or_false_as_you_move(to: str, holds: bool) -> None:
    heroes = []
    for i, hid in enumerate(PLACES):
        zones = {"MESA": ["x", "m"]} if hid == "ana" else {}
        heroes.append({**hero(hid, TEAMS[hid], 9 - i, **zones), "casa": PLACES[hid]})
    sc = scenario(
        heroes,
        [card("x", "ana", STILL), MOVE],
        [{"activate": "m", "choices": {"body0": to}}, {"activate": "x"}],
        turn={"hero": "ana"},
        board=[4, 4],
    )
    tr = run_chain(sc)
    assert tr.heroes["ana"].casa == [int(v) for v in to.split(",")]
    assert ("x" in tr.resolution_order) is holds
    assert tr.heroes["ana"].resources["VIDA"][0] == (55 if holds else 50)
    if not holds:
        assert [e.detail["code"] for e in tr.of("refused") if e.card == "x"] == ["PREVISAO"]


def test_without_a_board_a_state_with_adjacente_is_refused_with_its_reason() -> None:
    tr = run_chain(on_board(STILL, places=False))
    assert [(e.detail["code"], e.detail["params"]) for e in tr.of("refused")] == [
        ("ADJACENT_NO_CASA", no_casa("Enquanto houver um inimigo adjacente a você"))
    ]
    assert tr.heroes["ana"].resources["VIDA"][0] == 50


def test_se_in_a_description_with_adjacente_reads_the_casas_and_stops_without_a_board() -> None:
    text = "Ativar Se um aliado adjacente a você tiver 4 ou mais de ESTAMINA, compre 1 carta."
    tr = run_chain(on_board(text))
    assert "d1" in tr.heroes["ana"].zones["INVENTÁRIO"]  # cai, next to ana, has 4
    bare = run_chain(on_board(text, places=False))
    assert "d1" not in bare.heroes["ana"].zones["INVENTÁRIO"]
    assert bare.of("truncated")[0].detail["code"] == "ADJACENT_NO_CASA"


# ---------------------------------------------------------------- wording ------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Cause 2 de DANO a cada Herói adjacente a você",
            {
                "en": "deal 2 DANO to every hero adjacent to you",
                "pt-BR": "causa 2 de DANO a cada herói adjacente a você",
                "es": "causa 2 de DANO a cada héroe adyacente a ti",
            },
        ),
        (
            "Selecione 2 aliados adjacentes ao alvo",
            {
                "en": "select 2 allies adjacent to the target",
                "pt-BR": "seleciona 2 aliados adjacentes ao alvo",
                "es": "selecciona 2 aliados adyacentes al objetivo",
            },
        ),
        (
            "Um oponente adjacente a você perde 1 de MANA",
            {
                "en": "an opponent adjacent to you loses 1 MANA",
                "pt-BR": "um oponente adjacente a você perde 1 de MANA",
                "es": "un oponente adyacente a ti pierde 1 de MANA",
            },
        ),
    ],
)
def test_adjacente_is_worded_in_three_languages(text: str, words: dict[str, str]) -> None:
    (st,), _ = lang.parse_description(text)
    assert {lang_: statement_text(st.to_dict(), lang_) for lang_ in words} == words


# ---------------------------------------------------------------- "depois" -----------------------
@pytest.mark.parametrize(
    ("text", "ops"),
    [
        ("Cure 2 de VIDA de você; depois, compre 1 carta", ["heal", "draw"]),
        ("Compre 1 carta, depois, descarte 1 carta", ["draw", "discard"]),
        ("Compre 1 carta e depois descarte 1 carta", ["draw", "discard"]),
        ("Compre 1 carta, e depois, role 2 dados", ["draw", "roll"]),
        ("Compre 1 carta; depois compre 1 carta", ["draw", "draw"]),
        ("Cure 5 de VIDA. Depois, role os dados", ["heal", "roll"]),
    ],
)
def test_depois_in_a_sentence_joins_two_clauses_in_order(text: str, ops: list[str]) -> None:
    sts, _ = lang.parse_description(text)
    assert [st.op for st in sts] == ops


def test_depois_de_is_a_moment_not_a_join() -> None:
    assert lang.split_clauses("Compre 1 carta depois de rolar os dados") == [
        "Compre 1 carta depois de rolar os dados"
    ]


def test_depois_runs_the_clauses_in_the_order_written() -> None:
    tr = run_chain(on_board("Ativar Cure 2 de VIDA de você; depois, compre 1 carta."))
    assert tr.heroes["ana"].resources["VIDA"][0] == 52 and "d1" in tr.heroes["ana"].zones["INVENTÁRIO"]
    kinds = [e for e in tr.of("resolve")]
    assert kinds and [st["op"] for st in kinds[0].detail["statements_data"]] == ["heal", "draw"]


# ---------------------------------------------------------------- catalogue ----------------------
def test_a_condition_checked_as_data_is_told_in_the_readers_language() -> None:
    bad = bodycheck.check_statement(
        {"op": "if", "cond": {"cond": "nope"}, "then": [{"op": "noop"}], "text": "x"}
    )
    assert bad is not None
    message = bad[1]
    assert isinstance(message, Phrase)
    assert "não é uma condição" in translator("pt-BR")(message.msgid, **message.params)
    bad = bodycheck.check_statement(
        {"op": "if", "cond": {"cond": "turn", "of": "enemy"}, "then": [{"op": "noop"}], "text": "x"}
    )
    assert bad is not None and isinstance(bad[1], Phrase)
    assert "no es self, opponent ni ally" in translator("es")(bad[1].msgid, **bad[1].params)


def test_a_passivo_gain_reaches_the_allies_adjacent_to_you_and_no_one_without_a_board() -> None:
    text = "Passivo Todos os aliados adjacentes a você recebem +1 de AGI"
    g = on_board(text).build_game()
    assert {h: M.attributes(g, h).get("AGI", 0) for h in PLACES} == {
        "ana": 0,
        "cai": 1,
        "dora": 0,
        "bruno": 0,
        "eli": 0,
    }
    bare = on_board(text, places=False).build_game()
    assert all(M.attributes(bare, h).get("AGI", 0) == 0 for h in PLACES)


@pytest.mark.parametrize(
    ("lang_", "words"),
    [
        (
            "en",
            "'Quando um aliado adjacente a você sofrer dano' cannot be checked: 'adjacente' needs the casas, "
            "and ana stands on no casa (this scenario gives the heroes no places on the board)",
        ),
        (
            "pt-BR",
            "'Quando um aliado adjacente a você sofrer dano' não pode ser verificado: 'adjacente' precisa "
            "das casas, e ana não está em nenhuma casa (este cenário não dá aos heróis lugares no tabuleiro)",
        ),
        (
            "es",
            "'Quando um aliado adjacente a você sofrer dano' no se puede comprobar: 'adjacente' necesita las "
            "casillas, y ana no está en ninguna casilla (este escenario no da a los héroes lugares en el "
            "tablero)",
        ),
    ],
)
def test_a_requirement_with_adjacente_and_no_board_is_told_in_three_languages(lang_: str, words: str) -> None:
    assert reason_words("ADJACENT_NO_CASA", no_casa(HURT_REQ), lang_) == words
