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
import time
from collections.abc import Callable
from typing import Any

from rulekit import apoteose, mtg
from rulekit.apoteose.rulings import PRIORITY_CATEGORIES
from rulekit.apoteose.wording import item_reason, state_words
from rulekit.errors import RulekitError, one_line
from rulekit.i18n import N_, translator
from rulekit.mtg.messages import COLOR
from rulekit.phrase import Phrase
from rulekit.scenarios import scenario_game
from rulekit.views import mtg as mv
from rulekit.views.markup import escape
from rulekit.views.reasons import error_text, why_phrase, why_text
from rulekit.widgets._base import Guarded, check_without, guarded, load_input, row
from rulekit.widgets.spelling import fold, words
from rulekit.yamlsrc import suggest

KINDS = ("pt", "controller", "types", "subtypes", "colors", "order")
KIND_ALIASES = {"resolution_order": "order", "colours": "colors", "p/t": "pt", "type": "types"}
_VIEW_KINDS = ("pt", "controller", "types", "subtypes", "colors")
#: The answer box's hint by kind: the format in words, and examples to show with it. The first example
#: that is not the right answer is shown (a hint must never give the answer away).
PLACEHOLDER_FORMATS: dict[str, tuple[str, tuple[str, ...]]] = {
    "pt": (N_("power/toughness"), ("2/3", "3/2", "1/4")),
    "controller": (N_("a player's name"), ()),
    "order": (N_("ids in order, separated by commas (or none)"), ("a, b, c", "x, y")),
    "types": (N_("the type line"), ("Artifact Creature — Golem", "Enchantment — Aura")),
    "subtypes": (N_("subtypes, separated by commas (or none)"), ("Plains, Island", "Goblin, Warrior")),
    "colors": (N_("colours, separated by commas"), ("white, blue", "black, red")),
}


def answer_width(description: str, placeholder: str) -> str:
    """The answer box's width, in em so it grows with the text-size knob: room for its label and
    the whole format hint (about 0.55 em a character), never under 28 em.

    >>> answer_width("Prediction", "power/toughness, like 2/3")
    '28em'
    >>> answer_width("Previsão", "ids em ordem, separados por vírgulas (ou nenhum), como a, b, c")
    '45em'
    """
    import math

    return f"{max(28, math.ceil(0.6 * len(description) + 0.55 * len(placeholder) + 6))}em"


#: Seconds after a verdict is shown during which a new value of the box re-judges instead of clearing it.
#: The browser sends a click (or Enter) at once but holds back the box's last keystrokes while the kernel is
#: busy with the first one, so a click can reach the kernel before the text it was meant for; a text that
#: follows within this window and continues the judged one is what the learner clicked for.
LATE_TEXT_SECONDS = 1.0
#: The clock of :data:`LATE_TEXT_SECONDS` (tests replace it).
_clock: Callable[[], float] = time.monotonic
#: Words that answer "nothing" (no card resolves, no subtype), in every language of the lessons.
NONE_WORDS = frozenset(
    {"none", "nothing", "no one", "nenhuma", "nenhum", "nada", "ninguna", "ninguno", "-", "—"}
)
#: Words for "colourless", in every language of the lessons.
COLOURLESS_WORDS = frozenset(
    {"colourless", "colorless", "none", "incolor", "incolores", "incoloro", "incolora"}
)


def _norm_pt(text: str) -> str:
    return re.sub(r"\s+", "", str(text)).replace("−", "-")


def _norm_word(text: str) -> str:
    """A word or name for comparing: accents and case ignored (``"Exílio"`` matches ``"exilio"``)."""
    return fold(text)


def _word_set(text: str) -> set[str]:
    """Words of a types/colours answer, ignoring separators, accents and case, each in English where the
    learner wrote it in Portuguese or Spanish: ``"Terreno — Pântano, Montanha"`` → land, swamp, mountain."""
    return words(text)


def _folded(values: Any) -> set[str]:
    return {fold(v) for v in values}


#: What separates the items of an order answer.
ORDER_SEPARATORS = ",;>→"
#: Longest order answer read against the known ids and names (longer ones are split at every separator).
_MAX_TOKENISED = 4_000


def split_order(guess: str, known: Any = ()) -> list[str]:
    """The items of an order answer, normalised (case and spaces).

    Items are separated by ``,`` ``;`` ``>`` or ``→``. An id or a name that holds one of these itself
    (``Urborg, Tomb of Yawgmoth``, ``a>b``) is read whole: when the answer can be read as a sequence
    of ``known`` ids and names, that reading is used (the longest one first at each place), else the
    answer is split at every separator.

    >>> split_order("Urborg, Tomb of Yawgmoth → Blood Moon", ["Blood Moon", "Urborg, Tomb of Yawgmoth"])
    ['urborg, tomb of yawgmoth', 'blood moon']
    >>> split_order("a, b;c", ["a", "b"])
    ['a', 'b', 'c']
    """
    plain = [_norm_word(x) for x in re.split(f"[{ORDER_SEPARATORS}]+", str(guess)) if x.strip()]
    tokens = sorted({t for t in (_norm_word(k) for k in known) if t}, key=len, reverse=True)
    text = _norm_word(guess)
    if len(text) > _MAX_TOKENISED or not any(c in t for t in tokens for c in ORDER_SEPARATORS):
        return plain
    n = len(text)
    # rest[i]: the reading of text[i:] as known tokens and separators (None: there is none)
    rest: list[list[str] | None] = [None] * (n + 1)
    rest[n] = []
    for i in range(n - 1, -1, -1):
        j = i
        while j < n and text[j] == " ":
            j += 1
        if j == n:
            rest[i] = []
            continue
        for tok in tokens:
            if not text.startswith(tok, j):
                continue
            k = j + len(tok)
            while k < n and text[k] == " ":
                k += 1
            if k < n and text[k] not in ORDER_SEPARATORS:
                continue  # the token ends inside a longer word
            while k < n and (text[k] in ORDER_SEPARATORS or text[k] == " "):
                k += 1
            after = rest[k] if k > i else None
            if after is not None:
                rest[i] = [tok, *after]
                break
    found = rest[0]
    return found if found else plain


def _colour_names(t: Any) -> dict[str, str]:
    """The colours' words in ``t``'s language (and English), casefolded → the colour."""

    return {t(word).casefold(): c for c, word in COLOR.items()} | {c: c for c in COLOR}


def _is_none(text: str) -> bool:
    """Whether an answer says "nothing": ``none``, ``nenhuma``, ``ninguno``…"""
    return _norm_word(text).strip(" .!") in _folded(NONE_WORDS)


def _show(kind: str, view: Any, t: Any = None) -> str:

    t = t or translator("en")
    if kind == "pt":
        return str(view.pt)
    if kind == "controller":
        return str(view.controller)
    if kind == "types":
        return mv.type_line(view)
    if kind == "subtypes":
        return ", ".join(view.subtypes) or t.p("subtypes", "none")
    return mv.colours_text(view.colors, t)


#: The rules of the Apoteose chain a learner needs to predict a resolution order (seed 003), each citing the
#: passage of lesson 05 that teaches it (what a learner has read; the seed is not theirs to read).
CHAIN_RULES: dict[str, str] = {
    "DEPTH_FIRST": N_(
        "Responses resolve depth-first: the last entry added resolves first, then the spotlight returns "
        "to the entry it answered (lesson 05, section 3: the chain)."
    ),
    "PRIORITY": N_(
        "Several effects answered the same moment, so the priority rule decides (lesson 05, section 4: "
        "priority; house rulings R-05 to R-07): every Auto effect first, each resolved before the next, "
        "then Ativar; within each, by category: {categories}, seen from the turn hero."
    ),
    "REFUSED": N_("A refused activation never enters the chain, so it never resolves."),
    "PREVISAO": N_(
        "Previsão: every requirement must be payable together before anything is paid; if paying one "
        "breaks another, the card cannot be activated (lesson 05, section 2: Previsão)."
    ),
    "STOPPED": N_(
        "A response that breaks a requirement during the halt window stops the activation: it does not "
        "resolve, its costs stay paid and it has no post window (lesson 05, section 5: stopped, R-03)."
    ),
    # after a wrong answer: the rule, not what it did to this chain (STOPPED says it does not resolve)
    "STOPPED_HINT": N_(
        "Requirements are checked again while an activation waits in its halt window: what a response breaks "
        "there decides whether the activation goes on (lesson 05, section 5: stopped, R-03)."
    ),
    "TRUNCATED": N_(
        "An effect whose description breaks while it resolves is truncated: what was done stays, the rest "
        "is skipped, and it still counts as resolved (lesson 05, section 5: truncated)."
    ),
}


def chain_rules(trace: Any, lang: str = "en", full: bool = True) -> list[str]:
    """The rules that decide this chain's resolution order, in ``lang`` — never the order itself.

    Read from the kinds of events in the trace: several effects answering one moment (priority),
    refusals (and Previsão), stopped and truncated activations; the depth-first rule always.
    ``full=False`` (after a wrong answer) leaves out what would name the outcome itself (that a
    refused card never resolves, that a stopped activation does not).
    """
    t = translator(lang)
    events = list(getattr(trace, "events", ()))
    kinds = {ev.event for ev in events}
    answered: dict[str, int] = {}
    for ev in events:
        label = (ev.detail or {}).get("answers") if ev.event == "activate" else None
        if label:
            answered[str(label)] = answered.get(str(label), 0) + 1
    out = [t(CHAIN_RULES["DEPTH_FIRST"])]
    if any(n > 1 for n in answered.values()):
        out.append(t(CHAIN_RULES["PRIORITY"], categories=" > ".join(PRIORITY_CATEGORIES)))
    if "refused" in kinds:
        if full:
            out.append(t(CHAIN_RULES["REFUSED"]))
        if any((ev.detail or {}).get("code") == "PREVISAO" for ev in events if ev.event == "refused"):
            out.append(t(CHAIN_RULES["PREVISAO"]))
    if "stopped" in kinds:
        out.append(t(CHAIN_RULES["STOPPED" if full else "STOPPED_HINT"]))
    if "truncated" in kinds:
        out.append(t(CHAIN_RULES["TRUNCATED"]))
    return out


def _is_live(trace: Any) -> bool:
    """Whether ``trace`` is a board that changes (a BoardBuilder: ``trace``, ``on_change``), not a trace."""
    return (
        callable(getattr(trace, "on_change", None))
        and hasattr(trace, "trace")
        and not hasattr(trace, "steps")
    )


def _solve(scenario: Any, without: Any, ruleset: str) -> Any:
    """Solve a scenario given by name/path/object: the Apoteose chain or the MTG layers."""

    if isinstance(scenario, str | os.PathLike) and scenario_game(os.fspath(scenario)) == "apoteose":
        return apoteose.run_chain(apoteose.load_scenario(os.fspath(scenario)))
    if not isinstance(scenario, str) and hasattr(scenario, "build_game"):
        return apoteose.run_chain(scenario)

    sc = load_input(scenario, mtg.load_scenario, ("objects", "with_disabled"), "a trace or a scenario")
    without = check_without(sc, without)
    if without:
        sc = mtg.without(sc, without)
    return mtg.solve(sc, ruleset=ruleset)


class PredictionCheck(Guarded):
    """A predict-then-check exercise on one trace.

    Args:
        trace: an MTG :class:`~rulekit.mtg.trace.Trace`, an Apoteose
            :class:`~rulekit.apoteose.trace.ChainTrace`, or a scenario (built-in name, path or
            loaded scenario) that is solved here — ``apoteose/...`` names run the chain.
        kind: what to predict (alias ``ask=``): ``"pt"``, ``"controller"``, ``"types"`` (the
            whole type line; the subtypes alone are told they are a part), ``"subtypes"``, ``"colors"``, or
            ``"order"`` (alias ``"resolution_order"``: a chain's resolution order; for MTG the
            order the effects applied, optionally within ``layer``). When nothing resolves,
            ``none`` is the answer (or ``nenhuma``/``nenhum``, ``ninguna``/``ninguno``).
        target: the object id (alias ``object=``) for the per-object kinds.
        question: the prompt shown; a sensible one is written when omitted.
        layer: for ``order`` on an MTG trace, restrict to one layer (e.g. ``"7b"``).
        without: effect ids to switch off before solving a scenario given by name; an unknown id
            is refused (the message, with "did you mean", shows in the widget).
        ruleset: ``"seed"`` or ``"current"`` when solving a scenario given by name.
        scale: font-size factor for projectors; the starting value of the ``text_size`` knob.
        lang: ``"en"`` (default), ``"pt-BR"`` or ``"es"``: the language of everything shown.

    Handles: ``answer`` (Text), ``check`` and ``reveal`` (Buttons), ``text_size`` (ToggleButtons "Text
    size", see :meth:`set_scale`), ``question``, ``result`` and
    ``error`` (HTML outputs), ``correct`` (``None`` until checked), ``widget`` (the box).

    A wrong answer gets the rules that decide the board, never the answer itself nor a property that
    gives it (for an object: every step of the board, not which ones touch it); *Reveal* shows the
    answer with every step.
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
        lang: str = "en",
    ) -> None:
        import ipywidgets as w

        lang_error = self._init_language(lang, scale)
        _ = self._
        #: a board that changes (a BoardBuilder given for a trace): every verdict is about its trace now
        self.source: Any = trace if _is_live(trace) else None
        self.trace: Any = trace.trace if self.source is not None else trace
        self._revealed = False
        kind = kind or ask or "pt"
        self.kind = KIND_ALIASES.get(kind, kind)
        self.target = target or object
        self.layer = layer
        self.correct: bool | None = None
        self._ready = False  # set once the set-up succeeded (see _check_ready)
        self.question = w.HTML(value="")
        hint = _(PLACEHOLDER_FORMATS[self.kind][0]) if self.kind in PLACEHOLDER_FORMATS else ""
        self.answer = w.Text(
            value="",
            description=_("Prediction"),
            placeholder=hint,
            # every keystroke reaches the kernel, so Check judges what is in the box
            continuous_update=True,
            # wide enough for the whole hint (in em: it grows with the text), within a narrow notebook
            layout=w.Layout(width=answer_width(_("Prediction"), hint), max_width="100%"),
        )
        self.answer.tooltip = _("Type your prediction, then press Check or Enter")
        self.check = w.Button(
            description=_("Check"),
            tooltip=_("Check your prediction against the engine"),
            button_style="primary",
            icon="check",
        )
        self.reveal = w.Button(description=_("Reveal"), tooltip=_("Show the answer and why"), icon="eye")
        self.result = w.HTML(value="")
        #: the answer the verdict shown judged (``None``: no verdict shown), and when
        self.judged: str | None = None
        self._judged_at = 0.0
        self._listeners: list[Callable[[bool | None, bool], None]] = []
        self.check.on_click(lambda _b: self.do_check())
        self.reveal.on_click(lambda _b: self.do_reveal())
        self.answer.observe(self._on_answer, names="value")
        # Enter in the box: the front end sends a "submit" message (ipywidgets 8 deprecates on_submit,
        # not the message); the text it is about arrives with the keystrokes, see LATE_TEXT_SECONDS
        self.answer.on_msg(self._on_answer_msg)
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
        if lang_error is not None:
            self._set_error(lang_error)
        else:
            self._setup(question, without, ruleset)
            if self.source is not None:
                self.source.on_change(self._board_changed)
                relay = getattr(self.source, "relay", None)  # the verdict goes with the board's change
                if relay is not None:
                    relay.take(self.result, "value")
                    relay.take(self.error, "value")
        self._finish_init()

    def _controls(self) -> list[Any]:
        return [self.answer, self.check, self.reveal, self.text_size]

    def _hold(self) -> Any:
        """A self-check following a board: a click's changes of its verdict go in its board's relay's one
        update (see __init__)."""
        stack = contextlib.ExitStack()
        stack.enter_context(super()._hold())
        relay = getattr(self.source, "relay", None)
        if relay is not None:
            stack.enter_context(relay.hold())
        return stack

    # ------------------------------------------------------------------ set-up
    def _placeholder(self) -> str:
        """A format hint that is never the answer: the format in words and an example, the first of
        :data:`PLACEHOLDER_FORMATS` that the checker would not accept as right (none if all would)."""
        fmt, examples = PLACEHOLDER_FORMATS.get(self.kind, ("", ()))
        fmt = self._(fmt) if fmt else ""
        for example in examples:
            try:
                if self.trace is not None and self._matches(example):
                    continue
            except Exception:  # noqa: BLE001 - no trace to check against yet: skip the example
                continue
            if self.kind == "colors":  # the example in the widget's language
                example = ", ".join(self._(c) for c in example.split(", "))
            return self._("{format}, like {example}", format=fmt, example=example)
        return fmt

    def _check_ready(self) -> None:
        """Check and Reveal after a failed set-up (unknown target, kind or scenario): the set-up's
        message again, instead of an unexpected error from a trace without the object."""
        if not self._ready:
            raise self.last_exception or RulekitError(
                N_("this exercise could not be set up"), params={}, code="NOT_READY"
            )

    @guarded
    def _setup(self, question: str | None, without: Any = (), ruleset: str = "seed") -> None:
        if self.kind not in KINDS:
            raise RulekitError(
                N_("kind must be one of {kinds}, not {kind}"),
                params={"kinds": ", ".join(KINDS), "kind": repr(self.kind)},
                code="BAD_KIND",
            )
        if not hasattr(self.trace, "steps") and not hasattr(self.trace, "events"):
            self.trace = _solve(self.trace, without, ruleset)
        elif without:
            raise RulekitError(
                N_(
                    "without= switches effects off before solving: give the scenario (a name or a path), "
                    "not a solved trace"
                ),
                params={},
                field="without",
                code="WITHOUT_NEEDS_SCENARIO",
            )
        self._validate()
        self._ready = True
        #: the question as the learner reads it (plain text; :func:`answer_sheet` prints it)
        self.question_text = question or self._default_question()
        self._put(
            self.question,
            "<strong>" + escape(self._("Predict:")) + f"</strong> {escape(self.question_text)}",
        )
        self.answer.placeholder = self._placeholder()
        self.answer.layout.width = answer_width(self.answer.description, self.answer.placeholder)

    def _validate(self) -> None:
        """The layer asked about applies on this trace and the object asked about is on it (else a
        located :class:`RulekitError` naming what there is)."""
        steps = getattr(self.trace, "steps", None)
        if self.layer and steps is not None and all(step.layer != self.layer for step in steps):
            layers = list(dict.fromkeys(step.layer for step in steps))
            raise RulekitError(
                N_("layer {layer}: no effect applies in it (layers here: {layers})"),
                params={"layer": repr(self.layer), "layers": ", ".join(layers) or "—"},
                code="UNKNOWN_LAYER",
            )
        if self.kind in _VIEW_KINDS:
            final = getattr(self.trace, "final", None)
            if final is None or self.target not in final:
                known = ", ".join(sorted(final or {}))
                raise RulekitError(
                    N_("unknown object '{object}' (objects: {objects})"),
                    params={"object": self.target, "objects": known},
                    field="target",
                    code="UNKNOWN_OBJECT",
                    suggestion=suggest(str(self.target), list(final or {})),
                )

    def _name(self, oid: str | None) -> str:
        final = getattr(self.trace, "final", {}) or {}
        view = final.get(oid)
        return str(view.name) if view is not None else str(oid)

    def _default_question(self) -> str:
        _ = self._
        name = self._name(self.target)
        if self.kind == "pt":
            return _("What are {name}'s power and toughness after every effect applies?", name=name)
        if self.kind == "controller":
            return _("Who controls {name} after every effect applies?", name=name)
        if self.kind == "types":
            return _("What is {name}'s type line after every effect applies?", name=name)
        if self.kind == "subtypes":
            return _("What are {name}'s subtypes after every effect applies?", name=name)
        if self.kind == "colors":
            return _("What are {name}'s colours after every effect applies?", name=name)
        if hasattr(self.trace, "resolution_order"):
            return _(
                "In which order do the cards resolve? (card ids, separated by commas; none if none does)"
            )
        if self.layer:
            return _(
                "In which order do the effects apply in layer {layer}? "
                "(effect ids or names, separated by commas)",
                layer=mv.layer_text(self.layer, self.lang, after_layer=True),
            )
        return _("In which order do the effects apply? (effect ids or names, separated by commas)")

    # ------------------------------------------------------------------ the answer
    def expected(self) -> str:
        """The right answer, as text (``none`` when nothing resolves, in the widget's language)."""
        _ = self._
        if self.kind == "pt":
            return str(self.trace.final[self.target].pt)
        if self.kind == "controller":
            return str(self.trace.final[self.target].controller)
        if self.kind in ("types", "subtypes", "colors"):
            view = self.trace.final[self.target]
            if self.kind == "types":
                return mv.type_line(view)
            if self.kind == "colors":  # the colours in the widget's language (answers in any are right)
                return mv.colours_text(view.colors, _)
            return ", ".join(view.subtypes) if view.subtypes else self.expected_none()
        return ", ".join(self._order()) or self.expected_none()

    def expected_none(self) -> str:
        """The word "none" as this check's answer says it, agreeing with what it is about: subtypes, cards
        (a chain; "nenhuma") or effects (MTG; "nenhum")."""
        _ = self._
        if self.kind == "subtypes":
            return _.p("subtypes", "none")
        return _.p("cards", "none") if hasattr(self.trace, "resolution_order") else _.p("effects", "none")

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

    def _order_words(self) -> list[str]:
        """Every id and name an order answer may give (for :func:`split_order`)."""
        if hasattr(self.trace, "resolution_order"):
            return [*self.trace.resolution_order, *(getattr(self.trace, "cards", None) or {})]
        return [w for e in getattr(self.trace, "effects", ()) for w in (e.id, e.name)]

    def _matches(self, guess: str) -> bool:
        if self.kind == "pt":
            return _norm_pt(guess) == _norm_pt(self.expected())
        if self.kind == "controller":
            return _norm_word(guess) == _norm_word(self.expected())
        if self.kind in ("types", "subtypes", "colors"):
            view = self.trace.final[self.target]
            said = _word_set(guess)
            if self.kind == "colors":
                return said == _folded(view.colors) or (
                    not view.colors and bool(said) and said <= _folded(COLOURLESS_WORDS)
                )
            subtypes = _folded(view.subtypes)
            if self.kind == "subtypes":
                return said == subtypes or (not subtypes and _is_none(guess))
            every = _folded((*view.supertypes, *view.types, *view.subtypes))
            return said == every  # the subtypes alone are a part of the line (see _partial)
        want = self._order()
        if _is_none(guess):
            return not want
        items = split_order(guess, self._order_words())
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

    def _unseparated(self, guess: str) -> bool:
        """An order typed with spaces for commas: several words, no separator, and not one id or name."""
        if self.kind != "order" or any(c in guess for c in ORDER_SEPARATORS) or _is_none(guess):
            return False
        known = {_norm_word(w) for w in self._order_words()}
        return len(guess.split()) > 1 and _norm_word(guess) not in known

    def _partial(self, guess: str) -> str:
        """A word on a wrong answer that is a right part: the subtypes alone for a whole type line."""
        if self.kind != "types":
            return ""
        subtypes = _folded(self.trace.final[self.target].subtypes)
        if subtypes and _word_set(guess) == subtypes:
            return self._(
                "Those are its subtypes: a type line also names its card types (and any supertypes), "
                "before the dash."
            )
        return ""

    # ------------------------------------------------------------------ explanations
    def explanation(self, full: bool = True) -> list[str]:
        """Why the answer is what it is, read from the trace.

        ``full=True`` (after a right answer, or *Reveal*): every step, with the values.
        ``full=False`` (after a wrong answer): the rules that decide this board, without the answer —
        no resolution order, no application order, no values.
        """
        if hasattr(self.trace, "resolution_order"):
            return self._chain_explanation(full)
        if self.kind == "order":
            return self._order_explanation(full)
        return self._step_explanation(full)

    def _chain_explanation(self, full: bool) -> list[str]:

        _ = self._
        lines = []
        if full:
            for ev in self.trace.events:
                if ev.event in ("resolve", "stopped", "truncated", "negated", "refused"):
                    why = item_reason(ev.detail or {}, self.lang)  # the reason's code, in words
                    where = f"#{ev.index} " if ev.index is not None else ""
                    what = _(RESOLVES) if ev.event == "resolve" else state_words(ev.event, self.lang)
                    line = f"{where}{ev.card or ev.effect}: {what}"
                    lines.append(line + (f" ({why})" if why else ""))
            if not self.trace.resolution_order:
                lines.append(_("No card resolves."))
        return lines + chain_rules(self.trace, self.lang, full=full)

    def _order_explanation(self, full: bool) -> list[str]:

        _ = self._
        if full:
            lines = []
            for i, step in enumerate(self.trace.steps, start=1):
                if self.layer and step.layer != self.layer:
                    continue
                lines.append(
                    _(
                        "{n}. layer {layer}: {name} (timestamp {ts}) — {why}",
                        n=i,
                        layer=mv.layer_text(step.layer, self.lang, after_layer=True),
                        name=mv.effect_name(self.trace, step.effect, self.lang),
                        ts=mv.fmt_value(step.timestamp),
                        why=why_text(self.trace, step, self.lang),
                    )
                )
            return lines
        # without the answer: per layer, how many effects and which rule orders them
        layers: dict[str, list[Any]] = {}
        for step in self.trace.steps:
            if not self.layer or step.layer == self.layer:
                layers.setdefault(step.layer, []).append(step)
        lines = []
        for layer, steps in layers.items():
            rules = []
            if any(s.why == "cda" for s in steps):
                rules.append(_("characteristic-defining abilities first (613.3)"))
            if any(s.why == "loop" for s in steps):
                rules.append(_("a dependency loop: timestamp order (613.8b)"))
            elif any(s.waited_on for s in steps):
                rules.append(_("a dependency: an effect waits for the one it depends on (613.8a)"))
            rules.append(_("otherwise timestamp order, oldest first (613.7)"))
            lines.append(
                _.n(
                    "layer {layer}: {n} effect — {rules}",
                    "layer {layer}: {n} effects — {rules}",
                    len(steps),
                    layer=layer,
                    rules="; ".join(rules),
                )
            )
        return lines

    def _step_explanation(self, full: bool) -> list[str]:

        _ = self._
        if not full:
            return self._board_steps()
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
            head = _(
                "layer {layer}: {name} (timestamp {ts}, {why})",
                layer=mv.layer_text(step.layer, self.lang, after_layer=True),
                name=mv.effect_name(self.trace, step.effect, self.lang),
                ts=mv.fmt_value(step.timestamp),
                why=why_phrase(self.trace, step, self.lang),
            )
            if full:
                oid = str(self.target)
                b, a = st[i][oid], st[i + 1][oid]
                head += f": {_show(self.kind, b, _)} → {_show(self.kind, a, _)}"
            lines.append(head)
        if not lines:
            lines.append(_("No effect changes it: it keeps its printed value."))
        return lines

    def _board_steps(self) -> list[str]:
        """After a wrong answer about an object: every effect of the board, layer by layer and, within a
        layer, by timestamp, and the rule that orders them. Not the order it applies in (in lesson 02 that
        is the answer), nor why (a dependency: what waited for what), nor which effects touch the object
        (that none does would give its printed value away), nor values: *Reveal* shows those."""

        _ = self._
        steps = list(self.trace.steps)
        first: dict[str, int] = {}
        for i, step in enumerate(steps):
            first.setdefault(step.layer, i)

        def by_timestamp(step: Any) -> tuple[Any, ...]:
            ts = step.timestamp
            number = isinstance(ts, int | float) and not isinstance(ts, bool)
            return (first[step.layer], 0 if number else 1, ts if number else 0, str(ts), str(step.effect))

        lines = [
            _(
                "layer {layer}: {name} (timestamp {ts})",
                layer=mv.layer_text(step.layer, self.lang, after_layer=True),
                # the effect named as the explorer above names it, in the widget's language
                name=mv.effect_name(self.trace, step.effect, self.lang),
                ts=mv.fmt_value(step.timestamp),
            )
            for step in sorted(steps, key=by_timestamp)
        ]
        return [*lines, self._board_rule()]

    def _board_rule(self) -> str:
        """The rule that orders the steps of :meth:`_board_steps` (shown after the list, not as a step)."""
        return self._(
            "Effects apply layer by layer (613.1); within a layer, characteristic-defining abilities "
            "first (613.3), then timestamp order (613.7) unless an effect depends on another (613.8)."
        )

    # ------------------------------------------------------------------ a board that changes
    @guarded
    def _board_changed(self) -> None:
        """The board given (a BoardBuilder) changed: the verdict or the answer shown is judged again against
        the board as it is now, under a note saying so; an object no longer on it is said, and Check and
        Reveal say it too until it is back (Undo)."""
        trace = self.source.trace
        if trace is None or trace is self.trace:
            return
        self.trace = trace
        judged, revealed = self.judged, self._revealed
        try:
            self._validate()
        except RulekitError as exc:
            self._ready = False
            self.judged, self.correct, self._revealed = None, None, False
            self._put(self.result, "")
            raise RulekitError(
                Phrase(
                    N_("The board changed: {problem}"), problem=Phrase(exc.msgid or exc.message, **exc.params)
                ),
                field=exc.field,
                code=exc.code,
                suggestion=exc.suggestion,
            ) from None
        if not self._ready:
            self._ready = True
            self._set_error(None)
        self.answer.placeholder = self._placeholder()
        if judged is None and not revealed:
            return
        with self.result.hold_sync():  # the verdict judged again and its note: one update
            if judged is not None:
                self.do_check(again=True)
            else:
                self.do_reveal()
            self.add_note(self._("The board changed: this is judged again against the board as it is now."))

    def add_note(self, text: str) -> None:
        """Show ``text`` (already in the widget's language) as a note above the verdict or answer shown."""
        shown = self._wrapped.get(id(self.result), (None, ""))[1]
        self._put(self.result, f'<p class="rulekit-note" role="status"><em>{escape(text)}</em></p>{shown}')

    # ------------------------------------------------------------------ actions
    def on_verdict(self, callback: Callable[[bool | None, bool], None]) -> None:
        """Call ``callback(correct, again)`` after every verdict: ``correct`` as :attr:`correct`;
        ``again`` is true when it replaces the previous verdict because the text the learner clicked for
        arrived after the click (:data:`LATE_TEXT_SECONDS`)."""
        self._listeners.append(callback)

    def _on_answer(self, change: dict[str, Any]) -> None:
        """A new text in the box: the verdict shown is about another answer, so it goes — or, when the
        text arrives just after the click, it is judged instead (the click was meant for it)."""
        try:
            text = str(change["new"]).strip()
            if self.judged is None or text == self.judged:
                return
            if text.startswith(self.judged) and _clock() - self._judged_at <= LATE_TEXT_SECONDS:
                self.do_check(again=True)
                return
            self.judged = None
            self.correct = None
            self._put(self.result, "")
        except Exception as exc:  # noqa: BLE001 - no exception may reach the notebook
            self._set_error(exc)

    def _on_answer_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.do_check()

    def submit(self) -> None:
        """What Enter in the answer box does (the front end's "submit" message); used by tests."""
        self.answer._handle_msg(
            {"content": {"data": {"method": "custom", "content": {"event": "submit"}}}, "buffers": []}
        )

    @guarded
    def do_check(self, again: bool = False) -> None:
        self._check_ready()
        _ = self._
        self._set_error(None)
        guess = self.answer.value.strip()
        self.judged = guess
        self._revealed = False
        self._judged_at = _clock()
        if not guess:
            self.correct = None
            if self.kind == "subtypes":  # the "none" the answer may be, agreeing: "nenhum" (subtipos)
                hint = _(
                    "Type a prediction first ({none} if you think it has none).", none=self.expected_none()
                )
            elif self.kind == "order":  # "nenhum" (efeitos), "nenhuma" (cartas)
                hint = _(
                    "Type a prediction first ({none} if you think nothing does).", none=self.expected_none()
                )
            else:
                hint = _("Type a prediction first.")
            self._put(self.result, f"<em>{escape(hint)}</em>")
            self._tell(again)
            return
        # the answer judged, as the learner typed it, in its own element (the text, never an attribute)
        judged = f'<span class="rulekit-judged">{escape(guess)}</span>'
        if self._unseparated(guess):  # "escudo bencao raio pocao": not judged, the learner is told the format
            self.correct = None
            mark = "@@rulekit-guess@@"
            said = escape(
                _("Separate the items with commas, like a, b, c: {guess} reads as one.", guess=mark)
            )
            self._put(self.result, f"<p role='status'><em>{said.replace(mark, judged)}</em></p>")
            self._tell(again)
            return
        self.correct = self._matches(guess)
        if self.correct:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
            said = judged
            expected = self.expected()
            if _norm_word(expected) != _norm_word(guess):  # the learner's spelling, and the engine's
                said += f" ({escape(expected)})"
            self._put(
                self.result,
                '<p class="rulekit-verdict"><strong>✔ ' + escape(_("Right:")) + f"</strong> {said}.</p>"
                "<p>" + escape(_("Why:")) + f"</p><ol>{items}</ol>",
            )
        else:
            lines = self.explanation(full=False)
            rule = ""
            if self.kind in _VIEW_KINDS and not hasattr(self.trace, "resolution_order"):
                # the general rule after the list of effects, not numbered as the last "effect"
                rule = f"<p>{escape(lines.pop())}</p>"
            items = "".join(f"<li>{escape(x)}</li>" for x in lines)
            intro = (
                _(
                    "Every effect on this board, by layer and timestamp (press Reveal for the order they "
                    "apply in, which change it, and how):"
                )
                if self.kind in _VIEW_KINDS
                else _("The rules that decide this board (press Reveal for the answer):")
            )
            partial = self._partial(guess)
            if partial:
                intro = partial + " " + intro
            mark = "@@rulekit-guess@@"
            said = escape(_("you said {guess}.", guess=mark)).replace(mark, judged)
            self._put(
                self.result,
                '<p class="rulekit-verdict"><strong>✘ '
                + escape(_("Not right"))
                + "</strong> — "
                + said
                + "</p>"
                f"<p>{escape(intro)}</p><ol>{items}</ol>{rule}",
            )
        self._tell(again)

    def _tell(self, again: bool) -> None:
        for callback in self._listeners:
            callback(self.correct, again)
        # the late-text window (LATE_TEXT_SECONDS) starts when the verdict is shown, not when the check began:
        # in a busy kernel judging can take most of a second, and the held-back keystrokes wait behind it
        self._judged_at = _clock()

    @guarded
    def do_reveal(self) -> None:
        self._check_ready()
        self._set_error(None)
        self.judged = None
        self.correct = None
        self._revealed = True
        items = "".join(f"<li>{escape(x)}</li>" for x in self.explanation(full=True))
        self._put(
            self.result,
            "<p><strong>"
            + escape(self._("Answer:"))
            + f"</strong> {escape(self.expected())}</p><ol>{items}</ol>",
        )

    def __repr__(self) -> str:
        return (
            f"<PredictionCheck {self.kind} {self.target or ''} on {getattr(self.trace, 'scenario', '?')!r}>"
        )


_MARKDOWN = re.compile(r"([\\`*_\[\]<>|&])")


def _md(text: str) -> str:
    """Text as Markdown shows it as written: one line, every Markdown or HTML sign escaped."""
    return _MARKDOWN.sub(r"\\\1", one_line(str(text)))


def answer_sheet(checks: list[PredictionCheck], title: str = "") -> str:
    """A printable answer sheet (Markdown) for a lesson's self-checks, made from the checks
    themselves: each question, the answer each check accepts (:meth:`PredictionCheck.expected`)
    and its reason (:meth:`PredictionCheck.explanation`, every step), in each check's language.
    A check that could not be set up gives its one-line error instead of an answer. Every value
    from a scenario or a lesson is escaped (:func:`_md`).
    """
    t = checks[0]._ if checks else translator("en")
    head = t("Answer sheet: {title}", title=title) if title else t("Answer sheet")
    lines = [f"# {_md(head)}", ""]
    for n, check in enumerate(checks, 1):
        _ = check._
        if not check._ready:
            exc = check.last_exception or RulekitError(
                N_("this exercise could not be set up"), params={}, code="NOT_READY"
            )
            lines += [f"**{n}.** {_md(error_text(exc, check.lang))}", ""]
            continue
        answer = _("Answer:")
        lines += [f"**{n}.** {_md(check.question_text)}", ""]
        lines += [f"**{_md(answer)}** {_md(check.expected())}", ""]
        lines += [f"{k}. {_md(line)}" for k, line in enumerate(check.explanation(full=True), 1)]
        lines.append("")
    return "\n".join(lines)


#: A resolution in the explanation's lines ("#1 raio: resolves"); the outcomes (stopped, truncated…) are
#: the catalogue's frame states (:func:`rulekit.apoteose.wording.state_words`).
RESOLVES = N_("resolves")
