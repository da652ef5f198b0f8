# ruff: noqa: E501
"""``rulekit parse-effect`` and ``rulekit chain`` (issue 3 §7)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("parse-effect", help="parse an Apoteose effect text",
                              description="Parse an Apoteose effect text; print its structure or the error "
                              "with its code and position (exit status 2).")
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=parse_effect_cmd)
    c = subparsers.add_parser("chain", help="run an Apoteose scenario's response chain",
                              description="Run an Apoteose scenario (a path or a built-in name such as "
                              "apoteose/seed-activation) and print its chain trace.")
    c.add_argument("scenario", metavar="SCENARIO")
    c.add_argument("--json", action="store_true", help="print the §7 JSON")
    c.add_argument("--lang", default="en", metavar="LANG", help="language of the text output: en (default), pt-BR or es")
    c.set_defaults(func=chain_cmd)


def parse_effect_cmd(args: argparse.Namespace) -> int:
    from rulekit.apoteose.text import format_effect, parse_effect

    e = parse_effect(args.text)
    if args.json:
        print(json.dumps(e.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(f"canonical:   {format_effect(e)}")
    print(f"activation:  {e.activation}")
    for label, vals in (("timing", e.timings), ("limits", e.limits), ("scopes", e.scopes)):
        if vals:
            print(f"{label + ':':<12} {', '.join(vals)}")
    if e.task:
        print(f"task:        {e.task}")
    for r in e.requirements:
        print(f"requirement: [{r.kind}/{r.moment}] {r.text}")
    print(f"description: {e.description}")
    print(f"moment:      {e.moment}{' (options: blocks before-responses, R-21)' if e.has_options else ''}")
    for st in e.body:
        print(f"  run: {json.dumps(st.to_dict(), ensure_ascii=False)}")
    for w in e.warnings:
        print(f"warning: {w.code} at position {w.position}: {w.message}")
    return 0


def chain_cmd(args: argparse.Namespace) -> int:
    from rulekit.apoteose.chain import run_chain
    from rulekit.i18n import translator
    from rulekit.mtg.commands import cli_lang
    from rulekit.views.chain import reason_text
    from rulekit.views.reasons import moment_text

    lang = cli_lang(args)
    t = translator(lang)
    trace = run_chain(args.scenario)
    for w in trace.warnings:  # the loader's notes (an effect that will be refused when used, R-17), on stderr
        print(f"warning: {w}", file=sys.stderr)
    if args.json:
        print(trace.to_json(), end="")
        return 0
    if lang != "en":  # the same lines, with the event names and the chain moments in words
        return _chain_text(trace, t, moment_text)
    for e in trace.events:
        pad = "  " * max(0, e.depth - (1 if e.index is not None else 0))
        bits = [f"{e.event:<9}"]
        if e.index is not None:
            bits.append(f"@{e.index}")
        if e.effect:
            bits.append(e.effect)
        if e.hero:
            bits.append(f"by {e.hero}")
        if e.responds_to is not None:
            bits.append(f"-> answers @{e.responds_to}")
        for k in ("requirement", "reason", "answers", "how"):
            value = reason_text(e.detail) if k == "reason" else e.detail.get(k)
            if value:
                bits.append(f"{k}={value}")
        for h, rs in e.resources.items():
            bits.append(h + " " + ", ".join(f"{r} {a}->{b}" for r, (a, b) in rs.items()))
        bits.append(f"[spotlight {e.spotlight}]")
        print(pad + " ".join(bits))
    print("resolution order:", ", ".join(trace.resolution_order) or "-")
    for h, s in trace.heroes.items():
        res = ", ".join(f"{r} {c}/{m}" for r, (c, m) in s.resources.items())
        zones = "; ".join(f"{z}: {' '.join(ids)}" for z, ids in s.zones.items() if ids)
        print(f"{h}: {res} | {zones}")
    for err in trace.errors:
        print(f"error: {err.card}: {err.code}: {err.message}")
    return 0


def _chain_text(trace: Any, t: Any, moment_text: Any) -> int:
    """``rulekit chain --lang pt-BR|es``: the chain in the reader's language (ids kept where they are data)."""
    from rulekit.i18n import N_

    for e in trace.events:
        pad = "  " * max(0, e.depth - (1 if e.index is not None else 0))
        bits = [f"{t(e.event):<12}"]
        if e.index is not None:
            bits.append(f"#{e.index}")
        if e.effect:
            bits.append(e.effect)
        if e.hero:
            bits.append(t("by {hero}", hero=e.hero))
        if e.responds_to is not None:
            bits.append(t("-> answers #{index}", index=e.responds_to))
        for k in (N_("requirement"), N_("reason"), N_("answers"), N_("how")):
            value = e.detail.get(k)
            if value:
                bits.append(f"{t(k)}: {moment_text(value, t.lang) if k == 'answers' else value}")
        for h, rs in e.resources.items():
            bits.append(h + " " + ", ".join(f"{r} {a}->{b}" for r, (a, b) in rs.items()))
        where = t("the game") if e.spotlight is None else f"#{e.spotlight}"
        bits.append("[" + t("Spotlight ★ on {where}", where=where) + "]")
        print(pad + " ".join(bits))
    print(t("Resolution order: {order}.", order=", ".join(trace.resolution_order) or t("nothing resolved")))
    for h, s in trace.heroes.items():
        res = ", ".join(f"{r} {c}/{m}" for r, (c, m) in s.resources.items())
        zones = "; ".join(f"{z}: {' '.join(ids)}" for z, ids in s.zones.items() if ids)
        print(f"{h}: {res} | {zones}")
    for err in trace.errors:
        print(t("error: {card}: {code}: {message}", card=err.card, code=err.code, message=err.message))
    return 0
