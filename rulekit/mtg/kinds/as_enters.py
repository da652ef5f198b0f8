"""208.2b, 614.1c, 707.2: an object's own "as [this] enters, it becomes your choice of ..."
(``as_enters: {option: "{chosen <what>}", options: {<name>: <exceptions>}}``, Primal Clay): the
values the chosen option sets, written as copy exceptions (707.9), modify its copiable values, so a
copy of it has them too; a copy entering sets its own on top of the copied ones (707.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.errors import N_
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Key, Kind, Make, Path_
from rulekit.mtg.kinds.copy_except import Exceptions, apply_exceptions, build_exceptions, check_exceptions

EVERYTHING: frozenset[Key] = frozenset({(ANY, ANY)})


class AsEnters(Kind):
    """The chosen option's values (``None``: the choice is still open or names no option), applied
    in layer 1 by an object that copies nothing; one that copies takes the copied values instead
    (its own "as [this] enters" ability is not what it copies, 707.2)."""

    name = "as_enters"
    section = "as_enters"
    fields = {"option": (str, ...), "options": (dict[str, Exceptions], ...)}
    sublayer = "copy"
    order = 30
    rule = "208.2b, 614.1c, 707.2"
    forms = (
        '`{option: "{chosen option}", options: {three: {power: 3, toughness: 3}, two: {power: 2, '
        "toughness: 2, abilities: [Flying]}}}`: the chosen option's values, written as copy exceptions "
        "(707.9), are copiable values (Primal Clay)"
    )
    examples = (
        {
            "option": "big",
            "options": {"big": {"power": 3, "toughness": 3}, "wall": {"abilities": ["Defender"]}},
        },
    )

    def present(self, section: Any) -> bool:
        return True

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        chosen = (section.get("options") or {}).get(str(section.get("option")))
        return None if chosen is None else build_exceptions(chosen, make)

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if checks.effect.get("as_enters") is None:
            return
        options = dict(section.get("options") or {})
        for name, block in options.items():
            check_exceptions(block, (*path, "options", name), checks)
        option = str(section.get("option"))
        if "{chosen" not in option and option not in options:
            checks.refuse(
                (*path, "option"),
                N_("'{value}' is none of this ability's options ({names})"),
                {"value": option, "names": ", ".join(options)},
                checks.suggest(option, list(options)),
            )

    def writes(self, value: Any) -> frozenset[Key]:
        return EVERYTHING

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        if value is not None and eff.spec.value("copy") is None:
            # 208.2b, 707.2: what its own "as [this] enters" ability set for itself modifies its
            # copiable values (so a copy of it has them too)
            apply_exceptions(value, obj)


register(AsEnters())
