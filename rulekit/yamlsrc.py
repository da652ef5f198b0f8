"""Line-aware YAML loading and validation shared by every scenario and card file.

Data is read as :func:`yaml.safe_load` reads it (the safe constructor); a walk of the
composed node tree remembers the line of every mapping key and sequence item, so that any error can name
``file:line: field``. Validation uses pydantic models declared with ``extra="forbid"``; every
validation error is turned into one located :class:`~rulekit.errors.ScenarioError` that names
the file, the line and the field, with a "did you mean" suggestion for misspelt keys or
choices, and they are raised together (the first by line, carrying all in ``.errors``). The
loaders check each object, event, hero and card on its own in a :class:`Mistakes`, so that a
file's mistakes are all reported in one run, one line each.

>>> doc = YamlDoc.from_text("game: mtg\\nobjects:\\n  - card: Island\\n  - card: Humility\\n", "s.yaml")
>>> doc.data["objects"][1]["card"]
'Humility'
>>> doc.line_of(("objects", 1, "card"))
4
>>> str(doc.error(("objects", 1, "card"), "unknown card 'Humility'"))
"s.yaml:4: objects[1].card: unknown card 'Humility'"
"""

from __future__ import annotations

import difflib
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from rulekit import limits
from rulekit.errors import N_, Phrase, RulekitError, ScenarioError, gathered, shown
from rulekit.textclean import hidden_character, look_alike, mixed_script, shown_plain, skeleton

if TYPE_CHECKING:  # pydantic is imported lazily: `import rulekit` must stay light.
    from pydantic import BaseModel

PathKey = tuple[str | int, ...]
M = TypeVar("M", bound="BaseModel")


def format_path(path: Sequence[str | int]) -> str:
    """``("objects", 2, "types")`` -> ``objects[2].types``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """The closest choice to a misspelt ``word``, or ``None`` when nothing is close.

    >>> suggest("Creture", ["Artifact", "Creature", "Land"])
    'Creature'
    """
    choices = list(choices)
    if word in choices:  # the word itself is allowed: a suggestion of itself helps no one
        return None
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return lowered[word.lower()]
    hits = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[hits[0]] if hits else None


def check_look_alike(
    doc: YamlDoc, path: Sequence[str | int], value: object, what: str, *, name: bool = False
) -> None:
    """Refuse an id or a name that could be taken for another (:func:`rulekit.textclean.look_alike`).

    An id or a player name (``name=False``) may hold no character that shows nothing or reorders
    the text, and no word mixing look-alike scripts (a Cyrillic ``А`` in ``Ann``); a display name
    (``name=True``) no such word (its invisible characters are shown as codes by every output).
    One located error, code ``LOOK_ALIKE``.
    """
    if not isinstance(value, str):
        return
    why = mixed_script(value) if name else look_alike(value)
    if why is not None:
        if name or why == mixed_script(value):
            fix = Phrase(N_("write each word in one alphabet"))
        elif hidden_character(value):
            fix = Phrase(N_("remove it"))
        else:  # a no-break space, a space at either end
            fix = Phrase(N_("write plain spaces, none at either end"))
        raise doc.error(
            path,
            N_("{what} '{value}' could be taken for another: {why}; {fix}"),
            params={"what": _WHAT.get(what, what), "value": shown(value, 40), "why": why, "fix": fix},
            code="LOOK_ALIKE",
        )


class Distinct:
    """Ids or names of one kind that a reader must be able to tell apart: each new one is checked
    alone (:func:`check_look_alike`), then against the others already seen.

    Two different values are refused as a pair (one located error at the later one, code
    ``LOOK_ALIKE``, naming the earlier and its place) when they show the same once spaces and
    invisible characters are folded (``Bo`` and ``Bo\u00a0``; one name in two Unicode normal
    forms), or, where either is not plain ASCII, when Unicode's skeletons agree (Latin ``Bo`` and
    Cyrillic ``Во``; :func:`rulekit.textclean.skeleton`). ``fold`` is how references match the
    values (the Apoteose reader's :func:`rulekit.apoteose.rulings.norm`: case and accents aside);
    ``owner`` names whose value it is, so that a hero's name may equal its own id but not another
    hero's. The same value given twice by two entries of one owner-less kind is left to the
    caller's "used twice" check.
    """

    def __init__(self, doc: YamlDoc, what: str, fold: Callable[[str], str] = str) -> None:
        self.doc, self.what, self.fold = doc, what, fold
        self._seen: list[tuple[tuple[str | int, ...], str, object]] = []
        self._plain: dict[str, int] = {}
        self._skeletons: dict[str, int] | None = None

    def add(
        self,
        path: Sequence[str | int],
        value: object,
        owner: object = None,
        what: str | None = None,
        *,
        name: bool = False,
    ) -> None:
        """Check ``value`` (at ``path``; ``what`` it is, when not the kind's own word; ``name``: a
        display name, see :func:`check_look_alike`) and keep it."""
        if not isinstance(value, str):
            return
        what = what or self.what
        check_look_alike(self.doc, path, value, what, name=name)
        entry = (tuple(path), value, owner)
        plain = shown_plain(self.fold(value))
        hit = self._plain.get(plain)
        if hit is None and (self._skeletons is not None or not plain.isascii()):
            if self._skeletons is None:  # the first name beyond ASCII: skeletons of all so far
                self._skeletons = {}
                for i, (_, v, _) in enumerate(self._seen):
                    self._skeletons.setdefault(skeleton(self.fold(v)), i)
            hit = self._skeletons.get(skeleton(self.fold(value)))
        if hit is not None:
            other_path, other, other_owner = self._seen[hit]
            same_owner = owner is not None and other_owner == owner
            if not same_owner and (other != value or owner is not None):
                where = format_path(other_path)
                line = self.doc.line_of(other_path)
                raise self.doc.error(
                    path,
                    N_(
                        "{what} '{value}' could be taken for '{other}' ({where}); "
                        "give it a name that looks different"
                    ),
                    params={
                        "what": _WHAT.get(what, what),
                        "value": shown(value, 40),
                        "other": shown(other, 40),
                        "where": Phrase(N_("{where}, line {line}"), where=where, line=line)
                        if line
                        else where,
                    },
                    code="LOOK_ALIKE",
                )
        self._seen.append(entry)
        self._plain.setdefault(plain, len(self._seen) - 1)
        if self._skeletons is not None:
            self._skeletons.setdefault(skeleton(self.fold(value)), len(self._seen) - 1)


#: What :func:`check_look_alike` may be checking, as its callers name it.
_WHAT = {
    "the id": Phrase(N_("the id")),
    "the name": Phrase(N_("the name")),
    "the player name": Phrase(N_("the player name")),
    "the effect id": Phrase(N_("the effect id")),
    "the hero id": Phrase(N_("the hero id")),
    "the card id": Phrase(N_("the card id")),
}


_INT_TAG = "tag:yaml.org,2002:int"
_FLOAT_TAG = "tag:yaml.org,2002:float"
_MERGE_TAG = "tag:yaml.org,2002:merge"


def _without_base_60(resolvers: dict[Any, list[tuple[str, Any]]]) -> dict[Any, list[tuple[str, Any]]]:
    """PyYAML's implicit resolvers, except that a plain scalar holding ``:`` is never a number.

    YAML 1.1 reads ``1:30`` as the base-60 ("sexagesimal") integer 90 and ``1:30.5`` as 90.5;
    YAML 1.2 dropped that, and nobody writing ``power: 1:30`` or ``name: 12:30`` means it. Here such
    a value stays the text it is, so a number field refuses it with one located line ("expected
    a whole number, got text '1:30'") and a text field keeps it as written.
    """
    import re

    out: dict[Any, list[tuple[str, Any]]] = {}
    for first, items in resolvers.items():
        out[first] = [
            (tag, re.compile(r"^(?!.*:)" + rx.pattern.removeprefix("^"), rx.flags))
            if tag in (_INT_TAG, _FLOAT_TAG)
            else (tag, rx)
            for tag, rx in items
        ]
    return out


class _Resolver(yaml.resolver.Resolver):
    """The resolver of every rulekit file: YAML 1.1's, without base-60 numbers."""

    yaml_implicit_resolvers = _without_base_60(yaml.resolver.Resolver.yaml_implicit_resolvers)


def _construct_number(loader: Any, node: yaml.ScalarNode) -> Any:
    """An explicitly tagged number (``!!int 1:30``): never base 60 (see :func:`_without_base_60`)."""
    if ":" in str(node.value):
        raise yaml.constructor.ConstructorError(
            None,
            None,
            Phrase(
                N_(
                    "'{value}' is a base-60 number (YAML 1.1), which rulekit does not read: "
                    "write the number itself"
                ),
                value=shown(str(node.value), 40),
            ),
            node.start_mark,
        )
    if node.tag == _INT_TAG:
        return yaml.constructor.SafeConstructor.construct_yaml_int(loader, node)
    return yaml.constructor.SafeConstructor.construct_yaml_float(loader, node)


_BASE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Loader: Any = type(
    "_Loader", (_BASE_LOADER,), {"yaml_implicit_resolvers": _Resolver.yaml_implicit_resolvers}
)
_Loader.add_constructor(_INT_TAG, _construct_number)
_Loader.add_constructor(_FLOAT_TAG, _construct_number)
_RESOLVER = _Resolver()


def _loader_cls() -> Any:
    """The safe loader (PyYAML's C one when built with libyaml), with :class:`_Resolver`'s numbers."""
    return _Loader


def _too_long(chars: int) -> str:
    return Phrase(
        N_("text of {chars:,} characters is too long (at most {most:,})"),
        chars=chars,
        most=limits.MAX_STRING_CHARS,
    )


def _too_large(digits: int) -> str:
    return Phrase(
        N_("integer of {digits:,} digits is too large (at most {most} digits)"),
        digits=digits,
        most=limits.MAX_INT_DIGITS,
    )


# The three below are made when they are raised: the message names the limit in force then (a
# test or a caller may change :mod:`rulekit.limits`), not the one when this module loaded.
def _too_deep() -> str:
    return Phrase(N_("nested more than {most} levels deep"), most=limits.MAX_DEPTH)


def _too_many_values() -> str:
    return Phrase(N_("more than {most:,} values in one file"), most=limits.MAX_NODES)


def _file_too_large() -> str:
    return Phrase(N_("file is larger than {most:,} bytes"), most=limits.MAX_FILE_BYTES)


class _Open:
    """An open list or mapping during the bounds pass (its path, size so far, anchor)."""

    __slots__ = ("anchor", "expect_key", "index", "is_map", "key", "path", "size")

    def __init__(self, path: PathKey, is_map: bool, anchor: str | None) -> None:
        self.path = path
        self.is_map = is_map
        self.anchor = anchor
        self.size = 1
        self.index = 0
        self.key: str | int = "?"
        self.expect_key = True


def _check_bounds(text: str, file: str) -> None:
    """One pass over the YAML events, before anything is built: refuse what costs too much.

    Counts every value as the full copy an alias stands for (without building it), so a
    "billion laughs" file is refused at the alias that crosses :data:`~rulekit.limits.MAX_ALIAS_NODES`;
    also checks nesting depth, string length, integer size and recursive aliases. Syntax errors are
    left to the real load, which reports them with their line.
    """
    stack: list[_Open] = []
    sizes: dict[str, int] = {}
    open_anchors: set[str] = set()
    alias_total = 0
    total = 0

    def fail(ev: Any, message: str, code: str, path: PathKey) -> ScenarioError:
        line = ev.start_mark.line + 1 if ev.start_mark is not None else None
        return ScenarioError(message, file=file, line=line, field=format_path(path) or None, code=code)

    def place() -> PathKey:
        """Path of the value that starts now; advances the parent's key/index state."""
        if not stack:
            return ()
        top = stack[-1]
        if top.is_map:
            if top.expect_key:
                top.expect_key = False
                return top.path
            top.expect_key = True
            return (*top.path, top.key)
        top.index += 1
        return (*top.path, top.index - 1)

    def add(n: int) -> None:
        if stack:
            stack[-1].size += n

    try:
        for ev in yaml.parse(text, Loader=_loader_cls()):
            if isinstance(ev, yaml.ScalarEvent):
                is_key = bool(stack) and stack[-1].is_map and stack[-1].expect_key
                path = place()
                value = ev.value
                if is_key:
                    stack[-1].key = value
                if len(value) > limits.MAX_STRING_CHARS:
                    raise fail(ev, _too_long(len(value)), "TOO_LONG", path)
                if len(value) > limits.MAX_INT_DIGITS and value[:1] in "+-0123456789":
                    tag = ev.tag
                    if tag is None and ev.implicit[0]:
                        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
                    digits = sum(c.isalnum() for c in value.removeprefix("-").removeprefix("+"))
                    if tag == _INT_TAG and digits > limits.MAX_INT_DIGITS:  # a sign is not a digit
                        raise fail(ev, _too_large(digits), "TOO_LARGE", path)
                if ev.anchor is not None:
                    sizes[ev.anchor] = 1
                total += 1
                add(1)
            elif isinstance(ev, yaml.AliasEvent):
                path = place()
                name = str(ev.anchor)
                if name in open_anchors:
                    raise fail(
                        ev,
                        Phrase(N_("alias '{alias}' refers to a value that contains it"), alias=f"*{name}"),
                        "RECURSIVE_ALIAS",
                        path,
                    )
                size = sizes.get(name)
                if size is None:
                    continue  # unknown anchor: the real load reports it with its line
                alias_total += size
                total += size
                if alias_total > limits.MAX_ALIAS_NODES:
                    raise fail(
                        ev,
                        Phrase(
                            N_(
                                "aliases expand to more than {most:,} values "
                                "(alias '{alias}' alone stands for {size:,})"
                            ),
                            most=limits.MAX_ALIAS_NODES,
                            alias=f"*{name}",
                            size=size,
                        ),
                        "ALIAS_BUDGET",
                        path,
                    )
                add(size)
            elif isinstance(ev, yaml.CollectionStartEvent):
                path = place()
                if len(stack) >= limits.MAX_DEPTH:
                    raise fail(ev, _too_deep(), "TOO_DEEP", path[:4])
                stack.append(_Open(path, isinstance(ev, yaml.MappingStartEvent), ev.anchor))
                if ev.anchor is not None:
                    open_anchors.add(ev.anchor)
                total += 1
            elif isinstance(ev, yaml.CollectionEndEvent):
                done = stack.pop()
                if done.anchor is not None:
                    sizes[done.anchor] = done.size
                    open_anchors.discard(done.anchor)
                add(done.size)
            else:
                continue
            if total > limits.MAX_NODES:
                raise fail(ev, _too_many_values(), "TOO_MANY_VALUES", ())
    except yaml.YAMLError:
        return  # reported, with its line, by the real load


def check_data_bounds(data: Any, file: str, text: Callable[[], str] | None = None) -> None:
    """The bounds a file is read with (:func:`_check_bounds`, :data:`~rulekit.limits.MAX_FILE_BYTES`),
    applied to data built in memory (the BoardBuilder's board): what loading the file of ``data``
    would refuse is refused here with the same message, located by field (there is no line yet).

    ``text`` gives the file that would be written; it is called only when the data is near the
    file-size bound (a lower bound of the size, the bytes of every value, is compared first).

    >>> check_data_bounds({"x": 10**12}, "board")
    Traceback (most recent call last):
    ...
    rulekit.errors.ScenarioError: board: x: integer of 13 digits is too large (at most 9 digits)
    """
    total = 0
    size = 0
    # (value, path, collections around it, ids of the collections around it)
    todo: list[tuple[Any, PathKey, int, frozenset[int]]] = [(data, (), 0, frozenset())]

    def fail(path: PathKey, message: str, code: str) -> ScenarioError:
        return ScenarioError(message, file=file, field=format_path(path) or None, code=code)

    while todo:
        value, path, depth, around = todo.pop()
        total += 1
        if total > limits.MAX_NODES:
            raise fail((), _too_many_values(), "TOO_MANY_VALUES")
        if isinstance(value, dict | list | tuple):
            if id(value) in around:
                raise fail(path, Phrase(N_("a value that contains itself")), "RECURSIVE_ALIAS")
            if depth >= limits.MAX_DEPTH:
                raise fail(path[:4], _too_deep(), "TOO_DEEP")
            inner = around | {id(value)}
            if isinstance(value, dict):
                for key, item in reversed(list(value.items())):
                    todo.append((item, (*path, str(key)), depth + 1, inner))
                    todo.append((key, path, depth + 1, inner))  # a key is a value of the file too
            else:
                for i in range(len(value) - 1, -1, -1):
                    todo.append((value[i], (*path, i), depth + 1, inner))
            continue
        if isinstance(value, bool) or value is None:
            size += 4
        elif isinstance(value, int):
            if abs(value) >= 10**limits.MAX_INT_DIGITS:
                bits = abs(value).bit_length()
                digits = len(str(abs(value))) if bits < 10_000 else int(bits * 0.30103) + 1
                raise fail(path, _too_large(digits), "TOO_LARGE")
            size += len(str(value))
        elif isinstance(value, str):
            if len(value) > limits.MAX_STRING_CHARS:
                raise fail(path, _too_long(len(value)), "TOO_LONG")
            size += len(value.encode("utf-8", "surrogatepass"))
        else:
            size += len(str(value))
    # the bytes of the values are a lower bound of the file; what YAML adds around each value
    # (indentation, a dash or a colon, quotes, a line end) is at most a few bytes per level
    if size > limits.MAX_FILE_BYTES:
        raise ScenarioError(_file_too_large(), file=file, code="TOO_LARGE")
    if text is not None and size + total * (2 * limits.MAX_DEPTH + 8) > limits.MAX_FILE_BYTES:
        written = text()
        if (
            len(written) > limits.MAX_FILE_BYTES
            or len(written.encode("utf-8", "surrogatepass")) > limits.MAX_FILE_BYTES
        ):
            raise ScenarioError(_file_too_large(), file=file, code="TOO_LARGE")


def _compose(text: str) -> tuple[Any, yaml.Node | None]:
    """The loader (to build the data later, with the safe constructor) and the composed node tree.

    The data is built from this same tree, as :func:`yaml.safe_load` would build it; the C
    loader is used when PyYAML was built with libyaml.
    """
    loader = _loader_cls()(text)
    try:
        return loader, loader.get_single_node()
    except BaseException:
        loader.dispose()
        raise


def _pairs(node: yaml.MappingNode) -> list[tuple[yaml.Node, yaml.Node, bool]]:
    """The (key, value, merged?) pairs of a mapping, explicit keys first, then merged ones.

    A ``<<`` merge key (YAML merge type) brings in the pairs of one mapping or a list of
    mappings; an explicit key wins over a merged one and, among merged mappings, the first
    given wins (as PyYAML builds them). Merge values that are not mappings are left to the
    constructor, which reports them.
    """
    explicit: list[tuple[yaml.Node, yaml.Node, bool]] = []
    merged: list[tuple[yaml.Node, yaml.Node, bool]] = []
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _MERGE_TAG:
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for src in sources:
                if isinstance(src, yaml.MappingNode):
                    merged.extend((k, v, True) for k, v, _ in _pairs(src))
        else:
            explicit.append((key_node, value_node, False))
    return explicit + merged


def _safe_stat(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except (OSError, ValueError):  # missing, name too long, NUL byte, loop...
        return None


def exists(path: str | Path) -> bool:
    """Whether anything exists at ``path`` (never raises, whatever the name)."""
    return _safe_stat(Path(path)) is not None


def is_file(path: str | Path) -> bool:
    """Whether ``path`` names a regular file (never raises, whatever the name)."""
    st = _safe_stat(Path(path))
    return st is not None and stat.S_ISREG(st.st_mode)


def read_bounded(path: str | Path, name: str | None = None) -> bytes:
    """The bytes of a regular file of at most :data:`~rulekit.limits.MAX_FILE_BYTES`.

    Anything else (missing, a directory, a device, a FIFO, too large, unreadable) is one
    :class:`ScenarioError`; the file is opened only when it is a regular file.
    """
    p = Path(path)
    name = name or str(path)
    st = _safe_stat(p)
    if st is None:
        raise ScenarioError(Phrase(N_("no such file")), file=name, code="NO_SUCH_FILE")
    if not stat.S_ISREG(st.st_mode):
        kind = (
            Phrase(N_("a directory")) if stat.S_ISDIR(st.st_mode) else Phrase(N_("a device, FIFO or socket"))
        )
        raise ScenarioError(
            Phrase(N_("not a regular file ({kind}): give a .yaml file"), kind=kind),
            file=name,
            code="NOT_A_FILE",
        )
    if st.st_size > limits.MAX_FILE_BYTES:
        raise ScenarioError(_file_too_large(), file=name, code="TOO_LARGE")
    try:
        with p.open("rb") as fh:
            raw = fh.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(
            Phrase(N_("cannot read it: {reason}"), reason=exc.strerror or exc), file=name, code="UNREADABLE"
        ) from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise ScenarioError(_file_too_large(), file=name, code="TOO_LARGE")
    return raw


def builtin_path(root: Path, name: str, suffix: str = ".yaml") -> Path | None:
    """The file of a built-in data name (``seed/blood-moon``) under ``root``, or ``None``.

    A built-in name never leaves its data folder: names with ``..``, an absolute path, a
    backslash, a NUL or any other control character are not built-in names, and the resolved
    file must lie inside ``root``.

    >>> root = Path(__file__).parent / "data" / "scenarios"
    >>> builtin_path(root, "seed/blood-moon").name
    'blood-moon.yaml'
    >>> builtin_path(root, "seed/../../../../elsewhere/evil") is None
    True
    """
    if not name or len(name) > 200 or "\\" in name or any(ord(c) < 32 or ord(c) == 127 for c in name):
        return None
    parts = name.split("/")
    if name.startswith("/") or any(part in ("", ".", "..") for part in parts):
        return None
    candidate = root.joinpath(*parts[:-1], parts[-1] + suffix)
    try:
        inside = candidate.resolve().is_relative_to(root.resolve())
    except (OSError, ValueError, RuntimeError):
        return None
    return candidate if inside and is_file(candidate) else None


def _syntax_error(exc: yaml.YAMLError, text: str, file: str) -> ScenarioError:
    """A PyYAML error as one located line."""
    if isinstance(exc, yaml.reader.ReaderError):
        char = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
        pos = text.find(char)
        line = text.count("\n", 0, pos) + 1 if pos >= 0 else None
        return ScenarioError(
            Phrase(
                N_("character {char} is not allowed in a YAML file (control character)"),
                char=f"U+{ord(char[:1] or '?'):04X}",
            ),
            file=file,
            line=line,
            code="BAD_CHARACTER",
        )
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        return ScenarioError(
            Phrase(N_("invalid YAML: {problem}"), problem=_yaml_problem(problem)),
            file=file,
            line=line,
            code="YAML_SYNTAX",
        )
    return ScenarioError(
        Phrase(N_("invalid YAML: {problem}"), problem=str(exc)), file=file, code="YAML_SYNTAX"
    )


#: PyYAML's most common problems (its own English words), in the catalogue.
_YAML_PROBLEMS = {
    "mapping values are not allowed here": N_("mapping values are not allowed here"),
    "could not find expected ':'": N_("could not find expected ':'"),
    "found character that cannot start any token": N_("found character that cannot start any token"),
    "expected <block end>, but found '-'": N_("expected <block end>, but found '-'"),
    "did not find expected key": N_("did not find expected key"),
    "did not find expected '-' indicator": N_("did not find expected '-' indicator"),
    "found unexpected end of stream": N_("found unexpected end of stream"),
    "found undefined alias": N_("found undefined alias"),
    "found unknown escape character": N_("found unknown escape character"),
    "expected ',' or ']', but got '<stream end>'": N_("expected ',' or ']', but got '<stream end>'"),
    "found a tab character that violates indentation": N_("found a tab character that violates indentation"),
    "did not find expected ',' or ']'": N_("did not find expected ',' or ']'"),
    "but found another document": N_("but found another document"),
    "expected a mapping or list of mappings for merging, but found scalar": N_(
        "expected a mapping or list of mappings for merging, but found scalar"
    ),
    "expected a mapping for merging, but found scalar": N_(
        "expected a mapping for merging, but found scalar"
    ),
    "invalid YAML": N_("invalid YAML"),
}


def _yaml_problem(problem: str) -> str:
    """PyYAML's problem, as a :class:`Phrase` when the catalogue has it."""
    if isinstance(problem, Phrase):
        return problem
    known = _YAML_PROBLEMS.get(problem.strip())
    return Phrase(known) if known else problem


@dataclass
class YamlDoc:
    """A parsed YAML document plus the line of every key and item in it.

    Reading is bounded (:mod:`rulekit.limits`): file size, values, aliases, depth, string
    length and integer size are checked before the data is built. Standard merge keys work,
    and an explicit key overrides a merged one:

    >>> doc = YamlDoc.from_text("base: &b {a: 1, b: 2}\\nx:\\n  <<: *b\\n  b: 3\\n", "m.yaml")
    >>> doc.data["x"]
    {'a': 1, 'b': 3}
    >>> doc.line_of(("x", "b")), doc.line_of(("x", "a"))
    (4, 1)
    """

    data: Any
    file: str
    lines: dict[PathKey, int] = field(default_factory=dict)
    #: the text's size in bytes (UTF-8): its outputs are measured against it (:class:`rulekit.limits.Budget`)
    size: int = 0

    @classmethod
    def from_text(cls, text: str, file: str = "<string>") -> YamlDoc:
        """Parse ``text``; a YAML syntax error or a broken bound becomes a located :class:`ScenarioError`."""
        size = len(text) if len(text) > limits.MAX_FILE_BYTES else len(text.encode("utf-8", "surrogatepass"))
        if size > limits.MAX_FILE_BYTES:
            raise ScenarioError(_file_too_large(), file=file, code="TOO_LARGE")
        _check_bounds(text, file)
        doc = cls(data=None, file=file, size=size)
        try:
            loader, node = _compose(text)
            try:
                if node is not None:
                    doc._index(node, ())
                    doc.data = loader.construct_document(node)
            finally:
                loader.dispose()
        except yaml.YAMLError as exc:
            raise _syntax_error(exc, text, file) from None
        except (ValueError, OverflowError, RecursionError) as exc:  # a value PyYAML cannot build
            raise ScenarioError(
                Phrase(N_("invalid YAML value: {problem}"), problem=str(exc)), file=file, code="YAML_VALUE"
            ) from None
        return doc

    @classmethod
    def from_path(cls, path: str | Path, display: str | None = None) -> YamlDoc:
        """Read and parse a file. ``display`` is the name used in error messages.

        Only a regular file (or a link to one) is read, and only up to
        :data:`~rulekit.limits.MAX_FILE_BYTES`: ``/dev/zero``, a directory or a FIFO is refused
        without being opened for reading.
        """
        name = display or str(path)
        raw = read_bounded(path, name)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise ScenarioError(
                Phrase(
                    N_("not UTF-8 text: byte {byte} cannot be read (save the file as UTF-8)"),
                    byte=f"0x{raw[exc.start]:02x}",
                ),
                file=name,
                line=line,
                code="NOT_UTF8",
            ) from None
        return cls.from_text(text, name)

    def _index(self, node: yaml.Node, path: PathKey) -> None:
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, value_node, merged in _pairs(node):
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioError(
                        Phrase(N_("a key must be a plain word, not a list or mapping")),
                        file=self.file,
                        line=key_node.start_mark.line + 1,
                        field=format_path(path) or None,
                        code="BAD_KEY",
                    )
                key = key_node.value
                if key in seen:
                    if merged:
                        continue  # an explicit (or earlier merged) key overrides a merged one
                    raise ScenarioError(
                        Phrase(
                            N_("duplicate key '{key}' (first given on line {line})"), key=key, line=seen[key]
                        ),
                        file=self.file,
                        line=key_node.start_mark.line + 1,
                        field=format_path(path) or None,
                        code="DUPLICATE_KEY",
                    )
                seen[key] = key_node.start_mark.line + 1
                child = (*path, key)
                self.lines[child] = key_node.start_mark.line + 1
                self._index(value_node, child)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                child = (*path, i)
                self.lines[child] = item.start_mark.line + 1
                self._index(item, child)

    def line_of(self, path: Sequence[str | int]) -> int | None:
        """Line of ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        while p:
            if p in self.lines:
                return self.lines[p]
            p = p[:-1]
        return self.lines.get(())

    def error(
        self,
        path: Sequence[str | int],
        message: str,
        *,
        code: str = "INVALID",
        suggestion: str | None = None,
        msgid: str | None = None,
        params: dict[str, object] | None = None,
    ) -> ScenarioError:
        """A :class:`ScenarioError` located at ``path`` in this document (``msgid``/``params``: the
        message as a catalogue message, see :class:`~rulekit.errors.RulekitError`)."""
        return ScenarioError(
            message,
            file=self.file,
            line=self.line_of(path),
            field=format_path(path) or None,
            code=code,
            suggestion=suggestion,
            msgid=msgid,
            params=params,
        )

    def sub(self, path: Sequence[str | int]) -> SubDoc:
        """A view of the value at ``path`` that still reports errors in this file."""
        value: Any = self.data
        for part in path:
            value = value[part]
        return SubDoc(self, tuple(path), value)

    def validate(self, model: type[M], path: Sequence[str | int] = ()) -> M:
        """Validate the value at ``path`` against a pydantic ``model``.

        Every error becomes one located :class:`ScenarioError` (:func:`validate_located`); unknown
        keys get a "did you mean" suggestion taken from the model's field names (aliases included).
        """
        return validate_located(self, tuple(path), model)


class Mistakes:
    """The located errors of one file, gathered so that a reader sees them all in one run.

    Each independent check runs in ``with mistakes.each():``: an error it raises is kept and the
    next check goes on (the rest of *that* check is skipped: what depends on a wrong value is
    never checked, so one mistake gives one line, never a cascade). :meth:`stop` raises them all
    as one :class:`ScenarioError` (:func:`rulekit.errors.gathered`) before a step that depends on
    everything checked so far; nothing is built from a file with a mistake.

    >>> doc = YamlDoc.from_text("a: 1\\nb: 2\\n", "m.yaml")
    >>> m = Mistakes()
    >>> for key in ("a", "b"):
    ...     with m.each():
    ...         raise doc.error((key,), "wrong")
    >>> try:
    ...     m.stop()
    ... except ScenarioError as exc:
    ...     [str(e) for e in exc.errors]
    ['m.yaml:1: a: wrong', 'm.yaml:2: b: wrong']
    """

    def __init__(self) -> None:
        self.found: list[RulekitError] = []

    @contextmanager
    def each(self) -> Iterator[None]:
        """One independent check: its error is kept, and the code after the ``with`` goes on."""
        try:
            yield
        except ScenarioError as exc:
            self.found.append(exc)

    def stop(self) -> None:
        """Raise every error kept so far, as one (nothing when there is none)."""
        if self.found:
            raise gathered(self.found)


@dataclass
class SubDoc:
    """A value inside a :class:`YamlDoc`, with its path, for located errors."""

    doc: YamlDoc
    path: PathKey
    data: Any

    def error(self, rel: Sequence[str | int], message: str, **kw: Any) -> ScenarioError:
        return self.doc.error((*self.path, *rel), message, **kw)


def _model_keys(model: Any) -> list[str]:
    keys = []
    for name, info in getattr(model, "model_fields", {}).items():
        keys.append(info.alias or name)
    return keys


def validate_located(doc: YamlDoc, path: PathKey, model: type[M]) -> M:
    """Validate ``doc.data`` at ``path`` with ``model``; every mistake becomes one located line.

    Each entry of pydantic's ``ValidationError.errors()`` is turned into one located
    :class:`ScenarioError` (:func:`_located`); they are raised together (:func:`rulekit.errors.gathered`:
    the first by line, carrying all in ``.errors``). The members of a union that all failed on one
    value are one mistake, reported once (:func:`_union_point`).
    """
    from pydantic import ValidationError

    value: Any = doc.data
    for part in path:
        value = value[part]
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        errors = exc.errors()
        found: list[RulekitError] = []
        seen: set[tuple[Any, ...]] = set()
        for err in errors:
            loc = tuple(p for p in err["loc"] if isinstance(p, str | int))
            real, point = _union_point(value, loc, err["type"])
            # one line per union (its members failed on one value), else per place and kind
            key = ("union", *point) if point is not None else ("at", err["type"], *real)
            if key in seen:
                continue
            seen.add(key)
            found.append(_located(doc, path, model, value, err, errors))
        raise gathered(found) from None


def _union_point(
    value: Any, loc: tuple[str | int, ...], err_type: str
) -> tuple[list[str | int], tuple[Any, ...] | None]:
    """The real path of a pydantic ``loc`` (:func:`_real_path`), and, when the error comes from a
    member of a union (``loc`` names a member, not a key), the real path where that union stands."""
    real = _real_path(value, loc, err_type)
    cursor: Any = value
    depth = 0
    for n, part in enumerate(loc):
        in_dict = isinstance(cursor, dict) and part in cursor
        in_list = isinstance(cursor, list) and isinstance(part, int) and 0 <= part < len(cursor)
        if in_dict or in_list:
            cursor = cursor[part]
            depth += 1
        elif not (err_type == "extra_forbidden" and n == len(loc) - 1):
            return real, tuple(real[:depth])
    return real, None


def _located(
    doc: YamlDoc, path: PathKey, model: Any, value: Any, err: Any, errors: list[Any]
) -> ScenarioError:
    """One of pydantic's errors as one located :class:`ScenarioError`, in plain words."""
    from pydantic import BaseModel

    loc = tuple(p for p in err["loc"] if isinstance(p, str | int))
    real = _real_path(value, loc, err["type"])
    full = (*path, *real)
    if err["type"] in _EXPECTED:
        # every member of a union that failed on this same value: "expected a mapping or text"
        wanted: list[str] = []
        for other in errors:
            oloc = tuple(p for p in other["loc"] if isinstance(p, str | int))
            same = other["type"] in _EXPECTED and _real_path(value, oloc, other["type"]) == real
            if same and _EXPECTED[other["type"]] not in wanted:
                wanted.append(_EXPECTED[other["type"]])
        got = err.get("input")
        either: str = Phrase(wanted[0]) if wanted else ""
        for more in wanted[1:]:
            either = Phrase(N_("{a} or {b}"), a=either, b=Phrase(more))
        params: dict[str, object] = {"wanted": either, "kind": kind_of(got)}
        message = N_("expected {wanted}, got {kind}")
        if isinstance(got, str):
            message, params["value"] = N_("expected {wanted}, got {kind} '{value}'"), shown(got, 40)
        elif isinstance(got, int | float) and not isinstance(got, bool):
            message, params["value"] = N_("expected {wanted}, got {kind} {value}"), got
        return doc.error(full, message, params=params, code="WRONG_TYPE")
    suggestion = None
    if err["type"] == "extra_forbidden":
        key = str(loc[-1])
        owner = _owner_model(model, loc[:-1])
        choices = _model_keys(owner) if owner is not None and issubclass(owner, BaseModel) else []
        suggestion = suggest(key, choices)
        message = N_("unknown key '{key}'")
        if choices and suggestion is None:
            message = N_("unknown key '{key}' (allowed: {keys})")
        return doc.error(
            full,
            message,
            params={"key": key, "keys": ", ".join(choices)},
            code="UNKNOWN_KEY",
            suggestion=suggestion,
        )
    if err["type"] == "missing":
        return doc.error(
            full, N_("missing required key '{key}'"), params={"key": loc[-1]}, code="MISSING_KEY"
        )
    message = err["msg"]
    values: dict[str, object] | None = None  # pydantic's own message has none: it stays English
    inp = err.get("input")
    if err["type"] == "greater_than_equal":  # a bound the model states (Field(ge=...))
        message = N_("must be {least} or more (got {value})")
        values = {"least": err.get("ctx", {}).get("ge"), "value": shown(str(inp), 40)}
    if err["type"] == "less_than_equal":  # Field(le=...): pydantic's English kept, through the catalogue
        message = N_("Input should be less than or equal to {most}")
        values = {"most": err.get("ctx", {}).get("le")}
    if err["type"] in ("literal_error", "enum"):
        expected = err.get("ctx", {}).get("expected", "")
        options = [o.strip().strip("'\"") for o in str(expected).replace(" or ", ",").split(",")]
        # pydantic's list as it wrote it ("'all', 'some' or 'none'"), its "or" through the catalogue
        first, _, last = str(expected).rpartition(" or ")
        listed: str = Phrase(N_("{a} or {b}"), a=first, b=last) if first else last
        if isinstance(inp, str):
            suggestion = suggest(inp, [o for o in options if o])
            message = N_("'{value}' is not one of {options}")
            values = {"value": inp, "options": listed}
        else:  # a number, true/false or nothing where a word goes
            message = N_("expected one of {options}, got {got}")
            values = {"options": listed, "got": described(inp)}
    if values is None:  # any other check of pydantic's: its English never reaches a reader
        message = N_("{got} is not allowed here")
        values = {"got": described(inp)}
    return doc.error(full, message, params=values, code="INVALID_VALUE", suggestion=suggestion)


#: pydantic error types that mean "wrong kind of value" -> what was expected, in plain words
_EXPECTED = {
    "string_type": N_("text"),
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "float_type": N_("a number"),
    "float_parsing": N_("a number"),
    "bool_type": N_("true or false"),
    "bool_parsing": N_("true or false"),
    "list_type": N_("a list"),
    "dict_type": N_("a mapping"),
    "model_type": N_("a mapping"),
    "model_attributes_type": N_("a mapping"),
}


def kind_of(value: Any) -> str:
    """The YAML kind of a value, for "expected ..., got ..." messages.

    >>> kind_of(5), kind_of("5"), kind_of([5])
    ('a whole number', 'text', 'a list')
    """
    if isinstance(value, bool):
        return Phrase(N_("true/false"))
    if isinstance(value, int):
        return Phrase(N_("a whole number"))
    if isinstance(value, float):
        return Phrase(N_("a number"))
    if isinstance(value, str):
        return Phrase(N_("text"))
    if isinstance(value, list):
        return Phrase(N_("a list"))
    if isinstance(value, dict):
        return Phrase(N_("a mapping"))
    if value is None:
        return Phrase(N_("nothing (an empty value)"))
    return type(value).__name__


def described(value: Any) -> str:
    """A value as an error message shows what it got: its kind, then the value as YAML writes it
    (``text 'Bob'``, ``a whole number 3``, ``true/false true``), or the kind alone for an empty
    value, a list or a mapping; never a Python spelling (``None``, ``True``).

    >>> described("Bob"), described(3), described(True), described(None), described([1])
    ("text 'Bob'", 'a whole number 3', 'true/false true', 'nothing (an empty value)', 'a list')
    """
    kind = kind_of(value)
    if isinstance(value, bool):
        return Phrase(N_("{kind} {value}"), kind=kind, value="true" if value else "false")
    if isinstance(value, str):
        return Phrase(N_("{kind} '{value}'"), kind=kind, value=shown(value, 40))
    if isinstance(value, int | float):
        return Phrase(N_("{kind} {value}"), kind=kind, value=value)
    return kind


def _real_path(value: Any, loc: tuple[str | int, ...], err_type: str) -> list[str | int]:
    """The part of a pydantic ``loc`` that names real keys (it also holds union member names)."""
    real: list[str | int] = []
    cursor: Any = value
    for part in loc:
        in_dict = isinstance(cursor, dict) and part in cursor
        in_list = isinstance(cursor, list) and isinstance(part, int) and 0 <= part < len(cursor)
        if in_dict or in_list:
            real.append(part)
            cursor = cursor[part]
        elif err_type == "extra_forbidden" and part == loc[-1]:
            real.append(part)
    return real


def _owner_model(model: Any, loc: Sequence[Any]) -> Any:
    """Best effort: the pydantic model that owns the field at ``loc`` (for suggestions)."""
    import typing

    current = model
    for part in loc:
        fields = getattr(current, "model_fields", None)
        if fields is None:
            return None
        if isinstance(part, int):
            continue
        info = fields.get(part)
        if info is None:
            info = next((f for f in fields.values() if f.alias == part), None)
        if info is None:
            # a tagged-union member name in loc: find it among the annotation's args
            return current
        ann = info.annotation
        found = None
        stack = [ann]
        while stack:
            t = stack.pop()
            if hasattr(t, "model_fields"):
                found = t
                break
            stack.extend(typing.get_args(t))
        if found is None:
            return None
        current = found
    return current
