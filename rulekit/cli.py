"""The ``rulekit`` command line.

Each subsystem registers its own subcommands through a ``register(subparsers)`` function in
its ``commands`` module (``rulekit.mtg.commands``, ``rulekit.apoteose.commands``,
``rulekit.views.commands``). A subcommand's handler takes the parsed arguments, writes its
output to stdout and returns an exit status.

Bad input exits with status 2 and one clear message on stderr, never a traceback: every
:class:`~rulekit.errors.RulekitError` is caught here.

Everything a command writes to the terminal passes through the one text cleaner
(:mod:`rulekit.textclean`) here, whatever the command: a terminal escape (clear screen, window
title, hidden link), a right-to-left override or a zero-width space in a name or text is shown as
a symbol (``␛``, ``\\u202e``), never acted on. JSON output (``--json``) gets the same characters as
JSON escapes (``\\u202e``), so the data read back is unchanged.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from rulekit import __version__
from rulekit.errors import N_, RulekitError
from rulekit.i18n import translator
from rulekit.textclean import json_safe, visible
from rulekit.views.reasons import error_text

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


class _Cleaned:
    """A text stream that writes everything through ``cleaner`` to ``stream`` (see the module doc)."""

    def __init__(self, stream: TextIO, cleaner: Callable[[str], str]) -> None:
        self._stream = stream
        self._cleaner = cleaner

    def write(self, text: str) -> int:
        self._stream.write(self._cleaner(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, isatty, encoding...
        return getattr(self._stream, name)


@contextlib.contextmanager
def cleaned_output(json_out: bool = False) -> Iterator[None]:
    """While inside, ``sys.stdout`` and ``sys.stderr`` show no terminal escape, invisible or
    bidirectional character as it is (:func:`rulekit.textclean.visible`; for JSON output,
    :func:`rulekit.textclean.json_safe`)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = _Cleaned(out, json_safe if json_out else visible)  # type: ignore[assignment]
    sys.stderr = _Cleaned(err, visible)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def error_line(exc: RulekitError, lang: object = "en") -> str:
    """The one line the CLI prints for bad input, in the command's ``--lang`` (English when that is
    itself what is wrong): ``rulekit: error: FILE:LINE: FIELD: message``, the place and field as they
    are, the words through the catalogue (:meth:`rulekit.errors.RulekitError.text_in`)."""
    try:
        t = translator(lang)
    except RulekitError:
        t = translator("en")
    return t(N_("rulekit: error: {message}"), message=error_text(exc, t.lang))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rulekit`` console script."""
    with cleaned_output():
        parser = build_parser()
        args = parser.parse_args(argv)  # a usage error quotes the argument: cleaned too
    handler = getattr(args, "func", None)
    if handler is None:
        parser.print_help()
        return 2
    with cleaned_output(json_out=bool(getattr(args, "json", False))):
        try:
            return int(handler(args) or 0)
        except RulekitError as exc:
            print(error_line(exc, getattr(args, "lang", "en")), file=sys.stderr)
            return 2
        except BrokenPipeError:  # `rulekit solve ... | head`
            return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
