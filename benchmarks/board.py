"""A generated benchmark board: a big MTG scenario whose effects depend on each other.

``generate_board(n_objects=500, n_effects=60, seed=0)`` returns the text of a valid scenario
(``game: mtg``) built only from library cards and a few inline definitions:

* anthems (Glorious Anthem, Honor of the Pure) and lords (Goblin King, an inline Elvish
  Champion: "Other Elf creatures get +1/+1 and have forestwalk.");
* Humility/Opalescence pairs (613.6: Humility keeps applying after losing its ability);
* land-type changers that depend on each other: Blood Moon and Magus of the Moon (Urborg and
  Yavimaya depend on them, 613.8a), Urborg (Kormus Bell depends on it), Yavimaya with Life and
  Limb (a dependency loop, 613.8b), Spreading Seas on a nonbasic land, Dryad of the Ilysian Grove,
  Quicksilver Fountain with flood counters (613.8c);
* a few others in every layer: Painter's Servant (5), Control Magic (2), Lignify (4, 6, 7b), and
  resolved spells and abilities (Giant Growth, Turn to Frog, Twisted Image, Mutavault);
* creatures and lands (plus some cards in graveyards) filling the rest.

The board has exactly ``n_objects`` objects and exactly ``n_effects`` continuous effects (static
abilities and resolved effects; Mycosynth-style multi-effect cards are not used, so one effect
card is one effect). The same arguments always give the same text.

>>> text = generate_board(60, 20, seed=1)
>>> text == generate_board(60, 20, seed=1)
True
>>> text.startswith("game: mtg")
True
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["generate_board"]

PLAYERS = ("Ann", "Bob")

#: Inline definitions (real cards that the library doesn't hold), in the scenario object form.
ELVISH_CHAMPION: dict[str, Any] = {
    "name": "Elvish Champion",
    "mana_value": 3,
    "types": ["Creature"],
    "subtypes": ["Elf"],
    "colors": ["green"],
    "power": 2,
    "toughness": 2,
    "abilities": [
        {
            "text": "Other Elf creatures get +1/+1 and have forestwalk.",
            "static": {
                "affects": "other Elf creatures",
                "abilities": {"add": ["Forestwalk"]},
                "modify_pt": {"power": 1, "toughness": 1},
            },
        }
    ],
}
SAVANNAH_LIONS: dict[str, Any] = {
    "name": "Savannah Lions",
    "mana_value": 1,
    "types": ["Creature"],
    "subtypes": ["Cat"],
    "colors": ["white"],
    "power": 2,
    "toughness": 1,
}

#: Filler creatures: (weight, card name or inline definition).
CREATURES: tuple[tuple[int, Any], ...] = (
    (5, "Grizzly Bears"),
    (4, "Llanowar Elves"),
    (3, "Goblin Piker"),
    (3, "Wild Mongrel"),
    (3, SAVANNAH_LIONS),
    (1, "Dryad Arbor"),
    (2, "Saproling"),  # a token (Life and Limb makes Saprolings lands: the Yavimaya loop)
)
#: Filler lands.
LANDS: tuple[tuple[int, str], ...] = (
    (3, "Plains"),
    (3, "Island"),
    (3, "Swamp"),
    (3, "Mountain"),
    (3, "Forest"),
    (2, "Mutavault"),
    (1, "Wasteland"),
)
NONBASIC_LANDS = ("Mutavault", "Wasteland", "Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth")
#: Cards that sit in graveyards (they feed nothing but zone-aware selectors).
GRAVEYARD: tuple[tuple[int, str], ...] = (
    (2, "Grizzly Bears"),
    (2, "Giant Growth"),
    (1, "Lignify"),
    (1, "Twisted Image"),
    (1, "Forest"),
)

#: The dependency clusters every board starts with, in this order (truncated to n_effects):
#: Spreading Seas on the first Urborg (that Urborg's effect depends on it and ceases to exist,
#: 305.7/613.8a), the other player's Urborg (Kormus Bell depends on it), Yavimaya with Life and
#: Limb (a loop, 613.8b), a Humility/Opalescence pair (613.6), anthems, lords, Quicksilver
#: Fountain with flood counters on some lands (613.8c), Dryad of the Ilysian Grove.
CORE = (
    "Urborg, Tomb of Yawgmoth",
    "Spreading Seas",
    "Urborg, Tomb of Yawgmoth",
    "Kormus Bell",
    "Yavimaya, Cradle of Growth",
    "Life and Limb",
    "Humility",
    "Opalescence",
    "Glorious Anthem",
    "Honor of the Pure",
    "Goblin King",
    "Elvish Champion",
    "Quicksilver Fountain",
    "Dryad of the Ilysian Grove",
)
#: With ``moon=True`` the board also starts with these (Urborg and Yavimaya then depend on them
#: and lose their abilities, which switches the loop off).
MOON = ("Blood Moon", "Magus of the Moon")
#: Further effects, by family: (weight, name). "pair" adds Humility and Opalescence together.
EXTRA: tuple[tuple[int, str], ...] = (
    (6, "Glorious Anthem"),
    (5, "Honor of the Pure"),
    (5, "Goblin King"),
    (5, "Elvish Champion"),
    (3, "pair"),
    (2, "Urborg, Tomb of Yawgmoth"),
    (2, "Yavimaya, Cradle of Growth"),
    (3, "Spreading Seas"),
    (2, "Dryad of the Ilysian Grove"),
    (2, "Kormus Bell"),
    (2, "Life and Limb"),
    (2, "Painter's Servant"),
    (3, "Control Magic"),
    (3, "Lignify"),
    (3, "Giant Growth"),
    (2, "Turn to Frog"),
    (2, "Twisted Image"),
    (2, "Mutavault"),
)
LEGENDARY = ("Urborg, Tomb of Yawgmoth", "Yavimaya, Cradle of Growth")
RESOLVED = ("Giant Growth", "Turn to Frog", "Twisted Image", "Mutavault")
COLORS = ("white", "blue", "black", "red", "green")


@dataclass
class _Board:
    rng: random.Random
    objects: list[dict[str, Any]] = field(default_factory=list)
    auras: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    count: int = 0

    def new_id(self, label: str) -> str:
        self.count += 1
        slug = "".join(c if c.isalnum() else "-" for c in label.split(",")[0].lower()).strip("-")
        return f"{slug}-{self.count:03d}"

    def obj(self, what: Any, controller: str, **extra: Any) -> dict[str, Any]:
        if isinstance(what, dict):
            o = {"id": self.new_id(what["name"]), **what, "controller": controller}
        else:
            o = {"id": self.new_id(what), "card": what, "controller": controller}
        o.update(extra)
        return o


def _pick(rng: random.Random, table: tuple[tuple[int, Any], ...]) -> Any:
    return rng.choices([v for _, v in table], weights=[w for w, _ in table], k=1)[0]


def _effect_names(n_effects: int, rng: random.Random, moon: bool) -> list[str]:
    """The effect cards of the board: the core clusters, then weighted extras (exactly n_effects)."""
    names = list(((*MOON, *CORE) if moon else CORE)[:n_effects])
    legend_count = {name: names.count(name) for name in LEGENDARY}
    while len(names) < n_effects:
        name = _pick(rng, EXTRA)
        if name == "pair":
            if len(names) + 2 > n_effects:
                continue
            names += ["Humility", "Opalescence"]
            continue
        if name in LEGENDARY:
            # the legend rule (704.5j): at most one of each per player
            if legend_count[name] >= len(PLAYERS):
                continue
            legend_count[name] += 1
        names.append(name)
    return names


def generate_board(n_objects: int = 500, n_effects: int = 60, seed: int = 0, moon: bool = False) -> str:
    """A deterministic benchmark scenario (YAML text, ``game: mtg``); see the module docstring.

    ``moon=True`` adds Blood Moon and Magus of the Moon to the core clusters.
    """
    if n_effects < 0 or n_objects < 0:
        raise ValueError("n_objects and n_effects must be >= 0")
    rng = random.Random(seed)
    board = _Board(rng)
    names = _effect_names(n_effects, rng, moon)
    if len(names) > n_objects:
        raise ValueError(f"{n_effects} effects need at least {len(names)} objects")

    # --- filler first, so that Auras and resolved spells have something to point at
    n_fill = n_objects - len(names)
    n_graveyard = n_fill // 12
    n_lands = (n_fill - n_graveyard) * 2 // 5
    n_creatures = n_fill - n_graveyard - n_lands
    permanents: list[dict[str, Any]] = []
    for _ in range(n_creatures):
        permanents.append(board.obj(_pick(rng, CREATURES), rng.choice(PLAYERS)))
    fountain = "Quicksilver Fountain" in names
    for _ in range(n_lands):
        land = _pick(rng, LANDS)
        extra = {"counters": {"flood": 1}} if fountain and land != "Island" and rng.random() < 0.15 else {}
        permanents.append(board.obj(land, rng.choice(PLAYERS), **extra))
    graveyard = [
        board.obj(_pick(rng, GRAVEYARD), rng.choice(PLAYERS), zone="graveyard") for _ in range(n_graveyard)
    ]

    # --- effect objects
    resolved: list[tuple[str, dict[str, Any]]] = []
    legend_owner: dict[str, list[str]] = {name: list(PLAYERS) for name in LEGENDARY}
    for name in names:
        controller = rng.choice(PLAYERS)
        if name in LEGENDARY:
            owners = legend_owner[name]
            controller = owners.pop(rng.randrange(len(owners)))
        if name in RESOLVED:
            if name == "Mutavault":
                vault = board.obj("Mutavault", controller)
                permanents.append(vault)
                resolved.append(("animate", vault))
            else:
                card = board.obj(name, controller, zone="graveyard")
                graveyard.append(card)
                resolved.append(("cast", card))
            continue
        if name == "Elvish Champion":
            permanents.append(board.obj(ELVISH_CHAMPION, controller))
        elif name == "Painter's Servant":
            permanents.append(board.obj(name, controller, choices={"color": rng.choice(COLORS)}))
        elif name in ("Spreading Seas", "Control Magic", "Lignify"):
            board.auras.append(board.obj(name, controller))
        else:
            permanents.append(board.obj(name, controller))

    # --- timestamps: permanents in a shuffled listing order, Auras after what they enchant
    rng.shuffle(permanents)
    creatures = [o for o in permanents if _is_creature(o)]
    lands = [o for o in permanents if _is_land(o)]
    urborgs = [o for o in permanents if o.get("card") == "Urborg, Tomb of Yawgmoth"]
    # random Seas avoid the legendary lands, so that the core clusters stay as described
    nonbasic = [
        o for o in lands if o.get("card") in NONBASIC_LANDS and o.get("card") not in LEGENDARY
    ] or lands
    first_seas = True
    for aura in board.auras:
        if aura["card"] == "Spreading Seas":
            pool = urborgs[:1] if first_seas and urborgs else nonbasic
            first_seas = False
        elif aura["card"] == "Control Magic":
            pool = [c for c in creatures if c["controller"] != aura["controller"]] or creatures
        else:
            pool = creatures
        if not pool:
            raise ValueError(f"no object for {aura['card']} to enchant; raise n_objects")
        aura["attached_to"] = rng.choice(pool)["id"]

    # --- resolved spells and abilities, after every permanent is there
    for key, source in resolved:
        event: dict[str, Any] = {"source": source["id"], "ability": key}
        if key == "cast":
            if not creatures:
                raise ValueError("no creature to target; raise n_objects")
            event["targets"] = [rng.choice(creatures)["id"]]
        board.events.append({"resolve": event})

    lines = [
        "game: mtg",
        f"name: benchmarks/board-{n_objects}-{n_effects}-{seed}",
        "description: >",
        f"  A generated board: {n_objects} objects, {n_effects} continuous effects (anthems, lords,",
        f"  Humility/Opalescence pairs, land-type changers that depend on each other), seed {seed}.",
        "source: benchmarks/board.py",
        f"players: [{', '.join(PLAYERS)}]",
        f"active_player: {PLAYERS[0]}",
        "objects:",
    ]
    for o in [*graveyard, *permanents, *board.auras]:
        lines.append(f"  - {_flow(o)}")
    if board.events:
        lines.append("events:")
        for ev in board.events:
            lines.append(f"  - {_flow(ev)}")
    return "\n".join(lines) + "\n"


def _is_creature(o: dict[str, Any]) -> bool:
    return o.get("card") in {
        "Grizzly Bears",
        "Llanowar Elves",
        "Goblin Piker",
        "Wild Mongrel",
        "Dryad Arbor",
        "Goblin King",
        "Magus of the Moon",
        "Dryad of the Ilysian Grove",
        "Painter's Servant",
        "Saproling",
    } or "Creature" in o.get("types", ())


def _is_land(o: dict[str, Any]) -> bool:
    return o.get("card") in {name for _, name in LANDS} | set(NONBASIC_LANDS) | {"Dryad Arbor"}


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 _'+/-]*")
_YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


def _flow(value: Any) -> str:
    """A YAML flow mapping/sequence (JSON strings are valid YAML double-quoted scalars)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, str):
        if _PLAIN.fullmatch(value) and value.lower() not in _YAML_WORDS:
            return value
        return json.dumps(value, ensure_ascii=False)
    return json.dumps(value)


if __name__ == "__main__":  # pragma: no cover
    import sys

    n_obj, n_eff, seed = ([int(a) for a in sys.argv[1:4]] + [500, 60, 0][len(sys.argv[1:4]) :])[:3]
    sys.stdout.write(generate_board(n_obj, n_eff, seed, moon="--moon" in sys.argv))
