"""Scoring executed benchmarks: assertions, checks and metrics per example, and the run's summary."""

from ..metrics import METRIC_NAMES, MetricSpec
from ..results import (
    AssertionResult,
    CheckResult,
    EvaluationResults,
    ExampleResult,
    MetricResult,
    ParameterResult,
    RateStat,
    RunResult,
    Summary,
)
from ..results_format import iter_results_file as read_results
from ._api import NothingToEvaluateError, OutputWriteError, aevaluate, evaluate
from ._blocks import Scored
from ._engine import aiter_evaluate, evaluate_example, iter_evaluate, resolve_judge
from ._example import NOTHING_CHECKED
from ._summary import SummaryBuilder

__all__ = [
    "METRIC_NAMES",
    "NOTHING_CHECKED",
    "AssertionResult",
    "CheckResult",
    "EvaluationResults",
    "ExampleResult",
    "MetricResult",
    "MetricSpec",
    "NothingToEvaluateError",
    "OutputWriteError",
    "ParameterResult",
    "RateStat",
    "RunResult",
    "Scored",
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
