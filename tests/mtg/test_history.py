"""The game before each event (611.2c locks, 611.2b durations, 608.2b targets) is computed once
and only as deep as it is read (rulekit.mtg.engine.history), and gives the very same traces as
solving every prefix in full."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rulekit import mtg
from rulekit.mtg.engine import history, loop, replay
from rulekit.mtg.engine.history import MAY_WRITE, OBJECT_SUBLAYERS, depth_for
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.select import ANY
from rulekit.mtg.generate import random_scenario_text

#: resolved effects of every kind of selector, in turn (LANGUAGE.md §3)
EFFECTS: tuple[dict[str, Any], ...] = (
    {"affects": "creatures", "modify_pt": {"power": 1, "toughness": 0}},
    {"affects": "Elf creatures you control", "modify_pt": {"power": 0, "toughness": 1}},
    {"affects": "targets", "modify_pt": {"power": 2, "toughness": 2}, "duration": "until end of turn"},
    {"affects": "creatures your opponents control", "set_pt": {"power": 0, "toughness": 1}},
    {"affects": "nonland permanents", "color": {"add": ["blue"]}},
    {"affects": "targets", "control": "you", "duration": "for as long as you control lord"},
    {"affects": "lands", "type": {"add": ["Swamp"]}},
    {"affects": "blue creatures", "abilities": {"add": ["Flying"]}},
    {"affects": "creatures with flying", "modify_pt": {"power": 1, "toughness": 1}},
    {"affects": "creatures with power 2 or less", "modify_pt": {"power": 0, "toughness": 2}},
    {"affects": "targets", "type": {"add": ["Artifact"]}, "targets_must": "creature"},
)


def history_board(n: int, rng: random.Random | None = None) -> str:
    """A few permanents and ``n`` resolved effects (shuffled kinds when ``rng`` is given), with
    taps, turn ends and a late entry among them."""
    objects = [
        {"id": "lord", "card": "Glorious Anthem", "controller": "Bo"},
        {"id": "elf", "card": "Llanowar Elves", "controller": "Ann"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Ann"},
        {"id": "lions", "card": "Savannah Lions", "controller": "Bo"},
        {"id": "forest", "card": "Forest", "controller": "Ann"},
        {"id": "late", "card": "Grizzly Bears", "controller": "Bo"},
        {"id": "spell", "name": "A spell", "types": ["Instant"], "controller": "Bo", "zone": "graveyard"},
    ]
    events: list[Any] = []
    kinds = list(range(len(EFFECTS)))
    for i in range(n):
        k = rng.choice(kinds) if rng else i % len(EFFECTS)
        spec = dict(EFFECTS[k])
        ev: dict[str, Any] = {"source": "spell", "id": f"e{i}", "effect": spec}
        if spec["affects"] == "targets":
            ev["targets"] = [("bears", "elf", "lions")[i % 3]]
        events.append({"resolve": ev})
        if rng is not None and rng.random() < 0.15:
            events.append(rng.choice(["end_of_turn", {"tap": "bears"}, {"untap": "bears"}]))
        if i == n // 2:
            events.append({"enter": "late"})
    if not any(e == {"enter": "late"} for e in events):
        events.append({"enter": "late"})
    doc = {"game": "mtg", "players": ["Ann", "Bo"], "objects": objects, "events": events}
    return json.dumps(doc)


def full_prefixes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the history's two savings off: every reader gets its prefix solved in full, and
    no prefix is shared with an earlier one (the cache per event stays)."""
    monkeypatch.setattr(history, "depth_for", lambda reads: history.FULL)
    monkeypatch.setattr(history.History, "shared_start", lambda self, i, depth: i)
    import rulekit.mtg.engine.locking as locking

    monkeypatch.setattr(locking, "depth_for", lambda reads: history.FULL)
    real = replay.compile_scenario

    def every_effect(scn: Any, upto: int | None = None, ruleset: str = "seed", **_: Any) -> Any:
        return real(scn, upto=upto, ruleset=ruleset)  # no effect left out, none copied

    monkeypatch.setattr(loop, "compile_scenario", every_effect)


def traces(text: str) -> list[str]:
    scn = mtg.scenario_from_text(text)
    return [
        json.dumps(mtg.solve(scn, ruleset).full_dict(), sort_keys=True) for ruleset in ("seed", "current")
    ]


def test_prefix_solves_grow_linearly_with_the_resolved_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.2c: each resolved effect's set is fixed against the game just before it; the game
    before each event is solved once, whatever solves ask for it (it doubled per effect)."""
    calls: list[int | None] = []
    real = replay.compile_scenario

    def counting(scn: Any, upto: int | None = None, **kw: Any) -> Any:
        calls.append(upto)
        return real(scn, upto, **kw)

    monkeypatch.setattr(loop, "compile_scenario", counting)
    for n in (6, 12):
        calls.clear()
        lines = ["game: mtg", "players: [Ann]", "objects:", "  - {id: bear, card: Grizzly Bears}"]
        lines += ["  - {id: src, name: Src, types: [Instant], zone: graveyard}", "events:"]
        lines += [
            f"  - resolve: {{source: src, id: e{i}, effect: {{affects: creatures, modify_pt: {{power: 1}}}}}}"
            for i in range(n)
        ]
        t = mtg.solve(mtg.scenario_from_text("\n".join(lines)))
        assert t.final["bear"].power == 2 + n
        assert len(calls) <= n + 1, (n, len(calls))


def test_a_turn_end_that_ends_only_deeper_effects_shares_the_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    """514.2: a turn end ends "until end of turn" effects; when those act only in 7c, the game
    through layer 4 is the same on both sides of it, so the readers of types after every turn
    end share one prefix solve (it was one per turn)."""
    starts: list[int | None] = []
    real = replay.compile_scenario

    def counting(scn: Any, upto: int | None = None, **kw: Any) -> Any:
        starts.append(upto)
        return real(scn, upto=upto, **kw)

    monkeypatch.setattr(loop, "compile_scenario", counting)
    lines = ["game: mtg", "players: [Ann]", "objects:", "  - {id: bear, card: Grizzly Bears}"]
    lines += ["  - {id: src, name: Src, types: [Instant], zone: graveyard}", "events:"]
    for i in range(8):
        lines += [
            f"  - resolve: {{source: src, id: a{i}, "
            "effect: {affects: creatures, modify_pt: {power: 1}}}",
            f"  - resolve: {{source: src, id: b{i}, targets: [bear], effect: {{affects: targets, "
            "modify_pt: {power: 2, toughness: 2}, duration: until end of turn}}",
            "  - end_of_turn",
        ]
    t = mtg.solve(mtg.scenario_from_text("\n".join(lines)))
    assert t.final["bear"].power == 2 + 8
    prefixes = [u for u in starts if u is not None]
    assert len(set(prefixes)) <= 2, sorted(set(prefixes))


def test_each_prefix_is_solved_once_at_its_deepest_readers_depth(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game solved through layer 4 answers a reader of control (through layer 3) as well: the
    later layers write no controller (613.1). The type locks are asked first, so the duration
    checks of "for as long as you control" find their games solved (each prefix was solved
    twice, at two depths)."""
    solved: list[tuple[int | None, int]] = []
    real = loop._prefix_solver

    def spying(ruleset: str) -> Any:
        solve = real(ruleset)

        def counted(upto: int | None, depth: int, h: Any) -> Any:
            solved.append((upto, depth))
            return solve(upto, depth, h)

        return counted

    monkeypatch.setattr(loop, "_prefix_solver", spying)
    mtg.solve(mtg.scenario_from_text(history_board(24)))
    prefixes = [upto for upto, _ in solved]
    assert len(prefixes) == len(set(prefixes)), sorted(solved, key=str)


def test_the_history_board_matches_full_prefix_solves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = history_board(24)
    fast = traces(text)
    full_prefixes(monkeypatch)
    assert traces(text) == fast


@pytest.mark.parametrize("seed", range(12))
def test_random_histories_match_full_prefix_solves(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shuffled kinds of selectors (types, control, colours, abilities, power), durations, taps,
    turn ends and a late entry: the same traces with and without the history's savings."""
    rng = random.Random(seed)
    texts = [history_board(rng.randint(3, 16), rng)]
    texts += [random_scenario_text(random.Random(1000 + seed * 7 + k), events=True) for k in range(6)]
    fast = [traces(t) for t in texts]
    full_prefixes(monkeypatch)
    assert [traces(t) for t in texts] == fast


def test_each_sublayer_writes_only_what_the_history_says_it_may() -> None:
    """MAY_WRITE (613.1) covers what every layer part of every library card declares it writes,
    so a prefix solved through fewer sublayers is exact for what its reader reads."""
    from rulekit.mtg.loader import library
    from rulekit.mtg.model import ability_from_data

    seen = 0
    for name, card in sorted(library().items()):
        for i, raw in enumerate(card.get("abilities") or ()):
            if "{chosen" in json.dumps(raw):
                continue  # filled by a scenario's choices
            spec = ability_from_data(raw, f"a{i}").spec
            if spec is None:
                continue
            for sub in spec.sublayers:
                if sub not in MAY_WRITE:
                    continue
                may = MAY_WRITE[sub]
                for attr, _value in PARTS[sub].writes(spec):
                    seen += 1
                    assert (ANY, ANY) in may or (attr, ANY) in may, (name, sub, attr)
    assert seen > 100


def test_depth_follows_the_last_layer_that_may_write_what_is_read() -> None:
    assert depth_for(frozenset()) == 0
    # a text change (layer 3) may give "the full text of" another object: read as writing anything
    assert OBJECT_SUBLAYERS[depth_for(frozenset({("controller", ANY)})) - 1] == "text"
    assert OBJECT_SUBLAYERS[depth_for(frozenset({("colors", "blue")})) - 1] == "color"
    assert OBJECT_SUBLAYERS[depth_for(frozenset({("abilities+", ANY)})) - 1] == "abilities"
    assert depth_for(frozenset({("pt", ANY)})) == len(OBJECT_SUBLAYERS)


def test_the_games_after_an_event_are_each_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """611.2b: an ended "for as long as you control" duration stays ended, so the game after every
    later event is asked; the events whose games differ (History.starts_between) give every one
    of those games, each once, and far fewer than the events."""
    made: list[history.History] = []
    init = history.History.__init__

    def keep(self: history.History, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(history.History, "__init__", keep)
    mtg.solve(mtg.scenario_from_text(history_board(40)))
    h = made[0]
    n = len(h.scenario.events)
    depth = depth_for(frozenset({("controller", ANY)}))
    for lo in (1, 5, 17, n - 3):
        every = {id(h.before(j, depth)) for j in range(lo, n)}
        asked = [h.before(j, depth) for j in h.starts_between(lo, n, depth)]
        assert {id(s) for s in asked} == every
        assert len(asked) == len(every)
    assert len(h.starts_between(1, n, depth)) < n // 2
