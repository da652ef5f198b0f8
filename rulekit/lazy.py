"""A package's names loaded on first use (PEP 562), in one place.

Several packages name things whose modules are heavy to import (the Oracle reader's grammar, the chain
views, the widgets): ``import rulekit.widgets`` stays light, and ``rulekit.widgets.LayerExplorer`` imports
its module the first time it is asked for. Each such package keeps a table (name → the module that defines
it) and hands its module ``__getattr__`` and ``__dir__`` to a :class:`LazyNames`:

>>> import sys, types
>>> pkg = types.ModuleType("pkg")
>>> names = LazyNames("pkg", {"dumps": "json"}, vars(pkg))
>>> names.get("dumps") is sys.modules["json"].dumps
True
>>> "dumps" in names.listed()
True
>>> names.get("nothing")
Traceback (most recent call last):
    ...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping, MutableMapping
from typing import Any


class LazyNames:
    """The names of module ``module`` that ``table`` maps to the module defining each: :meth:`get` is
    the package's ``__getattr__`` (a name is imported once, then kept in the package's ``namespace``, so
    later reads are plain attribute reads, unless the package has a submodule of that name, which
    ``import package.name`` must still find), :meth:`listed` its ``__dir__``."""

    def __init__(self, module: str, table: Mapping[str, str], namespace: MutableMapping[str, Any]) -> None:
        self.module, self.table, self.namespace = module, table, namespace

    def get(self, name: str) -> Any:
        home = self.table.get(name)
        if home is None:
            raise AttributeError(f"module {self.module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        if f"{self.module}.{name}" not in sys.modules:  # a submodule of the same name keeps its attribute
            self.namespace[name] = value
        return value

    def listed(self) -> list[str]:
        return sorted({*self.namespace, *self.table})
