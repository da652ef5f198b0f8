"""An unreadable trigger or requirement refuses *that* card, when it is used, with the loader's
own located reason; the board still loads and its other cards run (LANGUAGE.md §3 "Refused only when used").

Boards mix a good card with unreadable ones: a requirement whose first word starts no known kind, a Quando the
reader does not understand (an Ativar response and an Auto), a state, and a description with two readings."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import yaml
from helpers import card, hero, scenario

from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.text import EffectTextError, parse_effect
from rulekit.apoteose.wording import reason_words
from rulekit.cli import main

GOOD = "Ativar【 Consuma 1 de ESTAMINA 】 Cure 5 de VIDA."
UNKNOWN_REQ = "Ativar【 Gargalhe alto 】 Cure 5 de VIDA."
AUTO_BAD_QUANDO = "Auto【 Quando um dragão voar 】 Cure 5 de VIDA."
ATIVAR_BAD_QUANDO = "Ativar【 Quando um unicórnio cantar 】 Cure 1 de VIDA."
BAD_STATE = "Ativar【 Enquanto a lua brilhar 】 Cure 5 de VIDA."
TWO_READINGS = "Ativar【 Selecione 1 aliado; Selecione 1 oponente 】 Cure 5 de VIDA do alvo."


def board(script: list[dict], decisions: list[dict] | None = None) -> dict:
    ana = hero("ana", "azul", 5, MESA=["boa", "ruim", "ruim2", "ruim3", "dupla"], BARALHO=["d1"])
    bruno = hero("bruno", "vermelho", 3, MESA=["resp", "resp2"])
    carla = hero("carla", "azul", 4)
    cards = [
        card("boa", "ana", GOOD),
        card("ruim", "ana", UNKNOWN_REQ),
        card("ruim2", "ana", AUTO_BAD_QUANDO),
        card("ruim3", "ana", BAD_STATE),
        card("dupla", "ana", TWO_READINGS),
        card("resp", "bruno", ATIVAR_BAD_QUANDO),
        card("resp2", "bruno", "Ativar【 Quando uma carta for ativada 】 Cure 1 de VIDA."),
        card("d1", "ana"),
    ]
    return {
        "game": "apoteose",
        "heroes": [ana, bruno, carla],
        "cards": cards,
        "turn": {"hero": "ana"},
        "script": script,
        "decisions": decisions or [],
    }


def load(data: dict):
    return scenario(data["heroes"], data["cards"], data["script"], data["decisions"], turn=data["turn"])


def refusals(trace) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for e in trace.of("refused"):
        out.setdefault(e.card, []).append(e.detail)
    return out


def test_the_parser_alone_still_refuses_an_unknown_requirement_with_its_code() -> None:
    with pytest.raises(EffectTextError) as exc:
        parse_effect(UNKNOWN_REQ)
    assert exc.value.code == "UNKNOWN_REQUIREMENT" and exc.value.position == 8


def test_the_loaders_reading_keeps_an_unknown_requirement_as_an_unreadable_one() -> None:
    e = parse_effect(UNKNOWN_REQ, strict=False)
    [r] = e.requirements
    assert (r.kind, r.text, r.position) == ("unknown", "Gargalhe alto", 8)
    assert not e.supported()
    [w] = e.warnings
    assert w.code == "UNSUPPORTED_TEXT" and "'Gargalhe' does not start" in w.message and w.position == 8
    near = parse_effect("Ativar【 Consumaa 1 de MANA 】 Cure 5 de VIDA.", strict=False)
    assert "did you mean 'Consuma'" in near.warnings[0].message


def test_a_board_with_unreadable_cards_loads_and_its_good_card_runs() -> None:
    sc = load(board([{"activate": "boa"}]))
    warned = sorted(w.split("#")[0] for w in sc.warnings if "UNSUPPORTED_TEXT" in w)
    assert warned == ["dupla", "resp", "ruim", "ruim2", "ruim3"]
    t = run_chain(sc)
    assert t.heroes["ana"].resources["VIDA"] == [55, 100]
    assert [e.card for e in t.of("resolve")] == ["boa"]


def test_an_ativar_whose_quando_cannot_be_read_is_refused_as_unreadable_not_as_unmet() -> None:
    t = run_chain(load(board([{"activate": "boa"}], [{"window": "halt@0", "respond": {"card": "resp"}}])))
    [r] = refusals(t)["resp"]
    assert r["code"] == "UNREADABLE" and r["code"] != "NO_TRIGGER"
    p = r["params"]
    assert p["case"] == "requirement" and p["requirement"] == "Quando um unicórnio cantar"
    assert "Quando um unicórnio cantar" in p["problem"]  # the loader's own reason, carried into the run
    words = reason_words(r["code"], p)
    assert "not met by anything" not in words and "cannot be read" in words


def test_an_auto_whose_trigger_cannot_be_read_is_refused_once_naming_why() -> None:
    t = run_chain(load(board([{"activate": "boa"}, {"activate": "boa"}])))
    rs = refusals(t)["ruim2"]
    assert len(rs) == 1, rs  # not once per event: it cannot be told when its moment comes
    assert rs[0]["code"] == "UNREADABLE" and rs[0]["params"]["requirement"] == "Quando um dragão voar"
    assert t.heroes["ana"].resources["VIDA"] == [60, 100]  # the good card ran twice; ruim2 never


@pytest.mark.parametrize(
    ("cid", "case", "in_problem"),
    [
        ("ruim", "requirement", "'Gargalhe' does not start a cost, action, state or condition"),
        ("ruim3", None, "Enquanto a lua brilhar"),
        (
            "dupla",
            None,
            "has two readings: what 'Selecione 1 aliado' chose or what 'Selecione 1 oponente' chose",
        ),
    ],
)
def test_an_unreadable_card_used_is_refused_with_the_loaders_located_reason(cid, case, in_problem) -> None:
    t = run_chain(load(board([{"activate": cid}, {"activate": "boa"}])))
    [r] = refusals(t)[cid]
    assert r["code"] == "UNREADABLE" and r["params"].get("case") == case
    assert in_problem in r["params"]["problem"]
    assert in_problem in reason_words("UNREADABLE", r["params"])
    assert [e.card for e in t.of("resolve")] == ["boa"]  # the next card still runs


@pytest.mark.parametrize(
    ("lang", "warn", "refused", "never"),
    [
        ("en", "warning:", "never runs: what it answers cannot be read", "is not met"),
        ("pt-BR", "aviso:", "nunca é executado: não dá para ler a que ele responde", "is not met"),
        ("es", "aviso:", "nunca se ejecuta: no se puede leer a qué responde", "is not met"),
    ],
)
def test_rulekit_chain_runs_a_board_with_unreadable_cards(tmp_path: Path, lang, warn, refused, never) -> None:
    data = board(
        [{"activate": "boa"}, {"activate": "ruim"}], [{"window": "halt@0", "respond": {"card": "resp"}}]
    )
    path = tmp_path / "mixed.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["chain", str(path), "--lang", lang])
    assert code == 0, err.getvalue()
    assert err.getvalue().count(warn) == 5 and "mixed.yaml:" in err.getvalue()
    text = out.getvalue()
    assert refused in text and never not in text and "Traceback" not in text
    if lang != "en":  # the loader's reason is in the reader's language too, not English
        assert "does not start a cost" not in text and "is outside the runnable vocabulary" not in text
    assert "Gargalhe" in text


def test_parse_effect_still_exits_2_on_an_unknown_requirement() -> None:
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        assert main(["parse-effect", UNKNOWN_REQ]) == 2
    assert "UNKNOWN_REQUIREMENT" in err.getvalue() and "Traceback" not in err.getvalue()
