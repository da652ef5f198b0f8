"""Lesson 05's self-checks ask before the answer is on screen: in every language, each
``PredictionCheck`` on a chain comes before the first cell that runs or shows that chain (its resolution order
printed, its log table, its explorer), and the rules a wrong answer cites name the lesson's own passages,
never the seed the learner does not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulekit.i18n import translator
from rulekit.widgets.prediction import CHAIN_RULES

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {
    "en": ROOT / "tools/lesson_src/05-apoteose-chain.md",
    "pt-BR": ROOT / "tools/lesson_src/pt-BR/05-apoteose-chain.md",
    "es": ROOT / "tools/lesson_src/es/05-apoteose-chain.md",
}
SHOWS = re.compile(r'(?:load_scenario|ChainExplorer)\(\s*"(apoteose/[a-z-]+)"')
ASKS = re.compile(r'PredictionCheck\(\s*"(apoteose/[a-z-]+)"')


@pytest.mark.parametrize("lang", sorted(SOURCES))
def test_each_check_is_asked_before_its_chain_is_shown(lang: str) -> None:
    text = SOURCES[lang].read_text(encoding="utf-8")
    asked = {m.group(1): m.start() for m in ASKS.finditer(text)}
    assert set(asked) == {
        "apoteose/nested-responses",
        "apoteose/priority-seven",
        "apoteose/evocacao-refused",
        "apoteose/stopped",
    }
    for m in SHOWS.finditer(text):
        if m.group(1) in asked:
            assert asked[m.group(1)] < m.start(), f"{lang}: {m.group(1)} is shown before its check asks"


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_the_rules_a_wrong_answer_cites_are_the_lessons_passages(lang: str) -> None:
    t = translator(lang)
    lesson = {"en": "lesson 05, section", "pt-BR": "lição 05, seção", "es": "lección 05, sección"}[lang]
    for key, msgid in CHAIN_RULES.items():
        words = t(msgid, categories="…")
        assert "003" not in words and "seed" not in words.lower(), (lang, key, words)
        if key != "REFUSED":
            assert lesson in words, (lang, key, words)
