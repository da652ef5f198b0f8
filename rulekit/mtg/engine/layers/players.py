"""Effects on players (613.10) and on the game's rules (613.11), after every layer of objects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import PT_WRITES, KindsPart
from rulekit.mtg.engine.select import make_ctx
from rulekit.mtg.trace import Change

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.select import Key
    from rulekit.mtg.engine.state import State
    from rulekit.mtg.model import EffectSpec

#: CR 402.2: a player's maximum hand size, unless an effect changes it. An effect may say a player
#: has no maximum hand size: the rules then hold ``None`` for that player (JSON ``null``); an
#: effect that later adds to it leaves it so, one that sets it gives a number again (613.11, in
#: timestamp order).
DEFAULT_MAX_HAND_SIZE = 7


def players_named(word: str | None, eff: Eff, state: State) -> tuple[str, ...]:
    """The players a phrase names: ``you`` (the default), opponents, each player, target player, a
    name; with a limited range of influence, only those within the range of the effect's
    controller (:func:`within_range`)."""
    you = make_ctx(eff, state).you
    w = (word or "you").lower()
    if w == "you":
        return (you,) if you else ()
    if w in ("each opponent", "opponents", "each of your opponents"):
        named = tuple(p for p in state.players if p != you)
    elif w in ("each player", "all players", "players"):
        named = state.players
    elif w == "target player":
        named = (eff.target_player,) if eff.target_player else ()
    else:
        named = tuple(p for p in state.players if p.lower() == w)
    return within_range(named, you, state)


def within_range(players: tuple[str, ...], you: str | None, state: State) -> tuple[str, ...]:
    """801.2: a player's range of influence is how many seats away (either way round the table,
    the seats being the order of the scenario's ``players``) that player can affect, and it covers
    effects: an effect on players reaches only those within its controller's range (801.2b: a
    player is always within their own). No range (the default) is the whole game."""
    reach = state.influence.get(you) if you is not None else None
    if reach is None or you not in state.players:
        return players
    seats = state.players
    me = seats.index(you)

    def distance(p: str) -> int:
        d = abs(seats.index(p) - me)
        return min(d, len(seats) - d)

    return tuple(p for p in players if p in seats and distance(p) <= reach)


def objects_within_range(ids: tuple[str, ...], you: str | None, state: State) -> tuple[str, ...]:
    """801.2d: an object is within a player's range of influence if a player within that range
    controls it; a rules effect (requirements, damage prevented, cost changes) reaches only those."""
    if not state.influence.get(you or ""):
        return ids
    reach = set(within_range(state.players, you, state))
    return tuple(oid for oid in ids if state.objs[oid].controller in reach)


class PlayersPart(KindsPart):
    """613.10: effects on players apply after all object characteristics, in timestamp order
    (the Spanish seed lists them before the layers; the engine follows the CR and seed 000); what
    each gives is a kind (:mod:`rulekit.mtg.kinds.player_abilities`)."""

    sub = "players"
    rule = "613.10"
    judged = False

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return PT_WRITES  # as every part that is not judged (613.8 is not judged on players)

    def apply_to_players(
        self, e: Eff, state: State, players: dict[str, list[str]]
    ) -> tuple[tuple[str, ...], list[Change]]:
        """Give the players the effect names what its kinds give; the players and the changes."""
        spec = e.spec
        assert spec is not None
        who = players_named(spec.players, e, state)
        changes = []
        for p in who:
            before = tuple(players[p])
            for kind, value in spec.kinds_in(self.sub):
                kind.apply_to_player(value, players[p])
            if tuple(players[p]) != before:
                changes.append(Change(p, "abilities", before, tuple(players[p])))
        return who, changes


class _Rules:
    """What a rules kind works on (:class:`rulekit.mtg.kinds.base.Rules`), for one effect."""

    def __init__(self, e: Eff, state: State, rules: dict[str, Any], affected: tuple[str, ...]) -> None:
        self.e, self.state, self.rules, self.affected = e, state, rules, affected
        self.touched: tuple[str, ...] = ()
        self.changes: list[Change] = []

    def players(self) -> tuple[str, ...]:
        assert self.e.spec is not None
        return players_named(self.e.spec.players, self.e, self.state)

    def change(self, key: str, before: Any, after: Any) -> None:
        self.changes.append(Change("rules", key, before, after))


class RulesPart(KindsPart):
    """613.11: effects that change the game rules apply last (seed 000 "Regras e jogadores";
    seed 002: Gnat Miser): maximum hand size (402.2), requirements on objects, damage prevention
    (615), "can't gain life" (119.7) and cost changes (601.2f), each a kind of
    :mod:`rulekit.mtg.kinds`. Which objects a part names is not locked (611.2c;
    :func:`rulekit.mtg.engine.loop.rules_affected`)."""

    sub = "rules"
    rule = "613.11"
    judged = False

    def writes(self, spec: EffectSpec) -> frozenset[Key]:
        return PT_WRITES  # as every part that is not judged (613.8 is not judged on the rules)

    def apply_to_rules(
        self, e: Eff, state: State, rules: dict[str, Any], affected: tuple[str, ...]
    ) -> tuple[tuple[str, ...], list[Change]]:
        """Change the rules, kind after kind; ``affected`` is the set it names. The touched and
        the changes."""
        spec = e.spec
        assert spec is not None
        got = _Rules(e, state, rules, affected)
        for kind, value in spec.kinds_in(self.sub):
            kind.apply_to_rules(value, got)
        return got.touched, got.changes
