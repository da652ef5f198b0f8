"""Reasons in words, in every language: a reason *code* and its parameters → a sentence.

The trace holds reasons as data (a code and named parameters); this module is the one place that
turns them into sentences, through the gettext catalog (:mod:`rulekit.i18n`). Each code maps to
an English msgid with **named placeholders**; the parameters fill them after translation:

>>> reason_text(Reason.DEPENDS_ON, {"waited": "Urborg", "because": ""}, lang="es")
'Depende de Urborg, así que esperó a que se aplicara (613.8a).'
>>> reason_text("TIMESTAMP", {"ts": 3})
'No effect it depends on is waiting, so timestamp order holds: timestamp 3 (613.7).'

An unknown code is shown as the code with its parameters, never dropped:

>>> reason_text("SOMETHING_NEW", {"x": 1})
'SOMETHING_NEW (x=1)'

:data:`REASONS` (step explanations) and :data:`WHY` (the layer table's short "why" column) are the
tables to extend when the MTG engine adds a code (the Apoteose engine's codes have their messages in
:mod:`rulekit.apoteose.wording`);
``tests/i18n`` checks that every msgid in them is translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekit.i18n import N_, translator

# The MTG engine's codes have their messages in rulekit.mtg.messages (one module, every language).
from rulekit.mtg import messages as mtg_messages
from rulekit.mtg.codes import Origin, Reason, Why
from rulekit.views.mtg_words import (
    change_lines,
    dependency_reason,
    effect_name,
    fmt_value,
    layer_text,
    object_name,
)
from rulekit.views.mtg_words import why_text as short_why

__all__ = ["error_text", "reason_text"]

#: Step explanations (why a step came when it did), by reason code: the MTG engine's
#: (:data:`rulekit.mtg.messages.STEP`), with the explorers' errors below. (The Apoteose engine's codes
#: have their messages in :mod:`rulekit.apoteose.wording`.)
REASONS: dict[str, str] = dict(mtg_messages.STEP)
#: The explorers' own error messages (a teacher's typo in a lesson cell), so the message box speaks
#: the lesson's language; the location and "did you mean" are added around them.
ERRORS: dict[str, str] = {
    "UNKNOWN_EFFECT": N_("no effect '{effect}' in {scenario} (effects: {effects})"),
    "UNKNOWN_OBJECT": N_("unknown object '{object}' (objects: {objects})"),
    "UNKNOWN_LANGUAGE": N_("'{lang}' is not a language of rulekit ({languages})"),
    "WITHOUT_NEEDS_SCENARIO": N_(
        "without= switches effects off before solving: give the scenario (a name or a path), "
        "not a solved trace"
    ),
    "NO_SELECTION": N_("pick an effect in the timestamp list first"),
    "NO_DECISION": N_("no decision is waiting: the chain is over"),
}
REASONS.update(ERRORS)

_JOINERS = (N_(" and "),)

#: The layer table's short "why" column, by the step's ``why`` code (:data:`rulekit.mtg.messages.WHY`).
WHY: dict[str, str] = mtg_messages.WHY


def reason_text(code: str, params: dict[str, Any] | None = None, lang: str = "en") -> str:
    """The sentence for reason ``code`` with ``params`` in ``lang`` (see the module doc)."""
    params = dict(params or {})
    msgid = REASONS.get(code)
    if msgid is None:
        inside = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{code} ({inside})" if inside else code
    return translator(lang)(msgid, **params)


def why_text(trace: Any, step: Any, lang: str = "en") -> str:
    """The short "why" of a step (the layer table's column) in ``lang``: ``CDA``, ``timestamp``,
    ``waited on X``, ``loop (A, B) → timestamp``, or ``counters (no timestamp)``
    (:func:`rulekit.views.mtg_words.why_text`)."""
    return short_why(trace, step, lang)


def why_phrase(trace: Any, step: Any, lang: str = "en") -> str:
    """:func:`why_text` for use inside a sentence: a plain timestamp step reads "timestamp order"."""
    if step.why == Why.TIMESTAMP and not step.waited_on:
        origin = next((e.origin for e in getattr(trace, "effects", ()) if e.id == step.effect), None)
        if origin != Origin.COUNTERS or step.timestamp is not None:
            t = translator(lang)
            return t("timestamp order")
    return why_text(trace, step, lang)


def step_reason(trace: Any, step: Any, lang: str = "en") -> str:
    """Why step ``step`` came where it did, as a sentence in ``lang`` (the reason codes above)."""
    t = translator(lang)
    origin = next((e.origin for e in trace.effects if e.id == step.effect), None)
    place_code = {"players": Reason.PLAYERS_AFTER_OBJECTS, "rules": Reason.RULES_LAST}.get(step.layer)
    place = reason_text(place_code, {}, lang) if place_code else ""
    ts = fmt_value(step.timestamp)
    if origin == Origin.COUNTERS:
        code = Reason.COUNTERS_CURRENT if trace.ruleset == "current" else Reason.COUNTERS_SEED
        reason = reason_text(code, {"layer": step.layer}, lang)
    elif step.why == Why.CDA:
        reason = reason_text(Reason.CDA_FIRST, {}, lang)
    elif step.why == Why.WAITED_ON:
        waiting = ", ".join(effect_name(trace, e, t) for e in getattr(step, "waited_by", ()))
        reason = reason_text(Reason.WAITED_BY, {"waiting": waiting, "ts": ts}, lang)
    elif step.why == Why.LOOP:
        members = ", ".join(effect_name(trace, e, t) for e in step.loop)
        reason = reason_text(Reason.LOOP, {"members": members}, lang)
    elif step.waited_on:
        waited = ", ".join(effect_name(trace, e, t) for e in step.waited_on)
        reasons = [
            dependency_reason(trace, d, t)
            for d in trace.dependencies
            if d.effect == step.effect and d.depends_on in step.waited_on and d.kind
        ]
        because = f" ({reasons[0]})" if reasons else ""
        reason = reason_text(Reason.DEPENDS_ON, {"waited": waited, "because": because}, lang)
    elif place:
        return reason_text(Reason.TIMESTAMP_AMONG, {"place": place, "ts": ts}, lang)
    else:
        reason = reason_text(Reason.TIMESTAMP, {"ts": ts}, lang)
    return f"{place} {reason}" if place else reason


def explain_step(trace: Any, k: int, lang: str = "en", states: Sequence[dict[str, Any]] | None = None) -> str:
    """One paragraph about step ``k`` (1-based; 0 = before any effect) in ``lang``: the one place that
    writes it, in every language (:func:`rulekit.views.mtg.explain_step` is this in English). The
    reason is :func:`step_reason`'s; the changes are :func:`rulekit.views.mtg.change_lines`'s, in
    ``lang``. A caller explaining every step passes ``states`` (:func:`rulekit.views.mtg.states`,
    replayed once), so the trace is not replayed per step.

    >>> from rulekit import mtg
    >>> trace = mtg.solve(mtg.load_scenario("seed/humility-then-gideon"))
    >>> explain_step(trace, 0).startswith("Before any effect")
    True
    >>> explain_step(trace, 1, "pt-BR").startswith("Passo 1 de")
    True
    """
    t = translator(lang)
    n = len(trace.steps)
    if n == 0:
        return t(
            "No continuous effect applies in {scenario}: every object keeps its printed values.",
            scenario=trace.scenario,
        )
    if k <= 0:
        return t.n(
            "Before any effect: every object has its copiable (printed) values. {n} effect part will "
            "apply; press ▶ to apply it.",
            "Before any effect: every object has its copiable (printed) values. {n} effect parts will "
            "apply, layer by layer; press ▶ to apply the first one.",
            n,
        )
    k = min(k, n)
    step = trace.steps[k - 1]
    name = effect_name(trace, step.effect, t)
    origin = next((e.origin for e in trace.effects if e.id == step.effect), None)
    src = (
        t(" (from {source})", source=object_name(trace, step.source))
        if step.source and step.source != step.effect
        else ""
    )
    if states is not None:
        before, after = states[k - 1], states[k]
    else:
        before, after = trace.states_around(k)
    lines = change_lines(trace, step, before, after, t)
    what = "; ".join(lines) if lines else t("it changes nothing visible")
    no_stamp = origin == "counters" and step.timestamp is None
    stamp = "" if no_stamp else t(", timestamp {ts}", ts=fmt_value(step.timestamp))
    return t(
        "Step {k} of {n} — layer {layer}: {name}{source}{stamp}. {reason} Result: {result}.",
        k=k,
        n=n,
        layer=layer_text(step.layer, t, after_layer=True),
        name=name,
        source=src,
        stamp=stamp,
        reason=step_reason(trace, step, lang),
        result=what,
    )


def error_text(exc: Any, lang: str = "en") -> str:
    """A :class:`~rulekit.errors.RulekitError` as one line in ``lang``: its place and field as they
    are (data), its message from its catalogue message and parameters
    (:meth:`~rulekit.errors.RulekitError.text_in`), and "did you mean" in ``lang``."""
    t = translator(lang)
    if t.lang == "en" or not hasattr(exc, "message"):
        return str(exc)
    if not hasattr(exc, "text_in"):
        return str(exc)
    # a message without a catalogue message stays as written (never read back from its English)
    return str(exc.text_in(t))
