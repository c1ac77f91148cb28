"""The aggregate record's ``evaluation_results``: pass rates overall and by slice, and every metric."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ._tally import Tallies, Tally

__all__ = ["OVERALL_RESULT_ID", "ResultContext", "evaluation_results"]

OVERALL_RESULT_ID = "pass_rate"
"""``evaluation_result_id`` of the overall pass rate, the result every instance line points at."""

_NAMESPACE = "morganabench"


@dataclass(frozen=True, slots=True)
class _Scale:
    """The value range and nature of one metric."""

    low: float
    """Smallest possible value (``-inf`` when unbounded)."""

    high: float
    """Largest possible value (``inf`` when unbounded)."""

    unit: str
    """``metric_unit``: proportion, points, count."""

    kind: str
    """``metric_kind``: the metric family."""

    description: str
    """What the value measures."""


# Value ranges of the evaluator's metrics (unknown metric names are treated as unbounded).
_SCALES = {
    "exact_match": _Scale(0.0, 1.0, "proportion", "exact_match", "1 when the response is the expected response"),
    "partial_match": _Scale(
        0.0, 1.0, "proportion", "token_recall", "share of the expected response's content words found in the response"
    ),
    "similarity": _Scale(
        1.0, 5.0, "points", "judge_score", "closeness in meaning of the response to the expected response"
    ),
    "relevance": _Scale(1.0, 5.0, "points", "judge_score", "whether the response addresses the request"),
    "coherence": _Scale(1.0, 5.0, "points", "judge_score", "whether the response is logical and well organized"),
    "groundedness": _Scale(
        1.0, 5.0, "points", "judge_score", "whether the response is supported by the retrieved context"
    ),
    "citations": _Scale(0.0, math.inf, "count", "count", "number of valid citations"),
    "retrieval": _Scale(0.0, math.inf, "count", "count", "number of chunks retrieved"),
}
_UNBOUNDED = _Scale(-math.inf, math.inf, "points", "score", "metric value")


@dataclass(frozen=True, slots=True)
class ResultContext:
    """What every aggregate result of one export shares."""

    version: str
    """The EEE schema version written."""

    benchmark: str
    """The evaluation name of the benchmark."""

    source_data: dict[str, Any]
    """The ``source_data`` object (the benchmark dataset)."""

    generation_details: dict[str, str] | None = None
    """``generation_config.additional_details`` written on every result (0.2.0 records the library there)."""


def evaluation_results(tallies: Tallies, context: ResultContext) -> list[dict[str, Any]]:
    """Every aggregate result with at least one value: overall first, then slices, metrics and categories."""
    bench = context.benchmark
    summary = tallies.summary.build()
    overall = _rate("pass_rate", "Pass rate", "share of examples whose every expectation holds")
    met = _proportion("expectations_met", "Expectations met", "mean share of each example's gating expectations met")
    specs: list[tuple[str, str, dict[str, Any], Tally]] = [
        (OVERALL_RESULT_ID, bench, overall, Tally.of(summary)),
        ("expectations_met", bench, met, tallies.expectations),
    ]
    slices = (
        ("assertion", summary.by_assertion, "Assertion", "share of {} assertions that hold"),
        ("matcher", summary.by_matcher, "Parameter", "share of {} parameter assertions that hold"),
        ("check", summary.by_check, "Check", "share of examples passing the {} check"),
    )
    for prefix, stats, title, description in slices:
        for name, stat in sorted(stats.items()):
            config = _rate(f"{title.lower()}_pass_rate", f"{title} pass rate", description.format(name))
            specs.append((f"{prefix}.{name}", f"{bench}.{prefix}.{name}", config, Tally.of(stat)))
    for name in sorted(tallies.metric_values.keys() | tallies.metric_passes.keys()):
        values = tallies.metric_values.get(name)
        if values is not None:
            specs.append((f"metric.{name}", bench, _metric(name, values, context.version), values))
        passes = tallies.metric_passes.get(name)
        if passes is not None:
            config = _rate(f"{name}_pass_rate", f"{name} pass rate", f"share of examples whose {name} meets its mark")
            specs.append((f"metric.{name}.pass_rate", bench, _with_threshold(config, values), passes))
    for category, stat in sorted(summary.by_category.items(), key=lambda item: tuple(item[0].split("=", 1))):
        config = _rate("pass_rate", "Pass rate", f"share of examples with {category} whose expectations hold")
        specs.append((f"category.{category}", f"{bench}.category.{category}", config, Tally.of(stat)))
    return [_result(result_id, name, config, tally, context) for result_id, name, config, tally in specs if tally.count]


def _rate(metric: str, title: str, description: str) -> dict[str, Any]:
    config = _proportion(metric, title, description)
    config["metric_kind"] = "pass_rate"
    return config


def _proportion(metric: str, title: str, description: str) -> dict[str, Any]:
    return {
        "evaluation_description": description[0].upper() + description[1:] + ".",
        "metric_id": f"{_NAMESPACE}.{metric}",
        "metric_name": title,
        "metric_kind": "proportion",
        "metric_unit": "proportion",
        "lower_is_better": False,
        "score_type": "continuous",
        "min_score": 0.0,
        "max_score": 1.0,
    }


def _metric(name: str, tally: Tally, version: str) -> dict[str, Any]:
    scale = _SCALES.get(name, _UNBOUNDED)
    low, high = _bound(scale.low, tally.minimum, version), _bound(scale.high, tally.maximum, version)
    config = _proportion(name, name, f"mean {name}: {scale.description}")
    config.update(metric_kind=scale.kind, metric_unit=scale.unit, min_score=low, max_score=high)
    return _with_threshold(config, tally)


def _bound(nominal: float, observed: float, version: str) -> float | str:
    """A finite bound as is; an unbounded one as ``"Infinity"``/``"-Infinity"`` (0.3.0) or the observed extreme
    (0.2.0 allows numbers only)."""
    if math.isfinite(nominal):
        return nominal
    if version != "0.2.0":
        return "Infinity" if nominal > 0 else "-Infinity"
    if nominal > 0:
        return max(observed, 0.0) if math.isfinite(observed) else 0.0
    return min(observed, 0.0) if math.isfinite(observed) else 0.0


def _with_threshold(config: dict[str, Any], tally: Tally | None) -> dict[str, Any]:
    """``config`` with the pass mark as its ``metric_parameters`` when the metric's values had one (and only one)."""
    if tally is not None and len(tally.thresholds) == 1:
        config["metric_parameters"] = {"threshold": next(iter(tally.thresholds))}
    return config


def _details(tally: Tally) -> dict[str, str]:
    details = {"count": str(tally.count)}
    if tally.passed or tally.failed or tally.errors or tally.undecided:
        details.update(passed=str(tally.passed), failed=str(tally.failed), errors=str(tally.errors))
        details["undecided"] = str(tally.undecided)
    if tally.judges:
        details["judge"] = ", ".join(sorted(tally.judges))
    if len(tally.thresholds) > 1:
        details["thresholds"] = ", ".join(map(repr, sorted(tally.thresholds)))
    return details


def _result(result_id: str, name: str, config: dict[str, Any], tally: Tally, context: ResultContext) -> dict[str, Any]:
    v3 = context.version != "0.2.0"
    metric_config = dict(config)
    if not v3:
        for key in ("metric_id", "metric_name", "metric_kind", "metric_unit", "metric_parameters"):
            metric_config.pop(key, None)
    uncertainty: dict[str, Any] = {"num_samples": tally.count}
    deviation, error = tally.standard_deviation, tally.standard_error
    if deviation is not None and error is not None:
        uncertainty["standard_deviation"] = deviation
        uncertainty["standard_error"] = {"value": error, "method": "analytic"}
    result: dict[str, Any] = {}
    if v3:
        result["evaluation_result_id"] = result_id
    result.update(
        evaluation_name=name,
        source_data=context.source_data,
        metric_config=metric_config,
        score_details={"score": tally.mean, "details": _details(tally), "uncertainty": uncertainty},
    )
    if context.generation_details:
        result["generation_config"] = {"additional_details": dict(context.generation_details)}
    return result
