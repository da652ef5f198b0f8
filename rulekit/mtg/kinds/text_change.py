"""613.1c, 612.2: "replace all instances of <word> with <word>" (``text_change: {from: Goblin, to:
Elf}``) in the object's abilities, text and data alike; a subtype on its type line too (612.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulekit.mtg.kinds import register
from rulekit.mtg.kinds.base import ANY, Checks, Game, Key, Kind, Make, Path_
from rulekit.mtg.vocab import BASIC_LAND_TYPES, SUBTYPES, rewrite_words

#: a rewritten ability is another ability: "creatures with islandwalk" may gain or lose members
TEXT_WRITES: frozenset[Key] = frozenset({("abilities-", ANY), ("abilities+", ANY), ("text", ANY)})
#: what a text change does to an object depends on that object's text (613.8a applies in layer 3)
TEXT_READS: frozenset[Key] = frozenset({("text", ANY)})
_MARK = "\x00"


def on_type_line(value: tuple[str, str]) -> str | None:
    """612.1, 612.2: the subtype a text change replaces on the type line as well as in the rules
    text (a creature type used as a creature type, a land type as a land type), else ``None``: a
    colour word is no word of the type line, and card types and supertypes are never replaced
    (a text change replaces a colour word or a subtype, ``checks.check_text_change``)."""
    return value[0] if value[0] in SUBTYPES else None


def change_type_line(obj: Any, old: str, new: str) -> None:
    """612.1: "Goblin" -> "Elf" on the type line makes the object an Elf (once, in the place the
    old word had); a basic land type changed there brings the new type's mana ability (305.6)."""
    if old not in obj.subtypes:
        return
    out: list[str] = []
    for s in obj.subtypes:
        w = new if s == old else s
        if w not in out:
            out.append(w)
    obj.subtypes = tuple(out)
    if old in BASIC_LAND_TYPES or new in BASIC_LAND_TYPES:
        obj.sync_intrinsic()


class TextChange(Kind):
    """The word is replaced inside the object's abilities (the rewritten abilities generate
    rewritten effects, :meth:`rulekit.mtg.model.Ability.rewritten`) and on its type line."""

    name = "text_change"
    section = "text_change"
    fields = {"from": (str, ...), "to": (str, ...)}
    sublayer = "text"
    order = 20
    rule = "613.1c, 612.1, 612.2"
    forms = (
        "`{from: Goblin, to: Elf}` — replaces the word (and its plural) inside the affected objects' "
        "abilities (their text **and** their effect data), so a lord for one type becomes a lord for "
        "another; a subtype on their type line too (612.1)"
    )
    examples = (
        {"from": "Goblin", "to": "Elf"},
        {"from": "Island", "to": "Swamp"},
        {"from": "red", "to": "blue"},
    )

    def build(self, section: Mapping[str, Any], make: Make) -> Any:
        return (str(section["from"]), str(section["to"]))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        if section:
            checks.text_change(path, str(section["from"]), str(section["to"]))

    def writes(self, value: Any) -> frozenset[Key]:
        old = on_type_line(value)
        return TEXT_WRITES if old is None else TEXT_WRITES | {("subtypes", old), ("subtypes", value[1])}

    def reads(self, value: Any) -> frozenset[Key]:
        old = on_type_line(value)
        return TEXT_READS if old is None else TEXT_READS | {("subtypes", old)}

    def keeps_signature(self, value: Any) -> bool:
        """A change of a subtype on the type line changes what selectors read (613.8a)."""
        return on_type_line(value) is None

    def params_vary(self, value: Any) -> bool:
        """Another text change applied first can give it more (or fewer) words to replace."""
        return True

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        """What it does to the object: how many times its word occurs in each ability (text and
        data), and whether its type line has it."""
        old = value[0]
        counts = tuple(rewrite_words(f"{a.text}\n{a.canon}", old, _MARK).count(_MARK) for a in obj.abilities)
        return (*counts, old in obj.subtypes)

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        old, new = value
        obj.abilities = tuple(a.rewritten(old, new) for a in obj.abilities)
        change_type_line(obj, old, new)


register(TextChange())
