"""MorganaBench: evaluate LLM agents on benchmark files.

- :mod:`mb.entities`: the data model of one benchmark line (:class:`~mb.entities.Example`).
- :func:`mb.run`: run an agent over a benchmark, returning an :class:`AgentRun` (the executed examples and a
  :class:`RunSummary`); :func:`mb.evaluate`: score an executed benchmark, returning :class:`EvaluationResults`
  (an :class:`ExampleResult` per line and their :class:`Summary`).
- :class:`MBError`: the root of every error MorganaBench raises, with one branch per kind of problem
  (:mod:`mb.errors`).
- :mod:`mb.io`, :mod:`mb.judges`, :mod:`mb.metrics`, :mod:`mb.formats`: reading and writing files, judges,
  metrics, and other tools' formats.

Submodules load on first use, so ``import mb`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._lazy import lazy_attributes
from ._version import __version__
from .errors import AgentError, ConfigError, InputError, JudgeError, MBError, OutputError, ResultsFormatError

if TYPE_CHECKING:
    from . import entities
    from .evaluation import aevaluate, evaluate
    from .results import EvaluationResults, ExampleResult, Summary
    from .runner import AgentRun, RunSummary, arun, run

__all__ = [
    "AgentError",
    "AgentRun",
    "ConfigError",
    "EvaluationResults",
    "ExampleResult",
    "InputError",
    "JudgeError",
    "MBError",
    "OutputError",
    "ResultsFormatError",
    "RunSummary",
    "Summary",
    "__version__",
    "aevaluate",
    "arun",
    "entities",
    "evaluate",
    "run",
]

_LAZY = {
    "entities": ".entities",
    "evaluate": ".evaluation",
    "aevaluate": ".evaluation",
    "EvaluationResults": ".results",
    "ExampleResult": ".results",
    "Summary": ".results",
    "run": ".runner",
    "arun": ".runner",
    "AgentRun": ".runner",
    "RunSummary": ".runner",
}


__getattr__ = lazy_attributes(__name__, globals(), _LAZY)
