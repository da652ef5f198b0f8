"""Number phrases and target rules: English parsed into data (LANGUAGE.md §3).

An expression such as ``"the number of Elves you control plus two"`` is parsed once into an
:class:`Expr`; the engine evaluates it against the state of the moment (``engine.select.eval_expr``),
asking :meth:`Expr.combine` for the kinds made of others. What it reads (for 613.8a dependency)
is :attr:`Expr.characteristics`. A :class:`TargetRule` is what each target must be (601.2c, 608.2b).

>>> parse_expr("number of card types among cards in all graveyards plus one").add
1
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any

from rulekit.mtg.selectors import (
    TARGET_COMPARISONS,
    Selector,
    SelectorError,
    parse_number,
    parse_selector,
)
from rulekit.phrase import N_, Phrase

__all__ = ["COMPOSITE_KINDS", "Expr", "TargetRule", "parse_expr", "parse_target_rule"]


# ---------------------------------------------------------------------------------- expressions
#: Expression kinds made of other expressions or of a set's numbers (the engine asks
#: :meth:`Expr.combine` for their value).
COMPOSITE_KINDS = frozenset({"scale", "sum", "greatest", "own"})


@dataclass(frozen=True)
class Expr:
    """A number phrase: ``kind`` is ``const``, ``x``, ``mana_value``, ``count``, ``card_types``,
    or one made of others: ``scale`` ("twice X", "half X, rounded up": ``args[0]`` times
    ``num``/``den``, ``rounding`` ``up``/``down``), ``sum`` (``args`` added: "the number of
    Forests you control plus the number of Islands you control"), ``greatest`` ("the greatest
    power among creatures you control": ``attr`` of the ``selector``'s objects, 0 when none),
    ``own`` ("its power", "its toughness": ``attr`` of the affected object itself, as the layers
    have made it when the expression is evaluated; a resolved effect fixes it on resolution).

    ``selector`` is the counted selector for ``count``/``card_types``/``greatest``; ``add`` is
    the ``plus N``/``minus N`` tail; ``sign`` is -1 for a leading minus ("-X").
    """

    kind: str
    value: int = 0
    selector: Selector | None = None
    add: int = 0
    sign: int = 1
    text: str = ""
    args: tuple[Expr, ...] = ()
    attr: str = ""
    num: int = 1
    den: int = 1
    rounding: str = ""

    @property
    def reads(self) -> frozenset[str]:
        return frozenset(a for a, _ in self.characteristics)

    @cached_property
    def characteristics(self) -> frozenset[tuple[str, str]]:
        """What the expression reads, as :attr:`Selector.characteristics` (the engine asks this
        for dependency, 613.8a): a count reads what its selector reads and where objects are;
        "the greatest power among ..." also reads power.

        >>> sorted(parse_expr("the greatest power among creatures you control").characteristics)
        [('controller', '*'), ('power', '*'), ('types', 'Creature'), ('zone', '*')]
        """
        out: set[tuple[str, str]] = set()
        if self.selector is not None:
            out |= self.selector.characteristics
            out.add(("zone", "*"))
            if self.kind == "card_types":
                out.add(("types", "*"))
            if self.kind == "greatest":
                out.add((self.attr, "*"))
        if self.kind == "mana_value":
            out.add(("mana_value", "*"))
        if self.kind == "own":
            out.add((self.attr, "*"))
        for e in self.args:
            out |= e.characteristics
        return frozenset(out)

    @property
    def constant(self) -> bool:
        return self.kind == "const"

    @property
    def selectors(self) -> tuple[Selector, ...]:
        """Every selector inside the expression (its own and its parts'), in reading order."""
        own = (self.selector,) if self.selector is not None else ()
        return own + tuple(s for e in self.args for s in e.selectors)

    def combine(
        self,
        value_of: Callable[[Expr], int],
        objects_of: Callable[[Selector], list[Any]],
        obj: Any = None,
    ) -> int:
        """The value of a composite expression, given how to evaluate a sub-expression, which
        objects a selector names now and the object the expression is evaluated for (the engine
        supplies all three).

        >>> e = parse_expr("half X, rounded up")
        >>> e.combine(lambda sub: 5, lambda sel: [])
        3
        >>> parse_expr("twice X").combine(lambda sub: 4, lambda sel: [])
        8
        """
        if self.kind == "scale":
            whole = value_of(self.args[0]) * self.num
            base = -((-whole) // self.den) if self.rounding == "up" else whole // self.den
        elif self.kind == "sum":
            base = sum(value_of(e) for e in self.args)
        elif self.kind == "own":
            value = getattr(obj, self.attr, None)
            base = int(value) if value is not None else 0
        else:  # greatest
            assert self.selector is not None
            values = [getattr(o, self.attr, None) for o in objects_of(self.selector)]
            base = max((int(v) for v in values if v is not None), default=0)
        return self.sign * base + self.add


_MULTIPLIERS = {"twice": 2, "double": 2, "two times": 2, "three times": 3, "four times": 4}
_GREATEST_RE = re.compile(r"(?:the )?(greatest|highest) (power|toughness|mana value) among (.+)", flags=re.I)


#: How deeply expressions may nest ("twice half twice ..."; "A plus B plus C ..."): a bound on the
#: cost of untrusted text.
MAX_EXPR_DEPTH = 12


def parse_expr(text: Any) -> Expr:
    """Parse a number phrase (LANGUAGE.md §3 "Expressions").

    >>> parse_expr("twice X").kind, parse_expr("half X, rounded down").rounding
    ('scale', 'down')
    >>> e = parse_expr("the number of Forests you control plus the number of Islands you control")
    >>> e.kind, [a.selector.text for a in e.args]
    ('sum', ['Forests you control', 'Islands you control'])
    >>> parse_expr("the number of Elves you control plus two").add
    2
    """
    if isinstance(text, bool):
        raise SelectorError(Phrase(N_("'{value}' is not a number or expression"), value=text))
    if isinstance(text, int):
        return Expr("const", value=text, text=str(text))
    return _parse_expr(" ".join(str(text).split()), 0)


@lru_cache(maxsize=2048)
def _parse_expr(raw: str, depth: int) -> Expr:
    if depth > MAX_EXPR_DEPTH:
        raise SelectorError(
            Phrase(
                N_("'{value}' nests expressions more than {most} deep"), value=raw[:80], most=MAX_EXPR_DEPTH
            ),
            raw[:80],
            None,
            0,
        )
    low = raw.lower()
    # "A plus B" / "A minus B": the loosest operator, read from the right (left-associative)
    m = None
    for m_ in re.finditer(r"\s+(plus|minus)\s+", low):
        m = m_
    if m is not None:
        left_raw, right_raw = raw[: m.start()], raw[m.end() :]
        n = parse_number(right_raw)
        if n is not None or " " not in right_raw.strip():
            if n is None:
                raise SelectorError(
                    Phrase(N_("'{value}' is not a number (in '{raw}')"), value=right_raw, raw=raw), right_raw
                )
            base = _parse_expr(left_raw, depth + 1)
            add = n if m.group(1) == "plus" else -n
            if base.kind == "const":
                return Expr("const", value=base.value + add, text=raw)
            return replace(base, add=base.add + add, text=raw)
        left, right = _parse_expr(left_raw, depth + 1), _parse_expr(right_raw, depth + 1)
        if m.group(1) == "minus":
            right = replace(right, sign=-right.sign, add=-right.add, text="minus " + right.text)
        return Expr("sum", args=(left, right), text=raw)
    sign, whole = 1, raw
    if low.startswith("-") and not re.fullmatch(r"-\d+", low):
        sign, low, raw = -1, low[1:], raw[1:]
    elif low.startswith("+") and not re.fullmatch(r"\+\d+", low):
        low, raw = low[1:], raw[1:]
    n = parse_number(low)
    if n is not None:
        return Expr("const", value=n, text=whole)
    for word, factor in _MULTIPLIERS.items():
        if low.startswith(word + " "):
            inner = _parse_expr(raw[len(word) + 1 :], depth + 1)
            return Expr("scale", args=(inner,), num=factor, sign=sign, text=whole)
    if low.startswith("half "):
        mr = re.search(r",?\s+rounded (up|down)$", low)
        if mr is None:
            raise SelectorError(
                Phrase(
                    N_("'{raw}' halves without saying how to round (add '{up}' or '{down}')"),
                    raw=raw,
                    up=", rounded up",
                    down=", rounded down",
                ),
                "half",
                None,
                0,
            )
        inner = _parse_expr(raw[5 : mr.start()], depth + 1)
        return Expr("scale", args=(inner,), den=2, rounding=mr.group(1), sign=sign, text=whole)
    if low == "x":
        return Expr("x", sign=sign, text=whole)
    mo = re.fullmatch(r"(?:its|their|that creature's) (power|toughness)", low)
    if mo:
        return Expr("own", attr=mo.group(1), sign=sign, text=whole)
    if low in ("mana value", "its mana value", "their mana value", "that permanent's mana value"):
        return Expr("mana_value", sign=sign, text=whole)
    mg = _GREATEST_RE.fullmatch(raw)
    if mg:
        attr = mg.group(2).lower().replace(" ", "_")
        return Expr("greatest", selector=parse_selector(mg.group(3)), attr=attr, sign=sign, text=whole)
    m2 = re.fullmatch(r"(?:the )?number of card types among (.+)", raw, flags=re.I)
    if m2:
        return Expr("card_types", selector=parse_selector(m2.group(1)), sign=sign, text=whole)
    m3 = re.fullmatch(r"(?:the )?number of (.+)", raw, flags=re.I)
    if m3:
        return Expr("count", selector=parse_selector(m3.group(1)), sign=sign, text=whole)
    raise SelectorError(
        Phrase(
            N_("'{raw}' is not an expression (use a number, X, {forms}, optionally with {plus})"),
            raw=raw,
            forms="'its mana value', 'number of <selector>', 'number of card types among <selector>', "
            "'the greatest power among <selector>', 'twice <expr>', 'half <expr>, rounded up'",
            plus="'plus N' or 'plus <expr>'",
        ),
        raw,
    )


# ---------------------------------------------------------------------------------- target rules
_TARGET_ATTRS = {"power": "power", "toughness": "toughness", "mana value": "mana_value"}
_TARGET_RE = re.compile(
    r"^(?P<sel>.+?)\s+with\s+(?:a\s+)?(?P<attr>power|toughness|mana value)\s+(?:is\s+)?"
    r"(?P<cmp>" + "|".join(sorted(TARGET_COMPARISONS, key=len, reverse=True)) + r")\s+(?P<expr>.+)$",
    flags=re.I,
)


@dataclass(frozen=True)
class TargetRule:
    """What each target of a resolving spell or ability must be (601.2c, checked again on
    resolution, 608.2b): a selector the target must match, optionally with a comparison of one of
    its numbers (``attr``: ``power``, ``toughness`` or ``mana_value``; ``op``: ``<=``, ``>=``,
    ``<``, ``>``, ``==``) with an expression (LANGUAGE.md §3).

    >>> r = parse_target_rule(
    ...     "target creature with power less than or equal to the number of Islands you control"
    ... )
    >>> r.selector.text, r.attr, r.op, r.expr.kind, r.expr.selector.text
    ('creature', 'power', '<=', 'count', 'Islands you control')
    >>> parse_target_rule("nonland permanent").attr is None
    True
    """

    text: str
    selector: Selector
    attr: str | None = None
    op: str = ""
    expr: Expr | None = None


@lru_cache(maxsize=512)
def parse_target_rule(text: str) -> TargetRule:
    """Parse a ``targets_must`` phrase: ``[target] <selector> [with <power|toughness|mana value>
    <comparison> <expression>]``; comparisons are the keys of :data:`TARGET_COMPARISONS`."""
    raw = " ".join(str(text).split())
    body = raw[len("target ") :] if raw.lower().startswith("target ") else raw
    m = _TARGET_RE.match(body)
    if m is None:
        try:  # "creature with mana value 3 or less": the selector's own "with" clause (§4)
            return TargetRule(raw, parse_selector(body))
        except SelectorError:
            pass
        if re.search(r"\swith\s+(?:a\s+)?(?:power|toughness|mana value)\b", body, flags=re.I):
            raise SelectorError(
                Phrase(
                    N_("'{raw}' compares a number without a known comparison (use one of: {forms})"),
                    raw=raw,
                    forms=", ".join(TARGET_COMPARISONS),
                ),
                raw,
            )
        return TargetRule(raw, parse_selector(body))
    return TargetRule(
        raw,
        parse_selector(m.group("sel")),
        _TARGET_ATTRS[m.group("attr").lower()],
        TARGET_COMPARISONS[m.group("cmp").lower()],
        parse_expr(m.group("expr")),
    )
