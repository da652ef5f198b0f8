"""The game state the seed needs: heroes, cards, zones, turns, cycles and battles (R-20).

Plain mutable dataclasses used by the engine only; the trace copies what it needs into frozen data.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from rulekit.apoteose.rulings import norm
from rulekit.apoteose.text import Effect

#: A hero's own zones (seed: INVENTÁRIO, MESA, SUPORTE; R-07: own discard pile and deck).
HERO_ZONES: tuple[str, ...] = ("INVENTÁRIO", "MESA", "SUPORTE", "DESCARTE", "BARALHO")
#: Zones shared by everybody. BARALHO COMUM's bottom is the end of its list; LIMBO cards "do not exist".
SHARED_ZONES: tuple[str, ...] = (
    "CENÁRIO",
    "TABULEIRO",
    "DESCARTE COMUM",
    "BANIDAS",
    "BARALHO COMUM",
    "LIMBO",
)
#: Pseudo-zones of card-less sources (Campanha effects, the Mestre de Jogo's effects).
SOURCE_ZONES: tuple[str, ...] = ("CAMPANHA", "MESTRE")
#: Zones that are "in play" (seed «Passivo»: enquanto esta carta estiver em jogo; «Ao Entrar»: MESA/CENÁRIO).
IN_PLAY: frozenset[str] = frozenset({"MESA", "CENÁRIO", "TABULEIRO"})
RESOURCE_NAMES: tuple[str, ...] = ("VIDA", "MANA", "ESTAMINA")
#: Attributes the seed's examples name (its "during" moment, operation and limiter examples); a scenario knows
#: these, those its heroes have and those its cards' effects name (``scenario.known_attributes``).
SEED_ATTRIBUTES: tuple[str, ...] = ("AGI", "INT", "CONHECIMENTO", "DANO")


@dataclass
class Hero:
    id: str
    name: str
    team: str
    iniciativa: int
    resources: dict[str, list[int]]
    attributes: dict[str, int]
    zones: dict[str, list[str]] = field(default_factory=lambda: {z: [] for z in HERO_ZONES})
    #: the casa (board square ``(column, row)``) the hero stands on; ``None``: the scenario keeps no places
    casa: tuple[int, int] | None = None


@dataclass
class Card:
    """A card (or a card-less source: owner ``campanha`` / ``mestre``)."""

    id: str
    name: str
    types: tuple[str, ...]
    owner: str  # hero id, "campanha", "mestre" or "" (nobody)
    effects: list[Effect]
    consumed: bool = False
    revealed: bool = False
    attached_to: str | None = None
    registered: bool = False
    companion_of: str | None = None  # a COMPANHEIRO's Hero
    #: the activation bar of a card without effect text: ``{"attack": N, "target": hero}`` or ``{"test":
    #: ATTR}``
    bar: dict[str, Any] | None = None
    #: a COMPANHEIRO's own VIDA ``[current, max]`` (LANGUAGE.md §4 ``vida:``), ``None`` for other cards
    vida: list[int] | None = None

    def has_type(self, t: str) -> bool:
        return norm(t) in {norm(x) for x in self.types} or norm(t) in ("carta", "cartas")


@dataclass
class Lasting:
    """A lasting effect (R-19): an attribute change until a time, or while its card is in play."""

    hero: str
    attribute: str
    amount: int
    card: str | None
    effect: str
    until: str | None
    survives_card: bool
    enquanto: list[dict[str, Any]]
    #: who activated it ("você" of its Enquanto) and what its Selecione chose ("o alvo"), R-03
    by: str | None = None
    selected: tuple[str, ...] = ()


@dataclass
class Game:
    heroes: dict[str, Hero]
    cards: dict[str, Card]
    shared: dict[str, list[str]] = field(default_factory=lambda: {z: [] for z in SHARED_ZONES + SOURCE_ZONES})
    order: list[str] = field(default_factory=list)  # turn order of the cycle (hero or COMPANHEIRO card ids)
    turn_pos: int = 0
    cycle: int = 1
    phase: str = "turn"  # "turn" | "restoration"
    battle: int = 0  # battle number; 0 = none yet
    in_battle: bool = False
    actions_this_turn: int = 0
    used_cycle: dict[str, int] = field(default_factory=dict)
    used_battle: dict[str, int] = field(default_factory=dict)
    lasting: list[Lasting] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    testing: bool = False
    #: the test being made: its attribute and its hero ("Durante seus testes de AGI", R-29)
    test_attribute: str | None = None
    test_hero: str | None = None
    #: the board's size ``(columns, rows)``; ``None``: unbounded (casas are only those heroes stand on)
    board: tuple[int, int] | None = None

    # ---- turn --------------------------------------------------------------------------
    @property
    def turn_actor(self) -> str:
        """Whoever's turn it is (a hero id or a COMPANHEIRO card id)."""
        return self.order[self.turn_pos] if self.order else next(iter(self.heroes))

    @property
    def turn_hero(self) -> str:
        """R-05: the Herói do Turno, or on a COMPANHEIRO's turn its Hero."""
        actor = self.turn_actor
        if actor in self.heroes:
            return actor
        card = self.cards.get(actor)
        return card.companion_of or card.owner if card else actor

    # ---- where ---------------------------------------------------------------------------
    def locate(self, card_id: str) -> tuple[str | None, str]:
        """(holder hero id or None, zone) of a card; ("", "NOWHERE") if it is nowhere."""
        for h in self.heroes.values():
            for z, ids in h.zones.items():
                if card_id in ids:
                    return h.id, z
        for z, ids in self.shared.items():
            if card_id in ids:
                return None, z
        return None, "NOWHERE"

    def controller(self, card_id: str) -> str | None:
        """The hero who controls a card: its holder; COMPANHEIRO on the board: its Hero; shared: owner."""
        holder, zone = self.locate(card_id)
        if holder:
            return holder
        card = self.cards[card_id]
        if card.owner in self.heroes and zone in ("CENÁRIO", "TABULEIRO"):
            return card.owner
        if card.companion_of:
            return card.companion_of
        return None

    def zone_list(self, holder: str | None, zone: str) -> list[str]:
        return self.heroes[holder].zones[zone] if holder else self.shared[zone]

    def remove(self, card_id: str) -> tuple[str | None, str]:
        holder, zone = self.locate(card_id)
        if zone != "NOWHERE":
            self.zone_list(holder, zone).remove(card_id)
        return holder, zone

    def put(self, card_id: str, holder: str | None, zone: str, bottom: bool = True) -> None:
        lst = self.zone_list(holder, zone)
        if bottom:
            lst.append(card_id)
        else:
            lst.insert(0, card_id)

    def owner_hero(self, card_id: str) -> str | None:
        card = self.cards[card_id]
        if card.owner in self.heroes:
            return card.owner
        return None

    def teammates(self, a: str, b: str) -> bool:
        return self.heroes[a].team == self.heroes[b].team

    # ---- attributes ------------------------------------------------------------------------
    def clone(self) -> Game:
        """A copy for Previsão's simulations: mutable parts copied, parsed effects shared (immutable)."""
        g = copy.copy(self)
        g.heroes = {
            k: Hero(
                h.id,
                h.name,
                h.team,
                h.iniciativa,
                {r: list(v) for r, v in h.resources.items()},
                dict(h.attributes),
                {z: list(ids) for z, ids in h.zones.items()},
                h.casa,
            )
            for k, h in self.heroes.items()
        }
        g.cards = {k: copy.copy(c) for k, c in self.cards.items()}
        for c in g.cards.values():
            if c.vida is not None:
                c.vida = list(c.vida)
        g.shared = {z: list(ids) for z, ids in self.shared.items()}
        g.order = list(self.order)
        g.used_cycle = dict(self.used_cycle)
        g.used_battle = dict(self.used_battle)
        g.lasting = list(self.lasting)
        g.dice = list(self.dice)
        return g
