"""A scenario's ability written by its text alone is read by the Oracle reader (LANGUAGE.md §11):
read as a continuous effect, kept as plain text, or kept as text with a located warning; the
command line prints the notes on stderr (exit 0), the explorer lists them."""

from __future__ import annotations

import json

import pytest

from rulekit.cli import main
from rulekit.errors import ScenarioError
from rulekit.i18n import translator
from rulekit.mtg import scenario_from_text, solve
from rulekit.mtg.codes import AbilityKind
from rulekit.mtg.textread import TextNote, is_text_only, note_line

LORD = "Other Elf creatures you control get +1/+1 and have forestwalk."
UNREAD = "Creatures you control get +1/+1 for each frobnicated wizard."


def board(*abilities: str, extra: str = "", events: str = "") -> str:
    lines = "".join(f"      - text: {json.dumps(a)}\n" for a in abilities)
    return (
        "game: mtg\nplayers: [Ann, Bo]\nobjects:\n"
        "  - id: lord\n    name: Elvish Lord\n    types: [Creature]\n    subtypes: [Elf]\n"
        "    power: 2\n    toughness: 2\n"
        f"    abilities:\n{lines}"
        "  - id: elf\n    name: Wood Elf\n    types: [Creature]\n    subtypes: [Elf]\n"
        "    power: 1\n    toughness: 1\n" + extra + events
    )


def written_as_data() -> str:
    return board().replace(
        "    abilities:\n",
        "    abilities:\n      - text: x\n        static: {affects: other Elf creatures you control,"
        " modify_pt: {power: 1, toughness: 1}, abilities: {add: [Forestwalk]}}\n",
    )


def test_a_lord_written_by_its_text_solves_as_the_same_lord_written_as_data() -> None:
    by_text = solve(scenario_from_text(board(LORD), "t.yaml"))
    by_data = solve(scenario_from_text(written_as_data(), "d.yaml"))
    elf = by_text.final["elf"]
    assert (elf.power, elf.toughness) == (2, 2) and "Forestwalk" in elf.abilities
    assert by_text.final["elf"] == by_data.final["elf"]
    assert by_text.final["lord"].power == 2  # "other": not itself


def test_the_note_of_a_read_ability_names_its_file_line_field_and_kind() -> None:
    sc = scenario_from_text(board(LORD), "t.yaml")
    [note] = sc.text_notes
    assert (note.status, note.kind, note.file, note.line) == ("read", "static", "t.yaml", 11)
    assert note.field == "objects[0].abilities[0].text" and not note.warning
    assert sc.object("lord").abilities[0].kind == AbilityKind.STATIC


def test_an_activated_ability_and_a_trigger_are_kept_as_plain_text() -> None:
    sc = scenario_from_text(board("{T}: Add {G}.", "When this creature enters, draw a card.", "Flying"))
    assert [n.status for n in sc.text_notes] == ["plain", "plain", "plain"]
    kinds = [a.kind for a in sc.object("lord").abilities]
    assert kinds == [AbilityKind.TEXT, AbilityKind.TEXT, AbilityKind.KEYWORD]
    assert not any(n.warning for n in sc.text_notes)
    assert solve(sc).final["elf"].power == 1  # nothing applies


def test_an_unreadable_continuous_effect_is_a_located_warning_naming_the_phrase() -> None:
    sc = scenario_from_text(board("Flying", UNREAD), "u.yaml")
    note = sc.text_notes[1]
    assert note.warning and note.status == "unread"
    assert (note.file, note.line, note.field) == ("u.yaml", 12, "objects[0].abilities[1].text")
    assert UNREAD[note.position :].startswith("frobnicated") and note.phrase.startswith("frobnicated")
    assert sc.object("lord").abilities[1].kind == AbilityKind.TEXT  # kept as text, never guessed
    assert solve(sc).final["elf"].power == 1
    line = note_line(note, translator("en"))
    assert line.startswith("warning: u.yaml:12: objects[0].abilities[1].text: ")
    assert "'frobnicated wizard.' at position 41" in line


@pytest.mark.parametrize(("lang", "head"), [("pt-BR", "aviso: "), ("es", "aviso: ")])
def test_the_warning_speaks_the_readers_language(lang: str, head: str) -> None:
    [note] = scenario_from_text(board(UNREAD), "u.yaml").text_notes
    line = note_line(note, translator(lang))
    english = note_line(note, translator("en"))
    assert line.startswith(head) and "u.yaml:11" in line and "frobnicated wizard." in line
    assert line.split(": ", 3)[-1] != english.split(": ", 3)[-1]  # the message itself is translated


def test_a_sentence_of_a_read_ability_that_is_not_read_is_a_warning_too() -> None:
    text = "Other creatures you control get +1/+1. It has flying as long as you frobnicate."
    sc = scenario_from_text(board(text), "s.yaml")
    assert [(n.status, n.warning) for n in sc.text_notes] == [("read", False), ("not_read", True)]
    note = sc.text_notes[1]
    assert text[note.position :].startswith("It has flying") and note.line == 11
    assert "sentence at position 39 not read: 'It has flying" in note_line(note, translator("en"))
    assert solve(sc).final["elf"].power == 2  # what was read applies


def test_a_resolving_ability_read_from_its_text_resolves_by_its_number() -> None:
    events = "events:\n  - resolve: {source: lord, ability: '1', targets: [elf]}\n"
    sc = scenario_from_text(board("{1}{G}: Target creature gets +2/+2 until end of turn.", events=events))
    assert [(n.status, n.kind) for n in sc.text_notes] == [("read", "resolves")]
    elf = solve(sc).final["elf"]
    assert (elf.power, elf.toughness) == (3, 3)


def test_a_choice_the_reading_needs_is_asked_of_the_object_as_for_typed_data() -> None:
    text = "Creatures of the chosen color get +1/+1."
    with pytest.raises(ScenarioError) as caught:
        scenario_from_text(board(text), "c.yaml")
    assert caught.value.file == "c.yaml" and "chosen color" in str(caught.value)


def test_the_back_face_of_an_inline_card_is_read_too() -> None:
    extra = (
        "  - id: dfc\n    name: Front\n    types: [Creature]\n    power: 1\n    toughness: 1\n"
        "    face: back\n    back:\n      name: Back Lord\n      types: [Creature]\n"
        "      power: 3\n      toughness: 3\n"
        "      abilities:\n        - text: Other creatures you control get +1/+0.\n"
    )
    sc = scenario_from_text(board("Flying", extra=extra))
    assert [n.field for n in sc.text_notes][-1] == "objects[2].back.abilities[0].text"
    assert solve(sc).final["elf"].power == 2


def test_abilities_with_data_and_library_cards_are_never_read() -> None:
    text = (
        "game: mtg\nplayers: [Ann]\nobjects:\n  - {id: anthem, card: Glorious Anthem}\n"
        "  - id: x\n    name: X\n    types: [Creature]\n    power: 1\n    toughness: 1\n"
        "    abilities:\n      - {text: 'Creatures you control get +5/+5.', enters_with: {+1/+1: 1}}\n"
    )
    sc = scenario_from_text(text)
    assert sc.text_notes == ()
    assert solve(sc).final["x"].power == 2  # the Anthem's data; the text is not read
    assert not is_text_only("Flying") and not is_text_only({"text": "x", "static": {}})


def test_a_meaningful_word_changed_changes_the_board() -> None:
    """A mutation of the typed text (a number, a type, 'other', 'you control') is never read the same."""
    base = solve(scenario_from_text(board(LORD))).final["elf"]
    for old, new in (("+1/+1", "+2/+2"), ("Elf", "Goblin"), ("Other ", ""), (" you control", "")):
        mutated = solve(scenario_from_text(board(LORD.replace(old, new)))).final
        assert (mutated["elf"], mutated["lord"]) != (
            base,
            solve(scenario_from_text(board(LORD))).final["lord"],
        )


def test_a_text_too_long_for_the_reader_is_one_located_error() -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario_from_text(board("Creatures get +1/+1. " * 120), "long.yaml")
    err = caught.value
    assert (err.file, err.line, err.field) == ("long.yaml", 11, "objects[0].abilities[0].text")


def test_hostile_text_in_a_warning_is_one_inert_line() -> None:
    evil = "Creatures get +1/+1 for each \x1b[31mred\u202e wizard."
    [note] = scenario_from_text(board(evil), "h.yaml").text_notes
    line = note_line(note, translator("en"))
    assert "\x1b" not in line and "\u202e" not in line and "\n" not in line


def test_the_notes_are_the_same_every_time() -> None:
    a = [n.to_dict() for n in scenario_from_text(board(LORD, UNREAD), "s.yaml").text_notes]
    b = [n.to_dict() for n in scenario_from_text(board(LORD, UNREAD), "s.yaml").text_notes]
    assert a == b and json.dumps(a)  # plain data
    assert isinstance(TextNote(**{k: v for k, v in a[0].items() if k not in ("warning",)}), TextNote)


def test_the_command_line_prints_each_note_on_stderr_and_exits_0(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "b.yaml"
    path.write_text(board(LORD, "{T}: Add {G}.", UNREAD), encoding="utf-8")
    code = main(["solve", str(path), "--json"])
    out = capsys.readouterr()
    assert code == 0
    assert json.loads(out.out)["objects"]["elf"]["power"] == 2  # stdout: the one JSON object
    lines = out.err.splitlines()
    assert len(lines) == 3 and lines[0].startswith("note: ") and lines[2].startswith("warning: ")
    assert f"{path}:13: objects[0].abilities[2].text" in lines[2]
    assert main(["--lang", "es", "explain", str(path)]) == 0
    assert capsys.readouterr().err.splitlines()[2].startswith("aviso: ")


def test_a_scenario_without_text_abilities_prints_nothing_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "seed/humility-then-gideon"]) == 0
    assert capsys.readouterr().err == ""


def test_the_explorer_lists_the_notes_and_marks_the_warning() -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    x = LayerExplorer(scenario_from_text(board(LORD, UNREAD), "s.yaml"), lang="pt-BR")
    html = x.title_html.value
    assert html.count("<li") == 2 and "rulekit-text-warning" in html and "frobnicated" in html
    assert x.last_exception is None


def test_the_language_doc_example_gives_the_notes_it_shows() -> None:
    """LANGUAGE.md §11.1 stays true: its file (after a two-line head) gives the three lines it prints."""
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    part = doc[doc.index("### 11.1") : doc.index("### 11.2")]
    yaml_block = part.split("```yaml\n", 1)[1].split("```", 1)[0]
    shown = part.split("$ rulekit solve lord.yaml --json > out.json\n", 1)[1].split("```", 1)[0]
    sc = scenario_from_text("game: mtg\nplayers: [Ann]\n" + yaml_block, "lord.yaml")
    assert [note_line(n, translator("en")) for n in sc.text_notes] == shown.strip().splitlines()


def test_what_one_file_has_read_is_bounded() -> None:
    """Reading costs a grammar parse a sentence: past MAX_READ_TEXT_CHARS of text to read, one located
    error (exit 2 on the CLI), at the ability that crosses the bound; nothing is solved half-read."""
    from rulekit import limits

    each = "Creatures you control get +1/+1 for each frobnicated wizard."  # read, then warned
    n = limits.MAX_READ_TEXT_CHARS // len(each) + 1
    with pytest.raises(ScenarioError) as caught:
        scenario_from_text(board(*[each] * n), "big.yaml")
    err = caught.value
    assert err.code == "TOO_MANY" and err.field == f"objects[0].abilities[{n - 1}].text"
    assert err.line == 11 + n - 1
    assert len(scenario_from_text(board(*[each] * (n - 1))).text_notes) == n - 1  # just under: read


def test_library_abilities_written_by_their_text_solve_as_their_data() -> None:
    """Through the loader: a library ability the reader reads as its data, written in a scenario by its text
    alone, solves a small board as the data does (every fifth such ability, in file order: each kind)."""
    import re

    import yaml

    from rulekit.errors import RulekitError
    from rulekit.mtg.loader import library
    from rulekit.mtg.oracle.measure import measure

    keep = ("mana_value", "types", "subtypes", "supertypes", "colors", "power", "toughness", "loyalty")
    choices = {"color": "blue", "creature type": "Bear", "basic land type": "Island", "object": "bears"}

    def final(
        card: str, ability: dict[str, object], c: object
    ) -> tuple[dict[str, object], tuple[TextNote, ...]]:
        kind, spec = c.kind, c.spec  # type: ignore[attr-defined]  # the data's choices: the reading's too
        wanted = set(re.findall(r"\{chosen ([a-z ]+)\}", json.dumps(spec)))
        me = {k: v for k, v in library()[card].items() if k in keep}
        objects = [
            {"id": "me", "name": card, **me, "abilities": [{**ability, "key": "read"}], "controller": "Ann",
             "choices": {k: v for k, v in choices.items() if k in wanted}},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Bo"},
            {"id": "forest", "card": "Forest", "controller": "Ann"},
        ]  # fmt: skip
        events: list[object] = [{"enter": ["me", "bears", "forest"]}]
        if kind == "resolves":
            events.append({"resolve": {"source": "me", "ability": "read", "targets": ["bears"], "x": 2}})
        text = yaml.safe_dump({"game": "mtg", "players": ["Ann", "Bo"], "objects": objects, "events": events})
        sc = scenario_from_text(text, "lib.yaml")
        return {o: v.to_json_dict() for o, v in solve(sc).final.items()}, sc.text_notes

    same = [c for c in measure() if c.same][::5]
    checked = 0
    for c in same:
        try:
            want, _ = final(c.card, {"text": c.text, c.kind: c.spec}, c)
        except RulekitError:
            continue  # a board the loader refuses for the data too (a choice this small board cannot make)
        got, notes = final(c.card, {"text": c.text}, c)
        assert (notes[0].status, notes[0].kind) == ("read", c.kind), c.card
        assert all(n.status == "not_read" for n in notes[1:]), c.card  # a sentence it did not use: a warning
        assert got == want, c.card
        checked += 1
    assert checked >= 50 and {c.kind for c in same} >= {"static", "resolves", "cda"}
