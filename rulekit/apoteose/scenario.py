# ruff: noqa: E501
"""Apoteose scenarios: YAML setup + a script of actions + scripted decisions (issue 3 §6).

A scenario file has ``game: apoteose``. Errors point at ``file:line: field`` (:mod:`rulekit.yamlsrc`).
Built-in scenarios live in ``rulekit/data/scenarios/apoteose/<name>.yaml`` and are named
``apoteose/<name>``. The format is documented in ``LANGUAGE.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulekit.apoteose.rulings import cycle_order, norm
from rulekit.apoteose.state import HERO_ZONES, RESOURCE_NAMES, SHARED_ZONES, Card, Game, Hero
from rulekit.apoteose.text import Effect, parse_effect
from rulekit.errors import EffectTextError, ScenarioError
from rulekit.yamlsrc import YamlDoc, builtin_path, exists, suggest

if TYPE_CHECKING:
    from rulekit.apoteose.chain import DecisionPoint, Engine

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "data" / "scenarios"
ALL_ZONES = {norm(z): z for z in (*HERO_ZONES, *SHARED_ZONES)}


def _models() -> Any:
    from pydantic import BaseModel, ConfigDict, Field

    class M(BaseModel):
        model_config = ConfigDict(extra="forbid")

    class HeroM(M):
        id: str
        name: str | None = None
        team: str
        iniciativa: int = 0
        resources: dict[str, list[int]] = Field(default_factory=dict)
        attributes: dict[str, int] = Field(default_factory=dict)
        zones: dict[str, list[str]] = Field(default_factory=dict)

    class EffectM(M):
        text: str
        body: list[dict[str, Any]] | None = None

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

    class TurnM(M):
        order: list[str] | None = None
        hero: str | None = None
        cycle: int = 1
        battle: bool = False

    class ActivateM(M):
        activate: str
        hero: str | None = None
        effect: int = 0
        choices: dict[str, str] = Field(default_factory=dict)

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
        title: str | None = None
        description: str | None = None
        assumptions: list[str] = Field(default_factory=list)
        heroes: list[HeroM]
        cards: list[CardM] = Field(default_factory=list)
        zones: dict[str, list[str]] = Field(default_factory=dict)
        turn: TurnM = Field(default_factory=TurnM)
        dice: list[int] = Field(default_factory=list)
        script: list[ActivateM | AttackM | TestM | FlagM] = Field(default_factory=list)
        decisions: list[DecisionM] = Field(default_factory=list)

    return ScenarioM, ActivateM, AttackM, TestM


@dataclass
class Scenario:
    """A loaded scenario: validated data + parsed effects + the script; ``build_game()`` gives a fresh state."""

    name: str
    title: str
    description: str
    assumptions: list[str]
    data: dict[str, Any]
    effects: dict[str, list[Effect]]
    script: list[dict[str, Any]]
    decisions: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)
    doc: YamlDoc | None = None

    def build_game(self) -> Game:
        d = self.data
        heroes: dict[str, Hero] = {}
        for h in d["heroes"]:
            res = {r: [int(v[0]), int(v[1] if len(v) > 1 else v[0])] for r, v in h["resources"].items()}
            hero = Hero(h["id"], h.get("name") or h["id"], h["team"], int(h["iniciativa"]), res,
                        dict(h["attributes"]))
            for z, ids in h["zones"].items():
                hero.zones[z] = list(ids)
            heroes[hero.id] = hero
        cards = {}
        for c in d["cards"]:
            cards[c["id"]] = Card(c["id"], c.get("name") or c["id"], tuple(c["types"]), c["owner"],
                                  list(self.effects[c["id"]]), c["consumed"], c["revealed"], c["attached_to"],
                                  c["registered"], c["companion_of"])
        g = Game(heroes=heroes, cards=cards)
        for z, ids in d["zones"].items():
            g.shared[z] = list(ids)
        placed = {cid for h in heroes.values() for ids in h.zones.values() for cid in ids} | {
            cid for ids in g.shared.values() for cid in ids}
        for c in d["cards"]:
            if c["id"] not in placed:
                g.shared["CAMPANHA" if c["owner"] == "campanha" else "MESTRE"].append(c["id"])
        t = d["turn"]
        g.order = list(t["order"]) if t.get("order") else cycle_order([(h.id, h.iniciativa) for h in heroes.values()])
        if t.get("hero"):
            g.turn_pos = g.order.index(t["hero"])
        g.cycle = int(t.get("cycle", 1))
        g.in_battle = bool(t.get("battle"))
        g.battle = 1 if g.in_battle else 0
        g.dice = list(d.get("dice", []))
        return g

    def decider(self, engine: Engine, overrides: list[str] | dict[str, str] | None = None) -> Any:
        return ScriptDecider(self, engine, overrides)


class ScriptDecider:
    """Scripted decisions; undecided points default to pass / the first legal choice (issue 3 §6)."""

    def __init__(self, sc: Scenario, engine: Engine, overrides: list[str] | dict[str, str] | None) -> None:
        self.sc = sc
        self.engine = engine
        self.used: set[int] = set()
        self.queue = list(overrides) if isinstance(overrides, list) else []
        self.keyed = dict(overrides) if isinstance(overrides, dict) else {}

    def __call__(self, point: DecisionPoint) -> tuple[str, str]:
        ids = [o.id for o in point.options]
        if point.key in self.keyed:
            return self.keyed[point.key], "session"
        real = len(point.options) > 1
        if self.queue and real:
            return self.queue.pop(0), "session"
        for i, d in enumerate(self.sc.decisions):
            if i in self.used:
                continue
            if d.get("key") and d["key"] == point.key and d.get("pick") in ids:
                self.used.add(i)
                return str(d["pick"]), "script"
            if point.kind != "respond" or d.get("window") is None or norm(d["window"]) != norm(point.window or ""):
                continue
            self.used.add(i)
            if d.get("pass"):
                return "pass", "script"
            r = d.get("respond")
            if not r:
                continue
            for o in point.options[1:]:
                if o.card == r["card"] and o.effect == f"{r['card']}#{r.get('effect', 0)}" and (
                        r.get("hero") in (None, o.hero)) and (
                        not r.get("answers") or (o.answers or "").startswith(r["answers"])
                        or (o.answers or "").startswith(f"before:{r['answers']}")):
                    self.engine.scripted_choices[o.id] = dict(d.get("choices") or {})
                    return o.id, "script"
            eid = f"{r['card']}#{r.get('effect', 0)}"
            why = next((x for x in point.refused if x.effect == eid and r.get("hero") in (None, x.hero)), None)
            reason = why.reason if why else "not a legal response in this window"
            code = why.code if why else "NOT_LEGAL_HERE"
            self.engine.emit("refused", index=None, card=r["card"], effect=eid, hero=r.get("hero"),
                             responds_to=point.spotlight, detail={"reason": reason, "code": code,
                                                                  "window": point.window})
            from rulekit.apoteose.trace import TraceError

            self.engine.errors.append(TraceError(r["card"], code, reason))
        return point.default, "default"


def _canon_zone(doc: YamlDoc, path: tuple[Any, ...], z: str, allowed: tuple[str, ...]) -> str:
    key = norm(z)
    if key in ALL_ZONES and ALL_ZONES[key] in allowed:
        return ALL_ZONES[key]
    raise doc.error(path, f"'{z}' is not a zone here (allowed: {', '.join(allowed)})", code="UNKNOWN_ZONE",
                    suggestion=suggest(z, list(allowed)))


def load_scenario_doc(doc: YamlDoc, name: str) -> Scenario:
    ScenarioM, ActivateM, AttackM, TestM = _models()
    raw = doc.data
    if not isinstance(raw, dict):
        raise doc.error((), "a scenario is a mapping", code="INVALID_VALUE")
    if raw.get("game") != "apoteose":
        raise doc.error(("game",), f"expected 'game: apoteose', got {raw.get('game')!r}", code="WRONG_GAME")
    m = doc.validate(ScenarioM)
    data: dict[str, Any] = {"heroes": [], "cards": [], "zones": {}, "turn": m.turn.model_dump(), "dice": m.dice}
    hero_ids: list[str] = []
    for i, h in enumerate(m.heroes):
        if h.id in hero_ids:
            raise doc.error(("heroes", i, "id"), f"duplicate hero id '{h.id}'", code="DUPLICATE_ID")
        hero_ids.append(h.id)
        res = {}
        for r, v in h.resources.items():
            rn = r.upper().replace("HP", "VIDA")
            if rn not in RESOURCE_NAMES:
                raise doc.error(("heroes", i, "resources", r), f"unknown resource '{r}'", code="UNKNOWN_RESOURCE",
                                suggestion=suggest(r, list(RESOURCE_NAMES)))
            if not (1 <= len(v) <= 2) or (len(v) == 2 and v[0] > v[1]):
                raise doc.error(("heroes", i, "resources", r), "a resource is [current, max] with current <= max",
                                code="INVALID_VALUE")
            res[rn] = v
        zones = {_canon_zone(doc, ("heroes", i, "zones", z), z, HERO_ZONES): ids for z, ids in h.zones.items()}
        data["heroes"].append({"id": h.id, "name": h.name, "team": h.team, "iniciativa": h.iniciativa,
                               "resources": res, "attributes": {k.upper(): v for k, v in h.attributes.items()},
                               "zones": zones})
    card_ids: list[str] = []
    effects: dict[str, list[Effect]] = {}
    warnings: list[str] = []
    for i, c in enumerate(m.cards):
        if c.id in card_ids or c.id in hero_ids:
            raise doc.error(("cards", i, "id"), f"duplicate id '{c.id}'", code="DUPLICATE_ID")
        card_ids.append(c.id)
        if c.owner and c.owner not in hero_ids and c.owner not in ("campanha", "mestre"):
            raise doc.error(("cards", i, "owner"), f"unknown owner '{c.owner}' (a hero id, campanha or mestre)",
                            code="UNKNOWN_HERO", suggestion=suggest(c.owner, [*hero_ids, "campanha", "mestre"]))
        effs = []
        for j, e in enumerate(c.effects):
            text = e if isinstance(e, str) else e.text
            path = ("cards", i, "effects", j) if isinstance(e, str) else ("cards", i, "effects", j, "text")
            try:
                eff = parse_effect(text)
            except EffectTextError as exc:
                raise doc.error(path, f"{exc.message} [{exc.code} at position {exc.position}]", code=exc.code,
                                suggestion=exc.suggestion) from None
            if not isinstance(e, str) and e.body is not None:
                from dataclasses import replace

                eff = replace(eff, body=tuple(e.body))
            if not eff.supported():
                bad = [w.message for w in eff.warnings if w.code == "UNSUPPORTED_TEXT"]
                if isinstance(e, str) or e.body is None or any("requirement" in b for b in bad):
                    raise doc.error(path, (bad[0] if bad else "text outside the runnable vocabulary")
                                    + " — write a structured 'body:'", code="UNSUPPORTED_TEXT")
            if eff.activation == "Passivo":
                bad_ops = [st.get("op") for st in eff.body if st.get("op") not in ("gain", "table", "compute", "noop")]
                if bad_ops:
                    raise doc.error(path, f"a Passivo effect applies continuously (R-23); '{bad_ops[0]}' is a one-off "
                                    "action — only attribute changes (+N de X) can be passive", code="UNSUPPORTED_TEXT")
            for w in eff.warnings:
                if w.code != "UNSUPPORTED_TEXT":
                    warnings.append(f"{c.id}#{j}: {w.code}: {w.message}")
            effs.append(eff)
        effects[c.id] = effs
        data["cards"].append({**c.model_dump(), "types": [t.upper() for t in c.types]})
    for z, ids in m.zones.items():
        data["zones"][_canon_zone(doc, ("zones", z), z, SHARED_ZONES)] = ids
    # every card placed at most once, every placed id a card
    seen: dict[str, tuple[Any, ...]] = {}
    places: list[tuple[tuple[Any, ...], list[str]]] = [(("heroes", i, "zones", z), ids) for i, h in enumerate(m.heroes) for z, ids in h.zones.items()]
    places += [(("zones", z), ids) for z, ids in m.zones.items()]
    for path, ids in places:
        for k, cid in enumerate(ids):
            if cid not in card_ids:
                raise doc.error((*path, k), f"unknown card '{cid}'", code="UNKNOWN_CARD",
                                suggestion=suggest(cid, card_ids))
            if cid in seen:
                raise doc.error((*path, k), f"card '{cid}' is placed twice", code="DUPLICATE_ID")
            seen[cid] = path
    for i, c in enumerate(m.cards):
        if c.id not in seen and c.owner not in ("campanha", "mestre"):
            raise doc.error(("cards", i, "id"), f"card '{c.id}' is in no zone", code="NO_ZONE")
        if c.attached_to and c.attached_to not in card_ids:
            raise doc.error(("cards", i, "attached_to"), f"unknown card '{c.attached_to}'", code="UNKNOWN_CARD")
    t = m.turn
    for k, who in enumerate(t.order or []):
        if who not in hero_ids and who not in card_ids:
            raise doc.error(("turn", "order", k), f"unknown hero or COMPANHEIRO '{who}'", code="UNKNOWN_HERO",
                            suggestion=suggest(who, hero_ids))
    if t.hero and t.hero not in (t.order or hero_ids):
        raise doc.error(("turn", "hero"), f"'{t.hero}' is not in the turn order", code="UNKNOWN_HERO",
                        suggestion=suggest(t.hero, t.order or hero_ids))
    script: list[dict[str, Any]] = []
    for k, a in enumerate(m.script):
        if isinstance(a, ActivateM):
            if a.activate not in card_ids:
                raise doc.error(("script", k, "activate"), f"unknown card '{a.activate}'", code="UNKNOWN_CARD",
                                suggestion=suggest(a.activate, card_ids))
            if a.effect >= len(effects[a.activate]):
                raise doc.error(("script", k, "effect"), f"card '{a.activate}' has no effect #{a.effect}",
                                code="UNKNOWN_EFFECT")
            if a.hero and a.hero not in hero_ids:
                raise doc.error(("script", k, "hero"), f"unknown hero '{a.hero}'", code="UNKNOWN_HERO",
                                suggestion=suggest(a.hero, hero_ids))
            script.append({"do": "activate", "card": a.activate, "hero": a.hero, "effect": a.effect,
                           "choices": a.choices})
        elif isinstance(a, AttackM):
            if a.attack.target not in hero_ids:
                raise doc.error(("script", k, "attack", "target"), f"unknown hero '{a.attack.target}'",
                                code="UNKNOWN_HERO", suggestion=suggest(a.attack.target, hero_ids))
            script.append({"do": "attack", **a.attack.model_dump()})
        elif isinstance(a, TestM):
            script.append({"do": "test", **a.test.model_dump()})
        else:
            flags = [f for f, v in a.model_dump().items() if v]
            if len(flags) != 1:
                raise doc.error(("script", k), "a script step is one of activate, attack, test, end_turn, "
                                "battle_start, battle_end", code="INVALID_VALUE")
            script.append({"do": flags[0]})
    decisions = []
    for k, d in enumerate(m.decisions):
        dd = d.model_dump(by_alias=True)
        if d.respond is not None and d.respond.card not in card_ids:
            raise doc.error(("decisions", k, "respond", "card"), f"unknown card '{d.respond.card}'",
                            code="UNKNOWN_CARD", suggestion=suggest(d.respond.card, card_ids))
        if d.respond is not None and d.respond.hero and d.respond.hero not in hero_ids:
            raise doc.error(("decisions", k, "respond", "hero"), f"unknown hero '{d.respond.hero}'",
                            code="UNKNOWN_HERO", suggestion=suggest(d.respond.hero, hero_ids))
        if d.key is None and d.window is None:
            raise doc.error(("decisions", k), "a decision needs 'window' (with respond/pass) or 'key' + 'pick'",
                            code="MISSING_KEY")
        decisions.append(dd)
    return Scenario(name=name, title=m.title or name, description=m.description or "",
                    assumptions=list(m.assumptions), data=data, effects=effects, script=script,
                    decisions=decisions, warnings=warnings, doc=doc)


def list_scenarios() -> list[str]:
    """Names of the built-in Apoteose scenarios (``apoteose/...``)."""
    base = SCENARIO_DIR / "apoteose"
    return sorted(f"apoteose/{p.stem}" for p in base.glob("*.yaml"))


def load_scenario(name_or_path: str | Path) -> Scenario:
    """Load a built-in scenario by name (``apoteose/seed-activation``) or a YAML file by path."""
    s = str(name_or_path)
    p = Path(s)
    if p.suffix in (".yaml", ".yml") and exists(p):
        return load_scenario_doc(YamlDoc.from_path(p), s)
    # a built-in name never leaves the data folder (issue 11 §2, rulekit.yamlsrc.builtin_path)
    builtin = builtin_path(SCENARIO_DIR, s)
    if not s.startswith("apoteose/") and builtin_path(SCENARIO_DIR / "apoteose", s) is not None:
        builtin = builtin_path(SCENARIO_DIR / "apoteose", s)
        s = f"apoteose/{s}"
    if builtin is not None:
        return load_scenario_doc(YamlDoc.from_path(builtin, display=f"{s}.yaml"), s)
    raise ScenarioError(f"no such scenario: {s}", code="NO_SUCH_SCENARIO",
                        suggestion=suggest(s, list_scenarios()))


def load_scenario_text(text: str, name: str = "<string>") -> Scenario:
    """Load a scenario from YAML text (tests, notebooks)."""
    return load_scenario_doc(YamlDoc.from_text(text, name), name)
