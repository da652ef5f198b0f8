"""What an effect kind is: one record holding all it knows (LANGUAGE.md §3, ARCHITECTURE.md §3).

An effect spec is a mapping whose parts each apply in one layer (613.1-613.4, 613.10, 613.11):
``abilities: {add: [...], remove: [...]}`` holds two *kinds* of layer-6 effect. A :class:`Kind`
says, for one of them:

* its place: :attr:`section` (the spec's key it is written under, ``abilities``), :attr:`fields`
  (its own keys there, each with its pydantic type and default: the file's shape is made from
  them, :func:`rulekit.mtg.schema.effect_model`), :attr:`sublayer` (the layer part that applies it,
  :data:`rulekit.mtg.model.SUBLAYERS`) and :attr:`order` (where it applies among that part's kinds);
* its words: :attr:`rule` (the CR rule it models), :attr:`forms` (LANGUAGE.md's table,
  :func:`rulekit.mtg.kinds.markdown_table`), :attr:`examples` (what ``tools/fuzz.py`` writes);
* :meth:`check`: what of its values the shape cannot say (with a :class:`Checks` the loader gives);
* :meth:`build`: its parameters, read once when the spec is built (:func:`rulekit.mtg.model.build_spec`);
* :meth:`writes` / :meth:`reads`: what it may change and what its parameters read (613.8a pruning;
  ``("abilities-", "*")`` marks a kind that can remove abilities and so end static effects, 611.3b);
* :meth:`params_vary` / :meth:`uses_params` / :meth:`params`: what it does to one object, as data,
  when that depends on other objects (read before anything changes; compared by 613.8a's test);
* :meth:`apply`: what it does to one object; :meth:`by_text`, :meth:`grants`.

The kinds sit below the model and the engine: a kind's module imports neither. What it needs of
them is handed to it: a :class:`Make` to build abilities, the engine's objects (``Any`` here: an
:class:`rulekit.mtg.engine.state.Obj`) and a function that selects them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: Internal, edition-independent sublayer ids, in application order (613.1-613.4, 613.10, 613.11).
SUBLAYERS = (
    "copy",
    "face_down",
    "control",
    "text",
    "type",
    "color",
    "abilities",
    "pt_cda",
    "pt_set",
    "pt_modify",
    "pt_counters",
    "pt_switch",
    "players",
    "rules",
)

#: a characteristic and its value, or :data:`ANY` (what a kind writes or reads, 613.8a)
Key = tuple[str, str]
ANY = "*"
NOTHING: frozenset[Key] = frozenset()
#: where a value sits in the file (the keys and indexes down to it)
Path_ = tuple[str | int, ...]


def read_keys(chars: Iterable[tuple[str, str]]) -> frozenset[Key]:
    """What a selector or expression says it reads (``Selector.characteristics``,
    ``Expr.characteristics``), in the keys :meth:`Kind.writes` uses: abilities are changed
    by adding (``abilities+``) or removing (``abilities-``) them, power and toughness by every
    P/T sublayer (``pt``); the rest keep their name (``("subtypes", "Swamp")`` for "Swamps",
    ``("colors", "*")`` for "colorless", ``("controller", "*")`` for "you control").

    >>> from rulekit.mtg.selectors import parse_selector
    >>> sorted(read_keys(parse_selector("creatures with flying").characteristics))
    [('abilities+', '*'), ('abilities-', '*'), ('types', 'Creature')]
    """
    out: set[Key] = set()
    for attr, value in chars:
        if attr == "abilities":
            out.add(("abilities-", ANY))
            out.add(("abilities+", ANY))
        elif attr in ("power", "toughness"):
            out.add(("pt", ANY))
        else:
            out.add((attr, value))
    return frozenset(out)


def add_words(seq: tuple[str, ...], words: Iterable[str]) -> tuple[str, ...]:
    """``seq`` with the new words appended, once each."""
    out = list(seq)
    for w in words:
        if w not in out:
            out.append(w)
    return tuple(out)


def strs(value: Any) -> tuple[str, ...]:
    """A list of words as a tuple (``None``: none; one word: itself)."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


class Make(Protocol):
    """What a kind's :meth:`Kind.build` may make that the model defines (the model hands it)."""

    def ability(self, data: Any, key: str = "") -> Any:
        """An :class:`rulekit.mtg.model.Ability` from its card form (LANGUAGE.md §2)."""
        ...


class Game(Protocol):
    """What a kind's :meth:`Kind.params` may ask of the game as its layer applies (the engine hands
    it, for one effect: its "you", its targets, the values it fixed as it resolved, 611.2c)."""

    def objects(self, selector: Any) -> list[Any]:
        """The objects a selector names now, as the engine has them."""
        ...

    def number(self, expr: Any, obj: Any) -> int:
        """A number phrase's value for one object (LANGUAGE.md §3)."""
        ...

    def player(self, word: str) -> str | None:
        """The player a phrase names (``you``, a name, ``controller of X``; ``None``: its owner)."""
        ...


class Rules(Protocol):
    """What a rules kind's :meth:`Kind.apply_to_rules` works on (the engine hands it, for one
    effect): the rules as a mapping, the players and objects it reaches, what it touched and the
    changes it made."""

    rules: dict[str, Any]
    #: the objects it names (611.2c: as they are now), and what it touched so far
    affected: tuple[str, ...]
    touched: tuple[str, ...]

    def players(self) -> tuple[str, ...]:
        """The players its ``players:`` names, within its controller's range of influence (801.2)."""
        ...

    def change(self, key: str, before: Any, after: Any) -> None:
        """Record one change of the rules (``max_hand_size.Ann``, ``requirements.bears``...)."""
        ...


class Checks(Protocol):
    """The loader's checks a kind's :meth:`Kind.check` may call (``rulekit/mtg/checks.py`` gives
    them); each raises one located error naming ``path``."""

    def words(self, path: Path_, words: list[str], kind: str) -> None:
        """Every word is a known one of ``kind`` (``any``, ``types``, ``subtypes``, ``colors``)."""
        ...

    def selector(self, path: Path_, text: str) -> None:
        """A selector that reads, naming only the scenario's objects."""
        ...

    def granted(self, path: Path_, item: Any) -> None:
        """An ability an effect grants (a string, or a mapping as in LANGUAGE.md §2)."""
        ...

    def ability(self, path: Path_, item: Any) -> None:
        """An ability as written in the file (its shape and words)."""
        ...

    def text_change(self, path: Path_, old: str, new: str) -> None:
        """612.2: a word replaced by another of its kind (colour, land type, creature type)."""
        ...

    def player(self, path: Path_, who: str) -> None:
        """A player phrase: ``you``, a player, ``its owner`` or ``controller of <object>``."""
        ...

    def number(self, path: Path_, value: Any) -> None:
        """A number phrase (LANGUAGE.md §3) that reads, naming only the scenario's objects; X only
        in a resolving ability's effect."""
        ...

    def spells(self, path: Path_, text: str) -> None:
        """601.2f: a selector that names spells or cards (what a cost change is paid for)."""
        ...

    def counters(self, path: Path_, counters: dict[str, int]) -> None:
        """Counter kinds and numbers (``{+1/+1: 2}``, 122.1a), each bounded."""
        ...

    def suggest(self, word: str, choices: list[str]) -> str | None:
        """The closest of ``choices`` to a misspelt ``word`` (for :meth:`refuse`), if one is close."""
        ...

    @property
    def effect(self) -> Mapping[str, Any]:
        """The whole effect spec the section is part of (what another key says)."""
        ...

    #: whether the effect is one a resolving spell or ability makes (a ``resolve`` event, an
    #: ability's ``resolves:``), not a static ability's or a characteristic-defining one's
    resolving: bool

    def refuse(
        self,
        path: Path_,
        message: str,
        params: Mapping[str, Any],
        suggestion: str | None = None,
        code: str = "INVALID_VALUE",
    ) -> None:
        """Refuse the value at ``path`` with a catalogue message (``N_(...)``) and an error code."""
        ...


class Kind:
    """One effect kind (see the module docstring). A kind's module subclasses it and registers
    one instance (:func:`rulekit.mtg.kinds.register`); subclasses override what differs."""

    #: its id: the section and its first key (``abilities.add``)
    name = ""
    #: the effect spec's key it is written under, and its own keys there: ``{key: (type, default)}``;
    #: a kind whose section holds its value itself (``switch_pt: true``) has the one key ``""``
    section = ""
    fields: Mapping[str, tuple[Any, Any]] = {}
    #: the layer part that applies it, and where among that part's kinds (lowest first)
    sublayer = ""
    order = 0
    #: the CR rule it models, and its forms as LANGUAGE.md §3 shows them (Markdown)
    rule = ""
    forms = ""
    #: one-word forms of its section the file may write (``colorless``, :meth:`read_shorthand`)
    shorthands: tuple[str, ...] = ()
    #: its keys that hold a number phrase (LANGUAGE.md §3), which may read X (``checks.uses_x``)
    numbers: tuple[str, ...] = ()
    #: values of its keys as the fuzzer writes them (``tools/fuzz.py``): one mapping each
    examples: tuple[Mapping[str, Any], ...] = ()

    def __repr__(self) -> str:
        return f"<effect kind {self.name}>"

    def sublayer_for(self, cda: bool) -> str:
        """The sublayer it applies in, in a characteristic-defining ability when ``cda`` (604.3)."""
        return self.sublayer

    @property
    def scalar(self) -> bool:
        """Whether its section holds its value itself (``switch_pt: true``), not a mapping of keys."""
        return "" in self.fields

    def present(self, section: Any) -> bool:
        """Whether the section says something of this kind (one of its keys is set)."""
        if self.scalar:
            return bool(section)
        return any(section.get(k) for k in self.fields)

    def build(self, section: Any, make: Make) -> Any:
        """Its parameters, from the section's validated mapping (or value, :attr:`scalar`)."""
        return section if self.scalar else section.get(next(iter(self.fields)))

    def check(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        """Its values' words and references (``path``: the section's), on the file's values and
        again once ``{chosen ...}`` placeholders are filled in."""

    def check_written(self, section: Mapping[str, Any], path: Path_, checks: Checks) -> None:
        """What it holds as written in the file, checked once (a granted ability's own shape)."""

    def read_shorthand(self, text: str) -> Mapping[str, Any] | None:
        """The mapping a one-word section stands for (``color: colorless`` is ``{set: []}``), if
        this kind reads that word (:attr:`shorthands` are those the file may write)."""
        return None

    def writes(self, value: Any) -> frozenset[Key]:
        """What it may change."""
        return NOTHING

    def keeps_signature(self, value: Any) -> bool:
        """Whether applying it leaves what selectors read unchanged (when its part's does)."""
        return True

    def decision_inputs(self, value: Any) -> frozenset[Key]:
        """What of an object, besides what selects it, decides what it does to that object."""
        return NOTHING

    def reads(self, value: Any) -> frozenset[Key]:
        """What its parameters read (besides what selects the objects it applies to)."""
        return NOTHING

    def reads_resolved(self, value: Any) -> frozenset[Key]:
        """What its parameters read in a resolved effect, whose "you" is fixed (611.2c)."""
        return self.reads(value)

    def params_vary(self, value: Any) -> bool:
        """Whether what it does can differ from one moment (or object) to another."""
        return False

    def uses_params(self, value: Any) -> bool:
        """Whether :meth:`apply` takes :meth:`params` (then its part applies it object by object)."""
        return False

    def params(self, value: Any, eff: Any, obj: Any, game: Game) -> Any:
        """What it does to one object, as data, computed before anything changes."""
        return None

    def exprs(self, value: Any) -> tuple[Any, ...]:
        """The number phrases it holds (:class:`rulekit.mtg.expressions.Expr`): a resolved effect
        fixes their values as it resolves (611.2c)."""
        return ()

    def by_text(self, value: Any) -> bool:
        """Whether what it does depends on the effect's text alone (not on which effect it is)."""
        return True

    def grants(self, value: Any) -> tuple[Any, ...]:
        """The abilities it grants (whose own effects may act in this same layer)."""
        return ()

    def apply(self, value: Any, eff: Any, obj: Any, param: Any) -> None:
        """Apply it to one (writable) engine object."""

    # ------------------------------------------------- effects on players and rules (613.10, 613.11)
    def names_objects(self, value: Any, named: bool) -> bool:
        """Whether a rules kind applies to the objects the effect names (``named``: it names some,
        by ``affects`` or targets), found as the layer applies (611.2c: never locked)."""
        return False

    def apply_to_player(self, value: Any, abilities: list[str]) -> None:
        """613.10: give one player what it gives (their abilities, changed in place)."""

    def apply_to_rules(self, value: Any, rules: Rules) -> None:
        """613.11: change the game's rules (:class:`Rules`: what it reads and what it records)."""
