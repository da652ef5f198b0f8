"""Dependency (613.8): detected automatically by counterfactual evaluation, judged again after
every applied effect, loops applied per the house reading of the rules notes."""

from __future__ import annotations

import pytest

from rulekit import mtg
from rulekit.mtg.engine import caches, pruning

from ._util import deps, order, pt, solve_text, step


@pytest.mark.parametrize("name", ["classic/blood-moon-then-urborg", "classic/urborg-then-blood-moon"])
def test_urborg_depends_on_blood_moon_in_both_orders(name: str) -> None:
    """613.8a + 305.7: Blood Moon removes Urborg's ability, so Urborg's effect depends on Blood
    Moon's (existence); Blood Moon applies first whatever the timestamps, and Urborg's effect no
    longer exists: no land is a Swamp, Urborg is a Mountain."""
    t = mtg.solve(mtg.load_scenario(name))
    assert deps(t) == {("urborg", "blood-moon")}
    d = t.dependencies[0]
    assert d.layer == "4" and d.kind == "existence"
    assert "Blood Moon removes Urborg" in d.reason and "no longer exists" in d.reason
    assert order(t, "4") == ["blood-moon"]
    assert not t.effect("urborg").active
    assert "Blood Moon" in t.effect("urborg").note
    assert t.final["urborg"].subtypes == ("Mountain",)
    assert "Swamp" not in t.final["forest"].subtypes


@pytest.mark.parametrize(
    ("name", "humility_pt"),
    [("classic/humility-then-opalescence", (4, 4)), ("classic/opalescence-then-humility", (1, 1))],
)
def test_humility_and_opalescence_are_independent_and_613_6(name: str, humility_pt: tuple[int, int]) -> None:
    """Humility/Opalescence (Oracle rulings; 613.6): Opalescence makes Humility a creature in
    layer 4; in layer 6 Humility removes its own ability, yet its effect has begun and keeps
    applying in 7b. In 7b they are independent (neither changes what the other applies to or does),
    so timestamp order decides: the later one sets Humility's P/T."""
    t = mtg.solve(mtg.load_scenario(name))
    assert deps(t) == set()
    assert t.final["humility"].abilities == ()
    assert "humility" in order(t, "7b")  # still applies after losing its ability (613.6)
    assert pt(t, "humility") == humility_pt
    assert pt(t, "bears") == (1, 1)
    assert pt(t, "opalescence") == (None, None)  # "each other": not a creature itself


def test_anthems_are_independent() -> None:
    """Two P/T modifiers (7c) never change what the other applies to or does: independent, applied
    in timestamp order."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: honor, card: Honor of the Pure}
          - {id: anthem, card: Glorious Anthem}
          - {id: lions, name: Savannah Lions, types: [Creature], subtypes: [Cat], colors: [white],
             power: 2, toughness: 1}
    """)
    assert deps(t) == set()
    assert order(t, "7c") == ["honor", "anthem"]
    assert pt(t, "lions") == (4, 3)


def test_march_depends_on_lattice_what_it_applies_to() -> None:
    """613.8a(b) "what it applies to": Mycosynth Lattice makes every permanent an artifact, so
    March of the Machines would apply to more objects: March waits although it is older."""
    t = mtg.solve(mtg.load_scenario("classic/lattice-and-march"))
    assert ("march", "lattice.artifacts") in deps(t)
    assert ("lattice.artifacts", "march") not in deps(t)
    assert order(t, "4") == ["lattice.artifacts", "march"]
    s = step(t, "march", "4")
    assert s.why == "dependency" and s.waited_on == ("lattice.artifacts",)
    reason = next(d.reason for d in t.dependencies if d.effect == "march")
    assert "changes what March of the Machines applies to" in reason
    assert pt(t, "forest") == (1, 1)  # mana value 0, plus Glorious Anthem


def test_dryad_and_blood_moon_independent_so_timestamps_decide() -> None:
    """Both change land types in layer 4, neither changes the other's existence, set or result:
    the later one wins. Blood Moon first: a Mountain with every basic type; Dryad first: only a
    Mountain."""
    t = mtg.solve(mtg.load_scenario("classic/dryad-and-blood-moon"))
    assert deps(t) == set()
    assert set(t.final["mutavault"].subtypes) == {"Plains", "Island", "Swamp", "Mountain", "Forest"}
    s = mtg.with_order(mtg.load_scenario("classic/dryad-and-blood-moon"), ["dryad", "blood-moon"])
    t2 = mtg.solve(s)
    assert t2.final["mutavault"].subtypes == ("Mountain",)


def test_613_8c_judged_again_after_each_effect() -> None:
    """613.8c / rules-notes (Kormus Bell + Urborg + Quicksilver Fountain): before anything applies,
    Kormus Bell depends on Urborg and Urborg on the Fountain. The Fountain applies; judged again,
    Urborg's effect no longer exists, so Kormus Bell no longer waits on anything and applies to the
    basic Swamp only."""
    t = mtg.solve(mtg.load_scenario("classic/kormus-bell-urborg-fountain"))
    first = t.steps[0]
    assert first.effect == "fountain"
    assert {(d.effect, d.depends_on) for d in first.dependencies} == {
        ("kormus-bell", "urborg"),
        ("urborg", "fountain"),
    }
    bell = step(t, "kormus-bell", "4")
    assert bell.dependencies == ()  # judged again: nothing left to wait on
    assert not t.effect("urborg").active
    assert pt(t, "swamp") == (1, 1)
    assert "Creature" not in t.final["forest"].types
    assert t.final["urborg"].subtypes == ("Island",)


def test_dependency_loop_is_genuine_and_applied_in_timestamp_order() -> None:
    """613.8b + rules-notes house reading: Life and Limb depends on Yavimaya (Yavimaya makes Yavimaya
    itself a Forest) and Yavimaya on Life and Limb (it makes the Saproling a land): a loop. No effect
    is independent, so the earliest-timestamped loop member (Life and Limb) applies first."""
    t = mtg.solve(mtg.load_scenario("classic/dependency-loop"))
    assert deps(t) == {("yavimaya", "life-and-limb"), ("life-and-limb", "yavimaya")}
    assert t.loops == (("life-and-limb", "yavimaya"),)
    first = t.steps[0]
    assert (first.effect, first.why, first.loop) == ("life-and-limb", "loop", ("life-and-limb", "yavimaya"))
    assert first.objects == ("saproling",)
    assert step(t, "yavimaya", "4").objects == ("saproling", "yavimaya")
    assert "Forest" in t.final["yavimaya"].subtypes
    assert "Creature" not in t.final["yavimaya"].types  # Life and Limb's set was fixed in layer 4 (613.6)
    assert set(t.final["saproling"].types) == {"Creature", "Land"}


def test_loop_other_timestamp_order() -> None:
    """The same loop with Yavimaya older: it applies first (to Yavimaya itself and the other land),
    then Life and Limb applies to every Forest and Saproling, Yavimaya included: a 1/1 creature."""
    s = mtg.with_order(mtg.load_scenario("classic/dependency-loop"), ["yavimaya", "life-and-limb"])
    t = mtg.solve(s)
    assert t.loops == (("yavimaya", "life-and-limb"),)
    assert t.steps[0].effect == "yavimaya"
    assert pt(t, "yavimaya") == (1, 1)


def test_independent_effects_go_before_a_loop() -> None:
    """House reading, step 1: while some unapplied effect depends on no other, the earliest such
    effect applies -- here Opalescence, the newest, goes before the older loop members (it makes
    Life and Limb a creature, which changes neither loop member's set, and they change nothing
    Opalescence reads). Then step 2: the earliest loop member."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - {id: lal, card: Life and Limb}
          - {id: yav, card: "Yavimaya, Cradle of Growth"}
          - {id: sap, card: Saproling, token: true}
          - {id: opal, card: Opalescence}
    """)
    assert order(t, "4") == ["opal", "lal", "yav"]
    assert t.steps[0].why == "timestamp"
    assert step(t, "lal", "4").why == "loop"
    assert t.loops == (("lal", "yav"),)
    assert pt(t, "lal") == (4, 4)  # Opalescence: its mana value


def test_text_change_rewrites_a_lord() -> None:
    """Layer 3 (612.2, rules-notes "Text-changing effects"): Artificial Evolution makes Goblin King
    an Elf lord: Llanowar Elves gets +1/+1 and mountainwalk, Goblin Piker no longer does."""
    t = mtg.solve(mtg.load_scenario("classic/artificial-evolution"))
    assert order(t, "3") == ["evolution"]
    assert t.final["king"].abilities == ("Other Elf creatures get +1/+1 and have mountainwalk.",)
    assert pt(t, "elves") == (2, 2) and "Mountainwalk" in t.final["elves"].abilities
    assert pt(t, "piker") == (2, 1)


def test_text_change_dependency() -> None:
    """613.8a "A's text": a text-changing effect that rewrites another text-changing ability is
    depended on (both in layer 3)."""
    t = solve_text("""
        game: mtg
        players: [Ann]
        objects:
          - id: hack
            name: Hacker
            types: [Enchantment]
            abilities:
              - text: Lands you control are Swamps.
                static: {affects: lands you control, type: {add: [Swamp]}}
              - key: evolve
                text: "Change the text of Hacker: Swamp becomes Island."
                static: {affects: this, text_change: {from: Swamp, to: Island}}
          - {id: land, card: Wasteland}
    """)
    assert order(t, "3") == ["hack.evolve"]
    assert t.final["land"].subtypes == ("Island",)


def test_verdict_cache_gives_the_same_trace_as_judging_from_scratch() -> None:
    """The verdict cache is only a cache: a generated board solves to the same trace with it off."""
    from rulekit.mtg.generate import board

    s = board(160, 40, seed=3)
    with_cache = mtg.solve(s).to_json()
    caches.CACHE_VERDICTS = False
    try:
        without = mtg.solve(s).to_json()
    finally:
        caches.CACHE_VERDICTS = True
    assert with_cache == without


def test_dependency_false_is_pure_timestamp_order() -> None:
    """``dependency=False`` (benchmarks and comparison): Urborg (older) applies before Blood Moon."""
    t = mtg.solve(mtg.load_scenario("classic/urborg-then-blood-moon"), dependency=False)
    assert order(t, "4") == ["urborg", "blood-moon"]
    assert t.dependencies == ()


def test_other_excludes_a_source_that_an_earlier_effect_made_what_it_names() -> None:
    """An effect's set, kept up to date from the objects that changed signature, leaves out its
    own source when it says "other", also when the applied effect touched that source and made
    it something the selector names (the idol becomes an artifact creature, yet it is not one of
    the "other creatures"). The march applies first (613.8a: the idol's effect depends on it)."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears}
      - {id: rock, name: Rock, types: [Artifact]}
      - id: idol
        name: Idol
        types: [Artifact]
        abilities:
          - text: "Other creatures are Zombies in addition to their other types."
            static: {affects: "other creatures", type: {add: [Zombie]}}
      - id: march
        name: March
        types: [Enchantment]
        abilities:
          - text: "Each artifact is a creature in addition to its other types."
            static: {affects: "artifacts", type: {add: [Creature]}}
    """)
    assert ("idol", "march") in deps(t)
    assert "Creature" in t.final["idol"].types and "Zombie" not in t.final["idol"].subtypes
    assert "Zombie" in t.final["rock"].subtypes and "Zombie" in t.final["bears"].subtypes


def test_a_rewritten_selector_names_what_its_new_words_say() -> None:
    """612.2 with 613.8a in layer 3: the hack rewrites the scribe's text-changing ability ("Elf"
    becomes "Goblin") and applies first, as the scribe's effect depends on it; the scribe's
    effect then changes the text of Goblin creatures, not of Elf creatures, although nothing a
    selector reads about those creatures changed."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - {id: elf, name: Elf Scout, types: [Creature], subtypes: [Elf], power: 1, toughness: 1,
         abilities: [{text: Protection from red}]}
      - {id: gob, name: Goblin Scout, types: [Creature], subtypes: [Goblin], power: 1, toughness: 1,
         abilities: [{text: Protection from red}]}
      - id: scribe
        name: Scribe
        types: [Enchantment]
        abilities:
          - text: "Change the text of Elf creatures: red becomes blue."
            static: {affects: Elf creatures, text_change: {from: red, to: blue}}
      - id: hack
        name: Hack
        types: [Enchantment]
        abilities:
          - text: "Change the text of Scribe: Elf becomes Goblin."
            static: {affects: scribe, text_change: {from: Elf, to: Goblin}}
    """)
    assert order(t, "3") == ["hack", "scribe"]
    assert t.final["gob"].abilities == ("Protection from blue",)
    assert t.final["elf"].abilities == ("Protection from red",)


def test_what_an_effect_with_parameters_does_is_judged_for_that_effect() -> None:
    """613.8a with two Control Magics: Ann's takes a bear from Bo, so the raid ("gain control of
    all creatures your opponents control") applies to one creature fewer: it depends on Ann's
    aura. Bo's aura on Bo's other bear changes nothing the raid applies to: no dependency. The
    two auras have one text; what they do (who gains control) still differs."""
    t = solve_text("""
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bear1, card: Grizzly Bears, controller: Bo}
      - {id: bear2, card: Grizzly Bears, controller: Bo}
      - {id: cm_ann, card: Control Magic, controller: Ann, attached_to: bear1}
      - {id: cm_bo, card: Control Magic, controller: Bo, attached_to: bear2}
      - id: raid
        name: Raid
        types: [Enchantment]
        controller: Ann
        abilities:
          - text: "You control all creatures your opponents control."
            static: {affects: creatures your opponents control, control: you}
    """)
    raid = next(e.id for e in t.effects if e.source == "raid")
    ann = next(e.id for e in t.effects if e.source == "cm_ann")
    bo = next(e.id for e in t.effects if e.source == "cm_bo")
    assert (raid, ann) in deps(t)
    assert (raid, bo) not in deps(t)


def test_an_object_that_leaves_a_set_no_longer_counts_in_a_kept_verdict() -> None:
    """613.8a(b) judged again after a step (613.8c): the Bell depends on Urborg, which would make
    the Forests and Urborg itself Swamps (four lands). The spell, applied first, makes one Forest
    a Frog creature and no land: it leaves Urborg's set, so Urborg would now change what the
    Bell applies to by three lands. Each step shows the count judged before it."""
    t = solve_text("""
    game: mtg
    players: [Ann]
    objects:
      - id: frogify
        name: Frog Spell
        types: [Enchantment]
        abilities:
          - text: "Forest is a 1/1 Frog creature with no other types."
            static: {affects: "f1", type: {set_types: [Creature], set_subtypes: [Frog]}}
      - {id: f1, card: Forest}
      - {id: f2, card: Forest}
      - {id: f3, card: Forest}
      - {id: s1, card: Swamp}
      - {id: urborg, card: "Urborg, Tomb of Yawgmoth"}
      - {id: bell, card: Kormus Bell}
    """)
    assert order(t, "4") == ["frogify", "urborg", "bell"]
    counts = [
        dict(d.params)["gained_count"]
        for s in t.steps
        if s.layer == "4"
        for d in s.dependencies
        if d.effect == "bell" and d.depends_on == "urborg"
    ]
    assert counts == [4, 3]


@pytest.mark.parametrize(("islands_first", "dependency"), [(True, False), (True, True), (False, True)])
def test_an_as_long_as_effect_is_asked_again_after_each_step_of_its_layer(
    islands_first: bool, dependency: bool
) -> None:
    """611.3b: an "as long as" static ability's effect exists only while its condition holds,
    asked before each step. A layer-4 effect makes one of Ann's two Forests an Island, so the
    Grove Spirit's own layer-4 effect ("as long as you control two or more Forests") ends once
    it has applied: in timestamp order when the Island-maker is earlier, and by dependency
    (613.8a, existence) when it is later."""
    maker = """
      - id: maker
        name: Island Maker
        types: [Enchantment]
        abilities:
          - text: "f1 is an Island."
            static: {affects: "f1", type: {set_subtypes: [Island]}}"""
    spirit = """
      - id: spirit
        name: Grove Spirit
        types: [Creature]
        power: 1
        toughness: 1
        abilities:
          - text: "As long as you control two or more Forests, Grove Spirit is an artifact in addition
              to its other types."
            static: {affects: this, condition: "you control two or more Forests", type: {add: [Artifact]}}"""
    first, second = (maker, spirit) if islands_first else (spirit, maker)
    t = solve_text(
        f"""
    game: mtg
    players: [Ann]
    objects:{first}{second}
      - {{id: f1, card: Forest, controller: Ann}}
      - {{id: f2, card: Forest, controller: Ann}}
    """,
        dependency=dependency,
    )
    assert order(t, "4") == ["maker"]
    assert t.final["f1"].subtypes == ("Island",)
    assert "Artifact" not in t.final["spirit"].types
    assert not t.effect("spirit").active


def test_effects_of_one_text_for_two_players_follow_a_step_each_for_its_own_you() -> None:
    """613.8c: after Urborg applies, every land is a Swamp; each player's "Swamps you control"
    effect then names its own player's lands only ("you" is its source's controller), though
    both effects have one text and the same lands changed for both."""
    lord = """
        name: Swamp Smith
        types: [Enchantment]
        abilities:
          - text: "Swamps you control are artifacts in addition to their other types."
            static: {affects: "Swamps you control", type: {add: [Artifact]}}"""
    t = solve_text(f"""
    game: mtg
    players: [Ann, Bob]
    objects:
      - {{id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: Ann}}
      - id: smith-ann
        controller: Ann{lord}
      - id: smith-bob
        controller: Bob{lord}
      - {{id: ann-forest, card: Forest, controller: Ann}}
      - {{id: bob-forest, card: Forest, controller: Bob}}
      - {{id: bob-swamp, card: Swamp, controller: Bob}}
    """)
    assert order(t, "4")[0] == "urborg"
    assert set(step(t, "smith-ann", "4").objects) == {"urborg", "ann-forest"}
    assert set(step(t, "smith-bob", "4").objects) == {"bob-forest", "bob-swamp"}
    for oid in ("urborg", "ann-forest", "bob-forest", "bob-swamp"):
        assert "Artifact" in t.final[oid].types


def test_effects_of_one_text_on_the_same_objects_each_get_their_own_verdicts() -> None:
    """Two Humilities (creatures by Opalescence) apply to the same objects: each verdict against
    one is judged once for both (``Judge.judge``'s ``across``, only a cache), and each
    dependency still names its own Humility -- the trace is the one judging every pair gives."""
    text = """
game: mtg
name: two-humilities
players: [Ann]
objects:
  - {id: opal, card: Opalescence}
  - {id: hum1, card: Humility}
  - {id: hum2, card: Humility}
  - {id: king, card: Goblin King}
  - {id: king2, card: Goblin King}
  - {id: piker, card: Goblin Piker}
"""
    t = solve_text(text)
    six = [d for d in t.dependencies if d.layer == "6"]
    assert {(d.effect, d.depends_on) for d in six} >= {
        ("king", "hum1"),
        ("king", "hum2"),
        ("king2", "hum1"),
        ("king2", "hum2"),
    }
    names = {e.id: e.name for e in t.effects}
    for d in six:
        params = dict(d.params)
        assert params["by"] == names[d.depends_on] and params["effect"] == names[d.effect], d
    with_cache = t.to_json()
    caches.CACHE_VERDICTS = False
    try:
        without = solve_text(text).to_json()
    finally:
        caches.CACHE_VERDICTS = True
    assert with_cache == without


def test_a_pair_left_aside_is_judged_once_its_object_joins_the_set() -> None:
    """613.8a, 613.8c: Blood Moon can change the Idol's effect only by applying to the Idol (305.7:
    it would take its ability away), so while the Idol is no land the pair is left aside
    (``Judge.split_of``; Blood Moon applies to the Wasteland from the start). An earlier effect
    makes artifacts lands: the Idol joins Blood Moon's set, the pair is judged, the Idol's
    effect now depends on Blood Moon (existence) and never applies -- as judging every pair
    afresh finds."""
    text = """
game: mtg
players: [Ann]
objects:
  - id: maker
    name: Land Maker
    types: [Enchantment]
    abilities:
      - text: "Artifacts are lands in addition to their other types."
        static: {affects: artifacts, type: {add: [Land]}}
  - id: idol
    name: Tree Idol
    types: [Artifact]
    abilities:
      - text: "Creatures you control are Treefolk in addition to their other types."
        static: {affects: creatures you control, type: {add: [Treefolk]}}
  - {id: moon, card: Blood Moon}
  - {id: waste, card: Wasteland}
  - {id: bears, card: Grizzly Bears}
"""
    t = solve_text(text)
    assert ("idol", "moon") in deps(t)
    assert order(t, "4") == ["maker", "moon"]
    assert not t.effect("idol").active
    assert "Treefolk" not in t.final["bears"].subtypes
    pruning.PRUNE, caches.CACHE_VERDICTS = False, False
    try:
        full = solve_text(text).to_json()
    finally:
        pruning.PRUNE, caches.CACHE_VERDICTS = True, True
    assert t.to_json() == full
