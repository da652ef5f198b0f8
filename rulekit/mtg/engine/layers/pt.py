"""Layer 7: power and toughness (613.4): CDAs (7a), setting (7b), modifying (7c), counters
(7d seed / 7c current) and switching (7e seed / 7d current)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.codes import Origin
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.layers.base import KindsPart, LayerPart
from rulekit.mtg.model import build_spec
from rulekit.mtg.vocab import pt_counter

if TYPE_CHECKING:
    from rulekit.mtg.engine.state import Obj, State


class PtSetPart(KindsPart):
    """613.4b: effects that set power and/or toughness to a value (the ``set_pt`` kind,
    :mod:`rulekit.mtg.kinds.set_pt`: its parameters are the values for each object)."""

    sub = "pt_set"
    rule = "613.4b"
    sig_neutral = True
    has_params = True


class PtCdaPart(PtSetPart):
    """613.4a: characteristic-defining abilities that define power and/or toughness (604.3).

    208.2: the ability defines the star of the power/toughness box; a number printed beside the
    star (Tarmogoyf's "*/1+*") is the object's printed power or toughness, and the star's value is
    added to it (none printed: 0). So an object that loses the ability keeps the printed number
    (Merfolk Trickster ruling, 2018-04-27: "*/*+1" is 0/1 when it loses all abilities)."""

    sub = "pt_cda"
    rule = "613.4a, 604.3, 208.2"

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        """Each kind's values (a ``set_pt`` kind's ``(power, toughness)``) added to the printed
        numbers (208.2)."""
        for p, t in param or ():
            if p is not None:
                obj.power = (obj.power or 0) + p
            if t is not None:
                obj.toughness = (obj.toughness or 0) + t


class PtModifyPart(KindsPart):
    """613.4c (seed and current): effects that modify power and/or toughness without setting it
    (the ``modify_pt`` kind, :mod:`rulekit.mtg.kinds.modify_pt`)."""

    sub = "pt_modify"
    rule = "613.4c"
    sig_neutral = True
    has_params = True


class CountersPart(LayerPart):
    """613.4d (seed 7d) / 613.4c (current 7c): power/toughness counters change P/T; every kind of
    122.1a counts ("+X/+Y" adds X and Y, "-X/-Y" subtracts them: +1/+0, -0/-1, +2/+2 ...). This step
    is the game's, not an effect's: it takes no part in dependency."""

    sub = "pt_counters"
    rule = "613.4d seed, 613.4c current, 122.1a"
    sig_neutral = True
    judged = False

    @staticmethod
    def affected(state: State) -> tuple[str, ...]:
        """The permanents with power/toughness counters (122.1a), in listing order."""
        return tuple(
            oid
            for oid, o in state.objs.items()
            if o.zone == "battlefield" and any(n and pt_counter(k) is not None for k, n in o.counters)
        )

    def apply(self, eff: Eff, obj: Obj, param: Any) -> None:
        dp = dt = 0
        for k, n in obj.counters:
            pt = pt_counter(k)
            if pt is not None:
                dp += n * pt[0]
                dt += n * pt[1]
        obj.power = (obj.power or 0) + dp
        obj.toughness = (obj.toughness or 0) + dt


def counter_effects(
    state: State, stamps: dict[str, tuple[tuple[float, str, int], ...]], names: dict[str, str]
) -> list[Eff]:
    """613.4c (current edition): "changes from counters" are applied in layer 7c with the effects
    that modify power and toughness, in timestamp order: each group of power/toughness counters
    put on a permanent at one moment is applied with that moment's timestamp (``stamps``, from the
    replay). Counters are not effects: no dependency is judged on them (613.8a speaks of
    effects). Each is written as a 7c modification locked to its permanent; its id is
    ``<object>.counters`` (``<object>.counters-2``... when counters came at several moments)."""
    out: list[Eff] = []
    for oid, groups in stamps.items():
        obj = state.objs.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        by_ts: dict[float, list[tuple[str, int]]] = {}
        for ts, kind, n in groups:
            by_ts.setdefault(ts, []).append((kind, n))
        for i, ts in enumerate(sorted(by_ts)):
            dp = dt = 0
            for kind, n in by_ts[ts]:
                pt = pt_counter(kind)
                assert pt is not None
                dp, dt = dp + n * pt[0], dt + n * pt[1]
            kinds = ", ".join(f"{k}: {n}" for k, n in sorted(by_ts[ts]))
            spec = build_spec({"modify_pt": {"power": dp, "toughness": dt}})
            out.append(
                Eff(
                    id=f"{oid}.counters" + (f"-{i + 1}" if i else ""),
                    name=f"{names.get(oid, obj.name)} ({kinds})",
                    source=oid,
                    origin=Origin.COUNTERS,
                    timestamp=ts,
                    spec=spec,
                    locked=(oid,),
                    text=kinds,
                    sublayers=spec.sublayers,
                )
            )
    return out


class SwitchPart(KindsPart):
    """613.4e seed / 613.4d current: effects that switch power and toughness (the ``switch_pt``
    kind, :mod:`rulekit.mtg.kinds.switch_pt`)."""

    sub = "pt_switch"
    rule = "613.4e seed, 613.4d current"
    sig_neutral = True
