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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from rulekit.errors import ScenarioError

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


def _load_with_nodes(text: str) -> tuple[Any, yaml.Node | None]:
    """Parse once: the composed node tree (for line numbers) and the data built from it.

    This is what :func:`yaml.safe_load` does (same SafeLoader constructor), but it keeps the
    node tree instead of parsing the text a second time. The C loader is used when PyYAML was
    built with libyaml; the pure-Python one otherwise.
    """
    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    loader = loader_cls(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return data, node


@dataclass
class YamlDoc:
    """A parsed YAML document plus the line of every key and item in it."""

    data: Any
    file: str
    lines: dict[PathKey, int] = field(default_factory=dict)

    @classmethod
    def from_text(cls, text: str, file: str = "<string>") -> YamlDoc:
        """Parse ``text``; a YAML syntax error becomes a located :class:`ScenarioError`."""
        try:
            data, node = _load_with_nodes(text)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            problem = exc.problem or exc.context or "invalid YAML"
            raise ScenarioError(
                f"invalid YAML: {problem}", file=file, line=line, code="YAML_SYNTAX"
            ) from None
        except yaml.YAMLError as exc:
            raise ScenarioError(f"invalid YAML: {exc}", file=file, code="YAML_SYNTAX") from None
        doc = cls(data=data, file=file)
        if node is not None:
            doc._index(node, ())
        return doc

    @classmethod
    def from_path(cls, path: str | Path, display: str | None = None) -> YamlDoc:
        """Read and parse a file. ``display`` is the name used in error messages."""
        p = Path(path)
        name = display or str(path)
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ScenarioError(f"no such file: {name}", code="NO_SUCH_FILE") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ScenarioError(f"cannot read {name}: {exc}", code="UNREADABLE") from None
        return cls.from_text(text, name)

    def _index(self, node: yaml.Node, path: PathKey) -> None:
        self.lines.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            start, end = node.start_mark.index, node.end_mark.index
            for key_node, value_node in node.value:
                key = key_node.value
                # a merge key (``<<: *card``) brings keys from elsewhere (its anchor): an explicit
                # key of this mapping overrides them (YAML merge); only this mapping's own keys
                # may not repeat
                own = start <= key_node.start_mark.index <= end
                if own and key in seen:
                    raise ScenarioError(
                        f"duplicate key '{key}' (first given on line {seen[key]})",
                        file=self.file,
                        line=key_node.start_mark.line + 1,
                        field=format_path(path) or None,
                        code="DUPLICATE_KEY",
                    )
                if own:
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
    ) -> ScenarioError:
        """A :class:`ScenarioError` located at ``path`` in this document."""
        return ScenarioError(
            message,
            file=self.file,
            line=self.line_of(path),
            field=format_path(path) or None,
            code=code,
            suggestion=suggestion,
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
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if isinstance(p, str | int))
        # pydantic puts the tag of a tagged union / the type name into loc; keep only real keys.
        real: list[str | int] = []
        cursor: Any = value
        for part in loc:
            in_dict = isinstance(cursor, dict) and part in cursor
            in_list = isinstance(cursor, list) and isinstance(part, int) and 0 <= part < len(cursor)
            if in_dict or in_list:
                real.append(part)
                cursor = cursor[part]
            elif err["type"] == "extra_forbidden" and part == loc[-1]:
                real.append(part)
        full = (*path, *real)
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
        if err["type"] in ("literal_error", "enum") and isinstance(inp, str):
            expected = err.get("ctx", {}).get("expected", "")
            options = [o.strip().strip("'\"") for o in str(expected).replace(" or ", ",").split(",")]
            suggestion = suggest(inp, [o for o in options if o])
            message = f"'{inp}' is not one of {expected}"
        raise doc.error(full, message, code="INVALID_VALUE", suggestion=suggestion) from None


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
