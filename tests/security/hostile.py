"""The hostile corpus (issue 11 §1) and scenarios built from it, for both games.

Each string goes into every place a scenario author controls: MTG object/card names, ability
texts, object ids, player names, the scenario ``name:`` and ``description:``; Apoteose card ids,
card names, hero ids and names, the title and description. The scenarios are ordinary built-in
ones with their ids and names replaced, so the engines have real work to do (dependencies, a
loop, responses three deep) and every view has rows to show.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

import rulekit
from rulekit.errors import RulekitError

DATA = Path(rulekit.__file__).parent / "data" / "scenarios"

#: name -> hostile string.
CORPUS: dict[str, str] = {
    "img": "<img src=x onerror=alert(1)>",
    "script": "<script>alert(1)</script>",
    "table": "</table></td><b>bold",
    "angles": "<x",  # completed by the next value ("y>") in places that join two values
    "angles_end": "y>",
    "html_like": "<<b>b</b>>",
    "quotes": "it's \"quoted\" 'twice'",
    "backslash": "back\\slash",
    "trailing_backslash": "ends in \\",
    "escapes": '\\N \\G \\n \\l \\" \\\\',
    "newline": 'two\nlines // x\n} digraph { evil [URL="javascript:alert(1)"] }',
    "braces": "{a|b} <port> [x=1]; }",
    "js_url": "javascript:alert(1)",
    "cdata": "]]> <![CDATA[ x ]]>",
    "comment": "--> <!-- x",
    "entities": "&amp; &lt;b&gt; &#60;",
    "controls": "bell\x07 esc\x1b del\x7f tab\t",
    "devanagari": "हिन्दी कार्ड",
    "arabic": "بطاقة عربية",
    "cjk": "漢字のカード",
    "emoji": "🂡 card 🧙‍♀️",
    "long": "L" * 10_000,
}


def mtg_text(tag: str, s: str) -> str:
    """An MTG scenario (YAML text) with ``s`` in every author-controlled place.

    Base: the seed's Humility / Night / Gideon board (a dependency in 7b), plus two inline objects
    named and worded with ``s`` that have static effects of their own (so effect names and
    tooltips carry ``s``), and hostile ids and player names throughout.
    """
    data = yaml.safe_load((DATA / "seed" / "humility-then-gideon.yaml").read_text(encoding="utf-8"))
    ids = {
        "night": f"{s}·night",
        "humility": f"{s}·humility",
        "gideon": f"{s}·gideon",
        "Sorin": f"{s}·Sorin",
        "Gideon": f"{s}·Gideon",
    }
    data = _replace(data, ids)
    data["name"] = f"hostile/{tag}: {s}"
    data["description"] = f"A hostile board: {s}"
    data["objects"] += [
        {
            "id": f"{s}·a",
            "name": s,
            "types": ["Creature"],
            "power": 2,
            "toughness": 2,
            "controller": ids["Sorin"],
            "abilities": [
                s,
                {"text": s, "static": {"affects": "creatures", "modify_pt": {"power": 1, "toughness": 1}}},
            ],
        },
        {
            "id": f"{s}·b",
            "name": f"{s} (b)",
            "types": ["Enchantment"],
            "controller": ids["Gideon"],
            "abilities": [{"text": f"{s}!", "static": {"affects": "creatures", "color": {"add": ["blue"]}}}],
        },
    ]
    data["events"].insert(0, {"enter": [f"{s}·a", f"{s}·b"]})
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)


def apoteose_text(tag: str, s: str) -> str:
    """An Apoteose scenario (YAML text): the nested-responses chain with ``s`` in every hero id and
    name, card id and name, the title and the description."""
    data = yaml.safe_load((DATA / "apoteose" / "nested-responses.yaml").read_text(encoding="utf-8"))
    ids = {
        old: f"{s}·{old}" for old in ("ana", "bruno", "carla", "pocao", "adaga", "raio", "bencao", "escudo")
    }
    data = _replace(data, ids)
    data["title"] = f"hostile/{tag}: {s}"
    data["description"] = f"A hostile chain: {s}"
    for h in data["heroes"]:
        h["name"] = f"{s} ({h['id'][-5:]})"
    for c in data["cards"]:
        c["name"] = f"{s} [{c['id'][-5:]}]"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)


def _replace(node: Any, ids: dict[str, str]) -> Any:
    """Replace every string *value* equal to a key of ``ids`` (mapping keys are left alone)."""
    if isinstance(node, dict):
        return {k: _replace(v, ids) for k, v in node.items()}
    if isinstance(node, list):
        return [_replace(v, ids) for v in node]
    if isinstance(node, str):
        return ids.get(node, node)
    return copy.copy(node)


def load_mtg(tag: str, s: str) -> Any:
    """The hostile MTG scenario, or the :class:`RulekitError` the loader refused it with."""
    from rulekit import mtg

    try:
        return mtg.scenario_from_text(mtg_text(tag, s), f"hostile-{tag}.yaml")
    except RulekitError as exc:
        return exc


def load_apoteose(tag: str, s: str) -> Any:
    """The hostile Apoteose scenario, or the :class:`RulekitError` the loader refused it with."""
    from rulekit.apoteose.scenario import load_scenario_text

    try:
        return load_scenario_text(apoteose_text(tag, s), f"hostile-{tag}.yaml")
    except RulekitError as exc:
        return exc
