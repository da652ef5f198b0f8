"""LayerExplorer driven by setting ``.value``: outputs change the way the seeds say."""

from __future__ import annotations

import re

import pytest

mtg = pytest.importorskip("rulekit.mtg")
if not hasattr(mtg, "solve"):
    pytest.skip("the MTG engine is not available yet", allow_module_level=True)

SCENARIO = "seed/humility-then-gideon"


def pt_of(html: str, name: str = "Gideon Jura") -> str:
    """The P/T cell of ``name``'s row in a final-table HTML (the part after any arrow)."""
    m = re.search(rf">{re.escape(name)}</td>\s*<td[^>]*>([^<]*)</td>", html)
    assert m, f"no row for {name}"
    return m.group(1).split("→")[-1].strip()


@pytest.fixture
def explorer():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer(SCENARIO)
    assert ex.error.value == "", ex.error.value
    return ex


def test_the_seed_result_is_shown(explorer):
    assert pt_of(explorer.final_html.value) == "5/5"  # seed 002: Gideon Jura is 5/5
    assert explorer.step.value == explorer.step.max == len(explorer.trace.steps)
    assert "<svg" in explorer.diagram_html.value or "<pre>" in explorer.diagram_html.value


def test_turning_night_off_makes_gideon_6_6(explorer):
    before = (explorer.layers_html.value, explorer.diagram_html.value)
    explorer.effect_boxes["night"].value = False
    assert pt_of(explorer.final_html.value) == "6/6"
    assert explorer.layers_html.value != before[0]
    assert explorer.diagram_html.value != before[1]
    assert "Night of Souls" not in re.sub(r"<title>.*?</title>", "", explorer.layers_html.value)
    explorer.effect_boxes["night"].value = True
    assert pt_of(explorer.final_html.value) == "5/5"


def test_swapping_humility_and_gideon_gives_1_1_then_0_0(explorer):
    explorer.order_list.value = "humility"
    explorer.move_down.click()  # Humility now later than Gideon's ability
    trace = explorer.trace
    stamps = {e.id: e.timestamp for e in trace.effects}
    assert stamps["humility"] > stamps["gideon.0"]
    assert pt_of(explorer.final_html.value) == "0/0"
    night = next(i for i, s in enumerate(trace.steps) if s.effect == "night")
    explorer.step.value = night  # the state before Night's step
    assert pt_of(explorer.final_html.value) == "1/1"
    assert "▶" in explorer.layers_html.value and "▶" in explorer.diagram_html.value
    explorer.next.click()  # after Night
    assert pt_of(explorer.final_html.value) == "0/0"
    assert "Night of Souls" in explorer.explain_html.value and "1/1 → 0/0" in explorer.explain_html.value


def test_move_down_only_swaps_the_two_neighbours(explorer):
    explorer.order_list.value = "humility"
    explorer.move_down.click()
    assert explorer.order == ["night", "gideon.0", "humility"]


def test_stepper_walks_the_application_order(explorer):
    n = len(explorer.trace.steps)
    explorer.step.value = 0
    assert "Before any effect" in explorer.explain_html.value
    assert pt_of(explorer.final_html.value) == "—"  # a planeswalker, not yet a creature
    seen = []
    for k in range(1, n + 1):
        explorer.next.click()
        assert explorer.step.value == k
        seen.append(explorer.explain_html.value)
        assert f"Step {k} of {n}" in explorer.explain_html.value
    explorer.next.click()  # stays at the end
    assert explorer.step.value == n
    explorer.prev.click()
    assert explorer.step.value == n - 1
    assert len(set(seen)) == n


def test_ruleset_switch_relabels_but_keeps_numbers(explorer):
    seed_pt = pt_of(explorer.final_html.value)
    explorer.ruleset.value = "current"
    assert explorer.trace.ruleset == "current"
    assert pt_of(explorer.final_html.value) == seed_pt
    assert "current layers" in explorer.layers_html.value


def test_reset_restores_everything(explorer):
    explorer.effect_boxes["night"].value = False
    explorer.order_list.value = "humility"
    explorer.move_down.click()
    explorer.reset.click()
    assert all(cb.value for cb in explorer.effect_boxes.values())
    assert pt_of(explorer.final_html.value) == "5/5"


def test_bad_scenario_shows_a_message(tmp_path):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/no-such-scenario")
    assert "⚠" in ex.error.value and ex.trace is None
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: mtg\nplayers: [A]\nobjects:\n  - {id: x, card: Grizly Bears, controller: A}\n")
    ex2 = LayerExplorer(str(bad))
    assert "bad.yaml" in ex2.error.value


def test_bad_actions_never_raise(explorer):
    explorer.move(+1, effect_id="no-such-effect")  # ValueError inside -> message
    assert "⚠" in explorer.error.value
    explorer.set_order(["night"])  # not a permutation
    assert "every effect id" in explorer.error.value
    explorer.effect_boxes["night"].value = False  # a good action clears the message
    assert explorer.error.value == ""


def test_scale_and_repr(explorer):
    from rulekit.widgets import LayerExplorer

    big = LayerExplorer(SCENARIO, scale=1.5)
    assert "font-size:150%" in big.final_html.value
    assert "rulekit-scaled" in big.widget._dom_classes
    assert repr(explorer) == "<LayerExplorer 'seed/humility-then-gideon' ruleset=seed off=[]>"
    assert "0x" not in repr(explorer)


@pytest.mark.parametrize("backend", ["dot", "wasm", "text"])
def test_diagram_on_every_backend(backend):
    from rulekit.views import render as rv
    from rulekit.widgets import LayerExplorer

    if backend not in rv.available_backends():
        pytest.skip(f"backend {backend} is not available here")
    ex = LayerExplorer(SCENARIO, backend=backend)
    value = ex.diagram_html.value
    if backend == "text":
        assert "<pre>" in value and "digraph dependencies" in value
    else:
        assert "<svg" in value and "<title>night@7c</title>" in value
    ex.effect_boxes["night"].value = False
    assert "night@7c" in ex.diagram_html.value  # still drawn, now as "did not apply"
    assert "switched off" in ex.diagram_html.value or "did not apply" in ex.diagram_html.value


def test_unexpected_engine_failure_is_shown_not_raised(explorer, monkeypatch):
    def boom(*_a, **_k):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(mtg, "solve", boom)
    explorer.effect_boxes["humility"].value = False
    assert "Unexpected problem" in explorer.error.value and "engine exploded" in explorer.error.value


def test_notebook_text_plain_is_the_short_repr(explorer):
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == repr(explorer)
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_dependencies_are_listed_in_words():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/blood-moon-then-urborg", show_flow=True)
    assert ex.error.value == ""
    for d in ex.trace.dependencies:
        assert d.reason.replace("'", "&#x27;") in ex.deps_html.value or d.reason in ex.deps_html.value
    assert "Layer flow" in ex.flow_html.value or "layerflow" in ex.flow_html.value
    ex.effect_boxes[ex.trace.dependencies[0].depends_on].value = False
    assert "No dependencies" in ex.deps_html.value


def test_one_objects_static_effects_move_together_as_one_timestamp_holder():
    """613.7a: a static ability's timestamp is its object's, so Mycosynth Lattice's two effects are one
    entry in the list, and moving it up twice makes the Lattice (both effects) the oldest."""
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    labels = [label for label, _v in ex.order_list.options]
    assert len(labels) == 3  # March, Anthem, Lattice (one entry for its two effects)
    lattice = next(v for label, v in ex.order_list.options if "Mycosynth Lattice" in label)
    label = dict((v, k) for k, v in ex.order_list.options)[lattice]
    assert "artifacts" in label and "colorless" in label
    ex.order_list.value = lattice
    ex.move_up.click()
    ex.move_up.click()
    assert ex.error.value == ""
    stamps = {e.id: e.timestamp for e in ex.trace.effects}
    assert stamps["lattice.artifacts"] == stamps["lattice.colorless"] < stamps["march"] < stamps["anthem"]
    assert ex.order[0] == lattice and ex.order_list.options[0][0].startswith("1. Mycosynth Lattice")
    ex.move_down.click()  # moving by any of its effects' ids works too
    ex.move(+1, effect_id="lattice.colorless")
    assert ex.order[-1] == lattice


def test_the_description_is_marked_as_written_and_a_changed_board_says_so(explorer):
    """The description says "Gideon Jura is 5/5"; once the learner changes the board, the explorer
    says the tables show the changed board, not the description."""
    assert "as written" in explorer.title_html.value and "5/5" in explorer.title_html.value
    assert "You changed the board" not in explorer.board_html.value
    explorer.effect_boxes["night"].value = False
    assert "You changed the board" in explorer.board_html.value
    assert "1 effect off" in explorer.board_html.value
    assert "timestamps reordered" not in explorer.board_html.value
    explorer.order_list.value = "humility"
    explorer.move_down.click()
    assert "1 effect off, timestamps reordered" in explorer.board_html.value
    explorer.effect_boxes["humility"].value = False
    assert "2 effects off" in explorer.board_html.value
    explorer.reset.click()
    assert "You changed the board" not in explorer.board_html.value


def test_players_and_rules_table_follows_the_board_and_the_stepper():
    """Witchbane Orb gives its controller hexproof (613.10): shown in a players table that updates."""
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/witchbane-orb")
    assert "Players and rules" in ex.players_html.value and "none → Hexproof" in ex.players_html.value
    orb = next(i for i, s in enumerate(ex.trace.steps) if s.layer == "players")
    ex.step.value = orb  # before the Orb's step
    assert "Hexproof" not in ex.players_html.value
    ex.step.value = ex.step.max
    ex.effect_boxes["orb"].value = False
    assert "Players and rules" in ex.players_html.value and "Hexproof" not in ex.players_html.value

    miser = LayerExplorer("seed/gnat-miser")  # rules effect (613.11): Bo's maximum hand size
    assert "max hand size" in miser.players_html.value and "7 → 6" in miser.players_html.value


def test_no_players_table_without_player_or_rules_effects(explorer):
    assert explorer.players_html.value == ""
