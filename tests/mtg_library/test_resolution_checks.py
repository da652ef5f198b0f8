"""Two things that happen when a spell or ability resolves (LANGUAGE.md §3, §5):

* 608.2b / 601.2c: its targets are checked again (``targets_must``); an illegal target is not
  affected, and if every target is illegal the effect does nothing;
* a ``resolve`` event's own ``choices`` fill the ability's placeholders for that resolution
  (Wild Mongrel: "becomes the color of your choice", once per activation).

Expected values come from the cards' Oracle text and the Comprehensive Rules, not from the engine.
"""

from __future__ import annotations

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError

from ._helpers import solve_text

# Vedalken Shackles: "{2}, {T}: Gain control of target creature with power less than or equal to
# the number of Islands you control for as long as Vedalken Shackles remains tapped."


def _shackles(islands: int, power_of_target: int) -> str:
    isl = "\n".join(
        f"          - {{id: island{i}, card: Island, controller: Tezzeret}}" for i in range(1, islands + 1)
    )
    return f"""
        game: mtg
        players: [Tezzeret, Jace]
        objects:
          - {{id: shackles, card: Vedalken Shackles, controller: Tezzeret}}
{isl}
          - {{id: beast, name: Beast, types: [Creature], subtypes: [Beast], colors: [green],
              power: {power_of_target}, toughness: {power_of_target}, controller: Jace}}
        events:
          - tap: shackles
          - resolve: {{source: shackles, ability: steal, targets: [beast], id: steal}}
        """


def _effect(trace, eid):
    return next(e for e in trace.effects if e.id == eid)


def test_shackles_two_islands_cannot_take_a_five_power_creature() -> None:
    trace = solve_text(_shackles(2, 5))
    assert trace.final["beast"].controller == "Jace"
    eff = _effect(trace, "steal")
    assert eff.active is False
    assert "608.2b" in eff.note and "Beast" in eff.note
    assert not any(s.effect == "steal" for s in trace.steps)


def test_shackles_five_islands_takes_the_five_power_creature() -> None:
    trace = solve_text(_shackles(5, 5))
    assert trace.final["beast"].controller == "Tezzeret"
    assert _effect(trace, "steal").active is True


def test_shackles_power_equal_to_islands_is_legal_and_one_more_is_not() -> None:
    assert solve_text(_shackles(3, 3)).final["beast"].controller == "Tezzeret"
    assert solve_text(_shackles(3, 4)).final["beast"].controller == "Jace"


def test_target_power_is_read_from_the_layered_state_at_resolution() -> None:
    # a 2/2 pumped to 5/5 by an anthem is too big for two Islands' Shackles (608.2b reads the
    # game as it is on resolution, after layer 7c)
    text = """
        game: mtg
        players: [Tezzeret, Jace]
        objects:
          - {id: shackles, card: Vedalken Shackles, controller: Tezzeret}
          - {id: island1, card: Island, controller: Tezzeret}
          - {id: island2, card: Island, controller: Tezzeret}
          - {id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, controller: Jace}
          - id: anthem
            name: Anthem
            types: [Enchantment]
            controller: Jace
            abilities:
              - text: Creatures get +3/+3.
                static: {affects: creatures, modify_pt: {power: 3, toughness: 3}}
        events:
          - tap: shackles
          - resolve: {source: shackles, ability: steal, targets: [bear], id: steal}
        """
    trace = solve_text(text)
    assert trace.final["bear"].controller == "Jace"
    assert _effect(trace, "steal").active is False
    # without the anthem the same 2/2 is a legal target
    assert solve_text(text, without=["anthem"]).final["bear"].controller == "Tezzeret"


def test_one_illegal_target_of_two_is_not_affected() -> None:
    text = """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: small, name: Small, types: [Creature], power: 1, toughness: 1, controller: Bo}
          - {id: big, name: Big, types: [Creature], power: 4, toughness: 4, controller: Bo}
        events:
          - resolve:
              controller: Ann
              id: grab
              targets: [small, big]
              effect:
                affects: targets
                targets_must: creature with power at most 2
                control: you
        """
    trace = solve_text(text)
    assert trace.final["small"].controller == "Ann"
    assert trace.final["big"].controller == "Bo"
    eff = _effect(trace, "grab")
    assert eff.active is True and eff.locked == ("small",)
    assert "608.2b" in eff.note and "Big" in eff.note


def test_a_target_that_stopped_being_a_creature_is_illegal() -> None:
    text = """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: rock, name: Rock, types: [Artifact], controller: Bo}
        events:
          - resolve:
              controller: Ann
              id: grab
              targets: [rock]
              effect: {affects: targets, targets_must: target creature, control: you}
        """
    trace = solve_text(text)
    assert trace.final["rock"].controller == "Bo"
    assert "Rock is not a creature" in _effect(trace, "grab").note


def test_bad_comparison_is_a_located_error() -> None:
    text = """game: mtg
players: [Ann]
objects:
  - {id: a, name: A, types: [Creature], power: 1, toughness: 1}
events:
  - resolve:
      targets: [a]
      effect: {affects: targets, targets_must: creature with power roughly 2, control: you}
"""
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(text, "bad.yaml")
    assert "bad.yaml:8" in str(exc.value) and "targets_must" in str(exc.value)


def test_seed_sower_then_shackles_still_gives_tezzeret_the_throatseeker() -> None:
    trace = mtg.solve(mtg.load_scenario("seed/sower-then-shackles"))
    assert trace.final["throatseeker"].controller == "Tezzeret"


def test_library_shackles_states_its_target_restriction() -> None:
    card = mtg.card("Vedalken Shackles")
    steal = next(a for a in card["abilities"] if isinstance(a, dict) and a.get("key") == "steal")
    assert "power less than or equal to" in steal["resolves"]["targets_must"]


# Wild Mongrel: "Discard a card: Wild Mongrel gets +1/+1 and becomes the color of your choice
# until end of turn."
MONGREL = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: mongrel, card: Wild Mongrel, controller: Ann}
    events:
      - resolve: {source: mongrel, ability: discard, choices: {color: red}}
      - resolve: {source: mongrel, ability: discard, choices: {color: blue}}
    """


def test_wild_mongrel_twice_with_two_colours_takes_the_later_one() -> None:
    trace = solve_text(MONGREL)
    v = trace.final["mongrel"]
    assert v.colors == ("blue",)  # 613.7: the later colour-setting effect wins in layer 5
    assert (v.power, v.toughness) == (4, 4)  # 2/2 with +1/+1 twice
    layer5 = [s for s in trace.steps if s.layer == "5"]
    assert [c.after for s in layer5 for c in s.changes] == [("red",), ("blue",)]


def test_wild_mongrel_reordered_takes_red() -> None:
    trace = solve_text(
        MONGREL.replace("{color: red}", "{color: XX}")
        .replace("{color: blue}", "{color: red}")
        .replace("{color: XX}", "{color: blue}")
    )
    assert trace.final["mongrel"].colors == ("red",)


def test_resolution_choice_overrides_the_objects_choice() -> None:
    text = MONGREL.replace(
        "{id: mongrel, card: Wild Mongrel, controller: Ann}",
        "{id: mongrel, card: Wild Mongrel, controller: Ann, choices: {color: black}}",
    ).replace(", choices: {color: blue}", "")
    trace = solve_text(text)
    # the second activation uses the object's choice (black), the first its own (red)
    layer5 = [s for s in trace.steps if s.layer == "5"]
    assert [c.after for s in layer5 for c in s.changes] == [("red",), ("black",)]
    assert trace.final["mongrel"].colors == ("black",)


def test_bad_resolution_choice_is_a_located_error() -> None:
    text = """game: mtg
players: [Ann]
objects:
  - {id: mongrel, card: Wild Mongrel}
events:
  - resolve: {source: mongrel, ability: discard, choices: {color: rde}}
"""
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(text, "bad.yaml")
    assert "bad.yaml:6" in str(exc.value) and "red" in str(exc.value)


def test_mongrel_without_any_choice_still_asks_for_one() -> None:
    text = """game: mtg
players: [Ann]
objects:
  - {id: mongrel, card: Wild Mongrel}
events:
  - resolve: {source: mongrel, ability: discard}
"""
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(text, "bad.yaml")
    assert "chosen color" in str(exc.value)
