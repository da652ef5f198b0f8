"""Effect text: parse the seed's notation into an :class:`Effect`, and format it back.

Notation (glossary «Notation of an effect», seed «Palavras-chave de Efeito»)::

    <Ativação>[ · <Temporização>…][ · <Limite>…][ · <Escopo>…][ · <Tarefa>]【 req; req 】 Descrição

and the compact seed form ``Ativar【 … 】 …``. Errors are :class:`~rulekit.errors.EffectTextError`
with a stable ``code`` and the 0-based character ``position`` where the rule was broken.

>>> e = parse_effect(
...     "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA e Recupere 2 de MANA."
... )
>>> e.activation, [r.kind for r in e.requirements], [s.op for s in e.body]
('Ativar', ['cost', 'cost'], ['heal', 'recover'])
>>> format_effect("auto · inegavel【 quando uma HABILIDADE for ativada 】 Negue a ativação dessa carta.")
'Auto · Inegável 【 Quando uma HABILIDADE for ativada 】 Negue a ativação dessa carta.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from rulekit.apoteose import lang
from rulekit.apoteose import rulings as R
from rulekit.apoteose import statements as S
from rulekit.apoteose.antecedents import POINTER_RE, point_back
from rulekit.apoteose.grammar import END, Located, Refs
from rulekit.apoteose.reading import construction_reason, refused_construction
from rulekit.apoteose.rulings import (
    KEYWORD_ORDER,
    KEYWORDS,
    REQUIREMENT_ORDER,
    TASKS,
    moment_of,
    norm,
)
from rulekit.apoteose.statements import Statement
from rulekit.apoteose.timings import BY_NAME as TIMING_BY_NAME
from rulekit.apoteose.timings import CARD_EVENTS, HERO_KEYWORDS
from rulekit.apoteose.words import expand
from rulekit.errors import N_, EffectTextError, Phrase
from rulekit.phrase import one_of
from rulekit.yamlsrc import suggest

#: Stable error codes of the parser.
ERROR_CODES: tuple[str, ...] = (
    "MISSING_ACTIVATION_KEYWORD",
    "TWO_ACTIVATION_KEYWORDS",
    "MORE_THAN_ONE_TASK",
    "UNKNOWN_KEYWORD",
    "UNCLOSED_REQUIREMENTS",
    "UNOPENED_REQUIREMENTS",
    "TASK_ON_PASSIVO",
    "DUPLICATE_KEYWORD",
    "EMPTY_REQUIREMENT",
    "UNKNOWN_REQUIREMENT",
    "TWO_REQUIREMENT_BLOCKS",
    "EMPTY_EFFECT",
    "REQUIREMENT_ORDER",
)
#: Stable warning codes.
#: The kind of a requirement the loader keeps unread (``parse_effect(strict=False)``): refused when used.
UNKNOWN_KIND = "unknown"

WARNING_CODES: tuple[str, ...] = ("REQUIREMENT_ORDER", "KEYWORD_ORDER", "UNSUPPORTED_TEXT")


@dataclass(frozen=True)
class Warning_(Located):
    """A note on an effect text that still loads: its stable ``code``, the 0-based ``position`` it is
    about, and its ``message``, a catalogue :class:`~rulekit.errors.Phrase` (its English is the string;
    :meth:`text_in` renders it in a language).

    >>> text = "Ativar【 Se você tiver uma EVOCAÇÃO no SUPORTE; Descarte uma carta 】 Cure 1 de VIDA"
    >>> [w] = parse_effect(text).warnings
    >>> w.code, w.position, w.text_in("en")[:42]
    ('REQUIREMENT_ORDER', 47, 'requirements out of the conventional order')
    """

    code: str
    message: str
    position: int

    @property
    def params(self) -> dict[str, Any]:
        """The message's values (each one data, or a Phrase itself)."""
        return dict(getattr(self.message, "params", {}))


@dataclass(frozen=True)
class Requirement:
    """One requirement between 【 】.

    ``kind`` is ``cost`` / ``action`` / ``state`` / ``condition`` (seed «Requerimentos de Ativação»),
    ``verb`` its first word (canonical), ``moment`` read by R-21, ``ast`` the runnable form as plain
    data (a condition dict, or a statement's :meth:`~rulekit.apoteose.statements.Statement.to_dict`),
    ``statement`` the typed statement a cost or action runs (``None`` for states and conditions).
    """

    text: str
    kind: str
    verb: str
    moment: str
    ast: dict[str, Any] = field(compare=False)
    position: int = field(default=0, compare=False)
    statement: Statement | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "verb": self.verb,
            "moment": self.moment,
            "ast": self.ast,
        }


@dataclass(frozen=True)
class Effect:
    """A parsed effect. ``body`` is the list of runnable statements of the description."""

    activation: str
    timings: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    scopes: tuple[str, ...] = ()
    task: str | None = None
    requirements: tuple[Requirement, ...] = ()
    description: str = ""
    body: tuple[Statement, ...] = field(default=(), compare=False)
    has_options: bool = False
    moment: str = "during"
    warnings: tuple[Warning_, ...] = field(default=(), compare=False)
    source: str = field(default="", compare=False)

    @property
    def keywords(self) -> tuple[str, ...]:
        return (
            self.activation,
            *self.timings,
            *self.limits,
            *self.scopes,
            *((self.task,) if self.task else ()),
        )

    @property
    def text(self) -> str:
        return format_effect(self)

    def trigger(self) -> dict[str, Any] | None:
        """The first Quando/Depois de/Antes de requirement's trigger, if any."""
        for r in self.requirements:
            if r.ast.get("cond") == "trigger":
                return r.ast["trigger"]  # type: ignore[no-any-return]
        return None

    @cached_property
    def runnable(self) -> bool:
        """:meth:`supported`, computed once (the engine asks at every activation)."""
        return self.supported()

    def supported(self) -> bool:
        """Can the engine run every requirement and statement of this effect (and did the reader refuse
        nothing of it: an ``UNSUPPORTED_TEXT`` warning, such as Duração with no duration)?"""
        return (
            lang.is_supported([r.ast for r in self.requirements])
            and lang.is_supported(list(self.body))
            and not any(w.code == "UNSUPPORTED_TEXT" for w in self.warnings)
        )

    def unreadable_at(self) -> tuple[int, str]:
        """Where the first part the engine cannot run starts: (position in the text, its first word)."""
        w = next((w for w in self.warnings if w.code == "UNSUPPORTED_TEXT"), None)
        pos = w.position if w is not None else 0
        return pos, (self.source[pos:].split() or [END])[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": format_effect(self),
            "activation": self.activation,
            "timings": list(self.timings),
            "limits": list(self.limits),
            "scopes": list(self.scopes),
            "task": self.task,
            "requirements": [r.to_dict() for r in self.requirements],
            "description": self.description,
            "body": [st.to_dict() for st in self.body],
            "has_options": self.has_options,
            "moment": self.moment,
            "warnings": [w.to_dict() for w in self.warnings],
        }


def _err(code: str, msg: str, pos: int, text: str, suggestion: str | None = None) -> EffectTextError:
    return EffectTextError(msg, code=code, position=pos, text=text, suggestion=suggestion)


def _match_keyword_prefix(piece: str, offset: int) -> tuple[str, str, int, int] | None:
    """Longest keyword at the start of ``piece``: (kind, canonical, start, end-in-text)."""
    words = list(re.finditer(r"\S+", piece))
    for k in range(min(5, len(words)), 0, -1):
        cand = norm(" ".join(w.group(0) for w in words[:k]))
        if cand in KEYWORDS:
            kind, name = KEYWORDS[cand]
            return kind, name, offset + words[0].start(), offset + words[k - 1].end()
    return None


def classify(text: str) -> tuple[str, str]:
    """Requirement kind from its first word (seed «Requerimentos»): cost/action/state/condition, and the
    seed's word for it (any person or mood, a synonym, an opener such as "Sempre que": the lexicon).

    >>> classify("Selecione 2 COMPANHEIRO no tabuleiro"), classify("Se você tiver uma EVOCAÇÃO no SUPORTE")
    (('action', 'Selecione'), ('condition', 'Se'))
    >>> classify("Descarta uma carta"), classify("Toda vez que um oponente atacar")
    (('cost', 'Descarte'), ('condition', 'Quando'))
    """
    hit = lang.requirement_word(text)
    if hit is None:
        first = text.split()[0] if text.split() else ""
        raise KeyError(first)
    return hit[0], hit[1][:1].upper() + hit[1][1:]


def parse_effect(text: str, *, strict: bool = True) -> Effect:
    """Parse one effect text (see module docstring). Raises EffectTextError with code + position.

    ``strict=False`` is the scenario loader's reading (LANGUAGE.md §3, "Refused only when used"): a
    requirement whose first word starts no cost, action, state or condition is kept as an unreadable
    requirement (kind ``unknown``, an ``UNSUPPORTED_TEXT`` warning naming the word) instead of an error,
    so that only this effect is refused when it is used, never the board's load."""
    src = text
    if not text.strip():
        raise _err("EMPTY_EFFECT", Phrase(N_("empty effect text")), 0, src)
    opens = [m.start() for m in re.finditer("【", text)]
    closes = [m.start() for m in re.finditer("】", text)]
    if closes and (not opens or closes[0] < opens[0]):
        raise _err("UNOPENED_REQUIREMENTS", Phrase(N_("'】' without a matching '【'")), closes[0], src)
    if opens:
        o = opens[0]
        c = next((x for x in closes if x > o), None)
        if c is None or (len(opens) > 1 and opens[1] < c):
            raise _err("UNCLOSED_REQUIREMENTS", Phrase(N_("'【' is never closed by '】'")), o, src)
        if len(opens) > 1:
            raise _err(
                "TWO_REQUIREMENT_BLOCKS",
                Phrase(N_("an effect has one requirement block 【 … 】")),
                opens[1],
                src,
            )
        header, req_text, desc = text[:o], text[o + 1 : c], text[c + 1 :]
        req_offset, desc_offset = o + 1, c + 1
    else:
        header, req_text, desc = text, None, ""
        req_offset, desc_offset = 0, len(text)

    # --- keywords -------------------------------------------------------------------------
    found: list[tuple[str, str, int]] = []
    pieces = [(m.group(0), m.start()) for m in re.finditer(r"[^·]+", header)]
    if req_text is None:
        consumed_upto = 0
        for i, (piece, off) in enumerate(pieces):
            if not piece.strip():
                continue
            key = norm(piece)
            if key in KEYWORDS:
                kind, name = KEYWORDS[key]
                found.append((kind, name, off + (len(piece) - len(piece.lstrip()))))
                consumed_upto = off + len(piece)
                continue
            hit = _match_keyword_prefix(piece, off)
            if hit is not None:
                found.append((hit[0], hit[1], hit[2]))
                desc, desc_offset = text[hit[3] :], hit[3]
                consumed_upto = -1
                break
            pos = off + (len(piece) - len(piece.lstrip()))
            if found or i < len(pieces) - 1:
                word = piece.strip() if i < len(pieces) - 1 else piece.split()[0]
                names = [n for _, n in KEYWORDS.values()]
                guess = next(
                    (g for k in (3, 2, 1) if (g := suggest(" ".join(piece.split()[:k]), names))), None
                )
                raise _err(
                    "UNKNOWN_KEYWORD", Phrase(N_("'{word}' is not a keyword"), word=word), pos, src, guess
                )
            first = piece.split()[0]
            close = suggest(first, [n for _, n in KEYWORDS.values()])
            if close is not None:
                raise _err(
                    "UNKNOWN_KEYWORD", Phrase(N_("'{word}' is not a keyword"), word=first), pos, src, close
                )
            raise _err(
                "MISSING_ACTIVATION_KEYWORD",
                Phrase(N_("an effect must start with Ativar, Auto or Passivo")),
                pos,
                src,
            )
        if consumed_upto >= 0:
            desc, desc_offset = "", len(text)
    else:
        for piece, off in pieces:
            word = piece.strip()
            pos = off + (len(piece) - len(piece.lstrip()))
            if not word:
                continue
            key = norm(word)
            if key not in KEYWORDS:
                raise _err(
                    "UNKNOWN_KEYWORD",
                    Phrase(N_("'{word}' is not a keyword"), word=word),
                    pos,
                    src,
                    suggest(word, [n for _, n in KEYWORDS.values()]),
                )
            kind, name = KEYWORDS[key]
            found.append((kind, name, pos))
    activations = [f for f in found if f[0] == "activation"]
    if not activations:
        raise _err(
            "MISSING_ACTIVATION_KEYWORD",
            Phrase(N_("an effect needs exactly one activation keyword (Ativar, Auto or Passivo)")),
            found[0][2] if found else 0,
            src,
        )
    if len(activations) > 1:
        raise _err(
            "TWO_ACTIVATION_KEYWORDS",
            Phrase(N_("a second activation keyword '{word}'"), word=activations[1][1]),
            activations[1][2],
            src,
        )
    tasks = [f for f in found if f[0] == "task"]
    if len(tasks) > 1:
        raise _err(
            "MORE_THAN_ONE_TASK",
            Phrase(N_("an effect never has more than one task ('{word}')"), word=tasks[1][1]),
            tasks[1][2],
            src,
        )
    seen: set[str] = set()
    for _kind, name, pos in found:
        if name in seen:
            raise _err("DUPLICATE_KEYWORD", Phrase(N_("keyword '{word}' given twice"), word=name), pos, src)
        seen.add(name)
    activation = activations[0][1]
    if tasks and activation == "Passivo" and R.TASK_ON_PASSIVO_IS_ERROR:
        raise _err(
            "TASK_ON_PASSIVO", Phrase(N_("a Passivo effect cannot have a task (R-23)")), tasks[0][2], src
        )
    warnings: list[Warning_] = []
    ranks = [KEYWORD_ORDER.index(k) for k, _, _ in found]
    if ranks != sorted(ranks):
        warnings.append(
            Warning_(
                "KEYWORD_ORDER",
                Phrase(N_("keywords out of the conventional order (activation, timing, limit, scope, task)")),
                found[0][2],
            )
        )

    # --- requirements ---------------------------------------------------------------------
    reqs: list[Requirement] = []
    if req_text is not None and req_text.strip():
        for m in re.finditer(r"[^;]+|(?<=;)(?=;)|^(?=;)|(?<=;)$", req_text):
            raw = m.group(0)
            pos = req_offset + m.start() + (len(raw) - len(raw.lstrip()))
            body = lang.clean(raw)
            if not body:
                raise _err("EMPTY_REQUIREMENT", Phrase(N_("empty requirement between ';'")), pos, src)
            try:
                kind, verb = classify(body)
            except KeyError:
                first = body.split()[0]
                problem = Phrase(N_("'{word}' does not start a cost, action, state or condition"), word=first)
                hint = suggest(first, [k.capitalize() for k in lang.REQ_VERBS])
                if strict:
                    raise _err("UNKNOWN_REQUIREMENT", problem, pos, src, hint) from None
                if hint:
                    problem = Phrase(
                        N_("{problem} — did you mean '{suggestion}'?"), problem=problem, suggestion=hint
                    )
                unknown = {"op": "unknown", "text": body, "position": 0}
                reqs.append(Requirement(body, UNKNOWN_KIND, first, moment_of(body), unknown, pos))
                warnings.append(Warning_("UNSUPPORTED_TEXT", problem, pos))
                continue
            written = (lang.requirement_word(body) or ("", "", len(verb)))[2]
            body = body[:1].upper() + body[1:]
            parsed = lang.parse_requirement_ast(kind, verb, body, written)
            said = (
                verb + body[written:] if written != len(verb) or norm(verb) != norm(body[:written]) else body
            )
            if isinstance(parsed, list):  # "Consuma 4 de ESTAMINA e 1 de MANA": one cost per amount
                for one in parsed[:-1]:
                    reqs.append(
                        Requirement(body, kind, verb, moment_of(expand(said)[0]), one.to_dict(), pos, one)
                    )
                parsed = parsed[-1]
            stmt = parsed if isinstance(parsed, Statement) else None
            ast = parsed.to_dict() if isinstance(parsed, Statement) else parsed
            reqs.append(Requirement(body, kind, verb, moment_of(expand(said)[0]), ast, pos, stmt))
            if stmt is not None and isinstance(stmt, S.Unknown):  # its reason and expected words as Phrases
                ast = {**ast, **(_first_unknown([stmt]) or {})}
            if not lang.is_supported(ast) and ast.get("op") == "unknown" and "position" in ast:
                at = pos + int(ast["position"])
                word = (body[int(ast["position"]) :].split() or [END])[0]
                if ast.get("reason"):
                    message = Phrase(
                        N_(
                            "cannot resolve '{word}' at position {position} "
                            "(requirement '{requirement}'): {why}"
                        ),
                        word=word,
                        position=at,
                        requirement=body,
                        why=ast["reason"],
                    )
                else:
                    why = (
                        Phrase(N_("expected {words}"), words=one_of(ast["expected"][:4]))
                        if ast.get("expected")
                        else Phrase(N_("outside the runnable vocabulary"))
                    )
                    message = Phrase(
                        N_(
                            "cannot read '{word}' at position {position} (requirement '{requirement}'): {why}"
                        ),
                        word=word,
                        position=at,
                        requirement=body,
                        why=why,
                    )
                warnings.append(Warning_("UNSUPPORTED_TEXT", message, at))
            elif not lang.is_supported(ast):
                located = lang.requirement_unread(verb, body, written) if stmt is None else None
                warnings.append(
                    _outside_vocabulary(body, pos)
                    if located is None
                    else _unread_requirement(body, pos, located)
                )
        known = [r for r in reqs if r.kind != UNKNOWN_KIND]
        order = [REQUIREMENT_ORDER.index(r.kind) for r in known]
        if order != sorted(order):
            bad = next(r for i, r in enumerate(known) if i and order[i] < order[i - 1])
            if R.REQUIREMENT_ORDER_IS_ERROR:  # R-17 flipped: out of order is an error
                raise _err(
                    "REQUIREMENT_ORDER",
                    Phrase(
                        N_("requirements out of the conventional order (costs, actions, states, conditions)")
                    ),
                    bad.position,
                    src,
                )
            warnings.append(
                Warning_(
                    "REQUIREMENT_ORDER",
                    Phrase(
                        N_(
                            "requirements out of the conventional order (costs, actions, states, "
                            "conditions) — allowed, R-17"
                        )
                    ),
                    bad.position,
                )
            )

    opened = _moment_opener(desc, desc_offset)
    if opened is not None:  # "Durante seus testes de AGI, …" is the state requirement "Durante …"
        reqs.append(opened)
        if not lang.is_supported(opened.ast):
            warnings.append(_outside_vocabulary(opened.text, opened.position))
        desc_offset += len(desc) - len(desc.lstrip()) + len(opened.text) + 1
        desc = desc.lstrip()[len(opened.text) + 1 :]
    description = lang.clean(desc)
    refs = effect_refs(tuple(n for k, n, _ in found if k == "timing"), tasks[0][1] if tasks else None, reqs)
    _point_back(reqs, warnings, refs.event_hero)  # a condition's "ele", "o alvo": what they point at
    body_stmts, has_options = lang.parse_description(description, refs)
    if not lang.is_supported(body_stmts):
        unread = _first_unknown(list(body_stmts))
        if unread is not None and unread.get("reason"):
            at = description.find(unread["text"])
            pos = desc_offset + (len(desc) - len(desc.lstrip())) + max(at, 0) + int(unread["position"])
            word = (unread["text"][int(unread["position"]) :].split() or [END])[0]
            warnings.append(
                Warning_(
                    "UNSUPPORTED_TEXT",
                    Phrase(
                        N_("cannot resolve '{word}' at position {position} ('{clause}'): {why}"),
                        word=word,
                        position=pos,
                        clause=unread["text"],
                        why=unread["reason"],
                    ),
                    pos,
                )
            )
        elif unread is not None and "position" in unread:
            at = description.find(unread["text"])
            pos = desc_offset + (len(desc) - len(desc.lstrip())) + max(at, 0) + int(unread["position"])
            word = (unread["text"][int(unread["position"]) :].split() or [END])[0]
            expected = (
                Phrase(N_(": expected {words}"), words=one_of(unread["expected"][:4]))
                if unread.get("expected")
                else ""
            )
            hint = (
                Phrase(N_(" — did you mean '{suggestion}'?"), suggestion=unread["suggestion"])
                if unread.get("suggestion")
                else ""
            )
            message = Phrase(
                N_("cannot read '{word}' at position {position} ('{clause}'){expected}{hint}"),
                word=word,
                position=pos,
                clause=unread["text"],
                expected=expected,
                hint=hint,
            )
            warnings.append(Warning_("UNSUPPORTED_TEXT", message, pos))
        else:
            warnings.append(
                Warning_(
                    "UNSUPPORTED_TEXT",
                    Phrase(
                        N_(
                            "part of the description is outside the runnable vocabulary "
                            "(use the structured YAML form)"
                        )
                    ),
                    desc_offset,
                )
            )
    # a description the reader refused with its reason (a construction's own rule said why) is not asked again
    desc_read = lang.is_supported(list(body_stmts))
    if not desc_read:
        stopped = _first_unknown(list(body_stmts))
        desc_read = bool(stopped is not None and stopped.get("reason"))
    _refuse_constructions(src, reqs, desc, desc_offset, warnings, desc_read)
    duration_at = next((pos for k, n, pos in found if n == "Duração"), None)
    if duration_at is not None and not _states_duration(reqs, [st.to_dict() for st in body_stmts]):
        warnings.append(
            Warning_(
                "UNSUPPORTED_TEXT",
                Phrase(
                    N_(
                        "'Duração' at position {position} says the effect lasts, and the effect states no "
                        "duration (write 'até o final do turno', or an Enquanto/Até/Durante requirement)"
                    ),
                    position=duration_at,
                ),
                duration_at,
            )
        )
    trig = next((r for r in reqs if r.ast.get("cond") == "trigger"), None)
    moment = trig.moment if trig else moment_of(description)
    return Effect(
        activation=activation,
        timings=tuple(n for k, n, _ in found if k == "timing"),
        limits=tuple(n for k, n, _ in found if k == "limit"),
        scopes=tuple(n for k, n, _ in found if k == "scope"),
        task=tasks[0][1] if tasks else None,
        requirements=tuple(reqs),
        description=description,
        body=tuple(body_stmts),
        has_options=has_options,
        moment=moment,
        warnings=tuple(warnings),
        source=src,
    )


#: Timing keywords -> their event about this card; those whose event has a hero (``timings`` records).
_TIMING_EVENTS, _TIMING_HEROES = CARD_EVENTS, HERO_KEYWORDS
#: Game events that carry a card ("essa carta" names it).
_CARD_EVENTS = frozenset(
    {
        "activate",
        "discard",
        "exhaust",
        "consume",
        "bury",
        "banish",
        "reveal",
        "hide",
        "ready",
        "register",
        "return",
        "enter",
        "leave",
        "resolve",
        "negate",
        "attach",
        "move",
    }
)
#: Tasks -> the kind of event they do to this card (seed «Tarefa»: R-01's task keywords).
_TASK_EVENTS = TASKS
#: Statements a cost pays with a card -> the kind of event.
_COST_EVENTS = {
    "discard": "discard",
    "exhaust": "exhaust",
    "reveal": "reveal",
    "banish": "banish",
    "bury": "bury",
    "hide": "hide",
    "register": "register",
    "ready": "ready",
    "return": "return",
    "move": "move",
}


#: Game events whose hero "aquele Herói" names is the one it happened to (the engine records a patient:
#: ``matching.heroes_for`` reads ``that`` as the patient, else the actor).
_PATIENT_EVENTS = frozenset(
    {"heal", "recover", "damage", "lose", "consume", "attack", "target", "gain", "leave"}
)


def _event_side(trig: dict[str, Any]) -> str:
    """The kind of hero "aquele <herói>" names in an effect answering ``trig`` (LANGUAGE.md §3.1): the hero
    it happened to, else who did it, else whose card it was; ``any`` when the trigger does not say."""
    if isinstance(trig.get("patient"), dict):
        return str(trig["patient"].get("who", "any"))
    if trig.get("event") in _PATIENT_EVENTS:
        return "any"  # "Quando um oponente atacar": "aquele" names the one attacked, whoever it is
    if isinstance(trig.get("actor"), dict):
        return str(trig["actor"].get("who", "any"))
    card = trig.get("card")
    if isinstance(card, dict) and card.get("owner"):
        return str(card["owner"])
    return "any"


def _point_back(reqs: list[Requirement], warnings: list[Warning_], event_hero: bool) -> None:
    """Each state or condition naming a hero it points back at ("Se você tiver menos VIDA que ele", "… que o
    alvo") made what it means, or refused where it is written (:func:`.antecedents.point_back`, LANGUAGE.md
    §3.1)."""
    chooses = any(_selects_a_hero(q) for q in reqs)
    for i, r in enumerate(reqs):
        if r.kind not in ("state", "condition") or r.ast.get("cond") == "trigger":
            continue
        before = [q.text for q in reqs[:i] if _selects_a_hero(q)]
        ast, why = point_back(r.ast, before, chooses, event_hero)
        if why is None:
            reqs[i] = replace(r, ast=ast)
            continue
        hit = POINTER_RE.search(r.text)
        word = hit.group(0) if hit else r.text.split()[0]
        reason = Phrase(why[0], phrase=word, **why[1])
        reqs[i] = replace(r, ast={"cond": "unknown", "text": r.text, "reason": reason})
        warnings.append(
            _unread_requirement(r.text, r.position, (hit.start() if hit else 0, word, reason, []))
        )


def _selects_a_hero(r: Requirement) -> bool:
    """Whether a requirement is a Selecione of heroes (what "o alvo", and "ele" with nothing nearer, mean)."""
    return r.ast.get("op") == "select" and r.ast.get("what") == "hero"


def effect_refs(timings: tuple[str, ...], task: str | None, reqs: list[Requirement]) -> Any:
    """What the description's phrases can point at (LANGUAGE.md §3.1): the events the effect answers
    (its trigger and timings), the cards its requirements pay, and what its Selecione requirements choose."""

    events: list[str] = []
    before: list[str] = []  # answered before they happen: the ones it may change
    activated: list[str] = []  # the card type of each activation answered ("" any): "Negue essa HABILIDADE"
    sides: list[tuple[str, str]] = []
    event_card = event_hero = False
    for t in timings:
        if t in _TIMING_EVENTS:
            events.append(_TIMING_EVENTS[t])
            if _TIMING_EVENTS[t] == "activate":
                activated.append("")
            event_card = True
        elif t in _TIMING_HEROES:
            event_hero = True
            test = TIMING_BY_NAME[t].test
            sides.append((str(test.who) if test.role == "patient" else "any", t))
    for r in reqs:
        trig = r.ast.get("trigger") if r.ast.get("cond") == "trigger" else None
        if trig is None:
            continue
        kind = str(trig.get("event"))
        events.append(kind)
        if kind == "activate":
            card = trig.get("card")
            activated.append(str(card.get("type", "")) if isinstance(card, dict) else "")
        if trig.get("moment") == "before":
            before.append(kind)
        event_card = event_card or kind in _CARD_EVENTS or "card" in trig
        event_hero = True  # every answered game event has who did it (or to whom)
        sides.append((_event_side(trig), r.text))
    paid: list[tuple[str, str]] = []
    if task in _TASK_EVENTS:
        paid.append((_TASK_EVENTS[task], "task"))
    chosen: list[tuple[str, str]] = []
    chosen_sides: list[tuple[str, str]] = []
    counts: list[int] = []
    for r in reqs:
        st = r.ast
        if (
            r.kind in ("cost", "action")
            and st.get("op") in _COST_EVENTS
            and st.get("card") in ("choose", "all")
        ):
            paid.append((_COST_EVENTS[st["op"]], r.text))
        if st.get("op") == "select":
            chosen.append(("hero" if st.get("what") == "hero" else "card", r.text))
            if st.get("what") == "hero":
                chosen_sides.append((str(st.get("who", "any")), r.text))
                counts.append(int(st.get("count", 1)))
        elif st.get("op") == "unknown" and norm(r.verb) == "selecione":  # already warned: no second warning
            chosen.extend([("hero", r.text), ("card", r.text)])
    return Refs(
        known=True,
        events=tuple(events),
        before=tuple(before),
        activated=tuple(activated),
        event_card=event_card,
        event_hero=event_hero,
        paid=tuple(paid),
        chosen=tuple(chosen),
        event_sides=tuple(sides),
        chosen_sides=tuple(chosen_sides),
        chosen_counts=tuple(counts),
    )


def _moment_opener(desc: str, offset: int) -> Requirement | None:
    """A description that opens with a moment, «Durante <estado>, <frases>» ("Durante seus testes de AGI, você
    recebe +2 de AGI", "Durante o seu turno, compre 1 carta"): the state requirement «Durante <estado>» of the
    rest (R-29, ``rulings.MOMENT_OPENER_IS_DURANTE``; a state it cannot read is that requirement, unread), or
    ``None``."""
    lead = desc.lstrip()
    m = re.match(r"(?i)(durante\s+[^,.;]+),", lead)
    if m is None or not R.MOMENT_OPENER_IS_DURANTE:
        return None
    what = lang.parse_condition(m.group(1)[len("durante") :].strip())
    head = m.group(1)
    at = offset + len(desc) - len(lead)
    return Requirement(
        head, "state", "Durante", moment_of(expand(head)[0]), {"cond": "during", "what": what}, at
    )


def _refuse_constructions(
    src: str,
    reqs: list[Requirement],
    desc: str,
    desc_offset: int,
    warnings: list[Warning_],
    desc_read: bool = False,
) -> None:
    """A construction the engine has no statement or condition for (the lexicon's ``refused``: "menos MANA
    que o alvo", "a metade", "duas delas"…), in a requirement or the description: an ``UNSUPPORTED_TEXT``
    warning at its place in the text as written, naming it (the effect is then refused, never run near). A
    part that was read is not asked again: its readers (``grammar``, ``reqgrammar``) read such a construction
    only with the rule made for it (the lexicon's ``read_by``), and refuse it otherwise."""
    # (a requirement refused with its own reason keeps it)
    places = [(r.text, r.position) for r in reqs if not _read_whole(r) and not r.ast.get("reason")]
    if not desc_read:
        places.append((desc, desc_offset))
    for text, at in places:
        hit = refused_construction(text)
        if hit is None:
            continue
        pos = at + hit[1]
        # the reader's own warning on the same part says less: this one replaces it, in its place
        same = [
            i
            for i, w in enumerate(warnings)
            if w.code == "UNSUPPORTED_TEXT" and at <= w.position <= at + len(text)
        ]
        index = same[0] if same else len(warnings)
        for i in reversed(same):
            del warnings[i]
        warnings.insert(
            index,
            Warning_(
                "UNSUPPORTED_TEXT",
                Phrase(
                    N_("cannot resolve '{word}' at position {position}: {why}"),
                    word=hit[2],
                    position=pos,
                    why=construction_reason(hit[0], hit[2]),
                ),
                pos,
            ),
        )
        return


def _read_whole(r: Requirement) -> bool:
    """Was a requirement read, all of it (its condition or statement has no unknown part)?"""
    return (
        r.kind != "unknown"
        and lang.is_supported(r.ast)
        and (r.statement is None or lang.is_supported(r.statement))
    )


def _states_duration(reqs: list[Requirement], stmts: Any) -> bool:
    """Does the effect say how long it lasts (seed «Duração»: it lasts «até que sua duração termine»): a
    statement's ``until`` ("até o final do turno"), or a state requirement (Enquanto, Até, Durante)?"""
    if any(r.kind == "state" for r in reqs):
        return True

    def has_until(node: Any) -> bool:
        if isinstance(node, dict):
            return "until" in node or any(has_until(v) for v in node.values())
        if isinstance(node, list | tuple):
            return any(has_until(v) for v in node)
        return False

    return has_until(stmts)


def _first_unknown(stmts: Any) -> dict[str, Any] | None:
    """The first unreadable clause among ``stmts`` (typed statements, options included), its fields as the
    reader made them: its reason and what it expected stay catalogue Phrases, rendered in the reader's
    language where the warning is shown (its ``to_dict`` is plain data)."""
    for st in stmts:
        if isinstance(st, S.Unknown):
            out = st.to_dict()
            out["expected"] = list(st.expected)
            if st.reason is not None:
                out["reason"] = st.reason
            return out
        for opt in st.options if isinstance(st, S.Choose) else ():
            hit = _first_unknown(opt)
            if hit is not None:
                return hit
    return None


def format_effect(effect: Effect | str) -> str:
    """The canonical text: keywords in canonical spelling and order, ``【 a; b 】``, clean description.

    Formatting is a fixed point: ``format_effect(format_effect(t)) == format_effect(t)``.
    """
    e = parse_effect(effect) if isinstance(effect, str) else effect
    kws = " · ".join(e.keywords)
    out = kws
    if e.requirements:
        block = "【 " + "; ".join(r.text for r in e.requirements) + " 】"
        out = f"{kws}{block}" if len(e.keywords) == 1 else f"{kws} {block}"
    if e.description:
        out = f"{out} {e.description}"
    return out


def _unread_requirement(requirement: str, position: int, unread: tuple[int, str, Any, list[Any]]) -> Warning_:
    """A trigger, state or condition not read, naming the word it stopped at and where (LANGUAGE.md §2):
    why that phrase names nothing a requirement waits for, or what was expected there."""
    at, word, reason, expected = unread
    at += position
    if reason is not None:
        template = N_("cannot resolve '{word}' at position {position} (requirement '{requirement}'): {why}")
        why = reason
    else:
        template = N_("cannot read '{word}' at position {position} (requirement '{requirement}'): {why}")
        why = (
            Phrase(N_("expected {words}"), words=one_of(expected[:4]))
            if expected
            else Phrase(N_("outside the runnable vocabulary"))
        )
    message = Phrase(template, word=word or END, position=at, requirement=requirement, why=why)
    return Warning_("UNSUPPORTED_TEXT", message, at)


def _outside_vocabulary(requirement: str, position: int) -> Warning_:
    """A requirement read but with no engine condition to run it (the card is refused when used)."""
    return Warning_(
        "UNSUPPORTED_TEXT",
        Phrase(
            N_(
                "requirement '{requirement}' is outside the runnable vocabulary "
                "(use the structured YAML form)"
            ),
            requirement=requirement,
        ),
        position,
    )
