"""The result models, defined in :mod:`mb.results` (a leaf module every layer may import), re-exported here."""

from ..results import (
    AssertionResult,
    CheckResult,
    ExampleResult,
    MetricResult,
    ParameterResult,
    RateStat,
    RunResult,
    Status,
    Summary,
)

__all__ = [
    "AssertionResult",
    "CheckResult",
    "ExampleResult",
    "MetricResult",
    "ParameterResult",
    "RateStat",
    "RunResult",
    "Status",
    "Summary",
]
