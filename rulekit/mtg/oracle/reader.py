"""Read an ability's Oracle text into the scenario language's effect spec (LANGUAGE.md §2-§3).

:func:`read_ability` takes one ability's text (and, optionally, the card's name) and gives a
:class:`Reading`: ``read`` with its kind (``static``, ``resolves``, ``cda``) and its effect spec, the
very dict a library card's ability holds; ``plain`` when the text is not a continuous effect (a
keyword, an activated or triggered ability whose effect is not one, other rules text: CR 611.1 names
what creates a continuous effect); or ``unread`` when it looks like a continuous effect (it holds a cue
word of ``lexicon.yaml``) but the grammar cannot read it: then ``position`` and ``phrase`` name where the
reading stopped in the typed text. It never guesses: an unread word is never dropped.

The reader writes only public data: the spec goes through the normal loader (``rulekit.mtg.loader``)
like any card's. Grammar: ``oracle.lark``; vocabulary: :mod:`rulekit.mtg.oracle.lexicon`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from lark import Tree
from lark.exceptions import UnexpectedInput, VisitError

from rulekit.errors import N_, Phrase, RulekitError, shown
from rulekit.mtg.oracle.build import _REF, _THAT, _Build, _merge, _Text, _Unread
from rulekit.mtg.oracle.lexicon import canonical, grammar_text, words
from rulekit.mtg.oracle.wording import NOTE_WORDS

#: The longest ability text read (characters): a card's longest Oracle ability is well under this.
MAX_TEXT = 2000

#: A printed number beside a star (208.2a), in words.
PRINTED_WORDS = {
    "power": N_("the card's printed power is {value}+* (208.2a: the number beside the star)"),
    "toughness": N_("the card's printed toughness is {value}+* (208.2a: the number beside the star)"),
}

#: What a reading's status means, in words (the catalogue's).
STATUS_WORDS = {
    "read": N_("read as a continuous effect"),
    "plain": N_("kept as plain text, not a continuous effect"),
    "unread": N_("looks like a continuous effect but cannot be read"),
}


@dataclass(frozen=True)
class Reading:
    """What the reader made of one ability's text."""

    text: str
    status: str  # read | plain | unread
    kind: str = ""  # static | resolves | cda (when read)
    spec: dict[str, Any] = field(default_factory=dict)
    via: str = ""  # activated | triggered | "" (how a resolving effect comes)
    position: int = -1  # where the reading stopped (unread), 0-based in ``text``
    phrase: str = ""  # the words at ``position``
    prefix: str = ""  # the cost (activated) or the trigger condition (triggered), as typed
    #: every other part of the text, located: ``(kind, position, words)``, kind one of :data:`NOTE_WORDS`
    notes: tuple[tuple[str, int, str], ...] = ()
    #: the card's printed number beside a star, which the text states ("its toughness is equal to that
    #: number plus 1": a */1+* card, 208.2a): ``(("toughness", 1),)``; a card field, not part of the ability
    printed: tuple[tuple[str, int], ...] = ()

    def ability(self) -> dict[str, Any] | str:
        """The ability as a library card writes it: ``{text, static|resolves|cda: spec}`` or the text."""
        if self.status != "read":
            return self.text
        return {"text": self.text, self.kind: self.spec}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "status": self.status}
        if self.status == "read":
            out["kind"] = self.kind
            out["spec"] = self.spec
            if self.via:
                out["via"] = self.via
        if self.status == "unread":
            out["position"] = self.position
            out["phrase"] = self.phrase
        if self.notes:
            out["notes"] = [{"kind": k, "position": p, "phrase": w} for k, p, w in self.notes]
        if self.prefix:
            out["cost" if self.via == "activated" else "trigger"] = self.prefix
        if self.printed:
            out["printed"] = dict(self.printed)
        return out

    def words(self, t: Any) -> str:
        """The reading in words, through the translator ``t`` (``rulekit.i18n.translator``)."""
        head = t(STATUS_WORDS[self.status])
        if self.status == "unread":
            return t(
                N_("{status}: '{phrase}' at position {position}"),
                status=head,
                phrase=self.phrase,
                position=self.position,
            )
        if self.status == "read":
            lines = [t(N_("{status} ({kind})"), status=head, kind=self.kind)]
            lines += [t(PRINTED_WORDS[k], value=v) for k, v in self.printed]
            lines += [t(NOTE_WORDS[k], position=p, phrase=w) for k, p, w in self.notes]
            return "\n".join(lines)
        return head


@lru_cache(maxsize=1)
def _parser() -> Any:
    from lark import Lark

    return Lark(
        grammar_text(), parser="earley", lexer="dynamic", ambiguity="resolve", propagate_positions=True
    )


# ------------------------------------------------------------------ the text before the grammar
_REMINDER = re.compile(r"\s*\([^()\"]*\)")
_COST = re.compile(r'^(?P<cost>(?:[^":.]|"[^"]*")*?)\s*:\s+')
_ABILITY_WORD = re.compile(r"^[A-Z][\w' ]*\s+[—-]\s+")
_SENTENCE = re.compile(r'\.("?)(?=\s|$)(?=(?:[^"]*"[^"]*")*[^"]*$)')
_STILL = re.compile(r"^(it's|they're) still (an? )?(?P<t>[a-z]+)$", re.I)


def _is_cost(cost: str) -> bool:
    """An activated ability's cost (CR 602.1): mana or tap symbols, a loyalty number, or a cost verb."""
    return bool(re.search(r"\{[^}]+\}|^[+\-−]?\d+$|^[+\-−]X$", cost.strip())) or bool(
        re.match(r"^(discard|sacrifice|pay|exile|tap|remove|return)\b", cost.strip(), re.I)
    )


def read_ability(text: str, name: str = "") -> Reading:
    """One ability's Oracle text -> :class:`Reading` (see the module). ``name``: the card's name, read as
    the card itself where the text says it. Bad input (empty, too long, not text) is a RulekitError."""
    if not isinstance(text, str) or not text.strip():
        raise RulekitError(N_("an ability's text must be non-empty text"), field="text", code="BAD_TEXT")
    if len(text) > MAX_TEXT:
        raise RulekitError(
            Phrase(N_("an ability's text is {n} characters long (at most {max})"), n=len(text), max=MAX_TEXT),
            field="text",
            code="TOO_LONG",
        )
    typed = text
    work = _Text(text.strip())
    work.at = [i + (len(text) - len(text.lstrip())) for i in work.at]
    work.replace(_REMINDER, "")
    lex = words()
    # a keyword line ("Flying", "First strike, vigilance"): plain, or a CDA keyword (604.3)
    parts = [p.strip().lower() for p in work.s.rstrip(".").split(",")]
    kw = canonical()
    if all(kw.get(p, ("", ""))[0] == "keyword" for p in parts):
        for p in parts:
            spec = lex["cda_keywords"].get(kw[p][1])
            if spec is not None and len(parts) == 1:
                return Reading(typed, "read", "cda", dict(spec))
        return Reading(typed, "plain")
    via = prefix = ""
    m = _ABILITY_WORD.match(work.s)
    if m:
        work = work.cut(m.end())
    m = _COST.match(work.s)
    if m and _is_cost(m.group("cost")):
        via, prefix, work = "activated", m.group("cost"), work.cut(m.end())
    else:
        first = work.s.split(" ", 1)[0].lower()
        if first in lex["trigger_words"] and "," in work.s:
            via, prefix = "triggered", work.s[: work.s.index(",")]
            work = work.cut(work.s.index(",") + 1)
            work = work.cut(len(work.s) - len(work.s.lstrip()))
    _self_words(work, name)
    sentences = _sentences(work)
    if not sentences:
        return Reading(typed, "plain", via=via)
    main: tuple[str, dict[str, Any]] | None = None
    first_unread: tuple[int, str] | None = None
    # what a pronoun names when no continuous effect came before it: in a triggered ability, the
    # trigger's own subject when that is the source or what it is attached to ("Whenever ~ attacks,
    # it gets +5/+0": the source)
    referent = _trigger_subject(prefix, name) if via == "triggered" else ""
    resolving = False
    notes: list[tuple[str, int, str]] = []
    for s in sentences:
        still = _STILL.match(s.s.strip())
        if still and main is not None and "type" in main[1]:
            main = (main[0], _still(main[1]))
            continue
        got = _read_sentence(s, typed)
        if isinstance(got, int):  # where the grammar stopped
            if _looks_continuous(s.s):
                if first_unread is None:
                    first_unread = (got, s.s)
                notes.append(_note("not_read", s, typed))
            else:
                notes.append(_note("plain", s, typed))
            continue
        kind, spec = got
        notes.extend(("choice", p, w) for p, w in spec.pop("@choices", []))
        if kind == "oneshot":  # "Tap target creature.": kept as plain text; "it" may name its object next
            notes.append(_note("plain", s, typed))
            resolving = True  # a one-shot instruction is part of a resolving spell's or ability's effect
            if spec.get("@moved") and spec["affects"].startswith("target "):
                # the card moved is a new object (400.7) the effect still finds: its target, checked
                # where it was (608.2b), not what it must be on the battlefield
                referent = "targets"
            elif spec["affects"] != _REF:
                referent = spec["affects"]
            continue
        if main is None and spec.get("affects") == _REF and referent:
            spec = {**spec, "affects": referent}
            got = (kind, spec)
        if main is None:
            if spec.get("affects") == _REF or kind == "same":
                notes.append(_note("not_read", s, typed))
                if first_unread is None:  # a pronoun naming nothing read: never plain text
                    first_unread = (s.orig(0, typed), s.s)
                continue
            main = got
            continue
        if kind == "same":
            also = spec["also"]
            main = (main[0], {**main[1], "affects": _union(main[1]["affects"], also)})
        elif spec.get("affects") == _REF and spec.get("duration") == main[1].get("duration"):
            merged = dict(main[1])
            for k, v in spec.items():
                if k not in ("affects", "duration"):
                    _merge(merged, {k: v})
            main = (main[0], merged)
        else:
            notes.append(_note("not_read", s, typed))
    if main is None:
        if first_unread is None:
            return Reading(typed, "plain", via=via, prefix=prefix)
        pos = first_unread[0]
        return Reading(typed, "unread", via=via, position=pos, phrase=_phrase_at(typed, pos))
    kind, spec = main
    printed = tuple(sorted(spec.pop("@printed", {}).items()))
    if spec.get("affects") == _REF:
        pos = sentences[0].orig(0, typed)
        return Reading(typed, "unread", via=via, position=pos, phrase=_phrase_at(typed, pos))
    if via or resolving:
        kind = "resolves"
    if spec.get("copy") == _THAT:
        spec["copy"] = "targets" if via == "triggered" else "{chosen object}"
    if kind == "resolves" and "affects" in spec and spec["affects"].startswith("target "):
        rule = spec["affects"][len("target ") :]
        spec = {"affects": "targets", **{k: v for k, v in spec.items() if k != "affects"}}
        if not re.fullmatch(r"[a-z]+( or [a-z]+)*", rule):
            spec["targets_must"] = rule
    if kind == "static" and spec == {"affects": "this", "type": {"all_creature_types": True}}:
        # "~ is every creature type": defines its own subtypes, in every zone (604.3)
        kind, spec = "cda", {"type": {"all_creature_types": True}}
    if spec.get("condition") == "this is on the battlefield":
        del spec["condition"]  # a static ability of a permanent works on the battlefield anyway (611.3b)
    _land_choice(spec)
    return Reading(
        typed, "read", kind, _ordered(spec), via=via, prefix=prefix, notes=tuple(notes), printed=printed
    )


def _self_words(work: _Text, name: str) -> None:
    """The card's name (and its short name, "this creature"...) written "~" (CR 201.5)."""
    if name:
        work.replace(re.compile(rf"\b{re.escape(name)}(?=\W|$)"), "~")
        short = name.split(",")[0]
        if short != name:
            work.replace(re.compile(rf"\b{re.escape(short)}(?=\W|$)"), "~")
    for noun in words()["self_nouns"]:
        work.replace(re.compile(rf"\b{re.escape(noun)}\b", re.I), "~")


_TRIGGER_SUBJECT = re.compile(
    r"^\w+\s+(?:(?P<self>~)(?!\w)|(?P<attached>enchanted|equipped) creature\b)", re.I
)


def _trigger_subject(prefix: str, name: str) -> str:
    """The subject of a trigger condition (603.1: "When/Whenever/At ..."), as a selector, when it is the
    source itself or the creature it is attached to; else "" (a pronoun then names nothing read)."""
    t = _Text(prefix)
    _self_words(t, name)
    m = _TRIGGER_SUBJECT.match(t.s)
    if not m:
        return ""
    return "this" if m.group("self") else f"{m.group('attached').lower()} creature"


def _land_choice(spec: dict[str, Any]) -> None:
    """ "Enchanted land is the chosen type": what a land is made is a basic land type (the Aura's "choose a
    basic land type"), not a creature type."""
    aff = str(spec.get("affects", ""))
    tp = spec.get("type")
    if isinstance(tp, dict) and re.search(r"\blands?\b", aff):
        for k, v in tp.items():
            if isinstance(v, list):
                tp[k] = ["{chosen basic land type}" if w == "{chosen creature type}" else w for w in v]


def _read_sentence(s: _Text, typed: str) -> tuple[str, dict[str, Any]] | int:
    """One sentence -> ``(kind, spec)``, or the position in ``typed`` where the grammar stopped."""
    parser = _parser()
    try:
        tree = parser.parse(s.s)
        got: tuple[str, dict[str, Any]] = _Build(s, typed, read_ability).transform(tree)
        return got
    except UnexpectedInput as exc:
        return s.orig(getattr(exc, "pos_in_stream", 0) or 0, typed)
    except VisitError as exc:
        if not isinstance(exc.orig_exc, _Unread):
            raise
        return s.orig(exc.orig_exc.at, typed)


def _note(kind: str, s: _Text, typed: str) -> tuple[str, int, str]:
    pos = s.orig(0, typed)
    return (kind, pos, shown(typed[pos : s.orig(len(s.s) - 1, typed) + 1].strip(), 60))


def _union(first: str, also: str) -> str:
    """ "A" + "B and C" -> "A, B, and C" (a selector union, LANGUAGE.md §4)."""
    parts = [first, *re.split(r",\s*and\s+|\s+and\s+|,\s*", also)]
    return " and ".join(parts) if len(parts) == 2 else ", ".join(parts[:-1]) + ", and " + parts[-1]


def _ordered(spec: dict[str, Any]) -> dict[str, Any]:
    order = ("affects", "players", "targets_must", "condition", "duration")
    return {**{k: spec[k] for k in order if k in spec}, **{k: v for k, v in spec.items() if k not in order}}


def _still(spec: dict[str, Any]) -> dict[str, Any]:
    """ "It's still a land." (CR 205.1b): the new types are added, not set; the old type stays."""
    tp = dict(spec["type"])
    add = [*tp.pop("set_types", []), *tp.pop("set_subtypes", []), *tp.pop("add", [])]
    tp = {"add": add, **tp}
    return {**spec, "type": tp}


def _sentences(work: _Text) -> list[_Text]:
    out, last = [], 0
    for m in _SENTENCE.finditer(work.s):
        piece = work.cut(last, m.end() if m.group(1) else m.start())
        lead = len(piece.s) - len(piece.s.lstrip())
        piece = piece.cut(lead)
        if piece.s.strip():
            out.append(piece)
        last = m.end()
    tail = work.cut(last)
    tail = tail.cut(len(tail.s) - len(tail.s.lstrip()))
    if tail.s.strip():
        out.append(tail)
    return out


def _looks_continuous(sentence: str) -> bool:
    low = f" {sentence.lower()} "
    return any(c in low for c in words()["cues"])


def _phrase_at(text: str, pos: int) -> str:
    m = re.match(r"\S+(\s+\S+){0,2}", text[pos:])
    return m.group(0) if m else text[pos : pos + 20]


# ------------------------------------------------------------------ the tree -> the effect spec
def read_text(text: str, name: str = "") -> list[Reading]:
    """A card's rules text, one ability a line (Oracle text puts each ability on its own line)."""
    if not isinstance(text, str) or not text.strip():
        raise RulekitError(N_("an ability's text must be non-empty text"), field="text", code="BAD_TEXT")
    return [read_ability(line, name) for line in text.splitlines() if line.strip()]


_ = Tree  # the grammar's trees are lark Trees; the transformer reads them
