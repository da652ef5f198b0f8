"""Every timing keyword (R-01, seed «Temporização») is one record in ``rulekit.apoteose.timings``: the
parser's names (``rulings.TIMINGS``), the matcher (``matching._TIMING_MATCH``), the description's references
(``text._TIMING_EVENTS`` / ``_TIMING_HEROES``) and the table in ``LANGUAGE.md`` are read from it.

Adding a keyword is one record there and one example here (:data:`EXAMPLES`): an event it answers and one
it does not. A record missing a part, or a keyword without its example, fails here (ARCHITECTURE.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulekit.apoteose import matching, text, timings
from rulekit.apoteose import rulings as R
from rulekit.apoteose.frames import GEvent
from rulekit.apoteose.text import parse_effect
from rulekit.apoteose.timings import TIMING_KEYWORDS

from .helpers import card, hero, scenario

LANGUAGE_MD = Path(__file__).resolve().parents[2] / "rulekit" / "apoteose" / "LANGUAGE.md"

#: keyword -> (an event it answers, an event of the same kind it does not answer), for a card ``c1`` that
#: ``ana`` controls; ``bia`` is her ally, ``caio`` her opponent; ``c1`` is also a companion's id.
EXAMPLES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "Ao Entrar": ({"kind": "enter", "card": "c1"}, {"kind": "enter", "card": "c2"}),
    "Ao Sair": ({"kind": "leave", "card": "c1"}, {"kind": "leave", "card": "c2"}),
    "Ao Obter": ({"kind": "draw", "card": "c1"}, {"kind": "draw", "card": "c2"}),
    "Ao Revelar": ({"kind": "reveal", "card": "c1"}, {"kind": "reveal", "card": "c2"}),
    "Ao Ocultar": ({"kind": "hide", "card": "c1"}, {"kind": "hide", "card": "c2"}),
    "Ao Consumir": ({"kind": "exhaust", "card": "c1"}, {"kind": "exhaust", "card": "c2"}),
    "Ao Recuperar": ({"kind": "ready", "card": "c1"}, {"kind": "ready", "card": "c2"}),
    "Ao Descartar": ({"kind": "discard", "card": "c1"}, {"kind": "discard", "card": "c2"}),
    "Ao Enterrar": ({"kind": "bury", "card": "c1"}, {"kind": "bury", "card": "c2"}),
    "Ao Banir": ({"kind": "banish", "card": "c1"}, {"kind": "banish", "card": "c2"}),
    "Em Teste": ({"kind": "test", "actor": "caio"}, {"kind": "roll", "actor": "ana"}),
    "Ao Atacar": ({"kind": "attack", "actor": "ana", "patient": "caio"}, {"kind": "attack", "actor": "caio"}),
    "Ao Ser Atacado": (
        {"kind": "attack", "actor": "caio", "patient": "ana"},
        {"kind": "attack", "actor": "ana", "patient": "caio"},
    ),
    "Ao Ser Alvo": ({"kind": "target", "patient": "ana"}, {"kind": "target", "patient": "bia"}),
    "Ao Rolar": ({"kind": "roll", "actor": "ana"}, {"kind": "roll", "actor": "caio"}),
    "Início da Batalha": ({"kind": "battle_start"}, {"kind": "battle_end"}),
    "Fim da Batalha": ({"kind": "battle_end"}, {"kind": "battle_start"}),
    "Restauração": ({"kind": "restoration"}, {"kind": "turn_start", "flags": ("first",)}),
    "Início do Turno": (
        {"kind": "turn_start", "actor": "ana", "flags": ("first",)},
        {"kind": "turn_start", "actor": "ana"},  # not her first turn of the cycle
    ),
    "Fim do Turno": (
        {"kind": "turn_end", "actor": "ana", "flags": ("last",)},
        {"kind": "turn_end", "actor": "bia", "flags": ("last",)},
    ),
    "Início do Time": (
        {"kind": "turn_start", "actor": "bia", "flags": ("first",)},
        {"kind": "turn_start", "actor": "caio", "flags": ("first",)},
    ),
    "Fim do Time": (
        {"kind": "turn_end", "actor": "ana", "flags": ("last",)},
        {"kind": "turn_end", "actor": "caio", "flags": ("last",)},
    ),
    "Início Aliado": (
        {"kind": "turn_start", "actor": "bia", "flags": ("first",)},
        {"kind": "turn_start", "actor": "ana", "flags": ("first",)},
    ),
    "Fim Aliado": (
        {"kind": "turn_end", "actor": "bia", "flags": ("last",)},
        {"kind": "turn_end", "actor": "ana", "flags": ("last",)},
    ),
    "Início Rival": (
        {"kind": "turn_start", "actor": "caio", "flags": ("first",)},
        {"kind": "turn_start", "actor": "bia", "flags": ("first",)},
    ),
    "Fim Rival": (
        {"kind": "turn_end", "actor": "caio", "flags": ("last",)},
        {"kind": "turn_end", "actor": "caio", "flags": ("first",)},
    ),
    "Início Geral": (
        {"kind": "turn_start", "actor": "caio", "flags": ("first",)},
        {"kind": "turn_end", "actor": "caio", "flags": ("last",)},
    ),
    "Fim Geral": (
        {"kind": "turn_end", "actor": "bia", "flags": ("last",)},
        {"kind": "turn_start", "actor": "bia", "flags": ("first",)},
    ),
    "Início do Companheiro": (
        {"kind": "turn_start", "actor": "c1", "flags": ("first",)},
        {"kind": "turn_start", "actor": "ana", "flags": ("first",)},
    ),
    "Fim do Companheiro": (
        {"kind": "turn_end", "actor": "c1", "flags": ("last",)},
        {"kind": "turn_end", "actor": "ana", "flags": ("last",)},
    ),
}


def _event(d: dict[str, Any]) -> GEvent:
    return GEvent(
        1,
        d["kind"],
        "after",
        d.get("actor"),
        patient=d.get("patient"),
        card=d.get("card"),
        flags=tuple(d.get("flags", ())),
    )


@pytest.fixture(scope="module")
def game() -> Any:
    sc = scenario(
        [hero("ana", "A", 3, MESA=["c1"]), hero("bia", "A", 2, MESA=["c2"]), hero("caio", "B", 1)],
        [card("c1", "ana", "Ativar Compre 1 carta."), card("c2", "bia", "Ativar Compre 1 carta.")],
        [],
    )
    return sc.build_game()


def test_every_keyword_has_its_example_and_back() -> None:
    assert sorted(EXAMPLES) == sorted(timings.NAMES)


@pytest.mark.parametrize("name", timings.NAMES)
def test_each_keyword_answers_its_example_and_not_the_other(game: Any, name: str) -> None:
    yes, no = EXAMPLES[name]
    match = matching._TIMING_MATCH[name]
    c1 = game.cards["c1"]
    assert match(game, c1, "ana", _event(yes))
    assert not match(game, c1, "ana", _event(no))


@pytest.mark.parametrize("t", TIMING_KEYWORDS, ids=lambda t: t.name)
def test_every_record_is_complete(t: timings.TimingKeyword) -> None:
    # its name is a word the notation reads ...
    assert parse_effect(f"Auto · {t.name} Compre 1 carta.").timings == (t.name,)
    assert R.KEYWORDS[R.norm(t.name)] == ("timing", t.name)
    # ... its event is the one its example answers, its test is whole, its matcher is built ...
    assert EXAMPLES[t.name][0]["kind"] == t.event
    assert t.test.how in ("this_card", "moment", "hero", "turn")
    assert (t.test.role is not None) == (t.test.how in ("hero", "turn"))
    assert (t.test.who is not None) == (t.test.how in ("hero", "turn"))
    assert callable(matching.timing_matcher(t))
    # ... what the description may point back at agrees with the test ...
    assert (t.refers == "card") == (t.test.how == "this_card")
    if t.refers == "hero":
        assert t.test.how in ("hero", "moment")
    # ... and its rulings exist, name its R-01, and say when it leaves its zone or is a turn.
    assert set(t.rulings) <= set(R.ruling_ids())
    assert t.rulings[0] == "R-01"
    assert ("R-13" in t.rulings) == (t.event in R.LEAVING_EVENTS)
    cycle = t.test.how == "turn" or t.event in ("battle_start", "battle_end", "restoration")
    assert ("R-20" in t.rulings) == cycle


def test_names_are_unique_and_the_parser_reads_them_from_the_registry() -> None:
    assert len(set(timings.NAMES)) == len(timings.NAMES)
    assert R.TIMINGS == timings.NAMES == R.KEYWORD_KINDS["timing"]


def test_the_description_reads_its_references_from_the_registry() -> None:
    assert set(text._TIMING_HEROES) == set(timings.HERO_KEYWORDS)
    assert text._TIMING_EVENTS == timings.CARD_EVENTS


def test_language_md_table_is_the_registry() -> None:
    """The timing-keyword table of LANGUAGE.md §2 is ``timings.markdown_table()``, character for character."""
    assert timings.markdown_table() in LANGUAGE_MD.read_text(encoding="utf-8")


def test_a_record_without_a_whole_test_is_refused() -> None:
    broken = timings.TimingKeyword("Ao Voar", "fly", timings.Test("hero"), "hero", ("R-01",))
    with pytest.raises(ValueError, match="Ao Voar"):
        matching.timing_matcher(broken)


def test_a_timing_keyword_without_a_matcher_fails_at_import_not_in_a_game() -> None:
    """The keyword -> matcher table is checked when ``matching`` is imported: a timing keyword added to the
    glossary's names without its record stops the import (here in a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "import rulekit.apoteose.rulings as R\n"
        "R.KEYWORD_KINDS['timing'] = (*R.KEYWORD_KINDS['timing'], 'Ao Voar')\n"
        "import rulekit.apoteose.matching\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "ImportError: timing keywords without a matcher: ['Ao Voar']" in run.stderr
