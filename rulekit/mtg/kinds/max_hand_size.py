"""613.11, 402.2: a player's maximum hand size set, changed or taken away (``rules: {max_hand_size:
{add: -1}}``, ``{set: 0}``, a number, or ``no maximum``), with ``players:``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from rulekit.errors import N_
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Kind, Make, Path_, Rules

NO_MAXIMUM = "no maximum"


class HandSize(BaseModel):
    """``{add: N}`` or ``{set: N}``."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, strict=True)
    add: int | None = None
    set: int | None = None


class MaxHandSize(Kind):
    """``(add, set, unlimited)``: ``no maximum`` leaves ``None`` in the rules (402.2); a later
    ``add`` leaves it so, a later ``set`` gives a number again (in timestamp order)."""

    name = "max_hand_size"
    section = "rules"
    fields = {"max_hand_size": (HandSize | int | str | None, None)}
    sublayer = "rules"
    order = 10
    rule = "613.11, 402.2"
    forms = (
        "`{max_hand_size: {add: -1}}`, `{max_hand_size: {set: 0}}`, `{max_hand_size: no maximum}` "
        '(Reliquary Tower: "You have no maximum hand size"; the rules then hold `null` for that player, a '
        "later `add` leaves it so, a later `set` gives a number again), with `players:`"
    )
    examples = ({"max_hand_size": {"add": -1}}, {"max_hand_size": {"set": 0}}, {"max_hand_size": NO_MAXIMUM})

    def present(self, section: Mapping[str, Any]) -> bool:
        return section.get("max_hand_size") is not None

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        """``(add, set, unlimited)``."""
        mhs = section["max_hand_size"]
        if isinstance(mhs, Mapping):
            add = int(mhs["add"]) if mhs.get("add") is not None else None
            return (add, int(mhs["set"]) if mhs.get("set") is not None else None, False)
        if isinstance(mhs, str):  # "no maximum hand size" (402.2)
            return (None, None, True)
        return (None, int(mhs), False)

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        mhs = section.get("max_hand_size")
        if isinstance(mhs, str) and mhs.strip().lower() != NO_MAXIMUM:
            checks.refuse(
                (*path, "max_hand_size"),
                N_("'{value}' is not a maximum hand size (a number, {add}, {set} or '{none}', 402.2)"),
                {"value": mhs, "add": "{add: N}", "set": "{set: N}", "none": NO_MAXIMUM},
                NO_MAXIMUM,
            )

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        add, set_to, unlimited = value
        if add is None and set_to is None and not unlimited:
            return
        who = rules.players()
        rules.touched = who
        sizes = rules.rules["max_hand_size"]
        for p in who:
            old = sizes[p]
            new = old
            if unlimited:
                new = None  # 402.2: no maximum hand size (``None``)
            if set_to is not None:
                new = set_to
            if add is not None and new is not None:
                new = new + add  # no maximum, reduced, is still no maximum
            sizes[p] = new
            if new != old:
                rules.change(f"max_hand_size.{p}", old, new)


register(MaxHandSize())
