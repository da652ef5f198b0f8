"""Teacher commands: ``rulekit explain`` and ``rulekit diagram``.

* ``rulekit explain SCENARIO [--ruleset seed|current] [--without ID]...`` prints the layer table,
  the reason for each step, the dependencies and loops, and the final characteristics as plain
  text (for an Apoteose scenario: the chain log, the resolution order and the heroes).
* ``rulekit diagram SCENARIO (--svg FILE | --dot FILE) [--flow]`` writes the dependency diagram
  (MTG) or the chain diagram (Apoteose; ``--flow`` gives the MTG layer-flow strip instead). SVG
  comes from the system ``dot`` or, without it, the in-process WebAssembly Graphviz; ``-`` writes
  to stdout.

The game is read from the scenario's ``game:`` key (a built-in name starting ``apoteose/`` is an
Apoteose scenario). Neither command needs pandas or system Graphviz.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rulekit.errors import RulekitError, ScenarioError
from rulekit.mtg.commands import add_scenario_options

GAMES = ("mtg", "apoteose")
SCENARIO_DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"


def scenario_game(scenario: Any) -> str:
    """``"mtg"`` or ``"apoteose"`` for a scenario given as a built-in name, a path or a loaded object.

    >>> scenario_game("apoteose/anything"), scenario_game("seed/humility-then-gideon")
    ('apoteose', 'mtg')
    """
    if not isinstance(scenario, str | Path):
        module = type(scenario).__module__
        return "apoteose" if module.startswith("rulekit.apoteose") else "mtg"
    text = str(scenario)
    if text.startswith("apoteose/"):
        return "apoteose"
    path = Path(text)
    if not path.is_file():
        builtin = SCENARIO_DIR / f"{text}.yaml"
        if not builtin.is_file():
            return "mtg"  # the MTG loader reports the unknown name, with a suggestion
        path = builtin
    from rulekit.yamlsrc import YamlDoc

    doc = YamlDoc.from_path(path, display=text)
    data = doc.data
    game = data.get("game") if isinstance(data, dict) else None
    if game not in GAMES:
        from rulekit.yamlsrc import suggest

        if game is None:
            raise ScenarioError(
                "a scenario needs a top-level 'game:' key (mtg or apoteose)",
                file=text,
                line=1,
                field="game",
                code="MISSING_KEY",
            )
        raise doc.error(
            ("game",),
            f"'{game}' is not a game rulekit knows (mtg, apoteose)",
            suggestion=suggest(str(game), GAMES),
        )
    return str(game)


def _solve_mtg(args: argparse.Namespace) -> Any:
    from rulekit import mtg

    sc = mtg.load_scenario(args.scenario)
    if args.without:
        known = set(sc.effect_ids())
        for eid in args.without:
            if eid not in known:
                from rulekit.yamlsrc import suggest

                raise ScenarioError(
                    f"no effect '{eid}' in {args.scenario} (effects: {', '.join(sorted(known))})",
                    field="--without",
                    code="UNKNOWN_EFFECT",
                    suggestion=suggest(eid, sorted(known)),
                )
        sc = sc.without(args.without)
    return mtg.solve(sc, ruleset=args.ruleset)


def _run_chain(args: argparse.Namespace) -> Any:
    from rulekit import apoteose

    return apoteose.run_chain(apoteose.load_scenario(args.scenario))


def explain_text(trace: Any) -> str:
    """The text ``rulekit explain`` prints for a solved trace (MTG or Apoteose)."""
    if hasattr(trace, "events"):
        from rulekit.views import chain as cv

        order = ", ".join(trace.resolution_order) or "nothing resolved"
        parts = [
            cv.chain_log_table(trace).to_text(),
            f"Resolution order: {order}",
            cv.heroes_table(trace).to_text(),
        ]
        if trace.errors:
            parts.append(
                "Refusals and errors:\n"
                + "\n".join(f"  {e.card or '-'}: {e.code}: {e.message}" for e in trace.errors)
            )
        return "\n\n".join(parts) + "\n"
    from rulekit.views.text import explain_text as mtg_explain_text

    return mtg_explain_text(trace)


def _explain(args: argparse.Namespace) -> int:
    game = scenario_game(args.scenario)
    trace = _run_chain(args) if game == "apoteose" else _solve_mtg(args)
    sys.stdout.write(explain_text(trace))
    return 0


def diagram_dot(args: argparse.Namespace) -> str:
    """The DOT text ``rulekit diagram`` writes."""
    game = scenario_game(args.scenario)
    if game == "apoteose":
        from rulekit.views.chain import chain_dot

        return chain_dot(_run_chain(args))
    from rulekit.views import mtg as mv

    trace = _solve_mtg(args)
    return mv.layer_flow_dot(trace) if args.flow else mv.dependency_dot(trace)


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
        return
    try:
        Path(target).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise RulekitError(f"cannot write {target}: {exc.strerror or exc}", code="CANNOT_WRITE") from exc


def _diagram(args: argparse.Namespace) -> int:
    if not args.svg and not args.dot:
        raise RulekitError("say where to write the diagram: --svg FILE or --dot FILE", code="NO_OUTPUT")
    try:
        dot = diagram_dot(args)
    except ModuleNotFoundError as exc:
        if exc.name != "graphviz":
            raise
        raise RulekitError(
            'building diagrams needs the graphviz Python package: pip install "rulekit[lessons]"',
            code="MISSING_DEPENDENCY",
        ) from exc
    if args.dot:
        _write(args.dot, dot)
    if args.svg:
        from rulekit.views.render import render

        rendered = render(dot)
        if rendered.svg is None:
            raise RulekitError(rendered.note + " (use --dot FILE to get the DOT text)", code="NO_RENDERER")
        _write(args.svg, rendered.svg)
        if args.svg != "-":
            print(f"wrote {args.svg} ({rendered.backend} renderer)", file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    """Add ``explain`` and ``diagram`` to the ``rulekit`` command line."""
    p = subparsers.add_parser(
        "explain",
        help="print the layer table and the reasons as text",
        description="Print the layer table, why each step came when it did, the "
        "dependencies, loops and final characteristics (MTG), or the "
        "chain log (Apoteose).",
    )
    add_scenario_options(p)
    p.set_defaults(func=_explain)
    d = subparsers.add_parser(
        "diagram",
        help="write the dependency (or chain) diagram as SVG or DOT",
        description="Write the dependency diagram of an MTG scenario, or the chain "
        "diagram of an Apoteose scenario. SVG needs no system Graphviz.",
    )
    add_scenario_options(d)
    d.add_argument("--svg", metavar="FILE", help="write SVG here ('-' = stdout)")
    d.add_argument("--dot", metavar="FILE", help="write DOT text here ('-' = stdout)")
    d.add_argument("--flow", action="store_true", help="MTG: the layer-flow strip instead of dependencies")
    d.set_defaults(func=_diagram)
