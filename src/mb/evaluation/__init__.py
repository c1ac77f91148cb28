"""Scoring executed benchmarks: assertions, checks and metrics per example, and the run's summary."""

from collections.abc import Iterator
from os import PathLike

from ..metrics import METRIC_NAMES, MetricSpec
from ..results import (
    AssertionResult,
    CheckResult,
    ExampleResult,
    MetricResult,
    ParameterResult,
    RateStat,
    RunResult,
    Summary,
)
from ._engine import aevaluate, aiter_evaluate, evaluate, evaluate_example, iter_evaluate, resolve_judge
from ._summary import SummaryBuilder

__all__ = [
    "METRIC_NAMES",
    "AssertionResult",
    "CheckResult",
    "ExampleResult",
    "MetricResult",
    "MetricSpec",
    "ParameterResult",
    "RateStat",
    "RunResult",
    "Summary",
    "SummaryBuilder",
    "aevaluate",
    "aiter_evaluate",
    "evaluate",
    "evaluate_example",
    "iter_evaluate",
    "read_results",
    "resolve_judge",
]


def read_results(path: str | PathLike[str]) -> Iterator[ExampleResult]:
    """Read a results file written by ``mb eval -o`` (one :class:`ExampleResult` per line)."""
    from ..io import iter_lines

    for _, data in iter_lines(path):
        yield ExampleResult.model_validate_json(data)
