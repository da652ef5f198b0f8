"""Timestamps (613.7; seed 000 "Selo temporal"; rules-notes "Timestamps")."""

from __future__ import annotations

from rulekit import mtg

from ._util import order, pt, scenario, solve_text


def _ts(trace: mtg.Trace, eid: str) -> int | float | None:
    return trace.effect(eid).timestamp


def test_object_timestamp_is_zone_entry_and_listing_order_by_default() -> None:
    """613.7d: an object's timestamp is when it entered its zone; objects present from the start
    follow the listing order (rules-notes default)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: a1, card: Glorious Anthem}
          - {id: a2, card: Honor of the Pure}
          - {id: a3, card: Glorious Anthem}
        events:
          - enter: a3
    """)
    assert _ts(t, "a1") < _ts(t, "a2") < _ts(t, "a3")


def test_simultaneous_entry_is_ordered_by_the_active_player() -> None:
    """613.7m (seed 000: "o jogador ativo determina a sua ordem"): the order given in the event."""
    base = """
        game: mtg
        players: [Ann, Bo]
        active_player: Bo
        objects:
          - {id: moon, card: Blood Moon, controller: Ann}
          - {id: dryad, card: Dryad of the Ilysian Grove, controller: Bo}
          - {id: vault, card: Mutavault, controller: Bo}
        events:
          - enter: vault
          - enter: [%s]
    """
    t1 = solve_text(base % "moon, dryad")
    t2 = solve_text(base % "dryad, moon")
    assert order(t1, "4") == ["moon", "dryad"]
    assert order(t2, "4") == ["dryad", "moon"]
    assert t1.final["vault"].subtypes != t2.final["vault"].subtypes


def test_static_ability_takes_the_later_of_object_and_granter() -> None:
    """613.7a (seed 000: "o que for mais recente"): a static ability granted by an effect has the
    later timestamp of its object and the granting effect."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: bears, card: Grizzly Bears}
          - id: gift
            name: Gift of Rule
            types: [Enchantment]
            abilities:
              - text: 'Grizzly Bears has "Creatures you control get +1/+1."'
                static:
                  affects: bears
                  abilities: {add: [{text: Creatures you control get +1/+1.,
                                     static: {affects: creatures you control,
                                              modify_pt: {power: 1, toughness: 1}}}]}
        events:
          - enter: gift
    """)
    granted = next(e for e in t.effects if e.id.startswith("bears."))
    assert granted.timestamp == _ts(t, "gift")
    assert granted.timestamp > t.final["bears"].timestamp
    assert pt(t, "bears") == (3, 3)


def test_resolved_effect_timestamp_is_when_it_resolves() -> None:
    """613.7b: a resolved effect is timestamped when created (seed 002: "consiguen su sello
    temporal al resolverse")."""
    t = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    assert _ts(t, "humility") < _ts(t, "gideon.0")
    assert _ts(t, "gideon.0") > t.final["gideon"].timestamp


def test_attaching_gives_a_new_timestamp() -> None:
    """613.7e: an Aura gets a new timestamp when it becomes attached: Control Magic, moved later,
    now applies after the other control effect."""
    t = solve_text("""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {id: bears, card: Grizzly Bears, controller: Bo}
          - {id: cm1, card: Control Magic, controller: Ann, attached_to: bears}
          - {id: cm2, card: Control Magic, controller: Bo, attached_to: bears}
        events:
          - attach: {object: cm1, to: bears}
    """)
    assert order(t, "2") == ["cm2", "cm1"]
    assert t.final["bears"].controller == "Ann"


def test_face_down_and_turning_face_up() -> None:
    """708.2 (layer 1; 1b in the current edition): a face-down permanent is a 2/2 with no name or
    abilities; turning it face up gives it a new timestamp (613.7f)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: anthem, card: Glorious Anthem}
          - {id: morph, card: Sower of Temptation, face_down: true}
    """)
    m = t.final["morph"]
    assert (m.name, m.abilities, m.colors) == ("", (), ())
    assert pt(t, "morph") == (3, 3)
    assert [
        s.layer
        for s in mtg.solve(
            scenario("""
        game: mtg
        players: [Ann]
        objects:
          - {id: morph, card: Grizzly Bears, face_down: true}
    """),
            ruleset="current",
        ).steps
    ] == ["1b"]
    t2 = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: morph, card: Grizzly Bears, face_down: true}
          - {id: anthem, card: Glorious Anthem}
        events:
          - turn_face_up: morph
    """)
    assert t2.final["morph"].name == "Grizzly Bears"
    assert t2.final["morph"].timestamp > t2.effect("anthem").timestamp


def test_explicit_timestamps_override_listing() -> None:
    """A scenario may give explicit timestamps; listing order then does not matter."""
    t = solve_text("""
        game: mtg
        players: [Sorin, Gideon]
        objects:
          - {id: gideon, card: Gideon Jura, controller: Gideon, timestamp: 1}
          - {id: humility, card: Humility, controller: Sorin, timestamp: 5}
          - {id: night, card: "Night of Souls' Betrayal", controller: Sorin, timestamp: 2}
        events:
          - resolve: {source: gideon, ability: "0", timestamp: 3}
    """)
    assert order(t, "7b") == ["gideon.0", "humility"]
    assert pt(t, "gideon") == (0, 0)


def test_with_order_reorders_timestamps() -> None:
    """rulekit.mtg.with_order (widgets reorder timestamps): swapping Humility and Gideon's ability in
    the seed scenario gives the other seed result."""
    s = mtg.load_scenario("seed/humility-then-gideon")
    assert [e["id"] for e in mtg.effects(s)] == ["night", "humility", "gideon.0"]
    t = mtg.solve(mtg.with_order(s, ["gideon.0", "humility"]))
    assert pt(t, "gideon") == (0, 0)
    assert pt(mtg.solve(s), "gideon") == (5, 5)  # the original is unchanged (pure)
