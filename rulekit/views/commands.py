"""Teacher commands: ``rulekit explain`` and ``rulekit diagram``.

* ``rulekit explain SCENARIO [--ruleset seed|current] [--without ID]...`` prints the layer table,
  the reason for each step, the dependencies and loops, and the final characteristics as plain
  text (for an Apoteose scenario: the chain log, the resolution order and the heroes).
* ``rulekit diagram SCENARIO (--svg FILE | --dot FILE) [--flow] [--lang LANG]`` writes the dependency diagram
  (MTG) or the chain diagram (Apoteose; ``--flow`` gives the MTG layer-flow strip instead). SVG
  comes from the system ``dot`` or, without it, the in-process WebAssembly Graphviz; ``-`` writes
  to stdout. ``--lang`` is the language of the diagram's words (the registry's, as for ``explain``).

The game is read from the scenario's ``game:`` key (a built-in name starting ``apoteose/`` is an
Apoteose scenario). Neither command needs pandas or system Graphviz.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import Any

from rulekit import apoteose, limits, mtg
from rulekit.errors import N_, Phrase, RulekitError, ScenarioError
from rulekit.i18n import translator
from rulekit.mtg.commands import add_lang_option, add_scenario_options, cli_lang, print_text_notes

# the built-in folder and "which game is this?" live in rulekit.scenarios; re-exported here
from rulekit.scenarios import GAMES as GAMES
from rulekit.scenarios import SCENARIO_DIR as SCENARIO_DIR
from rulekit.scenarios import scenario_game as scenario_game
from rulekit.views import localized as lv
from rulekit.views import mtg as mv
from rulekit.views.chain import chain_dot, error_words
from rulekit.views.markup import clean
from rulekit.views.render import ENV_VAR, NOTES, Rendered, render
from rulekit.views.text import explain_text as mtg_explain_text  # the one MTG text renderer
from rulekit.yamlsrc import suggest


def _solve_mtg(args: argparse.Namespace) -> Any:

    sc = mtg.load_scenario(args.scenario)
    print_text_notes(sc, translator(cli_lang(args)))
    limits.current().file = sc.file  # the command's budget measures its outputs against this file
    limits.current().input_bytes = sc.size
    if args.without:
        known = set(mtg.effect_ids(sc))
        for eid in args.without:
            if eid not in known:
                raise ScenarioError(
                    N_("no effect '{effect}' in {scenario} (effects: {effects})"),
                    params={"effect": eid, "scenario": args.scenario, "effects": ", ".join(sorted(known))},
                    field="--without",
                    code="UNKNOWN_EFFECT",
                    suggestion=suggest(eid, sorted(known)),
                )
        sc = mtg.without(sc, args.without)
    return mtg.solve(sc, ruleset=args.ruleset)


def _run_chain(args: argparse.Namespace) -> Any:

    sc = apoteose.load_scenario(args.scenario)
    limits.current().file = sc.doc.file if sc.doc is not None else args.scenario
    limits.current().input_bytes = sc.doc.size if sc.doc is not None else 0
    return apoteose.run_chain(sc)


def explain_text(trace: Any, lang: str = "en") -> str:
    """The text ``rulekit explain`` prints for a solved trace (MTG or Apoteose), in ``lang``."""

    t = translator(lang)
    if hasattr(trace, "events"):
        order = ", ".join(trace.resolution_order) or t("nothing resolved")
        parts = [
            lv.chain_log_table(trace, lang=lang).to_text(),
            t("Resolution order: {order}", order=order),
            lv.heroes_table(trace, lang=lang).to_text(),
        ]
        if trace.errors:
            parts.append(
                t("Refusals and errors:")
                + "\n"
                + "\n".join(f"  {e.card or '-'}: {e.code}: {error_words(e, lang)}" for e in trace.errors)
            )
        return "\n\n".join(parts) + "\n"

    return mtg_explain_text(trace, lang)


def _explain(args: argparse.Namespace) -> int:

    lang = cli_lang(args)
    game = scenario_game(args.scenario)
    with limits.budget():  # one budget for the command (its file named when it is loaded)
        trace = _run_chain(args) if game == "apoteose" else _solve_mtg(args)
        sys.stdout.write(clean(explain_text(trace, lang)))  # no terminal escape from a scenario
    return 0


def diagram_dot(args: argparse.Namespace) -> str:
    """The DOT text ``rulekit diagram`` writes, in its ``--lang``."""
    lang = cli_lang(args)
    game = scenario_game(args.scenario)
    if game == "apoteose":
        return chain_dot(_run_chain(args), lang=lang)

    trace = _solve_mtg(args)
    return mv.layer_flow_dot(trace, lang=lang) if args.flow else mv.dependency_dot(trace, lang=lang)


def write_outputs(outputs: list[tuple[str, str]]) -> None:
    """Write every ``(target, text)`` or none: each file goes to a temporary file beside its target
    first, and only when all of them could be written are they renamed into place (then ``-``
    goes to stdout). A target that cannot be written is one :class:`RulekitError` line."""
    import os
    import tempfile

    targets = [t for t, _ in outputs if t != "-"]
    for t in targets:
        if targets.count(t) > 1:
            raise RulekitError(
                N_("{target} is given for two outputs: use two different files"),
                params={"target": t},
                code="CANNOT_WRITE",
            )
    staged: list[tuple[str, str]] = []
    try:
        for target, text in outputs:
            if target == "-":
                continue
            path = Path(target)
            if path.is_dir():
                raise RulekitError(
                    N_("cannot write {target}: it is a directory"),
                    params={"target": target},
                    code="CANNOT_WRITE",
                )
            try:
                fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
                staged.append((tmp, target))
                with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
            except OSError as exc:
                raise RulekitError(
                    N_("cannot write {target}: {reason}"),
                    params={"target": target, "reason": exc.strerror or exc},
                    code="CANNOT_WRITE",
                ) from None
        for tmp, target in staged:
            try:
                os.chmod(tmp, 0o666 & ~_umask())
                os.replace(tmp, target)
            except OSError as exc:
                raise RulekitError(
                    N_("cannot write {target}: {reason}"),
                    params={"target": target, "reason": exc.strerror or exc},
                    code="CANNOT_WRITE",
                ) from None
        staged = []
    finally:
        for tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    for target, text in outputs:
        if target == "-":
            sys.stdout.write(text)


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def _note(rendered: Rendered) -> str:
    """The renderer's note, translated where the error is shown."""
    if rendered.note_code in NOTES:
        return Phrase(NOTES[rendered.note_code], **dict(rendered.note_params), env=ENV_VAR)
    return rendered.note


def _diagram(args: argparse.Namespace) -> int:
    t = translator(cli_lang(args))
    if not args.svg and not args.dot:
        raise RulekitError(
            N_("say where to write the diagram: --svg FILE or --dot FILE"), params={}, code="NO_OUTPUT"
        )
    with limits.budget():  # one budget for the command (its file named when it is loaded)
        dot = diagram_dot(args)  # DOT is written by rulekit.views.dot: no graphviz package needed
    outputs: list[tuple[str, str]] = []
    backend = None
    if args.dot:
        outputs.append((args.dot, dot))
    if args.svg:  # render everything first: nothing is written unless every output can be
        rendered = render(dot)
        if rendered.svg is None:
            raise RulekitError(
                N_("{note} (use --dot FILE to get the DOT text)"),
                params={"note": _note(rendered)},
                code="NO_RENDERER",
            )
        outputs.append((args.svg, rendered.svg))
        backend = rendered.backend
    write_outputs(outputs)
    if args.svg and args.svg != "-":
        print(t("wrote {file} ({backend} renderer)", file=args.svg, backend=backend), file=sys.stderr)
    return 0


def register(subparsers: Any, t: Any = None) -> None:
    """Add ``explain`` and ``diagram`` to the ``rulekit`` command line (their help in the language of
    ``t``, a :class:`~rulekit.i18n.Translator`)."""
    t = t or translator("en")
    p = subparsers.add_parser(
        "explain",
        help=t("print the layer table and the reasons as text"),
        description=t(
            "Print the layer table, why each step came when it did, the "
            "dependencies, loops and final characteristics (MTG), or the "
            "chain log (Apoteose)."
        ),
    )
    add_scenario_options(p, t)
    add_lang_option(p, t)
    p.set_defaults(func=_explain)
    d = subparsers.add_parser(
        "diagram",
        help=t("write the dependency (or chain) diagram as SVG or DOT"),
        description=t(
            "Write the dependency diagram of an MTG scenario, or the chain "
            "diagram of an Apoteose scenario. SVG needs no system Graphviz."
        ),
    )
    add_scenario_options(d, t)
    add_lang_option(d, t)
    d.add_argument("--svg", metavar="FILE", help=t("write SVG here ('-' = stdout)"))
    d.add_argument("--dot", metavar="FILE", help=t("write DOT text here ('-' = stdout)"))
    d.add_argument("--flow", action="store_true", help=t("MTG: the layer-flow strip instead of dependencies"))
    d.set_defaults(func=_diagram)
