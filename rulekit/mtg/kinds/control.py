"""613.1b: "<player> controls <affected>" (``control: you``, a player, ``controller of <object>``;
``its owner`` gives it back)."""

from __future__ import annotations

from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Game, Key, Kind, Path_

CONTROLLER: frozenset[Key] = frozenset({("controller", ANY)})


class Control(Kind):
    """The object's controller becomes the player the phrase names, read as layer 2 applies."""

    name = "control"
    section = "control"
    fields = {"": (str | None, None)}
    sublayer = "control"
    order = 10
    rule = "613.1b"
    forms = "`you` (the effect's controller), a player name, `controller of <object>` or `its owner`"
    examples = ({"": "you"}, {"": "Ann"}, {"": "Bo"}, {"": "its owner"})

    def present(self, section: Any) -> bool:
        return section is not None

    def build(self, section: Any, make: Any) -> Any:
        return str(section)

    def check(self, section: Any, path: Path_, checks: Checks) -> None:
        if section:
            checks.player(path, str(section))

    def writes(self, value: Any) -> frozenset[Key]:
        return CONTROLLER

    def reads(self, value: Any) -> frozenset[Key]:
        """ "you" (a static ability's controller, after this layer) and "controller of X" read a
        controller; a player named outright and "its owner" read none."""
        word = value.lower()
        return CONTROLLER if word == "you" or word.startswith("controller of ") else frozenset()

    def reads_resolved(self, value: Any) -> frozenset[Key]:
        """A resolved effect's "you" is fixed: only "controller of X" reads a controller."""
        return CONTROLLER if value.lower().startswith("controller of ") else frozenset()

    def params_vary(self, value: Any) -> bool:
        return True

    def uses_params(self, value: Any) -> bool:
        return True

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        return game.player(value) or obj.owner

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        obj.controller = param


register(Control())
