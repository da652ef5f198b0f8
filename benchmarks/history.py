"""A generated event-history board: a few permanents and ``n`` resolved effects in a row.

Every resolved effect that names objects by a selector fixes its set when it resolves (611.2c),
which needs the layered game just before its ``resolve`` event; an effect whose duration reads
the layered game ("for as long as you control ...", 611.2b) needs it too. The board mixes both
with targeted effects, "until end of turn" effects and turn ends, so that the cost of a long
game history shows: each event's state must be computed once, not once per later lock.

>>> text = generate_history(8)
>>> text == generate_history(8)
True
>>> text.count("- resolve:")
8
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["generate_history"]

#: The resolved effects, used in turn (each one an inline effect spec, LANGUAGE.md §3).
_EFFECTS: tuple[dict[str, Any], ...] = (
    {"affects": "creatures", "modify_pt": {"power": 1, "toughness": 0}},
    {"affects": "Elf creatures you control", "modify_pt": {"power": 0, "toughness": 1}},
    {"affects": "targets", "modify_pt": {"power": 2, "toughness": 2}, "duration": "until end of turn"},
    {"affects": "creatures your opponents control", "modify_pt": {"power": -1, "toughness": 0}},
    {"affects": "nonland permanents", "color": {"add": ["blue"]}},
    {"affects": "targets", "control": "you", "duration": "for as long as you control lord"},
    {"affects": "lands", "type": {"add": ["Swamp"]}},
    {"affects": "creatures you control", "abilities": {"add": ["Flying"]}},
)


def generate_history(n: int) -> str:
    """The text of a scenario with ``n`` resolved effects (and a turn end after every eighth)."""
    objects: list[dict[str, Any]] = [
        {"id": "lord", "card": "Glorious Anthem", "controller": "Bo"},
        {"id": "elf", "card": "Llanowar Elves", "controller": "Ann"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Ann"},
        {"id": "lions", "card": "Savannah Lions", "controller": "Bo"},
        {"id": "forest", "card": "Forest", "controller": "Ann"},
        {"id": "spell", "name": "A spell", "types": ["Instant"], "controller": "Bo", "zone": "graveyard"},
    ]
    targets = ("bears", "elf", "lions")
    events: list[Any] = []
    for i in range(n):
        spec = dict(_EFFECTS[i % len(_EFFECTS)])
        resolve: dict[str, Any] = {"source": "spell", "id": f"e{i}", "effect": spec}
        if spec["affects"] == "targets":
            resolve["targets"] = [targets[i % len(targets)]]
        events.append({"resolve": resolve})
        if i % 8 == 7:
            events.append("end_of_turn")
    doc = {
        "game": "mtg",
        "name": f"history-{n}",
        "players": ["Ann", "Bo"],
        "objects": objects,
        "events": events,
    }
    return json.dumps(doc, indent=1)


#: The resolved effects of the power-reading history, used in turn: each names creatures by their
#: power as the layers have made it (611.2c: its set is fixed from the game just before it resolves,
#: which every earlier effect may have changed).
_POWER_EFFECTS: tuple[dict[str, Any], ...] = (
    {"affects": "creatures with power 1 or less you control", "modify_pt": {"power": 2, "toughness": 0}},
    {
        "affects": "creatures with power 3 or greater your opponents control",
        "modify_pt": {"power": -2, "toughness": 0},
    },
    {"affects": "creatures with power 2 or greater you control", "modify_pt": {"power": -1, "toughness": 0}},
    {
        "affects": "creatures with power 1 or less your opponents control",
        "modify_pt": {"power": 2, "toughness": 1},
    },
    {"affects": "creatures with power 4 or greater", "modify_pt": {"power": -3, "toughness": 0}},
)


def generate_power_history(n: int, creatures: int = 200) -> str:
    """The text of a scenario with ``creatures`` vanilla creatures of powers 0 to 4 and ``n``
    resolved effects whose selectors read power (each one's set is fixed from the game just
    before it, 611.2c, so each reads what every earlier one did).

    >>> generate_power_history(5, 10).count('"resolve"')
    5
    """
    objects: list[dict[str, Any]] = [
        {
            "id": f"c{k}",
            "name": f"Creature {k}",
            "types": ["Creature"],
            "power": k % 5,
            "toughness": 1 + k % 3,
            "controller": ("Ann", "Bo")[k % 2],
        }
        for k in range(creatures)
    ]
    objects.append(
        {"id": "spell", "name": "A spell", "types": ["Instant"], "controller": "Ann", "zone": "graveyard"}
    )
    events: list[Any] = [
        {
            "resolve": {
                "source": "spell",
                "id": f"e{i}",
                "effect": dict(_POWER_EFFECTS[i % len(_POWER_EFFECTS)]),
            }
        }
        for i in range(n)
    ]
    doc = {
        "game": "mtg",
        "name": f"power-history-{n}",
        "players": ["Ann", "Bo"],
        "objects": objects,
        "events": events,
    }
    return json.dumps(doc, indent=1)
