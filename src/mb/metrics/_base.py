"""The metric registry: each metric says when it applies and computes a :class:`MetricResult` for an example."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..entities import Example
from ..entities.extended import close_name
from ..errors import ConfigError
from ..matching import MatchContext
from ..results import MetricResult

__all__ = ["METRICS", "Compute", "Metric", "MetricSpec", "register_metric", "skipped", "threshold_of"]


@dataclass(frozen=True)
class MetricSpec:
    """A metric to compute, with its pass mark and options (``MetricSpec.parse("similarity=4")``)."""

    name: str
    """The registered metric name, e.g. ``similarity``."""

    threshold: float | None = None
    """The pass mark; None uses the metric's default."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Metric-specific options, e.g. ``{"case_sensitive": True}``."""

    @classmethod
    def parse(cls, text: str) -> MetricSpec:
        """``name`` or ``name=threshold``; raises :class:`~mb.errors.ConfigError` (a ``ValueError``)
        for an unknown name or a bad threshold."""
        name, equals, threshold = text.strip().partition("=")
        name = name.strip().replace("-", "_").lower()
        if name not in METRICS:
            close = close_name(name, list(METRICS))
            hint = f" (did you mean {close!r}?)" if close else ""
            raise ConfigError(f"unknown metric {name!r}{hint}; known: {', '.join(METRICS)}")
        if not equals:
            return cls(name)
        if not threshold.strip():  # `name=$UNSET` must not gate on the default pass mark
            raise ConfigError(f"the threshold of {name!r} is empty: give a number after '=', or no '='")
        try:
            value = float(threshold)
        except ValueError:
            raise ConfigError(f"the threshold of {name!r} must be a number, got {threshold!r}") from None
        low, high = METRICS[name].scale
        if not low <= value <= (math.inf if high is None else high):
            scale = f"between {low:g} and {high:g}" if high is not None else f"at least {low:g}"
            raise ConfigError(
                f"the threshold of {name!r} must be {scale} ({METRICS[name].unit or 'its scale'}), got {threshold}"
            )
        return cls(name, value)


Compute = Callable[[Example, MatchContext, MetricSpec], MetricResult]


@dataclass(frozen=True)
class Metric:
    """A registered metric."""

    name: str
    """Its name in results and on the command line."""

    description: str
    """One line for help texts."""

    default_threshold: float | None
    """The pass mark when the spec gives none."""

    applies: Callable[[Example], bool]
    """Whether the example has what the metric needs (computed by default only then)."""

    compute: Compute
    """Computes the result; never raises for content problems (they become a skipped or error result)."""

    unit: str = ""
    """What the value counts or measures, shown beside means (``grade 1-5``, ``chunks retrieved``)."""

    scale: tuple[float, float | None] = (0.0, None)
    """The lowest and highest value (None: no upper bound); a threshold outside it is refused."""

    needs: str = "outputs"
    """What an example must have for the metric to apply (``it has no <needs>`` says why it does not)."""


METRICS: dict[str, Metric] = {}
"""Every known metric by name, in reporting order."""


def register_metric(metric: Metric) -> Metric:
    """Add a metric to the registry (replacing one of the same name)."""
    METRICS[metric.name] = metric
    return metric


def threshold_of(spec: MetricSpec) -> float | None:
    """The pass mark of a spec: its own threshold, else its metric's registered default."""
    if spec.threshold is not None:
        return spec.threshold
    metric = METRICS.get(spec.name)
    return metric.default_threshold if metric is not None else None


def skipped(reason: str, threshold: float | None = None, *, needs: str | None = None) -> MetricResult:
    """A metric that could not be computed for this example, and why; ``needs`` names what was missing when it is a
    capability (``"llm_judge"``) rather than something the example lacks (recorded as ``details["needs"]``)."""
    return MetricResult(status="skipped", threshold=threshold, reason=reason, details={"needs": needs} if needs else {})
