"""``rulekit parse-card "TEXT" [--name NAME] [--json] [--lang LANG]``: what the Oracle reader makes of a
card's text, one ability a line: as data (the ability as a library card would hold it) and in words.
An unread continuous effect is a located line; bad input (empty, too long) is one line, exit 2."""

from __future__ import annotations

import argparse
import json
from typing import Any

import yaml

from rulekit.i18n import Translator, translator
from rulekit.mtg.commands import add_lang_option, cli_lang
from rulekit.mtg.oracle.reader import read_text
from rulekit.mtg.oracle.wording import reading_lines


def register(sub: Any, t: Translator | None = None) -> None:
    t = t or translator("en")
    p = sub.add_parser(
        "parse-card",
        help=t("read a card's Oracle text into the continuous effects rulekit models"),
        description=t(
            "Read a card's Oracle text, one ability a line, into the scenario language's effect data "
            "(static, resolves, cda); abilities that are not continuous effects are kept as plain text."
        ),
    )
    p.add_argument("text", metavar="TEXT", help=t("the card's rules text (one ability a line)"))
    p.add_argument("--name", default="", metavar="NAME", help=t("the card's name, as its text writes it"))
    p.add_argument("--json", action="store_true", help=t("print exactly one JSON object"))
    add_lang_option(p, t)
    p.set_defaults(func=cmd_parse_card)


def cmd_parse_card(args: argparse.Namespace) -> int:
    t = translator(cli_lang(args))
    readings = read_text(args.text.replace("\\n", "\n"), name=args.name)
    if args.json:
        print(json.dumps({"abilities": [r.to_dict() for r in readings]}, indent=2, ensure_ascii=False))
        return 0
    for i, r in enumerate(readings, 1):
        print(t("Ability {n}: {text}", n=i, text=r.text))
        for line in reading_lines(r, t):
            print("  " + line)
        if r.status == "read":
            data = yaml.safe_dump(r.ability(), sort_keys=False, allow_unicode=True, width=100)
            print("\n".join("    " + ln for ln in data.rstrip().splitlines()))
    return 0
