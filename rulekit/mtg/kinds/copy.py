"""613.2a, 707.2: "<affected> is a copy of <object>" (``copy: <selector naming one object>``, e.g.
``copy: "{chosen object}"``): it takes the copiable values of the first object the selector names
(not itself). Its exceptions are the ``copy_except`` kind (``except:``), applied right after it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_
from rulekit.mtg.selectors import parse_selector

EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})


def makes_entry_choices(eff: Any) -> bool:
    """707.5, 707.6: whether ``eff`` copies as its object enters (its own "enters as a copy"
    ability, or an ``enter`` event's ``as``), so that the object makes the copied abilities'
    "as [this] enters" choices itself; a resolved "becomes a copy" effect makes none."""
    return bool(eff.origin == "static" or eff.name_code == "enters_as")


class Copy(Kind):
    """The copiable values the copy part took for it (as a mapping of their names, 707.2; ``None``:
    the selector names nothing else, and it does nothing) overwrite the object's."""

    name = "copy"
    section = "copy"
    fields = {"": (str | None, None)}
    sublayer = "copy"
    order = 10
    rule = "613.2a, 707.2"
    forms = (
        '`<selector naming one object>` e.g. `copy: "{chosen object}"`: takes its copiable values (707.2: '
        "as layer 1 has made them, a face-down one's face-down values, 708.10); with `except:` (the "
        "`copy_except` kind)"
    )
    examples = ({"": "creatures"}, {"": "target creature"})

    def present(self, section: Any) -> bool:
        return section is not None

    def build(self, section: Any, make: Make) -> Any:
        return parse_selector(str(section))

    def check(self, section: Any, path: Path_, checks: Checks) -> None:
        if isinstance(section, str):
            checks.selector(path, section)

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def reads(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def params_vary(self, value: Any) -> bool:
        return True

    def uses_params(self, value: Any) -> bool:
        return True

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        if param is None:
            return
        values = dict(param)
        # 707.6: the choices made for the original are not copied; an object entering as a copy
        # makes its own "as [this] enters" choices (its `choices:`), one that becomes a copy
        # without entering makes none
        choices = obj.choices if makes_entry_choices(eff) else None
        # the copied abilities generate the copy's own effects: give them their own ids
        values["abilities"] = tuple(
            replace(a, key=f"{a.key}-copy" if a.key else "copy")
            if a.generates and not a.key.endswith("copy")
            else a
            for a in (ab.refilled(choices) for ab in values["abilities"])
        )
        exceptions = eff.spec.value("copy_except")
        if exceptions is not None and "color" in exceptions.not_copied:
            values["colors"] = obj.colors  # 707.9: "except it doesn't copy that creature's color"
        for name, v in values.items():
            setattr(obj, name, v)
        obj.front_mv = False  # its mana value is now the copied one (202.3b, 707.8)


register(Copy())
