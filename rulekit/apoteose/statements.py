"""Typed statements: one frozen dataclass per thing a description (or a ``body:``) can make happen.

The description reader (:func:`rulekit.apoteose.lang.parse_statement`) and a scenario's
structured ``body:`` both give these objects; the engine runs each with the one handler registered
for its class (:data:`rulekit.apoteose.handlers.HANDLERS`). The schema a hand-written ``body:``
is checked against (:data:`SCHEMA`, ``bodycheck.STATEMENT_FIELDS``) and the table in ``LANGUAGE.md``
come from the dataclass fields: each field's ``kind`` (what values it takes) is in its metadata,
and a field with a default is optional.

:meth:`Statement.to_dict` gives the plain data (``{"op": ..., field: value}``, unset fields left
out) that ``rulekit parse-effect --json`` prints and the trace's statement labels are made from;
:func:`from_dict` reads it back.

>>> st = from_dict({"op": "heal", "amount": 5, "resource": "VIDA"})
>>> st
Heal(until=None, amount=5, resource='VIDA', target=None)
>>> st.op, st.to_dict()
('heal', {'op': 'heal', 'amount': 5, 'resource': 'VIDA'})
>>> SCHEMA["move"]["dest"]
'zone'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

#: A hero phrase (``{"who": "opponent", "all": True}``), a card phrase or an amount stay plain data.
Spec = dict[str, Any]


def _f(kind: str, optional: bool = False) -> Any:
    """A statement field that takes values of ``kind`` (see ``bodycheck._check_value``)."""
    if optional:
        return field(default=None, metadata={"kind": kind})
    return field(metadata={"kind": kind})


@dataclass(frozen=True, kw_only=True)
class Statement:
    """One runnable statement. ``op`` names its kind; ``until`` is a duration any statement may carry."""

    op: ClassVar[str] = ""
    until: str | None = _f("until", True)

    def to_dict(self) -> dict[str, Any]:
        """The plain-data form: ``op``, then every set field in the class's order, ``until`` last."""
        out: dict[str, Any] = {"op": self.op}
        for f in dataclasses.fields(self):
            if f.name == "until":
                continue
            v = getattr(self, f.name)
            if v is not None:
                out[f.name] = _plain(f.metadata.get("kind", ""), v)
        if self.until is not None:
            out["until"] = self.until
        return out

    def label(self) -> str:
        """A short data label: ``heal(amount=5, resource=VIDA)`` (statements' ids in the trace)."""
        d = self.to_dict()
        rest = ", ".join(f"{k}={v}" for k, v in d.items() if k not in ("op", "options"))
        return f"{self.op}({rest})" if rest else self.op

    def card_phrase(self) -> Spec:
        """This statement's card phrase (``card``, ``count``, ``type``, ``zone``, ``owner``) as plain data."""
        return {k: getattr(self, k) for k in _CARD_PHRASE if getattr(self, k, None) is not None}


def _plain(kind: str, v: Any) -> Any:
    if kind == "options":
        return [[s.to_dict() for s in opt] for opt in v]
    if kind == "statements":
        return [s.to_dict() for s in v]
    if kind == "strlist":
        return list(v)
    return v


_CARD_PHRASE = ("card", "count", "type", "zone", "owner")


# ---- resources -----------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class _AmountResource(Statement):
    amount: Any = _f("amount")
    resource: str = _f("resource")
    target: Spec | None = _f("target", True)


@dataclass(frozen=True, kw_only=True)
class Heal(_AmountResource):
    """Cure N de VIDA (never above the max)."""

    op: ClassVar[str] = "heal"


@dataclass(frozen=True, kw_only=True)
class Recover(_AmountResource):
    """Recupere N de <recurso> (never above the max)."""

    op: ClassVar[str] = "recover"


@dataclass(frozen=True, kw_only=True)
class Consume(_AmountResource):
    """Consuma N de <recurso> (not enough is a failure)."""

    op: ClassVar[str] = "consume"


@dataclass(frozen=True, kw_only=True)
class Damage(_AmountResource):
    """Cause N de DANO to a hero, or (a card phrase) to a COMPANHEIRO's own VIDA."""

    op: ClassVar[str] = "damage"
    card: str | None = _f("card", True)
    count: int | None = _f("int", True)
    type: str | None = _f("str", True)
    zone: str | None = _f("zone", True)
    owner: str | None = _f("owner", True)


@dataclass(frozen=True, kw_only=True)
class Lose(_AmountResource):
    """<alvo> perde N de <recurso> (floor 0)."""

    op: ClassVar[str] = "lose"


@dataclass(frozen=True, kw_only=True)
class Attack(Statement):
    """An attack (a rules action or an activation bar): the attack, then its damage."""

    op: ClassVar[str] = "attack"
    amount: Any = _f("amount")
    target: Spec = _f("target")


@dataclass(frozen=True, kw_only=True)
class Test(Statement):
    """A test: one die plus the attribute."""

    op: ClassVar[str] = "test"
    attribute: str = _f("str")


@dataclass(frozen=True, kw_only=True)
class Draw(Statement):
    """Compre N cartas (from the top of the hero's BARALHO)."""

    op: ClassVar[str] = "draw"
    count: Any = _f("count", True)  # a number, or "uma carta para cada EVOCAÇÃO no seu SUPORTE" ({"per": …})
    target: Spec | None = _f("target", True)


# ---- cards -----------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class CardStatement(Statement):
    """A statement about cards: which ones is a card phrase (``card`` plus optional filters)."""

    card: str = _f("card")
    count: int | None = _f("int", True)
    type: str | None = _f("str", True)
    zone: str | None = _f("zone", True)
    owner: str | None = _f("owner", True)


@dataclass(frozen=True, kw_only=True)
class Discard(CardStatement):
    """Descarte <carta> (to the DESCARTE)."""

    op: ClassVar[str] = "discard"


@dataclass(frozen=True, kw_only=True)
class Bury(CardStatement):
    """Enterre <carta> (to the bottom of the BARALHO)."""

    op: ClassVar[str] = "bury"


@dataclass(frozen=True, kw_only=True)
class Banish(CardStatement):
    """Bane <carta> (to BANIDAS)."""

    op: ClassVar[str] = "banish"


@dataclass(frozen=True, kw_only=True)
class Return(CardStatement):
    """Devolva <carta> ao INVENTÁRIO."""

    op: ClassVar[str] = "return"


@dataclass(frozen=True, kw_only=True)
class Exhaust(CardStatement):
    """Consuma <carta> (turn it)."""

    op: ClassVar[str] = "exhaust"


@dataclass(frozen=True, kw_only=True)
class Ready(CardStatement):
    """Recupere <carta> (turn it back)."""

    op: ClassVar[str] = "ready"


@dataclass(frozen=True, kw_only=True)
class Reveal(CardStatement):
    """Revele <carta>."""

    op: ClassVar[str] = "reveal"


@dataclass(frozen=True, kw_only=True)
class Hide(CardStatement):
    """Oculte <carta>."""

    op: ClassVar[str] = "hide"


@dataclass(frozen=True, kw_only=True)
class Register(CardStatement):
    """Registre <carta> (R-18: only marks it)."""

    op: ClassVar[str] = "register"


@dataclass(frozen=True, kw_only=True)
class Look(CardStatement):
    """Olhe <carta> (nothing changes; the event can be answered)."""

    op: ClassVar[str] = "look"


@dataclass(frozen=True, kw_only=True)
class Move(CardStatement):
    """Mova <carta> para <zona> / Devolva <carta> a <zona>."""

    op: ClassVar[str] = "move"
    dest: str = _f("zone")


@dataclass(frozen=True, kw_only=True)
class Attach(CardStatement):
    """Anexe <carta> a <carta> (``to`` is the host's card phrase)."""

    op: ClassVar[str] = "attach"
    to: Spec = _f("cardspec")


# ---- the chain -------------------------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class Select(Statement):
    """Selecione N <herói/carta>: the choice becomes "o alvo"."""

    op: ClassVar[str] = "select"
    count: int = _f("int")
    what: str = _f("what")
    who: str | None = _f("who", True)
    type: str | None = _f("str", True)
    owner: str | None = _f("owner", True)
    zone: str | None = _f("zone", True)
    #: the hero the selected heroes stand next to ("Selecione 1 oponente adjacente a você": ``{who: self}``)
    near: Spec | None = _f("target", True)


@dataclass(frozen=True, kw_only=True)
class Roll(Statement):
    """Role N dados (the scenario's dice)."""

    op: ClassVar[str] = "roll"
    count: int | None = _f("int", True)


@dataclass(frozen=True, kw_only=True)
class MoveSelf(Statement):
    """Mova-se (a board step: an event only)."""

    op: ClassVar[str] = "step"
    text: str | None = _f("str", True)


@dataclass(frozen=True, kw_only=True)
class Negate(Statement):
    """Negue a ativação (R-08)."""

    op: ClassVar[str] = "negate"


@dataclass(frozen=True, kw_only=True)
class Modify(Statement):
    """Aumente / Reduza essa <ação> em N (changes the answered entry's action)."""

    op: ClassVar[str] = "modify"
    action: str = _f("action")
    delta: Any = _f("amount")


@dataclass(frozen=True, kw_only=True)
class Gain(Statement):
    """+N de <atributo> (a lasting gain, R-19; a Passivo's gain while it applies, R-23)."""

    op: ClassVar[str] = "gain"
    attribute: str = _f("str")
    amount: Any = _f("amount")
    target: Spec | None = _f("target", True)
    during: str | None = _f("str", True)


@dataclass(frozen=True, kw_only=True)
class Compute(Statement):
    """( A + B ): the value is shown in the trace."""

    op: ClassVar[str] = "compute"
    amount: Any = _f("amount")


@dataclass(frozen=True, kw_only=True)
class Table(Statement):
    """A table (❙): organisational only."""

    op: ClassVar[str] = "table"
    cells: tuple[str, ...] | None = _f("strlist", True)


@dataclass(frozen=True, kw_only=True)
class Noop(Statement):
    """An empty clause."""

    op: ClassVar[str] = "noop"


@dataclass(frozen=True, kw_only=True)
class Choose(Statement):
    """Escolha um: ● … ● …: an ``option`` decision, then that option's statements."""

    op: ClassVar[str] = "choose"
    options: tuple[tuple[Statement, ...], ...] = _f("options")


@dataclass(frozen=True, kw_only=True)
class If(Statement):
    """se <condição>, <statements>: the statements run only if the condition holds when the clause is
    reached (a state condition, LANGUAGE.md §2; seed «Na Descrição»: the text is applied as written)."""

    op: ClassVar[str] = "if"
    cond: Spec = _f("cond")
    then: tuple[Statement, ...] = _f("statements")
    #: the condition as the card writes it (rules text: views quote it, never translate it)
    text: str | None = _f("str", True)


@dataclass(frozen=True, kw_only=True)
class Unknown(Statement):
    """A clause the reader could not read: where, what it expected, the nearest phrase it knows.

    Never runnable (``Effect.supported()`` is false); not part of the ``body:`` schema."""

    op: ClassVar[str] = "unknown"
    text: str = _f("str")
    position: int = _f("int")
    expected: tuple[str, ...] = _f("strlist")
    suggestion: str | None = _f("str", True)
    #: why a phrase that reads cannot be resolved (LANGUAGE.md §3.1: "o alvo" with nothing chosen, two
    #: readings left); ``None`` when the clause does not read at all
    reason: str | None = _f("str", True)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "op": "unknown",
            "text": self.text,
            "position": self.position,
            "expected": list(self.expected),
            "suggestion": self.suggestion,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        return out


#: Every runnable statement class by its ``op`` (the structured ``body:`` may use these).
BY_OP: dict[str, type[Statement]] = {
    c.op: c
    for c in (
        Heal,
        Recover,
        Consume,
        Damage,
        Lose,
        Attack,
        Test,
        Draw,
        Discard,
        Bury,
        Banish,
        Return,
        Exhaust,
        Ready,
        Reveal,
        Hide,
        Register,
        Look,
        Move,
        Attach,
        Select,
        Roll,
        MoveSelf,
        Negate,
        Modify,
        Gain,
        Compute,
        Table,
        Noop,
        Choose,
        If,
    )
}


def _schema(cls: type[Statement]) -> dict[str, str]:
    """``{field: kind}`` (``field?`` when optional), in the class's order, ``until`` left out."""
    return {
        f.name + ("?" if f.default is None else ""): f.metadata["kind"]
        for f in dataclasses.fields(cls)
        if f.name != "until"
    }


#: Every statement ``op`` and its fields (``?``: optional) — the schema of the structured ``body:``.
SCHEMA: dict[str, dict[str, str]] = {op: _schema(cls) for op, cls in BY_OP.items()}


def schema_markdown() -> str:
    """The ``body:`` schema as the Markdown table ``LANGUAGE.md`` shows (a test keeps the two equal).

    >>> schema_markdown().splitlines()[2]
    '| `heal` | Heal | `amount` (amount), `resource` (resource), `target`? (target) |'
    """
    rows = ["| op | class | fields (`?`: optional; every op may also carry `until`?) |", "|---|---|---|"]
    for op, cls in BY_OP.items():
        cells = ", ".join(
            f"`{k.rstrip('?')}`{'?' if k.endswith('?') else ''} ({v})" for k, v in SCHEMA[op].items()
        )
        rows.append(f"| `{op}` | {cls.__name__} | {cells or '—'} |")
    return "\n".join(rows)


def from_dict(d: dict[str, Any]) -> Statement:
    """A statement from its plain-data form (already checked: ``bodycheck.check_statement``)."""
    op = d.get("op")
    cls = Unknown if op == "unknown" else BY_OP.get(str(op))
    if cls is None:
        raise ValueError(f"unknown statement op {op!r}")
    kinds = {f.name: f.metadata.get("kind", "") for f in dataclasses.fields(cls)}
    kw: dict[str, Any] = {}
    for k, v in d.items():
        if k == "op":
            continue
        kind = kinds.get(k)
        if kind is None:
            raise ValueError(f"{k!r} is not a field of {op!r}")
        if kind == "options":
            v = tuple(tuple(s if isinstance(s, Statement) else from_dict(s) for s in opt) for opt in v)
        elif kind == "statements":
            v = tuple(s if isinstance(s, Statement) else from_dict(s) for s in v)
        elif kind == "strlist" and isinstance(v, list):
            v = tuple(v)
        kw[k] = v
    return cls(**kw)
