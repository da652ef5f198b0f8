"""Rule 611 (durations, locked sets, "for as long as", X), 305.7 and 613.6."""

from __future__ import annotations

from rulekit import mtg

from ._util import pt, solve_text, step


def test_611_2c_locked_set_vs_static_anthem() -> None:
    """611.2c: Sudden Spoiling's set is fixed as it resolves (Ann's creatures then: the Bears);
    Llanowar Elves, entering later, is not affected. 611.3a: Glorious Anthem, a static ability,
    affects whatever qualifies now, the Elves included."""
    t = mtg.solve(mtg.load_scenario("classic/sudden-spoiling"))
    assert t.effect("spoiling").locked == ("bears",)
    assert step(t, "spoiling", "7b").objects == ("bears",)
    assert pt(t, "bears") == (1, 3) and t.final["bears"].abilities == ()
    assert pt(t, "elves") == (2, 2) and t.final["elves"].abilities == ("{T}: Add {G}.",)


def test_static_effect_applies_to_a_land_entering_later() -> None:
    """611.3c / seed 002: a nonbasic land entering under Blood Moon enters as a Mountain."""
    t = mtg.solve(mtg.load_scenario("seed/blood-moon"))
    assert "wasteland" in step(t, "blood-moon", "4").objects


def test_until_end_of_turn_ends_at_the_end_of_turn_event() -> None:
    """514.2: "until end of turn" effects end in the cleanup step (an ``end_of_turn`` event);
    effects created after it are still there."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears}
          - {id: elves, card: Llanowar Elves}
          - {id: gg1, card: Giant Growth, zone: graveyard}
          - {id: gg2, card: Giant Growth, zone: graveyard}
        events:
          - resolve: {source: gg1, ability: cast, targets: [bears], id: g1}
          - end_of_turn
          - resolve: {source: gg2, ability: cast, targets: [elves], id: g2}
    """)
    assert pt(t, "bears") == (2, 2)
    assert t.effect("g1").note == "ended at end of turn"
    assert pt(t, "elves") == (4, 4)


def test_for_as_long_as_ends_when_the_condition_ends() -> None:
    """611.2b: Sower of Temptation's control effect lasts "for as long as Sower of Temptation
    remains on the battlefield"; it leaves, the creature returns."""
    t = solve_text("""
        game: mtg
        players: [Tezzeret, Jace]
        objects:
          - {id: t, card: Chained Throatseeker, controller: Tezzeret}
          - {id: sower, card: Sower of Temptation, controller: Jace}
        events:
          - resolve: {source: sower, ability: etb, targets: [t], id: steal}
          - leave: {object: sower, to: graveyard}
    """)
    assert t.final["t"].controller == "Tezzeret"
    assert t.effect("steal").note.startswith("ended")


def test_x_is_fixed_at_resolution() -> None:
    """611.2c / seed 002: "el valor de X se establece cuando se resuelve"."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears}
        events:
          - resolve: {effect: {affects: targets, modify_pt: {power: X, toughness: X}}, targets: [bears],
                      x: 3, id: fx}
    """)
    assert pt(t, "bears") == (5, 5)


def test_count_in_a_resolved_effect_is_fixed_at_resolution() -> None:
    """611.2c: a resolved effect's values are fixed when it resolves; an Island entering later
    doesn't change "number of Islands you control". A static effect counts now (it does)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears}
          - {id: i1, card: Island}
          - {id: i2, card: Island}
          - id: tide
            name: Tide Lord
            types: [Creature]
            power: 0
            toughness: 1
            abilities:
              - text: Tide Lord gets +1/+0 for each Island you control.
                static: {affects: this, modify_pt: {power: number of Islands you control}}
          - {id: i3, card: Island}
        events:
          - enter: [bears, i1, i2, tide]
          - resolve: {effect: {affects: targets, modify_pt: {power: number of Islands you control}},
                      targets: [bears], controller: Ann, id: surge}
          - enter: i3
    """)
    assert pt(t, "bears") == (4, 2)
    assert pt(t, "tide") == (3, 1)


def test_305_7_setting_a_basic_land_type() -> None:
    """305.7 / rules-notes: Spreading Seas makes Urborg an Island: it loses its land types and its
    rules-text ability, gains "{T}: Add {U}.", stays Legendary; its effect never exists."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Bo}
          - {id: seas, card: Spreading Seas, controller: Ann, attached_to: urborg}
          - {id: forest, card: Forest, controller: Bo}
    """)
    u = t.final["urborg"]
    assert u.subtypes == ("Island",) and u.abilities == ("{T}: Add {U}.",)
    assert u.supertypes == ("Legendary",)
    assert t.final["forest"].subtypes == ("Forest",)
    assert not t.effect("urborg").active


def test_305_7_adding_a_type_removes_nothing() -> None:
    """305.7, last sentence: Urborg's "in addition to its other land types" removes nothing; the
    Forest gains Swamp and its mana ability."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: urborg, card: "Urborg, Tomb of Yawgmoth"}
          - {id: forest, card: Forest}
    """)
    f = t.final["forest"]
    assert f.subtypes == ("Forest", "Swamp")
    assert f.abilities == ("{T}: Add {G}.", "{T}: Add {B}.")


def test_613_6_effect_keeps_applying_to_the_same_set() -> None:
    """613.6: Lignify's effect began in layer 4 on the enchanted creature; it applies in 6 and 7b
    to that same creature. A creature becoming a Treefolk elsewhere changes nothing."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears}
          - {id: lig, card: Lignify, attached_to: bears}
    """)
    assert [s.layer for s in t.steps if s.effect == "lig"] == ["4", "6", "7b"]
    assert all(s.objects == ("bears",) for s in t.steps if s.effect == "lig")
    assert pt(t, "bears") == (0, 4) and t.final["bears"].subtypes == ("Treefolk",)


def test_static_ability_generates_nothing_once_removed_before_it_applies() -> None:
    """Rules-notes: "An effect that has not yet begun to apply is gone once its ability is
    removed". Goblin King's effect (layers 6 and 7c) depends on Humility's (613.8a: Humility
    removes the King's ability), whatever the timestamps: Humility applies first in layer 6 and the
    King's effect never exists."""
    for objects in (
        "[{id: humility, card: Humility}, {id: king, card: Goblin King}, {id: piker, card: Goblin Piker}]",
        "[{id: king, card: Goblin King}, {id: piker, card: Goblin Piker}, {id: humility, card: Humility}]",
    ):
        t = solve_text(f"""
            game: mtg
            players: [Ann]
            objects: {objects}
        """)
        assert ("king", "humility") in {(d.effect, d.depends_on) for d in t.dependencies}
        assert "king" not in [s.effect for s in t.steps]
        assert pt(t, "piker") == (1, 1)
        assert t.final["piker"].abilities == ()


def test_static_effect_that_began_keeps_applying_after_losing_its_ability() -> None:
    """613.6: Kormus Bell's effect begins in layer 4 (March of the Machines made the Bell a
    creature). Sudden Spoiling then removes the Bell's ability in layer 6, yet the Bell's layer-5
    and 7b parts still apply to the same Swamp: a black 1/1 creature."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: march, card: March of the Machines, controller: Ann}
          - {id: bell, card: Kormus Bell, controller: Ann}
          - {id: swamp, card: Swamp, controller: Bo}
          - {id: spoiling, card: Sudden Spoiling, controller: Bo, zone: graveyard}
        events:
          - resolve: {source: spoiling, ability: cast, targets: [Ann], id: spoiling}
    """)
    assert "bell" in t.effect("spoiling").locked
    assert t.final["bell"].abilities == ()
    assert [s.layer for s in t.steps if s.effect == "bell"] == ["4", "5", "7b"]
    sw = t.final["swamp"]
    assert "Creature" in sw.types and sw.colors == ("black",)
    assert pt(t, "swamp") == (1, 1)


def test_counters_apply_after_modifications() -> None:
    """613.4d (seed 7d): +1/+1 counters after 7c; 7e switch last (Twisted Image)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears, counters: {"+1/+1": 2}}
          - {id: night, card: "Night of Souls' Betrayal"}
          - {id: ti, card: Twisted Image, zone: graveyard}
        events:
          - resolve: {source: ti, ability: cast, targets: [bears], id: switch}
    """)
    assert [s.layer for s in t.steps] == ["7c", "7d", "7e"]
    assert pt(t, "bears") == (3, 3)
    t2 = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: elves, card: Llanowar Elves, counters: {"+1/+1": 1}}
          - {id: ti, card: Twisted Image, zone: graveyard}
          - {id: gg, card: Giant Growth, zone: graveyard}
        events:
          - resolve: {source: gg, ability: cast, targets: [elves]}
          - resolve: {source: ti, ability: cast, targets: [elves], id: switch}
    """)
    assert pt(t2, "elves") == (5, 5)


def test_the_game_before_each_event_is_what_replaying_up_to_it_gives() -> None:
    """What "for as long as" conditions read when an effect resolves (611.2b): the zones, tapped
    states and counters just before each event, the same as replaying the events up to it
    (events that change none of them share one snapshot)."""
    import random

    from rulekit.mtg.engine.replay import compile_scenario
    from rulekit.mtg.generate import random_scenario_text

    every_kind = mtg.scenario_from_text(
        """
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: bears, card: Grizzly Bears}
          - {id: elves, card: Llanowar Elves, controller: Bo}
          - {id: anthem, card: Glorious Anthem}
        events:
          - enter: elves
          - tap: bears
          - counters: {object: bears, kind: +1/+1, add: 2}
          - tap: elves
          - untap_step: Ann
          - untap: elves
          - leave: {object: anthem, to: graveyard}
          - begin_turn: Bo
          - end_of_turn
        """,
        "every-kind.yaml",
    )
    scenarios = [every_kind, *(mtg.load_scenario(name) for name in mtg.list_scenarios())]
    scenarios += [
        mtg.scenario_from_text(random_scenario_text(random.Random(seed), events=True), "random.yaml")
        for seed in range(40)
    ]
    checked = 0
    for scn in scenarios:
        at = compile_scenario(scn).base_at
        for i in range(len(scn.events)):
            before = compile_scenario(scn, upto=i).base
            assert at[i] == {oid: (o.zone, o.tapped, o.counters) for oid, o in before.items()}, (scn.name, i)
            checked += 1
    assert checked > 100
