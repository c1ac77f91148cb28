"""``exact_match`` and ``partial_match``: string matching of the response against the expected response."""

from __future__ import annotations

from collections import Counter

from ..entities import Example
from ..matching import MatchContext
from ..results import MetricResult
from ._base import Metric, MetricSpec, register_metric, skipped, threshold_of
from ._text import has_expected_response, normalize_space, tokens

__all__ = ["exact_match", "partial_match"]


def _exact(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    expected = example.expectations.expected_response
    if not expected or example.outputs is None:
        return skipped("no expected_response to match")
    case_sensitive = bool(spec.options.get("case_sensitive", False))
    needle, haystack = normalize_space(expected), normalize_space(example.outputs.response)
    if not case_sensitive:
        needle, haystack = needle.casefold(), haystack.casefold()
    found = needle in haystack
    how = "case-sensitive" if case_sensitive else "ignoring case"
    return MetricResult(
        value=1.0 if found else 0.0,
        passed=found,
        threshold=1.0,
        reason=f"the response {'contains' if found else 'does not contain'} the expected response ({how})",
        details={"case_sensitive": case_sensitive},
    )


def _partial(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    expected = example.expectations.expected_response
    if not expected or example.outputs is None:
        return skipped("no expected_response to match")
    case_sensitive = bool(spec.options.get("case_sensitive", False))
    threshold = threshold_of(spec) or 0.0
    wanted = Counter(tokens(expected, case_sensitive=case_sensitive))
    got = Counter(tokens(example.outputs.response, case_sensitive=case_sensitive))
    total = sum(wanted.values())
    found = sum((wanted & got).values())
    score = found / total if total else 1.0
    return MetricResult(
        value=round(score, 4),
        passed=score >= threshold,
        threshold=threshold,
        reason=f"Match score: {score:.3f} ({found} of {total} expected words found in the response)",
        details={"case_sensitive": case_sensitive, "found": found, "expected": total},
    )


exact_match = register_metric(
    Metric(
        "exact_match",
        "The expected response appears in the response.",
        1.0,
        has_expected_response,
        _exact,
        unit="share of responses holding the expected response",
        scale=(0.0, 1.0),
        needs="expected response",
    )
)
partial_match = register_metric(
    Metric(
        "partial_match",
        "Share of the expected response's words found in the response.",
        0.5,
        has_expected_response,
        _partial,
        unit="share of the expected words found",
        scale=(0.0, 1.0),
        needs="expected response",
    )
)
