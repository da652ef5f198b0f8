"""Ability forms of "loses all abilities except mana abilities" (605.1a) and "has all
activated abilities of <selector>" (Necrotic Ooze: read in layer 6 as those objects are then, so
Yixlid Jailer's "cards in graveyards lose all abilities" leaves the Ooze nothing, whatever the
timestamps: the Ooze's effect depends on the Jailer's, 613.8a)."""

from __future__ import annotations

import pytest

from rulekit.errors import ScenarioError

from ._helpers import deps, load_text, solve_text, view

OOZE = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: ooze, card: Necrotic Ooze, controller: Ann, timestamp: %s}
  - {id: elves, card: Llanowar Elves, controller: Bo, zone: graveyard}
  - {id: colossus, card: Chameleon Colossus, controller: Bo, zone: graveyard}
  - {id: bears, card: Grizzly Bears, controller: Bo, zone: graveyard}
"""
JAILER = "  - {id: jailer, card: Yixlid Jailer, controller: Bo, timestamp: %s}\n"
PUMP = "{2}{G}{G}: Chameleon Colossus gets +X/+X until end of turn, where X is its power."


def test_necrotic_ooze_has_the_activated_abilities_of_creature_cards_in_graveyards() -> None:
    v = view(solve_text(OOZE % 1), "ooze")
    assert "{T}: Add {G}." in v.abilities and PUMP in v.abilities
    assert "Protection from black" not in v.abilities  # a keyword, not an activated ability
    assert len(v.abilities) == 3  # its own static ability and the two activated ones


@pytest.mark.parametrize(("ooze_ts", "jailer_ts"), [(1, 2), (2, 1)])
def test_yixlid_jailer_leaves_necrotic_ooze_nothing(ooze_ts: int, jailer_ts: int) -> None:
    """The Jailer's effect changes what the Ooze's effect does (613.8a), so it applies first
    whatever the timestamps, and the Ooze gains nothing."""
    t = solve_text(OOZE % ooze_ts + JAILER % jailer_ts)
    v = view(t, "ooze")
    assert "{T}: Add {G}." not in v.abilities and PUMP not in v.abilities
    assert ("ooze", "jailer") in deps(t, "6")


def test_ooze_rereads_abilities_changed_by_a_text_change() -> None:
    """Re-read as the objects are when layer 6 applies: a creature card in a graveyard that lost
    its ability in layer 6 earlier gives nothing; one that kept it gives it."""
    t = solve_text(
        OOZE
        % 2
        + "events:\n  - resolve: {id: hush, controller: Ann, targets: [elves], effect: {affects: targets,"
        " abilities: {remove: ['{T}: Add {G}.']}}}\n"
    )
    v = view(t, "ooze")
    assert "{T}: Add {G}." not in v.abilities and PUMP in v.abilities


def test_loses_all_abilities_except_mana_abilities() -> None:
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: elves, card: Llanowar Elves, controller: Ann}
      - {id: colossus, card: Chameleon Colossus, controller: Ann}
      - {id: forest, card: Forest, controller: Ann}
    events:
      - resolve: {id: drain, controller: Ann, effect: {affects: all permanents,
          abilities: {remove_all: true, keep: mana abilities}}}
    """
    t = solve_text(text)
    assert view(t, "elves").abilities == ("{T}: Add {G}.",)
    assert view(t, "colossus").abilities == ()
    assert view(t, "forest").abilities == ("{T}: Add {G}.",)  # its intrinsic mana ability (305.6)


def test_necrotic_ooze_shows_in_the_tables_and_diagram() -> None:
    from rulekit.views.mtg import dependency_dot, dependency_table, layer_table

    t = solve_text(OOZE % 1 + JAILER % 2)
    assert "Yixlid Jailer changes what Necrotic Ooze does" in dependency_table(t).to_text()
    assert "ooze" in dependency_dot(t) and "->" in dependency_dot(t)
    t = solve_text(OOZE % 1)
    assert "{T}: Add {G}." in layer_table(t).to_text()


@pytest.mark.parametrize(
    ("part", "needle"),
    [
        ("{activated_of: creature cardz in all graveyards}", "cardz"),
        ("{keep: mana abilities}", "remove_all"),
        ("{remove_all: true, keep: mana}", "keep"),
    ],
)
def test_bad_ability_forms_are_clean_errors(part: str, needle: str) -> None:
    text = (
        "game: mtg\nplayers: [Ann]\nobjects:\n  - {id: x, name: X, types: [Creature], power: 1, toughness: 1,"
        " controller: Ann, abilities: [{text: t, static: {affects: this, abilities: " + part + "}}]}\n"
    )
    with pytest.raises(ScenarioError) as err:
        load_text(text)
    assert needle in str(err.value)
