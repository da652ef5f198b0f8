"""The speed-ups in front of the 613.8a test are sound: with the accelerator off
(:mod:`rulekit.mtg.engine.accelerator`), every pair of effects is judged afresh by the full
counterfactual test, and the traces are identical."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekit import mtg
from rulekit.mtg.engine import accelerator, caches, pruning
from rulekit.mtg.engine.accelerator import accelerated
from rulekit.mtg.generate import random_scenario_text


def _both(s: mtg.Scenario | str) -> tuple[str, str]:
    """The full trace with the speed-ups on, and by the rule path alone (the accelerator off)."""
    pruned = mtg.solve(s).full_dict()
    with accelerated(False):
        full = mtg.solve(s).full_dict()
    return repr(pruned), repr(full)


def test_one_switch_turns_every_speed_up_off_and_back() -> None:
    """``accelerator.accelerated(False)`` reaches the pruning and the kept verdicts, and puts the
    previous setting back, even after an error."""
    assert accelerator.is_on()
    with accelerated(False):
        assert not pruning.PRUNE and not caches.CACHE_VERDICTS and not accelerator.is_on()
        assert not caches.GROUPS and not caches.PREFIX_SAVINGS
        assert pruning.overlaps(frozenset({("colors", "red")}), frozenset({("types", "Land")}))
    assert pruning.PRUNE and caches.CACHE_VERDICTS and caches.GROUPS and caches.PREFIX_SAVINGS
    try:
        with accelerated(False):
            raise KeyError("x")
    except KeyError:
        pass
    assert accelerator.is_on()
    assert not pruning.overlaps(frozenset({("colors", "red")}), frozenset({("types", "Land")}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.booleans(), st.booleans())
def test_pruning_is_sound_on_random_scenarios(seed: int, explicit: bool, events: bool) -> None:
    text = random_scenario_text(random.Random(seed), explicit_timestamps=explicit, events=events)
    pruned, full = _both(mtg.scenario_from_text(text, "random.yaml"))
    assert pruned == full


def test_pruning_is_sound_on_every_builtin_and_a_board() -> None:
    from rulekit.mtg.generate import board

    for name in mtg.list_scenarios():
        pruned, full = _both(name)
        assert pruned == full, name
    pruned, full = _both(board(80, 20, seed=5))
    assert pruned == full


def test_kept_verdicts_match_judging_afresh_on_boards_with_many_type_changes() -> None:
    """Verdicts kept across steps (decided by signature groups, kept while objects
    move between signatures of equal flips, or while the dependent's own set changes) are the
    verdicts judging every pair afresh gives, on boards whose layer 4 changes many objects."""
    from rulekit.mtg.generate import board

    for n, e, seed in ((300, 40, 3), (400, 80, 11)):
        pruned, full = _both(board(n, e, seed=seed))
        assert pruned == full, (n, e, seed)


def _benchmark_board(n: int, e: int, seed: int, moon: bool) -> mtg.Scenario:
    """A board of ``benchmarks/board.py`` (land-type changers that depend on each other)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "board.py"
    spec = importlib.util.spec_from_file_location("rulekit_benchmark_board", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return mtg.scenario_from_text(module.generate_board(n, e, seed=seed, moon=moon), "board.yaml")


def test_kept_verdicts_match_judging_afresh_on_the_benchmark_boards() -> None:
    """The same on the benchmark's boards, where sets change as lands change type: a verdict
    kept while the other effect's set changed stands only when what came or went flips nothing
    (a version that kept every such verdict fails here)."""
    for n, e, seed, moon in ((60, 20, 1, False), (200, 30, 2, False), (200, 30, 2, True)):
        pruned, full = _both(_benchmark_board(n, e, seed, moon))
        assert pruned == full, (n, e, seed, moon)


_KEYS = st.tuples(
    st.sampled_from(["*", "types", "subtypes", "colors"]), st.sampled_from(["*", "Land", "Forest", "red"])
)
_Reads = frozenset[tuple[str, str]]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.frozensets(_KEYS, max_size=4), max_size=8), st.frozensets(_KEYS, max_size=4))
def test_read_index_meets_what_overlaps_meets(reads: list[_Reads], writes: _Reads) -> None:
    """The candidates' index (:class:`pruning.ReadIndex`) finds exactly the read sets that
    :func:`pruning.overlaps` says a write set meets, wildcards included."""
    index = pruning.ReadIndex(reads)
    assert index.meeting(writes) == {i for i, r in enumerate(reads) if pruning.overlaps(r, writes)}


def test_signature_groups_are_shared_by_equal_sets_and_never_left_unmoved() -> None:
    """The groups cache (:class:`rulekit.mtg.engine.groups.GroupPool`): effects whose sets name
    the same objects share one groups object; an effect whose set changes gets its own; and once
    no effect uses a groups object (nobody moves it with the state any more), a new effect with
    that set gets fresh groups, equal to grouping its objects afresh."""
    from rulekit.mtg.engine.groups import GroupPool, ObjectGroups
    from rulekit.mtg.engine.replay import compile_scenario
    from rulekit.mtg.engine.state import State
    from rulekit.mtg.generate import board

    comp = compile_scenario(board(40, 8, seed=2))
    state = State({oid: o.copy() for oid, o in comp.base.items()}, comp.scenario.players)
    state.build_index()
    ids = tuple(sorted(state.objs))
    some, rest = tuple(ids[:10]), tuple(ids[10:])
    pool = GroupPool()
    a = pool.for_effect("a", some, state)
    b = pool.for_effect("b", tuple(list(some)), state)  # an equal set, another tuple
    assert a is b and a.users == 2
    c = pool.for_effect("a", rest, state)  # a's set changed: b's groups stay as they were
    assert c is not b and b.idset == frozenset(some) and c.idset == frozenset(rest)
    pool.leave("b")
    d = pool.for_effect("d", some, state)
    assert d is not b
    assert d.groups == ObjectGroups(some, state).groups
    # what a flip table gives over the groups (judge_pair's totals) is forgotten when they change
    table: dict[int, int] = {}
    d.totals[id(table)] = (table, 1, 0, ["x"], [])
    pool.for_effect("d", tuple(list(rest)), state)  # d alone uses them: rebased onto its new set
    assert d.idset == frozenset(rest) and d.totals == {}
    # handed the very tuple another effect's groups were made for, an effect shares them
    e = pool.for_effect("e", rest, state)
    assert e is c and c.users == 2
    f = pool.for_effect("d", rest, state)  # d leaves its own groups for c's
    assert f is c and c.users == 3


def test_alike_effects_share_a_set_only_when_their_selector_reads_no_player() -> None:
    """``select.selector_key`` / ``apply.shared_affected_set``: effects of one selector name
    the same objects, so share one tuple, across players only when the selector reads neither
    "you" nor a target player; a selector that leaves out its source ("other") is selected for
    each effect."""
    from rulekit.mtg.engine.apply import SetMemo, affected_set, shared_affected_set
    from rulekit.mtg.engine.effects import static_effects_of
    from rulekit.mtg.engine.replay import compile_scenario
    from rulekit.mtg.engine.select import Ctx, make_ctx, selector_key
    from rulekit.mtg.engine.state import State
    from rulekit.mtg.generate import board
    from rulekit.mtg.selectors import parse_selector

    free, mine, grave = (
        parse_selector(t) for t in ("Forests", "creatures you control", "cards in your graveyard")
    )
    assert not free.reads_players and mine.reads_players and grave.reads_players
    assert parse_selector("creatures target player controls").reads_players
    ann, bob = Ctx(None, "Ann"), Ctx(None, "Bob")
    assert selector_key(free, ann) == selector_key(free, bob)
    assert selector_key(mine, ann) != selector_key(mine, bob)

    comp = compile_scenario(board(400, 48, seed=0))
    state = State({oid: o.copy() for oid, o in comp.base.items()}, comp.scenario.players)
    state.build_index()
    effs = [e for o in state.objs.values() for e in static_effects_of(o, comp.names, "type")]
    effs = [e for e in effs if e.spec is not None and e.spec.affects is not None]
    memo: SetMemo = {}
    shared = 0
    for e in effs:
        ctx = make_ctx(e, state)
        got = shared_affected_set(e, "type", state, ctx, {}, memo)
        assert got == affected_set(e, "type", state, ctx, {})  # the same objects, whichever way
        sel = e.spec.affects if e.spec is not None else None
        assert sel is not None
        for f in effs:
            if f is not e and f.spec is not None and f.spec.affects is sel:
                other = shared_affected_set(f, "type", state, make_ctx(f, state), {}, memo)
                same_key = selector_key(sel, ctx) == selector_key(sel, make_ctx(f, state))
                assert (other is got) == (sel.by_signature and same_key)
                shared += other is got and make_ctx(f, state).you != ctx.you
    assert shared  # the board has alike effects of both players that share their set


def test_the_rule_path_matches_on_the_history_board() -> None:
    """The history's savings (prefixes only as deep as read, shared, deeper answering shallower)
    and the signature groups, switched off with the rest: the same trace on the benchmark's
    event-history board."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "history.py"
    spec = importlib.util.spec_from_file_location("rulekit_benchmark_history", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for n in (8, 24):
        pruned, full = _both(mtg.scenario_from_text(module.generate_history(n), "history.yaml"))
        assert pruned == full, n
