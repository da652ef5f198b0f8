"""What every layer part is: one class per part, holding all it knows (CR 613.1-613.4, 613.10-11).

A :class:`LayerPart` says, for one layer or sublayer:

* :attr:`sub`: its edition-independent id (:data:`rulekit.mtg.model.SUBLAYERS`); its label in each
  edition comes from :func:`rulekit.mtg.model.layer_label`;
* :meth:`writes` / :meth:`reads`: the ``(characteristic, value)`` pairs an effect part there may
  change, and those its parameters read (the 613.8a pruning; ``("abilities-", "*")`` marks parts
  that can remove abilities and so end static effects, 611.3b);
* :meth:`decision_inputs`: what else of an object its result on that object depends on;
* :attr:`has_params` / :meth:`params_vary` / :meth:`params`: what it does to one object, as data
  (read for every object before anything changes; compared by the dependency test);
* :meth:`apply`: how it applies to one object;
* :attr:`shows` / :attr:`snapshot` / :attr:`sig_neutral`: how it shows in a step's changes;
* :attr:`shared`: the characteristics its result depends on alone (objects alike get one result);
  :meth:`by_text`: whether that result depends on the effect's text alone (effects alike, one result);
* :attr:`judged`: whether 613.8 dependency is judged among its effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.select import ANY, Key, eval_expr, resolve_player, select
from rulekit.mtg.kinds.base import add_words

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Ctx
    from rulekit.mtg.engine.state import Obj, State
    from rulekit.mtg.model import EffectSpec

PT_WRITES: frozenset[Key] = frozenset({("pt", ANY)})
NOTHING: frozenset[Key] = frozenset()


class LayerPart:
    """One layer or sublayer (see the module docstring). Subclasses override what differs."""

    #: the internal sublayer id
    sub = ""
    #: the rule it applies
    rule = ""
    #: the characteristics a step of this part shows before -> after, in order
    shows: tuple[str, ...] = ("power", "toughness")
    #: the raw object slots snapshotted before a step (``None``: power, toughness, types)
    snapshot: tuple[str, ...] | None = None
    #: whether it changes nothing a selector reads (the object keeps its signature)
    sig_neutral = False
    #: the slots its result depends on alone, when it takes no parameters (else ``None``)
    shared: tuple[str, ...] | None = None
    #: whether 613.8a dependency is judged among its effects
    judged = True
    #: whether it computes a parameter for each object (:meth:`params`)
    has_params = False

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        """What an effect part here may change."""
        return PT_WRITES

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        """What its parameters read (besides what selects the objects it applies to)."""
        return NOTHING

    def reads_resolved(self, spec: EffectSpec) -> frozenset[Key]:
        """What its parameters read in a resolved effect, whose "you" is the player who
        controlled it as it resolved, not a controller the layers may change (611.2c)."""
        return self.reads(spec)

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        """What of an object, besides what another effect's selector reads, its result on that
        object depends on."""
        return NOTHING

    def params_vary(self, spec: EffectSpec) -> bool:
        """Whether what it does can differ from one moment (or object) to another."""
        return False

    def keeps_signature(self, spec: EffectSpec | None) -> bool:
        """Whether applying it leaves everything a selector reads unchanged (:attr:`sig_neutral`)."""
        return self.sig_neutral

    def uses_params(self, spec: EffectSpec | None) -> bool:
        """Whether applying this effect part takes :meth:`params` (then it is applied object by
        object, never through the :attr:`shared` cache)."""
        return self.has_params

    def by_text(self, spec: EffectSpec | None) -> bool:
        """Whether what an effect part without parameters does to an object depends on its text
        alone, not on which effect it is (its id or timestamp): effects of one text then do the
        same to the same objects (:meth:`~rulekit.mtg.engine.dependency.Judge.judge` judges
        such effects once for all of them)."""
        return True

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """What it does to one object, as data (``None`` when it takes no parameter)."""
        return None

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Apply it to one (writable) object."""

    def shared_key(self, values: Any) -> Any:
        """The cache key of the :attr:`shared` values (a hit is still checked for equality)."""
        return values


class _Game:
    """What a kind's parameters may ask of the game (:class:`rulekit.mtg.kinds.base.Game`), for
    one effect."""

    __slots__ = ("ctx", "eff", "state")

    def __init__(self, eff: Eff, state: State, ctx: Ctx) -> None:
        self.eff, self.state, self.ctx = eff, state, ctx

    def objects(self, selector: Any) -> list[Obj]:
        return [self.state.objs[oid] for oid in select(selector, self.state, self.ctx)]

    def number(self, expr: Any, obj: Obj) -> int:
        return eval_expr(expr, obj, self.eff, self.state, self.ctx)

    def player(self, word: str) -> str | None:
        return resolve_player(word, self.ctx, self.state)


class KindsPart(LayerPart):
    """A layer part whose effects are made of registered effect kinds (:mod:`rulekit.mtg.kinds`):
    each hook asks the kinds an effect holds in this sublayer (:meth:`EffectSpec.kinds_in`), and
    :meth:`apply` applies them in their order. A part adds what its layer does beyond its kinds."""

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        out: frozenset[Key] = frozenset()
        for kind, value in spec.kinds_in(self.sub):
            out |= kind.writes(value)
        return out

    def reads(self, spec: EffectSpec) -> frozenset[Key]:
        out: frozenset[Key] = frozenset()
        for kind, value in spec.kinds_in(self.sub):
            out |= kind.reads(value)
        return out

    def reads_resolved(self, spec: EffectSpec) -> frozenset[Key]:
        out: frozenset[Key] = frozenset()
        for kind, value in spec.kinds_in(self.sub):
            out |= kind.reads_resolved(value)
        return out

    def params_vary(self, spec: EffectSpec) -> bool:
        return any(kind.params_vary(value) for kind, value in spec.kinds_in(self.sub))

    def uses_params(self, spec: EffectSpec | None) -> bool:
        return spec is not None and any(kind.uses_params(value) for kind, value in spec.kinds_in(self.sub))

    def keeps_signature(self, spec: EffectSpec | None) -> bool:
        return self.sig_neutral and (
            spec is None or all(kind.keeps_signature(value) for kind, value in spec.kinds_in(self.sub))
        )

    def decision_inputs(self, spec: EffectSpec | None) -> frozenset[Key]:
        out: frozenset[Key] = frozenset()
        for kind, value in spec.kinds_in(self.sub) if spec is not None else ():
            out |= kind.decision_inputs(value)
        return out

    def by_text(self, spec: EffectSpec | None) -> bool:
        return spec is None or all(kind.by_text(value) for kind, value in spec.kinds_in(self.sub))

    def params(self, eff: Eff, obj: Obj, state: State, ctx: Ctx) -> Any:
        """Each kind's parameters for one object (``None`` for a kind that takes none), or
        ``None`` when no kind takes any."""
        spec = eff.spec
        if spec is None:
            return None
        kinds = spec.kinds_in(self.sub)
        if not any(kind.uses_params(value) or kind.params_vary(value) for kind, value in kinds):
            return None
        game = _Game(eff, state, ctx)
        return tuple(
            kind.params(value, eff, obj, game) if kind.uses_params(value) or kind.params_vary(value) else None
            for kind, value in kinds
        )

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        spec = eff.spec
        assert spec is not None
        kinds = spec.kinds_in(self.sub)
        for i, (kind, value) in enumerate(kinds):
            kind.apply(value, eff, obj, param[i] if param is not None else None)


__all__ = ["NOTHING", "PT_WRITES", "KindsPart", "LayerPart", "add_words"]
