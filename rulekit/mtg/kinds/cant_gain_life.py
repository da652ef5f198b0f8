"""119.7, 613.11: "<players> can't gain life" (``rules: {cant_gain_life: true}`` with ``players:``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.errors import N_
from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Checks, Kind, Path_, Rules


class CantGainLife(Kind):
    """The players it names can't gain life (a mark in the rules, once each)."""

    name = "cant_gain_life"
    section = "rules"
    fields = {"cant_gain_life": (bool, False)}
    sublayer = "rules"
    order = 40
    rule = "119.7, 613.11"
    forms = (
        '`{cant_gain_life: true}` with `players:` ("players can\'t gain life", '
        '"your opponents can\'t gain life")'
    )
    examples = ({"cant_gain_life": True},)

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section.get("cant_gain_life") and checks.effect.get("affects") is not None:  # a player's life
            checks.refuse(
                (*path[:-1], "affects"),
                N_(
                    "'can't gain life' is about players (119.7): name them with 'players:', "
                    "not objects with 'affects:'"
                ),
                {},
            )

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        who = rules.players()
        rules.touched = (*rules.touched, *who)
        barred = rules.rules.setdefault("cant_gain_life", {})
        for p in who:
            if not barred.get(p):
                barred[p] = True
                rules.change(f"cant_gain_life.{p}", False, True)


register(CantGainLife())
