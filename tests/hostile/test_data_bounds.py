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
from rulekit.i18n import translator
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


def test_the_bound_messages_name_the_limit_in_force_when_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """The depth, value-count and file-size messages are made when raised, not when the module loads."""
    monkeypatch.setattr(limits, "MAX_DEPTH", 5)
    monkeypatch.setattr(limits, "MAX_NODES", 30)
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 200)
    deep = _file_error(_deep(5))
    assert deep is not None and deep.code == "TOO_DEEP"
    assert deep.message == "nested more than 5 levels deep"
    assert deep.params == {"most": 5}
    assert " 5 " in deep.text_in(translator("pt_BR")) and " 40 " not in deep.text_in(translator("es"))
    many = _file_error({"objects": list(range(40))})
    assert many is not None and many.code == "TOO_MANY_VALUES"
    assert many.message == "more than 30 values in one file"
    with pytest.raises(ScenarioError) as large:
        YamlDoc.from_text("x: " + "y" * 300 + "\n", "f.yaml")
    assert large.value.code == "TOO_LARGE"
    assert large.value.message == "file is larger than 200 bytes"
    with pytest.raises(ScenarioError) as built:
        check_data_bounds(_deep(5), "board")
    assert built.value.message == "nested more than 5 levels deep"
