"""The interactive driver (ChainSession), the CLI, and property tests."""

from __future__ import annotations

import json

from helpers import card, hero, scenario
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit.apoteose import ChainSession, load_scenario, run_chain
from rulekit.cli import main
from rulekit.errors import RulekitError


def test_session_windows_spotlight_undo_reset():
    """Seed «Encadeamento»: the session exposes the window (spotlight, stage, what it answers), legal and
    refused responses; undo/reset replay deterministically."""
    s = ChainSession("apoteose/nested-responses")
    w = s.window()
    assert w["spotlight"] == 0 and w["stage"] == "halt" and "activate@0" in w["answers"]
    ids = [o.id for o in s.legal]
    assert ids[0] == "pass" and "bruno:raio#0>activate@0" in ids
    assert all(r.reason for r in s.refused)
    s.choose("bruno:raio#0>activate@0")
    assert s.spotlight == 1 and s.point.window == "halt@1"
    s.choose("carla:bencao#0>activate@1")
    assert s.spotlight == 2
    s.undo()
    assert s.spotlight == 1 and s.point.window == "halt@1"
    s.reset()
    assert s.spotlight == 0 and s.choices == []
    t = s.finish()
    assert t.resolution_order == ("pocao",)


def test_session_rejects_illegal_choice():
    s = ChainSession("apoteose/nested-responses")
    try:
        s.choose("bruno:escudo#0>pay@0.1")
    except RulekitError as exc:
        assert exc.code == "ILLEGAL_CHOICE"
    else:  # pragma: no cover
        raise AssertionError("expected ILLEGAL_CHOICE")


def test_session_with_script_matches_run_chain():
    s = ChainSession("apoteose/nested-responses", use_script=True)
    assert s.finish().to_json() == run_chain("apoteose/nested-responses").to_json()


def test_cli_parse_effect_error_exit_2(capsys):
    """Parse-effect prints the error with its code and position, exit status 2."""
    assert main(["parse-effect", "Ativar · Auto【 Role 】"]) == 2
    err = capsys.readouterr().err
    assert "TWO_ACTIVATION_KEYWORDS" in err and "position 9" in err


def test_cli_parse_effect_json(capsys):
    assert main(["parse-effect", "Ativar【 Descarte uma carta 】 Cure 2 de VIDA", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["requirements"][0]["kind"] == "cost" and data["body"][0]["op"] == "heal"


def test_cli_chain_json_contract(capsys):
    """`rulekit chain SCENARIO --json` has exactly the contract's keys."""
    assert main(["chain", "apoteose/truncated", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["events", "resolution_order", "heroes", "errors"]
    assert data["resolution_order"] == ["dreno", "rito"]


def test_cli_chain_unknown_scenario(capsys):
    assert main(["chain", "apoteose/seed-activaton"]) == 2
    assert "apoteose/seed-activation" in capsys.readouterr().err


def test_cli_chain_text(capsys):
    assert main(["chain", "apoteose/stopped"]) == 0
    assert "stopped" in capsys.readouterr().out


POOL = [
    "Ativar【 Quando um oponente ativar uma carta 】 Cause 2 de DANO ao herói que ativou essa carta.",
    "Ativar【 Quando uma carta for ativada; Consuma 1 de MANA 】 Negue a ativação dessa carta.",
    "Auto【 Quando VIDA for ser curado 】 Reduza essa cura em 3.",
    "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA e Recupere 2 de MANA.",
    "Ativar · Irrespondível Cure 5 de VIDA.",
    "Auto · Uma Vez por Ciclo【 Quando um oponente for curado 】 Compre 1 carta.",
    "Ativar【 Selecione um oponente 】 O alvo perde 1 de MANA.",
    "Ativar Escolha um: ● Cure 1 de VIDA ● Recupere 1 de ESTAMINA",
    "Ativar【 Quando um aliado ativar uma carta 】 Recupere 1 de MANA.",
    "Auto【 Quando uma carta for descartada 】 Cause 1 de DANO a um oponente.",
]


@settings(
    max_examples=int(__import__("os").environ.get("APO_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.lists(st.sampled_from(range(len(POOL))), min_size=1, max_size=5),
    st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=5),
    st.lists(st.integers(0, 5), max_size=12),
    st.lists(st.sampled_from(["activate", "end_turn", "battle_start", "battle_end"]), min_size=1, max_size=5),
)
def test_random_chain_scripts_never_crash(effects, owners, picks, actions):
    """A random chain script never crashes (only RulekitError), and is deterministic."""
    heroes = [
        hero("a", "azul", 5, INVENTARIO=[]),
        hero("b", "vermelho", 3, INVENTARIO=[]),
        hero("c", "azul", 4, INVENTARIO=[]),
    ]
    cards = []
    for i, (e, o) in enumerate(zip(effects, owners * 5, strict=False)):
        cid = f"k{i}"
        cards.append(card(cid, o, POOL[e]))
        heroes["abc".index(o)]["zones"]["INVENTÁRIO"].append(cid)
    cards.append(card("f1", "a"))
    heroes[0]["zones"]["INVENTÁRIO"].append("f1")
    script = []
    for j, act in enumerate(actions):
        script.append({"activate": cards[j % (len(cards) - 1)]["id"]} if act == "activate" else {act: True})
    try:
        sc = scenario(heroes, cards, script, turn={"order": ["a", "c", "b"], "hero": "a"})
        s = ChainSession(sc)
        for p in picks:
            if s.done:
                break
            s.choose(s.legal[p % len(s.legal)])
        t1 = s.finish()
        again = ChainSession(sc)
        for c in s.choices:
            again.choose(c)
        assert again.finish().to_json() == t1.to_json()
    except RulekitError:
        pass


def test_builtin_scenarios_load_with_located_errors_for_bad_yaml(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("game: apoteose\nheroes:\n  - id: a\n    team: x\n    iniciativa: 1\n    resorces: {}\n")
    try:
        load_scenario(p)
    except RulekitError as exc:
        assert exc.line == 6 and exc.code == "UNKNOWN_KEY" and exc.suggestion == "resources"
    else:  # pragma: no cover
        raise AssertionError
