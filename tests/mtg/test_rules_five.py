"""Five rules (205.1a, 611.2b, 708.10, layer-6 grants, 613.8a text changes), each tested with the
CR's own wording or example where it has one
(and rules-notes' sections "Card types and their subtypes", "Copies with exceptions, and face-down
copies", "Conditions and durations read the game as it is", "Abilities granted in a layer that act
in the same layer"). Expected values come from the rules, never from the engine's output."""

from __future__ import annotations

from tests.mtg._util import pt, solve_text


def test_205_1a_subtypes_follow_card_types() -> None:
    """205.1a/205.3d: an object has only the subtypes that go with its card types. An effect that
    makes a land "a 1/1 Frog creature" with no other types leaves it no land types (and no
    intrinsic mana ability, 305.6); removing Creature removes its creature types."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - {id: land1, card: Forest}
      - {id: bears, card: Grizzly Bears}
      - id: frogify
        name: Frog Spell
        types: [Enchantment]
        abilities:
          - text: "Forest is a 1/1 Frog creature with no other types."
            static: {affects: "land1", type: {set_types: [Creature], set_subtypes: [Frog]},
                     set_pt: {power: 1, toughness: 1}}
      - id: unmake
        name: Unmaking
        types: [Enchantment]
        abilities:
          - text: "Grizzly Bears is no longer a creature; it is an artifact."
            static: {affects: "bears", type: {remove: [Creature], add: [Artifact]}}
    """)
    forest = t.final["land1"]
    assert forest.types == ("Creature",) and forest.subtypes == ("Frog",)
    assert "Forest" not in forest.subtypes and forest.abilities == ()
    assert pt(t, "land1") == (1, 1)
    bears = t.final["bears"]
    assert bears.types == ("Artifact",) and bears.subtypes == ()


def test_611_2b_for_as_long_as_you_control_reads_layer_2() -> None:
    """611.2b / rules-notes: "for as long as you control X" asks who controls X after
    control-changing effects (layer 2). Ann controls Bo's Anchor through Control Magic, so her
    effect "gain control of target creature for as long as you control Anchor" starts."""
    t = solve_text("""
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: anchor, name: Anchor, types: [Creature], power: 1, toughness: 1, controller: Bo}
      - {id: prize, card: Grizzly Bears, controller: Bo}
      - {id: magic, card: Control Magic, controller: Ann, attached_to: anchor}
      - id: thief
        name: Thief
        types: [Creature]
        power: 1
        toughness: 1
        controller: Ann
        abilities:
          - text: "Gain control of target creature for as long as you control Anchor."
            key: steal
            resolves: {control: you, duration: "for as long as you control Anchor"}
    events:
      - resolve: {source: thief, ability: steal, targets: [prize]}
    """)
    assert t.final["anchor"].controller == "Ann"
    assert t.effect("thief.steal").active
    assert t.final["prize"].controller == "Ann"


def test_611_2b_an_effect_already_ended_never_starts() -> None:
    """611.2b: an effect whose duration has already ended when it would begin never starts: Ann
    does not control Anchor (layer 2 gives it back to Bo) when her effect resolves."""
    t = solve_text("""
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: anchor, name: Anchor, types: [Creature], power: 1, toughness: 1, controller: Ann, owner: Bo}
      - {id: prize, card: Grizzly Bears, controller: Bo}
      - id: giveback
        name: Give Back
        types: [Enchantment]
        controller: Bo
        abilities:
          - text: "Bo controls Anchor."
            static: {affects: "anchor", control: Bo}
      - id: thief
        name: Thief
        types: [Creature]
        power: 1
        toughness: 1
        controller: Ann
        abilities:
          - text: "Gain control of target creature for as long as you control Anchor."
            key: steal
            resolves: {control: you, duration: "for as long as you control Anchor"}
    events:
      - resolve: {source: thief, ability: steal, targets: [prize]}
    """)
    info = t.effect("thief.steal")
    assert not info.active and info.note_code == "never_started"
    assert t.final["prize"].controller == "Bo"


def test_708_10_a_copy_of_a_face_down_permanent() -> None:
    """708.10 with 707.2: "If a face-down permanent becomes a copy of another permanent... / ...
    the copiable values of a face-down permanent are its face-down values": Clone copying a
    face-down creature is a face-up nameless 2/2 creature with no text, colour or subtypes."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - {id: morph, card: Goblin King, face_down: true}
      - {id: clone, card: Clone, choices: {object: morph}}
    """)
    c = t.final["clone"]
    assert (c.name, c.types, c.subtypes, c.colors, c.abilities) == ("", ("Creature",), (), (), ())
    assert pt(t, "clone") == (2, 2) and not c.face_down


def test_abilities_granted_in_layer_6_that_grant_abilities_apply_in_layer_6() -> None:
    """Rules-notes / 613.1f with 613.7a: an Aura gives an Equipment "Equipped creature has
    flying"; that granted ability's effect applies in layer 6 too, after the Aura's, with the
    later of the Equipment's and the Aura's timestamps."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears}
      - {id: sword, name: Plain Sword, types: [Artifact], subtypes: [Equipment], attached_to: bears}
      - id: aura
        name: Wing Charm
        types: [Enchantment]
        subtypes: [Aura]
        attached_to: sword
        abilities:
          - text: "Enchanted Equipment has \\"Equipped creature has flying.\\""
            static:
              affects: enchanted permanent
              abilities:
                add:
                  - text: Equipped creature has flying.
                    static: {affects: equipped creature, abilities: {add: [Flying]}}
    """)
    assert "Flying" in t.final["bears"].abilities
    steps = [s for s in t.steps if s.layer == "6"]
    assert [s.effect for s in steps][0] == "aura"
    granted = steps[1]
    assert granted.source == "sword" and granted.objects == ("bears",)
    aura_ts = t.effect("aura").timestamp
    assert granted.timestamp == max(aura_ts, t.initial["sword"].timestamp)


def test_613_8a_text_changes_depend_on_each_other_in_layer_3() -> None:
    """613.8a applies in layer 3: effect A ("Swamp" becomes "Island" in the text of target
    permanent) depends on effect B ("Forest" becomes "Swamp" in the same text), since applying B
    changes what A does to it. So B applies first, then A: Forest -> Swamp -> Island."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - id: walker
        name: Walker
        types: [Creature]
        power: 2
        toughness: 2
        abilities: ["Whenever a Forest enters, you gain 1 life."]
      - id: a
        name: Swamp To Island
        types: [Enchantment]
        abilities:
          - text: "Walker's Swamp text becomes Island."
            static: {affects: "walker", text_change: {from: Swamp, to: Island}}
      - id: b
        name: Forest To Swamp
        types: [Enchantment]
        abilities:
          - text: "Walker's Forest text becomes Swamp."
            static: {affects: "walker", text_change: {from: Forest, to: Swamp}}
    """)
    layer3 = [s.effect for s in t.steps if s.layer == "3"]
    assert layer3 == ["b", "a"]
    assert any(d.effect == "a" and d.depends_on == "b" and d.code == "what_it_does" for d in t.dependencies)
    assert t.final["walker"].abilities == ("Whenever a Island enters, you gain 1 life.",)
