"""Small helpers for the card-library tests: solve an inline scenario text, read the result.

Expected values in the tests come from Magic's rules and rulings, never from running the engine;
these helpers only load a scenario through the public API and look things up in the trace.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import Any

from rulekit import mtg


def load_text(text: str, name: str = "<inline>") -> Any:
    """A scenario from YAML text through the public API (``rulekit.mtg.scenario_from_text``)."""
    return mtg.scenario_from_text(textwrap.dedent(text), name)


def solve_text(text: str, ruleset: str = "seed", **kw: Any) -> Any:
    """Load and solve an inline scenario; returns the :class:`rulekit.mtg.Trace`."""
    return mtg.solve(load_text(text), ruleset=ruleset, **kw)


def view(trace: Any, oid: str) -> Any:
    """The final :class:`ObjectView` of one object."""
    return trace.final[oid]


def pt(trace: Any, oid: str) -> tuple[int | None, int | None]:
    v = trace.final[oid]
    return (v.power, v.toughness)


def deps(trace: Any, layer: str | None = None) -> set[tuple[str, str]]:
    """``{(effect, depends_on)}`` of every dependency the trace recorded (in ``layer``)."""
    return {(d.effect, d.depends_on) for d in trace.dependencies if layer is None or d.layer == layer}


def steps_in(trace: Any, layer: str) -> list[str]:
    """Effect ids applied in ``layer``, in application order."""
    return [s.effect for s in trace.steps if s.layer == layer]


def step(trace: Any, effect: str, layer: str) -> Any:
    """The step of ``effect`` in ``layer`` (AssertionError if it never applied there)."""
    found = [s for s in trace.steps if s.effect == effect and s.layer == layer]
    assert found, f"{effect} has no step in layer {layer}: {[(s.effect, s.layer) for s in trace.steps]}"
    return found[0]


def step_index(trace: Any, effect: str, layer: str) -> int:
    return int(step(trace, effect, layer).index)


CLASSIC_FILE = "cards-classic.yaml"


@lru_cache(maxsize=1)
def classic_cards() -> dict[str, dict[str, Any]]:
    """The cards of ``rulekit/data/mtg/cards-classic.yaml``, validated with the library loader's
    own checks (card fields, abilities, effect specs, selectors). Raises the loader's located
    ``ScenarioError`` if a card is malformed."""
    from rulekit.mtg import loader
    from rulekit.yamlsrc import YamlDoc

    path = loader._data_root() / "mtg" / CLASSIC_FILE
    doc = YamlDoc.from_path(path, display=f"rulekit/data/mtg/{CLASSIC_FILE}")
    doc.validate(loader.LibraryModel)
    cards: dict[str, dict[str, Any]] = {}
    for i, raw in enumerate(doc.data["cards"]):
        where: tuple[Any, ...] = ("cards", i)
        model = doc.validate(loader.CardModel, where)
        if model.name in cards:
            raise doc.error((*where, "name"), f"card '{model.name}' is defined twice")
        card = loader.check_card_fields(doc, where, model.model_dump(exclude_none=False))
        card["abilities"] = [
            loader.check_ability(doc, (*where, "abilities", j), a, None)
            for j, a in enumerate(raw.get("abilities") or [])
        ]
        cards[model.name] = card
    return cards
