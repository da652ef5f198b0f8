"""The one catalogue of the Apoteose engine's words: every code the engine records has its message here.

The engine never writes a sentence into the trace. It records *codes* and their *parameters*: a
reason (``detail["code"]`` + ``detail["params"]``: refusals, stops, truncations, a lasting effect's
end), a decision point's prompt (``prompt_code`` + ``prompt_params``), an option's label
(``label_code`` + ``label_params``), the game event a response answers (``detail["answers_event"]``),
the statements it resolved (``detail["statements_data"]``), each cost or action it paid
(``detail["requirement_data"]``), the kinds of its events and the stages of
its frames. This module gives each of them one message, an English gettext msgid with named
placeholders, and renders it in any language (:mod:`rulekit.i18n`): the views and widgets call these
functions with the reader's language; the engine calls them in English only for the words it keeps
next to the data for the JSON and older readers (``detail["reason"]``, ``Option.label``,
``DecisionPoint.prompt``, ``detail["answers_text"]``). Nothing here decides anything.

Plurals go through ``ngettext`` (``NNP_`` / ``Translator.np``), a word that agrees with its noun through
a ``pgettext`` context (``NP_`` / ``Translator.p``), and a preposition before an article is contracted
(:func:`rulekit.i18n.contract`: "antes de a cura" is "antes da cura"). Apoteose keywords (VIDA, MANA,
MESA, Ativar, Quando, Previsão…), card ids, card names and the cards' own texts stay as written in
every language.

>>> reason_words("ONCE_PER_CYCLE", {"cycle": 2})
'Uma Vez por Ciclo: already activated in cycle 2 (R-20)'
>>> reason_words("NOT_ENOUGH_RESOURCE", {"resource": "MANA", "amount": 3}, "pt-BR")
'MANA insuficiente para consumir 3'
>>> reason_words("PREVISAO", {"case": "unmet", "requirement": "Descarte uma carta"})
"Previsão: 'Descarte uma carta' cannot be met"
>>> reason_words("NO_SUCH_CODE", {"x": 1})
'NO_SUCH_CODE (x=1)'
>>> prompt_words("RESPOND", {"effect": "raio#0", "stage": "halt"}, "es")
'responder al efecto 0 de raio (espera)'
>>> event_words({"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None,
...              "patient": "ana"})
'before heal VIDA to ana (#0)'
>>> moment_words("before:heal@0.0", "pt-BR")
'antes da cura de #0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekit.apoteose.codes import ChainEventKind, Reason, case

# The phrase tables are the catalogue's too: re-exported here, where the tests and views look for them.
from rulekit.apoteose.phrasing import ACTION_PHRASES as ACTION_PHRASES
from rulekit.apoteose.phrasing import CARD_ALL_OF_TYPE as CARD_ALL_OF_TYPE
from rulekit.apoteose.phrasing import CARD_COUNT as CARD_COUNT
from rulekit.apoteose.phrasing import (
    CARD_FIELDS,
    CARD_KEYS,
    NP_,
    SELECT_HEROES,
    SELECT_NEAR,
    NoWords,
    Words,
    is_count,
)
from rulekit.apoteose.phrasing import CARD_PHRASES as CARD_PHRASES
from rulekit.apoteose.phrasing import DURATION_PHRASES as DURATION_PHRASES
from rulekit.apoteose.phrasing import HERO_NEAR as HERO_NEAR
from rulekit.apoteose.phrasing import HERO_NEAR_ALL as HERO_NEAR_ALL
from rulekit.apoteose.phrasing import HERO_PHRASES as HERO_PHRASES
from rulekit.apoteose.phrasing import HERO_PHRASES_ALL as HERO_PHRASES_ALL
from rulekit.apoteose.phrasing import NEAR_PHRASES as NEAR_PHRASES
from rulekit.apoteose.phrasing import OWNER_PHRASES as OWNER_PHRASES
from rulekit.apoteose.phrasing import SENTENCE_PARTS as SENTENCE_PARTS
from rulekit.apoteose.phrasing import SENTENCES as SENTENCES
from rulekit.apoteose.phrasing import ZONE_FROM as ZONE_FROM
from rulekit.apoteose.phrasing import ZONE_IN as ZONE_IN
from rulekit.apoteose.phrasing import ZONE_TO as ZONE_TO
from rulekit.i18n import N_, contract, translator
from rulekit.phrase import Phrase

# ---- the reasons: refused, stopped, truncated, ended -----------------------------------------------
#: Reasons by code (or ``code/case``: a code with several wordings selects one with ``params["case"]``).
#: A parameter is data (a card or hero id, a keyword, a number, a requirement quoted from the card),
#: except ``when`` (a duration code, worded with :data:`DURATION_PHRASES`).
REASONS: dict[str, str] = {
    # -- refusals: before anything is paid (seed «Ativação», «Limite», «Escopo», «Previsão»)
    Reason.PASSIVO: N_("a Passivo effect is never activated (seed «Passivo»)"),
    Reason.LIMBO: N_("cards in limbo do not exist (seed «Qualquer Lugar»)"),
    Reason.SCOPE: N_("not activable from {zone} (scope {scopes}, R-13)"),
    Reason.TURNO_PROPRIO: N_("Turno Próprio: only during its own turn (seed «Limite»)"),
    Reason.ONCE_PER_CYCLE: N_("Uma Vez por Ciclo: already activated in cycle {cycle} (R-20)"),
    Reason.ONCE_PER_BATTLE: N_("Uma Vez por Batalha: already activated in battle {battle}"),
    Reason.ACAO_INICIAL: N_("Ação Inicial: the hero already acted this turn (R-09)"),
    Reason.DO_TIME_TEAM: N_(
        "Do Time: {hero} (team {team}) is not on the team of {holder} (team {holder_team}), who holds {card}"
    ),
    Reason.DO_TIME: N_("Do Time: a teammate activates it only on their own turn"),
    Reason.NOT_OWN_CARD: N_(
        "{hero} does not control {card}: each character activates only their own cards (seed «Efeito»)"
    ),
    Reason.NO_EVENT: N_("an Auto effect activates only when its moment happens"),
    Reason.NO_TRIGGER: N_("its Quando is not met by anything in this window"),
    Reason.NOT_OWN_TURN: N_("Ativar: only on the hero's own turn (seed «Ativação», R-12)"),
    case(Reason.NOT_OWN_TURN, "response"): N_("Ativar outside its own turn needs a Quando (R-12)"),
    Reason.NEEDS_EVENT: N_("it has a Quando requirement: it can only answer that event"),
    Reason.NEEDS_MOMENT: N_("it activates at {timings} only"),
    Reason.NO_QUANDO: N_("a response must answer an event: this Ativar has no Quando (R-12)"),
    case(Reason.PREVISAO, "unmet"): N_("Previsão: '{requirement}' cannot be met"),
    case(Reason.PREVISAO, "broken"): N_("Previsão: '{requirement}' does not hold"),
    case(Reason.PREVISAO, "together"): N_(
        "Previsão: the requirements cannot be met together — every way to pay breaks "
        "another one ({requirements})"
    ),
    Reason.UNREADABLE: N_(
        "{effect} is not run: its text cannot be read at position {position} ('{word}'): {problem}"
    ),
    case(Reason.UNREADABLE, "requirement"): N_(
        "{effect} never runs: what it answers cannot be read — {problem}"
    ),
    Reason.IRRESPONDIVEL: N_("Irrespondível: no effect can be activated in response to {effect} (R-10)"),
    Reason.NOT_LEGAL_HERE: N_("not a legal response in this window"),
    # the seed's own words, quoted (seed «Encadeamento de Resposta», R-02)
    Reason.REQUIREMENTS_BEING_PAID: N_(
        "nenhuma resposta pode ser dada: the requirements of {effect} are being "
        "paid (seed «Encadeamento de Resposta»)"
    ),
    Reason.RESOLUTION_IS_ATOMIC: N_(
        "a resolução deve ser cumprida integralmente: {effect} is resolving and "
        "nothing can be activated (seed, R-02)"
    ),
    case(Reason.REQUIREMENTS_BEING_PAID, "between"): N_(
        "nenhuma resposta pode ser dada: {effect} has paid {paid} of its requirements and is about to pay "
        "'{requirement}' (seed «Encadeamento de Resposta»)"
    ),
    case(Reason.RESOLUTION_IS_ATOMIC, "between"): N_(
        "a resolução deve ser cumprida integralmente: {effect} has carried out {done} of the {total} "
        "statements of its description, and nothing can be activated between two of them (seed, R-02)"
    ),
    # -- a hero's step on the board (LANGUAGE.md §4 ``step:``; the board is an engine assumption)
    Reason.NO_CASA: N_("{hero} stands on no casa: this scenario gives the hero no place on the board"),
    Reason.NOT_ADJACENT: N_("casa {casa} is not adjacent to casa {at}, where {hero} stands"),
    Reason.CASA_TAKEN: N_(
        "{hero} cannot step to casa {casa}: it is off the board or another hero stands there"
    ),
    Reason.NO_FREE_CASA: N_("no free casa next to {hero}"),
    Reason.ADJACENT_NO_CASA: N_(
        "'adjacente' cannot be read: {hero} stands on no casa (this scenario gives the "
        "heroes no places on the board)"
    ),
    # a requirement with "adjacente" (a Quando, an Enquanto/Se, a Selecione): its own words, and why
    case(Reason.ADJACENT_NO_CASA, "requirement"): N_(
        "'{requirement}' cannot be checked: 'adjacente' needs the casas, and {hero} stands on no casa "
        "(this scenario gives the heroes no places on the board)"
    ),
    # -- stopped and truncated (seed «Na Descrição»)
    Reason.STATE_BROKEN: N_("'{requirement}' no longer holds"),
    Reason.BROKE_DURING_RESOLUTION: N_("'{requirement}' broke during resolution"),
    Reason.CARD_UNAVAILABLE: N_("card {card} is not available"),
    Reason.NO_HOLDER: N_("card {card} has no hero to hold it in {zone}"),
    Reason.NO_HERO: N_("no hero for {who}"),
    Reason.NOT_ENOUGH_RESOURCE: N_("not enough {resource} to consume {amount}"),
    Reason.NOBODY_TO_DRAW: N_("nobody to draw"),
    Reason.NOT_ENOUGH_CARDS: N_("not enough cards to draw {count}"),
    Reason.NOTHING_TO_ATTACH: N_("nothing to attach to"),
    Reason.ALREADY_CONSUMED: N_("{card} is already consumed"),
    Reason.NOTHING_TO_SELECT: N_("nothing to select"),
    Reason.NOTHING_TO_NEGATE: N_("nothing to negate"),
    Reason.NO_ACTION_TO_MODIFY: N_("no action to modify"),
    Reason.CANNOT_RUN: N_("statement '{op}' cannot run"),
    Reason.NO_LEGAL_CHOICE: N_("no legal choice for {op}"),
    Reason.NO_CARD_CHOSEN: N_("no card chosen"),
    Reason.NO_CARD: N_("no card for '{card}'"),
    Reason.NOT_A_HERO: N_("'{hero}' is not a hero"),
    Reason.NO_RESOURCE: N_("hero '{hero}' has no {resource}"),
    Reason.CANNOT_EVALUATE: N_("cannot evaluate condition {cond}"),
    Reason.BAD_AMOUNT: N_("bad amount {amount}"),
    # -- a lasting effect ends
    Reason.TIME_CAME: N_("it lasted {when}"),
    Reason.CARD_LEFT_PLAY: N_("card left play (R-19)"),
    Reason.STATE_ENDED: N_("Enquanto/Durante/Até no longer holds (R-03, R-04)"),
}


#: An effect of a card in words. Its id ``card#n`` (``n`` as the scenario file numbers the card's effects,
#: from 0, like a script's ``effect: 0``) is the trace's and the scripts'; a reader never sees it, because
#: "#" is only ever an entry's position in the chain ("#1", "the activation of #0").
EFFECT_OF_CARD = N_("effect {n} of {card}")
#: The same beside the card's name ("Raio (effect 0)").
EFFECT_NUMBER = N_("effect {n}")


def effect_words(eid: Any, lang: str = "en", short: bool = False) -> str:
    """The effect id ``card#n`` in words (``short``: without the card, for a label that names it); any other
    value as it is.

    >>> effect_words("raio#0"), effect_words("raio#1", "pt-BR"), effect_words("raio#0", "es", short=True)
    ('effect 0 of raio', 'efeito 1 de raio', 'efecto 0')
    >>> effect_words("raio")
    'raio'
    """
    card, sep, n = str(eid).rpartition("#")
    if not (sep and card and n.isdigit()):
        return str(eid)
    t = translator(lang)
    return t(EFFECT_NUMBER, n=n) if short else t(EFFECT_OF_CARD, n=n, card=card)


def _with_effect_words(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """``params`` with an effect id (``effect``) in words (:func:`effect_words`)."""
    if "effect" in params:
        params = {**params, "effect": effect_words(params["effect"], lang)}
    return params


def _capitalized(text: str) -> str:
    """``text`` starting with a capital (a message that starts with an effect in words)."""
    return text[:1].upper() + text[1:]


def reason_words(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
    """The words of a reason (``code`` + ``params``) in ``lang``; an unknown code is shown as itself with
    its parameters, never dropped."""
    params = dict(params or {})
    key = f"{code}/{params['case']}" if "case" in params else code
    message = REASONS.get(key)
    if message is None:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{code} ({shown})" if shown else code
    t = translator(lang)
    # a value that is a catalogue Phrase (an unreadable text's word "(end)") is shown in ``lang`` too
    params = {k: t.phrase(v) if isinstance(v, Phrase) else v for k, v in params.items()}
    if "when" in params:
        when = params["when"]
        params["when"] = t.p("duration", DURATION_PHRASES[when]) if when in DURATION_PHRASES else when
    params = _with_effect_words(params, lang)
    try:
        text = t(message, **params)
    except (KeyError, IndexError, ValueError):  # a parameter missing: the message as it is
        return t(message)
    return _capitalized(text) if t(message).startswith("{effect}") else text


def item_reason(item: Any, lang: str = "en") -> str:
    """The reason kept by ``item`` in ``lang``: an event's ``detail`` (``code`` + ``params``), a refusal
    (:class:`~rulekit.apoteose.deciders.Refusal`) or any object with ``code`` and ``params``; an older
    detail's ``reason`` words as they are; ``""`` if none."""
    if isinstance(item, dict):
        if "code" in item and "params" in item:
            return reason_words(item["code"], item["params"], lang)
        return str(item.get("reason") or "")
    code, params = getattr(item, "code", None), getattr(item, "params", None)
    return reason_words(code, params, lang) if code and params is not None else ""


# ---- the chain's events, stages and outcomes --------------------------------------------------------
#: Every kind of event of a chain trace (:data:`rulekit.apoteose.trace.EVENTS` and ``FLOW_EVENTS``) as
#: the chain log's "event" column names it (msgctxt "chain event").
EVENT_KINDS: dict[str, str] = {
    ChainEventKind.ACTIVATE: NP_("chain event", "activate"),
    ChainEventKind.PAY: NP_("chain event", "pay"),
    ChainEventKind.HALT: NP_("chain event", "halt"),
    ChainEventKind.RESPOND: NP_("chain event", "respond"),
    ChainEventKind.RESOLVE: NP_("chain event", "resolve"),
    ChainEventKind.POST: NP_("chain event", "post"),
    ChainEventKind.REMOVE: NP_("chain event", "remove"),
    ChainEventKind.STOPPED: NP_("chain event", "stopped"),
    ChainEventKind.TRUNCATED: NP_("chain event", "truncated"),
    ChainEventKind.NEGATED: NP_("chain event", "negated"),
    ChainEventKind.REFUSED: NP_("chain event", "refused"),
    ChainEventKind.END: NP_("chain event", "end"),
    ChainEventKind.TURN: NP_("chain event", "turn"),
    ChainEventKind.RESTORATION: NP_("chain event", "restoration"),
    ChainEventKind.BATTLE: NP_("chain event", "battle"),
    ChainEventKind.END_TURN: NP_("chain event", "end of turn"),
    ChainEventKind.PASSIVE: NP_("chain event", "passive"),
    ChainEventKind.EXPIRE: NP_("chain event", "expire"),
    ChainEventKind.ACTION: NP_("chain event", "action"),
}
#: A frame's stage (seed «Encadeamento de Resposta») or what became of it, as the log's "stage" column,
#: the diagram and the stack show it (msgctxt "frame state": it agrees with "the entry").
FRAME_STATES: dict[str, str] = {
    "activating": NP_("frame state", "activating"),
    "halt": NP_("frame state", "halt"),
    "resolving": NP_("frame state", "resolving"),
    "post": NP_("frame state", "post"),
    "resolved": NP_("frame state", "resolved"),
    "stopped": NP_("frame state", "stopped"),
    "truncated": NP_("frame state", "truncated"),
    "negated": NP_("frame state", "negated"),
    "refused": NP_("frame state", "refused"),
    "removed": NP_("frame state", "removed"),
}


def event_kind_words(kind: Any, lang: str = "en") -> str:
    """A chain event's kind in ``lang`` (a kind this catalogue does not know stays as it is)."""
    kind = str(kind or "")
    return translator(lang).p("chain event", EVENT_KINDS[kind]) if kind in EVENT_KINDS else kind


def state_words(state: Any, lang: str = "en") -> str:
    """A frame's stage or outcome in ``lang`` (one this catalogue does not know stays as it is)."""
    state = str(state or "")
    return translator(lang).p("frame state", FRAME_STATES[state]) if state in FRAME_STATES else state


# ---- the moments a response answers ----------------------------------------------------------------
#: The chain's moments (the ids ``activate@0``, ``discard@0.2``, ``before:heal@0.0``) in words.
MOMENTS: dict[str, str] = {
    "activate": N_("the activation of #{frame}"),
    "resolve": N_("the resolution of #{frame}"),
    "before": N_("before {what}"),
    "heal": N_("the healing of #{frame}"),
    "recover": N_("the recovery paid by #{frame}"),
    "damage": N_("the damage of #{frame}"),
    "lose": N_("the loss caused by #{frame}"),
    "consume": N_("the cost consumed for #{frame}"),
    "discard": N_("the discard paid for #{frame}"),
    "bury": N_("the burial by #{frame}"),
    "banish": N_("the banishing by #{frame}"),
    "target": N_("the target chosen by #{frame}"),
    "attack": N_("the attack of #{frame}"),
    "test": N_("the test of #{frame}"),
    "roll": N_("the roll of #{frame}"),
    "draw": N_("the draw of #{frame}"),
    "enter": N_("the entering play of #{frame}"),
    "leave": N_("the leaving play of #{frame}"),
    "exhaust": N_("the exhausting by #{frame}"),
    "reveal": N_("the reveal by #{frame}"),
    "other": N_("the {kind} of #{frame}"),
}


def moment_words(label: Any, lang: str = "en") -> str:
    """A chain moment id in words: ``activate@0`` → "the activation of #0", ``discard@0.2`` → "the discard
    paid for #0", ``before:heal@0.0`` → "before the healing of #0". Anything else (a turn event's label)
    is returned as it is.

    >>> moment_words("discard@0.2", lang="pt-BR")
    'o descarte pago por #0'
    >>> moment_words("turn_end:ana")
    'turn_end:ana'
    """
    text = str(label or "")
    t = translator(lang)
    before = text.startswith("before:")
    body = text[len("before:") :] if before else text
    kind, at, where = body.partition("@")
    frame = where.split(".")[0]
    if not at or not frame.isdigit() or not kind.isidentifier():
        return text
    words = t(MOMENTS[kind], frame=frame) if kind in MOMENTS else t(MOMENTS["other"], kind=kind, frame=frame)
    return contract(t(MOMENTS["before"], what=words), lang) if before else words


# ---- prompts, option labels and game events ---------------------------------------------------------
#: Decision prompts by code (``{stage}`` is a frame state, worded with :func:`state_words`). ``CHOOSE_ONE``
#: is the card's own words ("Escolha um"); ``STATEMENT`` is a statement's sentence (:func:`statement_text`),
#: and so is ``PAY``, the cost being paid (:func:`paid_words`).
PROMPTS: dict[str, str] = {
    "RESPOND": N_("respond to {effect} ({stage})"),
    "RESPOND_CLOSED": N_("respond to {effect} ({stage}: closed, R-10)"),
    "NO_RESPONSES": N_("{stage} {effect}: no responses"),
    "AUTO_TIE": N_("tie between Auto effects (R-05)"),
    "TASK": N_("task {task}"),
}
#: Option labels by code (an option without a code is labelled by its id). ``STATEMENTS`` is the
#: statements' sentences.
LABELS: dict[str, str] = {
    "PASS": N_("pass"),
    "ANSWERS": N_("{hero}: {name} ({effect}) — answers {event}"),
}
#: A game event's kind in words, by kind (msgctxt "game event").
EVENT_WORDS: dict[str, str] = {
    "heal": NP_("game event", "heal"),
    "recover": NP_("game event", "recovery"),
    "damage": NP_("game event", "damage"),
    "lose": NP_("game event", "loss"),
    "consume": NP_("game event", "consume"),
    "discard": NP_("game event", "discard"),
    "bury": NP_("game event", "bury"),
    "banish": NP_("game event", "banish"),
    "target": NP_("game event", "target"),
    "attack": NP_("game event", "attack"),
    "test": NP_("game event", "test"),
    "roll": NP_("game event", "roll"),
    "draw": NP_("game event", "draw"),
    "resolve": NP_("game event", "resolution"),
    "enter": NP_("game event", "entering play"),
    "leave": NP_("game event", "leaving play"),
    "exhaust": NP_("game event", "exhaust"),
    "reveal": NP_("game event", "reveal"),
    "step": NP_("game event", "step on the board"),
}
#: Statement ops (msgctxt "statement") and field names (msgctxt "statement field") in words; the English
#: is the op or field name itself.
STATEMENT_OPS: frozenset[str] = frozenset(
    (
        NP_("statement", "heal"),
        NP_("statement", "recover"),
        NP_("statement", "consume"),
        NP_("statement", "damage"),
        NP_("statement", "lose"),
        NP_("statement", "attack"),
        NP_("statement", "test"),
        NP_("statement", "draw"),
        NP_("statement", "discard"),
        NP_("statement", "bury"),
        NP_("statement", "banish"),
        NP_("statement", "return"),
        NP_("statement", "exhaust"),
        NP_("statement", "ready"),
        NP_("statement", "reveal"),
        NP_("statement", "hide"),
        NP_("statement", "register"),
        NP_("statement", "look"),
        NP_("statement", "move"),
        NP_("statement", "attach"),
        NP_("statement", "select"),
        NP_("statement", "roll"),
        NP_("statement", "step"),
        NP_("statement", "negate"),
        NP_("statement", "modify"),
        NP_("statement", "gain"),
        NP_("statement", "compute"),
        NP_("statement", "table"),
        NP_("statement", "noop"),
        NP_("statement", "choose"),
        NP_("statement", "if"),
    )
)
STATEMENT_FIELDS: frozenset[str] = frozenset(
    (
        NP_("statement field", "amount"),
        NP_("statement field", "resource"),
        NP_("statement field", "target"),
        NP_("statement field", "card"),
        NP_("statement field", "count"),
        NP_("statement field", "type"),
        NP_("statement field", "zone"),
        NP_("statement field", "owner"),
        NP_("statement field", "attribute"),
        NP_("statement field", "dest"),
        NP_("statement field", "to"),
        NP_("statement field", "what"),
        NP_("statement field", "who"),
        NP_("statement field", "text"),
        NP_("statement field", "action"),
        NP_("statement field", "delta"),
        NP_("statement field", "during"),
        NP_("statement field", "cells"),
        NP_("statement field", "until"),
    )
)


def event_words(ev: dict[str, Any] | None, lang: str = "en") -> str:
    """A game event (its data: ``kind``, ``moment``, ``frame``, ``resource``, ``card``, ``patient``; the
    trace's ``detail["answers_event"]``, an option's ``label_params["event"]``) in words in ``lang``.

    >>> event_words({"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None,
    ...              "patient": "ana"}, "pt-BR")
    'antes de cura VIDA para ana (#0)'
    """
    if not ev:
        return ""
    t = translator(lang)
    frame = ev.get("frame")
    if ev.get("kind") == "activate":
        return t(MOMENTS["activate"], frame=frame)
    kind = str(ev.get("kind"))
    word = t.p("game event", EVENT_WORDS[kind]) if kind in EVENT_WORDS else kind
    bits = [str(b) for b in (ev.get("resource"), ev.get("card")) if b]
    if ev.get("patient"):
        bits.append(t("to {hero}", hero=ev["patient"]))
    what = " ".join([word, *bits])
    if ev.get("moment") == "before":
        what = contract(t(MOMENTS["before"], what=what), lang)
    return what + (f" (#{frame})" if frame is not None else "")


def statement_label(st: Any, lang: str = "en") -> str:
    """A statement (its plain data) as a data label in ``lang``: the op and the field names in words, the
    values as data — the form every statement falls back to when its sentence cannot be made (a kind or a
    value this catalogue does not know: a newer engine's). In English it is the engine's own data label
    (``Statement.label()``, ``detail["statements"]``); every kind of statement the engine has reads as a
    sentence (:func:`statement_text`; a test checks), never as this label.

    >>> statement_label({"op": "draw", "count": 2}, "es")
    'robar(cantidad=2)'
    """
    st = _plain_statement(st)
    if not isinstance(st, dict):
        return str(st)
    t = translator(lang)
    op = str(st.get("op"))
    rest = ", ".join(
        f"{t.p('statement field', k) if k in STATEMENT_FIELDS else k}={v}"
        for k, v in st.items()
        if k not in ("op", "options")
    )
    word = t.p("statement", op) if op in STATEMENT_OPS else op
    return f"{word}({rest})" if rest else word


def _plain_statement(st: Any) -> Any:
    """A typed statement's plain data (``to_dict()``); anything else as it is."""
    to_dict = getattr(st, "to_dict", None)
    if not isinstance(st, dict) and callable(to_dict):
        try:
            return to_dict()
        except (TypeError, ValueError, AttributeError):
            return st
    return st


def _card_phrase_of(st: dict[str, Any]) -> dict[str, Any]:
    return {k: st[k] for k in CARD_FIELDS if k in st}


#: The statements whose sentence is a verb and a card phrase.
_CARD_OPS = frozenset(
    ("discard", "bury", "banish", "return", "exhaust", "ready", "reveal", "hide", "register", "look")
)


#: How deep ``choose`` options are worded before their labels are used (the data bounds the depth too).
_MAX_DEPTH = 4


def _statements_words(w: Words, sts: Any) -> str:
    """Statements inside a statement (``choose`` options, an ``if``'s ``then``), one level deeper."""
    if not isinstance(sts, list | tuple):
        raise NoWords(sts)
    return "; ".join(statement_text(s, w.lang, depth=w.depth + 1) for s in sts)


def _sentence(w: Words, st: dict[str, Any]) -> tuple[str, frozenset[str]]:
    """The sentence of one statement and the fields it worded (the rest are shown as data after it)."""
    op = st.get("op")
    target = st.get("target")
    others = target is not None and target != {"who": "self"}
    if op in ("heal", "recover", "consume"):
        words = {"amount": w.number(st.get("amount")), "resource": str(st.get("resource"))}
        if others:
            return w.s(op, 1, target=w.hero(target), **words), frozenset(("amount", "resource", "target"))
        return w.s(op, 0, **words), frozenset(("amount", "resource", "target"))
    if op == "damage":
        used = {"amount", "target"} | ({"resource"} if st.get("resource") in (None, "VIDA") else set())
        if target is not None:  # "a um oponente"; "a você mesmo" too: the damage names its hero
            return w.s(op, 1, amount=w.number(st.get("amount")), target=w.hero(target)), frozenset(used)
        if "card" in st:
            return (
                w.s(op, 1, amount=w.number(st.get("amount")), target=w.cards(_card_phrase_of(st))),
                frozenset(used | CARD_KEYS),
            )
        return w.s(op, 0, amount=w.number(st.get("amount"))), frozenset(used)
    if op == "lose":
        words = {"amount": w.number(st.get("amount")), "resource": str(st.get("resource"))}
        if others:
            return w.s(op, 1, target=w.hero(target), **words), frozenset(("amount", "resource", "target"))
        return w.s(op, 0, **words), frozenset(("amount", "resource", "target"))
    if op == "attack":
        return (
            w.s(op, 0, target=w.hero(target), amount=w.number(st.get("amount"))),
            frozenset(("amount", "target")),
        )
    if op == "test":
        return w.s(op, 0, attribute=str(st.get("attribute"))), frozenset(("attribute",))
    if op == "draw":
        count = st.get("count", 1)
        if isinstance(count, dict) and "per" in count:  # "draw 1 card for each EVOCAÇÃO in your SUPORTE"
            w.number(count)  # its "for each" and bound follow the sentence (w.tails)
            count = count.get("times", 1)
        if others:
            return w.n(op, 1, count, target=w.hero(target)), frozenset(("count", "target"))
        return w.n(op, 0, count), frozenset(("count", "target"))
    if op in _CARD_OPS:
        return w.s(str(op), 0, card=w.cards(_card_phrase_of(st))), CARD_KEYS
    if op == "move":
        return (
            w.s(op, 0, card=w.cards(_card_phrase_of(st)), dest=w.zone(st.get("dest"), "to")),
            CARD_KEYS | {"dest"},
        )
    if op == "attach":
        return w.s(op, 0, card=w.cards(_card_phrase_of(st)), host=w.cards(st.get("to"))), CARD_KEYS | {"to"}
    if op == "select":
        return _selected(w, st), frozenset(("count", "what", "who", "type", "owner", "zone", "near"))
    if op == "roll":
        if st.get("count") is None:
            return w.s(op, 0), frozenset(("count",))
        return w.n(op, 1, st.get("count")), frozenset(("count",))
    if op == "step":
        if st.get("text") is None:
            return w.s(op, 0), frozenset(("text",))
        return w.s(op, 1, text=str(st["text"])), frozenset(("text",))
    if op == "negate":
        return w.s(op, 0), frozenset()
    if op == "modify":
        action, delta = st.get("action"), st.get("delta")
        if action not in ACTION_PHRASES:
            raise NoWords(action)
        what = w.t.p("modified action", ACTION_PHRASES[str(action)])
        if is_count(delta):
            which = 0 if delta >= 0 else 1
            return w.s(op, which, action=what, amount=abs(delta)), frozenset(("action", "delta"))
        return w.s(op, 2, action=what, amount=w.number(delta)), frozenset(("action", "delta"))
    if op == "gain":
        words = {"amount": w.number(st.get("amount"), signed=True), "attribute": str(st.get("attribute"))}
        text = w.s(op, 1, target=w.hero(target), **words) if others else w.s(op, 0, **words)
        during = st.get("during")
        if during == "test":
            text = w.t.p("statement sentence", SENTENCE_PARTS["test"], sentence=text)
        elif during is not None:
            text = w.t.p("statement sentence", SENTENCE_PARTS["during"], sentence=text, during=during)
        return text, frozenset(("amount", "attribute", "target", "during"))
    if op == "compute":
        return w.s(op, 0, amount=w.number(st.get("amount"))), frozenset(("amount",))
    if op == "table":
        cells = st.get("cells") or []
        if not isinstance(cells, list | tuple):
            raise NoWords(cells)
        return w.s(op, 0, cells=" ❙ ".join(str(c) for c in cells)), frozenset(("cells",))
    if op == "noop":
        return w.s(op, 0), frozenset()
    if op == "choose":
        options = st.get("options")
        if not isinstance(options, list | tuple) or not options:
            raise NoWords(options)
        return w.s(op, 0, options=" ".join(f"● {_statements_words(w, o)}" for o in options)), frozenset(
            ("options",)
        )
    if op == "if":  # the condition as the card writes it, then the statements it governs
        then = st.get("then")
        if not isinstance(then, list | tuple) or not then or not isinstance(st.get("text"), str):
            raise NoWords(st)
        sentence = w.s(op, 0, condition=st["text"], statements=_statements_words(w, then))
        return sentence, frozenset(("cond", "then", "text"))
    if op == "unknown":
        return w.s(op, 0, text=str(st.get("text"))), frozenset(("text", "position", "expected", "suggestion"))
    raise NoWords(op)


def _selected(w: Words, st: dict[str, Any]) -> str:
    """A ``select``: "select 1 opponent", "select 2 heroes", "select 1 COMPANHEIRO from the TABULEIRO"."""
    count, what = st.get("count"), st.get("what")
    if not is_count(count):
        raise NoWords(count)
    if what == "hero":
        who = str(st.get("who") or "any")
        which = SELECT_HEROES.get(who)
        if which is None or st.get("type") or st.get("zone") or st.get("owner"):
            raise NoWords(st)
        if st.get("near") is not None:
            return w.t.contract(
                w.t.np("statement sentence", *SELECT_NEAR[who], count, near=w.near(st["near"]))
            )
        return w.n("select", which, count)
    if what == "card" and st.get("who") is None:
        phrase = {k: st[k] for k in ("count", "type", "zone", "owner") if k in st}
        return w.s("select", 0, what=w.cards({"card": "choose", **phrase}))
    raise NoWords(st)


def statement_text(st: Any, lang: str = "en", depth: int = 0) -> str:
    """A statement (its plain data: ``detail["statements_data"]``, a decision's ``statement``) as a short
    sentence in ``lang``, made from its kind's template in :data:`SENTENCES` and its values. Resources,
    attributes, zones and card types stay as the cards write them.

    A field the sentence does not word (a newer engine's) follows it as data; a kind or a value it cannot
    word gives the statement's :func:`statement_label`. It never raises. The text is plain: escape it
    for HTML, as every value.

    >>> statement_text({"op": "heal", "amount": 5, "resource": "VIDA"})
    'heal 5 VIDA'
    >>> statement_text({"op": "heal", "amount": 5, "resource": "VIDA"}, "pt-BR")
    'cura 5 de VIDA'
    >>> statement_text({"op": "draw", "count": 2, "target": {"who": "self"}}, "es")
    'roba 2 cartas'
    >>> statement_text({"op": "damage", "amount": 3, "resource": "VIDA",
    ...                 "target": {"who": "selected"}}, "pt-BR")
    'causa 3 de DANO ao alvo'
    >>> statement_text({"op": "warp", "speed": 9}, "pt-BR")  # a kind this view does not know
    'warp(speed=9)'

    A typed statement (:mod:`rulekit.apoteose.statements`) is read as its plain data.
    """
    st = _plain_statement(st)
    if not isinstance(st, dict):
        return str(st)
    if depth > _MAX_DEPTH:
        return statement_label(st, lang)
    w = Words(lang, depth)
    try:
        text, used = _sentence(w, st)
        for part, params in w.tails:
            text = w.t.p("statement sentence", SENTENCE_PARTS[part], sentence=text, **params)
        rest = {k: v for k, v in st.items() if k not in used and k not in ("op", "until")}
        until = st.get("until")
        if until is not None:
            if until in DURATION_PHRASES:
                text = f"{text} {w.t.p('duration', DURATION_PHRASES[str(until)])}"
            else:
                rest["until"] = until
    except (NoWords, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return statement_label(st, lang)
    if rest:
        t = w.t
        text += (
            " ("
            + ", ".join(
                f"{t.p('statement field', k) if k in STATEMENT_FIELDS else k}={v}" for k, v in rest.items()
            )
            + ")"
        )
    return contract(text, lang)


def statements_text(sts: Sequence[Any], lang: str = "en") -> str:
    """Statements' sentences, ``; ``-joined (an option of "Escolha um")."""
    return "; ".join(statement_text(s, lang) for s in sts)


def paid_words(detail: dict[str, Any] | None, lang: str = "en") -> str:
    """What a ``pay`` event paid (its ``detail``), in ``lang``: a cost's or an action's sentence made from its
    data (``requirement_data``, :func:`statement_text`), as a resolution's statements are; the task, an
    Apoteose keyword (Consumir, Descartar…), as written. A trace without the data (an older one) gives the
    card's own words (``requirement``).

    >>> paid_words({"requirement": "Consuma 2 de ESTAMINA", "kind": "cost", "requirement_data":
    ...     {"op": "consume", "amount": 2, "resource": "ESTAMINA", "target": {"who": "self"}}}, "es")
    'consume 2 de ESTAMINA'
    >>> paid_words({"requirement": "Consumir", "kind": "task",
    ...             "requirement_data": {"op": "exhaust", "card": "self"}}, "pt-BR")
    'Consumir'
    >>> paid_words({"requirement": "Descarte uma carta", "kind": "cost"})  # an older trace: no data
    'Descarte uma carta'
    """
    detail = detail or {}
    data = detail.get("requirement_data")
    if detail.get("kind") == "task" or not isinstance(data, dict):
        return str(detail.get("requirement") or "")
    return statement_text(data, lang)


def prompt_words(
    code: str, params: dict[str, Any] | None = None, lang: str = "en", effect_ids: bool = False
) -> str:
    """A decision prompt (``prompt_code`` + ``prompt_params``) in ``lang`` (``""`` for no code); an effect in
    words (:func:`effect_words`), or as its id with ``effect_ids`` (the trace's data, its ``prompt``).

    ``PAY`` (which card or hero pays a cost) is the cost's sentence (:func:`paid_words`); with
    ``effect_ids``, the trace's ``prompt`` keeps the card's own words (``requirement``), as the ``pay``
    event's ``requirement`` does."""
    params = dict(params or {})
    if code == "PAY":
        return str(params.get("requirement", "")) if effect_ids else paid_words(params, lang)
    if code == "CHOOSE_ONE":
        return "Escolha um"
    if code == "STATEMENT":
        return statement_text(params.get("statement") or {}, lang)
    if code not in PROMPTS:
        return ""
    if "stage" in params:
        params["stage"] = state_words(params["stage"], lang)
    params = params if effect_ids else _with_effect_words(params, lang)
    try:
        return translator(lang)(PROMPTS[code], **params)
    except (KeyError, IndexError, ValueError):
        return translator(lang)(PROMPTS[code])


def label_words(
    code: str, params: dict[str, Any] | None = None, lang: str = "en", effect_ids: bool = False
) -> str:
    """An option's label (``label_code`` + ``label_params``) in ``lang`` (``""`` for no code); the card's
    effect in words (:func:`effect_words`), or as its id with ``effect_ids`` (the trace's ``label``)."""
    params = dict(params or {})
    t = translator(lang)
    if code == "PASS":
        return t(LABELS["PASS"])
    if code == "ANSWERS":
        return contract(
            t(
                LABELS["ANSWERS"],
                hero=params.get("hero"),
                name=params.get("name"),
                effect=params.get("effect")
                if effect_ids
                else effect_words(params.get("effect"), lang, short=True),
                event=event_words(params.get("event"), lang),
            ),
            lang,
        )
    if code == "STATEMENTS":
        return statements_text(params.get("statements") or [], lang)
    return ""


def prompt_text(point: Any, lang: str = "en") -> str:
    """A decision point's prompt in ``lang``, from its ``prompt_code`` and ``prompt_params`` (its
    ``prompt`` as it is when it has no code)."""
    code = getattr(point, "prompt_code", "")
    words = prompt_words(code, getattr(point, "prompt_params", {}), lang) if code else ""
    return words or str(getattr(point, "prompt", "") or "")


def option_text(option: Any, lang: str = "en") -> str:
    """An option's label in ``lang``, from its ``label_code`` and ``label_params`` (its label, else its
    id, when it has no code)."""
    code = getattr(option, "label_code", "")
    words = label_words(code, getattr(option, "label_params", {}), lang) if code else ""
    return words or str(getattr(option, "label", "") or getattr(option, "id", ""))
