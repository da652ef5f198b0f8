"""Lesson 06's practice puzzles for the lessons in this folder: ``lessons/practice.py``.

Written by ``tools/build_lessons.py``; edit ``lessons/practice.py``, not this file.
"""

import importlib.util as _util
import sys as _sys
from pathlib import Path as _Path

_NAME = "rulekit_lessons_practice"
if _NAME not in _sys.modules:
    _spec = _util.spec_from_file_location(_NAME, _Path(__file__).resolve().parent.parent / "practice.py")
    assert _spec is not None and _spec.loader is not None
    _module = _util.module_from_spec(_spec)
    _sys.modules[_NAME] = _module
    _spec.loader.exec_module(_module)
globals().update({k: v for k, v in vars(_sys.modules[_NAME]).items() if not k.startswith("__")})
