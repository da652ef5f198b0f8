"""The English words of what the engine records as data: decision prompts, option labels, the game
events a response answers, and statements (reasons are data; words are rendered once, here).

The trace and the decision points keep a ``code`` and its ``params``; these functions give their
English words, which the engine also keeps next to the data for older readers (``detail["answers_text"]``,
``DecisionPoint.prompt``, ``Option.label``, the statement labels of ``resolve``/``truncated``). The views
(:mod:`rulekit.views.chain`) render the same data in the reader's language; the English here is the
source text a translation starts from. Nothing here decides anything.

>>> prompt_words("RESPOND", {"effect": "raio#0", "stage": "halt"})
'respond to raio#0 (halt)'
>>> event_words({"kind": "heal", "moment": "before", "frame": 0, "resource": "VIDA", "card": None,
...              "patient": "ana"})
'before heal VIDA to ana (#0)'
>>> statement_words({"op": "draw", "count": 2})
'draw(count=2)'
"""

from __future__ import annotations

from typing import Any

#: Decision prompts: code -> English with ``{param}`` fields.
PROMPTS: dict[str, str] = {
    "RESPOND": "respond to {effect} ({stage})",
    "RESPOND_CLOSED": "respond to {effect} ({stage}: closed, R-10)",
    "NO_RESPONSES": "{stage} {effect}: no responses",
    "AUTO_TIE": "tie between Auto effects (R-05)",
    "PAY": "{requirement}",  # the requirement's text, quoted from the card
    "TASK": "task {task}",
    "STATEMENT": "{statement}",  # a statement (its data), for a choice it needs
    "CHOOSE_ONE": "Escolha um",  # the card's own words (seed «Escolha um»)
}
#: Option labels: code -> English (an option without a code is labelled by its id).
LABELS: dict[str, str] = {
    "PASS": "pass",
    "ANSWERS": "{hero}: {name} ({effect}) — answers {event}",
    "STATEMENTS": "{statements}",
}
#: A game event's kind in words (``describe``); a kind not listed is its own word.
EVENT_WORDS: dict[str, str] = {
    "heal": "heal", "recover": "recovery", "damage": "damage", "lose": "loss", "consume": "consume",
    "discard": "discard", "bury": "bury", "banish": "banish", "target": "target", "attack": "attack",
    "test": "test", "roll": "roll", "draw": "draw", "resolve": "resolution", "enter": "entering play",
    "leave": "leaving play", "exhaust": "exhaust", "reveal": "reveal",
}


def event_words(ev: dict[str, Any]) -> str:
    """A game event (its data: ``kind``, ``moment``, ``frame``, ``resource``, ``card``, ``patient``) in
    words."""
    frame = ev.get("frame")
    if ev.get("kind") == "activate":
        return f"the activation of #{frame}"
    where = f" (#{frame})" if frame is not None else ""
    text = EVENT_WORDS.get(str(ev.get("kind")), str(ev.get("kind")))
    patient = f"to {ev['patient']}" if ev.get("patient") else None
    bits = [b for b in (ev.get("resource"), ev.get("card"), patient) if b]
    pre = "before " if ev.get("moment") == "before" else ""
    return f"{pre}{text}{' ' + ' '.join(bits) if bits else ''}{where}"


def statement_words(st: dict[str, Any]) -> str:
    """A statement (its plain data) as a label: ``heal(amount=5, resource=VIDA)``.

    This label is a contract of the JSON (``detail["statements"]``, ``done``, ``skipped``, ``Option.label``,
    ``DecisionPoint.prompt``) that the CLI and older readers read, so it stays a data label; the views show
    the statement as a sentence in the reader's language (:func:`rulekit.views.chain.statement_text`:
    ``heal 5 VIDA``, ``cura 5 de VIDA``), and their fallback (``statement_label``) is this same English."""
    rest = ", ".join(f"{k}={v}" for k, v in st.items() if k not in ("op", "options"))
    return f"{st.get('op')}({rest})" if rest else str(st.get("op"))


def statements_words(sts: list[dict[str, Any]]) -> str:
    return "; ".join(statement_words(s) for s in sts)


def _fill(template: str, params: dict[str, Any]) -> str:
    p = dict(params)
    if isinstance(p.get("event"), dict):
        p["event"] = event_words(p["event"])
    if isinstance(p.get("statement"), dict):
        p["statement"] = statement_words(p["statement"])
    if isinstance(p.get("statements"), list):
        p["statements"] = statements_words(p["statements"])
    try:
        return template.format(**p)
    except (KeyError, IndexError, ValueError):
        return template


def prompt_words(code: str, params: dict[str, Any] | None = None) -> str:
    """A decision prompt's English words (``""`` for no code)."""
    return _fill(PROMPTS[code], params or {}) if code in PROMPTS else ""


def label_words(code: str, params: dict[str, Any] | None = None) -> str:
    """An option label's English words (``""`` for no code)."""
    return _fill(LABELS[code], params or {}) if code in LABELS else ""
