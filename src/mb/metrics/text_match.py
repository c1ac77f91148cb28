"""``exact_match`` and ``partial_match``: string matching of the response against the expected response."""

from __future__ import annotations

from collections import Counter

from ..entities import Example
from ..matching import MatchContext
from ..results import MetricResult
from ._base import Metric, MetricSpec, register_metric, skipped, threshold_of
from ._text import has_expected_response, tokens

__all__ = ["exact_match", "partial_match"]


def _exact(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    expected = example.expectations.expected_response
    if not expected or example.outputs is None:
        return skipped("no expected_response to match")
    case_sensitive = bool(spec.options.get("case_sensitive", False))
    needle, haystack = expected.strip(), example.outputs.response.strip()  # the response as a whole, trimmed
    if not case_sensitive:
        needle, haystack = needle.casefold(), haystack.casefold()
    found = needle == haystack
    how = "case-sensitive" if case_sensitive else "ignoring case"
    return MetricResult(
        value=1.0 if found else 0.0,
        passed=found,
        threshold=1.0,
        reason=f"the response {'is' if found else 'is not'} the expected response (trimmed, {how})",
        details={"case_sensitive": case_sensitive},
    )


_FUNCTION_WORDS = frozenset({
    "a", "an", "the", "is", "am", "are", "was", "were", "be", "been", "being", "has", "have", "had", "having", "do",
    "does", "did", "of", "for", "with", "and", "as", "at", "by", "it", "its",
})  # fmt: skip
"""Words any two sentences share that say no polarity, quantity, direction or order: never ``not``, ``no``, ``on``,
``off``, ``up``, ``in``, ``only``, ``all``, ``some``, ``more``, ``before``, nor ``to`` and ``from``, which say which
way (``Move money to savings``)."""


def _content_words(text: str, case_sensitive: bool) -> list[str]:
    """The words of ``text`` but :data:`_FUNCTION_WORDS`; all its words when it has nothing else ("It is.")."""
    found = tokens(text, case_sensitive=case_sensitive)
    return [word for word in found if word.casefold() not in _FUNCTION_WORDS] or found


def _partial(example: Example, ctx: MatchContext, spec: MetricSpec) -> MetricResult:
    expected = example.expectations.expected_response
    if not expected or example.outputs is None:
        return skipped("no expected_response to match")
    case_sensitive = bool(spec.options.get("case_sensitive", False))
    threshold = threshold_of(spec) or 0.0
    wanted = Counter(_content_words(expected, case_sensitive))
    got = Counter(tokens(example.outputs.response, case_sensitive=case_sensitive))
    total = sum(wanted.values())
    if not total:  # "!!!", an emoji: no word to find, no share of them to score
        return skipped("the expected response has no word to match")
    found = sum((wanted & got).values())
    score = found / total
    return MetricResult(
        value=round(score, 4),
        passed=score >= threshold,
        threshold=threshold,
        reason=f"Match score: {score:.3f} ({found} of {total} expected content words found in the response)",
        details={"case_sensitive": case_sensitive, "found": found, "expected": total},
    )


exact_match = register_metric(
    Metric(
        "exact_match",
        "The response is the expected response (trimmed, ignoring case unless asked).",
        1.0,
        has_expected_response,
        _exact,
        unit="share of responses that are the expected response",
        scale=(0.0, 1.0),
        needs="expected response",
    )
)
partial_match = register_metric(
    Metric(
        "partial_match",
        "Share of the expected response's content words found in the response.",
        0.5,
        has_expected_response,
        _partial,
        unit="share of the expected response's content words found in the response",
        scale=(0.0, 1.0),
        needs="expected response",
    )
)
