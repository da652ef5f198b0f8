"""Effects on players (613.10) and on the game's rules (613.11), after every layer of objects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekit.mtg.engine.layers.base import LayerPart
from rulekit.mtg.engine.select import make_ctx
from rulekit.mtg.trace import Change

if TYPE_CHECKING:
    from rulekit.mtg.engine.eff import Eff
    from rulekit.mtg.engine.state import State

#: CR 402.2: a player's maximum hand size, unless an effect changes it. An effect may say a player
#: has no maximum hand size: the rules then hold ``None`` for that player (JSON ``null``); an
#: effect that later adds to it leaves it so, one that sets it gives a number again (613.11, in
#: timestamp order).
DEFAULT_MAX_HAND_SIZE = 7

#: 615: the key of damage prevented whatever its source ("prevent all combat damage that would be
#: dealt this turn" names no source)
EVERY_SOURCE = "*"


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


class PlayersPart(LayerPart):
    """613.10: effects on players apply after all object characteristics, in timestamp order
    (the Spanish seed lists them before the layers; the engine follows the CR and seed 000)."""

    sub = "players"
    rule = "613.10"
    judged = False

    def apply_to_players(
        self, e: Eff, state: State, players: dict[str, list[str]]
    ) -> tuple[tuple[str, ...], list[Change]]:
        """Give the players the effect names its abilities; the players and the changes."""
        spec = e.spec
        assert spec is not None
        who = players_named(spec.players, e, state)
        changes = []
        for p in who:
            before = tuple(players[p])
            for ab in spec.player_add:
                if ab not in players[p]:
                    players[p].append(ab)
            if tuple(players[p]) != before:
                changes.append(Change(p, "abilities", before, tuple(players[p])))
        return who, changes


class RulesPart(LayerPart):
    """613.11: effects that change the game rules apply last (seed 000 "Regras e jogadores";
    seed 002: Gnat Miser): maximum hand size (402.2), requirements on objects, damage prevention
    (615), "can't gain life" (119.7) and cost changes (601.2f). Which objects a part names is
    not locked (611.2c; :func:`rulekit.mtg.engine.loop.rules_affected`)."""

    sub = "rules"
    rule = "613.11"
    judged = False

    def apply_to_rules(
        self, e: Eff, state: State, rules: dict[str, Any], affected: tuple[str, ...]
    ) -> tuple[tuple[str, ...], list[Change]]:
        """Change the rules; ``affected`` is the set its requirement names. The touched and the changes."""
        spec = e.spec
        assert spec is not None
        changes: list[Change] = []
        touched: tuple[str, ...] = ()
        if spec.hand_size_set is not None or spec.hand_size_add is not None or spec.hand_size_unlimited:
            who = players_named(spec.players, e, state)
            touched = who
            for p in who:
                old = rules["max_hand_size"][p]
                new = old
                if spec.hand_size_unlimited:
                    new = None  # 402.2: no maximum hand size (``None``)
                if spec.hand_size_set is not None:
                    new = spec.hand_size_set
                if spec.hand_size_add is not None and new is not None:
                    new = new + spec.hand_size_add  # no maximum, reduced, is still no maximum
                rules["max_hand_size"][p] = new
                if new != old:
                    changes.append(Change("rules", f"max_hand_size.{p}", old, new))
        if spec.requirement:
            touched = affected
            reqs = rules.setdefault("requirements", {})
            for oid in affected:
                old_t = tuple(reqs.get(oid, ()))
                if spec.requirement not in old_t:
                    reqs[oid] = (*old_t, spec.requirement)
                    changes.append(Change("rules", f"requirements.{oid}", old_t, reqs[oid]))
        if spec.prevent_damage:
            touched = self.prevent(spec.prevent_damage, affected or (EVERY_SOURCE,), rules, changes)
        if spec.cant_gain_life:
            who = players_named(spec.players, e, state)
            touched = (*touched, *who)
            barred = rules.setdefault("cant_gain_life", {})
            for p in who:
                if not barred.get(p):
                    barred[p] = True
                    changes.append(Change("rules", f"cant_gain_life.{p}", False, True))
        if spec.cost_add is not None:
            touched = affected
            costs = rules.setdefault("cost_change", {})
            for oid in affected:
                old_n = costs.get(oid, 0)
                if spec.cost_add:
                    costs[oid] = old_n + spec.cost_add
                    changes.append(Change("rules", f"cost_change.{oid}", old_n, costs[oid]))
        return touched, changes

    @staticmethod
    def prevent(
        kind: str, sources: tuple[str, ...], rules: dict[str, Any], changes: list[Change]
    ) -> tuple[str, ...]:
        """615: "prevent all [combat] damage that would be dealt [by <sources>]": the damage each
        source (or :data:`EVERY_SOURCE`) would deal that is prevented, ``all`` covering ``combat``."""
        prevented = rules.setdefault("prevent_damage", {})
        for oid in sources:
            old = prevented.get(oid)
            new = "all" if "all" in (old, kind) else kind
            if new != old:
                prevented[oid] = new
                changes.append(Change("rules", f"prevent_damage.{oid}", old, new))
        return sources
