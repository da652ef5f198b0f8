"""Apoteose side: a pseudo-locale, the standard check that nothing bypasses the catalogue.

A generated language (``qps-ploc``) whose every message is bracketed and accented
(``⟦Çháíń łóg — {scenario}⟧``) is registered for the test; every built-in Apoteose scenario is rendered in it
through ``rulekit chain``'s renderer, the chain log, the stack and the chain diagram at every event, and the
ChainExplorer at every decision point and every event. Any visible run of letters left outside the brackets
that is not data (hero and card ids and names, the cards' texts, Apoteose keywords in capitals, ids, numbers,
rule ids) fails: it is a word that did not go through the catalogue. (The scenarios' titles and
descriptions are data given per language, checked in ``tests/apoteose/test_scenario_languages.py``; a
pseudo-locale has none of its own.)
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

import pytest

from rulekit import i18n
from rulekit.apoteose import list_scenarios, load_scenario, run_chain
from rulekit.views import chain as V

PSEUDO = "qps-ploc"
POT = Path(i18n.__file__).resolve().parent / "locale" / "rulekit.pot"
_ACCENTS = str.maketrans("aeiouAEIOUnNcClLsSzZ", "áéíóúÅÉÍÓÚńŃçÇłŁšŠžŽ")
_FIELD = re.compile(r"(\{[^{}]*\}|\\n|\n)")


def pseudo(message: str) -> str:
    """``message`` accented and bracketed, its placeholders kept *outside* the brackets, so that a value
    filled in is checked too (a word passed as a value without its own message shows):
    ``"Chain — {s}"`` → ``"⟦Çháíń — ⟧{s}⟦⟧"``."""
    parts = _FIELD.split(message)
    out = "".join(
        (f"⟧{p}⟦" if p.startswith("{") else p) if _FIELD.fullmatch(p) else p.translate(_ACCENTS)
        for p in parts
    )
    return f"⟦{out}⟧"


@pytest.fixture(scope="module")
def pseudo_lang(tmp_path_factory: pytest.TempPathFactory):
    babel = pytest.importorskip("babel.messages.pofile")
    from babel.messages.mofile import write_mo

    catalog = babel.read_po(POT.open("rb"))
    for m in catalog:
        if not m.id:
            continue
        m.string = tuple(pseudo(x) for x in m.id) if isinstance(m.id, tuple) else pseudo(m.id)
    root = tmp_path_factory.mktemp("locale")
    out = root / "qps" / "LC_MESSAGES"
    out.mkdir(parents=True)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    (out / "rulekit.mo").write_bytes(buf.getvalue())
    i18n.register_language(i18n.Language(PSEUDO, "pseudo", "qps", (), (), "{n}.", "", root))
    yield PSEUDO
    i18n.unregister_language(PSEUDO)


def _data_words(name: str) -> set[str]:
    sc = load_scenario(name)
    words = set(re.findall(r"[^\W\d_]+", name))
    for item in [*sc.data["heroes"], *sc.data["cards"]]:
        for value in (item.get("id"), item.get("name"), *(item.get("effects") or ())):
            words |= set(re.findall(r"[^\W\d_]+", str(value or "")))
    from rulekit.apoteose.rulings import PRIORITY_CATEGORIES  # the seed's own names, Apoteose keywords

    words |= set(re.findall(r"[^\W\d_]+", " ".join(PRIORITY_CATEGORIES)))
    return {w.casefold() for w in words} | {"escolha", "um"}  # "Escolha um": the card's own words


def _left(text: str, data: set[str]) -> list[str]:
    """The runs of letters outside the brackets that are not data."""
    inside = text
    while True:  # innermost brackets first: a message may hold another message's words
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", inside)
        if stripped == inside:
            break
        inside = stripped
    inside = re.sub(r"\bR-\d+\b|#\d+|\b\w+#\d+\b|\b[\w:]+@[\d.]+", " ", inside)  # rule, frame, moment ids
    return [
        w
        for w in re.findall(r"[^\W\d_]+", inside)
        if not (w.isupper() and len(w) > 1) and w.casefold() not in data
    ]


def _visible(fragment: str) -> str:
    fragment = re.sub(r"<style[^>]*>.*?</style>", " ", fragment, flags=re.S)
    titles = " ".join(re.findall(r'title="([^"]*)"', fragment))  # tooltips are read too
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment) + " " + titles)


def _dot_text(dot: str) -> str:
    return " ".join(
        a or b for a, b in re.findall(r'(?:label|tooltip)=(?:"((?:[^"\\]|\\.)*)"|(\w+))', dot)
    ).replace("\\n", " ")


@pytest.mark.parametrize("name", list_scenarios())
def test_every_chain_view_goes_through_the_catalogue(pseudo_lang: str, name: str) -> None:
    trace = run_chain(name)
    data = _data_words(name)
    from rulekit.views.commands import explain_text
    from rulekit.views.display import ChainReport

    texts = {
        "rulekit chain": V.chain_report(trace, pseudo_lang),
        "show()": ChainReport(trace, lang=pseudo_lang).to_text(),
        "rulekit explain": explain_text(trace, pseudo_lang),
    }
    log = V.chain_log_table(trace, lang=pseudo_lang)
    texts["log"] = " | ".join([log.caption, *log.columns, *(" ".join(r) for r in log.rows)])
    texts["heroes"] = " | ".join([(t := V.heroes_table(trace, lang=pseudo_lang)).caption, *t.columns])
    for k in range(len(trace.events)):
        texts[f"stack {k}"] = _visible(V.stack_html(trace, k, lang=pseudo_lang))
        texts[f"diagram {k}"] = _dot_text(V.chain_dot(trace, k, lang=pseudo_lang))
    leaks = {where: left for where, text in texts.items() if (left := _left(text, data))}
    assert leaks == {}


@pytest.mark.parametrize("name", list_scenarios())
def test_the_chain_explorer_goes_through_the_catalogue(pseudo_lang: str, name: str) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import ChainExplorer

    data = _data_words(name)
    leaks: dict[str, list[str]] = {}

    def check(w: ChainExplorer, where: str) -> None:
        for attr in (
            "status_html",
            "window_html",
            "stack_html",
            "legend_html",
            "log_html",
            "heroes_html",
            "error",
        ):
            left = _left(_visible(str(getattr(w, attr).value)), data)
            if left:
                leaks[f"{where} {attr}"] = left
        left = _left(" ".join(label for label, _ in w.options()), data)
        if left:
            leaks[f"{where} options"] = left

    for scripted in (True, False):
        w = ChainExplorer(name, lang=pseudo_lang, use_script=scripted, backend="text")
        controls = " ".join(f"{c.description} {getattr(c, 'tooltip', '') or ''}" for c in w._controls())
        if left := _left(controls, data):
            leaks["controls"] = left
        for step in range(40):
            if w.point is None:
                break
            check(w, f"{'script' if scripted else 'learner'} decision {step}")
            opts = w.options()
            w.choose(opts[-1][1] if not scripted and opts else None)
        for k in range(1, len(w.trace.events) + 1):
            w.event.value = k
            check(w, f"{'script' if scripted else 'learner'} event {k}")
    assert leaks == {}


def _ids_and_names(name: str) -> set[str]:
    """A scenario's heroes' and cards' ids and names only: not the cards' texts (see below)."""
    sc = load_scenario(name)
    values = [item.get(k) for item in [*sc.data["heroes"], *sc.data["cards"]] for k in ("id", "name")]
    return {w.casefold() for v in values for w in re.findall(r"[^\W\d_]+", str(v or ""))}


def test_a_paid_cost_goes_through_the_catalogue(pseudo_lang: str) -> None:
    """The views' data words above hold the cards' texts (a reason may quote a requirement), so a cost
    shown as the card's words ("Descarte uma carta") would pass them: here what a payment shows in the log,
    the report, the prompt of the choice that pays it and the reading of its text must be the
    catalogue's words around data (numbers, resources), with the cards' texts left out of the data."""
    from rulekit.apoteose import ChainSession, explain_text
    from rulekit.apoteose.scenario import load_scenario_text

    name = "apoteose/nested-responses"
    trace = run_chain(name)
    ids = _ids_and_names(name)
    pays = [n for n, ev in enumerate(trace.events) if ev.event == "pay"]
    assert len(pays) == 4
    rows = V.chain_log_table(trace, lang=pseudo_lang).rows
    report = V.chain_report(trace, pseudo_lang).splitlines()
    shown = {f"log {n}": rows[n][9] for n in pays} | {f"report {n}": report[n] for n in pays}
    assert all(rows[n][9].startswith("⟦") for n in pays)
    res = "{VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]}"
    two = load_scenario_text(
        f"game: apoteose\nheroes:\n  - {{id: ana, team: azul, iniciativa: 5, resources: {res},"
        " zones: {INVENTÁRIO: [pocao, adaga, escudo]}}\n"
        f"  - {{id: bo, team: vermelho, iniciativa: 3, resources: {res}}}\ncards:\n"
        "  - {id: pocao, owner: ana, types: [ITEM],\n"
        '     effects: ["Ativar【 Descarte uma carta 】 Cure 1 de VIDA."]}\n'
        "  - {id: adaga, owner: ana, types: [ITEM]}\n  - {id: escudo, owner: ana, types: [ITEM]}\n"
        "turn: {order: [ana, bo], hero: ana}\nscript: [{activate: pocao}]\n",
        "two.yaml",
    )
    point = ChainSession(two, use_script=True).point
    assert point is not None and point.prompt_code == "PAY"
    shown["prompt"] = V.prompt_text(point, pseudo_lang)
    seed = "Ativar【 Descarte uma carta; Consuma 2 de ESTAMINA 】 Cure 25 de VIDA."
    for k, line in enumerate(explain_text(seed, pseudo_lang)[1:3]):  # the cost lines: its words, then ours
        shown[f"reading {k}"] = line.split("】", 1)[1]
    leaks = {where: left for where, text in shown.items() if (left := _left(text, ids))}
    assert leaks == {}
    assert _left("Descarte uma carta", ids) == ["Descarte", "uma", "carta"]  # the card's words are caught


def test_the_check_is_not_vacuous(pseudo_lang: str) -> None:
    """An English word outside the catalogue is caught; a bracketed message and data are not."""
    assert _left("⟦Cháíń — {x}⟧ ana pocao#0 VIDA R-03 stopped", {"ana"}) == ["stopped"]
    assert i18n.translator(pseudo_lang)("Chain — {scenario}", scenario="x") == "⟦Çháíń — ⟧x⟦⟧"
    assert _left(i18n.translator(pseudo_lang)(", stage {stage}", stage="halt"), set()) == ["halt"]
    # the reader's Apoteose words are data only when they are the grammar's: an English word is not
    assert _grammar_word("selecionada") and _grammar_word("ao") and not _grammar_word("number")


@pytest.mark.parametrize("name", list_scenarios())
def test_prediction_feedback_on_a_chain_goes_through_the_catalogue(pseudo_lang: str, name: str) -> None:
    pytest.importorskip("ipywidgets")
    from rulekit.widgets import PredictionCheck

    data = _data_words(name)
    p = PredictionCheck(name, ask="order", lang=pseudo_lang)
    shown = [*p.explanation(True), *p.explanation(False)]
    for guess in ("", "zzz", ", ".join(run_chain(name).resolution_order) or "none"):
        p.answer.value = guess
        p.do_check()
        shown.append(_visible(p.result.value))
    p.do_reveal()
    shown.append(_visible(p.result.value))
    leaks = [left for text in shown if (left := _left(text, data | {"zzz", "none"}))]
    assert leaks == []


# ---- warnings: an effect text's (parse_effect) and the loader's (an effect refused when used) ---------
#: Effect texts that load with a warning: requirements out of order (R-17), keywords out of order, a
#: requirement and a description outside the runnable vocabulary, and the description reader's errors (a
#: word it cannot read, a phrase it cannot resolve: LANGUAGE.md §3.1).
WARNING_TEXTS = {
    "requirement order": "Ativar【 Se sua VIDA for menor que 5; Descarte uma carta 】 Cure 1 de VIDA.",
    "keyword order": "Ativar · Da Mesa · Uma Vez por Ciclo Cure 1 de VIDA.",
    "requirement outside the vocabulary": "Ativar【 Quando zorp 】 Cure 1 de VIDA.",
    "unreadable requirement": "Ativar【 Descarte zorp 】 Cure 1 de VIDA.",
    "unreadable description": "Ativar Cure o zorp de VIDA.",
    "unknown verb": "Ativar Voe alto.",
    "missing number": "Ativar Compre",
    "several words expected": "Ativar Descarte 2 EVOCAÇÃO de um",
    "punctuation and Apoteose words expected": "Ativar Descarte a carta mais forte.",
    "a card pointed back at, none before": "Ativar Bana aquela carta.",
    "a hero pointed back at, none before": "Ativar Cure 2 de VIDA daquele aliado.",
    "what a Selecione chose, nothing selected": "Ativar Cure 3 de VIDA do alvo.",
    "adjacente a um aliado": "Ativar Cure 2 de VIDA de um aliado adjacente a um aliado.",
    "whose cards": "Ativar Descarte uma carta de ele.",
}


def _grammar_word(word: str) -> bool:
    """Whether ``word`` is one of the description grammar's own (Portuguese) words, as the reader reads it
    (contractions written out: ``ao`` is ``a o``): written in ``grammar.lark`` (its comments left out) or
    read by one of its terminals that names words (the catch-alls, a name or any text, left out)."""
    from rulekit.apoteose import grammar
    from rulekit.apoteose.words import expand

    lark = Path(grammar.__file__).with_name("grammar.lark").read_text(encoding="utf-8")
    lark = expand("\n".join(line for line in lark.splitlines() if not line.lstrip().startswith("//")))[0]
    catch_all = {"NAME", "HERONAME", "STEPTEXT", "TYPE", "VERBPAST"}
    terms = [t for t in grammar._parser().terminals if t.name not in catch_all]
    return all(
        re.search(rf"(?<![a-z]){re.escape(low)}(?![a-z])", lark.lower())
        or any(re.fullmatch(t.pattern.to_regexp(), low) for t in terms)
        for low in expand(word)[0].lower().split()
    )


def _reader_words(text: str) -> set[str]:
    """The Apoteose words the description reader put into its message as data (what it expected there:
    ``perde``, ``'('``, a kind of word's examples ``o, um, esse, cada``; the known phrase it suggests):
    Portuguese in every language. Each is checked to be a word of the grammar or one of its known
    phrases, so an English word passed as data is still caught."""
    from rulekit.apoteose.grammar import KNOWN_PHRASES
    from rulekit.apoteose.text import parse_effect
    from rulekit.phrase import Phrase

    leaves: list[str] = []
    suggested: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, Phrase):
            for v in value.params.values():
                walk(v)
        elif isinstance(value, str):
            leaves.append(value)

    def expected(value: object) -> None:
        if isinstance(value, dict):
            for item in value.get("expected") or ():
                walk(item)
            if value.get("suggestion"):
                assert value["suggestion"] in KNOWN_PHRASES
                suggested.append(value["suggestion"])
            for v in value.values():
                expected(v)
        elif isinstance(value, list | tuple):
            for v in value:
                expected(v)

    from rulekit.apoteose import statements as S

    def unread(st: object) -> list[object]:
        """The unreadable clauses' fields with what was expected as the reader made it (Phrases: an
        Unknown's ``to_dict`` is plain text)."""
        if isinstance(st, S.Unknown):
            return [{**st.to_dict(), "expected": list(st.expected)}]
        if isinstance(st, S.Choose):
            return [u for opt in st.options for one in opt for u in unread(one)]
        return [st.to_dict()]

    effect = parse_effect(text)
    reqs = [unread(r.statement)[0] if r.statement is not None else r.ast for r in effect.requirements]
    expected([u for st in effect.body for u in unread(st)] + reqs)
    for warning in effect.warnings:  # an unread requirement: what its grammar expected where it stopped
        for value in warning.params.values():
            if isinstance(value, Phrase) and "expected {words}" in value.msgid:
                walk(value.params["words"])
    words = {w for leaf in leaves for w in re.findall(r"[^\W\d_]+", leaf)}
    assert all(_grammar_word(w) for w in words), sorted(w for w in words if not _grammar_word(w))
    return {w.casefold() for w in words} | _words(*suggested)


def _words(*values: object) -> set[str]:
    return {w.casefold() for v in values for w in re.findall(r"[^\W\d_]+", str(v))}


def _apoteose_yaml(effect: str) -> str:
    res = "{VIDA: [50, 100], MANA: [3, 10], ESTAMINA: [4, 6]}"
    return (
        "game: apoteose\nheroes:\n"
        f"  - {{id: ana, team: azul, iniciativa: 5, resources: {res}, zones: {{MESA: [c]}}}}\n"
        f"  - {{id: bo, team: vermelho, iniciativa: 3, resources: {res}}}\n"
        f'cards:\n  - {{id: c, owner: ana, types: [ITEM], effects: ["{effect}"]}}\n'
        "turn: {order: [ana, bo], hero: ana}\nscript: [{activate: c}]\n"
    )


@pytest.mark.parametrize("text", list(WARNING_TEXTS.values()), ids=list(WARNING_TEXTS))
def test_effect_text_warnings_go_through_the_catalogue(pseudo_lang: str, text: str) -> None:
    from rulekit.apoteose.text import parse_effect

    [w] = parse_effect(text).warnings
    shown = w.text_in(pseudo_lang)
    assert shown.startswith("⟦") and w.to_dict()["code"] == w.code and "params" in w.to_dict()
    assert _left(shown, _words(text) | _reader_words(text)) == [], shown


@pytest.mark.parametrize("text", list(WARNING_TEXTS.values()), ids=list(WARNING_TEXTS))
def test_the_loader_s_warnings_go_through_the_catalogue(
    pseudo_lang: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The loader's notes, as a scenario keeps them and as ``rulekit chain --lang`` prints them (stderr),
    and the chain's report (stdout): an effect that cannot be read is refused when used (``UNREADABLE``,
    its word the card's own, or the end of its text)."""
    from rulekit.apoteose.scenario import load_scenario_text
    from rulekit.cli import main

    source = _apoteose_yaml(text)
    sc = load_scenario_text(source, "f.yaml")
    assert sc.warnings
    data = _words(text, "f.yaml cards effects c ana bo") | _reader_words(text)
    for w in sc.warnings:
        assert _left(i18n.translator(pseudo_lang).phrase(w), data) == [], w
    path = tmp_path / "f.yaml"
    path.write_text(source, encoding="utf-8")
    assert main(["chain", str(path), "--lang", pseudo_lang]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == len(sc.warnings)
    assert _left(err, data | _words(tmp_path)) == [], err
    assert _left(out, data | _words(tmp_path)) == [], out
