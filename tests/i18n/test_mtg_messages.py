"""Every code the MTG engine records has one message, in every language; the
trace holds no English; grammar goes through the catalogue; built-in scenarios speak every language."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.i18n import complete_languages, translated_languages, translator
from rulekit.mtg import messages

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = list(translated_languages())


def _tables() -> dict[str, dict[str, str]]:
    return {
        name: value
        for name, value in vars(messages).items()
        if name.isupper() and isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
    }


def _contexts() -> dict[str, str | None]:
    """The msgctxt each table's messages are looked up with (``None``: no context)."""
    return {
        "DEPENDENCY_KIND": "dependency kind",
        "ZONE": "zone",
        "ZONE_IN": "in zone",
        "LABEL": "effect label",
        "CHOICE": "choice",
        "EDITION_SHORT": "edition",
        "EDITION_BUTTON": "edition button",
        "WHY_CODE": "why",
        "UNTIL": "until",
    }


@pytest.mark.parametrize("lang", ["pt_BR", "es"])
def test_every_mtg_message_is_translated(lang: str) -> None:
    babel = pytest.importorskip("babel.messages.pofile")
    with (ROOT / "rulekit" / "locale" / lang / "LC_MESSAGES" / "rulekit.po").open("rb") as fh:
        catalog = babel.read_po(fh)
    have = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m.string for m in catalog if m.id}
    contexts = _contexts()
    missing = []
    for name, table in _tables().items():
        for code, msgid in table.items():
            text = have.get((msgid, contexts.get(name)))
            if not text or (isinstance(text, tuple) and not all(text)):
                missing.append(f"{name}[{code!r}] = {msgid!r}")
    assert not missing, f"{lang}: no translation for " + "; ".join(missing)


def _traces():
    for name in mtg.list_scenarios():
        for ruleset in ("seed", "current"):
            yield mtg.solve(name, ruleset=ruleset)
    from rulekit.mtg.generate import random_scenario_text

    for seed in range(40):
        try:
            yield mtg.solve(mtg.scenario_from_text(random_scenario_text(seed), f"random-{seed}.yaml"))
        except Exception:  # noqa: BLE001, S112 - a random board the loader refuses is not this test's business
            continue


def test_every_code_the_engine_records_has_a_message() -> None:
    """Walk every built-in (both editions) and random boards: each recorded code is one the message
    module knows, and renders to words (not to the code itself) in every language."""
    seen: dict[str, set[str]] = {key: set() for key in messages.CODES}
    for trace in _traces():
        for d in trace.dependencies:
            seen["Dependency.kind"].add(d.kind)
        for e in trace.effects:
            seen["EffectInfo.origin"].add(e.origin)
            if e.note_code:
                seen["EffectInfo.note_code"].add(e.note_code)
                until = dict(e.note_params).get("until")
                if until:
                    seen["until"].add(str(until))
            if e.name_code:
                seen["EffectInfo.name_code"].add(e.name_code)
        for s in trace.steps:
            seen["Step.why"].add(s.why)
    for where, codes in seen.items():
        assert codes <= set(messages.CODES[where]), (where, codes - set(messages.CODES[where]))
    assert seen["Dependency.kind"] and seen["EffectInfo.note_code"] and seen["Step.why"]
    for lang in TRANSLATED:
        t = translator(lang)
        for kind in messages.CODES["Dependency.kind"]:
            assert messages.dependency_kind(kind, t) != kind.replace("_", " ") or kind == "text", (lang, kind)
        for why in messages.CODES["Step.why"]:
            assert messages.why_code_text(why, t) not in ("", why) or why in ("cda", "loop"), (lang, why)
        for origin in messages.CODES["EffectInfo.origin"]:
            assert messages.origin_text(origin, t) != origin or origin == "cda", (lang, origin)
        for until in messages.CODES["until"]:
            assert messages.until_text({"until": until, "player": "Ann"}, t) != until, (lang, until)


def test_the_trace_holds_no_english_sentence() -> None:
    """A dependency and a note are codes with parameters; their English is made when read."""
    from dataclasses import fields

    from rulekit.mtg.trace import Dependency, EffectInfo

    assert "reason" not in {f.name for f in fields(Dependency)}
    assert "note" not in {f.name for f in fields(EffectInfo)}
    trace = mtg.solve("classic/blood-moon-then-urborg")
    d = trace.dependencies[0]
    assert d.reason == messages.dependency_text(d.kind, d.params)
    assert messages.dependency_text(d.kind, d.params, "pt-BR") != d.reason


def test_an_ended_duration_is_a_code() -> None:
    """611.2a / 514.2: "until end of turn" ended at the end_of_turn event; the note says when as a code."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bears, card: Grizzly Bears}
      - {id: growth, card: Giant Growth, zone: stack}
    events:
      - resolve: {source: growth, ability: cast, targets: [bears]}
      - end_of_turn: true
    """
    try:
        trace = mtg.solve(mtg.scenario_from_text(textwrap.dedent(text), "eot.yaml"))
    except Exception as exc:  # noqa: BLE001
        pytest.skip(f"Giant Growth is not in this library: {exc}")
    e = next(e for e in trace.effects if e.note_code == "ended")
    assert dict(e.note_params)["until"] == "end_of_turn"
    assert e.note == "ended at end of turn"
    assert messages.note_text(e.note_code, e.note_params, "pt-BR") == "terminou no final do turno"
    assert messages.note_text(e.note_code, e.note_params, "es") == "terminó al final del turno"


def test_plurals_and_agreement_go_through_the_catalogue() -> None:
    from rulekit.views.mtg import fmt_value
    from rulekit.views.reasons import explain_step

    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bears, card: Grizzly Bears}
      - {id: anthem, card: Glorious Anthem}
    """
    one = mtg.solve(mtg.scenario_from_text(textwrap.dedent(text), "one.yaml"))
    assert len(one.steps) == 1
    assert "1 parte de efeito vai se aplicar" in explain_step(one, 0, "pt-BR")
    assert "Se aplicará 1 parte de efecto" in explain_step(one, 0, "es")
    many = mtg.solve("seed/humility-then-gideon")
    assert f"{len(many.steps)} partes de efeitos vão se aplicar" in explain_step(many, 0, "pt-BR")
    assert fmt_value((), "abilities", "pt-BR") == "nenhuma" and fmt_value((), "types", "pt-BR") == "nenhum"
    assert messages.names(list("ABCDEF"), 6, "pt-BR") == "A, B, C, D, mais 2"


def test_contractions_come_from_the_registry() -> None:
    t = translator("pt-BR")
    assert t.contract("holofote em o jogo") == "holofote no jogo"
    assert t.contract("pago por a carta") == "pago pela carta"
    assert translator("es").contract("responde a el daño") == "responde al daño"


def test_builtin_descriptions_are_given_in_every_language() -> None:
    for name in mtg.list_scenarios():
        sc = mtg.load_scenario(name)
        given = dict(sc.descriptions)
        assert set(given) == set(complete_languages()), name
        assert sc.description == given["en"] and sc.description_in("pt-BR") == given["pt-BR"]
        assert len({given[c] for c in given}) == len(given), name  # each really translated


def test_a_user_file_in_one_language_falls_back_to_it(tmp_path) -> None:
    text = "game: mtg\nplayers: [Ann]\ndescription: Só em português\nobjects: [{id: b, card: Grizzly Bears}]"
    sc = mtg.scenario_from_text(text, "mine.yaml")
    assert sc.description_in("es") == sc.description_in("en") == "Só em português"
    text = "game: mtg\nplayers: [Ann]\ndescription: {pt-BR: Só em português}\nobjects: []\n"
    sc = mtg.scenario_from_text(text, "mine.yaml")
    assert sc.description_in("es") == "Só em português"


def test_a_description_in_an_unknown_language_is_one_located_line() -> None:
    from rulekit.errors import RulekitError

    text = "game: mtg\nplayers: [Ann]\ndescription:\n  en: Two bears\n  pt-PT: Dois ursos\nobjects: []\n"
    with pytest.raises(RulekitError) as info:
        mtg.scenario_from_text(text, "mine.yaml")
    message = str(info.value)
    assert "mine.yaml:5" in message and "description" in message and "pt-BR" in message
    assert "\n" not in message


def test_the_explorer_shows_the_description_in_its_language() -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", lang="pt-BR", backend="text")
    assert "Sorin controla Humility" in ex.title_html.value
    assert "edição-base" in str(ex.ruleset.options) and ex.ruleset.value == "seed"
    ex = LayerExplorer("seed/sower-then-shackles", lang="es", backend="text")
    assert "Sower of Temptation: al entrar" in str([cb.description for cb in ex.effect_boxes.values()])
