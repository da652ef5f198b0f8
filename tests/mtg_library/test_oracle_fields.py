"""Every library card against the Oracle extract, field by field: supertypes, card types and
subtypes each in their own slot (205.4, 205.2, 205.3), colours (202.2, from the mana cost), mana
value (202.3, from the mana cost), and printed power and toughness (208.1), the cards whose power or
toughness a characteristic-defining ability gives included (604.3: the library writes null for a
"*" and holds the CDA that defines it).

``test_oracle_extract.py`` compares the mana cost, the whole type line, P/T and the rules text; this
file checks what that comparison cannot see: a word in the wrong slot ("Legendary" as a card type
reads the same on a type line), colours and a mana value that the library writes itself, and a "*"
that no ability defines. The exceptions are in one data place, ``data/oracle-field-exceptions.yaml``,
each with why; an exception that is no longer needed fails.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from rulekit.mtg.vocab import type_kind

from .test_oracle_extract import EXTRACTED, LIBRARY, cost_value_and_colors, forge_types

EXCEPTIONS_FILE = Path(__file__).resolve().parent / "data" / "oracle-field-exceptions.yaml"
EXCEPTIONS: dict[str, dict[str, dict[str, Any]]] = yaml.safe_load(
    EXCEPTIONS_FILE.read_text(encoding="utf-8")
)["cards"]
FIELDS = ("supertypes", "card_types", "subtypes", "colors", "mana_value", "power", "toughness")
#: the library's key for each field
LIB_KEY = {"card_types": "types"}
SLOT = {"supertypes": "supertypes", "types": "card_types", "subtypes": "subtypes"}


def oracle_cost(forge: str) -> str:
    """Forge's mana cost in the CR's notation: "2 U U" is {2}{U}{U}, "PG" {G/P}, "WU" {W/U},
    "no cost" no symbol at all."""
    if forge == "no cost":
        return ""
    out = []
    for tok in forge.split():
        if tok.isdigit() or tok == "X" or len(tok) == 1:
            out.append(f"{{{tok}}}")
        elif tok.startswith("P"):
            out.append(f"{{{tok[1:]}/P}}")
        else:
            out.append("{" + "/".join(tok) + "}")
    return "".join(out)


def pt_part(part: str | None) -> tuple[int | None, bool]:
    """One side of a printed P/T: (the printed number, whether a CDA gives (part of) it). "3" is
    (3, False), "*" (None, True), "1+*" (1, True); no P/T is (None, False)."""
    if part is None:
        return None, False
    m = re.fullmatch(r"(\d+)?\+?(\*)?", part)
    assert m is not None, part
    return (int(m[1]) if m[1] else None), bool(m[2])


def oracle_fields(ref: dict[str, Any]) -> dict[str, Any]:
    """What the extract says of each field."""
    slots: dict[str, list[str]] = {"supertypes": [], "card_types": [], "subtypes": []}
    for word in forge_types(str(ref["types"])).split():
        slots[SLOT[type_kind(word)]].append(word)
    value, colors = cost_value_and_colors(oracle_cost(str(ref["cost"])))
    power, toughness = str(ref["pt"]).split("/") if ref.get("pt") else (None, None)
    return {**slots, "colors": sorted(colors), "mana_value": value, "power": power, "toughness": toughness}


def cda_defines(card: dict[str, Any]) -> set[str]:
    """The sides of P/T a characteristic-defining ability of the card defines (604.3)."""
    out: set[str] = set()
    for ab in card.get("abilities") or ():
        if isinstance(ab, dict) and isinstance(ab.get("cda"), dict):
            out |= set((ab["cda"].get("set_pt") or {}).keys())
    return out


def field_differences(
    name: str, card: dict[str, Any], ref: dict[str, Any], exceptions: dict[str, Any]
) -> list[str]:
    """Each field of the library card that disagrees with the extract (or with the exception's
    ``oracle`` value); a field with a ``pending`` exception is not compared."""
    want = oracle_fields(ref)
    out = []
    for field in FIELDS:
        exc = exceptions.get(field)
        if exc is not None and "pending" in exc:
            continue
        expected = exc["oracle"] if exc is not None else want[field]
        mine = card.get(LIB_KEY.get(field, field))
        if field in ("supertypes", "card_types", "subtypes"):
            if list(mine or []) != list(expected):
                out.append(f"{field} {list(mine or [])} is {expected} in Oracle")
        elif field == "colors":
            if sorted(mine or []) != sorted(expected):
                out.append(f"colors {sorted(mine or [])} are {sorted(expected)} in Oracle")
        elif field == "mana_value":
            if (mine or 0) != expected:
                out.append(f"mana value {mine} is {expected} in Oracle")
        else:
            number, by_cda = pt_part(expected) if exc is None else (expected, False)
            if mine != number:
                out.append(f"{field} {mine} is printed {expected} in Oracle")
            if by_cda and field not in cda_defines(card):
                out.append(
                    f"{field} is '{expected}' in Oracle, but no characteristic-defining ability gives it"
                )
            if not by_cda and number is not None and field in cda_defines(card):
                out.append(
                    f"{field} is printed {expected} in Oracle, but a characteristic-defining ability sets it"
                )
    return out


@pytest.mark.parametrize("name", sorted(set(LIBRARY) & set(EXTRACTED)))
def test_each_field_agrees_with_oracle(name: str) -> None:
    assert field_differences(name, LIBRARY[name], EXTRACTED[name], EXCEPTIONS.get(name, {})) == []


def test_every_exception_says_why_and_is_still_needed() -> None:
    """An exception names a real card and field, gives its reason, and is needed: without it the
    card would differ (an exception the library has outgrown must go)."""
    assert set(EXCEPTIONS) <= set(LIBRARY)
    for name, fields in EXCEPTIONS.items():
        for field, exc in fields.items():
            assert field in FIELDS, f"{name}: unknown field {field}"
            assert set(exc) in ({"oracle", "why"}, {"pending", "why"}), (
                f"{name}.{field}: oracle or pending, and why"
            )
            assert len(str(exc["why"]).split()) >= 5, f"{name}.{field}: say why"
            without = {f: e for f, e in fields.items() if f != field}
            assert field_differences(name, LIBRARY[name], EXTRACTED[name], without), (
                f"{name}.{field}: the exception is no longer needed; remove it"
            )
    assert sum(len(f) for f in EXCEPTIONS.values()) <= len(LIBRARY) // 20


def test_the_check_sees_each_field() -> None:
    """The check can fail, field by field: a supertype written as a card type, a lost subtype, a
    colour, a mana value, a printed number, and a "*" no ability defines."""
    ref = EXTRACTED["Hall of Triumph"]  # Legendary Artifact {3}
    card = dict(LIBRARY["Hall of Triumph"])
    assert field_differences("Hall of Triumph", card, ref, {}) == []
    moved = {**card, "supertypes": [], "types": ["Legendary", "Artifact"]}
    assert field_differences("Hall of Triumph", moved, ref, {}) == [
        "supertypes [] is ['Legendary'] in Oracle",
        "card_types ['Legendary', 'Artifact'] is ['Artifact'] in Oracle",
    ]
    assert field_differences("Hall of Triumph", {**card, "colors": ["white"]}, ref, {})
    assert field_differences("Hall of Triumph", {**card, "mana_value": 4}, ref, {})
    bears, bref = dict(LIBRARY["Grizzly Bears"]), EXTRACTED["Grizzly Bears"]
    assert field_differences("Grizzly Bears", {**bears, "subtypes": []}, bref, {})
    assert field_differences("Grizzly Bears", {**bears, "toughness": 3}, bref, {})
    goyf, gref = dict(LIBRARY["Tarmogoyf"]), EXTRACTED["Tarmogoyf"]
    no_cda = {**goyf, "abilities": []}
    assert "power is '*' in Oracle, but no characteristic-defining ability gives it" in field_differences(
        "Tarmogoyf", no_cda, gref, {}
    )


def test_forge_costs_read_as_oracle_costs() -> None:
    assert oracle_cost("2 U U") == "{2}{U}{U}"
    assert oracle_cost("3 PU") == "{3}{U/P}"
    assert oracle_cost("WU WU") == "{W/U}{W/U}"
    assert oracle_cost("no cost") == ""
    assert pt_part("1+*") == (1, True) and pt_part("*") == (None, True) and pt_part("0") == (0, False)
