"""The shape of an Apoteose scenario file (LANGUAGE.md §4): pydantic models declared ``extra="forbid"``,
so an unknown key is one located error (:meth:`rulekit.yamlsrc.YamlDoc.validate`). What the values
mean (ids that exist, zones, effect texts, the turn order) is checked by
:func:`rulekit.apoteose.scenario.load_scenario_doc`.

Imported by the scenario loader only, so that ``import rulekit`` stays light (no pydantic).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class M(BaseModel):
    """Every model refuses keys it does not know (each is then one located error)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class HeroM(M):
    id: str
    name: str | None = None
    team: str
    iniciativa: int = 0
    resources: dict[str, list[int]] = Field(default_factory=dict)
    attributes: dict[str, int] = Field(default_factory=dict)
    zones: dict[str, list[str]] = Field(default_factory=dict)
    casa: list[int] | None = None


class EffectM(M):
    text: str
    body: list[dict[str, Any]] | None = None


class BarM(M):
    attack: int | None = None
    target: str | None = None
    test: str | None = None


class CardM(M):
    id: str
    name: str | None = None
    types: list[str] = Field(default_factory=list)
    owner: str = ""
    effects: list[str | EffectM] = Field(default_factory=list)
    consumed: bool = False
    revealed: bool = False
    attached_to: str | None = None
    registered: bool = False
    companion_of: str | None = None
    bar: BarM | None = None
    vida: list[int] | None = None


class TurnM(M):
    order: list[str] | None = None
    hero: str | None = None
    cycle: int = 1
    battle: bool = False
    start: Literal["turn", "cycle"] | None = None


class ActivateM(M):
    activate: str
    hero: str | None = None
    effect: int = 0
    target: str | None = None
    choices: dict[str, str] = Field(default_factory=dict)


class CardActionBody(M):
    card: str
    hero: str | None = None
    to: str | None = None
    attach_to: str | None = None


class PutM(M):
    put: CardActionBody


class TakeM(M):
    take: CardActionBody


class MoveM(M):
    move: CardActionBody


class RevealM(M):
    reveal: CardActionBody


class HideM(M):
    hide: CardActionBody


class DiscardM(M):
    discard: CardActionBody


class BuryM(M):
    bury: CardActionBody


class BanishM(M):
    banish: CardActionBody


class AttackBody(M):
    hero: str | None = None
    target: str
    damage: int = 0


class TestBody(M):
    hero: str | None = None
    attribute: str = "AGI"


class AttackM(M):
    attack: AttackBody


class TestM(M):
    test: TestBody


class StepBody(M):
    hero: str | None = None
    to: list[int]


class StepM(M):
    step: StepBody


class FlagM(M):
    end_turn: bool | None = None
    battle_start: bool | None = None
    battle_end: bool | None = None


class RespondBody(M):
    hero: str | None = None
    card: str
    effect: int = 0
    answers: str | None = None


class DecisionM(M):
    window: str | None = None
    respond: RespondBody | None = None
    choices: dict[str, str] = Field(default_factory=dict)
    pass_: bool | None = Field(default=None, alias="pass")
    key: str | None = None
    pick: str | None = None


class ScenarioM(M):
    game: str
    title: str | dict[str, str] | None = None
    description: str | dict[str, str] | None = None
    assumptions: list[str] = Field(default_factory=list)
    heroes: list[HeroM]
    cards: list[CardM] = Field(default_factory=list)
    zones: dict[str, list[str]] = Field(default_factory=dict)
    turn: TurnM = Field(default_factory=TurnM)
    dice: list[int] = Field(default_factory=list)
    board: list[int] | None = None
    script: list[
        ActivateM
        | AttackM
        | TestM
        | StepM
        | PutM
        | TakeM
        | MoveM
        | RevealM
        | HideM
        | DiscardM
        | BuryM
        | BanishM
        | FlagM
    ] = Field(default_factory=list)
    decisions: list[DecisionM] = Field(default_factory=list)


#: The script steps that act on one card (put, take, move, reveal, hide, discard, bury, banish).
CARD_ACTIONS = (PutM, TakeM, MoveM, RevealM, HideM, DiscardM, BuryM, BanishM)
