"""The registry of effect kinds: one record per kind, each in a module of this package named after
it (``rulekit/mtg/kinds/remove_all.py``), registered as the package is imported.

Everything else reads the registry: the file's shape (:func:`rulekit.mtg.schema.effect_model`), the
loader's checks (:func:`rulekit.mtg.checks.check_effect_data`), the spec's parameters
(:func:`rulekit.mtg.model.build_spec`, :attr:`rulekit.mtg.model.EffectSpec.kinds`), the layer part
that applies them (:class:`rulekit.mtg.engine.layers.base.KindsPart`), the fuzzer's effect shapes
(``tools/fuzz.py``) and LANGUAGE.md's table of kinds (:func:`markdown_table`). Adding a kind is one
module here and its test (``tests/mtg/kinds/test_<kind>.py``); ARCHITECTURE.md §3 says how.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from rulekit.mtg.kinds.base import SUBLAYERS, Kind

#: every kind, by name, as registered
KINDS: dict[str, Kind] = {}
#: the order the spec's sections are read in: the first kind's of each, as registered
_VERSION = [0]
_SECTIONS: dict[int, dict[str, tuple[Kind, ...]]] = {}


def register(kind: Kind) -> Kind:
    """Add one kind to the registry (its module calls this once); returns it."""
    if not kind.name or not kind.section or not kind.fields or not kind.sublayer or not kind.rule:
        raise TypeError(f"an effect kind needs a name, a section, fields, a sublayer and a rule: {kind!r}")
    if kind.sublayer not in SUBLAYERS:
        raise ValueError(
            f"effect kind {kind.name!r}: {kind.sublayer!r} is no sublayer ({', '.join(SUBLAYERS)})"
        )
    if kind.name in KINDS:
        raise ValueError(f"effect kind {kind.name!r} is registered twice")
    taken = {k for other in KINDS.values() if other.section == kind.section for k in other.fields}
    if taken & set(kind.fields):
        raise ValueError(
            f"effect kind {kind.name!r} takes a key another kind has: {sorted(taken & set(kind.fields))}"
        )
    KINDS[kind.name] = kind
    _VERSION[0] += 1
    return kind


def unregister(name: str) -> None:
    """Take a kind out of the registry (a test's own kind, once the test is done)."""
    del KINDS[name]
    _VERSION[0] += 1


def version() -> int:
    """A number that changes whenever the registry does (what is made from it is remade)."""
    return _VERSION[0]


def sections() -> dict[str, tuple[Kind, ...]]:
    """Each section's kinds, in the order they apply (:attr:`Kind.order`, then name); the sections
    in the order of their layers (:data:`SUBLAYERS`)."""
    got = _SECTIONS.get(_VERSION[0])
    if got is None:
        by: dict[str, list[Kind]] = {}
        for kind in KINDS.values():
            by.setdefault(kind.section, []).append(kind)
        order = sorted(by, key=lambda s: (min(SUBLAYERS.index(k.sublayer) for k in by[s]), s))
        got = {s: tuple(sorted(by[s], key=lambda k: (k.order, k.name))) for s in order}
        _SECTIONS.clear()
        _SECTIONS[_VERSION[0]] = got
    return got


def kinds_of(section: str) -> tuple[Kind, ...]:
    """The kinds written under one section of an effect spec (``abilities``)."""
    return sections().get(section, ())


def section_mapping(section: str, value: Any) -> Any:
    """A section as its kinds read it: a one-word form (``color: colorless``) is the mapping it
    stands for (:meth:`Kind.read_shorthand`); anything else as it is."""
    if isinstance(value, str):
        for kind in kinds_of(section):
            got = kind.read_shorthand(value)
            if got is not None:
                return got
    return value


def markdown_table() -> str:
    """LANGUAGE.md §3's table of the effect kinds (``tests/mtg/kinds/test_registry.py`` checks the
    file holds it)."""
    rows = ["| kind | layer part | keys | forms | rule |", "|---|---|---|---|---|"]
    for section, kinds in sections().items():
        for kind in kinds:
            keys = ", ".join(f"`{k}`" for k in kind.fields if k)
            where = f"`{section}`: {keys}" if keys else f"`{section}`"
            rows.append(f"| `{kind.name}` | {kind.sublayer} | {where} | {kind.forms} | {kind.rule} |")
    return "\n".join(rows) + "\n"


# every module of this package is one kind's record (or a helper the records share)
for _module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_module}")

__all__ = [
    "KINDS",
    "Kind",
    "kinds_of",
    "markdown_table",
    "register",
    "section_mapping",
    "sections",
    "unregister",
    "version",
]
