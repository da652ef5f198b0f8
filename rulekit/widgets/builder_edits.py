"""The BoardBuilder's board model in motion: the Python API that changes the board (add a card, a
card the library lacks, a resolution, an event; remove, move, undo, redo, reset, rename, save).

Every change copies the :class:`~rulekit.widgets.builder_board.Board`, changes the copy, has the
loader read it (:meth:`BoardEdits._build`) and only then makes it the board (:meth:`BoardEdits._commit`):
a change the loader or the engine refuses is not applied. The form
(:mod:`rulekit.widgets.builder_form`) calls these methods; the view (:mod:`rulekit.widgets.builder`)
shows the result.
"""

from __future__ import annotations

import inspect
import json
import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulekit import mtg
from rulekit.errors import RulekitError
from rulekit.mtg.loader import library, scenario_from_doc
from rulekit.mtg.textread import card_abilities
from rulekit.mtg.vocab import EFFECT_KINDS, KEYWORDS, SUPERTYPES, ZONES
from rulekit.scenarios import scenario_root
from rulekit.widgets._base import Guarded, guarded
from rulekit.widgets.builder_board import (
    ADD_FIELDS,
    EVENT_KINDS,
    MAX_EVENTS,
    MAX_NAME,
    MAX_OBJECTS,
    MAX_TEXT,
    MAX_UNDO,
    OBJECT_KEYS,
    PT_COUNTER,
    Board,
    _indent,
    _int_or_none,
    _keywords,
    _no_aliases,
    _ordered,
    _suggest,
    _words,
    api,
    board_from_source,
    board_yaml,
    parse_pairs,
    resolving_keys,
    slug,
)
from rulekit.widgets.builder_words import _t, speaking
from rulekit.yamlsrc import YamlDoc, check_data_bounds


class BoardEdits(Guarded):
    """The builder's Python API over its board and the board's history (``board``, ``_undo``,
    ``_redo``, ``_initial``, ``scenario``). :class:`~rulekit.widgets.builder.BoardBuilder` is one."""

    board: Board
    scenario: Any
    _initial: Board
    _undo: list[Board]
    _redo: list[Board]
    if TYPE_CHECKING:  # given by the form and the view (BuilderForm, BoardBuilder)
        view: Any
        status_html: Any
        save_path: Any

        def _sync(self) -> None: ...
        def _select(self, handle: str) -> None: ...
        def _clear_add_form(self, everything: bool = False) -> None: ...
        def _changed(self) -> None: ...

    # ------------------------------------------------------------------ building and committing
    @staticmethod
    def _build(board: Board) -> Any:
        """The loader's scenario of ``board`` (raises the loader's error, located by field).

        The loader reads the board's data directly, as it reads a parsed file: the same checks
        and the same scenario as :meth:`to_yaml`'s text gives (the tests compare the two), without
        writing and parsing YAML on every change.
        """

        if len(board.objects) > MAX_OBJECTS:
            raise RulekitError(_t("err_too_many", n=MAX_OBJECTS, what=_t("w_objects")), code="TOO_MANY")
        if len(board.events) > MAX_EVENTS:
            raise RulekitError(_t("err_too_many", n=MAX_EVENTS, what=_t("w_events")), code="TOO_MANY")
        data = board.data()
        # the bounds a file is read with (rulekit.limits): what `rulekit solve` would refuse in the saved file
        check_data_bounds(data, _t("w_board"), lambda: board_yaml(board))
        return scenario_from_doc(YamlDoc(data=data, file=_t("w_board")), board.name)

    @guarded
    def _start_from(self, scenario: Any) -> None:

        source: Any = scenario
        if not isinstance(scenario, str | Path):
            # a loaded Scenario: start from its file, if the file still gives the same board
            file = str(getattr(scenario, "file", "") or "")
            found = [
                p for p in (Path(file), scenario_root() / file) if file and p.suffix == ".yaml" and p.exists()
            ]
            if not found:
                raise RulekitError(_t("err_scenario", kind=type(scenario).__name__), code="BAD_SCENARIO")
            source = found[0]
            try:
                same = mtg.solve(mtg.load_scenario(source)) == mtg.solve(scenario)
            except Exception:  # noqa: BLE001 - anything else than the file's scenario is refused below
                same = False
            if not same:
                raise RulekitError(_t("err_scenario", kind=type(scenario).__name__), code="BAD_SCENARIO")
        board = board_from_source(source)
        sc = self._build(board)
        self._commit(board, sc, record=False)
        given = isinstance(scenario, str | Path) and Path(scenario).suffix in (".yaml", ".yml")
        if given and Path(scenario).exists():
            self.save_path.value = str(scenario)  # Save writes back the file the board came from
        else:  # a built-in (never written into): a file named after the board
            self.save_path.value = f"{slug(board.name)}.yaml"

    def _apply(self, board: Board) -> None:
        """Make ``board`` the board, or raise and keep the old one (nothing half-applied)."""
        self._trying: Board | None = board  # an error's ``events[i]`` is an event of this board
        sc = self._build(board)
        self._commit(board, sc, record=True)
        self._trying = None

    def _commit(self, board: Board, sc: Any, record: bool) -> None:
        old_board, old_sc = self.board, self.scenario
        self.view.load(sc)
        if self.view.last_exception is not None:
            exc = self.view.last_exception
            if old_sc is not None:
                self.view.load(old_sc)
            raise exc
        if record:
            self._undo.append(old_board)
            del self._undo[:-MAX_UNDO]
            self._redo.clear()
        self.board = board
        self.scenario = sc
        self._keep(board, sc, old_board)
        self._set_error(None)
        self.status_html.value = ""
        self._sync()
        self._changed()

    def _after_view(self) -> None:
        """After the explorer re-solved (ruleset): its error, if any, shows in the builder."""
        if self.view.last_exception is not None:
            self._set_error(self.view.last_exception)

    @property
    def trace(self) -> Any:
        """The trace shown (the current board, solved with the current ruleset)."""
        return self.view.trace

    # ------------------------------------------------------------------ Python API
    @api
    def add_card(
        self, name: str, controller: str | None = None, zone: str = "battlefield", **fields: Any
    ) -> str:
        """Add the library card ``name`` (any case) and return the new object's id.

        ``controller``: a player's name (a new name adds the player); ``None`` = the first player.
        ``zone``: ``battlefield`` (default; it enters as the last event, or at event number ``at=``)
        or another zone (no event). ``fields``: ``counters`` (``{"+1/+1": 2}``), ``tapped``,
        ``face_down``, ``face`` (``"back"``: a double-faced card back face up, LANGUAGE.md "Double-faced
        cards"), ``attached_to`` (an object id), ``choices`` (``{"color": "blue"}``), ``owner``,
        ``token``, ``id``, ``at``.
        """

        lib = library()
        key = {k.lower(): k for k in lib}.get(str(name).strip().lower())
        if key is None:
            raise RulekitError(
                _t("err_card", name=name), code="UNKNOWN_CARD", suggestion=_suggest(str(name), lib)
            )
        return self._add_object({"card": key}, key, controller, zone, fields)

    @api
    def add_custom(
        self, name: str, *args: Any, controller: str | None = None, zone: str = "battlefield", **fields: Any
    ) -> str:
        """Add an object the library lacks and return its id.

        The card's fields (``types``, ``subtypes``, ``colors``, ``power``, ``toughness``, ``keywords``,
        ``effect``, ``kind``, ``text``: :data:`CUSTOM_FIELDS`) are :meth:`custom_object`'s, positional
        or by name; ``effect`` is one effect in the scenario language (LANGUAGE.md §3), as YAML text or
        a mapping; ``kind`` is ``static``, ``resolves`` (then :meth:`add_resolution` resolves it,
        ability ``effect``) or ``cda``. ``controller``, ``zone`` and the other ``fields`` are
        :meth:`add_card`'s.
        """
        card = {k: fields.pop(k) for k in CUSTOM_FIELDS if k in fields}
        raw = self.custom_object(name, *args, **card, choices=fields.get("choices"))
        return self._add_object(raw, str(raw["name"]), controller, zone, fields)

    def custom_object(
        self,
        name: str,
        types: Any = ("Creature",),
        subtypes: Any = (),
        colors: Any = (),
        power: Any = None,
        toughness: Any = None,
        keywords: Any = (),
        effect: str | dict[str, Any] | None = None,
        kind: str = "static",
        text: str = "",
        back: str | dict[str, Any] | None = None,
        modal: bool = False,
        oracle: str = "",
        *,
        choices: Any = None,
    ) -> dict[str, Any]:
        """The object mapping of a card the library lacks, checked by the loader on this board.

        Raises a :class:`RulekitError`; an error inside the effect is located in the effect text
        (``effect text:2: modify_pt.power: …``), as the custom form shows it while you type.
        ``choices`` (``{"color": "blue"}`` or ``"color: blue"``) are the choices it will be added
        with, so that an "as it enters, choose" card is checked with them. ``back``: a double-faced
        card's back face (712.1), as YAML text or a mapping with the keys of LANGUAGE.md "Double-faced
        cards" (``name``, ``types``, ``power``…); ``modal``: a modal double-faced card (712.2).
        ``oracle``: the card's rules text, one ability a line, read by the Oracle reader (LANGUAGE.md
        §11.2: a read line gives its data, a plain one its text, an unread one ``{text: ...}``).
        """
        import yaml

        name = str(name or "").strip()
        if not name:
            raise RulekitError(_t("err_name"), code="MISSING_KEY")
        for what, value in ((_t("w_name"), name), (_t("w_text"), text), (_t("w_oracle"), oracle)):
            if len(str(value)) > MAX_TEXT:
                raise RulekitError(_t("err_too_long", what=what, n=MAX_TEXT), code="TOO_LONG")

        raw: dict[str, Any] = {"name": name}
        words = _words(types)
        supers = [w for w in words if w in SUPERTYPES]
        if supers:
            raw["supertypes"] = supers
        raw["types"] = [w for w in words if w not in SUPERTYPES]
        if _words(subtypes):
            raw["subtypes"] = _words(subtypes)
        raw["colors"] = _words(colors)
        for key, value in (("power", power), ("toughness", toughness)):
            n = _int_or_none(value, _t(f"w_{key}"))
            if n is not None:
                raw[key] = n
        abilities: list[Any] = []
        for word in _keywords(keywords):
            if word not in KEYWORDS and not word.lower().startswith("protection from"):
                raise RulekitError(
                    _t("err_keyword", word=word), code="BAD_KEYWORD", suggestion=_suggest(word, KEYWORDS)
                )
            abilities.append(word)
        abilities += [ability for _line, _reading, ability in card_abilities(str(oracle or ""), name)]
        if kind not in EFFECT_KINDS:
            raise RulekitError(
                _t("err_kind", kind=kind), code="BAD_KIND", suggestion=_suggest(str(kind), EFFECT_KINDS)
            )
        effect_text = (
            effect
            if isinstance(effect, str)
            else (yaml.safe_dump(effect, sort_keys=False, allow_unicode=True) if effect else "")
        )
        if len(effect_text) > MAX_TEXT:
            raise RulekitError(_t("err_too_long", what=_t("w_effect"), n=MAX_TEXT), code="TOO_LONG")
        _no_aliases(effect_text)
        raw["abilities"] = abilities
        back_face = _back_face(back)
        if back_face is not None:
            raw["back"] = back_face
        if modal:
            raw["modal"] = True
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        self._check_in_board(raw, effect_text, kind, str(text), dict(choices or {}))
        if effect_text.strip():
            spec = yaml.safe_load(effect_text)
            ab: dict[str, Any] = {"text": str(text) or " ".join(effect_text.split())}
            if kind == "resolves":
                ab["key"] = "effect"
            ab[kind] = spec
            raw["abilities"] = [*abilities, ab]
        if not raw["abilities"]:
            del raw["abilities"]
        return raw

    def _check_in_board(
        self, raw: dict[str, Any], effect_text: str, kind: str, text: str, choices: dict[str, Any]
    ) -> None:
        """Read ``raw`` (plus the effect text) with the loader, on this board's objects, so that a
        selector may name them; map the loader's located error back into the form."""
        import yaml

        head = yaml.safe_dump(
            {"game": "mtg", "players": self.board.data()["players"]}, sort_keys=False, allow_unicode=True
        )
        objs = [
            *(_ordered(o, OBJECT_KEYS) for o in self.board.objects),
            {
                "id": "the-new-card",
                **{k: v for k, v in raw.items() if k != "abilities"},
                **({"choices": {str(k): str(v) for k, v in choices.items()}} if choices else {}),
            },
        ]
        body = head + "objects:\n" + yaml.safe_dump(objs, sort_keys=False, allow_unicode=True)
        n_obj = len(objs) - 1
        abilities = list(raw.get("abilities") or ())
        lines = ["  abilities:"]
        if abilities:
            lines.append(_indent(yaml.safe_dump(abilities, allow_unicode=True), "  "))
        has_effect = bool(effect_text.strip())
        if has_effect:
            lines.append(f"  - text: {json.dumps(text, ensure_ascii=False)}")
            if kind == "resolves":
                lines.append("    key: effect")
            lines.append(f"    {kind}:")
        elif not abilities:
            lines = []
        prefix = body + "".join(line.rstrip("\n") + "\n" for line in lines)
        offset = prefix.count("\n")
        full = prefix + (_indent(effect_text, "      ") + "\n" if has_effect else "")
        try:
            mtg.scenario_from_text(full, _t("w_new_card"))
        except RulekitError as exc:
            fieldname = exc.field or ""
            fieldname = re.sub(rf"^objects\[{n_obj}\]\.?", "", fieldname)
            in_effect = has_effect and exc.line is not None and exc.line > offset
            if in_effect:
                fieldname = re.sub(r"^abilities\[\d+\]\.(static|cda|resolves)\.?", "", fieldname)
            else:  # the form's field, as the form names it ("Types", not "types[0]")
                first = re.match(r"(types|supertypes|subtypes|colors|power|toughness)(\[\d+\])?$", fieldname)
                if first:
                    key = {"supertypes": "types", "power": "w_power", "toughness": "w_toughness"}.get(
                        first.group(1), first.group(1)
                    )
                    fieldname = _t(key if key.startswith("w_") else f"c_{key}")
            raise RulekitError(
                exc.message,
                file=_t("w_effect_file") if in_effect else None,
                line=(exc.line - offset) if in_effect and exc.line is not None else None,
                field=fieldname or None,
                code=exc.code,
                suggestion=exc.suggestion,
                msgid=getattr(exc, "msgid", None),
                params=getattr(exc, "params", None),
            ) from None

    def _add_object(
        self, raw: dict[str, Any], name: str, controller: str | None, zone: str, fields: dict[str, Any]
    ) -> str:

        unknown = [k for k in fields if k not in ADD_FIELDS]
        if unknown:
            raise RulekitError(
                _t("err_field", name=unknown[0], fields=", ".join(ADD_FIELDS)),
                code="UNKNOWN_KEY",
                suggestion=_suggest(unknown[0], ADD_FIELDS),
            )
        if zone not in ZONES:
            raise RulekitError(
                _t("err_zone", zone=zone), code="BAD_ZONE", suggestion=_suggest(str(zone), ZONES)
            )
        board = self.board.copy()
        who = self._player(board, controller)
        oid = board.fresh_id(slug(str(fields.get("id") or name)))
        obj: dict[str, Any] = {"id": oid, **raw, "controller": who}
        if fields.get("owner"):
            obj["owner"] = self._player(board, str(fields["owner"]))
        if zone != "battlefield":
            obj["zone"] = zone
        for key in ("token", "tapped", "face_down"):
            if fields.get(key):
                obj[key] = True
        counters = fields.get("counters")
        if isinstance(counters, str):
            counters = parse_pairs(counters, _t("w_counters"), numbers=True)
        if counters:
            obj["counters"] = {str(k): _int_or_none(v, _t("w_count")) for k, v in dict(counters).items()}
        choices = fields.get("choices")
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        if choices:
            obj["choices"] = {str(k): str(v) for k, v in dict(choices).items()}
        if fields.get("attached_to"):
            obj["attached_to"] = str(fields["attached_to"])
        face = _face(fields.get("face"))
        if face == "back" and zone != "battlefield":  # on the stack, say; the loader refuses other zones
            obj["face"] = "back"
        board.objects.append(obj)
        if zone == "battlefield":  # 712.14a: a double-faced card may enter back face up ("transformed")
            self._insert(
                board, {"enter": oid, **({"face": "back"} if face == "back" else {})}, fields.get("at")
            )
        redo = list(self._redo)
        self._apply(board)
        problem = self._counter_problem(oid, obj.get("counters") or {})
        if problem is not None:  # take the add back, then say why
            old = self._undo.pop()
            self._commit(old, self._build(old), record=False)
            self._redo = redo
            raise problem
        return oid

    def _counter_problem(self, oid: str, counters: dict[str, Any]) -> RulekitError | None:
        """Counters that mean nothing on what the object is on this board (after every effect): P/T
        counters on a non-creature (122.1a), loyalty counters on a non-planeswalker (306.5b)."""
        view = (getattr(self.trace, "final", None) or {}).get(oid)
        if view is None or not counters:
            return None
        name = f"{view.name or oid} ({oid})"
        pt = [k for k in counters if PT_COUNTER.match(str(k))]
        if pt and "Creature" not in view.types:
            return RulekitError(
                _t("err_pt_counters", name=name, kinds=", ".join(pt)), field="counters", code="BAD_COUNTERS"
            )
        if "loyalty" in counters and "Planeswalker" not in view.types:
            return RulekitError(_t("err_loyalty", name=name), field="counters", code="BAD_COUNTERS")
        return None

    @staticmethod
    def _player(board: Board, name: str | None, new: bool = False) -> str:
        """The player ``name`` of ``board`` (any case; ``None`` or blank: the first), or a new player added to
        it; a new name close to a player's ("Bob" for "Bo") is refused with "did you mean", unless ``new``."""
        names = board.player_names()
        if name is None or (isinstance(name, str) and not name.strip() and names):
            return names[0]
        text = str(name).strip()
        if not text or len(text) > 60 or "\n" in text:
            raise RulekitError(_t("err_player", name=name), code="BAD_PLAYER")
        for n in names:
            if n.lower() == text.lower():
                return n
        near = _suggest(text, names) if not new else None
        if near is not None:  # a typo ("Bob" for "Bo") must not silently add a player: ask, as the CLI does
            raise RulekitError(
                _t("err_player_near", name=text, players=", ".join(names)),
                field="controller",
                code="UNKNOWN_PLAYER",
                suggestion=near,
            )
        board.players.append(text)
        return text

    @api
    def add_player(self, name: str) -> str:
        """Add the player ``name`` (even one whose name is close to a player's, which a card's
        ``controller`` refuses as a likely typo) and return the name; a player already there is kept."""
        board = self.board.copy()
        who = self._player(board, str(name if name is not None else ""), new=True)
        if board.player_names() != self.board.player_names():
            self._apply(board)
        return who

    @staticmethod
    def _insert(board: Board, event: Any, at: Any) -> str:
        n = len(board.events)
        if at is None:
            pos = n
        else:
            if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= n:
                raise RulekitError(_t("err_position", n=n, at=at), code="BAD_POSITION")
            pos = at
        key = board.new_key()
        board.events.insert(pos, (key, event))
        return key

    @api
    def add_resolution(
        self,
        source: str,
        ability: str | int | None = None,
        targets: Any = (),
        x: Any = None,
        choices: Any = None,
        *,
        at: int | None = None,
        controller: str | None = None,
    ) -> str:
        """A spell or ability resolves: its continuous effect starts at event number ``at``
        (default: after everything else). Returns the effect's id.

        ``source``: an object on the board (its id), or a library card's name: an instant or
        sorcery is put in its controller's graveyard (where it goes once resolved), another card
        is the first such object on the board, else it is added to the battlefield first.
        ``ability``: the key of its ability that resolves (``cast``, ``"0"``, ``etb``…; may be
        left out when it has one). ``targets``: object ids or player names. ``x``: X.
        ``choices``: this resolution's choices (``{"color": "red"}`` or ``"color: red"``).
        """

        board = self.board.copy()
        src = str(source)
        obj = board.obj(src)
        if obj is None:
            lib = library()
            key = {k.lower(): k for k in lib}.get(src.strip().lower())
            if key is None:
                raise RulekitError(
                    _t("err_source", source=src),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(src, [*board.ids(), *lib]),
                )
            card = lib[key]
            spell = bool({"Instant", "Sorcery"} & set(card.get("types") or ()))
            found = None if spell else next((o for o in board.objects if o.get("card") == key), None)
            if found is None:
                who = self._player(board, controller)
                oid = board.fresh_id(slug(key))
                found = {"id": oid, "card": key, "controller": who}
                if spell:
                    found["zone"] = "graveyard"
                board.objects.append(found)
                if not spell:
                    self._insert(board, {"enter": oid}, at)
                    at = None if at is None else at + 1
            obj = found
        abilities = self._abilities_of(obj)
        keys = resolving_keys(abilities)
        name = str(obj.get("name") or obj.get("card") or obj.get("id"))
        if not keys:
            raise RulekitError(_t("err_no_resolves", name=name), code="UNKNOWN_ABILITY")
        if ability is None:
            if len(keys) > 1:
                raise RulekitError(
                    _t("err_which", name=name, keys=", ".join(k for k, _ in keys)), code="UNKNOWN_ABILITY"
                )
            ability = keys[0][0]
        ability = str(ability)
        if ability not in [k for k, _ in keys]:
            raise RulekitError(
                _t("err_ability", ability=ability, name=name, keys=", ".join(k for k, _ in keys)),
                code="UNKNOWN_ABILITY",
                suggestion=_suggest(ability, [k for k, _ in keys]),
            )
        res: dict[str, Any] = {"source": str(obj["id"]), "ability": ability}
        tlist = [targets] if isinstance(targets, str) else list(targets or ())
        if tlist:
            res["targets"] = [str(t) for t in tlist]
        xv = _int_or_none(x, _t("w_x")) if not isinstance(x, int) or isinstance(x, bool) else x
        if x is not None and not (isinstance(x, str) and not x.strip()) and xv is None:
            raise RulekitError(_t("err_x", x=x), code="BAD_NUMBER")
        if xv is not None:
            res["x"] = xv
        if isinstance(choices, str):
            choices = parse_pairs(choices, _t("w_choices"))
        if choices:
            res["choices"] = {str(k): str(v) for k, v in dict(choices).items()}
        res["id"] = board.fresh_id(f"{obj['id']}.{ability}")
        self._insert(board, {"resolve": res}, at)
        self._apply(board)
        return str(res["id"])

    @api
    def add_event(
        self,
        kind: str,
        id: str | None = None,  # noqa: A002
        to: str | None = None,
        *,
        at: int | None = None,
        face: str | None = None,
    ) -> str:
        """Add an event (LANGUAGE.md §5) at event number ``at`` (default: last); returns its key.

        ``kind``: ``tap``, ``untap``, ``leave`` (``to``: a zone, default graveyard), ``attach``
        (``to``: the object it becomes attached to), ``enter`` (an object in another zone, such as
        the hand, enters the battlefield; ``face="back"``: back face up, 712.14a), ``turn_face_up``,
        ``turn_face_down``, ``transform`` (712.9; each about the object ``id``), or ``end_of_turn``.
        """

        kind = str(kind).strip().replace(" ", "_")
        if kind not in EVENT_KINDS:
            raise RulekitError(
                _t("err_event", kind=kind), code="BAD_EVENT", suggestion=_suggest(kind, EVENT_KINDS)
            )
        board = self.board.copy()
        event: Any
        if kind == "end_of_turn":
            event = "end_of_turn"
        else:
            if not id or board.obj(str(id)) is None:
                raise RulekitError(
                    _t("err_event_object", kind=kind),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(str(id or ""), board.ids()),
                )
            oid = str(id)
            if kind == "attach":
                event = {"attach": {"object": oid, "to": str(to or "")}}
            elif kind == "leave":
                zone = str(to or "graveyard")
                if zone not in ZONES:
                    raise RulekitError(
                        _t("err_zone", zone=zone), code="BAD_ZONE", suggestion=_suggest(zone, ZONES)
                    )
                event = {"leave": {"object": oid, "to": zone}}
            elif kind == "enter":
                obj = board.obj(oid) or {}
                if obj.get("zone", "battlefield") == "battlefield" or board.index_of(oid) is not None:
                    raise RulekitError(_t("err_enters_already", id=oid), code="DUPLICATE_ENTER")
                event = {"enter": oid, **({"face": "back"} if _face(face) == "back" else {})}
            else:
                event = {kind: oid}
        key = self._insert(board, event, at)
        self._apply(board)
        return key

    @staticmethod
    def _abilities_of(obj: dict[str, Any]) -> list[Any]:

        if obj.get("abilities") is not None:
            return list(obj["abilities"])
        card = library().get(str(obj.get("card")))
        return list((card or {}).get("abilities") or ())

    @api
    def remove(self, id: str) -> None:  # noqa: A002 - the issue's name for the argument
        """Remove an object (with the events that need it), a resolution, or an event (by its key
        in the board list; removing an entering removes what enters)."""
        board = self.board.copy()
        handle = str(id)
        if handle.startswith("object:"):
            handle = handle[len("object:") :]
        if board.obj(handle) is not None:
            board.remove_object(handle)
        else:
            i = board.index_of(handle)
            if i is None:
                raise RulekitError(
                    _t("err_handle", id=handle),
                    code="UNKNOWN_OBJECT",
                    suggestion=_suggest(handle, board.ids()),
                )
            ev = board.events[i][1]
            if isinstance(ev, dict) and "enter" in ev:
                del board.events[i]
                for oid in Board.mentions({"enter": ev["enter"]}):  # an entering goes with what enters;
                    if (board.obj(oid) or {}).get("zone", "battlefield") == "battlefield":  # a card in
                        board.remove_object(oid)  # the hand that was to enter stays in the hand
            else:
                del board.events[i]
        self._apply(board)

    @api
    def move(self, id: str, up: bool = True) -> None:  # noqa: A002 - the issue's name for the argument
        """Move an object's entering (or a resolution, or an event) one place earlier (``up``) or
        later in the order of events: it takes the neighbour's timestamp (613.7). At either end,
        nothing changes."""
        board = self.board.copy()
        handle = str(id)
        if handle.startswith("object:"):
            handle = handle[len("object:") :]
        i = board.index_of(handle)
        if i is None:
            obj = board.obj(handle)
            if obj is not None:
                raise RulekitError(
                    _t("err_no_event", id=handle, zone=obj.get("zone", "battlefield")), code="NOT_AN_EVENT"
                )
            raise RulekitError(
                _t("err_handle", id=handle), code="UNKNOWN_OBJECT", suggestion=_suggest(handle, board.ids())
            )
        j = i - 1 if up else i + 1
        if not 0 <= j < len(board.events):
            return
        board.events[i], board.events[j] = board.events[j], board.events[i]
        self._apply(board)
        self._select(handle)

    @api
    def undo(self) -> None:
        """Undo the last change (add, remove, move, reset, rename); :meth:`redo` brings it back."""
        if self._step_history(self._undo, self._redo, "nothing_to_undo"):
            return

    @api
    def redo(self) -> None:
        """Make again the last change :meth:`undo` undid (a new change forgets what was undone)."""
        if self._step_history(self._redo, self._undo, "nothing_to_redo"):
            return
        del self._undo[:-MAX_UNDO]

    def _step_history(self, take: list[Any], keep: list[Any], empty: str) -> bool:
        """Go to the board last put on ``take`` and put the current one on ``keep`` (undo and redo);
        with nothing to take, say ``empty`` and return True."""
        if not take:
            self.status_html.value = f"<p role='status'>{escape(_t(empty))}</p>"
            return True
        board = take.pop()
        current = self.board
        kept = self.__dict__.get("_kept", {}).get(id(board))
        sc = kept[1] if kept is not None and kept[0] is board else self._build(board)
        self._commit(board, sc, record=False)
        keep.append(current)
        return False

    def _keep(self, board: Board, sc: Any, old: Board) -> None:
        """Keep ``board``'s built scenario (frozen) while the board is shown or in the history (``old``, the
        board it replaces, is about to go there): undo and redo restore it instead of building it again."""
        kept: dict[int, tuple[Board, Any]] = self.__dict__.setdefault("_kept", {})
        kept[id(board)] = (board, sc)
        live = {id(b) for b in (*self._undo, *self._redo, board, old)}
        for key in [k for k in kept if k not in live]:
            del kept[key]

    @api
    def reset(self) -> None:
        """Back to the board the builder started with (undo brings the changes back); the form's fields
        go back to their first values too."""
        board = self._initial.copy()
        sc = self._build(board)
        self._commit(board, sc, record=True)
        self._clear_add_form(everything=True)

    @api
    def rename(self, name: str) -> None:
        """Call the board ``name`` (the scenario's name, what :meth:`save` writes)."""
        text = str(name if name is not None else "").strip()
        if not text or len(text) > MAX_NAME or "\n" in text:
            raise RulekitError(_t("err_board_name", n=MAX_NAME, name=name), code="BAD_NAME")
        if text == self.board.name:
            return
        old = self.board.name
        board = self.board.copy()
        board.name = text
        self._apply(board)
        if self.save_path.value in ("", f"{slug(old)}.yaml"):  # the file follows the name unless changed
            self.save_path.value = f"{slug(text)}.yaml"

    def to_yaml(self) -> str:
        """The board as a scenario file: ``rulekit solve`` reads it back to the same trace."""
        return board_yaml(self.board)

    @api
    def save(self, path: str | Path) -> str:
        """Write :meth:`to_yaml` to ``path`` (UTF-8) and return the path written."""
        p = Path(str(path)).expanduser()
        if p.suffix not in (".yaml", ".yml"):
            p = p.with_suffix(p.suffix + ".yaml") if p.suffix else p.with_suffix(".yaml")
        p.write_text(self.to_yaml(), encoding="utf-8")
        self.status_html.value = self._wrap_status(_t("saved", path=str(p)))
        return str(p)

    def _wrap_status(self, text: str) -> str:
        return (
            "<p role='status' style='border-left:4px solid #009E73;padding:2px 8px;"
            f"font-size:{100 * self.scale:.0f}%'>"
            f"✓ {escape(text)}</p>"
        )


def _custom_signature() -> tuple[tuple[str, ...], inspect.Signature]:
    """The card fields of :meth:`BoardBuilder.custom_object` (its signature is their one table) and
    :meth:`BoardBuilder.add_custom`'s full signature: those fields, then ``controller``, ``zone`` and
    :meth:`~BoardBuilder.add_card`'s fields."""
    card = list(inspect.signature(BoardEdits.custom_object).parameters.values())
    adding = inspect.signature(BoardEdits.add_custom)
    rest = [p for p in adding.parameters.values() if p.kind in (p.KEYWORD_ONLY, p.VAR_KEYWORD)]
    fields = tuple(p.name for p in card[2:] if p.kind == p.POSITIONAL_OR_KEYWORD)  # card[:2]: self, name
    card = [p for p in card if p.kind == p.POSITIONAL_OR_KEYWORD]  # its choices are add_card's too
    return fields, adding.replace(parameters=[*card, *rest])


#: The fields of a card the library lacks (after its name), as :meth:`BoardBuilder.custom_object` takes them.
CUSTOM_FIELDS, BoardEdits.add_custom.__signature__ = _custom_signature()  # type: ignore[attr-defined]

speaking(BoardEdits)


def _face(value: Any) -> str | None:
    """``face``: ``"back"`` (a double-faced card back face up, 712.8e), ``"front"``/empty (None)."""
    if value in (None, "", False, "front"):
        return None
    if value is True or str(value).strip().lower() == "back":
        return "back"
    raise RulekitError(
        _t("err_face", face=value),
        field="face",
        code="BAD_FACE",
        suggestion=_suggest(str(value), ("front", "back")),
    )


def _back_face(back: Any) -> dict[str, Any] | None:
    """A custom card's back face (712.1) from the form's YAML text or a mapping; the loader checks its
    keys and values with the card. Anchors and aliases are refused (no bound on what they expand to)."""
    import yaml

    if back is None or (isinstance(back, str) and not back.strip()):
        return None
    if isinstance(back, dict):
        data: Any = back
    else:
        text = str(back)
        where = _t("w_back_file")
        if len(text) > MAX_TEXT:
            raise RulekitError(_t("err_too_long", what=_t("w_back"), n=MAX_TEXT), code="TOO_LONG")
        try:
            for token in yaml.scan(text, Loader=yaml.SafeLoader):
                if isinstance(token, yaml.AliasToken | yaml.AnchorToken):
                    line = token.start_mark.line + 1
                    raise RulekitError(_t("err_alias"), file=where, line=line, code="YAML_ALIAS")
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            raise RulekitError(_t("err_back_yaml"), file=where, line=line, code="BAD_YAML") from None
    if not isinstance(data, dict) or not data:
        raise RulekitError(_t("err_back_mapping"), field="back", code="BAD_BACK")
    return {str(k): v for k, v in data.items()}
