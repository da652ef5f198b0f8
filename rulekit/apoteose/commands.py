"""``rulekit parse-effect`` and ``rulekit chain`` (README, "The command line")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rulekit import limits
from rulekit.apoteose.canonical import reading_lines
from rulekit.apoteose.chain import run_chain
from rulekit.apoteose.scenario import load_scenario
from rulekit.apoteose.text import format_effect, parse_effect
from rulekit.apoteose.trace import json_default
from rulekit.apoteose.wording import NP_, statement_text
from rulekit.i18n import Translator, translator
from rulekit.mtg.commands import add_lang_option, cli_lang
from rulekit.views.chain import chain_report
from rulekit.views.jsonout import bounded_json
from rulekit.views.markup import clean


def register(subparsers: Any, t: Translator | None = None) -> None:
    """Add ``parse-effect`` and ``chain`` to the ``rulekit`` parser (their help in the language of ``t``)."""
    t = t or translator("en")
    p = subparsers.add_parser(
        "parse-effect",
        help=t("parse an Apoteose effect text"),
        description=t(
            "Parse an Apoteose effect text; print its structure or the error "
            "with its code and position (exit status 2)."
        ),
    )
    p.add_argument("text", metavar="TEXT", help=t("the effect text, in quotes"))
    p.add_argument("--json", action="store_true", help=t("print JSON"))
    add_lang_option(p, t)
    p.set_defaults(func=parse_effect_cmd)
    c = subparsers.add_parser(
        "chain",
        help=t("run an Apoteose scenario's response chain"),
        description=t(
            "Run an Apoteose scenario (a path or a built-in name such as "
            "apoteose/seed-activation) and print its chain trace."
        ),
    )
    c.add_argument("scenario", metavar="SCENARIO", help=t("a scenario file or a built-in scenario name"))
    c.add_argument("--json", action="store_true", help=t("print the §7 JSON"))
    add_lang_option(c, t)
    c.set_defaults(func=chain_cmd)


#: A requirement's kind and moment (the parser's codes), as ``parse-effect`` shows them.
KINDS = {
    "cost": NP_("requirement kind", "cost"),
    "action": NP_("requirement kind", "action"),
    "state": NP_("requirement kind", "state"),
    "condition": NP_("requirement kind", "condition"),
}
MOMENTS = {
    "before": NP_("effect moment", "before"),
    "during": NP_("effect moment", "during"),
    "after": NP_("effect moment", "after"),
}


def _word(t: Translator, context: str, table: dict[str, str], code: str) -> str:
    return t.p(context, table[code]) if code in table else code


def warning_line(t: Translator, warning: Any) -> str:
    """One warning as the CLI prints it: an effect text's (:class:`~rulekit.apoteose.text.Warning_`,
    with its code and position) or the loader's (a :class:`~rulekit.errors.Phrase`), in ``t``'s language."""
    if hasattr(warning, "code") and hasattr(warning, "position"):
        return t(
            "warning: {code} at position {position}: {message}",
            code=warning.code,
            position=warning.position,
            message=t.phrase(warning.message),
        )
    return t("warning: {message}", message=t.phrase(warning))


def parse_effect_cmd(args: argparse.Namespace) -> int:
    lang = cli_lang(args)
    t = translator(lang)
    e = parse_effect(args.text)
    if args.json:
        print(json.dumps(e.to_dict(), ensure_ascii=False, indent=2))
        return 0
    rows: list[tuple[str, str]] = [
        (t("canonical:"), format_effect(e)),
        (t("activation:"), e.activation),
    ]
    for label, vals in ((t("timing:"), e.timings), (t("limits:"), e.limits), (t("scopes:"), e.scopes)):
        if vals:
            rows.append((label, ", ".join(vals)))
    if e.task:
        rows.append((t("task:"), e.task))
    for r in e.requirements:
        kind = _word(t, "requirement kind", KINDS, r.kind)
        moment = _word(t, "effect moment", MOMENTS, r.moment)
        rows.append((t("requirement:"), f"[{kind}/{moment}] {r.text}"))
    rows.append((t("description:"), e.description))
    moment = _word(t, "effect moment", MOMENTS, e.moment)
    if e.has_options:
        moment = t("{moment} (options: blocks before-responses, R-21)", moment=moment)
    rows.append((t("moment:"), moment))
    width = max(len(label) for label, _ in rows) + 1
    for label, value in rows:
        print(f"{label:<{width}}{value}")
    print(t("read as (in the seed's words — what it does):"))
    for line in reading_lines(e, lang):  # what the engine understood, one line per requirement/statement
        print("  " + line)
    for st in e.body:  # the statement as a sentence in the language, then as the data a ``body:`` takes
        print("  " + t("run: {statement}", statement=statement_text(st.to_dict(), lang)))
        print("    " + json.dumps(st.to_dict(), ensure_ascii=False))
    for w in e.warnings:
        print(warning_line(t, w))
    return 0


def chain_cmd(args: argparse.Namespace) -> int:
    lang = cli_lang(args)
    t = translator(lang)
    scenario = load_scenario(args.scenario)
    doc = scenario.doc
    with limits.budget(file=doc.file if doc else args.scenario, input_bytes=doc.size if doc else 0):
        trace = run_chain(scenario)
        for w in trace.warnings:  # the loader's notes (an effect refused when used, R-17), on stderr
            print(warning_line(t, w), file=sys.stderr)
        if args.json:  # at most a fixed multiple of the file, then a "truncated" record
            print(bounded_json(trace.to_json_dict(), lang, default=json_default))
            return 0
        sys.stdout.write(clean(chain_report(trace, lang)))  # one renderer in every language; no escape
    return 0
