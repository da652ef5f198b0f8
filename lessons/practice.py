"""Generated practice puzzles for lesson 06: classic boards, shuffled timestamps, effects toggled off.

Nothing here knows a rule. A puzzle is a built-in scenario changed the way the LayerExplorer changes it
(``rulekit.mtg.with_order`` shuffles the effects' timestamps, ``rulekit.mtg.without`` switches effects
off); the engine solves it, and the answer and its explanation are read from the trace (through
``PredictionCheck``).

Generation is deterministic: the same ``seed`` gives the same puzzles, in the same order.

>>> a = [p.describe() for p in puzzles(seed=7, count=3)]
>>> b = [p.describe() for p in puzzles(seed=7, count=3)]
>>> a == b and len(set(a)) > 1
True
>>> p = generate(random.Random(1))
>>> view = p.trace.final[p.target]
>>> p.expected() in (view.pt, view.controller, ", ".join(view.subtypes) or "none")
True

The widget keeps score; only the first Check of a puzzle counts, and Reveal ends the scoring of a puzzle
(revealed before any Check, it counts as missed):

>>> game = Practice(seed=5)
>>> game.answer(game.puzzle.expected()), game.answer("no such answer"), game.right, game.tried
(True, False, 1, 1)
>>> _ = game.new_puzzle(); game.answer("no such answer"), game.score.value
(False, '<p><strong>Score:</strong> 1 / 2</p>')
>>> "Why" in game.check.result.value or "Every effect on this board" in game.check.result.value
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from html import escape
from typing import Any

from rulekit.i18n import translator

#: The boards puzzles are made from: (scenario, what to ask, about which object).
POOL: tuple[tuple[str, str, str], ...] = (
    ("seed/humility-then-gideon", "pt", "gideon"),
    ("seed/sower-then-shackles", "controller", "throatseeker"),
    ("classic/opalescence-then-humility", "pt", "humility"),
    ("classic/humility-then-opalescence", "pt", "humility"),
    ("classic/urborg-then-blood-moon", "subtypes", "forest"),
    ("classic/lattice-and-march", "pt", "forest"),
    ("classic/kormus-bell-urborg-fountain", "pt", "forest"),
)
#: Chance that each effect is switched off in a puzzle.
OFF_CHANCE = 0.25
#: Draws made to find a puzzle not yet seen in a session before one is shown again.
FRESH_TRIES = 200


@dataclass
class Puzzle:
    """One generated puzzle: a scenario, its changes, the question and the solved trace."""

    base: str
    kind: str
    target: str
    order: list[str]
    off: list[str]
    trace: Any = field(repr=False)
    names: dict[str, str] = field(default_factory=dict, repr=False)
    #: the effects as ``Scenario.effects()`` gives them (their names as data, worded in each language)
    effects: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)

    def name(self, eid: str, lang: str = "en") -> str:
        """An effect's name in ``lang`` (its name code), else as :attr:`names` gives it."""
        from rulekit.mtg.messages import effect_name_text

        e = self.effects.get(eid)
        if e is None:
            return self.names.get(eid, eid)
        return effect_name_text(e.get("name_code", ""), e.get("name_params", ()), str(e["name"]), lang)

    def key(self) -> tuple[str, str, str, str]:
        """What makes two puzzles the same for the learner: the board, the question, and the effects'
        order and switches as :meth:`describe` shows them."""
        return (self.base, self.kind, self.target, self.describe())

    def expected(self) -> str:
        view = self.trace.final[self.target]
        if self.kind == "pt":
            return str(view.pt)
        if self.kind == "subtypes":
            return ", ".join(view.subtypes) or "none"
        return str(view.controller)

    def question(self, lang: str = "en") -> str:
        _ = translator(lang)
        name = self.trace.final[self.target].name
        if self.kind == "pt":
            return _("What are {name}'s power and toughness?", name=name)
        if self.kind == "subtypes":
            return _("What are {name}'s subtypes (land types)? Separate them with commas, or type none.", name=name)
        return _("Who controls {name}?", name=name)

    def describe(self, lang: str = "en") -> str:
        """The board in words: effects from oldest to newest, and which are switched off.

        "Oldest" is read from the solved trace, not from the shuffled request: the effects of one
        object's static abilities share that object's timestamp (613.7a), so a shuffle cannot put
        another effect between them.

        >>> from rulekit.mtg import effects, load_scenario, solve, with_order, without
        >>> order = ["lattice.artifacts", "march", "anthem", "lattice.colorless"]
        >>> board = with_order(load_scenario("classic/lattice-and-march"), order)
        >>> names = {e["id"]: e["id"] for e in effects(board)}
        >>> Puzzle("classic/lattice-and-march", "pt", "forest", order, [], solve(board), names).describe()
        'Effects, oldest timestamp first: march; anthem; lattice.artifacts; lattice.colorless.'

        With every effect switched off, it says so (never an empty list):

        >>> every = list(order)
        >>> Puzzle("classic/lattice-and-march", "pt", "forest", order, every, solve(without(board, every)),
        ...        names).describe()
        'Every effect is switched off: lattice.artifacts; march; anthem; lattice.colorless.'
        """
        _ = translator(lang)
        stamps = {e.id: e.timestamp for e in self.trace.effects}
        rank = {e: i for i, e in enumerate(self.order)}
        live = sorted((e for e in self.order if e not in self.off), key=lambda e: (stamps.get(e, 0), rank[e]))
        on = [self.name(e, lang) for e in live]
        off = [self.name(e, lang) for e in self.order if e in self.off]
        if not on:
            return _("Every effect is switched off: {off}.", off="; ".join(off))
        text = _("Effects, oldest timestamp first: {on}.", on="; ".join(on))
        if off:
            text += " " + _("Switched off: {off}.", off="; ".join(off))
        return text


@cache
def _board(name: str) -> Any:
    """A built-in scenario, loaded once (scenarios are immutable; puzzles derive new ones from it)."""
    from rulekit.mtg import load_scenario

    return load_scenario(name)


def generate(
    rng: random.Random, pool: tuple[tuple[str, str, str], ...] = POOL, seen: set[Any] | None = None
) -> Puzzle:
    """One puzzle drawn with ``rng``: a board from ``pool``, timestamps shuffled, some effects off.

    ``seen``: the keys (:meth:`Puzzle.key`) of the puzzles already shown; a puzzle among them is drawn
    again (at most :data:`FRESH_TRIES` times), and the new puzzle's key is added to it.
    """
    tries = 0
    while True:
        puzzle = _draw(rng, pool)
        tries += 1
        if seen is None:
            return puzzle
        if puzzle.key() not in seen or tries >= FRESH_TRIES:
            seen.add(puzzle.key())
            return puzzle


def _draw(rng: random.Random, pool: tuple[tuple[str, str, str], ...]) -> Puzzle:
    from rulekit.mtg import effects, solve, with_order, without

    while True:  # draw again when the question would have no answer to type (a non-creature's P/T)
        base, kind, target = pool[rng.randrange(len(pool))]
        scenario = _board(base)
        listed = effects(scenario)
        ids = [e["id"] for e in listed]
        names = {e["id"]: e["name"] for e in listed}
        order = list(ids)
        rng.shuffle(order)
        off = sorted(e for e in ids if rng.random() < OFF_CHANCE)
        changed = with_order(scenario, order)
        if off:
            changed = without(changed, off)
        trace = solve(changed)
        view = trace.final.get(target)
        if view is not None and (kind != "pt" or view.power is not None):
            return Puzzle(base, kind, target, order, off, trace, names, {e["id"]: e for e in listed})


def puzzles(seed: int, count: int) -> list[Puzzle]:
    """``count`` puzzles from one seeded generator (what :class:`Practice` shows, in order): no two alike."""
    rng = random.Random(seed)
    seen: set[Any] = set()
    return [generate(rng, seen=seen) for _ in range(count)]


class Practice:
    """The practice widget: a puzzle, a prediction box (PredictionCheck), **Next puzzle**, and a score.

    Only the first verdict of each puzzle counts towards the score (*Check* or Enter; a verdict re-judged
    because the text arrived after the click replaces it); *Reveal* ends the scoring of the puzzle (before any
    verdict, it counts as missed). No puzzle is shown twice in a session. ``seed`` makes the sequence
    repeatable.
    """

    def __init__(self, seed: int | None = None, scale: float = 1.0, lang: str = "en") -> None:
        import ipywidgets as w

        self._ = translator(lang)
        self.lang = self._.lang
        self.rng = random.Random(seed)
        self.scale = scale
        self.right = 0
        self.tried = 0
        self.number = 0
        self.puzzle: Puzzle | None = None
        self.check: Any = None
        self._counted: bool | None = None  # the verdict counted for this puzzle (None: none yet)
        self._closed = False  # revealed: nothing more counts for this puzzle
        self.seen: set[Any] = set()
        self.board = w.HTML(value="")
        self.score = w.HTML(value="")
        self.slot = w.VBox([])
        self.next = w.Button(
            description=self._("Next puzzle"), icon="forward", tooltip=self._("Generate a new puzzle")
        )
        self.next.on_click(lambda _b: self.new_puzzle())
        self.widget = w.VBox([self.score, self.board, self.slot, self.next])
        self.new_puzzle()

    def new_puzzle(self) -> Puzzle:
        from rulekit.widgets import PredictionCheck

        self.puzzle = generate(self.rng, seen=self.seen)
        self.number += 1
        self._counted = None
        self._closed = False
        # keep the text size the learner chose on the previous puzzle's knob
        if self.check is not None:
            self.scale = self.check.scale
        self.check = PredictionCheck(self.puzzle.trace, self.puzzle.kind, self.puzzle.target,
                                     question=self.puzzle.question(self.lang), scale=self.scale, lang=self.lang)
        self.check.on_verdict(self._after_check)
        self.check.reveal.on_click(lambda _b: self._after_reveal())
        head = escape(self._("Puzzle {number}", number=self.number))
        board = escape(self._("board:"))
        self.board.value = (
            f"<p><strong>{head}</strong> "
            f"({board} <code>{escape(self.puzzle.base)}</code>)</p><p>{escape(self.puzzle.describe(self.lang))}</p>"
        )
        self.slot.children = (self.check.widget,)
        self._show_score()
        return self.puzzle

    def answer(self, text: str) -> bool | None:
        """Type ``text`` as the prediction and press Check (what a learner does; used by tests)."""
        assert self.check is not None
        self.check.answer.value = text
        self.check.check.click()
        return self.check.correct

    def _after_check(self, correct: bool | None, again: bool) -> None:
        if self._closed and correct and self.check is not None:
            self.check.add_note(self._("The answer was revealed: a revealed puzzle scores no point."))
        if self._closed or correct is None:
            return
        if self._counted is not None:
            if not again:
                return
            self.right -= int(self._counted)  # the counted verdict was about a text still arriving
        else:
            self.tried += 1
        self._counted = bool(correct)
        self.right += int(self._counted)
        self._show_score()

    def _after_reveal(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._counted is None:
            self._counted = False
            self.tried += 1
            self._show_score()

    def _show_score(self) -> None:
        self.score.value = "<p><strong>" + escape(self._("Score:")) + f"</strong> {self.right} / {self.tried}</p>"

    def _repr_mimebundle_(self, **kw: Any) -> Any:
        return self.widget._repr_mimebundle_(**kw)

    def __repr__(self) -> str:
        return f"<Practice score {self.right}/{self.tried}>"
