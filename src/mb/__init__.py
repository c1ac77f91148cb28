"""MorganaBench: evaluate LLM agents on benchmark files.

- :mod:`mb.entities`: the data model of one benchmark line (:class:`~mb.entities.Example`).
- :mod:`mb.io`: streaming JSONL reading and writing with line-numbered errors.
- :func:`mb.run`: run an agent over a benchmark; :func:`mb.evaluate`: score an executed benchmark.
- :mod:`mb.judges`, :mod:`mb.metrics`, :mod:`mb.formats`: judges, metrics, and other tools' formats.

Submodules load on first use, so ``import mb`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_attributes
from ._version import __version__

if TYPE_CHECKING:
    from .evaluation import aevaluate, evaluate
    from .runner import arun, run

__all__ = ["__version__", "aevaluate", "arun", "evaluate", "run"]

_LAZY = {
    "evaluate": "mb.evaluation",
    "aevaluate": "mb.evaluation",
    "run": "mb.runner",
    "arun": "mb.runner",
}


__getattr__ = lazy_attributes(__name__, globals(), _LAZY)
