"""The reader measured against the library: every library ability with a continuous effect (``static``,
``resolves``, ``cda``) is read from its Oracle ``text:`` and compared with its written data
(:func:`rulekit.mtg.oracle.compare.same`). Used by ``tests/mtg_library/test_oracle_reader.py`` and
``benchmarks/bench_oracle.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulekit.mtg.oracle.compare import same
from rulekit.mtg.oracle.reader import Reading, read_ability


@dataclass(frozen=True)
class Case:
    """One library ability: its card, its text, its written kind and spec, and what the reader made of it."""

    card: str
    text: str
    kind: str
    spec: dict[str, Any]
    reading: Reading
    #: the card's printed power and toughness (``None``: a star with no number), which a reading's
    #: ``printed`` number beside a star (208.2a) must equal
    card_pt: tuple[int | None, int | None] = (None, None)

    @property
    def same(self) -> bool:
        r = self.reading
        pt = dict(zip(("power", "toughness"), self.card_pt, strict=True))
        printed = all(pt[k] == v for k, v in r.printed)
        return r.status == "read" and r.kind == self.kind and same(r.spec, self.spec) and printed


def library_abilities() -> list[tuple[str, str, str, dict[str, Any]]]:
    """``(card, text, kind, spec)`` for every library ability holding a continuous effect, in file order."""
    root = Path(__file__).resolve().parent.parent.parent / "data" / "mtg"
    out = []
    for path in sorted(root.glob("cards*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card in doc["cards"]:
            for ab in card.get("abilities") or []:
                if not isinstance(ab, dict):
                    continue
                for kind in ("static", "resolves", "cda"):
                    if kind in ab:  # an ability-level "as long as" (LANGUAGE.md §2) is part of its effect
                        spec = {**ab[kind], **({"condition": ab["condition"]} if "condition" in ab else {})}
                        out.append((card["name"], ab["text"], kind, spec))
    return out


def _printed_pt() -> dict[str, tuple[int | None, int | None]]:
    root = Path(__file__).resolve().parent.parent.parent / "data" / "mtg"
    out = {}
    for path in sorted(root.glob("cards*.yaml")):
        for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]:
            out[card["name"]] = (card.get("power"), card.get("toughness"))
    return out


def measure() -> list[Case]:
    """Every library ability read and compared."""
    pts = _printed_pt()
    return [
        Case(c, t, k, s, read_ability(t, c), pts.get(c, (None, None))) for c, t, k, s in library_abilities()
    ]
