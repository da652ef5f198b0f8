"""Count the English words a pt-BR (or es) learner still meets in the MTG built-ins.

What is rendered: for every built-in MTG scenario (``seed/*``, ``classic/*``) and both editions,
the LayerExplorer in ``--lang`` (its title, controls' labels and tooltips, the timestamp list, the
effect switches, and at every step the final table, the layer table, the explanation, the players
table, the dependencies and the diagram's labels and tooltips), and ``rulekit solve`` and
``rulekit explain`` with ``--lang`` and ``--ruleset``.

How it counts: HTML tags are dropped and entities unescaped; in a diagram only ``label`` and
``tooltip`` values are read. Data is removed first (card names, rules text of the library's cards,
type words, the scenarios' names, players and object ids, effect ids). A remaining word (a run of
letters) counts as English when it is a word of the English msgids (rulekit.pot) or of the built-in
scenarios' English descriptions (or a known engine word such as "etb"), is not a word of the
language's catalogue translations (its .po msgstrs), and is not a capitalised word of a card name.
``--top N`` prints the most frequent ones.

    PYTHONPATH=$PWD python tools/count_english.py --lang pt-BR --top 40
"""

from __future__ import annotations

import argparse
import contextlib
import html
import io
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+")
EXTRA_EN = {"etb", "steal", "cast", "spell", "indefinite", "seed", "current", "ts", "graveyard"}


def _po_words(path: Path) -> tuple[set[str], set[str]]:
    """(words of the msgids, words of the translated msgstrs) of a .po file."""
    ids: set[str] = set()
    strs: set[str] = set()
    text = path.read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        msgid = []
        msgstr = []
        cur = None
        for line in block.splitlines():
            if line.startswith("msgid"):
                cur = msgid
                line = line.split(" ", 1)[1]
            elif line.startswith("msgstr"):
                cur = msgstr
                line = line.split(" ", 1)[1]
            elif line.startswith("msgctxt") or line.startswith("#"):
                cur = None
                continue
            if cur is not None and line.startswith('"'):
                cur.append(line.strip('"'))
        a, b = " ".join(msgid), " ".join(msgstr)
        ids |= {w.casefold() for w in WORD.findall(a)}
        if b and b != a:
            strs |= {w.casefold() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", b))}
    return ids, strs


def _data_strings() -> list[str]:
    from rulekit import mtg
    from rulekit.mtg import vocab

    out: set[str] = set()
    from rulekit.mtg.loader import library

    for name, card in library().items():
        out.add(str(name))
        for ab in card.get("abilities", ()) or ():
            out.add(str(ab.get("text", "")) if isinstance(ab, dict) else str(ab))
    for words in (getattr(vocab, n, ()) for n in dir(vocab) if n.isupper() and n != "COLORS"):
        if isinstance(words, (set, frozenset, tuple, list)):
            out |= {str(w) for w in words if isinstance(w, str)}
    for name in builtins():
        out.add(name)
        tr = mtg.solve(name)
        for e in tr.effects:
            out.add(e.id)
            out.add(e.text)
            out.add(e.name.split(":")[0].split(" (")[0])
            if e.affects not in ("targets", "this"):
                out.add(e.affects)
        for view in (*tr.initial.values(), *tr.final.values()):
            out |= {
                view.id,
                view.name,
                *map(str, view.abilities),
                *view.types,
                *view.subtypes,
                *view.supertypes,
                str(view.controller),
                str(view.owner),
            }
        out |= set(tr.players)
    # rules text shortened for a table cell ("0: Until end of tur…") is still rules text
    out |= {s[:k].rstrip() + "…" for s in list(out) if len(s) > 14 for k in range(14, min(len(s), 72))}
    return sorted((s for s in out if s and len(s) > 1), key=len, reverse=True)


def builtins() -> list[str]:
    from rulekit.scenarios import list_builtin

    names = list_builtin("mtg")
    return [n for n in names if n.startswith(("seed/", "classic/"))]


def _visible(value: str) -> str:
    if "digraph" in value:  # a diagram's DOT (text backend): its labels and tooltips only
        dot = html.unescape(re.sub(r"<[^>]+>", "", value))
        parts = re.findall(r'(?:label|tooltip)="((?:[^"\\]|\\.)*)"', dot)
        return "\n".join(p.replace("\\n", " ").replace('\\"', '"') for p in parts)
    value = re.sub(r"<style[^>]*>.*?</style>", " ", value, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def renders(lang: str) -> list[str]:
    os.environ["RULEKIT_GRAPHVIZ"] = "text"
    from rulekit.cli import main
    from rulekit.widgets import LayerExplorer

    out: list[str] = []
    for name in builtins():
        for ruleset in ("seed", "current"):
            ex = LayerExplorer(name, ruleset=ruleset, lang=lang, backend="text")
            out.append(_visible(ex.title_html.value))
            out += [str(o[0] if isinstance(o, tuple) else o) for o in ex.ruleset.options]
            out += [str(x) for x in (ex.ruleset.tooltips or ())]
            out += [str(label) for label, _ in ex.order_list.options]
            out += [cb.description for cb in ex.effect_boxes.values()]
            out.append(_visible(ex.deps_html.value))
            for k in range(ex.step.max + 1):
                ex.step.value = k
                for w in (ex.final_html, ex.layers_html, ex.explain_html, ex.players_html, ex.diagram_html):
                    out.append(_visible(w.value))
            for cmd in ("solve", "explain"):
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf):
                    main([cmd, name, "--lang", lang, "--ruleset", ruleset])
                out.append(buf.getvalue())
    return out


def count(lang: str) -> Counter[str]:
    from rulekit.i18n import check_lang

    lang = check_lang(lang)
    folder = {"pt-BR": "pt_BR"}.get(lang, lang)
    en_ids, tr_words = _po_words(ROOT / "rulekit" / "locale" / folder / "LC_MESSAGES" / "rulekit.po")
    english = set(en_ids) | EXTRA_EN
    import yaml

    for path in (ROOT / "rulekit" / "data" / "scenarios").glob("*/*.yaml"):
        desc = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("description") or ""
        desc = desc.get("en", "") if isinstance(desc, dict) else str(desc)  # the English words only
        english |= {w.casefold() for w in WORD.findall(desc)}
    english -= tr_words
    data = _data_strings()
    # a capitalised word of a card name ("Urborg", "Lattice") is a name, wherever it is written
    names = {w for s in data for w in WORD.findall(s) if w[:1].isupper()}
    found: Counter[str] = Counter()
    for text in renders(lang):
        for s in data:
            if s in text:
                text = text.replace(s, " ")
        for w in WORD.findall(text):
            if w.casefold() in english and len(w) > 1 and w not in names:
                found[w.casefold()] += 1
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lang", default="pt-BR")
    p.add_argument("--top", type=int, default=0)
    args = p.parse_args(argv)
    found = count(args.lang)
    print(f"{args.lang}: {sum(found.values())} English words ({len(found)} distinct)")
    for w, n in found.most_common(args.top):
        print(f"  {n:5d} {w}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
