"""PredictionCheck: predict, then check against the trace — with the explanation from the trace.

The learner types a prediction (a P/T such as ``5/5``, a controller's name, or a resolution
order such as ``escudo, pocao``); **Check** says right or wrong and explains from the trace;
**Reveal** shows the answer with the full step-by-step reasoning.

>>> from rulekit.mtg.trace import ObjectView, Trace
>>> bears = ObjectView(id="bears", name="Grizzly Bears", owner="A", controller="A", zone="battlefield",
...                    types=("Creature",), power=2, toughness=2)
>>> t = Trace("seed", "demo", initial={"bears": bears}, final={"bears": bears})
>>> p = PredictionCheck(t, "pt", "bears")
>>> p.answer.value = "2 / 2"; p.check.click(); p.correct
True
"""

from __future__ import annotations

import contextlib
import re
from html import escape
from typing import Any

from rulekit.errors import RulekitError
from rulekit.widgets._base import Guarded, apply_scale, guarded, wrap

KINDS = ("pt", "controller", "order")


def _norm_pt(text: str) -> str:
    return re.sub(r"\s+", "", str(text)).replace("−", "-")


def _norm_word(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip().casefold()


class PredictionCheck(Guarded):
    """A predict-then-check exercise on one trace.

    Args:
        trace: an MTG :class:`~rulekit.mtg.trace.Trace` or an Apoteose
            :class:`~rulekit.apoteose.trace.ChainTrace`.
        kind: ``"pt"`` (an object's final P/T), ``"controller"`` (an object's final controller)
            or ``"order"`` (the resolution order of a chain; for MTG, the order the effects
            applied, optionally within ``layer``).
        target: the object id for ``pt`` / ``controller``.
        question: the prompt shown; a sensible one is written when omitted.
        layer: for ``order`` on an MTG trace, restrict to one layer (e.g. ``"7b"``).
        scale: font-size factor for projectors.

    Handles: ``answer`` (Text), ``check`` and ``reveal`` (Buttons), ``question``, ``result`` and
    ``error`` (HTML outputs), ``correct`` (``None`` until checked), ``widget`` (the box).
    """

    def __init__(
        self,
        trace: Any,
        kind: str = "pt",
        target: str | None = None,
        *,
        question: str | None = None,
        layer: str | None = None,
        scale: float = 1.0,
    ) -> None:
        import ipywidgets as w

        self.scale = scale
        self._init_error_box()
        self.trace = trace
        self.kind = kind
        self.target = target
        self.layer = layer
        self.correct: bool | None = None
        self.question = w.HTML(value="")
        self.answer = w.Text(
            value="",
            description="Prediction",
            placeholder=self._placeholder(),
            continuous_update=False,
            layout=w.Layout(width="28em"),
        )
        self.answer.description_tooltip = "Type your prediction, then press Check"
        self.check = w.Button(
            description="Check",
            tooltip="Check your prediction against the engine",
            button_style="primary",
            icon="check",
        )
        self.reveal = w.Button(description="Reveal", tooltip="Show the answer and why", icon="eye")
        self.result = w.HTML(value="")
        apply_scale([self.question, self.answer, self.check, self.reveal, self.result], scale)
        self.check.on_click(lambda _b: self.do_check())
        self.reveal.on_click(lambda _b: self.do_reveal())
        self.widget = w.VBox(
            [self.question, w.HBox([self.answer, self.check, self.reveal]), self.result, self.error]
        )
        self._setup(question)

    # ------------------------------------------------------------------ set-up
    def _placeholder(self) -> str:
        return {"pt": "e.g. 5/5", "controller": "a player's name", "order": "e.g. a, b, c"}.get(self.kind, "")

    @guarded
    def _setup(self, question: str | None) -> None:
        if self.kind not in KINDS:
            raise RulekitError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}", code="BAD_KIND")
        if self.kind in ("pt", "controller"):
            final = getattr(self.trace, "final", None)
            if final is None or self.target not in final:
                known = ", ".join(sorted(final or {}))
                raise RulekitError(
                    f"unknown object {self.target!r} (objects: {known})", code="UNKNOWN_OBJECT"
                )
        self.question.value = wrap(
            f"<strong>Predict:</strong> {escape(question or self._default_question())}", self.scale
        )

    def _name(self, oid: str | None) -> str:
        final = getattr(self.trace, "final", {}) or {}
        view = final.get(oid)
        return str(view.name) if view is not None else str(oid)

    def _default_question(self) -> str:
        if self.kind == "pt":
            return f"What are {self._name(self.target)}'s power and toughness after every effect applies?"
        if self.kind == "controller":
            return f"Who controls {self._name(self.target)} after every effect applies?"
        if hasattr(self.trace, "resolution_order"):
            return "In which order do the cards resolve? (card ids, separated by commas)"
        where = f" in layer {self.layer}" if self.layer else ""
        return f"In which order do the effects apply{where}? (effect ids or names, separated by commas)"

    # ------------------------------------------------------------------ the answer
    def expected(self) -> str:
        """The right answer, as text."""
        if self.kind == "pt":
            return str(self.trace.final[self.target].pt)
        if self.kind == "controller":
            return str(self.trace.final[self.target].controller)
        return ", ".join(self._order())

    def _order(self) -> list[str]:
        if hasattr(self.trace, "resolution_order"):
            return list(self.trace.resolution_order)
        out: list[str] = []
        for step in self.trace.steps:
            if self.layer and step.layer != self.layer:
                continue
            if step.effect not in out:
                out.append(step.effect)
        return out

    def _matches(self, guess: str) -> bool:
        if self.kind == "pt":
            return _norm_pt(guess) == _norm_pt(self.expected())
        if self.kind == "controller":
            return _norm_word(guess) == _norm_word(self.expected())
        items = [_norm_word(x) for x in re.split(r"[,;>→]+", guess) if x.strip()]
        want = self._order()
        if len(items) != len(want):
            return False
        for item, eid in zip(items, want, strict=True):
            names = {_norm_word(eid)}
            if not hasattr(self.trace, "resolution_order"):
                with contextlib.suppress(KeyError):
                    names.add(_norm_word(self.trace.effect(eid).name))
            if item not in names:
                return False
        return True

    # ------------------------------------------------------------------ explanations
    def explanation(self, full: bool = True) -> list[str]:
        """Why the answer is what it is, read from the trace (``full=False``: without values)."""
        from rulekit.views import mtg as mv

        if hasattr(self.trace, "resolution_order"):
            lines = []
            for ev in self.trace.events:
                if ev.event in ("resolve", "stopped", "truncated", "negated", "refused"):
                    why = (ev.detail or {}).get("reason", "")
                    lines.append(
                        f"#{ev.index} {ev.card or ev.effect}: {ev.event}" + (f" ({why})" if why else "")
                    )
            lines.append(
                "Responses resolve depth-first: the last frame added resolves first, then the "
                "spotlight returns to the frame it answered."
            )
            return lines
        if self.kind == "order":
            table = mv.layer_table(self.trace)
            return [
                f"{r[0]}. layer {r[1]}: {r[2]} (ts {r[4]}) — {r[5]}"
                for r in table.rows
                if not self.layer or r[1] == self.layer
            ]
        chars = {"pt": ("power", "toughness"), "controller": ("controller",)}[self.kind]
        st = mv.states(self.trace)
        lines = []
        for i, step in enumerate(self.trace.steps):
            if not any(ch.object_id == self.target and ch.characteristic in chars for ch in step.changes):
                continue
            name = mv.effect_name(self.trace, step.effect)
            ts = mv.fmt_value(step.timestamp)
            head = f"layer {step.layer}: {name} (timestamp {ts}, {mv.why_text(self.trace, step)})"
            if full:
                oid = str(self.target)
                b, a = st[i][oid], st[i + 1][oid]
                val = f"{b.pt} → {a.pt}" if self.kind == "pt" else f"{b.controller} → {a.controller}"
                head += f": {val}"
            lines.append(head)
        if not lines:
            lines.append("No effect changes it: it keeps its printed value.")
        return lines

    # ------------------------------------------------------------------ actions
    @guarded
    def do_check(self) -> None:
        self._set_error(None)
        guess = self.answer.value.strip()
        if not guess:
            self.correct = None
            self.result.value = wrap("<em>Type a prediction first.</em>", self.scale)
            return
        self.correct = self._matches(guess)
        if self.correct:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
            self.result.value = wrap(
                f"<p><strong>✔ Right:</strong> {escape(self.expected())}.</p><p>Why:</p><ol>{items}</ol>",
                self.scale,
            )
        else:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=False))
            self.result.value = wrap(
                f"<p><strong>✘ Not quite</strong> — you said {escape(guess)}.</p>"
                "<p>These are the steps that matter, in the order they apply "
                "(press Reveal for the values):</p>"
                f"<ol>{items}</ol>",
                self.scale,
            )

    @guarded
    def do_reveal(self) -> None:
        self._set_error(None)
        items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
        self.result.value = wrap(
            f"<p><strong>Answer:</strong> {escape(self.expected())}</p><ol>{items}</ol>", self.scale
        )

    def __repr__(self) -> str:
        return (
            f"<PredictionCheck {self.kind} {self.target or ''} on {getattr(self.trace, 'scenario', '?')!r}>"
        )
