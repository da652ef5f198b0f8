"""Line-aware YAML loading and validation shared by every scenario and card file.

Data is read as :func:`yaml.safe_load` reads it (the safe constructor); a walk of the
composed node tree remembers the line of every mapping key and sequence item, so that any error can name
``file:line: field``. Validation uses pydantic models declared with ``extra="forbid"``; the
first validation error is turned into one :class:`~rulekit.errors.ScenarioError` that names
the file, the line and the field, with a "did you mean" suggestion for misspelt keys or
choices.

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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from rulekit import limits
from rulekit.errors import ScenarioError, shown
from rulekit.textclean import hidden_character, look_alike, mixed_script

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
        fix = "remove it" if not name and hidden_character(value) else "write each word in one alphabet"
        raise doc.error(
            path, f"{what} '{shown(value, 40)}' could be taken for another: {why}; {fix}", code="LOOK_ALIKE"
        )


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
            f"'{shown(str(node.value), 40)}' is a base-60 number (YAML 1.1), which rulekit does not read: "
            "write the number itself",
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
    return f"text of {chars:,} characters is too long (at most {limits.MAX_STRING_CHARS:,})"


def _too_large(digits: int) -> str:
    return f"integer of {digits:,} digits is too large (at most {limits.MAX_INT_DIGITS} digits)"


_TOO_DEEP = f"nested more than {limits.MAX_DEPTH} levels deep"
_TOO_MANY_VALUES = f"more than {limits.MAX_NODES:,} values in one file"
_FILE_TOO_LARGE = f"file is larger than {limits.MAX_FILE_BYTES:,} bytes"


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
                        ev, f"alias '*{name}' refers to a value that contains it", "RECURSIVE_ALIAS", path
                    )
                size = sizes.get(name)
                if size is None:
                    continue  # unknown anchor: the real load reports it with its line
                alias_total += size
                total += size
                if alias_total > limits.MAX_ALIAS_NODES:
                    raise fail(
                        ev,
                        f"aliases expand to more than {limits.MAX_ALIAS_NODES:,} values "
                        f"(alias '*{name}' alone stands for {size:,})",
                        "ALIAS_BUDGET",
                        path,
                    )
                add(size)
            elif isinstance(ev, yaml.CollectionStartEvent):
                path = place()
                if len(stack) >= limits.MAX_DEPTH:
                    raise fail(ev, _TOO_DEEP, "TOO_DEEP", path[:4])
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
                raise fail(ev, _TOO_MANY_VALUES, "TOO_MANY_VALUES", ())
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
            raise fail((), _TOO_MANY_VALUES, "TOO_MANY_VALUES")
        if isinstance(value, dict | list | tuple):
            if id(value) in around:
                raise fail(path, "a value that contains itself", "RECURSIVE_ALIAS")
            if depth >= limits.MAX_DEPTH:
                raise fail(path[:4], _TOO_DEEP, "TOO_DEEP")
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
        raise ScenarioError(_FILE_TOO_LARGE, file=file, code="TOO_LARGE")
    if text is not None and size + total * (2 * limits.MAX_DEPTH + 8) > limits.MAX_FILE_BYTES:
        written = text()
        if (
            len(written) > limits.MAX_FILE_BYTES
            or len(written.encode("utf-8", "surrogatepass")) > limits.MAX_FILE_BYTES
        ):
            raise ScenarioError(_FILE_TOO_LARGE, file=file, code="TOO_LARGE")


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
        raise ScenarioError("no such file", file=name, code="NO_SUCH_FILE")
    if not stat.S_ISREG(st.st_mode):
        kind = "a directory" if stat.S_ISDIR(st.st_mode) else "a device, FIFO or socket"
        raise ScenarioError(f"not a regular file ({kind}): give a .yaml file", file=name, code="NOT_A_FILE")
    if st.st_size > limits.MAX_FILE_BYTES:
        raise ScenarioError(_FILE_TOO_LARGE, file=name, code="TOO_LARGE")
    try:
        with p.open("rb") as fh:
            raw = fh.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read it: {exc.strerror or exc}", file=name, code="UNREADABLE") from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise ScenarioError(_FILE_TOO_LARGE, file=name, code="TOO_LARGE")
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
            f"character U+{ord(char[:1] or '?'):04X} is not allowed in a YAML file (control character)",
            file=file,
            line=line,
            code="BAD_CHARACTER",
        )
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or exc.context or "invalid YAML"
        return ScenarioError(f"invalid YAML: {problem}", file=file, line=line, code="YAML_SYNTAX")
    return ScenarioError(f"invalid YAML: {exc}", file=file, code="YAML_SYNTAX")


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

    @classmethod
    def from_text(cls, text: str, file: str = "<string>") -> YamlDoc:
        """Parse ``text``; a YAML syntax error or a broken bound becomes a located :class:`ScenarioError`."""
        size = len(text) if len(text) > limits.MAX_FILE_BYTES else len(text.encode("utf-8", "surrogatepass"))
        if size > limits.MAX_FILE_BYTES:
            raise ScenarioError(_FILE_TOO_LARGE, file=file, code="TOO_LARGE")
        _check_bounds(text, file)
        doc = cls(data=None, file=file)
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
            raise ScenarioError(f"invalid YAML value: {exc}", file=file, code="YAML_VALUE") from None
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
                f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be read (save the file as UTF-8)",
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
                        "a key must be a plain word, not a list or mapping",
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
                        f"duplicate key '{key}' (first given on line {seen[key]})",
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

        The first error becomes one located :class:`ScenarioError`; unknown keys get a
        "did you mean" suggestion taken from the model's field names (aliases included).
        """
        return validate_located(self, tuple(path), model)


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
    """Validate ``doc.data`` at ``path`` with ``model``; raise one located ScenarioError."""
    from pydantic import BaseModel, ValidationError

    value: Any = doc.data
    for part in path:
        value = value[part]
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        errors = exc.errors()
        err = errors[0]
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
            message = f"expected {' or '.join(wanted)}, got {kind_of(got)}"
            if isinstance(got, str):
                message += f" '{shown(got, 40)}'"
            elif isinstance(got, int | float) and not isinstance(got, bool):
                message += f" {got}"
            raise doc.error(full, message, code="WRONG_TYPE") from None
        suggestion = None
        if err["type"] == "extra_forbidden":
            key = str(loc[-1])
            owner = _owner_model(model, loc[:-1])
            choices = _model_keys(owner) if owner is not None and issubclass(owner, BaseModel) else []
            suggestion = suggest(key, choices)
            message = f"unknown key '{key}'"
            if choices and suggestion is None:
                message += f" (allowed: {', '.join(choices)})"
            raise doc.error(full, message, code="UNKNOWN_KEY", suggestion=suggestion) from None
        if err["type"] == "missing":
            raise doc.error(full, f"missing required key '{loc[-1]}'", code="MISSING_KEY") from None
        message = err["msg"]
        inp = err.get("input")
        if err["type"] == "greater_than_equal":  # a bound the model states (Field(ge=...))
            message = f"must be {err.get('ctx', {}).get('ge')} or more (got {shown(str(inp), 40)})"
        if err["type"] in ("literal_error", "enum") and isinstance(inp, str):
            expected = err.get("ctx", {}).get("expected", "")
            options = [o.strip().strip("'\"") for o in str(expected).replace(" or ", ",").split(",")]
            suggestion = suggest(inp, [o for o in options if o])
            message = f"'{inp}' is not one of {expected}"
        raise doc.error(full, message, code="INVALID_VALUE", suggestion=suggestion) from None


#: pydantic error types that mean "wrong kind of value" -> what was expected, in plain words
_EXPECTED = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}


def kind_of(value: Any) -> str:
    """The YAML kind of a value, for "expected ..., got ..." messages.

    >>> kind_of(5), kind_of("5"), kind_of([5])
    ('a whole number', 'text', 'a list')
    """
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if value is None:
        return "nothing (an empty value)"
    return type(value).__name__


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
