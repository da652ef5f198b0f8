"""Learner-facing data in three languages — a built-in Apoteose scenario gives its title and
description per language; a user's file in one language shows that one in every language."""

from __future__ import annotations

import pytest
from helpers import card, hero, scenario

from rulekit.apoteose import list_scenarios, load_scenario
from rulekit.errors import RulekitError
from rulekit.i18n import complete_languages

HEROES = [hero("ana", "azul", 5, MESA=["x"])]
CARDS = [card("x", "ana", "Ativar Cure 1 de VIDA")]


@pytest.mark.parametrize("name", list_scenarios())
def test_every_built_in_has_its_title_and_description_in_every_language(name: str) -> None:
    sc = load_scenario(name)
    assert set(sc.titles) == set(sc.descriptions) == set(complete_languages())
    texts = {lang: (sc.title_in(lang), sc.description_in(lang)) for lang in complete_languages()}
    assert len({t for t, _ in texts.values()}) == 3 and len({d for _, d in texts.values()}) == 3
    assert (sc.title, sc.description) == texts["en"]


def test_a_file_in_one_language_falls_back_to_it() -> None:
    sc = scenario(HEROES, CARDS, [{"activate": "x"}], title="Só uma cura", description="Ana se cura.")
    assert [sc.title_in(lang) for lang in complete_languages()] == ["Só uma cura"] * len(complete_languages())
    assert sc.description_in("es") == "Ana se cura."
    partly = scenario(HEROES, CARDS, [], title={"en": "A heal", "pt_br": "Uma cura"})
    assert (partly.title_in("pt-BR"), partly.title_in("es"), partly.title) == ("Uma cura", "A heal", "A heal")


def test_an_unknown_language_key_is_one_clear_line() -> None:
    with pytest.raises(RulekitError) as err:
        scenario(HEROES, CARDS, [], title={"en": "A heal", "pt-PT": "Uma cura"})
    text = str(err.value)
    assert "\n" not in text and "title" in text and "pt-PT" in text and "pt-BR" in text


def test_the_chain_explorer_shows_the_title_in_its_language() -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import ChainExplorer

    pt = ChainExplorer("apoteose/nested-responses", lang="pt-BR").title_html.value
    assert "respostas em três níveis" in pt and "three deep" not in pt
    assert "three deep" in ChainExplorer("apoteose/nested-responses").title_html.value
