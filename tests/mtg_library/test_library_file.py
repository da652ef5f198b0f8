"""The classic card file itself: it loads with the library's own checks, holds the classic cards
the layer articles use, and the language can say what their Oracle texts say.

The selector phrases of the cards' Oracle texts are checked to parse as the rules read them.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from rulekit import mtg
from rulekit.mtg.selectors import parse_selector

from ._helpers import classic_cards

DATA = Path(mtg.__file__).resolve().parent.parent / "data" / "mtg"

#: the classic cards the library must hold (the two legendary lands are single cards).
CLASSICS = (
    "Opalescence",
    "Urborg, Tomb of Yawgmoth",
    "Magus of the Moon",
    "Conspiracy",
    "Painter's Servant",
    "Mycosynth Lattice",
    "March of the Machines",
    "Glorious Anthem",
    "Honor of the Pure",
    "Giant Growth",
    "Twisted Image",
    "Tarmogoyf",
    "Lignify",
    "Turn to Frog",
    "Sudden Spoiling",
    "Clone",
    "Control Magic",
    "Life and Limb",
    "Dryad of the Ilysian Grove",
    "Yavimaya, Cradle of Growth",
    "Kormus Bell",
    "Spreading Seas",
    "Grizzly Bears",
    "Llanowar Elves",
    "Wild Mongrel",
    "Dryad Arbor",
    "Mutavault",
    "Starfield of Nyx",
)
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
#: Classic cards defined in cards.yaml rather than cards-classic.yaml (Conspiracy was added there
#: when the selector language learned "you own"; a name may live in one file only).
ELSEWHERE = {"Conspiracy": "cards.yaml"}


def test_classic_file_validates_with_the_library_checks() -> None:
    cards = classic_cards()
    assert cards, "cards-classic.yaml holds no card"
    vanilla = {"Grizzly Bears", "Llanowar Elves", "Dryad Arbor"}
    for name, card in cards.items():
        assert card["name"] == name
        effects = [a for a in card["abilities"] if isinstance(a, dict)]
        assert all(a.get("text") for a in effects), f"{name}: an ability without its Oracle text"
        generating = [a for a in effects if any(a.get(k) for k in ("static", "cda", "resolves"))]
        assert bool(generating) == (name not in vanilla), name


def test_classic_file_holds_every_classic() -> None:
    names = set(classic_cards())
    missing = [c for c in CLASSICS if c not in names and c not in ELSEWHERE]
    assert not missing
    assert names <= set(CLASSICS)
    for name, file in ELSEWHERE.items():
        assert name in _names(DATA / file)


def test_library_holds_the_classics_and_the_basics() -> None:
    """The library (whatever file a card comes from) holds every classic and basic."""
    library = set(mtg.list_cards())
    assert not [c for c in (*CLASSICS, *BASICS) if c not in library]


def test_classic_cards_use_the_printed_characteristics() -> None:
    """A few characteristics that rulings depend on (mana value for Opalescence/March; Kindred for
    Tarmogoyf's count; colour indicator of Dryad Arbor; Legendary for the legend rule)."""
    cards = classic_cards()
    assert cards["Spreading Seas"]["mana_value"] == 2
    assert cards["Dryad of the Ilysian Grove"]["mana_value"] == 3
    assert cards["Mycosynth Lattice"]["mana_value"] == 6
    assert cards["Lignify"]["types"] == ["Kindred", "Enchantment"]
    assert cards["Dryad Arbor"]["colors"] == ["green"]
    assert cards["Urborg, Tomb of Yawgmoth"]["supertypes"] == ["Legendary"]
    assert cards["Yavimaya, Cradle of Growth"]["supertypes"] == ["Legendary"]
    assert cards["Painter's Servant"]["colors"] == []


def _names(path: Path) -> list[str]:
    return [c["name"] for c in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]


def test_card_names_are_unique_across_card_files_and_all_are_loaded() -> None:
    """Every rulekit/data/mtg/cards*.yaml file is loaded and no name is in two of them."""
    files = sorted(DATA.glob("cards*.yaml"))
    assert len(files) >= 2
    seen: dict[str, str] = {}
    for f in files:
        for name in _names(f):
            assert name not in seen, f"{name} is in {seen.get(name)} and {f.name}"
            seen[name] = f.name
    assert set(mtg.list_cards()) == set(seen)


def test_oracle_phrase_cards_that_arent_on_the_battlefield_parses() -> None:
    """Painter's Servant and Mycosynth Lattice: "All cards that aren't on the battlefield, spells,
    and permanents" is three zones: everything but the battlefield, the stack, the battlefield."""
    sel = parse_selector("all cards that aren't on the battlefield, spells, and permanents")
    assert [p.zone for p in sel.parts] == ["not_battlefield", "stack", "battlefield"]


def test_conspiracy_selector_parses() -> None:
    """Conspiracy: creatures you control, creature spells you control, creature cards you *own*
    that aren't on the battlefield (ownership, not control, outside the battlefield: 108.3)."""
    sel = parse_selector(
        "creatures you control, creature spells you control, and creature cards you own "
        "that aren't on the battlefield"
    )
    assert len(sel.parts) == 3
    assert [p.zone for p in sel.parts] == ["battlefield", "stack", "not_battlefield"]
    assert ("owner", "is", "you") in [(c.attr, c.op, c.value) for c in sel.parts[2].conds]
    assert ("controller", "is", "you") in [(c.attr, c.op, c.value) for c in sel.parts[1].conds]
