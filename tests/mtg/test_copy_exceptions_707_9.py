"""CR 707.9: copy effects with exceptions. "Some copy effects modify a characteristic or another
value as part of the copying process" — and the exception becomes part of the copy's copiable
values (707.9b), so a copy of the copy has it too. Forms new here: the name ("except its name is
Sakashima the Impostor"), colours ("except it doesn't copy that creature's color", Vesuvan
Doppelganger; "except it's blue"), types it does not have ("except it isn't legendary", Spark
Double)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: hero, name: Old Hero, types: [Creature], supertypes: [Legendary], subtypes: [Human],
     colors: [white], power: 3, toughness: 3, controller: Ann}
  - {id: copier, name: Copier, types: [Creature], subtypes: [Shapeshifter], colors: [blue], power: 0,
     toughness: 0, controller: Ann, choices: {object: hero}, abilities: [{text: "Copier enters as a copy
     of a creature, except ...", static: {affects: this, copy: "{chosen object}", except: %s}}]}
  - {id: clone, card: Clone, controller: Ann, choices: {object: copier}}
"""


def _v(text: str, oid: str = "copier") -> object:
    return solve_text(BOARD % text).final[oid]  # type: ignore[attr-defined]


def test_except_its_name_is() -> None:
    v = _v("{name: Sakashima the Impostor}")
    assert (v.name, v.power, v.subtypes) == ("Sakashima the Impostor", 3, ("Human",))
    assert _v("{name: Sakashima the Impostor}", "clone").name == "Sakashima the Impostor"  # 707.9b


def test_except_it_isnt_legendary() -> None:
    v = _v("{remove_types: [Legendary]}")
    assert (v.name, v.supertypes, v.types) == ("Old Hero", (), ("Creature",))


def test_except_it_doesnt_copy_that_creatures_color() -> None:
    assert _v("{not_copied: [color]}").colors == ("blue",)
    assert _v("{}").colors == ("white",)


def test_except_its_blue() -> None:
    assert _v("{colors: [blue]}").colors == ("blue",)


def test_a_wrong_colour_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD % "{colors: [bleu]}")
    assert "'bleu' is not a colour" in str(e.value)


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 707.9 example")
    example = doc[start : doc.index("```", start)]
    v = solve_text(example).final["double"]
    assert (v.name, v.supertypes) == ("Old Hero", ())


@pytest.mark.parametrize("item", ["null", "5", "true", "[[Flying]]"])
def test_an_exception_ability_that_is_no_ability_is_one_clear_line(item: str) -> None:
    """An ability is a string or a mapping (LANGUAGE.md §2), in ``except: {abilities: [...]}`` as in
    ``abilities: {add: [...]}``; ``[null]`` gave a TypeError traceback (found by tools/fuzz.py)."""
    with pytest.raises(ScenarioError) as e:
        load_text(BOARD % f"{{abilities: [{item}]}}")
    assert str(e.value).endswith(
        "objects[1].abilities[0].static.except.abilities[0]: an ability is a string or a mapping with 'text'"
    )


def test_an_exception_ability_of_a_resolved_copy_that_is_no_ability_is_one_clear_line() -> None:
    with pytest.raises(ScenarioError) as e:
        load_text(
            BOARD
            % "{}"
            + "events:\n  - resolve: {effect: {affects: targets, copy: '@hero', except: {abilities: [null]}},"
            " targets: [clone]}\n"
        )
    assert "events[0].resolve.effect.except.abilities[0]: an ability is a string or a mapping" in str(e.value)
