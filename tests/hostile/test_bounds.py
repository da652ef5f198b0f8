"""Cost bounds on untrusted YAML: every limit is one located line, found fast."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from rulekit import limits, mtg
from rulekit.apoteose import scenario as apo_scenario
from rulekit.errors import ScenarioError, one_line
from rulekit.yamlsrc import YamlDoc, builtin_path

HEAD = "game: mtg\nplayers: [Ann]\n"


def laughs(levels: int, width: int = 9) -> str:
    """A "billion laughs" document: each level is a list of ``width`` aliases of the one before."""
    out = ["a0: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for i in range(1, levels):
        out.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(out) + "\n"


def test_billion_laughs_is_refused_at_the_alias_that_crosses_the_budget() -> None:
    text = laughs(9)  # 9**9 = 387 million values if expanded
    assert len(text) < 500
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as exc:
        YamlDoc.from_text(text, "lol.yaml")
    assert time.perf_counter() - start < 2
    assert str(exc.value) == (
        "lol.yaml:5: a4[0]: aliases expand to more than 10,000 values (alias '*a3' alone stands for 7,381)"
    )
    assert exc.value.code == "ALIAS_BUDGET"


def test_a_few_aliases_are_fine_and_their_lines_are_known() -> None:
    doc = YamlDoc.from_text("a: &x {p: 1}\nb: [*x, *x]\n", "ok.yaml")
    assert doc.data["b"] == [{"p": 1}, {"p": 1}]
    assert doc.line_of(("b", 1, "p")) == 1


def test_recursive_alias_is_refused() -> None:
    with pytest.raises(ScenarioError) as exc:
        YamlDoc.from_text("a: &a [1, *a]\n", "r.yaml")
    assert str(exc.value) == "r.yaml:1: a[1]: alias '*a' refers to a value that contains it"


def test_merge_keys_explicit_key_wins_and_lines_follow() -> None:
    text = HEAD + (
        "objects:\n"
        "  - &bear {id: b1, card: Grizzly Bears, counters: {+1/+1: 1}}\n"
        "  - <<: *bear\n"
        "    id: b2\n"
        "    counters: {+1/+1: 2}\n"
    )
    sc = mtg.scenario_from_text(text, "m.yaml")
    assert [(o.id, o.counters) for o in sc.objects] == [("b1", (("+1/+1", 1),)), ("b2", (("+1/+1", 2),))]
    assert sc.objects[1].line == 5


def test_merge_keys_errors_point_at_the_merged_value() -> None:
    text = HEAD + "objects:\n  - &bear {id: b1, card: Grizly Bears}\n  - <<: *bear\n    id: b2\n"
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(text, "m.yaml")
    assert str(exc.value).startswith("m.yaml:4: objects[0].card: 'Grizly Bears' is not a card")


def test_merge_keys_count_against_the_alias_budget() -> None:
    text = laughs(5) + "x:\n  <<: {k: *a4}\n"
    with pytest.raises(ScenarioError) as exc:
        YamlDoc.from_text(text, "m.yaml")
    assert exc.value.code == "ALIAS_BUDGET"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: " + "9" * 5000 + "\n", "t.yaml:1: a: integer of 5,000 digits is too large (at most 9 digits)"),
        ("a: [1, -1234567890]\n", "t.yaml:1: a[1]: integer of 10 digits is too large (at most 9 digits)"),
        ("a: !!int '12345678901'\n", "t.yaml:1: a: integer of 11 digits is too large (at most 9 digits)"),
        (
            "a:\n  b: " + "x" * 20001 + "\n",
            "t.yaml:2: a.b: text of 20,001 characters is too long (at most 20,000)",
        ),
        ("a: " + "[" * 50 + "]" * 50 + "\n", "t.yaml:1: a[0][0][0]: nested more than 40 levels deep"),
    ],
)
def test_scalar_and_depth_limits(text: str, message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        YamlDoc.from_text(text, "t.yaml")
    assert str(exc.value) == message


def test_big_but_allowed_numbers_and_strings_load() -> None:
    doc = YamlDoc.from_text("a: 999999999\nb: '1234567890123'\nc: 1.5e+300\n", "t.yaml")
    assert doc.data == {"a": 999999999, "b": "1234567890123", "c": 1.5e300}


def test_file_size_limit_on_text_and_on_disk(tmp_path: Path) -> None:
    big = "# " + "x" * limits.MAX_FILE_BYTES + "\n"
    with pytest.raises(ScenarioError) as exc:
        YamlDoc.from_text(big, "big.yaml")
    assert str(exc.value) == "big.yaml: file is larger than 2,000,000 bytes"
    f = tmp_path / "big.yaml"
    f.write_text(big)
    with pytest.raises(ScenarioError) as exc:
        mtg.load_scenario(f)
    assert str(exc.value) == f"{f}: file is larger than 2,000,000 bytes"


def test_too_many_objects_and_events() -> None:
    n = limits.MAX_OBJECTS + 1
    objs = "".join(f"  - {{id: o{i}, card: Forest}}\n" for i in range(n))
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(HEAD + "objects:\n" + objs, "many.yaml")
    assert (
        str(exc.value)
        == f"many.yaml:{4 + limits.MAX_OBJECTS}: objects[1000]: more than 1,000 objects in one scenario"
    )
    evs = "".join("  - end_of_turn\n" for _ in range(limits.MAX_EVENTS + 1))
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(HEAD + "events:\n" + evs, "many.yaml")
    assert exc.value.code == "TOO_MANY" and "more than 1,000 events" in str(exc.value)


def test_too_many_effects() -> None:
    objs = "".join(f"  - {{id: o{i}, card: Glorious Anthem}}\n" for i in range(limits.MAX_EFFECTS + 1))
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(HEAD + "objects:\n" + objs, "many.yaml")
    assert str(exc.value) == (
        f"many.yaml:{4 + limits.MAX_EFFECTS}: objects[200]: "
        "more than 200 effect-making abilities in one scenario"
    )


def test_builtin_name_never_leaves_the_data_folder(tmp_path: Path) -> None:
    root = Path(mtg.__file__).resolve().parent.parent / "data" / "scenarios"
    assert builtin_path(root, "seed/blood-moon") == root / "seed" / "blood-moon.yaml"
    for name in (
        "seed/../../../../elsewhere/evil",
        "../scenarios/seed/blood-moon",
        "/etc/passwd",
        "seed//blood-moon",
        "seed\\..\\x",
        "seed/blood-moon\x00",
        "",
    ):
        assert builtin_path(root, name) is None
    with pytest.raises(ScenarioError) as exc:
        mtg.load_scenario("seed/../../../../elsewhere/evil")
    assert str(exc.value).startswith(
        "no scenario file or built-in scenario named 'seed/../../../../elsewhere/evil'"
    )
    with pytest.raises(ScenarioError) as exc:
        apo_scenario.load_scenario("apoteose/../../../../elsewhere/evil")
    assert exc.value.code == "NO_SUCH_SCENARIO"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_not_a_regular_file_is_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it for reading would block forever
    cases = {
        "/dev/zero": "/dev/zero: not a regular file (a device, FIFO or socket): give a .yaml file",
        str(tmp_path): f"{tmp_path}: not a regular file (a directory): give a .yaml file",
        str(fifo): f"{fifo}: not a regular file (a device, FIFO or socket): give a .yaml file",
    }
    for path, message in cases.items():
        if not os.path.exists(path):
            continue
        with pytest.raises(ScenarioError) as exc:
            mtg.load_scenario(path)
        assert str(exc.value) == message


def test_very_long_or_strange_names_are_not_a_crash() -> None:
    for name in ("x" * 5000, "x" * 5000 + ".yaml", "a\x00b.yaml", "a\x00b"):
        with pytest.raises(ScenarioError) as exc:
            mtg.load_scenario(name)
        assert "\n" not in str(exc.value) and len(str(exc.value)) < 300


def test_one_line_escapes_controls() -> None:
    assert one_line("a\nb\rc\td\x07e\u202ef") == "a\\nb\\rc\\td\\u0007e\\u202ef"
    err = ScenarioError("'x\ny' is bad", file="f\n.yaml", line=1, field="a\nb", suggestion="s\nt")
    assert str(err) == "f\\n.yaml:1: a\\nb: 'x\\ny' is bad — did you mean 's\\nt'?"


def test_total_values_limit() -> None:
    text = "game: mtg\nplayers: [Ann]\nnote: [" + ",".join(["1"] * limits.MAX_NODES) + "]\n"
    start = time.perf_counter()
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(text, "v.yaml")
    assert time.perf_counter() - start < 5
    assert exc.value.code == "TOO_MANY_VALUES"
    assert str(exc.value) == "v.yaml:3: more than 50,000 values in one file"


def test_too_many_players() -> None:
    players = ", ".join(f"p{i}" for i in range(limits.MAX_PLAYERS + 1))
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(f"game: mtg\nplayers: [{players}]\n", "p.yaml")
    assert str(exc.value) == "p.yaml:2: players[20]: more than 20 players"


def test_long_values_are_cut_in_messages() -> None:
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(HEAD + "objects:\n  - {id: g, card: " + "Z" * 5000 + "}\n", "l.yaml")
    assert str(exc.value) == f"l.yaml:4: objects[0].card: '{'Z' * 100}…' is not a card in the library"


def test_conditions_name_objects_of_the_scenario() -> None:
    body = (
        "objects:\n  - id: a\n    name: A\n    types: [Enchantment]\n    abilities:\n      - text: t\n"
        "        static: {affects: creatures, condition: you control Zorb, modify_pt: {power: 1}}\n"
    )
    with pytest.raises(ScenarioError) as exc:
        mtg.scenario_from_text(HEAD + body, "c.yaml")
    assert (
        str(exc.value)
        == "c.yaml:9: objects[0].abilities[0].static.condition: no object 'Zorb' in this scenario"
    )
    mtg.scenario_from_text(HEAD + body.replace("Zorb", "A"), "c.yaml")  # its own name is fine
