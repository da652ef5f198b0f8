"""CR 613.7c: "Each counter receives a timestamp as it's put on an object or player. If that object or
player already has a counter of that kind on it, each counter of that kind receives a new timestamp
identical to that of the new counter." In the current edition counters apply in layer 7c in
timestamp order (613.4c), so the second sentence can change what a 7c effect that reads power sees.

The Bears have a +1/+1 counter from before Rally of the Big ("Creatures with power 3 or greater get
+1/+1"); then a second +1/+1 counter is put on. Both counters now have the new timestamp, later than
Rally's: Rally applies first and reads power 2, so the Bears are 2/2 + 2/2 = 4/4. (Before this the
first counter kept its old timestamp: 3/3 when Rally read it, 5/5 in the end.) A counter of another
kind leaves the +1/+1 counter's timestamp alone."""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, counters: {+1/+1: 1}}
  - {id: rally, name: Rally of the Big, types: [Enchantment], controller: Ann, abilities: [{text:
     Creatures with power 3 or greater get +1/+1., static: {affects: creatures with power 3 or greater,
     modify_pt: {power: 1, toughness: 1}}}]}
events:
  - counters: {object: bears, kind: KIND, add: 1}
"""


def _pt(t: object) -> tuple[int, int]:
    v = t.final["bears"]  # type: ignore[attr-defined]
    return (v.power, v.toughness)


def test_a_new_counter_gives_the_counters_of_its_kind_its_timestamp() -> None:
    t = solve_text(BOARD.replace("KIND", "+1/+1"), "current")
    assert _pt(t) == (4, 4)
    assert [s.effect for s in t.steps if s.layer == "7c"] == ["rally", "bears.counters"]
    assert t.effect("bears.counters").timestamp > t.effect("rally").timestamp  # type: ignore[attr-defined]


def test_a_counter_of_another_kind_keeps_the_old_timestamp() -> None:
    t = solve_text(BOARD.replace("KIND", "+1/+0"), "current")
    assert [s.effect for s in t.steps if s.layer == "7c"] == ["bears.counters", "rally", "bears.counters-2"]
    assert _pt(t) == (5, 4)  # 3/3 when Rally reads it, +1/+1, then +1/+0


def test_the_seed_edition_applies_counters_after_every_7c_effect() -> None:
    assert _pt(solve_text(BOARD.replace("KIND", "+1/+1"), "seed")) == (4, 4)
