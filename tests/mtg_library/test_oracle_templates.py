"""Templates of Oracle text the reader reads (rulekit/mtg/oracle), each from the rule it follows, with
paraphrases and near misses that must not be read the same. Expected specs are written from the CR and
LANGUAGE.md §3, not from the reader's output; the solved checks use small boards with expected values
from the rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekit.i18n import translator
from rulekit.mtg.oracle import read_ability
from rulekit.mtg.oracle.compare import same

from ._helpers import pt, solve_text, view


def _read(text: str, name: str = "") -> tuple[str, dict[str, Any]]:
    r = read_ability(text, name)
    assert r.status == "read", r.to_dict()
    return r.kind, r.spec


# ------------------------------------------------------------------ 601.2f cost changes
@pytest.mark.parametrize(
    ("text", "affects", "n"),
    [
        ("Creature spells you cast cost {1} less to cast.", "creature spells you control", -1),
        (
            "Instant and sorcery spells you cast cost {1} less to cast.",
            "instant spells you control and sorcery spells you control",
            -1,
        ),
        ("Noncreature spells cost {1} more to cast.", "noncreature spells", 1),
        (
            "Artifact spells your opponents cast cost {2} more to cast.",
            "artifact spells your opponents control",
            2,
        ),
    ],
)
def test_601_2f_cost_changes(text: str, affects: str, n: int) -> None:
    kind, spec = _read(text)
    assert kind == "static"
    assert same(spec, {"affects": affects, "rules": {"cost": {"add": n}}}), spec


def test_a_cost_change_keeps_its_number_and_direction() -> None:
    _, less = _read("Creature spells you cast cost {1} less to cast.")
    _, more = _read("Creature spells you cast cost {1} more to cast.")
    _, two = _read("Creature spells you cast cost {2} less to cast.")
    assert less["rules"] != more["rules"] and less["rules"] != two["rules"]


# ------------------------------------------------------------------ 612.2 text changes
@pytest.mark.parametrize(
    ("what", "word"),
    [("color word", "color"), ("basic land type", "land type"), ("creature type", "type")],
)
def test_612_2_text_change(what: str, word: str) -> None:
    text = (
        f"Change the text of target spell or permanent by replacing all instances of one {what} with another."
    )
    kind, spec = _read(text)
    assert kind == "resolves"
    want = {
        "affects": "targets",
        "text_change": {"from": f"{{chosen old {word}}}", "to": f"{{chosen new {word}}}"},
    }
    assert same(spec, want), spec


def test_a_text_change_with_a_choice_of_two_kinds_is_refused() -> None:
    """ "one color word with another or one basic land type with another" (Mind Bend): the language writes
    one kind, so the reader names the words it cannot read rather than pick one."""
    r = read_ability(
        "Change the text of target permanent by replacing all instances of one color word with another "
        "or one basic land type with another."
    )
    assert r.status == "unread" and r.phrase.startswith("or one basic")


# ------------------------------------------------------------------ "loses all other ..." (205.1a, 613.1f)
def test_loses_all_other_card_types_and_abilities() -> None:
    """Imprisoned in the Moon: the new card type replaces the old (205.1a), the granted mana ability is
    the only one left (613.1f)."""
    _, spec = _read(
        'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and '
        "abilities."
    )
    want = {
        "affects": "enchanted permanent",
        "type": {"set_types": ["Land"]},
        "color": {"set": []},
        "abilities": {"remove_all": True, "add": ["{T}: Add {C}."]},
    }
    assert same(spec, want), spec


def test_205_1b_a_creature_type_artifact_creature_replaces_creature_types_only() -> None:
    """205.1b: "[creature types] artifact creature" keeps the prior card types and replaces the creature
    types; "loses all other ... card types" then sets the card types too (Darksteel Mutation)."""
    _, spec = _read("Target creature becomes an Insect artifact creature until end of turn.")
    assert spec["type"] == {"add": ["Artifact", "Creature"], "set_subtypes": ["Insect"]}
    _, spec = _read(
        "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has "
        "indestructible, and it loses all other abilities, card types, and creature types."
    )
    assert spec["type"] == {"set_types": ["Artifact", "Creature"], "set_subtypes": ["Insect"]}
    assert spec["abilities"] == {"remove_all": True, "add": ["Indestructible"]}


def test_darksteel_mutation_on_an_enchanted_land_creature() -> None:
    """Solved: a Dryad Arbor-like land creature (Land Creature, Forest Dryad) under "is an Insect artifact
    creature ... loses all other card types and creature types" is an Artifact Creature Insect 0/1 with only
    indestructible; its Forest subtype goes with the Land type (205.1a)."""
    r = read_ability(
        "Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has "
        "indestructible, and it loses all other abilities, card types, and creature types."
    )
    t = solve_text(
        f"""
        game: mtg
        players: [Ann, Bo]
        objects:
          - {{id: arbor, name: Arbor, types: [Land, Creature], subtypes: [Forest, Dryad], colors: [green],
             power: 1, toughness: 1, mana_value: 0, controller: Bo}}
          - {{id: aura, name: Mutation, types: [Enchantment], subtypes: [Aura], colors: [white],
             mana_value: 2, controller: Ann, attached_to: arbor, abilities: [{{text: x, static: {r.spec}}}]}}
        """
    )
    v = view(t, "arbor")
    assert sorted(v.types) == ["Artifact", "Creature"] and v.subtypes == ("Insect",)
    assert v.abilities == ("Indestructible",) and pt(t, "arbor") == (0, 1)


def test_in_addition_to_its_other_colors_and_types() -> None:
    """105.3 / 205.1b: "is a blue Wall in addition to its other colors and types" adds both (Deep Freeze)."""
    _, spec = _read(
        "Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and "
        "is a blue Wall in addition to its other colors and types."
    )
    assert spec["color"] == {"add": ["blue"]} and spec["type"] == {"add": ["Wall"]}
    assert spec["abilities"] == {"remove_all": True, "add": ["Defender"]}
    _, plain = _read("Enchanted creature is a blue Wall in addition to its other types.")
    assert plain["color"] == {"set": ["blue"]}  # only the types are kept: the colour is set (105.3)


# ------------------------------------------------------------------ 208.2a a number beside a star
def test_208_2a_that_number_plus_one_is_printed_beside_the_star() -> None:
    r = read_ability(
        "Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness is "
        "equal to that number plus 1.",
        "Lhurgoyf",
    )
    assert r.kind == "cda" and r.printed == (("toughness", 1),)
    x = "number of creature cards in all graveyards"
    assert same(r.spec, {"set_pt": {"power": x, "toughness": x}})
    assert r.to_dict()["printed"] == {"toughness": 1}
    assert "1+*" in r.words(translator("en"))
    two = read_ability(r.text.replace("plus 1", "plus 2"), "Lhurgoyf")
    assert two.printed == (("toughness", 2),)


# ------------------------------------------------------------------ 603 a trigger's subject is "it"
def test_a_triggers_own_subject_is_what_it_names() -> None:
    kind, spec = _read(
        "Whenever Bramble Creeper attacks, it gets +5/+0 until end of turn.", "Bramble Creeper"
    )
    assert kind == "resolves" and spec["affects"] == "this"
    _, spec = _read("Whenever equipped creature attacks, it gains flying until end of turn.")
    assert spec["affects"] == "equipped creature"


def test_a_pronoun_naming_nothing_read_is_unread_never_plain() -> None:
    """A continuous effect on "it" where "it" is a creature the trigger names but no selector can: a
    located refusal, never plain text (the issue: never a silent guess)."""
    r = read_ability("Whenever a creature dies, it gets +1/+1 until end of turn.")
    assert r.status == "unread" and r.phrase.startswith("it gets")


# ------------------------------------------------------------------ 615 damage prevented
def test_615_prevent_all_combat_damage() -> None:
    kind, spec = _read("Prevent all combat damage that would be dealt this turn.")
    assert kind == "resolves"
    assert same(spec, {"duration": "until end of turn", "rules": {"prevent_damage": "combat"}})
    _, spec = _read("Prevent all damage creatures you control would deal this turn.")
    assert same(
        spec,
        {
            "affects": "creatures you control",
            "duration": "until end of turn",
            "rules": {"prevent_damage": "all"},
        },
    )


@pytest.mark.parametrize(
    "text",
    [
        "Prevent all damage that would be dealt to you and creatures you control this turn.",
        "Prevent all noncombat damage that would be dealt to equipped creature.",
        "Prevent all combat damage that would be dealt to you this turn.",
    ],
)
def test_damage_prevented_to_something_is_not_read(text: str) -> None:
    """The language prevents damage dealt (by some objects), not damage dealt *to* something."""
    assert read_ability(text).status == "unread"


def test_one_effects_instructions_in_the_order_written() -> None:
    """ "has defender, loses all abilities": defender is lost with the rest; "loses all abilities and has
    defender" and "loses all other abilities" keep it (613.1f, one effect's instructions as written)."""
    base = "Enchanted creature has base power and toughness 0/4, {}."
    _, lost = _read(base.format("has defender, loses all abilities"))
    _, kept = _read(base.format("has defender, loses all other abilities"))
    _, after = _read("Enchanted creature loses all abilities and has defender.")
    assert lost["abilities"] == {"remove_all": True}
    assert kept["abilities"] == after["abilities"] == {"remove_all": True, "add": ["Defender"]}


# ------------------------------------------------------------------ one-shots before a continuous effect
def test_a_one_shot_names_what_the_next_sentence_affects() -> None:
    """611.1: the one-shot ("Put a +1/+1 counter on each creature you control") is kept as plain text
    (a scenario writes it as an event); "Those creatures" is its set, locked as it resolves (611.2c)."""
    r = read_ability(
        "-1: Put a +1/+1 counter on each creature you control. "
        "Those creatures gain vigilance until end of turn."
    )
    assert r.status == "read" and r.kind == "resolves"
    assert same(
        r.spec,
        {
            "affects": "creatures you control",
            "duration": "until end of turn",
            "abilities": {"add": ["Vigilance"]},
        },
    )
    assert [n[0] for n in r.notes] == ["plain"]


def test_a_card_put_onto_the_battlefield_is_its_target_as_a_new_object() -> None:
    """400.7: the card put onto the battlefield is a new object the spell still finds: the effect affects the
    target, with no target rule to check on the battlefield (it was checked in the graveyard, 608.2b); a
    sorcery's effect is a resolving one even without a duration."""
    r = read_ability(
        "Put target creature card from a graveyard onto the battlefield under your control. "
        "That creature is a black Zombie in addition to its other colors and types."
    )
    assert r.status == "read" and r.kind == "resolves"
    assert r.spec == {"affects": "targets", "color": {"add": ["black"]}, "type": {"add": ["Zombie"]}}


def test_creating_tokens_is_plain_text() -> None:
    """111.1: creating a token is a one-shot (a scenario lists its tokens): plain text, not a warning; a
    continuous effect on the token ("It gains haste") names an object no selector can, so it is refused."""
    assert (
        read_ability("When this creature enters, create three 1/1 white Soldier creature tokens.").status
        == "plain"
    )
    r = read_ability("Create a 1/1 red Goblin creature token. It gains haste until end of turn.")
    assert r.status == "unread" and r.phrase.startswith("It gains")


@pytest.mark.parametrize(
    "text",
    [
        "Create " + "a " * 900 + ".",
        "Put " + "target " * 300 + "onto the battlefield.",
        "Instant " + "and sorcery " * 150 + "spells you cast cost {1} less to cast.",
        "Change the text of target spell "
        + "or permanent " * 100
        + "by replacing all instances of one color word "
        "with another.",
        "Enchanted creature loses all other " + "abilities and " * 100 + "colors.",
        "Creature spells you cast cost {99999999999} less to cast.",
        "Prevent all combat damage that would be dealt this turn" + " this turn" * 150 + ".",
    ],
)
def test_hostile_texts_of_the_new_templates_read_or_are_refused(text: str) -> None:
    r = read_ability(text[:1999])
    assert r.status in ("read", "plain", "unread")
    if r.status == "unread":
        assert 0 <= r.position <= len(r.text)
