"""The BoardBuilder's board model, as plain data: :class:`Board` (players, objects and events as the
scenario file writes them, LANGUAGE.md §5), its file (:func:`board_yaml`, :func:`board_from_source`),
the bounds on what is typed into the builder, and the helpers that read typed values
(:func:`parse_pairs`, :func:`slug`). No widget here; the edits that change a board are
:mod:`rulekit.widgets.builder_edits`.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulekit import mtg
from rulekit.errors import RulekitError, ScenarioError
from rulekit.mtg.commands import type_line as _type_line
from rulekit.scenarios import builtin_file
from rulekit.widgets.builder_words import _t
from rulekit.yamlsrc import YamlDoc, suggest

#: The players of an empty board.
DEFAULT_PLAYERS = ("Ann", "Bo")
#: Bounds on untrusted input typed into the builder.
MAX_TEXT = 4000
MAX_OBJECTS = 500
MAX_EVENTS = 1000
MAX_UNDO = 100
#: The longest board name (the scenario's ``name``).
MAX_NAME = 100
#: Counters that change power and toughness (122.1a): ``+1/+1``, ``-0/-2``…
PT_COUNTER = re.compile(r"^[+-]\d+/[+-]\d+$")

#: What ``add_card`` sets besides name, controller and zone (object keys of LANGUAGE.md §5).
ADD_FIELDS = (
    "counters",
    "tapped",
    "face_down",
    "face",
    "attached_to",
    "choices",
    "owner",
    "token",
    "id",
    "at",
)
#: The "When" lists' value for "after everything else" (a Dropdown cannot select ``None``).
AT_END = -1
#: Events :meth:`BoardBuilder.add_event` adds (besides entering and resolving).
EVENT_KINDS = (
    "tap",
    "untap",
    "leave",
    "attach",
    "enter",
    "turn_face_up",
    "turn_face_down",
    "transform",
    "end_of_turn",
)
#: Key order of an object in the exported file.
OBJECT_KEYS = (
    "id",
    "card",
    "name",
    "controller",
    "owner",
    "zone",
    "token",
    "mana_value",
    "supertypes",
    "types",
    "subtypes",
    "colors",
    "power",
    "toughness",
    "loyalty",
    "abilities",
    "modal",
    "back",
    "counters",
    "tapped",
    "face_down",
    "face",
    "attached_to",
    "choices",
    "timestamp",
    "note",
)
RESOLVE_KEYS = (
    "source",
    "ability",
    "effect",
    "targets",
    "x",
    "choices",
    "controller",
    "id",
    "name",
    "timestamp",
)


def _suggest(word: str, choices: Any) -> str | None:

    return suggest(word, list(choices))


def slug(name: str) -> str:
    """An object id from a card name: ``"Urborg, Tomb of Yawgmoth"`` → ``"urborg-tomb-of-yawgmoth"``.

    >>> slug("Night of Souls' Betrayal")
    'night-of-souls-betrayal'
    """
    s = re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")
    return s[:40].strip("-") or "object"


def type_line(card: dict[str, Any]) -> str:
    """``Legendary Planeswalker — Gideon  loyalty 6`` (the CLI's ``rulekit cards`` line)."""

    return _type_line(card) or _t("type_none")


def _ability_text(a: Any) -> str:
    if isinstance(a, str):
        return a
    if isinstance(a, dict):
        return str(a.get("text") or "")
    return ""


def resolving_keys(abilities: Any) -> list[tuple[str, str]]:
    """``(key, text)`` of the abilities that resolve, keyed as the loader keys them (LANGUAGE.md §2)."""
    out = []
    n = 0
    for a in abilities or ():
        if isinstance(a, dict) and a.get("resolves") is not None:
            n += 1
            key = str(a["key"]) if a.get("key") is not None else str(n)
            out.append((key, str(a.get("text") or "")))
    return out


def parse_pairs(text: str, what: str, numbers: bool = False) -> dict[str, Any]:
    """``"+1/+1: 2, loyalty: 6"`` → ``{"+1/+1": 2, "loyalty": 6}`` (``numbers``) or string values.

    >>> parse_pairs("color: blue, creature type: Elf", "choices")
    {'color': 'blue', 'creature type': 'Elf'}
    """
    text = str(text or "").strip()
    if len(text) > MAX_TEXT:
        raise RulekitError(_t("err_too_long", what=what, n=MAX_TEXT), code="TOO_LONG")
    out: dict[str, Any] = {}
    if not text:
        return out
    for part in text.split(","):
        if not part.strip():
            continue
        key, sep, value = part.rpartition(":")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise RulekitError(_t("err_pairs", what=what, text=text), code="BAD_PAIRS")
        if numbers:
            try:
                out[key] = int(value)
            except ValueError:
                raise RulekitError(_t("err_count", value=value), code="BAD_NUMBER") from None
        else:
            out[key] = value
    return out


def _int_or_none(value: Any, what: str) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        raise RulekitError(_t("err_pt", what=what, value=value), code="BAD_NUMBER")
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        raise RulekitError(_t("err_pt", what=what, value=value), code="BAD_NUMBER") from None


# ============================================================================ the board (pure data)
@dataclass
class Board:
    """The board as scenario-file data. ``events`` holds ``(key, raw event)`` pairs: the key is the
    builder's handle on the event (stable while it exists), the raw event is what the file says."""

    name: str = "my-board"
    description: str = ""
    source: str = ""
    players: list[Any] = field(default_factory=lambda: list(DEFAULT_PLAYERS))
    active_player: str | None = None
    #: 801: the scenario's limited range of influence, as its file says it (kept, not edited)
    range_of_influence: Any = None
    objects: list[dict[str, Any]] = field(default_factory=list)
    events: list[tuple[str, Any]] = field(default_factory=list)
    counter: int = 0

    def copy(self) -> Board:
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ names
    def player_names(self) -> list[str]:
        return [p if isinstance(p, str) else str(p.get("name")) for p in self.players]

    def ids(self) -> set[str]:
        out = {str(o.get("id")) for o in self.objects}
        for _k, ev in self.events:
            r = ev.get("resolve") if isinstance(ev, dict) else None
            if isinstance(r, dict) and r.get("id"):
                out.add(str(r["id"]))
        return out

    def new_key(self) -> str:
        self.counter += 1
        return f"event-{self.counter}"

    def fresh_id(self, base: str) -> str:
        taken = self.ids() | set(self.player_names())
        if base not in taken:
            return base
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    def obj(self, oid: str) -> dict[str, Any] | None:
        for o in self.objects:
            if o.get("id") == oid:
                return o
        return None

    # ------------------------------------------------------------------ events
    @staticmethod
    def mentions(ev: Any) -> list[str]:
        """The object ids an event names (entering, leaving, attaching, resolving, targeting)."""
        if not isinstance(ev, dict):
            return []
        out: list[str] = []
        for kind, val in ev.items():
            if kind == "enter":
                out += [val] if isinstance(val, str) else [str(v) for v in val or ()]
            elif kind in ("tap", "untap", "turn_face_up", "turn_face_down", "transform") and isinstance(
                val, str
            ):
                out.append(val)
            elif kind == "leave":
                out.append(val if isinstance(val, str) else str((val or {}).get("object")))
            elif kind == "attach" and isinstance(val, dict):
                out += [str(val.get("object")), str(val.get("to"))]
            elif kind == "resolve" and isinstance(val, dict):
                if val.get("source"):
                    out.append(str(val["source"]))
                out += [str(t) for t in val.get("targets") or ()]
                ch = val.get("choices") or {}
                if ch.get("object"):
                    out.append(str(ch["object"]))
        return out

    def index_of(self, handle: str) -> int | None:
        """The event index of a handle: an event key, a resolution's id, or an object id (the
        event that puts it on the battlefield)."""
        for i, (key, ev) in enumerate(self.events):
            if key == handle:
                return i
            r = ev.get("resolve") if isinstance(ev, dict) else None
            if isinstance(r, dict) and r.get("id") == handle:
                return i
        for i, (_key, ev) in enumerate(self.events):
            if isinstance(ev, dict) and "enter" in ev and handle in self.mentions({"enter": ev["enter"]}):
                return i
        return None

    def remove_object(self, oid: str) -> None:
        """Remove an object, every event that needs it, and every object that chose it."""
        todo = [oid]
        while todo:
            cur = todo.pop()
            if self.obj(cur) is None:
                continue
            self.objects = [o for o in self.objects if o.get("id") != cur]
            for o in self.objects:
                if o.get("attached_to") == cur:
                    del o["attached_to"]
                if (o.get("choices") or {}).get("object") == cur:
                    todo.append(str(o.get("id")))
            kept: list[tuple[str, Any]] = []
            for key, ev in self.events:
                if not isinstance(ev, dict) or cur not in self.mentions(ev):
                    kept.append((key, ev))
                    continue
                if "enter" in ev:
                    left = [x for x in self.mentions({"enter": ev["enter"]}) if x != cur]
                    if left:
                        kept.append((key, {**ev, "enter": left if len(left) > 1 else left[0]}))
                    continue
                r = ev.get("resolve")
                if (
                    isinstance(r, dict)
                    and r.get("source") != cur
                    and (r.get("choices") or {}).get("object") != cur
                ):
                    targets = [t for t in r.get("targets") or () if t != cur]
                    if targets:  # a resolution whose every target went goes too
                        kept.append((key, {**ev, "resolve": {**r, "targets": targets}}))
                # any other event about the object goes with it
            self.events = kept

    # ------------------------------------------------------------------ export
    def data(self) -> dict[str, Any]:
        """The scenario mapping, keys in a fixed order."""
        out: dict[str, Any] = {"game": "mtg", "name": self.name}
        if self.description:
            out["description"] = self.description
        if self.source:
            out["source"] = self.source
        out["players"] = copy.deepcopy(self.players)
        if self.active_player:
            out["active_player"] = self.active_player
        if self.range_of_influence is not None:
            out["range_of_influence"] = copy.deepcopy(self.range_of_influence)
        out["objects"] = [_ordered(o, OBJECT_KEYS) for o in self.objects]
        out["events"] = [_ordered_event(ev) for _k, ev in self.events]
        return out


def _ordered(d: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    out = {k: copy.deepcopy(d[k]) for k in keys if k in d}
    for k in sorted(set(d) - set(keys)):
        out[k] = copy.deepcopy(d[k])
    return out


def _ordered_event(ev: Any) -> Any:
    if isinstance(ev, dict) and isinstance(ev.get("resolve"), dict):
        r = dict(ev["resolve"])
        if not r.get("targets"):
            r.pop("targets", None)
        return {**ev, "resolve": _ordered(r, RESOLVE_KEYS)}
    return copy.deepcopy(ev)


HEADER = (
    "# A board built with rulekit's BoardBuilder (rulekit.widgets.BoardBuilder).\n"
    "# Solve it with:  rulekit solve FILE  (add --ruleset current for the 2020 layer labels).\n"
    "# The language of this file: rulekit/mtg/LANGUAGE.md.\n"
)


def board_yaml(board: Board) -> str:
    """The scenario file of ``board`` (PyYAML ``safe_dump``, keys in a fixed order)."""
    import yaml

    body = yaml.safe_dump(
        board.data(), sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )
    return header() + body


#: The saved file's comment lines, in the builder's language (:data:`HEADER` is the English).
HEADER_KEYS = ("file_head_built", "file_head_solve", "file_head_language")


def header() -> str:
    """The saved file's first lines, comments in the builder's language (the data stays as it is)."""
    return "".join(f"# {_t(key)}\n" for key in HEADER_KEYS)


def board_from_source(source: str | Path) -> Board:
    """A board from a scenario name or path: the loader checks it, the file's own data is kept."""

    sc = mtg.load_scenario(source)  # every check, every located error
    path = Path(source)
    if not (path.suffix in (".yaml", ".yml") and path.exists()):
        builtin = builtin_file(str(source), game="mtg")  # the loader's own resolution
        path = builtin[0] if builtin is not None else path
    raw = YamlDoc.from_path(path).data  # read as the loader reads it (no YAML 1.1 base-60 numbers)
    # a description given per language: the English one (the board is written in one language)
    desc = sc.description if isinstance(raw.get("description"), dict) else raw.get("description")
    board = Board(
        name=str(raw.get("name") or sc.name),
        description=" ".join(str(desc or "").split()),
        source=str(raw.get("source") or ""),
        players=list(raw.get("players") or []),
        active_player=raw.get("active_player"),
        range_of_influence=raw.get("range_of_influence"),
        objects=[dict(o) for o in raw.get("objects") or []],
    )
    for ev in raw.get("events") or []:
        board.events.append((board.new_key(), ev))
    return board


# ============================================================================ the widget
class BuilderError(ScenarioError, ValueError):
    """A BoardBuilder call that failed: the message (located, with "did you mean" when there is one).

    In IPython it shows as its one line, not as a traceback (``_render_traceback_``).
    """

    @classmethod
    def of(cls, exc: RulekitError) -> BuilderError:
        """``exc`` as a BuilderError; every other error of its file kept after it (``errors``)."""
        out = cls(
            exc.message,
            file=exc.file,
            line=exc.line,
            field=exc.field,
            code=exc.code,
            suggestion=exc.suggestion,
            msgid=exc.msgid,  # its catalogue message: the widget shows it in the builder's language
            params=exc.params if exc.msgid else None,  # (a message without one is already in its words)
        )
        out.errors = [out, *exc.errors[1:]]
        return out

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def api(method: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a method of the builder's Python API: a failure shows in the widget (``error``) and is
    raised as a :class:`BuilderError`; the board stays as it was."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except BuilderError as exc:
            self._set_error(exc)
            raise
        except RulekitError as exc:
            self._set_error(exc)
            raise BuilderError.of(exc) from None
        except Exception as exc:
            self._set_error(exc)
            raise

    return wrapper


def _no_aliases(text: str) -> None:
    """Refuse YAML anchors and aliases in typed effect text: a few lines of aliases can stand for
    billions of nodes (the cost of checking them would have no bound). Scanning is linear."""
    import yaml

    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.AliasToken | yaml.AnchorToken):
                line = token.start_mark.line + 1
                raise RulekitError(_t("err_alias"), file=_t("w_effect_file"), line=line, code="YAML_ALIAS")
    except yaml.YAMLError:
        return  # a syntax error: the loader locates it


def _indent(text: str, pad: str) -> str:
    return "\n".join(pad + line if line.strip() else "" for line in str(text).rstrip("\n").split("\n"))


def _words(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [w for w in re.split(r"[\s,]+", value) if w]
    return [str(v) for v in value if str(v).strip()]


def _keywords(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    return [str(v).strip() for v in value if str(v).strip()]
