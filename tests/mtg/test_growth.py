"""Checks that grow with the library without moving: random boards draw their cards by
name (:func:`rulekit.mtg.generate.pick_name`), so a card added to or taken out of the library changes
only the boards it is drawn into; every other board, and so every other recorded trace, stays
byte-identical. The layer contract's own boards (one per card) are checked in
``tests/mtg/test_layer_contract.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml

from rulekit.mtg import generate
from rulekit.mtg.generate import draw_names, pick_name, random_scenario_text
from rulekit.mtg.loader import library

SEEDS = range(80)


def _boards(**kw: Any) -> dict[int, str]:
    return {
        i: random_scenario_text(random.Random(i), explicit_timestamps=bool(i % 2), events=bool(i % 3), **kw)
        for i in SEEDS
    }


def _cards(text: str) -> set[str]:
    return {o["card"] for o in yaml.safe_load(text)["objects"]}


def test_a_new_card_changes_only_the_boards_it_is_drawn_into(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _boards()
    lib = dict(library())
    new = {f"Zz Growth Bear {k}": {**lib["Grizzly Bears"], "name": f"Zz Growth Bear {k}"} for k in range(12)}
    monkeypatch.setattr(generate, "library", lambda: {**lib, **new})
    after = _boards()
    drawn = {i for i, text in after.items() if _cards(text) & set(new)}
    assert drawn, "no board drew a new card: the test proves nothing"
    assert len(drawn) < len(SEEDS) // 2
    assert {i for i in SEEDS if after[i] != before[i]} == drawn


def test_a_card_taken_out_changes_only_the_boards_that_held_it(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _boards()
    used = sorted({c for text in before.values() for c in _cards(text)})
    gone = set(used[::9])
    lib = {n: c for n, c in library().items() if n not in gone}
    monkeypatch.setattr(generate, "library", lambda: lib)
    after = _boards()
    held = {i for i, text in before.items() if _cards(text) & gone}
    assert held
    assert {i for i in SEEDS if after[i] != before[i]} == held


def test_the_old_draw_by_position_moved_other_boards() -> None:
    """The test of the test: drawing by position in the sorted library (as the boards were drawn
    before) moves boards that hold no new card."""
    names = sorted(library())
    grown = sorted([*names, "Aaa Growth Bear"])

    def by_position(pool: list[str], seed: int) -> list[str]:
        rng = random.Random(seed)
        return [rng.choice(pool) for _ in range(6)]

    moved = [s for s in SEEDS if by_position(names, s) != by_position(grown, s)]
    assert any("Aaa Growth Bear" not in by_position(grown, s) for s in moved)


def test_a_draw_by_name_ignores_order_and_takes_the_same_bits_whatever_the_size() -> None:
    names = sorted(library())
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        assert pick_name(a, names) == pick_name(b, list(reversed(names)))
        c = random.Random(seed)
        pick_name(c, names[:3])
        assert a.random() == c.random()  # the generator moved by the same 64 bits
    for key in ("a", "b", "c", "d"):  # only a win by the new name moves a draw
        old, new = draw_names(key, names, 5), draw_names(key, [*names, "Zz"], 5)
        kept = 4 if "Zz" in new else 5
        assert [n for n in new if n != "Zz"] == old[:kept]
