"""``rulekit parse-effect`` and ``rulekit chain`` (README, "The command line")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.text import format_effect, parse_effect
from rulekit.mtg.commands import cli_lang
from rulekit.views.chain import chain_report
from rulekit.views.markup import clean


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "parse-effect",
        help="parse an Apoteose effect text",
        description="Parse an Apoteose effect text; print its structure or the error "
        "with its code and position (exit status 2).",
    )
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=parse_effect_cmd)
    c = subparsers.add_parser(
        "chain",
        help="run an Apoteose scenario's response chain",
        description="Run an Apoteose scenario (a path or a built-in name such as "
        "apoteose/seed-activation) and print its chain trace.",
    )
    c.add_argument("scenario", metavar="SCENARIO")
    c.add_argument("--json", action="store_true", help="print the §7 JSON")
    c.add_argument(
        "--lang", default="en", metavar="LANG", help="language of the text output: en (default), pt-BR or es"
    )
    c.set_defaults(func=chain_cmd)


def parse_effect_cmd(args: argparse.Namespace) -> int:
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

    lang = cli_lang(args)
    trace = run_chain(args.scenario)
    for w in trace.warnings:  # the loader's notes (an effect that will be refused when used, R-17), on stderr
        print(f"warning: {w}", file=sys.stderr)
    if args.json:
        print(trace.to_json(), end="")
        return 0
    sys.stdout.write(clean(chain_report(trace, lang)))  # one renderer in every language; no terminal escape
    return 0
