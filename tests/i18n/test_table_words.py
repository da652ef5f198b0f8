"""Every word a translated table shows is in the lesson's language (values stay data)."""

from __future__ import annotations

import re

import pytest

from rulekit import mtg
from rulekit.i18n import translated_languages, translator
from rulekit.views import localized as L

SCENARIOS = ("seed/blood-moon", "classic/opalescence-then-humility", "seed/gnat-miser", "seed/witchbane-orb")
ENGLISH = re.compile(r"\b(white|blue|black|red|green|none|name|mana_value|players|rules|max_hand_size)\b")


def _words(table: L.Table) -> list[str]:
    """The table's cells without the card data: quoted ability texts, and the final table's
    ability cells split into their sides (a side may only be a translated word or card text)."""
    out = []
    for row in table.rows:
        for i, cell in enumerate(row):
            if table.name == "final" and i == 5:
                out.extend(side for side in cell.split(" → ") if side == "none")
            else:
                out.append(re.sub(r"“[^”]*”", "", cell))
    return out


@pytest.mark.parametrize("lang", translated_languages())
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_final_layer_players_tables_show_no_english_word(scenario: str, lang: str) -> None:
    trace = mtg.solve(mtg.load_scenario(scenario))
    for table in (
        L.final_table(trace, lang=lang),
        L.layer_table(trace, lang=lang),
        L.players_table(trace, lang=lang),
    ):
        for cell in _words(table):
            assert not ENGLISH.search(cell), (scenario, lang, table.name, cell)


@pytest.mark.parametrize(
    ("lang", "white", "green", "blue", "none_f", "gained_m"),
    [
        ("pt-BR", "branco", "verde", "azul", "nenhuma", "ganhos"),
        ("es", "blanco", "verde", "azul", "ninguna", "ganados"),
    ],
)
def test_colours_and_words_that_agree_with_their_noun(
    lang: str, white: str, green: str, blue: str, none_f: str, gained_m: str
) -> None:
    trace = mtg.solve(mtg.load_scenario("classic/opalescence-then-humility"))
    final = L.final_table(trace, lang=lang)
    assert [r[4] for r in final.rows] == [white, white, green]
    assert final.rows[1][5].endswith(f" → {none_f}") and final.rows[2][5] == none_f
    from rulekit.views.mtg import fmt_change

    t = translator(lang)
    line = fmt_change(
        "types", tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), (*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "Zebra"), t
    )
    assert line.split(" ")[1] == gained_m, line
    assert fmt_change("colors", ("white",), ("white", "blue"), t).endswith(f"{white} → {white}, {blue}")
    players = L.players_table(mtg.solve(mtg.load_scenario("seed/blood-moon")), lang=lang)
    assert players.rows[0][2] == none_f


def test_english_tables_keep_their_words() -> None:
    trace = mtg.solve(mtg.load_scenario("seed/gnat-miser"))
    layers = L.layer_table(trace)
    assert layers.rows[0][1] == "rules" and layers.rows[0][7] == "rules: max hand size (Bo) 7 → 6"
    assert L.final_table(trace).rows[0][4] == "black"


@pytest.mark.parametrize(
    ("lang", "line"),
    [("pt-BR", "Ann: habilidades nenhuma → Hexproof"), ("es", "Ann: habilidades ninguna → Hexproof")],
)
def test_player_ability_change_and_step_sentence(lang: str, line: str) -> None:
    from rulekit.views.reasons import explain_step

    trace = mtg.solve(mtg.load_scenario("seed/witchbane-orb"))
    assert L.layer_table(trace, lang=lang).rows[1][7] == line
    assert line in explain_step(trace, 2, lang)
    sentence = explain_step(mtg.solve(mtg.load_scenario("seed/gnat-miser")), 1, lang)
    assert not ENGLISH.search(sentence.replace("Gnat Miser", "")), sentence


@pytest.mark.parametrize(
    ("lang", "waited"),
    [("en", "waited on it (613.8a)"), ("pt-BR", "esperou por ele (613.8a)"), ("es", "lo esperó (613.8a)")],
)
def test_a_step_others_waited_on_says_so_in_every_language(lang: str, waited: str) -> None:
    """An effect that applies early because later-timestamped ones waited on it (613.8a) is not
    explained as plain timestamp order (613.7) in any language."""
    from rulekit.views.mtg import fmt_value
    from rulekit.views.reasons import explain_step

    trace = mtg.solve(mtg.load_scenario("classic/urborg-then-blood-moon"))
    k, step = next((k, s) for k, s in enumerate(trace.steps, 1) if s.why == "waited_on")
    sentence = explain_step(trace, k, lang)
    assert f"Urborg, Tomb of Yawgmoth {waited}" in sentence and "613.7" not in sentence, sentence
    assert f", {fmt_value(step.timestamp)}. " in sentence, sentence


@pytest.mark.parametrize("lang", translated_languages())
def test_every_creature_type_is_worded_in_the_language_in_every_table(lang: str) -> None:
    """A changeling's "all creature types" (702.73a) is a word, not card data: the layer table's change
    (``subtypes … → …``) and the final table's type line say it in the lesson's language."""
    from tests.mtg_library._helpers import solve_text

    trace = solve_text(
        "game: mtg\nplayers: [Ann]\nobjects:\n  - {id: colossus, card: Chameleon Colossus, controller: Ann}\n"
    )
    words = translator(lang)("(all creature types)")
    assert words != "(all creature types)"
    cells = [
        cell
        for table in (L.layer_table(trace, lang=lang), L.final_table(trace, lang=lang))
        for row in table.rows
        for cell in row
    ]
    assert any(words in cell for cell in cells), cells
    assert not any("all creature types" in cell for cell in cells), cells
