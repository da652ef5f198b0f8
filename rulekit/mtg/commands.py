"""``rulekit solve``, ``rulekit scenarios``, ``rulekit cards`` (issue 2 §5).

``rulekit solve SCENARIO [--ruleset seed|current] [--without EFFECT_ID]... [--json]`` prints a
readable layer table and the final characteristics, or with ``--json`` exactly one JSON object
(:meth:`rulekit.mtg.trace.Trace.to_json_dict`). Bad input raises a
:class:`~rulekit.errors.RulekitError`, which ``rulekit.cli`` prints as one line (exit 2).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rulekit.mtg.trace import Trace


def add_scenario_options(p: argparse.ArgumentParser) -> None:
    """SCENARIO, ``--ruleset`` and ``--without``: shared by ``solve``, ``explain`` and ``diagram``."""
    p.add_argument("scenario", metavar="SCENARIO", help="a scenario file or a built-in scenario name")
    p.add_argument(
        "--ruleset",
        choices=("seed", "current"),
        default="seed",
        help="layer labels: seed (7a-7e, default) or current (7a-7d, 1a/1b); numbers are equal",
    )
    p.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="EFFECT_ID",
        help="switch an MTG effect off (repeatable); ids are listed by `rulekit solve SCENARIO`",
    )


def register(sub: Any) -> None:
    """Add the MTG subcommands to the ``rulekit`` parser."""
    p = sub.add_parser(
        "solve",
        help="apply an MTG scenario's continuous effects (layers 1-7, players, rules)",
        description="Solve an MTG scenario: a YAML path or a built-in name such as "
        "seed/humility-then-gideon (see `rulekit scenarios`).",
    )
    add_scenario_options(p)
    p.add_argument(
        "--no-dependency",
        action="store_true",
        help="apply pure timestamp order inside each layer (for comparison)",
    )
    p.add_argument("--json", action="store_true", help="print exactly one JSON object")
    p.set_defaults(func=cmd_solve)

    s = sub.add_parser("scenarios", help="list the built-in scenarios")
    s.add_argument("--json", action="store_true", help="print a JSON list")
    s.set_defaults(func=cmd_scenarios)

    c = sub.add_parser("cards", help="list the MTG card library")
    c.add_argument("--json", action="store_true", help="print a JSON list")
    c.add_argument(
        "--search",
        metavar="WORDS",
        default=None,
        help="only cards whose name or rules text holds every one of these words (any case)",
    )
    c.set_defaults(func=cmd_cards)


def cmd_solve(args: argparse.Namespace) -> int:
    from rulekit.mtg import load_scenario
    from rulekit.mtg.engine import solve

    scenario = load_scenario(args.scenario)
    trace = solve(
        scenario, ruleset=args.ruleset, without=tuple(args.without), dependency=not args.no_dependency
    )
    if args.json:
        print(trace.to_json())
    else:
        print(render_text(trace))
    return 0


def cmd_scenarios(args: argparse.Namespace) -> int:
    from rulekit.mtg import load_scenario
    from rulekit.mtg.loader import list_builtin

    rows: list[tuple[str, str, str]] = []
    for name in list_builtin("mtg"):
        desc = " ".join(load_scenario(name).description.split())
        rows.append((name, "mtg", desc))
    try:  # Apoteose scenarios, when that package offers a list
        from rulekit import apoteose

        lister = getattr(apoteose, "list_scenarios", None)
        if callable(lister):
            for name in lister():
                if all(name != r[0] for r in rows):
                    rows.append((str(name), "apoteose", ""))
    except Exception:  # noqa: BLE001 - the MTG list must not depend on another subsystem
        pass
    if args.json:
        print(json.dumps([{"name": n, "game": g, "description": d} for n, g, d in rows], indent=2))
        return 0
    width = max((len(n) for n, _, _ in rows), default=10)
    for name, game, desc in rows:
        short = desc if len(desc) <= 90 else desc[:87] + "..."
        print(f"{name:<{width}}  {game:<8}  {short}".rstrip())
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    from rulekit.mtg.loader import library

    lib = library()
    query = getattr(args, "search", None)
    if query is not None:
        lib = {n: c for n, c in lib.items() if card_matches(c, query)}
    if args.json:
        print(
            json.dumps(
                [{"name": n, "type_line": type_line(lib[n])} for n in sorted(lib)],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    if not lib:
        print(f"no card in the library matches '{query}'")
        return 0
    width = max(len(n) for n in lib)
    for name in sorted(lib):
        print(f"{name:<{width}}  {type_line(lib[name])}")
    return 0


def card_text(card: dict[str, Any]) -> str:
    """A card's name, type line and rules text (every ability's printed text), one line each."""
    lines = [str(card.get("name", "")), type_line(card)]
    for ab in card.get("abilities") or ():
        lines.append(str(ab.get("text", "")) if isinstance(ab, dict) else str(ab))
    return "\n".join(lines)


def card_matches(card: dict[str, Any], query: str) -> bool:
    """Whether every word of ``query`` occurs (any case) in the card's name, type line or text.

    >>> card = {"name": "Muscle Sliver", "types": ["Creature"], "subtypes": ["Sliver"],
    ...         "abilities": ["All Sliver creatures get +1/+1."]}
    >>> card_matches(card, "sliver +1/+1"), card_matches(card, "flying")
    (True, False)
    """
    text = card_text(card).casefold()
    return all(word in text for word in query.casefold().split())


def type_line(card: dict[str, Any]) -> str:
    """``Legendary Planeswalker — Gideon`` (and P/T or loyalty when printed)."""
    left = " ".join([*card.get("supertypes", []), *card.get("types", [])])
    subs = card.get("subtypes") or []
    line = f"{left} — {' '.join(subs)}" if subs else left
    if card.get("power") is not None:
        line += f"  {card['power']}/{card['toughness']}"
    if card.get("loyalty") is not None:
        line += f"  loyalty {card['loyalty']}"
    return line


# ----------------------------------------------------------------------------------- text output
def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) if value else "(none)"
    return str(value)


def _clip(text: str, width: int = 70) -> str:
    """One line of at most ``width`` characters (the JSON output keeps the full text)."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _table(headers: list[str], rows: list[list[str]]) -> str:
    """A plain-text table; a cell with line breaks spreads over several lines of its row."""
    split = [[cell.split("\n") for cell in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in split:
        for i, cell in enumerate(r):
            widths[i] = max(widths[i], *(len(part) for part in cell))
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for r in split:
        for k in range(max(len(cell) for cell in r)):
            parts = [cell[k] if k < len(cell) else "" for cell in r]
            lines.append("  ".join(c.ljust(w) for c, w in zip(parts, widths, strict=True)).rstrip())
    return "\n".join(lines)


def render_text(trace: Trace) -> str:
    """The readable form of a trace: effects, the layer table, dependencies, loops, final state."""
    out = [f"Scenario {trace.scenario}  (ruleset: {trace.ruleset})", ""]
    out.append("Effects")
    out.append(
        _table(
            ["timestamp", "id", "name", "origin", "layers", "status"],
            [
                [
                    _fmt(e.timestamp),
                    e.id,
                    e.name,
                    e.origin,
                    " ".join(e.layers) or "—",
                    "applied" if e.active else f"off: {e.note}",
                ]
                for e in trace.effects
            ],
        )
    )
    out.append("")
    out.append("Applied, in order")
    rows = []
    for s in trace.steps:
        why = s.why
        if s.waited_on:
            why += f" (waited on {', '.join(s.waited_on)})"
        if s.loop:
            why += f" (loop: {', '.join(s.loop)})"
        changes = (
            "\n".join(
                f"{c.object_id}.{c.characteristic}: {_clip(_fmt(c.before), 45)} → {_clip(_fmt(c.after), 45)}"
                for c in s.changes
            )
            or "(no change)"
        )
        rows.append([str(s.index + 1), s.layer, s.effect, why, _fmt(s.objects), changes])
    out.append(
        _table(["#", "layer", "effect", "why", "objects", "changes"], rows) if rows else "(nothing applied)"
    )
    if trace.dependencies:
        out.append("")
        out.append("Dependencies")
        for d in trace.dependencies:
            out.append(f"  {d.effect} depends on {d.depends_on} (layer {d.layer}): {d.reason}")
    if trace.loops:
        out.append("")
        out.append("Loops (applied in timestamp order, 613.8b)")
        for loop in trace.loops:
            out.append("  " + " ↔ ".join(loop))
    out.append("")
    out.append("Final characteristics")
    frows = []
    for oid in trace.final:
        v = trace.final[oid]
        types = " ".join([*v.supertypes, *v.types])
        if v.subtypes:
            types += " — " + " ".join(v.subtypes)
        frows.append(
            [
                oid,
                v.name or "(no name)",
                v.controller,
                v.zone,
                types,
                _fmt(v.colors) if v.colors else "colorless",
                v.pt,
                "\n".join(_clip(a, 60) for a in v.abilities) or "(none)",
            ]
        )
    out.append(_table(["id", "name", "controller", "zone", "types", "colors", "P/T", "abilities"], frows))
    out.append("")
    out.append("Players: " + "; ".join(f"{p}: {_fmt(v.abilities)}" for p, v in trace.players.items()))
    out.append(
        "Rules: max hand size " + ", ".join(f"{p} {n}" for p, n in trace.rules["max_hand_size"].items())
    )
    for k, v in trace.rules.items():
        if k != "max_hand_size":
            out.append(f"Rules: {k}: {json.dumps(v, sort_keys=True, default=list)}")
    return "\n".join(out)
