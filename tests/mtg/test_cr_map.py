"""The CR map: ``docs/cr-map.yaml`` gives every subrule of CR 400.7, 611, 612, 613,
614.12, 707, 708 and 712 either the tests that pin it or why rulekit does not model it; the list of
subrules is ``docs/cr-subrules.yaml`` (the CR edition it names, titles in our words);
``docs/cr-map.md`` is generated from both by ``tools/cr_map.py``. Reads files only: fast."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import cr_map  # noqa: E402 (tools/ is on the path now)


@pytest.fixture(scope="module")
def data() -> tuple[dict, dict]:
    return cr_map.load()


def test_the_map_has_no_problem(data: tuple[dict, dict]) -> None:
    """Every named test exists, every subrule of the edition is in exactly one state, in order."""
    snapshot, the_map = data
    assert cr_map.problems(snapshot, the_map) == []


def test_the_map_covers_exactly_the_edition_s_subrules(data: tuple[dict, dict]) -> None:
    snapshot, the_map = data
    assert list(the_map) == list(snapshot["subrules"])
    assert snapshot["edition"].endswith("effective September 19, 2025")
    sections = snapshot["sections"]
    assert all(any(n == s or n.startswith(s + (".", "")[s.count(".")]) for s in sections) for n in the_map)
    # the sections' own X.1 rules and the CR's lettered runs (l and o skipped) are all there
    for first in ("611.1", "612.1", "613.1", "707.1", "708.1", "712.1", "400.7", "614.12"):
        assert first in the_map
    assert {"400.7k", "400.7m", "613.7k", "613.7m", "613.7n"} <= set(the_map) and "613.7l" not in the_map


def test_the_page_is_up_to_date(data: tuple[dict, dict]) -> None:
    snapshot, the_map = data
    page = (ROOT / "docs" / "cr-map.md").read_text(encoding="utf-8")
    assert page == cr_map.render(snapshot, the_map), "run: python tools/cr_map.py"


def test_architecture_links_the_page() -> None:
    assert "docs/cr-map.md" in (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------ tests of the test
def test_a_missing_test_is_caught(data: tuple[dict, dict]) -> None:
    snapshot, the_map = copy.deepcopy(data)
    the_map["613.7b"]["tests"].append("tests/mtg/test_timestamps.py::test_that_does_not_exist")
    the_map["613.8c"]["tests"].append("tests/mtg/test_nowhere.py::test_x")
    assert cr_map.problems(snapshot, the_map) == [
        "613.7b: no such test: tests/mtg/test_timestamps.py::test_that_does_not_exist",
        "613.8c: no such test: tests/mtg/test_nowhere.py::test_x",
    ]


def test_a_subrule_in_neither_state_or_both_is_caught(data: tuple[dict, dict]) -> None:
    snapshot, the_map = copy.deepcopy(data)
    the_map["712.16"] = {}
    the_map["613.7b"]["not_modelled"] = "it is and it is not modelled"
    the_map["708.9"] = {"not_modelled": "no"}
    the_map["613.7g"] = {"not_modelled": "a reason long enough", "gap": "a gap without tests"}
    found = cr_map.problems(snapshot, the_map)
    assert "712.16: an entry is a mapping of ['gap', 'not_modelled', 'tests']" in found
    assert "613.7b: give either tests or not_modelled, exactly one" in found
    assert "708.9: not_modelled needs its reason, in a few words at least" in found
    assert "613.7g: a gap goes with tests, and says what they leave out" in found


def test_a_subrule_missing_from_the_map_or_the_snapshot_is_caught(data: tuple[dict, dict]) -> None:
    snapshot, the_map = copy.deepcopy(data)
    del the_map["707.9e"]
    the_map["707.15"] = {"not_modelled": "a rule the edition does not have"}
    found = cr_map.problems(snapshot, the_map)
    assert "707.9e: a subrule of the CR the map does not list" in found
    assert "707.15: not a subrule of the CR edition's list" in found
    del snapshot["subrules"]["712.8c"]  # a gap in a lettered run of the snapshot itself
    assert "712.8: its lettered subrules ['a', 'b', 'd', 'e', 'f', 'g'] skip a letter" in (
        cr_map.snapshot_problems(snapshot)
    )
