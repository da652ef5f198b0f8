"""613.10: "<players> have <ability>" (``player: {add: [Hexproof]}`` with ``players:``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import Kind, Make, strs


class PlayerAbilities(Kind):
    """The players it names get these abilities (once each), after every layer of objects."""

    name = "player_abilities"
    section = "player"
    fields = {"add": (list[str], [])}
    sublayer = "players"
    order = 10
    rule = "613.10"
    forms = "`{add: [Hexproof]}` or `{add: [protection from red]}` with `players:`"
    examples = ({"add": ["Hexproof"]}, {"add": ["protection from red"]})

    def present(self, section: Mapping[str, Any]) -> bool:
        return True  # "player: {add: []}" still makes its (empty) part, as it always did

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return strs(section.get("add"))

    def apply_to_player(self, value: Any, abilities: list[str]) -> None:
        for ab in value:
            if ab not in abilities:
                abilities.append(ab)


register(PlayerAbilities())
