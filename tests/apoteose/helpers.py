"""Small builders for inline Apoteose scenarios in tests."""

from __future__ import annotations

from typing import Any

import yaml

from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.scenario import Scenario, load_scenario_text
from rulekit.apoteose.trace import ChainTrace


def hero(hid: str, team: str, ini: int, vida=(50, 100), mana=(5, 10), est=(4, 6), **zones: list[str]) -> dict:
    z = {k.replace("INVENTARIO", "INVENTÁRIO"): v for k, v in zones.items()}
    return {
        "id": hid,
        "team": team,
        "iniciativa": ini,
        "resources": {"VIDA": list(vida), "MANA": list(mana), "ESTAMINA": list(est)},
        "zones": z,
    }


def card(cid: str, owner: str, *effects: str, types: tuple[str, ...] = ("ITEM",), **kw: Any) -> dict:
    return {"id": cid, "owner": owner, "types": list(types), "effects": list(effects), **kw}


def scenario(
    heroes: list[dict],
    cards: list[dict],
    script: list[dict],
    decisions: list[dict] | None = None,
    zones: dict | None = None,
    turn: dict | None = None,
    **extra: Any,
) -> Scenario:
    data = {
        "game": "apoteose",
        "heroes": heroes,
        "cards": cards,
        "script": script,
        "decisions": decisions or [],
        "zones": zones or {},
        "turn": turn or {},
        **extra,
    }
    return load_scenario_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "test.yaml")


def run(*args: Any, **kw: Any) -> ChainTrace:
    return run_chain(scenario(*args, **kw))


def kinds(trace: ChainTrace, only: tuple[str, ...] | None = None) -> list[tuple[str, int | None]]:
    return [(e.event, e.index) for e in trace.events if only is None or e.event in only]


def unread(text: str) -> str:
    """The message of the first clause or phrase of effect ``text`` the reader did not read (its first
    ``UNSUPPORTED_TEXT`` warning); fails when the whole text was read."""
    from rulekit.apoteose.text import parse_effect

    warnings = [w for w in parse_effect(text).warnings if w.code == "UNSUPPORTED_TEXT"]
    assert warnings, f"{text!r} was read"
    return str(warnings[0].message)
