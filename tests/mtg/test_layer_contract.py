"""The layer parts keep their pruning contract (613.8a): what a part changes is among what it
declares it writes (``LayerPart.writes``), and what its parameters read is among what it declares
they read (``LayerPart.reads``).

The pruning in front of the dependency test (:mod:`rulekit.mtg.engine.pruning`) judges a pair of
effects only when what one may write meets what the other reads. A part that changes something
it does not declare would let a real dependency go unjudged; this test applies every part to
random objects and catches it.

The effects and objects are the engine's own: each built-in scenario, one board per library card
and some random boards (:func:`rulekit.mtg.generate.random_scenario_text`, drawn by card name)
are solved with ``loop.apply_recorded``
watched, which keeps every effect part the layer loop applies and a copy of every object as it
was then (:class:`~rulekit.mtg.engine.state.Obj`, :class:`~rulekit.mtg.engine.effects.Eff`).
Each effect part is then applied again, to random objects of its state and of other states, with
random variants of its spec (list fields dropped, taken from another effect of the same sublayer,
or given words of the vocabulary). Its parameters are read through objects that record every
characteristic read; the object it applies to is compared before and after.

The checks grow with the data without moving: a library card adds its own board and changes no
other (:func:`_library_boards`); each case draws its variants from a generator seeded by its own
name (its board, effect and sublayer), and what it borrows from other cases (objects, donor specs,
words) is drawn from a hash ring (:class:`_Ring`), where a new item changes only the draws it wins.

What a change is, in the keys ``writes`` uses (:func:`rulekit.mtg.engine.select.read_keys`):
a word added to or removed from types, subtypes, supertypes or colours is ``(slot, word)``; every
creature type gained or lost (``all_types``) is ``("subtypes", "*")``; an ability lost is
``("abilities-", "*")`` and so is a new "can't have" word (613.1f); an ability gained is
``("abilities+", "*")``; power or toughness is ``("pt", "*")``; anything else ``(slot, "*")``. A
change is declared when the writes hold it, its slot with ``"*"``, or ``("*", "*")`` (the
matching :func:`rulekit.mtg.engine.pruning.overlaps` does). The players and rules parts (613.10,
613.11) change no object and are left out.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields, replace
from typing import Any, Generic, TypeVar

import pytest
import yaml

from rulekit import mtg
from rulekit.mtg.engine import loop
from rulekit.mtg.engine.eff import Eff
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.layers.abilities import AbilitiesPart
from rulekit.mtg.engine.layers.type import TypePart
from rulekit.mtg.engine.select import ANY, Key, make_ctx
from rulekit.mtg.engine.state import SLOTS, Obj, State, sig_of
from rulekit.mtg.generate import random_scenario_text
from rulekit.mtg.kinds import KINDS, Kind
from rulekit.mtg.kinds.copy_except import Except
from rulekit.mtg.loader import library
from rulekit.mtg.model import SUBLAYERS, EffectSpec, build_spec
from rulekit.mtg.vocab import BASIC_LAND_TYPES, CARD_TYPES, COLORS, SUPERTYPES, type_kind

OBJECT_PARTS = tuple(sub for sub in PARTS if sub not in ("players", "rules"))
#: slots whose change is a word added or removed
WORD_SLOTS = ("types", "subtypes", "supertypes", "colors")
#: what reading a slot may be declared as (the keys of read_keys); others are their own name
READ_AS: dict[str, tuple[str, ...]] = {
    "abilities": ("abilities+", "abilities-", "text"),
    "power": ("pt",),
    "toughness": ("pt",),
    "all_types": ("subtypes",),
    "cant_have": ("abilities-",),
}
#: slots that are not characteristics: the id, the signature cache, and the choices made as the
#: object entered (no layer writes them)
NOT_READS = frozenset({"id", "sig", "choices"})
#: the spec fields a random variant may drop, borrow or fill (lists and flags: every part copes
#: with any value of them)
VARIABLE = tuple(f.name for f in fields(EffectSpec) if f.default in ((), False) and f.name != "exprs")

_reads: set[str] | None = None


class _Recording(Obj):
    """An :class:`Obj` that records which of its slots are read while :data:`_reads` is set."""

    __slots__ = ()

    def __getattribute__(self, name: str) -> Any:
        if _reads is not None and name in SLOTS and name not in NOT_READS:
            _reads.add(name)
        return object.__getattribute__(self, name)


def _recording(obj: Obj) -> _Recording:
    rec = object.__new__(_Recording)
    for s in SLOTS:
        object.__setattr__(rec, s, getattr(obj, s))
    return rec


T = TypeVar("T")


class _Ring(Generic[T]):
    """Items placed on a ring by a digest of their name. A draw takes the items at and after a
    point the generator gives: an item added to the ring changes a draw only if it is drawn itself,
    and the generator takes 64 bits a draw however many items there are."""

    def __init__(self, items: Iterable[tuple[str, T]]) -> None:
        placed = sorted((_digest(name), name, item) for name, item in items)
        self.points = [p for p, _, _ in placed]
        self.items = [item for _, _, item in placed]

    def sample(self, rng: random.Random, k: int = 1) -> list[T]:
        start = bisect.bisect_left(self.points, rng.getrandbits(64))
        n = len(self.items)
        return [self.items[(start + j) % n] for j in range(min(k, n))]

    def pick(self, rng: random.Random) -> T:
        return self.sample(rng)[0]


def _digest(name: str) -> int:
    return int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "big")


@dataclass
class Case:
    """One effect part the layer loop applied, and every object as it was then. ``name`` (the
    board's name, the effect's id, its sublayer) seeds the case's own random draws."""

    eff: Eff
    sub: str
    objs: dict[str, Obj]
    players: tuple[str, ...]
    name: str = ""


#: a value for every ``{chosen ...}`` a library card asks for (as generate.random_scenario_text)
CHOICES = {
    "color": "red",
    "creature type": "Elf",
    "object": "c0",
    "old type": "Goblin",
    "new type": "Elf",
    "old color": "green",
    "new color": "blue",
    "basic land type": "Island",
    "old land type": "Forest",
    "new land type": "Island",
}


#: the objects beside each library card on its board (written out, not library cards: a change to
#: the library changes no other card's board): a creature of the opponent's, an Elf and a Goblin
#: (the choices' creature types), a basic Forest and a nonbasic land, a noncreature artifact
CROWD: tuple[dict[str, Any], ...] = (
    {
        "id": "bear",
        "name": "Bear",
        "types": ["Creature"],
        "subtypes": ["Bear"],
        "power": 2,
        "toughness": 2,
        "mana_value": 2,
        "colors": ["green"],
        "controller": "Bo",
    },
    {
        "id": "elf",
        "name": "Elf",
        "types": ["Creature"],
        "subtypes": ["Elf"],
        "power": 1,
        "toughness": 1,
        "mana_value": 1,
        "colors": ["green"],
        "controller": "Ann",
    },
    {
        "id": "goblin",
        "name": "Goblin",
        "types": ["Creature"],
        "subtypes": ["Goblin"],
        "power": 1,
        "toughness": 1,
        "mana_value": 1,
        "colors": ["red"],
        "abilities": ["Haste"],
        "controller": "Bo",
    },
    {
        "id": "forest",
        "name": "Forest",
        "types": ["Land"],
        "subtypes": ["Forest"],
        "supertypes": ["Basic"],
        "controller": "Ann",
    },
    {"id": "vault", "name": "Vault", "types": ["Land"], "controller": "Bo"},
    {"id": "relic", "name": "Relic", "types": ["Artifact"], "mana_value": 1, "controller": "Bo"},
)


def _target(resolves: dict[str, Any]) -> str:
    """What a resolving ability of a library board targets: a player when it targets players, the
    noncreature artifact when it must, else the opponent's creature."""
    if "player" in str(resolves.get("affects", "")):
        return "Bo"
    if "noncreature artifact" in str(resolves.get("targets_must", "")):
        return "relic"
    return "bear"


def _library_boards() -> dict[str, str]:
    """One board per library card, by card name: the card (``c0``, Ann's) among :data:`CROWD`,
    each ability that resolves resolved once (X = 2). Every effect the library can write gets
    applied, and a card added to the library adds its board and changes no other."""
    lib = library()
    out = {}
    for name in sorted(lib):
        obj: dict[str, Any] = {"id": "c0", "card": name, "controller": "Ann"}
        wanted = set(re.findall(r"\{chosen ([^}]+)\}", json.dumps(lib[name])))
        if wanted:
            obj["choices"] = {w: CHOICES[w] for w in sorted(wanted)}
        events: list[Any] = []
        for ab in lib[name].get("abilities") or ():
            if isinstance(ab, dict) and ab.get("resolves") is not None:
                ev: dict[str, Any] = {"source": "c0", "ability": str(ab["key"])}
                if "target" in str(ab["resolves"].get("affects", "")):
                    ev["targets"] = [_target(ab["resolves"])]
                if re.search(r"(?<![\w'])X(?![\w'])", json.dumps(ab["resolves"])):
                    ev["x"] = 2
                events.append({"resolve": ev})
        data = {"game": "mtg", "players": ["Ann", "Bo"], "objects": [obj, *CROWD], "events": events}
        out[name] = yaml.safe_dump(data, sort_keys=False)
    return out


def _harvest() -> list[Case]:
    cases: list[Case] = []
    seen: set[tuple[str, int, str]] = set()
    names: Counter[str] = Counter()
    board = [""]  # the scenario being solved
    original = loop.apply_recorded

    def watch(run: Any, eff: Eff, sub: str, state: State, *rest: Any, **kw: Any) -> Any:
        key = (eff.id, id(eff.spec), sub)
        if key not in seen and sub in OBJECT_PARTS:
            seen.add(key)
            objs = {oid: o.copy() for oid, o in state.objs.items()}
            name = f"{board[0]}|{eff.id}|{sub}"
            names[name] += 1
            cases.append(Case(replace(eff), sub, objs, state.players, f"{name}|{names[name]}"))
        return original(run, eff, sub, state, *rest, **kw)

    scenarios: list[tuple[str, Any]] = [(n, n) for n in mtg.list_scenarios()]
    scenarios += [
        (f"library/{card}", mtg.scenario_from_text(t, "library.yaml"))
        for card, t in _library_boards().items()
    ]
    for i in range(200):
        text = random_scenario_text(random.Random(i), explicit_timestamps=bool(i % 2), events=bool(i % 3))
        scenarios.append((f"random/{i}", mtg.scenario_from_text(text, "random.yaml")))
    loop.apply_recorded = watch
    try:
        for board[0], s in scenarios:
            seen.clear()  # ids repeat from one scenario to the next
            mtg.solve(s)
    finally:
        loop.apply_recorded = original
    return cases


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    got = _harvest()
    assert {c.sub for c in got} >= set(OBJECT_PARTS) - {"face_down"}, "a layer part never applied"
    return got


# ------------------------------------------------------------------------------ random variants
def _words(cases: list[Case]) -> dict[str, _Ring[str]]:
    """Values a random spec may take: the vocabulary's and the abilities objects have."""
    objs = [o for c in cases for o in c.objs.values()]
    texts = {a.text for o in objs for a in o.abilities}
    present = {w for o in objs for w in (*o.types, *o.subtypes, *o.supertypes)}
    if len(cases) > 1:
        present |= set(CARD_TYPES) | set(BASIC_LAND_TYPES) | set(SUPERTYPES)
    return {
        "types": _Ring((w, w) for w in (present or CARD_TYPES)),
        "colors": _Ring((c, c) for c in COLORS),
        "abilities": _Ring((t, t) for t in texts),
    }


def _variant(
    spec: EffectSpec, donors: _Ring[EffectSpec], words: dict[str, _Ring[str]], rng: random.Random
) -> EffectSpec:
    """``spec`` with some list and flag fields dropped, borrowed from a donor of the same
    sublayer, or (lists of words) drawn from the vocabulary."""
    changes: dict[str, Any] = {}
    for name in VARIABLE:
        roll = rng.random()
        default = next(f.default for f in fields(EffectSpec) if f.name == name)
        if roll < 0.2:
            changes[name] = default
        elif roll < 0.4:
            changes[name] = getattr(donors.pick(rng), name)
    return replace(spec, **changes, kinds=_vary_kinds(spec, donors, words, rng))


#: the kinds a random variant may drop, borrow or fill (those that take no parameters and set
#: nothing outright: every part copes with any value of them); the kinds whose words a variant may
#: draw, and from which vocabulary
SET_KINDS = ("set_types", "set_subtypes", "set_color")
VARIED_KINDS = sorted(
    (k for k in KINDS.values() if not k.uses_params(None) and k.name not in SET_KINDS), key=lambda k: k.name
)
WORD_KINDS = {
    "remove_abilities": ("abilities", 1),
    "cant_have": ("abilities", 1),
    "add_types": ("types", 2),
    "remove_types": ("types", 2),
    "add_color": ("colors", 2),
}


def _vary_kinds(
    spec: EffectSpec, donors: _Ring[EffectSpec], words: dict[str, _Ring[str]], rng: random.Random
) -> dict[str, tuple[tuple[Kind, Any], ...]]:
    """The effect kinds of ``spec`` (:mod:`rulekit.mtg.kinds`), some dropped, borrowed from a
    donor of the same sublayer, or (ability words) drawn from the objects' abilities."""
    got = {sub: dict(pairs) for sub, pairs in spec.kinds.items()}
    for kind in VARIED_KINDS:
        for sub in sorted({kind.sublayer_for(False), kind.sublayer_for(True)} & set(spec.sublayers)):
            roll = rng.random()
            mine = got.setdefault(sub, {})
            if roll < 0.2:
                mine.pop(kind, None)
            elif roll < 0.4:
                value = donors.pick(rng).value(kind.name)
                if value is None:
                    mine.pop(kind, None)
                else:
                    mine[kind] = value
            elif roll < 0.7 and kind.name in WORD_KINDS and words[WORD_KINDS[kind.name][0]].items:
                vocabulary, most = WORD_KINDS[kind.name]
                mine[kind] = tuple(words[vocabulary].sample(rng, rng.randint(1, most)))
            elif roll < 0.7 and kind.name == "copy_except" and words["types"].items:
                # 707.9a: type words a copy has in addition to its other types
                types = tuple(words["types"].sample(rng, rng.randint(1, 2)))
                mine[kind] = replace(mine.get(kind) or Except(), types=types)
    return {
        sub: tuple(sorted(pairs.items(), key=lambda kv: (kv[0].order, kv[0].name)))
        for sub, pairs in got.items()
        if pairs
    }


def _without(spec: EffectSpec, name: str) -> EffectSpec:
    """``spec`` without the effect kind named ``name``."""
    kinds = {sub: tuple((k, v) for k, v in pairs if k.name != name) for sub, pairs in spec.kinds.items()}
    return replace(spec, kinds=kinds)


def _state(case: Case, earlier: _Ring[Case], rng: random.Random) -> tuple[State, list[str]]:
    """The case's objects and a few of other cases' (under new ids), and the ids to apply to.
    Another case's objects are taken only from a sublayer no later than this case's (``earlier``):
    they are what a solve can hand this part (layer 4 never sees an object layer 6 has changed)."""
    objs = {oid: o.copy() for oid, o in case.objs.items()}
    for i in range(rng.randint(0, 3)):
        other = earlier.pick(rng)
        if other.objs:
            o = rng.choice(list(other.objs.values())).copy()
            o.id = f"foreign{i}"
            objs[o.id] = o
    ids = [oid for oid, o in objs.items() if o.zone is not None]
    return State(objs, case.players), rng.sample(ids, min(len(ids), 3))


# ------------------------------------------------------------------------------ the contract
def _changed(before: Obj, after: Obj) -> set[Key]:
    out: set[Key] = set()
    for slot in SLOTS:
        old, new = getattr(before, slot), getattr(after, slot)
        if slot == "sig" or old == new:
            continue
        if slot in WORD_SLOTS:
            out.update((slot, w) for w in set(old) ^ set(new))  # the order of words is no change
        elif slot == "all_types":
            out.add(("subtypes", ANY))
        elif slot == "abilities":
            lost, got = Counter(old) - Counter(new), Counter(new) - Counter(old)
            if lost:
                out.add(("abilities-", ANY))
            if got:
                out.add(("abilities+", ANY))
        elif slot == "cant_have":
            out.add(("abilities-", ANY))
        elif slot in ("power", "toughness"):
            out.add(("pt", ANY))
        else:
            out.add((slot, ANY))
    return out


def _declared_write(key: Key, writes: frozenset[Key]) -> bool:
    attr, _ = key
    return (ANY, ANY) in writes or (attr, ANY) in writes or key in writes


def _declared_read(slot: str, reads: frozenset[Key]) -> bool:
    names = READ_AS.get(slot, (slot,))
    return (ANY, ANY) in reads or any(attr in names for attr, _ in reads)


def check(eff: Eff, sub: str, state: State, oid: str) -> list[str]:
    """Apply one effect part to one object; what it changed or read beyond its declarations."""
    global _reads
    part = PARTS[sub]
    spec = eff.spec
    writes = part.writes(spec)  # type: ignore[arg-type]  # the counters step has no spec
    problems: list[str] = []
    param = None
    if part.uses_params(spec):
        assert spec is not None
        for o in list(state.objs):
            state.objs[o] = _recording(state.objs[o])
            sig_of(state.objs[o])
        ctx = make_ctx(eff, state)
        _reads = set()
        try:
            param = part.params(eff, state.objs[oid], state, ctx)
            read = _reads
        finally:
            _reads = None
        declared = part.reads(spec)
        problems += [
            f"{sub} {eff.id}: params read {s!r}, reads() gives {sorted(declared)}"
            for s in sorted(read)
            if not _declared_read(s, declared)
        ]
    before = state.objs[oid].copy()
    after = before.copy()
    part.apply(eff, after, param)
    problems += [
        f"{sub} {eff.id} on {oid}: changed {k}, writes() gives {sorted(writes)}"
        for k in sorted(_changed(before, after))
        if not _declared_write(k, writes)
    ]
    return problems


def _checks(cases: list[Case], seed: int, rounds: int) -> Iterator[tuple[Case, list[str]]]:
    words = _words(cases)
    donors: dict[str, _Ring[EffectSpec]] = {
        sub: _Ring((c.name, c.eff.spec) for c in cases if c.sub == sub and c.eff.spec is not None)
        for sub in {c.sub for c in cases}
    }
    earlier = {
        sub: _Ring((c.name, c) for c in cases if SUBLAYERS.index(c.sub) <= SUBLAYERS.index(sub))
        for sub in {c.sub for c in cases}
    }
    for case in cases:
        rng = random.Random(f"{seed}|{case.name}")  # the case's own draws: other cases never move them
        for r in range(rounds):
            state, ids = _state(case, earlier[case.sub], rng)
            eff = case.eff
            if eff.spec is not None and r:
                # half the time, words the objects it applies to have (a Forest losing "Forest")
                near = _words([Case(eff, case.sub, {i: state.objs[i] for i in ids}, ())])
                pool = near if rng.random() < 0.5 and near["abilities"].items else words
                eff = replace(eff, spec=_variant(eff.spec, donors[case.sub], pool, rng))
            for oid in ids:
                yield case, check(eff, case.sub, state, oid)


def test_every_layer_part_changes_and_reads_only_what_it_declares(cases: list[Case]) -> None:
    problems = sorted({p for _, got in _checks(cases, seed=613, rounds=6) for p in got})
    assert not problems, "\n".join(problems[:40])


def test_the_contract_test_fails_on_a_part_that_hides_a_write(
    cases: list[Case], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test of the test: a layer-6 part that stops declaring that "can't have" removes
    abilities (613.1f) is caught, on a random run and on a "can't have" effect of the library."""
    declared = AbilitiesPart.writes

    def hiding(self: AbilitiesPart, spec: EffectSpec) -> frozenset[Key]:
        return declared(self, _without(spec, "cant_have"))

    monkeypatch.setattr(AbilitiesPart, "writes", hiding)
    caught = [p for _, got in _checks(cases, seed=613, rounds=6) for p in got]
    assert caught and all(p.startswith("abilities ") and "abilities-" in p for p in caught)
    cant = next(c for c in cases if c.eff.spec is not None and c.eff.spec.value("cant_have"))
    assert cant.eff.spec is not None
    only_cant = replace(cant.eff, spec=_without(cant.eff.spec, "remove_abilities"))
    state = State({oid: o.copy() for oid, o in cant.objs.items()}, cant.players)
    word = cant.eff.spec.value("cant_have")[0]
    holder = next(oid for oid, o in state.objs.items() if o.zone is not None)
    assert check(only_cant, "abilities", state, holder), word  # a new "can't have" word is a loss
    monkeypatch.undo()
    assert not check(only_cant, "abilities", state, holder)


def test_the_contract_test_fails_on_parameters_that_read_more(
    cases: list[Case], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test of the test: a P/T part whose parameters read something it does not declare
    (here: its number phrases said to read nothing) is caught."""
    pt_set = type(PARTS["pt_set"])
    monkeypatch.setattr(pt_set, "reads", lambda self, spec: frozenset())
    caught = [p for _, got in _checks(cases, seed=613, rounds=2) for p in got]
    assert any(p.startswith(("pt_set ", "pt_cda ")) and "params read" in p for p in caught)


def test_the_contract_test_finds_the_layer_4_gap_it_found(
    cases: list[Case], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test of the test, on the gap it found: layer 4 that takes away a basic land type but
    does not declare the loss of its mana ability (305.6), as ``TypePart.writes`` was, is caught."""
    declared = TypePart.writes

    def as_it_was(self: TypePart, spec: EffectSpec) -> frozenset[Key]:
        w = declared(self, spec)
        keeps_land_types = spec.value("set_types") is None and spec.value("set_subtypes") is None
        if keeps_land_types and not any(type_kind(t) == "types" for t in spec.value("remove_types") or ()):
            w -= {("abilities-", ANY)}
        return w

    monkeypatch.setattr(TypePart, "writes", as_it_was)
    caught = [p for _, got in _checks(cases, seed=613, rounds=6) for p in got]
    assert all(p.startswith("type ") and "abilities-" in p for p in caught)
    # a land of the library losing its basic land type (a Forest losing "Forest"): the random
    # variants draw it rarely, so it is also asked outright
    case, holder, word = next(
        (c, o.id, w)
        for c in cases
        if c.sub == "type"
        for o in c.objs.values()
        if o.zone is not None
        for w in o.subtypes
        if w in BASIC_LAND_TYPES
    )
    loses = replace(case.eff, spec=build_spec({"affects": "lands", "type": {"remove": [word]}}))

    def fresh() -> State:
        return State({oid: o.copy() for oid, o in case.objs.items()}, case.players)

    assert check(loses, "type", fresh(), holder), word
    monkeypatch.undo()
    assert not check(loses, "type", fresh(), holder)


def test_a_library_card_adds_its_board_and_changes_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """Growth: the boards are one per card, by name, so a new card adds one board and
    leaves every other board as it was (boards cut from the sorted library moved when one was added)."""
    before = _library_boards()
    lib = dict(library())
    new = {**lib["Glorious Anthem"], "name": "Aaa Growth Anthem"}
    monkeypatch.setattr(sys.modules[__name__], "library", lambda: {**lib, "Aaa Growth Anthem": new})
    after = _library_boards()
    assert set(after) - set(before) == {"Aaa Growth Anthem"}
    assert all(after[name] == text for name, text in before.items())
