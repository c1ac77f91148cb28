"""Response-level metrics: exact/partial match, similarity, relevance, coherence, groundedness, citations, retrieval.

Every metric is registered in :data:`METRICS`; :func:`register_metric` adds your own.
"""

from . import citations, judged, retrieval, text_match  # noqa: F401 - importing registers the built-in metrics
from ._base import METRICS, Compute, Metric, MetricSpec, register_metric, skipped
from .citations import find_citation_markers
from .judged import NEEDS_LLM_JUDGE, similarity_request

__all__ = [
    "METRICS",
    "METRIC_NAMES",
    "NEEDS_LLM_JUDGE",
    "Compute",
    "Metric",
    "MetricSpec",
    "find_citation_markers",
    "register_metric",
    "similarity_request",
    "skipped",
]

METRIC_NAMES: tuple[str, ...] = (
    "exact_match",
    "partial_match",
    "similarity",
    "relevance",
    "coherence",
    "groundedness",
    "citations",
    "retrieval",
)
"""The built-in metrics, in reporting order."""

for _name in METRIC_NAMES:  # registry in reporting order; metrics registered later by users follow
    METRICS[_name] = METRICS.pop(_name)
