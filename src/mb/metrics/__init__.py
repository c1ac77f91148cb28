"""Response-level metrics: exact/partial match, similarity, relevance, coherence, groundedness, citations, retrieval.

Every metric is registered in :data:`METRICS`; :func:`register_metric` adds your own.
"""

from . import citations, judged, retrieval, text_match
from ._base import METRICS, Metric, MetricSpec, register_metric, skipped
from .citations import find_citation_markers
from .judged import similarity_request

__all__ = [
    "METRICS",
    "METRIC_NAMES",
    "Metric",
    "MetricSpec",
    "citations",
    "find_citation_markers",
    "judged",
    "register_metric",
    "retrieval",
    "similarity_request",
    "skipped",
    "text_match",
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
