"""The ``rulekit`` command line.

Each subsystem registers its own subcommands through a ``register(subparsers)`` function in
its ``commands`` module (``rulekit.mtg.commands``, ``rulekit.apoteose.commands``,
``rulekit.views.commands``). A subcommand's handler takes the parsed arguments, writes its
output to stdout and returns an exit status.

Bad input exits with status 2 and one clear message on stderr, never a traceback: every
:class:`~rulekit.errors.RulekitError` is caught here.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from rulekit import __version__
from rulekit.errors import RulekitError

#: Modules that contribute subcommands, in the order they appear in ``--help``.
COMMAND_MODULES = ("rulekit.mtg.commands", "rulekit.apoteose.commands", "rulekit.views.commands")


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit with status 2 and a one-line hint (its default too)."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulekit",
        description="Exact rules engines for MTG continuous effects and the Apoteose effect chain.",
    )
    parser.add_argument("--version", action="version", version=f"rulekit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a subsystem not built yet must not break the others
            if exc.name is None or not name.startswith(exc.name):
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rulekit`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        return int(handler(args) or 0)
    except RulekitError as exc:
        print(f"rulekit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `rulekit solve ... | head`
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
