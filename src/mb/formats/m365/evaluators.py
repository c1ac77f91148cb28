"""Microsoft 365 evaluators: which run for an item (defaults, extend/replace) and the MorganaBench metric of each.

| M365 evaluator | metric          | score key      | threshold (default)          | options                  |
| -------------- | --------------- | -------------- | ---------------------------- | ------------------------ |
| Relevance      | ``relevance``     | ``relevance``    | 1-5 (3)                      |                          |
| Coherence      | ``coherence``     | ``coherence``    | 1-5 (3)                      |                          |
| Groundedness   | ``groundedness``  | ``groundedness`` | 1-5 (3)                      |                          |
| Similarity     | ``similarity``    | ``similarity``   | 1-5 (3)                      |                          |
| Citations      | ``citations``     | ``citations``    | minimum count (1)            | ``citation_format``      |
| ExactMatch     | ``exact_match``   | ``exactMatch``   | (match or not)               | ``case_sensitive``       |
| PartialMatch   | ``partial_match`` | ``partialMatch`` | 0-1 (0.5)                    | ``case_sensitive``       |

Other evaluators (RetrievalQuery, RetrievalResult, custom evaluators) have no MorganaBench counterpart: they
are reported as not run, with that reason, and never counted as passed or failed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["EVALUATORS", "SYSTEM_DEFAULT_EVALUATORS", "MetricRequest", "effective_evaluators", "metric_requests"]

SYSTEM_DEFAULT_EVALUATORS: dict[str, dict[str, Any]] = {"Relevance": {}, "Coherence": {}}
"""The evaluators used when a document has no ``default_evaluators``."""


@dataclass(frozen=True)
class EvaluatorInfo:
    """How one M365 evaluator maps onto MorganaBench."""

    metric: str
    """The MorganaBench metric name (``relevance``, ``exact_match``...)."""

    score_key: str
    """The key of its entry in an output document's ``scores`` (``relevance``, ``exactMatch``...)."""

    default_threshold: float | None
    """The pass mark when the options give none (None for ExactMatch, which passes on a match)."""

    option_names: tuple[str, ...] = ()
    """Options passed through to the metric (besides ``threshold``)."""


EVALUATORS: dict[str, EvaluatorInfo] = {
    "Relevance": EvaluatorInfo("relevance", "relevance", 3.0),
    "Coherence": EvaluatorInfo("coherence", "coherence", 3.0),
    "Groundedness": EvaluatorInfo("groundedness", "groundedness", 3.0),
    "Similarity": EvaluatorInfo("similarity", "similarity", 3.0),
    "Citations": EvaluatorInfo("citations", "citations", 1.0, ("citation_format",)),
    "ExactMatch": EvaluatorInfo("exact_match", "exactMatch", None, ("case_sensitive",)),
    "PartialMatch": EvaluatorInfo("partial_match", "partialMatch", 0.5, ("case_sensitive",)),
}
"""The M365 evaluators MorganaBench runs, by evaluator name."""


@dataclass(frozen=True)
class MetricRequest:
    """One evaluator to run on an item: its M365 name and the MorganaBench metric that computes it."""

    evaluator: str
    """The M365 evaluator name, e.g. ``Relevance``."""

    metric: str
    """The MorganaBench metric name, e.g. ``relevance``."""

    score_key: str
    """The key of the result in the output document's ``scores``."""

    threshold: float | None
    """The pass mark (the evaluator's default when the options give none)."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Metric options taken from the evaluator's options (``citation_format``, ``case_sensitive``)."""


def effective_evaluators(
    default_evaluators: Mapping[str, Any] | None,
    evaluators: Mapping[str, Any] | None,
    mode: str | None,
) -> dict[str, dict[str, Any]]:
    """The evaluators that run for one item or turn, with their options.

    ``default_evaluators`` is the document's (None when it has none: the system defaults, Relevance and Coherence,
    apply). With ``mode`` ``"replace"`` only the item's evaluators run; otherwise (``"extend"``, the default) the
    item's evaluators are added to the defaults, an item's options replacing the default options of the same name.
    """
    defaults = SYSTEM_DEFAULT_EVALUATORS if default_evaluators is None else default_evaluators
    own = dict(evaluators or {})
    chosen = own if mode == "replace" else {**defaults, **own}
    return {name: dict(options) if isinstance(options, Mapping) else {} for name, options in chosen.items()}


def metric_requests(evaluators: Mapping[str, Mapping[str, Any]]) -> tuple[list[MetricRequest], dict[str, str]]:
    """Map evaluators onto metrics: ``(requests, not_run)`` where ``not_run`` gives, per evaluator MorganaBench
    cannot run, the reason."""
    requests: list[MetricRequest] = []
    not_run: dict[str, str] = {}
    for name, options in evaluators.items():
        info = EVALUATORS.get(name)
        if info is None:
            not_run[name] = f"evaluator {name!r} is not supported by MorganaBench"
            continue
        threshold = options.get("threshold", info.default_threshold)
        threshold = float(threshold) if isinstance(threshold, (int, float)) else info.default_threshold
        metric_options = {key: options[key] for key in info.option_names if key in options}
        requests.append(MetricRequest(name, info.metric, info.score_key, threshold, metric_options))
    return requests, not_run
