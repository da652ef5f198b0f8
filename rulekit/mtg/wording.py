"""The English words of an MTG trace's reason codes, as the trace's JSON gives them.

The engine records a stable code and its parameters; ``Dependency.reason`` and ``EffectInfo.note``
are the English sentences of those codes, because ``rulekit solve --json`` promises them. Every
other rendering (tables, explanations, diagrams, Portuguese and Spanish) works from the codes in
:mod:`rulekit.views.reasons`. This module imports nothing from rulekit, so the trace can use it.

* :func:`dependency_reason` -- a dependency's code (613.8a): ``existence``, ``text``,
  ``applies_to``, ``what_it_does``.
* :func:`effect_note` -- why an effect did not apply (or applied only in part): ``switched_off``,
  ``ended``, ``never_started``, ``ability_removed``, ``illegal_target``, ``did_not_apply``.

>>> print(dependency_reason("text", (("by", "Artificial Evolution"), ("effect", "Goblin King"))))
Artificial Evolution changes the text of Goblin King's ability
>>> effect_note("ended", (("until", "end of turn"),))
'ended at end of turn'
"""

from __future__ import annotations

from typing import Any


def _p(params: Any) -> dict[str, Any]:
    return dict(params or ())


def names_list(names: Any, count: int | None = None) -> str:
    """``"A, B, C, D, 3 more"``: at most four names, then how many more."""
    items = [str(n) for n in names][:4]
    total = len(items) if count is None else count
    if total > 4:
        items.append(f"{total - 4} more")
    return ", ".join(items)


def dependency_reason(code: str, params: Any) -> str:
    """The sentence for a dependency (``Dependency.kind`` and ``Dependency.params``)."""
    p = _p(params)
    by, effect = p.get("by", ""), p.get("effect", "")
    if code == "existence":
        if "condition" in p:
            return (
                f"{by} changes whether {effect}'s condition ('{p['condition']}') holds, "
                "so whether its effect exists"
            )
        return f"{by} removes {p.get('source', '')}'s ability, so {effect}'s effect no longer exists"
    if code == "text":
        return f"{by} changes the text of {effect}'s ability"
    if code == "applies_to":
        bits = []
        if p.get("gained_count"):
            bits.append(f"it would also apply to {names_list(p['gained'], p['gained_count'])}")
        if p.get("lost_count"):
            bits.append(f"it would no longer apply to {names_list(p['lost'], p['lost_count'])}")
        return f"{by} changes what {effect} applies to: {' and '.join(bits)}"
    if code == "what_it_does":
        return f"{by} changes what {effect} does to {names_list(p.get('objects', ()), p.get('count'))}"
    return code.replace("_", " ")


def _target_failure(f: Any) -> str:
    f = _p(f)
    if f.get("code") == "bad_value":
        return (
            f"{f['name']} has {f['characteristic']} {f['value']}, not {f['op']} {f['bound']} ({f['expr']})"
        )
    where = f.get("where", "battlefield")
    return f"{f['name']} is not a {f['selector']}" + ("" if where == "battlefield" else f" ({where})")


def effect_note(code: str, params: Any) -> str:
    """The sentence for why an effect did not apply, or applied only in part (``EffectInfo.note_code``)."""
    p = _p(params)
    if code == "switched_off":
        return "switched off"
    if code == "ended":
        if p.get("until"):  # "end of turn", "the start of Ann's next turn", "end of combat"...
            return f"ended at {p['until']}"
        return f"ended: '{p.get('condition', '')}' no longer holds"
    if code == "never_started":
        if "condition" in p:
            return f"never started: '{p['condition']}' was already false when it resolved (611.2b)"
        return "never started: its duration had already ended when it would begin (611.2b)"
    if code == "ability_removed":
        if p.get("by"):
            return f"{p['by']} removed its ability before it applied (layer {p['layer']})"
        return f"its ability was gone before it applied in layer {p['layer']}"
    if code == "illegal_target":
        failures = "; ".join(_target_failure(f) for f in p.get("failures", ()))
        if p.get("all"):
            return (
                "608.2b: did nothing, every target was illegal on resolution "
                f"(targets must be '{p.get('rule', '')}'): {failures}"
            )
        return f"608.2b: illegal target not affected: {failures}"
    if code == "did_not_apply":
        return "did not apply"
    return code.replace("_", " ")
