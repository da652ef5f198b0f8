"""Typed statements — one frozen dataclass per kind, one schema read from their fields."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from rulekit.apoteose import statements as S
from rulekit.apoteose.bodycheck import STATEMENT_FIELDS, check_statement
from rulekit.apoteose.text import parse_effect

CORPUS = yaml.safe_load((Path(__file__).parent / "corpus.yaml").read_text(encoding="utf-8"))
DOC = (Path(S.__file__).parent / "LANGUAGE.md").read_text(encoding="utf-8")


def test_language_md_shows_the_schema_the_dataclasses_give() -> None:
    table = DOC.split("<!-- schema:begin", 1)[1].split("-->", 1)[1].split("<!-- schema:end -->")[0].strip()
    assert table == S.schema_markdown()


def test_the_body_schema_is_the_dataclass_fields() -> None:
    assert STATEMENT_FIELDS is S.SCHEMA
    heal = {f.name for f in dataclasses.fields(S.Heal)}
    assert {k.rstrip("?") for k in S.SCHEMA["heal"]} == heal - {"until"}


def test_statements_are_frozen() -> None:
    st = S.Heal(amount=1, resource="VIDA")
    with pytest.raises(dataclasses.FrozenInstanceError):
        st.amount = 2  # type: ignore[misc]


@pytest.mark.parametrize("text", [e["text"] for e in CORPUS])
def test_the_reader_gives_typed_statements_whose_plain_data_checks_and_reads_back(text: str) -> None:
    for st in parse_effect(text).body:
        assert isinstance(st, S.Statement) and type(st) is S.BY_OP[st.op]
        d = st.to_dict()
        assert check_statement(d) is None, d
        assert S.from_dict(d) == st


def test_previsao_runs_the_same_handler_on_a_preview_world_that_records_nothing() -> None:
    from helpers import card, hero, scenario

    from rulekit.apoteose.chain import Ctx, Engine
    from rulekit.apoteose.handlers import PreviewWorld

    sc = scenario(
        [hero("ana", "azul", 5, BARALHO=["d1", "d2"]), hero("bruno", "vermelho", 3)],
        [card("d1", "ana"), card("d2", "ana")],
        [],
    )
    engine = Engine(sc)
    preview = PreviewWorld(engine.g.clone())
    ctx = Ctx("ana", None, None, [])
    draw = S.Draw(count=1)
    assert engine.apply(preview, ctx, draw, None, None) == []  # no event recorded
    assert preview.g.heroes["ana"].zones["INVENTÁRIO"] == ["d1"]
    assert engine.g.heroes["ana"].zones["BARALHO"] == ["d1", "d2"]
    evs = engine.apply(engine.live, ctx, draw, None, None)
    assert [e.kind for e in evs] == ["draw"] and engine.g.heroes["ana"].zones["INVENTÁRIO"] == ["d1"]
