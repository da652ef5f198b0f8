"""A few hundred examples of ``tools/fuzz.py``: no crash, no hang, no difference.

The full-size run (100,000 MTG and 50,000 Apoteose examples) is ``python tools/fuzz.py``; its
figures are in the README. Here a small, fixed slice runs on every test run.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulekit_fuzz", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


FUZZ = _fuzz()

#: Seconds before a case counts as a hang here: more than the command's 5 s, as a machine shared by
#: many test runs can make a case take several times its usual (at most about 1 s); a hang never ends.
SLOW = 20.0


def test_cases_are_deterministic() -> None:
    gen_a, gen_b = FUZZ._Gen(), FUZZ._Gen()
    for game in ("mtg", "apoteose"):
        for i in range(20):
            assert gen_a.case(7, game, i).data == gen_b.case(7, game, i).data
    kinds = {gen_a.case(7, "mtg", i).kind.split("+")[0] for i in range(200)}
    assert {"valid", "delete", "wrong_type", "hostile", "bytes"} <= kinds


def test_mtg_fuzz_slice_has_no_crash_hang_or_difference() -> None:
    figures, digests = FUZZ.run_all(seed=11, n_mtg=200, n_apo=0, timeout=SLOW, repeat=True, check_every=2)
    assert figures.examples["mtg"] == 200
    assert figures.accepted["mtg"] >= 50  # the valid part really runs the engine
    assert figures.crashes == []
    assert figures.hangs == []
    assert figures.differences == []
    assert len(digests) == 100


def test_apoteose_fuzz_slice_has_no_crash_hang_or_difference() -> None:
    figures, _ = FUZZ.run_all(seed=11, n_mtg=0, n_apo=100, timeout=SLOW, repeat=True, check_every=3)
    assert figures.examples["apoteose"] == 100
    assert figures.crashes == []
    assert figures.hangs == []
    assert figures.differences == []


def test_another_hash_seed_gives_the_same_outcomes() -> None:
    _, ours = FUZZ.run_all(seed=12, n_mtg=40, n_apo=10, timeout=SLOW, repeat=False, check_every=2)
    env = dict(os.environ, PYTHONHASHSEED="4242", PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "fuzz.py"),
            "--seed",
            "12",
            "--mtg",
            "40",
            "--apoteose",
            "10",
            "--check-every",
            "2",
            "--no-repeat",
            "--no-hashseed",
            "--digests",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    import json

    theirs = json.loads(run.stdout.splitlines()[-1])
    assert theirs["digests"] == ours
    assert theirs["no_outcome"] == {}


def test_the_command_prints_figures_and_json() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "fuzz.py"),
            "--mtg",
            "20",
            "--apoteose",
            "0",
            "--json",
            "--no-hashseed",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    import json

    data = json.loads(run.stdout)
    assert data["examples"] == {"mtg": 20, "apoteose": 0}
    assert {"crashes", "hangs", "differences", "examples_per_second"} <= set(data)
    assert run.returncode == (1 if data["crashes"] or data["hangs"] or data["differences"] else 0)


def test_generated_cases_reach_every_newer_language_feature() -> None:
    """The random boards and files use copy exceptions, durations, ability selectors,
    expressions, counters of every P/T kind, flicker, attachments; Apoteose card actions,
    COMPANHEIRO, attempts, conditional statements and state conditions."""
    gen = FUZZ._Gen()
    for game, n in (("mtg", 300), ("apoteose", 150)):
        seen: set[str] = set()
        for i in range(n):
            seen |= gen.case(7, game, i).features
        assert set(FUZZ.FEATURES[game]) - seen == set(), game


def test_features_are_read_from_the_document() -> None:
    doc = {
        "objects": [
            {"id": "a", "abilities": [{"static": {"copy": "@b", "except": {"name": "N", "power": 7}}}]}
        ],
        "events": [
            {"leave": {"object": "a", "to": "exile"}},
            {"enter": "a"},
            {"counters": {"object": "a", "kind": "-0/-1", "add": 1}},
            {"resolve": {"effect": {"affects": "creatures with flying", "duration": "until end of combat"}}},
        ],
    }
    assert FUZZ.features("mtg", doc) == {
        "copy",
        "copy except name",
        "copy except power/toughness",
        "flicker (400.7)",
        "counters event",
        "counters of a P/T kind other than +1/+1",
        "selector with keyword",
        "duration until end of combat",
    }
    apo = {
        "cards": [{"id": "lobo", "types": ["COMPANHEIRO"], "vida": [3, 10]}],
        "script": [{"put": {"card": "x"}}, {"battle_start": True}],
        "decisions": [{"window": "resolving@0", "respond": {"card": "x"}}],
        "turn": {"order": ["ana", "lobo"]},
    }
    assert FUZZ.features("apoteose", apo) == {
        "COMPANHEIRO",
        "COMPANHEIRO with VIDA",
        "COMPANHEIRO in the turn order",
        "put",
        "battle",
        "attempt while resolving",
    }


def test_outputs_are_checked_for_raw_characters_and_live_markup() -> None:
    assert FUZZ.check_shown("Ann ␛[2J \\u202e", "text") == "Ann ␛[2J \\u202e"
    assert FUZZ.check_shown("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>", "html", html=True)
    for text, html in (
        ("Ann\x1b[2J", False),
        ("bidi\u202eevil", False),
        ("<td><script>x</script></td>", True),
        ('<td title="" onmouseover="x">', True),
        ("<!--><img src=x>", True),
    ):
        try:
            FUZZ.check_shown(text, "out", html=html)
        except FUZZ.Unclean:
            continue
        raise AssertionError(f"{text!r} passed")


def test_a_board_with_hostile_names_is_shown_clean_in_every_output(tmp_path: Path) -> None:
    doc = (
        "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"
        '  - {id: a, name: "<script>alert(1)</script>\\e[2J", types: [Creature], power: 1, toughness: 1,'
        ' controller: Ann, abilities: ["<img src=x onerror=alert(1)>", {text: "x\\u202ey", static:'
        " {affects: creatures with flying, modify_pt: {power: 1}}}]}\n"
    )
    for index in range(3):  # the three languages
        out = FUZZ.run_case(FUZZ.Case("mtg", index, "valid", doc.encode()), tmp_path)
        assert out.startswith("ok ") and "&lt;script&gt;" in out and "␛[2J" in out
    bad = FUZZ.run_case(
        FUZZ.Case("mtg", 0, "x", b"game: mtg\nplayers: [Ann]\nobjects: [{id: a}]\n"), tmp_path
    )
    assert bad.startswith("error fuzz.yaml:3")


def test_targeted_mutations_take_cards_without_effects() -> None:
    """A COMPANHEIRO may have no ``effects`` (the generator makes some); every Apoteose mutation
    still applies to such a document (a KeyError once stopped a 4,500-case run)."""
    import random

    gen = FUZZ._Gen()
    data = FUZZ.apoteose_valid(random.Random(3), gen.texts)
    for card in data["cards"]:
        card.pop("effects", None)
    names = {FUZZ.apoteose_targeted(random.Random(i), data)[0] for i in range(80)}
    assert "structured_body" in names


def test_dump_writes_a_statement_with_phrases_as_plain_text():
    """An unreadable clause's ``to_dict`` keeps its Phrases (str subclasses, translated in warnings);
    the fuzzer's YAML writes them as text (tools/chain_traces.py record failed on one)."""
    import yaml

    from rulekit.apoteose.text import parse_effect
    from rulekit.phrase import Phrase

    eff = parse_effect("Ativar【 Consuma 1 de MANA 】 Cure 5 de VIDA do Herói.")
    body = [st.to_dict() for st in eff.body]
    assert any(isinstance(d.get("reason"), Phrase) for d in body)
    assert yaml.safe_load(FUZZ.dump({"body": body})) == {"body": body}


def test_a_run_stopped_early_compares_the_very_cases_it_ran(monkeypatch, capsys, tmp_path: Path) -> None:
    """The other-seed subprocess is given this run's checked inputs, not their numbers: here this run
    reads a shorter corpus than the subprocess would (as when the corpus grows while a long run runs);
    a run stopped early by ``--max-seconds`` reports no difference, and every checked case compared."""
    import json

    texts = FUZZ._apoteose_texts()
    FUZZ.run_case(FUZZ._Gen().case(1206, "apoteose", 0), tmp_path, render=False)  # imports, not timed
    monkeypatch.setattr(FUZZ, "_apoteose_texts", lambda: texts[: len(texts) // 2])
    argv = ["--seed", "1206", "--mtg", "0", "--apoteose", "100000", "--max-seconds", "3"]
    argv += ["--timeout", str(SLOW), "--no-repeat", "--other-hashseed", "4242", "--json"]
    FUZZ.main(argv)
    result = json.loads(capsys.readouterr().out)
    assert result["stopped_early"] is True
    assert 0 < result["examples"]["apoteose"] < 100000
    assert result["checked_for_differences"] > 0
    assert result["first_differences"] == []
    assert (result["differences"], result["not_compared"]) == (0, 0)


def test_the_other_run_is_compared_only_on_the_same_input() -> None:
    figures = FUZZ.Figures()
    figures.inputs = {"apoteose:0": "i0", "apoteose:1": "i1", "apoteose:2": "i2", "apoteose:3": "i3"}
    ours = {name: "out" for name in figures.inputs}
    theirs = {
        "digests": {"apoteose:0": "out", "apoteose:1": "other", "apoteose:3": "out"},
        "inputs": {"apoteose:0": "i0", "apoteose:1": "i1", "apoteose:2": "i2", "apoteose:3": "changed"},
        "no_outcome": {"apoteose:2": "hang"},
    }
    FUZZ.compare_other(figures, ours, theirs, "PYTHONHASHSEED 1 and 2")
    assert [d["case"] for d in figures.differences] == ["apoteose:1"]
    assert [h["case"] for h in figures.hangs] == ["apoteose:2"]
    assert figures.not_compared == ["apoteose:3"]
    other = FUZZ.Figures()
    other.inputs = dict(figures.inputs)
    FUZZ.compare_other(other, ours, {**theirs, "sources": "before"}, "x", sources="after")
    assert other.sources_changed and other.differences == [] and len(other.not_compared) == 4


def test_the_source_digest_follows_every_file_under_test(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "data" / "corpus.yaml").write_text("- a\n")
    first = FUZZ.source_digest(tmp_path)
    assert FUZZ.source_digest(tmp_path) == first
    (tmp_path / "data" / "corpus.yaml").write_text("- a\n- b\n")
    assert FUZZ.source_digest(tmp_path) != first
