"""Words of the game: card types, supertypes, subtypes, colours, basic land types (CR 205, 305.6).

These lists let the engine sort a word into card type / subtype / supertype (205.1-205.4),
recognise a colour word (105.1), and know each basic land type's intrinsic mana ability
(305.6). They are vocabulary, not card rules.
"""

from __future__ import annotations

#: CR 205.2a card types.
CARD_TYPES = (
    "Artifact",
    "Battle",
    "Conspiracy",
    "Creature",
    "Dungeon",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Phenomenon",
    "Plane",
    "Planeswalker",
    "Scheme",
    "Sorcery",
    "Tribal",
    "Vanguard",
)
#: CR 205.4a supertypes.
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
#: CR 105.1 colours, lowercase English (the JSON contract's spelling).
COLORS = ("white", "blue", "black", "red", "green")
#: CR 305.6: basic land types and their intrinsic "{T}: Add {X}." abilities.
BASIC_LAND_TYPES = {
    "Plains": "{T}: Add {W}.",
    "Island": "{T}: Add {U}.",
    "Swamp": "{T}: Add {B}.",
    "Mountain": "{T}: Add {R}.",
    "Forest": "{T}: Add {G}.",
}
#: CR 205.3i land types (basic ones first).
LAND_TYPES = (
    *BASIC_LAND_TYPES,
    "Cave",
    "Desert",
    "Gate",
    "Lair",
    "Locus",
    "Mine",
    "Power-Plant",
    "Sphere",
    "Tower",
    "Urza's",
)
ARTIFACT_TYPES = (
    "Attraction",
    "Blood",
    "Clue",
    "Contraption",
    "Equipment",
    "Food",
    "Fortification",
    "Gold",
    "Incubator",
    "Map",
    "Powerstone",
    "Treasure",
    "Vehicle",
)
ENCHANTMENT_TYPES = (
    "Aura",
    "Background",
    "Cartouche",
    "Case",
    "Class",
    "Curse",
    "Role",
    "Room",
    "Rune",
    "Saga",
    "Shard",
    "Shrine",
)
SPELL_TYPES = ("Adventure", "Arcane", "Lesson", "Trap")
PLANESWALKER_TYPES = (
    "Ajani",
    "Chandra",
    "Elspeth",
    "Garruk",
    "Gideon",
    "Jace",
    "Liliana",
    "Nissa",
    "Sorin",
    "Tezzeret",
    "Teferi",
    "Ugin",
    "Karn",
)
#: CR 205.3m creature types (the ones the library and lessons use, plus common ones).
CREATURE_TYPES = (
    "Advisor",
    "Angel",
    "Ape",
    "Assassin",
    "Avatar",
    "Bat",
    "Bear",
    "Beast",
    "Bird",
    "Cat",
    "Cleric",
    "Construct",
    "Demon",
    "Devil",
    "Djinn",
    "Dog",
    "Dragon",
    "Drake",
    "Druid",
    "Dryad",
    "Dwarf",
    "Elemental",
    "Elf",
    "Faerie",
    "Frog",
    "Fungus",
    "Giant",
    "Goblin",
    "Golem",
    "Horror",
    "Horse",
    "Human",
    "Hydra",
    "Illusion",
    "Insect",
    "Knight",
    "Kraken",
    "Lhurgoyf",
    "Lizard",
    "Merfolk",
    "Monk",
    "Ogre",
    "Orc",
    "Pirate",
    "Nymph",
    "Rat",
    "Rogue",
    "Saproling",
    "Scarecrow",
    "Scout",
    "Serpent",
    "Shade",
    "Shaman",
    "Shapeshifter",
    "Skeleton",
    "Snake",
    "Soldier",
    "Sphinx",
    "Spider",
    "Spirit",
    "Squirrel",
    "Treefolk",
    "Troll",
    "Vampire",
    "Vedalken",
    "Wall",
    "Warrior",
    "Wizard",
    "Wolf",
    "Wurm",
    "Zombie",
)
SUBTYPES = (
    *LAND_TYPES,
    *ARTIFACT_TYPES,
    *ENCHANTMENT_TYPES,
    *SPELL_TYPES,
    *PLANESWALKER_TYPES,
    *CREATURE_TYPES,
)
#: Shown among subtypes for an object that has every creature type (Changeling, Mutavault).
ALL_CREATURE_TYPES = "(all creature types)"
ZONES = ("battlefield", "graveyard", "hand", "library", "exile", "stack", "command")
#: Keyword abilities the loader recognises (spelled as printed); other strings are rules text.
KEYWORDS = (
    "Deathtouch",
    "Defender",
    "Double strike",
    "First strike",
    "Flash",
    "Flying",
    "Haste",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Reach",
    "Shroud",
    "Split second",
    "Trample",
    "Vigilance",
    "Changeling",
    "Infect",
    "Mountainwalk",
    "Islandwalk",
    "Swampwalk",
    "Forestwalk",
    "Plainswalk",
    "Enchant creature",
    "Enchant land",
    "Enchant permanent",
    "Morph",
)
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "zero": 0,
}


def type_kind(word: str) -> str:
    """``"types"``, ``"supertypes"`` or ``"subtypes"`` for a type word (205.1).

    >>> type_kind("Creature"), type_kind("Legendary"), type_kind("Goblin")
    ('types', 'supertypes', 'subtypes')
    """
    if word in CARD_TYPES:
        return "types"
    if word in SUPERTYPES:
        return "supertypes"
    return "subtypes"


def subtype_family(word: str) -> str:
    """Which card type a subtype belongs to (205.3): ``land``, ``creature``, ``artifact``..."""
    if word in LAND_TYPES:
        return "land"
    if word in ARTIFACT_TYPES:
        return "artifact"
    if word in ENCHANTMENT_TYPES:
        return "enchantment"
    if word in PLANESWALKER_TYPES:
        return "planeswalker"
    if word in SPELL_TYPES:
        return "spell"
    return "creature"


_IRREGULAR = {
    "Elf": "Elves",
    "Wolf": "Wolves",
    "Dwarf": "Dwarves",
    "Plains": "Plains",
    "Fungus": "Fungi",
    "Sorcery": "Sorceries",
    "Ally": "Allies",
    "Mercenary": "Mercenaries",
    "Fox": "Foxes",
    "Sphinx": "Sphinxes",
    "Merfolk": "Merfolk",
}
_SINGULAR = {v: k for k, v in _IRREGULAR.items()}


def plural(word: str) -> str:
    """English plural of a type word: ``Goblin -> Goblins``, ``Elf -> Elves``."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy")):
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def singular(word: str) -> str:
    """Inverse of :func:`plural` for the words above (best effort)."""
    if word in _SINGULAR:
        return _SINGULAR[word]
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word
