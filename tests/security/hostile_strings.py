"""The hostile corpus and scenarios built from it, for both games.

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


def mtg_text(tag: str, s: str, hostile_ids: bool = True) -> str:
    """An MTG scenario (YAML text) with ``s`` in every author-controlled place.

    Base: the seed's Humility / Night / Gideon board (a dependency in 7b), plus two inline objects
    named and worded with ``s`` that have static effects of their own (so effect names and
    tooltips carry ``s``), and hostile ids and player names throughout.
    """
    data = yaml.safe_load((DATA / "seed" / "humility-then-gideon.yaml").read_text(encoding="utf-8"))
    ids = {old: _id(s, old, hostile_ids) for old in ("night", "humility", "gideon", "a", "b")}
    ids.update({"Sorin": f"{s}·Sorin", "Gideon": f"{s}·Gideon"})
    data = _replace(data, ids)
    data["name"] = f"hostile/{tag}: {s}"
    data["description"] = f"A hostile board: {s}"
    data["objects"] += [
        {
            "id": ids["a"],
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
            "id": ids["b"],
            "name": f"{s} (b)",
            "types": ["Enchantment"],
            "controller": ids["Gideon"],
            "abilities": [{"text": f"{s}!", "static": {"affects": "creatures", "color": {"add": ["blue"]}}}],
        },
    ]
    data["events"].insert(0, {"enter": [ids["a"], ids["b"]]})
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)


def apoteose_text(tag: str, s: str, hostile_ids: bool = True) -> str:
    """An Apoteose scenario (YAML text): the nested-responses chain with ``s`` in every hero id and
    name, card id and name, the title and the description."""
    data = yaml.safe_load((DATA / "apoteose" / "nested-responses.yaml").read_text(encoding="utf-8"))
    ids = {
        old: _id(s, old, hostile_ids)
        for old in ("ana", "bruno", "carla", "pocao", "adaga", "raio", "bencao", "escudo")
    }
    data = _replace(data, ids)
    data["title"] = f"hostile/{tag}: {s}"
    data["description"] = f"A hostile chain: {s}"
    for h in data["heroes"]:
        h["name"] = f"{s} ({h['id'][-5:]})"
    for c in data["cards"]:
        c["name"] = f"{s} [{c['id'][-5:]}]"
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10**6)


def _id(s: str, old: str, hostile: bool) -> str:
    """An id made of the hostile string (or, when the loader refuses such ids, a plain one)."""
    return f"{s}·{old}" if hostile else f"id-{old}"


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

    return _first(lambda ids: mtg.scenario_from_text(mtg_text(tag, s, ids), f"hostile-{tag}.yaml"))


def load_apoteose(tag: str, s: str) -> Any:
    """The hostile Apoteose scenario, or the :class:`RulekitError` the loader refused it with."""
    from rulekit.apoteose.scenario import load_scenario_text

    return _first(lambda ids: load_scenario_text(apoteose_text(tag, s, ids), f"hostile-{tag}.yaml"))


def _first(load: Any) -> Any:
    """Hostile ids first; if the loader refuses them (ids may be restricted), hostile names only; the
    error when even that is refused (a loader limit, e.g. on string length)."""
    try:
        return load(True)
    except RulekitError:
        pass
    try:
        return load(False)
    except RulekitError as exc:
        return exc


def loaded(sc: Any, s: str) -> Any:
    """``sc``, or skip when the loader refused the one string a limit may refuse (10,000 characters)."""
    import pytest

    if isinstance(sc, RulekitError):
        if len(s) > 1000:
            pytest.skip(f"the loader refuses a 10,000-character value: {str(sc)[:120]}")
        raise AssertionError(f"the loader refused a hostile scenario: {sc}")
    return sc


def object_id(trace: Any, name: str) -> str:
    """The id of the object named ``name`` in an MTG trace."""
    return next(oid for oid, view in trace.initial.items() if view.name == name)


def text_that_loads(game: str, tag: str, s: str) -> str:
    """The YAML text of the hostile scenario in the first variant the loader accepts (see :func:`_first`)."""
    from rulekit import mtg
    from rulekit.apoteose.scenario import load_scenario_text

    make = mtg_text if game == "mtg" else apoteose_text
    load = mtg.scenario_from_text if game == "mtg" else load_scenario_text
    for ids in (True, False):
        text = make(tag, s, ids)
        try:
            load(text, "hostile.yaml")
        except RulekitError as exc:
            error = exc
            continue
        return text
    loaded(error, s)
    raise AssertionError("unreachable")
