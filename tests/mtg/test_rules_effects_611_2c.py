"""Rules effects beyond hand size and attack requirements (613.11), and 611.2c's two sets.

611.2c: a continuous effect from a resolving spell or ability that changes objects'
characteristics or controller fixes the set it affects when it begins; one that changes neither
changes the rules of the game, so it can affect objects that were not affected when it began. The
CR's own examples: "All white creatures get +1/+1 until end of turn" gives the bonus only to the
white creatures of the moment; "Prevent all damage creatures would deal this turn" also applies
to creatures that were not on the battlefield then, and to permanents that become creatures later.
A static ability's effect applies to whatever qualifies at each moment (611.3a).

Forms: damage prevention (615), "can't gain life" (119.7), cost changes (601.2f).
"""

from __future__ import annotations

import json

import pytest

from rulekit.cli import main
from rulekit.errors import ScenarioError
from tests.mtg_library._helpers import load_text, solve_text

#: "Prevent all damage creatures would deal this turn" resolves; then a creature enters and a land
#: becomes a creature (a manland), and "All white creatures get +1/+1 until end of turn" resolves
#: before them as the characteristic-changing contrast.
EXAMPLES = """
game: mtg
players: [Ann, Bo]
objects:
  - {id: knight, name: White Knight, types: [Creature], colors: [white], power: 2, toughness: 2,
     controller: Ann}
  - {id: bears, card: Grizzly Bears, controller: Bo}
  - {id: later, name: Savannah Lions, types: [Creature], colors: [white], power: 2, toughness: 1,
     controller: Ann, zone: hand}
  - {id: land, name: Mutavault, types: [Land], controller: Bo}
events:
  - resolve: {effect: {affects: white creatures, duration: until end of turn,
              modify_pt: {power: 1, toughness: 1}}, controller: Ann, id: anthem}
  - resolve: {effect: {affects: creatures, duration: until end of turn, rules: {prevent_damage: all}},
              controller: Ann, id: holy-day}
  - enter: later
  - resolve: {effect: {affects: this, duration: until end of turn, type: {add: [Creature]},
              set_pt: {power: 2, toughness: 2}}, source: land, controller: Bo, id: animate}
"""


def test_611_2c_example_characteristics_are_locked() -> None:
    """The white creature that entered afterward gets no bonus; the one there then does."""
    t = solve_text(EXAMPLES)
    assert (t.final["knight"].power, t.final["knight"].toughness) == (3, 3)
    assert (t.final["later"].power, t.final["later"].toughness) == (2, 1)


def test_611_2c_example_prevention_is_a_rules_change_not_locked() -> None:
    """ "Prevent all damage creatures would deal this turn": the creature that entered later and the
    land that became a creature later are covered too; the effect has no locked set."""
    t = solve_text(EXAMPLES)
    prevented = t.rules["prevent_damage"]
    assert prevented == {"bears": "all", "knight": "all", "later": "all", "land": "all"}
    info = next(e for e in t.effects if e.id == "holy-day")
    assert info.locked is None
    assert next(e for e in t.effects if e.id == "anthem").locked == ("knight",)


def test_a_requirement_from_a_resolved_spell_is_not_locked() -> None:
    """A resolved "creatures you control attack this turn if able" is a rules change as well: a
    creature that enters under its controller afterward must attack too."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: later, card: Grizzly Bears, controller: Ann, zone: hand}
    events:
      - resolve: {effect: {affects: creatures you control, duration: until end of turn,
                  rules: {requirement: attacks this turn if able}}, controller: Ann, id: charge}
      - enter: later
    """
    t = solve_text(text)
    assert set(t.rules["requirements"]) == {"bears", "later"}


def test_fog_prevents_every_source_combat_damage() -> None:
    """ "Prevent all combat damage that would be dealt this turn" (Fog) names no source."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Bo}
    events:
      - resolve: {effect: {duration: until end of turn, rules: {prevent_damage: combat}},
                  controller: Ann, id: fog}
    """
    t = solve_text(text)
    assert t.rules["prevent_damage"] == {"*": "combat"}
    ended = solve_text(text.rstrip(" ") + "      - end_of_turn\n")
    assert "prevent_damage" not in ended.rules


def test_players_cant_gain_life_static_and_resolved() -> None:
    """119.7: a static "Your opponents can't gain life" and a resolved "Players can't gain life
    this turn"."""
    text = """
    game: mtg
    players: [Ann, Bo, Cy]
    objects:
      - {id: erebos, name: Erebos Idol, types: [Artifact], controller: Ann,
         abilities: [{text: "Your opponents can't gain life.",
                      static: {players: each opponent, rules: {cant_gain_life: true}}}]}
    """
    t = solve_text(text)
    assert t.rules["cant_gain_life"] == {"Bo": True, "Cy": True}
    t2 = solve_text(
        text.rstrip(" ")
        + "    events:\n      - resolve: {effect: {players: each player, duration: until end of turn,"
        " rules: {cant_gain_life: true}}, controller: Bo, id: skullcrack}\n"
    )
    assert t2.rules["cant_gain_life"] == {"Ann": True, "Bo": True, "Cy": True}


def test_cost_changes_add_up_and_follow_what_qualifies_now() -> None:
    """601.2f: "Noncreature spells cost {1} more to cast" (a static ability: it applies to whatever
    qualifies now) and "Creature spells you cast cost {1} less"; a spell's mana value does not
    change (202.3b: it is the mana cost's)."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: thalia, name: Thalia Statue, types: [Artifact], controller: Bo,
         abilities: [{text: "Noncreature spells cost {1} more to cast.",
                      static: {affects: noncreature spells, rules: {cost: {add: 1}}}}]}
      - {id: sphere, name: Sphere Statue, types: [Artifact], controller: Bo,
         abilities: [{text: "Spells cost {1} more to cast.",
                      static: {affects: spells, rules: {cost: {add: 1}}}}]}
      - {id: helper, name: Cost Helper, types: [Artifact], controller: Ann,
         abilities: [{text: "Creature spells you cast cost {1} less to cast.",
                      static: {affects: creature spells you control, rules: {cost: {add: -1}}}}]}
      - {id: bolt, name: Lightning Bolt, types: [Instant], colors: [red], mana_value: 1,
         controller: Ann, zone: stack}
      - {id: bears, card: Grizzly Bears, controller: Ann, zone: stack}
      - {id: other, card: Grizzly Bears, controller: Bo, zone: stack}
    """
    t = solve_text(text)
    assert t.rules["cost_change"] == {"bolt": 2, "bears": 0, "other": 1}
    assert t.final["bolt"].mana_value == 1


def test_json_gives_the_new_rules(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(EXAMPLES, encoding="utf-8")
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["prevent_damage"]["later"] == "all"


def test_the_steps_render_in_each_language() -> None:
    from rulekit.views.reasons import explain_step

    t = solve_text(EXAMPLES)
    k = next(i for i, s in enumerate(t.steps) if s.layer == "rules") + 1
    en = explain_step(t, k, "en")
    assert "damage prevented" in en and "all damage" in en
    assert "dano prevenido" in explain_step(t, k, "pt-BR")
    assert "daño prevenido" in explain_step(t, k, "es")


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ("{prevent_damage: some}", "prevent_damage"),
        ("{cost: {add: 1000}}", "add"),
        ("{cost: {add: lots}}", "add"),
        ("{cost: {add: true}}", "add"),
    ],
)
def test_bad_rules_are_one_clear_line(rules: str, field: str) -> None:
    text = f"""
    game: mtg
    players: [Ann]
    objects:
      - {{id: x, name: X, types: [Artifact], controller: Ann,
         abilities: [{{text: t, static: {{affects: spells, rules: {rules}}}}}]}}
    """
    with pytest.raises(ScenarioError) as e:
        load_text(text)
    assert field in str(e.value) and "\n" not in str(e.value)


def test_text_output_names_the_rules_in_words(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(EXAMPLES, encoding="utf-8")
    assert main(["solve", str(path), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "daño prevenido (later): todo el daño" in out


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 611.2c example")
    t = solve_text(doc[start : doc.index("```", start)])
    assert t.rules["prevent_damage"] == {"knight": "all", "lions": "all", "vault": "all"}
    assert (t.final["knight"].power, t.final["lions"].power) == (3, 2)
    for form in ("{prevent_damage: combat}", "{cant_gain_life: true}", "{cost: {add: 1}}"):
        assert form in doc


def test_the_players_table_names_the_rules_in_each_language() -> None:
    """The explorer's players-and-rules table, after every step and part way (replayed changes)."""
    from rulekit.views.mtg import players_table, rules_after

    t = solve_text(EXAMPLES)
    rows = players_table(t, lang="pt-BR").rows
    assert ("later", "dano prevenido", "— → todo dano") in rows
    k = next(i for i, s in enumerate(t.steps) if s.layer == "rules") + 1
    assert rules_after(t, k)["prevent_damage"] == t.rules["prevent_damage"]
    fog = solve_text(
        """
        game: mtg
        players: [Ann]
        events:
          - resolve: {effect: {duration: until end of turn, rules: {prevent_damage: combat}}, controller: Ann}
        """
    )
    assert ("toda fuente", "daño prevenido", "— → daño de combate") in players_table(fog, lang="es").rows


def test_each_part_of_one_effect_sets_its_own_objects() -> None:
    """611.2c: "If a single continuous effect has parts that modify the characteristics ... and
    other parts that don't, the set of objects each part applies to is determined independently":
    "Creatures you control get +1/+0 and attack this turn if able" — the creature that enters
    afterward gets no +1/+0 but must attack."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: bears, card: Grizzly Bears, controller: Ann}
      - {id: later, card: Grizzly Bears, controller: Ann, zone: hand}
    events:
      - resolve: {effect: {affects: creatures you control, duration: until end of turn,
                  modify_pt: {power: 1, toughness: 0}, rules: {requirement: attacks this turn if able}},
                  controller: Ann, id: charge}
      - enter: later
    """
    t = solve_text(text)
    assert (t.final["bears"].power, t.final["later"].power) == (3, 2)
    assert set(t.rules["requirements"]) == {"bears", "later"}
