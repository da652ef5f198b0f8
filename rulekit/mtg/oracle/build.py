"""The Oracle reader's transformer: a parse tree of ``oracle.lark`` turned into the scenario language's
effect data (the ``static:``/``resolves:``/``cda:`` dicts of LANGUAGE.md), with the small helpers it
uses for selectors, counts and merges. :mod:`rulekit.mtg.oracle.reader` splits a text into sentences,
parses each and calls :class:`_Build` on the tree."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from lark import Token, Transformer, v_args

from rulekit.mtg import vocab
from rulekit.mtg.oracle.lexicon import canonical

#: "a copy of that creature": the object a trigger names ("Whenever another creature ... enters"), which a
#: scenario gives as the resolve's target, or else the object chosen by an earlier "Choose ..." sentence.
_THAT = "@that"
#: What a pronoun subject stands for until it is resolved against the first sentence's subject.
_REF = "@ref"


class _Text:
    """A working copy of the text and, for each of its characters, its position in the typed text."""

    def __init__(self, text: str) -> None:
        self.s = text
        self.at = list(range(len(text)))

    def replace(self, pattern: re.Pattern[str], repl: str) -> None:
        out, at, last = [], [], 0
        for m in pattern.finditer(self.s):
            out.append(self.s[last : m.start()])
            at.extend(self.at[last : m.start()])
            out.append(repl)
            at.extend([self.at[m.start()] if m.start() < len(self.at) else len(self.at)] * len(repl))
            last = m.end()
        out.append(self.s[last:])
        at.extend(self.at[last:])
        self.s, self.at = "".join(out), at

    def cut(self, start: int, end: int | None = None) -> _Text:
        new = _Text("")
        new.s, new.at = self.s[start:end], self.at[start:end]
        return new

    def orig(self, i: int, typed: str) -> int:
        return self.at[i] if 0 <= i < len(self.at) else len(typed)


class _Unread(Exception):
    def __init__(self, at: int) -> None:
        self.at = at
        super().__init__(at)


def _canon(tok: Any) -> str:
    """A vocabulary word's canonical spelling (singular, as types.yaml writes it)."""
    return canonical().get(str(tok).lower(), ("", str(tok)))[1]


def _num(s: str) -> int:
    return int(s.replace("\u2212", "-"))


class _Build(Transformer[Token, Any]):
    """The parse tree -> ``(kind, spec)``; ``s`` and ``typed`` give a quoted ability's typed words."""

    def __init__(self, s: _Text, typed: str, read: Callable[[str], Any]) -> None:
        super().__init__()
        self.s, self.typed = s, typed
        self.read = read  # reader.read_ability: a quoted granted ability is read in turn
        self.choices: list[tuple[int, str]] = []  # what a "{chosen object}" must be, located

    # -------------------------------------------------------------- sentence
    def start(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        kind, spec = items[0]
        if self.choices:
            spec["@choices"] = self.choices
        return kind, spec

    def effect(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        kind, spec = "static", {}
        extra: dict[str, Any] = {}
        for it in items:
            if isinstance(it, tuple) and it[0] == "optional":
                continue
            if isinstance(it, tuple) and it[0] in ("duration", "condition", "where"):
                extra[it[0]] = it[1]
            elif isinstance(it, tuple):
                kind, spec = it
        if "where" in extra:  # ", where X is <expr>": X in the P/T parts is that expression
            x = extra.pop("where")
            for part in ("modify_pt", "set_pt"):
                if part in spec:
                    spec[part] = {k: (x if v == "X" else v) for k, v in spec[part].items()}
        if "duration" in extra:
            kind = "resolves" if kind != "cda" else kind
        if kind == "static" and str(spec.get("affects", "")).startswith("target "):
            kind = "resolves"
        return kind, {**spec, **extra}

    def pre_duration(self, items: list[Any]) -> Any:
        return items[0]

    post_duration = pre_duration
    pre_condition = pre_duration
    post_condition = pre_duration

    def until_eot(self, _: list[Any]) -> tuple[str, str]:
        return ("duration", "until end of turn")

    def until_next_turn(self, _: list[Any]) -> tuple[str, str]:
        return ("duration", "until your next turn")

    def until_eoc(self, _: list[Any]) -> tuple[str, str]:
        return ("duration", "until end of combat")

    def for_as_long_as(self, items: list[Any]) -> tuple[str, str]:
        body = str(items[0]).strip().replace("~", "this")
        return ("duration", f"for as long as {body}")

    def condition(self, items: list[Any]) -> tuple[str, str]:
        return ("condition", items[0])

    def you_control(self, items: list[Any]) -> str:
        return f"you control {items[0]}"

    def on_battlefield(self, _: list[Any]) -> str:
        return "this is on the battlefield"

    def one_or_more(self, items: list[Any]) -> str:
        return f"one or more {vocab.plural(_canon(items[-1]))}"

    def n_or_more(self, items: list[Any]) -> str:
        return f"{items[0]} or more {items[-1]}"

    # -------------------------------------------------------------- clauses
    def subject_clause(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        affects, preds = items
        spec: dict[str, Any] = {"affects": affects}
        lost: list[str] = []
        for p in preds:
            lost.extend(p.pop("@lose_other", []))
            if p.get("abilities", {}).get("remove_all") and "abilities" in spec:
                # "has defender, loses all abilities": one effect's instructions in the order written, so
                # what it granted first is lost too ("loses all other abilities" keeps it)
                spec["abilities"].pop("add", None)
            _merge(spec, p)
        _lose_other(spec, lost)
        return "static", spec

    def subject(self, items: list[Any]) -> str:
        return str(items[0])

    def predicates(self, items: list[Any]) -> list[dict[str, Any]]:
        return items

    def you_control_clause(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "static", {"affects": items[0], "control": "you"}

    def gain_control_clause(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {"affects": items[0], "control": "you"}

    def switch_clause(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {"affects": items[0], "switch_pt": True}

    def possessive(self, items: list[Any]) -> str:
        if items and isinstance(items[0], Token) and items[0].type == "SELF_POSS":
            return "this"
        return f"target {items[0]}"

    def cda_pt(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        _who, expr = items
        return "cda", {"set_pt": {"power": expr, "toughness": expr}}

    def cda_pt_plus(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        """ "its power is equal to X and its toughness is equal to that number plus 1": the CDA defines the
        star, X for both; the 1 is the number printed beside the star, */1+* (208.2a), a card field that stays
        when the CDA is gone (the Merfolk Trickster ruling)."""
        _who, expr, n = items
        return "cda", {"set_pt": {"power": expr, "toughness": expr}, "@printed": {"toughness": int(n)}}

    def player_keywords(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        who, _have, kws = items
        return "static", {"players": who, "player": {"add": kws}}

    def hand_size(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        who, n = items
        return "static", {"players": who, "rules": {"max_hand_size": {"add": -n}}}

    def no_max_hand(self, _: list[Any]) -> tuple[str, dict[str, Any]]:
        return "static", {"players": "you", "rules": {"max_hand_size": "no maximum"}}

    def you(self, _: list[Any]) -> str:
        return "you"

    def each_opponent(self, _: list[Any]) -> str:
        return "each opponent"

    # -------------------------------------------------------------- predicates
    def modify_pt(self, items: list[Any]) -> dict[str, Any]:
        pt = items[1]
        if len(items) > 2:
            pt = {k: _times(v, f"number of {items[2]}") for k, v in pt.items()}
        return {"modify_pt": pt}

    def pt_fixed(self, items: list[Any]) -> dict[str, Any]:
        p, t = str(items[0]).split("/")
        return {"power": _num(p), "toughness": _num(t)}

    def pt_x(self, items: list[Any]) -> dict[str, Any]:
        x = items[1] if len(items) > 1 else "X"
        return {"power": x, "toughness": x}

    def per_each(self, items: list[Any]) -> str:
        plural = [
            Token("NOUN", vocab.plural(str(it))) if isinstance(it, Token) and it.type == "NOUN" else it
            for it in items
        ]
        return _selector_words(plural)

    def add_abilities(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": items[1]}}

    def remove_abilities(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove": items[1]}}

    def lose_other(self, items: list[Any]) -> dict[str, Any]:
        return {"@lose_other": [" ".join(str(t).lower().split()) for t in items if isinstance(t, Token)]}

    def remove_all(self, _: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove_all": True}}

    def remove_all_but_mana(self, _: list[Any]) -> dict[str, Any]:
        return {"abilities": {"remove_all": True, "keep": "mana abilities"}}

    def cant_have(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"cant_have": items[1]}}

    # -------------------------------------------------------------- copies (707.2, 707.9)
    def enter_as_copy(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        spec: dict[str, Any] = {"affects": "this", "copy": "{chosen object}"}
        for it in items:
            if isinstance(it, dict):
                spec["except"] = it
        return "static", spec

    def post_where(self, items: list[Any]) -> tuple[str, Any]:
        return ("where", items[0])

    def become_copy(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        affects, source = str(items[0]), items[-1]
        spec: dict[str, Any] = {"affects": affects}
        if isinstance(source, tuple):  # a target: "other" is other than it; its words, what it must be
            if affects.startswith("each other "):
                spec["affects"] = "each " + affects[len("each other ") :] + " other than the target"
            if not re.fullmatch(r"[a-z]+", source[1]):
                spec["targets_must"] = source[1]
            source = "targets"
        spec["copy"] = source
        return "resolves", spec

    def have_become_copy(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {"affects": "this", "copy": items[-1]}

    def copy_target(self, items: list[Any]) -> tuple[str, str]:
        return ("target", _selector_words(items))

    def copy_that(self, _: list[Any]) -> str:
        return _THAT

    @v_args(meta=True)
    def copy_chosen(self, meta: Any, items: list[Any]) -> str:
        start, end = self.s.orig(meta.start_pos, self.typed), self.s.orig(meta.end_pos - 1, self.typed)
        self.choices.append((start, self.typed[start : end + 1]))
        return "{chosen object}"

    def exceptions(self, items: list[Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for it in items:
            for k, v in it.items():
                out[k] = [*out.get(k, []), *v] if isinstance(v, list) else v
        return out

    def except_pt(self, items: list[Any]) -> dict[str, Any]:
        p, t = str(items[0]).split("/")
        return {"power": int(p), "toughness": int(t)}

    def except_types(self, items: list[Any]) -> dict[str, Any]:
        return {"types": [it[2] for it in items if isinstance(it, tuple) and it[0] == "type"]}

    def except_abilities(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": items[0]}

    def one_shot(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "oneshot", {"affects": items[-1]}

    def one_shot_token(self, _: list[Any]) -> tuple[str, dict[str, Any]]:
        return "oneshot", {"affects": _REF}

    def one_shot_moved(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        sel = next(it for it in items if isinstance(it, str))
        return "oneshot", {"affects": sel, "@moved": True}

    def same_is_true(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "same", {"also": items[0]}

    def union(self, items: list[Any]) -> str:
        parts = [str(i) for i in items]
        return " and ".join(parts) if len(parts) == 2 else ", ".join(parts[:-1]) + ", and " + parts[-1]

    def cost_change(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        """601.2f: a cost change on spells; "spells you cast" are the spells you control (LANGUAGE.md)."""
        kinds, rest = items[0], items[1:]
        holder = ""
        if rest and isinstance(rest[0], Token) and rest[0].type == "SPELL_HOLDER":
            holder = " your opponents control" if "opponents" in str(rest[0]).lower() else " you control"
            rest = rest[1:]
        n = int(str(rest[0]).strip("{}"))
        sign = -1 if str(rest[1]).lower() == "less" else 1
        affects = " and ".join(f"{k} spells{holder}" for k in kinds)
        return "static", {"affects": affects, "rules": {"cost": {"add": sign * n}}}

    def spell_types(self, items: list[Any]) -> list[str]:
        out = []
        for it in items:
            kind, word = canonical().get(str(it).lower(), ("", str(it).lower()))
            out.append(word.lower() if kind == "cardtype" else word if kind == "subtype" else str(it).lower())
        return out

    def text_change(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        """612.2: the old and new words are chosen as it resolves (the scenario's choices)."""
        what = {"color word": "color", "basic land type": "land type", "creature type": "type"}
        w = what[" ".join(str(items[-1]).lower().split())]
        change = {"from": f"{{chosen old {w}}}", "to": f"{{chosen new {w}}}"}
        return "resolves", {"affects": items[0], "text_change": change}

    def prevent_all(self, _: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {"duration": "until end of turn", "rules": {"prevent_damage": "all"}}

    def prevent_combat(self, _: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {"duration": "until end of turn", "rules": {"prevent_damage": "combat"}}

    def prevent_by(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "resolves", {
            "affects": items[0],
            "duration": "until end of turn",
            "rules": {"prevent_damage": "all"},
        }

    def prevent_combat_by(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        spec = {"affects": items[0], "duration": "until end of turn", "rules": {"prevent_damage": "combat"}}
        return "resolves", spec

    def activated_of(self, items: list[Any]) -> tuple[str, dict[str, Any]]:
        return "static", {"affects": "this", "abilities": {"activated_of": items[-1]}}

    def optional(self, _: list[Any]) -> tuple[str, str]:
        return ("optional", "")

    def set_pt(self, items: list[Any]) -> dict[str, Any]:
        return {"set_pt": items[1]}

    def base_pt(self, items: list[Any]) -> dict[str, Any]:
        p, t = str(items[0]).split("/")
        return {"power": p if p == "X" else int(p), "toughness": t if t == "X" else int(t)}

    def base_pt_expr(self, items: list[Any]) -> dict[str, Any]:
        return {"power": items[0], "toughness": items[0]}

    def become(self, items: list[Any]) -> dict[str, Any]:
        return items[1]  # type: ignore[no-any-return]

    def become_color(self, items: list[Any]) -> dict[str, Any]:
        colors = items[1][1]
        if len(items) > 2:
            return {"color": {"add": colors}}
        return {"color": {"set": colors}}

    def gain_all_types(self, _: list[Any]) -> dict[str, Any]:
        return {"type": {"all_creature_types": True}}

    def lose_all_types(self, _: list[Any]) -> dict[str, Any]:
        return {"type": {"remove_all_creature_types": True}}

    def must_attack(self, _: list[Any]) -> dict[str, Any]:
        return {"rules": {"requirement": "attacks each combat if able"}}

    # -------------------------------------------------------------- type phrases (205.1a/b)
    def type_phrase(self, items: list[Any]) -> dict[str, Any]:
        card_types: list[str] = []
        subtypes: list[str] = []
        supertypes: list[str] = []
        out: dict[str, Any] = {}
        addition = add_colors = False
        for it in items:
            if isinstance(it, Token) and it.type == "PT":
                p, t = str(it).split("/")
                out["set_pt"] = {"power": int(p), "toughness": int(t)}
            elif isinstance(it, Token):
                continue
            elif isinstance(it, tuple) and it[0] == "colors":
                out["color"] = {"set": it[1]}
            elif isinstance(it, tuple) and it[0] == "type":
                {"cardtype": card_types, "supertype": supertypes}.get(it[1], subtypes).append(it[2])
            elif isinstance(it, tuple) and it[0] == "every_basic":
                subtypes.extend(vocab.BASIC_LAND_TYPES)
            elif isinstance(it, tuple) and it[0] in ("addition", "still"):
                addition = True
                add_colors = add_colors or it[1:] == (True,)
            elif isinstance(it, dict):
                _merge(out, it)
        tp: dict[str, Any] = dict(out.pop("type", {}))
        if sorted(card_types) == ["Artifact", "Creature"] and not addition:
            # 205.1b: "becomes an artifact creature" keeps every prior card type and subtype; "becomes an
            # [creature types] artifact creature" keeps the card types but replaces the creature types
            tp["add"] = [*card_types, *supertypes]
            if subtypes:
                tp["set_subtypes"] = subtypes
        elif addition:
            tp["add"] = [*card_types, *subtypes, *supertypes]
        else:
            if supertypes:  # a supertype is added (205.4): nothing says it replaces the others
                tp["add"] = supertypes
            if card_types:
                tp["set_types"] = card_types
            if subtypes:
                tp["set_subtypes"] = subtypes
        if tp:
            out["type"] = tp
        if add_colors and "color" in out:  # "in addition to its other colors and types" (105.3)
            out["color"] = {"add": out["color"]["set"]}
        return out

    def type_word(self, items: list[Any]) -> tuple[str, str, str]:
        kind, word = canonical()[str(items[0]).lower()]
        return ("type", kind, word)

    def every_basic(self, _: list[Any]) -> tuple[str]:
        return ("every_basic",)

    def chosen_type(self, _: list[Any]) -> tuple[str, str, str]:
        return ("type", "subtype", "{chosen creature type}")

    def addition(self, items: list[Any]) -> tuple[str, bool]:
        return ("addition", any(isinstance(t, Token) and t.type == "ADD_COLORS" for t in items))

    def still(self, _: list[Any]) -> tuple[str]:
        return ("still",)

    def with_base_pt(self, items: list[Any]) -> dict[str, Any]:
        return {"set_pt": items[0]}

    def with_keywords(self, items: list[Any]) -> dict[str, Any]:
        return {"abilities": {"add": items[0]}}

    def with_all_types(self, _: list[Any]) -> dict[str, Any]:
        return {"type": {"all_creature_types": True}}

    def color_words(self, items: list[Any]) -> tuple[str, list[str]]:
        cols = [str(c).lower() for c in items if isinstance(c, Token) and c.type == "COLOR"]
        return ("colors", [] if cols == ["colorless"] else cols)

    def chosen_color(self, _: list[Any]) -> tuple[str, list[str]]:
        return ("colors", ["{chosen color}"])

    def addition_colors(self, _: list[Any]) -> tuple[str]:
        return ("addition",)

    # -------------------------------------------------------------- keywords
    def kwlist(self, items: list[Any]) -> list[str]:
        out: list[str] = []
        for it in items:
            out.extend(it if isinstance(it, list) else [it])
        return out

    def kw(self, items: list[Any]) -> str:
        return _canon(items[0])

    def protection(self, items: list[Any]) -> list[str]:
        return [f"Protection from {str(c).lower()}" for c in items]

    def quoted(self, items: list[Any]) -> str | dict[str, Any]:
        """A granted ability in quotes, as typed; read in turn when it is a continuous effect (an activated
        "{2}: This creature gets +0/+1 until end of turn." gives a ``resolves``)."""
        tok = items[0]
        start, end = self.s.orig(tok.start_pos, self.typed), self.s.orig(tok.end_pos - 1, self.typed)
        inner = self.typed[start + 1 : end]
        got = self.read(inner)
        if got.status == "read":
            return got.ability()
        # an ability is a sentence; mid-sentence Oracle drops its period: with "{T}: Add {C}" and ...
        if inner and inner[-1] not in '.!"' and canonical().get(inner.lower(), ("",))[0] != "keyword":
            inner += "."
        return inner

    def keyword_n(self, items: list[Any]) -> str:
        return f"{_canon(items[0])} {int(items[1])}"

    # -------------------------------------------------------------- selectors (LANGUAGE.md §4)
    def selector_pl(self, items: list[Any]) -> str:
        return _selector_words(items)

    def self_sel(self, _: list[Any]) -> str:
        return "this"

    def pronoun_sel(self, _: list[Any]) -> str:
        return _REF

    def enchanted(self, items: list[Any]) -> str:
        return "enchanted " + _selector_words(items)

    def equipped(self, _: list[Any]) -> str:
        return "equipped creature"

    def target(self, items: list[Any]) -> str:
        return "target " + _selector_words(items)

    def each_sel(self, items: list[Any]) -> str:
        return _selector_words(items)

    def noun_pl(self, items: list[Any]) -> Token:
        return Token("NOUN", _noun(items[0], plural=True))

    def noun_sg(self, items: list[Any]) -> Token:
        return Token("NOUN", _noun(items[0], plural=False))

    def adj_color(self, items: list[Any]) -> Token:
        return Token("ADJ", str(items[0]).lower())

    adj_noncolor = adj_color
    adj_status = adj_color

    def adj_subtype(self, items: list[Any]) -> Token:
        return Token("ADJ", _canon(items[0]))

    def adj_cardtype(self, items: list[Any]) -> Token:
        return Token("ADJ", _canon(items[0]).lower())

    def adj_nontype(self, items: list[Any]) -> Token:
        w = str(items[0])
        if w.lower().startswith("non-"):
            return Token("ADJ", "non-" + _canon(w[4:]))
        return Token("ADJ", w.lower())

    def h_you(self, _: list[Any]) -> Token:
        return Token("HOLDER", "you control")

    def h_opponents(self, _: list[Any]) -> Token:
        return Token("HOLDER", "your opponents control")

    def h_an_opponent(self, _: list[Any]) -> Token:
        return Token("HOLDER", "an opponent controls")

    def h_target_player(self, _: list[Any]) -> Token:
        return Token("HOLDER", "target player controls")

    def h_you_own(self, _: list[Any]) -> Token:
        return Token("HOLDER", "you own")

    def h_chosen_type(self, _: list[Any]) -> Token:
        return Token("CHOSEN", "{chosen creature type}")

    def h_chosen_color(self, _: list[Any]) -> Token:
        return Token("CHOSEN", "{chosen color}")

    def h_zone(self, items: list[Any]) -> Token:
        return Token("HOLDER", str(items[0]).lower())

    def h_counter(self, items: list[Any]) -> Token:
        return Token("HOLDER", f"with {str(items[0]).lower()} {str(items[1]).lower()} counter on it")

    def with_kw(self, items: list[Any]) -> Token:
        return Token("HOLDER", f"with {_canon(items[0]).lower()}")

    def without_kw(self, items: list[Any]) -> Token:
        return Token("HOLDER", f"without {_canon(items[0]).lower()}")

    def with_no_abilities(self, _: list[Any]) -> Token:
        return Token("HOLDER", "with no abilities")

    def with_compare(self, items: list[Any]) -> Token:
        return Token("HOLDER", f"with {str(items[0]).lower()} {items[1]}")

    def cmp_or(self, items: list[Any]) -> str:
        return f"{items[0]} {str(items[1]).lower()}"

    def cmp_expr(self, items: list[Any]) -> str:
        return f"{str(items[0]).lower()} {items[1]}"

    # -------------------------------------------------------------- expressions
    def count(self, items: list[Any]) -> str:
        return f"number of {items[0]}"

    def its_mv(self, _: list[Any]) -> str:
        return "its mana value"

    def count_types(self, items: list[Any]) -> str:
        return f"number of card types among {items[0]}"

    def greatest(self, items: list[Any]) -> str:
        return f"the greatest {str(items[0]).lower()} among {items[1]}"

    def its_pt(self, items: list[Any]) -> str:
        return f"its {str(items[0]).lower()}"

    def number_expr(self, items: list[Any]) -> Any:
        return items[0]

    def number(self, items: list[Any]) -> int:
        w = str(items[0]).lower()
        return vocab.NUMBER_WORDS[w] if w in vocab.NUMBER_WORDS else int(w)


#: "+N/+N for each X": N times the count ("twice", "three times" in the expression language).
_TIMES = {0: None, 1: "{}", 2: "twice the {}", 3: "three times the {}", 4: "four times the {}"}


def _times(n: int, counted: str) -> Any:
    if n == 0:
        return 0
    if n not in _TIMES:
        raise _Unread(0)
    return _TIMES[n].format(counted)  # type: ignore[union-attr]


def _noun(tok: Any, plural: bool) -> str:
    w = str(tok)
    kind, word = canonical().get(w.lower(), ("", w.lower()))
    if kind == "cardtype":
        return vocab.plural(word.lower()) if plural else word.lower()
    if kind == "subtype":
        return vocab.plural(word) if plural else word
    return w.lower()


def _selector_words(items: list[Any]) -> str:
    """A selector's words in the selector language's order: quantifier, other, chosen, adjectives,
    noun, holders."""
    head: list[str] = []
    chosen: list[str] = []
    adjs: list[str] = []
    noun: list[str] = []
    tail: list[str] = []
    for it in items:
        if not isinstance(it, Token):
            continue
        if it.type in ("QUANT", "EACH"):
            head.append(str(it).lower())
        elif it.type == "OTHER":
            head.append("other")
        elif it.type == "CHOSEN":
            chosen.append(str(it))
        elif it.type == "ADJ":
            adjs.append(str(it))
        elif it.type == "NOUN":
            if noun:
                noun.append("or")
            noun.append(str(it))
        elif it.type == "HOLDER":
            tail.append(str(it))
    return " ".join([*head, *chosen, *adjs, *noun, *tail])


def _plural_selector(sel: str) -> str:
    """ "each Forest you control" -> "Forests you control" (the count of an "for each" clause)."""
    words_ = sel.split()
    if words_ and words_[0] == "each":
        words_ = words_[1:]
    for i, w in enumerate(words_):
        kind, word = canonical().get(w.lower(), ("", ""))
        if w in ("permanent", "card", "spell") or kind in ("cardtype", "subtype"):
            if i + 1 < len(words_) and canonical().get(words_[i + 1].lower(), ("", ""))[0] in ("cardtype",):
                continue
            if i + 1 < len(words_) and words_[i + 1] in ("card", "cards", "spell", "permanent"):
                continue
            words_[i] = vocab.plural(w)
            break
    return " ".join(words_)


def _lose_other(spec: dict[str, Any], lost: list[str]) -> None:
    """ "... and loses all other abilities, card types, and creature types": what the effect gives replaces
    the old (abilities: all removed, then the given ones added, 613.1f; card types and creature types: set,
    205.1a; colors: set, 105.3)."""
    if not lost:
        return
    tp = spec.get("type", {})
    if "abilities" in lost:
        spec["abilities"] = {"remove_all": True, **spec.get("abilities", {})}
    if "card types" in lost and tp.get("add"):
        cards = [w for w in tp["add"] if w in vocab.CARD_TYPES]
        tp["set_types"] = [*tp.get("set_types", []), *cards]
        tp["add"] = [w for w in tp["add"] if w not in cards]
    if "creature types" in lost and tp.get("add"):
        subs = [w for w in tp["add"] if w not in vocab.CARD_TYPES and w not in vocab.SUPERTYPES]
        tp["set_subtypes"] = [*tp.get("set_subtypes", []), *subs]
        tp["add"] = [w for w in tp["add"] if w not in subs]
    if "colors" in lost and "add" in spec.get("color", {}):
        spec["color"] = {"set": spec["color"]["add"]}
    if tp:
        if "add" in tp and not tp["add"]:
            del tp["add"]
        spec["type"] = tp


def _merge(spec: dict[str, Any], part: dict[str, Any]) -> None:
    """Merge one predicate's parts into a spec (two predicates on one part are merged, e.g. abilities)."""
    for k, v in part.items():
        if k in spec and isinstance(spec[k], dict) and isinstance(v, dict):
            for kk, vv in v.items():
                if kk in spec[k] and isinstance(spec[k][kk], list):
                    spec[k][kk] = [*spec[k][kk], *vv]
                else:
                    spec[k][kk] = vv
        else:
            spec[k] = v
