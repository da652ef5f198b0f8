"""``check_data_bounds`` refuses built data exactly where reading its file would.

The BoardBuilder builds a board in memory and saves it as a file; every bound of
:mod:`rulekit.limits` that the file would break is found on the data, with the loader's message
and field. The file here is the data dumped by PyYAML, read back with :class:`YamlDoc`.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from rulekit import limits
from rulekit.errors import ScenarioError
from rulekit.yamlsrc import YamlDoc, check_data_bounds


def _deep(n: int) -> Any:
    value: Any = 1
    for _ in range(n):
        value = [value]
    return {"a": value}


CASES = {
    "ten digits": {"objects": [{"power": 10**9}]},
    "negative 13 digits": {"events": [{"resolve": {"x": -(10**12)}}]},
    "4,000 digits": {"x": int("4" * 4000)},
    "long text": {"objects": [{"name": "n" * (limits.MAX_STRING_CHARS + 1)}]},
    "long key": {"k" * (limits.MAX_STRING_CHARS + 1): 1},
    "too deep": _deep(limits.MAX_DEPTH),
    "too many values": {"objects": list(range(limits.MAX_NODES))},
    "file too large": {"objects": ["é" * 19_000 for _ in range(60)]},
}

FINE = {
    "nine digits": {"objects": [{"power": 999_999_999, "toughness": -999_999_999}]},
    "deep enough": _deep(limits.MAX_DEPTH - 1),
    "longest text": {"name": "n" * limits.MAX_STRING_CHARS},
}


def _file_error(data: Any) -> ScenarioError | None:
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    try:
        YamlDoc.from_text(text, "f.yaml")
    except ScenarioError as exc:
        return exc
    return None


@pytest.mark.parametrize("name", list(CASES))
def test_refused_like_the_file(name: str) -> None:
    data = CASES[name]
    want = _file_error(data)
    assert want is not None
    with pytest.raises(ScenarioError) as got:
        check_data_bounds(data, "board", lambda: yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    assert (got.value.message, got.value.field, got.value.code) == (want.message, want.field, want.code)
    assert str(got.value).startswith("board: ")


@pytest.mark.parametrize("name", list(FINE))
def test_accepted_like_the_file(name: str) -> None:
    data = FINE[name]
    assert _file_error(data) is None
    check_data_bounds(data, "board", lambda: yaml.safe_dump(data, allow_unicode=True, sort_keys=False))


def test_a_value_that_contains_itself_is_refused() -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    with pytest.raises(ScenarioError) as exc:
        check_data_bounds({"objects": loop}, "board")
    assert str(exc.value) == "board: objects[1]: a value that contains itself"


def test_the_file_text_is_made_only_near_the_size_bound() -> None:
    calls: list[int] = []

    def text() -> str:
        calls.append(1)
        return "x"

    check_data_bounds({"objects": [{"id": f"o{i}"} for i in range(100)]}, "board", text)
    assert calls == []
    check_data_bounds({"objects": ["y" * 19_000 for _ in range(105)]}, "board", text)
    assert calls == [1]
