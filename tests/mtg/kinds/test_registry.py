"""The registry of effect kinds (rulekit/mtg/kinds/): every kind is one complete record in a module
named after it, with its test; the file's shape, the checks, the spec, the layer part, the fuzzer and
LANGUAGE.md all read it; and a new kind is one record, registered here by a fixture alone."""

from __future__ import annotations

import ast
import importlib.util
import random
import sys
import textwrap
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from rulekit import mtg
from rulekit.errors import ScenarioError
from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.engine.layers import PARTS
from rulekit.mtg.engine.layers.base import KindsPart
from rulekit.mtg.kinds import KINDS, kinds_of, markdown_table, register, sections, unregister
from rulekit.mtg.kinds.base import ANY, Key, Kind, Make
from rulekit.mtg.model import SUBLAYERS, build_spec
from rulekit.mtg.schema import effect_model, field_name

ROOT = Path(__file__).resolve().parents[3]
KINDS_DIR = ROOT / "rulekit" / "mtg" / "kinds"
#: the package's modules that are no kind: the record's base and what the layer-6 kinds share
HELPERS = {"__init__", "base", "granting", "pt_numbers"}


def _modules() -> list[str]:
    return sorted(p.stem for p in KINDS_DIR.glob("*.py") if p.stem not in HELPERS)


def test_every_kind_is_a_module_named_after_it_and_every_module_one_kind() -> None:
    by_module = {type(k).__module__.rsplit(".", 1)[1]: k.name for k in KINDS.values()}
    assert sorted(by_module) == _modules()
    assert all(module == name for module, name in by_module.items())


def test_every_kind_has_its_test() -> None:
    missing = [m for m in _modules() if not (Path(__file__).parent / f"test_{m}.py").exists()]
    assert not missing, f"each kind has tests/mtg/kinds/test_<kind>.py: {missing}"


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_record_is_complete(name: str) -> None:
    kind = KINDS[name]
    assert kind.sublayer in SUBLAYERS and kind.rule and kind.forms and kind.examples and kind.__doc__
    assert isinstance(PARTS[kind.sublayer], KindsPart), "the part of its sublayer reads the kinds"
    for example in kind.examples:  # each example is a shape the file accepts, and builds this kind
        assert set(example) <= set(kind.fields)
        data = {"affects": "this", kind.section: example[""] if kind.scalar else dict(example)}
        effect_model().model_validate(data)
        spec = build_spec(data)
        assert spec.unread is None and kind.sublayer in spec.sublayers
        assert any(k is kind for k, _ in spec.kinds_in(kind.sublayer))


def test_kinds_sit_below_the_model_and_the_engine() -> None:
    """A kind's module imports neither the model nor the engine (nor the loader): they read the
    registry, so a kind that imported them would close a circle (tests/mtg/test_structure.py)."""
    below = ("rulekit.mtg.kinds", "rulekit.mtg.selectors", "rulekit.mtg.expressions", "rulekit.mtg.vocab")
    below += ("rulekit.mtg.codes", "rulekit.errors")
    for path in KINDS_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rulekit"):
                assert node.module.startswith(below), f"{path.name} imports {node.module}"


def test_language_md_table_is_the_registry() -> None:
    text = (ROOT / "rulekit" / "mtg" / "LANGUAGE.md").read_text(encoding="utf-8")
    assert markdown_table() in text, "run tools/kinds_table.py"


def test_the_shape_of_a_section_is_its_kinds_keys() -> None:
    for section, kinds in sections().items():
        if kinds[0].scalar:
            assert (
                len(kinds) == 1
                and effect_model().model_fields[field_name(section)].annotation == kinds[0].fields[""][0]
            )
            continue
        model = effect_model().model_fields[field_name(section)].annotation
        keys = {k for kind in kinds for k in kind.fields}
        shape = next(a for a in model.__args__ if a is not type(None))  # type: ignore[union-attr]
        assert {f.alias or name for name, f in shape.model_fields.items()} == keys


def test_two_kinds_cannot_take_one_key() -> None:
    class Twice(Kind):
        name = "twice"
        section = "abilities"
        fields = {"add": (list[str], [])}
        sublayer = "abilities"
        rule = "613.1f"

    with pytest.raises(ValueError, match="takes a key"):
        register(Twice())
    assert "twice" not in KINDS


# ------------------------------------------------------------------- a new kind is one record
class LoseKeywords(Kind):
    """A test-only kind, written as a new kind's module would be: "loses all keyword abilities"."""

    name = "lose_keywords"
    section = "abilities"
    fields = {"lose_keywords": (bool, False)}
    sublayer = "abilities"
    order = 15
    rule = "613.1f"
    forms = "`lose_keywords: true`"
    examples = ({"lose_keywords": True},)

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return True

    def writes(self, value: Any) -> frozenset[Key]:
        return frozenset({("abilities-", ANY)})

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.abilities = tuple(a for a in obj.abilities if a.kind != AbilityKind.KEYWORD)


@pytest.fixture
def lose_keywords() -> Iterator[Kind]:
    kind = register(LoseKeywords())
    yield kind
    unregister(kind.name)


BOARD = """
game: mtg
players: [Ann]
objects:
  - {id: bird, name: Test Bird, types: [Creature], power: 1, toughness: 1,
     abilities: [Flying, "Vigilance", "{T}: Add {G}."]}
  - {id: hush, name: Test Hush, types: [Enchantment],
     abilities: [{text: "Creatures lose all keyword abilities.",
                  static: {affects: creatures, abilities: {lose_keywords: true}}}]}
"""


def test_a_new_kind_is_one_record(lose_keywords: Kind) -> None:
    """Registered by the fixture alone (no other file knows it): the file's shape takes its key,
    the spec holds it, layer 6 applies it, the contract's writes come from it, the trace shows it."""
    trace = mtg.solve(mtg.scenario_from_text(textwrap.dedent(BOARD), "kind.yaml"))
    assert trace.final["bird"].abilities == ("{T}: Add {G}.",)
    step = next(s for s in trace.steps if s.effect == "hush")
    assert step.layer == "6"
    assert any(c.object_id == "bird" and c.characteristic == "abilities" for c in step.changes)
    spec = build_spec({"affects": "creatures", "abilities": {"lose_keywords": True}})
    assert spec.value("lose_keywords") is True
    assert PARTS["abilities"].writes(spec) == frozenset({("abilities-", ANY)})
    assert lose_keywords in kinds_of("abilities") and "`lose_keywords: true`" in markdown_table()


def test_the_fuzzer_writes_a_new_kind(lose_keywords: Kind) -> None:
    """``tools/fuzz.py`` writes each section from its kinds' examples, the new kind's among them."""
    spec = importlib.util.spec_from_file_location("rulekit_fuzz_kinds", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    fuzz = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = fuzz  # dataclasses look their module up
    spec.loader.exec_module(fuzz)
    written = [fuzz._kind_example(random.Random(i), "abilities") for i in range(200)]
    assert {"lose_keywords": True} in written


def test_a_new_kinds_values_are_checked_by_its_shape(lose_keywords: Kind) -> None:
    bad = BOARD.replace("lose_keywords: true", "lose_keywords: maybe")
    with pytest.raises(ScenarioError, match=r"kind\.yaml:9.*lose_keywords"):
        mtg.scenario_from_text(textwrap.dedent(bad), "kind.yaml")


def test_without_its_record_the_key_is_unknown() -> None:
    with pytest.raises(ScenarioError, match="lose_keywords"):
        mtg.scenario_from_text(textwrap.dedent(BOARD), "kind.yaml")
