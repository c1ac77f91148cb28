"""Scoring executed benchmarks: assertions, checks and metrics per example, and the run's summary."""

from .results import (
    AssertionResult,
    CheckResult,
    ExampleResult,
    MetricResult,
    ParameterResult,
    RateStat,
    RunResult,
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
    "Summary",
]
