"""BoardBuilder driven through its controls (``.value``, ``.click()``) and its Python API.

After every change the board's export (``to_yaml()``) is read back by the loader and solved afresh:
it must give the trace the builder shows. The expected P/T values come from the seeds and the cards'
printed text, not from the builder.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
mtg = pytest.importorskip("rulekit.mtg")

from .builder_util import assert_round_trip, fresh_builder, pt_of, refused  # noqa: E402


@pytest.fixture
def builder():
    return fresh_builder()


def test_an_empty_builder_has_two_players_and_no_error(builder):
    assert builder.board.player_names() == ["Ann", "Bo"]
    assert builder.scenario.objects == ()
    assert "empty" in builder.board_html.value
    # every list shows a choice, never a blank (a Dropdown cannot show a None value)
    builder.search.value = "humility"  # no ability that resolves
    assert builder.ability.label and builder.ability.value == ""
    assert builder.position.label == "after everything else" == builder.event_position.label
    assert_round_trip(builder)


def test_the_seed_gideon_board_built_with_the_api(builder):
    b = builder
    assert b.add_card("Night of Souls' Betrayal", "Sorin") == "night-of-souls-betrayal"
    assert b.board.player_names() == ["Ann", "Bo", "Sorin"]  # a player added the first time it is named
    b.add_card("Humility", "Sorin")
    gid = b.add_card("Gideon Jura", "Gideon", counters={"loyalty": 6})
    assert b.board.player_names()[-1] == "Gideon"
    assert_round_trip(b)
    eff = b.add_resolution(gid, "0")
    assert eff == "gideon-jura.0" and b.error.value == ""
    assert pt_of(b.final_html.value, "Gideon Jura") == "5/5"  # seed 002: Gideon Jura is 5/5
    assert_round_trip(b)
    b.move(gid + ".0", up=True)  # the resolution moves like any event
    assert [ev for _k, ev in b.board.events][2] == {"resolve": {"source": gid, "ability": "0", "id": eff}}
    assert_round_trip(b)
    b.undo()
    # Humility after Gideon's ability: seed 002's other order, 1/1 then -1/-1: 0/0
    b.move("humility", up=False)
    b.move("humility", up=False)
    assert [e.id for e in sorted(b.trace.effects, key=lambda e: e.timestamp)][-1] == "humility"
    assert pt_of(b.final_html.value, "Gideon Jura") == "0/0"
    assert_round_trip(b)


def test_the_seed_shackles_board_needs_a_tap_event(builder):
    b = builder
    shackles = b.add_card("Vedalken Shackles", "Tezzeret")
    for _ in range(5):
        b.add_card("Island", "Tezzeret")
    seeker = b.add_card("Chained Throatseeker", "Tezzeret")
    sower = b.add_card("Sower of Temptation", "Jace")
    b.add_resolution(sower, "etb", targets=[seeker])
    assert b.trace.final[seeker].controller == "Jace"
    b.add_event("tap", shackles)
    b.add_resolution(shackles, "steal", targets=[seeker])
    assert b.error.value == ""
    assert b.trace.final[seeker].controller == "Tezzeret"  # seed 002: Tezzeret keeps it
    assert_round_trip(b)
    b.add_event("untap", shackles)  # "for as long as Vedalken Shackles remains tapped" ends
    assert b.trace.final[seeker].controller == "Jace"
    assert_round_trip(b)


def test_building_through_the_controls(builder, tmp_path):
    b = builder
    b.search.value = "grizzly"
    assert b.results.value == "Grizzly Bears"
    assert "Creature — Bear" in b.preview_html.value and "2/2" in b.preview_html.value
    b.add_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "2/2"
    assert_round_trip(b)
    b.search.value = "creatures you control get +1/+1"  # searching the rules text
    assert "Glorious Anthem" in [v for _l, v in b.results.options]
    b.results.value = "Glorious Anthem"
    b.player.value = "Ann"
    b.add_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "3/3"
    assert_round_trip(b)
    # Giant Growth from the library, targeting the bears
    b.search.value = "giant growth"
    assert b.ability.value == ("card", "Giant Growth", "cast")
    b.targets.value = ("grizzly-bears",)
    b.resolve_button.click()
    assert b.error.value == "", b.error.value
    assert pt_of(b.final_html.value, "Grizzly Bears") == "6/6"
    assert b.board.obj("giant-growth")["zone"] == "graveyard"
    assert_round_trip(b)
    # end of turn: Giant Growth ends
    b.event_kind.value = "end_of_turn"
    b.add_event_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "3/3"
    assert_round_trip(b)
    # remove the anthem through the board list
    key = next(v for label, v in b.board_list.options if "Glorious Anthem" in label)
    b.board_list.value = key
    b.remove_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "2/2"
    assert_round_trip(b)
    b.undo_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "3/3"
    assert_round_trip(b)
    # the ruleset switch
    b.ruleset.value = "current"
    assert b.trace.ruleset == "current"
    assert_round_trip(b)
    # save, then the CLI reads the same trace back
    b.save_path.value = str(tmp_path / "board.yaml")
    b.save_button.click()
    assert "Saved" in b.status_html.value
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulekit.cli",
            "solve",
            str(tmp_path / "board.yaml"),
            "--json",
            "--ruleset",
            "current",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == json.loads(b.trace.to_json())
    b.reset_button.click()
    assert b.board.objects == [] and b.error.value == ""
    b.undo_button.click()  # reset is undoable
    assert len(b.board.objects) == 3


def test_counters_tapped_face_down_and_attached(builder):
    b = builder
    b.search.value = "grizzly"
    b.counters.value = "+1/+1: 2"
    b.tapped.value = True
    b.add_button.click()
    assert pt_of(b.final_html.value, "Grizzly Bears") == "4/4"
    assert b.scenario.object("grizzly-bears").tapped
    b.counters.value = ""
    b.tapped.value = False
    b.search.value = "Control Magic"
    b.player.value = "Bo"
    b.attach.value = "grizzly-bears"
    b.add_button.click()
    assert b.error.value == "", b.error.value
    assert b.trace.final["grizzly-bears"].controller == "Bo"  # "You control enchanted creature."
    assert_round_trip(b)
    b.attach.value = ""
    b.search.value = "grizzly"
    b.face_down.value = True
    b.add_button.click()
    face_down = b.board.objects[-1]["id"]
    assert b.trace.final[face_down].pt == "2/2" and not b.trace.final[face_down].name  # 708.2
    assert_round_trip(b)
    # removing the bears removes what needs them: Control Magic stays, unattached
    b.remove("grizzly-bears")
    assert b.error.value == "" and "attached_to" not in b.board.obj("control-magic")
    assert_round_trip(b)


def test_the_custom_form_checks_as_you_type(builder):
    b = builder
    b.add_card("Llanowar Elves") if "Llanowar Elves" in mtg.list_cards() else b.add_custom(
        "Elvish Mystic", types="Creature", subtypes="Elf Druid", colors=["green"], power=1, toughness=1
    )
    elf = b.board.objects[-1]["id"]
    b.c_name.value = "Elvish Champion"
    b.c_subtypes.value = "Elf"
    b.c_colors["green"].value = True
    b.c_power.value = "2"
    b.c_toughness.value = "2"
    b.c_keywords.value = "Forestwalk"
    b.c_effect.value = "affects: other Elf creatures\nmodify_pt: {power: 1, toughnes: 1}"
    assert "effect text:2: modify_pt.toughnes" in b.c_status.value
    assert "did you mean &#x27;toughness&#x27;" in b.c_status.value
    b.c_effect.value = "affects: other Elf creaturs\nmodify_pt: {power: 1, toughness: 1}"
    assert "effect text:1: affects" in b.c_status.value
    b.c_effect.value = "affects: other Elf creatures\nmodify_pt: {power: 1, toughness: 1}"
    assert "reads well" in b.c_status.value
    b.c_keywords.value = "Flyng"
    assert "did you mean &#x27;Flying&#x27;" in b.c_status.value
    b.c_keywords.value = "Forestwalk"
    b.c_types.value = "Creture"
    assert "Types:" in b.c_status.value and "Creature" in b.c_status.value
    b.c_types.value = "Creature"
    b.c_add.click()
    assert b.error.value == "", b.error.value
    champion = b.board.objects[-1]
    assert champion["name"] == "Elvish Champion" and "Forestwalk" in champion["abilities"]
    before = mtg.solve(mtg.scenario_from_text(b.to_yaml())).final[elf]
    assert b.trace.final[elf].power == before.power
    base = (b.scenario.object(elf).power, b.scenario.object(elf).toughness)
    assert (b.trace.final[elf].power, b.trace.final[elf].toughness) == (base[0] + 1, base[1] + 1)
    assert b.trace.final[champion["id"]].pt == "2/2"  # "other"
    assert_round_trip(b)


def test_a_custom_resolving_ability_and_x(builder):
    b = builder
    bears = b.add_card("Grizzly Bears")
    pump = b.add_custom(
        "Pump Spell",
        types="Instant",
        effect={"affects": "targets", "duration": "until end of turn", "modify_pt": {"power": "X"}},
        kind="resolves",
        zone="graveyard",
    )
    assert b.error.value == "", b.error.value
    b.add_resolution(pump, "effect", targets=[bears], x=3)
    assert pt_of(b.final_html.value, "Grizzly Bears") == "5/2"
    assert_round_trip(b)
    assert refused(b.add_resolution, pump, "effect", targets=[bears], x="three") is None
    assert "X must be a whole number" in b.error.value
    assert_round_trip(b)


def test_resolutions_go_where_they_are_asked(builder):
    b = builder
    bears = b.add_card("Grizzly Bears")
    b.add_card("Humility")
    b.add_resolution("Giant Growth", targets=[bears], at=1)  # before Humility: still 1/1 after 7b
    first = [k for k, _ev in b.board.events]
    assert b.board.events[1][1]["resolve"]["ability"] == "cast"
    assert pt_of(b.final_html.value, "Grizzly Bears") == "4/4"  # 7b 1/1 then 7c +3/+3
    b.position.value = -1  # after everything else
    assert_round_trip(b)
    b.move("giant-growth.cast", up=True)
    assert [k for k, _ev in b.board.events] == [first[1], first[0], first[2]]
    b.move("giant-growth.cast", up=True)  # at the top already: nothing changes
    assert [k for k, _ev in b.board.events] == [first[1], first[0], first[2]]
    assert b.error.value == ""
    assert_round_trip(b)


def test_refused_changes_show_a_message_and_change_nothing(builder):
    b = builder
    b.add_card("Grizzly Bears")
    text = b.to_yaml()
    assert refused(b.add_card, "Grizly Bears") is None
    assert "did you mean &#x27;Grizzly Bears&#x27;" in b.error.value
    assert refused(b.add_card, "Grizzly Bears", zone="gravyard") is None and "graveyard" in b.error.value
    assert (
        refused(b.add_card, "Grizzly Bears", colour="red") is None
        and "not something add_card sets" in b.error.value
    )
    assert refused(b.add_resolution, "grizzly-bears") is None and "no ability that resolves" in b.error.value
    assert refused(b.add_resolution, "Gideon Jura") is None and "say which" in b.error.value
    assert b.to_yaml().count("Gideon") == 0  # nothing half-applied
    assert (
        refused(b.add_resolution, "Giant Growth", "cats") is None
        and "did you mean &#x27;cast&#x27;" in b.error.value
    )
    assert refused(b.remove, "nothing-here") is None and "nothing on the board" in b.error.value
    assert (
        refused(b.add_card, "Painter's Servant") is None and "choice" in b.error.value
    )  # the loader's own message
    b.move("grizzly-bears", up=True)  # first already: no change, no error
    assert b.to_yaml() == text
    b.add_card("Giant Growth", zone="graveyard")
    assert refused(b.move, "giant-growth") is None and "not in the order of events" in b.error.value
    b.board_list.value = None
    b.move_up.click()
    assert "pick something" in b.error.value
    b.undo()
    b.undo()
    b.undo()
    assert "nothing to undo" in b.status_html.value
    b.add_card("Grizzly Bears")
    assert b.error.value == ""  # a good change clears the message


def test_painters_servant_with_a_choice(builder):
    b = builder
    b.search.value = "Painter"
    b.choices.value = "color: blue"
    b.add_button.click()
    bears = b.add_card("Grizzly Bears")
    assert "blue" in b.trace.final[bears].colors
    assert_round_trip(b)


@pytest.mark.parametrize("name", mtg.list_scenarios() if hasattr(mtg, "list_scenarios") else [])
def test_starting_from_every_builtin_scenario_gives_its_trace(name):
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(name)
    assert b.error.value == "", b.error.value
    assert b.trace == mtg.solve(name)
    assert_round_trip(b)


def test_starting_from_a_loaded_scenario():
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(mtg.load_scenario("seed/humility-then-gideon"))
    assert b.error.value == "", b.error.value
    assert pt_of(b.final_html.value, "Gideon Jura") == "5/5"
    edited = BoardBuilder(mtg.without(mtg.load_scenario("seed/humility-then-gideon"), "night"))
    assert "name or path" in edited.error.value  # an edited copy is not its file any more


def test_hostile_strings_are_escaped(builder):
    b = builder
    evil = "<img src=x onerror=alert(1)>"
    b.add_card("Grizzly Bears", evil)
    assert b.error.value == "", b.error.value
    b.show_yaml.value = True
    assert evil not in b.yaml_html.value and "&lt;img" in b.yaml_html.value
    b.search.value = evil
    assert evil not in b.preview_html.value
    b.c_name.value = evil
    b.c_types.value = evil
    assert evil not in b.c_status.value
    refused(b.add_card, evil)
    assert evil not in b.error.value and "&lt;img" in b.error.value
    b.c_effect.value = "x" * 5000
    assert "too long" in b.c_status.value
    bomb = "abilities:\n  add: &a [Flying, Flying]\n  remove: *a\n"
    b.c_name.value = "Bomb"
    b.c_types.value = "Creature"
    b.c_effect.value = bomb
    assert "effect text:2" in b.c_status.value and "aliases" in b.c_status.value
    assert refused(b.add_custom, "Bomb", effect=bomb) is None and "aliases" in b.error.value
    assert_round_trip(b)


def test_lang_and_scale_are_checked():
    from rulekit.widgets import BoardBuilder

    assert BoardBuilder(lang="pt-BR").error.value == ""
    bad = BoardBuilder(lang="tlh")
    assert "lang must be one of" in bad.error.value and bad.lang == "en"
    big = BoardBuilder(scale=1.5)
    big.add_card("Grizzly Bears")
    assert "font-size:150%" in big.final_html.value
    big.text_size.value = 2.0
    assert "font-size:200%" in big.final_html.value and "font-size:200%" in big.preview_html.value
    assert BoardBuilder(scale="huge").error.value != ""


def test_the_embedded_explorer_speaks_the_builders_language():
    """The tables, step sentence and ruleset control the builder shows come from its explorer, in ``lang``."""
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang="pt-BR")
    b.add_card("Glorious Anthem")
    b.add_card("Grizzly Bears")
    assert b.view.lang == "pt-BR"
    assert "Características finais" in b.final_html.value and "selo temporal" in b.layers_html.value
    assert "Final characteristics" not in b.final_html.value
    en = BoardBuilder()
    en.add_card("Glorious Anthem")
    assert "Final characteristics" in en.final_html.value


def test_every_control_is_labelled(builder):
    unlabelled = [
        type(c).__name__ for c in builder._controls() if not (getattr(c, "description", "") or "").strip()
    ]
    assert unlabelled == []


def test_save_adds_the_yaml_suffix(builder, tmp_path):
    builder.add_card("Grizzly Bears")
    path = builder.save(tmp_path / "board")
    assert path.endswith("board.yaml") and Path(path).read_text(encoding="utf-8") == builder.to_yaml()
    assert mtg.solve(mtg.load_scenario(path)) == builder.trace


def test_the_export_is_deterministic(builder):
    from rulekit.widgets import BoardBuilder

    other = BoardBuilder()
    for b in (builder, other):
        b.add_card("Grizzly Bears", counters="+1/+1: 1")
        b.add_card("Glorious Anthem", "Bo")
        b.add_resolution("Giant Growth", targets=["grizzly-bears"])
    assert builder.to_yaml() == other.to_yaml()
    assert builder.to_yaml().startswith("# A board built with rulekit")


def test_the_lesson_boards_give_what_the_rules_say():
    """Lesson 06's "Bring your own board": the three boards, run from the lesson source itself."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "tools"))
    try:
        import build_lessons
    finally:
        sys.path.pop(0)
    text = (root / "tools" / "lesson_src" / "06-practice.md").read_text(encoding="utf-8")
    part = text[text.index("## Bring your own board") : text.index("## Summary")]
    ns: dict[str, object] = {}
    exec("from rulekit.widgets import PredictionCheck", ns)
    for cell in build_lessons.parse_source(part):
        if cell["cell_type"] == "code":
            exec(compile(cell["source"], "06-practice.md", "exec"), ns)
    boards = {name: ns[name] for name in ("board1", "board2", "board3")}
    for b in boards.values():
        assert b.error.value == "", b.error.value  # type: ignore[attr-defined]
        assert_round_trip(b)
    # 7c King +1/+1 (3/2), 7d counter (4/3), then the switch: 3/4
    assert boards["board1"].trace.final["goblin-piker"].pt == "3/4"  # type: ignore[attr-defined]
    # Turn to Frog removes the King's ability first (613.8a dependency): the Piker is as printed
    assert boards["board2"].trace.final["goblin-piker"].pt == "2/1"  # type: ignore[attr-defined]
    # Mutavault 2/2 with all creature types: the Anthem and Bo's Goblin King each give +1/+1
    assert boards["board3"].trace.final["mutavault"].pt == "4/4"  # type: ignore[attr-defined]


def test_every_visible_string_is_in_the_one_table():
    """Every ``_t("key")`` the builder uses has its entry in ``TEXT`` (the table translators wrap)."""
    import rulekit.widgets.builder as mod

    source = Path(mod.__file__).read_text(encoding="utf-8")
    used = set(__import__("re").findall(r'_t\(\s*"([a-z_]+)"', source))
    assert used and used <= set(mod.TEXT), sorted(used - set(mod.TEXT))
    for kind in ("ev_kind", "zone", "color"):
        assert any(k.startswith(kind + "_") for k in mod.TEXT)


def _lesson_and_builtin_scenarios() -> list[Path]:
    from rulekit.mtg.loader import list_builtin, scenario_root

    root = Path(__file__).resolve().parents[2]
    return [scenario_root() / f"{n}.yaml" for n in list_builtin("mtg")] + sorted(
        (root / "lessons" / "scenarios").glob("*.yaml")
    )


def _rebuild(b, raw: dict) -> None:
    """Build the scenario ``raw`` with the builder's API only, the way a learner clicks it together."""
    objects = {o["id"]: o for o in raw.get("objects") or []}
    keys: dict[str, dict[str, str]] = {}  # object -> its ability keys as the builder names them
    added: set[str] = set()

    def add(oid: str, face: str | None = None) -> None:
        o = objects[oid]
        fields = {
            k: o[k]
            for k in ("counters", "tapped", "face_down", "face", "attached_to", "choices", "owner")
            if k in o
        }
        if face:  # {enter: id, face: back} (712.14a)
            fields["face"] = face
        if o.get("card"):
            got = b.add_card(o["card"], o.get("controller"), o.get("zone", "battlefield"), id=oid, **fields)
        else:
            effects = [a for a in o.get("abilities") or [] if isinstance(a, dict)]
            assert len(effects) <= 1, "the form makes cards with one effect"
            eff = effects[0] if effects else {}
            kind = next((k for k in ("static", "resolves", "cda") if k in eff), "static")
            got = b.add_custom(
                o["name"],
                types=[*(o.get("supertypes") or []), *(o.get("types") or [])],
                subtypes=o.get("subtypes") or [],
                colors=o.get("colors") or [],
                power=o.get("power"),
                toughness=o.get("toughness"),
                keywords=[a for a in o.get("abilities") or [] if isinstance(a, str)],
                effect=eff.get(kind),
                kind=kind,
                text=eff.get("text", ""),
                controller=o.get("controller"),
                zone=o.get("zone", "battlefield"),
                id=oid,
                **fields,
            )
            if kind == "resolves":
                keys[oid] = {str(eff.get("key", "1")): "effect"}
        assert got == oid, b.error.value
        added.add(oid)

    for player in raw.get("players") or []:  # the file's players first ("Bob" beside "Bo" is asked about)
        b.add_player(player if isinstance(player, str) else player["name"])
    entering = {o for ev in raw.get("events") or [] if isinstance(ev, dict) for o in _entered(ev)}
    for oid in objects:  # objects that do not enter through an event come first
        if oid not in entering:
            add(oid)
    for ev in raw.get("events") or []:
        if isinstance(ev, str):
            assert b.add_event(ev) is not None, b.error.value
        elif "enter" in ev:
            for oid in _entered(ev):
                if objects[oid].get("zone", "battlefield") == "battlefield":
                    add(oid, ev.get("face"))
                else:  # a card in the hand (say) that enters later: added there, then its event
                    add(oid)
                    assert b.add_event("enter", oid, face=ev.get("face")) is not None, b.error.value
        elif "resolve" in ev:
            r = ev["resolve"]
            ability = keys.get(r["source"], {}).get(str(r["ability"]), str(r["ability"]))
            got = b.add_resolution(
                r["source"], ability, targets=r.get("targets", ()), x=r.get("x"), choices=r.get("choices")
            )
            assert got is not None, b.error.value
        else:
            kind, what = next(iter(ev.items()))
            oid = what if isinstance(what, str) else what["object"]
            to = None if isinstance(what, str) else what.get("to")
            assert b.add_event(kind, oid, to) is not None, b.error.value


def _entered(ev: dict) -> list[str]:
    val = ev.get("enter")
    return [] if val is None else [val] if isinstance(val, str) else list(val)


@pytest.mark.parametrize("path", _lesson_and_builtin_scenarios(), ids=lambda p: p.stem)
def test_every_lesson_board_can_be_built_without_yaml(path):
    """Every board of the lessons, built with the API from the library (and the
    form), gives the final characteristics the scenario file gives."""
    import yaml

    from rulekit.widgets import BoardBuilder

    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    b = BoardBuilder()
    _rebuild(b, raw)
    want = mtg.solve(mtg.load_scenario(path)).final
    got = b.trace.final
    for oid, view in want.items():
        mine = got[oid]
        assert (mine.name, mine.controller, mine.zone, mine.types, mine.subtypes, mine.colors, mine.pt) == (
            view.name,
            view.controller,
            view.zone,
            view.types,
            view.subtypes,
            view.colors,
            view.pt,
        ), oid
    assert_round_trip(b)


def test_the_card_fields_and_kinds_come_from_one_table(builder):
    """custom_object's signature is the one list of a custom card's fields: add_custom, the form and
    the kinds dropdown follow it (and the schema's), so a field cannot be added in one place only."""
    import inspect

    from rulekit.mtg.schema import AbilityModel, ObjectModel, ResolveModel
    from rulekit.mtg.vocab import EFFECT_KINDS
    from rulekit.widgets import BoardBuilder
    from rulekit.widgets import builder as bmod

    params = inspect.signature(BoardBuilder.custom_object).parameters.values()
    card = [p.name for p in params if p.kind == p.POSITIONAL_OR_KEYWORD]
    assert card == ["self", "name", *bmod.CUSTOM_FIELDS]
    assert [p.name for p in params if p.kind == p.KEYWORD_ONLY] == ["choices"]  # add_card's, checked with
    adding = inspect.signature(BoardBuilder.add_custom).parameters
    assert list(adding)[: len(card)] == card and {"controller", "zone", "fields"} <= set(adding)
    assert set(builder._custom_fields()) == {"name", *bmod.CUSTOM_FIELDS}
    assert [v for _label, v in builder.c_kind.options] == list(EFFECT_KINDS)
    assert set(EFFECT_KINDS) <= set(AbilityModel.model_fields)
    # the export's key orders name every field the loader's models know
    assert set(bmod.OBJECT_KEYS) == set(ObjectModel.model_fields)
    assert set(bmod.RESOLVE_KEYS) == set(ResolveModel.model_fields)

    # positional card fields, then add_card's settings by name, as before
    wall_id = builder.add_custom("Wall", "Creature", "Wall", ["white"], 0, 4, controller="Bo", tapped=True)
    wall = builder.board.obj(wall_id)
    assert wall is not None and wall["controller"] == "Bo" and wall["tapped"] is True
    assert (wall["subtypes"], wall["power"], wall["toughness"]) == (["Wall"], 0, 4)
    assert refused(builder.add_custom, "Bad", bogus=1) is None and "bogus" in builder.error.value
    assert_round_trip(builder)


def test_a_card_the_library_lacks_takes_the_forms_choices(builder):
    """The "Add" button of a card the library lacks passes the "Choices" field too, as the
    library card's button does, and the live check reads them (an "as it enters, choose a
    color" card made by hand); without them the check says which choice it needs."""
    b = builder
    b.c_name.value = "Hand-made Painter"
    b.c_types.value = "Artifact Creature"
    b.c_power.value = "1"
    b.c_toughness.value = "3"
    b.c_effect.value = 'affects: all permanents\ncolor: {set: ["{chosen color}"]}'
    assert "needs a choice" in b.c_status.value
    b.choices.value = "color: blue"
    assert "reads well" in b.c_status.value, b.c_status.value
    b.c_add.click()
    assert b.error.value == "", b.error.value
    made = b.board.objects[-1]
    assert made.get("choices") == {"color": "blue"}
    bears = b.add_card("Grizzly Bears")
    assert b.trace.final[bears].colors == ("blue",)
    assert_round_trip(b)


def test_add_custom_takes_choices_by_name(builder):
    b = builder
    oid = b.add_custom(
        "Hand-made Painter",
        types="Artifact Creature",
        power=1,
        toughness=3,
        effect={"affects": "all permanents", "color": {"set": ["{chosen color}"]}},
        choices="color: red",
    )
    assert b.board.objects[-1]["id"] == oid and b.board.objects[-1]["choices"] == {"color": "red"}


def test_a_board_keeps_its_range_of_influence(tmp_path):
    """801: a scenario's limited range of influence survives the builder (loaded, written back)."""
    from rulekit.widgets.builder import board_from_source, board_yaml

    path = tmp_path / "table.yaml"
    path.write_text(
        "game: mtg\nplayers: [Ann, Bo, Cy, Dee]\nrange_of_influence: 1\n"
        "objects:\n  - {id: miser, card: Gnat Miser, controller: Ann}\n",
        encoding="utf-8",
    )
    text = board_yaml(board_from_source(path))
    assert "range_of_influence: 1" in text
    t = mtg.solve(mtg.scenario_from_text(text, "table.yaml"))
    assert t.rules["max_hand_size"]["Cy"] == 7 and t.rules["max_hand_size"]["Bo"] == 6
