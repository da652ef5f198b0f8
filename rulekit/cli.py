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
from typing import Any, NoReturn, TextIO

from rulekit import __version__, i18n, limits
from rulekit.errors import N_, RulekitError
from rulekit.i18n import Translator, translator
from rulekit.textclean import json_safe, visible
from rulekit.views.reasons import error_text

#: Modules that contribute subcommands, in the order they appear in ``--help``.
COMMAND_MODULES = (
    "rulekit.mtg.commands",
    "rulekit.mtg.oracle.commands",
    "rulekit.apoteose.commands",
    "rulekit.views.commands",
)


#: argparse's own words (its usage line, its section titles, its usage errors), looked up in rulekit's
#: catalogue while the parser is built and used (:func:`argparse_words`); they keep argparse's
#: ``%(name)s`` placeholders, which argparse fills.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ignored explicit argument %r"),
)


def argv_lang(argv: Sequence[str] | None = None) -> str:
    """The language a command line asks for with ``--lang LANG`` (or ``--lang=LANG``), read before the
    parser is built so that its help and usage errors are in it too; English when it names none, or
    one rulekit does not have (the command then says so, in English).

    >>> argv_lang(["cards", "--lang", "pt_br"]), argv_lang(["new", "--lang=es", "x.yaml"]), argv_lang([])
    ('pt-BR', 'es', 'en')
    """
    args = list(sys.argv[1:] if argv is None else argv)
    value = None
    for k, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and k + 1 < len(args):
            value = args[k + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    try:
        return translator(value).lang if value is not None else "en"
    except RulekitError:
        return "en"


def lang_after_command(argv: Sequence[str] | None = None) -> list[str]:
    """The command line with a ``--lang LANG`` written before the command moved after it, where each
    command takes it: ``rulekit --lang es solve x`` is ``rulekit solve x --lang es``.

    >>> lang_after_command(["--lang", "es", "solve", "x"]), lang_after_command(["--lang=pt-BR", "cards"])
    (['solve', 'x', '--lang', 'es'], ['cards', '--lang=pt-BR'])
    >>> lang_after_command(["solve", "x", "--lang", "es"])
    ['solve', 'x', '--lang', 'es']
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--lang"] and len(args) > 2:
        return [*args[2:], *args[:2]]
    if args and args[0].startswith("--lang=") and len(args) > 1:
        return [*args[1:], args[0]]
    return args


@contextlib.contextmanager
def argparse_words(lang: str = "en") -> Iterator[Translator]:
    """While inside, argparse's own words (:data:`ARGPARSE_WORDS`) come from rulekit's catalogue in
    ``lang``; yields the translator (for the help texts, marked where they are written)."""
    t = translator(lang)
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = lambda message: t(message)  # type: ignore[attr-defined]
    argparse.ngettext = lambda singular, plural, count: t.n(singular, plural, count)  # type: ignore[attr-defined]
    try:
        yield t
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors exit with status 2 and a one-line hint (its default too), and its
    words are in the parser's language (``t``): its ``-h`` and its ``error:`` line."""

    #: the language of a parser made by ``add_parser`` (a subclass per language sets it)
    language: Translator | None = None

    def __init__(self, *args: Any, t: Translator | None = None, **kw: Any) -> None:
        self.t = t or self.language or translator("en")
        kw["add_help"] = False
        super().__init__(*args, **kw)
        self.add_argument("-h", "--help", action="help", help=self.t(N_("show this help message and exit")))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, self.t(N_("{prog}: error: {message}"), prog=self.prog, message=message) + "\n")


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``rulekit`` parser, its help texts in ``lang`` (call it inside :func:`argparse_words` for
    argparse's own words too)."""
    t = translator(lang)
    parser = _Parser(
        prog="rulekit",
        description=t(N_("Exact rules engines for MTG continuous effects and the Apoteose effect chain.")),
        epilog=t(
            N_("Every command takes --lang LANG ({languages}), before or after its name."),
            languages=", ".join(i18n.LANGUAGES),
        ),
        t=t,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"rulekit {__version__}",
        help=t(N_("show the version number and exit")),
    )

    class _Sub(_Parser):
        language = t

    sub = parser.add_subparsers(dest="command", metavar=t(N_("COMMAND")), parser_class=_Sub)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # a subsystem not built yet must not break the others
            if exc.name is None or not name.startswith(exc.name):
                raise
            continue
        module.register(sub, t)
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


def error_lines(exc: RulekitError, lang: object = "en") -> list[str]:
    """Every located error of ``exc`` (``exc.errors``: one file's mistakes, by line), one
    :func:`error_line` each, at most :data:`rulekit.limits.MAX_ERRORS_SHOWN` of them and then one
    line counting the rest."""
    errors = getattr(exc, "errors", None) or [exc]
    most = limits.MAX_ERRORS_SHOWN
    lines = [error_line(one, lang) for one in errors[:most]]
    if len(errors) > most:
        try:
            t = translator(lang)
        except RulekitError:
            t = translator("en")
        lines.append(t(N_("rulekit: error: … and {count} more"), count=len(errors) - most))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rulekit`` console script."""
    argv = lang_after_command(argv)
    with cleaned_output(), argparse_words(argv_lang(argv)) as t:
        parser = build_parser(t.lang)
        args = parser.parse_args(argv)  # a usage error quotes the argument: cleaned too
        handler = getattr(args, "func", None)
        if handler is None:
            parser.print_help()
            return 2
    with cleaned_output(json_out=bool(getattr(args, "json", False))):
        try:
            return int(handler(args) or 0)
        except RulekitError as exc:
            for line in error_lines(exc, getattr(args, "lang", "en")):
                print(line, file=sys.stderr)
            return 2
        except BrokenPipeError:  # `rulekit solve ... | head`
            return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
