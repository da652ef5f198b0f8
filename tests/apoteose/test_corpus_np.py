"""Card texts written as players write them, each read by the noun-phrase grammar, run on the
board of ``test_corpus.py`` and checked against what seed 003 says the effect does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from test_corpus import board

from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.text import parse_effect

CORPUS: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "corpus_np.yaml").read_text(encoding="utf-8")
)


def where(trace: Any, cid: str) -> str | None:
    """The zone a card ends in (a hero's or a shared one)."""
    for h in trace.heroes.values():
        for zone, ids in h.zones.items():
            if cid in ids:
                return str(zone)
    return next((str(z) for z, ids in trace.shared_zones.items() if cid in ids), None)


def test_the_corpus_has_120_texts_none_repeated() -> None:
    texts = [e["text"] for e in CORPUS]
    assert len(texts) >= 120 and len(set(texts)) == len(texts)


@pytest.mark.parametrize("entry", CORPUS, ids=[e["id"] for e in CORPUS])
def test_np_corpus_card_reads_and_runs(entry: dict[str, Any]) -> None:
    effect = parse_effect(entry["text"])
    assert [s.op for s in effect.body] == entry["ops"], [w.message for w in effect.warnings]
    trace = run_chain(board(entry))
    refused = [e.detail["code"] for e in trace.of("refused") if e.card == "x"]
    if entry.get("unreadable"):
        assert not effect.supported()
        assert "UNREADABLE" in refused
        return
    assert effect.supported(), [w.message for w in effect.warnings]
    if "refused" in entry:
        assert entry["refused"] in refused
        assert "x" not in trace.resolution_order
    if entry.get("resolves") is True:
        assert "x" in trace.resolution_order, refused
    if entry.get("resolves") is False:
        assert "x" not in trace.resolution_order
    if entry.get("attempt"):  # what became of Bruno's attempt to answer at that point
        tried = [e.detail["code"] for e in trace.of("refused") if e.card == "r1"]
        want = entry["attempt_refused"]
        assert tried == ([want] if want else []), tried
        assert ("r1" in trace.resolution_order) is (not want)
    for key, want in (entry.get("check") or {}).items():
        if key.endswith(" casa"):  # where the hero ends on the board
            assert trace.heroes[key.split()[0]].casa == want, key
        elif " " in key:
            hero, res = key.split()
            assert trace.heroes[hero].resources[res][0] == want, key
        else:
            assert where(trace, key) == want, key
