"""The built-in scenarios and "which game is this?", answered in one place.

* :data:`SCENARIO_DIR` is the data folder of built-in scenarios (``rulekit/data/scenarios``).
* :func:`list_builtin` lists the built-in names whose ``game:`` key matches (``seed/...`` and
  ``classic/...`` are MTG, ``apoteose/...`` are Apoteose).
* :func:`builtin_file` resolves a built-in name to its file. A built-in name never leaves the data
  folder (:func:`rulekit.yamlsrc.builtin_path`). For the Apoteose loader a name may drop its
  ``apoteose/`` prefix (``seed-activation`` means ``apoteose/seed-activation``); the MTG loader
  takes the full name only.
* :func:`scenario_game` says ``"mtg"`` or ``"apoteose"`` for a built-in name, a path or a loaded
  object, reading the file's ``game:`` key; a missing or unknown key is one located error.

Engine side: this module imports neither views nor pandas, and no game package.

>>> from rulekit import scenarios
>>> "seed/humility-then-gideon" in scenarios.list_builtin("mtg")
True
>>> scenarios.builtin_file("seed-activation", game="apoteose")[1]
'apoteose/seed-activation'
>>> scenarios.builtin_file("seed-activation", game="mtg") is None
True
>>> [scenarios.scenario_game(n) for n in ("seed/blood-moon", "apoteose/stopped", "stopped")]
['mtg', 'apoteose', 'apoteose']
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from rulekit.errors import N_, ScenarioError
from rulekit.yamlsrc import YamlDoc, builtin_path, exists, suggest

GAMES = ("mtg", "apoteose")
SCENARIO_DIR = Path(__file__).resolve().parent / "data" / "scenarios"
APOTEOSE_PREFIX = "apoteose/"


def scenario_root() -> Path:
    """The data folder of built-in scenarios.

    >>> scenario_root().name
    'scenarios'
    """
    return SCENARIO_DIR


def builtin_file(name: str, game: str | None = None) -> tuple[Path, str] | None:
    """``(file, full name)`` of a built-in scenario name, or ``None`` when it names none.

    With ``game="mtg"`` only the full name counts. Otherwise a name without the ``apoteose/``
    prefix that names an Apoteose built-in means that one (the Apoteose shorthand), and the full
    name returned carries the prefix.

    >>> builtin_file("seed/blood-moon")[1]
    'seed/blood-moon'
    >>> builtin_file("seed/../../../etc/passwd") is None
    True
    """
    if game != "mtg" and not name.startswith(APOTEOSE_PREFIX):
        short = builtin_path(SCENARIO_DIR / "apoteose", name)
        if short is not None:
            return short, APOTEOSE_PREFIX + name
    path = builtin_path(SCENARIO_DIR, name)
    return (path, name) if path is not None else None


def _read_game(path: Path, display: str) -> tuple[YamlDoc, Any]:
    doc = YamlDoc.from_path(path, display=display)
    data = doc.data
    return doc, data.get("game") if isinstance(data, dict) else None


@functools.cache
def _builtin_index() -> tuple[tuple[str, str | None], ...]:
    """``(name, game)`` of every built-in file, sorted by name — only a cache.

    The data folder is package data: it does not change while rulekit runs, so it is read once per
    process (reading every file's ``game:`` key costs ~18 ms). The game is ``None`` for a file that
    cannot be read or whose ``game:`` is not a string.
    Tests that change the folder call ``_builtin_index.cache_clear()``.
    """
    out: list[tuple[str, str | None]] = []
    for p in sorted(SCENARIO_DIR.rglob("*.yaml")):
        name = p.relative_to(SCENARIO_DIR).with_suffix("").as_posix()
        try:
            _, found = _read_game(p, f"{name}.yaml")
        except (OSError, ScenarioError):
            found = None
        out.append((name, found if isinstance(found, str) else None))
    return tuple(out)


def list_builtin(game: str | None = "mtg") -> tuple[str, ...]:
    """Built-in scenario names, sorted, whose ``game:`` key is ``game`` (every one for ``None``).

    A tuple, so no caller can change what the next one sees: the folder is read once per process
    (see :func:`_builtin_index`, only a cache).

    >>> set(list_builtin("mtg")) | set(list_builtin("apoteose")) == set(list_builtin(None))
    True
    >>> type(list_builtin("mtg")).__name__
    'tuple'
    """
    return tuple(name for name, found in _builtin_index() if game is None or found == game)


def scenario_game(scenario: Any) -> str:
    """``"mtg"`` or ``"apoteose"`` for a scenario given as a built-in name, a path or a loaded object.

    A name that is neither a file nor a built-in is ``"mtg"``: the MTG loader then reports the
    unknown name with a suggestion.

    >>> scenario_game("apoteose/anything"), scenario_game("seed/humility-then-gideon")
    ('apoteose', 'mtg')
    """
    if not isinstance(scenario, str | Path):
        module = type(scenario).__module__
        return "apoteose" if module.startswith("rulekit.apoteose") else "mtg"
    text = str(scenario)
    if text.startswith(APOTEOSE_PREFIX):
        return "apoteose"
    path = Path(text)
    if not exists(path):
        found = builtin_file(text)  # never outside the data folder
        if found is None:
            return "mtg"
        path = found[0]

    doc, game = _read_game(path, text)
    if game not in GAMES:
        if game is None:
            raise ScenarioError(
                N_("a scenario needs a top-level 'game:' key (mtg or apoteose)"),
                params={},
                file=text,
                line=1,
                field="game",
                code="MISSING_KEY",
            )
        raise doc.error(
            ("game",),
            N_("'{game}' is not a game rulekit knows (mtg, apoteose)"),
            params={"game": game},
            suggestion=suggest(str(game), GAMES),
        )
    return str(game)


__all__ = ["GAMES", "SCENARIO_DIR", "builtin_file", "list_builtin", "scenario_game", "scenario_root"]
