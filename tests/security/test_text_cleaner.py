"""The one text cleaner (rulekit.textclean) at every text and terminal output, look-alike ids and
names refused at load, and SVG that stays well-formed XML whatever a name holds.

Hostile text: terminal escapes (clear screen, window title, a hidden OSC 8 link, a C1 CSI), a
right-to-left override, a zero-width space, bidi isolates and U+FFFE/U+FFFF, in names and rules
texts (and, where the loader allows them, ids) of both games, through ``rulekit.cli.main`` and a
real subprocess.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hostile_strings import apoteose_text

from rulekit import cli, mtg
from rulekit.errors import RulekitError, ScenarioError
from rulekit.textclean import json_safe, look_alike, one_line, visible

ROOT = Path(__file__).resolve().parents[2]

#: Escape sequences only (a loader may take these in ids: they are shown as pictures).
ESCAPES = "\x1b[2J\x1b]0;pwned\x07 \x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\ \x9b31m red"
#: Everything: escapes, a right-to-left override, a zero-width space, isolates, noncharacters.
HOSTILE = ESCAPES + " \u202etxt.exe zero\u200bwidth \u2066iso\u2069 \ufffe\uffff"
#: What no text output may hold as it is.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")


def mtg_board(name: str, text: str, *, player: str = "Ann", oid: str = "bears") -> str:
    data = {
        "game": "mtg",
        "name": f"hostile {name}",
        "description": text,
        "players": [player, "Bo"],
        "objects": [
            {
                "id": oid,
                "name": name,
                "types": ["Creature"],
                "power": 2,
                "toughness": 2,
                "controller": player,
                "abilities": [
                    {
                        "text": text,
                        "static": {"affects": "creatures", "modify_pt": {"power": 1, "toughness": 1}},
                    }
                ],
            },
            {"id": "anthem", "card": "Glorious Anthem", "controller": "Bo"},
        ],
        "events": [{"enter": [oid, "anthem"]}],
    }
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _write(tmp_path: Path, text: str, name: str = "hostile.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# ---- item: one cleaner at every text and terminal output ------------------------------------------
MTG_COMMANDS = [
    ["solve"],
    ["solve", "--lang", "pt-BR"],
    ["solve", "--lang", "es"],
    ["solve", "--no-dependency"],
    ["explain"],
    ["explain", "--lang", "es"],
]


@pytest.mark.parametrize("command", MTG_COMMANDS, ids=" ".join)
def test_mtg_text_outputs_show_escapes_as_symbols(command, tmp_path, capsys):
    src = _write(tmp_path, mtg_board(HOSTILE, HOSTILE))
    code, out, err = _run([*command, src], capsys)
    assert code == 0, err
    assert not RAW.findall(out), sorted({hex(ord(c)) for c in RAW.findall(out)})
    assert "␛[2J" in out and "␛]0;pwned␇" in out  # shown, not run
    assert "\\u202etxt.exe" in out and "zero\\u200bwidth" in out and "\\ufffe\\uffff" in out


APOTEOSE_COMMANDS = [["chain"], ["chain", "--lang", "pt-BR"], ["chain", "--lang", "es"], ["explain"]]


@pytest.mark.parametrize("command", APOTEOSE_COMMANDS, ids=" ".join)
def test_chain_text_outputs_show_escapes_as_symbols(command, tmp_path, capsys):
    # escapes in hero and card ids (the chain lines print ids), everything in names and the title
    text = apoteose_text("esc", ESCAPES, True)
    data = yaml.safe_load(text)
    for i, hero in enumerate(data["heroes"]):  # names a reader can tell apart (a name is a reference)
        hero["name"] = f"{HOSTILE} {i}"
    src = _write(tmp_path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    code, out, err = _run([*command, src], capsys)
    assert code == 0, err
    assert not RAW.findall(out), sorted({hex(ord(c)) for c in RAW.findall(out)})
    assert "␛[2J" in out


@pytest.mark.parametrize("game", ["mtg", "apoteose"])
def test_json_output_escapes_them_and_keeps_the_data(game, tmp_path, capsys):
    if game == "mtg":
        src = _write(tmp_path, mtg_board(HOSTILE, HOSTILE))
        code, out, err = _run(["solve", "--json", src], capsys)
    else:
        data = yaml.safe_load(apoteose_text("esc", ESCAPES, True))
        data["heroes"][0]["name"] = HOSTILE
        src = _write(tmp_path, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        code, out, err = _run(["chain", "--json", src], capsys)
    assert code == 0, err
    assert not RAW.findall(out)
    assert (HOSTILE if game == "mtg" else ESCAPES) in _strings(json.loads(out))  # the data is the same


def _strings(node: Any) -> str:
    """Every string in a JSON value, joined (to look for a value in it)."""
    if isinstance(node, dict):
        return "\n".join(_strings(v) for v in [*node, *node.values()])
    if isinstance(node, list):
        return "\n".join(_strings(v) for v in node)
    return node if isinstance(node, str) else ""


def test_a_real_terminal_gets_no_escape(tmp_path):
    src = _write(tmp_path, mtg_board(HOSTILE, HOSTILE))
    env = {"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"}
    for command in (["solve"], ["explain"]):
        proc = subprocess.run(
            [sys.executable, "-m", "rulekit.cli", *command, src], capture_output=True, env=env, timeout=300
        )
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.decode("utf-8")
        assert b"\x1b" not in proc.stdout and not RAW.findall(out)
        assert "␛]8;;http://evil.example" in out


def test_argument_echoes_are_cleaned_too(tmp_path, capsys):
    code, out, err = _run(["solve", f"missing{ESCAPES}\u202e.yaml"], capsys)
    assert code == 2 and not RAW.findall(err) and err.count("\n") == 1
    with pytest.raises(SystemExit):
        cli.main(["solve", "--ruleset", ESCAPES])  # argparse's own "invalid choice" line
    out, err = capsys.readouterr()
    assert "invalid choice" in err and not RAW.findall(err)
    code, out, err = _run(["cards", "--search", f"zzz{ESCAPES}"], capsys)
    assert code == 0 and "zzz␛[2J" in out and not RAW.findall(out)
    code, out, err = _run(["parse-effect", f"Ativar{HOSTILE}"], capsys)
    assert not RAW.findall(out + err)


def test_the_text_renderers_clean_and_keep_columns_aligned():
    from rulekit.views import mtg as mv
    from rulekit.views.text import explain_text, solve_text

    trace = mtg.solve(mtg.scenario_from_text(mtg_board(HOSTILE, HOSTILE), "h.yaml"))
    for text in (solve_text(trace), explain_text(trace), mv.final_table(trace).to_text()):
        assert not RAW.findall(text)
    table = mv.final_table(trace).to_text().splitlines()
    header, row = table[1], table[3]
    start = header.index("P/T")  # the column after the hostile name starts where its header does
    assert row[start - 2 : start] == "  " and row[start:].startswith("2/2"), (header, row)


def test_the_cleaner_rules():
    assert visible("a\tb\nc") == "a\tb\nc"
    assert visible("\x1b\x07\x7f") == "␛␇␡"
    assert visible("\x9b\u202e\u200b\ufffe\U000e0041") == "\\u009b\\u202e\\u200b\\ufffe\\U000e0041"
    # a joiner or selector between two symbols does a visible job; next to a Latin letter it hides
    assert visible("🧙\u200d♀\ufe0f") == "🧙\u200d♀\ufe0f"
    assert visible("می\u200cخواهم") == "می\u200cخواهم"
    assert visible("Be\u200dars") == "Be\\u200dars" and visible("Ann\ufe0f") == "Ann\\ufe0f"
    for s in (HOSTILE, "🧙\u200d♀\ufe0f", "x\u200d"):
        assert visible(visible(s)) == visible(s) and one_line(one_line(s)) == one_line(s)
    assert (
        "\n" not in one_line("a\nb")
        and json.loads(json_safe(json.dumps(HOSTILE, ensure_ascii=False))) == HOSTILE
    )


# ---- item: look-alike ids and names -----------------------------------------------------------------
def _refusal(text: str) -> str:
    with pytest.raises(ScenarioError) as info:
        mtg.scenario_from_text(text, "board.yaml")
    assert info.value.code == "LOOK_ALIKE"
    return str(info.value)


def test_a_player_name_mixing_scripts_is_refused_where_it_is_written():
    text = mtg_board("Grizzly Bears", "Creatures get +1/+1.", player="\u0410nn")
    message = _refusal(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("players:") or "\u0410nn" in s)
    assert message.startswith(f"board.yaml:{line + 1}: players[0]: the player name 'Аnn'"), message
    assert "U+0410 CYRILLIC CAPITAL LETTER A" in message and "\n" not in message


@pytest.mark.parametrize(
    ("player", "oid", "name", "field"),
    [
        ("Ann\u200b", "bears", "Grizzly Bears", "players[0]"),
        ("Ann", "be\u202ears", "Grizzly Bears", "objects[0].id"),
        ("Ann", "b\u0435ars", "Grizzly Bears", "objects[0].id"),  # Cyrillic е
        ("Ann", "bears", "Grizzly B\u0435ars", "objects[0].name"),
        ("Ann", "bears", "Gr\u0456zzly Bears", "objects[0].name"),  # Ukrainian і
        ("Ann", "bears", "\uff27rizzly Bears", "objects[0].name"),  # fullwidth G
        ("Ann", "bears", "Grizzly Be\u03b1rs", "objects[0].name"),  # Greek α
    ],
)
def test_look_alike_ids_and_names_are_refused(player, oid, name, field):
    message = _refusal(mtg_board(name, "Creatures get +1/+1.", player=player, oid=oid))
    assert f": {field}: " in message, message
    assert not RAW.findall(message)  # the message itself shows the invisible character as a code


@pytest.mark.parametrize(
    ("player", "name"),
    [
        ("Анна", "Медведь Гризли"),  # wholly Cyrillic
        ("Ἀλέξανδρος", "Ὁ Μέγας"),  # wholly Greek, with accents
        ("João", "Ursos-pardos de São Tomé"),  # Portuguese accents
        ("Jose\u0301", "Ann's Медведь"),  # a combining accent; words each in one script
        ("漢字", "漢字のカード Tシャツ"),  # CJK, Katakana after a Latin letter
        ("🧙\u200d♀\ufe0f", "🂡 card 🧙\u200d♀\ufe0f"),  # an emoji ZWJ sequence
        ("علی", "می\u200cخواهم"),  # Persian with its zero-width non-joiner
    ],
)
def test_names_in_one_script_load(player, name):
    sc = mtg.scenario_from_text(mtg_board(name, "x", player=player), "board.yaml")
    assert sc.players[0] == player
    assert mtg.solve(sc).final["bears"].name == name


def test_invisible_characters_in_a_display_name_are_shown_in_tables_and_diagrams():
    from rulekit.views import mtg as mv

    name = "Grizzly\u200b Bears\u202e"
    trace = mtg.solve(mtg.scenario_from_text(mtg_board(name, "x"), "board.yaml"))
    assert "Grizzly\\u200b Bears\\u202e" in mv.final_table(trace).to_text()
    html = mv.final_table(trace).to_html()
    assert "Grizzly\\u200b Bears\\u202e" in html and "\u200b" not in html and "\u202e" not in html
    dot = mv.dependency_dot(trace) + mv.layer_flow_dot(trace)
    assert "\u200b" not in dot and "\u202e" not in dot and "\\\\u200b" in dot


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        ("hero id", "\u0430na", "heroes[0].id"),
        ("hero name", "\u0410na Silva", "heroes[0].name"),
        ("card name", "Po\u00e7\u0430o", "cards[0].name"),
        ("hero id", "a\u200bna", "heroes[0].id"),
    ],
)
def test_apoteose_look_alikes_are_refused(where, value, field):
    from rulekit.apoteose.scenario import load_scenario_text

    data: dict[str, Any] = yaml.safe_load(apoteose_text("plain", "x", False))
    if where == "hero id":
        old = data["heroes"][0]["id"]
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False).replace(old, value)
    else:
        data["heroes" if where == "hero name" else "cards"][0]["name"] = value
        text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    with pytest.raises(RulekitError) as info:
        load_scenario_text(text, "chain.yaml")
    assert info.value.code == "LOOK_ALIKE" and f": {field}: " in str(info.value), str(info.value)


def test_look_alike_reasons():
    assert look_alike("Ann") is None and look_alike("Анна") is None
    assert "Cyrillic" in (look_alike("\u0410nn") or "")
    assert "ZERO WIDTH SPACE" in (look_alike("Ann\u200b") or "")
    assert "RIGHT-TO-LEFT OVERRIDE" in (look_alike("Ann\u202e") or "")
    assert "KELVIN SIGN" in (look_alike("\u212aing") or "")


# ---- item: SVG stays well-formed XML ------------------------------------------------------------------
def test_svg_of_a_name_with_noncharacters_is_well_formed(tmp_path, capsys):
    import xml.etree.ElementTree as ET

    from rulekit.views import render as rv

    name = "Bad \ufffe name \uffff \ud800"
    text = mtg_board("Bad \ufffe name \uffff", "rules \ufffe text")
    trace = mtg.solve(mtg.scenario_from_text(text, "board.yaml"))
    from rulekit.views import mtg as mv

    for dot in (mv.dependency_dot(trace), mv.layer_flow_dot(trace)):
        assert "\ufffe" not in dot and "\uffff" not in dot
    assert "\ud800" not in visible(name)
    if rv.choose_backend(None) == "text":
        pytest.skip("no SVG renderer here")
    src = _write(tmp_path, text)
    svg = tmp_path / "out.svg"
    for extra in ([], ["--flow"]):
        assert cli.main(["diagram", src, "--svg", str(svg), *extra]) == 0, capsys.readouterr().err
        root = ET.parse(svg).getroot()  # well-formed XML
        words = " ".join(t for t in root.itertext())
        assert "\\ufffe" in words and "\\uffff" in words
