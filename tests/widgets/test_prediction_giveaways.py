"""A wrong answer's feedback teaches without answering, on every built-in and every kind, in three languages.

It names the rules that decide; it never holds the right answer, nor a phrase that gives it away (that no
effect changes the object — so it keeps its printed value —, that an activation does not resolve), nor an
"almost" greeting on every wrong answer.
"""

from __future__ import annotations

import functools
import re

import pytest

from rulekit.i18n import complete_languages

pytest.importorskip("rulekit.mtg")

LANGS = complete_languages()
#: Phrases that give an answer away (or greet every wrong answer with "almost"), in every language.
GIVEAWAYS = (
    "printed value",
    "no effect changes it",
    "does not resolve",
    "doesn't resolve",
    "almost",
    "not quite",
    "valor impresso",
    "nenhum efeito o altera",
    "não se resolve",
    "não resolve",
    "quase",
    "valor impreso",
    "ningún efecto lo cambia",
    "no se resuelve",
    "no resuelve",
    "casi",
    "no del todo",
)
WRONG = "zz-not-an-answer"


@functools.cache
def _mtg_trace(name: str):
    from rulekit import mtg

    return mtg.solve(mtg.load_scenario(name))


@functools.cache
def _chain_trace(name: str):
    from rulekit import apoteose

    return apoteose.run_chain(apoteose.load_scenario(name))


def _cases():
    from rulekit.scenarios import list_builtin

    out = []
    for name in list_builtin("mtg"):
        trace = _mtg_trace(name)
        out.append((name, "order", None))
        for oid, view in sorted(trace.final.items()):
            kinds = ["controller", "types", "subtypes", "colors"]
            if view.power is not None:
                kinds.insert(0, "pt")
            out.extend((name, kind, oid) for kind in kinds)
    out.extend((name, "order", None) for name in list_builtin("apoteose"))
    return out


CASES = _cases()


def _feedback(name: str, kind: str, target: str | None, lang: str):
    from rulekit.widgets import PredictionCheck

    trace = _chain_trace(name) if name.startswith("apoteose/") else _mtg_trace(name)
    p = PredictionCheck(trace, kind, target, lang=lang)
    assert p.error.value == "", p.error.value
    p.answer.value = WRONG
    p.check.click()
    assert p.correct is False
    said = html_text(p.result.value).replace(WRONG, " ")
    if kind != "order":  # card and effect names are on the board for all to see ("Goblin King", a Goblin)
        from rulekit.views import mtg as mv

        names = {v.name for v in trace.final.values()} | {
            mv.effect_name(trace, e.id, in_lang) for e in trace.effects for in_lang in ("en", lang)
        }  # as the explorer names them, in the lesson's language
        for shown in sorted(names, key=len, reverse=True):
            said = said.replace(shown, " ")
    return p, said


def html_text(html: str) -> str:
    import html as h

    return h.unescape(re.sub(r"<[^>]+>", " ", html))


def _answer_parts(p) -> list[str]:
    """What must not show: the whole answer, and for an order every id or name in it."""
    right = p.expected()
    if p.kind != "order":
        return [right]
    parts = [x.strip() for x in right.split(",") if x.strip()]
    if not hasattr(p.trace, "resolution_order"):
        from rulekit.views import mtg as mv

        parts += [mv.effect_name(p.trace, eid) for eid in p._order()]
    return [right, *parts] if len(parts) > 1 else []  # one id or none: nothing to give away by order


def test_every_builtin_and_every_kind_is_covered():
    kinds = {kind for _name, kind, _target in CASES}
    assert kinds == {"pt", "controller", "types", "subtypes", "colors", "order"}
    assert any(name.startswith("apoteose/") for name, _k, _t in CASES)
    assert len(CASES) > 100


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_never_gives_the_answer_away(lang):
    leaks = []
    for name, kind, target in CASES:
        p, said = _feedback(name, kind, target, lang)
        folded = said.casefold()
        found = [g for g in GIVEAWAYS if re.search(rf"(?<!\w){re.escape(g)}(?!\w)", folded)]
        leaks += [(name, kind, target, g) for g in found]
        for part in _answer_parts(p):
            if kind == "controller":  # a player's name: as a word, in its case
                hit = re.search(rf"(?<![\w/]){re.escape(part)}(?![\w/])", said)
            elif kind == "pt":
                hit = re.search(rf"(?<![\d/+-]){re.escape(part)}(?![\d/])", said)
            else:
                hit = re.search(rf"(?<!\w){re.escape(part.casefold())}(?!\w)", folded)
            if hit:
                leaks.append((name, kind, target, part))
    assert not leaks, leaks[:20]
