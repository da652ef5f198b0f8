"""Count the English words left in what a learner reads of the Apoteose built-ins in another language.

    PYTHONPATH=$PWD python tools/english_left.py                 # pt-BR, totals
    PYTHONPATH=$PWD python tools/english_left.py --lang es --show 40
    PYTHONPATH=$PWD python tools/english_left.py --vocab-from faa71de

What is rendered, for every built-in Apoteose scenario (``apoteose/*``):

* ``rulekit chain NAME --lang L`` and ``rulekit explain NAME --lang L`` (their stdout);
* the ChainExplorer in ``L`` with the scenario's script: every decision point (the window, the options,
  the status), then every event of the finished chain on the slider (title, status, window, stack, the
  chain diagram's DOT labels, legend, log, heroes);
* the ChainExplorer in ``L`` without the script (the learner decides): every decision point, taking the
  last option each time (so responses happen), the window and the options.

How a word is counted: the visible text (HTML tags and ``<title>`` removed, entities decoded; of a DOT,
the ``label`` values) is split into runs of letters. A run counts as English when it is in the English
vocabulary — every word of the English msgids of ``rulekit/locale/rulekit.pot``, of the English strings
in ``rulekit/apoteose/{reasons,wording}.py`` and of the built-in scenarios' English titles and
descriptions, taken at ``--vocab-from`` (a git revision; default: the work tree) — and it is not a word
of the language's own catalogue (its msgstrs), nor data: a card, hero, effect or scenario id, a card
name, a card's rules text, an all-capitals keyword. Each occurrence counts (a word shown on every event
counts once per explorer: an output that shows the same text at the next event is not counted again).
"""

from __future__ import annotations

import argparse
import contextlib
import html
import io
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+(?:'[A-Za-z]+)?")
#: Common English words the catalogues may not happen to contain.
_COMMON_WORDS = (
    "the a an of to in on at by for from with and or not no is are was were be been it its this that these "
    "those who what when where which while as if then than so but only each every all any none one two "
    "three four five first second third last next after before until into onto out up down over under "
    "again once here there now yet still also"
)
COMMON = set(_COMMON_WORDS.split())


def _read(path: str, rev: str | None) -> str:
    if rev is None:
        p = ROOT / path
        return p.read_text(encoding="utf-8") if p.exists() else ""
    try:
        return subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True, capture_output=True, text=True
        ).stdout
    except subprocess.CalledProcessError:
        return ""


def _words(text: str) -> set[str]:
    return {w.casefold().removesuffix("'s") for w in WORD.findall(text)}


def vocabulary(lang: str, rev: str | None) -> tuple[set[str], set[str]]:
    """(English words, the language's own words)."""
    from babel.messages.pofile import read_po

    english: set[str] = set(COMMON)
    pot = _read("rulekit/locale/rulekit.pot", rev)
    for m in read_po(io.StringIO(pot)):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        for i in ids:
            english |= _words(re.sub(r"\{[^}]*\}", " ", i or ""))
    for path in ("rulekit/apoteose/reasons.py", "rulekit/apoteose/wording.py"):
        for s in re.findall(r'"([^"\n]*)"', _read(path, rev)):
            english |= _words(re.sub(r"\{[^}]*\}", " ", s))
    import yaml

    folder = "rulekit/data/scenarios/apoteose/"
    listing = ["git", "-C", str(ROOT), "ls-tree", "--name-only", rev or "HEAD", folder]
    names = subprocess.run(listing, capture_output=True, text=True).stdout.split()
    for path in names:
        data = yaml.safe_load(_read(path, rev)) or {}
        for key in ("title", "description"):
            v = data.get(key)
            english |= _words(v.get("en", "") if isinstance(v, dict) else str(v or ""))
    own: set[str] = set()
    po = _read(f"rulekit/locale/{lang.replace('-', '_')}/LC_MESSAGES/rulekit.po", None)
    for m in read_po(io.StringIO(po)):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            own |= _words(re.sub(r"\{[^}]*\}", " ", s or ""))
    return english, own


def data_words(name: str) -> set[str]:
    from rulekit.apoteose import load_scenario

    sc = load_scenario(name)
    out = _words(name)
    for item in [*sc.data["heroes"], *sc.data["cards"]]:
        out |= _words(str(item.get("id", ""))) | _words(str(item.get("name") or ""))
        for e in item.get("effects") or ():
            out |= _words(str(e))
    return out


def _visible(fragment: str) -> str:
    fragment = re.sub(r"<title>.*?</title>", " ", fragment, flags=re.S)
    fragment = re.sub(r"<style[^>]*>.*?</style>", " ", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


def _dot_labels(dot: str) -> str:
    labels = re.finditer(r'label="((?:[^"\\]|\\.)*)"|label=(\w+)', dot)
    return " ".join(m.group(1) or m.group(2) for m in labels)


def renders(name: str, lang: str) -> list[tuple[str, str]]:
    """(where, visible text) of everything shown for scenario ``name`` in ``lang``."""
    from rulekit.cli import main
    from rulekit.widgets import ChainExplorer

    out: list[tuple[str, str]] = []
    for cmd in ("chain", "explain"):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            main([cmd, name, "--lang", lang])
        out.append((f"cli {cmd}", buf.getvalue()))

    dots: list[str] = []

    class Recording(ChainExplorer):
        def _svg_html(self, dot: str) -> str:
            dots.append(dot)
            return ""

    def shown(w: Recording, where: str) -> None:
        for attr in (
            "title_html",
            "status_html",
            "window_html",
            "stack_html",
            "legend_html",
            "log_html",
            "heroes_html",
            "error",
        ):
            widget = getattr(w, attr, None)
            value = getattr(widget, "value", "") if widget is not None else ""
            out.append((f"{where} {attr}", _visible(str(value))))
        out.append((f"{where} options", "\n".join(label for label, _ in w.options())))
        while dots:
            out.append((f"{where} diagram", _dot_labels(dots.pop())))

    for scripted in (True, False):
        w = Recording(name, lang=lang, use_script=scripted)
        tag = "scripted" if scripted else "learner"
        out.append(
            (
                f"{tag} controls",
                " ".join(
                    str(getattr(getattr(w, a), "description", ""))
                    + " "
                    + str(getattr(getattr(w, a), "tooltip", ""))
                    for a in ("response", "choose_button", "undo", "reset", "finish", "prev", "next", "event")
                ),
            )
        )
        steps = 0
        while w.point is not None and steps < 60:
            shown(w, f"{tag} decision {steps}")
            opts = w.options()
            w.choose(opts[-1][1] if not scripted and opts else None)
            steps += 1
        if scripted:
            for k in range(1, len(w.trace.events) + 1):
                w.event.value = k
                shown(w, f"{tag} event {k}")
        else:
            shown(w, f"{tag} end")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", default="pt-BR")
    ap.add_argument("--vocab-from", default=None, help="git revision for the English vocabulary")
    ap.add_argument("--show", type=int, default=0, help="print the N most frequent words left")
    ap.add_argument("--where", action="store_true", help="count by where they were shown")
    args = ap.parse_args(argv)
    from rulekit.apoteose import list_scenarios

    english, own = vocabulary(args.lang, args.vocab_from)
    total: Counter[str] = Counter()
    places: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for name in list_scenarios():
        data = data_words(name)
        seen: set[tuple[str, str]] = set()
        for where, text in renders(name, args.lang):
            kind = (where.split(" ")[0] + " " + where.split(" ")[-1], text)
            if kind in seen:
                continue
            seen.add(kind)
            for raw in WORD.findall(text):
                w = raw.casefold().removesuffix("'s")
                if raw.isupper() and len(raw) > 1:
                    continue  # a keyword (VIDA, MANA, COMPANHEIRO) or an acronym
                if w in english and w not in own and w not in data:
                    total[w] += 1
                    places[where.split(" ")[0] + " " + where.split(" ")[-1]] += 1
                    examples.setdefault(w, f"{name} {where}: " + " ".join(text.split())[:160])
    print(
        f"{args.lang}: {sum(total.values())} English words ({len(total)} distinct) in the renders of "
        f"{len(list_scenarios())} built-in Apoteose scenarios"
    )
    if args.where:
        for where, n in places.most_common():
            print(f"  {n:6d}  {where}")
    for w, n in total.most_common(args.show):
        print(f"  {n:6d}  {w:<16} e.g. {examples[w]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
