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
import os
import re
from typing import Any

from rulekit.errors import RulekitError
from rulekit.views.markup import escape
from rulekit.widgets._base import Guarded, guarded, row

KINDS = ("pt", "controller", "types", "subtypes", "colors", "order")
KIND_ALIASES = {"resolution_order": "order", "colours": "colors", "p/t": "pt", "type": "types"}
_VIEW_KINDS = ("pt", "controller", "types", "subtypes", "colors")
#: The answer box's hint by kind: the format in words, and examples to show with it. The first example
#: that is not the right answer is shown (a hint must never give the answer away).
PLACEHOLDER_FORMATS: dict[str, tuple[str, tuple[str, ...]]] = {
    "pt": ("power/toughness", ("2/3", "3/2", "1/4")),
    "controller": ("a player's name", ()),
    "order": ("ids in order, separated by commas", ("a, b, c", "x, y")),
    "types": ("the type line", ("Artifact Creature — Golem", "Enchantment — Aura")),
    "subtypes": ("subtypes, separated by commas", ("Plains, Island", "Goblin, Warrior")),
    "colors": ("colours, separated by commas", ("white, blue", "black, red")),
}


def _norm_pt(text: str) -> str:
    return re.sub(r"\s+", "", str(text)).replace("−", "-")


def _norm_word(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip().casefold()


def _word_set(text: str) -> set[str]:
    """Words of a types/colours answer, ignoring separators: ``"Land — Swamp, Mountain"``."""
    return {w.casefold() for w in re.split(r"[\s,;—–/-]+", str(text)) if w}


def _show(kind: str, view: Any) -> str:
    from rulekit.views import mtg as mv

    if kind == "pt":
        return str(view.pt)
    if kind == "controller":
        return str(view.controller)
    if kind == "types":
        return mv.type_line(view)
    if kind == "subtypes":
        return ", ".join(view.subtypes) or "none"
    return ", ".join(view.colors) or "colourless"


def _solve(scenario: Any, without: Any, ruleset: str) -> Any:
    """Solve a scenario given by name/path/object: the Apoteose chain or the MTG layers."""
    from rulekit.views.commands import scenario_game
    from rulekit.widgets._base import load_input

    if isinstance(scenario, str | os.PathLike) and scenario_game(os.fspath(scenario)) == "apoteose":
        from rulekit import apoteose

        return apoteose.run_chain(apoteose.load_scenario(os.fspath(scenario)))
    if not isinstance(scenario, str) and hasattr(scenario, "build_game"):
        from rulekit import apoteose

        return apoteose.run_chain(scenario)
    from rulekit import mtg

    sc = load_input(scenario, mtg.load_scenario, ("effects", "without"), "a trace or a scenario")
    without = (without,) if isinstance(without, str) else tuple(without or ())
    known = [e["id"] for e in sc.effects()]
    unknown = [eid for eid in without if eid not in known]
    if unknown:
        from rulekit.yamlsrc import suggest

        raise RulekitError(
            f"without: unknown effect id {unknown[0]!r}: the effects are {', '.join(known)}",
            code="UNKNOWN_EFFECT",
            suggestion=suggest(str(unknown[0]), known),
        )
    if without:
        sc = sc.without(without)
    return mtg.solve(sc, ruleset=ruleset)


class PredictionCheck(Guarded):
    """A predict-then-check exercise on one trace.

    Args:
        trace: an MTG :class:`~rulekit.mtg.trace.Trace`, an Apoteose
            :class:`~rulekit.apoteose.trace.ChainTrace`, or a scenario (built-in name, path or
            loaded scenario) that is solved here — ``apoteose/...`` names run the chain.
        kind: what to predict (alias ``ask=``): ``"pt"``, ``"controller"``, ``"types"`` (the
            type line; the subtypes alone are accepted too), ``"subtypes"``, ``"colors"``, or
            ``"order"`` (alias ``"resolution_order"``: a chain's resolution order; for MTG the
            order the effects applied, optionally within ``layer``).
        target: the object id (alias ``object=``) for the per-object kinds.
        question: the prompt shown; a sensible one is written when omitted.
        layer: for ``order`` on an MTG trace, restrict to one layer (e.g. ``"7b"``).
        without: effect ids to switch off before solving a scenario given by name.
        ruleset: ``"seed"`` or ``"current"`` when solving a scenario given by name.
        scale: font-size factor for projectors; the starting value of the ``text_size`` knob.

    Handles: ``answer`` (Text), ``check`` and ``reveal`` (Buttons), ``text_size`` (Dropdown "Text
    size", see :meth:`set_scale`), ``question``, ``result`` and
    ``error`` (HTML outputs), ``correct`` (``None`` until checked), ``widget`` (the box).
    """

    def __init__(
        self,
        trace: Any,
        kind: str | None = None,
        target: str | None = None,
        *,
        ask: str | None = None,
        object: str | None = None,  # noqa: A002 - the lessons' keyword
        question: str | None = None,
        layer: str | None = None,
        without: Any = (),
        ruleset: str = "seed",
        scale: float = 1.0,
    ) -> None:
        import ipywidgets as w

        self._init_error_box()
        self._init_text_size(scale)
        self.trace: Any = trace
        kind = kind or ask or "pt"
        self.kind = KIND_ALIASES.get(kind, kind)
        self.target = target or object
        self.layer = layer
        self.correct: bool | None = None
        self.question = w.HTML(value="")
        self.answer = w.Text(
            value="",
            description="Prediction",
            placeholder=PLACEHOLDER_FORMATS.get(self.kind, ("", ()))[0],
            continuous_update=False,
            layout=w.Layout(width="28em"),
        )
        self.answer.tooltip = "Type your prediction, then press Check"
        self.check = w.Button(
            description="Check",
            tooltip="Check your prediction against the engine",
            button_style="primary",
            icon="check",
        )
        self.reveal = w.Button(description="Reveal", tooltip="Show the answer and why", icon="eye")
        self.result = w.HTML(value="")
        self.check.on_click(lambda _b: self.do_check())
        self.reveal.on_click(lambda _b: self.do_reveal())
        self.widget = w.VBox(
            [
                self.style_html,
                self.question,
                row(self.answer, self.check, self.reveal, self.text_size),
                self.result,
                self.error,
            ]
        )
        self.widget.add_class("rulekit-prediction-check")
        self._setup(question, without, ruleset)
        self._finish_init()

    def _controls(self) -> list[Any]:
        return [self.answer, self.check, self.reveal, self.text_size]

    # ------------------------------------------------------------------ set-up
    def _placeholder(self) -> str:
        """A format hint that is never the answer: the format in words and an example, the first of
        :data:`PLACEHOLDER_EXAMPLES` that the checker would not accept as right (none if all would)."""
        fmt, examples = PLACEHOLDER_FORMATS.get(self.kind, ("", ()))
        for example in examples:
            try:
                if self.trace is not None and self._matches(example):
                    continue
            except Exception:  # noqa: BLE001 - no trace to check against yet: skip the example
                continue
            return f"{fmt}, like {example}"
        return fmt

    @guarded
    def _setup(self, question: str | None, without: Any = (), ruleset: str = "seed") -> None:
        if self.kind not in KINDS:
            raise RulekitError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}", code="BAD_KIND")
        if not hasattr(self.trace, "steps") and not hasattr(self.trace, "events"):
            self.trace = _solve(self.trace, without, ruleset)
        steps = getattr(self.trace, "steps", None)
        if self.layer and steps is not None and all(step.layer != self.layer for step in steps):
            layers = list(dict.fromkeys(step.layer for step in steps))
            raise RulekitError(
                f"layer {self.layer!r}: no effect applies in it (layers here: {', '.join(layers) or 'none'})",
                code="UNKNOWN_LAYER",
            )
        if self.kind in _VIEW_KINDS:
            final = getattr(self.trace, "final", None)
            if final is None or self.target not in final:
                known = ", ".join(sorted(final or {}))
                raise RulekitError(
                    f"unknown object {self.target!r} (objects: {known})", code="UNKNOWN_OBJECT"
                )
        self._put(self.question, f"<strong>Predict:</strong> {escape(question or self._default_question())}")
        self.answer.placeholder = self._placeholder()

    def _name(self, oid: str | None) -> str:
        final = getattr(self.trace, "final", {}) or {}
        view = final.get(oid)
        return str(view.name) if view is not None else str(oid)

    def _default_question(self) -> str:
        if self.kind == "pt":
            return f"What are {self._name(self.target)}'s power and toughness after every effect applies?"
        if self.kind == "controller":
            return f"Who controls {self._name(self.target)} after every effect applies?"
        if self.kind in ("types", "subtypes", "colors"):
            what = {"types": "type line", "subtypes": "subtypes", "colors": "colours"}[self.kind]
            return f"What is {self._name(self.target)}'s {what} after every effect applies?"
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
        if self.kind in ("types", "subtypes", "colors"):
            from rulekit.views import mtg as mv

            view = self.trace.final[self.target]
            if self.kind == "types":
                return mv.type_line(view)
            values = view.subtypes if self.kind == "subtypes" else view.colors
            return ", ".join(values) if values else ("colourless" if self.kind == "colors" else "none")
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
        if self.kind in ("types", "subtypes", "colors"):
            view = self.trace.final[self.target]
            words = _word_set(guess)
            if self.kind == "colors":
                return words == {c.casefold() for c in view.colors} or (
                    not view.colors and words <= {"colourless", "colorless", "none"} and bool(words)
                )
            subtypes = {x.casefold() for x in view.subtypes}
            if self.kind == "subtypes":
                return words == subtypes or (not subtypes and words == {"none"})
            every = {x.casefold() for x in (*view.supertypes, *view.types, *view.subtypes)}
            return words == every or (bool(subtypes) and words == subtypes)
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
        chars = {
            "pt": ("power", "toughness"),
            "controller": ("controller",),
            "types": ("types", "subtypes", "supertypes"),
            "subtypes": ("subtypes",),
            "colors": ("colors",),
        }[self.kind]
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
                val = f"{_show(self.kind, b)} → {_show(self.kind, a)}"
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
            self._put(self.result, "<em>Type a prediction first.</em>")
            return
        self.correct = self._matches(guess)
        if self.correct:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
            self._put(
                self.result,
                f"<p><strong>✔ Right:</strong> {escape(self.expected())}.</p><p>Why:</p><ol>{items}</ol>",
            )
        else:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=False))
            self._put(
                self.result,
                f"<p><strong>✘ Not quite</strong> — you said {escape(guess)}.</p>"
                "<p>These are the steps that matter, in the order they apply "
                "(press Reveal for the values):</p>"
                f"<ol>{items}</ol>",
            )

    @guarded
    def do_reveal(self) -> None:
        self._set_error(None)
        items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
        self._put(self.result, f"<p><strong>Answer:</strong> {escape(self.expected())}</p><ol>{items}</ol>")

    def __repr__(self) -> str:
        return (
            f"<PredictionCheck {self.kind} {self.target or ''} on {getattr(self.trace, 'scenario', '?')!r}>"
        )
